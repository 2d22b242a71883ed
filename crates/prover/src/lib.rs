//! The provers of kinrow: each answers "can the side to move force a win
//! within d plies?" for a [`Problem`], within [`Limits`], as an [`Outcome`].
//!
//! The game a node is searched in (the question and answer, the node
//! rules and the one evaluation, the kit, the VCF search, the threat
//! space's game) is the crate below, `kinrow-rules`; four of its modules
//! are re-exported here under the same names ([`rules`], [`kit`], [`vcf`],
//! [`space`]), the question and answer by their own names ([`Problem`],
//! [`Outcome`], ...), and nothing there knows the searches here.
//!
//! A caller names the items re-exported at the root and the public
//! modules (`rules`, `kit`, `vcf`, `space`, `dfpn`, `value`, `defence`,
//! `registry`, `certificate`); the other modules are the crate's own,
//! free to change behind them:
//!
//! - `outcome`: the question ([`Problem`], read from a position with
//!   `Problem::from`), the limits and the answer.
//! - `prover`: what a prover is: the [`Prover`] trait, the [`Settled`]
//!   lookup a finished search hands on.
//! - `progress`: how far a search has got ([`Progress`], [`observe`]).
//! - `budget`: the node and time budgets, a part per thread and a part
//!   the threads share (with the stop flag).
//! - `memory`: the default memory budget ([`default_memory`]) and the
//!   cores a search may use ([`cores`]).
//! - [`rules`]: the terminal rules and sound reductions all provers share,
//!   so they search exactly the same game; the shortcuts for the last
//!   plies; switches that turn reductions off for tests.
//! - [`kit`]: building blocks of proof-number provers: [`ProofNumber`],
//!   keys shared by a position's mirror images, the shape heuristic.
//! - `andor`: the AND-OR prover ([`AndOr`]), deepening over odd horizons.
//! - `pns`: proof-number search over a transposition DAG in an arena
//!   ([`Pns`]).
//! - [`dfpn`]: depth-first proof-number search in a fixed-size table.
//! - [`value`]: minimax, alpha-beta and SCOUT, which compute the game value.
//! - [`vcf`]: VCF search and the zone of a threat, which the provers use
//!   to cut the defender's replies.
//! - [`space`]: the game a proof-number search searches, as a value: the
//!   whole game or the attacker's threat space (its attacker moves, its
//!   defender node, its widening, what its disproof means).
//! - `vct`: the threat-space provers, PNS (`vct`, [`Vct::prover`]) and
//!   df-pn (`vct-dfpn`) given the threat space.
//! - `auto`: the default prover ([`Auto`]): the threat space, then the
//!   whole game.
//! - `db_search`: the db-search prover `vct-db` ([`DbSearch`]).
//! - [`defence`]: which moves defend against a win.
//! - [`registry`]: every prover by name, written once ([`registry::PROVERS`]).
//! - [`certificate`]: writes a win's strategy for the independent checker.

pub(crate) mod andor;
pub(crate) mod auto;
pub(crate) mod budget;
pub mod certificate;
pub(crate) mod db_search;
pub mod defence;
pub mod dfpn;
pub(crate) mod memory;
pub(crate) mod pns;
pub(crate) mod progress;
pub(crate) mod prover;
pub mod registry;
pub mod value;
pub(crate) mod vct;

// The game a node is searched in, one crate below the searches
// (kinrow-rules), under the names it had here.
pub(crate) use kinrow_rules::outcome;
pub use kinrow_rules::{kit, rules, space, vcf};

#[cfg(test)]
mod declared_extras;

pub use andor::{AndOr, AndOrConfig};
pub use auto::Auto;
pub use db_search::DbSearch;
pub use dfpn::{Dfpn, DfpnConfig};
pub use kit::ProofNumber;
pub use memory::{cores, default_memory};
pub use outcome::{Exhausted, Limits, Outcome, PlyNumbers, Problem, ProblemError, Stats, Verdict};
pub use pns::{Evaluation, Init, NodeId, NodeView, Pns, PnsConfig};
pub use progress::{observe, Progress};
pub use prover::{Prover, Settled};
pub use rules::dominance::Dominance;
pub use rules::Reductions;
pub use value::{AlphaBeta, Minimax, Scout, ValueConfig};
pub use vct::Vct;

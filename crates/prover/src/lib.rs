//! The provers of kinrow: each answers "can the side to move force a win
//! within d plies?" for a [`Problem`], within [`Limits`], as an [`Outcome`].
//!
//! All provers share the terminal rules and sound reductions of [`node`],
//! so they search exactly the same game.

pub mod andor;
pub mod certificate;
pub mod kit;
pub mod node;
pub mod outcome;
pub mod pns;
pub mod value;

pub use andor::{AndOr, AndOrConfig};
pub use kit::ProofNumber;
pub use node::{AndNode, NodeRules, OrNode, Reductions, UNLIMITED};
pub use outcome::{Budget, Limits, Outcome, Problem, ProblemError, Prover, Stats, Verdict};
pub use pns::{Evaluation, Init, NodeId, Pns, PnsConfig};
pub use value::{AlphaBeta, Minimax, Scout, ValueConfig};

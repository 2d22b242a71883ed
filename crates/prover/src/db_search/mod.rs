//! The db-search prover (`vct-db`): a depth-first proof of the threat
//! space whose attacker follows the plans of dependency-based search
//! ([`plan`]), for the long lines where proof-number search over every
//! threat drowns in the attacker's choices.
//!
//! At the attacker's turn it tries, in order:
//!
//! - what the node rules settle (a winning cell, the block of the
//!   defender's four);
//! - a VCF ([`VcfSearcher::vcf`]), a proof in itself;
//! - the first moves of a db-search plan ([`PlanSearch::plan`]): at most
//!   [`MOVES_TRIED`] of its threats that are threats here already;
//! - where those fail, and only if the line still may (`off_plan`), every
//!   move of the threat space, twos included, those with fewest defences
//!   first. The root is searched with no such node allowed on any line,
//!   then one, and so on up to the prover's limit ([`MAX_OFF_PLAN`] by
//!   default, [`DbSearch::off_plan`]).
//!
//! At the defender's turn it refutes every reply the threat space's
//! defender's node leaves ([`crate::space::threats::defender_node`],
//! wide: any VCF within the plies left makes the attacker's move a
//! threat), the defender's own fours included.
//!
//! **Why a win is a win.** Only the attacker's moves are chosen by the
//! plans; every defender's node is the threat space's, whose replies are
//! the whole game's up to reduction 6 (`crate::vcf` argues it) and
//! whose nodes refute a pass under renju
//! ([`crate::space::threats::defender_node`] argues that). A plan that is
//! wrong about the game (a defence off its costs, a forbidden point moved
//! by a stone) only makes a move fail here.
//! So a win found is a win of the game; anything else is `unknown`: the
//! attacker tried a few moves of one plan at each node, not all.
//!
//! The table keeps, by the position's canonical key (mirror images share
//! it), the plies of a win found and its first move in the canonical
//! frame (used where as many plies are left), and the plies and
//! `off_plan` a failed search had (a node with no more of either is not
//! searched again).

pub(crate) mod plan;
mod proof;
#[cfg(test)]
mod tests;

pub(crate) use plan::PlanSearch;

use crate::budget::Budget;
use crate::kit::cursor::Cursor;
use crate::kit::depth::UNLIMITED;
use crate::kit::symmetry::Symmetries;
use crate::outcome::{Limits, Outcome, Problem, ProblemError, Stats, Verdict};
use crate::prover::Prover;
use crate::rules::NodeRules;
use crate::space::{Space, ThreatLimit};
use crate::vcf::{VcfSearcher, DEFAULT_VCF_SLOTS};
use ahash::AHashMap;
use kinrow_board::Candidates;
use proof::{Entry, Search};

/// The prover's name in reports and on the command line.
pub(crate) const NAME: &str = "vct-db";

/// The most moves of a plan tried at one attacker's node.
pub(crate) const MOVES_TRIED: usize = 2;

/// The most attacker's nodes off a plan on one line: the root's search
/// allows none, then one, and so on up to this.
pub(crate) const MAX_OFF_PLAN: u32 = 4;

/// The most threats one db-search call finds before it gives up.
pub(crate) const PLAN_THREATS: usize = 3_000;

/// Bytes one table entry is counted for.
const ENTRY_BYTES: u64 = 48;

/// The db-search prover.
#[derive(Debug)]
pub struct DbSearch {
    /// Whether every winning move is asked for: refused.
    all_moves: bool,
    /// The most attacker's nodes off a plan on one line.
    max_off_plan: u32,
    threats: VcfSearcher,
    table: AHashMap<u64, Entry>,
}

impl Default for DbSearch {
    fn default() -> Self {
        DbSearch::new(false)
    }
}

impl DbSearch {
    /// A fresh prover; one asked for every winning move (`all_moves`)
    /// refuses every problem, since it tries a few moves only.
    #[must_use]
    pub(crate) fn new(all_moves: bool) -> DbSearch {
        DbSearch {
            all_moves,
            max_off_plan: MAX_OFF_PLAN,
            threats: VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS),
            table: AHashMap::new(),
        }
    }
}

impl DbSearch {
    /// This prover with at most `max` attacker's nodes off a plan on any
    /// line (0: the plans alone, which fail fast where they find
    /// nothing; [`MAX_OFF_PLAN`] by default).
    #[must_use]
    pub(crate) fn off_plan(self, max: u32) -> DbSearch {
        DbSearch {
            max_off_plan: max,
            ..self
        }
    }
}

impl Prover for DbSearch {
    fn name(&self) -> &'static str {
        NAME
    }

    /// Renju as the threat space searches it (the game for wins); never
    /// every winning move.
    fn accepts(&self, _problem: &Problem) -> Result<(), ProblemError> {
        Space::Threats(ThreatLimit::NONE).accepts(self.all_moves)
    }

    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        let memory = crate::memory::budget(limits);
        self.threats.reset(problem.candidates, memory);
        self.table.clear();
        let entries = (memory.saturating_sub(self.threats.bytes()) / ENTRY_BYTES).max(1024);
        let vcf_before = self.threats.nodes();
        let sym = Symmetries::shared(problem.board.game().geometry(), true);
        self.threats.orient(&sym);
        let mut search = Search {
            at: Cursor::new(&problem.board.clone().into(), UNLIMITED, &sym),
            rules: NodeRules::new(problem.candidates, problem.attack),
            threats: &mut self.threats,
            plans: PlanSearch::new(problem.candidates, PLAN_THREATS),
            table: &mut self.table,
            max_entries: usize::try_from(entries).unwrap_or(usize::MAX),
            budget: Budget::new(limits),
            peak_entries: 0,
            vcf_counted: vcf_before,
        };
        let horizon = problem.horizon();
        let found = search.root(horizon, self.max_off_plan);
        let pv = match found {
            Some((_, _, off_plan)) => search.principal_variation(horizon, off_plan),
            None => Vec::new(),
        };
        let vcf_nodes = search.threats.nodes() - vcf_before;
        // The budget counted the VCF nodes too; they are reported apart.
        let nodes = search.budget.nodes.saturating_sub(vcf_nodes);
        let peak = search.peak_entries as u64;
        let (exhausted, elapsed) = (search.budget.stopped_by(), search.budget.elapsed());
        let mut outcome = Outcome::new(if found.is_some() {
            Verdict::Win
        } else {
            Verdict::Unknown
        });
        if let Some((plies, first, _)) = found {
            outcome.best_move = Some(first);
            outcome.plies = Some(plies);
            outcome.pv = pv;
        } else {
            outcome.exhausted = exhausted;
        }
        outcome.stats = Stats {
            nodes: nodes + vcf_nodes,
            expansions: 0,
            tt_hits: 0,
            peak_bytes: peak * ENTRY_BYTES + self.threats.bytes(),
            vcf_nodes,
            elapsed,
        };
        outcome
    }
}

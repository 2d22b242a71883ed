//! The prover a plain `kinrow solve` uses: the threat space first, then
//! the whole game.
//!
//! Most wins that players bring are threat sequences, which the threat-space
//! prover (PNS with the attacker kept to its threats, `vct`) proves orders of
//! magnitude faster than the provers of the whole game; but it cannot prove
//! a no-win, nor a win that needs a quiet attacker move. So with a horizon
//! of five plies or more (and without a request for every winning move,
//! which the threat space cannot list), [`Auto`] gives it half of the node
//! and time budgets first, and the whole memory budget (its memory is freed
//! before the second search starts); a win it finds is a win. Otherwise, and for what the
//! threat space leaves open, the prover of the whole game answers with
//! what is left: AND-OR when there is a horizon (iterative deepening
//! gives shortest wins), PNS without (whole games of small boards).
//! Renju goes the same way: the three search it, AND-OR and PNS by the two
//! games of passes of [`crate::node::Passes`].
//!
//! Measured on the bundled suites (see the README's figures): the threat
//! space proves every Renju puzzle that the whole-game provers leave
//! unknown, and costs little on the small puzzles it does not settle.

use crate::outcome::{Limits, Outcome, Problem, ProblemError, Prover, Stats, Verdict};
use crate::{AndOr, AndOrConfig, Pns, PnsConfig, Vct};
use std::time::{Duration, Instant};

/// Fewest plies of horizon for which [`Auto`] tries the threat space first
/// (a threat needs a move, a reply and a VCF of at least three plies).
pub const THREATS_FROM_DEPTH: u32 = 5;

/// The default prover: the threat space, then the whole game (see the
/// module docs).
#[derive(Clone, Debug, Default)]
pub struct Auto {
    /// List every winning first move (the threat space is then skipped).
    pub all_moves: bool,
    /// Which prover gave the last answer.
    answered_by: Option<&'static str>,
}

impl Auto {
    /// The default prover, listing every winning first move when
    /// `all_moves`.
    #[must_use]
    pub fn new(all_moves: bool) -> Auto {
        Auto {
            all_moves,
            answered_by: None,
        }
    }

    /// Whether the threat space is tried first on `problem`.
    #[must_use]
    pub fn tries_threats(&self, problem: &Problem) -> bool {
        !self.all_moves && problem.depth.is_some_and(|d| d >= THREATS_FROM_DEPTH)
    }

    /// The threat space's prover.
    fn vct() -> Pns {
        Vct::prover(PnsConfig::default())
    }
}

impl Prover for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    /// `vct`, `and-or` or `pns`, once [`Prover::prove`] was called.
    fn answered_by(&self) -> &'static str {
        self.answered_by.unwrap_or("auto")
    }

    /// Under renju as elsewhere: the threat space, AND-OR and PNS all
    /// search it (by the games of passes of [`crate::node::Passes`]), but
    /// none lists every winning move there.
    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        if problem.board.game().has_forbidden_points() && self.all_moves {
            return Err(ProblemError::AllMovesRenju);
        }
        Ok(())
    }

    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        let start = Instant::now();
        let mut spent = Stats::default();
        if self.tries_threats(problem) {
            let half = Limits {
                max_nodes: limits.max_nodes.map(|n| (n / 2).max(1)),
                time: limits.time.map(|t| t / 2),
                memory: limits.memory,
            };
            let outcome = Auto::vct().prove(problem, &half);
            if outcome.verdict == Verdict::Win {
                self.answered_by = Some("vct");
                return outcome;
            }
            spent = outcome.stats;
        }
        let rest = Limits {
            max_nodes: limits
                .max_nodes
                .map(|n| n.saturating_sub(spent.nodes + spent.vcf_nodes)),
            time: limits.time.map(|t| {
                t.saturating_sub(start.elapsed())
                    .max(Duration::from_millis(1))
            }),
            memory: limits.memory,
        };
        let mut outcome = if problem.depth.is_some() {
            self.answered_by = Some("and-or");
            AndOr::new(AndOrConfig {
                all_moves: self.all_moves,
                ..AndOrConfig::default()
            })
            .prove(problem, &rest)
        } else {
            self.answered_by = Some("pns");
            Pns::new(PnsConfig {
                all_moves: self.all_moves,
                ..PnsConfig::default()
            })
            .prove(problem, &rest)
        };
        outcome.stats = spent.then(&outcome.stats);
        outcome.stats.elapsed = start.elapsed();
        outcome
    }
}

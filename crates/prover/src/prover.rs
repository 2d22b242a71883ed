//! What a prover is: the [`Prover`] trait every search implements (asked
//! one [`Problem`] at a time, answering an [`Outcome`]), the lookup a
//! finished search hands the certificate writer ([`Settled`]), and the
//! refusal of renju a new prover starts with ([`check_rule`]).

use crate::outcome::{Limits, Outcome, Problem, ProblemError, Verdict};
use kinrow_board::{Board, Rule};

/// The refusal of a prover that does not search renju: [`Prover::accepts`]
/// calls it by default, so a new prover refuses renju until its rules are
/// argued for it. Every prover of this crate overrides `accepts`; AND-OR
/// calls this with a reduction switched off.
///
/// # Errors
///
/// [`ProblemError::Rule`] for a renju problem.
pub(crate) fn check_rule(prover: &'static str, problem: &Problem) -> Result<(), ProblemError> {
    match problem.board.game().rule() {
        Rule::Freestyle | Rule::Exact => Ok(()),
        rule @ Rule::Renju => Err(ProblemError::Rule { prover, rule }),
    }
}

/// A prover: a struct that owns its state, asked one problem at a time.
pub trait Prover {
    /// Short name used on the command line and in reports (`and-or`, ...).
    fn name(&self) -> &'static str;
    /// Whether this prover can answer `problem` (callers ask before
    /// [`Prover::prove`]).
    ///
    /// # Errors
    ///
    /// [`ProblemError`] when answering would answer another game than the
    /// one asked: by default a prover refuses renju (`check_rule`; the
    /// provers of this crate override that, each searching renju as its
    /// module argues), the value searches refuse an attacker filter, and
    /// under renju `--all-moves` is refused where a move not proved may
    /// still win.
    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        check_rule(self.name(), problem)
    }
    /// Answers `problem` within `limits`. `problem` must pass
    /// [`Prover::accepts`].
    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome;
    /// The name of the prover that gave the last answer: this one's, but
    /// for a prover that hands problems on (the default prover, `auto`).
    fn answered_by(&self) -> &'static str {
        self.name()
    }
    /// Asks the prover to keep its table from one [`Prover::prove`] to the
    /// next (`keep`), or to drop it now; returns whether it does. For a
    /// caller with many questions about positions of one game (the
    /// certificate writer): what one search settled answers the next at
    /// once. Off by default, and by default not done at all: kept, a
    /// search's nodes would depend on the questions asked before it.
    fn keep_table(&mut self, keep: bool) -> bool {
        let _ = keep;
        false
    }
    /// What the last search settled, handed over as a lookup
    /// ([`Settled`]) and dropped from the prover; `None` when it keeps
    /// nothing that can be read so (the default) or the last search was
    /// not of a whole game (no horizon, `candidates all`, `attack any`,
    /// not renju, not the threat space). For the draw certificate writer,
    /// which follows the strategy its searches found rather than asking
    /// again about each position of it.
    fn take_settled(&mut self) -> Option<Box<dyn Settled + Send>> {
        None
    }
}

/// The answers a finished search holds for the positions it reached: a
/// lookup by position, no search. A hint only: a caller that acts on one
/// must have what it builds from it checked (the draw certificate is
/// replayed by the independent checker), since a table may file two
/// positions under one key.
pub trait Settled {
    /// Whether the search's attacker (its root's side to move) wins at
    /// `board`, a position of the same game with either side to move:
    /// [`Verdict::Win`] or [`Verdict::NoWin`] where the search settled
    /// it, `None` where it did not or never reached it.
    fn settled(&self, board: &Board) -> Option<Verdict>;
    /// Whether the search gave `board` children: where it settled a
    /// position without (by the rules, or by a zone of a sibling's), the
    /// positions below it hold no answers.
    fn expanded(&self, board: &Board) -> bool;
}

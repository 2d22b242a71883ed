//! The subcommands, and the one solve step they share.

pub mod bench;
pub mod check;
pub mod show;
pub mod solve;
pub mod verify;

use crate::provers::ProverKind;
use crate::settings;
use kinrow_format::{Expect, Position};
use kinrow_prover::{Limits, Outcome, ProblemError};

/// One position answered by one prover.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The concrete prover that answered (never `Auto`).
    pub prover: ProverKind,
    pub outcome: Outcome,
}

/// Answers `position` (overrides already applied) with `kind`.
pub fn solve_one(
    position: &Position,
    kind: ProverKind,
    limits: &Limits,
    all_moves: bool,
) -> Result<Solved, ProblemError> {
    let problem = settings::problem(position);
    let mut prover = kind.build(&problem, all_moves);
    prover.check(&problem)?;
    let outcome = prover.prove(&problem, limits);
    Ok(Solved {
        prover: kind.resolve(&problem),
        outcome,
    })
}

/// The horizon of `position`: the most plies a search of it can go down,
/// its depth if it has one, never more than its empty cells. The runner
/// starts puzzles with the longest horizon first, since search trees grow
/// with it; it is only an estimate of their cost (VCF puzzles with long
/// horizons are often quick).
pub fn horizon(position: &Position) -> u64 {
    let empty = u64::from(position.board.empty().count());
    position.depth.map_or(empty, |d| empty.min(u64::from(d)))
}

/// `win` or `no-win`.
pub fn expect_str(e: &Expect) -> &'static str {
    match e {
        Expect::Win => "win",
        Expect::NoWin => "no-win",
    }
}

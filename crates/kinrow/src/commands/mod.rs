//! The subcommands, and the one solve step they share.

pub mod bench;
pub mod check;
pub mod show;
pub mod solve;
pub mod verify;

use crate::provers::ProverKind;
use kinrow_format::{Expect, Position};
use kinrow_prover::{Limits, Outcome, Problem, ProblemError};

/// One position answered by one prover.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The prover that answered: `Auto` only when it tried the threat
    /// space first (see [`ProverKind::resolve`]).
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
    let problem = Problem::from(position);
    let mut prover = kind.build(&problem, all_moves);
    prover.accepts(&problem)?;
    let outcome = prover.prove(&problem, limits);
    Ok(Solved {
        prover: kind.resolve(&problem),
        outcome,
    })
}

/// The horizon of `position` ([`Problem::horizon`]). The runner starts
/// puzzles with the longest horizon first, since search trees grow with
/// it; it is only an estimate of their cost (VCF puzzles with long
/// horizons are often quick).
pub fn horizon(position: &Position) -> u64 {
    u64::from(Problem::from(position).horizon())
}

/// `win` or `no-win`.
pub fn expect_str(e: &Expect) -> &'static str {
    match e {
        Expect::Win => "win",
        Expect::NoWin => "no-win",
    }
}

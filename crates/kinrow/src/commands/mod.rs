//! The subcommands, and the steps they share: one solve, the note for a
//! position a prover refuses, and the check of a first move that a
//! puzzle's `solution` line does not list.

pub mod analyse;
pub mod bench;
pub mod brain;
pub mod check;
pub mod cluster;
pub mod defences;
pub mod provers;
pub mod report_page;
pub mod serve;
pub mod show;
pub mod solve;
pub mod verify;

use crate::provers::{build_for, ProverKind};
use kinrow_board::Cell;
use kinrow_format::Position;
use kinrow_prover::{Limits, Outcome, Problem, ProblemError, Prover, Verdict};
use std::path::Path;

/// One position answered by one prover.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The prover that answered (`auto` hands each problem to vct, and-or
    /// or pns, and this names the one that gave the answer).
    pub prover: ProverKind,
    pub outcome: Outcome,
    /// The threads the proof ran on.
    pub threads: usize,
}

/// Answers `position` (overrides already applied) with `kind`, on
/// `threads` threads where the prover has a parallel version.
pub fn solve_one(
    position: &Position,
    kind: ProverKind,
    limits: &Limits,
    all_moves: bool,
    threads: usize,
) -> Result<Solved, ProblemError> {
    solve_keeping(position, kind, limits, all_moves, threads, false).map(|(s, _)| s)
}

/// [`solve_one`], and the prover that answered, its table kept
/// ([`kinrow_prover::Prover::keep_table`]) when `keep` is asked and the
/// prover keeps one, or after a no-win it found itself (what its search
/// settled, [`kinrow_prover::Prover::take_settled`]), for the certificate
/// writer to go on from.
pub fn solve_keeping(
    position: &Position,
    kind: ProverKind,
    limits: &Limits,
    all_moves: bool,
    threads: usize,
    keep: bool,
) -> Result<(Solved, Option<Box<dyn Prover + Send>>), ProblemError> {
    let problem = Problem::from(position);
    let build = build_for(position, all_moves, threads);
    let mut prover = kind.build(&problem, &build);
    prover.accepts(&problem)?;
    let kept_table = keep && prover.keep_table(true);
    let outcome = prover.prove(&problem, limits);
    // A no-win the prover found itself: what its search settled guides the
    // draw certificate's writer (`Prover::take_settled`), which would
    // otherwise search the root again.
    let kept = kept_table
        || (keep && outcome.verdict == Verdict::NoWin && prover.answered_by() == prover.name());
    let solved = Solved {
        prover: ProverKind::named(prover.answered_by()).unwrap_or(kind),
        outcome,
        threads: kind.threads_for(&problem, &build),
    };
    Ok((solved, kept.then_some(prover)))
}

/// The line every command prints for a position its prover refuses:
/// `skipped FILE [name] (prover): reason`.
pub fn skipped_line(path: &Path, name: &str, prover: ProverKind, reason: &str) -> String {
    format!(
        "skipped {} [{name}] ({}): {reason}",
        path.display(),
        prover.name()
    )
}

/// Whether the first move `m` of the attacker of `p` wins within the
/// horizon: every reply the candidates allow the defender is answered by a
/// win within the plies left, each asked of `kind` with `limits`. `None`
/// when a search runs out of budget first. Every reply is tried (no
/// reduction prunes them), so a `Some(true)` stands on its own.
pub fn first_move_wins(p: &Position, kind: ProverKind, limits: &Limits, m: Cell) -> Option<bool> {
    let mut board = p.board.clone();
    board.play(m);
    if board.wins_at(m) {
        return Some(true);
    }
    if board.is_full() || p.depth.is_some_and(|d| d < 3) {
        return Some(false);
    }
    let replies = board.candidates(p.candidates);
    if replies.is_empty() {
        return None;
    }
    for r in replies.iter().map(Cell::from_index) {
        let mut after = board.clone();
        after.play(r);
        if after.wins_at(r) || after.is_full() {
            return Some(false);
        }
        let rest = Position {
            board: after,
            depth: p.depth.map(|d| d - 2),
            expect: None,
            solution: Vec::new(),
            ..p.clone()
        };
        match solve_one(&rest, kind, limits, false, 1)
            .ok()?
            .outcome
            .verdict
        {
            Verdict::Win => {}
            Verdict::NoWin => return Some(false),
            Verdict::NoThreatWin | Verdict::Unknown => return None,
        }
    }
    Some(true)
}

/// The horizon of `position` ([`Problem::horizon`]). The runner starts
/// puzzles with the longest horizon first, since search trees grow with
/// it; it is only an estimate of their cost (VCF puzzles with long
/// horizons are often quick).
pub fn horizon(position: &Position) -> u64 {
    u64::from(Problem::from(position).horizon())
}

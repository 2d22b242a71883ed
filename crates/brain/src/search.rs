//! The searches the engine ([`crate::engine`]) and its defence step
//! ([`crate::defence`]) both run: the legal cells, the cells ranked by the
//! static evaluation, the VCF node cap for a time, and PNS in the threat
//! space. In a file of their own so that the engine and the defence do
//! not depend on each other.

use kinrow_board::{Attack, Bitboard, Board, Candidates, Cell, Player};
use kinrow_prover::value::eval::static_eval;
use kinrow_prover::{Limits, Outcome, PnsConfig, Problem, Prover, Verdict};
use std::time::Duration;

/// VCF nodes allowed per millisecond of thinking time: a VCF search has no
/// clock of its own, so its node cap keeps it within the time (a node
/// takes well under a microsecond; see the README's figures).
pub const VCF_NODES_PER_MS: u64 = 400;

/// The cells the side to move may play: the empty ones, but Black's
/// forbidden points under renju.
#[must_use]
pub fn legal(board: &Board) -> Bitboard {
    let empty = board.empty();
    if board.game().has_forbidden_points() && board.to_move() == Player::X {
        empty.and_not(&board.forbidden_points())
    } else {
        empty
    }
}

/// The cell of `cells` (or, when none of them is near a stone, of all of
/// them) with the best [`static_eval`] for the side to move after it.
#[must_use]
pub fn best_by_eval(board: &Board, cells: &Bitboard) -> Option<Cell> {
    ranked(board, cells).into_iter().next()
}

/// The cells near the stones (two steps) among `cells`, best evaluation
/// first, nearest the centre on a tie; all of `cells` when none is near.
pub(crate) fn ranked(board: &Board, cells: &Bitboard) -> Vec<Cell> {
    let near = board.candidates(Candidates::Near(2)) & *cells;
    let pool = if near.is_empty() { *cells } else { near };
    let g = board.game().geometry();
    let (cx, cy) = g.xy(g.centre());
    let mut scored: Vec<(i32, u32, Cell)> = pool
        .iter()
        .map(|i| {
            let cell = Cell::from_index(i);
            let mut after = board.clone();
            after.play(cell);
            let (x, y) = g.xy(cell);
            (-static_eval(&after), x.abs_diff(cx) + y.abs_diff(cy), cell)
        })
        .collect();
    scored.sort_by_key(|&(score, distance, cell)| (-score, distance, cell));
    scored.into_iter().map(|(_, _, c)| c).collect()
}

/// The node cap of a VCF search that should end within `time`.
pub(crate) fn vcf_cap(time: Duration) -> u64 {
    (time.as_millis() as u64 * VCF_NODES_PER_MS).max(100)
}

/// What PNS in the threat space says of a forced win of the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Vct {
    /// A win: its length in plies and its line (the principal variation).
    Win { plies: u32, line: Vec<Cell> },
    /// The threat space was searched through: no win in it (not a proof
    /// that the real game has none).
    NoneInSpace,
    /// The time or memory ran out first.
    Unsettled,
}

/// PNS in the threat space on `board` within `time` and `memory` bytes;
/// `depth` a horizon, if known.
pub(crate) fn vct_search(board: &Board, time: Duration, memory: u64, depth: Option<u32>) -> Vct {
    let problem = Problem {
        board: board.clone(),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth,
    };
    let outcome = threat_space().prove(
        &problem,
        &Limits {
            max_nodes: None,
            time: Some(time),
            memory: Some(memory),
        },
    );
    vct_of(outcome)
}

/// What the threat space's `outcome` says of a forced win.
pub(crate) fn vct_of(outcome: Outcome) -> Vct {
    match (outcome.verdict, outcome.plies) {
        (Verdict::Win, Some(plies)) if !outcome.pv.is_empty() => Vct::Win {
            plies,
            line: outcome.pv,
        },
        (Verdict::NoThreatWin | Verdict::NoWin, _) => Vct::NoneInSpace,
        _ => Vct::Unsettled,
    }
}

/// PNS in the threat space, the prover of the brain's VCT searches (and of
/// its defence checks).
pub(crate) fn threat_space() -> Box<dyn Prover + Send> {
    Box::new(kinrow_prover::Vct::prover(PnsConfig::default()))
}

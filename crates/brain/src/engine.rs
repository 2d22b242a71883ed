//! How the brain chooses a move: the engine behind the protocol, which
//! knows nothing of text lines.
//!
//! In order, the first that applies:
//!
//! 1. five at once (a winning cell of the side to move);
//! 2. the block of the opponent's winning cell (with two or more the game
//!    is lost; one of them is blocked);
//! 3. a forced win of the side to move: a VCF ([`Vcf::search`]), then a
//!    VCT (PNS in the threat space); both are wins of the real game (every
//!    cell open to both sides, `candidates all`), so a win found here is a
//!    proof, and is reported with its line;
//! 4. when the opponent, were it to move, had a forced win (a VCF, else a
//!    VCT): a move near it (or a threat of ours) after which the searches
//!    find no forced win of the opponent, tried best first
//!    ([`crate::defence`]);
//! 5. the best cell by the value searches' static evaluation
//!    ([`static_eval`](kinrow_prover::value::eval::static_eval)) of the
//!    position after it, nearest the centre on a tie.
//!
//! [`quick`] is steps 1, 2 and 5, cheap enough to answer at once;
//! [`deep`] adds 3 and 4 within a time and memory budget. Renju (rule 4):
//! the VCF search and PNS in the threat space search renju (Black never
//! plays a forbidden point in them; a win is a win, a no-win is never
//! claimed), so the steps are the same; Black never plays a forbidden
//! point ([`Board::is_forbidden`], [`legal`]).

pub use crate::decision::{Decision, Reason, Win};
pub use crate::search::{best_by_eval, legal, VCF_NODES_PER_MS};

use crate::budget::MoveBudget;
use crate::defence;
use crate::search::{vcf_cap, vct_search, Vct};
use kinrow_board::{Board, Candidates, Cell, SearchBoard};
use kinrow_prover::vcf::{slots_within, Vcf};
use kinrow_prover::{observe, Progress};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Steps 1, 2 and 5 (see the module docs): `None` when the side to move
/// has no legal cell.
#[must_use]
pub fn quick(board: &Board) -> Option<Decision> {
    let me = board.to_move();
    let legal = legal(board);
    let decide = |cell: usize, reason| Decision {
        cell: Cell::from_index(cell),
        reason,
    };
    // A winning cell wins even where it is a forbidden point.
    if let Some(c) = (board.winning_cells(me) & board.empty()).first() {
        return Some(decide(c, Reason::Five));
    }
    if let Some(c) = (board.winning_cells(me.other()) & legal).first() {
        return Some(decide(c, Reason::BlockFive));
    }
    best_by_eval(board, &legal).map(|c| decide(c.index(), Reason::Eval))
}

/// Steps 3 and 4 (see the module docs) within `budget`'s think time from
/// `start`, its memory and its threads; `depth`: the horizon for the VCT,
/// when a win of that length was proved a move ago. `None` when neither
/// applies or the time ran out: the caller plays [`quick`]'s move.
///
/// On more than one thread, step 3 and the search for the opponent's
/// threat (the first half of step 4) run at once, each on half the
/// memory and with the share of the time it has on one thread, so the
/// threat search starts at once rather than after step 3; the candidate
/// defences are then checked in parallel (`defence::refute`). Every
/// thread ends by the think time, and the caller answers by the hard
/// time whatever they do.
#[must_use]
pub fn deep(
    board: &Board,
    start: Instant,
    budget: &MoveBudget,
    depth: Option<u32>,
) -> Option<Decision> {
    if board.game().k() < 2 {
        return None;
    }
    let me = board.to_move();
    let empty = board.empty();
    if board.winning_cells(me).intersects(&empty) || board.winning_cells(me.other()).has_two() {
        return None;
    }
    let deadline = start + budget.think;
    let (memory, threads) = (budget.memory, budget.threads.max(1));
    let win_of = |win: Win| Decision {
        cell: win.line[0],
        reason: Reason::Win(win),
    };
    // A third of what the VCF leaves goes to the VCT, the rest to step 4,
    // which searches twice: for the opponent's threat, then after each
    // candidate defence. Step 4 is moot when the opponent has a winning
    // cell (the quick move blocks it): then step 3 runs alone.
    // A win announced a move ago (`depth`) was proved against every
    // defence: it is there to be found again, and the VCT gets all the
    // time the VCF leaves, so that a busy machine does not lose it.
    let opponent_five = board.winning_cells(me.other()).intersects(&empty);
    let vct_part = if depth.is_some() { 1 } else { 3 };
    if threads == 1 || opponent_five {
        let mut vcf = Vcf::new(Candidates::All, slots_within(memory));
        if let Some(win) = forced_win_with(&mut vcf, board, deadline, memory, depth, vct_part) {
            return Some(win_of(win));
        }
        if opponent_five {
            return None;
        }
        let threat = defence::threat(board, &mut vcf, deadline, memory)?;
        return defence::refute(board, &threat, &mut vcf, deadline, memory, 1);
    }
    let half = memory / 2;
    // A win of ours makes the threat search moot: it is stopped (its
    // threat space at once, its VCF by its node cap).
    let ours = Arc::new(Progress::default());
    let (win, threat, mut vcf) = std::thread::scope(|s| {
        let theirs = s.spawn(|| {
            observe(&ours, || {
                let mut vcf = Vcf::new(Candidates::All, slots_within(half));
                let threat = defence::threat(board, &mut vcf, deadline, half);
                (threat, vcf)
            })
        });
        let mut vcf = Vcf::new(Candidates::All, slots_within(half));
        let win = forced_win_with(&mut vcf, board, deadline, half, depth, vct_part);
        if win.is_some() {
            ours.request_stop();
        }
        let (threat, vcf) = theirs
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (win, threat, vcf)
    });
    if let Some(win) = win {
        return Some(win_of(win));
    }
    defence::refute(board, &threat?, &mut vcf, deadline, memory, threads)
}

/// A forced win of the side to move of `board` (freestyle or exact, no
/// winning cell of its own), proved by a VCF search (a quarter of the
/// time) or PNS in the threat space (what is left), within
/// `time` and `memory` bytes; `depth`: a horizon for the VCT, if one is
/// known. `None`: none found in the time (not a proof that there is none).
#[must_use]
pub fn forced_win(board: &Board, time: Duration, memory: u64, depth: Option<u32>) -> Option<Win> {
    let mut vcf = Vcf::new(Candidates::All, slots_within(memory));
    forced_win_with(&mut vcf, board, Instant::now() + time, memory, depth, 1)
}

fn forced_win_with(
    vcf: &mut Vcf,
    board: &Board,
    deadline: Instant,
    memory: u64,
    depth: Option<u32>,
    vct_part: u32,
) -> Option<Win> {
    let me = board.to_move();
    let empty = board.empty();
    if board.winning_cells(me).intersects(&empty) || board.winning_cells(me.other()).has_two() {
        return None;
    }
    let left = || deadline.saturating_duration_since(Instant::now());
    let mut search = SearchBoard::from(board.clone());
    // Within the horizon of a win announced, if any: a longer VCF would
    // break the announcement's promise.
    let horizon = depth.unwrap_or(u32::MAX).min(empty.count());
    if let Some(line) = vcf.search(&mut search, horizon, vcf_cap(left() / 4)) {
        // The line ends with a four that leaves two winning cells or more:
        // the opponent takes one, the five lands on another.
        let mut cells = line.moves.clone();
        cells.extend(line.wins.iter().take(2).map(Cell::from_index));
        return Some(Win {
            prover: "vcf",
            plies: line.plies(),
            line: cells,
        });
    }
    vct(board, left() / vct_part, memory, depth)
}

/// How many plies past the first line's length [`vct`] tries as a
/// horizon to prove.
const VCT_HORIZON_SLACK: u32 = 8;

/// A win of the side to move in its threat space, by PNS within `time`,
/// with a length that is proved: the horizon. PNS's line is one line of
/// its proof (the defender's replies with the longest proofs as it counts
/// them), not a bound on every defence: at a horizon `depth` the bound is
/// the horizon; without one, the line's length `l` and then `l + 2`, ...
/// are tried as horizons in the time left, and a win for which none is
/// proved is not returned.
fn vct(board: &Board, time: Duration, memory: u64, depth: Option<u32>) -> Option<Win> {
    let deadline = Instant::now() + time;
    let left = || deadline.saturating_duration_since(Instant::now());
    let enough = || left() >= Duration::from_millis(5);
    if !enough() {
        return None;
    }
    let win = |plies, line| Win {
        prover: "vct",
        plies,
        line,
    };
    if let Some(depth) = depth {
        return match vct_search(board, time, memory, Some(depth)) {
            Vct::Win { line, .. } => Some(win(depth, line)),
            Vct::NoneInSpace | Vct::Unsettled => None,
        };
    }
    let Vct::Win { plies, .. } = vct_search(board, time / 2, memory, None) else {
        return None;
    };
    let mut horizon = plies;
    while horizon <= plies + VCT_HORIZON_SLACK && enough() {
        if let Vct::Win { line, .. } = vct_search(board, left(), memory, Some(horizon)) {
            return Some(win(horizon, line));
        }
        horizon += 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Game, Player, Rule};

    fn board(rule: Rule, moves: &[&str]) -> Board {
        let mut b = Board::new(Game::new(15, 15, 5, rule).unwrap());
        let g = *b.game().geometry();
        for m in moves {
            b.play(g.parse_cell(m).unwrap());
        }
        b
    }

    /// The engine's move on one thread with `secs` to think and `memory`.
    fn deep_for(b: &Board, secs: u64, memory: u64) -> Option<Decision> {
        let budget = MoveBudget::thinking(Duration::from_secs(secs), memory, 1);
        deep(b, Instant::now(), &budget, None)
    }

    fn name(b: &Board, c: Cell) -> String {
        b.game().geometry().name(c)
    }

    #[test]
    fn five_first_then_the_block() {
        let b = board(
            Rule::Freestyle,
            &["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4"],
        );
        let d = quick(&b).unwrap();
        assert_eq!(d.reason, Reason::Five);
        assert!(["g8", "l8"].contains(&name(&b, d.cell).as_str()));
        let b = board(
            Rule::Freestyle,
            &["h8", "a1", "i8", "a2", "j8", "a3", "o15", "a4"],
        );
        let d = quick(&b).unwrap();
        assert_eq!(
            (d.reason, name(&b, d.cell)),
            (Reason::BlockFive, "a5".into())
        );
    }

    #[test]
    fn a_vcf_is_found_and_its_line_ends_in_five() {
        // x: e5 f5 g5 (d5 blocked) and h6 h7 h8 (h9 blocked): h5 makes
        // two fours.
        let b = board(
            Rule::Freestyle,
            &[
                "e5", "d5", "f5", "h9", "g5", "a1", "h6", "a3", "h7", "a7", "h8", "a11",
            ],
        );
        let d = deep_for(&b, 2, 16 << 20).unwrap();
        let Reason::Win(win) = &d.reason else {
            panic!("{d:?}")
        };
        assert_eq!(win.line.len() as u32, win.plies);
        let mut after = b.clone();
        for &c in &win.line {
            after.play(c);
        }
        assert!(after.wins_at(*win.line.last().unwrap()));
        // A win announced a move ago leaves a horizon: a VCF longer than
        // it is no win to announce.
        assert_eq!(
            forced_win(&b, Duration::from_secs(2), 16 << 20, Some(2)),
            None
        );
    }

    #[test]
    fn a_vct_announced_is_a_bound_on_every_defence() {
        // Self-play at 1000 ms: x's VCT from here, searched with the
        // horizon 9 of a win announced before, was announced "in 7", the
        // length of PNS's line; o's g11, off the line, left x no win
        // within the 5 plies left.
        let b = board(
            Rule::Freestyle,
            &[
                "h8", "i7", "j8", "i8", "i9", "i6", "j10", "i4", "i5", "g7", "k11", "l12", "k7",
                "l6",
            ],
        );
        let win = forced_win(&b, Duration::from_secs(5), 64 << 20, Some(9)).unwrap();
        assert_eq!((win.prover, name(&b, win.line[0]).as_str()), ("vct", "k10"));
        let mut after = b.clone();
        for m in ["k10", "g11"] {
            after.play(b.game().geometry().parse_cell(m).unwrap());
        }
        let left = win.plies - 2;
        assert!(
            matches!(
                vct_search(&after, Duration::from_secs(5), 64 << 20, Some(left)),
                Vct::Win { .. }
            ),
            "announced in {}, no win within {left} after g11",
            win.plies
        );
        // Without a horizon, the length announced is one proved as one.
        let win = forced_win(&b, Duration::from_secs(5), 64 << 20, None).unwrap();
        let bound = vct_search(&b, Duration::from_secs(5), 64 << 20, Some(win.plies));
        assert!(matches!(bound, Vct::Win { .. }), "{win:?}");
    }

    #[test]
    fn black_never_plays_a_forbidden_point_under_renju() {
        // Black (x) would make a double three at h8 (g8-i8 and h7-h9).
        let b = board(
            Rule::Renju,
            &["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7"],
        );
        assert!(b.is_forbidden(b.game().geometry().parse_cell("h8").unwrap()));
        assert!(!legal(&b).contains(b.game().geometry().parse_cell("h8").unwrap().index()));
        let d = quick(&b).unwrap();
        assert!(!b.is_forbidden(d.cell));
        if let Some(d) = deep_for(&b, 1, 1 << 20) {
            assert!(!b.is_forbidden(d.cell), "{d:?}");
        }
    }

    /// Plays `win`'s line on `b`, checking that Black never plays a
    /// forbidden point on it and that it ends in five.
    fn play_out_under_renju(b: &Board, win: &Win) {
        let mut after = b.clone();
        for &c in &win.line {
            if after.to_move() == Player::X && !after.winning_cells(Player::X).contains(c.index()) {
                assert!(!after.is_forbidden(c), "{} in {win:?}", name(b, c));
            }
            after.play(c);
        }
        assert!(after.wins_at(*win.line.last().unwrap()), "{win:?}");
    }

    #[test]
    fn under_renju_the_vcf_avoids_blacks_double_four() {
        // x: e5 f5 g5 (d5 blocked) and h6 h7 h8 (h9 blocked): h5 makes
        // two fours, a forbidden point of Black; for White (the same
        // stones, colours swapped) it wins.
        let moves = [
            "e5", "d5", "f5", "h9", "g5", "a1", "h6", "a3", "h7", "a7", "h8", "a11",
        ];
        let b = board(Rule::Renju, &moves);
        let h5 = b.game().geometry().parse_cell("h5").unwrap();
        assert!(b.is_forbidden(h5));
        let d = deep_for(&b, 2, 16 << 20);
        if let Some(Decision {
            reason: Reason::Win(win),
            ..
        }) = &d
        {
            play_out_under_renju(&b, win);
        }
        assert_ne!(d.map(|d| d.cell), Some(h5));
        // White's: a pass first, so that o has the stones.
        let mut white = board(Rule::Renju, &["o15"]);
        for m in moves {
            white.play(b.game().geometry().parse_cell(m).unwrap());
        }
        assert_eq!(white.to_move(), Player::O);
        let d = deep_for(&white, 2, 16 << 20).unwrap();
        let Reason::Win(win) = &d.reason else {
            panic!("{d:?}")
        };
        assert_eq!((win.prover, name(&white, d.cell).as_str()), ("vcf", "h5"));
        play_out_under_renju(&white, win);
    }
}

//! The order in which the writer tries the defender's replies: only an
//! order, since every reply is proved before it is used.

use kinrow_board::{Bitboard, Cell, Player, SearchBoard};

/// The cells of `cells` (empty cells of `board`), the likeliest replies
/// first: each window of `k` cells free of the defender's stones adds
/// 4^(attacker stones in it) to each of its empty cells (the defender's
/// stones count for the defender likewise, at half weight). Only an
/// order: every reply is proved before it is used.
pub(super) fn ordered(board: &SearchBoard, cells: &Bitboard, attacker: Player) -> Vec<Cell> {
    let game = board.game();
    let g = game.geometry();
    let k = game.k() as i64;
    let (w, h) = (i64::from(g.width()), i64::from(g.height()));
    let mut score = vec![0u64; kinrow_board::bitboard::BITS];
    let at = |x: i64, y: i64| g.cell(x as u32, y as u32);
    for (side, weight) in [(attacker, 2u32), (attacker.other(), 1)] {
        for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
            for y in 0..h {
                for x in 0..w {
                    let (ex, ey) = (x + (k - 1) * dx, y + (k - 1) * dy);
                    if ex >= w || ey < 0 || ey >= h {
                        continue;
                    }
                    let cells: Vec<Cell> =
                        (0..k).filter_map(|i| at(x + i * dx, y + i * dy)).collect();
                    if cells
                        .iter()
                        .any(|&c| board.stone_at(c) == Some(side.other()))
                    {
                        continue;
                    }
                    let n = cells
                        .iter()
                        .filter(|&&c| board.stone_at(c).is_some())
                        .count() as u32;
                    for &c in &cells {
                        if board.stone_at(c).is_none() {
                            score[c.index()] += u64::from(weight) << (2 * n);
                        }
                    }
                }
            }
        }
    }
    let mut out: Vec<Cell> = cells.iter().map(Cell::from_index).collect();
    out.sort_by_key(|c| (std::cmp::Reverse(score[c.index()]), *c));
    out
}

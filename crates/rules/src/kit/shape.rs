//! The shape heuristic: cheap counts of the fours and threes one new stone
//! makes on its lines, for the first numbers of a node created without
//! being evaluated.
//!
//! The counts only steer the search, so they may be approximate (under the
//! exact rule an overline is not detected here).

use super::ProofNumber;
use kinrow_board::{Bitboard, Game};

/// Line geometry of one game, for scanning the lines through a cell.
#[derive(Clone, Debug)]
pub struct ShapeScan {
    directions: [usize; 4],
    k: usize,
    cells: Bitboard,
}

/// What a new stone makes on its lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Cells that complete a window of k cells through the stone (k - 1 own
    /// stones, no opponent stone): the new winning cells, roughly.
    pub fours: u32,
    /// Windows of k cells through the stone with k - 2 own stones and no
    /// opponent stone: the lines one move away from a four.
    pub threes: u32,
}

impl Shape {
    /// The heuristic first numbers (pn, dn) of a child not evaluated yet,
    /// made by the stone this shape describes; `base` stands for the
    /// child's mobility ([`mobility_stand_in`]). A defender facing a four
    /// has one reply (pn 1), facing threes a few (pn `base` / (1 +
    /// threes)); an attacker facing a four has one move (dn 1), otherwise
    /// `base`. The other number is 1.
    #[inline]
    #[must_use]
    pub(crate) fn first_numbers(self, child_and: bool, base: u32) -> (ProofNumber, ProofNumber) {
        let (mut pn, mut dn) = (ProofNumber::ONE, ProofNumber::ONE);
        if child_and {
            if self.fours == 0 {
                pn = ProofNumber::finite((base / (1 + self.threes)).max(1));
            }
        } else if self.fours == 0 {
            dn = ProofNumber::finite(base);
        }
        (pn, dn)
    }
}

/// The heuristic's stand-in for the mobility of a node's children: the
/// number of candidates at the node, less one (at least 1).
#[inline]
#[must_use]
pub const fn mobility_stand_in(candidates: u32) -> u32 {
    if candidates < 2 {
        1
    } else {
        candidates - 1
    }
}

#[inline]
fn bit(b: &Bitboard, i: usize) -> bool {
    b.words()
        .get(i / 64)
        .is_some_and(|w| (w >> (i % 64)) & 1 != 0)
}

impl ShapeScan {
    pub fn new(game: &Game) -> ShapeScan {
        let g = game.geometry();
        ShapeScan {
            directions: g.directions().map(|d| d as usize),
            k: game.k() as usize,
            cells: *g.cells(),
        }
    }

    /// The threats a stone of `own` placed on the empty cell `m` makes
    /// against `opp` along its four lines.
    #[inline]
    pub(crate) fn around(&self, own: &Bitboard, opp: &Bitboard, m: usize) -> Shape {
        let k = self.k;
        let mut t = Shape::default();
        if k < 2 {
            return t;
        }
        let full = (1u64 << k) - 1;
        for &d in &self.directions {
            // The stretch of cells free of `opp` within k - 1 steps of `m`.
            // Leaving the board always passes through a padding bit or out
            // of range, which is not a cell, so no line wraps.
            let mut back = 0;
            let mut lo = m;
            while back < k - 1 && lo >= d {
                let j = lo - d;
                if !bit(&self.cells, j) || bit(opp, j) {
                    break;
                }
                back += 1;
                lo = j;
            }
            let mut fwd = 0;
            let mut hi = m;
            while fwd < k - 1 {
                let j = hi + d;
                if !bit(&self.cells, j) || bit(opp, j) {
                    break;
                }
                fwd += 1;
                hi = j;
            }
            let len = back + 1 + fwd;
            if len < k {
                continue;
            }
            let mut mask = 1u64 << back;
            for s in 0..len {
                if bit(own, lo + s * d) {
                    mask |= 1 << s;
                }
            }
            // Every window of the stretch holds `m`.
            let mut empties = 0u64;
            for s in 0..=len - k {
                let w = (mask >> s) & full;
                let n = w.count_ones() as usize;
                if n == k - 1 {
                    empties |= (!w & full) << s;
                } else if n + 2 == k {
                    t.threes += 1;
                }
            }
            t.fours += empties.count_ones();
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Board, Cell, Player, Rule};

    fn scan(moves_x: &[&str], moves_o: &[&str], m: &str) -> Shape {
        let game = Game::new(15, 15, 5, Rule::Freestyle).unwrap();
        let mut b = Board::new(game);
        let g = *game.geometry();
        for s in moves_x {
            b.place(g.parse_cell(s).unwrap(), Player::X);
        }
        for s in moves_o {
            b.place(g.parse_cell(s).unwrap(), Player::O);
        }
        let m: Cell = g.parse_cell(m).unwrap();
        ShapeScan::new(&game).around(b.stones(Player::X), b.stones(Player::O), m.index())
    }

    #[test]
    fn open_and_closed_fours_and_threes() {
        // _xxxx_ : two winning cells.
        assert_eq!(scan(&["e8", "f8", "g8"], &[], "h8").fours, 2);
        // oxxxx_ : one.
        assert_eq!(scan(&["e8", "f8", "g8"], &["d8"], "h8").fours, 1);
        // At the edge: a1 b1 c1 d1 -> only e1.
        assert_eq!(scan(&["a1", "b1", "c1"], &[], "d1").fours, 1);
        // A broken three makes no four but three windows... some threes.
        let t = scan(&["f8", "g8"], &[], "h8");
        assert_eq!(t.fours, 0);
        assert_eq!(t.threes, 3);
        // Nothing on a crowded line: o on both sides.
        assert_eq!(scan(&["g8"], &["f8", "i8"], "h8"), Shape::default());
        // No wrap from the right edge into the next row.
        assert_eq!(scan(&["l1", "m1", "n1"], &["k1"], "o1").fours, 0);
        assert_eq!(scan(&["b2", "c2", "d2"], &[], "a2").fours, 1);
    }
}

//! Line scans: cheap threat counts around one new stone, for the first
//! numbers of a node created without being evaluated, and the test that a
//! side can no longer complete any line in the stones it has left.
//!
//! The counts only steer the search, so they may be approximate (under the
//! exact rule an overline is not detected here); the completion test
//! settles nodes, so it is exact in the safe direction: it answers `false`
//! only when no line can be completed.

use kinrow_board::{Bitboard, Game};

/// Line geometry of one game, for scanning the lines through a cell.
#[derive(Clone, Debug)]
pub(crate) struct LineScan {
    game: Game,
    directions: [usize; 4],
    k: usize,
    cells: Bitboard,
}

/// What a new stone makes on its lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Threats {
    /// Cells that complete a window of k cells through the stone (k - 1 own
    /// stones, no opponent stone): the new winning cells, roughly.
    pub(crate) fours: u32,
    /// Windows of k cells through the stone with k - 2 own stones and no
    /// opponent stone: the lines one move away from a four.
    pub(crate) threes: u32,
}

#[inline]
fn bit(b: &Bitboard, i: usize) -> bool {
    b.words()
        .get(i / 64)
        .is_some_and(|w| (w >> (i % 64)) & 1 != 0)
}

impl LineScan {
    pub(crate) fn new(game: &Game) -> LineScan {
        let g = game.geometry();
        LineScan {
            game: *game,
            directions: g.directions().map(|d| d as usize),
            k: game.k() as usize,
            cells: *g.cells(),
        }
    }

    /// Whether `own` could still complete a line with at most `stones` more
    /// stones: whether some window of k cells in a line holds no `opp`
    /// stone, an empty cell, and at most `stones` empty cells. A line that
    /// `own` completes later holds the stone that completes it, and so a
    /// window that was such a window before (free of `opp`, with that cell
    /// empty, the rest filled by at most `stones` stones); so when there is
    /// none, `own` cannot win with `stones` more stones, whatever the other
    /// side does.
    pub(crate) fn can_complete(&self, own: &Bitboard, opp: &Bitboard, stones: u32) -> bool {
        !self.game.window_cells(own, opp, stones as usize).is_empty()
    }

    /// The threats a stone of `own` placed on the empty cell `m` makes
    /// against `opp` along its four lines.
    #[inline]
    pub(crate) fn around(&self, own: &Bitboard, opp: &Bitboard, m: usize) -> Threats {
        let k = self.k;
        let mut t = Threats::default();
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

    fn scan(moves_x: &[&str], moves_o: &[&str], m: &str) -> Threats {
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
        LineScan::new(&game).around(b.stones(Player::X), b.stones(Player::O), m.index())
    }

    /// Plain scan: some window of k cells in a line with no `opp` stone,
    /// an empty cell, and at most `stones` empty cells.
    fn naive_can_complete(b: &Board, own: Player, stones: u32) -> bool {
        let g = *b.game().geometry();
        let (w, h, k) = (g.width() as i32, g.height() as i32, b.game().k() as i32);
        for y in 0..h {
            for x in 0..w {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                    let mut empty = 0;
                    let mut ok = true;
                    for i in 0..k {
                        let (cx, cy) = (x + i * dx, y + i * dy);
                        if cx < 0 || cy < 0 || cx >= w || cy >= h {
                            ok = false;
                            break;
                        }
                        match b.stone_at(g.cell(cx as u32, cy as u32).unwrap()) {
                            None => empty += 1,
                            Some(p) if p == own => {}
                            Some(_) => ok = false,
                        }
                    }
                    if ok && empty >= 1 && empty <= stones {
                        return true;
                    }
                }
            }
        }
        false
    }

    #[test]
    fn completion_test_matches_a_plain_scan() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as u32
        };
        let (mut yes, mut no) = (0, 0);
        for _ in 0..400 {
            let (w, h) = (3 + next() % 8, 3 + next() % 8);
            let k = 3 + next() % (w.max(h) - 2);
            let game = Game::new(w, h, k, Rule::Freestyle).unwrap();
            let mut b = Board::new(game);
            let fill = next() % (w * h);
            for _ in 0..fill {
                let c = game.geometry().cell(next() % w, next() % h).unwrap();
                if b.stone_at(c).is_none() {
                    b.place(
                        c,
                        if next() % 2 == 0 {
                            Player::X
                        } else {
                            Player::O
                        },
                    );
                }
            }
            let scan = LineScan::new(&game);
            for stones in [0, 1, 2, 3, 5, 9, 40] {
                let got = scan.can_complete(b.stones(Player::X), b.stones(Player::O), stones);
                let want = naive_can_complete(&b, Player::X, stones);
                assert_eq!(got, want, "{b:?} {stones}");
                if got {
                    yes += 1
                } else {
                    no += 1
                }
            }
        }
        assert!(yes > 200 && no > 200, "{yes} {no}");
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
        assert_eq!(scan(&["g8"], &["f8", "i8"], "h8"), Threats::default());
        // No wrap from the right edge into the next row.
        assert_eq!(scan(&["l1", "m1", "n1"], &["k1"], "o1").fours, 0);
        assert_eq!(scan(&["b2", "c2", "d2"], &[], "a2").fours, 1);
    }
}

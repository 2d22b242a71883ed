//! The rules of the game, written out plainly from the position-file spec:
//! a plain array of cells and scans along the lines. Nothing here is shared
//! with the board or the provers, and nothing is clever; every function says
//! which sentence of the spec it implements.

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// A stone of x (the first player).
pub(crate) const X: u8 = 1;
/// A stone of o (the second player).
pub(crate) const O: u8 = 2;

/// The four line directions: horizontal, vertical and both diagonals.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// A board with its winning rule: `cells[y * width + x]` holds [`EMPTY`],
/// [`X`] or [`O`]; `(0, 0)` is the bottom-left cell `a1`.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub width: i32,
    pub height: i32,
    pub k: u32,
    /// Exactly `k` in a row wins; otherwise `k` or more.
    pub exact: bool,
    /// Renju (`k` = 5): x wins with exactly five, o with five or more
    /// (`exact` is then not read), and x may not play a forbidden point
    /// (`crate::renju`).
    pub renju: bool,
    pub cells: Vec<u8>,
    /// Number of stones on the board.
    pub stones: usize,
}

impl Grid {
    /// The content of `(x, y)`, or `None` off the board.
    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            None
        } else {
            Some(self.cells[(y * self.width + x) as usize])
        }
    }

    /// Whether `(x, y)` is on the board.
    pub fn on_board(&self, x: i32, y: i32) -> bool {
        self.get(x, y).is_some()
    }

    /// Puts a stone of `p` on the empty cell `(x, y)`.
    pub fn place(&mut self, x: i32, y: i32, p: u8) {
        let i = (y * self.width + x) as usize;
        debug_assert_eq!(self.cells[i], EMPTY);
        self.cells[i] = p;
        self.stones += 1;
    }

    /// Empties the cell `(x, y)`, which holds a stone.
    pub fn clear(&mut self, x: i32, y: i32) {
        let i = (y * self.width + x) as usize;
        debug_assert_ne!(self.cells[i], EMPTY);
        self.cells[i] = EMPTY;
        self.stones -= 1;
    }

    /// Whether every cell holds a stone.
    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// Whether the stone on `(x, y)` is part of a winning line: for each
    /// direction, count the stones of its colour walking both ways; the
    /// line wins with `k` or more (freestyle) or exactly `k` (exact); under
    /// renju exactly five for x and five or more for o.
    pub fn wins_at(&self, x: i32, y: i32) -> bool {
        let p = match self.get(x, y) {
            Some(p) if p != EMPTY => p,
            _ => return false,
        };
        DIRECTIONS.iter().any(|&(dx, dy)| {
            let mut n = 1;
            for sign in [1, -1] {
                let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
                while self.get(cx, cy) == Some(p) {
                    n += 1;
                    cx += sign * dx;
                    cy += sign * dy;
                }
            }
            let exact = if self.renju { p == X } else { self.exact };
            if exact {
                n == self.k
            } else {
                n >= self.k
            }
        })
    }

    /// Whether a stone of `p` on the empty cell `(x, y)` would make a
    /// winning line (the board is left as it was).
    pub fn would_win(&mut self, p: u8, x: i32, y: i32) -> bool {
        self.place(x, y, p);
        let win = self.wins_at(x, y);
        self.clear(x, y);
        win
    }

    /// Whether `p` has a winning line anywhere on the board.
    pub fn has_line(&self, p: u8) -> bool {
        (0..self.height)
            .any(|y| (0..self.width).any(|x| self.get(x, y) == Some(p) && self.wins_at(x, y)))
    }

    /// Whether the empty cell `(x, y)` is a candidate: `near = None` is
    /// `candidates all` (every empty cell); `near = Some(r)` is every empty
    /// cell within `r` king steps of some stone, and on an empty board the
    /// centre cell only (column `(width-1)/2`, row `(height-1)/2`).
    pub fn is_candidate(&self, x: i32, y: i32, near: Option<u32>) -> bool {
        if self.get(x, y) != Some(EMPTY) {
            return false;
        }
        let Some(r) = near else {
            return true;
        };
        if self.stones == 0 {
            return x == (self.width - 1) / 2 && y == (self.height - 1) / 2;
        }
        let r = r.min(64) as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                if matches!(self.get(x + dx, y + dy), Some(c) if c != EMPTY) {
                    return true;
                }
            }
        }
        false
    }

    /// Every candidate cell (see [`Grid::is_candidate`]), row by row from
    /// the bottom.
    pub fn candidates(&self, near: Option<u32>) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                if self.is_candidate(x, y, near) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Whether `p` has some empty cell where one more stone wins.
    fn has_winning_cell(&mut self, p: u8) -> bool {
        for y in 0..self.height {
            for x in 0..self.width {
                if self.get(x, y) == Some(EMPTY) && self.would_win(p, x, y) {
                    return true;
                }
            }
        }
        false
    }

    /// `attack fours`: playing the empty cell `(x, y)` for `p` "wins at
    /// once or leaves the attacker a cell where one more stone wins".
    pub fn is_four(&mut self, p: u8, x: i32, y: i32) -> bool {
        self.place(x, y, p);
        let four = self.wins_at(x, y) || self.has_winning_cell(p);
        self.clear(x, y);
        four
    }

    /// `attack threats`: playing the empty cell `(x, y)` for `p` is a four,
    /// or afterwards "some empty cell would give the attacker two or more
    /// distinct winning cells".
    ///
    /// The one shortcut: once the move is known not to be a four, `p` has
    /// no winning cell, and a stone on `e` can change whether a cell `w`
    /// wins only if `e` lies on one of the four lines through `w` (the win
    /// test reads nothing else). So after `e` only the empty cells on the
    /// four lines through `e` need testing.
    pub fn is_threat(&mut self, p: u8, x: i32, y: i32) -> bool {
        if self.is_four(p, x, y) {
            return true;
        }
        self.place(x, y, p);
        let mut found = false;
        'cells: for ey in 0..self.height {
            for ex in 0..self.width {
                if self.get(ex, ey) != Some(EMPTY) {
                    continue;
                }
                self.place(ex, ey, p);
                let two = self.winning_cells_on_lines_through(p, ex, ey) >= 2;
                self.clear(ex, ey);
                if two {
                    found = true;
                    break 'cells;
                }
            }
        }
        self.clear(x, y);
        found
    }

    /// Number of empty cells on the four lines through `(x, y)` (whole
    /// lines, edge to edge) where one more stone of `p` wins; stops
    /// counting at two.
    fn winning_cells_on_lines_through(&mut self, p: u8, x: i32, y: i32) -> u32 {
        let mut n = 0;
        for (dx, dy) in DIRECTIONS {
            for sign in [1, -1] {
                let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
                while let Some(c) = self.get(cx, cy) {
                    if c == EMPTY && self.would_win(p, cx, cy) {
                        n += 1;
                        if n >= 2 {
                            return n;
                        }
                    }
                    cx += sign * dx;
                    cy += sign * dy;
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(w: i32, h: i32, k: u32, exact: bool) -> Grid {
        Grid {
            width: w,
            height: h,
            k,
            exact,
            renju: false,
            cells: vec![EMPTY; (w * h) as usize],
            stones: 0,
        }
    }

    #[test]
    fn exact_rule_does_not_count_an_overline() {
        let mut g = grid(9, 1, 3, true);
        for x in [1, 2, 4] {
            g.place(x, 0, X);
        }
        assert!(g.would_win(X, 0, 0));
        assert!(!g.would_win(X, 3, 0));
        g.exact = false;
        assert!(g.would_win(X, 3, 0));
    }

    #[test]
    fn candidates_near_one_and_on_an_empty_board() {
        let mut g = grid(4, 3, 3, false);
        assert_eq!(g.candidates(Some(1)), vec![(1, 1)]);
        assert_eq!(g.candidates(None).len(), 12);
        g.place(0, 0, X);
        assert_eq!(g.candidates(Some(1)), vec![(1, 0), (0, 1), (1, 1)]);
    }

    #[test]
    fn fours_and_threats_by_their_definitions() {
        // 9x9, k 5: x on c5 d5 e5.
        let mut g = grid(9, 9, 5, false);
        for x in [2, 3, 4] {
            g.place(x, 4, X);
        }
        assert!(g.is_four(X, 5, 4)); // f5: an open four
        assert!(g.is_four(X, 6, 4)); // g5: f5 then wins
        assert!(!g.is_four(X, 5, 6));
        // x on c5 d5 only: e5 makes a three (f5 then gives b5 and g5), i9
        // leaves nothing.
        g.clear(4, 4);
        assert!(!g.is_four(X, 4, 4));
        assert!(g.is_threat(X, 4, 4));
        assert!(!g.is_threat(X, 8, 8));
        assert!(!g.has_line(X));
    }

    /// The checker's rules against the reference crate's, written
    /// separately from the same spec, on random boards: win tests,
    /// candidates, fours and threats (whose scan takes a shortcut).
    #[test]
    fn rules_agree_with_the_reference_on_random_boards() {
        use kinrow_reference::{random_stones, Rng};
        let mut rng = Rng(7);
        for _ in 0..300 {
            let (w, h) = (rng.range(3, 9), rng.range(3, 9));
            let k = rng.range(2, 5).min(w.max(h));
            let exact = rng.chance(1, 2);
            let area = w * h;
            let stones = rng.range(0, area);
            let r = random_stones(&mut rng, w, h, k, exact, stones);
            let mut g = grid(w as i32, h as i32, k as u32, exact);
            for (x, y) in r.all_cells() {
                let c = r.cells[y * w + x];
                if c != EMPTY {
                    g.place(x as i32, y as i32, c);
                }
            }
            for near in [Some(1), Some(2), None] {
                let want: Vec<(i32, i32)> = r
                    .candidates(near)
                    .into_iter()
                    .map(|(x, y)| (x as i32, y as i32))
                    .collect();
                assert_eq!(g.candidates(near.map(|n| n as u32)), want);
            }
            for p in [X, O] {
                assert_eq!(g.has_line(p), r.has_line(p));
                for (x, y) in r.empty_cells() {
                    let (xi, yi) = (x as i32, y as i32);
                    let mut rb = r.clone();
                    rb.set(x, y, p);
                    assert_eq!(g.would_win(p, xi, yi), rb.wins_at(x, y));
                    assert_eq!(g.is_four(p, xi, yi), r.is_four(p, x, y));
                    assert_eq!(g.is_threat(p, xi, yi), r.is_threat(p, x, y), "{r:?}");
                }
            }
        }
    }
}

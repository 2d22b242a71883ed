//! The threat space's rules, computed here from its definition on the
//! checker's own [`Grid`]: winning cells, fours, the live windows, the
//! attacker's moves and its VCF search. Nothing is shared with the board
//! crate or the provers.
//!
//! Windows are the one device: every run of `k` cells along a row, a
//! column or a diagonal, listed once. Two facts about them, used to find
//! cells quickly, each argued where it is used:
//!
//! - a *winning cell* of `p` (an empty cell where a stone of `p` makes a
//!   line: `k` or more in a row, exactly `k` under `exact`, under renju
//!   exactly five for x and five or more for o) is an empty cell of a
//!   window holding `k - 1` stones of `p` and none of the other side
//!   (the run it completes holds such a window through it); each cell so
//!   found is then tested with the plain win test ([`Grid::would_win`]);
//! - where `p` has no winning cell, a *four* of `p` (an empty cell after
//!   which `p` has one) is an empty cell of a window holding `k - 2`
//!   stones of `p`, two empty cells and none of the other side: the line
//!   the winning cell `w` then completes holds the four `c` (a stone of
//!   the other side changes no run, so without `c` the run would not
//!   reach `w`), and a window of `k` cells of that run holds both `c`
//!   and `w` (were they `k` or more apart, the cells from `w` to just
//!   before `c` would already be a run of `k`, and `w` a winning cell
//!   before `c`; under `exact` and for x under renju the run is exactly
//!   `k`). Each cell so found is played and tested.

use crate::renju;
use crate::rules::{Grid, EMPTY, X};
use kinrow_board::Attack;

/// Plies left with the attacker to move; `None` when the position has no
/// horizon.
pub(super) type Left = Option<u32>;

/// The rules of one certificate's game on its board.
pub(super) struct Rules {
    pub grid: Grid,
    pub attacker: u8,
    pub defender: u8,
    /// `candidates near R`: `Some(R)`; `candidates all`: `None`.
    near: Option<u32>,
    attack: Attack,
    /// Every window, as its `k` cell indices one after the other.
    windows: Vec<u32>,
    /// For each cell, the windows through it (their first index in
    /// `windows`).
    through: Vec<Vec<u32>>,
    /// Positions visited by the VCF searches.
    pub vcf_nodes: u64,
}

/// The four line directions.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

impl Rules {
    pub(super) fn new(grid: Grid, attacker: u8, near: Option<u32>, attack: Attack) -> Rules {
        let (w, h, k) = (grid.width, grid.height, grid.k as i32);
        let mut windows = Vec::new();
        let mut through = vec![Vec::new(); grid.cells.len()];
        for (dx, dy) in DIRECTIONS {
            for y in 0..h {
                for x in 0..w {
                    let (ex, ey) = (x + (k - 1) * dx, y + (k - 1) * dy);
                    if !grid.on_board(ex, ey) {
                        continue;
                    }
                    let start = windows.len() as u32;
                    for i in 0..k {
                        let cell = ((y + i * dy) * w + x + i * dx) as u32;
                        windows.push(cell);
                        through[cell as usize].push(start);
                    }
                }
            }
        }
        Rules {
            grid,
            attacker,
            defender: if attacker == X { crate::rules::O } else { X },
            near,
            attack,
            windows,
            through,
            vcf_nodes: 0,
        }
    }

    /// The column and row of cell `i`.
    pub(super) fn xy(&self, i: usize) -> (i32, i32) {
        let w = self.grid.width as usize;
        ((i % w) as i32, (i / w) as i32)
    }

    pub(super) fn place(&mut self, i: usize, p: u8) {
        let (x, y) = self.xy(i);
        self.grid.place(x, y, p);
    }

    pub(super) fn clear(&mut self, i: usize) {
        let (x, y) = self.xy(i);
        self.grid.clear(x, y);
    }

    pub(super) fn is_empty(&self, i: usize) -> bool {
        self.grid.cells[i] == EMPTY
    }

    /// Whether the stone on `i` completes a line.
    pub(super) fn wins_at(&self, i: usize) -> bool {
        let (x, y) = self.xy(i);
        self.grid.wins_at(x, y)
    }

    /// Whether the empty cell `i` is a candidate (both sides choose among
    /// the same ones).
    pub(super) fn is_candidate(&self, i: usize) -> bool {
        let (x, y) = self.xy(i);
        self.grid.is_candidate(x, y, self.near)
    }

    /// Whether `p` may play the empty cell `i`: under renju x never on a
    /// forbidden point (`crate::renju`); otherwise always.
    pub(super) fn is_legal(&mut self, p: u8, i: usize) -> bool {
        if !(self.grid.renju && p == X) {
            return true;
        }
        let (x, y) = self.xy(i);
        !renju::is_forbidden(&mut self.grid, x, y)
    }

    /// Whether the attacker's move on the empty cell `i` passes the
    /// position's `attack` filter, by the definitions of `crate::rules`.
    pub(super) fn passes_filter(&mut self, i: usize) -> bool {
        let (x, y) = self.xy(i);
        match self.attack {
            Attack::Any => true,
            Attack::Fours => self.grid.is_four(self.attacker, x, y),
            Attack::Threats => self.grid.is_threat(self.attacker, x, y),
        }
    }

    /// The cells of the windows with no stone of the side other than `p`,
    /// exactly `stones` stones of `p`, and the rest empty; sorted, each
    /// once.
    fn cells_of_windows(&self, p: u8, stones: usize) -> Vec<usize> {
        let k = self.grid.k as usize;
        let mut out = Vec::new();
        for window in self.windows.chunks_exact(k) {
            self.add_if_window(window, p, stones, &mut out);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Adds the empty cells of `window` to `out` when it holds no stone of
    /// the side other than `p` and exactly `stones` stones of `p`.
    fn add_if_window(&self, window: &[u32], p: u8, stones: usize, out: &mut Vec<usize>) {
        let (mut own, mut other) = (0, 0);
        for &c in window {
            match self.grid.cells[c as usize] {
                EMPTY => {}
                s if s == p => own += 1,
                _ => other += 1,
            }
        }
        if other == 0 && own == stones {
            out.extend(
                window
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| self.grid.cells[c] == EMPTY),
            );
        }
    }

    /// Keeps the cells of `cells` (sorted, each once) where a stone of `p`
    /// completes a line, by the plain win test.
    fn keep_winning(&mut self, p: u8, cells: &mut Vec<usize>) {
        let width = self.grid.width as usize;
        cells.retain(|&i| {
            self.grid
                .would_win(p, (i % width) as i32, (i / width) as i32)
        });
    }

    /// The winning cells of `p`: the empty cells where a stone of `p`
    /// completes a line (module docs), sorted.
    pub(super) fn winning_cells(&mut self, p: u8) -> Vec<usize> {
        let k = self.grid.k as usize;
        let mut cells = self.cells_of_windows(p, k - 1);
        self.keep_winning(p, &mut cells);
        cells
    }

    /// The winning cells of `p` (as [`Rules::winning_cells`]) once `p` has
    /// played the cell `c`, from `before`, its winning cells before it:
    /// without a scan of every window. A winning cell `w` after `c`
    /// completes a run holding a window of `k` cells through `w` with
    /// `k - 1` stones of `p` and none of the other side. Either that
    /// window holds `c`, and it is among the windows through `c` looked
    /// at here; or it does not, and it held the same before: then `w` was
    /// a winning cell before too (under freestyle the window alone makes
    /// the line; where the run must be exactly `k`, a stone of `c` could
    /// only have made it longer, and it is `k` now). So the cells looked
    /// at hold every winning cell, and each is tested with the plain win
    /// test, as there.
    pub(super) fn winning_cells_after(&mut self, p: u8, c: usize, before: &[usize]) -> Vec<usize> {
        let k = self.grid.k as usize;
        let mut cells: Vec<usize> = before.iter().copied().filter(|&w| w != c).collect();
        for &start in &self.through[c] {
            let window = &self.windows[start as usize..start as usize + k];
            self.add_if_window(window, p, k - 1, &mut cells);
        }
        cells.sort_unstable();
        cells.dedup();
        self.keep_winning(p, &mut cells);
        cells
    }

    /// Where `p` has no winning cell: the cells that may be fours of `p`
    /// (module docs), a superset of them.
    fn four_candidates(&self, p: u8) -> Vec<usize> {
        match (self.grid.k as usize).checked_sub(2) {
            Some(stones) => self.cells_of_windows(p, stones),
            None => Vec::new(),
        }
    }

    /// Whether the empty cell `i` lies in a window of `k` cells with no
    /// stone of the side other than `p` and at most four empty cells (a
    /// three or a two of `p`, once played there).
    pub(super) fn in_live_window(&self, p: u8, i: usize) -> bool {
        self.through[i].iter().any(|&start| {
            let window = &self.windows[start as usize..start as usize + self.grid.k as usize];
            let cells = window.iter().map(|&c| self.grid.cells[c as usize]);
            cells.clone().all(|s| s == EMPTY || s == p)
                && cells.filter(|&s| s == EMPTY).count() <= 4
        })
    }

    /// Whether `a`, to move, wins by continuous fours within `plies`
    /// plies (`u32::MAX`: no limit): it has a winning cell (with a ply to
    /// play it), or, with three plies or more, it plays a four (a
    /// candidate it may play after which it has a winning cell) and
    /// - with two winning cells or more, wins whatever the other side
    ///   does (that side has no winning cell: see below), or
    /// - with one, the other side must take it (any other move lets the
    ///   line be completed), and where that side may not (x's forbidden
    ///   point under renju) the attacker wins; otherwise a VCF within
    ///   `plies - 2` from there, unless the block completes the other
    ///   side's line or fills the board.
    ///
    /// Where the other side has a winning cell the attacker must take it
    /// (it would lose next), and that move must be a four; with two, no
    /// VCF. A stone of `a` never gives the other side a winning cell, so
    /// after the attacker's four that side has none (the one it had was
    /// taken). Exhaustive within the plies: every four is tried.
    pub(super) fn vcf(&mut self, a: u8, plies: u32) -> bool {
        let d = if a == X { crate::rules::O } else { X };
        let (mine, theirs) = (self.winning_cells(a), self.winning_cells(d));
        self.vcf_from(a, plies, (&mine, &theirs))
    }

    /// [`Rules::vcf`] where the winning cells of `a` and of the other side
    /// are known (`mine`, `theirs`). Down the line they are found from the
    /// node's: after the four `c`, the attacker's by
    /// [`Rules::winning_cells_after`], the other side's are `theirs` less
    /// `c` (a stone makes or unmakes no run of the other side's stones);
    /// after the block `w`, the other way round.
    fn vcf_from(&mut self, a: u8, plies: u32, (mine, theirs): (&[usize], &[usize])) -> bool {
        self.vcf_nodes += 1;
        if plies == 0 {
            return false;
        }
        if mine.iter().any(|&w| self.is_candidate(w)) {
            return true;
        }
        if plies < 3 {
            return false;
        }
        let d = if a == X { crate::rules::O } else { X };
        let moves = match theirs {
            [] => self.four_candidates(a),
            [only] => vec![*only],
            _ => return false,
        };
        for c in moves {
            if !self.is_candidate(c) || !self.is_legal(a, c) {
                continue;
            }
            self.place(c, a);
            let made = self.winning_cells_after(a, c, mine);
            let win = match made.as_slice() {
                [] => false,
                [w] => {
                    let w = *w;
                    if !self.is_legal(d, w) {
                        true
                    } else {
                        self.place(w, d);
                        let won = !self.wins_at(w) && !self.grid.is_full() && {
                            let before: Vec<usize> =
                                theirs.iter().copied().filter(|&t| t != c).collect();
                            let theirs = self.winning_cells_after(d, w, &before);
                            self.vcf_from(a, plies - 2, (&[], &theirs))
                        };
                        self.clear(w);
                        won
                    }
                }
                _ => true,
            };
            self.clear(c);
            if win {
                return true;
            }
        }
        false
    }
}

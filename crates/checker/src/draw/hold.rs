//! Static draws judged from scratch, and the zones of the positions where
//! play stops: a static draw's, and a defender's line's (why each is a
//! zone: the module docs of [`super`]).

use super::zone::Cells;
use super::Walker;
use crate::rules::{Grid, EMPTY};
use crate::{Flaw, FlawKind, Point};

/// A window: its k cells, in order along the line, and its flank cells
/// on the board.
pub(super) struct Window {
    cells: Vec<usize>,
    flanks: Vec<usize>,
}

/// Every window of `grid` (rows, columns, both diagonals).
pub(super) fn windows(grid: &Grid) -> Vec<Window> {
    let k = grid.k as i32;
    let index = |x: i32, y: i32| (y * grid.width + x) as usize;
    let mut out = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
        for y in 0..grid.height {
            for x in 0..grid.width {
                let (ex, ey) = (x + (k - 1) * dx, y + (k - 1) * dy);
                if !grid.on_board(ex, ey) {
                    continue;
                }
                let flanks = [(x - dx, y - dy), (ex + dx, ey + dy)];
                out.push(Window {
                    cells: (0..k).map(|i| index(x + i * dx, y + i * dy)).collect(),
                    flanks: flanks
                        .into_iter()
                        .filter(|&(fx, fy)| grid.on_board(fx, fy))
                        .map(|(fx, fy)| index(fx, fy))
                        .collect(),
                });
            }
        }
    }
    out
}

impl Walker {
    /// Judges a static draw from scratch (module docs), with the attacker
    /// to move (a `hold` node) or the defender (`MOVE hold PAIRS`); its
    /// zone: the pairs' cells, the empty cells of every live window no
    /// pair serves, and a witness for each window dead only for want of
    /// stones or (exact rule) for an attacker stone on its flank.
    pub(super) fn hold(
        &mut self,
        pairs: &[(Point, Point)],
        no: usize,
        attacker: bool,
    ) -> Result<Cells, Flaw> {
        let w = self.grid.width;
        let mut zone = Cells::default();
        // The pair of each cell, by its number (none: `usize::MAX`).
        let mut pair_of = vec![usize::MAX; self.grid.cells.len()];
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for p in [a, b] {
                let (x, y) = self.empty_cell(p, no)?;
                let c = (y * w + x) as usize;
                if pair_of[c] != usize::MAX {
                    let detail = format!("{p} is in two pairs (or paired with itself)");
                    return Err(self.flaw(FlawKind::SharedPair, no, detail));
                }
                pair_of[c] = i;
                zone.add(c);
            }
        }
        let k = self.grid.k;
        let stones = self.stones_left(attacker);
        let mut sum = 0u128;
        let mut unpaired = None;
        let mut seen: Vec<usize> = Vec::new();
        self.for_each_window(|win| {
            if !self.live(win, stones) {
                return;
            }
            // A pair serves the window when both its cells are in it (pairs
            // are disjoint: a pair seen twice is one).
            seen.clear();
            let mut outside = 0u32;
            for &c in &win.cells {
                match pair_of[c] {
                    usize::MAX if self.grid.cells[c] == EMPTY => outside += 1,
                    usize::MAX => {}
                    p if seen.contains(&p) => return,
                    p => seen.push(p),
                }
            }
            if outside == 0 {
                unpaired.get_or_insert(win.cells[0]);
            }
            sum += 1u128 << (k - outside.min(k));
            for &c in &win.cells {
                if self.grid.cells[c] == EMPTY {
                    zone.add(c);
                }
            }
        });
        if let Some(c) = unpaired {
            let first = Point {
                x: (c as i32 % w) as u16,
                y: (c as i32 / w) as u16,
            };
            let detail = format!(
                "the live window from {first} holds no pair and no empty cell outside the pairs"
            );
            return Err(self.flaw(FlawKind::StaticFails, no, detail));
        }
        // The bound, scaled by 2^k: one half with the attacker to move,
        // one with the defender to move.
        let (limit, words) = if attacker {
            (1u128 << (k - 1), "1/2")
        } else {
            (1u128 << k, "1")
        };
        if sum >= limit {
            let detail =
                format!("the unpaired live windows' potential is {sum}/2^{k}, not below {words}");
            return Err(self.flaw(FlawKind::StaticFails, no, detail));
        }
        self.for_each_window(|win| {
            if !self.live(win, stones) {
                self.keep_dead(win, stones, &mut zone);
            }
        });
        Ok(zone)
    }

    /// The attacker's stones left before the board is full: ⌈E/2⌉ of E
    /// empty cells when it is to move (`attacker`), ⌊E/2⌋ when the
    /// defender is.
    fn stones_left(&self, attacker: bool) -> u32 {
        let empty = (self.grid.cells.len() - self.grid.stones) as u32;
        if attacker {
            empty.div_ceil(2)
        } else {
            empty / 2
        }
    }

    /// Whether `win` is one of the attacker's live windows (module docs):
    /// no defender stone, no more empty cells than the attacker has
    /// `stones` left, and under the exact rule no attacker stone on a
    /// flank.
    fn live(&self, win: &Window, stones: u32) -> bool {
        let cells = &self.grid.cells;
        let blocked = win.cells.iter().any(|&c| cells[c] == self.defender);
        let overline = self.grid.exact && win.flanks.iter().any(|&c| cells[c] == self.attacker);
        !blocked
            && !overline
            && win.cells.iter().filter(|&&c| cells[c] == EMPTY).count() as u32 <= stones
    }

    /// Adds to `zone` what keeps `win`, free of defender stones but not
    /// live, dead in every variant: an attacker stone on its flank (exact
    /// rule), or `stones` + 1 of its empty cells; none where the zone
    /// already holds one. A window with a defender stone needs none (the
    /// defender's stones are the same in every variant).
    fn keep_dead(&self, win: &Window, stones: u32, zone: &mut Cells) {
        let cells = &self.grid.cells;
        if win.cells.iter().any(|&c| cells[c] == self.defender) {
            return;
        }
        let flank = |c: &&usize| self.grid.exact && cells[**c] == self.attacker;
        if win.flanks.iter().filter(flank).any(|&c| zone.has(c)) {
            return;
        }
        let empty = || win.cells.iter().filter(|&&c| cells[c] == EMPTY);
        let mut held = empty().filter(|&&c| zone.has(c)).count() as u32;
        if held > stones {
            return;
        }
        if let Some(&c) = win.flanks.iter().find(flank) {
            zone.add(c);
            return;
        }
        for &c in empty() {
            if held > stones {
                break;
            }
            if !zone.has(c) {
                zone.add(c);
                held += 1;
            }
        }
    }

    /// Adds to `zone` what keeps the attacker from having a line in every
    /// variant, the defender to move: for each window free of defender
    /// stones, an empty cell (or, exact rule, an attacker stone on its
    /// flank, the window being full); none where the zone already holds
    /// one. `false` when a window is the attacker's line.
    pub(super) fn keep_no_line(&self, zone: &mut Cells) -> bool {
        let cells = &self.grid.cells;
        let mut line = false;
        self.for_each_window(|win| {
            if line || win.cells.iter().any(|&c| cells[c] == self.defender) {
                return;
            }
            let flank = |c: &&usize| self.grid.exact && cells[**c] == self.attacker;
            let mut empty = win.cells.iter().filter(|&&c| cells[c] == EMPTY);
            if empty.clone().any(|&c| zone.has(c))
                || win.flanks.iter().filter(flank).any(|&c| zone.has(c))
            {
                return;
            }
            match (empty.next(), win.flanks.iter().find(flank)) {
                (Some(&c), _) | (None, Some(&c)) => zone.add(c),
                (None, None) => line = true,
            }
        });
        !line
    }

    /// Calls `f` with each window of the board.
    fn for_each_window(&self, mut f: impl FnMut(&Window)) {
        for w in self.windows.iter() {
            f(w);
        }
    }
}

//! A game: board geometry, `k` and rule, and the line arithmetic on sets of
//! stones (win tests, winning cells, candidate cells, the attacker's filters).
//!
//! Every function here is pure: it takes the stones of the side concerned
//! (`own`) and of its opponent (`opp`) as bitboards and returns a bitboard or
//! a boolean, so the same code serves the board, the provers and the tests.

use crate::bitboard::{Bitboard, BITS};
use crate::geometry::{Cell, Geometry, SizeError};
use crate::rules::{Attack, Candidates, Rule};

/// The longest run or window the line code handles: the largest board side.
const MAX_K: usize = crate::geometry::MAX_SIDE as usize;

/// Error building a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("k = {k} is outside 1..={max} for this board")]
    K { k: u32, max: u32 },
}

/// The rules of one k-in-a-row game: board shape, `k` and [`Rule`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    geometry: Geometry,
    k: u8,
    rule: Rule,
}

impl Game {
    /// A game on a `width` x `height` board (1..=26 each) where `k` in a row
    /// (1..=max(width, height)) wins under `rule`.
    pub fn new(width: u32, height: u32, k: u32, rule: Rule) -> Result<Game, GameError> {
        let geometry = Geometry::new(width, height)?;
        let max = width.max(height);
        if !(1..=max).contains(&k) {
            return Err(GameError::K { k, max });
        }
        Ok(Game {
            geometry,
            k: k as u8,
            rule,
        })
    }

    /// The board shape.
    #[inline]
    #[must_use]
    pub const fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Stones in a row that win.
    #[inline]
    #[must_use]
    pub const fn k(&self) -> u32 {
        self.k as u32
    }

    /// Freestyle or exact.
    #[inline]
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// Length of the run of `own` stones through `cell` along direction
    /// `d`, `cell` included whether or not it holds a stone.
    #[inline]
    fn run_through(own: &Bitboard, cell: usize, d: usize) -> u32 {
        let mut n = 1;
        let mut i = cell + d;
        while i < BITS && own.contains(i) {
            n += 1;
            i += d;
        }
        let mut i = cell;
        while i >= d && own.contains(i - d) {
            n += 1;
            i -= d;
        }
        n
    }

    /// Whether `own`, which must contain `cell`, has a winning line through
    /// `cell`. Only the four lines through `cell` are examined.
    #[inline]
    #[must_use]
    pub fn wins_through(&self, own: &Bitboard, cell: Cell) -> bool {
        debug_assert!(own.contains(cell.index()));
        let k = self.k();
        self.geometry.directions().iter().any(|&d| {
            let n = Self::run_through(own, cell.index(), d as usize);
            match self.rule {
                Rule::Freestyle => n >= k,
                Rule::Exact => n == k,
            }
        })
    }

    /// Whether `own` has a winning line anywhere (computed from scratch).
    #[must_use]
    pub fn has_line(&self, own: &Bitboard) -> bool {
        own.iter()
            .any(|i| self.wins_through(own, Cell::from_index(i)))
    }

    /// Every empty cell (not in `own` or `opp`) where one more stone of
    /// `own` makes a winning line.
    #[must_use]
    pub fn winning_cells(&self, own: &Bitboard, opp: &Bitboard) -> Bitboard {
        let empty = self.geometry.cells().and_not(&(*own | *opp));
        let k = self.k as usize;
        let mut result = Bitboard::EMPTY;
        // behind[j]: cells whose j nearest cells behind them (against the
        // direction) all hold own stones; ahead[j] likewise in front. The
        // chains AND with `own` before every shift, and `own` has no padding
        // bits, so no run wraps from one row into the next.
        let mut behind = [Bitboard::EMPTY; MAX_K + 2];
        let mut ahead = [Bitboard::EMPTY; MAX_K + 2];
        for d in self.geometry.directions() {
            behind[0] = !Bitboard::EMPTY;
            ahead[0] = !Bitboard::EMPTY;
            let mut nb = 1;
            while nb <= k {
                let next = (*own & behind[nb - 1]).shl(d);
                if next.is_empty() {
                    break;
                }
                behind[nb] = next;
                nb += 1;
            }
            let mut na = 1;
            while na <= k {
                let next = (*own & ahead[na - 1]).shr(d);
                if next.is_empty() {
                    break;
                }
                ahead[na] = next;
                na += 1;
            }
            // behind[j] is meaningful for j < nb (empty beyond), ahead for j < na.
            match self.rule {
                Rule::Freestyle => {
                    for (a, back) in behind.iter().enumerate().take(nb.min(k)) {
                        let b = k - 1 - a;
                        if b < na {
                            result |= *back & ahead[b];
                        }
                    }
                }
                Rule::Exact => {
                    for (a, back) in behind.iter().enumerate().take(nb.min(k)) {
                        let b = k - 1 - a;
                        if b < na {
                            let mut cells = *back & ahead[b];
                            if a + 1 < nb {
                                cells = cells.and_not(&behind[a + 1]);
                            }
                            if b + 1 < na {
                                cells = cells.and_not(&ahead[b + 1]);
                            }
                            result |= cells;
                        }
                    }
                }
            }
        }
        result & empty
    }

    /// The empty cells lying in some window of `k` consecutive cells that
    /// holds no `opp` stone and at most `max_empty` (0..=3) empty cells.
    ///
    /// Every cell that can complete a line together with `max_empty - 1`
    /// further own stones lies in such a window, which makes this the cheap
    /// superset behind the `fours` and `threats` filters.
    #[must_use]
    pub fn window_cells(&self, own: &Bitboard, opp: &Bitboard, max_empty: usize) -> Bitboard {
        debug_assert!(max_empty <= 3);
        let cells = self.geometry.cells();
        let free = cells.and_not(opp);
        let empty = free.and_not(own);
        let k = self.k as usize;
        let mut result = Bitboard::EMPTY;
        for d in self.geometry.directions() {
            // count[c]: windows of the current length, starting here, whose
            // cells are all free and hold exactly c empty cells.
            let mut count = [Bitboard::EMPTY; 4];
            count[0] = free.and_not(&empty);
            count[1] = empty;
            for _ in 1..k {
                let mut next = [Bitboard::EMPTY; 4];
                for c in 0..=max_empty {
                    let shifted = count[c].shr(d);
                    next[c] |= shifted & free.and_not(&empty);
                    if c < max_empty {
                        next[c + 1] |= shifted & empty;
                    }
                }
                count = next;
            }
            let mut starts = Bitboard::EMPTY;
            for c in count.iter().take(max_empty + 1) {
                starts |= *c;
            }
            // Spread each window start over its k cells; they are all real
            // cells, so the shifts never pass through padding.
            let mut spread = starts;
            let mut acc = starts;
            for _ in 1..k {
                spread = spread.shl(d);
                acc |= spread;
            }
            result |= acc;
        }
        result & empty
    }

    /// Whether playing the empty cell `m` for `own` is a four: it wins at
    /// once, or afterwards `own` has a winning cell.
    #[must_use]
    pub fn is_four(&self, own: &Bitboard, opp: &Bitboard, m: Cell) -> bool {
        let mut after = *own;
        after.insert(m.index());
        self.wins_through(&after, m) || !self.winning_cells(&after, opp).is_empty()
    }

    /// Whether some empty cell, played for `own`, would leave `own` two or
    /// more winning cells. `own` must have no winning cell of its own.
    fn has_double_point(&self, own: &Bitboard, opp: &Bitboard) -> bool {
        // A cell giving two winning cells completes, with each of them, a
        // window holding k - 2 own stones (the argument is in `threats`).
        self.window_cells(own, opp, 2).iter().any(|e| {
            let mut after = *own;
            after.insert(e);
            self.winning_cells(&after, opp).has_two()
        })
    }

    /// Whether playing the empty cell `m` for `own` is a threat: a four, or
    /// afterwards some empty cell would give `own` two or more winning cells.
    #[must_use]
    pub fn is_threat(&self, own: &Bitboard, opp: &Bitboard, m: Cell) -> bool {
        let mut after = *own;
        after.insert(m.index());
        self.wins_through(&after, m)
            || !self.winning_cells(&after, opp).is_empty()
            || self.has_double_point(&after, opp)
    }

    /// The cells of `within` that are fours for `own` (see [`Game::is_four`]).
    ///
    /// Fast path: when `own` has no winning cell yet, a four `m` must share a
    /// window of k cells with its new winning cell `w` that is full of own
    /// stones once both are played (a winning line contains such a window; if
    /// the window missed `m`, `w` would have been winning before `m`, even
    /// under the exact rule, since an own stone not adjacent to a run leaves
    /// it unchanged). So `m` lies in a window with no opponent stone and at
    /// most two empty cells. Under freestyle the converse holds too; under the
    /// exact rule each such cell is checked.
    #[must_use]
    pub fn fours(&self, own: &Bitboard, opp: &Bitboard, within: &Bitboard) -> Bitboard {
        let within = *within & self.geometry.cells().and_not(&(*own | *opp));
        let has_winning_cell = !self.winning_cells(own, opp).is_empty();
        if has_winning_cell && self.rule == Rule::Freestyle {
            // Any move keeps the winning cell or takes it and wins.
            return within;
        }
        let superset = if has_winning_cell {
            within
        } else {
            self.window_cells(own, opp, 2) & within
        };
        if self.rule == Rule::Freestyle {
            return superset;
        }
        superset
            .iter()
            .filter(|&m| self.is_four(own, opp, Cell::from_index(m)))
            .collect()
    }

    /// The cells of `within` that are threats for `own` (see
    /// [`Game::is_threat`]).
    ///
    /// Fast path: when `own` has neither a winning cell nor a cell giving two
    /// of them, a threat `m` that is not a four leaves some cell `e` giving
    /// two winning cells; not both of their windows can miss `m` (they would
    /// have been there before `m`), and the window holding `m`, `e` and a
    /// winning cell has k - 3 own stones and no opponent stone. Each cell of
    /// that superset is then checked literally.
    #[must_use]
    pub fn threats(&self, own: &Bitboard, opp: &Bitboard, within: &Bitboard) -> Bitboard {
        let within = *within & self.geometry.cells().and_not(&(*own | *opp));
        let degenerate =
            !self.winning_cells(own, opp).is_empty() || self.has_double_point(own, opp);
        if degenerate && self.rule == Rule::Freestyle {
            // Under freestyle an own stone never spoils an own winning cell
            // or double point other than by taking it, which is then a four.
            return within;
        }
        let superset = if degenerate {
            within
        } else {
            self.window_cells(own, opp, 3) & within
        };
        superset
            .iter()
            .filter(|&m| self.is_threat(own, opp, Cell::from_index(m)))
            .collect()
    }

    /// The empty cells a side may play under `candidates`: `Near(r)` is every
    /// empty cell within `r` king steps of a stone (the centre alone on an
    /// empty board), `All` every empty cell.
    #[must_use]
    pub fn candidates(&self, own: &Bitboard, opp: &Bitboard, candidates: Candidates) -> Bitboard {
        let cells = *self.geometry.cells();
        let stones = *own | *opp;
        let empty = cells.and_not(&stones);
        match candidates {
            Candidates::All => empty,
            Candidates::Near(_) if stones.is_empty() => {
                Bitboard::single(self.geometry.centre().index())
            }
            Candidates::Near(r) => {
                let s = self.geometry.stride();
                let steps = u32::from(r).min(self.geometry.width().max(self.geometry.height()));
                let mut area = stones;
                for _ in 0..steps {
                    let h = (area | area.shl(1) | area.shr(1)) & cells;
                    area = (h | h.shl(s) | h.shr(s)) & cells;
                }
                area & empty
            }
        }
    }

    /// The moves the attacker `own` may make: its candidates passing `attack`.
    #[must_use]
    pub fn attack_moves(
        &self,
        own: &Bitboard,
        opp: &Bitboard,
        candidates: Candidates,
        attack: Attack,
    ) -> Bitboard {
        let cands = self.candidates(own, opp, candidates);
        match attack {
            Attack::Any => cands,
            Attack::Fours => self.fours(own, opp, &cands),
            Attack::Threats => self.threats(own, opp, &cands),
        }
    }
}

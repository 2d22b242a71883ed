//! Wins: the win test through a cell (by walks along the four lines), a
//! winning line anywhere, the cells where one more stone wins (bit-parallel
//! over the whole board), and the cells a move makes winning.

use super::MAX_K;
use crate::bitboard::{Bitboard, Words};
use crate::game::{Game, LineRule};
use crate::geometry::{Cell, Player};

impl Game {
    /// Whether the stones in `own` (raw words, bit `i` of word `i / 64`)
    /// make a winning line through bit `c`, which must be one of them.
    /// Each run is walked at most k + 1 long, with word-level bit tests
    /// (faster here than `bitvec`'s, see the `place_win_remove` bench).
    #[inline]
    pub(super) fn wins_by_walk(&self, player: Player, own: &[u64], c: usize) -> bool {
        let gomoku = self.geometry().stride() == 16 && self.k() == 5;
        match (gomoku, self.rule_for(player) == LineRule::Exact) {
            (true, false) => self.wins_by_walk_in::<16, 5, false>(own, c),
            (true, true) => self.wins_by_walk_in::<16, 5, true>(own, c),
            (false, false) => self.wins_by_walk_in::<0, 0, false>(own, c),
            (false, true) => self.wins_by_walk_in::<0, 0, true>(own, c),
        }
    }

    /// [`Game::wins_by_walk`] with the stride `S` and `K` constants
    /// when not 0, under the exact rule if `EXACT`.
    #[inline(always)]
    fn wins_by_walk_in<const S: u32, const K: u32, const EXACT: bool>(
        &self,
        own: &[u64],
        c: usize,
    ) -> bool {
        let test = |i: usize| own.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
        let k = if K > 0 { K } else { self.k() };
        let exact = EXACT;
        let cap = if exact { k + 1 } else { k };
        let dirs = if S == 0 {
            self.geometry().directions()
        } else {
            [1, S, S + 1, S - 1]
        };
        let mut win = false;
        for_each_direction!(I => {
            if !win {
                let d = dirs[I] as usize;
                let n = if S == 16 && I == 0 {
                    // A row of 16 bits lies in one word, its padding bit
                    // last: the run is the ones around bit c of that word.
                    let w = own.get(c / 64).copied().unwrap_or(0);
                    let b = c % 64;
                    (!(w >> b)).trailing_zeros() + (!(w << (63 - b))).leading_zeros() - 1
                } else {
                    let mut n = 1;
                    let mut i = c + d;
                    while n < cap && test(i) {
                        n += 1;
                        i += d;
                    }
                    // Below bit 0 the index wraps past the words: no stone.
                    let mut i = c.wrapping_sub(d);
                    while n < cap && test(i) {
                        n += 1;
                        i = i.wrapping_sub(d);
                    }
                    n
                };
                win = if exact { n == k } else { n >= k };
            }
        });
        win
    }

    /// Calls `f` with each cell that a stone of `own` on the empty cell `m`
    /// would make winning through `m`: the empty cells `w` such that, with
    /// own stones on `m` and `w`, the run through `w` along some line holds
    /// `m` and wins. Such a `w` is the first cell past the run through `m`
    /// on one side, so there are at most two per line, and no cell is found
    /// twice (lines through `m` meet only in `m`).
    ///
    /// These are all the cells that `m` makes winning: a winning run that
    /// misses `m` (and so every cell next to it as well) was there and
    /// winning before. So when `own` has no winning cell, they are all its
    /// winning cells after `m`.
    ///
    /// `m` may also hold a stone of `own` already (the move just played):
    /// the walk never looks at `m` itself, so the cells are the same.
    ///
    /// # Panics
    ///
    /// In debug builds, when `opp` holds a stone on `m`.
    #[inline]
    pub fn for_each_made_win(
        &self,
        player: Player,
        own: &Bitboard,
        opp: &Bitboard,
        m: Cell,
        f: impl FnMut(Cell),
    ) {
        debug_assert!(!opp.contains(m.index()));
        self.made_wins_by_walk(player, own.words(), opp.words(), m.index(), f);
    }

    /// The number of cells [`Game::for_each_made_win`] finds.
    #[inline]
    #[must_use]
    pub fn made_win_count(&self, player: Player, own: &Bitboard, opp: &Bitboard, m: Cell) -> u32 {
        self.made_win_count_by_walk(player, own.words(), opp.words(), m.index())
    }

    /// [`Game::made_win_count`] on raw words (bit `i` of word `i / 64`).
    #[inline(always)]
    pub(super) fn made_win_count_by_walk(
        &self,
        player: Player,
        own: &[u64],
        opp: &[u64],
        m: usize,
    ) -> u32 {
        let mut n = 0;
        self.made_wins_by_walk(player, own, opp, m, |_| n += 1);
        n
    }

    /// [`Game::for_each_made_win`] on raw words, through the instance for
    /// the game's stride, k and rule.
    #[inline(always)]
    fn made_wins_by_walk(
        &self,
        player: Player,
        own: &[u64],
        opp: &[u64],
        m: usize,
        f: impl FnMut(Cell),
    ) {
        let gomoku = self.geometry().stride() == 16 && self.k() == 5;
        match (gomoku, self.rule_for(player) == LineRule::Exact) {
            (true, false) => self.made_wins_by_walk_in::<16, 5, false>(own, opp, m, f),
            (true, true) => self.made_wins_by_walk_in::<16, 5, true>(own, opp, m, f),
            (false, false) => self.made_wins_by_walk_in::<0, 0, false>(own, opp, m, f),
            (false, true) => self.made_wins_by_walk_in::<0, 0, true>(own, opp, m, f),
        }
    }

    /// [`Game::for_each_made_win`] with the stride `S` and `K` constants
    /// when not 0, under the exact rule if `EXACT`.
    #[inline(always)]
    fn made_wins_by_walk_in<const S: u32, const K: u32, const EXACT: bool>(
        &self,
        own: &[u64],
        opp: &[u64],
        m: usize,
        mut f: impl FnMut(Cell),
    ) {
        let test = |b: &[u64], i: usize| b.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
        let cells = self.geometry().cells().words();
        let k = if K > 0 { K } else { self.k() };
        let exact = EXACT;
        let wins = |run: u32| if exact { run == k } else { run >= k };
        let dirs = if S == 0 {
            self.geometry().directions()
        } else {
            [1, S, S + 1, S - 1]
        };
        for_each_direction!(I => {
            let d = dirs[I] as usize;
            // The run through m: `ahead` stones forward, `back` backward;
            // `fwd` and `bwd` are the cells just past it (`None` below bit
            // 0; off-board ones are padding or past the last row).
            let mut ahead = 0;
            let mut fwd = m + d;
            while test(own, fwd) {
                ahead += 1;
                fwd += d;
            }
            let mut back = 0;
            let mut bwd = m.checked_sub(d);
            while let Some(i) = bwd {
                if !test(own, i) {
                    break;
                }
                back += 1;
                bwd = i.checked_sub(d);
            }
            let run = back + 1 + ahead;
            // Own stones past an end cell: `need` more make k with the run
            // and the end cell, one more tells an overline under the exact
            // rule. They are counted before the end cell is looked at, as
            // they rule most ends out (stones counted past an off-board end
            // cell are never used).
            let need = k.saturating_sub(run + 1);
            let limit = if exact { need + 1 } else { need };
            let mut beyond = 0;
            let mut j = fwd + d;
            while beyond < limit && test(own, j) {
                beyond += 1;
                j += d;
            }
            if wins(run + 1 + beyond) && test(cells, fwd) && !test(opp, fwd) {
                f(Cell::from_index(fwd));
            }
            if let Some(e) = bwd {
                let mut beyond = 0;
                let mut j = e;
                while beyond < limit && j >= d && test(own, j - d) {
                    beyond += 1;
                    j -= d;
                }
                if wins(run + 1 + beyond) && test(cells, e) && !test(opp, e) {
                    f(Cell::from_index(e));
                }
            }
        });
    }

    /// Whether `own`, which must contain `cell`, has a winning line through
    /// `cell`. Only the four lines through `cell` are examined.
    ///
    /// # Panics
    ///
    /// In debug builds, when `own` has no stone on `cell`.
    #[inline]
    #[must_use]
    pub fn wins_through(&self, player: Player, own: &Bitboard, cell: Cell) -> bool {
        debug_assert!(own.contains(cell.index()));
        self.wins_by_walk(player, own.words(), cell.index())
    }

    /// Whether `own` has a winning line anywhere (computed from scratch).
    #[must_use]
    pub fn has_line(&self, player: Player, own: &Bitboard) -> bool {
        own.iter()
            .any(|i| self.wins_by_walk(player, own.words(), i))
    }

    /// Every empty cell (not in `own` or `opp`) where one more stone of
    /// `own` makes a winning line.
    #[must_use]
    pub fn winning_cells(&self, player: Player, own: &Bitboard, opp: &Bitboard) -> Bitboard {
        by_words!(self, N, S => {
            self.winning_in::<N, S>(player, Words::of(own), Words::of(opp), false)
                .to_bitboard()
        })
    }

    /// [`Game::winning_cells`] on the words a board uses; with `first`, it
    /// stops after the first direction that yields a winning cell (for
    /// emptiness tests).
    #[inline(always)]
    pub(super) fn winning_in<const N: usize, const S: u32>(
        &self,
        player: Player,
        own: Words<N>,
        opp: Words<N>,
        first: bool,
    ) -> Words<N> {
        // The run chains need k + 1 entries at most: a small array for the
        // usual k, so that setting it up costs little; k = 5 on a board of
        // known stride gets an instance with every shift a constant.
        if S != 0 && self.k() == 5 {
            self.winning_with_chains::<N, S, 7, 5>(player, own, opp, first)
        } else if self.k() < 8 {
            self.winning_with_chains::<N, S, 9, 0>(player, own, opp, first)
        } else {
            self.winning_with_chains::<N, S, { MAX_K + 2 }, 0>(player, own, opp, first)
        }
    }

    /// [`Game::winning_in`] with run chains of `CAP` entries (`K`: k when
    /// not 0).
    #[inline(always)]
    fn winning_with_chains<const N: usize, const S: u32, const CAP: usize, const K: usize>(
        &self,
        player: Player,
        own: Words<N>,
        opp: Words<N>,
        first: bool,
    ) -> Words<N> {
        let cells = Words::<N>::of(self.geometry().cells());
        let empty = cells.and_not(own | opp);
        let mut result = Words::ZERO;
        let dirs = self.dirs::<S>();
        let mut done = false;
        for_each_direction!(I => {
            if !done {
                result |= self.winning_along::<N, CAP, K>(player, own, dirs[I]);
                done = first && !(result & empty).is_empty();
            }
        });
        result & empty
    }

    /// The cells that make a winning line along direction `d` with `own`
    /// (empty or not: the caller masks).
    #[inline(always)]
    fn winning_along<const N: usize, const CAP: usize, const K: usize>(
        &self,
        player: Player,
        own: Words<N>,
        d: u32,
    ) -> Words<N> {
        let k = if K > 0 { K } else { self.k() as usize };
        let exact = self.rule_for(player) == LineRule::Exact;
        // ends[j]: own stones ending a run of j or more own stones (the
        // stone and the j - 1 before it, against the direction); behind[j]:
        // cells whose j nearest cells behind them all hold own stones, i.e.
        // ends[j] moved one step forward. Cells with j own stones ahead are
        // ends[j] moved j steps back. A cell wins with a stones behind and
        // b ahead, a + b = k - 1 (under the exact rule: exactly a and b).
        // The chain ANDs with `own` before every shift, and `own` has no
        // padding bits, so no run wraps from one row into the next; `ends`
        // are stones, so no shift drops one of them.
        let top = if exact { k } else { k - 1 };
        debug_assert!(top + 1 < CAP);
        // The loops run over constant ranges with early exits, so that the
        // compiler can unroll them and keep the arrays in registers.
        let mut behind = [Words::<N>::ZERO; CAP];
        let mut ends = [Words::<N>::ZERO; CAP];
        behind[0] = Words::ALL;
        let mut m = 0;
        for j in 1..CAP {
            if j > top {
                break;
            }
            let e = own & behind[j - 1];
            if e.is_empty() {
                break;
            }
            ends[j] = e;
            behind[j] = e.shl(d);
            m = j;
        }
        // behind[j] and ends[j] are meaningful for j <= m and empty beyond:
        // the longest run in this direction is m (or longer when the chain
        // stopped at `top`). A winning cell needs a, b <= m, so a run of
        // (k - 1) / 2 rounded up.
        let mut result = Words::ZERO;
        if 2 * m < k - 1 {
            return result;
        }
        let ahead = |b: usize| -> Words<N> {
            match b {
                0 => Words::ALL,
                b if b <= m => ends[b].down_by(b * d as usize),
                _ => Words::ZERO,
            }
        };
        // Every split a + b = k - 1 (those with a or b above m give
        // nothing); a constant range, so that for a constant k the loop
        // unrolls and every shift distance is a constant.
        let mut cur = Words::ALL;
        for b in 0..CAP {
            if b >= k {
                break;
            }
            let a = k - 1 - b;
            let next = ahead(b + 1);
            let mut c = behind[a] & cur;
            if exact {
                c = c.and_not(behind[a + 1]).and_not(next);
            }
            result |= c;
            cur = next;
        }
        result
    }
}

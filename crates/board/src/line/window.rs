//! Windows: the empty cells of the windows of `k` consecutive cells that
//! hold no opponent stone and few empty cells. A cell that completes a line
//! with a few more own stones lies in such a window, which makes them the
//! cheap superset that the `fours` and `threats` filters check.

use super::{spread_windows, MAX_K};
use crate::bitboard::{Bitboard, Words};
use crate::game::Game;

impl Game {
    /// The empty cells lying in some window of `k` consecutive cells that
    /// holds no `opp` stone and at most `max_empty` empty cells (any number;
    /// from `k` on, every window without an `opp` stone counts).
    ///
    /// Every cell that can complete a line together with `max_empty - 1`
    /// further own stones lies in such a window, which makes this the cheap
    /// superset behind the `fours` and `threats` filters.
    #[must_use]
    pub fn window_cells(&self, own: &Bitboard, opp: &Bitboard, max_empty: usize) -> Bitboard {
        by_words!(self, N, S => {
            self.window_cells_in::<N, S>(Words::of(own), Words::of(opp), max_empty)
                .to_bitboard()
        })
    }

    /// Whether [`Game::window_cells`] is not empty: some window of `k`
    /// consecutive cells holds no `opp` stone, an empty cell and at most
    /// `max_empty` empty cells. Cheaper than building the set: it looks at
    /// the windows' first cells only and stops at the first direction that
    /// has one (for bounds up to 3, and from `k` on, where the bound leaves
    /// out no window; between them, it builds the set).
    #[must_use]
    pub fn has_window(&self, own: &Bitboard, opp: &Bitboard, max_empty: usize) -> bool {
        if max_empty >= self.k() as usize {
            return by_words!(self, N, S => {
                self.has_window_at_most::<N, S, 0, 0, true>(Words::of(own), Words::of(opp))
            });
        }
        if max_empty > 3 {
            return !self.window_cells(own, opp, max_empty).is_empty();
        }
        by_words!(self, N, S => {
            let (own, opp) = (Words::<N>::of(own), Words::<N>::of(opp));
            match (S != 0 && self.k() == 5, max_empty) {
                (true, 2) => self.has_window_at_most::<N, S, 5, 2, false>(own, opp),
                (true, 3) => self.has_window_at_most::<N, S, 5, 3, false>(own, opp),
                (_, 0) => self.has_window_at_most::<N, S, 0, 0, false>(own, opp),
                (_, 1) => self.has_window_at_most::<N, S, 0, 1, false>(own, opp),
                (_, 2) => self.has_window_at_most::<N, S, 0, 2, false>(own, opp),
                _ => self.has_window_at_most::<N, S, 0, 3, false>(own, opp),
            }
        })
    }

    /// [`Game::has_window`] for a bound `MAX_EMPTY` of 0 to 3 (`K`: k when
    /// not 0), or with `ANY` for a bound of `k` or more: a window holds at
    /// most `k` empty cells, so the question is then only whether a window
    /// free of `opp` holds an empty cell.
    #[inline(always)]
    fn has_window_at_most<
        const N: usize,
        const S: u32,
        const K: usize,
        const MAX_EMPTY: usize,
        const ANY: bool,
    >(
        &self,
        own: Words<N>,
        opp: Words<N>,
    ) -> bool {
        let cells = Words::<N>::of(self.geometry().cells());
        let free = cells.and_not(opp);
        let empty = free.and_not(own);
        let dirs = self.dirs::<S>();
        let mut found = false;
        for_each_direction!(I => {
            if !found {
                let (within, with_empty) =
                    self.window_starts::<N, K, MAX_EMPTY>(free, empty, dirs[I]);
                found = if ANY {
                    !with_empty.is_empty()
                } else {
                    !(within & with_empty).is_empty()
                };
            }
        });
        found
    }

    /// [`Game::window_cells`] on the words a board uses.
    #[inline(always)]
    pub(super) fn window_cells_in<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        max_empty: usize,
    ) -> Words<N> {
        // One instance per bound on the empties, and k = 5 on a board of
        // known stride with every loop unrolled.
        match (S != 0 && self.k() == 5, max_empty) {
            (true, 2) => self.windows_with_at_most::<N, S, 5, 2>(own, opp),
            (true, 3) => self.windows_with_at_most::<N, S, 5, 3>(own, opp),
            (_, 0) => self.windows_with_at_most::<N, S, 0, 0>(own, opp),
            (_, 1) => self.windows_with_at_most::<N, S, 0, 1>(own, opp),
            (_, 2) => self.windows_with_at_most::<N, S, 0, 2>(own, opp),
            (_, 3) => self.windows_with_at_most::<N, S, 0, 3>(own, opp),
            _ => self.windows_with_many_empty::<N, S>(own, opp, max_empty),
        }
    }

    /// [`Game::window_cells`] for bounds above 3: at most `max_empty`
    /// empty cells is at least `t = k - max_empty` own stones, counted up
    /// to `t` (none from `k` on: every window free of `opp` counts). A
    /// window without an empty cell adds no cell, as the result is masked
    /// with the empty cells.
    #[inline(never)]
    fn windows_with_many_empty<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        max_empty: usize,
    ) -> Words<N> {
        let t = (self.k() as usize).saturating_sub(max_empty);
        if t <= 4 {
            self.windows_with_at_least::<N, S, 4>(own, opp, t)
        } else {
            self.windows_with_at_least::<N, S, { MAX_K + 1 }>(own, opp, t)
        }
    }

    /// [`Game::windows_with_many_empty`] with `t <= L`.
    #[inline(always)]
    fn windows_with_at_least<const N: usize, const S: u32, const L: usize>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        t: usize,
    ) -> Words<N> {
        let k = self.k() as usize;
        let cells = Words::<N>::of(self.geometry().cells());
        let free = cells.and_not(opp);
        let empty = free.and_not(own);
        let stones = free.and_not(empty);
        let mut result = Words::ZERO;
        let dirs = self.dirs::<S>();
        for_each_direction!(I => {
            let d = dirs[I];
            let mut valid = free;
            // least[j]: windows with more than j own stones so far.
            let mut least = [Words::<N>::ZERO; L];
            least[0] = stones;
            let (mut f, mut o) = (free, stones);
            for _ in 1..k {
                f = f.shr(d);
                o = o.shr(d);
                valid = valid & f;
                for j in (1..t).rev() {
                    least[j] |= least[j - 1] & o;
                }
                least[0] |= o;
            }
            let starts = if t == 0 { valid } else { valid & least[t - 1] };
            result |= spread_windows(starts, d, k);
        });
        result & empty
    }

    /// [`Game::window_cells`] for a bound `MAX_EMPTY` of 0 to 3 (`K`: k when
    /// not 0).
    #[inline(always)]
    fn windows_with_at_most<
        const N: usize,
        const S: u32,
        const K: usize,
        const MAX_EMPTY: usize,
    >(
        &self,
        own: Words<N>,
        opp: Words<N>,
    ) -> Words<N> {
        let cells = Words::<N>::of(self.geometry().cells());
        let free = cells.and_not(opp);
        let empty = free.and_not(own);
        let mut result = Words::ZERO;
        let dirs = self.dirs::<S>();
        for_each_direction!(I => {
            result |= self.windows_along::<N, K, MAX_EMPTY>(free, empty, dirs[I]);
        });
        result & empty
    }

    /// The cells of the windows along direction `d` of [`Game::window_cells`]
    /// with at most `MAX_EMPTY` (at most 3) empty cells (`K`: k when not 0).
    #[inline(always)]
    fn windows_along<const N: usize, const K: usize, const MAX_EMPTY: usize>(
        &self,
        free: Words<N>,
        empty: Words<N>,
        d: u32,
    ) -> Words<N> {
        let k = if K > 0 { K } else { self.k() as usize };
        let (within, _) = self.window_starts::<N, K, MAX_EMPTY>(free, empty, d);
        spread_windows(within, d, k)
    }

    /// The windows along direction `d`, by their first cell, that hold no
    /// opponent stone: those with at most `MAX_EMPTY` (at most 3) empty
    /// cells, and those with at least one (`K`: k when not 0).
    #[inline(always)]
    fn window_starts<const N: usize, const K: usize, const MAX_EMPTY: usize>(
        &self,
        free: Words<N>,
        empty: Words<N>,
        d: u32,
    ) -> (Words<N>, Words<N>) {
        let k = if K > 0 { K } else { self.k() as usize };
        // Windows by their first cell: `valid` while every cell so far is
        // free (real and without an opponent stone); more[j] once more than
        // j of them are empty. Cells past the board's end shift in as not
        // free, padding bits are not free, so no window leaves the board.
        let mut valid = free;
        let mut more = [Words::<N>::ZERO; 4];
        more[0] = empty;
        let (mut f, mut e) = (free, empty);
        for t in 1..=MAX_K {
            if t >= k {
                break;
            }
            f = f.shr(d);
            e = e.shr(d);
            valid = valid & f;
            if valid.is_empty() {
                return (Words::ZERO, Words::ZERO);
            }
            for j in (1..=MAX_EMPTY).rev() {
                more[j] |= more[j - 1] & e;
            }
            more[0] |= e;
        }
        (valid.and_not(more[MAX_EMPTY]), valid & more[0])
    }
}

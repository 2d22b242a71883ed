//! A game: board geometry, `k` and rule, and the line arithmetic on sets of
//! stones (win tests, winning cells, candidate cells, the attacker's filters).
//!
//! Every function here is pure: it takes the stones of the side concerned
//! (`own`) and of its opponent (`opp`) as bitboards and returns a bitboard or
//! a boolean, so the same code serves the board, the provers and the tests.

use crate::bitboard::{Bitboard, Words, WORDS};
use crate::geometry::{Cell, Geometry, SizeError};
use crate::restriction::{Attack, Candidates};
use std::fmt;

/// The longest run or window the line code handles: the largest board side.
const MAX_K: usize = crate::geometry::MAX_SIDE as usize;

/// What counts as a winning line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// `k` or more stones in a row win.
    #[default]
    Freestyle,
    /// Exactly `k` stones in a row win; an overline does not.
    Exact,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
        })
    }
}

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
    /// How many leading words of a bitboard the line arithmetic works on:
    /// the words the board's cells occupy, rounded up to 1, 2, 4, 6, 8 or
    /// [`WORDS`] (one instance of the arithmetic per value).
    words: u8,
}

/// Runs `$body` with the const `$n` set to the game's word count and the
/// const `$s` to its stride where the arithmetic has an instance for it
/// (15x15, stride 16), else 0.
macro_rules! by_words {
    ($game:expr, $n:ident, $s:ident => $body:expr) => {
        match ($game.words, $game.geometry.stride()) {
            (4, 16) => {
                const $n: usize = 4;
                const $s: u32 = 16;
                $body
            }
            (1, _) => {
                const $n: usize = 1;
                const $s: u32 = 0;
                $body
            }
            (2, _) => {
                const $n: usize = 2;
                const $s: u32 = 0;
                $body
            }
            (4, _) => {
                const $n: usize = 4;
                const $s: u32 = 0;
                $body
            }
            (6, _) => {
                const $n: usize = 6;
                const $s: u32 = 0;
                $body
            }
            (8, _) => {
                const $n: usize = 8;
                const $s: u32 = 0;
                $body
            }
            _ => {
                const $n: usize = WORDS;
                const $s: u32 = 0;
                $body
            }
        }
    };
}

/// Runs `$body` four times, with the const `$i` set to 0, 1, 2 and 3 (the
/// four line directions): unrolled, so that a constant direction becomes a
/// constant shift.
macro_rules! for_each_direction {
    ($i:ident => $body:block) => {{
        {
            const $i: usize = 0;
            $body
        }
        {
            const $i: usize = 1;
            $body
        }
        {
            const $i: usize = 2;
            $body
        }
        {
            const $i: usize = 3;
            $body
        }
    }};
}

impl Game {
    /// The bit distances of the four line directions: constants when the
    /// stride `S` is known at compile time, else those of the geometry
    /// (`S == 0`). A shift by a constant is one instruction per word; by a
    /// distance known only at run time, several (`bits/shift_up_stride`).
    #[inline(always)]
    fn dirs<const S: u32>(&self) -> [u32; 4] {
        if S == 0 {
            self.geometry.directions()
        } else {
            [1, S, S + 1, S - 1]
        }
    }

    /// A game on a `width` x `height` board (1..=26 each) where `k` in a row
    /// (1..=max(width, height)) wins under `rule`.
    pub fn new(width: u32, height: u32, k: u32, rule: Rule) -> Result<Game, GameError> {
        let geometry = Geometry::new(width, height)?;
        let max = width.max(height);
        if !(1..=max).contains(&k) {
            return Err(GameError::K { k, max });
        }
        let used = (height * geometry.stride()).div_ceil(64) as usize;
        let words = [1, 2, 4, 6, 8, WORDS]
            .into_iter()
            .find(|&n| n >= used)
            .expect("a board fits in WORDS words") as u8;
        Ok(Game {
            geometry,
            k: k as u8,
            rule,
            words,
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

    /// Whether the stones in `own` (raw words, bit `i` of word `i / 64`)
    /// make a winning line through bit `c`, which must be one of them.
    /// Each run is walked at most k + 1 long, with word-level bit tests
    /// (faster here than `bitvec`'s, see the `place_win_remove` bench).
    #[inline]
    fn wins_through_words(&self, own: &[u64], c: usize) -> bool {
        let gomoku = self.geometry.stride() == 16 && self.k == 5;
        match (gomoku, self.rule == Rule::Exact) {
            (true, false) => self.wins_through_sk::<16, 5, false>(own, c),
            (true, true) => self.wins_through_sk::<16, 5, true>(own, c),
            (false, false) => self.wins_through_sk::<0, 0, false>(own, c),
            (false, true) => self.wins_through_sk::<0, 0, true>(own, c),
        }
    }

    /// [`Game::wins_through_words`] with the stride `S` and `K` constants
    /// when not 0, under the exact rule if `EXACT`.
    #[inline(always)]
    fn wins_through_sk<const S: u32, const K: u32, const EXACT: bool>(
        &self,
        own: &[u64],
        c: usize,
    ) -> bool {
        let test = |i: usize| own.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
        let k = if K > 0 { K } else { self.k() };
        let exact = EXACT;
        let cap = if exact { k + 1 } else { k };
        let dirs = if S == 0 {
            self.geometry.directions()
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
    #[inline]
    pub fn for_each_made_win(&self, own: &Bitboard, opp: &Bitboard, m: Cell, f: impl FnMut(Cell)) {
        debug_assert!(!opp.contains(m.index()));
        self.made_wins_words(own.words(), opp.words(), m.index(), f);
    }

    /// The number of cells [`Game::for_each_made_win`] finds.
    #[inline]
    #[must_use]
    pub fn made_win_count(&self, own: &Bitboard, opp: &Bitboard, m: Cell) -> u32 {
        self.made_count_words(own.words(), opp.words(), m.index())
    }

    /// [`Game::made_win_count`] on raw words (bit `i` of word `i / 64`).
    #[inline(always)]
    fn made_count_words(&self, own: &[u64], opp: &[u64], m: usize) -> u32 {
        let mut n = 0;
        self.made_wins_words(own, opp, m, |_| n += 1);
        n
    }

    /// [`Game::for_each_made_win`] on raw words, through the instance for
    /// the game's stride, k and rule.
    #[inline(always)]
    fn made_wins_words(&self, own: &[u64], opp: &[u64], m: usize, f: impl FnMut(Cell)) {
        let gomoku = self.geometry.stride() == 16 && self.k == 5;
        match (gomoku, self.rule == Rule::Exact) {
            (true, false) => self.made_wins_sk::<16, 5, false>(own, opp, m, f),
            (true, true) => self.made_wins_sk::<16, 5, true>(own, opp, m, f),
            (false, false) => self.made_wins_sk::<0, 0, false>(own, opp, m, f),
            (false, true) => self.made_wins_sk::<0, 0, true>(own, opp, m, f),
        }
    }

    /// [`Game::for_each_made_win`] with the stride `S` and `K` constants
    /// when not 0, under the exact rule if `EXACT`.
    #[inline(always)]
    fn made_wins_sk<const S: u32, const K: u32, const EXACT: bool>(
        &self,
        own: &[u64],
        opp: &[u64],
        m: usize,
        mut f: impl FnMut(Cell),
    ) {
        let test = |b: &[u64], i: usize| b.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0);
        let cells = self.geometry.cells().words();
        let k = if K > 0 { K } else { self.k() };
        let exact = EXACT;
        let wins = |run: u32| if exact { run == k } else { run >= k };
        let dirs = if S == 0 {
            self.geometry.directions()
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
    #[inline]
    #[must_use]
    pub fn wins_through(&self, own: &Bitboard, cell: Cell) -> bool {
        debug_assert!(own.contains(cell.index()));
        self.wins_through_words(own.words(), cell.index())
    }

    /// Whether `own` has a winning line anywhere (computed from scratch).
    #[must_use]
    pub fn has_line(&self, own: &Bitboard) -> bool {
        own.iter().any(|i| self.wins_through_words(own.words(), i))
    }

    /// Every empty cell (not in `own` or `opp`) where one more stone of
    /// `own` makes a winning line.
    #[must_use]
    pub fn winning_cells(&self, own: &Bitboard, opp: &Bitboard) -> Bitboard {
        by_words!(self, N, S => {
            self.winning_n::<N, S>(Words::of(own), Words::of(opp), false)
                .to_bitboard()
        })
    }

    /// [`Game::winning_cells`] on the words a board uses; with `first`, it
    /// stops after the first direction that yields a winning cell (for
    /// emptiness tests).
    #[inline(always)]
    fn winning_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        first: bool,
    ) -> Words<N> {
        // The run chains need k + 1 entries at most: a small array for the
        // usual k, so that setting it up costs little; k = 5 on a board of
        // known stride gets an instance with every shift a constant.
        if S != 0 && self.k == 5 {
            self.winning_cap::<N, S, 7, 5>(own, opp, first)
        } else if self.k < 8 {
            self.winning_cap::<N, S, 9, 0>(own, opp, first)
        } else {
            self.winning_cap::<N, S, { MAX_K + 2 }, 0>(own, opp, first)
        }
    }

    #[inline(always)]
    fn winning_cap<const N: usize, const S: u32, const CAP: usize, const K: usize>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        first: bool,
    ) -> Words<N> {
        let cells = Words::<N>::of(self.geometry.cells());
        let empty = cells.and_not(own | opp);
        let mut result = Words::ZERO;
        let dirs = self.dirs::<S>();
        let mut done = false;
        for_each_direction!(I => {
            if !done {
                result |= self.winning_dir::<N, CAP, K>(own, dirs[I]);
                done = first && !(result & empty).is_empty();
            }
        });
        result & empty
    }

    /// The cells that make a winning line along direction `d` with `own`
    /// (empty or not: the caller masks).
    #[inline(always)]
    fn winning_dir<const N: usize, const CAP: usize, const K: usize>(
        &self,
        own: Words<N>,
        d: u32,
    ) -> Words<N> {
        let k = if K > 0 { K } else { self.k as usize };
        let exact = self.rule == Rule::Exact;
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
            self.window_n::<N, S>(Words::of(own), Words::of(opp), max_empty)
                .to_bitboard()
        })
    }

    #[inline(always)]
    fn window_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        max_empty: usize,
    ) -> Words<N> {
        // One instance per bound on the empties, and k = 5 on a board of
        // known stride with every loop unrolled.
        match (S != 0 && self.k == 5, max_empty) {
            (true, 2) => self.window_me::<N, S, 5, 2>(own, opp),
            (true, 3) => self.window_me::<N, S, 5, 3>(own, opp),
            (_, 0) => self.window_me::<N, S, 0, 0>(own, opp),
            (_, 1) => self.window_me::<N, S, 0, 1>(own, opp),
            (_, 2) => self.window_me::<N, S, 0, 2>(own, opp),
            (_, 3) => self.window_me::<N, S, 0, 3>(own, opp),
            _ => self.window_many::<N, S>(own, opp, max_empty),
        }
    }

    /// [`Game::window_cells`] for bounds above 3: at most `max_empty`
    /// empty cells is at least `t = k - max_empty` own stones, counted up
    /// to `t` (none from `k` on: every window free of `opp` counts). A
    /// window without an empty cell adds no cell, as the result is masked
    /// with the empty cells.
    #[inline(never)]
    fn window_many<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        max_empty: usize,
    ) -> Words<N> {
        let t = (self.k as usize).saturating_sub(max_empty);
        if t <= 4 {
            self.window_least::<N, S, 4>(own, opp, t)
        } else {
            self.window_least::<N, S, { MAX_K + 1 }>(own, opp, t)
        }
    }

    /// [`Game::window_many`] with `t <= L`.
    #[inline(always)]
    fn window_least<const N: usize, const S: u32, const L: usize>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        t: usize,
    ) -> Words<N> {
        let k = self.k as usize;
        let cells = Words::<N>::of(self.geometry.cells());
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

    #[inline(always)]
    fn window_me<const N: usize, const S: u32, const K: usize, const ME: usize>(
        &self,
        own: Words<N>,
        opp: Words<N>,
    ) -> Words<N> {
        let cells = Words::<N>::of(self.geometry.cells());
        let free = cells.and_not(opp);
        let empty = free.and_not(own);
        let mut result = Words::ZERO;
        let dirs = self.dirs::<S>();
        for_each_direction!(I => {
            result |= self.window_dir::<N, K, ME>(free, empty, dirs[I]);
        });
        result & empty
    }

    /// The cells of the windows along direction `d` of [`Game::window_cells`]
    /// with at most `ME` (at most 3) empty cells (`K`: k when not 0).
    #[inline(always)]
    fn window_dir<const N: usize, const K: usize, const ME: usize>(
        &self,
        free: Words<N>,
        empty: Words<N>,
        d: u32,
    ) -> Words<N> {
        let k = if K > 0 { K } else { self.k as usize };
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
                return Words::ZERO;
            }
            for j in (1..=ME).rev() {
                more[j] |= more[j - 1] & e;
            }
            more[0] |= e;
        }
        spread_windows(valid.and_not(more[ME]), d, k)
    }

    /// Whether playing the empty cell `m` for `own` is a four: it wins at
    /// once, or afterwards `own` has a winning cell.
    #[must_use]
    pub fn is_four(&self, own: &Bitboard, opp: &Bitboard, m: Cell) -> bool {
        by_words!(self, N, S => self.is_four_n::<N, S>(Words::of(own), Words::of(opp), m.index()))
    }

    #[inline(always)]
    fn is_four_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        m: usize,
    ) -> bool {
        let mut after = own;
        after.insert(m);
        self.wins_through_words(&after.0, m) || !self.winning_n::<N, S>(after, opp, true).is_empty()
    }

    /// Whether some empty cell, played for `own`, would leave `own` two or
    /// more winning cells. `own` must have no winning cell of its own.
    #[inline(always)]
    fn has_double_point_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
    ) -> bool {
        // A cell giving two winning cells completes, with each of them, a
        // window holding k - 2 own stones (the argument is in `threats`);
        // with no winning cell before, its winning cells are those it makes.
        self.window_n::<N, S>(own, opp, 2)
            .iter()
            .any(|e| self.made_count_words(&own.0, &opp.0, e) >= 2)
    }

    /// Whether playing the empty cell `m` for `own` is a threat: a four, or
    /// afterwards some empty cell would give `own` two or more winning cells.
    #[must_use]
    pub fn is_threat(&self, own: &Bitboard, opp: &Bitboard, m: Cell) -> bool {
        by_words!(self, N, S => self.is_threat_n::<N, S>(Words::of(own), Words::of(opp), m.index()))
    }

    #[inline(always)]
    fn is_threat_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        m: usize,
    ) -> bool {
        let mut after = own;
        after.insert(m);
        self.wins_through_words(&after.0, m)
            || !self.winning_n::<N, S>(after, opp, true).is_empty()
            || self.has_double_point_n::<N, S>(after, opp)
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
        self.fours_knowing(own, opp, within, false)
    }

    /// [`Game::fours`] when the caller knows that `own` has no winning cell
    /// (checked in debug builds): saves looking for one.
    #[must_use]
    pub fn fours_without_win(&self, own: &Bitboard, opp: &Bitboard, within: &Bitboard) -> Bitboard {
        debug_assert!(self.winning_cells(own, opp).is_empty());
        self.fours_knowing(own, opp, within, true)
    }

    /// [`Game::fours`]; with `no_win` the caller vouches that `own` has no
    /// winning cell.
    #[inline]
    fn fours_knowing(
        &self,
        own: &Bitboard,
        opp: &Bitboard,
        within: &Bitboard,
        no_win: bool,
    ) -> Bitboard {
        let within = *within & *self.geometry.cells();
        by_words!(self, N, S => {
            let (own, opp) = (Words::<N>::of(own), Words::<N>::of(opp));
            let within = Words::<N>::of(&within).and_not(own | opp);
            let has_winning_cell = !no_win && !self.winning_n::<N, S>(own, opp, true).is_empty();
            self.fours_n::<N, S>(own, opp, within, has_winning_cell).to_bitboard()
        })
    }

    #[inline(always)]
    fn fours_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        within: Words<N>,
        has_winning_cell: bool,
    ) -> Words<N> {
        if has_winning_cell && self.rule == Rule::Freestyle {
            // Any move keeps the winning cell or takes it and wins.
            return within;
        }
        let superset = if has_winning_cell {
            within
        } else {
            self.window_n::<N, S>(own, opp, 2) & within
        };
        if self.rule == Rule::Freestyle {
            return superset;
        }
        let mut fours = Words::ZERO;
        for m in superset.iter() {
            if self.is_four_n::<N, S>(own, opp, m) {
                fours.insert(m);
            }
        }
        fours
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
        let within = *within & *self.geometry.cells();
        by_words!(self, N, S => {
            let (own, opp) = (Words::<N>::of(own), Words::<N>::of(opp));
            let within = Words::<N>::of(&within).and_not(own | opp);
            self.threats_n::<N, S>(own, opp, within).to_bitboard()
        })
    }

    #[inline(always)]
    fn threats_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        within: Words<N>,
    ) -> Words<N> {
        let degenerate = !self.winning_n::<N, S>(own, opp, true).is_empty()
            || self.has_double_point_n::<N, S>(own, opp);
        if degenerate && self.rule == Rule::Freestyle {
            // Under freestyle an own stone never spoils an own winning cell
            // or double point other than by taking it, which is then a four.
            return within;
        }
        let superset = if degenerate {
            within
        } else {
            self.window_n::<N, S>(own, opp, 3) & within
        };
        let mut threats = Words::ZERO;
        for m in superset.iter() {
            if self.is_threat_n::<N, S>(own, opp, m) {
                threats.insert(m);
            }
        }
        threats
    }

    /// The empty cells a side may play under `candidates`: `Near(r)` is every
    /// empty cell within `r` king steps of a stone (the centre alone on an
    /// empty board), `All` every empty cell.
    #[must_use]
    pub fn candidates(&self, own: &Bitboard, opp: &Bitboard, candidates: Candidates) -> Bitboard {
        by_words!(self, N, S => {
            self.candidates_n::<N, S>(Words::of(own), Words::of(opp), candidates)
                .to_bitboard()
        })
    }

    #[inline(always)]
    fn candidates_n<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        candidates: Candidates,
    ) -> Words<N> {
        let cells = Words::<N>::of(self.geometry.cells());
        let stones = own | opp;
        let empty = cells.and_not(stones);
        match candidates {
            Candidates::All => empty,
            Candidates::Near(_) if stones.is_empty() => {
                let mut c = Words::ZERO;
                c.insert(self.geometry.centre().index());
                c
            }
            Candidates::Near(r) => {
                let s = self.dirs::<S>()[1];
                let steps = u32::from(r).min(self.geometry.width().max(self.geometry.height()));
                let mut area = stones;
                for _ in 0..steps {
                    // A sideways step off a row lands on a padding bit, which
                    // the vertical steps keep in the padding column and the
                    // mask then clears.
                    let h = area | area.shl(1) | area.shr(1);
                    area = (h | h.shl(s) | h.shr(s)) & cells;
                }
                area & empty
            }
        }
    }

    /// The real cells with two or more of `stones` among their eight
    /// neighbours (a move-ordering hint for searches).
    #[must_use]
    pub fn next_to_two(&self, stones: &Bitboard) -> Bitboard {
        by_words!(self, N, S => {
            let stones = Words::<N>::of(stones);
            let mut one = Words::<N>::ZERO;
            let mut two = Words::<N>::ZERO;
            let dirs = self.dirs::<S>();
            for_each_direction!(I => {
                for t in [stones.shl(dirs[I]), stones.shr(dirs[I])] {
                    two |= one & t;
                    one |= t;
                }
            });
            (two & Words::<N>::of(self.geometry.cells())).to_bitboard()
        })
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

/// Each window start of `starts` spread over the window's `k` cells along
/// `d`. The cells are all real, so no shift passes through padding.
#[inline(always)]
fn spread_windows<const N: usize>(starts: Words<N>, d: u32, k: usize) -> Words<N> {
    let mut spread = starts;
    let mut acc = starts;
    // A constant range with an early exit, so that a constant k unrolls.
    for t in 1..=MAX_K {
        if t >= k {
            break;
        }
        spread = spread.shl(d);
        acc |= spread;
    }
    acc
}

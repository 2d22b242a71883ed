//! Sets of cells as fixed-size bitboards.
//!
//! A board of width `w` is laid out row by row with a stride of `w + 1` bits:
//! bit `y * (w + 1) + x` is cell `(x, y)` and bit `y * (w + 1) + w` is a
//! padding bit that never holds a stone. A shift by one of the four line
//! directions (1, stride - 1, stride, stride + 1) therefore moves a stone on
//! the edge of a row into a padding bit, never into the next row, as long as
//! the result is masked (or ANDed with a set of stones) before it is shifted
//! again. The largest board, 26x26, needs 26 * 27 = 702 bits: [`WORDS`] words.

use bitvec::prelude::*;
use std::iter::FusedIterator;

/// Number of 64-bit words in every bitboard.
pub const WORDS: usize = 11;
/// Number of bits in every bitboard (some are padding or beyond the board).
pub const BITS: usize = WORDS * 64;

/// A set of bit indices `0..BITS`, stored in a `bitvec` array of words.
///
/// Inserting and removing one bit go through `bitvec`. The operations the
/// criterion bench `board` shows faster on the raw words are done on them:
/// boolean algebra, shifts, counting and iteration (`bits/*`, many times
/// faster) and the single-bit test (`contains`, on the `place_win_remove`
/// path). The line arithmetic of [`Game`](crate::Game) works on the leading
/// words a board actually uses.
#[derive(Clone, Copy, Eq, Default)]
pub struct Bitboard(BitArray<[u64; WORDS], Lsb0>);

/// Equality on the raw words: bitvec's own compares bit slices through
/// its generic domain walk, which callgrind showed at about 7% of an
/// AND-OR search that compared boards at every node (issue 27's
/// evaluation, `0aa88b6`). The same answer, since the array is all bits
/// (and `Hash`, on the same words, agrees with it).
impl PartialEq for Bitboard {
    #[inline]
    fn eq(&self, other: &Bitboard) -> bool {
        self.0.data == other.0.data
    }
}

impl std::hash::Hash for Bitboard {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.data.hash(state);
    }
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(BitArray::ZERO);

    /// Builds a set from its raw words (bit `i` is bit `i % 64` of word `i / 64`).
    #[inline]
    #[must_use]
    pub const fn from_words(words: [u64; WORDS]) -> Self {
        Bitboard(BitArray {
            _ord: core::marker::PhantomData,
            data: words,
        })
    }

    /// The raw words.
    #[inline]
    #[must_use]
    pub const fn words(&self) -> &[u64; WORDS] {
        &self.0.data
    }

    /// The set as a `bitvec` slice of [`BITS`] bits, for `bitvec`'s own
    /// algorithms (the benches compare them with the word-level ones).
    #[inline]
    #[must_use]
    pub fn as_bitslice(&self) -> &BitSlice<u64, Lsb0> {
        self.0.as_bitslice()
    }

    /// The set as a mutable `bitvec` slice of [`BITS`] bits.
    #[inline]
    pub fn as_mut_bitslice(&mut self) -> &mut BitSlice<u64, Lsb0> {
        self.0.as_mut_bitslice()
    }

    #[inline]
    fn words_mut(&mut self) -> &mut [u64; WORDS] {
        &mut self.0.data
    }

    /// The set holding only `bit`. Panics if `bit >= BITS`.
    #[inline]
    #[must_use]
    pub fn single(bit: usize) -> Self {
        let mut b = Self::EMPTY;
        b.insert(bit);
        b
    }

    /// Whether `bit` is in the set; `false` for any `bit >= BITS`.
    #[inline]
    #[must_use]
    pub fn contains(&self, bit: usize) -> bool {
        self.words()
            .get(bit / 64)
            .is_some_and(|w| w >> (bit % 64) & 1 != 0)
    }

    /// Adds `bit`. Panics if `bit >= BITS`.
    #[inline]
    pub fn insert(&mut self, bit: usize) {
        self.0.set(bit, true);
    }

    /// Removes `bit`. Panics if `bit >= BITS`.
    #[inline]
    pub fn remove(&mut self, bit: usize) {
        self.0.set(bit, false);
    }

    /// Inserts `bit` when `on`, else removes it, without a branch. Panics
    /// if `bit >= BITS`.
    #[inline(always)]
    pub(crate) fn assign(&mut self, bit: usize, on: bool) {
        let w = &mut self.words_mut()[bit / 64];
        *w = (*w & !(1 << (bit % 64))) | (u64::from(on) << (bit % 64));
    }

    /// Toggles `bit`. Panics if `bit >= BITS`.
    #[inline]
    pub fn toggle(&mut self, bit: usize) {
        let w = &mut self.words_mut()[bit / 64];
        *w ^= 1u64 << (bit % 64);
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    /// Number of bits in the set.
    #[inline]
    #[must_use]
    pub fn count(&self) -> u32 {
        self.words().iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set has two or more bits.
    #[inline]
    #[must_use]
    pub fn has_two(&self) -> bool {
        let mut seen = false;
        for &w in self.words() {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The lowest bit of the set, if any.
    #[inline]
    #[must_use]
    pub fn first(&self) -> Option<usize> {
        self.words()
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// Whether the two sets share a bit.
    #[inline]
    #[must_use]
    pub fn intersects(&self, other: &Bitboard) -> bool {
        self.words()
            .iter()
            .zip(other.words())
            .any(|(a, b)| a & b != 0)
    }

    /// The bits of `self` that are not in `other`.
    #[inline]
    #[must_use]
    pub fn and_not(&self, other: &Bitboard) -> Bitboard {
        let mut r = *self;
        for (a, b) in r.words_mut().iter_mut().zip(other.words()) {
            *a &= !b;
        }
        r
    }

    /// Every bit moved up by `n` (towards higher indices), `1 <= n < 64`; bits
    /// moved past the last word are lost.
    #[inline]
    #[must_use]
    pub fn shl(&self, n: u32) -> Bitboard {
        debug_assert!((1..64).contains(&n));
        let w = self.words();
        let mut r = [0u64; WORDS];
        r[0] = w[0] << n;
        for i in 1..WORDS {
            r[i] = (w[i] << n) | (w[i - 1] >> (64 - n));
        }
        Bitboard::from_words(r)
    }

    /// Every bit moved down by `n` (towards lower indices), `1 <= n < 64`;
    /// bits moved below 0 are lost.
    #[inline]
    #[must_use]
    pub fn shr(&self, n: u32) -> Bitboard {
        debug_assert!((1..64).contains(&n));
        let w = self.words();
        let mut r = [0u64; WORDS];
        for i in 0..WORDS - 1 {
            r[i] = (w[i] >> n) | (w[i + 1] << (64 - n));
        }
        r[WORDS - 1] = w[WORDS - 1] >> n;
        Bitboard::from_words(r)
    }

    /// Iterates over the bits of the set in increasing order.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> Bits {
        Bits {
            words: *self.words(),
            index: 0,
        }
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $opa:tt) => {
        impl std::ops::$tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                let mut r = self;
                r $opa rhs;
                r
            }
        }
        impl std::ops::$tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                for (a, b) in self.words_mut().iter_mut().zip(rhs.words()) {
                    *a $opa *b;
                }
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    /// Complement over all [`BITS`] bits, padding included: mask the result.
    #[inline]
    fn not(self) -> Bitboard {
        let mut r = self;
        for a in r.words_mut() {
            *a = !*a;
        }
        r
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<usize> for Bitboard {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Bitboard::EMPTY;
        for i in iter {
            b.insert(i);
        }
        b
    }
}

impl IntoIterator for Bitboard {
    type Item = usize;
    type IntoIter = Bits;
    fn into_iter(self) -> Bits {
        self.iter()
    }
}

/// Iterator over the bits of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Bits {
    /// The bits not yet returned; words below `index` are zero.
    words: [u64; WORDS],
    index: usize,
}

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.index < WORDS {
            let w = &mut self.words[self.index];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(self.index * 64 + bit);
            }
            self.index += 1;
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // Counted when asked: most loops over the bits never ask.
        let n = self.words[self.index.min(WORDS)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}
impl FusedIterator for Bits {}

/// The first `N` words of a [`Bitboard`], for the line arithmetic of a
/// board whose cells all lie in them (a 15x15 board uses 4 of the 11 words).
///
/// Shifts up drop what passes word `N - 1`, which is only ever padding or
/// beyond the board, so results must be masked with a set of real cells (or
/// ANDed with stones) before they are trusted, exactly as with [`Bitboard`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Words<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Words<N> {
    pub(crate) const ZERO: Self = Words([0; N]);
    pub(crate) const ALL: Self = Words([!0; N]);

    /// The first `N` words of `b`; the caller guarantees the others are zero.
    #[inline(always)]
    pub(crate) fn of(b: &Bitboard) -> Self {
        debug_assert!(b.words()[N..].iter().all(|&w| w == 0));
        let mut r = [0; N];
        r.copy_from_slice(&b.words()[..N]);
        Words(r)
    }

    #[inline(always)]
    pub(crate) fn to_bitboard(self) -> Bitboard {
        let mut w = [0; WORDS];
        w[..N].copy_from_slice(&self.0);
        Bitboard::from_words(w)
    }

    #[inline(always)]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }

    #[inline(always)]
    pub(crate) fn insert(&mut self, bit: usize) {
        self.0[bit / 64] |= 1u64 << (bit % 64);
    }

    #[inline(always)]
    pub(crate) fn and_not(self, o: Self) -> Self {
        let mut r = self.0;
        for (a, b) in r.iter_mut().zip(o.0) {
            *a &= !b;
        }
        Words(r)
    }

    /// Every bit moved up by `n`, `1 <= n < 64`.
    #[inline(always)]
    pub(crate) fn shl(self, n: u32) -> Self {
        debug_assert!((1..64).contains(&n));
        let w = self.0;
        let mut r = [0; N];
        r[0] = w[0] << n;
        for i in 1..N {
            r[i] = (w[i] << n) | (w[i - 1] >> (64 - n));
        }
        Words(r)
    }

    /// Every bit moved down by `n`, `1 <= n < 64`.
    #[inline(always)]
    pub(crate) fn shr(self, n: u32) -> Self {
        debug_assert!((1..64).contains(&n));
        let w = self.0;
        let mut r = [0; N];
        for i in 0..N - 1 {
            r[i] = (w[i] >> n) | (w[i + 1] << (64 - n));
        }
        r[N - 1] = w[N - 1] >> n;
        Words(r)
    }

    /// Every bit moved down by `n`, any `n` (bits moved below 0 are lost).
    #[inline(always)]
    pub(crate) fn down_by(self, n: usize) -> Self {
        let (q, r) = (n / 64, (n % 64) as u32);
        let word = |i: usize| self.0.get(i + q).copied().unwrap_or(0);
        let mut out = [0; N];
        for (i, o) in out.iter_mut().enumerate() {
            *o = if r == 0 {
                word(i)
            } else {
                (word(i) >> r) | (word(i + 1) << (64 - r))
            };
        }
        Words(out)
    }

    /// Iterates over the bits, lowest first.
    #[inline(always)]
    pub(crate) fn iter(self) -> impl Iterator<Item = usize> {
        let mut w = self.0;
        let mut i = 0;
        std::iter::from_fn(move || {
            while i < N {
                if w[i] != 0 {
                    let b = w[i].trailing_zeros() as usize;
                    w[i] &= w[i] - 1;
                    return Some(i * 64 + b);
                }
                i += 1;
            }
            None
        })
    }
}

macro_rules! words_binop {
    ($tr:ident, $f:ident, $op:tt) => {
        impl<const N: usize> std::ops::$tr for Words<N> {
            type Output = Words<N>;
            #[inline(always)]
            fn $f(self, rhs: Words<N>) -> Words<N> {
                let mut r = self.0;
                for (a, b) in r.iter_mut().zip(rhs.0) {
                    *a $op b;
                }
                Words(r)
            }
        }
    };
}
words_binop!(BitAnd, bitand, &=);
words_binop!(BitOr, bitor, |=);

impl<const N: usize> std::ops::BitOrAssign for Words<N> {
    #[inline(always)]
    fn bitor_assign(&mut self, rhs: Words<N>) {
        *self = *self | rhs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_set(bits: &[usize]) -> Vec<bool> {
        let mut v = vec![false; BITS];
        for &b in bits {
            v[b] = true;
        }
        v
    }

    proptest! {
        #[test]
        fn shifts_match_plain_arrays(bits in proptest::collection::vec(0..BITS, 0..60), n in 1u32..64) {
            let b: Bitboard = bits.iter().copied().collect();
            let v = naive_set(&bits);
            let up = b.shl(n);
            let down = b.shr(n);
            for i in 0..BITS {
                let n = n as usize;
                prop_assert_eq!(up.contains(i), i >= n && v[i - n]);
                prop_assert_eq!(down.contains(i), i + n < BITS && v[i + n]);
            }
        }

        #[test]
        fn iteration_and_counts(bits in proptest::collection::vec(0..BITS, 0..60)) {
            let b: Bitboard = bits.iter().copied().collect();
            let mut sorted = bits.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let it = b.iter();
            prop_assert_eq!(it.len(), sorted.len());
            prop_assert_eq!(it.collect::<Vec<_>>(), sorted.clone());
            prop_assert_eq!(b.count() as usize, sorted.len());
            prop_assert_eq!(b.has_two(), sorted.len() >= 2);
            prop_assert_eq!(b.first(), sorted.first().copied());
            prop_assert_eq!(b.is_empty(), sorted.is_empty());
        }
    }
}

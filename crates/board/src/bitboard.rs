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
/// Single-bit access goes through `bitvec`; whole-set operations (boolean
/// algebra, shifts, population count) work on the raw words, which the
/// criterion bench `bitboard` shows to be faster (see the README).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(BitArray<[u64; WORDS], Lsb0>);

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
        self.0.get(bit).is_some_and(|b| *b)
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
            remaining: self.count() as usize,
        }
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt, $opa:tt) => {
        impl std::ops::$tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                let mut r = self;
                for (a, b) in r.words_mut().iter_mut().zip(rhs.words()) {
                    *a $opa *b;
                }
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
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &, &=);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |, |=);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, ^=);

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
    words: [u64; WORDS],
    index: usize,
    remaining: usize,
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
                self.remaining -= 1;
                return Some(self.index * 64 + bit);
            }
            self.index += 1;
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Bits {}
impl FusedIterator for Bits {}

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

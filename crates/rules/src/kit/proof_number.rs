//! Proof and disproof numbers.

use std::fmt;

/// A proof (or disproof) number: a lower estimate of how many leaves must
/// still be settled to prove (disprove) a node. [`ProofNumber::ZERO`] means
/// proved (disproved); [`ProofNumber::INFINITY`] means the opposite has been
/// shown.
///
/// Sums saturate at [`ProofNumber::MAX_FINITE`], never at infinity: only a
/// real disproof (a summand that is already infinite) makes a sum
/// infinite, so saturation can never turn an open node into a settled one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProofNumber(u32);

impl ProofNumber {
    /// Proved (as a proof number) or disproved (as a disproof number).
    pub const ZERO: ProofNumber = ProofNumber(0);
    /// One leaf to settle.
    pub const ONE: ProofNumber = ProofNumber(1);
    /// The largest finite number; finite sums stop here.
    pub const MAX_FINITE: ProofNumber = ProofNumber(u32::MAX - 1);
    /// Can never be settled that way: the opposite has been shown.
    pub const INFINITY: ProofNumber = ProofNumber(u32::MAX);

    /// The finite number `n`, capped at [`ProofNumber::MAX_FINITE`].
    #[inline]
    #[must_use]
    pub const fn finite(n: u32) -> ProofNumber {
        if n > Self::MAX_FINITE.0 {
            Self::MAX_FINITE
        } else {
            ProofNumber(n)
        }
    }

    /// The number as an integer (`u32::MAX` for infinity).
    #[inline]
    #[must_use]
    pub const fn get(self) -> u32 {
        self.0
    }

    /// Whether this is zero.
    #[inline]
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Whether this is infinity.
    #[inline]
    #[must_use]
    pub const fn is_infinite(self) -> bool {
        self.0 == u32::MAX
    }

    /// The sum: infinite if either summand is, otherwise capped at
    /// [`ProofNumber::MAX_FINITE`].
    #[inline]
    #[must_use]
    pub(crate) const fn saturating_add(self, rhs: ProofNumber) -> ProofNumber {
        if self.is_infinite() || rhs.is_infinite() {
            return Self::INFINITY;
        }
        let sum = self.0 as u64 + rhs.0 as u64;
        if sum > Self::MAX_FINITE.0 as u64 {
            Self::MAX_FINITE
        } else {
            ProofNumber(sum as u32)
        }
    }
}

impl std::ops::Add for ProofNumber {
    type Output = ProofNumber;
    /// `ProofNumber::saturating_add`.
    #[inline]
    fn add(self, rhs: ProofNumber) -> ProofNumber {
        self.saturating_add(rhs)
    }
}

impl fmt::Display for ProofNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_infinite() {
            f.write_str("inf")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finite_sums_saturate_below_infinity() {
        let big = ProofNumber::finite(u32::MAX);
        assert_eq!(big, ProofNumber::MAX_FINITE);
        assert_eq!(big + big, ProofNumber::MAX_FINITE);
        assert!(!(big + ProofNumber::ONE).is_infinite());
        assert_eq!(
            ProofNumber::ONE + ProofNumber::INFINITY,
            ProofNumber::INFINITY
        );
        assert_eq!(ProofNumber::ZERO + ProofNumber::ZERO, ProofNumber::ZERO);
        assert_eq!(
            ProofNumber::finite(2) + ProofNumber::finite(3),
            ProofNumber::finite(5)
        );
        assert!(ProofNumber::ZERO < ProofNumber::ONE);
        assert!(ProofNumber::MAX_FINITE < ProofNumber::INFINITY);
    }
}

/// A node's proof and disproof numbers, with its proof length when proved:
/// plies to the attacker's winning stone, the node's own ply included (0
/// otherwise). PNS and df-pn both give their nodes these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub pn: ProofNumber,
    pub dn: ProofNumber,
    pub len: u16,
}

impl Numbers {
    /// A node proved with a win of `len` plies.
    pub(crate) const fn proved(len: u16) -> Numbers {
        Numbers {
            pn: ProofNumber::ZERO,
            dn: ProofNumber::INFINITY,
            len,
        }
    }

    /// A node proved with a win of `plies` plies, a count that may not fit
    /// the length's bits (saturating: boards have at most 676 cells).
    pub(crate) fn proved_in(plies: u32) -> Numbers {
        Numbers::proved(u16::try_from(plies).unwrap_or(u16::MAX))
    }

    /// A node disproved.
    pub(crate) const DISPROVED: Numbers = Numbers {
        pn: ProofNumber::INFINITY,
        dn: ProofNumber::ZERO,
        len: 0,
    };

    /// An open node with these numbers.
    pub const fn open(pn: ProofNumber, dn: ProofNumber) -> Numbers {
        Numbers { pn, dn, len: 0 }
    }

    /// Whether the node is proved.
    pub const fn is_proved(&self) -> bool {
        self.pn.is_zero()
    }

    /// Whether the node is proved or disproved.
    pub const fn is_settled(&self) -> bool {
        self.pn.is_zero() || self.dn.is_zero()
    }
}

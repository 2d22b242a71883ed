//! A small deterministic generator for the unit tests' random positions.

/// Xorshift, enough for random positions; seed it with an odd number.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// A number below `n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

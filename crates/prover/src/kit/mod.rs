//! Building blocks for proof-number provers, shared rather than private to
//! one of them: [`ProofNumber`], the board's symmetries with keys that do
//! not change under them (and the depth mixed into them), and the shape
//! heuristic that gives a leaf its first numbers without evaluating it.
//!
//! PNS ([`crate::pns`]) uses all three; a depth-first variant (df-pn) would
//! use them as they are. The transposition tables stay with their provers:
//! PNS's maps a canonical key to an arena node and grows with the arena,
//! while a df-pn needs a fixed-size table of (pn, dn, depth) with
//! replacement, closer to the AND-OR prover's; they share no code yet.

mod proof_number;
pub(crate) mod shape;
pub(crate) mod symmetry;

pub use proof_number::ProofNumber;

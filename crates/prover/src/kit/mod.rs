//! Building blocks for proof-number provers, shared rather than private to
//! one of them: [`ProofNumber`], the board's symmetries with keys that do
//! not change under them (and the depth mixed into them), and the shape
//! heuristic that gives a leaf its first numbers without evaluating it.
//!
//! PNS ([`crate::pns`]) and df-pn ([`crate::dfpn`]) use all three. The
//! transposition tables stay with their provers: PNS's maps a canonical
//! key to an arena node and grows with the arena, df-pn's is a fixed-size
//! table of numbers with replacement; they share no code.

mod proof_number;
pub(crate) mod shape;
pub(crate) mod symmetry;

pub(crate) use proof_number::Numbers;
pub use proof_number::ProofNumber;

//! Building blocks for proof-number provers, shared rather than private to
//! one of them: [`ProofNumber`], the board's symmetries with keys that do
//! not change under them (and the depth mixed into them), the shape
//! heuristic that gives a leaf its first numbers without evaluating it, and
//! the order of the defender's replies in a whole game on a small board;
//! also the depth constants and the windows of k cells as masks, which the
//! rules ([`crate::rules`]) use too; and the numbers an unknown search
//! hands back one and two plies below its root (`first_plies`). The kit
//! depends on no other module of the crate but [`crate::outcome`] (for
//! those numbers' type, `PlyNumbers`, and the `Problem` they are of).
//!
//! PNS and df-pn (`kinrow_prover::pns`, `kinrow_prover::dfpn`) use all
//! four. The transposition tables stay with their provers: PNS's maps a
//! canonical key to an arena node and grows with the arena, df-pn's is a
//! fixed-size table of numbers with replacement; they share no code.

pub mod cursor;
pub mod depth;
pub mod first_plies;
mod proof_number;
pub mod reply_order;
pub mod shape;
pub mod symmetry;
pub mod windows;

pub use proof_number::Numbers;
pub use proof_number::ProofNumber;

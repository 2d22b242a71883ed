//! Threat-space search: victory by continuous fours ([`vcf`]) and the
//! relevance zone of a threat, which cuts the defender's replies.
//!
//! # The zone of a threat
//!
//! At the defender's turn (no winning cell for either side among the
//! candidates), suppose the attacker, were it to move instead, had a VCF
//! whose five lands within `p` plies, with `p` at most the plies left after
//! the defender's reply. [`vcf::zone`] gives the cells of the line (the
//! attacker's fours, the defender's blocks, the final winning cells) and
//! every cell within `k - 1` steps of a block along the four lines. Claim:
//! a defender reply `s` outside the zone that does not leave the defender a
//! winning cell (is not a four of the defender) loses: after `s` the
//! attacker plays the same line and wins within `p` plies. By induction
//! along the line, with `s` on the board:
//!
//! - The attacker's cells are unchanged but for `s` itself: a defender
//!   stone never changes the attacker's runs (under both rules), and `s`
//!   is none of the line's cells. So each four of the line is still empty,
//!   still a candidate (candidates only grow), still a four with the same
//!   winning cells (none is `s`), and the last one still leaves two or
//!   more.
//! - The defender gains no winning cell the line did not give it. A new
//!   one, `w`, lies on a run of defender stones through `w` of length `k`
//!   (exactly `k` under the exact rule) that holds `s`, since without `s`
//!   the line gave the defender none there. If that run held a block `r`
//!   of the line, `s` would lie within `k - 1` steps of `r` on a line: in
//!   the zone. So the run holds only stones that were on the board before
//!   `s` was played, and `s`; then `w` was a winning cell of the defender
//!   right after `s` (under the exact rule: the run through `w` then is a
//!   subset of the run later, which has length exactly `k` and holds the
//!   same `k` cells), which is the four we excluded.
//! - So at each of the attacker's turns the defender has the winning cells
//!   it had in the line (the line answered them), at each of the defender's
//!   turns the block is again the only reply that does not lose at once
//!   (reduction 3 of [`crate::node`]), and the line is played out as it
//!   was, its five landing within `p` plies.
//!
//! Replies the zone keeps, and the defender's fours, must still be refuted
//! one by one; keeping a reply is always sound.

pub mod vcf;

pub use vcf::{zone, Vcf, VcfLine, DEFAULT_VCF_SLOTS};

//! Depths: plies still allowed below a node, the current ply included,
//! with [`UNLIMITED`] for "no horizon". In the kit rather than in
//! [`crate::rules`] so that the keys ([`super::symmetry`]) can mix the depth
//! in without the kit depending on the rules.

/// The remaining depth of a search without a horizon.
pub const UNLIMITED: u32 = u32::MAX;

/// The remaining depth `plies` plies below a node with `depth` left:
/// [`UNLIMITED`] stays unlimited, a horizon never goes below 0.
#[inline]
#[must_use]
pub const fn depth_after(depth: u32, plies: u32) -> u32 {
    if depth == UNLIMITED {
        UNLIMITED
    } else {
        depth.saturating_sub(plies)
    }
}

//! [`NodeId`], the index of a PNS node, in a file of its own: the arena
//! (which holds the nodes) and the table (which maps keys to them) both
//! use it, and neither depends on the other for it.

use std::num::NonZeroU32;

/// The index of a node in the arena (never 0, so `Option<NodeId>` is four
/// bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The index into the node array.
    #[inline]
    #[must_use]
    pub(crate) const fn index(self) -> usize {
        self.0.get() as usize
    }

    #[inline]
    pub(crate) const fn raw(self) -> u32 {
        self.0.get()
    }

    #[inline]
    pub(crate) const fn from_raw(raw: u32) -> Option<NodeId> {
        match NonZeroU32::new(raw) {
            Some(n) => Some(NodeId(n)),
            None => None,
        }
    }
}

//! The transposition table: canonical key to arena node.
//!
//! Open addressing with linear probing over 12-byte slots (the full 64-bit
//! key and the node index, 0 for an empty slot), at most 3/4 full. The
//! table never grows by itself: the arena makes room (and checks the memory
//! budget) before a batch of insertions.

use super::id::NodeId;

/// One slot: the key in two halves (so the slot needs only 4-byte
/// alignment) and the node, 0 when empty.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    lo: u32,
    hi: u32,
    id: u32,
}

impl Slot {
    #[inline]
    fn key(&self) -> u64 {
        u64::from(self.lo) | (u64::from(self.hi) << 32)
    }
}

/// Size of one slot in bytes.
pub(crate) const SLOT_BYTES: u64 = std::mem::size_of::<Slot>() as u64;

/// Maps canonical keys to nodes. Keys are unique: a key is inserted once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    slots: Vec<Slot>,
    len: usize,
    /// `64 - log2(slots.len())`; unused while the table has no slots.
    shift: u32,
}

impl Table {
    /// Bytes held (the slot array).
    pub(crate) fn bytes(&self) -> u64 {
        self.slots.capacity() as u64 * SLOT_BYTES
    }

    /// Number of keys stored.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        // Canonical keys are minima, so their high bits are skewed: mix
        // every bit into the index (Fibonacci hashing).
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The node stored under `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<NodeId> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s.id == 0 {
                return None;
            }
            if s.key() == key {
                return NodeId::from_raw(s.id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Reads the home slot of each key, so that the probes that follow
    /// find them in the cache: independent loads overlap their misses (a
    /// prefetch without `unsafe`).
    #[inline]
    pub(crate) fn warm(&self, keys: impl Iterator<Item = u64>) {
        if self.slots.is_empty() {
            return;
        }
        let mut acc = 0;
        for key in keys {
            acc ^= self.slots[self.home(key)].id;
        }
        std::hint::black_box(acc);
    }

    /// Stores `id` under `key`, which must be absent. The caller has made
    /// room with [`Table::grown_size`] / [`Table::rebuild`].
    #[inline]
    pub(crate) fn insert(&mut self, key: u64, id: NodeId) {
        debug_assert!(self.len < self.slots.len() / 4 * 3 + 1);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i].id != 0 {
            debug_assert_ne!(self.slots[i].key(), key, "key inserted twice");
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            lo: key as u32,
            hi: (key >> 32) as u32,
            id: id.raw(),
        };
        self.len += 1;
    }

    /// The number of slots needed to hold `extra` more keys, or `None` if
    /// the present slots suffice.
    pub(crate) fn grown_size(&self, extra: usize) -> Option<usize> {
        let need = self.len + extra;
        if need * 4 <= self.slots.len() * 3 {
            return None;
        }
        let mut size = self.slots.len().max(1024);
        while need * 4 > size * 3 {
            size *= 2;
        }
        Some(size)
    }

    /// Moves every key into a new array of `size` slots (a power of two
    /// with room for them). On an allocation failure the table is
    /// unchanged.
    pub(crate) fn rebuild(&mut self, size: usize) -> Result<(), std::collections::TryReserveError> {
        debug_assert!(size.is_power_of_two() && self.len * 4 <= size * 3);
        let mut slots = Vec::new();
        slots.try_reserve_exact(size)?;
        slots.resize(size, Slot::default());
        let old = std::mem::replace(&mut self.slots, slots);
        self.shift = 64 - size.trailing_zeros();
        self.len = 0;
        for s in old.iter().filter(|s| s.id != 0) {
            if let Some(id) = NodeId::from_raw(s.id) {
                self.insert(s.key(), id);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_after_growth() {
        let mut t = Table::default();
        assert_eq!(t.get(5), None);
        let keys: Vec<u64> = (0..5000u64)
            .map(|i| i.wrapping_mul(0x1234_5678_9ABC_DEF1))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            if let Some(size) = t.grown_size(1) {
                t.rebuild(size).unwrap();
            }
            t.insert(k, NodeId::from_raw(i as u32 + 1).unwrap());
        }
        assert_eq!(t.len(), keys.len());
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(t.get(k).map(NodeId::raw), Some(i as u32 + 1));
        }
        assert_eq!(t.get(3), None);
    }
}

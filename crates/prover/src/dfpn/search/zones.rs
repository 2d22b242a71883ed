//! Disproof zones in df-pn, as PNS has them (`crate::pns::search::zones`;
//! [`crate::rules::zone`] has what a zone is and every argument used here).
//!
//! A disproved node's zone, in its canonical frame, goes to a side table
//! ([`ZoneStore`]) under the node's key: computed when the rules settle the
//! node as a no-win, or from its children when they disprove it (the
//! defender's node: the smallest zone of a disproved reply, with the
//! reply's cell; the attacker's: the union of its children's zones and the
//! zone its reductions contributed). At an attacker's node, once a child
//! X = R+m is disproved with zone Z and m ∉ Z, every sibling R+m2 with
//! m2 ∉ Z is a Z-variant of X and so disproved too, with the same zone: its
//! numbers in the node's list become (∞, 0), and its entry and zone are
//! stored, so that another path to it, or the next visit of this node,
//! finds it settled.
//!
//! A zone the store lost (it keeps one zone per slot, the newest) is read
//! as the whole board, a zone of every no-win: losing one costs
//! precision, never soundness. So does a child disproved by an entry
//! another thread wrote in the shared table: each thread keeps its own
//! store, and a zone it lacks is the whole board.
//!
//! Frames: a child's zone, kept in the child's canonical frame, is mapped
//! into its parent's through the frames both have on the one real board
//! the cursor is on ([`crate::kit::symmetry::Symmetries::remap`]); a
//! position with a symmetry has several frames reaching its canonical key,
//! and any one maps a zone to a zone of the same position.
//!
//! Where zones apply ([`crate::rules::zone::applies`]: a whole game, every
//! empty cell a move, no horizon, not renju, at most 128 bits) the search
//! gets a store; elsewhere none, and nothing here runs.

use super::{Child, DfpnSearch};
use crate::dfpn::table::{DfpnTable, Entry, NO_MOVE};
use crate::kit::ProofNumber;
use crate::rules::zone;
use kinrow_board::Bitboard;

/// Bytes of one [`ZoneStore`] slot.
pub(crate) const SLOT_BYTES: u64 = 32;

/// The zones of disproved nodes by key: one slot per key hash, the newest
/// zone replacing the old, in a fixed number of bytes. A slot is four
/// words (the key, the zone's two halves, and 1 once written), allocated
/// zeroed, so that a short search touches only the pages it writes.
pub(crate) struct ZoneStore {
    words: Vec<u64>,
    mask: usize,
}

impl std::fmt::Debug for ZoneStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ZoneStore({} slots)", self.mask + 1)
    }
}

impl ZoneStore {
    /// A store in at most `bytes` (a power of two of slots), or `None`
    /// when fewer than 1,024 slots fit: zones are then not kept.
    pub(crate) fn new(bytes: u64) -> Option<ZoneStore> {
        if !ZoneStore::fits_in(bytes) {
            return None;
        }
        let slots = bytes / SLOT_BYTES;
        let slots = 1usize << (63 - slots.leading_zeros());
        Some(ZoneStore {
            words: vec![0; 4 * slots],
            mask: slots - 1,
        })
    }

    /// Whether a store fits in `bytes` (1,024 slots).
    pub(crate) fn fits_in(bytes: u64) -> bool {
        bytes / SLOT_BYTES >= 1024
    }

    /// The bytes the store holds.
    pub(crate) fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        4 * ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask)
    }

    /// The zone kept for `key`, if the store still has it.
    #[inline]
    fn get(&self, key: u64) -> Option<u128> {
        let w = &self.words[self.home(key)..][..4];
        (w[3] == 1 && w[0] == key).then(|| u128::from(w[1]) | u128::from(w[2]) << 64)
    }

    /// Keeps `zone` for `key`.
    #[inline]
    fn put(&mut self, key: u64, zone: u128) {
        let i = self.home(key);
        self.words[i..i + 4].copy_from_slice(&[key, zone as u64, (zone >> 64) as u64, 1]);
    }
}

impl<T: DfpnTable> DfpnSearch<'_, T> {
    /// Keeps the zone of the current position, whose key is `key` and
    /// which the rules settle as a no-win (the defender's when `and`).
    pub(super) fn keep_terminal_zone(&mut self, key: u64, and: bool) {
        if self.zones.is_none() {
            return;
        }
        let z = zone::rules_no_win(&self.at.board, and);
        let frame = self.at.keys.canonical().1;
        let z = self.at.sym.remap(z.0, 0, frame);
        if let Some(store) = &mut self.zones {
            store.put(key, z);
        }
    }

    /// The zone of child `c` of the current node (disproved), in the
    /// node's canonical frame; the whole board if the store lost it.
    fn child_zone(&self, c: &Child) -> u128 {
        let frame = self.at.keys.canonical().1;
        match self.zones.as_ref().and_then(|s| s.get(c.key)) {
            Some(z) => self.at.sym.remap(z, c.frame, frame),
            None => zone::full(&self.at.board).0,
        }
    }

    /// Keeps the zone of the current node, whose key is `key`, just
    /// disproved by its children `self.children[first..]`: at the
    /// defender's node (`and`) the smallest zone of a disproved reply with
    /// the reply's cell; at the attacker's the union of its children's
    /// zones and its base zone, the whole board unless its list holds
    /// exactly one child for each of the rules' `moves` and those are
    /// every empty cell (or the one block of reduction 4).
    pub(super) fn keep_zone_from_children(
        &mut self,
        key: u64,
        first: usize,
        and: bool,
        moves: &Bitboard,
    ) {
        if self.zones.is_none() {
            return;
        }
        let children = &self.children[first..];
        let z = if and {
            children
                .iter()
                .filter(|c| !c.pending && c.numbers.dn.is_zero())
                .map(|c| self.child_zone(c) | 1u128 << c.canonical)
                .min_by_key(|z| z.count_ones())
                .unwrap_or_else(|| zone::full(&self.at.board).0)
        } else {
            let merged = children.len() != moves.count() as usize;
            let base = zone::attacker_node_base(&self.at.board, moves, merged);
            let frame = self.at.keys.canonical().1;
            let base = self.at.sym.remap(base.0, 0, frame);
            children
                .iter()
                .fold(base, |union, c| union | self.child_zone(c))
        };
        if let Some(store) = &mut self.zones {
            store.put(key, z);
        }
    }

    /// At the attacker's node whose list is `self.children[first..]`, the
    /// child `self.children[i]` just disproved: if its move lies outside
    /// its zone, every open sibling whose move lies outside it too is
    /// disproved with that zone (the module docs).
    pub(super) fn reuse_zone(&mut self, first: usize, i: usize) {
        if self.zones.is_none() {
            return;
        }
        let z = self.child_zone(&self.children[i]);
        if z >> self.children[i].canonical & 1 == 1 {
            return;
        }
        let frame = self.at.keys.canonical().1;
        for j in first..self.children.len() {
            let c = self.children[j];
            if z >> c.canonical & 1 == 1 || c.numbers.pn.is_zero() || c.numbers.dn.is_zero() {
                continue;
            }
            debug_assert!(!c.pending, "pending replies are the defender's");
            let disproved = crate::kit::Numbers {
                pn: ProofNumber::INFINITY,
                dn: ProofNumber::ZERO,
                len: 0,
            };
            self.children[j].numbers = disproved;
            self.table.store(Entry {
                key: c.key,
                pn: disproved.pn,
                dn: disproved.dn,
                len: 0,
                best: NO_MOVE,
                work: 1,
                tested: false,
            });
            let zs = self.at.sym.remap(z, frame, c.frame);
            if let Some(store) = &mut self.zones {
                store.put(c.key, zs);
            }
        }
    }

    /// [`DfpnSearch::reuse_zone`] for every child of the attacker's node
    /// `self.children[first..]` that its list found disproved.
    pub(super) fn reuse_listed_zones(&mut self, first: usize) {
        if self.zones.is_none() {
            return;
        }
        for i in first..self.children.len() {
            if self.children[i].numbers.dn.is_zero() {
                self.reuse_zone(first, i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_keeps_the_newest_zone_of_a_slot_and_knows_its_keys() {
        let mut s = ZoneStore::new(1024 * SLOT_BYTES).unwrap();
        assert_eq!(s.get(0), None, "an empty slot holds no key, not even 0");
        s.put(0, 5);
        s.put(7, 9);
        assert_eq!(s.get(0), Some(5));
        assert_eq!(s.get(7), Some(9));
        // Another key landing in 7's slot replaces it.
        let other = (1..u64::MAX)
            .find(|&k| k != 7 && s.home(k) == s.home(7))
            .unwrap();
        s.put(other, 3);
        assert_eq!(s.get(7), None);
        assert_eq!(s.get(other), Some(3));
    }

    #[test]
    fn a_store_is_a_power_of_two_of_slots_within_its_bytes_or_none() {
        assert!(ZoneStore::new(1023 * SLOT_BYTES).is_none());
        let s = ZoneStore::new(3000 * SLOT_BYTES).unwrap();
        assert_eq!(s.bytes(), 2048 * SLOT_BYTES);
    }
}

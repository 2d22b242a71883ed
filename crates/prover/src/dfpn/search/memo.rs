//! The moves of an open node, remembered for its next visits.
//!
//! df-pn visits a node again and again as the thresholds above it grow,
//! and each visit lists the node's moves anew (`node_moves`). Where the
//! rules searched for them (the defender's zone replies, a VCF search
//! after its pass; the attacker's threats with the counter cut, a VCF
//! search of the defender's) that listing costs more than the visit's own
//! work. So the moves a visit lists for a node the rules left open are
//! kept here, and the next visit of the same node takes them. In
//! `vct-dfpn` on `vct_black_long_short` (issue 58) 0.68 M of 1.81 M
//! expansions took their moves from here, and the slow cases of quintet's
//! took 3-6% less time, the nodes the same
//! (docs/figures/threat-space-quintet.md); in the
//! whole game, whose moves come from cheap scans, nothing changed.
//!
//! Why that is sound: the moves a node lists are a function of its
//! position, the plies left and, in the threat space, its width (all in
//! the node's key) and of the node rules, which are fixed for one
//! search; a visit of a node asked before (`tested`) leaves out only the
//! static tests, which leave the same moves
//! (`rules_without_static_tests_leave_the_same_moves`). Only a VCF search
//! cut short by its node cap can list otherwise the second time: with a
//! search cut short the rules cut fewer moves and settle fewer nodes, and
//! either list is one the rules gave, so searching either is sound. A key
//! is the node's table key mixed with the real board's key: the table key
//! is the same for a position's mirror images, whose moves are other
//! cells, and the real key tells them apart. Like the table, the memo
//! trusts 64-bit keys. A memo is kept with a kept table for the next
//! search of the same game under the same rules (`SideStores`).
//!
//! A slot holds a list of up to [`CELLS`] cells in one cache line; longer
//! lists are not kept (they are the whole game's wide nodes, whose moves
//! come from a cheap scan). Slots are overwritten freely: a miss only
//! lists the moves again.

use crate::space::Width;
use kinrow_board::Bitboard;
use std::cell::RefCell;

/// The most cells a slot keeps.
const CELLS: usize = 27;

/// One slot, eight words: the key; the list's length and width in the
/// low 16 bits of the second word and its cells, 16 bits each, in the
/// rest of the words. All zeros is empty (a key of 0 is never stored),
/// so a new memo is zeroed memory: fresh, or the last dropped memo's with
/// the slots it wrote zeroed again ([`MovesMemo::new`]).
type Slot = [u64; 8];

/// The bit offset of cell `i` of a slot, counted from the second word.
#[inline]
const fn cell_bit(i: usize) -> usize {
    16 + 16 * i
}

/// Bytes of one slot.
pub(crate) const SLOT_BYTES: u64 = std::mem::size_of::<Slot>() as u64;

/// The most slots of one thread's memo: 2 MiB.
const MAX_SLOTS: u64 = 1 << 15;

/// The slots of each thread's memo in a search of `bytes` on `threads`
/// threads: a 32nd of the bytes in all, at most [`MAX_SLOTS`] a thread, a
/// power of two; 0 (no memo) where that is under 64 slots.
pub(crate) fn slots_within(bytes: u64, threads: usize) -> usize {
    let slots = (bytes / 32 / SLOT_BYTES / threads.max(1) as u64).min(MAX_SLOTS);
    if slots < 64 {
        0
    } else {
        1 << (63 - slots.leading_zeros())
    }
}

/// The bytes of `threads` memos of `slots` slots.
pub(crate) fn bytes_of(slots: usize, threads: usize) -> u64 {
    slots as u64 * SLOT_BYTES * threads as u64
}

/// The memo's key of a node: its table key `key` (the same for its
/// mirror images) mixed with the real board's key `real` and whether the
/// node is the defender's (`and`), so that a memo kept for a later search
/// with the other side attacking never answers for the other node.
#[inline]
pub(crate) fn key_of(key: u64, real: u64, and: bool) -> u64 {
    key ^ (real ^ u64::from(and))
        .rotate_left(29)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// The moves of open nodes, direct-mapped by key.
#[derive(Default)]
pub(crate) struct MovesMemo {
    slots: Vec<Slot>,
    mask: usize,
    /// The slots written since the memo was new, so that the next memo of
    /// this thread clears only those ([`MovesMemo::new`]).
    used: Vec<u32>,
}

thread_local! {
    /// The slots of the last memo dropped on this thread and which of them
    /// were written, for the next [`MovesMemo::new`] of as many slots.
    static SPARE: RefCell<Option<(Vec<Slot>, Vec<u32>)>> = const { RefCell::new(None) };
}

impl Drop for MovesMemo {
    fn drop(&mut self) {
        if !self.slots.is_empty() {
            let spare = (
                std::mem::take(&mut self.slots),
                std::mem::take(&mut self.used),
            );
            // Not kept when the thread is ending (its spare is gone).
            let _ = SPARE.try_with(|s| *s.borrow_mut() = Some(spare));
        }
    }
}

impl std::fmt::Debug for MovesMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MovesMemo({} slots)", self.slots.len())
    }
}

impl MovesMemo {
    /// A memo of `slots` slots (rounded down to a power of two; none: off).
    pub(crate) fn new(slots: usize) -> MovesMemo {
        let slots = if slots == 0 {
            0
        } else {
            1 << (usize::BITS - 1 - slots.leading_zeros())
        };
        // The last memo dropped on this thread, if it has as many slots,
        // with the slots it wrote zeroed again: a prover called many times
        // (a certificate writer's questions, each a new search) would
        // otherwise have 2 MiB zeroed a call (the allocator hands back the
        // freed memory, which `calloc` must clear): a quarter of the time a
        // renju win's certificate took to write.
        let spare = SPARE.with_borrow_mut(|s| s.take_if(|(v, _)| slots > 0 && v.len() == slots));
        let (mut all, used) = spare.unwrap_or_else(|| (vec![[0; 8]; slots], Vec::new()));
        for &i in &used {
            all[i as usize] = [0; 8];
        }
        MovesMemo {
            mask: slots.saturating_sub(1),
            slots: all,
            used: Vec::new(),
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> u64 {
        self.slots.len() as u64 * SLOT_BYTES
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & self.mask
    }

    /// The moves and width kept for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<(Bitboard, Width)> {
        if self.slots.is_empty() || key == 0 {
            return None;
        }
        let s = &self.slots[self.slot(key)];
        if s[0] != key {
            return None;
        }
        let body = &s[1..];
        let len = (body[0] & 0xff) as usize;
        let mut moves = Bitboard::EMPTY;
        for i in 0..len {
            let bit = cell_bit(i);
            moves.insert(((body[bit / 64] >> (bit % 64)) & 0xffff) as usize);
        }
        Some((moves, width_of((body[0] >> 8) as u8)))
    }

    /// Keeps `moves` and `width` for `key`, when they fit.
    #[inline]
    pub(crate) fn put(&mut self, key: u64, moves: &Bitboard, width: Width) {
        if self.slots.is_empty() || key == 0 || moves.count() as usize > CELLS {
            return;
        }
        let mut slot: Slot = [0; 8];
        slot[0] = key;
        let body = &mut slot[1..];
        body[0] = u64::from(moves.count()) | (width as u64) << 8;
        for (i, c) in moves.iter().enumerate() {
            let bit = cell_bit(i);
            body[bit / 64] |= (c as u64) << (bit % 64);
        }
        let i = self.slot(key);
        if self.slots[i][0] == 0 {
            self.used.push(i as u32);
        }
        self.slots[i] = slot;
    }
}

fn width_of(w: u8) -> Width {
    match w {
        0 => Width::Threes,
        1 => Width::Twos,
        _ => Width::Wide,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_comes_back_as_it_went_in_and_a_long_one_is_not_kept() {
        let mut memo = MovesMemo::new(64);
        let mut moves = Bitboard::EMPTY;
        for c in [0, 3, 40, 200, 511, 701] {
            moves.insert(c);
        }
        memo.put(7, &moves, Width::Twos);
        assert_eq!(memo.get(7), Some((moves, Width::Twos)));
        assert_eq!(memo.get(8), None);
        let mut long = Bitboard::EMPTY;
        for c in 0..=CELLS {
            long.insert(c * 3);
        }
        memo.put(9, &long, Width::Threes);
        assert_eq!(memo.get(9), None);
        assert_eq!(MovesMemo::new(0).get(7), None);
    }

    /// A memo dropped leaves its slots to the next one of as many on the
    /// thread, which must be as empty as a new one.
    #[test]
    fn a_new_memo_holds_nothing_of_the_slots_it_is_handed() {
        let mut moves = Bitboard::EMPTY;
        moves.insert(5);
        let mut old = MovesMemo::new(256);
        for key in 1..=300 {
            old.put(key, &moves, Width::Threes);
        }
        drop(old);
        let new = MovesMemo::new(256);
        assert!((1..=300).all(|key| new.get(key).is_none()));
        assert!(new.slots.iter().all(|s| *s == [0; 8]));
    }

    #[test]
    fn the_memo_takes_a_32nd_of_the_bytes_a_power_of_two_of_slots() {
        assert_eq!(slots_within(8 << 30, 1), 1 << 15);
        assert_eq!(slots_within(32 * 64 * 1000, 1), 512);
        assert_eq!(slots_within(32 * 64 * 1000, 2), 256);
        assert_eq!(slots_within(32 * 64 * 63, 1), 0);
        assert_eq!(bytes_of(512, 2), 512 * 64 * 2);
    }
}

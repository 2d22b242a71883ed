//! The transposition table that df-pn's threads share: atomic words in
//! safe Rust, each entry verified on read so that a torn write reads as a
//! miss.
//!
//! **Layout.** A bucket holds four entries of three 64-bit words each:
//! `d1` = pn | dn << 32, `d2` = len | best << 16 | work bits << 32 (work
//! bits 0: an empty slot), and the check word `key ^ d1 ^ d2`. Every word
//! is an `AtomicU64` written and read with relaxed ordering: a word is
//! never torn, but a reader may see the three words of one entry from
//! two different writes (two threads storing into one slot at once, or a
//! read between the three stores of one write).
//!
//! **Lockless verification** (Hyatt & Mann 2002, "A lockless transposition
//! table implementation for parallel search"): a reader takes the key as
//! `check ^ d1 ^ d2` and accepts the slot only if that is the key it
//! looks for. Words from two writes give `k_a ^ d1_a ^ d1_b` (say), which
//! equals `k_a` only if `d1_a == d1_b`, in which case the words read are
//! exactly entry `a`; that a mix equals a third key probed for has odds of
//! about 2⁻⁶⁴ per probe, the odds of a key collision that the table of
//! one thread has already. So a torn entry reads as a miss.
//!
//! **Why a miss or a stale entry never makes a wrong verdict.** A miss is
//! what the single-thread table gives after a replacement: the node is
//! searched as a new leaf (its first numbers), and only time is lost. An
//! entry read back is one that some thread stored whole under its key.
//! Settled numbers (pn = 0 or dn = 0) are only ever stored for a node
//! that is settled: by the rules, or from children settled the same way
//! (see `search`); a settled entry is exact whoever wrote it and whenever
//! it is read. Open numbers (both non-zero) only steer: they choose the
//! child to search and the thresholds, and a node's numbers become zero
//! or infinity only from settled children, never from open numbers
//! however stale. The game is acyclic with the depth in the key, so no
//! thread's result depends on a path another thread is on.
//!
//! **Size.** The table starts small and doubles as it fills (a quarter
//! of its slots used), up to the largest size whose doubling fits in its
//! bytes, like the growing table of one thread: a short search pays for
//! a small table. The thread whose store crosses the mark builds the
//! larger table and copies the entries while the others go on in the old
//! one; what they store there after the copy is lost (a loss is always
//! allowed). Each thread holds a [`SharedHandle`] that moves to the new
//! table at its next store.

use super::table::{choose_slot, work_bits, DfpnTable, Entry, Slot};
use crate::kit::ProofNumber;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Entries per bucket.
const WAYS: usize = 4;
/// Words per entry.
const ENTRY_WORDS: usize = 3;
/// Words per bucket.
const WORDS: usize = WAYS * ENTRY_WORDS;
/// Bytes per bucket.
const BUCKET_BYTES: u64 = (WORDS * 8) as u64;
/// Buckets of a new table (768 KiB) when the budget allows more.
const INITIAL_BUCKETS: usize = 1 << 13;

/// The words of one generation of the table.
#[derive(Debug)]
struct Words {
    words: Box<[AtomicU64]>,
    buckets: usize,
}

impl Words {
    fn new(buckets: usize) -> Words {
        let words = (0..buckets * WORDS).map(|_| AtomicU64::new(0)).collect();
        Words { words, buckets }
    }

    fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// The first word of the bucket of `key`.
    #[inline]
    fn home(&self, key: u64) -> usize {
        // As in the table of one thread: canonical keys are minima, so mix
        // every bit in before scaling to the bucket count.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((u128::from(mixed) * self.buckets as u128) >> 64) as usize * WORDS
    }

    /// The entry in slot `j` of the bucket at `b`, if it is used and its
    /// words agree (see the module docs).
    #[inline]
    fn read(&self, b: usize, j: usize) -> Option<Entry> {
        let at = b + j * ENTRY_WORDS;
        let d1 = self.words[at + 1].load(Relaxed);
        let d2 = self.words[at + 2].load(Relaxed);
        let check = self.words[at].load(Relaxed);
        decode(check, d1, d2)
    }

    #[inline]
    fn write(&self, b: usize, j: usize, e: &Entry) {
        let at = b + j * ENTRY_WORDS;
        let (check, d1, d2) = encode(e);
        self.words[at + 1].store(d1, Relaxed);
        self.words[at + 2].store(d2, Relaxed);
        self.words[at].store(check, Relaxed);
    }

    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        if self.buckets == 0 {
            return None;
        }
        let b = self.home(key);
        (0..WAYS)
            .filter_map(|j| self.read(b, j))
            .find(|e| e.key == key)
    }

    /// Stores `e` over its key's entry (adding the work), or else over the
    /// bucket's entry with the least work (an empty slot first, an open
    /// entry before a settled one of equal work); whether it took an empty
    /// slot. Two threads placing at once may both write one slot: one
    /// entry survives whole, or the slot reads as a miss.
    fn place(&self, mut e: Entry) -> bool {
        if self.buckets == 0 {
            return false;
        }
        let b = self.home(e.key);
        // An empty or a torn slot reads as `None`: free to take.
        match choose_slot(WAYS, e.key, |j| self.read(b, j)) {
            Slot::Same(j, old) => {
                e.work = e.work.saturating_add(old.work);
                self.write(b, j, &e);
                false
            }
            Slot::Victim(j, empty) => {
                self.write(b, j, &e);
                empty
            }
        }
    }
}

/// The three words of `e`: check, d1, d2.
#[inline]
fn encode(e: &Entry) -> (u64, u64, u64) {
    let d1 = u64::from(e.pn.get()) | (u64::from(e.dn.get()) << 32);
    let d2 = u64::from(e.len) | (u64::from(e.best) << 16) | (work_bits(e.work) << 32);
    (e.key ^ d1 ^ d2, d1, d2)
}

/// The entry of three words, `None` for an empty slot; the key is
/// `check ^ d1 ^ d2`, so words of different writes give another key.
#[inline]
fn decode(check: u64, d1: u64, d2: u64) -> Option<Entry> {
    let bits = (d2 >> 32) & 0xFF;
    if bits == 0 {
        return None;
    }
    Some(Entry {
        key: check ^ d1 ^ d2,
        pn: number(d1 as u32),
        dn: number((d1 >> 32) as u32),
        len: d2 as u16,
        best: (d2 >> 16) as u16,
        work: 1 << (bits - 1),
    })
}

#[inline]
fn number(bits: u32) -> ProofNumber {
    if bits == ProofNumber::INFINITY.get() {
        ProofNumber::INFINITY
    } else {
        ProofNumber::finite(bits)
    }
}

/// The table (see the module docs): the current generation of words
/// behind a lock that only a thread moving to a new generation takes.
#[derive(Debug)]
pub(crate) struct SharedTable {
    current: Mutex<Arc<Words>>,
    /// Bumped at each doubling, read by the handles at each store.
    generation: AtomicU64,
    /// Slots in use in the current generation (approximate: two threads
    /// may count one slot).
    used: AtomicUsize,
    max_buckets: usize,
    budget: u64,
    peak_bytes: AtomicU64,
    /// Held by the thread that doubles the table.
    growing: Mutex<()>,
}

impl SharedTable {
    /// The most buckets a table of `bytes` grows to (a doubling holds the
    /// old and the new words for a moment); 0 when not even one fits.
    #[must_use]
    pub(crate) fn buckets_for(bytes: u64) -> usize {
        let whole = usize::try_from(bytes / BUCKET_BYTES).unwrap_or(usize::MAX / 4);
        if whole <= INITIAL_BUCKETS {
            return whole;
        }
        let mut n = INITIAL_BUCKETS;
        while 3 * n <= whole {
            n *= 2;
        }
        n
    }

    /// An empty table within `bytes`.
    #[must_use]
    pub(crate) fn new(bytes: u64) -> SharedTable {
        let max_buckets = Self::buckets_for(bytes);
        Self::with_buckets(max_buckets.min(INITIAL_BUCKETS), max_buckets, bytes)
    }

    /// A table of `buckets` that grows to `max_buckets`.
    #[must_use]
    pub(crate) fn with_buckets(buckets: usize, max_buckets: usize, budget: u64) -> SharedTable {
        let words = Words::new(buckets);
        SharedTable {
            peak_bytes: AtomicU64::new(words.bytes()),
            current: Mutex::new(Arc::new(words)),
            generation: AtomicU64::new(0),
            used: AtomicUsize::new(0),
            max_buckets: max_buckets.max(buckets),
            budget,
            growing: Mutex::new(()),
        }
    }

    /// A handle for one thread.
    #[must_use]
    pub(crate) fn handle(&self) -> SharedHandle<'_> {
        let generation = self.generation.load(Relaxed);
        SharedHandle {
            table: self,
            words: self.words(),
            generation,
        }
    }

    fn words(&self) -> Arc<Words> {
        Arc::clone(&self.current.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Doubles the table unless another thread is at it or has done it
    /// since `seen` (the caller's generation).
    fn grow(&self, seen: u64) {
        let Ok(_guard) = self.growing.try_lock() else {
            return;
        };
        if self.generation.load(Relaxed) != seen {
            return;
        }
        let old = self.words();
        let new = Words::new(old.buckets * 2);
        self.peak_bytes
            .fetch_max(old.bytes() + new.bytes(), Relaxed);
        let mut used = 0;
        for i in 0..old.buckets {
            for j in 0..WAYS {
                if let Some(e) = old.read(i * WORDS, j) {
                    used += usize::from(new.place(e));
                }
            }
        }
        self.used.store(used, Relaxed);
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = Arc::new(new);
        self.generation.fetch_add(1, Relaxed);
    }
}

/// One thread's way into a [`SharedTable`]: the generation it works in.
#[derive(Debug)]
pub(crate) struct SharedHandle<'t> {
    table: &'t SharedTable,
    words: Arc<Words>,
    generation: u64,
}

impl DfpnTable for SharedHandle<'_> {
    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        self.words.get(key)
    }

    fn store(&mut self, e: Entry) {
        let now = self.table.generation.load(Relaxed);
        if now != self.generation {
            self.words = self.table.words();
            self.generation = now;
        }
        if self.words.place(e) {
            let used = self.table.used.fetch_add(1, Relaxed) + 1;
            let buckets = self.words.buckets;
            if used > buckets && buckets < self.table.max_buckets {
                self.table.grow(self.generation);
            }
        }
    }

    #[inline]
    fn warm(&self, keys: impl Iterator<Item = u64>) {
        if self.words.buckets == 0 {
            return;
        }
        let mut acc = 0;
        for key in keys {
            acc ^= self.words.words[self.words.home(key)].load(Relaxed);
        }
        std::hint::black_box(acc);
    }

    fn fill(&self) -> (u64, u64) {
        (
            self.table.used.load(Relaxed) as u64,
            (self.table.max_buckets * WAYS) as u64,
        )
    }

    fn bytes(&self) -> (u64, u64) {
        (self.words.bytes(), self.table.budget)
    }

    fn peak_bytes(&self) -> u64 {
        self.table.peak_bytes.load(Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, work: u64) -> Entry {
        Entry {
            key,
            pn: ProofNumber::finite(key as u32 % 1000 + 1),
            dn: ProofNumber::finite((key >> 7) as u32 % 1000 + 1),
            len: (key % 77) as u16,
            best: (key % 700) as u16,
            work,
        }
    }

    fn same(a: &Entry, b: &Entry) -> bool {
        (a.key, a.pn, a.dn, a.len, a.best, work_bits(a.work))
            == (b.key, b.pn, b.dn, b.len, b.best, work_bits(b.work))
    }

    #[test]
    fn entries_round_trip_and_the_cheapest_goes() {
        let t = SharedTable::with_buckets(1, 1, 0);
        let mut h = t.handle();
        let mut proved = entry(9, 1 << 40);
        proved.pn = ProofNumber::ZERO;
        proved.dn = ProofNumber::INFINITY;
        for e in [entry(1, 1000), entry(2, 10), proved, entry(4, u64::MAX)] {
            h.store(e);
            assert!(same(&h.get(e.key).expect("stored"), &e));
        }
        h.store(entry(5, 500));
        assert!(h.get(2).is_none(), "the least work goes");
        for k in [1, 9, 4, 5] {
            assert!(h.get(k).is_some(), "{k}");
        }
    }

    /// A torn slot (the words of two writes) reads as a miss, never as
    /// either key with the other's numbers.
    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let t = SharedTable::with_buckets(1, 1, 0);
        let mut h = t.handle();
        let a = entry(0x1234_5678_9ABC_DEF1, 7);
        let mut b = entry(0x0FED_CBA9_8765_4321, 900);
        b.pn = ProofNumber::ZERO;
        b.dn = ProofNumber::INFINITY;
        h.store(a);
        // Find a's slot, then write b's numbers into it without its check
        // word: the tear of a write that stopped half way.
        let words = &h.words;
        let j = (0..WAYS)
            .find(|&j| words.read(0, j).is_some_and(|e| e.key == a.key))
            .expect("a is in");
        let (_, d1, d2) = encode(&b);
        words.words[j * ENTRY_WORDS + 1].store(d1, Relaxed);
        assert!(h.get(a.key).is_none(), "a's key with b's pn and dn");
        assert!(h.get(b.key).is_none());
        words.words[j * ENTRY_WORDS + 2].store(d2, Relaxed);
        assert!(h.get(a.key).is_none() && h.get(b.key).is_none());
        // The check word completes b.
        words.words[j * ENTRY_WORDS].store(encode(&b).0, Relaxed);
        assert!(same(&h.get(b.key).expect("whole"), &b));
        assert!(h.get(a.key).is_none());
    }

    #[test]
    fn the_table_grows_within_its_bytes_and_keeps_its_entries() {
        for bytes in [0, 96, 4096, 1_000_000, 5 << 20] {
            let t = SharedTable::new(bytes);
            let mut h = t.handle();
            let keys: Vec<u64> = (1..=60_000u64)
                .map(|k| k.wrapping_mul(0x2545_F491_4F6C_DD1D))
                .collect();
            for &k in &keys {
                h.store(entry(k, 3));
            }
            assert!(
                h.peak_bytes() <= bytes.max(1),
                "{bytes}: {}",
                h.peak_bytes()
            );
            if bytes == 5 << 20 {
                let found = keys.iter().filter(|&&k| h.get(k).is_some()).count();
                assert!(found * 100 > keys.len() * 97, "{found}");
            }
        }
    }

    #[test]
    fn threads_storing_at_once_read_only_whole_entries() {
        let t = SharedTable::with_buckets(2, 2, 0);
        std::thread::scope(|s| {
            for i in 0..4u64 {
                let t = &t;
                s.spawn(move || {
                    let mut h = t.handle();
                    for n in 0..20_000u64 {
                        let key = (n % 13) * 0x9E37_79B9 + 1;
                        let mut e = entry(key, 1 + i);
                        // The numbers a key gets depend only on the key.
                        e.pn = ProofNumber::finite(key as u32 % 1000 + 1);
                        h.store(e);
                        if let Some(got) = h.get(key ^ 0x40) {
                            assert_eq!(got.pn, ProofNumber::finite(got.key as u32 % 1000 + 1));
                        }
                        if let Some(got) = h.get(key) {
                            assert_eq!(got.pn, e.pn);
                            assert_eq!(got.best, e.best);
                        }
                    }
                });
            }
        });
    }
}

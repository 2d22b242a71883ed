//! The transposition table that df-pn's threads share: atomic words in
//! safe Rust, each entry verified on read so that a torn write reads as a
//! miss.
//!
//! **Layout.** A bucket is one cache line (eight 64-bit words, aligned
//! to 64 bytes) holding three entries, as in the table of one thread:
//! `w[j]` the check word of slot `j`, `w[3 + j]` its `d1` = pn | dn <<
//! 32, and its meta (proof length, best move, and the work byte: the
//! work's bit length and the tested bit) in 16-bit and 8-bit lanes of
//! `w[6]` and `w[7]` ([`Meta`]); a work byte of 0 marks an empty
//! slot. The check word is `key ^ seal(d1, meta)`, [`seal`] a
//! strong 64-bit mix of both. Every word is an `AtomicU64` used with
//! relaxed ordering: `d1` and the check word are stored, the lanes are
//! changed by compare-and-swap so that writers of two slots of one bucket
//! never undo each other; but a reader may see the words of one entry
//! from two different writes (two threads storing into one slot at once,
//! or a read between the stores of one write).
//!
//! **Lockless verification** (after Hyatt & Mann 2002, "A lockless
//! transposition table implementation for parallel search"): a reader
//! takes the key as `check ^ seal(d1, meta)` and accepts the slot only if
//! that is the key it looks for. For the words of one write that is
//! exactly the entry written. For words of different writes it is
//! `key_a ^ seal(a's words) ^ seal(the words read)`, which is the key
//! probed for only by the chance that two seals of different words agree
//! on 64 bits (about 2⁻⁶⁴ a probe, the odds of a key collision that the
//! table of one thread has already). A seal that is only the XOR of the
//! words, as Hyatt and Mann's, would not do here: two entries whose
//! words differ but XOR alike (a pn of 1 and a length of 0 against a pn
//! of 0 and a length of 1, say) would let a reader take one node's proof
//! for another's. So a torn entry reads as a miss.
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
//! **Size.** The table starts small and doubles as it fills (a third
//! of its slots used), up to the largest size whose doubling fits in its
//! bytes, like the growing table of one thread: a short search pays for
//! a small table. The thread whose store crosses the mark builds the
//! larger table and copies the entries while the others go on in the old
//! one; what they store there after the copy is lost (a loss is always
//! allowed). Each thread holds a [`SharedHandle`] that moves to the new
//! table at its next store.

use super::table::{choose_slot, DfpnTable, Entry, Meta, Slot, TESTED, WAYS};
use crate::kit::ProofNumber;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Bytes per bucket: one cache line.
const BUCKET_BYTES: u64 = std::mem::size_of::<Line>() as u64;
/// Buckets of a new table (1 MiB) when the budget allows more.
const INITIAL_BUCKETS: usize = 1 << 14;

/// One bucket.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Line([AtomicU64; 8]);

/// The words of one generation of the table.
#[derive(Debug)]
struct Words {
    lines: Box<[Line]>,
}

impl Words {
    fn new(buckets: usize) -> Words {
        Words {
            lines: (0..buckets).map(|_| Line::default()).collect(),
        }
    }

    fn buckets(&self) -> usize {
        self.lines.len()
    }

    fn bytes(&self) -> u64 {
        self.lines.len() as u64 * BUCKET_BYTES
    }

    /// The bucket of `key`.
    #[inline]
    fn home(&self, key: u64) -> &Line {
        // As in the table of one thread: canonical keys are minima, so mix
        // every bit in before scaling to the bucket count.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.lines[((u128::from(mixed) * self.lines.len() as u128) >> 64) as usize]
    }

    /// The entry in slot `j` of `line`, if it is used and its words agree
    /// (see the module docs).
    #[inline]
    fn read(line: &Line, j: usize) -> Option<Entry> {
        let w = &line.0;
        let d1 = w[3 + j].load(Relaxed);
        let meta = Meta::of([w[6].load(Relaxed), w[7].load(Relaxed)], j);
        let check = w[j].load(Relaxed);
        decode(check, d1, meta)
    }

    #[inline]
    fn write(line: &Line, j: usize, e: &Entry) {
        let (check, d1, meta) = encode(e);
        line.0[3 + j].store(d1, Relaxed);
        Self::write_meta(line, j, meta);
        line.0[j].store(check, Relaxed);
    }

    /// Writes slot `j`'s lanes of the meta words. Only this slot's lanes
    /// change: a compare-and-swap keeps the lanes of the other slots that
    /// other threads write at the same time.
    #[inline]
    fn write_meta(line: &Line, j: usize, meta: Meta) {
        for (k, (mask, set)) in meta.lanes(j).into_iter().enumerate() {
            let _ = line.0[6 + k].fetch_update(Relaxed, Relaxed, |old| Some(old & !mask | set));
        }
    }

    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        if self.lines.is_empty() {
            return None;
        }
        let line = self.home(key);
        (0..WAYS)
            .filter_map(|j| Self::read(line, j))
            .find(|e| e.key == key)
    }

    /// Stores `e` over its key's entry (adding the work), or else over the
    /// bucket's entry with the least work (an empty slot first, an open
    /// entry before a settled one of equal work); whether it took an empty
    /// slot. Two threads placing at once may both write one slot: one
    /// entry survives whole, or the slot reads as a miss.
    fn place(&self, mut e: Entry) -> bool {
        if self.lines.is_empty() {
            return false;
        }
        let line = self.home(e.key);
        // An empty or a torn slot reads as `None`: free to take.
        match choose_slot(WAYS, e.key, |j| Self::read(line, j)) {
            Slot::Same(j, old) => {
                e.work = e.work.saturating_add(old.work);
                Self::write(line, j, &e);
                false
            }
            Slot::Victim(j, empty) => {
                Self::write(line, j, &e);
                empty
            }
        }
    }
}

/// The seal of an entry's words: a mix of every bit of both (the
/// finaliser of SplitMix64 over `d1` and the meta), so that words of
/// different writes seal alike only by a 64-bit chance.
#[inline]
fn seal(d1: u64, meta: Meta) -> u64 {
    let m = u64::from(meta.len) | u64::from(meta.best) << 16 | meta.bits << 32;
    let mut z = d1 ^ m.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The words of `e`: check, d1, meta.
#[inline]
fn encode(e: &Entry) -> (u64, u64, Meta) {
    let d1 = u64::from(e.pn.get()) | (u64::from(e.dn.get()) << 32);
    let meta = Meta::from(e);
    (e.key ^ seal(d1, meta), d1, meta)
}

/// The entry of these words, `None` for an empty slot; the key is
/// `check ^ seal(d1, meta)`, so words of different writes give another
/// key.
#[inline]
fn decode(check: u64, d1: u64, meta: Meta) -> Option<Entry> {
    if meta.bits == 0 {
        return None;
    }
    Some(Entry {
        key: check ^ seal(d1, meta),
        pn: number(d1 as u32),
        dn: number((d1 >> 32) as u32),
        len: meta.len,
        best: meta.best,
        work: 1 << ((meta.bits & !TESTED) - 1),
        tested: meta.bits & TESTED != 0,
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
        let new = Words::new(old.buckets() * 2);
        self.peak_bytes
            .fetch_max(old.bytes() + new.bytes(), Relaxed);
        let mut used = 0;
        for line in old.lines.iter() {
            for j in 0..WAYS {
                if let Some(e) = Words::read(line, j) {
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
            let buckets = self.words.buckets();
            if used > buckets && buckets < self.table.max_buckets {
                self.table.grow(self.generation);
            }
        }
    }

    #[inline]
    fn warm(&self, keys: impl Iterator<Item = u64>) {
        if self.words.lines.is_empty() {
            return;
        }
        let mut acc = 0;
        for key in keys {
            acc ^= self.words.home(key).0[0].load(Relaxed);
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
    use crate::dfpn::table::work_bits;

    fn entry(key: u64, work: u64) -> Entry {
        Entry {
            key,
            pn: ProofNumber::finite(key as u32 % 1000 + 1),
            dn: ProofNumber::finite((key >> 7) as u32 % 1000 + 1),
            len: (key % 77) as u16,
            best: (key % 700) as u16,
            work,
            tested: key.is_multiple_of(3),
        }
    }

    fn same(a: &Entry, b: &Entry) -> bool {
        (
            a.key,
            a.pn,
            a.dn,
            a.len,
            a.best,
            work_bits(a.work),
            a.tested,
        ) == (
            b.key,
            b.pn,
            b.dn,
            b.len,
            b.best,
            work_bits(b.work),
            b.tested,
        )
    }

    #[test]
    fn entries_round_trip_and_the_cheapest_goes() {
        let t = SharedTable::with_buckets(1, 1, 0);
        let mut h = t.handle();
        let mut proved = entry(9, 1 << 40);
        proved.pn = ProofNumber::ZERO;
        proved.dn = ProofNumber::INFINITY;
        for e in [entry(4, u64::MAX), entry(2, 10), proved] {
            h.store(e);
            assert!(same(&h.get(e.key).expect("stored"), &e));
        }
        h.store(entry(5, 500));
        assert!(h.get(2).is_none(), "the least work goes");
        for k in [9, 4, 5] {
            let e = h.get(k).expect("kept");
            let want = if k == 9 { proved } else { entry(k, e.work) };
            assert!(same(&e, &want), "{k}");
        }
    }

    /// The slot of `key` in the one bucket of `h`.
    fn slot_of(h: &SharedHandle<'_>, key: u64) -> usize {
        let line = &h.words.lines[0];
        (0..WAYS)
            .find(|&j| Words::read(line, j).is_some_and(|e| e.key == key))
            .expect("stored")
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
        // Write b's words into a's slot one by one, the check word last:
        // the tear of a write that stopped half way.
        let j = slot_of(&h, a.key);
        let line = &h.words.lines[0];
        let (check, d1, meta) = encode(&b);
        line.0[3 + j].store(d1, Relaxed);
        assert!(h.get(a.key).is_none(), "a's key with b's pn and dn");
        assert!(h.get(b.key).is_none());
        Words::write_meta(line, j, meta);
        assert!(h.get(a.key).is_none() && h.get(b.key).is_none());
        // The check word completes b.
        line.0[j].store(check, Relaxed);
        assert!(same(&h.get(b.key).expect("whole"), &b));
        assert!(h.get(a.key).is_none());
    }

    /// Words whose plain XOR agrees with another entry's: a's check word
    /// over b's proof reads as a miss, where a seal that only XORed the
    /// words would read b's proof as a's.
    #[test]
    fn words_that_xor_alike_do_not_pass_for_another_entry() {
        let t = SharedTable::with_buckets(1, 1, 0);
        let mut h = t.handle();
        // a: pn 1, length 0, work bits 1; b: pn 0, length 1, work bits 2;
        // a's dn is infinity ^ 3, so the dn and work halves XOR alike too.
        let a = Entry {
            key: 0x5555_0000_1111_2222,
            pn: ProofNumber::ONE,
            dn: ProofNumber::finite(ProofNumber::INFINITY.get() ^ 3),
            len: 0,
            best: 17,
            work: 1,
            tested: false,
        };
        let b = Entry {
            key: 0x7777_3333_4444_0001,
            pn: ProofNumber::ZERO,
            dn: ProofNumber::INFINITY,
            len: 1,
            best: 17,
            work: 2,
            tested: false,
        };
        let xor_of = |e: &Entry| {
            let (_, d1, m) = encode(e);
            d1 ^ (u64::from(m.len) | u64::from(m.best) << 16 | m.bits << 32)
        };
        assert_eq!(xor_of(&a), xor_of(&b), "the words XOR alike");
        h.store(a);
        let j = slot_of(&h, a.key);
        let line = &h.words.lines[0];
        let (_, d1, meta) = encode(&b);
        line.0[3 + j].store(d1, Relaxed);
        Words::write_meta(line, j, meta);
        assert!(h.get(a.key).is_none(), "b's proof read as a's");
    }

    #[test]
    fn the_table_grows_within_its_bytes_and_keeps_its_entries() {
        for bytes in [0, 64, 96, 4096, 1_000_000, 5 << 20] {
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

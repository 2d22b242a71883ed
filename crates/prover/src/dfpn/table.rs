//! The transposition table of df-pn: buckets of entries with replacement,
//! within a fixed number of bytes.
//!
//! A bucket is one cache line of 64 bytes holding three entries, each with
//! its full 64-bit key (the canonical key with the depth mixed in), proof
//! and disproof numbers, proof length, best move and the work spent on it.
//! A key lives in the one bucket its hash picks; a new key replaces the
//! bucket's entry with the least work (an empty slot first, among equal work
//! an open entry before a settled one), so the expensive results stay.
//! Losing an entry only costs time: the search treats a missing entry as a
//! new leaf, and a settled entry is only ever written for a settled node.
//!
//! The table starts at 1 MiB and doubles (moving its entries) each time a
//! third of its slots are used, up to the largest size whose doubling fits in its bytes;
//! from there on it replaces. A short search thus works in a small table
//! (a large one costs page faults and TLB misses: on the bundled Renju
//! puzzles df-pn took 1.4 s in a fixed 64 MiB table, 5.9 s in a fixed 1 GiB
//! one), a long one in all the memory it is given. The words are allocated
//! zeroed (`vec![0; n]` asks the allocator for zeroed memory, which a large
//! table gets as untouched pages from the system).

use crate::kit::ProofNumber;

/// Entries per bucket.
pub(crate) const WAYS: usize = 3;
/// 64-bit words per bucket: one cache line.
const WORDS: usize = 8;
/// Bytes per bucket.
pub(crate) const BUCKET_BYTES: u64 = (WORDS * 8) as u64;
/// [`Entry::best`] when the entry has no move.
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// What the table knows about one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) pn: ProofNumber,
    pub(crate) dn: ProofNumber,
    /// Proof length of a proved node (plies to the attacker's winning
    /// stone, the node's own ply included); 0 otherwise.
    pub(crate) len: u16,
    /// The child to follow, as a canonical cell (see
    /// [`crate::kit::symmetry`]): at a proved attacker's node the proved
    /// child with the shortest proof, at a proved defender's node the reply
    /// with the longest; [`NO_MOVE`] for a node the rules settle.
    pub(crate) best: u16,
    /// Nodes searched at and below the node, over every search of it
    /// (stored as a bit length, so approximately).
    pub(crate) work: u64,
    /// The rules were asked of this very node and left it open, so its
    /// static no-win tests need not run again (see [`TESTED`]).
    pub(crate) tested: bool,
}

impl Entry {
    #[inline]
    pub(crate) fn is_settled(&self) -> bool {
        self.pn.is_zero() || self.dn.is_zero()
    }
}

/// Where an entry goes in a bucket of `ways` slots (see [`choose_slot`]).
pub(crate) enum Slot {
    /// The slot that holds the same key, with its entry: the new entry
    /// replaces it, adding its work.
    Same(usize, Entry),
    /// The slot to overwrite, and whether it was empty (or torn).
    Victim(usize, bool),
}

/// The replacement rule of both df-pn tables (this one and
/// [`super::shared`]'s): the slot of `key` if the bucket has one, else an
/// empty slot (`read` gives `None`: empty, or torn in the shared table),
/// else the entry with the least work, an open one before a settled one.
#[inline]
pub(crate) fn choose_slot(ways: usize, key: u64, read: impl Fn(usize) -> Option<Entry>) -> Slot {
    let mut victim = 0;
    let mut cheapest = (u64::MAX, true);
    for j in 0..ways {
        match read(j) {
            Some(old) if old.key == key => return Slot::Same(j, old),
            Some(old) => {
                let cost = (work_bits(old.work), old.is_settled());
                if cost < cheapest {
                    cheapest = cost;
                    victim = j;
                }
            }
            None => {
                if cheapest.0 > 0 {
                    cheapest = (0, false);
                    victim = j;
                }
            }
        }
    }
    Slot::Victim(victim, cheapest.0 == 0)
}

/// The bit of a slot's work byte that holds [`Entry::tested`]: a bit
/// length of work is at most 64, so it needs the low seven.
pub(crate) const TESTED: u64 = 0x80;

/// A slot's work byte: the bit length of the entry's work and its
/// [`TESTED`] bit.
#[inline]
pub(crate) fn work_byte(e: &Entry) -> u64 {
    work_bits(e.work) | if e.tested { TESTED } else { 0 }
}

/// The bit length of `work` (at least 1): 0 marks an empty slot.
#[inline]
pub(crate) fn work_bits(work: u64) -> u64 {
    u64::from(64 - work.max(1).leading_zeros())
}

/// A work of `bits` bit length, at its lowest.
#[inline]
fn work_of(bits: u64) -> u64 {
    if bits == 0 {
        0
    } else {
        1 << (bits - 1)
    }
}

/// What df-pn asks of its transposition table. The search is generic over
/// it, so that a table of fixed size shared by threads (a handle per
/// thread, entries written whole) can stand beside the growing [`Table`]
/// of one thread without a second copy of the search. Losing an entry is
/// always allowed (the search treats a missing entry as a new leaf); an
/// entry read back must be one that was stored under its key.
pub(crate) trait DfpnTable {
    /// The entry stored under `key`, if the table still holds it.
    fn get(&self, key: u64) -> Option<Entry>;
    /// Stores `e` under `e.key`, replacing that key's entry or another one.
    fn store(&mut self, e: Entry);
    /// Brings the slots of `keys` into the cache before they are probed.
    fn warm(&self, keys: impl Iterator<Item = u64>);
    /// The slots in use and all the slots the table may grow to.
    fn fill(&self) -> (u64, u64);
    /// Bytes held now, and the bytes it was given.
    fn bytes(&self) -> (u64, u64);
    /// The most bytes held at once.
    fn peak_bytes(&self) -> u64;
}

impl DfpnTable for Table {
    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        Table::get(self, key)
    }
    #[inline]
    fn store(&mut self, e: Entry) {
        Table::store(self, e);
    }
    #[inline]
    fn warm(&self, keys: impl Iterator<Item = u64>) {
        Table::warm(self, keys);
    }
    fn fill(&self) -> (u64, u64) {
        (self.used as u64, (self.max_buckets * WAYS) as u64)
    }
    fn bytes(&self) -> (u64, u64) {
        (self.words.len() as u64 * 8, self.budget)
    }
    /// At a doubling, the old and the new table.
    fn peak_bytes(&self) -> u64 {
        self.peak_bytes
    }
}

/// Buckets of a new table (1 MiB) when the budget allows more: it doubles
/// from there as it fills.
const INITIAL_BUCKETS: usize = 1 << 14;

/// The table (see the module docs).
///
/// Bucket layout, in words (`j` the slot, 0..3): `w[j]` the key; `w[3 +
/// j]` pn in the low half, dn in the high half; `w[6]` the proof lengths of
/// slots 0, 1, 2 in its low three 16-bit lanes and the work bits of slots 0
/// and 1 in its two top bytes; `w[7]` the best moves likewise and the work
/// bits of slot 2 in byte 6.
#[derive(Debug)]
pub(crate) struct Table {
    words: Vec<u64>,
    /// Index of the first word of bucket 0: the allocator aligns the words
    /// to 8 bytes, the buckets are aligned to 64 within them.
    base: usize,
    buckets: usize,
    /// The most buckets the table grows to.
    max_buckets: usize,
    /// Slots in use.
    used: usize,
    /// The bytes it was given.
    budget: u64,
    peak_bytes: u64,
}

/// Zeroed words for `buckets` buckets, and the index of the first bucket.
fn allocate(buckets: usize) -> (Vec<u64>, usize) {
    if buckets == 0 {
        return (Vec::new(), 0);
    }
    let words = vec![0u64; (buckets + 1) * WORDS];
    let misalign = (words.as_ptr() as usize / 8) % WORDS;
    (words, (WORDS - misalign) % WORDS)
}

impl Table {
    /// The number of buckets a table of at most `bytes` bytes holds (one
    /// bucket's worth of words is kept for the alignment): the most it
    /// grows to, and 0 when not even one fits.
    #[must_use]
    pub(crate) fn buckets_for(bytes: u64) -> usize {
        let whole = usize::try_from(bytes / BUCKET_BYTES).unwrap_or(usize::MAX / 4);
        if whole <= INITIAL_BUCKETS + 1 {
            return whole.saturating_sub(1);
        }
        // Doubling from `n / 2` to `n` holds both tables for a moment.
        let mut n = INITIAL_BUCKETS;
        while (2 * n) + n + 2 <= whole {
            n *= 2;
        }
        n
    }

    /// An empty table of at most `bytes` bytes, at its peak too: it starts
    /// at 1 MiB and doubles whenever a third of its slots are used, up to the largest
    /// size whose doubling fits in `bytes` (between a third and two thirds
    /// of them), so that a short search pays only for a small table.
    #[must_use]
    pub(crate) fn new(bytes: u64) -> Table {
        let max_buckets = Self::buckets_for(bytes);
        let buckets = max_buckets.min(INITIAL_BUCKETS);
        let (words, base) = allocate(buckets);
        let peak_bytes = words.len() as u64 * 8;
        Table {
            words,
            base,
            buckets,
            max_buckets,
            used: 0,
            budget: bytes,
            peak_bytes,
        }
    }

    /// Number of buckets (0: no table at all).
    #[cfg(test)]
    pub(crate) fn buckets(&self) -> usize {
        self.buckets
    }

    /// The first word of the bucket of `key`.
    #[inline]
    fn home(&self, key: u64) -> usize {
        // Canonical keys are minima, so their high bits are skewed: mix
        // every bit in (Fibonacci hashing), then scale to the bucket count.
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bucket = ((u128::from(mixed) * self.buckets as u128) >> 64) as usize;
        self.base + bucket * WORDS
    }

    /// Reads the bucket of each key, so that the probes that follow find
    /// them in the cache: independent loads overlap their misses.
    #[inline]
    pub(crate) fn warm(&self, keys: impl Iterator<Item = u64>) {
        if self.buckets == 0 {
            return;
        }
        let mut acc = 0;
        for key in keys {
            acc ^= self.words[self.home(key)];
        }
        std::hint::black_box(acc);
    }

    /// The entry of slot `j` of the bucket at `b`, if the slot is used.
    #[inline]
    fn read(&self, b: usize, j: usize) -> Option<Entry> {
        let w = &self.words[b..b + WORDS];
        let meta = Meta::of([w[6], w[7]], j);
        if meta.bits == 0 {
            return None;
        }
        let numbers = w[3 + j];
        Some(Entry {
            key: w[j],
            pn: number(numbers as u32),
            dn: number((numbers >> 32) as u32),
            len: meta.len,
            best: meta.best,
            work: work_of(meta.bits & !TESTED),
            tested: meta.bits & TESTED != 0,
        })
    }

    /// Writes `e` into slot `j` of the bucket at `b`.
    #[inline]
    fn write(&mut self, b: usize, j: usize, e: &Entry) {
        let w = &mut self.words[b..b + WORDS];
        w[j] = e.key;
        w[3 + j] = u64::from(e.pn.get()) | (u64::from(e.dn.get()) << 32);
        for (k, (mask, set)) in Meta::from(e).lanes(j).into_iter().enumerate() {
            w[6 + k] = w[6 + k] & !mask | set;
        }
    }

    /// The entry stored under `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<Entry> {
        if self.buckets == 0 {
            return None;
        }
        let b = self.home(key);
        (0..WAYS)
            .filter_map(|j| self.read(b, j))
            .find(|e| e.key == key)
    }

    /// Stores `e`: over the entry of its key, whose work it adds to, or
    /// else over the bucket's entry with the least work. Doubles the table
    /// when this fills a third of its slots (beyond that, the buckets a
    /// hash fills most would lose entries while others stay empty) and it
    /// may grow.
    pub(crate) fn store(&mut self, e: Entry) {
        if self.buckets == 0 {
            return;
        }
        if self.place(e) {
            self.used += 1;
            if self.used > self.buckets && self.buckets < self.max_buckets {
                self.grow();
            }
        }
    }

    /// [`Table::store`] without growing; whether `e` took an empty slot.
    fn place(&mut self, mut e: Entry) -> bool {
        let b = self.home(e.key);
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

    /// Moves every entry into a table of twice the buckets (in bucket and
    /// slot order, so the result depends only on the entries).
    fn grow(&mut self) {
        let (words, base) = allocate(self.buckets * 2);
        self.peak_bytes = self
            .peak_bytes
            .max((self.words.len() + words.len()) as u64 * 8);
        let old = std::mem::replace(
            self,
            Table {
                words,
                base,
                buckets: self.buckets * 2,
                max_buckets: self.max_buckets,
                used: 0,
                budget: self.budget,
                peak_bytes: self.peak_bytes,
            },
        );
        for i in 0..old.buckets {
            let b = old.base + i * WORDS;
            for j in 0..WAYS {
                if let Some(e) = old.read(b, j) {
                    if self.place(e) {
                        self.used += 1;
                    }
                }
            }
        }
    }
}

/// The number stored as `bits` ([`ProofNumber::get`]).
#[inline]
fn number(bits: u32) -> ProofNumber {
    if bits == ProofNumber::INFINITY.get() {
        ProofNumber::INFINITY
    } else {
        ProofNumber::finite(bits)
    }
}

/// Where the meta of each slot lives in words 6 and 7 of a bucket, in
/// both df-pn tables: (word, shift, mask) of its proof length and of its
/// best move (16 bits each) and of its work byte (8).
const META_AT: [[(usize, u32, u64); 3]; WAYS] = [
    [(6, 0, 0xFFFF), (7, 0, 0xFFFF), (6, 48, 0xFF)],
    [(6, 16, 0xFFFF), (7, 16, 0xFFFF), (6, 56, 0xFF)],
    [(6, 32, 0xFFFF), (7, 32, 0xFFFF), (7, 48, 0xFF)],
];

/// An entry's proof length, best move and work byte ([`work_byte`]; 0:
/// an empty slot), as the lanes of a bucket's words 6 and 7 hold them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meta {
    pub(crate) len: u16,
    pub(crate) best: u16,
    pub(crate) bits: u64,
}

impl Meta {
    /// Slot `j`'s meta in the lanes of words 6 and 7.
    #[inline]
    pub(crate) fn of(lanes: [u64; 2], j: usize) -> Meta {
        let [len, best, bits] =
            META_AT[j].map(|(word, shift, mask)| lanes[word - 6] >> shift & mask);
        Meta {
            len: len as u16,
            best: best as u16,
            bits,
        }
    }

    /// What writing this meta into slot `j` does to words 6 and 7: for
    /// each, the mask of the slot's lanes and their new bits.
    #[inline]
    pub(crate) fn lanes(self, j: usize) -> [(u64, u64); 2] {
        let values = [u64::from(self.len), u64::from(self.best), self.bits];
        let mut out = [(0, 0); 2];
        for (&(word, shift, mask), value) in META_AT[j].iter().zip(values) {
            out[word - 6].0 |= mask << shift;
            out[word - 6].1 |= (value & mask) << shift;
        }
        out
    }
}

impl From<&Entry> for Meta {
    fn from(e: &Entry) -> Meta {
        Meta {
            len: e.len,
            best: e.best,
            bits: work_byte(e),
        }
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
            tested: key.is_multiple_of(3),
        }
    }

    #[test]
    fn entries_round_trip_in_every_slot() {
        let mut t = Table::new(BUCKET_BYTES * 2);
        assert_eq!(t.buckets(), 1);
        assert_eq!((t.words.as_ptr() as usize + t.base * 8) % 64, 0);
        let es = [
            Entry {
                key: u64::MAX,
                pn: ProofNumber::INFINITY,
                dn: ProofNumber::ZERO,
                len: u16::MAX - 1,
                best: NO_MOVE,
                work: 1,
                tested: true,
            },
            entry(17, 1 << 40),
            Entry {
                key: 5,
                pn: ProofNumber::ZERO,
                dn: ProofNumber::INFINITY,
                len: 9,
                best: 701,
                work: u64::MAX,
                tested: false,
            },
        ];
        for e in &es {
            t.store(*e);
        }
        for e in &es {
            let got = t.get(e.key).expect("stored");
            assert_eq!(
                (got.key, got.pn, got.dn, got.len, got.best),
                (e.key, e.pn, e.dn, e.len, e.best)
            );
            assert_eq!(work_bits(got.work), work_bits(e.work), "{got:?}");
            assert_eq!(got.tested, e.tested, "{got:?}");
        }
        assert_eq!(t.get(6), None);
    }

    #[test]
    fn a_full_bucket_loses_its_cheapest_entry() {
        let mut t = Table::new(BUCKET_BYTES * 2);
        t.store(entry(1, 1000));
        t.store(entry(2, 10));
        t.store(entry(3, 100_000));
        t.store(entry(4, 5));
        assert!(t.get(2).is_none(), "the least work goes");
        for k in [1, 3, 4] {
            assert!(t.get(k).is_some(), "{k}");
        }
        // Storing a key again adds its work and keeps one entry.
        t.store(entry(4, 5000));
        t.store(entry(5, 2000));
        assert!(t.get(4).is_some() && t.get(5).is_some() && t.get(1).is_none());
    }

    #[test]
    fn a_settled_entry_outlives_an_open_one_of_equal_work() {
        let mut t = Table::new(BUCKET_BYTES * 2);
        let mut proved = entry(1, 8);
        proved.pn = ProofNumber::ZERO;
        proved.dn = ProofNumber::INFINITY;
        t.store(proved);
        t.store(entry(2, 8));
        t.store(entry(3, 8));
        t.store(entry(4, 8));
        assert!(t.get(1).is_some() && t.get(2).is_none());
    }

    #[test]
    fn the_table_stays_within_its_bytes() {
        for bytes in [0, 64, 127, 128, 4096, 65_536, 1_000_000, 5 << 20, 64 << 20] {
            let mut t = Table::new(bytes);
            assert_eq!(t.buckets() == 0, bytes < 128, "{bytes}");
            for k in 0..300_000u64 {
                t.store(entry(
                    k.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1,
                    k % 1000 + 1,
                ));
            }
            assert!(t.peak_bytes() <= bytes, "{bytes}: {}", t.peak_bytes());
            // At most, it takes between a third and all of the bytes.
            let most = t.max_buckets as u64 * BUCKET_BYTES;
            assert!(most * 3 > bytes || bytes < 128, "{bytes}: {most}");
        }
    }

    #[test]
    fn growing_keeps_the_entries() {
        let mut t = Table::new(64 << 20);
        assert_eq!(t.buckets(), INITIAL_BUCKETS);
        let keys: Vec<u64> = (1..=100_000u64)
            .map(|k| k.wrapping_mul(0x2545_F491_4F6C_DD1D))
            .collect();
        for &k in &keys {
            t.store(entry(k, 3));
        }
        assert!(t.buckets() >= 4 * INITIAL_BUCKETS, "{}", t.buckets());
        let found = keys
            .iter()
            .filter(|&&k| t.get(k) == Some(entry(k, 2)))
            .count();
        assert!(found * 100 > keys.len() * 97, "{found}");
    }
}

//! The transposition table of the AND-OR prover: settled results keyed by
//! the Zobrist key of a position (stones and side to move).
//!
//! An entry keeps an interval of horizons: `win` is the smallest remaining
//! depth within which the position is known to be a win for the attacker of
//! the search, `nowin` the largest within which it is known not to be. Both
//! are sound for every other horizon on their side (a win within `d` is a
//! win within every `d' >= d`; a no-win within `d` is a no-win within every
//! `d' <= d`), which is the only way the search reuses them.
//!
//! The table is open-addressed in buckets of four entries (one cache line).
//! It grows by doubling while it is more than half full and may not exceed
//! its byte cap (counting the old and the new table while it grows); past
//! the cap a new result replaces the bucket's entry that carries the
//! shallowest result. Losing an entry costs time, never correctness: only
//! settled results are ever stored.

use kinrow_board::Cell;

/// `nowin` value meaning "no win within any horizon".
pub(crate) const NOWIN_ALWAYS: u16 = u16::MAX;

/// One slot: all zeros means empty (`win == 0` is "no win known", `nowin ==
/// 0` is "nothing beyond the trivial depth 0").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    key: u64,
    /// Stone count of the position: a cheap extra check against key
    /// collisions (positions with different counts never match).
    stones: u16,
    /// Smallest depth known to win (the length of a winning strategy), or 0.
    win: u16,
    /// Largest depth known not to win, [`NOWIN_ALWAYS`], or 0.
    nowin: u16,
    /// The move that settled the position (a winning attacker move or a
    /// refuting defender reply), plus one; 0 for none.
    best: u16,
}

const _: () = assert!(std::mem::size_of::<Entry>() <= 16);

const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
const BUCKET: usize = 4;
/// Entries of a fresh table (64 KiB).
const INITIAL_ENTRIES: usize = 1 << 12;

impl Entry {
    #[inline]
    fn is_empty(&self) -> bool {
        self.win == 0 && self.nowin == 0
    }

    /// How much search the entry saves, roughly: the depth of its result.
    #[inline]
    fn weight(&self) -> u16 {
        self.win.max(self.nowin)
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Known {
    /// Smallest depth known to win, 0 if none.
    pub win: u16,
    /// Largest depth known not to win ([`NOWIN_ALWAYS`]: none at all), 0 if
    /// none.
    pub nowin: u16,
    /// The move that settled it, if recorded.
    pub best: Option<Cell>,
}

/// The table (see the module docs).
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    used: usize,
    max_entries: usize,
    peak_bytes: u64,
}

impl Table {
    /// An empty table of at most `max_bytes` bytes (at least one bucket).
    pub(crate) fn new(max_bytes: u64) -> Table {
        let mut t = Table {
            entries: Vec::new(),
            used: 0,
            max_entries: BUCKET,
            peak_bytes: 0,
        };
        t.reset(max_bytes);
        t
    }

    /// Forgets everything and sets a new byte cap; the peak is reset too.
    pub(crate) fn reset(&mut self, max_bytes: u64) {
        let cap = (max_bytes / ENTRY_BYTES as u64).min(1 << 40) as usize;
        // A power of two of whole buckets, at least one bucket, such that
        // growing into it (old and new tables alive together, 1.5 times its
        // size) stays within the cap.
        let mut max_entries = BUCKET;
        while (max_entries * 2) * 3 / 2 <= cap {
            max_entries *= 2;
        }
        self.max_entries = max_entries;
        let n = INITIAL_ENTRIES.min(max_entries);
        if self.entries.len() == n {
            self.entries.fill(Entry::default());
        } else {
            self.entries = vec![Entry::default(); n];
        }
        self.used = 0;
        self.peak_bytes = (n * ENTRY_BYTES) as u64;
    }

    /// Largest number of bytes the entries have taken since the last reset.
    pub(crate) fn peak_bytes(&self) -> u64 {
        self.peak_bytes
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Zobrist keys are uniformly random: the low bits serve as index.
        (key as usize) & (self.entries.len() - 1) & !(BUCKET - 1)
    }

    /// What is known about the position with this key and stone count.
    #[inline]
    pub(crate) fn probe(&self, key: u64, stones: u32) -> Known {
        let b = self.bucket(key);
        for e in &self.entries[b..b + BUCKET] {
            if e.key == key && u32::from(e.stones) == stones && !e.is_empty() {
                return Known {
                    win: e.win,
                    nowin: e.nowin,
                    best: (e.best != 0).then(|| Cell::from_index(usize::from(e.best) - 1)),
                };
            }
        }
        Known::default()
    }

    /// Records that the position wins within `win` (if non-zero), does not
    /// win within `nowin` (if non-zero), settled by `best`; merges with
    /// what is already known.
    pub(crate) fn store(
        &mut self,
        key: u64,
        stones: u32,
        win: u16,
        nowin: u16,
        best: Option<Cell>,
    ) {
        debug_assert!(win != 0 || nowin != 0);
        let stones = stones as u16;
        let best = best.map_or(0, |c| c.index() as u16 + 1);
        let b = self.bucket(key);
        let mut victim = b;
        for i in b..b + BUCKET {
            let e = &mut self.entries[i];
            if e.key == key && e.stones == stones && !e.is_empty() {
                if win != 0 && (e.win == 0 || win < e.win) {
                    e.win = win;
                }
                e.nowin = e.nowin.max(nowin);
                if best != 0 {
                    e.best = best;
                }
                debug_assert!(e.win == 0 || e.nowin < e.win, "contradicting results");
                return;
            }
            if e.is_empty() {
                victim = i;
                break;
            }
            if e.weight() < self.entries[victim].weight() {
                victim = i;
            }
        }
        let fresh = self.entries[victim].is_empty();
        self.entries[victim] = Entry {
            key,
            stones,
            win,
            nowin,
            best,
        };
        if fresh {
            self.used += 1;
            if self.used * 2 > self.entries.len() && self.entries.len() < self.max_entries {
                self.grow();
            }
        }
    }

    /// Doubles the table and reinserts every entry.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.entries);
        self.entries = vec![Entry::default(); old.len() * 2];
        self.used = 0;
        self.peak_bytes = self
            .peak_bytes
            .max(((old.len() + self.entries.len()) * ENTRY_BYTES) as u64);
        for e in old.into_iter().filter(|e| !e.is_empty()) {
            let b = self.bucket(e.key);
            if let Some(slot) = self.entries[b..b + BUCKET]
                .iter_mut()
                .find(|s| s.is_empty())
            {
                *slot = e;
                self.used += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_merge_into_an_interval() {
        let mut t = Table::new(1 << 20);
        assert_eq!(t.probe(42, 3), Known::default());
        t.store(42, 3, 0, 4, None);
        t.store(42, 3, 9, 0, Some(Cell::from_index(7)));
        t.store(42, 3, 7, 2, None);
        let k = t.probe(42, 3);
        assert_eq!((k.win, k.nowin, k.best), (7, 4, Some(Cell::from_index(7))));
        // Another stone count is another position.
        assert_eq!(t.probe(42, 4), Known::default());
    }

    #[test]
    fn grows_up_to_the_cap_and_then_replaces() {
        let cap = 1 << 18;
        let mut t = Table::new(cap);
        for i in 0..100_000u64 {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            t.store(key, 1, 3, 0, None);
        }
        assert!(t.peak_bytes() <= cap);
        assert_eq!(t.entries.len() * ENTRY_BYTES * 2, cap as usize);
        t.reset(cap);
        assert_eq!(t.used, 0);
    }
}

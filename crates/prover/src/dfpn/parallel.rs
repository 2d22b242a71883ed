//! df-pn on several threads over one shared table ([`DfpnConfig::threads`]).
//!
//! **The scheme: Kaneko's virtual proof numbers** (Kaneko 2010, "Parallel
//! depth first proof number search", AAAI). Every thread runs the MID
//! recursion of one thread from the root, over one [`SharedTable`] and
//! one [`SharedBudget`]. A thread marks each node it is in (a count per
//! key hash in [`Marks`], raised when its MID call starts, lowered when
//! it returns), and when it chooses a child it counts a marked child's
//! minimum-side number (pn at the attacker's node, dn at the defender's)
//! once more for each thread in it, so threads that meet at a node spread
//! over its children instead of all searching the same one, wherever the
//! outcome the child points to needs every child searched (and follow
//! one another where one child decides it); it also takes from the table
//! the children that other threads have settled (see `search/steer.rs`).
//! The table carries everything else:
//! a subtree one thread has worked on is found, with its numbers, by the
//! next thread that comes to it.
//!
//! Why this and not SPDFPN (Pawlewicz & Hayward 2013): SPDFPN scales
//! better on many cores, but needs a master that hands out jobs and
//! threads that wait for one another's results; Kaneko's scheme adds two
//! small steps to the single-thread search (the marks and adopting settled
//! children) and no waiting at all, so it cannot deadlock, and every
//! thread runs the very search whose soundness is argued for one thread.
//! It is the one that could be made correct, and shown to be, in the
//! time this had; SPDFPN's job scheduling can be put on the same table
//! and marks later.
//!
//! **Soundness.** A thread's verdict is that of a single-thread df-pn in a
//! table that sometimes loses entries and sometimes holds settled entries
//! it did not write: a miss costs time, a settled entry is exact, open
//! numbers and marks only steer (the arguments are in [`super::shared`]
//! and `search/steer.rs`). The root's answer is taken only from a thread
//! whose MID call on the root returned it settled; that thread raises the
//! stop flag and the others stop at their next budget checkpoint (within
//! 1024 nodes). The principal variation is read from the shared table
//! after all threads have stopped, re-proving a node whose entry was lost
//! as df-pn does on one thread.
//!
//! **Budgets**: the node budget counts every thread's MID calls together,
//! the time budget is one deadline for all, the memory budget is the
//! shared table (plus, under renju's game for wins, one VCF table a
//! thread, taken from the budget first). Statistics are the threads'
//! merged ([`Stats::merge`]), the table counted once.

use super::search::memo::{self, MovesMemo};
use super::search::{DfpnSearch, Numbers};
use super::shared::SharedTable;
use super::{needs_threats, whole_game, DfpnConfig, SideStores};
use crate::budget::{Budget, SharedBudget};
use crate::kit::first_plies::first_plies;
use crate::kit::symmetry::Symmetries;
use crate::outcome::{Exhausted, Limits, Outcome, Problem, Stats, Verdict};
use crate::progress::Progress;
use crate::rules::{NodeRules, UNLIMITED};
use crate::vcf::{VcfSearcher, DEFAULT_VCF_SLOTS};
use kinrow_board::{Cell, SearchBoard};
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Most slots of [`Marks`]: enough that the few hundred nodes on the
/// threads' paths rarely share one (a shared slot only steers a little
/// wrongly).
const MARK_SLOTS: usize = 1 << 16;

/// The part of the memory budget the marks may take at most: a 16th.
const MARK_SHARE: u64 = 16;

/// How many threads are in each node, by key hash: what steers a thread
/// away from the children others are searching.
#[derive(Debug)]
pub(crate) struct Marks {
    counts: Box<[AtomicU32]>,
}

impl Marks {
    /// Marks within a 16th of `bytes` (at most [`MARK_SLOTS`], at least
    /// one slot: with a single slot every node looks busy alike, which
    /// only steers no more).
    pub(crate) fn within(bytes: u64) -> Marks {
        let fit = bytes / MARK_SHARE / std::mem::size_of::<AtomicU32>() as u64;
        let slots = usize::try_from(fit)
            .unwrap_or(MARK_SLOTS)
            .clamp(1, MARK_SLOTS);
        Marks {
            counts: (0..slots).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// The bytes the marks hold.
    pub(crate) fn bytes(&self) -> u64 {
        (self.counts.len() * std::mem::size_of::<AtomicU32>()) as u64
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU32 {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.counts[(mixed >> 48) as usize % self.counts.len()]
    }

    /// A thread's MID call on `key` starts.
    #[inline]
    pub(crate) fn enter(&self, key: u64) {
        self.slot(key).fetch_add(1, Relaxed);
    }

    /// A thread's MID call on `key` returns (every `enter` has one).
    #[inline]
    pub(crate) fn leave(&self, key: u64) {
        self.slot(key).fetch_sub(1, Relaxed);
    }

    /// Threads in `key` (or in a key sharing its slot).
    #[inline]
    pub(crate) fn count(&self, key: u64) -> u32 {
        self.slot(key).load(Relaxed)
    }
}

/// What one thread leaves: its statistics (the table not counted).
type ThreadResult = Stats;

/// The shared state of one parallel search, and what each thread needs to
/// make its own [`DfpnSearch`].
struct Run<'a> {
    config: &'a DfpnConfig,
    problem: &'a Problem,
    rules: NodeRules,
    board: SearchBoard,
    depth: u32,
    sym: Symmetries,
    reply_order: bool,
    /// The bytes of each thread's zone store ([`super::zone_store`]).
    zone_bytes: u64,
    /// The slots of each thread's memo ([`memo`]).
    memo_slots: usize,
    table: SharedTable,
    marks: Marks,
    /// Several threads: each steers by the marks of the others.
    steered: bool,
    /// The root's numbers, from the first thread that settled it.
    root: Mutex<Option<Numbers>>,
    /// A win's line, read by the one thread of an unsteered run from its
    /// own search (a second search for it cost a question over a kept
    /// table about a third more).
    line: Mutex<Option<Vec<Cell>>>,
    /// The side stores of an unsteered run's one thread: the kept ones
    /// going in, its own coming out (see `SideStores` in the module above).
    stores: Mutex<SideStores>,
}

/// The value behind `m`, even if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Run<'_> {
    /// A search over the shared table with `budget`.
    fn search(
        &self,
        budget: Budget,
        stores: SideStores,
    ) -> DfpnSearch<'_, super::shared::SharedHandle<'_>> {
        let mut search = DfpnSearch::new(
            &self.board,
            self.depth,
            self.rules,
            &self.sym,
            self.config.epsilon_percent,
            self.table.handle(),
            budget,
        );
        search.threats = needs_threats(self.config, self.problem, self.rules)
            .then(|| VcfSearcher::new(self.problem.candidates, DEFAULT_VCF_SLOTS));
        search.space = self.config.space;
        search.memo = (stores.memo).unwrap_or_else(|| MovesMemo::new(self.memo_slots));
        search.stop_when_full = self.config.stop_when_full;
        search.reply_order = self.reply_order;
        search.lazy_batch = self.config.lazy_batch;
        // Each thread keeps its own zones (`search/zones.rs`).
        search.zones = super::zone_store(
            self.config,
            &self.rules,
            &self.board,
            self.depth,
            self.zone_bytes,
            stores.zones,
        );
        search
    }

    /// One thread: searches the root until it is settled (by this thread:
    /// then it records the numbers and stops the others) or the budget
    /// stops it. `observed`: the thread that reports to the caller's
    /// [`Progress`].
    fn thread(&self, budget: Budget, observed: Option<Arc<Progress>>) -> ThreadResult {
        let start = Instant::now();
        let shared = Arc::clone(budget.shared_part());
        // The one thread of an unsteered run takes the kept side stores.
        let kept = if self.steered {
            SideStores::default()
        } else {
            std::mem::take(&mut *lock(&self.stores))
        };
        let mut search = self.search(budget, kept);
        search.marks = self.steered.then_some(&self.marks);
        search.progress = observed;
        if let Ok(answer) = search.prove_root() {
            if answer.numbers.is_settled() {
                let mut root = lock(&self.root);
                root.get_or_insert(answer.numbers);
                shared.stop(Exhausted::Stopped);
                if !self.steered && answer.numbers.is_proved() {
                    *lock(&self.line) = Some(search.principal_variation(None));
                }
            }
        }
        let stats = stats_of(&search, start);
        if !self.steered {
            *lock(&self.stores) = SideStores::take_from(&mut search);
        }
        stats
    }
}

/// A search's statistics, its VCF table as its bytes.
fn stats_of<T: super::table::DfpnTable>(search: &DfpnSearch<'_, T>, start: Instant) -> Stats {
    Stats {
        nodes: search.nodes,
        expansions: search.expansions,
        tt_hits: search.tt_hits,
        peak_bytes: search.memo.bytes()
            + search.threats.as_ref().map_or(0, VcfSearcher::bytes)
            + search.zones.as_ref().map_or(0, super::ZoneStore::bytes),
        elapsed: start.elapsed(),
        vcf_nodes: search.threats.as_ref().map_or(0, VcfSearcher::nodes),
    }
}

/// Proves `problem` under `rules` on `threads` threads (2 or more, or 1
/// for a question over a kept table, without marks) over a shared table
/// of at most `bytes` (`kept`, the table an earlier search of the same
/// game in as many bytes left, or a new one); `budget` is the
/// first thread's share of the budget all of them spend. Returns the
/// table with the outcome, `None` when the bytes hold none.
pub(super) fn prove(
    config: &DfpnConfig,
    problem: &Problem,
    rules: NodeRules,
    (threads, bytes): (usize, u64),
    budget: Budget,
    (kept, kept_stores): (Option<SharedTable>, SideStores),
) -> (Outcome, Option<(SharedTable, SideStores)>) {
    let start = Instant::now();
    let mut outcome = Outcome::new(Verdict::Unknown);
    // The marks take their share of the budget first; the table the rest.
    // One thread (a question over a kept table) needs no marks.
    let marks = Marks::within(if threads > 1 { bytes } else { 0 });
    let bytes = bytes.saturating_sub(marks.bytes());
    // So do the threads' zone stores.
    let zone_bytes = super::zone_share(bytes);
    // And their memos of the nodes' moves.
    let memo_slots = memo::slots_within(bytes, threads);
    let bytes = bytes - zone_bytes - memo::bytes_of(memo_slots, threads);
    if SharedTable::buckets_for(bytes) == 0 {
        outcome.exhausted = Some(Exhausted::Memory);
        outcome.stats.elapsed = start.elapsed();
        return (outcome, None);
    }
    let board = SearchBoard::from(problem.board.clone());
    let depth = problem.depth.unwrap_or(UNLIMITED);
    let run = Run {
        config,
        problem,
        rules,
        reply_order: config.reply_order && whole_game(config, &rules, &board, depth),
        sym: Symmetries::new(board.game().geometry(), config.symmetry),
        zone_bytes: zone_bytes / threads as u64,
        memo_slots,
        board,
        depth,
        table: kept.unwrap_or_else(|| SharedTable::new(bytes)),
        marks,
        steered: threads > 1,
        root: Mutex::new(None),
        line: Mutex::new(None),
        stores: Mutex::new(kept_stores),
    };
    let shared: Arc<SharedBudget> = Arc::clone(budget.shared_part());
    // A node budget is split into shares, so that the threads together
    // never pass it (the first out of its share stops the others).
    let share = |i: usize| {
        shared.node_budget().map_or(u64::MAX, |n| {
            n / threads as u64 + u64::from((i as u64) < n % threads as u64)
        })
    };
    let budget = budget.with_node_share(share(0));
    let others: Vec<Budget> = (1..threads)
        .map(|i| Budget::shared(Arc::clone(&shared)).with_node_share(share(i)))
        .collect();
    let mut stats = std::thread::scope(|s| {
        let handles: Vec<_> = others
            .into_iter()
            .map(|b| {
                let run = &run;
                s.spawn(move || run.thread(b, None))
            })
            .collect();
        let mut stats = run.thread(budget, Progress::current());
        for h in handles {
            match h.join() {
                Ok(st) => stats = stats.merge(&st),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        stats
    });
    let root = *lock(&run.root);
    match root {
        Some(n) if n.is_proved() => {
            outcome.verdict = Verdict::Win;
            let line = lock(&run.line).take();
            outcome.pv = line.unwrap_or_else(|| {
                // The line, read from the shared table after every thread
                // has stopped; re-proving a lost node needs no budget.
                let pv_start = Instant::now();
                let mut search = run.search(Budget::new(&Limits::default()), SideStores::default());
                let pv = search.principal_variation(None);
                stats = stats.merge(&stats_of(&search, pv_start));
                pv
            });
            outcome.best_move = outcome.pv.first().copied();
            outcome.plies = Some(outcome.pv.len() as u32);
        }
        Some(_) => config.space.disproved(problem, &mut outcome),
        None => {
            outcome.exhausted = shared.stopped_by();
            let table = run.table.handle();
            outcome.first_plies = first_plies(problem, run.depth, &run.sym, |k| {
                super::table::DfpnTable::get(&table, k).map(|e| (e.pn, e.dn))
            });
        }
    }
    stats.peak_bytes +=
        super::table::DfpnTable::peak_bytes(&run.table.handle()) + run.marks.bytes();
    stats.elapsed = start.elapsed();
    outcome.stats = stats;
    let stores = std::mem::take(&mut *lock(&run.stores));
    (outcome, Some((run.table, stores)))
}

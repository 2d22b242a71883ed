//! How far a search has got, for a caller that shows it while the search
//! runs: [`Progress`], and [`observe`], which hands it to the searches
//! started on this thread.

use crate::kit::ProofNumber;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// How far the searches run on one thread have got, for a caller that
/// shows progress while they run (the runner's progress line on a
/// terminal). A search writes it every 1024 nodes or so, another thread
/// reads it whenever it likes; the provers never print.
///
/// ```
/// use kinrow_prover::{observe, AndOr, AndOrConfig, Limits, Problem, Progress, Prover};
/// use std::sync::Arc;
/// # let position = &kinrow_format::parse_positions("board 9\nk 4\ndepth 5\n", "p").unwrap()[0];
/// let progress = Arc::new(Progress::default());
/// let problem = Problem::from(position);
/// let outcome = observe(&progress, || {
///     AndOr::new(AndOrConfig::default()).prove(&problem, &Limits::default())
/// });
/// assert!(progress.nodes() <= outcome.stats.nodes);
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    /// The root's proof and disproof numbers, each plus one (0: none yet).
    proof: AtomicU64,
    disproof: AtomicU64,
    /// Bytes the search's tables hold, and its memory budget (0: none yet).
    held: AtomicU64,
    budget: AtomicU64,
    /// Entries in a table of fixed size, and its slots (0: none).
    entries: AtomicU64,
    slots: AtomicU64,
    /// Set by [`Progress::request_stop`]; never cleared.
    stop: AtomicBool,
    /// Nodes of a certificate written so far (0: none yet).
    written: AtomicU64,
}

thread_local! {
    static OBSERVED: RefCell<Option<Arc<Progress>>> = const { RefCell::new(None) };
}

/// Runs `f` with `progress` observing the searches started on this thread
/// (each search's budget picks it up when the search starts), then
/// stops observing.
pub fn observe<R>(progress: &Arc<Progress>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Arc<Progress>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let old = self.0.take();
            OBSERVED.with(|o| *o.borrow_mut() = old);
        }
    }
    let _restore = Restore(OBSERVED.with(|o| o.borrow_mut().replace(Arc::clone(progress))));
    f()
}

impl Progress {
    /// The progress observed on this thread, if any ([`observe`]).
    #[must_use]
    pub fn current() -> Option<Arc<Progress>> {
        OBSERVED.with(|o| o.borrow().clone())
    }

    /// Nodes so far, as the node budget counts them
    /// ([`crate::Stats::nodes`], and the VCF nodes of the provers whose
    /// node budget counts them).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The root's proof and disproof numbers, for the provers that keep
    /// them.
    #[must_use]
    pub fn root_numbers(&self) -> Option<(ProofNumber, ProofNumber)> {
        let get = |a: &AtomicU64| match a.load(Ordering::Relaxed) {
            0 => None,
            n if n - 1 == u64::from(u32::MAX) => Some(ProofNumber::INFINITY),
            n => Some(ProofNumber::finite((n - 1) as u32)),
        };
        Some((get(&self.proof)?, get(&self.disproof)?))
    }

    /// Asks the searches observed through this progress to stop: each ends
    /// [`crate::Verdict::Unknown`] with [`crate::Exhausted::Stopped`] the
    /// next time it reads its clock (every 1024 nodes or so), as when its
    /// time runs out.
    /// For a caller that lets a user interrupt a search (Ctrl-C in Python).
    /// The request stays: a search started later under the same progress
    /// stops at once.
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether [`Progress::request_stop`] was called.
    #[must_use]
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Records the nodes so far.
    pub(crate) fn set_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    /// The bytes the search's tables hold and its memory budget, for the
    /// provers that report them (PNS: its arena and VCF table).
    #[must_use]
    pub fn memory(&self) -> Option<(u64, u64)> {
        match self.budget.load(Ordering::Relaxed) {
            0 => None,
            budget => Some((self.held.load(Ordering::Relaxed), budget)),
        }
    }

    /// Records the bytes held and the budget.
    pub(crate) fn set_memory(&self, held: u64, budget: u64) {
        self.held.store(held, Ordering::Relaxed);
        self.budget.store(budget.max(1), Ordering::Relaxed);
    }

    /// The entries in the search's table and the slots it may grow to,
    /// for the provers whose table has a fixed size (df-pn).
    #[must_use]
    pub fn fill(&self) -> Option<(u64, u64)> {
        match self.slots.load(Ordering::Relaxed) {
            0 => None,
            slots => Some((self.entries.load(Ordering::Relaxed), slots)),
        }
    }

    /// Records the table's entries and slots.
    pub(crate) fn set_fill(&self, entries: u64, slots: u64) {
        self.entries.store(entries, Ordering::Relaxed);
        self.slots.store(slots, Ordering::Relaxed);
    }

    /// The nodes of a certificate written so far, while a writer runs
    /// (the draw certificate's), between the searches it asks.
    #[must_use]
    pub fn written(&self) -> Option<u64> {
        match self.written.load(Ordering::Relaxed) {
            0 => None,
            n => Some(n),
        }
    }

    /// Records the certificate's nodes written so far.
    pub(crate) fn set_written(&self, nodes: u64) {
        self.written.store(nodes, Ordering::Relaxed);
    }

    /// Records the root's numbers.
    pub(crate) fn set_root_numbers(&self, proof: ProofNumber, disproof: ProofNumber) {
        self.proof
            .store(u64::from(proof.get()) + 1, Ordering::Relaxed);
        self.disproof
            .store(u64::from(disproof.get()) + 1, Ordering::Relaxed);
    }
}

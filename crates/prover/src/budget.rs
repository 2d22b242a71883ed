//! The node and time budgets of a search, in two parts so that several
//! threads can share one search's budget: a [`SharedBudget`] (the node
//! budget, an atomic count of the nodes spent, the deadline and the stop
//! flag) that every thread reads, and a per-thread [`Budget`] that counts
//! the thread's own nodes and looks at the shared part only every 1024
//! nodes (the clock and an atomic are comparatively slow to read).
//!
//! One thread with its own [`Budget::new`] behaves as a single-threaded
//! budget: it spends exactly [`Limits::max_nodes`] nodes at most, and
//! stops at the first checkpoint past the deadline. Threads given the
//! same [`SharedBudget`] ([`Budget::shared`]) spend the node budget
//! together: each sees the others' nodes as of its last checkpoint (so
//! together they may pass the node budget by the nodes each spent since
//! its last checkpoint, under 1024 a thread, unless each has its share,
//! [`Budget::with_node_share`]), and the first budget to run out, or a
//! stop requested from any thread ([`Progress::request_stop`], which
//! every checkpoint reads), stops them all at their next checkpoint.

use crate::outcome::{Exhausted, Limits};
use crate::progress::Progress;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The search stopped on a budget (nodes, time or memory) or a stop
/// request before settling what it was asked; the budget that did is
/// [`Budget::stopped_by`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stopped;

/// Nodes between two looks at the shared part (a power of two).
const CHECKPOINT: u64 = 1024;

/// The part of a search's budget every thread of the search shares: what
/// is in it is read-only or atomic.
#[derive(Debug)]
pub(crate) struct SharedBudget {
    start: Instant,
    deadline: Option<Instant>,
    max_nodes: u64,
    /// Nodes the threads have counted, as of each one's last checkpoint.
    nodes: AtomicU64,
    /// The stop flag: 0 while the search may go on, else 1 + the code of
    /// the [`Exhausted`] that stopped it first.
    stop: AtomicU8,
}

impl SharedBudget {
    /// Starts the clock for `limits`.
    #[must_use]
    pub(crate) fn new(limits: &Limits) -> Arc<SharedBudget> {
        let start = Instant::now();
        Arc::new(SharedBudget {
            start,
            deadline: limits.time.map(|t| start + t),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            nodes: AtomicU64::new(0),
            stop: AtomicU8::new(0),
        })
    }

    /// Raises the stop flag for `why`, unless it is up already (the first
    /// reason is kept). Every thread stops at its next checkpoint.
    pub(crate) fn stop(&self, why: Exhausted) {
        let code = match why {
            Exhausted::Nodes => 1,
            Exhausted::Time => 2,
            Exhausted::Memory => 3,
            Exhausted::Stopped => 4,
        };
        let _ = self
            .stop
            .compare_exchange(0, code, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Asks the search to stop from outside it (another thread, a Ctrl-C
    /// handler): the searches end at their next checkpoint (within 1024
    /// nodes) with [`Exhausted::Stopped`] and the statistics so far. The
    /// stop flag is the only thing a stop request touches, so it is safe
    /// from any thread at any moment. A caller that holds only the
    /// [`Progress`] it observes with asks through
    /// [`Progress::request_stop`], which every checkpoint reads too.
    #[cfg(test)]
    pub(crate) fn request_stop(&self) {
        self.stop(Exhausted::Stopped);
    }

    /// Whether the stop flag is up: a budget ran out or a stop was
    /// requested.
    #[cfg(test)]
    #[must_use]
    pub(crate) fn stop_requested(&self) -> bool {
        self.stopped_by().is_some()
    }

    /// The reason the stop flag was raised for, if it is up.
    #[must_use]
    pub(crate) fn stopped_by(&self) -> Option<Exhausted> {
        match self.stop.load(Ordering::Relaxed) {
            0 => None,
            1 => Some(Exhausted::Nodes),
            2 => Some(Exhausted::Time),
            3 => Some(Exhausted::Memory),
            _ => Some(Exhausted::Stopped),
        }
    }

    /// The node budget, if one was given.
    #[must_use]
    pub(crate) fn node_budget(&self) -> Option<u64> {
        (self.max_nodes != u64::MAX).then_some(self.max_nodes)
    }

    /// Nodes the threads have counted, as of their last checkpoints.
    #[must_use]
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Whether the deadline has passed.
    #[must_use]
    pub(crate) fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Time since the search started.
    #[must_use]
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// Tracks the node and time budgets of one thread of a search: counts its
/// nodes and, every 1024 of them, adds them to the [`SharedBudget`], reads
/// the clock and the stop flag, and hands the count to the [`Progress`]
/// observed on this thread (see [`crate::observe`]).
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    shared: Arc<SharedBudget>,
    /// This thread's nodes.
    pub nodes: u64,
    /// The most nodes this thread may reach: the node budget less the
    /// other threads' nodes as of the last checkpoint.
    limit: u64,
    /// This thread's nodes as of its last checkpoint (what it added to
    /// the shared count).
    flushed: u64,
    /// The most nodes this thread may count whatever the others spent
    /// ([`Budget::with_node_share`]); `u64::MAX` when it has no share of
    /// its own.
    share: u64,
    stop: Option<Exhausted>,
    progress: Option<Arc<Progress>>,
}

impl Budget {
    /// Starts the clock for `limits`: a search on one thread.
    #[must_use]
    pub(crate) fn new(limits: &Limits) -> Budget {
        Budget::shared(SharedBudget::new(limits))
    }

    /// One thread's part of the search whose budget is `shared`.
    #[must_use]
    pub(crate) fn shared(shared: Arc<SharedBudget>) -> Budget {
        let limit = shared.max_nodes.saturating_sub(shared.nodes());
        Budget {
            shared,
            nodes: 0,
            limit,
            flushed: 0,
            share: u64::MAX,
            stop: None,
            progress: Progress::current(),
        }
    }

    /// This thread may count at most `share` nodes: threads whose shares
    /// add up to the node budget never pass it together (the shared count
    /// alone lets each see the others' nodes only as of their last
    /// checkpoint). The first thread out of its share stops the others.
    #[must_use]
    pub(crate) fn with_node_share(mut self, share: u64) -> Budget {
        self.share = share;
        self.limit = self.limit.min(share);
        self
    }

    /// The part shared with the search's other threads.
    #[must_use]
    pub(crate) fn shared_part(&self) -> &Arc<SharedBudget> {
        &self.shared
    }

    /// Counts one node; `false` once a budget has run out (and ever after).
    /// A node the node budget does not allow is not counted, so
    /// [`Budget::nodes`] never exceeds [`Limits::max_nodes`].
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        if self.nodes >= self.limit {
            self.run_out(Exhausted::Nodes);
            return false;
        }
        self.nodes += 1;
        if self.nodes & (CHECKPOINT - 1) == 0 {
            self.checkpoint();
        }
        self.stop.is_none()
    }

    /// Sets this thread's count to `nodes`, for a search that counts its
    /// nodes itself (PNS: its arena's nodes and its VCF searches'), with
    /// the checkpoint of [`Budget::tick`] whenever the count passes a
    /// multiple of 1024; `false` once a budget has run out.
    #[inline]
    pub(crate) fn count_to(&mut self, nodes: u64) -> bool {
        let crossed = (nodes ^ self.nodes) >= CHECKPOINT;
        self.nodes = nodes;
        if crossed {
            self.checkpoint();
        }
        self.stop.is_none()
    }

    /// Whether `n` nodes more than `spent` (the count [`Budget::count_to`]
    /// sets) fit in the node budget; when not, the search is out of nodes.
    #[inline]
    pub(crate) fn affords(&mut self, spent: u64, n: u64) -> bool {
        if spent.saturating_add(n) > self.limit {
            self.run_out(Exhausted::Nodes);
            return false;
        }
        true
    }

    /// Nodes the node budget still allows.
    #[inline]
    #[must_use]
    pub(crate) const fn nodes_left(&self) -> u64 {
        self.limit.saturating_sub(self.nodes)
    }

    /// Nodes the node budget allows this thread in all: its count may
    /// reach this and no more.
    #[inline]
    #[must_use]
    pub(crate) const fn node_limit(&self) -> u64 {
        self.limit
    }

    /// Counts `n` nodes spent outside [`Budget::tick`] (VCF searches
    /// capped by [`Budget::nodes_left`]), at most what is left.
    #[inline]
    pub(crate) fn spend(&mut self, n: u64) {
        self.nodes = self.nodes.saturating_add(n).min(self.limit);
    }

    /// The every-1024-nodes work of [`Budget::tick`], out of its way: adds
    /// this thread's new nodes to the shared count, reads the other
    /// threads' and the stop flag, the clock, and tells the observer.
    #[cold]
    fn checkpoint(&mut self) {
        let mine = self.nodes.saturating_sub(self.flushed);
        self.flushed = self.nodes;
        let total = self.shared.nodes.fetch_add(mine, Ordering::Relaxed) + mine;
        // Counts never go down, so the total holds this thread's nodes.
        let others = total.saturating_sub(self.nodes);
        self.limit = self.shared.max_nodes.saturating_sub(others).min(self.share);
        if let Some(p) = &self.progress {
            p.set_nodes(total);
        }
        if let Some(why) = self.shared.stopped_by() {
            self.stop.get_or_insert(why);
        } else if self.progress.as_ref().is_some_and(|p| p.stop_requested()) {
            self.run_out(Exhausted::Stopped);
        } else if self.shared.past_deadline() {
            self.run_out(Exhausted::Time);
        }
    }

    /// Notes that `why` ran out, here and for the other threads.
    fn run_out(&mut self, why: Exhausted) {
        self.stop.get_or_insert(why);
        self.shared.stop(why);
    }

    /// Whether a budget has run out.
    #[inline]
    #[must_use]
    pub(crate) const fn exhausted(&self) -> bool {
        self.stop.is_some()
    }

    /// The budget that ran out first, if one has.
    #[must_use]
    pub(crate) const fn stopped_by(&self) -> Option<Exhausted> {
        self.stop
    }

    /// Marks the search as out of budget (used for the memory budget).
    #[cfg(test)]
    pub(crate) fn exhaust(&mut self) {
        self.run_out(Exhausted::Memory);
    }

    /// Marks the search as stopped for `why` and gives the [`Stopped`] to
    /// return.
    pub(crate) fn stopped(&mut self, why: Exhausted) -> Stopped {
        self.run_out(why);
        Stopped
    }

    /// The progress observed on the thread that made this budget.
    pub(crate) fn progress(&self) -> Option<&Progress> {
        self.progress.as_deref()
    }

    /// Time since the search started.
    #[must_use]
    pub(crate) fn elapsed(&self) -> Duration {
        self.shared.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::observe;

    #[test]
    fn the_budget_names_what_ran_out_first() {
        let mut nodes = Budget::new(&Limits {
            max_nodes: Some(3),
            ..Limits::default()
        });
        assert!((0..3).all(|_| nodes.tick()));
        assert!(!nodes.tick());
        nodes.exhaust();
        assert_eq!(nodes.stopped_by(), Some(Exhausted::Nodes));
        assert_eq!(nodes.nodes, 3, "the refused node is not counted");
        let mut none = Budget::new(&Limits {
            max_nodes: Some(0),
            ..Limits::default()
        });
        assert!(!none.tick());
        assert_eq!(none.nodes, 0);
        let mut time = Budget::new(&Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        });
        while time.tick() {}
        assert_eq!(
            (time.stopped_by(), time.nodes),
            (Some(Exhausted::Time), 1024)
        );
        let mut memory = Budget::new(&Limits::default());
        memory.exhaust();
        assert_eq!(memory.stopped_by(), Some(Exhausted::Memory));
    }

    #[test]
    fn a_stop_request_ends_the_budget_at_its_next_clock_reading() {
        let progress = Arc::new(Progress::default());
        progress.request_stop();
        assert!(progress.stop_requested());
        observe(&progress, || {
            // A node budget, lest a budget that ignored the request tick on.
            let mut b = Budget::new(&Limits {
                max_nodes: Some(1 << 20),
                ..Limits::default()
            });
            while b.tick() {}
            assert_eq!((b.stopped_by(), b.nodes), (Some(Exhausted::Stopped), 1024));
        });
        // Unobserved, the request does not reach the budget.
        let mut free = Budget::new(&Limits::default());
        assert!((0..4096).all(|_| free.tick()));
    }

    #[test]
    fn observing_reaches_the_budget_and_stops_after() {
        use crate::kit::ProofNumber;
        let progress = Arc::new(Progress::default());
        crate::observe(&progress, || {
            let mut b = Budget::new(&Limits::default());
            (0..2048).for_each(|_| {
                b.tick();
            });
        });
        assert_eq!(progress.nodes(), 2048);
        assert!(Progress::current().is_none());
        assert_eq!(progress.root_numbers(), None);
        progress.set_root_numbers(ProofNumber::finite(7), ProofNumber::INFINITY);
        assert_eq!(
            progress.root_numbers(),
            Some((ProofNumber::finite(7), ProofNumber::INFINITY))
        );
    }

    #[test]
    fn threads_share_the_node_budget_and_the_stop_flag() {
        let shared = SharedBudget::new(&Limits {
            max_nodes: Some(3000),
            ..Limits::default()
        });
        let mut a = Budget::shared(Arc::clone(&shared));
        let mut b = Budget::shared(Arc::clone(&shared));
        assert!((0..2048).all(|_| a.tick()));
        assert_eq!(shared.nodes(), 2048);
        // b learns of a's nodes at its first checkpoint, and stops short
        // of the shared budget.
        while b.tick() {}
        assert_eq!(b.stopped_by(), Some(Exhausted::Nodes));
        assert_eq!(
            (a.nodes, b.nodes),
            (2048, 1024),
            "b stops at its checkpoint"
        );
        assert!(!a.count_to(4096), "a sees the flag b raised");
        assert_eq!(a.stopped_by(), Some(Exhausted::Nodes));

        let shared = SharedBudget::new(&Limits::default());
        let mut c = Budget::shared(Arc::clone(&shared));
        shared.request_stop();
        assert!(shared.stop_requested());
        while c.tick() {}
        assert_eq!((c.stopped_by(), c.nodes), (Some(Exhausted::Stopped), 1024));
    }

    #[test]
    fn counting_to_a_total_checks_the_budget_as_ticking_does() {
        let mut b = Budget::new(&Limits {
            max_nodes: Some(100),
            time: Some(Duration::ZERO),
            ..Limits::default()
        });
        assert!(b.count_to(1000), "no checkpoint before 1024");
        assert!(b.affords(90, 10));
        assert!(!b.affords(91, 10));
        assert_eq!(b.stopped_by(), Some(Exhausted::Nodes));
        let mut t = Budget::new(&Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        });
        assert!(!t.count_to(1030));
        assert_eq!(t.stopped_by(), Some(Exhausted::Time));
    }
}

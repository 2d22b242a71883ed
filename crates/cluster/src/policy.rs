//! The split policy, in one place: which leaf becomes a job, and what a
//! run's answer does to its leaf (settle it, run the job again with twice
//! the budget, split the leaf, run it again, or give up on it).
//!
//! The master asks [`Policy::choose`] for the next leaf and
//! [`Policy::after`] for each run read back, and does what the
//! [`Decision`] says; the tree's values change only through its own
//! methods ([`crate::tree::Tree::settle`], [`crate::tree::Tree::expand`],
//! [`crate::tree::Tree::fail`]).
//!
//! # Continue, or split
//!
//! A job that comes back unknown has searched its leaf's subtree with one
//! table; splitting the leaf throws that search away and asks up to
//! (moves x replies) new jobs, each from nothing, none sharing what the
//! others find (transpositions between the subtrees are searched once in
//! each). Running the job again with twice the budget also starts from
//! nothing, but the runs of one job cost at most twice its last (1 + 2 +
//! ... + 2^d < 2^(d+1)), and its last run searches the whole subtree with
//! one table. So:
//!
//! - While the other workers have leaves of their own, an unknown job is
//!   *continued*: its leaf stays a leaf, takes the numbers the job's
//!   search left for its root ([`crate::tree::Tree::reseed`]: it was found
//!   harder than it looked), and when proof-number search chooses it
//!   again its job runs with twice the budget ([`Decision::Continue`]).
//!   The leaf is not run again at once: its siblings, which the search
//!   now finds more promising, go first.
//! - When the other workers would wait (the root's first job on more than
//!   one worker; the last open leaves), the leaf is *split*, to make
//!   work, and its job goes on as well, at once and with twice the
//!   budget, on the split node ([`Decision::SplitAndDouble`]): whichever
//!   settles the node first, the job's whole-subtree search or the jobs
//!   of its new leaves, settles it; the other's runs are then stopped as
//!   no longer needed.
//! - After [`MAX_DOUBLINGS`] doublings, or when more budget would not
//!   help (the job ran out of memory, was stopped, or answered in the
//!   threat space), the leaf is split and the job is done.
//! - Above the job depth ([`Policy::job_depth`], `--job-depth`), a leaf
//!   is split after its job's first run whatever the other workers do:
//!   a board whose shallow subtrees no job budget settles (8x8 k=5:
//!   docs/cluster.md) would otherwise spend up to 15 first budgets on
//!   each of them before splitting it. The run still seeds the new
//!   leaves, so that the search goes down the replies it found best.
//!
//! A split leaf's new leaves take the numbers the last run's search left
//! for them ([`crate::tree::Tree::seed`]).
//!
//! A win whose certificate the budget left unwritten is run again at once
//! with twice the budget (the search fitted, the certificate did not), and
//! counts as unknown after [`MAX_DOUBLINGS`]. A run that leaves no usable
//! answer is run again as it was, up to `max_runs` failures.

use crate::protocol::{JobBudget, JobExhausted, JobReport, JobVerdict};
use crate::tree::Tree;
use crate::workdir::{Answer, Job};

/// The most times one job's budget is doubled.
pub const MAX_DOUBLINGS: u32 = 3;

/// How the master treats its jobs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Runs of one job that end without a usable answer before it is
    /// reported failed.
    pub max_runs: u32,
    /// Continue unknown jobs where the other workers have work (off only
    /// to compare against always splitting).
    pub continue_unknown: bool,
    /// Seed a split leaf's new leaves with the job's numbers (off only to
    /// compare).
    pub seeds: bool,
    /// Plies below the root above which an unknown job's leaf is split
    /// after one run, never continued (0: none, the default).
    pub job_depth: u32,
}

/// What a run's files say, after the master checked them.
#[derive(Clone, Debug, PartialEq)]
pub enum Read {
    /// The report, a win's certificate accepted by the checker.
    Report(JobReport),
    /// A win whose certificate the budget left unwritten: not believed.
    UncertifiedWin(JobReport),
    /// Nothing to trust, and why (no file, a malformed report, a refused
    /// certificate).
    Unusable(String),
}

/// What the master does about a run read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The job's node takes its value (win or no-win).
    Settle(Answer),
    /// Run the job again at once with twice its budget.
    Double,
    /// Keep the leaf open, with the numbers the job's search left for it
    /// ([`crate::tree::Tree::reseed`]); its job runs again with twice the
    /// budget when proof-number search chooses the leaf again.
    Continue,
    /// Expand the leaf one level; its new leaves become jobs. The job is
    /// done.
    Split,
    /// Expand the leaf one level, and run the job again at once with twice
    /// its budget on the split node.
    SplitAndDouble,
    /// The job is done, its node left as it is (a split node's job that
    /// may not double again).
    Stop,
    /// Run the job again as it was: its run left nothing usable.
    Retry,
    /// Give up on the job: a leaf stays open and is not asked again.
    Fail,
}

/// What the master can say of the job's node and of the other work when
/// a run ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// The job's node has been split already (the job went on beside the
    /// jobs of its new leaves).
    pub split: bool,
    /// Workers with no run, this run's included.
    pub idle: usize,
    /// Open leaves no job works on, other than this run's, that matter to
    /// the root (counted up to `idle`).
    pub free_leaves: usize,
    /// Plies from the root to the job's node.
    pub ply: u32,
}

impl Policy {
    /// The leaf to send out next: proof-number search's most-proving open
    /// leaf that no job works on ([`Tree::select`], on numbers refreshed
    /// with the busy leaves marked).
    #[must_use]
    pub fn choose(&self, tree: &Tree) -> Option<usize> {
        tree.select()
    }

    /// The budget of a job's next run.
    #[must_use]
    pub fn budget(&self, base: &JobBudget, job: &Job) -> JobBudget {
        base.doubled(job.doubled.min(MAX_DOUBLINGS))
    }

    /// What to do after a run of `job` read as `read`.
    #[must_use]
    pub fn after(&self, job: &Job, read: &Read, at: Context) -> Decision {
        let may_double = job.doubled < MAX_DOUBLINGS;
        let unknown = match read {
            Read::Unusable(_) if job.failures + 1 < self.max_runs => return Decision::Retry,
            Read::Unusable(_) => return Decision::Fail,
            Read::UncertifiedWin(_) if may_double => return Decision::Double,
            Read::UncertifiedWin(_) => None,
            Read::Report(r) => match r.result.answer() {
                a @ (Answer::Win | Answer::NoWin) => return Decision::Settle(a),
                Answer::Unknown => Some(r),
            },
        };
        // More nodes or time help only where they ran out, and in the game
        // itself (a threat space's no-win is no budget's fault).
        let more_helps = unknown.is_some_and(|r| {
            r.result == JobVerdict::Unknown
                && matches!(r.exhausted, Some(JobExhausted::Nodes | JobExhausted::Time))
        });
        if !at.split && at.ply < self.job_depth {
            return Decision::Split;
        }
        let go_on = self.continue_unknown && may_double && more_helps;
        // Continuing on a leaf keeps this worker; the others need leaves
        // of their own.
        let others_busy = at.free_leaves + 1 >= at.idle;
        match (at.split, go_on, others_busy) {
            (true, true, _) => Decision::Double,
            (true, false, _) => Decision::Stop,
            (false, true, true) => Decision::Continue,
            (false, true, false) => Decision::SplitAndDouble,
            (false, false, _) => Decision::Split,
        }
    }
}

/// The threads of each of `runs` runs started together with `free` slots
/// free: the free slots shared out among them, the first runs taking one
/// more where they do not divide evenly, and at least one each.
///
/// The master asks only when [`Policy::choose`] has no leaf left for the
/// slots (so a thread never takes a core a leaf could have had: the
/// root's first job, the last open leaves), on an executor whose slots
/// are cores, for a job prover that runs on several threads. A thread
/// never changes a job's verdict; it lets the job's search use a core
/// that would otherwise wait (on 8x4 k=4, `--cluster local --workers 2`
/// ran the root's job on one thread while the other core had nothing to
/// do: docs/figures/cluster.md).
#[must_use]
pub fn threads_of_runs(free: usize, runs: usize) -> Vec<usize> {
    if runs == 0 {
        return Vec::new();
    }
    let each = (free / runs).max(1);
    let more = if free > runs { free % runs } else { 0 };
    (0..runs).map(|i| each + usize::from(i < more)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workdir::JobStatus;

    #[test]
    fn free_slots_are_shared_out_as_threads_one_at_least_each() {
        assert_eq!(
            threads_of_runs(2, 1),
            [2],
            "the root's job takes both cores"
        );
        assert_eq!(threads_of_runs(16, 3), [6, 5, 5]);
        assert_eq!(threads_of_runs(4, 4), [1, 1, 1, 1]);
        assert_eq!(threads_of_runs(1, 2), [1, 1], "never fewer than one");
        assert_eq!(threads_of_runs(0, 1), [1]);
        assert!(threads_of_runs(8, 0).is_empty());
    }

    fn job(doubled: u32, failures: u32) -> Job {
        Job {
            node: 0,
            status: JobStatus::Running,
            runs: 1,
            failures,
            read: Vec::new(),
            notes: Vec::new(),
            doubled,
        }
    }

    fn report(result: JobVerdict, exhausted: Option<JobExhausted>) -> Read {
        Read::Report(JobReport {
            result,
            nodes: 10,
            seconds: 0.1,
            exhausted,
            first_plies: None,
        })
    }

    const POLICY: Policy = Policy {
        max_runs: 3,
        continue_unknown: true,
        seeds: true,
        job_depth: 0,
    };

    /// One idle worker (this run's) and nothing else open, on a leaf.
    const ALONE: Context = Context {
        split: false,
        idle: 1,
        free_leaves: 0,
        ply: 0,
    };

    #[test]
    fn answers_settle_and_no_threat_win_is_no_answer() {
        let j = job(0, 0);
        let win = report(JobVerdict::Win, None);
        assert_eq!(POLICY.after(&j, &win, ALONE), Decision::Settle(Answer::Win));
        let no = report(JobVerdict::NoWin, None);
        assert_eq!(
            POLICY.after(&j, &no, ALONE),
            Decision::Settle(Answer::NoWin)
        );
        // A threat space's no-win is split, never continued: no budget
        // would turn it into a value of the game.
        let threat = report(JobVerdict::NoThreatWin, None);
        assert_eq!(POLICY.after(&j, &threat, ALONE), Decision::Split);
    }

    #[test]
    fn an_unknown_continues_while_the_other_workers_have_leaves() {
        let unknown = report(JobVerdict::Unknown, Some(JobExhausted::Nodes));
        let j = job(0, 0);
        assert_eq!(POLICY.after(&j, &unknown, ALONE), Decision::Continue);
        // Two idle workers and one other leaf: each gets one.
        let shared = Context {
            idle: 2,
            free_leaves: 1,
            ..ALONE
        };
        assert_eq!(POLICY.after(&j, &unknown, shared), Decision::Continue);
        // Two idle workers and nothing else to do: split, to make work,
        // and the job goes on beside its new leaves.
        let starved = Context {
            idle: 2,
            free_leaves: 0,
            ..ALONE
        };
        assert_eq!(
            POLICY.after(&j, &unknown, starved),
            Decision::SplitAndDouble
        );
        // On the split node, it doubles while it may, then stops.
        let split = Context {
            split: true,
            ..starved
        };
        assert_eq!(POLICY.after(&j, &unknown, split), Decision::Double);
        let last = job(MAX_DOUBLINGS, 0);
        assert_eq!(POLICY.after(&last, &unknown, split), Decision::Stop);
        // Doubled enough: split.
        assert_eq!(POLICY.after(&last, &unknown, ALONE), Decision::Split);
        assert_eq!(POLICY.after(&last, &unknown, starved), Decision::Split);
        // Out of memory: more nodes would not help.
        let memory = report(JobVerdict::Unknown, Some(JobExhausted::Memory));
        assert_eq!(POLICY.after(&j, &memory, ALONE), Decision::Split);
        // Continuation off: always split, never doubled.
        let plain = Policy {
            continue_unknown: false,
            ..POLICY
        };
        assert_eq!(plain.after(&j, &unknown, ALONE), Decision::Split);
        assert_eq!(plain.after(&j, &unknown, starved), Decision::Split);
    }

    #[test]
    fn above_the_job_depth_an_unknown_is_split_after_one_run() {
        let unknown = report(JobVerdict::Unknown, Some(JobExhausted::Time));
        let deep = Policy {
            job_depth: 4,
            ..POLICY
        };
        let j = job(0, 0);
        let starved = Context { idle: 2, ..ALONE };
        for at in [ALONE, starved] {
            for ply in [0, 2, 3] {
                let above = Context { ply, ..at };
                assert_eq!(
                    deep.after(&j, &unknown, above),
                    Decision::Split,
                    "{above:?}"
                );
            }
            // From the job depth down, the policy as without it.
            for ply in [4, 6] {
                let below = Context { ply, ..at };
                assert_eq!(
                    deep.after(&j, &unknown, below),
                    POLICY.after(&j, &unknown, at)
                );
            }
        }
        assert_eq!(
            deep.after(&j, &unknown, Context { ply: 4, ..ALONE }),
            Decision::Continue
        );
        // Answers settle at every ply; a node split already is the job's.
        let no = report(JobVerdict::NoWin, None);
        assert_eq!(deep.after(&j, &no, ALONE), Decision::Settle(Answer::NoWin));
        let split = Context {
            split: true,
            ..starved
        };
        assert_eq!(deep.after(&j, &unknown, split), Decision::Double);
    }

    #[test]
    fn an_uncertified_win_doubles_then_counts_as_unknown() {
        let Read::Report(r) = report(JobVerdict::Win, None) else {
            unreachable!()
        };
        let read = Read::UncertifiedWin(r);
        assert_eq!(POLICY.after(&job(0, 0), &read, ALONE), Decision::Double);
        let last = job(MAX_DOUBLINGS, 0);
        assert_eq!(POLICY.after(&last, &read, ALONE), Decision::Split);
        let split = Context {
            split: true,
            ..ALONE
        };
        assert_eq!(POLICY.after(&last, &read, split), Decision::Stop);
    }

    #[test]
    fn an_unusable_run_is_retried_then_failed() {
        let read = Read::Unusable("no result file".into());
        assert_eq!(POLICY.after(&job(0, 0), &read, ALONE), Decision::Retry);
        assert_eq!(POLICY.after(&job(0, 1), &read, ALONE), Decision::Retry);
        assert_eq!(POLICY.after(&job(0, 2), &read, ALONE), Decision::Fail);
    }

    #[test]
    fn the_budget_doubles_nodes_and_time_at_most_max_doublings_times() {
        let base = JobBudget {
            time: Some(10.0),
            max_nodes: Some(100),
            memory: Some(7),
            prover: None,
        };
        let b = POLICY.budget(&base, &job(2, 0));
        assert_eq!(
            (b.time, b.max_nodes, b.memory),
            (Some(40.0), Some(400), Some(7))
        );
        let b = POLICY.budget(&base, &job(9, 0));
        assert_eq!(b.max_nodes, Some(100 << MAX_DOUBLINGS));
    }
}

//! What the master tells: the progress of a run ([`Snapshot`]), and its
//! end ([`Report`], with where the job time went, [`Spent`], and a win's
//! merged certificate).

use super::{ClusterError, Master};
use crate::executor::Executor;
use crate::merge::join;
use crate::protocol::JobVerdict;
use crate::tree::{Basis, Value};
use crate::workdir::{Answer, JobStatus, RunRecord};
use kinrow_checker::{check, PlainPosition};
use std::path::PathBuf;
use std::time::Instant;

/// The jobs and the root's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// Open leaves waiting for a free worker.
    pub queued: usize,
    /// Runs going on (a run on several threads counted once).
    pub running: usize,
    pub done: usize,
    pub failed: usize,
    pub cancelled: usize,
    pub root_proof: u64,
    pub root_disproof: u64,
    /// Wall seconds of the runs read back (a run of several threads
    /// counted once).
    pub job_seconds: f64,
}

/// The end of a run.
#[derive(Clone, Debug)]
pub struct Report {
    /// `Some` when the root is settled.
    pub verdict: Option<Answer>,
    /// For a win: the merged certificate's path and the checker's words.
    pub certificate: Option<(PathBuf, String)>,
    pub jobs: usize,
    pub runs: u32,
    pub failed: usize,
    pub cancelled: usize,
    /// Wall seconds of every run read back.
    pub job_seconds: Vec<f64>,
    /// Where the job time went, over every run read back.
    pub spent: Spent,
    /// Seconds the master worked (all sessions).
    pub master_seconds: f64,
    /// Wall seconds of the master's sessions, waiting included.
    pub wall_seconds: f64,
    /// Nodes of the top tree.
    pub top_nodes: usize,
    /// Stopped (the test hook, or `Config::time` ran out) before the root
    /// was settled.
    pub stopped: bool,
}

/// Where the job time went: the searches, and of them the ones whose work
/// is not kept (their job came back unknown and was run again with twice
/// the budget, or split); the rest of the job time is start-up and the
/// wins' certificates.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spent {
    /// Seconds of the searches (their reports' own).
    pub search_seconds: f64,
    /// Nodes of the searches.
    pub nodes: u64,
    /// Seconds of the searches that came back unknown.
    pub unknown_seconds: f64,
    /// Nodes of the searches that came back unknown.
    pub unknown_nodes: u64,
    /// Runs with a doubled budget.
    pub doubled_runs: u32,
    /// Leaves split (expanded after an unknown).
    pub splits: usize,
}

impl Master<'_> {
    pub(super) fn snapshot(&self, exec: &dyn Executor) -> Snapshot {
        let count = |s: JobStatus| self.state.jobs.iter().filter(|j| j.status == s).count();
        let done = self
            .state
            .jobs
            .iter()
            .filter(|j| matches!(j.status, JobStatus::Done(_)))
            .count();
        let relevant = self.state.tree.relevant();
        let tree = &self.state.tree;
        let queued = (0..tree.len())
            .filter(|&n| relevant[n] && tree.node(n).basis == Basis::Leaf)
            .count()
            .saturating_sub(exec.runs());
        let root = tree.numbers(0);
        Snapshot {
            queued,
            running: exec.runs(),
            done,
            failed: count(JobStatus::Failed),
            cancelled: count(JobStatus::Cancelled),
            root_proof: root.proof,
            root_disproof: root.disproof,
            job_seconds: self.records().map(|r| r.wall).sum(),
        }
    }

    /// Every run read back, job by job.
    fn records(&self) -> impl Iterator<Item = &RunRecord> {
        self.state.jobs.iter().flat_map(|j| &j.read)
    }

    pub(super) fn report(&mut self, stopped: bool) -> Result<Report, ClusterError> {
        self.refresh();
        let verdict = match self.state.tree.root() {
            Value::Win => Some(Answer::Win),
            Value::NoWin => Some(Answer::NoWin),
            Value::Open => None,
        };
        let certificate = if verdict == Some(Answer::Win) {
            let t = Instant::now();
            let c = self.merged()?;
            self.state.master_seconds += t.elapsed().as_secs_f64();
            self.state.wall_seconds += t.elapsed().as_secs_f64();
            self.dir.save(self.state)?;
            Some(c)
        } else {
            None
        };
        let spent = self.spent();
        let jobs = &self.state.jobs;
        Ok(Report {
            verdict,
            certificate,
            jobs: jobs.len(),
            runs: jobs.iter().map(|j| j.runs).sum(),
            failed: jobs
                .iter()
                .filter(|j| j.status == JobStatus::Failed)
                .count(),
            cancelled: jobs
                .iter()
                .filter(|j| j.status == JobStatus::Cancelled)
                .count(),
            job_seconds: self.records().map(|r| r.wall).collect(),
            spent,
            master_seconds: self.state.master_seconds,
            wall_seconds: self.state.wall_seconds,
            top_nodes: self.state.tree.len(),
            stopped,
        })
    }

    /// Where the job time went, over every run read back.
    fn spent(&self) -> Spent {
        let mut spent = Spent::default();
        let jobs = &self.state.jobs;
        for r in self.records() {
            spent.search_seconds += r.search;
            spent.nodes += r.nodes;
            if matches!(
                r.result,
                Some(JobVerdict::Unknown | JobVerdict::NoThreatWin)
            ) {
                spent.unknown_seconds += r.search;
                spent.unknown_nodes += r.nodes;
            }
        }
        // A job's runs after its first doubling ran with a doubled budget.
        spent.doubled_runs = jobs
            .iter()
            .map(|j| j.doubled.min(j.runs.saturating_sub(1)))
            .sum();
        // Every expanded attacker's node was a leaf split.
        spent.splits = (0..self.state.tree.len())
            .filter(|&n| {
                let node = self.state.tree.node(n);
                node.or && matches!(node.basis, Basis::Expanded(_))
            })
            .count();
        spent
    }

    /// Joins, writes and checks the root's certificate.
    fn merged(&self) -> Result<(PathBuf, String), ClusterError> {
        let jobs = &self.state.jobs;
        let dir = &self.dir;
        let mut text_of = |id: usize| {
            std::fs::read_to_string(dir.job_file(id, &format!("r{}.proof", jobs[id].runs))).ok()
        };
        let text = join(&self.state.tree, &self.game, &self.root.name, &mut text_of)?;
        self.dir.write("proof.cert", &text)?;
        let report = check(&PlainPosition::from_position(&self.root), &text)
            .map_err(|f| ClusterError::Refused(f.to_string()))?;
        Ok((self.dir.path("proof.cert"), report.to_string()))
    }
}

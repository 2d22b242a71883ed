//! The master: proof-number search over the top tree, its open leaves
//! sent out as jobs, their answers read back, checked and put in the
//! tree. What an answer does to its leaf is the split policy's to say
//! ([`crate::policy`]); what a job is asked and answers is the protocol's
//! ([`crate::protocol`]).

mod report;

pub use report::{Report, Snapshot, Spent};

use crate::executor::{Ended, ExecError, Executor, Launch};
use crate::merge::MergeError;
use crate::policy::{threads_of_runs, Context, Decision, Policy, Read};
use crate::protocol::{JobBudget, JobReport, JobRequest, JobVerdict, PlyReport};
use crate::tree::{Basis, Game, Tree, TreeError, Value};
use crate::workdir::{
    Answer, Job, JobStatus, RunRecord, State, WorkDir, WorkDirError, STATE_VERSION,
};
use kinrow_checker::{check, PlainPosition};
use kinrow_format::{write_board, Position};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How a run is made.
#[derive(Clone, Debug)]
pub struct Config {
    pub work_dir: PathBuf,
    /// Continue the run saved in the work directory.
    pub resume: bool,
    /// Each job's first budget ([`Policy::budget`] doubles it where the
    /// policy says).
    pub budget: JobBudget,
    /// What an answer does to its leaf.
    pub policy: Policy,
    /// Stop (as if killed, but cleanly) after this many answers read in
    /// this session: a hook for tests of `--resume`.
    pub stop_after: Option<usize>,
    /// Stop this session (cleanly, the state saved and resumable) when
    /// this much wall time has passed since it started: the budget of the
    /// whole run, as `--time` is for an in-process solve.
    pub time: Option<Duration>,
    /// Merge mirror images in the top tree (off only to compare).
    pub symmetry: bool,
}

/// What the master tells its caller as it goes.
#[derive(Clone, Debug)]
pub enum Event {
    /// Something worth a line: a run re-run, a lock taken over.
    Note(String),
    Progress(Snapshot),
}

/// The longest the master goes without a progress event while the
/// numbers stand still.
const PROGRESS_HEARTBEAT: Duration = Duration::from_secs(60);

/// The most characters of a failed run's stderr line that its note quotes.
const CAUSE_CHARS: usize = 300;

/// Why a run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    #[error(transparent)]
    WorkDir(#[from] WorkDirError),
    #[error(transparent)]
    Executor(#[from] ExecError),
    #[error(transparent)]
    Tree(#[from] TreeError),
    #[error("the merged certificate: {0}")]
    Merge(#[from] MergeError),
    #[error("the merged certificate of the root is refused by the checker: {0}")]
    Refused(String),
}

/// Solves `position` (overrides applied) with jobs on `exec`.
pub fn run(
    position: &Position,
    config: &Config,
    exec: &mut dyn Executor,
    observe: &mut dyn FnMut(Event),
) -> Result<Report, ClusterError> {
    let started = Instant::now();
    let dir = WorkDir::open(&config.work_dir, &mut |n| observe(Event::Note(n)))?;
    let game = Game {
        root: position.board.clone(),
        candidates: position.candidates,
        attack: position.attack,
        depth: position.depth,
        symmetry: config.symmetry,
    };
    let text = write_board(&game.root, game.candidates, game.attack, game.depth);
    let mut state = match (dir.load()?, config.resume) {
        (Some(_), false) => return Err(WorkDirError::Exists(dir.dir.display().to_string()).into()),
        (None, true) => {
            return Err(WorkDirError::NothingToResume(dir.dir.display().to_string()).into())
        }
        (Some(s), true) => {
            if s.position != text || s.budget != config.budget || s.symmetry != config.symmetry {
                return Err(WorkDirError::OtherRun(dir.dir.display().to_string()).into());
            }
            s
        }
        (None, false) => State {
            version: STATE_VERSION,
            position: text,
            budget: config.budget.clone(),
            symmetry: config.symmetry,
            tree: Tree::new(&game),
            jobs: Vec::new(),
            master_seconds: 0.0,
            wall_seconds: 0.0,
        },
    };
    let mut m = Master {
        dir,
        game,
        root: position.clone(),
        config,
        state: &mut state,
        answers: 0,
        waited: Duration::ZERO,
        reruns: Vec::new(),
    };
    let result = m.go(exec, observe);
    exec.shutdown();
    m.state.master_seconds += started.elapsed().saturating_sub(m.waited).as_secs_f64();
    m.state.wall_seconds += started.elapsed().as_secs_f64();
    m.dir.save(m.state)?;
    let stopped = result?;
    m.report(stopped)
}

/// What the state keeps of a run read back.
fn record(read: &Read, wall: f64) -> RunRecord {
    match read {
        Read::Report(r) | Read::UncertifiedWin(r) => RunRecord {
            wall,
            search: r.seconds,
            nodes: r.nodes,
            result: Some(r.result),
        },
        Read::Unusable(_) => RunRecord {
            wall,
            search: 0.0,
            nodes: 0,
            result: None,
        },
    }
}

struct Master<'a> {
    dir: WorkDir,
    game: Game,
    root: Position,
    config: &'a Config,
    state: &'a mut State,
    /// Answers read in this session.
    answers: usize,
    /// Time spent waiting for workers.
    waited: Duration,
    /// Jobs to run again (the policy said so) at the next step, their
    /// status `Cancelled` until then.
    reruns: Vec<usize>,
}

impl Master<'_> {
    /// The loop; `Ok(true)` when the test hook or the time budget stopped it.
    fn go(
        &mut self,
        exec: &mut dyn Executor,
        observe: &mut dyn FnMut(Event),
    ) -> Result<bool, ClusterError> {
        let deadline = self.config.time.map(|t| Instant::now() + t);
        self.recover(exec, observe)?;
        let mut last = Instant::now() - Duration::from_secs(10);
        let (mut told, mut told_at): (Option<Snapshot>, Instant) = (None, Instant::now());
        // The tree is looked at again only when an answer came in: a
        // step walks the whole top tree.
        let mut changed = true;
        loop {
            if changed {
                if self.step(exec)? {
                    return Ok(false);
                }
                changed = false;
            }
            if exec.running() == 0 {
                // Nothing runs and nothing can start: failed jobs block the root.
                return Ok(false);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                // The runs still going are stopped by the caller's
                // shutdown and left `Running` in the state: a resumed
                // master reads back any that finished, else runs them again.
                observe(Event::Note(
                    "the run's time is up; the state is saved (continue with --resume)".into(),
                ));
                return Ok(true);
            }
            // Looked at once a second, told when it changed, and at least
            // once a minute as a sign of life: a run of hours would
            // otherwise print the same line thousands of times.
            if last.elapsed() >= Duration::from_secs(1) {
                let now = self.snapshot(exec);
                if told.as_ref() != Some(&now) || told_at.elapsed() >= PROGRESS_HEARTBEAT {
                    observe(Event::Progress(now));
                    (told, told_at) = (Some(now), Instant::now());
                }
                last = Instant::now();
            }
            let ended = exec.poll()?;
            if ended.is_empty() {
                let t = Instant::now();
                std::thread::sleep(exec.pause());
                self.waited += t.elapsed();
                continue;
            }
            changed = true;
            for e in ended {
                self.read_back(exec, &e, observe)?;
                self.answers += 1;
                if self.config.stop_after.is_some_and(|n| self.answers >= n) {
                    return Ok(true);
                }
            }
        }
    }

    /// One step: the tree refreshed; runs that no longer matter stopped;
    /// the jobs to run again and then the leaves the policy chooses given
    /// to the free workers; the state saved (once, before any of them
    /// starts, so that a run is never started without the state knowing
    /// it: a run left over from a killed master cannot write over its
    /// replacement's files). `Ok(true)` when the root is settled.
    fn step(&mut self, exec: &mut dyn Executor) -> Result<bool, ClusterError> {
        self.refresh();
        if self.state.tree.root() != Value::Open {
            return Ok(true);
        }
        self.cancel_unneeded(exec)?;
        let relevant = self.state.tree.relevant();
        let mut ids = Vec::new();
        for id in std::mem::take(&mut self.reruns) {
            // A leaf, or a split node whose job goes on beside its leaves.
            if relevant[self.state.jobs[id].node] {
                self.mark_running(id);
                ids.push(id);
            }
        }
        if !ids.is_empty() {
            self.refresh();
        }
        while exec.running() + ids.len() < exec.slots() {
            let Some(leaf) = self.config.policy.choose(&self.state.tree) else {
                break;
            };
            let id = self.job_for(leaf)?;
            self.mark_running(id);
            ids.push(id);
            self.refresh();
        }
        if ids.is_empty() {
            return Ok(false);
        }
        // Slots still free have no leaf to take: the runs share them as
        // threads where they are this machine's cores.
        let free = exec.slots().saturating_sub(exec.running());
        let threads = if exec.shares_cores() && self.jobs_use_threads() {
            threads_of_runs(free, ids.len())
        } else {
            vec![1; ids.len()]
        };
        let launches: Vec<Launch> = ids
            .into_iter()
            .zip(threads)
            .map(|(id, t)| self.prepare(id, t))
            .collect();
        self.dir.save(self.state)?;
        for l in launches {
            exec.launch(l)?;
        }
        Ok(false)
    }

    /// Whether the jobs' prover runs on several threads (`auto` when none
    /// is named, as the worker's `solve` does).
    fn jobs_use_threads(&self) -> bool {
        let name = self.config.budget.prover.as_deref().unwrap_or("auto");
        kinrow_prover::registry::find(name).is_some_and(|e| e.parallel)
    }

    /// Leaves with a job running or about to run again.
    fn busy(&self) -> Vec<bool> {
        let mut busy = vec![false; self.state.tree.len()];
        for j in &self.state.jobs {
            if j.status == JobStatus::Running {
                busy[j.node] = true;
            }
        }
        for &id in &self.reruns {
            busy[self.state.jobs[id].node] = true;
        }
        busy
    }

    fn refresh(&mut self) {
        let busy = self.busy();
        self.state.tree.refresh(&|n| busy[n]);
    }

    /// After a restart: a run left `Running` by a killed master is read
    /// back if it finished (its answer is used, nothing redone), else run
    /// again when its leaf is chosen.
    fn recover(
        &mut self,
        exec: &dyn Executor,
        observe: &mut dyn FnMut(Event),
    ) -> Result<(), ClusterError> {
        for id in 0..self.state.jobs.len() {
            if self.state.jobs[id].status != JobStatus::Running {
                continue;
            }
            let run = self.state.jobs[id].runs;
            let read = self.read(id, run);
            if let Read::Unusable(why) = read {
                // Not the job's fault: its master stopped.
                self.state.jobs[id]
                    .notes
                    .push(format!("run {run}: {why} (its master stopped)"));
                self.state.jobs[id].status = JobStatus::Cancelled;
                continue;
            }
            observe(Event::Note(format!(
                "job {id}: run {run} finished while no master ran; its answer is used"
            )));
            let seconds = match &read {
                Read::Report(r) | Read::UncertifiedWin(r) => r.seconds,
                Read::Unusable(_) => 0.0,
            };
            self.decide(exec, id, read, seconds, observe)?;
        }
        self.dir.save(self.state)?;
        Ok(())
    }

    /// The job of open leaf `leaf`: the leaf's job that was stopped (a
    /// restart, a cancelled run), or a new one with its position file.
    fn job_for(&mut self, leaf: usize) -> Result<usize, ClusterError> {
        if let Some(id) = self
            .state
            .jobs
            .iter()
            .position(|j| j.node == leaf && j.status == JobStatus::Cancelled)
        {
            return Ok(id);
        }
        let board = self.state.tree.board(&self.game, leaf)?;
        let plies = self.state.tree.node(leaf).plies;
        let text = write_board(&board, self.game.candidates, self.game.attack, plies);
        let id = self.state.jobs.len();
        self.dir.write(&format!("jobs/{id}.pos"), &text)?;
        self.state.jobs.push(Job {
            node: leaf,
            status: JobStatus::Cancelled,
            runs: 0,
            failures: 0,
            read: Vec::new(),
            notes: Vec::new(),
            doubled: 0,
        });
        Ok(id)
    }

    /// Counts job `id`'s next run and marks it running (its launch is
    /// made by `prepare` once the step knows every run it
    /// starts).
    fn mark_running(&mut self, id: usize) {
        let job = &mut self.state.jobs[id];
        job.runs += 1;
        job.status = JobStatus::Running;
    }

    /// The launch of job `id`'s run just marked running, on `threads`
    /// threads, as the executor gets it.
    fn prepare(&self, id: usize, threads: usize) -> Launch {
        let job = &self.state.jobs[id];
        let budget = self.config.policy.budget(&self.config.budget, job);
        let run = job.runs;
        let request = JobRequest {
            position: self.dir.job_file(id, "pos"),
            proof: self.dir.job_file(id, &format!("r{run}.proof")),
            budget,
            first_plies: self.config.policy.seeds,
            threads,
        };
        Launch {
            job: id,
            run,
            args: request.args(),
            time: request.budget.time,
            threads,
            stdout: self.dir.job_file(id, &format!("r{run}.json")),
            stderr: self.dir.job_file(id, &format!("r{run}.err")),
        }
    }

    /// Stops the runs of leaves that no longer matter to the root.
    fn cancel_unneeded(&mut self, exec: &mut dyn Executor) -> Result<(), ClusterError> {
        let relevant = self.state.tree.relevant();
        for id in 0..self.state.jobs.len() {
            let j = &self.state.jobs[id];
            if j.status == JobStatus::Running && !relevant[j.node] {
                exec.cancel(id)?;
                self.state.jobs[id].status = JobStatus::Cancelled;
            }
        }
        Ok(())
    }

    /// Reads an ended run back and does what the policy says of it.
    fn read_back(
        &mut self,
        exec: &dyn Executor,
        e: &Ended,
        observe: &mut dyn FnMut(Event),
    ) -> Result<(), ClusterError> {
        let job = &self.state.jobs[e.job];
        if job.status != JobStatus::Running || job.runs != e.run {
            return Ok(());
        }
        let mut read = self.read(e.job, e.run);
        let wall = match (&read, e.wall) {
            (_, Some(w)) => w.as_secs_f64(),
            (Read::Report(r) | Read::UncertifiedWin(r), None) => r.seconds,
            (Read::Unusable(_), None) => 0.0,
        };
        if let Read::Unusable(why) = &read {
            let code = e.code.map_or("killed".to_string(), |c| format!("exit {c}"));
            let cause = self
                .last_error_line(e.job, e.run)
                .map_or_else(String::new, |l| format!(" (its stderr: {l})"));
            read = Read::Unusable(format!(
                "job {} run {} ({code}): {why}{cause}",
                e.job, e.run
            ));
        }
        self.decide(exec, e.job, read, wall, observe)
    }

    /// Records run `read` of job `id` (`wall` seconds) and does what the
    /// policy decides.
    fn decide(
        &mut self,
        exec: &dyn Executor,
        id: usize,
        read: Read,
        wall: f64,
        observe: &mut dyn FnMut(Event),
    ) -> Result<(), ClusterError> {
        self.state.jobs[id].read.push(record(&read, wall));
        let node = self.state.jobs[id].node;
        let at = self.context(exec, node);
        let decision = self.config.policy.after(&self.state.jobs[id], &read, at);
        let plies = match &read {
            Read::Report(r) => r.first_plies.as_deref().unwrap_or_default(),
            _ => &[],
        };
        let job = &mut self.state.jobs[id];
        match decision {
            Decision::Settle(answer) => {
                job.status = JobStatus::Done(answer);
                self.state.tree.settle(node, answer, id);
            }
            Decision::Double | Decision::SplitAndDouble => {
                self.double(id, &read, observe);
                if decision == Decision::SplitAndDouble {
                    self.split(node, plies)?;
                }
            }
            Decision::Continue => {
                job.doubled += 1;
                job.status = JobStatus::Cancelled;
                self.state.tree.reseed(node, plies);
            }
            Decision::Split => {
                job.status = JobStatus::Done(Answer::Unknown);
                self.split(node, plies)?;
            }
            Decision::Stop => job.status = JobStatus::Done(Answer::Unknown),
            Decision::Retry | Decision::Fail => {
                let Read::Unusable(why) = read else {
                    unreachable!("the policy retries only a run without an answer")
                };
                self.retry_or_fail(id, why, decision == Decision::Retry, at.split, observe);
            }
        }
        Ok(())
    }

    /// Job `id` runs again at the next step with twice its budget.
    fn double(&mut self, id: usize, read: &Read, observe: &mut dyn FnMut(Event)) {
        let job = &mut self.state.jobs[id];
        job.doubled += 1;
        job.status = JobStatus::Cancelled;
        if let Read::UncertifiedWin(_) = read {
            let note = format!(
                "job {id} run {}: a win whose certificate its budget left unwritten; \
                 run again with {} times the budget",
                job.runs,
                1u32 << job.doubled
            );
            job.notes.push(note.clone());
            observe(Event::Note(note));
        }
        self.reruns.push(id);
    }

    /// Job `id`, whose run left nothing usable (`why`), runs again as it
    /// was (`retry`) or is given up: its node, a leaf (not `split`),
    /// stays open and is not asked again.
    fn retry_or_fail(
        &mut self,
        id: usize,
        why: String,
        retry: bool,
        split: bool,
        observe: &mut dyn FnMut(Event),
    ) {
        let job = &mut self.state.jobs[id];
        job.failures += 1;
        job.notes.push(why.clone());
        if retry {
            observe(Event::Note(format!("{why}; run again")));
            job.status = JobStatus::Cancelled;
            self.reruns.push(id);
        } else {
            observe(Event::Note(format!(
                "{why}; failed after {} runs",
                job.failures
            )));
            job.status = JobStatus::Failed;
            if !split {
                let node = job.node;
                self.state.tree.fail(node, id);
            }
        }
    }

    /// Expands leaf `node`, its new leaves seeded with the numbers its
    /// job's search left for them (`plies`).
    fn split(&mut self, node: usize, plies: &[PlyReport]) -> Result<(), ClusterError> {
        self.state.tree.expand(&self.game, node)?;
        if self.config.policy.seeds {
            self.state.tree.seed(&self.game, node, plies)?;
        }
        Ok(())
    }

    /// Whether `node` is split, the workers free now and the open leaves
    /// no job works on but `node`'s, as the policy weighs them.
    fn context(&self, exec: &dyn Executor, node: usize) -> Context {
        let idle = exec.slots().saturating_sub(exec.running());
        let busy = self.busy();
        Context {
            split: matches!(self.state.tree.node(node).basis, Basis::Expanded(_)),
            idle,
            free_leaves: self.state.tree.free_leaves(&|n| busy[n], node, idle),
            ply: u32::try_from(self.state.tree.path(node).len()).unwrap_or(u32::MAX),
        }
    }

    /// The last line that run `run` of job `id` wrote on its standard
    /// error (at most [`CAUSE_CHARS`] characters), if any: for a run that
    /// gave no answer, the cause is there (a job file gone from the work
    /// directory, a worker that could not start), and the note says it
    /// rather than only what came back (issue 63).
    fn last_error_line(&self, id: usize, run: u32) -> Option<String> {
        let text = std::fs::read(self.dir.job_file(id, &format!("r{run}.err"))).ok()?;
        let text = String::from_utf8_lossy(&text);
        let line = text.lines().map(str::trim).rfind(|l| !l.is_empty())?;
        let mut short: String = line.chars().take(CAUSE_CHARS).collect();
        if short.len() < line.len() {
            short.push_str("...");
        }
        Some(short)
    }

    /// What run `run` of job `id` left: its report, a win's certificate
    /// checked.
    fn read(&self, id: usize, run: u32) -> Read {
        let report = match JobReport::read(&self.dir.job_file(id, &format!("r{run}.json"))) {
            Ok(r) => r,
            Err(e) => return Read::Unusable(e.to_string()),
        };
        if report.result == JobVerdict::Win {
            // A win whose certificate the job's budget left unwritten is
            // not believed (the policy runs it again, longer).
            let proof = self.dir.job_file(id, &format!("r{run}.proof"));
            if std::fs::metadata(&proof).map_or(true, |m| m.len() == 0) {
                return Read::UncertifiedWin(report);
            }
            if let Err(why) = self.check_job(id, run) {
                return Read::Unusable(why);
            }
        }
        Read::Report(report)
    }

    /// A job's win is believed only when the independent checker accepts
    /// its certificate for the job's position.
    fn check_job(&self, id: usize, run: u32) -> Result<(), String> {
        let path = self.dir.job_file(id, &format!("r{run}.proof"));
        let proof = std::fs::read_to_string(&path)
            .map_err(|_| "a win without its certificate".to_string())?;
        let node = self.state.jobs[id].node;
        let board = self
            .state
            .tree
            .board(&self.game, node)
            .map_err(|e| e.to_string())?;
        let mut p = self.root.clone();
        p.board = board;
        p.depth = self.state.tree.node(node).plies;
        check(&PlainPosition::from_position(&p), &proof)
            .map(|_| ())
            .map_err(|flaw| format!("its certificate is refused: {flaw}"))
    }
}

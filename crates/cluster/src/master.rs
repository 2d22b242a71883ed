//! The master: proof-number search over the top tree, its open leaves
//! sent out as jobs, their answers read back, checked and put in the tree.

use crate::executor::{Ended, ExecError, Executor, Launch};
use crate::merge::{join, MergeError};
use crate::tree::{Basis, FirstPly, Game, Tree, TreeError, Value, INFINITE};
use crate::workdir::{
    Answer, Job, JobBudget, JobStatus, State, WorkDir, WorkDirError, STATE_VERSION,
};
use kinrow_checker::{check, PlainPosition};
use kinrow_format::{write_board, Position};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How a run is made.
#[derive(Clone, Debug)]
pub struct Config {
    pub work_dir: PathBuf,
    /// Continue the run saved in the work directory.
    pub resume: bool,
    pub budget: JobBudget,
    /// Runs of one job before it is reported failed.
    pub max_runs: u32,
    /// Stop (as if killed, but cleanly) after this many answers read in
    /// this session: a hook for tests of `--resume`.
    pub stop_after: Option<usize>,
    /// Stop this session (cleanly, the state saved and resumable) when
    /// this much wall time has passed since it started: the budget of the
    /// whole run, as `--time` is for an in-process solve.
    pub time: Option<Duration>,
    /// Merge mirror images in the top tree (off only to compare).
    pub symmetry: bool,
    /// Seed new leaves with the numbers of the job above them
    /// ([`Tree::seed`]; off only to compare).
    pub seeds: bool,
}

/// What the master tells its caller as it goes.
#[derive(Clone, Debug)]
pub enum Event {
    /// Something worth a line: a run re-run, a lock taken over.
    Note(String),
    Progress(Snapshot),
}

/// The jobs and the root's numbers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Snapshot {
    /// Open leaves waiting for a free worker.
    pub queued: usize,
    pub running: usize,
    pub done: usize,
    pub failed: usize,
    pub cancelled: usize,
    pub root_proof: u64,
    pub root_disproof: u64,
    /// Wall seconds of the runs read back (one thread each).
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
    /// Seconds the master worked (all sessions).
    pub master_seconds: f64,
    /// Nodes of the top tree.
    pub top_nodes: usize,
    /// Stopped (the test hook, or `Config::time` ran out) before the root
    /// was settled.
    pub stopped: bool,
}

/// The most times one job's budget is doubled ([`Read::UncertifiedWin`]).
pub const MAX_DOUBLINGS: u32 = 3;

/// The most characters of a failed run's stderr line that its note quotes.
const CAUSE_CHARS: usize = 300;

/// What a run's result file says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Read {
    Answer(Answer),
    /// A win whose certificate the budget left unwritten: not believed.
    /// The search itself fit in the budget, and the certificate's writer
    /// proves the position again and then its subtrees, so the job runs
    /// again with twice the budget (at most [`MAX_DOUBLINGS`] times), which
    /// is cheaper than splitting its leaf into jobs that each search
    /// again from nothing. Past that it counts as unknown, and the leaf
    /// is split.
    UncertifiedWin,
}

impl Read {
    const fn answer(self) -> Answer {
        match self {
            Read::Answer(a) => a,
            Read::UncertifiedWin => Answer::Unknown,
        }
    }
}

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
    };
    let result = m.go(exec, observe);
    exec.shutdown();
    m.state.master_seconds += started.elapsed().saturating_sub(m.waited).as_secs_f64();
    m.dir.save(m.state)?;
    let stopped = result?;
    m.report(stopped, observe)
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
}

impl Master<'_> {
    /// The loop; `Ok(true)` when the test hook or the time budget stopped it.
    fn go(
        &mut self,
        exec: &mut dyn Executor,
        observe: &mut dyn FnMut(Event),
    ) -> Result<bool, ClusterError> {
        let deadline = self.config.time.map(|t| Instant::now() + t);
        self.recover(observe)?;
        let mut last = Instant::now() - Duration::from_secs(10);
        // The tree is looked at again only when an answer came in: a
        // refresh walks the whole top tree.
        let mut changed = true;
        loop {
            if changed {
                self.refresh();
                if self.state.tree.root() != Value::Open {
                    return Ok(false);
                }
                self.cancel_unneeded(exec)?;
                while exec.running() < exec.slots() {
                    let Some(leaf) = self.state.tree.select() else {
                        break;
                    };
                    self.start(exec, leaf, None)?;
                    self.refresh();
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
            if last.elapsed() >= Duration::from_secs(1) {
                observe(Event::Progress(self.snapshot(exec)));
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
                self.dir.save(self.state)?;
                self.answers += 1;
                if self.config.stop_after.is_some_and(|n| self.answers >= n) {
                    return Ok(true);
                }
            }
        }
    }

    fn busy(&self) -> Vec<bool> {
        let mut busy = vec![false; self.state.tree.nodes.len()];
        for j in &self.state.jobs {
            if j.status == JobStatus::Running {
                busy[j.node] = true;
            }
        }
        busy
    }

    fn refresh(&mut self) {
        let busy = self.busy();
        self.state.tree.refresh(&|n| busy[n]);
    }

    /// After a restart: a run left `Running` by a killed master is read
    /// back if it finished (its answer is used, nothing redone), else run
    /// again.
    fn recover(&mut self, observe: &mut dyn FnMut(Event)) -> Result<(), ClusterError> {
        for id in 0..self.state.jobs.len() {
            if self.state.jobs[id].status != JobStatus::Running {
                continue;
            }
            let run = self.state.jobs[id].runs;
            match self.answer(id, run) {
                Ok((Read::UncertifiedWin, seconds, _)) if self.may_double(id) => {
                    // Run again, longer, when its leaf is selected.
                    self.state.jobs[id].seconds.push(seconds);
                    self.state.jobs[id].doubled += 1;
                    self.state.jobs[id].status = JobStatus::Cancelled;
                }
                Ok((read, seconds, plies)) => {
                    observe(Event::Note(format!(
                        "job {id}: run {run} finished while no master ran; its answer is used"
                    )));
                    self.state.jobs[id].seconds.push(seconds);
                    self.settle(id, read.answer(), &plies)?;
                }
                Err(why) => {
                    self.state.jobs[id]
                        .notes
                        .push(format!("run {run}: {why} (its master stopped)"));
                    self.state.jobs[id].status = JobStatus::Cancelled;
                }
            }
        }
        self.dir.save(self.state)?;
        Ok(())
    }

    /// Starts a run of `leaf`'s job (a new job when `job` is `None`).
    fn start(
        &mut self,
        exec: &mut dyn Executor,
        leaf: usize,
        job: Option<usize>,
    ) -> Result<(), ClusterError> {
        // A leaf whose job was cancelled (a restart) takes its job up again.
        let reuse = job.or_else(|| {
            self.state
                .jobs
                .iter()
                .position(|j| j.node == leaf && j.status == JobStatus::Cancelled)
        });
        let id = match reuse {
            Some(id) => id,
            None => {
                let board = self.state.tree.board(&self.game, leaf)?;
                let plies = self.state.tree.nodes[leaf].plies;
                let text = write_board(&board, self.game.candidates, self.game.attack, plies);
                let id = self.state.jobs.len();
                self.dir.write(&format!("jobs/{id}.pos"), &text)?;
                self.state.jobs.push(Job {
                    node: leaf,
                    status: JobStatus::Cancelled,
                    runs: 0,
                    failures: 0,
                    seconds: Vec::new(),
                    notes: Vec::new(),
                    doubled: 0,
                });
                id
            }
        };
        let job = &mut self.state.jobs[id];
        job.runs += 1;
        job.status = JobStatus::Running;
        let run = job.runs;
        let launch = Launch {
            job: id,
            run,
            args: self.args(id, run),
            stdout: self.dir.job_file(id, &format!("r{run}.json")),
            stderr: self.dir.job_file(id, &format!("r{run}.err")),
        };
        exec.launch(launch)?;
        self.dir.save(self.state)?;
        Ok(())
    }

    /// The worker's command line: a whole `kinrow solve` of the job's
    /// position, its answer as JSON, its certificate if it wins.
    fn args(&self, id: usize, run: u32) -> Vec<OsString> {
        let b = &self.config.budget;
        let mut a: Vec<OsString> = vec![
            "solve".into(),
            self.dir.job_file(id, "pos").into(),
            "--json".into(),
        ];
        a.extend([
            "--proof".into(),
            self.dir
                .job_file(id, &format!("r{run}.proof"))
                .into_os_string(),
        ]);
        // A no-win needs no certificate here (the root's certificate joins
        // wins only), and a draw certificate can take longer than the job.
        // An unknown brings the numbers its search left below the leaf,
        // which seed the leaf's new children (`Tree::seed`).
        a.extend([
            "--no-draw-proof".into(),
            "--force".into(),
            "--allow-unknown".into(),
            "--first-plies".into(),
        ]);
        // One thread a job: the executor runs as many jobs as it has cores
        // (`solve` alone would give df-pn every core the process may use).
        a.extend(["--threads".into(), "1".into()]);
        let scale = 1u64 << self.state.jobs[id].doubled.min(MAX_DOUBLINGS);
        if let Some(t) = b.time {
            // The time at most doubled: the Slurm executor's limit is twice
            // a job's time plus a margin, and a run past it is killed.
            let t = t * scale.min(2) as f64;
            a.extend(["--time".into(), t.to_string().into()]);
        }
        if let Some(n) = b.max_nodes {
            a.extend([
                "--max-nodes".into(),
                n.saturating_mul(scale).to_string().into(),
            ]);
        }
        if let Some(m) = b.memory {
            a.extend(["--memory".into(), m.to_string().into()]);
        }
        if let Some(p) = &b.prover {
            a.extend(["--prover".into(), p.into()]);
        }
        a
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

    /// Reads an ended run back: its answer (a win's certificate checked)
    /// into the tree, or the run again, or the job failed.
    fn read_back(
        &mut self,
        exec: &mut dyn Executor,
        e: &Ended,
        observe: &mut dyn FnMut(Event),
    ) -> Result<(), ClusterError> {
        let job = &self.state.jobs[e.job];
        if job.status != JobStatus::Running || job.runs != e.run {
            return Ok(());
        }
        match self.answer(e.job, e.run) {
            Ok((read, seconds, plies)) => {
                let wall = e.wall.map_or(seconds, |w| w.as_secs_f64());
                self.state.jobs[e.job].seconds.push(wall);
                if read == Read::UncertifiedWin && self.may_double(e.job) {
                    let job = &mut self.state.jobs[e.job];
                    job.doubled += 1;
                    let note = format!(
                        "job {} run {}: a win whose certificate its budget left unwritten; \
                         run again with {} times the budget",
                        e.job,
                        e.run,
                        1u32 << job.doubled
                    );
                    job.notes.push(note.clone());
                    observe(Event::Note(note));
                    let node = job.node;
                    return self.start(exec, node, Some(e.job));
                }
                self.settle(e.job, read.answer(), &plies)
            }
            Err(why) => {
                let code = e.code.map_or("killed".to_string(), |c| format!("exit {c}"));
                let cause = self
                    .last_error_line(e.job, e.run)
                    .map_or_else(String::new, |l| format!(" (its stderr: {l})"));
                let note = format!("job {} run {} ({code}): {why}{cause}", e.job, e.run);
                self.state.jobs[e.job].notes.push(note.clone());
                if let Some(w) = e.wall {
                    self.state.jobs[e.job].seconds.push(w.as_secs_f64());
                }
                let node = self.state.jobs[e.job].node;
                self.state.jobs[e.job].failures += 1;
                if self.state.jobs[e.job].failures < self.config.max_runs {
                    observe(Event::Note(format!("{note}; run again")));
                    self.start(exec, node, Some(e.job))
                } else {
                    observe(Event::Note(format!(
                        "{note}; failed after {} runs",
                        self.state.jobs[e.job].failures
                    )));
                    self.state.jobs[e.job].status = JobStatus::Failed;
                    self.state.tree.nodes[node].basis = Basis::Failed(e.job);
                    Ok(())
                }
            }
        }
    }

    /// Puts a job's answer into the tree: an unknown's leaf expanded, its
    /// new leaves seeded with the numbers the job's search left (`plies`).
    fn settle(
        &mut self,
        id: usize,
        answer: Answer,
        plies: &[FirstPly],
    ) -> Result<(), ClusterError> {
        self.state.jobs[id].status = JobStatus::Done(answer);
        let node = self.state.jobs[id].node;
        match answer {
            Answer::Win | Answer::NoWin => {
                let n = &mut self.state.tree.nodes[node];
                n.value = if answer == Answer::Win {
                    Value::Win
                } else {
                    Value::NoWin
                };
                n.basis = Basis::Job(id);
            }
            Answer::Unknown => {
                self.state.tree.expand(&self.game, node)?;
                if self.config.seeds {
                    self.state.tree.seed(&self.game, node, plies)?;
                }
            }
        }
        Ok(())
    }

    /// Whether job `id`'s budget may be doubled once more.
    fn may_double(&self, id: usize) -> bool {
        self.state.jobs[id].doubled < MAX_DOUBLINGS
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

    /// The answer of run `run` of job `id`, with the seconds it reports
    /// and, for an unknown, the numbers its search left below the leaf, or
    /// why there is none to trust.
    fn answer(&self, id: usize, run: u32) -> Result<(Read, f64, Vec<FirstPly>), String> {
        let path = self.dir.job_file(id, &format!("r{run}.json"));
        let text = std::fs::read_to_string(&path).map_err(|_| "no result file".to_string())?;
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.is_empty() {
            return Err("an empty result".into());
        }
        let [line] = lines[..] else {
            return Err(format!(
                "a malformed result: {} lines, not one",
                lines.len()
            ));
        };
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("a malformed result: {e}"))?;
        let seconds = v["seconds"].as_f64().unwrap_or(0.0);
        let answer = match v["result"].as_str() {
            Some("win") => Answer::Win,
            Some("no-win") => Answer::NoWin,
            // A threat space's no-win (the job's `auto` ran out of threats
            // and not of the game) is no value of the game: open.
            Some("unknown" | "no-threat-win") => Answer::Unknown,
            other => return Err(format!("a malformed result: result {other:?}")),
        };
        if answer == Answer::Win {
            // A win whose certificate the job's budget left unwritten is
            // not believed (see `Read::UncertifiedWin`).
            let proof = self.dir.job_file(id, &format!("r{run}.proof"));
            if std::fs::metadata(&proof).map_or(true, |m| m.len() == 0) {
                return Ok((Read::UncertifiedWin, seconds, Vec::new()));
            }
            self.check_job(id, run)?;
        }
        let plies = if answer == Answer::Unknown {
            first_plies(&v["first_plies"])
        } else {
            Vec::new()
        };
        Ok((Read::Answer(answer), seconds, plies))
    }

    /// A job's win is believed only when the independent checker accepts
    /// its certificate for the job's position.
    fn check_job(&self, id: usize, run: u32) -> Result<(), String> {
        let path = self.dir.job_file(id, &format!("r{run}.proof"));
        let proof = std::fs::read_to_string(&path)
            .map_err(|_| "a win without its certificate".to_string())?;
        let board = self
            .state
            .tree
            .board(&self.game, self.state.jobs[id].node)
            .map_err(|e| e.to_string())?;
        let mut p = self.root.clone();
        p.board = board;
        p.depth = self.state.tree.nodes[self.state.jobs[id].node].plies;
        check(&PlainPosition::from_position(&p), &proof)
            .map(|_| ())
            .map_err(|flaw| format!("its certificate is refused: {flaw}"))
    }

    fn snapshot(&self, exec: &dyn Executor) -> Snapshot {
        let count = |s: JobStatus| self.state.jobs.iter().filter(|j| j.status == s).count();
        let done = self
            .state
            .jobs
            .iter()
            .filter(|j| matches!(j.status, JobStatus::Done(_)))
            .count();
        let relevant = self.state.tree.relevant();
        let queued = (0..self.state.tree.nodes.len())
            .filter(|&n| relevant[n] && self.state.tree.nodes[n].basis == Basis::Leaf)
            .count()
            .saturating_sub(exec.running());
        let root = self.state.tree.numbers(0);
        Snapshot {
            queued,
            running: exec.running(),
            done,
            failed: count(JobStatus::Failed),
            cancelled: count(JobStatus::Cancelled),
            root_proof: root.proof,
            root_disproof: root.disproof,
            job_seconds: self.state.jobs.iter().flat_map(|j| &j.seconds).sum(),
        }
    }

    fn report(
        &mut self,
        stopped: bool,
        observe: &mut dyn FnMut(Event),
    ) -> Result<Report, ClusterError> {
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
            self.dir.save(self.state)?;
            Some(c)
        } else {
            None
        };
        let _ = observe;
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
            job_seconds: jobs
                .iter()
                .flat_map(|j| j.seconds.iter().copied())
                .collect(),
            master_seconds: self.state.master_seconds,
            top_nodes: self.state.tree.nodes.len(),
            stopped,
        })
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

/// A job's `first_plies` (`solve --first-plies`). They only steer, so an
/// entry that is not what `solve` writes is left out rather than failing
/// the job; names that are not cells of the board are left out later, by
/// [`Tree::seed`].
fn first_plies(v: &serde_json::Value) -> Vec<FirstPly> {
    let number = |n: &serde_json::Value| match n {
        serde_json::Value::String(s) if s == "inf" => Some(INFINITE),
        n => n.as_u64(),
    };
    let one = |f: &serde_json::Value| {
        let line: Vec<String> = f["line"]
            .as_array()?
            .iter()
            .map(|c| c.as_str().map(String::from))
            .collect::<Option<_>>()?;
        (1..=2).contains(&line.len()).then_some(())?;
        Some(FirstPly {
            line,
            proof: number(&f["proof"])?,
            disproof: number(&f["disproof"])?,
        })
    };
    v.as_array()
        .map_or_else(Vec::new, |a| a.iter().filter_map(one).collect())
}

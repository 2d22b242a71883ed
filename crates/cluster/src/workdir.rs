//! The work directory: the whole state of a run, so that nothing is lost
//! when the master dies.
//!
//! ```text
//! DIR/lock            the master's pid and host while it runs
//! DIR/state.json      the top tree, every job and its answer (written
//!                     after each result: to state.json.tmp, then renamed)
//! DIR/jobs/J.pos      job J's position, every setting written out
//! DIR/jobs/J.rN.json  run N of job J: its `--json` answer (standard output)
//! DIR/jobs/J.rN.err   run N's standard error
//! DIR/jobs/J.rN.proof run N's certificate, for a win
//! DIR/proof.cert      the merged certificate of the root, for a win
//! ```
//!
//! The files of each run are apart, so a run left over from a killed
//! master cannot write over the run that replaces it.

use crate::protocol::{JobBudget, JobVerdict};
use crate::tree::Tree;
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};

/// The version of `state.json`. 2: the top tree merges mirror images, its
/// edges carry their symmetry (a version-1 tree has none to read). 3: a
/// node names its parent and step instead of its whole path, an edge is
/// written `[step, child, sym]`, and each job keeps a record of every run
/// read back.
pub const STATE_VERSION: u32 = 3;

/// A job's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Answer {
    Win,
    NoWin,
    Unknown,
}

/// Where a job stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum JobStatus {
    /// A run was started and has not been read back.
    Running,
    Done(Answer),
    /// Every run allowed ended without a usable answer.
    Failed,
    /// Made unnecessary by another answer, and stopped.
    Cancelled,
}

/// One job: a top-tree leaf solved as a whole `kinrow solve` run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Job {
    pub node: usize,
    pub status: JobStatus,
    /// Runs started, the current one included (each run has its own files).
    pub runs: u32,
    /// Runs that ended without a usable answer (a run stopped with its
    /// master is not counted: the job did nothing wrong).
    #[serde(default)]
    pub failures: u32,
    /// Every run read back, in order.
    pub read: Vec<RunRecord>,
    /// What went wrong with earlier runs.
    pub notes: Vec<String>,
    /// How many times the job's budget was doubled (the split policy,
    /// `crate::policy`: an unknown continued, or a win whose certificate
    /// the budget left unwritten).
    #[serde(default)]
    pub doubled: u32,
}

/// One run of a job, read back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// Seconds from its start to its end as the executor saw them (local),
    /// or its search's own (Slurm, which does not say).
    pub wall: f64,
    /// The search's own seconds, from its report (0 without one).
    pub search: f64,
    /// The search's nodes, from its report (0 without one).
    pub nodes: u64,
    /// Its verdict; `None` for a run that left no usable report.
    pub result: Option<JobVerdict>,
}

/// Everything a run keeps.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub version: u32,
    /// The root position as `write_board` writes it: a resumed run must be
    /// asked about the same position.
    pub position: String,
    pub budget: JobBudget,
    /// Mirror images merged in the top tree (see `tree.rs`).
    pub symmetry: bool,
    pub tree: Tree,
    pub jobs: Vec<Job>,
    /// Seconds the master has worked (not waited) over all its sessions.
    pub master_seconds: f64,
    /// Wall seconds of all its sessions, waiting included.
    pub wall_seconds: f64,
}

/// A problem with the work directory.
#[derive(Debug, thiserror::Error)]
pub enum WorkDirError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: a damaged state: {detail}")]
    Damaged { path: String, detail: String },
    #[error("{dir} is in use by the master with pid {pid} on {host} (its lock file {dir}/lock); wait for it, or stop it")]
    Locked { dir: String, pid: u32, host: String },
    #[error("{path}: a state of version {found}, written by another kinrow (this one reads version {STATE_VERSION} only); finish that run with the kinrow that began it, or start again in another --work-dir")]
    Version { path: String, found: u32 },
    #[error(
        "{0}/state.json exists: continue that run with --resume, or choose another --work-dir"
    )]
    Exists(String),
    #[error("{0}/state.json does not exist: nothing to resume")]
    NothingToResume(String),
    #[error("{0}: the run there is about another position or other job settings; give the same file and flags, or another --work-dir")]
    OtherRun(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> WorkDirError + '_ {
    move |source| WorkDirError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// The work directory, locked by this master while it lives.
#[derive(Debug)]
pub struct WorkDir {
    pub dir: PathBuf,
}

impl WorkDir {
    /// Makes the directory if needed (absolute, so that workers elsewhere
    /// find it) and takes its lock. `note` hears of a stale lock taken
    /// over.
    pub fn open(dir: &Path, note: &mut dyn FnMut(String)) -> Result<WorkDir, WorkDirError> {
        fs::create_dir_all(dir.join("jobs")).map_err(io(dir))?;
        let dir = fs::canonicalize(dir).map_err(io(dir))?;
        let lock = dir.join("lock");
        let me = format!("{} {}\n", std::process::id(), host());
        loop {
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&lock)
            {
                Ok(mut f) => {
                    std::io::Write::write_all(&mut f, me.as_bytes()).map_err(io(&lock))?;
                    return Ok(WorkDir { dir });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let text = fs::read_to_string(&lock).unwrap_or_default();
                    let mut words = text.split_whitespace();
                    let pid = words.next().and_then(|p| p.parse::<u32>().ok());
                    let their_host = words.next().unwrap_or("").to_string();
                    match pid {
                        Some(pid) if their_host != host() || alive(pid) => {
                            return Err(WorkDirError::Locked {
                                dir: dir.display().to_string(),
                                pid,
                                host: their_host,
                            });
                        }
                        _ => {
                            note(format!(
                                "taking over the stale lock {} (its master, {}, is not running)",
                                lock.display(),
                                text.trim()
                            ));
                            fs::remove_file(&lock).map_err(io(&lock))?;
                        }
                    }
                }
                Err(e) => return Err(io(&lock)(e)),
            }
        }
    }

    #[must_use]
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// A file of job `job`: `ext` is `pos`, or `rN.json` and the like.
    #[must_use]
    pub fn job_file(&self, job: usize, ext: &str) -> PathBuf {
        self.dir.join("jobs").join(format!("{job}.{ext}"))
    }

    /// Reads the saved state, if any.
    pub fn load(&self) -> Result<Option<State>, WorkDirError> {
        let path = self.path("state.json");
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io(&path)(e)),
        };
        let damaged = |detail: String| WorkDirError::Damaged {
            path: path.display().to_string(),
            detail,
        };
        // The version first, alone: a state of another version is refused
        // by it, never read as this one's.
        #[derive(Deserialize)]
        struct Version {
            version: u32,
        }
        let v: Version = serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?;
        if v.version != STATE_VERSION {
            return Err(WorkDirError::Version {
                path: path.display().to_string(),
                found: v.version,
            });
        }
        let mut state: State = serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?;
        state.tree.restore().map_err(|e| damaged(e.to_string()))?;
        let n = state.tree.len();
        if let Some(j) = state.jobs.iter().find(|j| j.node >= n) {
            return Err(damaged(format!("a job of node {} of {n}", j.node)));
        }
        Ok(Some(state))
    }

    /// Writes the state: to a temporary file, then renamed over the old
    /// one, so that a reader (or a resumed master) sees one or the other.
    pub fn save(&self, state: &State) -> Result<(), WorkDirError> {
        self.write(
            "state.json",
            &serde_json::to_string(state).expect("the state serialises"),
        )
    }

    /// Writes `text` to `DIR/name` by write-then-rename.
    pub fn write(&self, name: &str, text: &str) -> Result<(), WorkDirError> {
        let path = self.path(name);
        let tmp = self.path(&format!("{name}.tmp"));
        fs::write(&tmp, text).map_err(io(&tmp))?;
        fs::rename(&tmp, &path).map_err(io(&path))
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        // Only our own lock: a lock another master took over is theirs.
        let lock = self.dir.join("lock");
        let me = format!("{} {}\n", std::process::id(), host());
        if fs::read_to_string(&lock).is_ok_and(|t| t == me) {
            let _ = fs::remove_file(lock);
        }
    }
}

/// This machine's name (a lock from another machine is never stale here).
fn host() -> String {
    fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .or_else(|_| std::env::var("HOSTNAME"))
        .unwrap_or_else(|_| "localhost".into())
}

/// Whether a process of this pid lives (Linux's /proc; elsewhere every
/// pid is taken to live, so a stale lock must be removed by hand).
fn alive(pid: u32) -> bool {
    if !Path::new("/proc/self").exists() {
        return true;
    }
    Path::new(&format!("/proc/{pid}")).exists()
}

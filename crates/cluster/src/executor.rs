//! Where jobs run. An [`Executor`] starts runs of the worker binary and
//! says when they end; the master reads their answers from the files in
//! the work directory, so an executor moves no data. [`Local`] runs worker
//! processes on this machine; `crate::slurm` submits them to Slurm; another
//! engine (Ray, Kubernetes jobs) is one more implementation of the trait.

use std::ffi::OsString;
use std::fs::File;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One run of one job: the worker's arguments and where its standard
/// output (the `--json` answer) and standard error go.
#[derive(Clone, Debug)]
pub struct Launch {
    pub job: usize,
    pub run: u32,
    pub args: Vec<OsString>,
    /// The run's time budget in seconds, if it has one (a scheduler's
    /// limit follows it).
    pub time: Option<f64>,
    /// The run's threads: the slots it takes (1 unless the executor
    /// [`Executor::shares_cores`]).
    pub threads: usize,
    pub stdout: PathBuf,
    pub stderr: PathBuf,
}

/// A run that has ended (or is known gone).
#[derive(Clone, Debug)]
pub struct Ended {
    pub job: usize,
    pub run: u32,
    /// The exit code when known (`None`: killed by a signal, or the
    /// executor does not know).
    pub code: Option<i32>,
    /// Wall time from start to end as the executor saw it, when known.
    pub wall: Option<Duration>,
}

/// Why an executor could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    #[error("cannot start {program}: {source}")]
    Spawn {
        program: String,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Scheduler(String),
}

/// Runs jobs somewhere.
pub trait Executor {
    /// How many runs of one thread may go on at once.
    fn slots(&self) -> usize;
    /// Slots taken by the runs going on (a run of several threads takes
    /// one a thread).
    fn running(&self) -> usize;
    /// Runs going on, whatever their threads (what progress reports).
    fn runs(&self) -> usize {
        self.running()
    }
    /// Whether the slots are cores that a run may take several of, as
    /// threads: so on this machine ([`Local`]); not on a scheduler, whose
    /// slots are runs queued or running on machines the master does not
    /// know.
    fn shares_cores(&self) -> bool {
        false
    }
    /// Starts (or queues) a run.
    fn launch(&mut self, launch: Launch) -> Result<(), ExecError>;
    /// The runs that ended since the last call.
    fn poll(&mut self) -> Result<Vec<Ended>, ExecError>;
    /// Stops a job's run, if it is going on; it is not reported as ended.
    fn cancel(&mut self, job: usize) -> Result<(), ExecError>;
    /// Stops every run (the master is leaving).
    fn shutdown(&mut self);
    /// How long the master waits before polling again when nothing ended.
    fn pause(&self) -> Duration {
        Duration::from_millis(10)
    }
}

/// Worker processes on this machine, their threads taking at most `slots`
/// cores at once.
#[derive(Debug)]
pub struct Local {
    slots: usize,
    worker: PathBuf,
    runs: Vec<LocalRun>,
}

/// One run of [`Local`]: its process, when it started, and the slots its
/// threads take.
#[derive(Debug)]
struct LocalRun {
    job: usize,
    run: u32,
    child: Child,
    start: Instant,
    threads: usize,
}

impl Local {
    /// `worker` is the program run (normally the `kinrow` binary itself).
    #[must_use]
    pub fn new(worker: PathBuf, slots: usize) -> Local {
        Local {
            slots: slots.max(1),
            worker,
            runs: Vec::new(),
        }
    }
}

fn create(path: &PathBuf) -> Result<File, ExecError> {
    File::create(path).map_err(|source| ExecError::Io {
        path: path.display().to_string(),
        source,
    })
}

impl Executor for Local {
    fn slots(&self) -> usize {
        self.slots
    }

    fn running(&self) -> usize {
        self.runs.iter().map(|r| r.threads).sum()
    }

    fn runs(&self) -> usize {
        self.runs.len()
    }

    fn shares_cores(&self) -> bool {
        true
    }

    fn launch(&mut self, l: Launch) -> Result<(), ExecError> {
        let child = Command::new(&self.worker)
            .args(&l.args)
            .stdin(Stdio::null())
            .stdout(create(&l.stdout)?)
            .stderr(create(&l.stderr)?)
            .spawn()
            .map_err(|source| ExecError::Spawn {
                program: self.worker.display().to_string(),
                source,
            })?;
        self.runs.push(LocalRun {
            job: l.job,
            run: l.run,
            child,
            start: Instant::now(),
            threads: l.threads.max(1),
        });
        Ok(())
    }

    fn poll(&mut self) -> Result<Vec<Ended>, ExecError> {
        let mut ended = Vec::new();
        let mut i = 0;
        while i < self.runs.len() {
            let status = self.runs[i].child.try_wait();
            match status {
                Ok(None) => i += 1,
                Ok(Some(s)) => {
                    let LocalRun {
                        job, run, start, ..
                    } = self.runs.swap_remove(i);
                    ended.push(Ended {
                        job,
                        run,
                        code: s.code(),
                        wall: Some(start.elapsed()),
                    });
                }
                Err(_) => {
                    let LocalRun {
                        job, run, start, ..
                    } = self.runs.swap_remove(i);
                    ended.push(Ended {
                        job,
                        run,
                        code: None,
                        wall: Some(start.elapsed()),
                    });
                }
            }
        }
        Ok(ended)
    }

    fn cancel(&mut self, job: usize) -> Result<(), ExecError> {
        if let Some(i) = self.runs.iter().position(|r| r.job == job) {
            let mut child = self.runs.swap_remove(i).child;
            // Already gone is fine: the run is dropped either way.
            let _ = child.kill();
            let _ = child.wait();
        }
        Ok(())
    }

    fn shutdown(&mut self) {
        for LocalRun { mut child, .. } in self.runs.drain(..) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Local {
    fn drop(&mut self) {
        self.shutdown();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_several_threads_takes_a_slot_a_thread() {
        let dir = tempfile::tempdir().unwrap();
        let mut local = Local::new(PathBuf::from("sleep"), 2);
        assert!(local.shares_cores());
        local
            .launch(Launch {
                job: 0,
                run: 1,
                args: vec!["5".into()],
                time: None,
                threads: 2,
                stdout: dir.path().join("out"),
                stderr: dir.path().join("err"),
            })
            .unwrap();
        assert_eq!(local.running(), 2, "both slots are the run's");
        assert_eq!(local.runs(), 1);
        local.cancel(0).unwrap();
        assert_eq!(local.running(), 0);
    }
}

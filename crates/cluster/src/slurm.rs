//! The Slurm executor: runs submitted with `sbatch --parsable` as job
//! arrays, their end read from the files they leave in the shared work
//! directory and from `squeue` (no accounting database needed), stopped
//! with `scancel`.
//!
//! Each run gets a script `jobs/J.rN.sh` that runs the worker with its
//! standard output and error in the run's files and then writes its exit
//! code to `jobs/J.rN.exit`. The launches of one master step are submitted
//! together, as one array whose task `i` runs line `i + 1` of its list
//! file. A run is over when its exit file exists, or when its task has
//! left `squeue` (killed, cancelled, out of time: no exit code).

use crate::executor::{Ended, ExecError, Executor, Launch};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The programs Slurm's executor needs on the PATH.
const PROGRAMS: [&str; 3] = ["sbatch", "squeue", "scancel"];

/// Jobs on a Slurm cluster.
#[derive(Debug)]
pub struct Slurm {
    worker: PathBuf,
    dir: PathBuf,
    slots: usize,
    sbatch: Vec<String>,
    pending: Vec<Launch>,
    /// (job, run) -> the Slurm task id `ARRAY_TASK`, and the exit file.
    tasks: HashMap<usize, (u32, String, PathBuf)>,
    arrays: u32,
}

impl Slurm {
    /// Checks that Slurm's commands are here. Each array's time limit
    /// follows its runs' own time budgets ([`Launch::time`]): twice the
    /// longest, plus two minutes for start-up and the certificate.
    pub fn new(
        worker: PathBuf,
        work_dir: &Path,
        slots: usize,
        partition: Option<String>,
        account: Option<String>,
        extra: Vec<String>,
    ) -> Result<Slurm, String> {
        let missing: Vec<&str> = PROGRAMS.iter().copied().filter(|p| !on_path(p)).collect();
        if !missing.is_empty() {
            return Err(format!(
                "Slurm is not available here: {} not found on the PATH (install Slurm's client commands, or use --cluster local)",
                missing.join(", ")
            ));
        }
        let mut sbatch = vec!["--parsable".to_string(), "--cpus-per-task=1".into()];
        sbatch.extend(partition.map(|p| format!("--partition={p}")));
        sbatch.extend(account.map(|a| format!("--account={a}")));
        sbatch.extend(extra);
        Ok(Slurm {
            worker,
            dir: work_dir.to_path_buf(),
            slots: slots.max(1),
            sbatch,
            pending: Vec::new(),
            tasks: HashMap::new(),
            arrays: 0,
        })
    }

    /// Submits the pending launches as one array.
    fn submit(&mut self) -> Result<(), ExecError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let dir = std::fs::canonicalize(&self.dir).unwrap_or_else(|_| self.dir.clone());
        self.arrays += 1;
        let stamp = format!("{}-{}", std::process::id(), self.arrays);
        let list = dir.join("jobs").join(format!("array-{stamp}.list"));
        let mut lines = String::new();
        let mut exits = Vec::new();
        for l in &self.pending {
            let script = l.stdout.with_extension("sh");
            let exit = l.stdout.with_extension("exit");
            let mut cmd = quote(&self.worker.display().to_string());
            for a in &l.args {
                cmd.push(' ');
                cmd.push_str(&quote(&a.to_string_lossy()));
            }
            let text = format!(
                "#!/bin/sh\n{cmd} > {} 2> {}\necho $? > {}\n",
                quote(&l.stdout.display().to_string()),
                quote(&l.stderr.display().to_string()),
                quote(&exit.display().to_string())
            );
            write(&script, &text)?;
            lines.push_str(&format!("{}\n", script.display()));
            exits.push(exit);
        }
        write(&list, &lines)?;
        let wrapper = dir.join("jobs").join(format!("array-{stamp}.sh"));
        write(
            &wrapper,
            &format!(
                "#!/bin/sh\nexec sh \"$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" {})\"\n",
                quote(&list.display().to_string())
            ),
        )?;
        let longest = self
            .pending
            .iter()
            .filter_map(|l| l.time)
            .fold(0.0, f64::max);
        let limit = (longest > 0.0).then(|| format!("--time={}", limit_minutes(longest)));
        // The limit first: an `--sbatch-arg=--time=...` after it wins.
        let out = Command::new("sbatch")
            .args(limit)
            .args(&self.sbatch)
            .arg(format!("--array=0-{}", self.pending.len() - 1))
            .arg("--job-name=kinrow")
            .arg(format!(
                "--output={}",
                dir.join("jobs")
                    .join(format!("array-{stamp}-%a.slurm"))
                    .display()
            ))
            .arg(&wrapper)
            .output()
            .map_err(|e| ExecError::Scheduler(format!("sbatch: {e}")))?;
        if !out.status.success() {
            return Err(ExecError::Scheduler(format!(
                "sbatch refused the jobs: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        let text = String::from_utf8_lossy(&out.stdout);
        // --parsable: "ID" or "ID;CLUSTER".
        let id = text.trim().split(';').next().unwrap_or("").to_string();
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
            return Err(ExecError::Scheduler(format!(
                "sbatch answered {text:?}, not a job id"
            )));
        }
        for (i, (l, exit)) in self.pending.drain(..).zip(exits).enumerate() {
            self.tasks.insert(l.job, (l.run, format!("{id}_{i}"), exit));
        }
        Ok(())
    }

    /// The task ids `squeue` still lists, or `None` when it cannot say.
    fn queued(&self) -> Option<Vec<String>> {
        let out = Command::new("squeue")
            .args(["-h", "-r", "-o", "%i", "-n", "kinrow"])
            .output()
            .ok()?;
        out.status.success().then(|| {
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(|l| l.trim().to_string())
                .collect()
        })
    }
}

impl Executor for Slurm {
    fn slots(&self) -> usize {
        self.slots
    }

    fn running(&self) -> usize {
        self.tasks.len() + self.pending.len()
    }

    fn launch(&mut self, launch: Launch) -> Result<(), ExecError> {
        self.pending.push(launch);
        Ok(())
    }

    fn poll(&mut self) -> Result<Vec<Ended>, ExecError> {
        self.submit()?;
        let queued = self.queued();
        let mut ended = Vec::new();
        self.tasks.retain(|&job, (run, task, exit)| {
            if let Ok(code) = std::fs::read_to_string(&*exit) {
                ended.push(Ended {
                    job,
                    run: *run,
                    code: code.trim().parse().ok(),
                    wall: None,
                });
                return false;
            }
            match &queued {
                Some(q) if !q.contains(task) => {
                    // Gone without its exit file: killed, cancelled, timed out.
                    ended.push(Ended {
                        job,
                        run: *run,
                        code: None,
                        wall: None,
                    });
                    false
                }
                _ => true,
            }
        });
        Ok(ended)
    }

    fn pause(&self) -> std::time::Duration {
        // squeue asks slurmctld: not more than twice a second.
        std::time::Duration::from_millis(500)
    }

    fn cancel(&mut self, job: usize) -> Result<(), ExecError> {
        self.pending.retain(|l| l.job != job);
        if let Some((_, task, _)) = self.tasks.remove(&job) {
            let _ = Command::new("scancel").arg(task).status();
        }
        Ok(())
    }

    fn shutdown(&mut self) {
        self.pending.clear();
        for (_, (_, task, _)) in self.tasks.drain() {
            let _ = Command::new("scancel").arg(task).status();
        }
    }
}

/// A run's Slurm time limit in minutes: twice its time budget (`time`
/// seconds) plus two minutes for start-up and the certificate.
fn limit_minutes(time: f64) -> u64 {
    (time * 2.0 / 60.0).ceil() as u64 + 2
}

fn write(path: &Path, text: &str) -> Result<(), ExecError> {
    std::fs::write(path, text).map_err(|source| ExecError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// A word for `sh`, in single quotes.
fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

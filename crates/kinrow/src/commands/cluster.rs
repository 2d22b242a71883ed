//! `kinrow solve FILE --cluster local|slurm --work-dir DIR [--resume]`:
//! one position solved as jobs by `kinrow-cluster`; this file turns the
//! flags into its configuration, prints its progress on stderr and its
//! report on stdout (see docs/cluster.md).

use crate::claims;
use crate::cli::{ClusterKind, SolveArgs};
use crate::error::{CliError, EXIT_FAILED, EXIT_UNKNOWN};
use crate::settings::Overrides;
use crate::{input, output, render};
use kinrow_cluster::master::{Config, Event, Report};
use kinrow_cluster::slurm::Slurm;
use kinrow_cluster::{Answer, Executor, JobBudget, Local, Policy};
use kinrow_format::Position;
use kinrow_prover::Verdict;
use std::path::Path;

/// The default budget of a job: a minute, 1 GiB.
const JOB_TIME: f64 = 60.0;
const JOB_MEMORY: u64 = 1 << 30;

pub fn run(args: &SolveArgs, kind: ClusterKind) -> Result<u8, CliError> {
    let c = &args.cluster;
    if args.defences || args.all_moves || args.svg.is_some() {
        return Err(CliError::input(
            "--cluster answers win or no-win for one position (a win with its merged certificate, \
             a no-win without one: docs/cluster.md): --defences, --all-moves and --svg are not for it",
        ));
    }
    // The in-process budgets and threads have job-sized counterparts
    // here; taking them silently would set something else than the user
    // meant.
    let job_budget = "give each job's budget with";
    let refused = [
        (
            args.budget.max_nodes.is_some(),
            "--max-nodes",
            format!("{job_budget} --job-nodes (--time bounds the whole run)"),
        ),
        (
            args.budget.memory.is_some(),
            "--memory",
            format!("{job_budget} --job-memory (--time bounds the whole run)"),
        ),
        (
            args.threads.is_some(),
            "--threads",
            "each job runs on one thread; give how many jobs run at once with --workers".into(),
        ),
    ];
    if let Some((_, flag, instead)) = refused.iter().find(|r| r.0) {
        return Err(CliError::input(format!(
            "{flag} is not for --cluster: {instead}"
        )));
    }
    let (loaded, _) = input::load_with(&args.files, &args.game.choice()).report_bad()?;
    let loaded = output::select(loaded, args.game.name.as_deref())?;
    let [one] = &loaded[..] else {
        return Err(CliError::input(format!(
            "--cluster solves one position, and the files hold {} (pick one with --name)",
            loaded.len()
        )));
    };
    let overrides = Overrides::from(&args.overrides);
    let position = overrides.apply(&one.position);
    let work_dir = c.work_dir.clone().expect("clap requires --work-dir");
    let worker = match &c.worker {
        Some(w) => w.clone(),
        None => std::env::current_exe().map_err(|e| {
            CliError::input(format!(
                "cannot find this kinrow binary for the jobs: {e}; give --worker PATH"
            ))
        })?,
    };
    let config = Config {
        work_dir: work_dir.clone(),
        resume: c.resume,
        budget: JobBudget {
            time: Some(c.job_time.unwrap_or(JOB_TIME)),
            max_nodes: c.job_nodes,
            memory: Some(c.job_memory.unwrap_or(JOB_MEMORY)),
            prover: Some(args.prover.name().to_string()),
        },
        policy: Policy {
            max_runs: c.max_runs,
            // Hooks to compare against always splitting an unknown job's
            // leaf, and against new leaves all starting at 1 and 1.
            continue_unknown: std::env::var_os("KINROW_CLUSTER_NO_CONTINUE").is_none(),
            seeds: std::env::var_os("KINROW_CLUSTER_NO_SEEDS").is_none(),
            job_depth: c.job_depth,
        },
        // A hook for the tests of --resume: stop after this many answers.
        stop_after: std::env::var("KINROW_CLUSTER_STOP_AFTER")
            .ok()
            .and_then(|v| v.parse().ok()),
        time: args.budget.time.map(std::time::Duration::from_secs_f64),
        // A hook to compare against the tree without symmetry merged.
        symmetry: std::env::var_os("KINROW_CLUSTER_NO_SYMMETRY").is_none(),
    };
    let mut exec: Box<dyn Executor> = match kind {
        ClusterKind::Local => {
            let cores = crate::settings::cores();
            Box::new(Local::new(worker, c.workers.map_or(cores, |n| n as usize)))
        }
        ClusterKind::Slurm => Box::new(
            Slurm::new(
                worker,
                &work_dir,
                c.workers.map_or(64, |n| n as usize),
                c.partition.clone(),
                c.account.clone(),
                c.sbatch_arg.clone(),
            )
            .map_err(|e| CliError::input(format!("--cluster slurm: {e}")))?,
        ),
    };
    let label = format!("[{}]", position.name);
    let report = kinrow_cluster::run(&position, &config, exec.as_mut(), &mut |e| match e {
        Event::Note(n) => eprintln!("kinrow: {label}: {n}"),
        Event::Progress(s) => eprintln!(
            "kinrow: {label} jobs: {} queued, {} running, {} done, {} failed, {} cancelled; root proof number {}, disproof number {}; {:.1} s of job time",
            s.queued, s.running, s.done, s.failed, s.cancelled, number(s.root_proof), number(s.root_disproof), s.job_seconds + 0.0
        ),
    })
    .map_err(|e| match e {
        kinrow_cluster::ClusterError::Refused(_) | kinrow_cluster::ClusterError::Merge(_) => {
            CliError::failed(format!("{label}: {e}"))
        }
        _ => CliError::input(format!("{}: {e}", work_dir.display())),
    })?;
    if let (Some(target), Some((merged, _))) = (&args.proof, &report.certificate) {
        let text = std::fs::read_to_string(merged)
            .map_err(|e| CliError::failed(format!("{}: {e}", merged.display())))?;
        output::write(target, &text, args.force).map_err(|reason| {
            CliError::failed(format!("--proof {}: {reason}", target.display()))
        })?;
    }
    let text = if args.json {
        json(&one.path, &position, &report).to_string() + "\n"
    } else {
        human(&one.path, &position, &report)
    };
    output::print(&text)?;
    Ok(if report.stopped || report.verdict.is_none() {
        if report.failed > 0 {
            EXIT_FAILED
        } else {
            EXIT_UNKNOWN
        }
    } else {
        0
    })
}

fn number(n: u64) -> String {
    if n == u64::MAX {
        "inf".into()
    } else {
        n.to_string()
    }
}

fn verdict(r: &Report) -> Verdict {
    match r.verdict {
        Some(Answer::Win) => Verdict::Win,
        Some(Answer::NoWin) => Verdict::NoWin,
        _ => Verdict::Unknown,
    }
}

/// Quantiles of the job times: min, median, 90th percentile, max.
fn spread(seconds: &[f64]) -> [f64; 4] {
    let mut s = seconds.to_vec();
    s.sort_by(f64::total_cmp);
    if s.is_empty() {
        return [0.0; 4];
    }
    let q = |f: f64| s[((s.len() - 1) as f64 * f).round() as usize];
    [s[0], q(0.5), q(0.9), s[s.len() - 1]]
}

fn why_open(r: &Report) -> String {
    if r.stopped {
        "unknown: stopped before the root was settled; continue with --resume".into()
    } else {
        format!(
            "unknown: {} jobs failed, and the root needs their answers",
            r.failed
        )
    }
}

fn json(path: &Path, p: &Position, r: &Report) -> serde_json::Value {
    let v = verdict(r);
    let total: f64 = r.job_seconds.iter().sum();
    let [min, median, p90, max] = spread(&r.job_seconds);
    let scope = match v {
        Verdict::Win => Some(claims::win_scope(p).0.as_str()),
        Verdict::NoWin => Some(claims::no_win_scope(p).0.as_str()),
        Verdict::NoThreatWin | Verdict::Unknown => None,
    };
    let mut o = serde_json::json!({
        "file": path.display().to_string(),
        "name": p.name,
        "result": v.as_str(),
        "holds_for": scope,
        "claim": if v == Verdict::Unknown { why_open(r) } else { claims::headline(p, v) },
        "cluster": {
            "jobs": r.jobs, "runs": r.runs, "failed": r.failed, "cancelled": r.cancelled,
            "top_nodes": r.top_nodes,
            "job_seconds": {"total": total, "min": min, "median": median, "p90": max.min(p90), "max": max},
            "master_seconds": r.master_seconds,
            "overhead": if total > 0.0 { r.master_seconds / total } else { 0.0 },
            "wall_seconds": r.wall_seconds,
            "search_seconds": r.spent.search_seconds,
            "nodes": r.spent.nodes,
            "unknown_seconds": r.spent.unknown_seconds,
            "unknown_nodes": r.spent.unknown_nodes,
            "doubled_runs": r.spent.doubled_runs,
            "splits": r.spent.splits,
        },
    });
    if let Some((path, words)) = &r.certificate {
        o["proof"] = serde_json::json!({"path": path.display().to_string(), "check": words});
    }
    o.as_object_mut()
        .expect("an object")
        .extend(render::game_json(p));
    o
}

fn human(path: &Path, p: &Position, r: &Report) -> String {
    let v = verdict(r);
    let mut out = format!(
        "[{}]  ({})\ngame: {}\n",
        p.name,
        path.display(),
        render::game(p)
    );
    match v {
        Verdict::Unknown | Verdict::NoThreatWin => {
            out.push_str(&format!("result: {}\n", why_open(r)));
        }
        _ => {
            out.push_str(&format!("result: {}\n", claims::headline(p, v)));
            let holds = if v == Verdict::Win {
                claims::win_scope(p).1
            } else {
                claims::no_win_scope(p).1
            };
            out.push_str(&format!("holds for: {holds}\n"));
        }
    }
    let total: f64 = r.job_seconds.iter().sum();
    let [min, median, p90, max] = spread(&r.job_seconds);
    out.push_str(&format!(
        "jobs: {} ({} runs, {} failed, {} cancelled), top tree {} nodes\n",
        r.jobs, r.runs, r.failed, r.cancelled, r.top_nodes
    ));
    out.push_str(&format!(
        "job time: {total:.2} s in all (one thread each); per run min {min:.2} s, median {median:.2} s, 90% {p90:.2} s, max {max:.2} s\n"
    ));
    let share = if total > 0.0 {
        100.0 * r.master_seconds / total
    } else {
        0.0
    };
    let s = &r.spent;
    out.push_str(&format!(
        "searches: {:.2} s ({} nodes), of which {:.2} s came back unknown; start-up and certificates {:.2} s; {} runs with a doubled budget, {} leaves split\n",
        s.search_seconds,
        s.nodes,
        s.unknown_seconds,
        (total - s.search_seconds).max(0.0),
        s.doubled_runs,
        s.splits
    ));
    out.push_str(&format!(
        "master: {:.2} s of its own work, {share:.1}% of the job time; {:.2} s of wall time\n",
        r.master_seconds, r.wall_seconds
    ));
    if let Some((path, words)) = &r.certificate {
        out.push_str(&format!("proof: {} (merged; {words})\n", path.display()));
    }
    out.push('\n');
    out
}

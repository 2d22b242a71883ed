//! `kinrow bench`: every puzzle under every prover, side by side.

use super::{horizon, skipped_line, solve_one};
use crate::cli::{BenchArgs, BenchFormat};
use crate::error::CliError;
use crate::input;
use crate::provers::ProverKind;
use crate::{output, render, schedule, settings};
use kinrow_prover::Verdict;
use std::path::PathBuf;

/// One puzzle under one prover; `None` when the prover does not apply.
#[derive(Clone, Debug)]
struct Run {
    name: String,
    prover: ProverKind,
    /// The `skipped` line when the prover refuses the puzzle.
    refused: Option<String>,
    result: Option<Verdict>,
    nodes: u64,
    /// The threads the proof ran on.
    threads: usize,
    seconds: f64,
    peak_bytes: u64,
}

impl Run {
    fn nps(&self) -> f64 {
        if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// The bundled benchmark suite: `positions/bench` under the current folder,
/// else the one next to the sources this binary was built from.
fn default_suite() -> PathBuf {
    let local = PathBuf::from("positions/bench");
    if local.is_dir() {
        local
    } else {
        PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../positions/bench"
        ))
    }
}

pub fn run(args: &BenchArgs) -> Result<u8, CliError> {
    let suites = if args.suites.is_empty() {
        vec![default_suite()]
    } else {
        args.suites.clone()
    };
    let mut provers = args.provers.clone();
    provers.dedup();
    let (loaded, bad) = input::load(&suites).report_bad()?;
    let loaded: Vec<_> = loaded
        .into_iter()
        .filter(|l| args.include_slow || l.position.slow.is_none())
        .collect();
    let jobs = settings::jobs(Some(args.jobs));
    let (jobs, threads) = settings::jobs_and_threads(jobs, args.threads, provers.iter().copied());
    let mut budgets = settings::budgets(
        args.budget.max_nodes,
        args.budget.time,
        args.budget.memory,
        jobs,
    );
    budgets.threads = threads;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| CliError::input(format!("cannot start {jobs} threads: {e}")))?;
    let size = |l: &input::Loaded| horizon(&l.position);
    let runs: Vec<Vec<Run>> = schedule::map_largest_first(&pool, &loaded, size, |l| {
        provers
            .iter()
            .map(|&kind| {
                match solve_one(
                    &l.position,
                    kind,
                    &budgets.limits(&l.position),
                    false,
                    budgets.threads,
                ) {
                    Ok(s) => Run {
                        threads: s.threads,
                        name: l.position.name.clone(),
                        prover: s.prover,
                        refused: None,
                        result: Some(s.outcome.verdict),
                        nodes: s.outcome.stats.nodes,
                        seconds: s.outcome.stats.elapsed.as_secs_f64(),
                        peak_bytes: s.outcome.stats.peak_bytes,
                    },
                    Err(e) => Run {
                        name: l.position.name.clone(),
                        prover: kind,
                        refused: Some(skipped_line(
                            &l.path,
                            &l.position.name,
                            kind,
                            &e.to_string(),
                        )),
                        result: None,
                        nodes: 0,
                        seconds: 0.0,
                        peak_bytes: 0,
                        threads: 1,
                    },
                }
            })
            .collect()
    });
    let mut disagreements = Vec::new();
    for row in &runs {
        let settled: Vec<&Run> = row
            .iter()
            .filter(|r| matches!(r.result, Some(Verdict::Win | Verdict::NoWin)))
            .collect();
        if settled.windows(2).any(|w| w[0].result != w[1].result) {
            let detail: Vec<String> = settled
                .iter()
                .map(|r| {
                    format!(
                        "{} says {}",
                        r.prover.name(),
                        r.result.map_or("n/a", Verdict::as_str)
                    )
                })
                .collect();
            disagreements.push(format!("[{}]: {}", row[0].name, detail.join(", ")));
        }
    }
    match args.format {
        BenchFormat::Json => {
            for r in runs.iter().flatten() {
                output::print_line(
                    &serde_json::json!({
                        "name": r.name, "prover": r.prover.name(),
                        "result": r.result.map_or("n/a", Verdict::as_str),
                        "nodes": r.nodes, "seconds": r.seconds,
                        "nodes_per_second": r.nps(), "peak_bytes": r.peak_bytes,
                        "threads": r.threads,
                    })
                    .to_string(),
                )?;
            }
        }
        BenchFormat::Csv => {
            output::print_line("name,prover,result,nodes,seconds,nodes_per_second,peak_bytes")?;
            for r in runs.iter().flatten() {
                output::print_line(&format!(
                    "{},{},{},{},{:.6},{:.0},{}",
                    r.name,
                    r.prover.name(),
                    r.result.map_or("n/a", Verdict::as_str),
                    r.nodes,
                    r.seconds,
                    r.nps(),
                    r.peak_bytes
                ))?;
            }
        }
        BenchFormat::Table => output::print(&table(&runs, &provers))?,
    }
    // The positions a prover refuses, said as every command says it (on
    // stderr: stdout holds the table, CSV or JSON).
    for line in runs.iter().flatten().filter_map(|r| r.refused.as_ref()) {
        eprintln!("kinrow: {line}");
    }
    if disagreements.is_empty() {
        Ok(crate::error::with_bad_inputs(0, bad))
    } else {
        for d in &disagreements {
            eprintln!("DISAGREEMENT {d}: one of these provers is wrong");
        }
        Err(CliError::failed(format!(
            "{} puzzle(s) with disagreeing verdicts",
            disagreements.len()
        )))
    }
}

fn table(runs: &[Vec<Run>], provers: &[ProverKind]) -> String {
    let mut out = format!(
        "{:<28} {:<10} {:>8} {:>14} {:>10} {:>14} {:>10}\n",
        "puzzle", "prover", "result", "nodes", "seconds", "nodes/s", "peak"
    );
    for r in runs.iter().flatten() {
        out.push_str(&format!(
            "{:<28} {:<10} {:>8} {:>14} {:>10.4} {:>14} {:>10}\n",
            r.name,
            r.prover.name(),
            r.result.map_or("n/a", Verdict::as_str),
            render::thousands(r.nodes),
            r.seconds,
            render::thousands(r.nps() as u64),
            render::bytes(r.peak_bytes)
        ));
    }
    out.push_str(
        "\ntotals (over the puzzles every listed prover answered; ratios to the first prover)\n",
    );
    let common: Vec<&Vec<Run>> = runs
        .iter()
        .filter(|row| row.iter().all(|r| r.result.is_some()))
        .collect();
    let total = |i: usize| -> (u64, f64) {
        common
            .iter()
            .map(|row| (row[i].nodes, row[i].seconds))
            .fold((0, 0.0), |(n, s), (a, b)| (n + a, s + b))
    };
    let (n0, s0) = total(0);
    for (i, kind) in provers.iter().enumerate() {
        let (n, s) = total(i);
        let nps = if s > 0.0 { n as f64 / s } else { 0.0 };
        let ratio = |a: f64, b: f64| {
            if b > 0.0 {
                format!("{:.3}", a / b)
            } else {
                "-".into()
            }
        };
        out.push_str(&format!(
            "{:<10} total nodes {:>14}  seconds {:>10.4}  nodes/s {:>14}  nodes ratio {:>8}  time ratio {:>8}\n",
            kind.name(),
            render::thousands(n),
            s,
            render::thousands(nps as u64),
            ratio(n as f64, n0 as f64),
            ratio(s, s0)
        ));
    }
    out
}

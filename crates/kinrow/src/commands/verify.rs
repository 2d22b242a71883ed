//! `kinrow verify`: solve every puzzle with its own settings and check its
//! `expect` and `solution` lines.

use super::{first_move_wins, horizon, solve_one};
use crate::cli::VerifyArgs;
use crate::error::{exit_code, CliError, EXIT_UNKNOWN};
use crate::input::{self, Loaded};
use crate::provers::ProverKind;
use crate::settings::Budgets;
use crate::{schedule, settings};
use indicatif::{ProgressBar, ProgressStyle};
use kinrow_format::Expect;
use kinrow_prover::Verdict;
use std::io::IsTerminal;

/// How one puzzle fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Passed; with a note when the first move found is not on the
    /// `solution` line but was checked to win too.
    Passed(Option<String>),
    Failed(String),
    /// A budget ran out (which one, or what could not be checked).
    Unknown(String),
    /// Not run: marked slow, or no `expect` line; the reason.
    Skipped(String),
    /// Not run: the prover refuses the puzzle; its reason.
    Refused(String),
}

/// The result line of one puzzle.
#[derive(Clone, Debug)]
pub struct Report {
    pub file: String,
    pub name: String,
    pub prover: &'static str,
    pub judgement: Judgement,
    pub result: Option<Verdict>,
    pub nodes: u64,
    pub seconds: f64,
    /// The puzzle's game, for the JSON lines.
    pub game: serde_json::Map<String, serde_json::Value>,
}

/// Checks one puzzle.
pub fn judge_one(l: &Loaded, kind: ProverKind, budgets: &Budgets, include_slow: bool) -> Report {
    let p = &l.position;
    let limits = budgets.limits(p);
    let mut report = Report {
        file: l.path.display().to_string(),
        name: p.name.clone(),
        prover: kind.name(),
        judgement: Judgement::Skipped(String::new()),
        result: None,
        nodes: 0,
        seconds: 0.0,
        game: crate::render::game_json(p),
    };
    if let (Some(reason), false) = (&p.slow, include_slow) {
        report.judgement = Judgement::Skipped(format!("marked slow: {reason}"));
        return report;
    }
    let Some(expect) = &p.expect else {
        report.judgement = Judgement::Skipped("no `expect` line".into());
        return report;
    };
    let solved = match solve_one(p, kind, &limits, false) {
        Ok(s) => s,
        Err(e) => {
            report.judgement = Judgement::Refused(e.to_string());
            return report;
        }
    };
    let o = &solved.outcome;
    report.prover = solved.prover.name();
    report.result = Some(o.verdict);
    report.nodes = o.stats.nodes;
    report.seconds = o.stats.elapsed.as_secs_f64();
    let g = p.board.game().geometry();
    report.judgement = match (expect, o.verdict) {
        (_, Verdict::Unknown) => Judgement::Unknown(crate::render::unknown_reason(
            o.exhausted,
            &limits,
            solved.prover == ProverKind::Vct,
            p.board.game().rule() == kinrow_board::Rule::Renju,
        )),
        (Expect::Win, Verdict::Win) => match o.best_move {
            Some(m) if !p.solution.is_empty() && !p.solution.contains(&m) => {
                // Another winning first move is no error; check that it
                // does win rather than take the prover's word.
                let listed = crate::render::moves(&p.board, &p.solution);
                match first_move_wins(p, solved.prover, &limits, m) {
                    Some(true) => Judgement::Passed(Some(format!(
                        "found first move {}, not among the solution's {listed}; checked: it wins too",
                        g.name(m)
                    ))),
                    Some(false) => Judgement::Failed(format!(
                        "expected a first move among {listed}, found {}, which does not win within the horizon",
                        g.name(m)
                    )),
                    None => Judgement::Unknown(format!(
                        "found first move {}, not among the solution's {listed}; a budget ran out while checking it",
                        g.name(m)
                    )),
                }
            }
            None => Judgement::Failed("win reported without a first move".into()),
            _ => Judgement::Passed(None),
        },
        (Expect::NoWin, Verdict::NoWin) => Judgement::Passed(None),
        (e, v) => Judgement::Failed(format!("expected {e}, found {v}")),
    };
    report
}

pub fn run(args: &VerifyArgs) -> Result<u8, CliError> {
    let loaded = input::load(&args.suites)?;
    let jobs = settings::jobs(args.jobs);
    let budgets = settings::budgets(
        args.budget.max_nodes,
        args.budget.time,
        args.budget.memory,
        jobs,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| CliError::input(format!("cannot start {jobs} threads: {e}")))?;
    let bar = if std::io::stderr().is_terminal() && !args.json {
        let bar = ProgressBar::new(loaded.len() as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} puzzles, {elapsed} elapsed, eta {eta} {msg}",
            )
            .expect("valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let size = |l: &Loaded| horizon(&l.position);
    let reports = schedule::map_largest_first(&pool, &loaded, size, |l| {
        let r = judge_one(l, args.prover, &budgets, args.include_slow);
        bar.inc(1);
        r
    });
    bar.finish_and_clear();
    let count = |f: fn(&Judgement) -> bool| reports.iter().filter(|r| f(&r.judgement)).count();
    let passed = count(|c| matches!(c, Judgement::Passed(_)));
    let failed = count(|c| matches!(c, Judgement::Failed(_)));
    let unknown = count(|c| matches!(c, Judgement::Unknown(_)));
    let skipped = count(|c| matches!(c, Judgement::Skipped(_) | Judgement::Refused(_)));
    for r in &reports {
        if args.json {
            let (status, detail) = match &r.judgement {
                Judgement::Passed(d) => ("passed", d.as_deref()),
                Judgement::Failed(d) => ("failed", Some(d.as_str())),
                Judgement::Unknown(d) => ("unknown", Some(d.as_str())),
                Judgement::Skipped(d) | Judgement::Refused(d) => ("skipped", Some(d.as_str())),
            };
            let mut v = serde_json::json!({
                "file": r.file, "name": r.name, "prover": r.prover, "status": status,
                "detail": detail, "result": r.result.map(Verdict::as_str),
                "nodes": r.nodes, "seconds": r.seconds,
            });
            v.as_object_mut()
                .expect("a JSON object")
                .extend(r.game.clone());
            println!("{v}");
        } else {
            match &r.judgement {
                Judgement::Failed(d) => {
                    println!("FAILED {} [{}] ({}): {d}", r.file, r.name, r.prover)
                }
                Judgement::Unknown(d) => {
                    println!("unknown {} [{}] ({}): {d}", r.file, r.name, r.prover)
                }
                Judgement::Passed(Some(note)) => {
                    println!("note {} [{}] ({}): {note}", r.file, r.name, r.prover)
                }
                Judgement::Refused(d) => {
                    println!("skipped {} [{}] ({}): {d}", r.file, r.name, r.prover)
                }
                _ => {}
            }
        }
    }
    if args.json {
        println!(
            "{}",
            serde_json::json!({"passed": passed, "failed": failed, "unknown": unknown, "skipped": skipped})
        );
    } else {
        let mut line = format!("{passed} passed, {failed} failed");
        if unknown > 0 {
            line.push_str(&format!(", {unknown} unknown"));
        }
        if skipped > 0 {
            line.push_str(&format!(", {skipped} skipped"));
        }
        println!("{line}");
        if unknown > 0 && !args.allow_unknown {
            eprintln!(
                "kinrow: {unknown} puzzle(s) unknown: a budget ran out, so they were not verified (exit {EXIT_UNKNOWN}; --allow-unknown accepts them)"
            );
        }
    }
    Ok(exit_code(failed > 0, unknown > 0, args.allow_unknown))
}

//! `kinrow verify`: solve every puzzle with its own settings and check its
//! `expect` and `solution` lines.

use super::{first_move_wins, horizon, solve_one};
use crate::cli::VerifyArgs;
use crate::error::{exit_code, with_bad_inputs, CliError, EXIT_UNKNOWN};
use crate::input::{self, Loaded};
use crate::provers::ProverKind;
use crate::settings::Budgets;
use crate::{output, schedule, settings};
use indicatif::{ProgressBar, ProgressStyle};
use kinrow_board::Cell;
use kinrow_format::{Expect, Position};
use kinrow_prover::{Limits, Verdict};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

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
    /// The threads its proof ran on.
    pub threads: usize,
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
        threads: 1,
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
    let solved = match solve_one(p, kind, &limits, false, budgets.threads) {
        Ok(s) => s,
        Err(e) => {
            report.judgement = Judgement::Refused(e.to_string());
            return report;
        }
    };
    let o = &solved.outcome;
    report.prover = solved.prover.name();
    report.threads = solved.threads;
    report.result = Some(o.verdict);
    report.nodes = o.stats.nodes;
    report.seconds = o.stats.elapsed.as_secs_f64();
    report.judgement = match (expect, o.verdict) {
        // A threat space's no-win settles no expectation of the game.
        (_, Verdict::Unknown | Verdict::NoThreatWin) => {
            Judgement::Unknown(crate::claims::claim(p, o, &limits, solved.prover.name()).sentence())
        }
        (Expect::Win, Verdict::Win) => match o.best_move {
            None => Judgement::Failed("win reported without a first move".into()),
            Some(m) => judge_solution(p, solved.prover, &limits, m),
        },
        (Expect::NoWin, Verdict::NoWin) => Judgement::Passed(None),
        (e, v) => Judgement::Failed(format!("expected {e}, found {v}")),
    };
    report
}

/// A won puzzle against its `solution` line: every move listed must win
/// (a suite whose own answer is wrong fails, so that its author learns
/// it), and a first move found that is not listed must win too (another
/// winning first move is no error). Each check is a proof by the same
/// prover, never the prover's word.
fn judge_solution(p: &Position, kind: ProverKind, limits: &Limits, found: Cell) -> Judgement {
    let g = p.board.game().geometry();
    let listed = crate::render::moves(&p.board, &p.solution);
    for &s in p.solution.iter().filter(|&&s| s != found) {
        match first_move_wins(p, kind, limits, s) {
            Some(true) => {}
            Some(false) => {
                return Judgement::Failed(format!(
                    "the solution line lists {}, which does not win within the horizon (the prover's first move {} does)",
                    g.name(s),
                    g.name(found)
                ))
            }
            None => {
                return Judgement::Unknown(format!(
                    "a budget ran out while checking the solution's {}",
                    g.name(s)
                ))
            }
        }
    }
    if p.solution.is_empty() || p.solution.contains(&found) {
        return Judgement::Passed(None);
    }
    match first_move_wins(p, kind, limits, found) {
        Some(true) => Judgement::Passed(Some(format!(
            "found first move {}, not among the solution's {listed}; checked: it wins too",
            g.name(found)
        ))),
        Some(false) => Judgement::Failed(format!(
            "expected a first move among {listed}, found {}, which does not win within the horizon",
            g.name(found)
        )),
        None => Judgement::Unknown(format!(
            "found first move {}, not among the solution's {listed}; a budget ran out while checking it",
            g.name(found)
        )),
    }
}

/// The count of each judgement so far (read by the Ctrl-C handler too).
#[derive(Debug, Default)]
struct Tally {
    passed: AtomicUsize,
    failed: AtomicUsize,
    unknown: AtomicUsize,
    skipped: AtomicUsize,
}

impl Tally {
    fn add(&self, j: &Judgement) {
        let counter = match j {
            Judgement::Passed(_) => &self.passed,
            Judgement::Failed(_) => &self.failed,
            Judgement::Unknown(_) => &self.unknown,
            Judgement::Skipped(_) | Judgement::Refused(_) => &self.skipped,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn counts(&self) -> [usize; 4] {
        [&self.passed, &self.failed, &self.unknown, &self.skipped]
            .map(|c| c.load(Ordering::Relaxed))
    }

    /// `3 passed, 0 failed, 1 unknown, 2 skipped` (the last two only when
    /// not zero): the closing line, which test harnesses read.
    fn summary(&self) -> String {
        let [passed, failed, unknown, skipped] = self.counts();
        let mut line = format!("{passed} passed, {failed} failed");
        if unknown > 0 {
            line.push_str(&format!(", {unknown} unknown"));
        }
        if skipped > 0 {
            line.push_str(&format!(", {skipped} skipped"));
        }
        line
    }

    fn json(&self) -> serde_json::Value {
        let [passed, failed, unknown, skipped] = self.counts();
        serde_json::json!({"passed": passed, "failed": failed, "unknown": unknown, "skipped": skipped})
    }
}

/// The text line of one puzzle: always with `all` (a terminal, where each
/// comes as it finishes), else only what needs a reader's eye.
fn line(r: &Report, all: bool) -> Option<String> {
    let (word, detail) = match &r.judgement {
        Judgement::Failed(d) => ("FAILED", Some(d.as_str())),
        Judgement::Unknown(d) => ("unknown", Some(d.as_str())),
        Judgement::Passed(Some(note)) => ("note", Some(note.as_str())),
        Judgement::Refused(d) | Judgement::Skipped(d) => ("skipped", Some(d.as_str())),
        Judgement::Passed(None) if all => ("ok", None),
        Judgement::Passed(None) => return None,
    };
    let head = format!("{word} {} [{}] ({})", r.file, r.name, r.prover);
    Some(match (detail, r.result) {
        (Some(d), _) => format!("{head}: {d}"),
        (None, Some(v)) => format!("{head}: {v}, {:.2} s", r.seconds),
        (None, None) => head,
    })
}

/// The JSON line of one puzzle.
fn json(r: &Report) -> serde_json::Value {
    let (status, detail) = match &r.judgement {
        Judgement::Passed(d) => ("passed", d.as_deref()),
        Judgement::Failed(d) => ("failed", Some(d.as_str())),
        Judgement::Unknown(d) => ("unknown", Some(d.as_str())),
        Judgement::Skipped(d) | Judgement::Refused(d) => ("skipped", Some(d.as_str())),
    };
    let mut v = serde_json::json!({
        "file": r.file, "name": r.name, "prover": r.prover, "status": status,
        "detail": detail, "result": r.result.map(Verdict::as_str),
        "nodes": r.nodes, "seconds": r.seconds, "threads": r.threads,
    });
    v.as_object_mut()
        .expect("a JSON object")
        .extend(r.game.clone());
    v
}

pub fn run(args: &VerifyArgs) -> Result<u8, CliError> {
    let (loaded, bad) = input::load(&args.suites).report_bad()?;
    let jobs = settings::jobs(args.jobs);
    let (jobs, threads) = settings::jobs_and_threads(jobs, args.threads, [args.prover]);
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
    // On a terminal each puzzle's line comes as it finishes; Ctrl-C then
    // ends the run with the summary of what finished.
    let live = std::io::stdout().is_terminal() && !args.json;
    let tally = Arc::new(Tally::default());
    {
        let tally = Arc::clone(&tally);
        let total = loaded.len();
        let json = args.json;
        // Ctrl-C: the summary of what finished, then exit 130. Without a
        // handler (one is set already), Ctrl-C ends as it did.
        let _ = ctrlc::set_handler(move || {
            let done: usize = tally.counts().iter().sum();
            if json {
                let mut v = tally.json();
                v["interrupted"] = true.into();
                v["total"] = total.into();
                let _ = output::print_line(&v.to_string());
            } else {
                let _ = output::print_line(&format!(
                    "\ninterrupted after {done} of {total} puzzles: {}",
                    tally.summary()
                ));
            }
            std::process::exit(130);
        });
    }
    let size = |l: &Loaded| horizon(&l.position);
    let reports = schedule::map_largest_first(&pool, &loaded, size, |l| {
        let r = judge_one(l, args.prover, &budgets, args.include_slow);
        if live {
            bar.println(line(&r, true).unwrap_or_default());
        }
        tally.add(&r.judgement);
        bar.inc(1);
        r
    });
    bar.finish_and_clear();
    let count = |f: fn(&Judgement) -> bool| reports.iter().filter(|r| f(&r.judgement)).count();
    let failed = count(|c| matches!(c, Judgement::Failed(_)));
    let unknown = count(|c| matches!(c, Judgement::Unknown(_)));
    for r in &reports {
        if args.json {
            output::print_line(&json(r).to_string())?;
        } else if !live {
            if let Some(l) = line(r, false) {
                output::print_line(&l)?;
            }
        }
    }
    if args.json {
        output::print_line(&tally.json().to_string())?;
    } else {
        output::print_line(&tally.summary())?;
        if unknown > 0 && !args.allow_unknown {
            eprintln!(
                "kinrow: {unknown} puzzle(s) unknown: a budget ran out, so they were not verified (exit {EXIT_UNKNOWN}; --allow-unknown accepts them)"
            );
        }
    }
    let code = exit_code(failed > 0, unknown > 0, args.allow_unknown);
    Ok(with_bad_inputs(code, bad))
}

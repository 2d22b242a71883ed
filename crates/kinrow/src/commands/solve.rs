//! `kinrow solve`: answer every position of the given files.

use super::check::{write_draw_proof, write_proof, write_threat_proof, ProofInfo};
use super::{defences, skipped_line, solve_keeping, Solved};
use crate::claims::{self, Claim, HoldsFor};
use crate::cli::SolveArgs;
use crate::error::{solve_exit_code, with_bad_inputs, CliError};
use crate::input::Loaded;
use crate::settings::{self, Overrides};
use crate::{input, output, render};
use indicatif::{ProgressBar, ProgressStyle};
use kinrow_cluster::protocol::{JobReport, PlyReport};
use kinrow_format::Position;
use kinrow_prover::{observe, Limits, Progress, Verdict};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn run(args: &SolveArgs) -> Result<u8, CliError> {
    if let Some(kind) = args.cluster.cluster {
        return super::cluster::run(args, kind);
    }
    let overrides = Overrides::from(&args.overrides);
    let (loaded, bad) = input::load_with(&args.files, &args.game.choice()).report_bad()?;
    let loaded = output::select(loaded, args.game.name.as_deref())?;
    // One position at a time: the whole memory budget is its.
    let mut budgets = settings::budgets(
        args.budget.max_nodes,
        args.budget.time,
        args.budget.memory,
        1,
    );
    budgets.threads = settings::solve_threads(args.threads, args.prover);
    // Decided before solving, so that a collision costs no work.
    if args.defences {
        defences::check_flags(args.all_moves, args.proof.is_some())?;
    }
    let proof_paths = match &args.proof {
        Some(target) => Some(out_paths(
            target,
            &loaded,
            &args.files,
            args.force,
            "proof",
        )?),
        None => None,
    };
    let svg_paths = match &args.svg {
        Some(target) => Some(out_paths(target, &loaded, &args.files, args.force, "svg")?),
        None => None,
    };
    if let (Some(proofs), Some(svgs)) = (&proof_paths, &svg_paths) {
        one_file_each(proofs, svgs)?;
    }
    let show_progress = Show {
        spinner: std::io::stderr().is_terminal(),
        every: args.progress.map(Duration::from_secs),
    };
    let (mut failed, mut unsettled, mut threat_only) = (false, false, false);
    for (i, Loaded { path, position }) in loaded.iter().enumerate() {
        let position = overrides.apply(position);
        if args.defences {
            let label = format!("[{}] defences", position.name);
            let l = &loaded[i];
            let answered = with_progress(show_progress, &label, || {
                defences::answer(l, &position, args.prover, &budgets, args.json)
            });
            let text = match answered {
                Ok(a) => {
                    unsettled |= a.open;
                    match &svg_paths {
                        Some(paths) => {
                            let picture = defences::svg(&position, &a.defending);
                            let name = &position.name;
                            with_picture(
                                a.report,
                                &paths[i],
                                &picture,
                                args.force,
                                name,
                                &mut failed,
                            )
                        }
                        None => a.report.printed(),
                    }
                }
                Err(reason) => {
                    unsettled = true;
                    eprintln!(
                        "kinrow: {}",
                        skipped_line(path, &position.name, args.prover, &reason)
                    );
                    continue;
                }
            };
            output::print(&text)?;
            continue;
        }
        let limits = budgets.limits(&position);
        if let Some(note) = out_of_reach_note(&position, &limits) {
            eprintln!("kinrow: note: [{}]: {note}", position.name);
        }
        let label = format!("[{}]", position.name);
        // With a certificate to write, the prover keeps its table (df-pn's
        // shared one on several threads) for the writer, which then need
        // not search the root again.
        let keep = proof_paths.is_some() && !args.all_moves;
        let solved = with_progress(show_progress, &label, || {
            solve_keeping(
                &position,
                args.prover,
                &limits,
                args.all_moves,
                budgets.threads,
                keep,
            )
        });
        let text = match solved {
            Err(e) => {
                // Refused: said so, and the batch goes on.
                unsettled = true;
                let line = skipped_line(path, &position.name, args.prover, &e.to_string());
                eprintln!("kinrow: {line}");
                if args.json {
                    serde_json::json!({
                        "file": path.display().to_string(), "name": position.name,
                        "result": "skipped", "prover": args.prover.name(), "detail": e.to_string(),
                    })
                    .to_string()
                        + "\n"
                } else {
                    format!("[{}]\n{line}\n\n", position.name)
                }
            }
            Ok((solved, kept)) => {
                let proof = match &proof_paths {
                    Some(paths)
                        if solved.outcome.verdict == Verdict::Win
                            || (matches!(
                                solved.outcome.verdict,
                                Verdict::NoWin | Verdict::NoThreatWin
                            ) && !args.no_draw_proof) =>
                    {
                        let info =
                            with_progress(
                                show_progress,
                                &format!("{label} proof"),
                                || match solved.outcome.verdict {
                                    Verdict::Win => write_proof(
                                        &paths[i], args.force, &position, &solved, &limits, kept,
                                    ),
                                    Verdict::NoThreatWin => write_threat_proof(
                                        &paths[i], args.force, &position, &solved, &limits,
                                    ),
                                    _ => write_draw_proof(
                                        &paths[i], args.force, &position, &solved, &limits, kept,
                                    ),
                                },
                            );
                        if let ProofInfo::NotWritten { path, reason } = &info {
                            failed = true;
                            eprintln!(
                                "kinrow: [{}]: proof not written to {}: {reason}",
                                position.name,
                                path.display()
                            );
                        }
                        Some(info)
                    }
                    _ => None,
                };
                unsettled |= solved.outcome.verdict == Verdict::Unknown;
                threat_only |= solved.outcome.verdict == Verdict::NoThreatWin;
                let report = if args.json {
                    Report::Json(json_asked(
                        path,
                        &position,
                        &solved,
                        &limits,
                        args.all_moves,
                        proof.as_ref(),
                        args.first_plies,
                    ))
                } else {
                    Report::Text(human(path, &position, &solved, &limits, proof.as_ref()))
                };
                match &svg_paths {
                    Some(paths) => {
                        let picture = super::show::svg(&position, &solved.outcome.pv);
                        let name = &position.name;
                        with_picture(report, &paths[i], &picture, args.force, name, &mut failed)
                    }
                    None => report.printed(),
                }
            }
        };
        output::print(&text)?;
    }
    let code = solve_exit_code(failed, unsettled, threat_only, args.allow_unknown);
    Ok(with_bad_inputs(code, bad))
}

/// The most plies of a search that kinrow settles in minutes without a
/// budget: 7x7 k=5, 49 empty cells, is a draw in seconds; 8x8, 64, took
/// its authors 17.4 hours.
const REACHABLE_HORIZON: u32 = 49;

/// What to tell a user who starts a search with no time or node limit on a
/// position whose game is long (a whole game of many empty cells): it runs
/// until proved or until the memory budget is spent, and how to bound it.
fn out_of_reach_note(p: &Position, limits: &Limits) -> Option<String> {
    let horizon = kinrow_prover::Problem::from(p).horizon();
    if limits.time.is_some() || limits.max_nodes.is_some() || horizon <= REACHABLE_HORIZON {
        return None;
    }
    let memory = limits.memory.map_or("its memory budget".to_string(), |m| {
        format!("its memory budget of {}", render::bytes(m))
    });
    Some(format!(
        "a search of up to {} with no time limit: it runs until it proves an answer or \
         spends {memory}, which may take hours; bound it with --time SECONDS or --max-nodes N, \
         or ask about fewer plies with --depth N",
        render::plies(horizon)
    ))
}

/// Where `--proof` or `--svg` (by `ext`) writes each position's file
/// ([`output::paths`]), each path checked against the inputs and (without
/// `force`) existing files, before any solving so that a refusal costs no
/// work.
fn out_paths(
    target: &Path,
    loaded: &[Loaded],
    files: &[std::path::PathBuf],
    force: bool,
    ext: &str,
) -> Result<Vec<std::path::PathBuf>, CliError> {
    let flag = format!("--{ext}");
    let paths = output::paths(target, loaded, ext, &flag)?;
    if loaded.len() > 1 && target.exists() && !target.is_dir() {
        return Err(CliError::input(format!(
            "{flag}: {} positions need a folder, and {} is a file",
            loaded.len(),
            target.display()
        )));
    }
    let inputs: Vec<&Path> = files
        .iter()
        .map(|f| f.as_path())
        .chain(loaded.iter().map(|l| l.path.as_path()))
        .collect();
    for p in &paths {
        output::guard(p, &inputs, force, &flag)?;
    }
    Ok(paths)
}

/// Refuses `--proof` and `--svg` writing one file (the same path, or one
/// file by two names), before any solving: the certificate would be
/// written, then the picture over it or refused.
fn one_file_each(proofs: &[PathBuf], svgs: &[PathBuf]) -> Result<(), CliError> {
    for p in proofs {
        if let Some(s) = svgs.iter().find(|s| output::same_file(p, s)) {
            return Err(CliError::input(format!(
                "--svg {} and --proof {} are one file: give each its own",
                s.display(),
                p.display()
            )));
        }
    }
    Ok(())
}

/// One position's report, before it is printed.
pub enum Report {
    /// The text report, ending in a blank line.
    Text(String),
    /// The JSON object of `--json`.
    Json(serde_json::Value),
}

impl Report {
    /// What is printed: the text, or the JSON object on one line.
    fn printed(self) -> String {
        match self {
            Report::Text(t) => t,
            Report::Json(v) => v.to_string() + "\n",
        }
    }
}

/// `report` after writing `picture` to `path`: the JSON gets `svg`, the
/// text a `picture:` line before its closing blank line; a picture that
/// cannot be written is reported on stderr and sets `failed`, and the
/// report says nothing of it.
fn with_picture(
    report: Report,
    path: &Path,
    picture: &str,
    force: bool,
    name: &str,
    failed: &mut bool,
) -> String {
    if let Err(reason) = output::write(path, picture, force) {
        *failed = true;
        eprintln!("kinrow: [{name}]: picture not written: {reason}");
        return report.printed();
    }
    match report {
        Report::Json(mut v) => {
            v["svg"] = path.display().to_string().into();
            Report::Json(v).printed()
        }
        Report::Text(mut t) => {
            t.pop();
            t.push_str(&format!("picture: {}\n\n", path.display()));
            t
        }
    }
}

/// How [`with_progress`] shows a search going on.
#[derive(Clone, Copy, Debug)]
struct Show {
    /// A line redrawn ten times a second (stderr is a terminal).
    spinner: bool,
    /// A line written at this interval, kept (`--progress`).
    every: Option<Duration>,
}

/// Runs `f` while stderr shows the search going on (nodes, the root's
/// proof numbers and the memory held when the prover has them, elapsed
/// time): a spinner on a terminal, or with `--progress` a line at each
/// interval instead.
fn with_progress<R>(show: Show, label: &str, f: impl FnOnce() -> R) -> R {
    if !show.spinner && show.every.is_none() {
        return f();
    }
    let progress = Arc::new(Progress::default());
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let start = Instant::now();
            if let Some(every) = show.every {
                let mut next = every;
                let mut last = (Duration::ZERO, 0);
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(50));
                    let at = start.elapsed();
                    if at < next {
                        continue;
                    }
                    next += every;
                    // While a certificate is written, its own nodes.
                    let nodes = progress.written().unwrap_or_else(|| progress.nodes());
                    let rate = (nodes - last.1.min(nodes)) as f64 / (at - last.0).as_secs_f64();
                    last = (at, nodes);
                    eprintln!(
                        "kinrow: {label} {:.0} s: {} nodes a second, {}",
                        at.as_secs_f64(),
                        render::thousands(rate as u64),
                        status(&progress)
                    );
                }
                return;
            }
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {prefix} {msg}")
                    .expect("valid template"),
            );
            bar.set_prefix(label.to_string());
            while !done.load(Ordering::Relaxed) {
                bar.set_message(status(&progress));
                bar.tick();
                std::thread::sleep(Duration::from_millis(100));
            }
            bar.finish_and_clear();
        });
        let r = observe(&progress, f);
        done.store(true, Ordering::Relaxed);
        r
    })
}

/// Nodes, the root's numbers and the memory held, as far as known.
fn status(progress: &Progress) -> String {
    let mut msg = format!("{} nodes", render::thousands(progress.nodes()));
    if let Some(written) = progress.written() {
        msg = format!(
            "{} certificate nodes written; this search {msg}",
            render::thousands(written)
        );
    }
    if let Some((pn, dn)) = progress.root_numbers() {
        msg.push_str(&format!(", root proof number {pn}, disproof number {dn}"));
    }
    if let Some((entries, slots)) = progress.fill() {
        msg.push_str(&format!(
            ", table {} of {} entries ({:.0}%)",
            render::thousands(entries),
            render::thousands(slots),
            100.0 * entries as f64 / slots.max(1) as f64
        ));
    }
    if let Some((held, budget)) = progress.memory() {
        msg.push_str(&format!(
            ", memory {} of {} ({:.0}%)",
            render::bytes(held),
            render::bytes(budget),
            100.0 * held as f64 / budget as f64
        ));
    }
    msg
}

/// The verdict's claim ([`claims::claim`]), shared by the JSON and the
/// text.
fn claim(p: &Position, s: &Solved, limits: &Limits) -> Claim {
    let o = &s.outcome;
    claims::claim(p, o, limits, s.prover.name())
}

/// The JSON object of one solved position.
pub fn json(
    path: &Path,
    p: &Position,
    s: &Solved,
    limits: &Limits,
    all_moves: bool,
    proof: Option<&ProofInfo>,
) -> serde_json::Value {
    json_asked(path, p, s, limits, all_moves, proof, false)
}

/// The fields of one position's JSON object that the cluster's master
/// reads, as the protocol's type ([`kinrow_cluster::protocol`]): the
/// object `--json` prints is this one serialised, the other fields beside
/// it. With `first_plies`, an unknown lists the numbers its search left
/// below the root (`--first-plies`).
pub fn job_report(p: &Position, o: &kinrow_prover::Outcome, first_plies: bool) -> JobReport {
    JobReport {
        result: o.verdict.into(),
        nodes: o.stats.nodes,
        seconds: o.stats.elapsed.as_secs_f64(),
        exhausted: o.exhausted.filter(|_| !o.verdict.settles()).map(Into::into),
        first_plies: (first_plies && o.verdict == Verdict::Unknown).then(|| ply_reports(p, o)),
    }
}

/// [`json`], with `first_plies` as [`job_report`] takes it.
fn json_asked(
    path: &Path,
    p: &Position,
    s: &Solved,
    limits: &Limits,
    all_moves: bool,
    proof: Option<&ProofInfo>,
    first_plies: bool,
) -> serde_json::Value {
    let g = p.board.game().geometry();
    let o = &s.outcome;
    let claim = claim(p, s, limits);
    let name = |c: &kinrow_board::Cell| serde_json::Value::from(g.name(*c));
    let win = o.verdict == Verdict::Win;
    let mut v = serde_json::to_value(job_report(p, o, first_plies)).expect("a report serialises");
    let rest = serde_json::json!({
        "file": path.display().to_string(),
        "name": p.name,
        "holds_for": claim.holds_for.map(HoldsFor::as_str),
        "claim": claim.sentence(),
        "move": o.best_move.as_ref().filter(|_| win).map(name),
        "plies": o.plies.filter(|_| win),
        "shortest": win.then_some(o.shortest),
        "pv": o.pv.iter().map(name).collect::<Vec<_>>(),
        "vcf_nodes": o.stats.vcf_nodes,
        "peak_bytes": o.stats.peak_bytes,
        "prover": s.prover.name(),
        "threads": s.threads,
    });
    let object = v.as_object_mut().expect("a JSON object");
    object.extend(rest.as_object().expect("a JSON object").clone());
    object.extend(render::game_json(p));
    if let Some(val) = o.value {
        v["value"] = val.into();
    }
    if all_moves {
        v["winning_moves"] = o
            .winning_moves
            .as_ref()
            .map_or(serde_json::Value::Null, |m| m.iter().map(name).collect());
    }
    if let Some(info) = proof {
        v["proof"] = info.json();
    }
    v
}

/// [`kinrow_prover::Outcome::first_plies`], cells named (see `--first-plies`).
fn ply_reports(p: &Position, o: &kinrow_prover::Outcome) -> Vec<PlyReport> {
    let g = p.board.game().geometry();
    o.first_plies
        .iter()
        .map(|f| PlyReport {
            line: f.line.iter().map(|c| g.name(*c)).collect(),
            proof: f.proof,
            disproof: f.disproof,
        })
        .collect()
}

/// The human report of one solved position.
pub fn human(
    path: &Path,
    p: &Position,
    s: &Solved,
    limits: &Limits,
    proof: Option<&ProofInfo>,
) -> String {
    let o = &s.outcome;
    let claim = claim(p, s, limits);
    let mut out = format!(
        "[{}]  ({})\ngame: {}\n",
        p.name,
        path.display(),
        render::game(p)
    );
    let attacker = p.board.to_move();
    out.push_str(&format!("result: {}", claim.headline));
    if o.verdict == Verdict::Win {
        let plies = o.plies.unwrap_or(0);
        let mv = o
            .best_move
            .map(|c| p.board.game().geometry().name(c))
            .unwrap_or_default();
        out.push_str(&format!(", first move {mv}\n"));
        let moves = plies.div_ceil(2);
        let noun = |n: u32| if n == 1 { "move" } else { "moves" };
        if o.shortest {
            out.push_str(&format!(
                "length: a shortest win: {attacker}'s winning stone lands at ply {plies} ({moves} {attacker} {})\n",
                noun(moves)
            ));
        } else {
            out.push_str(&format!(
                "length: a win, line of {} ({moves} {attacker} {}): the line {} proved, not necessarily a shortest win\n",
                render::plies(plies),
                noun(moves),
                s.prover.name()
            ));
        }
    } else {
        out.push('\n');
    }
    if let Some(h) = &claim.scope {
        out.push_str(&format!("holds for: {h}\n"));
    }
    if let Some(v) = o.value {
        out.push_str(&format!(
            "value: {v:+} for {attacker} (+1 forces a win, -1 the opponent does, 0 neither)\n"
        ));
    }
    if !o.pv.is_empty() {
        out.push_str(&format!("line: {}\n", render::moves(&p.board, &o.pv)));
    }
    out.push_str(&render::picture(&p.board, &o.pv));
    if let Some(moves) = &o.winning_moves {
        out.push_str(&format!(
            "winning first moves: {}\n",
            render::moves(&p.board, moves)
        ));
    }
    let secs = o.stats.elapsed.as_secs_f64();
    let nps = if secs > 0.0 {
        (o.stats.nodes as f64 / secs) as u64
    } else {
        0
    };
    out.push_str(&format!(
        "prover {}: {} nodes, {} nodes/s, {:.3} s, peak memory {}\n",
        s.prover.name(),
        render::thousands(o.stats.nodes),
        render::thousands(nps),
        secs,
        render::bytes(o.stats.peak_bytes)
    ));
    if let Some(info) = proof {
        out.push_str(&info.human());
    }
    out.push('\n');
    out
}

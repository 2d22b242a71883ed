//! `kinrow.solve`: one search, on a worker thread without the GIL.
//!
//! The calling thread waits in slices of 50 ms and between them asks Python
//! for pending signals (`py.check_signals()`): on Ctrl-C the
//! `KeyboardInterrupt` is raised within a slice, after the search was asked
//! to stop through its [`Progress`] ([`Progress::request_stop`], honoured
//! every 1024 nodes or so) and the worker joined, so that no search is left
//! running behind the interpreter's back. A panic of the search is caught
//! on the worker and raised as a `RuntimeError`, never unwound across the
//! FFI boundary.

use crate::position::{names, PyPosition};
use crate::{value_error, whole, whole_u32};
use kinrow::claims::claim;
use kinrow_format::Position;
use kinrow_prover::certificate::draw::{write_draw_certificate, DrawOptions};
use kinrow_prover::certificate::write_certificate;
use kinrow_prover::registry::{self, Build};
use kinrow_prover::space::ThreatLimit;
use kinrow_prover::{observe, Limits, Outcome, Problem, Progress, Prover, Verdict};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// The provers by name, as the command line's `--prover`: the registry's.
pub fn provers() -> Vec<&'static str> {
    registry::PROVERS.iter().map(|e| e.name).collect()
}

/// How long the calling thread waits between two looks at the signals.
const SLICE: Duration = Duration::from_millis(50);

/// The worker's stack: deep searches recurse a ply a frame.
const STACK_BYTES: usize = 64 << 20;

/// A fresh prover named `name` for `position`'s problem, as `kinrow solve
/// --prover NAME` builds it (the registry's entry), on `threads` threads
/// where it has a parallel version, its threat space kept to the
/// position's threat limit.
fn build(
    name: &str,
    position: &Position,
    all_moves: bool,
    threads: usize,
) -> Option<Box<dyn Prover + Send>> {
    registry::find(name).map(|e| {
        e.build(
            &Problem::from(position),
            &build_of(position, all_moves, threads),
        )
    })
}

/// How a prover answers `position` (as the command line's).
fn build_of(position: &Position, all_moves: bool, threads: usize) -> Build {
    Build {
        all_moves,
        threads,
        threat_limit: ThreatLimit::from_fours(position.threat_limit),
    }
}

/// What the worker hands back.
struct Answer {
    outcome: Outcome,
    answered_by: &'static str,
    certificate: Option<Result<String, String>>,
}

/// The search of `position` with `prover`, and when asked the certificate
/// of a win or of a whole game's no-win: the work of the worker thread.
fn search(
    position: &Position,
    prover: &str,
    limits: &Limits,
    all_moves: bool,
    certificate: bool,
    threads: usize,
) -> Result<Answer, String> {
    let problem = Problem::from(position);
    let mut p = build(prover, position, all_moves, threads).ok_or("unknown prover")?;
    p.accepts(&problem).map_err(|e| e.to_string())?;
    let outcome = p.prove(&problem, limits);
    let answered_by = p.answered_by();
    let certificate = match outcome.verdict {
        _ if !certificate => None,
        Verdict::Win => {
            // As `kinrow solve --proof`: a fresh prover of the kind that
            // answered writes it.
            let mut writer = build(answered_by, position, false, threads)
                .or_else(|| build(prover, position, false, threads))
                .expect("a known prover");
            Some(
                write_certificate(&problem, writer.as_mut(), limits)
                    .map(|c| c.with_name(&position.name).to_text())
                    .map_err(|e| e.to_string()),
            )
        }
        // As `kinrow solve --proof` on a no-win: the draw certificate, its
        // replies found by PNS whatever answered (the command line's
        // choice, docs/certificate-format.md); for a no-win that is not
        // about the whole game, the reason none can be written.
        Verdict::NoWin => {
            let mut writer = build("pns", position, false, 1).expect("a known prover");
            let options = DrawOptions::default();
            Some(
                write_draw_certificate(&problem, writer.as_mut(), limits, &options)
                    .map(|c| c.with_name(&position.name).to_text())
                    .map_err(|e| e.to_string()),
            )
        }
        Verdict::NoThreatWin | Verdict::Unknown => None,
    };
    Ok(Answer {
        outcome,
        answered_by,
        certificate,
    })
}

/// Where the worker leaves its answer (or its panic) for the caller.
type Slot<T> = (Mutex<Option<std::thread::Result<T>>>, Condvar);

/// Runs `work` on a worker thread observed by a [`Progress`], the GIL
/// released; see the module docs for Ctrl-C.
fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let progress = Arc::new(Progress::default());
    let slot: Arc<Slot<T>> = Arc::new((Mutex::new(None), Condvar::new()));
    let (observed, filled) = (Arc::clone(&progress), Arc::clone(&slot));
    let worker = std::thread::Builder::new()
        .name("kinrow-search".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            let answer = catch_unwind(AssertUnwindSafe(|| observe(&observed, work)));
            let (lock, ready) = &*filled;
            *lock.lock().unwrap_or_else(PoisonError::into_inner) = Some(answer);
            ready.notify_all();
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the search thread: {e}")))?;
    // One slice of waiting, without the GIL: the answer if it came.
    let wait = || {
        let (lock, ready) = &*slot;
        let guard = lock.lock().unwrap_or_else(PoisonError::into_inner);
        let (mut guard, _) = ready
            .wait_timeout_while(guard, SLICE, |answer| answer.is_none())
            .unwrap_or_else(PoisonError::into_inner);
        guard.take()
    };
    loop {
        if let Some(answer) = py.detach(wait) {
            let _ = py.detach(|| worker.join());
            return answer.map_err(|panic| {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                PyRuntimeError::new_err(format!("kinrow: the search failed: {what}"))
            });
        }
        if let Err(interrupt) = py.check_signals() {
            progress.request_stop();
            let _ = py.detach(|| worker.join());
            return Err(interrupt);
        }
    }
}

/// A byte count: an int, or a string such as `512M` (K, M, G: powers of
/// 1024), as `--memory`.
fn bytes(v: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(n) = v.extract::<u64>() {
        if n > 0 {
            return Ok(n);
        }
    }
    let text = v.extract::<String>().unwrap_or_default();
    kinrow_format::parse_bytes(&text).ok_or_else(|| {
        value_error(format!(
            "memory: expected a byte count such as 500000000 or \"512M\", found {}",
            v.repr().map_or_else(|_| "?".into(), |r| r.to_string())
        ))
    })
}

/// Solves `position`: can the side to move force a win (within `depth`
/// plies, the position's own depth when `None`)?
///
/// `prover` is one of `kinrow.PROVERS` (`auto`: the threat space first,
/// then AND-OR with a depth, PNS without). `time` (seconds; the file's
/// `time` line when `None`), `memory` (bytes, or `"512M"`) and `max_nodes`
/// bound the search, which then answers `unknown`. `threads`: df-pn
/// searches on this many threads sharing one table (default: the cores
/// this process may use, as `kinrow solve`, and never more: a larger
/// count is capped with a `UserWarning`; `all_moves=True` runs on
/// one); with 2 or more, `auto` runs the threat space and the whole game
/// at once (node counts then vary from run to run: `threads=1` keeps them
/// fixed); the other provers have no parallel version and run on one
/// (`result.threads` says how many ran). `certificate=True` also writes
/// the certificate of a win, or of a no-win of the whole game (no depth,
/// `candidates all`, `attack any`, not renju) the draw certificate, as
/// `kinrow solve --proof` does (`result.certificate`, the text `kinrow
/// check` and `kinrow.check` read; for another no-win
/// `result.certificate_error` says why there is none); `all_moves=True`
/// lists every winning first move. `threat_limit=N` keeps the threat
/// space (of `vct`, `vct-dfpn` and `auto`) to threats of at most N fours,
/// as the position's `threat-limit` line and `--threat-limit` do.
///
/// The search runs without the GIL; Ctrl-C stops it and raises
/// `KeyboardInterrupt`. Bad arguments (a count out of range included:
/// `depth=-1`), and a prover that does not answer this kind of position,
/// raise `ValueError`.
#[pyfunction]
#[pyo3(signature = (position, prover="auto", depth=None, time=None, memory=None, threads=None, *, max_nodes=None, certificate=false, all_moves=false, threat_limit=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    position: &PyPosition,
    prover: &str,
    depth: Option<&Bound<'_, PyAny>>,
    time: Option<f64>,
    memory: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    max_nodes: Option<&Bound<'_, PyAny>>,
    certificate: bool,
    all_moves: bool,
    threat_limit: Option<&Bound<'_, PyAny>>,
) -> PyResult<SolveResult> {
    let depth = whole_u32("depth", depth, 0)?;
    let threat_limit = whole_u32("threat_limit", threat_limit, 1)?;
    let max_nodes = whole("max_nodes", max_nodes, 1..=u64::MAX)?;
    let threads = capped_threads(py, whole("threads", threads, 1..=u64::MAX)?)?;
    let prover_name = prover.to_ascii_lowercase();
    let Some(entry) = registry::find(&prover_name) else {
        return Err(value_error(format!(
            "prover: expected one of {}, found `{prover}`",
            registry::names()
        )));
    };
    let time = match time {
        Some(t) if !(t.is_finite() && t > 0.0 && t < 1e9) => {
            return Err(value_error(format!(
                "time: expected a positive number of seconds, found {t}"
            )))
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => position.inner.time,
    };
    let limits = Limits {
        max_nodes,
        time,
        memory: memory.map(bytes).transpose()?,
    };
    let mut p = position.inner.clone();
    if depth.is_some() {
        p.depth = depth;
    }
    if threat_limit.is_some() {
        p.threat_limit = threat_limit;
    }
    let asked = p.clone();
    let name = prover_name.clone();
    let answer = run_interruptible(py, move || {
        search(&asked, &name, &limits, all_moves, certificate, threads)
    })?
    .map_err(|e| value_error(format!("[{}] ({prover_name}): {e}", p.name)))?;
    let threads = entry.threads_for(&Problem::from(&p), &build_of(&p, all_moves, threads));
    Ok(SolveResult::new(&p, answer, &limits, threads))
}

/// `requested` threads (default: every core this process may use), never
/// more than the cores, as `kinrow solve --threads` caps them: more threads
/// than cores only share the cores and multiply the memory in use, and
/// a hundred thousand could not even be started (issue 63). A capped
/// request is said with a `UserWarning`, as the command line says it on
/// stderr.
fn capped_threads(py: Python<'_>, requested: Option<u64>) -> PyResult<usize> {
    let cores = kinrow_prover::cores();
    match requested {
        None => Ok(cores),
        Some(n) if n > cores as u64 => {
            let note = format!("kinrow.solve: threads={n} capped at {cores}, the cores available");
            let note = std::ffi::CString::new(note).expect("no NUL in the note");
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            PyErr::warn(py, &category, &note, 1)?;
            Ok(cores)
        }
        Some(n) => Ok(usize::try_from(n).unwrap_or(cores)),
    }
}

/// The answer of `kinrow.solve`.
#[pyclass(frozen, module = "kinrow", name = "SolveResult", get_all)]
pub struct SolveResult {
    /// `win`, `no-win`, `no-threat-win` (no win in the attacker's threat
    /// space, which does not settle the game) or `unknown` (a budget ran
    /// out first), for the side to move of the position.
    verdict: String,
    /// A winning first move (`h8`), for a win.
    #[pyo3(name = "move")]
    first_move: Option<String>,
    /// `real-game`, `restricted-game` (the candidates limited the
    /// defender's replies) or `threat-space` (a `no-threat-win`); `None`
    /// for unknown.
    holds_for: Option<String>,
    /// The verdict and its scope in words, as `kinrow solve --json`'s
    /// `claim`.
    claim: String,
    /// The principal variation: the attacker's moves against the
    /// defender's most stubborn replies.
    line: Vec<String>,
    /// Plies to the winning stone on that line, for a win.
    plies: Option<u32>,
    /// Whether `plies` is the length of a shortest win.
    shortest: bool,
    /// Every winning first move, with `all_moves=True`.
    winning_moves: Option<Vec<String>>,
    /// The game value -1, 0 or +1 (value searches only).
    value: Option<i8>,
    /// For unknown (and for `auto`'s `no-threat-win`, the whole game's
    /// search after it): `nodes`, `time`, `memory` or `stopped`.
    exhausted: Option<String>,
    /// The prover that answered (`auto` hands each problem on).
    prover: String,
    nodes: u64,
    vcf_nodes: u64,
    seconds: f64,
    peak_bytes: u64,
    /// The threads the search ran on.
    threads: usize,
    /// The certificate's text, with `certificate=True` and a win or a
    /// no-win of the whole game (a draw certificate).
    certificate: Option<String>,
    /// Why no certificate was written although asked (the writer's budget,
    /// or a no-win that is not about the whole game).
    certificate_error: Option<String>,
    /// The position solved: the one given, with `depth` when one was
    /// given. A certificate is about it: `kinrow.check(result.position,
    /// result.certificate)`.
    position: PyPosition,
}

impl SolveResult {
    fn new(p: &Position, a: Answer, limits: &Limits, threads: usize) -> SolveResult {
        let o = &a.outcome;
        let win = o.verdict == Verdict::Win;
        let c = claim(p, o, limits, a.answered_by);
        let settled = o.verdict.settles();
        let (certificate, certificate_error) = match a.certificate {
            Some(Ok(text)) => (Some(text), None),
            Some(Err(e)) => (None, Some(e)),
            None => (None, None),
        };
        SolveResult {
            verdict: o.verdict.as_str().to_string(),
            first_move: o.best_move.filter(|_| win).map(|c| names(p, [c]).remove(0)),
            holds_for: c.holds_for.map(|h| h.as_str().to_string()),
            claim: c.sentence(),
            line: names(p, o.pv.iter().copied()),
            plies: o.plies.filter(|_| win),
            shortest: win && o.shortest,
            winning_moves: o
                .winning_moves
                .as_ref()
                .map(|m| names(p, m.iter().copied())),
            value: o.value,
            exhausted: o
                .exhausted
                .filter(|_| !settled)
                .map(|e| e.as_str().to_string()),
            prover: a.answered_by.to_string(),
            nodes: o.stats.nodes,
            vcf_nodes: o.stats.vcf_nodes,
            seconds: o.stats.elapsed.as_secs_f64(),
            peak_bytes: o.stats.peak_bytes,
            threads,
            certificate,
            certificate_error,
            position: PyPosition::from(p.clone()),
        }
    }
}

#[pymethods]
impl SolveResult {
    fn __repr__(&self) -> String {
        let mv = self
            .first_move
            .as_ref()
            .map_or_else(String::new, |m| format!(", move {m}"));
        format!(
            "<kinrow.SolveResult {}{mv}: {} nodes, {:.3} s, prover {}>",
            self.verdict, self.nodes, self.seconds, self.prover
        )
    }
}

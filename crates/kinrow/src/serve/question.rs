//! The API's requests, read and checked, and the questions they ask,
//! answered by the command line's own functions: `solve`'s
//! [`solve_keeping`] and its JSON and text
//! reports, `solve --defences`'s [`find`](crate::commands::defences::find),
//! `analyse`'s [`analysis`], the
//! certificate writer of `solve --proof` and the picture of `solve --svg`.

use super::guard::Client;
use super::jobs::{self, Job, Server};
use super::position::{describe, read};
use super::{json_response, Config, Refusal, MAX_BODY};
use crate::commands::analyse::{analysis, AnalyseError};
use crate::commands::check::{win_certificate, ProofInfo};
use crate::commands::{defences, show, skipped_line, solve, solve_keeping};
use crate::provers::ProverKind;
use crate::settings::{self, Budgets};
use axum::body::Body;
use axum::extract::State;
use axum::response::Response;
use axum::Extension;
use clap::ValueEnum;
use kinrow_board::Rule;
use kinrow_format::game::GameRecord;
use kinrow_format::Position;
use kinrow_prover::{Limits, Progress, Verdict};
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The largest certificate handed to the page: a larger one is reported
/// as not written (the command line's `solve --proof` writes any size).
const MAX_CERTIFICATE_BYTES: u64 = 16 << 20;

/// The seconds an analysis gives each ply when the request names none
/// (as `analyse`).
const DEFAULT_PER_PLY: f64 = 1.0;

/// A request's body: the text (a position or suite file, or a game
/// record) and what to ask of it. Every field but `text` may be left out.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Ask {
    text: String,
    /// The file's name, for reports and errors (`board.pos` if none).
    file: Option<String>,
    /// A suite's position (default: its first).
    name: Option<String>,
    /// A game record's ply (default: the last before the winning line).
    ply: Option<usize>,
    /// A game record's rule (default: the record's, else freestyle).
    rule: Option<String>,
    prover: Option<String>,
    /// Seconds of search (an analysis: per ply).
    time: Option<f64>,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    /// Write the certificate of a win.
    #[serde(default)]
    certificate: bool,
}

/// What a search is asked.
pub enum Asked {
    Solve {
        certificate: bool,
    },
    Defences,
    Analyse {
        record: GameRecord,
        rule: Rule,
        per_ply: Duration,
    },
}

/// A question checked and bounded, ready to run.
pub struct Question {
    pub asked: Asked,
    /// The name reports give the file (the command line's path).
    file: String,
    /// The position (for an analysis, the game's start).
    position: Position,
    prover: ProverKind,
    limits: Limits,
    threads: usize,
    /// What the server's caps changed in what was asked.
    notes: Vec<String>,
}

impl Question {
    /// The time the search may take in all.
    pub fn time_budget(&self) -> Duration {
        self.limits.time.unwrap_or(Duration::ZERO)
    }

    /// The `started` event: the budgets the search runs under.
    pub fn started(&self) -> Value {
        json!({
            "prover": self.prover.name(),
            "time": self.limits.time.map(|t| t.as_secs_f64()),
            "max_nodes": self.limits.max_nodes,
            "memory": self.limits.memory,
            "threads": self.threads,
            "notes": self.notes,
        })
    }
}

/// Reads a request's body as an [`Ask`]: at most [`MAX_BODY`] bytes of
/// JSON.
async fn ask(body: Body) -> Result<Ask, Refusal> {
    let bytes = axum::body::to_bytes(body, MAX_BODY)
        .await
        .map_err(|_| Refusal {
            status: axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            message: format!(
                "the request is larger than the server reads ({} KiB at most)",
                MAX_BODY >> 10
            ),
        })?;
    serde_json::from_slice(&bytes)
        .map_err(|e| Refusal::bad(format!("the request is not what the API reads: {e}")))
}

fn file_of(ask: &Ask) -> String {
    ask.file
        .as_deref()
        .filter(|f| !f.trim().is_empty())
        .unwrap_or("board.pos")
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(200)
        .collect()
}

fn rule_of(ask: &Ask) -> Result<Option<Rule>, Refusal> {
    ask.rule
        .as_deref()
        .map(|r| settings::parse_rule(r).map_err(|e| Refusal::bad(format!("rule: {e}"))))
        .transpose()
}

/// Checks what every question shares, capped by `config`: the prover, the
/// time, the threads, the nodes. `file_time` is the position's own `time`
/// line.
fn bounds(
    ask: &Ask,
    config: &Config,
    file_time: Option<Duration>,
) -> Result<(ProverKind, Limits, usize, Vec<String>), Refusal> {
    let mut notes = Vec::new();
    let prover = match ask.prover.as_deref() {
        None => ProverKind::default(),
        Some(name) => ProverKind::from_str(name, true).map_err(|_| {
            let names: Vec<&str> = ProverKind::value_variants()
                .iter()
                .map(|p| p.name())
                .collect();
            Refusal::bad(format!(
                "prover: expected one of {}, found `{name}`",
                names.join(", ")
            ))
        })?,
    };
    let time = match ask.time {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(Refusal::bad(format!(
                "time: expected a positive number of seconds, found {t}"
            )))
        }
        Some(t) => Some(Duration::from_secs_f64(t.min(1e9))),
        None => file_time,
    };
    let time = match time {
        Some(t) if t <= config.max_time => t,
        asked => {
            notes.push(match asked {
                Some(t) => format!(
                    "time {} s capped at {} s, the most this server gives one request",
                    t.as_secs_f64(),
                    config.max_time.as_secs_f64()
                ),
                None => format!(
                    "no time asked: {} s, the most this server gives one request",
                    config.max_time.as_secs_f64()
                ),
            });
            config.max_time
        }
    };
    let threads = match ask.threads {
        Some(0) => return Err(Refusal::bad("threads: expected 1 or more, found 0")),
        Some(n) if n > config.max_threads => {
            notes.push(format!(
                "threads {n} capped at {}, the most this server gives one search",
                config.max_threads
            ));
            config.max_threads
        }
        Some(n) => n,
        None => 1,
    };
    if ask.max_nodes == Some(0) {
        return Err(Refusal::bad("max_nodes: expected 1 or more, found 0"));
    }
    let limits = Limits {
        max_nodes: ask.max_nodes,
        time: Some(time),
        memory: Some(config.memory_per_search),
    };
    Ok((prover, limits, threads, notes))
}

/// A solve or defences question: one position, from a position file's
/// text or a game record's.
fn position_question(ask: &Ask, config: &Config, asked: Asked) -> Result<Question, Refusal> {
    let file = file_of(ask);
    let read = read(
        &ask.text,
        &file,
        ask.name.as_deref(),
        ask.ply,
        rule_of(ask)?,
    )?;
    let (prover, limits, threads, notes) = bounds(ask, config, read.position.time)?;
    Ok(Question {
        asked,
        file,
        position: read.position,
        prover,
        limits,
        threads,
        notes,
    })
}

/// An analysis: a game record, the time per ply shared out so that the
/// whole game stays within the server's cap.
fn analyse_question(ask: &Ask, config: &Config) -> Result<Question, Refusal> {
    let file = file_of(ask);
    let rule = rule_of(ask)?;
    if kinrow_format::game::GameFormat::detect(&ask.text).is_none() {
        return Err(Refusal::bad(format!(
            "{file}: analyse reads a game record (.psq or SGF), and this text is not one"
        )));
    }
    let read = read(&ask.text, &file, None, Some(0), rule)?;
    let Some((record, rule, _)) = read.game else {
        return Err(Refusal::bad(format!("{file}: not a game record")));
    };
    let per_ply_asked = ask.time.unwrap_or(DEFAULT_PER_PLY);
    if !(per_ply_asked.is_finite() && per_ply_asked > 0.0) {
        return Err(Refusal::bad(format!(
            "time: expected a positive number of seconds a ply, found {per_ply_asked}"
        )));
    }
    let whole = Ask {
        text: String::new(),
        prover: None,
        time: Some(per_ply_asked * (record.last_open_ply(Some(rule)) + 1) as f64),
        threads: ask.threads,
        max_nodes: None,
        ..Ask::default()
    };
    let (_, limits, threads, mut notes) = bounds(&whole, config, None)?;
    let plies = record.last_open_ply(Some(rule)) + 1;
    let per_ply = limits.time.unwrap_or_default() / plies as u32;
    if notes.iter().any(|n| n.starts_with("time")) {
        notes = vec![format!(
            "{} s a ply for {plies} plies capped at {:.3} s a ply: {} s in all is the most this server gives one request",
            per_ply_asked,
            per_ply.as_secs_f64(),
            config.max_time.as_secs_f64()
        )];
    }
    Ok(Question {
        asked: Asked::Analyse {
            record,
            rule,
            per_ply,
        },
        file,
        position: read.position,
        prover: ProverKind::default(),
        limits,
        threads,
        notes,
    })
}

/// `GET /api/info`: the provers, the rules and the server's caps.
pub async fn info(State(server): State<Arc<Server>>) -> Response {
    let c = &server.config;
    json_response(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "provers": ProverKind::value_variants().iter().map(|p| p.name()).collect::<Vec<_>>(),
        "rules": ["freestyle", "exact", "renju"],
        "max_side": kinrow_board::geometry::MAX_SIDE,
        "max_time": c.max_time.as_secs_f64(),
        "max_threads": c.max_threads,
        "memory_per_search": c.memory_per_search,
        "searches": c.searches,
        "queue": c.queue,
    }))
}

/// `POST /api/position`: the text read as `solve` reads a file, and what
/// the page needs to show it (see [`describe`]).
pub async fn position(body: Body) -> Response {
    let answer = async {
        let ask = ask(body).await?;
        let read = read(
            &ask.text,
            &file_of(&ask),
            ask.name.as_deref(),
            ask.ply,
            rule_of(&ask)?,
        )?;
        Ok::<_, Refusal>(describe(&read))
    };
    match answer.await {
        Ok(v) => json_response(v),
        Err(r) => axum::response::IntoResponse::into_response(r),
    }
}

async fn start(
    server: Arc<Server>,
    client: Client,
    body: Body,
    make: impl FnOnce(&Ask, &Config) -> Result<Question, Refusal>,
) -> Response {
    let question = match ask(body).await.and_then(|a| make(&a, &server.config)) {
        Ok(q) => q,
        Err(r) => return axum::response::IntoResponse::into_response(r),
    };
    jobs::start(&server, client, question)
}

/// `POST /api/solve`: `kinrow solve` of the position, as a stream of events.
pub async fn solve(
    State(server): State<Arc<Server>>,
    Extension(client): Extension<Client>,
    body: Body,
) -> Response {
    start(server, client, body, |ask, config| {
        position_question(
            ask,
            config,
            Asked::Solve {
                certificate: ask.certificate,
            },
        )
    })
    .await
}

/// `POST /api/defences`: `kinrow solve --defences` of the position.
pub async fn defences(
    State(server): State<Arc<Server>>,
    Extension(client): Extension<Client>,
    body: Body,
) -> Response {
    start(server, client, body, |ask, config| {
        position_question(ask, config, Asked::Defences)
    })
    .await
}

/// `POST /api/analyse`: `kinrow analyse` of a game record.
pub async fn analyse(
    State(server): State<Arc<Server>>,
    Extension(client): Extension<Client>,
    body: Body,
) -> Response {
    start(server, client, body, analyse_question).await
}

/// Answers `q` on the calling thread (the search's own, observed by
/// `job.progress`): the `result` event's object.
pub fn answer(q: &Question, job: &Job) -> Value {
    let path = Path::new(&q.file);
    let p = &q.position;
    let mut v = match &q.asked {
        Asked::Solve { certificate } => solve_answer(q, *certificate),
        Asked::Defences => {
            let budgets = Budgets {
                max_nodes: q.limits.max_nodes,
                seconds: q.limits.time.map(|t| t.as_secs_f64()),
                memory_per_job: q.limits.memory.unwrap_or(1),
                threads: q.threads,
            };
            match defences::find(p, q.prover, &budgets) {
                Ok(found) => json!({
                    "json": defences::json_line(path, p, q.prover, &found),
                    "text": defences::human(path, p, q.prover, &found),
                }),
                Err(reason) => skipped(q, &reason),
            }
        }
        Asked::Analyse {
            record,
            rule,
            per_ply,
        } => {
            let deadline = Instant::now() + q.time_budget();
            let progress = Progress::current();
            let mut on_ply = |done: usize, of: usize| {
                job.plies.0.store(done, Ordering::Relaxed);
                job.plies.1.store(of, Ordering::Relaxed);
                !progress.as_ref().is_some_and(|p| p.stop_requested()) && Instant::now() < deadline
            };
            let memory = q.limits.memory.unwrap_or(1);
            match analysis(record, *rule, *per_ply, memory, &p.name, &mut on_ply) {
                Ok(a) => {
                    let lines: Vec<Value> = a
                        .json()
                        .lines()
                        .filter_map(|l| serde_json::from_str(l).ok())
                        .collect();
                    json!({ "json": lines, "text": a.human(&q.file) })
                }
                Err(AnalyseError::Bad(e)) => json!({ "error": format!("{}: {e}", q.file) }),
                Err(AnalyseError::Stopped) => json!({
                    "stopped": true,
                    "text": "the analysis was stopped before its last ply\n",
                }),
            }
        }
    };
    v["question"] = match q.asked {
        Asked::Solve { .. } => "solve",
        Asked::Defences => "defences",
        Asked::Analyse { .. } => "analyse",
    }
    .into();
    v["notes"] = json!(q.notes);
    v
}

/// The command line's `skipped` line for a position the prover refuses.
fn skipped(q: &Question, reason: &str) -> Value {
    let line = skipped_line(Path::new(&q.file), &q.position.name, q.prover, reason);
    json!({
        "json": {
            "file": q.file, "name": q.position.name, "result": "skipped",
            "prover": q.prover.name(), "detail": reason,
        },
        "text": format!("[{}]\n{line}\n", q.position.name),
    })
}

/// `solve`'s answer: its JSON object and text, the picture with the line,
/// and the certificate of a win when asked.
fn solve_answer(q: &Question, certificate: bool) -> Value {
    let p = &q.position;
    let path = Path::new(&q.file);
    // As `solve --proof` on one thread: the prover keeps its table for the
    // certificate's writer.
    let keep = certificate && q.threads == 1;
    let (solved, kept) = match solve_keeping(p, q.prover, &q.limits, false, q.threads, keep) {
        Ok(s) => s,
        Err(e) => return skipped(q, &e.to_string()),
    };
    let o = &solved.outcome;
    let mut text_of_certificate = None;
    let proof = (certificate && o.verdict == Verdict::Win).then(|| {
        let name = PathBuf::from(format!("{}.proof", download_stem(&p.name)));
        let left = q.limits.left_after(o.stats.elapsed, o.stats.nodes);
        let written = match left {
            None => Err("the request's budget was spent by the search".to_string()),
            Some(limits) => win_certificate(p, &solved, &limits, kept).and_then(|cert| {
                if cert.stats().bytes > MAX_CERTIFICATE_BYTES {
                    return Err(format!(
                        "{} bytes, more than this server hands out ({} MiB); `kinrow solve --proof` writes it",
                        cert.stats().bytes,
                        MAX_CERTIFICATE_BYTES >> 20
                    ));
                }
                Ok(cert)
            }),
        };
        match written {
            Ok(cert) => {
                text_of_certificate = Some(cert.to_text());
                ProofInfo::Written {
                    path: name,
                    stats: *cert.stats(),
                }
            }
            Err(reason) => ProofInfo::NotWritten { path: name, reason },
        }
    });
    json!({
        "json": solve::json(path, p, &solved, &q.limits, false, proof.as_ref()),
        "text": solve::human(path, p, &solved, &q.limits, proof.as_ref()),
        "svg": show::svg(p, &o.pv),
        "certificate": text_of_certificate,
        "position": kinrow_format::write_position(p),
    })
}

/// A name fit for a downloaded file: letters, digits, `-`, `_` and `.`.
pub fn download_stem(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    if s.is_empty() {
        "position".into()
    } else {
        s
    }
}

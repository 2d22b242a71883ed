//! The searches: at most [`Config::searches`] at once, each on a thread of
//! its own, the others waiting in turn (at most [`Config::queue`]); one per
//! client. A search answers as a stream of server-sent events: `queued`
//! while it waits, `started` with the budgets it runs under, `progress`
//! every [`TICK`], then `result` (or `error`). The stream's end is the
//! search's: a client that goes away (the stream dropped) or cancels
//! stops it, and its thread frees its memory as it ends.

use super::guard::Client;
use super::question::{answer, Question};
use super::Config;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use kinrow_prover::{observe, Progress};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, Notify, OwnedSemaphorePermit, Semaphore};

/// How often a search's progress is sent.
pub const TICK: Duration = Duration::from_millis(200);

/// How long past its time budget a search may run before it is told to
/// stop (its provers stop at the budget by themselves; this is the
/// server's own bound).
const GRACE: Duration = Duration::from_secs(5);

/// The server's state: its settings and the searches.
pub struct Server {
    pub config: Config,
    slots: Arc<Semaphore>,
    /// The search of each client, waiting or running.
    jobs: Mutex<HashMap<Client, Arc<Job>>>,
    waiting: AtomicUsize,
    running: AtomicUsize,
    answered: AtomicU64,
}

/// One search asked for.
pub struct Job {
    pub progress: Arc<Progress>,
    /// Plies of an analysis done, and in all (0: not an analysis).
    pub plies: (AtomicUsize, AtomicUsize),
    /// Cancel asked while the search waits for its turn.
    cancel: Notify,
}

impl Server {
    pub fn new(config: Config) -> Server {
        Server {
            slots: Arc::new(Semaphore::new(config.searches.max(1))),
            config,
            jobs: Mutex::new(HashMap::new()),
            waiting: AtomicUsize::new(0),
            running: AtomicUsize::new(0),
            answered: AtomicU64::new(0),
        }
    }

    /// Whether `host` (a `Host` header) names this server: its port, and
    /// a loopback name or the address it listens on (any name when it
    /// listens on every address).
    pub fn serves_host(&self, host: &str) -> bool {
        let port = self.config.bind.port().to_string();
        let Some(name) = host.strip_suffix(&port).and_then(|h| h.strip_suffix(':')) else {
            return false;
        };
        let ip = self.config.bind.ip();
        if ip.is_unspecified() {
            return true;
        }
        let named = name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .unwrap_or(name);
        match named.parse::<IpAddr>() {
            Ok(a) => a == ip || (ip.is_loopback() && a.is_loopback()),
            Err(_) => ip.is_loopback() && named.eq_ignore_ascii_case("localhost"),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Client, Arc<Job>>> {
        // A panic while the map was held leaves it whole (each operation
        // is one insert or remove), so a poisoned lock is still usable.
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The counts `GET /api/status` reports.
    fn counts(&self) -> Value {
        json!({
            "running": self.running.load(Ordering::Relaxed),
            "waiting": self.waiting.load(Ordering::Relaxed),
            "clients": self.lock().len(),
            "answered": self.answered.load(Ordering::Relaxed),
            "searches": self.config.searches,
            "queue": self.config.queue,
        })
    }
}

/// Releases a client's mark when its search is over (the thread ended, or
/// it never started).
struct Release {
    server: Arc<Server>,
    client: Client,
}

impl Drop for Release {
    fn drop(&mut self) {
        self.server.lock().remove(&self.client);
    }
}

/// Asks the search to stop when its stream goes away, whichever way.
struct StopOnDrop(Arc<Progress>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.request_stop();
    }
}

/// Starts `question` for `client`: the stream of its events, or a refusal
/// (409: the client has a search already; 503: the queue is full).
pub fn start(server: &Arc<Server>, client: Client, question: Question) -> Response {
    let job = Arc::new(Job {
        progress: Arc::new(Progress::default()),
        plies: (AtomicUsize::new(0), AtomicUsize::new(0)),
        cancel: Notify::new(),
    });
    {
        let mut jobs = server.lock();
        if jobs.contains_key(&client) {
            return super::Refusal {
                status: StatusCode::CONFLICT,
                message: "this page has a search running already: one at a time (cancel it, or wait for its answer)".into(),
            }
            .into_response();
        }
        let waiting = server.waiting.load(Ordering::Relaxed);
        if server.slots.available_permits() == 0 && waiting >= server.config.queue {
            return super::Refusal {
                status: StatusCode::SERVICE_UNAVAILABLE,
                message: format!(
                    "the server is busy: {waiting} searches are waiting for their turn already; ask again later"
                ),
            }
            .into_response();
        }
        jobs.insert(client.clone(), Arc::clone(&job));
        // Counted here, under the lock, so that a burst of requests sees
        // each other's place in the queue.
        server.waiting.fetch_add(1, Ordering::Relaxed);
    }
    let release = Release {
        server: Arc::clone(server),
        client,
    };
    let (tx, rx) = mpsc::channel::<Bytes>(8);
    tokio::spawn(drive(Arc::clone(server), job, question, release, tx));
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|b| (Ok::<_, std::convert::Infallible>(b), rx))
    });
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

/// One server-sent event.
fn event(name: &str, data: &Value) -> Bytes {
    Bytes::from(format!("event: {name}\ndata: {data}\n\n"))
}

/// Runs one search: waits for a slot (saying so), starts its thread, sends
/// its progress and its answer; stops it when its client goes away.
async fn drive(
    server: Arc<Server>,
    job: Arc<Job>,
    question: Question,
    release: Release,
    tx: mpsc::Sender<Bytes>,
) {
    let stop = StopOnDrop(Arc::clone(&job.progress));
    let permit = wait_turn(&server, &job, &tx).await;
    server.waiting.fetch_sub(1, Ordering::Relaxed);
    let Some(permit) = permit else {
        // Cancelled or gone while waiting: nothing ran.
        let _ = tx
            .send(event(
                "cancelled",
                &json!({ "reason": "cancelled before it started" }),
            ))
            .await;
        return;
    };
    let started = Instant::now();
    let budget = question.time_budget();
    if tx
        .send(event("started", &question.started()))
        .await
        .is_err()
    {
        // Gone before it started: nothing runs.
        return;
    }
    let (done_tx, mut done_rx) = oneshot::channel::<Value>();
    let thread = Search {
        server: Arc::clone(&server),
        _permit: permit,
        _release: release,
    };
    server.running.fetch_add(1, Ordering::Relaxed);
    let search_job = Arc::clone(&job);
    let spawned = std::thread::Builder::new()
        .name("kinrow-serve-search".into())
        .spawn(move || {
            let thread = thread;
            let value = observe(&search_job.progress, || answer(&question, &search_job));
            drop(thread);
            let _ = done_tx.send(value);
        });
    if let Err(e) = spawned {
        let _ = tx
            .send(event(
                "error",
                &json!({ "error": format!("no thread for the search: {e}") }),
            ))
            .await;
        return;
    }
    let mut ticks = tokio::time::interval(TICK);
    ticks.tick().await;
    let mut last = (Duration::ZERO, 0u64);
    loop {
        tokio::select! {
            done = &mut done_rx => {
                let value = done.unwrap_or_else(|_| json!({ "error": "the search failed" }));
                server.answered.fetch_add(1, Ordering::Relaxed);
                let name = if value.get("error").is_some() { "error" } else { "result" };
                let _ = tx.send(event(name, &value)).await;
                break;
            }
            () = tx.closed() => break,
            _ = ticks.tick() => {
                let at = started.elapsed();
                if at > budget + GRACE {
                    job.progress.request_stop();
                }
                let update = progress(&job, at, &mut last);
                if tx.send(event("progress", &update)).await.is_err() {
                    break;
                }
            }
        }
    }
    // The stream is over (answered, or its client went away): `stop` asks
    // a search still running to stop; its thread frees its memory and its
    // slot as it ends.
    drop(stop);
}

/// The slot a search runs in, and its client's mark: both released when
/// its thread ends, after the search's memory is freed.
struct Search {
    server: Arc<Server>,
    _permit: OwnedSemaphorePermit,
    _release: Release,
}

impl Drop for Search {
    fn drop(&mut self) {
        self.server.running.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Waits for a slot, telling the client its place every tick; `None` when
/// the client cancels or goes away first.
async fn wait_turn(
    server: &Arc<Server>,
    job: &Job,
    tx: &mpsc::Sender<Bytes>,
) -> Option<OwnedSemaphorePermit> {
    let acquire = Arc::clone(&server.slots).acquire_owned();
    tokio::pin!(acquire);
    let mut ticks = tokio::time::interval(TICK * 5);
    loop {
        tokio::select! {
            permit = &mut acquire => return permit.ok(),
            () = job.cancel.notified() => return None,
            () = tx.closed() => return None,
            _ = ticks.tick() => {
                if server.slots.available_permits() > 0 {
                    continue;
                }
                let waiting = server.waiting.load(Ordering::Relaxed);
                let update = json!({ "waiting": waiting, "running": server.running.load(Ordering::Relaxed) });
                if tx.send(event("queued", &update)).await.is_err() {
                    return None;
                }
            }
        }
    }
}

/// The progress event: nodes and their rate since the last one, the
/// root's numbers, the memory held, an analysis's plies.
fn progress(job: &Job, at: Duration, last: &mut (Duration, u64)) -> Value {
    let p = &job.progress;
    let nodes = p.written().unwrap_or_else(|| p.nodes());
    let span = (at - last.0).as_secs_f64();
    let rate = if span > 0.0 && nodes >= last.1 {
        ((nodes - last.1) as f64 / span) as u64
    } else {
        0
    };
    *last = (at, nodes);
    let number = |n: kinrow_prover::ProofNumber| {
        if n.is_infinite() {
            Value::from("inf")
        } else {
            n.get().into()
        }
    };
    let mut v = json!({
        "seconds": at.as_secs_f64(),
        "nodes": nodes,
        "rate": rate,
        "written": p.written(),
    });
    if let Some((pn, dn)) = p.root_numbers() {
        v["proof"] = number(pn);
        v["disproof"] = number(dn);
    }
    if let Some((held, budget)) = p.memory() {
        v["memory"] = held.into();
        v["memory_budget"] = budget.into();
    }
    if let Some((entries, slots)) = p.fill() {
        v["entries"] = entries.into();
        v["slots"] = slots.into();
    }
    let of = job.plies.1.load(Ordering::Relaxed);
    if of > 0 {
        v["ply"] = job.plies.0.load(Ordering::Relaxed).into();
        v["plies"] = of.into();
    }
    v
}

/// `POST /api/cancel`: stops the client's search, running or waiting.
pub async fn cancel(
    State(server): State<Arc<Server>>,
    Extension(client): Extension<Client>,
) -> Response {
    let job = server.lock().get(&client).cloned();
    let cancelled = job.is_some_and(|job| {
        job.progress.request_stop();
        job.cancel.notify_one();
        true
    });
    super::json_response(json!({ "cancelled": cancelled }))
}

/// `GET /api/status`: searches running and waiting, clients with a
/// search, answers given.
pub async fn status(State(server): State<Arc<Server>>) -> Response {
    super::json_response(server.counts())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(bind: &str) -> Server {
        Server::new(Config {
            bind: bind.parse().expect("an address"),
            max_time: Duration::from_secs(1),
            max_threads: 1,
            searches: 1,
            queue: 1,
            memory_per_search: 1 << 20,
        })
    }

    #[test]
    fn a_host_names_this_server_by_a_loopback_name_or_its_address_and_its_port() {
        let s = server("127.0.0.1:7462");
        for host in [
            "127.0.0.1:7462",
            "localhost:7462",
            "LOCALHOST:7462",
            "[::1]:7462",
            "127.0.0.2:7462",
        ] {
            assert!(s.serves_host(host), "{host}");
        }
        for host in [
            "127.0.0.1:7463",
            "127.0.0.1",
            "evil.example:7462",
            "127.0.0.1:17462",
            "10.0.0.1:7462",
            ":7462",
        ] {
            assert!(!s.serves_host(host), "{host}");
        }
        let lan = server("192.168.1.5:80");
        assert!(lan.serves_host("192.168.1.5:80"));
        assert!(
            !lan.serves_host("localhost:80"),
            "not listening on loopback"
        );
        assert!(!lan.serves_host("evil.example:80"));
        let any = server("0.0.0.0:80");
        assert!(any.serves_host("my-machine.lan:80"));
        assert!(!any.serves_host("my-machine.lan:81"));
    }
}

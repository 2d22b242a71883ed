//! `kinrow serve`'s API on its own, against a real server process on a
//! loopback port: the page's files, positions read as files are, answers
//! equal to the command line's, every kind of bad or oversized request
//! refused with a reason (and the server still up), one search per
//! client, the queue's bound, Cancel, a client that goes away mid-search,
//! and fifty clients at once. The tests here run one at a time ([`one`])
//! and ask for at most two search threads.

mod client;

use super::common::{kinrow, write};
use client::Server;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Held by each test: one server searching at a time, so that the
/// searches of these tests never take more than two threads together.
static ONE: Mutex<()> = Mutex::new(());

fn one() -> std::sync::MutexGuard<'static, ()> {
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

fn positions(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../positions")
        .join(rel)
}

/// A renju puzzle kinrow proves in well under a second.
const PUZZLE: &str = "renju-puzzles/vct_game_white_l05_1.pos";

/// A search that runs until its budget or a stop: the whole game of renju
/// after two moves, asked of PNS.
fn long() -> Value {
    json!({ "text": "board 15\nrule renju\nmoves h8 h9\n", "prover": "pns", "time": 30 })
}

/// glibc's allocator keeps up to twice its largest mmap threshold (64
/// MiB) of freed memory for reuse rather than hand it back at once
/// (docs/serve.md); with fixed small thresholds it hands back what is
/// freed, so that the resident memory shows what the server still holds.
const HAND_BACK: (&str, &str) = (
    "GLIBC_TUNABLES",
    "glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072",
);

fn read(rel: &str) -> String {
    std::fs::read_to_string(positions(rel)).expect("a bundled file")
}

#[test]
fn the_page_and_its_files_are_served_with_a_policy_that_forbids_other_hosts() {
    let _one = one();
    let s = Server::start(&[]);
    let page = s.send("GET", "/", &[], "");
    assert_eq!(page.status, 200);
    let policy = page
        .header("content-security-policy")
        .expect("a policy")
        .to_string();
    assert!(policy.contains("default-src 'none'") && policy.contains("connect-src 'self'"));
    let html = page.text();
    assert!(html.contains("<script src=\"/serve.js\""));
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no other host named"
    );
    for path in ["/serve.js", "/serve.css"] {
        let r = s.send("GET", path, &[], "");
        assert_eq!(r.status, 200, "{path}");
        // The SVG namespace is a name, not an address fetched.
        let text = r.text().replace("http://www.w3.org/2000/svg", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path}"
        );
    }
    let missing = s.send("GET", "/nothing", &[], "");
    assert_eq!(missing.status, 404);
    assert!(missing.json()["error"].is_string());
}

#[test]
fn positions_and_games_are_read_as_the_command_line_reads_files() {
    let _one = one();
    let s = Server::start(&[]);
    let suite = read("renju-puzzles/vct_forbidden_breaker.pos");
    let renju = s
        .post(
            "/api/position",
            "a",
            &json!({ "text": suite, "file": "breaker.pos", "name": "vct_forbidden_breaker-renju" }),
        )
        .json();
    assert_eq!(renju["rule"], "renju");
    assert_eq!(renju["names"].as_array().map(Vec::len), Some(3));
    assert_eq!(
        renju["forbidden"],
        json!([{ "cell": "i7", "kind": "double-three" }]),
        "as `kinrow show` lists them"
    );
    assert!(renju["picture"]
        .as_str()
        .is_some_and(|p| p.starts_with("<svg")));
    // The stones in play order when the text gives one.
    let moves = s
        .post(
            "/api/position",
            "a",
            &json!({ "text": "board 9\nk 4\nmoves e5 d4 f5\n" }),
        )
        .json();
    assert_eq!(moves["ordered"], true);
    let cells: Vec<&str> = moves["stones"]
        .as_array()
        .expect("stones")
        .iter()
        .map(|s| s["cell"].as_str().expect("a cell"))
        .collect();
    assert_eq!(cells, ["e5", "d4", "f5"]);
    assert_eq!(moves["to_move"], "o");
    // A game record: its moves, and the ply `solve` would take.
    let game = s
        .post(
            "/api/position",
            "a",
            &json!({ "text": read("games/selfplay-21.psq"), "file": "selfplay-21.psq" }),
        )
        .json();
    let out = kinrow()
        .args(["show"])
        .arg(positions("games/selfplay-21.psq"))
        .output()
        .expect("run");
    assert!(out.status.success());
    let ply = game["game"]["ply"].as_u64().expect("a ply") as usize;
    assert_eq!(game["stones"].as_array().map(Vec::len), Some(ply));
    assert!(game["game"]["moves"].as_array().map(Vec::len) > Some(ply));
}

#[test]
fn bad_and_oversized_requests_are_refused_with_a_reason_and_the_server_stays_up() {
    let _one = one();
    let mut s = Server::start(&[]);
    let refused = |r: client::Reply, status: u16, says: &str| {
        assert_eq!(r.status, status, "{says}");
        let e = r.json()["error"].as_str().expect("an error").to_string();
        assert!(e.contains(says), "`{e}` should say `{says}`");
    };
    let text = |t: &str| json!({ "text": t });
    // Positions: what the format crate refuses, with file:line:column.
    refused(
        s.post("/api/position", "a", &text("board 15\nk 5\nmoves h8 h8\n")),
        400,
        "board.pos:3:",
    );
    refused(
        s.post("/api/position", "a", &text("board 27\n")),
        400,
        "board.pos:1:",
    );
    refused(
        s.post("/api/position", "a", &text("board 15\nrule chess\n")),
        400,
        "board.pos:2:",
    );
    refused(
        s.post(
            "/api/position",
            "a",
            &text("board 15\nk 5\nmoves h8 a1 i8 a2 j8 a3 k8 a4 l8\n"),
        ),
        400,
        "winning line",
    );
    refused(
        s.post("/api/solve", "a", &text("board 5\nxx\n")),
        400,
        "board.pos:",
    );
    refused(
        s.post("/api/analyse", "a", &text("board 15\n")),
        400,
        "not one",
    );
    // Requests: not JSON, unknown fields, bad values.
    refused(
        s.send(
            "POST",
            "/api/position",
            &[("X-Kinrow-Client", "a")],
            "{not json",
        ),
        400,
        "not what the API reads",
    );
    refused(
        s.post("/api/position", "a", &json!({ "text": "", "depth": 3 })),
        400,
        "unknown field",
    );
    refused(
        s.post(
            "/api/solve",
            "a",
            &json!({ "text": "board 9\n", "prover": "magic" }),
        ),
        400,
        "prover: expected one of auto",
    );
    refused(
        s.post(
            "/api/solve",
            "a",
            &json!({ "text": "board 9\n", "time": -1 }),
        ),
        400,
        "time",
    );
    refused(
        s.post(
            "/api/solve",
            "a",
            &json!({ "text": "board 9\n", "threads": 0 }),
        ),
        400,
        "threads",
    );
    refused(
        s.post(
            "/api/solve",
            "a",
            &json!({ "text": "board 9\n", "max_nodes": 0 }),
        ),
        400,
        "max_nodes",
    );
    // Oversized: the body, whatever it holds.
    let big = json!({ "text": "#".repeat(2 << 20) });
    refused(
        s.post("/api/position", "a", &big),
        413,
        "larger than the server reads",
    );
    // Guards: the client header, other origins, other hosts.
    refused(s.send("GET", "/api/info", &[], ""), 400, "x-kinrow-client");
    refused(
        s.send("GET", "/api/info", &[("X-Kinrow-Client", "a b")], ""),
        400,
        "x-kinrow-client",
    );
    let from = |h: (&str, &str)| s.send("GET", "/api/info", &[("X-Kinrow-Client", "a"), h], "");
    refused(
        from(("Origin", "http://evil.example")),
        403,
        "other origins",
    );
    refused(from(("Sec-Fetch-Site", "cross-site")), 403, "other sites");
    let host = s.send(
        "GET",
        "/api/info",
        &[("Host", "evil.example"), ("X-Kinrow-Client", "a")],
        "",
    );
    refused(host, 403, "not this server's name");
    let own = format!("http://{}", s.host());
    assert_eq!(from(("Origin", own.as_str())).status, 200, "its own origin");
    let localhost = format!("localhost:{}", s.addr.port());
    let named = s.send(
        "GET",
        "/api/info",
        &[("Host", localhost.as_str()), ("X-Kinrow-Client", "a")],
        "",
    );
    assert_eq!(named.status, 200, "localhost names a loopback server");
    // Still up, nothing left behind.
    assert!(s.alive());
    assert!(s.idle_within(Duration::from_secs(5)));
    assert_eq!(
        s.send("GET", "/api/info", &[("X-Kinrow-Client", "a")], "")
            .status,
        200
    );
}

#[test]
fn a_solve_answers_as_kinrow_solve_does_and_its_certificate_checks() {
    let _one = one();
    let s = Server::start(&[]);
    let text = read(PUZZLE);
    let mut r = s.post(
        "/api/solve",
        "a",
        &json!({ "text": text, "file": "l05.pos", "threads": 1, "certificate": true }),
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/event-stream"));
    let (first, started) = r.event().expect("an event");
    assert_eq!(first, "started");
    assert_eq!(started["threads"], 1);
    let (name, answer) = r.last_event();
    assert_eq!(name, "result");
    let out = kinrow()
        .args(["solve", "--json", "--threads", "1"])
        .arg(positions(PUZZLE))
        .output()
        .expect("run");
    let cli: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let got = &answer["json"];
    for field in [
        "result",
        "move",
        "pv",
        "plies",
        "holds_for",
        "claim",
        "prover",
        "nodes",
    ] {
        assert_eq!(got[field], cli[field], "{field}");
    }
    let words = |t: &str| {
        t.lines()
            .filter(|l| {
                l.starts_with("result:") || l.starts_with("holds for:") || l.starts_with("line:")
            })
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let cli_text = kinrow()
        .args(["solve", "--threads", "1"])
        .arg(positions(PUZZLE))
        .output()
        .expect("run");
    let answer_text = answer["text"].as_str().expect("text");
    assert_eq!(
        words(answer_text),
        words(&String::from_utf8_lossy(&cli_text.stdout))
    );
    assert!(answer["svg"]
        .as_str()
        .is_some_and(|p| p.starts_with("<svg")));
    // The certificate checks with the independent checker.
    let dir = tempfile::tempdir().expect("temp");
    let proof = write(
        dir.path(),
        "l05.proof",
        answer["certificate"].as_str().expect("a certificate"),
    );
    let checked = kinrow()
        .arg("check")
        .arg(positions(PUZZLE))
        .arg(&proof)
        .output()
        .expect("run");
    assert!(String::from_utf8_lossy(&checked.stdout).starts_with("proof valid"));
    // Defences: as `solve --defences`.
    let threat = "board 15\nk 5\nrule freestyle\ndepth 5\nmoves h8 h9 i8 i9 j8\n";
    let (name, answer) = s
        .post("/api/defences", "a", &json!({ "text": threat }))
        .last_event();
    assert_eq!(name, "result");
    assert_eq!(answer["json"]["defences"], json!(["g8", "k8"]));
    assert_eq!(answer["json"]["holds_for"], "real-game");
}

#[test]
fn caps_hold_whatever_the_client_asks() {
    let _one = one();
    let s = Server::start(&["--max-time", "2", "--memory", "64M"]);
    let mut r = s.post(
        "/api/solve",
        "a",
        &json!({ "text": "board 26\nk 5\n", "prover": "pns", "time": 100000, "threads": 64 }),
    );
    let (_, started) = r.event().expect("started");
    assert_eq!(started["time"], 2.0);
    assert_eq!(started["threads"], 1);
    assert_eq!(started["memory"], 64 << 20);
    assert_eq!(started["notes"].as_array().map(Vec::len), Some(2));
    let start = Instant::now();
    let (name, answer) = r.last_event();
    assert_eq!(name, "result");
    assert_eq!(answer["json"]["result"], "unknown");
    // Its time or its memory ran out: either way within the caps (2 s,
    // measured with a generous margin for a loaded machine).
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(answer["json"]["peak_bytes"].as_u64() <= Some(64 << 20));
}

#[test]
fn one_search_per_client_and_a_bounded_queue() {
    let _one = one();
    let s = Server::start(&["--searches", "1", "--queue", "1"]);
    let mut a = s.post("/api/solve", "a", &long());
    assert_eq!(a.event().expect("started").0, "started");
    // The same client again: refused while its search runs.
    let again = s.post("/api/solve", "a", &long());
    assert_eq!(again.status, 409);
    // Another client waits its turn; a third finds the queue full.
    let mut b = s.post("/api/defences", "b", &long());
    assert_eq!(b.status, 200);
    assert_eq!(b.event().expect("queued").0, "queued");
    let c = s.post("/api/solve", "c", &long());
    assert_eq!(c.status, 503);
    assert!(c.json()["error"]
        .as_str()
        .is_some_and(|e| e.contains("busy")));
    // Cancelling b while it waits; then a.
    let cancelled = s.post("/api/cancel", "b", &json!({})).json();
    assert_eq!(cancelled["cancelled"], true);
    assert_eq!(b.last_event().0, "cancelled");
    s.post("/api/cancel", "a", &json!({}));
    assert_eq!(a.last_event().1["json"]["exhausted"], "stopped");
    assert!(s.idle_within(Duration::from_secs(5)));
    assert_eq!(
        s.post("/api/cancel", "a", &json!({})).json()["cancelled"],
        false
    );
}

#[test]
fn a_burst_of_clients_finds_the_queue_bound_exact() {
    let _one = one();
    let s = Server::start(&["--searches", "1", "--queue", "2"]);
    let mut a = s.post("/api/solve", "a", &long());
    assert_eq!(a.event().expect("started").0, "started");
    // Ten clients at once while a runs: two wait, eight are refused.
    let mut replies: Vec<(String, client::Reply)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..10)
            .map(|i| {
                let s = &s;
                scope.spawn(move || {
                    let id = format!("burst-{i}");
                    let r = s.post("/api/solve", &id, &long());
                    (id, r)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a client"))
            .collect()
    });
    let waiting: Vec<&str> = replies
        .iter()
        .filter(|(_, r)| r.status == 200)
        .map(|(id, _)| id.as_str())
        .collect();
    assert_eq!(waiting.len(), 2, "admitted: {waiting:?}");
    assert_eq!(replies.iter().filter(|(_, r)| r.status == 503).count(), 8);
    for (id, r) in &mut replies {
        if r.status == 200 {
            s.post("/api/cancel", id, &json!({}));
            assert_eq!(r.last_event().0, "cancelled");
        }
    }
    s.post("/api/cancel", "a", &json!({}));
    assert_eq!(a.last_event().0, "result");
    assert!(s.idle_within(Duration::from_secs(5)));
}

#[test]
fn cancel_stops_a_search_within_a_second() {
    let _one = one();
    let s = Server::start(&[]);
    let mut r = s.post("/api/solve", "a", &long());
    // Searching: a progress event with nodes.
    loop {
        let (name, v) = r.event().expect("an event");
        if name == "progress" && v["nodes"].as_u64() > Some(0) {
            break;
        }
    }
    let start = Instant::now();
    assert_eq!(
        s.post("/api/cancel", "a", &json!({})).json()["cancelled"],
        true
    );
    let (name, answer) = loop {
        let e = r.event().expect("an event");
        if e.0 != "progress" {
            break e;
        }
    };
    let took = start.elapsed();
    eprintln!("cancel to the answer: {} ms", took.as_millis());
    assert_eq!(name, "result");
    assert_eq!(answer["json"]["exhausted"], "stopped");
    assert_eq!(
        answer["json"]["claim"],
        "unknown: the search was stopped before it settled"
    );
    // The issue asks for a second; asserted with a margin for a loaded
    // machine (measured: well under 0.1 s here).
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(s.idle_within(Duration::from_secs(5)));
}

#[test]
fn a_client_that_goes_away_mid_search_stops_it_and_its_memory_is_freed() {
    let _one = one();
    let s = Server::start_with(&[], &[HAND_BACK]);
    // A search of a second first, so that what the server keeps for good
    // (its runtime, the allocator's arena for a search thread) is in the
    // baseline.
    let mut warm = long();
    warm["time"] = 1.into();
    assert_eq!(s.post("/api/solve", "warm", &warm).last_event().0, "result");
    let before = s.rss();
    let mut r = s.post("/api/solve", "a", &long());
    // A second of search: PNS holds tens of MiB by then.
    let mut held = 0;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        let (name, v) = r.event().expect("an event");
        if name == "progress" {
            held = v["memory"].as_u64().unwrap_or(0);
        }
    }
    assert!(held > 0, "the search holds memory");
    let during = s.rss();
    drop(r);
    let gone = Instant::now();
    assert!(s.idle_within(Duration::from_secs(5)), "the search stopped");
    eprintln!(
        "stopped {} ms after the client went away",
        gone.elapsed().as_millis()
    );
    let after = s.rss();
    eprintln!("resident memory: before {before:?}, during {during:?}, after {after:?} (search held {held})");
    if let (Some(before), Some(after)) = (before, after) {
        assert!(after < before + (4 << 20), "freed: {before} -> {after}");
    }
    // And it still answers.
    let (name, _) = s
        .post(
            "/api/solve",
            "b",
            &json!({ "text": read(PUZZLE), "threads": 1 }),
        )
        .last_event();
    assert_eq!(name, "result");
}

/// Fifty clients at once, each asking `ask` as its own client: every
/// answer, in the order the clients were started.
fn fifty(s: &Server, ask: &Value, round: usize) -> Vec<Value> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|i| {
                scope.spawn(move || {
                    let mut r = s.post("/api/solve", &format!("client-{round}-{i}"), ask);
                    assert_eq!(r.status, 200, "client {i}");
                    let (name, v) = r.last_event();
                    assert_eq!(name, "result", "client {i}");
                    v
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a client"))
            .collect()
    })
}

#[test]
fn fifty_clients_at_once_each_get_their_answer_and_memory_returns() {
    let _one = one();
    let s = Server::start_with(&["--searches", "2"], &[HAND_BACK]);
    let ask = json!({ "text": read(PUZZLE), "threads": 1 });
    // Two searches at once first, so that what the server keeps for good
    // (its runtime, the allocator's arenas for two search threads) is in
    // the baseline.
    std::thread::scope(|scope| {
        for i in 0..2 {
            let (s, ask) = (&s, &ask);
            scope.spawn(move || {
                let (name, _) = s.post("/api/solve", &format!("warm-{i}"), ask).last_event();
                assert_eq!(name, "result");
            });
        }
    });
    let before = s.rss();
    let mut rounds = Vec::new();
    for round in 0..2 {
        let start = Instant::now();
        let answers = fifty(&s, &ask, round);
        eprintln!(
            "50 clients answered in {:.2} s",
            start.elapsed().as_secs_f64()
        );
        assert_eq!(answers.len(), 50);
        for v in &answers {
            assert_eq!(v["json"]["result"], "win");
            assert_eq!(v["json"]["pv"], answers[0]["json"]["pv"]);
        }
        assert!(s.idle_within(Duration::from_secs(5)));
        rounds.push(s.rss());
    }
    assert_eq!(s.status()["answered"], 102, "nothing lost");
    eprintln!(
        "resident memory: before {before:?}, after 50 clients {:?}, after 50 more {:?}",
        rounds[0], rounds[1]
    );
    if let (Some(before), Some(first), Some(second)) = (before, rounds[0], rounds[1]) {
        assert!(
            first < before + (4 << 20),
            "back to its start: {before} -> {first}"
        );
        assert!(
            second < first + (1 << 20),
            "no growth from one round to the next: {first} -> {second}"
        );
    }
}

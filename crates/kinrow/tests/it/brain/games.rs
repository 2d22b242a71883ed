//! Whole games between two `kinrow brain` processes through the referee:
//! every move legal and in time, every announced forced win carried out.

use super::referee::{play, Match, Report};
use std::time::Duration;

/// The turn limit of the games in the tests: short, so they stay fast.
const TURN: Duration = Duration::from_millis(250);
/// What an answer may take beyond the limit before the test fails: a
/// guard against an answer far too late (twenty turns), not a bound on
/// how promptly it comes, which a busy machine upsets (issue 63: no test
/// may fail by chance). The brain aims at 80% of the limit
/// (`crates/brain/src/budget.rs` tests the arithmetic); `answer_times`
/// below measures the answers on a quiet machine.
const MARGIN: Duration = Duration::from_secs(5);

/// Openings (protocol coordinates, Black first), placed relative to the
/// centre `(cx, cy)`.
fn opening(cx: u32, cy: u32, which: usize) -> Vec<(u32, u32)> {
    let shapes: [&[(i32, i32)]; 3] = [
        &[(0, 0), (1, 1), (2, 0)],
        &[(0, 0), (0, 1), (-2, -1)],
        &[(0, 0), (1, 0)],
    ];
    shapes[which % 3]
        .iter()
        .map(|&(dx, dy)| ((cx as i32 + dx) as u32, (cy as i32 + dy) as u32))
        .collect()
}

fn game(size: u32, rule: u32, which: usize) -> Report {
    let m = Match {
        width: size,
        height: size,
        rule,
        timeout_turn: TURN,
        opening: opening(size / 2, size / 2, which),
        max_moves: 80,
    };
    let report = play(&m, MARGIN);
    assert!(report.faults.is_empty(), "{m:?}: {:#?}", report.faults);
    report
}

#[test]
fn freestyle_15() {
    game(15, 0, 0);
}

#[test]
fn exact_15() {
    game(15, 1, 1);
}

#[test]
fn freestyle_20() {
    game(20, 0, 2);
}

#[test]
fn exact_20() {
    game(20, 1, 0);
}

#[test]
fn renju_15() {
    game(15, 4, 1);
}

/// The README's answer-time figures: `KINROW_TURN_MS` (default 1000) and
/// `KINROW_GAMES` (default 4) self-play games on 15x15 and 20x20, freestyle
/// and exact (or all under `KINROW_RULE`; `KINROW_THREADS` sends `INFO
/// thread_num`), then the distribution of answer
/// times. Run with
/// `cargo test --release -p kinrow --test it -- --ignored --nocapture
/// brain::games::answer_times`.
#[test]
#[ignore = "takes minutes; prints the README's figures"]
fn answer_times() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let turn = Duration::from_millis(env("KINROW_TURN_MS", 1000));
    let games = env("KINROW_GAMES", 4) as usize;
    let mut times = Vec::new();
    let (mut wins, mut announced, mut faults) = (0, 0, 0);
    for i in 0..games {
        let size = if i % 2 == 0 { 15 } else { 20 };
        let rule = match std::env::var("KINROW_RULE") {
            Ok(r) => r.parse().expect("KINROW_RULE: 0, 1 or 4"),
            Err(_) => u32::from((i / 2) % 2 == 1),
        };
        let m = Match {
            width: size,
            height: size,
            rule,
            timeout_turn: turn,
            opening: opening(size / 2, size / 2, i),
            max_moves: 120,
        };
        let r = play(&m, Duration::ZERO);
        println!(
            "game {i}: {size}x{size} rule {rule}: {} moves, winner {:?}, wins announced {:?}, faults {:?}",
            r.moves, r.winner, r.announced, r.faults
        );
        wins += usize::from(r.winner.is_some());
        announced += r.announced.len();
        faults += r.faults.len();
        times.extend(r.times);
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let q = |p: f64| ms(times[((times.len() - 1) as f64 * p) as usize]);
    let within = times.iter().filter(|&&t| t <= turn).count();
    println!(
        "timeout_turn {} ms: {} answers, {within} within the limit; median {:.0} ms, 90% {:.0} ms, \
         99% {:.0} ms, max {:.0} ms; {wins} games won, {announced} forced wins announced, {faults} faults",
        turn.as_millis(),
        times.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        q(1.0)
    );
}

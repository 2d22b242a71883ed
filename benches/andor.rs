//! Benches of the AND-OR prover on 15x15 freestyle gomoku positions, one
//! thread: `cargo bench -p kinrow-bench --bench andor`.
//!
//! - `andor/depth9/<position>` and `andor/depth9/all-five`: the prover at
//!   depth 9, `near 1`, `attack any`; the throughput is the prover's node
//!   count, so criterion reports nodes per second. The verdict and the win
//!   length are checked before timing.
//! - `andor/textbook-vs-and-or/<solver>/<position>`: depth 7, `near 1`: the
//!   plain textbook recursion (no reductions, table, ordering or deepening;
//!   `kinrow_reference::textbook`) against the prover. Both answers are checked
//!   to agree before timing.
//!
//! The positions are short random games (12 stones, x to move), written as
//! a suite in the position-file format so they can move to
//! `positions/bench/` as they are.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use kinrow_format::{parse_positions, Expect, Position};
use kinrow_prover::{AndOr, AndOrConfig, Limits, Problem, Prover, Verdict};
use kinrow_reference::textbook::Textbook;
use std::time::Duration;

/// The bench positions, at depth 9; each name says the length of the
/// shortest win (`win9` is a no-win within 7 plies).
const SUITE: &str = "
[win3]
board 15
candidates near 1
attack any
depth 9
moves h8 g9 i9 f9 f10 i10 e8 e7 e9 h10 d8 g10
expect win
solution c7 f8 g11

[win5]
board 15
candidates near 1
attack any
depth 9
moves h8 i8 i7 h6 j7 h9 j8 k8 i9 g5 l9 g8
expect win
solution j6 g7 h7 k7 l7 g9 j9 k9 m9 h10 j10 l10

[win7]
board 15
candidates near 1
attack any
depth 9
moves h8 g9 i9 g7 f7 g6 g8 g10 f5 f9 e9 h5
expect win
solution e6 e8 i8 j8 h9 i10

[win9]
board 15
candidates near 1
attack any
depth 9
moves h8 h7 g9 h10 g6 h9 g5 g11 f9 f7 e9 e8
expect win
solution i7

[no-win]
board 15
candidates near 1
attack any
depth 9
moves h8 h9 g7 i9 g10 i7 f10 i10 e9 d9 g6 f6
expect no-win
";

fn positions() -> Vec<Position> {
    parse_positions(SUITE, "andor-bench").expect("the bench suite parses")
}

fn problem(p: &Position, depth: u32) -> Problem {
    Problem {
        depth: Some(depth),
        ..Problem::from(p)
    }
}

/// The length of the shortest win the position's name promises.
fn plies(p: &Position) -> Option<u32> {
    p.name.strip_prefix("win").map(|n| n.parse().unwrap())
}

fn nodes_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("andor/depth9");
    group.sample_size(20);
    let mut set = Vec::new();
    let mut total = 0;
    for p in positions() {
        let problem = problem(&p, p.depth.unwrap());
        let mut prover = AndOr::new(AndOrConfig::default());
        let out = prover.prove(&problem, &Limits::default());
        let expected = match p.expect {
            Some(Expect::Win) => Verdict::Win,
            _ => Verdict::NoWin,
        };
        assert_eq!(out.verdict, expected, "{}", p.name);
        assert_eq!(out.plies, plies(&p), "{}", p.name);
        if let Some(m) = out.best_move {
            assert!(p.solution.contains(&m), "{}", p.name);
        }
        total += out.stats.nodes;
        group.throughput(Throughput::Elements(out.stats.nodes));
        group.bench_function(&p.name, |b| {
            b.iter(|| prover.prove(black_box(&problem), &Limits::default()))
        });
        set.push(problem);
    }
    // The five together: the headline nodes per second.
    let mut prover = AndOr::new(AndOrConfig::default());
    group.throughput(Throughput::Elements(total));
    group.bench_function("all-five", |b| {
        b.iter(|| {
            for problem in &set {
                black_box(prover.prove(black_box(problem), &Limits::default()));
            }
        })
    });
    group.finish();
}

fn textbook_vs_andor(c: &mut Criterion) {
    let mut group = c.benchmark_group("andor/textbook-vs-and-or");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10));
    // The textbook needs about 116 million nodes (8 s) for `no-win` at
    // depth 7, left out to keep the bench short; `win9` is the no-win case
    // here (60 million nodes).
    for p in positions().into_iter().filter(|p| p.name != "no-win") {
        let problem = problem(&p, 7);
        let mut prover = AndOr::new(AndOrConfig::default());
        let out = prover.prove(&problem, &Limits::default());
        let mut textbook = Textbook::new(problem.candidates, problem.attack);
        let mut board = problem.board.clone();
        let wins = textbook.attacker_wins(&mut board, 7);
        assert_eq!(wins, Some(out.verdict == Verdict::Win), "{}", p.name);
        assert_eq!(
            out.verdict == Verdict::Win,
            plies(&p) <= Some(7),
            "{}",
            p.name
        );
        group.bench_with_input(BenchmarkId::new("textbook", &p.name), &problem, |b, pr| {
            b.iter(|| {
                let mut t = Textbook::new(pr.candidates, pr.attack);
                let mut board = pr.board.clone();
                t.attacker_wins(black_box(&mut board), 7)
            })
        });
        group.bench_with_input(BenchmarkId::new("and-or", &p.name), &problem, |b, pr| {
            b.iter(|| prover.prove(black_box(pr), &Limits::default()))
        });
    }
    group.finish();
}

criterion_group!(benches, nodes_per_second, textbook_vs_andor);
criterion_main!(benches);

//! The value searches side by side: nodes visited by plain minimax,
//! alpha-beta and SCOUT on 15x15 gomoku positions (k = 5, freestyle,
//! candidates near 1), the ratios, and the time per search with the nodes as
//! criterion's throughput (so "thrpt" reads as nodes per second).
//!
//! Run with `cargo bench -p kinrow-bench --bench value`. Before the timings
//! the bench prints the node table (deterministic: it changes only when the
//! searches do), with a last column for alpha-beta without the deepening
//! of `ValueConfig::iterative`. Minimax runs only at depth 3, where it
//! finishes quickly.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use kinrow_board::{Attack, Board, Candidates, Game, Rule};
use kinrow_prover::value::ValueConfig;
use kinrow_prover::{AlphaBeta, Limits, Minimax, Outcome, Problem, Prover, Scout};
use std::time::Duration;

/// A benchmark position: stones in playing order (x first), horizon, and
/// whether plain minimax joins.
struct Case {
    name: &'static str,
    moves: &'static str,
    depth: u32,
    eval: bool,
    minimax: bool,
}

const QUIET: &str = "h8 h9 i9 g7 i7 j8 g9";
const WIN5: &str = "j6 a1 h8 b2 k8 g7 f9 m8 i9 i10";
const WIN7: &str = "k3 k6 e6 c7 i7 k8 m7 e10 n7 g10 h8 i10 i8 i11 m11 i14 h12";
const LOSS6: &str = "f1 b1 g2 e2 d3 m10 c5 b11 f5 d11 m11 d12 c14 d13 f15 e13";

const CASES: &[Case] = &[
    Case {
        name: "quiet",
        moves: QUIET,
        depth: 3,
        eval: false,
        minimax: true,
    },
    Case {
        name: "quiet-eval",
        moves: QUIET,
        depth: 3,
        eval: true,
        minimax: true,
    },
    Case {
        name: "win5",
        moves: WIN5,
        depth: 3,
        eval: false,
        minimax: true,
    },
    Case {
        name: "loss6",
        moves: LOSS6,
        depth: 3,
        eval: false,
        minimax: true,
    },
    Case {
        name: "quiet",
        moves: QUIET,
        depth: 5,
        eval: false,
        minimax: false,
    },
    Case {
        name: "quiet-eval",
        moves: QUIET,
        depth: 5,
        eval: true,
        minimax: false,
    },
    Case {
        name: "win5",
        moves: WIN5,
        depth: 7,
        eval: false,
        minimax: false,
    },
    Case {
        name: "win7",
        moves: WIN7,
        depth: 7,
        eval: false,
        minimax: false,
    },
    Case {
        name: "loss6",
        moves: LOSS6,
        depth: 7,
        eval: false,
        minimax: false,
    },
];

fn problem(case: &Case) -> Problem {
    let game = Game::new(15, 15, 5, Rule::Freestyle).expect("15x15");
    let mut board = Board::new(game);
    let g = *board.game().geometry();
    for name in case.moves.split_whitespace() {
        board.play(g.parse_cell(name).expect("a cell"));
    }
    Problem {
        board,
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(case.depth),
    }
}

fn provers(case: &Case) -> Vec<Box<dyn Prover>> {
    let config = ValueConfig {
        eval: case.eval,
        ..ValueConfig::default()
    };
    let mut v: Vec<Box<dyn Prover>> = Vec::new();
    if case.minimax {
        v.push(Box::new(Minimax::new(config)));
    }
    v.push(Box::new(AlphaBeta::new(config)));
    v.push(Box::new(Scout::new(config)));
    v
}

fn row_name(case: &Case) -> String {
    format!("{}/d{}", case.name, case.depth)
}

/// One run of each prover: (name, outcome).
fn run(case: &Case) -> Vec<(&'static str, Outcome)> {
    let p = problem(case);
    provers(case)
        .into_iter()
        .map(|mut prover| (prover.name(), prover.prove(&p, &Limits::default())))
        .collect()
}

/// Nodes of alpha-beta without the deepening of `ValueConfig::iterative`.
fn flat_alpha_beta(case: &Case) -> u64 {
    let mut ab = AlphaBeta::new(ValueConfig {
        eval: case.eval,
        iterative: false,
        ..ValueConfig::default()
    });
    ab.prove(&problem(case), &Limits::default()).stats.nodes
}

fn print_table() {
    eprintln!();
    eprintln!(
        "{:<16} {:>5} {:>11} {:>11} {:>11} {:>10} {:>10} {:>9} {:>11}",
        "position",
        "value",
        "minimax",
        "alpha-beta",
        "scout",
        "mm/ab",
        "mm/scout",
        "scout/ab",
        "ab-flat"
    );
    for case in CASES {
        let results = run(case);
        let nodes = |name: &str| {
            results
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, o)| o.stats.nodes)
        };
        let value = results[0].1.value.expect("solved");
        assert!(results.iter().all(|(_, o)| o.value == Some(value)));
        let (mm, ab, sc) = (
            nodes("minimax"),
            nodes("alpha-beta").unwrap(),
            nodes("scout").unwrap(),
        );
        let ratio = |a: u64, b: u64| format!("{:.1}", a as f64 / b as f64);
        eprintln!(
            "{:<16} {:>5} {:>11} {:>11} {:>11} {:>10} {:>10} {:>9} {:>11}",
            row_name(case),
            value,
            mm.map_or("-".into(), |n| n.to_string()),
            ab,
            sc,
            mm.map_or("-".into(), |m| ratio(m, ab)),
            mm.map_or("-".into(), |m| ratio(m, sc)),
            ratio(sc, ab),
            flat_alpha_beta(case),
        );
    }
    eprintln!();
}

fn value(c: &mut Criterion) {
    print_table();
    for case in CASES {
        let p = problem(case);
        let mut group = c.benchmark_group(format!("value/{}", row_name(case)));
        for mut prover in provers(case) {
            let nodes = prover.prove(&p, &Limits::default()).stats.nodes;
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(BenchmarkId::from_parameter(prover.name()), |b| {
                b.iter(|| prover.prove(&p, &Limits::default()))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = value
}
criterion_main!(benches);

//! Proof-number search: nodes created per second on 15x15 positions, the
//! heuristic first numbers against 1/1, the three evaluation timings, and
//! settling small empty boards with the whole game (`candidates all`, no
//! depth).
//!
//! `cargo bench -p kinrow-bench --bench pns`. Criterion's throughput line
//! (`elem/s`) is nodes created per second; before each group a line gives
//! the verdict, nodes, expansions and peak arena memory of one run (the
//! node count doubles as a determinism check). The last group, 9x4 and
//! 10x4 k=4 and 7x7 k=5, takes about ten minutes: run it alone with
//! `-- pns-settle/[79]`. More boards and settings,
//! too slow for criterion, are in `crates/prover/tests/it/pns_settle.rs`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use kinrow_board::{Attack, Board, Candidates, Game, Rule};
use kinrow_prover::{Evaluation, Init, Limits, Pns, PnsConfig, Problem, Prover};
use std::time::Duration;

/// A 15x15 k=5 freestyle position from a move list (x first), with the
/// side to move given by the counts.
fn board15(moves: &str) -> Board {
    let mut b = Board::new(Game::new(15, 15, 5, Rule::Freestyle).unwrap());
    let g = *b.game().geometry();
    for m in moves.split_whitespace() {
        b.play(g.parse_cell(m).expect("a cell of the board"));
    }
    b
}

/// Named 15x15 problems (random middle games, chosen to take 10 to 300 ms).
fn positions15() -> Vec<(&'static str, Problem)> {
    let p = |moves: &str, candidates, depth| Problem {
        board: board15(moves),
        candidates,
        attack: Attack::Any,
        depth: Some(depth),
    };
    vec![
        (
            "win-near1-d11",
            p(
                "g6 h7 i6 j8 i7 g9 h8 h9 f11 c11 h11 b14 d12 h14 d14 j15",
                Candidates::Near(1),
                11,
            ),
        ),
        (
            "win-near2-d9",
            p(
                "d2 f6 e3 h6 g4 j7 h8 l7 h9 k8 d10 m8 m10 h12 f11 g13 d13 c14 j13",
                Candidates::Near(2),
                9,
            ),
        ),
        (
            "nowin-near2-d9",
            p(
                "g3 f2 g4 m2 i4 l3 g5 k5 m5 e6 i6 f6 c8 b8 d8 d9 h8 g10 h9 f11 i10",
                Candidates::Near(2),
                9,
            ),
        ),
        (
            "nowin-near1-d11",
            p(
                "i2 g2 i4 j5 e8 j6 h8 a8 j9 i9 j10 f10 j11",
                Candidates::Near(1),
                11,
            ),
        ),
    ]
}

const CONFIGS: [(&str, Init, Evaluation); 5] = [
    ("mixed-heuristic", Init::Heuristic, Evaluation::Mixed),
    ("mixed-unit", Init::Unit, Evaluation::Mixed),
    ("eager-heuristic", Init::Heuristic, Evaluation::Eager),
    ("delayed-heuristic", Init::Heuristic, Evaluation::Delayed),
    ("delayed-unit", Init::Unit, Evaluation::Delayed),
];

fn config(init: Init, evaluation: Evaluation) -> PnsConfig {
    PnsConfig {
        init,
        evaluation,
        ..PnsConfig::default()
    }
}

/// One run for the record; returns the nodes created.
fn describe(group: &str, name: &str, problem: &Problem, config: PnsConfig) -> u64 {
    let out = Pns::new(config).prove(problem, &Limits::default());
    let s = out.stats;
    println!(
        "{group}/{name}: {} plies {:?}, {} nodes, {} expansions, {} tt hits, \
         peak {:.1} MiB ({:.1} bytes/node), {:.3} s",
        out.verdict,
        out.plies,
        s.nodes,
        s.expansions,
        s.tt_hits,
        s.peak_bytes as f64 / f64::from(1 << 20),
        s.peak_bytes as f64 / s.nodes.max(1) as f64,
        s.elapsed.as_secs_f64(),
    );
    s.nodes
}

fn run(
    c: &mut Criterion,
    group_name: &str,
    problems: &[(&str, Problem)],
    configs: &[(&str, Init, Evaluation)],
) {
    for (name, problem) in problems {
        let mut group = c.benchmark_group(format!("{group_name}/{name}"));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(4));
        for &(cname, init, evaluation) in configs {
            let cfg = config(init, evaluation);
            let nodes = describe(group_name, &format!("{name}/{cname}"), problem, cfg);
            group.throughput(Throughput::Elements(nodes));
            group.bench_with_input(BenchmarkId::from_parameter(cname), problem, |b, p| {
                let mut pns = Pns::new(cfg);
                b.iter(|| pns.prove(p, &Limits::default()));
            });
        }
        group.finish();
    }
}

fn nodes_per_second_15x15(c: &mut Criterion) {
    run(c, "pns-15x15", &positions15(), &CONFIGS);
}

fn settle_small_boards(c: &mut Criterion) {
    let empty = |w, h, k| Problem {
        board: Board::new(Game::new(w, h, k, Rule::Freestyle).unwrap()),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let problems = [
        ("4x4k4-draw", empty(4, 4, 4)),
        ("6x5k4-win", empty(6, 5, 4)),
    ];
    run(c, "pns-settle", &problems, &CONFIGS[..3]);
    // Seconds per run: the default settings only.
    run(
        c,
        "pns-settle",
        &[("5x5k4-draw", empty(5, 5, 4))],
        &CONFIGS[..1],
    );
    // The whole games the reply order brought within a minute (each run
    // takes seconds, so criterion's ten samples take minutes): the 7x7
    // k=5 draw of issue 19 and the two published m x 4 wins.
    run(
        c,
        "pns-settle",
        &[
            ("9x4k4-win", empty(9, 4, 4)),
            ("10x4k4-win", empty(10, 4, 4)),
            ("7x7k5-draw", empty(7, 7, 5)),
        ],
        &CONFIGS[..1],
    );
}

criterion_group!(benches, nodes_per_second_15x15, settle_small_boards);
criterion_main!(benches);

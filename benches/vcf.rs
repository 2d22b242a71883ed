//! The cost of one VCF call: the three VCF puzzles of
//! `positions/renju-puzzles` under freestyle and under renju (a VCF of 23
//! to 31 plies found), and the
//! position after each of their first moves with the other side to move
//! (usually no VCF: the common case, a call that fails).
//!
//! `cargo bench -p kinrow-bench --bench vcf`. Each call starts with an
//! empty table (a fresh generation), as the first call of a search does;
//! before each group a line gives the line length and nodes of one call.

use criterion::{criterion_group, criterion_main, Criterion};
use kinrow_board::SearchBoard;
use kinrow_format::parse_suite;
use kinrow_prover::vcf::Vcf;
use kinrow_prover::Problem;

fn cases() -> Vec<(String, Problem)> {
    let mut out = Vec::new();
    for file in ["vcf_black", "vcf_counter", "vcf_long"] {
        let path = format!(
            "{}/../../positions/renju-puzzles/{file}.pos",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("a bundled puzzle");
        let setups = parse_suite(&text, file).expect("a valid suite");
        // Freestyle, and renju (x's fours under the exact rule, and its
        // forbidden points tested).
        for setup in setups {
            let position = setup.into_position().expect("a valid position");
            if position.name.ends_with("-freestyle") || position.name.ends_with("-renju") {
                out.push((position.name.clone(), Problem::from(&position)));
            }
        }
    }
    out
}

fn vcf_calls(c: &mut Criterion) {
    let mut group = c.benchmark_group("vcf");
    for (name, problem) in cases() {
        let mut vcf = Vcf::new(problem.candidates, 1 << 16);
        let mut board = SearchBoard::from(problem.board.clone());
        let before = vcf.nodes;
        let line = vcf.search(&mut board, 255, u64::MAX);
        println!(
            "{name}: VCF of {:?} plies, {} nodes",
            line.as_ref().map(|l| l.plies()),
            vcf.nodes - before
        );
        group.bench_function(format!("found/{name}"), |b| {
            b.iter(|| {
                vcf.clear();
                vcf.search(&mut board, 255, u64::MAX)
            })
        });
        // The other side to move after the first four: a call that fails.
        if let Some(line) = line {
            board.play(line.moves[0]);
            let before = vcf.nodes;
            let none = vcf.search(&mut board, 255, u64::MAX);
            println!(
                "{name} after {}: {:?}, {} nodes",
                board.game().geometry().name(line.moves[0]),
                none.as_ref().map(|l| l.plies()),
                vcf.nodes - before
            );
            group.bench_function(format!("other-side/{name}"), |b| {
                b.iter(|| {
                    vcf.clear();
                    vcf.search(&mut board, 255, u64::MAX)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, vcf_calls);
criterion_main!(benches);

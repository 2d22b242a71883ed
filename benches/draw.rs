//! The cost of the static no-win tests (pairing strategy and potential
//! bound, `kinrow_prover::rules::pairing`): one call of `defender_holds` on
//! each of a fixed set of random positions of a small whole game, x the
//! attacker, either side to move.
//!
//! `cargo bench -p kinrow-bench --bench draw`. Before each group a line
//! gives how many positions the set holds and on how many the test
//! claims a no-win (the count doubles as a check that two builds compare
//! the same answers). The positions are
//! `kinrow_reference::plays::random_plays` (6 to 24 stones, 16 on 8x4)
//! from a fixed seed, so every build sees the same set.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kinrow_board::{Game, Player, Rule, SearchBoard};
use kinrow_prover::rules::pairing::defender_holds;
use kinrow_reference::{plays::random_plays, Rng};

fn static_tests(c: &mut Criterion) {
    let mut group = c.benchmark_group("draw");
    for (name, width, height, k, max) in [("7x7-k5", 7, 7, 5, 24), ("8x4-k4", 8, 4, 4, 16)] {
        let game = Game::new(width, height, k, Rule::Freestyle).expect("a small game");
        let set: Vec<SearchBoard> = random_plays(&game, &mut Rng(0xd4a3), 2000, max)
            .into_iter()
            .map(SearchBoard::from)
            .collect();
        let held = set.iter().filter(|b| defender_holds(b, Player::X)).count();
        println!("{name}: {} positions, {held} held", set.len());
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| set.iter().filter(|b| defender_holds(b, Player::X)).count())
        });
    }
    group.finish();
}

criterion_group!(benches, static_tests);
criterion_main!(benches);

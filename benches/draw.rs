//! The cost of the static no-win tests (pairing strategy and potential
//! bound, `kinrow_prover::node::draw`): one call of `defender_holds` on
//! each of a fixed set of random positions of a small whole game, x the
//! attacker, either side to move.
//!
//! `cargo bench -p kinrow-bench --bench draw`. Before each group a line
//! gives how many positions the set holds and on how many the test
//! claims a no-win (the count doubles as a check that two builds compare
//! the same answers). The positions are random plays from the empty
//! board with 6 to 24 stones (16 on 8x4) and no line yet, from a fixed seed, so every
//! build sees the same set.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kinrow_board::{Board, Cell, Game, Player, Rule, SearchBoard};
use kinrow_prover::node::draw::defender_holds;

/// `count` random positions of `game` with `min..=max` stones.
fn positions(game: &Game, count: usize, min: u64, max: u64) -> Vec<SearchBoard> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut below = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut board = Board::new(*game);
        let stones = min + below(max - min + 1);
        let mut last: Option<Cell> = None;
        for _ in 0..stones {
            // o answers next to x's last stone three times in four, as a
            // defender of a search does; x plays anywhere.
            let empty = board.empty();
            let mut cells: Vec<usize> = Vec::new();
            if let (Some(at), Player::O, true) = (last, board.to_move(), below(4) > 0) {
                let g = *board.game().geometry();
                let (x, y) = g.xy(at);
                for (dx, dy) in (0..9).map(|i| (i % 3, i / 3)) {
                    let near = g.cell((x + dx).wrapping_sub(1), (y + dy).wrapping_sub(1));
                    cells.extend(near.map(Cell::index).filter(|&i| empty.contains(i)));
                }
            }
            if cells.is_empty() {
                cells = empty.iter().collect();
            }
            let cell = Cell::from_index(cells[below(cells.len() as u64) as usize]);
            board.play(cell);
            last = Some(cell);
        }
        if !board.has_line(Player::X) && !board.has_line(Player::O) {
            out.push(SearchBoard::from(board));
        }
    }
    out
}

fn static_tests(c: &mut Criterion) {
    let mut group = c.benchmark_group("draw");
    for (name, width, height, k, max) in [("7x7-k5", 7, 7, 5, 24), ("8x4-k4", 8, 4, 4, 16)] {
        let game = Game::new(width, height, k, Rule::Freestyle).expect("a small game");
        let set = positions(&game, 2000, 6, max);
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

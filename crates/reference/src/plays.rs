//! Random positions on the real board, for tests and benches of the real
//! code that need positions like a search's, not a reference answer: the
//! stones are played by the real board, and which positions come out is
//! all that is used.

use crate::Rng;
use kinrow_board::{Board, Cell, Game, Player, SearchBoard};

/// `count` random plays of `game` from the empty board, each of 6 to
/// `max` stones (x first) and no line yet; the defender (o) answers next
/// to x's last stone three times in four, as a search's defender does, so
/// the static tests' matching runs far more often than on uniform boards.
#[must_use]
pub fn random_plays(game: &Game, rng: &mut Rng, count: usize, max: usize) -> Vec<Board> {
    let g = *game.geometry();
    let mut out = Vec::new();
    while out.len() < count {
        let mut board = Board::new(*game);
        let mut last = None;
        for _ in 0..rng.range(6, max) {
            let empty: Vec<usize> = board.empty().iter().collect();
            let mut from: Vec<usize> = Vec::new();
            if let (Some(at), Player::O, true) = (last, board.to_move(), rng.chance(3, 4)) {
                let (x, y) = g.xy(at);
                let near = (0..9).filter_map(|i| {
                    g.cell((x + i % 3).wrapping_sub(1), (y + i / 3).wrapping_sub(1))
                });
                from.extend(near.map(Cell::index).filter(|i| empty.contains(i)));
            }
            if from.is_empty() {
                from = empty;
            }
            let cell = Cell::from_index(from[rng.range(0, from.len() - 1)]);
            board.play(cell);
            last = Some(cell);
        }
        if !board.has_line(Player::X) && !board.has_line(Player::O) {
            out.push(board);
        }
    }
    out
}

/// A reproducible stream of pseudo-random numbers from `seed` (the high
/// bits of a linear congruential generator), for [`random_board`].
pub fn numbers(mut seed: u64) -> impl FnMut() -> u32 {
    move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as u32
    }
}

/// A random position of `game` from `moves` tries on uniformly chosen
/// empty cells, sides alternating; a try that would make a line is
/// skipped, so the position has none.
pub fn random_board(game: Game, moves: u32, next: &mut impl FnMut() -> u32) -> SearchBoard {
    let mut b: SearchBoard = Board::new(game).into();
    for _ in 0..moves {
        let empty: Vec<usize> = b.empty().iter().collect();
        if empty.is_empty() {
            break;
        }
        let cell = Cell::from_index(empty[next() as usize % empty.len()]);
        if b.wins_at(cell) {
            continue;
        }
        b.play(cell);
    }
    b
}

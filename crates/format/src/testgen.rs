//! Random positions for the property tests of the parser and the writer.

use crate::position::{Expect, Position};
use kinrow_board::{Attack, Board, Candidates, Cell, Game, Player, Rule};
use proptest::prelude::*;

/// Free text as the parser keeps it: printable ASCII without `#`, trimmed.
fn free_text() -> impl Strategy<Value = String> {
    "[ -\"$-~]{0,24}".prop_map(|s| s.trim().to_owned())
}

/// A position name as the parser keeps it: non-empty, trimmed, no `#`.
fn name() -> impl Strategy<Value = String> {
    "[A-Za-z0-9_][A-Za-z0-9 _.()\\[\\]-]{0,15}".prop_map(|s| s.trim().to_owned())
}

/// A random valid position: any size from 1x1 to 26x26, `k` in 1..=7
/// clamped to the board, both rules, random settings and puzzle data, and
/// stones placed alternately (x first, so the counts are legal) at random
/// cells, skipping any stone that would complete a line.
pub(crate) fn position() -> impl Strategy<Value = Position> {
    let shape = (1..=26u32, 1..=26u32, 1..=7u32, any::<bool>());
    let settings = (
        0..=26u8,
        0..3u8,
        proptest::option::of(0..60u32),
        any::<bool>(),
    );
    let stones = proptest::collection::vec(any::<usize>(), 0..120);
    let puzzle = (
        0..3u8,
        proptest::collection::vec(any::<usize>(), 0..4),
        proptest::collection::vec(free_text(), 0..3),
        proptest::option::of(free_text()),
        name(),
    );
    (shape, settings, stones, puzzle).prop_map(
        |((w, h, k, exact), (near, attack, depth, o_to_move), picks, puzzle)| {
            let (expect, solution_picks, sources, slow, name) = puzzle;
            let rule = if exact { Rule::Exact } else { Rule::Freestyle };
            let game = Game::new(w, h, k.min(w.max(h)), rule).expect("a valid game");
            let g = *game.geometry();
            let cells: Vec<Cell> = g.all_cells().collect();
            let mut board = Board::new(game);
            let mut player = Player::X;
            for pick in picks {
                let cell = cells[pick % cells.len()];
                if board.stone_at(cell).is_some() {
                    continue;
                }
                board.place(cell, player);
                if game.has_line(player, board.stones(player)) {
                    board.remove(cell, player);
                    continue;
                }
                player = player.other();
            }
            board.set_to_move(if o_to_move { Player::O } else { Player::X });
            let expect = [None, Some(Expect::Win), Some(Expect::NoWin)][usize::from(expect)];
            let empty: Vec<Cell> = board.empty().iter().map(Cell::from_index).collect();
            let solution = if expect == Some(Expect::Win) && !empty.is_empty() {
                solution_picks
                    .iter()
                    .map(|&i| empty[i % empty.len()])
                    .collect()
            } else {
                Vec::new()
            };
            Position {
                name,
                board,
                candidates: if near == 0 {
                    Candidates::All
                } else {
                    Candidates::Near(near)
                },
                attack: [Attack::Any, Attack::Threats, Attack::Fours][usize::from(attack)],
                depth,
                expect,
                solution,
                sources,
                slow,
                time: None,
                threat_limit: None,
            }
        },
    )
}

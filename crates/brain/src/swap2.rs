//! The swap2 opening (Gomocup's `SWAP2BOARD`, which Rapfi and Yixin-Board
//! speak): the first player places three stones (black, white, black); the
//! second takes black (`SWAP`), stays white and plays the fourth stone, or
//! places two more; after five stones the first player takes black
//! (`SWAP`) or plays the sixth stone as white.
//!
//! The choices here are heuristics, not proofs: an opening is chosen for
//! balance and a side by the static evaluation. Three stones: the brain
//! places the pattern of the protocol's own example about the centre,
//! `(c,c) (c+1,c) (c+2,c+2)`; with three or five stones it takes black
//! when White, to move, stands worse by the evaluation, else it plays the
//! move [`crate::engine::quick`] chooses for White. It never places the
//! fourth and fifth stones itself.

use crate::engine;
use kinrow_board::{Board, Cell, Player};
use kinrow_prover::value::eval::static_eval;

/// What the brain answers to a `SWAP2BOARD` with the stones given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2 {
    /// The three opening stones, black, white, black.
    Open([Cell; 3]),
    /// Take black.
    Swap,
    /// Stay white and play this stone.
    Play(Cell),
}

/// The brain's choice on `board` (the stones of the `SWAP2BOARD`, black
/// first), or why there is none.
///
/// # Errors
///
/// A stone count other than 0, 3 or 5, a line already on the board, or a
/// board too small for the opening.
pub fn choose(board: &Board, stones: usize) -> Result<Swap2, String> {
    match stones {
        0 => open(board),
        3 | 5 => {
            if board.has_line(Player::X) || board.has_line(Player::O) {
                return Err("the stones already make five in a row".into());
            }
            if static_eval(board) < 0 {
                return Ok(Swap2::Swap);
            }
            engine::quick(board)
                .map(|d| Swap2::Play(d.cell))
                .ok_or_else(|| "no legal move for white".to_string())
        }
        n => Err(format!(
            "expected 0, 3 or 5 stones in SWAP2BOARD, found {n}"
        )),
    }
}

fn open(board: &Board) -> Result<Swap2, String> {
    let g = board.game().geometry();
    let (cx, cy) = g.xy(g.centre());
    let cell = |dx: u32, dy: u32| g.cell(cx + dx, cy.checked_sub(dy)?);
    match (cell(0, 0), cell(1, 0), cell(2, 2)) {
        (Some(a), Some(b), Some(c)) => Ok(Swap2::Open([a, b, c])),
        _ => Err("the board is too small for the opening".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Game, Rule};

    fn board(moves: &[&str]) -> Board {
        let mut b = Board::new(Game::new(15, 15, 5, Rule::Exact).unwrap());
        for m in moves {
            let c = b.game().geometry().parse_cell(m).unwrap();
            b.play(c);
        }
        b
    }

    #[test]
    fn the_opening_is_three_free_cells_about_the_centre() {
        let Ok(Swap2::Open(cells)) = choose(&board(&[]), 0) else {
            panic!()
        };
        let g = *board(&[]).game().geometry();
        let names: Vec<String> = cells.iter().map(|&c| g.name(c)).collect();
        assert_eq!(names, ["h8", "i8", "j6"]);
    }

    #[test]
    fn a_lost_white_swaps_and_a_fair_one_plays() {
        // Black's open three: White, to move, stands worse.
        assert_eq!(
            choose(&board(&["g8", "a1", "h8", "a15", "i8"]), 5),
            Ok(Swap2::Swap)
        );
        // Three scattered stones: White plays a move on a free cell.
        let b = board(&["h8", "i9", "g10"]);
        match choose(&b, 3) {
            Ok(Swap2::Play(c)) => assert!(b.stone_at(c).is_none()),
            other => panic!("{other:?}"),
        }
        assert!(choose(&b, 4).is_err());
    }
}

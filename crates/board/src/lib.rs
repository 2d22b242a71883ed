//! The board of kinrow, a k-in-a-row endgame solver: bitboards with row
//! padding, the rules (freestyle or exact k in a row, boards up to 26x26;
//! renju, with Black's forbidden points: [`Game::forbidden_points`]),
//! win detection, winning cells, candidate moves, the attacker's `fours` and
//! `threats` filters, Zobrist keys, and cell names (`h8`, see
//! [`Geometry::parse_cell`]). Position and puzzle-suite files are read and
//! written by the `kinrow-format` crate, above this one.
//! [`SearchBoard`] is the board the provers search on: a [`Board`] that also
//! keeps its stones in line words, for fast win tests and made-win counts.
//!
//! ```
//! use kinrow_board::{Board, Candidates, Game, Player, Rule};
//!
//! let game = Game::new(15, 15, 5, Rule::Freestyle).unwrap();
//! let mut board = Board::new(game);
//! let g = *board.game().geometry();
//! for name in ["f8", "a1", "g8", "a3", "h8", "a5", "i8"] {
//!     board.play(g.parse_cell(name).unwrap());
//! }
//! // o to move; x threatens to complete five at e8 or j8.
//! let wins: Vec<String> = board.winning_cells(Player::X).iter()
//!     .map(|i| g.name(kinrow_board::Cell::from_index(i))).collect();
//! assert_eq!(wins, ["e8", "j8"]);
//! assert_eq!(board.candidates(Candidates::Near(1)).count(), 23);
//! ```

pub mod bitboard;
pub mod board;
pub mod game;
pub mod geometry;
#[macro_use]
mod line;
mod line_fours;
pub mod renju;
pub mod restriction;
mod search_board;
#[cfg(test)]
mod test_rng;

pub use bitboard::{Bitboard, Bits};
pub use board::Board;
pub use game::{Game, GameError, Rule};
pub use geometry::{Cell, Geometry, Player, SizeError};
pub use line_fours::LineFours;
pub use renju::Foul;
pub use restriction::{Attack, Candidates};
pub use search_board::{SearchBoard, WinCells, ALL_DIRECTIONS};

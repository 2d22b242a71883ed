//! The text files of kinrow, a k-in-a-row endgame solver: position and
//! puzzle-suite files (`docs/position-format.md`), read into checked
//! [`Position`]s and written back. Reading is two steps, as in shakmaty:
//! [`parse_suite`] turns text into unchecked [`Setup`]s and reports what is
//! wrong with the text itself, [`Setup::into_position`] checks a setup
//! against the rules of its game; [`parse_positions`] does both. Every
//! error carries a 1-based line and column and says what was expected and
//! what was found. [`write_position`] and [`write_suite`] write positions
//! that read back equal; [`write_board`] writes the settings and stones
//! alone, for the header of a win certificate.
//!
//! Game records, Piskvork `.psq` files and SGF (`GM[4]`), are read and
//! written by [`game`]; [`game::GameRecord::position`] gives the position
//! after some plies.
//!
//! The board itself (geometry, cell names such as `h8`, stones, rules) is
//! the `kinrow-board` crate; this crate only reads and writes text.
//!
//! ```
//! use kinrow_board::Player;
//! use kinrow_format::{parse_positions, write_position, Expect, ParseErrorKind};
//!
//! let text = "board 9\nk 4\nmoves e5 a1 f5 a2 g5 a9\nexpect win\nsolution d5 h5\n";
//! let position = &parse_positions(text, "open-three").unwrap()[0];
//! let board = &position.board;
//! let g = *board.game().geometry();
//! assert_eq!((g.width(), board.game().k()), (9, 4));
//! assert_eq!(board.stone_at(g.parse_cell("f5").unwrap()), Some(Player::X));
//! assert_eq!(board.to_move(), Player::X);
//! assert_eq!(position.expect, Some(Expect::Win));
//!
//! // Written out and read back, the position is the same.
//! let again = parse_positions(&write_position(position), "open-three").unwrap();
//! assert_eq!(&again[0], position);
//!
//! // Errors say where: here line 2, column 3.
//! let err = parse_positions("board 9\nk four\n", "bad").unwrap_err();
//! assert!(matches!(err.kind, ParseErrorKind::Malformed { .. }));
//! assert_eq!((err.line, err.column), (2, 3));
//! ```

pub mod game;
pub mod parse;
pub mod position;
#[cfg(test)]
mod testgen;
pub mod write;

pub use parse::{parse_positions, parse_suite, RADIUS_EXPECTED};

/// A byte count as users write it: a whole number with an optional
/// suffix K, M or G (powers of 1024), e.g. `512M`; `None` for anything
/// else, zero and overflow included. The CLI's `--memory` and the Python
/// package's `memory=` both read it here.
#[must_use]
pub fn parse_bytes(text: &str) -> Option<u64> {
    let t = text.trim();
    let (digits, mult) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 1u64 << 10),
        Some('M') => (&t[..t.len() - 1], 1 << 20),
        Some('G') => (&t[..t.len() - 1], 1 << 30),
        _ => (t, 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(mult))
        .filter(|&n| n > 0)
}
pub use position::{Expect, ParseError, ParseErrorKind, Position, Setup};
pub use write::{write_board, write_position, write_suite};

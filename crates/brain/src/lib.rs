//! A Gomocup (Piskvork) brain over kinrow's provers: the protocol's text
//! lines on one side, kinrow's boards and provers on the other.
//!
//! - [`command`]: the manager's lines read into commands.
//! - [`session`]: the game state the commands change, and each answer.
//! - [`engine`]: how a move is chosen (five, block, proved forced win by
//!   VCF then VCT, refutation of the opponent's forced win, static
//!   evaluation); [`defence`]: that refutation; [`decision`]: the
//!   answer's types; `search`: the searches both run.
//! - [`budget`]: time, memory and threads per move, from the `INFO`
//!   settings and the cores.
//! - [`run()`]: the loop over an input and an output, with the searches on
//!   threads of their own so that answers keep to the turn's time and an
//!   `END` stops at once.
//!
//! Coordinates are the protocol's: `x,y` 0-based from the top-left corner
//! (kinrow's `a1` is the bottom-left cell; the session converts).
//!
//! ```
//! use std::io::Cursor;
//!
//! let input = Cursor::new("START 15\r\nINFO timeout_turn 300\r\nTURN 7,7\r\n");
//! let mut output = Vec::new();
//! kinrow_brain::run(input, &mut output).unwrap();
//! let text = String::from_utf8(output).unwrap();
//! let lines: Vec<&str> = text.lines().collect();
//! assert_eq!(lines[0], "OK");
//! let (x, y) = lines[1].split_once(',').unwrap();
//! assert!(x.parse::<u32>().unwrap() < 15 && y.parse::<u32>().unwrap() < 15);
//! ```

pub mod budget;
pub mod command;
pub mod decision;
pub mod defence;
pub mod engine;
mod run;
mod search;
pub mod session;
pub mod swap2;

pub use run::{run, run_session, MAX_LINE};
pub use session::{Session, Step, Turn, ABOUT};

//! The line arithmetic of a [`Game`]: everything the rules say about lines
//! of stones along rows, columns and diagonals, as `impl Game` blocks in
//! files named for the question they answer:
//!
//! - `win.rs`: the win test through a cell, a winning line anywhere, the
//!   cells where one more stone wins, the cells a move makes winning;
//! - `window.rs`: the cells of the k-cell windows with few empty cells, the
//!   cheap superset behind the two filters below;
//! - `four.rs`: how a four gets detected (`is_four`, the `fours` filter);
//! - `threat.rs`: threats, fours and moves that prepare a double winning
//!   cell (`is_threat`, the `threats` filter);
//! - `candidates.rs`: candidate cells, the attacker's moves, the
//!   next-to-two ordering hint.
//!
//! Every function is pure: it takes the stones of the side concerned
//! (`own`) and of its opponent (`opp`) as bitboards and returns a bitboard or
//! a boolean, so the same code serves the board, the provers and the tests.
//! Each query whose answer depends on the rule also takes the [`Player`]
//! whose stones `own` are and reads the rule through [`Game::rule_for`]:
//! under renju Black wins only with exactly five and White with five or
//! more, so every query holds for either side. (Black's forbidden points
//! are not a matter of one side's lines: they are `renju.rs`.)
//! Windows, candidates and the next-to-two hint are colour-blind supersets
//! and take no player.
//!
//! This file holds the machinery they share: `by_words!` runs a body with
//! the board's word count and stride as constants (one instance of the
//! arithmetic per value, which is what makes it fast), `for_each_direction!`
//! unrolls the four directions, and `spread_windows` grows window starts
//! into windows.

use crate::bitboard::Words;
use crate::game::Game;
#[cfg(doc)]
use crate::geometry::Player;

/// The longest run or window the line code handles: the largest board side.
const MAX_K: usize = crate::geometry::MAX_SIDE as usize;

/// Runs `$body` with the const `$n` set to the game's word count and the
/// const `$s` to its stride where the arithmetic has an instance for it
/// (15x15, stride 16), else 0.
macro_rules! by_words {
    ($game:expr, $n:ident, $s:ident => $body:expr) => {
        match ($game.words(), $game.geometry().stride()) {
            (4, 16) => {
                const $n: usize = 4;
                const $s: u32 = 16;
                $body
            }
            (1, _) => {
                const $n: usize = 1;
                const $s: u32 = 0;
                $body
            }
            (2, _) => {
                const $n: usize = 2;
                const $s: u32 = 0;
                $body
            }
            (4, _) => {
                const $n: usize = 4;
                const $s: u32 = 0;
                $body
            }
            (6, _) => {
                const $n: usize = 6;
                const $s: u32 = 0;
                $body
            }
            (8, _) => {
                const $n: usize = 8;
                const $s: u32 = 0;
                $body
            }
            _ => {
                const $n: usize = $crate::bitboard::WORDS;
                const $s: u32 = 0;
                $body
            }
        }
    };
}

/// Runs `$body` four times, with the const `$i` set to 0, 1, 2 and 3 (the
/// four line directions): unrolled, so that a constant direction becomes a
/// constant shift.
macro_rules! for_each_direction {
    ($i:ident => $body:block) => {{
        {
            const $i: usize = 0;
            $body
        }
        {
            const $i: usize = 1;
            $body
        }
        {
            const $i: usize = 2;
            $body
        }
        {
            const $i: usize = 3;
            $body
        }
    }};
}

// After the macros, which the modules use.
mod candidates;
mod four;
mod threat;
mod win;
mod window;

impl Game {
    /// The bit distances of the four line directions: constants when the
    /// stride `S` is known at compile time, else those of the geometry
    /// (`S == 0`). A shift by a constant is one instruction per word; by a
    /// distance known only at run time, several (`bits/shift_up_stride`).
    #[inline(always)]
    pub(crate) fn dirs<const S: u32>(&self) -> [u32; 4] {
        if S == 0 {
            self.geometry().directions()
        } else {
            [1, S, S + 1, S - 1]
        }
    }
}

/// Each window start of `starts` spread over the window's `k` cells along
/// `d`. The cells are all real, so no shift passes through padding.
#[inline(always)]
fn spread_windows<const N: usize>(starts: Words<N>, d: u32, k: usize) -> Words<N> {
    let mut spread = starts;
    let mut acc = starts;
    // A constant range with an early exit, so that a constant k unrolls.
    for t in 1..=MAX_K {
        if t >= k {
            break;
        }
        spread = spread.shl(d);
        acc |= spread;
    }
    acc
}

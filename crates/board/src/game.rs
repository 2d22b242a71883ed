//! A k-in-a-row game: board shape, `k` and [`Rule`]. What the rule says
//! about lines of stones (win tests, winning cells, fours, threats,
//! candidates) is the line arithmetic of `line/`.

use crate::bitboard::WORDS;
use crate::geometry::{Geometry, Player, SizeError};
use std::fmt;

/// What counts as a winning line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// `k` or more stones in a row win.
    #[default]
    Freestyle,
    /// Exactly `k` stones in a row win; an overline does not.
    Exact,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
        })
    }
}

/// Error building a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("k = {k} is outside 1..={max} for this board")]
    K { k: u32, max: u32 },
}

/// The rules of one k-in-a-row game: board shape, `k` and [`Rule`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    geometry: Geometry,
    k: u8,
    rule: Rule,
    /// How many leading words of a bitboard the line arithmetic works on:
    /// the words the board's cells occupy, rounded up to 1, 2, 4, 6, 8 or
    /// [`WORDS`] (one instance of the arithmetic per value).
    words: u8,
}

impl Game {
    /// A game on a `width` x `height` board (1..=26 each) where `k` in a row
    /// (1..=max(width, height)) wins under `rule`.
    ///
    /// # Errors
    ///
    /// [`GameError::Size`] when a side is outside 1..=26, [`GameError::K`]
    /// when `k` is outside 1..=max(width, height).
    pub fn new(width: u32, height: u32, k: u32, rule: Rule) -> Result<Game, GameError> {
        let geometry = Geometry::new(width, height)?;
        let max = width.max(height);
        if !(1..=max).contains(&k) {
            return Err(GameError::K { k, max });
        }
        let used = (height * geometry.stride()).div_ceil(64) as usize;
        let words = [1, 2, 4, 6, 8, WORDS]
            .into_iter()
            .find(|&n| n >= used)
            .expect("a board fits in WORDS words") as u8;
        Ok(Game {
            geometry,
            k: k as u8,
            rule,
            words,
        })
    }

    /// The board shape.
    #[inline]
    #[must_use]
    pub const fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Stones in a row that win.
    #[inline]
    #[must_use]
    pub const fn k(&self) -> u32 {
        self.k as u32
    }

    /// Freestyle or exact.
    #[inline]
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The rule that says which lines of `player`'s stones win: the game's
    /// rule for both sides today. The line arithmetic reads the rule only
    /// through here, so that a rule treating the sides differently (Renju:
    /// Black wins with exactly five, White with five or more) changes this
    /// function rather than every query.
    #[inline(always)]
    #[must_use]
    pub(crate) const fn rule_for(&self, player: Player) -> Rule {
        let _ = player;
        self.rule
    }

    /// How many leading words of a bitboard the line arithmetic works on.
    #[inline(always)]
    pub(crate) const fn words(&self) -> usize {
        self.words as usize
    }
}

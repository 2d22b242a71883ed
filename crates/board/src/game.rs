//! A k-in-a-row game: board shape, `k` and [`Rule`]. What the rule says
//! about lines of stones (win tests, winning cells, fours, threats,
//! candidates) is the line arithmetic of `line/`; Renju's forbidden points
//! are `renju.rs`.

use crate::bitboard::WORDS;
use crate::geometry::{Geometry, Player, SizeError};
use std::fmt;

/// What counts as a winning line, and which moves are allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// `k` or more stones in a row win.
    #[default]
    Freestyle,
    /// Exactly `k` stones in a row win; an overline does not.
    Exact,
    /// Renju, with `k` = 5 only: Black (x, the first player) wins with
    /// exactly five and may not play a forbidden point (an overline, a
    /// double-four or a double-three, unless the same stone makes five; see
    /// [`Game::forbidden_points`]); White (o) wins with five or more and has
    /// no forbidden points.
    Renju,
}

/// What counts as a winning line for one side: the part of a [`Rule`] that
/// the line arithmetic reads, through [`Game::rule_for`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum LineRule {
    /// `k` or more in a row.
    Freestyle,
    /// Exactly `k` in a row.
    Exact,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
            Rule::Renju => "renju",
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
    /// Renju is a game of five in a row.
    #[error("rule renju needs k = 5, not k = {k}")]
    RenjuK { k: u32 },
}

/// The rules of one k-in-a-row game: board shape, `k` and [`Rule`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    geometry: Geometry,
    k: u8,
    rule: Rule,
    /// The line rule of each player, by [`Player::index`]: what
    /// [`Game::rule_for`] returns.
    line_rules: [LineRule; 2],
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
    /// when `k` is outside 1..=max(width, height), [`GameError::RenjuK`]
    /// when the rule is [`Rule::Renju`] and `k` is not 5.
    pub fn new(width: u32, height: u32, k: u32, rule: Rule) -> Result<Game, GameError> {
        let geometry = Geometry::new(width, height)?;
        let max = width.max(height);
        if !(1..=max).contains(&k) {
            return Err(GameError::K { k, max });
        }
        if rule == Rule::Renju && k != 5 {
            return Err(GameError::RenjuK { k });
        }
        let line_rules = match rule {
            Rule::Freestyle => [LineRule::Freestyle; 2],
            Rule::Exact => [LineRule::Exact; 2],
            // Black (x) exactly five, White (o) five or more.
            Rule::Renju => [LineRule::Exact, LineRule::Freestyle],
        };
        let used = (height * geometry.stride()).div_ceil(64) as usize;
        let words = [1, 2, 4, 6, 8, WORDS]
            .into_iter()
            .find(|&n| n >= used)
            .expect("a board fits in WORDS words") as u8;
        Ok(Game {
            geometry,
            k: k as u8,
            rule,
            line_rules,
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

    /// Freestyle, exact or renju.
    #[inline]
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether the game has forbidden points (renju: for Black, x, only),
    /// and with them RIF's passes. The provers ask this, not the rule's
    /// name, wherever a search changes because of forbidden points or
    /// passes; the rule's name is for parsing and printing.
    #[inline]
    #[must_use]
    pub const fn has_forbidden_points(&self) -> bool {
        matches!(self.rule, Rule::Renju)
    }

    /// The rule that says which lines of `player`'s stones win: the game's
    /// rule for both sides under freestyle and exact; under renju exactly
    /// five for Black (x) and five or more for White (o). The line
    /// arithmetic reads the rule only through here (one array load, as
    /// cheap as reading the rule itself), so every query of `line/` holds
    /// for renju's wins as it does for the other rules. Forbidden points
    /// are not a question of lines of one side and are not seen here: a
    /// Black winning cell is a win even where the stone is also forbidden,
    /// but a Black four or threat may be forbidden to play
    /// ([`Game::is_forbidden`]).
    #[inline(always)]
    #[must_use]
    pub(crate) const fn rule_for(&self, player: Player) -> LineRule {
        self.line_rules[player.index()]
    }

    /// How many leading words of a bitboard the line arithmetic works on.
    #[inline(always)]
    pub(crate) const fn words(&self) -> usize {
        self.words as usize
    }
}

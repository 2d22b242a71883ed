//! The move restrictions a search works under: which empty cells are
//! candidates, and which of them the attacker may play. They are not rules
//! of the game (those are [`Game`](crate::Game) and [`Rule`](crate::Rule)):
//! a search chooses them to prove a stronger claim on a smaller tree.

use std::fmt;

/// Which empty cells a side may play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Candidates {
    /// Cells within `R` king steps of any stone (`R >= 1`); on an empty board
    /// the centre cell only.
    Near(u8),
    /// Every empty cell.
    All,
}

/// Every cell: the real game. `Near(R)` restricts the defender too, so a
/// win under it is a win of that smaller game only; it is chosen by name.
impl Default for Candidates {
    fn default() -> Self {
        Candidates::All
    }
}

impl fmt::Display for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Candidates::Near(r) => write!(f, "near {r}"),
            Candidates::All => f.write_str("all"),
        }
    }
}

/// Which candidates the attacker may play (the defender is never filtered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Attack {
    /// Every candidate.
    #[default]
    Any,
    /// Moves that threaten: fours, or moves after which some empty cell
    /// would give the attacker two or more winning cells (VCT).
    Threats,
    /// Moves that win at once or leave the attacker a winning cell (VCF).
    Fours,
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Attack::Any => "any",
            Attack::Threats => "threats",
            Attack::Fours => "fours",
        })
    }
}

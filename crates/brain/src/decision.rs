//! What the engine answers: a move and why ([`Decision`], [`Reason`]), a
//! forced win proved ([`Win`]) and how far a defence refutes the
//! opponent's ([`Refutes`]). In a file of their own so that the engine and
//! its defence step ([`crate::defence`]) both use them without depending
//! on each other.

use kinrow_board::Cell;

/// Why a move was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It makes five.
    Five,
    /// It blocks the opponent's five.
    BlockFive,
    /// It starts a proved forced win.
    Win(Win),
    /// It refutes the opponent's forced win of `plies` plies, found by
    /// `prover` (`vcf` or `vct`) as if the opponent were to move, as far
    /// as `refutes` says ([`crate::defence`]).
    Block {
        prover: &'static str,
        plies: u32,
        refutes: Refutes,
    },
    /// The best static evaluation.
    Eval,
}

/// A forced win proved by a prover.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// `vcf` or `vct`.
    pub prover: &'static str,
    /// The ply by which the winning stone lands at the latest, whatever
    /// the opponent does, counting this move as 1 (a bound the prover
    /// proved; `line` may be shorter).
    pub plies: u32,
    /// A line of the win from this move on: our moves and the opponent's
    /// (most stubborn, or forced) replies, ending with the five.
    pub line: Vec<Cell>,
}

/// A move and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub cell: Cell,
    pub reason: Reason,
}

/// How far a defence was shown to refute the opponent's forced win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refutes {
    /// Not shown: the opponent still has a forced win after it, or the
    /// time ran out before it was checked (the best candidate, a try).
    No,
    /// No VCF after it, and no VCT found before the check's time ran out.
    AsFarAsSeen,
    /// No VCF, and the threat space searched through with no win.
    Yes,
}

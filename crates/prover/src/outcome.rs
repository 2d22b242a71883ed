//! What every prover is asked and what it answers.

use kinrow_board::{Attack, Board, Candidates, Cell, Rule};
use kinrow_format::Position;
use std::time::{Duration, Instant};

/// A question for a prover: can the side to move of `board` (the attacker)
/// force a win within `depth` plies (no horizon when `None`), both sides
/// choosing among `candidates` and the attacker only among moves passing
/// `attack`?
#[derive(Clone, Debug)]
pub struct Problem {
    pub board: Board,
    pub candidates: Candidates,
    pub attack: Attack,
    pub depth: Option<u32>,
}

impl Problem {
    /// The most plies a search of this problem can go down: its depth,
    /// never more than the board's empty cells (no game is longer), and
    /// the empty cells when it has no depth. 0 on a full board.
    ///
    /// The AND-OR prover rounds it down to odd (the attacker's stones land
    /// on odd plies), the value searches search to it, and the runner
    /// starts the largest first. PNS does not cap the depth, and reads "no
    /// depth" as [`UNLIMITED`](crate::node::UNLIMITED): the depth is mixed
    /// into its keys and its last-plies shortcuts fire on it, so capping
    /// would change its node counts (never its verdicts). The certificate
    /// writer writes for the depth as given, or the length of the win found.
    #[must_use]
    pub fn horizon(&self) -> u32 {
        let empty = self.board.empty().count();
        self.depth.map_or(empty, |d| d.min(empty))
    }
}

/// The question a position file asks: its board, candidates, attack filter
/// and depth (its name, expectation and solution are not part of it).
impl From<&Position> for Problem {
    fn from(position: &Position) -> Problem {
        Problem {
            board: position.board.clone(),
            candidates: position.candidates,
            attack: position.attack,
            depth: position.depth,
        }
    }
}

/// Budgets that end a search with [`Verdict::Unknown`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Largest number of nodes (positions visited or created) to spend.
    pub max_nodes: Option<u64>,
    /// Wall-clock time to spend.
    pub time: Option<Duration>,
    /// Largest number of bytes of search memory (tables, arenas).
    pub memory: Option<u64>,
}

/// The answer to a [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The attacker forces a win within the horizon.
    Win,
    /// Proved: no such strategy exists within the horizon (for the pruned
    /// game the candidates and the filter describe).
    NoWin,
    /// A budget ran out first.
    Unknown,
}

impl Verdict {
    /// `win`, `no-win` or `unknown`, as in files and JSON.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::NoWin => "no-win",
            Verdict::Unknown => "unknown",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Statistics of one search. Fields a prover does not track stay 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited (AND-OR, value searches) or nodes created (PNS).
    pub nodes: u64,
    /// Nodes expanded (PNS).
    pub expansions: u64,
    /// Transposition-table hits that settled or shared a node.
    pub tt_hits: u64,
    /// Peak bytes of search memory (tables, arenas).
    pub peak_bytes: u64,
    /// Positions the VCF searches visited (threat-space shortcuts and
    /// reduction 6), on top of [`Stats::nodes`] for the proof-number
    /// provers; AND-OR counts them in [`Stats::nodes`] already.
    pub vcf_nodes: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// The answer of a prover with its evidence and statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// A winning first move (for `Win`).
    pub best_move: Option<Cell>,
    /// Length in plies of the win found (for `Win`): the ply of the
    /// attacker's winning stone. Exact (shortest) for provers that deepen
    /// iteratively.
    pub plies: Option<u32>,
    /// Principal variation: the attacker's moves against the defender's
    /// most stubborn replies (value searches: best play for both sides).
    pub pv: Vec<Cell>,
    /// Every winning first move, when asked for.
    pub winning_moves: Option<Vec<Cell>>,
    /// The game value -1, 0 or +1 (value searches only).
    pub value: Option<i8>,
    pub stats: Stats,
}

impl Outcome {
    /// An outcome with the given verdict and nothing else filled in.
    #[must_use]
    pub fn new(verdict: Verdict) -> Outcome {
        Outcome {
            verdict,
            best_move: None,
            plies: None,
            pv: Vec::new(),
            winning_moves: None,
            value: None,
            stats: Stats::default(),
        }
    }
}

/// Tracks the node and time budgets of one search. Checking the clock is
/// comparatively slow, so it is read only every 1024 nodes.
#[derive(Clone, Debug)]
pub struct Budget {
    start: Instant,
    deadline: Option<Instant>,
    max_nodes: u64,
    pub nodes: u64,
    exhausted: bool,
}

impl Budget {
    /// Starts the clock for `limits`.
    #[must_use]
    pub fn new(limits: &Limits) -> Budget {
        let start = Instant::now();
        Budget {
            start,
            deadline: limits.time.map(|t| start + t),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            nodes: 0,
            exhausted: false,
        }
    }

    /// Counts one node; `false` once a budget has run out (and ever after).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.exhausted = true;
        } else if self.nodes & 1023 == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.exhausted = true;
                }
            }
        }
        !self.exhausted
    }

    /// Whether a budget has run out.
    #[inline]
    #[must_use]
    pub const fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// Marks the search as out of budget (used for the memory budget).
    pub fn exhaust(&mut self) {
        self.exhausted = true;
    }

    /// Time since the search started.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A problem a prover refuses to answer, rather than answer another game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProblemError {
    /// The value searches compute the value of the game where both sides
    /// choose freely among the candidates; an attacker filter has no
    /// meaning there.
    #[error("the {prover} search gives the value of the unfiltered game and cannot use `attack {attack}`; use the and-or or pns prover, or `attack any`")]
    Filter {
        prover: &'static str,
        attack: Attack,
    },
    /// No prover searches renju yet: its game (Black's forbidden points,
    /// White winning through them) is not the game their move generation
    /// and reductions search, so any answer would be about another game.
    #[error("the {prover} prover does not search rule {rule} yet (Black's forbidden points); no prover does")]
    Rule { prover: &'static str, rule: Rule },
}

/// The refusal every prover shares: the rules it does not search (renju).
/// [`Prover::accepts`] calls it by default; a prover that overrides
/// `accepts` calls it first.
///
/// # Errors
///
/// [`ProblemError::Rule`] for a renju problem.
pub fn check_rule(prover: &'static str, problem: &Problem) -> Result<(), ProblemError> {
    match problem.board.game().rule() {
        Rule::Freestyle | Rule::Exact => Ok(()),
        rule @ Rule::Renju => Err(ProblemError::Rule { prover, rule }),
    }
}

/// A prover: a struct that owns its state, asked one problem at a time.
pub trait Prover {
    /// Short name used on the command line and in reports (`and-or`, ...).
    fn name(&self) -> &'static str;
    /// Whether this prover can answer `problem` (callers ask before
    /// [`Prover::prove`]).
    ///
    /// # Errors
    ///
    /// [`ProblemError`] when answering would answer another game than the
    /// one asked: every prover refuses renju ([`check_rule`]), the value
    /// searches an attacker filter as well; the default accepts every
    /// other problem.
    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        check_rule(self.name(), problem)
    }
    /// Answers `problem` within `limits`. `problem` must pass
    /// [`Prover::accepts`].
    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome;
}

//! What every prover is asked and what it answers.

use crate::kit::ProofNumber;
use kinrow_board::{Attack, Board, Candidates, Cell, Rule};
use kinrow_format::Position;
use std::time::Duration;

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
    /// never more than the longest game left, and that game's length when
    /// it has no depth. 0 on a full board. Without passes the longest game
    /// fills the empty cells, one a ply; under renju, where RIF allows a
    /// pass and two in a row end the game, a pass may come before each
    /// stone and one more at the end: twice the empty cells and one.
    ///
    /// The AND-OR prover rounds it down to odd (the attacker's stones land
    /// on odd plies), the value searches search to it, and the runner
    /// starts the largest first. PNS does not cap the depth, and reads "no
    /// depth" as [`UNLIMITED`](crate::rules::UNLIMITED): the depth is mixed
    /// into its keys and its last-plies shortcuts fire on it, so capping
    /// would change its node counts (never its verdicts). The certificate
    /// writer writes for the depth as given, or the length of the win found.
    #[must_use]
    pub fn horizon(&self) -> u32 {
        let empty = self.board.empty().count();
        let longest = if self.board.game().has_forbidden_points() {
            2 * empty + 1
        } else {
            empty
        };
        self.depth.map_or(longest, |d| d.min(longest))
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

/// Budgets that end a search with [`Verdict::Unknown`]. Each means one
/// thing for every prover and every caller (the command line, the
/// library, Python, the brain, the cluster's jobs):
///
/// - `max_nodes`: the nodes of [`Stats::nodes`] and the VCF searches'
///   ([`Stats::vcf_nodes`]) together, all threads of one search together;
/// - `time`: wall-clock time from the start of the prover's `prove`;
/// - `memory`: the bytes of the search's tables and arenas, all threads
///   together; unset, the prover crate's default (`kinrow_prover::memory::budget`).
///   A prover may hold less (AND-OR's table has its own cap,
///   `AndOrConfig::table_bytes`), never more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Largest number of nodes (positions visited or created) to spend.
    pub max_nodes: Option<u64>,
    /// Wall-clock time to spend.
    pub time: Option<Duration>,
    /// Largest number of bytes of search memory (tables, arenas); unset,
    /// the prover crate's default (`kinrow_prover::memory::budget`).
    pub memory: Option<u64>,
}

impl Limits {
    /// What is left of these limits after `elapsed` time and `nodes_used`
    /// nodes (memory is per call, kept whole), or `None` when the time or
    /// the nodes have run out: the budget of a run that calls a prover
    /// many times (the certificate writers).
    #[must_use]
    pub fn left_after(&self, elapsed: Duration, nodes_used: u64) -> Option<Limits> {
        let time = match self.time {
            Some(t) => Some(t.checked_sub(elapsed).filter(|t| !t.is_zero())?),
            None => None,
        };
        let max_nodes = match self.max_nodes {
            Some(n) => Some(n.checked_sub(nodes_used).filter(|&n| n > 0)?),
            None => None,
        };
        Some(Limits {
            max_nodes,
            time,
            memory: self.memory,
        })
    }
}

/// The answer to a [`Problem`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The attacker forces a win within the horizon.
    Win,
    /// Proved: no such strategy exists within the horizon (for the pruned
    /// game the candidates and the filter describe).
    NoWin,
    /// Proved for the attacker's threat space only: no win within the
    /// horizon where every attacker move is a four or a threat (the
    /// threat space's game, `crate::space`, says exactly which); a quiet
    /// move may still win the real game. A definite answer about that
    /// smaller game, never the game's `NoWin`: a caller that reads it as
    /// a no-win of the game asked answers another game.
    NoThreatWin,
    /// A budget ran out first.
    Unknown,
}

impl Verdict {
    /// `win`, `no-win`, `no-threat-win` or `unknown`, as in files and
    /// JSON.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::NoWin => "no-win",
            Verdict::NoThreatWin => "no-threat-win",
            Verdict::Unknown => "unknown",
        }
    }

    /// Whether this verdict settles the question asked (a win or a
    /// no-win of the game asked): not a threat space's no-win, nor an
    /// unknown.
    #[must_use]
    pub const fn settles(self) -> bool {
        matches!(self, Verdict::Win | Verdict::NoWin)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The budget that ended a search with [`Verdict::Unknown`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exhausted {
    /// [`Limits::max_nodes`].
    Nodes,
    /// [`Limits::time`].
    Time,
    /// [`Limits::memory`] (or a prover's own default memory budget).
    Memory,
    /// The caller asked the search to stop (`Progress::request_stop`, in
    /// `kinrow-prover`).
    Stopped,
}

impl Exhausted {
    /// `nodes`, `time`, `memory` or `stopped`, as in JSON.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Exhausted::Nodes => "nodes",
            Exhausted::Time => "time",
            Exhausted::Memory => "memory",
            Exhausted::Stopped => "stopped",
        }
    }
}

impl std::fmt::Display for Exhausted {
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

impl Stats {
    /// The statistics of this search followed by `later`: counts and
    /// times add up, the peak is the larger one (the first search's
    /// memory is freed before the second starts).
    #[must_use]
    pub fn then(&self, later: &Stats) -> Stats {
        Stats {
            nodes: self.nodes + later.nodes,
            expansions: self.expansions + later.expansions,
            tt_hits: self.tt_hits + later.tt_hits,
            peak_bytes: self.peak_bytes.max(later.peak_bytes),
            vcf_nodes: self.vcf_nodes + later.vcf_nodes,
            elapsed: self.elapsed + later.elapsed,
        }
    }

    /// The statistics of this search and `other` run at the same time (two
    /// threads of one search): counts add up, and so does the memory (both
    /// are held at once); the time is the longer one.
    #[must_use]
    pub fn merge(&self, other: &Stats) -> Stats {
        Stats {
            nodes: self.nodes + other.nodes,
            expansions: self.expansions + other.expansions,
            tt_hits: self.tt_hits + other.tt_hits,
            peak_bytes: self.peak_bytes + other.peak_bytes,
            vcf_nodes: self.vcf_nodes + other.vcf_nodes,
            elapsed: self.elapsed.max(other.elapsed),
        }
    }
}

/// The answer of a prover with its evidence and statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// A winning first move (for `Win`).
    pub best_move: Option<Cell>,
    /// Length in plies of the win found (for `Win`): the ply of the
    /// attacker's winning stone on the line the prover reports. The length
    /// of a shortest win only when [`Outcome::shortest`] says so.
    pub plies: Option<u32>,
    /// Whether [`Outcome::plies`] is the length of a shortest forced win
    /// (AND-OR, which deepens one attacker move at a time), rather than of
    /// the line this prover happened to prove (PNS, df-pn).
    pub shortest: bool,
    /// Principal variation: the attacker's moves against the defender's
    /// most stubborn replies (value searches: best play for both sides).
    pub pv: Vec<Cell>,
    /// Every winning first move, when asked for.
    pub winning_moves: Option<Vec<Cell>>,
    /// The game value -1, 0 or +1 (value searches only).
    pub value: Option<i8>,
    /// For `Unknown`: the budget that ran out, when the prover knows (for
    /// `auto`'s `NoThreatWin`, the whole game's search after it).
    pub exhausted: Option<Exhausted>,
    /// For `NoThreatWin`: the most fours of the VCF that made a move a
    /// threat in the space it holds for (`None`: any within the plies
    /// left; see [`crate::space::ThreatLimit`]).
    pub threat_limit: Option<u32>,
    /// For `Unknown`, from PNS and df-pn: the numbers the search left for
    /// the positions one and two plies below the root ([`PlyNumbers`]).
    pub first_plies: Vec<PlyNumbers>,
    pub stats: Stats,
}

/// The proof and disproof numbers a search that ran out of budget left for
/// a position one or two plies below the root (an attacker move, then a
/// defender's reply), read from its table or arena: where it was heading.
/// Numbers only, never a verdict to trust: a caller that goes on from
/// there uses them to choose what to search next (the cluster master
/// gives them to its new leaves). Positions the search never reached, or
/// whose entry was overwritten, are left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyNumbers {
    /// The move, or the move and the reply, from the root.
    pub line: Vec<Cell>,
    pub proof: ProofNumber,
    pub disproof: ProofNumber,
}

impl Outcome {
    /// An outcome with the given verdict and nothing else filled in.
    #[must_use]
    pub fn new(verdict: Verdict) -> Outcome {
        Outcome {
            verdict,
            best_move: None,
            plies: None,
            shortest: false,
            pv: Vec::new(),
            winning_moves: None,
            value: None,
            exhausted: None,
            threat_limit: None,
            first_plies: Vec::new(),
            stats: Stats::default(),
        }
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
    /// Every prover searches renju (PNS, df-pn and AND-OR by the two games
    /// of passes of [`crate::rules::Passes`], the value searches with the
    /// passes as moves), but AND-OR with a reduction switched off (a test
    /// setting): its plain rules are not argued for renju, so its answers
    /// would be about another game.
    #[error("the {prover} prover with a reduction switched off does not search rule {rule} (its plain rules are not argued for Black's forbidden points and passes); keep every reduction on")]
    Rule { prover: &'static str, rule: Rule },
    /// Under renju a move kinrow does not prove a win may still be one
    /// (see [`crate::rules::Passes`]), so the winning moves cannot all be
    /// listed.
    #[error("every winning move (--all-moves) cannot be listed under rule renju: a move kinrow does not prove there may still win, through the passes RIF allows")]
    AllMovesRenju,
    /// Every winning move asked of the threat space, which keeps the
    /// attacker to its threats: a quiet move it never tries may win too.
    #[error("every winning move (--all-moves) cannot be listed by the threat space (vct): it tries only the attacker's threats, and a quiet move may win too; use --prover pns or and-or")]
    AllMovesThreatSpace,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_threads_add_up_but_their_time_overlaps() {
        let one = Stats {
            nodes: 10,
            expansions: 4,
            tt_hits: 2,
            peak_bytes: 100,
            vcf_nodes: 7,
            elapsed: Duration::from_millis(30),
        };
        let two = Stats {
            nodes: 5,
            peak_bytes: 50,
            elapsed: Duration::from_millis(20),
            ..Stats::default()
        };
        let both = one.merge(&two);
        assert_eq!((both.nodes, both.expansions, both.tt_hits), (15, 4, 2));
        assert_eq!((both.peak_bytes, both.vcf_nodes), (150, 7));
        assert_eq!(both.elapsed, Duration::from_millis(30));
        assert_eq!(one.then(&two).peak_bytes, 100);
    }
}

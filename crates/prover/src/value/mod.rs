//! Value searches: the three-valued game value within a horizon, with the
//! principal variation, by plain minimax, alpha-beta and Pearl's SCOUT.
//!
//! # What is computed
//!
//! For the side to move of a [`Problem`](crate::Problem) and a horizon of
//! `d` plies (the number of empty cells when the problem has no depth), the
//! value is
//!
//! * `+1` if the side to move forces a win within `d` plies,
//! * `-1` if the opponent forces a win within `d` plies,
//! * `0` otherwise (neither does, or the board fills up first).
//!
//! Both sides choose among `board.candidates(problem.candidates)` (and
//! under renju may pass; see the move reductions); the
//! `attack` filter belongs to the win provers, and a value search asked to
//! use one refuses through [`Prover::accepts`](crate::Prover::accepts) with
//! [`ProblemError::Filter`](crate::ProblemError::Filter).
//! Value `+1` is exactly the AND-OR prover's `win` within the same horizon.
//!
//! Internally every node has a depth-aware [`Score`]: a win whose stone lands
//! at ply `n` (counted from the root) scores `WIN - n`, a loss `-(WIN - n)`,
//! so the searches prefer the fastest win and, losing, the most stubborn
//! defence; positions undecided at the horizon score 0, or with the optional
//! static evaluation ([`ValueConfig::eval`], see [`eval`]) a heuristic score
//! strictly between every loss and every win. The three-valued result is the
//! *class* of the root score (win, loss or neither), so it never depends on
//! the evaluation.
//!
//! # The searches
//!
//! The algorithms are generic over a small [`Tree`] trait, so the same code
//! searches the game and hand-built trees in the tests:
//!
//! * [`MinimaxSearch`] / [`Minimax`]: plain minimax, every candidate, no
//!   pruning, no reductions, no table: the reference.
//! * [`AlphaBetaSearch`] / [`AlphaBeta`]: fail-soft alpha-beta with a
//!   transposition table, on the game with the move reductions below.
//! * [`ScoutSearch`] / [`Scout`]: Pearl's SCOUT (EVAL and TEST), with the
//!   same reductions, no table.
//!
//! Alpha-beta and SCOUT also try the shorter horizons first by default
//! ([`ValueConfig::iterative`]).
//!
//! # Move reductions
//!
//! Alpha-beta and SCOUT search every candidate except where the score is
//! certain to stay the same. Each reduction keeps a move whose score is the
//! node's exact score, so the node's score, not only its value, is unchanged.
//! They are numbered V1 to V4 so as not to be confused with the reductions
//! 1 to 7 of the proof searches (the table in `docs/architecture.md`,
//! section "Reductions", and [`crate::rules::Reductions`]): V1 is the value
//! searches' form of 1 and 2 (a winning cell of the side to move), V3 of 3
//! and 4 (the block); V2 and V4 are their own shortcuts for the last plies.
//!
//! - V1. The side to move has a winning cell among its candidates: only that
//!   move. It wins at the next ply, the earliest any win can come, so no
//!   other move scores higher.
//! - V2. Otherwise, with one ply left and no evaluation: one representative
//!   candidate. No move wins at once, and the horizon comes before any
//!   reply, so every move scores 0.
//! - V3. Otherwise, with two or more plies left, the opponent has a winning cell
//!   `w` among the candidates: only `w`. A stone of the side to move never
//!   lengthens or shortens the opponent's runs, and candidates only grow as
//!   stones are added (`w` stays empty), so after any other move `w` is
//!   still a winning candidate cell of the opponent, who completes its line
//!   at the next ply: a loss at the earliest possible ply, the lowest score
//!   there is. The block scores at least as much. If the opponent has two
//!   or more such cells the same argument shows every move loses at the
//!   next ply (one stone takes at most one cell), and blocking one of them
//!   scores exactly that loss, so it is kept as the representative.
//! - V4. Otherwise, with two plies left, no evaluation, and no winning cell of
//!   the opponent anywhere on the board: one representative candidate. No
//!   move wins at once (V1); after any move the opponent has no winning cell
//!   either (a stone of the side to move creates none, as in V3), so its
//!   stone at the last ply wins nothing, and the horizon comes next: every
//!   move scores 0.
//!
//! Under renju the game is RIF's, passes included: the moves are the
//! candidates x may play (never a forbidden point) and a pass, two passes
//! in a row end the game drawn, and the plies count the passes. The
//! arguments hold with "move" read as "stone or pass": a pass, like a
//! stone, gives the opponent no winning cell and takes none away; a block
//! x may not play is no block, and then every move loses at the next ply
//! alike, so one representative (a stone, or the pass when x has none)
//! stands for them. A principal variation stops before its first pass.
//!
//! Nothing else is pruned; in particular reduction 5 of [`crate::rules`] is
//! not used: it is stated for the defender of a win search and could drop
//! the most stubborn defence of a lost position. The winning cell of V1 and
//! the block of V3 are found as the node rules find them
//! ([`crate::rules::winning_cell`]); the arguments above are the value
//! searches' own, since they keep scores and not only verdicts.
//!
//! # Example
//!
//! ```
//! use kinrow_board::{Attack, Board, Candidates, Game, Rule};
//! use kinrow_prover::value::{AlphaBeta, ValueConfig};
//! use kinrow_prover::{Limits, Problem, Prover, Verdict};
//!
//! let game = Game::new(9, 9, 4, Rule::Freestyle).unwrap();
//! let mut board = Board::new(game);
//! let g = *board.game().geometry();
//! for name in ["d5", "a1", "e5", "a9"] {
//!     board.play(g.parse_cell(name).unwrap());
//! }
//! // x to move with an open two on a 9x9 board, four in a row wins: an open
//! // three next, one end blocked, four at the other end at ply 3.
//! let problem = Problem { board, candidates: Candidates::Near(1), attack: Attack::Any, depth: Some(5) };
//! let mut prover = AlphaBeta::new(ValueConfig::default());
//! let outcome = prover.prove(&problem, &Limits::default());
//! assert_eq!(outcome.value, Some(1));
//! assert_eq!(outcome.verdict, Verdict::Win);
//! assert_eq!(outcome.plies, Some(3));
//! assert_eq!(outcome.pv.len(), 3);
//! ```

pub(crate) mod alphabeta;
pub mod eval;
mod game;
pub(crate) mod minimax;
pub(crate) mod scout;

pub use alphabeta::{AlphaBeta, AlphaBetaSearch};
pub use minimax::{Minimax, MinimaxSearch};
pub use scout::{Relation, Scout, ScoutCounters, ScoutSearch};

pub(crate) use game::{check_filter, solve, GameTree, RootSearch};

use crate::outcome::Outcome;

/// A depth-aware score from the point of view of the side to move at the
/// node it belongs to. Ordered: a larger score is better for that side.
///
/// Three disjoint classes: wins `WIN - n` (the side's winning stone lands at
/// ply `n` from the root, `1 <= n <= MAX_PLIES`), losses `-(WIN - n)`, and
/// everything else (0, or a heuristic score of magnitude at most
/// `Score::HEURISTIC_MAX`), which lies strictly between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(i32);

impl Score {
    /// The score of a win at ply 0 (never reached; wins are `WIN - n`).
    const WIN: i32 = 1_000_000_000;
    /// More plies than any game lasts (26 x 26 = 676 cells).
    pub(crate) const MAX_PLIES: u32 = 1024;
    /// The largest magnitude of a heuristic score.
    pub(crate) const HEURISTIC_MAX: i32 = 1_000_000;
    /// Neither side wins within the horizon.
    pub(crate) const DRAW: Score = Score(0);
    /// Above every score: the bound of an open search window.
    pub const INFINITY: Score = Score(Self::WIN + 1);
    /// The smallest win score.
    const WIN_MIN: i32 = Self::WIN - Self::MAX_PLIES as i32;

    /// The side to move wins with its stone at ply `ply` from the root.
    #[must_use]
    pub(crate) const fn win_at(ply: u32) -> Score {
        debug_assert!(ply >= 1 && ply <= Self::MAX_PLIES);
        Score(Self::WIN - ply as i32)
    }

    /// The side to move loses: the opponent's winning stone lands at ply
    /// `ply` from the root.
    #[must_use]
    pub(crate) const fn loss_at(ply: u32) -> Score {
        Score(-Self::win_at(ply).0)
    }

    /// A score of neither class: `value` clamped to
    /// `-HEURISTIC_MAX..=HEURISTIC_MAX`.
    #[must_use]
    pub const fn heuristic(value: i32) -> Score {
        if value > Self::HEURISTIC_MAX {
            Score(Self::HEURISTIC_MAX)
        } else if value < -Self::HEURISTIC_MAX {
            Score(-Self::HEURISTIC_MAX)
        } else {
            Score(value)
        }
    }

    /// The raw number (for reports and tests; compare scores directly).
    #[must_use]
    pub const fn get(self) -> i32 {
        self.0
    }

    /// Whether this is a win for the side to move.
    #[must_use]
    pub(crate) const fn is_win(self) -> bool {
        self.0 >= Self::WIN_MIN
    }

    /// Whether this is a loss for the side to move.
    #[must_use]
    pub(crate) const fn is_loss(self) -> bool {
        self.0 <= -Self::WIN_MIN
    }

    /// The three-valued value: `+1` win, `-1` loss, `0` otherwise.
    #[must_use]
    pub(crate) const fn value(self) -> i8 {
        if self.is_win() {
            1
        } else if self.is_loss() {
            -1
        } else {
            0
        }
    }

    /// For a win or a loss, the ply (from the root) of the winning stone.
    #[must_use]
    pub const fn decisive_ply(self) -> Option<u32> {
        if self.is_win() {
            Some((Self::WIN - self.0) as u32)
        } else if self.is_loss() {
            Some((Self::WIN + self.0) as u32)
        } else {
            None
        }
    }

    /// The heuristic part: `Some` for a score of neither class.
    #[must_use]
    pub(crate) const fn heuristic_part(self) -> Option<i32> {
        if self.is_win() || self.is_loss() {
            None
        } else {
            Some(self.0)
        }
    }

    /// The score stored in a transposition table for a node at `ply`: wins
    /// and losses counted from the node instead of the root, so the entry
    /// holds whatever the path to the node.
    pub(crate) const fn to_node(self, ply: u32) -> i32 {
        if self.is_win() {
            self.0 + ply as i32
        } else if self.is_loss() {
            self.0 - ply as i32
        } else {
            self.0
        }
    }

    /// Inverse of [`Score::to_node`].
    pub(crate) const fn from_node(stored: i32, ply: u32) -> Score {
        let s = Score(stored);
        if s.is_win() {
            Score(stored - ply as i32)
        } else if s.is_loss() {
            Score(stored + ply as i32)
        } else {
            s
        }
    }

    /// The next larger score (for null windows), saturating at infinity.
    pub(crate) const fn succ(self) -> Score {
        if self.0 >= Self::INFINITY.0 {
            self
        } else {
            Score(self.0 + 1)
        }
    }

    /// The next smaller score, saturating at minus infinity.
    pub(crate) const fn pred(self) -> Score {
        if self.0 <= -Self::INFINITY.0 {
            self
        } else {
            Score(self.0 - 1)
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    /// The same result seen by the other side (negamax).
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// A game tree in negamax form, as the generic searches see it: each node's
/// score is from the point of view of the side to move there, and a node's
/// score is the largest of its children's scores negated.
///
/// The searcher walks the tree by [`Tree::play`] and [`Tree::undo`]; at each
/// node it first asks [`Tree::leaf`], and only if that is `None`
/// [`Tree::moves`].
pub trait Tree {
    /// A move from a node to one of its children.
    type Move: Copy + PartialEq;
    /// Counts one node visited; `false` once a budget has run out (and
    /// ever after), whereupon the searches unwind and their result is
    /// meaningless.
    fn tick(&mut self) -> bool {
        true
    }
    /// Moves played from the root to the current node.
    fn ply(&self) -> usize;
    /// `Some(score)` if the current node is not to be expanded.
    fn leaf(&mut self) -> Option<Score>;
    /// Fills `buf` (cleared first) with the moves of the current node, which
    /// is not a leaf, best first as far as the tree can tell; never empty.
    fn moves(&mut self, buf: &mut Vec<Self::Move>);
    /// Goes down to a child.
    fn play(&mut self, m: Self::Move);
    /// Goes back up; exactly undoes [`Tree::play`] of `m`.
    fn undo(&mut self, m: Self::Move);
    /// A key for a transposition table, or `None` if the tree has none:
    /// the position and the remaining depth. Two nodes with equal keys must
    /// have the same subtree, hence the same node-relative score (see
    /// [`Score`]: wins and losses shifted by the ply).
    fn tt_key(&self) -> Option<(u64, u32)> {
        None
    }
}

/// The principal variations of every ply (a triangular table), grown on
/// demand and reused, so a search allocates nothing per node once warm.
#[derive(Clone, Debug)]
pub(crate) struct Pv<M> {
    lines: Vec<Vec<M>>,
}

impl<M: Copy> Pv<M> {
    pub(crate) const fn new() -> Self {
        Pv { lines: Vec::new() }
    }

    /// Empties the line of `ply` (and makes sure it and the next exist).
    pub(crate) fn clear(&mut self, ply: usize) {
        while self.lines.len() < ply + 2 {
            self.lines.push(Vec::new());
        }
        self.lines[ply].clear();
    }

    /// The line of `ply` becomes `m` followed by the line of `ply + 1`.
    pub(crate) fn update(&mut self, ply: usize, m: M) {
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// The line of `ply`.
    pub(crate) fn line(&self, ply: usize) -> &[M] {
        self.lines.get(ply).map_or(&[], |l| l.as_slice())
    }
}

/// Per-ply move buffers, grown on demand and reused.
#[derive(Clone, Debug)]
pub(crate) struct MoveStack<M> {
    lists: Vec<Vec<M>>,
}

impl<M: Copy> MoveStack<M> {
    pub(crate) const fn new() -> Self {
        MoveStack { lists: Vec::new() }
    }

    /// Fills the buffer of `ply` with the moves of the tree's current node
    /// and returns how many there are.
    pub(crate) fn fill<T: Tree<Move = M>>(&mut self, tree: &mut T, ply: usize) -> usize {
        while self.lists.len() <= ply {
            self.lists.push(Vec::new());
        }
        tree.moves(&mut self.lists[ply]);
        debug_assert!(!self.lists[ply].is_empty(), "an inner node has moves");
        self.lists[ply].len()
    }

    /// The `i`-th move of `ply`.
    #[inline]
    pub(crate) fn get(&self, ply: usize, i: usize) -> M {
        self.lists[ply][i]
    }

    /// Moves `m`, if present at `ply`, to the front (keeping the rest in order).
    pub(crate) fn bring_to_front(&mut self, ply: usize, m: M)
    where
        M: PartialEq,
    {
        let list = &mut self.lists[ply];
        if let Some(i) = list.iter().position(|&x| x == m) {
            list[..=i].rotate_right(1);
        }
    }
}

/// Options of the value searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueConfig {
    /// Also list every first move of value `+1` in
    /// [`Outcome::winning_moves`].
    pub all_moves: bool,
    /// Score the positions at the horizon with the heuristic
    /// [`eval::static_eval`] instead of 0, so that positions where nobody
    /// forces a win get ranked moves and a principal variation. Never changes
    /// the three-valued value.
    pub eval: bool,
    /// Alpha-beta and SCOUT: first ask the shorter horizons 1, 2, ... in
    /// turn whether they decide the game (a null-window test: a win at the
    /// odd horizons, a loss at the even ones, where each can first appear),
    /// and search exactly only at the first that does, or at the problem's
    /// horizon if none does. Sound because a decisive score does not change
    /// with a longer horizon: a win at ply `n` within horizon `d` means no
    /// faster win exists at any horizon; and once the opponent forces a win
    /// at ply `n`, the side to move can force none and `n` is the
    /// opponent's fastest. So value, score and line are those of the full
    /// horizon. Much faster when the game ends well inside the horizon; the
    /// bench shows the cost elsewhere. Plain minimax ignores it.
    pub iterative: bool,
    /// Alpha-beta only: the transposition table has `2^tt_bits` entries
    /// (fewer if [`crate::Limits::memory`] asks); 0 disables it.
    pub tt_bits: u8,
}

impl Default for ValueConfig {
    fn default() -> Self {
        ValueConfig {
            all_moves: false,
            eval: false,
            iterative: true,
            tt_bits: 18,
        }
    }
}

/// The full answer of a value search: the [`Outcome`] the [`Prover`] trait
/// returns, plus the score.
///
/// [`Prover`]: crate::Prover
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueReport {
    /// Value, verdict (`Win` iff value `+1`), best move (the first move of
    /// the principal variation, for every value: the value searches rank all
    /// moves), plies (for `+1`), principal variation, statistics; with
    /// [`ValueConfig::all_moves`] the first moves of value `+1`.
    pub outcome: Outcome,
    /// The root score (`None` when a budget ran out).
    pub score: Option<Score>,
    /// HEURISTIC: the static evaluation backed up to the root, when
    /// [`ValueConfig::eval`] is on and neither side forces a win. A guess
    /// about who stands better beyond the horizon, not a proved result.
    pub heuristic_score: Option<i32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_classes_are_ordered_and_disjoint() {
        let max = Score::MAX_PLIES;
        assert!(Score::loss_at(1) < Score::loss_at(max));
        assert!(Score::loss_at(max) < Score::heuristic(i32::MIN));
        assert!(Score::heuristic(i32::MAX) < Score::win_at(max));
        assert!(Score::win_at(max) < Score::win_at(1));
        assert!(Score::win_at(1) < Score::INFINITY);
        assert_eq!(-Score::win_at(7), Score::loss_at(7));
        assert_eq!(Score::win_at(7).value(), 1);
        assert_eq!(Score::loss_at(7).value(), -1);
        assert_eq!(Score::heuristic(-5).value(), 0);
        assert_eq!(Score::win_at(7).decisive_ply(), Some(7));
        assert_eq!(Score::loss_at(8).decisive_ply(), Some(8));
        assert_eq!(Score::heuristic(3).heuristic_part(), Some(3));
    }

    #[test]
    fn table_scores_round_trip_and_are_node_relative() {
        for s in [Score::win_at(9), Score::loss_at(6), Score::heuristic(-42)] {
            for ply in [0, 1, 5] {
                assert_eq!(Score::from_node(s.to_node(ply), ply), s);
            }
        }
        // A win 3 plies below a node at ply 4 is stored as a win at ply 3.
        assert_eq!(Score::win_at(7).to_node(4), Score::win_at(3).get());
    }
}

//! Fail-soft alpha-beta with a transposition table.
//!
//! Fail-soft: a search of a node with the window `(alpha, beta)` returns a
//! score `r` such that the exact score `s` satisfies `s <= r` if
//! `r <= alpha`, `s >= r` if `r >= beta`, and `s == r` otherwise.
//!
//! The table maps the key of a node (the Zobrist key of the position and
//! the exact remaining depth, see [`Tree::tt_key`]) to such a bound, stored
//! node-relative (a win `n` plies below the node, whatever the path to it),
//! and the best move found, tried first on the next visit. A bound is reused
//! only for the same position and the same remaining depth, where the
//! subtree, and so the node-relative score, is the same. An exact score
//! inside the window does not end the visit: the node is searched again with
//! the window narrowed around it, which costs little (its children are in
//! the table too) and rebuilds the principal variation through it.

use super::{
    check_filter, solve, GameTree, MoveStack, Pv, RootSearch, Score, Tree, ValueConfig, ValueReport,
};
use crate::outcome::{Limits, Outcome, Problem, ProblemError};
use crate::prover::Prover;
use kinrow_board::Cell;

/// What a table entry says about the exact score `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    /// A free slot.
    Empty,
    /// `s` equals the stored score.
    Exact,
    /// `s` is at least the stored score.
    Lower,
    /// `s` is at most the stored score.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    depth: u32,
    /// Node-relative (see [`Score::to_node`]).
    score: i32,
    bound: Bound,
    /// The search (see [`AlphaBetaSearch::resize`]) that wrote the entry.
    generation: u8,
    mv: Option<M>,
}

impl<M> Entry<M> {
    const EMPTY: Entry<M> = Entry {
        key: 0,
        depth: 0,
        score: 0,
        bound: Bound::Empty,
        generation: 0,
        mv: None,
    };
}

/// Fail-soft alpha-beta over any [`Tree`], with a transposition table for
/// trees that give keys.
#[derive(Clone, Debug)]
pub struct AlphaBetaSearch<M> {
    table: Vec<Entry<M>>,
    moves: MoveStack<M>,
    pv: Pv<M>,
    aborted: bool,
    tt_hits: u64,
    /// Entries of other generations count as empty, so a new tree needs no
    /// clearing of the whole table (except once every 255 trees).
    generation: u8,
}

impl<M: Copy + PartialEq> AlphaBetaSearch<M> {
    /// A search with a table of `entries` slots (rounded down to a power
    /// of two; 0 for none).
    #[must_use]
    pub fn new(entries: usize) -> Self {
        let mut s = AlphaBetaSearch {
            table: Vec::new(),
            moves: MoveStack::new(),
            pv: Pv::new(),
            aborted: false,
            tt_hits: 0,
            generation: 0,
        };
        s.resize(entries);
        s
    }

    /// Bytes taken by one table entry.
    #[must_use]
    pub(crate) const fn entry_bytes() -> usize {
        std::mem::size_of::<Entry<M>>()
    }

    /// Gives the table `entries` slots (rounded down to a power of two; 0
    /// for none) and empties it, for a new tree.
    pub fn resize(&mut self, entries: usize) {
        let entries = if entries == 0 {
            0
        } else {
            1 << entries.ilog2()
        };
        self.generation = self.generation.wrapping_add(1);
        if self.table.len() != entries {
            self.table = vec![Entry::EMPTY; entries];
            self.generation = 1;
        } else if self.generation == 0 {
            self.table.fill(Entry::EMPTY);
            self.generation = 1;
        }
        self.tt_hits = 0;
    }

    /// Bytes of the table.
    #[must_use]
    pub(crate) fn table_bytes(&self) -> u64 {
        (self.table.len() * Self::entry_bytes()) as u64
    }

    /// The score of the tree's current node in the fail-soft sense for the
    /// window `(alpha, beta)` (see the module docs); when exact, the
    /// principal variation is [`AlphaBetaSearch::pv`]. The table is kept
    /// between searches: call [`AlphaBetaSearch::resize`] before searching
    /// another tree. Meaningless if the tree's budget ran out
    /// ([`AlphaBetaSearch::aborted`]).
    pub fn search<T: Tree<Move = M>>(&mut self, tree: &mut T, alpha: Score, beta: Score) -> Score {
        self.aborted = false;
        self.alpha_beta(tree, alpha, beta)
    }

    /// The principal variation of the last search, from the node it started at.
    #[must_use]
    pub fn pv(&self, start_ply: usize) -> &[M] {
        self.pv.line(start_ply)
    }

    /// Whether the last search ran out of budget.
    #[must_use]
    pub const fn aborted(&self) -> bool {
        self.aborted
    }

    /// The slot of a position, whatever the depth: within one tree a
    /// position always lies at the same ply (the ply is its number of stones
    /// less the root's), so one depth per position is all a search needs at
    /// a time; a deeper iteration overwrites the last one's entry. (Its best
    /// move is not tried first at the new depth: at a shallower horizon most
    /// moves tie at 0 and the stored one is arbitrary, and the bench showed
    /// it ordering worse than the static order.)
    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    fn alpha_beta<T: Tree<Move = M>>(
        &mut self,
        tree: &mut T,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let ply = tree.ply();
        self.pv.clear(ply);
        if !tree.tick() {
            self.aborted = true;
            return Score::DRAW;
        }
        if let Some(s) = tree.leaf() {
            return s;
        }
        let key = if self.table.is_empty() {
            None
        } else {
            tree.tt_key()
        };
        let mut tt_move = None;
        if let Some((k, d)) = key {
            let e = self.table[self.slot(k)];
            let live = e.bound != Bound::Empty && e.generation == self.generation && e.key == k;
            if live && e.depth == d {
                tt_move = e.mv;
                let s = Score::from_node(e.score, ply as u32);
                let (low, high) = match e.bound {
                    Bound::Exact => (s, s),
                    Bound::Lower => (s, Score::INFINITY),
                    Bound::Upper => (-Score::INFINITY, s),
                    Bound::Empty => unreachable!(),
                };
                if low >= beta || high <= alpha {
                    self.tt_hits += 1;
                    return if low >= beta { low } else { high };
                }
                // Narrow the window to what the bound leaves open; an exact
                // score gets the window (s - 1, s + 1), so the visit returns
                // s and its principal variation.
                alpha = alpha.max(low.pred());
                beta = beta.min(high.succ());
            }
        }
        let n = self.moves.fill(tree, ply);
        if let Some(m) = tt_move {
            self.moves.bring_to_front(ply, m);
        }
        let alpha0 = alpha;
        let mut best = -Score::INFINITY;
        let mut best_move = None;
        for i in 0..n {
            let m = self.moves.get(ply, i);
            tree.play(m);
            let v = -self.alpha_beta(tree, -beta, -alpha);
            tree.undo(m);
            if self.aborted {
                return Score::DRAW;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    self.pv.update(ply, m);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if let Some((k, d)) = key {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let slot = self.slot(k);
            self.table[slot] = Entry {
                key: k,
                depth: d,
                score: best.to_node(ply as u32),
                bound,
                generation: self.generation,
                mv: best_move,
            };
        }
        best
    }
}

/// The alpha-beta prover ("alpha-beta"): the value of the game within the
/// horizon by fail-soft alpha-beta with a transposition table and the sound
/// reductions of the value searches.
#[derive(Clone, Debug)]
pub struct AlphaBeta {
    config: ValueConfig,
    search: AlphaBetaSearch<Cell>,
}

impl AlphaBeta {
    /// A prover with `config`; the table is allocated on the first problem.
    #[must_use]
    pub fn new(config: ValueConfig) -> AlphaBeta {
        AlphaBeta {
            config,
            search: AlphaBetaSearch::new(0),
        }
    }

    /// The value, the score and the outcome of `problem`, which must pass
    /// [`Prover::accepts`].
    pub fn evaluate(&mut self, problem: &Problem, limits: &Limits) -> ValueReport {
        let mut entries = 1usize
            .checked_shl(u32::from(self.config.tt_bits))
            .unwrap_or(0);
        if self.config.tt_bits == 0 {
            entries = 0;
        }
        let fit = crate::memory::budget(limits) / AlphaBetaSearch::<Cell>::entry_bytes() as u64;
        entries = entries.min(usize::try_from(fit).unwrap_or(usize::MAX));
        self.search.resize(entries);
        solve(&mut self.search, &self.config, true, problem, limits)
    }
}

impl RootSearch for AlphaBetaSearch<Cell> {
    fn root(&mut self, tree: &mut GameTree) -> Score {
        self.search(tree, -Score::INFINITY, Score::INFINITY)
    }

    fn won(&mut self, tree: &mut GameTree) -> bool {
        // A null window just below the smallest win score.
        let win = Score::win_at(Score::MAX_PLIES);
        self.search(tree, win.pred(), win) >= win
    }

    fn lost(&mut self, tree: &mut GameTree) -> bool {
        // A null window just above the largest loss score.
        let loss = Score::loss_at(Score::MAX_PLIES);
        self.search(tree, loss, loss.succ()) <= loss
    }

    fn pv(&self) -> Vec<Cell> {
        self.pv.line(0).to_vec()
    }

    fn table_stats(&self) -> (u64, u64) {
        (self.tt_hits, self.table_bytes())
    }
}

impl Prover for AlphaBeta {
    fn name(&self) -> &'static str {
        "alpha-beta"
    }

    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        check_filter(self.name(), problem)
    }

    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        self.evaluate(problem, limits).outcome
    }
}

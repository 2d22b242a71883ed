//! Plain minimax, the reference value search: the static scores of the
//! leaves backed up by max and min (in negamax form: the largest negated
//! child score), every child of every node searched, no pruning, no table.
//!
//! On the game ([`Minimax`]) it also uses none of the move reductions: every
//! candidate of every node is a child.

use super::{
    check_filter, solve, GameTree, MoveStack, Pv, RootSearch, Score, Tree, ValueConfig, ValueReport,
};
use crate::outcome::{Limits, Outcome, Problem, ProblemError};
use crate::prover::Prover;
use kinrow_board::Cell;

/// Plain minimax over any [`Tree`], with its principal variation.
#[derive(Clone, Debug)]
pub struct MinimaxSearch<M> {
    moves: MoveStack<M>,
    pv: Pv<M>,
    aborted: bool,
}

impl<M: Copy + PartialEq> Default for MinimaxSearch<M> {
    fn default() -> Self {
        MinimaxSearch {
            moves: MoveStack::new(),
            pv: Pv::new(),
            aborted: false,
        }
    }
}

impl<M: Copy + PartialEq> MinimaxSearch<M> {
    /// A search with empty buffers.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The exact score of the tree's current node. The principal variation
    /// is then [`MinimaxSearch::pv`]: at each node the first child (in the
    /// tree's order) of the best score. Meaningless if the tree's budget ran
    /// out ([`MinimaxSearch::aborted`]).
    pub fn search<T: Tree<Move = M>>(&mut self, tree: &mut T) -> Score {
        self.aborted = false;
        self.minimax(tree)
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

    fn minimax<T: Tree<Move = M>>(&mut self, tree: &mut T) -> Score {
        let ply = tree.ply();
        self.pv.clear(ply);
        if !tree.tick() {
            self.aborted = true;
            return Score::DRAW;
        }
        if let Some(s) = tree.leaf() {
            return s;
        }
        let n = self.moves.fill(tree, ply);
        let mut best = -Score::INFINITY;
        for i in 0..n {
            let m = self.moves.get(ply, i);
            tree.play(m);
            let v = -self.minimax(tree);
            tree.undo(m);
            if self.aborted {
                return Score::DRAW;
            }
            if v > best {
                best = v;
                self.pv.update(ply, m);
            }
        }
        best
    }
}

/// The plain minimax prover ("minimax"): the value of the game within the
/// horizon, by searching every candidate of every node.
#[derive(Clone, Debug)]
pub struct Minimax {
    config: ValueConfig,
    search: MinimaxSearch<Cell>,
}

impl Minimax {
    /// A prover with `config` (`tt_bits` is ignored: no table).
    #[must_use]
    pub fn new(config: ValueConfig) -> Minimax {
        Minimax {
            config,
            search: MinimaxSearch::new(),
        }
    }

    /// The value, the score and the outcome of `problem`, which must pass
    /// [`Prover::accepts`].
    pub fn evaluate(&mut self, problem: &Problem, limits: &Limits) -> ValueReport {
        solve(&mut self.search, &self.config, false, problem, limits)
    }
}

impl RootSearch for MinimaxSearch<Cell> {
    fn root(&mut self, tree: &mut GameTree) -> Score {
        self.search(tree)
    }

    fn won(&mut self, tree: &mut GameTree) -> bool {
        self.search(tree).is_win()
    }

    fn lost(&mut self, tree: &mut GameTree) -> bool {
        self.search(tree).is_loss()
    }

    fn pv(&self) -> Vec<Cell> {
        self.pv.line(0).to_vec()
    }
}

impl Prover for Minimax {
    fn name(&self) -> &'static str {
        "minimax"
    }

    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        check_filter(self.name(), problem)
    }

    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        self.evaluate(problem, limits).outcome
    }
}

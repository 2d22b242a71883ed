//! Pearl's SCOUT: EVAL computes a node's exact score by evaluating its first
//! child and merely TESTing the others against the best score so far;
//! TEST(S, v, >) decides whether the score of S exceeds v without computing
//! it (and TEST(S, v, >=) whether it reaches v).
//!
//! In Pearl's MAX/MIN form, TEST passes the same relation down and EVAL at a
//! MAX node re-evaluates child `k` only if TEST(S.k, v, >), at a MIN node
//! only if not TEST(S.k, v, >=). In the negamax form used here (a node's
//! score is the largest negated child score) the same procedures read:
//!
//! * TEST(S, v, >) holds iff some child C has score(C) < -v, that is iff
//!   TEST(C, -v, >=) fails; TEST(S, v, >=) holds iff some child fails
//!   TEST(C, -v, >). TEST returns as soon as one child decides it and
//!   otherwise visits every child; it never computes a score.
//! * EVAL(S): v = -EVAL(first child); for each further child C, the child
//!   can improve on v iff score(C) < -v, i.e. iff TEST(C, -v, >=) fails, and
//!   only then v = -EVAL(C).
//!
//! There is no transposition table: this is the algorithm as Pearl states
//! it, and its node counts are those of the algorithm.

use super::{
    check_filter, solve, GameTree, MoveStack, Pv, RootSearch, Score, Tree, ValueConfig, ValueReport,
};
use crate::outcome::{Limits, Outcome, Problem, ProblemError};
use crate::prover::Prover;
use kinrow_board::Cell;

/// The relation a TEST decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// Strictly greater: `score > v`.
    Greater,
    /// Greater or equal: `score >= v`.
    GreaterOrEqual,
}

impl Relation {
    /// Whether `score` stands in this relation to `v`.
    #[must_use]
    pub fn holds(self, score: Score, v: Score) -> bool {
        match self {
            Relation::Greater => score > v,
            Relation::GreaterOrEqual => score >= v,
        }
    }

    /// The relation the children are TESTed with in negamax form:
    /// `> v` at a node needs a child failing `>= -v`, and `>= v` one failing
    /// `> -v`.
    #[must_use]
    pub(crate) const fn for_children(self) -> Relation {
        match self {
            Relation::Greater => Relation::GreaterOrEqual,
            Relation::GreaterOrEqual => Relation::Greater,
        }
    }
}

/// Instrumentation of a SCOUT search: how often each procedure ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoutCounters {
    /// Calls of EVAL (every node EVAL visits, leaves included).
    pub evals: u64,
    /// Calls of TEST (every node TEST visits, leaves included).
    pub tests: u64,
    /// TESTs made by EVAL on the children after the first.
    pub child_tests: u64,
    /// Those of them that said the child can improve on the current score.
    pub improvements: u64,
    /// EVALs of a child after the first (re-searches).
    pub re_searches: u64,
}

/// SCOUT over any [`Tree`], with its principal variation.
#[derive(Clone, Debug)]
pub struct ScoutSearch<M> {
    moves: MoveStack<M>,
    pv: Pv<M>,
    aborted: bool,
    counters: ScoutCounters,
}

impl<M: Copy + PartialEq> Default for ScoutSearch<M> {
    fn default() -> Self {
        ScoutSearch {
            moves: MoveStack::new(),
            pv: Pv::new(),
            aborted: false,
            counters: ScoutCounters::default(),
        }
    }
}

impl<M: Copy + PartialEq> ScoutSearch<M> {
    /// A search with empty buffers and counters.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// EVAL: the exact score of the tree's current node; the principal
    /// variation is then [`ScoutSearch::pv`]. Meaningless if the tree's
    /// budget ran out ([`ScoutSearch::aborted`]).
    pub fn eval<T: Tree<Move = M>>(&mut self, tree: &mut T) -> Score {
        self.aborted = false;
        self.eval_node(tree)
    }

    /// TEST: whether the score of the tree's current node stands in
    /// `relation` to `v`. Meaningless if the budget ran out.
    pub fn test<T: Tree<Move = M>>(&mut self, tree: &mut T, v: Score, relation: Relation) -> bool {
        self.aborted = false;
        self.test_node(tree, v, relation)
    }

    /// The principal variation of the last EVAL, from the node it started at.
    #[must_use]
    pub fn pv(&self, start_ply: usize) -> &[M] {
        self.pv.line(start_ply)
    }

    /// The counters, accumulated since `ScoutSearch::reset_counters`.
    #[must_use]
    pub const fn counters(&self) -> ScoutCounters {
        self.counters
    }

    /// Sets every counter to 0.
    pub(crate) fn reset_counters(&mut self) {
        self.counters = ScoutCounters::default();
    }

    /// Whether the last search ran out of budget.
    #[must_use]
    pub const fn aborted(&self) -> bool {
        self.aborted
    }

    fn eval_node<T: Tree<Move = M>>(&mut self, tree: &mut T) -> Score {
        self.counters.evals += 1;
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
        let first = self.moves.get(ply, 0);
        tree.play(first);
        let mut v = -self.eval_node(tree);
        tree.undo(first);
        if self.aborted {
            return Score::DRAW;
        }
        self.pv.update(ply, first);
        for i in 1..n {
            let m = self.moves.get(ply, i);
            tree.play(m);
            self.counters.child_tests += 1;
            let improves = !self.test_node(tree, -v, Relation::GreaterOrEqual);
            if improves && !self.aborted {
                self.counters.improvements += 1;
                self.counters.re_searches += 1;
                v = -self.eval_node(tree);
                if !self.aborted {
                    self.pv.update(ply, m);
                }
            }
            tree.undo(m);
            if self.aborted {
                return Score::DRAW;
            }
        }
        v
    }

    fn test_node<T: Tree<Move = M>>(&mut self, tree: &mut T, v: Score, relation: Relation) -> bool {
        self.counters.tests += 1;
        let ply = tree.ply();
        if !tree.tick() {
            self.aborted = true;
            return false;
        }
        if let Some(s) = tree.leaf() {
            return relation.holds(s, v);
        }
        let n = self.moves.fill(tree, ply);
        let child_relation = relation.for_children();
        for i in 0..n {
            let m = self.moves.get(ply, i);
            tree.play(m);
            let refuted = !self.test_node(tree, -v, child_relation);
            tree.undo(m);
            if self.aborted {
                return false;
            }
            if refuted {
                return true;
            }
        }
        false
    }
}

/// The SCOUT prover ("scout"): the value of the game within the horizon by
/// Pearl's SCOUT, with the sound reductions of the value searches.
#[derive(Clone, Debug)]
pub struct Scout {
    config: ValueConfig,
    search: ScoutSearch<Cell>,
}

impl Scout {
    /// A prover with `config` (`tt_bits` is ignored: no table).
    #[must_use]
    pub fn new(config: ValueConfig) -> Scout {
        Scout {
            config,
            search: ScoutSearch::new(),
        }
    }

    /// The value, the score and the outcome of `problem`, which must pass
    /// [`Prover::accepts`].
    pub fn evaluate(&mut self, problem: &Problem, limits: &Limits) -> ValueReport {
        self.search.reset_counters();
        solve(&mut self.search, &self.config, true, problem, limits)
    }
}

impl RootSearch for ScoutSearch<Cell> {
    fn root(&mut self, tree: &mut GameTree) -> Score {
        self.eval(tree)
    }

    fn won(&mut self, tree: &mut GameTree) -> bool {
        self.test(
            tree,
            Score::win_at(Score::MAX_PLIES),
            Relation::GreaterOrEqual,
        )
    }

    fn lost(&mut self, tree: &mut GameTree) -> bool {
        // Lost iff the score does not exceed the largest loss score.
        !self.test(tree, Score::loss_at(Score::MAX_PLIES), Relation::Greater)
    }

    fn pv(&self) -> Vec<Cell> {
        self.pv.line(0).to_vec()
    }
}

impl Prover for Scout {
    fn name(&self) -> &'static str {
        "scout"
    }

    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        check_filter(self.name(), problem)
    }

    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        self.evaluate(problem, limits).outcome
    }
}

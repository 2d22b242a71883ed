//! SCOUT's TEST and EVAL on hand-built trees, against Pearl's procedures
//! written out directly in MAX/MIN form, and the three value searches
//! against each other.
//!
//! The tree records every node a search visits, in order, so the tests can
//! see that TEST stops as soon as its relation is decided and that EVAL
//! TESTs every child after the first and re-searches exactly the children
//! whose TEST said they can improve on the current value.

use kinrow_prover::value::{
    AlphaBetaSearch, MinimaxSearch, Relation, Score, ScoutCounters, ScoutSearch, Tree,
};
use kinrow_reference::Rng;

/// A tree given by hand: leaves hold values from the point of view of MAX,
/// the side to move at the root (the root is MAX, its children MIN, ...).
enum T {
    L(i32),
    N(Vec<T>),
}

use T::{L, N};

enum Node {
    Leaf(i32),
    Inner(Vec<usize>),
}

/// The tree flattened into an arena, walked by a path of node ids, with a
/// log of every node visited (every `tick`).
struct HandTree {
    nodes: Vec<Node>,
    path: Vec<usize>,
    visits: Vec<usize>,
}

impl HandTree {
    fn new(t: &T) -> HandTree {
        let mut h = HandTree {
            nodes: Vec::new(),
            path: vec![0],
            visits: Vec::new(),
        };
        h.add(t);
        h
    }

    fn add(&mut self, t: &T) -> usize {
        let id = self.nodes.len();
        match t {
            L(v) => self.nodes.push(Node::Leaf(*v)),
            N(children) => {
                self.nodes.push(Node::Inner(Vec::new()));
                let ids: Vec<usize> = children.iter().map(|c| self.add(c)).collect();
                self.nodes[id] = Node::Inner(ids);
            }
        }
        id
    }

    fn current(&self) -> usize {
        *self.path.last().unwrap()
    }

    fn take_visits(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.visits)
    }
}

impl Tree for HandTree {
    type Move = usize;

    fn tick(&mut self) -> bool {
        self.visits.push(self.current());
        true
    }

    fn ply(&self) -> usize {
        self.path.len() - 1
    }

    fn leaf(&mut self) -> Option<Score> {
        match self.nodes[self.current()] {
            // Negamax: the score of the side to move (MIN at odd plies).
            Node::Leaf(v) => Some(Score::heuristic(if self.ply() & 1 == 0 { v } else { -v })),
            Node::Inner(_) => None,
        }
    }

    fn moves(&mut self, buf: &mut Vec<usize>) {
        buf.clear();
        if let Node::Inner(c) = &self.nodes[self.current()] {
            buf.extend(0..c.len());
        }
    }

    fn play(&mut self, m: usize) {
        let Node::Inner(c) = &self.nodes[self.current()] else {
            panic!("play at a leaf")
        };
        let child = c[m];
        self.path.push(child);
    }

    fn undo(&mut self, _m: usize) {
        self.path.pop();
    }
}

/// Pearl's procedures in MAX/MIN form, straight from the description, on
/// the arena, logging visits and counting their calls.
struct Pearl<'a> {
    nodes: &'a [Node],
    visits: Vec<usize>,
    child_tests: u64,
    re_evals: u64,
}

impl Pearl<'_> {
    /// TEST(S, v, >) (`strict`) or TEST(S, v, >=): is the minimax value of
    /// S (MAX's view) greater (or equal) than v?
    fn test(&mut self, s: usize, v: i32, strict: bool, max: bool) -> bool {
        self.visits.push(s);
        match &self.nodes[s] {
            Node::Leaf(x) => {
                if strict {
                    *x > v
                } else {
                    *x >= v
                }
            }
            Node::Inner(children) => {
                for &c in children {
                    let t = self.test(c, v, strict, !max);
                    if max && t {
                        return true;
                    }
                    if !max && !t {
                        return false;
                    }
                }
                !max
            }
        }
    }

    /// EVAL(S): the minimax value of S (MAX's view).
    fn eval(&mut self, s: usize, max: bool) -> i32 {
        self.visits.push(s);
        match &self.nodes[s] {
            Node::Leaf(x) => *x,
            Node::Inner(children) => {
                let mut v = self.eval(children[0], !max);
                for &c in &children[1..] {
                    self.child_tests += 1;
                    // MAX: can the child exceed v? MIN: can it fall below v?
                    let improves = if max {
                        self.test(c, v, true, false)
                    } else {
                        !self.test(c, v, false, true)
                    };
                    if improves {
                        self.re_evals += 1;
                        v = self.eval(c, !max);
                    }
                }
                v
            }
        }
    }
}

fn minimax(t: &T, max: bool) -> i32 {
    match t {
        L(v) => *v,
        N(c) => {
            let vals = c.iter().map(|c| minimax(c, !max));
            if max {
                vals.max().unwrap()
            } else {
                vals.min().unwrap()
            }
        }
    }
}

fn s(v: i32) -> Score {
    Score::heuristic(v)
}

#[test]
fn test_stops_as_soon_as_the_first_child_decides() {
    // Node ids: 0 root, 1..=3 leaves.
    let t = N(vec![L(5), L(3), L(7)]);
    let mut h = HandTree::new(&t);
    let mut scout = ScoutSearch::new();
    assert!(scout.test(&mut h, s(4), Relation::Greater));
    assert_eq!(h.take_visits(), [0, 1], "5 > 4 decides at the first child");
    assert!(scout.test(&mut h, s(5), Relation::GreaterOrEqual));
    assert_eq!(h.take_visits(), [0, 1]);
    // 5 > 5 fails, 3 > 5 fails, 7 > 5 decides.
    assert!(scout.test(&mut h, s(5), Relation::Greater));
    assert_eq!(h.take_visits(), [0, 1, 2, 3]);
    assert!(!scout.test(&mut h, s(7), Relation::Greater));
    assert_eq!(h.take_visits(), [0, 1, 2, 3]);
}

#[test]
fn test_at_min_nodes_stops_at_the_first_refutation() {
    // 0: MAX [1: MIN [2: 3, 3: 9], 4: MIN [5: 2, 6: 8]]; value 3.
    let t = N(vec![N(vec![L(3), L(9)]), N(vec![L(2), L(8)])]);
    let mut h = HandTree::new(&t);
    let mut scout = ScoutSearch::new();
    // Is the value > 2? Node 1 is min(3, 9) = 3 > 2: both its leaves must
    // be checked, then the root is decided; node 4 is never visited.
    assert!(scout.test(&mut h, s(2), Relation::Greater));
    assert_eq!(h.take_visits(), [0, 1, 2, 3]);
    // Is it > 3? Leaf 2 (3) refutes node 1 at once, leaf 5 (2) node 4.
    assert!(!scout.test(&mut h, s(3), Relation::Greater));
    assert_eq!(h.take_visits(), [0, 1, 2, 4, 5]);
    // Is it >= 3? Node 1 holds (3 >= 3, 9 >= 3).
    assert!(scout.test(&mut h, s(3), Relation::GreaterOrEqual));
    assert_eq!(h.take_visits(), [0, 1, 2, 3]);
}

#[test]
fn eval_tests_every_later_child_and_re_searches_only_improvements() {
    // Root MAX over leaves 3, 5, 4, 7: EVAL(3); TEST(5 > 3) yes: EVAL(5);
    // TEST(4 > 5) no; TEST(7 > 5) yes: EVAL(7).
    let t = N(vec![L(3), L(5), L(4), L(7)]);
    let mut h = HandTree::new(&t);
    let mut scout = ScoutSearch::new();
    assert_eq!(scout.eval(&mut h), s(7));
    assert_eq!(scout.pv(0), [3]);
    assert_eq!(
        scout.counters(),
        ScoutCounters {
            evals: 4,
            tests: 3,
            child_tests: 3,
            improvements: 2,
            re_searches: 2,
        }
    );
    // Root, first child by EVAL, then TEST and EVAL of node 2, TEST of node
    // 3, TEST and EVAL of node 4.
    assert_eq!(h.take_visits(), [0, 1, 2, 2, 3, 4, 4]);
}

#[test]
fn eval_at_min_nodes_re_searches_children_that_can_lower_the_value() {
    // 0 MAX [1 MIN [2: 6, 3: 4, 4: 5], 5 MIN [6: 2, 7: 9]]: node 1 = 4,
    // node 5 = 2, root 4. In node 1: TEST(4 >= 6) fails: EVAL(4); TEST(5 >=
    // 4) holds. At the root TEST(node 5 > 4): leaf 2 refutes it at once.
    let t = N(vec![N(vec![L(6), L(4), L(5)]), N(vec![L(2), L(9)])]);
    let mut h = HandTree::new(&t);
    let mut scout = ScoutSearch::new();
    assert_eq!(scout.eval(&mut h), s(4));
    assert_eq!(scout.pv(0), [0, 1]);
    assert_eq!(h.take_visits(), [0, 1, 2, 3, 3, 4, 5, 6]);
    let c = scout.counters();
    assert_eq!((c.child_tests, c.improvements, c.re_searches), (3, 1, 1));
}

/// A random tree: depth up to `depth`, 1..=4 children, leaf values in
/// -4..=4 (many ties, which is where > and >= differ).
fn random_tree(rng: &mut Rng, depth: u32) -> T {
    if depth == 0 || rng.chance(1, 6) {
        return L(rng.range(0, 8) as i32 - 4);
    }
    let n = rng.range(1, 4);
    N((0..n).map(|_| random_tree(rng, depth - 1)).collect())
}

#[test]
fn scout_is_pearls_procedure_and_all_searches_agree_on_random_trees() {
    let mut rng = Rng(0x5C0_u64);
    for case in 0..500 {
        let t = random_tree(&mut rng, 1 + case % 6);
        let expected = minimax(&t, true);
        let mut h = HandTree::new(&t);

        let mut mm = MinimaxSearch::new();
        assert_eq!(mm.search(&mut h), s(expected), "case {case}");
        h.take_visits();

        // EVAL visits exactly the nodes Pearl's EVAL visits, in order, with
        // the same TESTs and re-searches.
        let mut scout = ScoutSearch::new();
        assert_eq!(scout.eval(&mut h), s(expected), "case {case}");
        let mut pearl = Pearl {
            nodes: &h.nodes,
            visits: Vec::new(),
            child_tests: 0,
            re_evals: 0,
        };
        assert_eq!(pearl.eval(0, true), expected);
        let (pearl_visits, pearl_tests, pearl_re) =
            (pearl.visits, pearl.child_tests, pearl.re_evals);
        assert_eq!(h.take_visits(), pearl_visits, "case {case}: EVAL visits");
        let c = scout.counters();
        assert_eq!(c.child_tests, pearl_tests, "case {case}");
        assert_eq!(c.re_searches, pearl_re, "case {case}");
        assert_eq!(c.improvements, c.re_searches, "case {case}");
        // The principal variation leads to a leaf of the root's value.
        for &m in scout.pv(0) {
            h.play(m);
        }
        let sign = if h.ply() & 1 == 0 { 1 } else { -1 };
        assert_eq!(
            h.leaf().map(|x| sign * x.get()),
            Some(expected),
            "case {case}"
        );
        h.path.truncate(1);

        // TEST answers the relation and visits what Pearl's TEST visits.
        for v in -5..=5 {
            for (rel, strict) in [(Relation::Greater, true), (Relation::GreaterOrEqual, false)] {
                let got = scout.test(&mut h, s(v), rel);
                assert_eq!(
                    got,
                    rel.holds(s(expected), s(v)),
                    "case {case} v {v} {rel:?}"
                );
                let mut pearl = Pearl {
                    nodes: &h.nodes,
                    visits: Vec::new(),
                    child_tests: 0,
                    re_evals: 0,
                };
                assert_eq!(pearl.test(0, v, strict, true), got);
                let pearl_visits = pearl.visits;
                assert_eq!(h.take_visits(), pearl_visits, "case {case} v {v}");
            }
        }

        // Alpha-beta (no table on a hand tree): exact with an open window,
        // and a correct fail-soft bound with any other.
        let mut ab = AlphaBetaSearch::new(0);
        assert_eq!(
            ab.search(&mut h, -Score::INFINITY, Score::INFINITY),
            s(expected)
        );
        for lo in -5..=4 {
            for hi in lo + 1..=5 {
                let r = ab.search(&mut h, s(lo), s(hi));
                if r <= s(lo) {
                    assert!(s(expected) <= r, "case {case} ({lo}, {hi})");
                } else if r >= s(hi) {
                    assert!(s(expected) >= r, "case {case} ({lo}, {hi})");
                } else {
                    assert_eq!(r, s(expected), "case {case} ({lo}, {hi})");
                }
            }
        }
        h.take_visits();
    }
}

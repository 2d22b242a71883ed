//! The master's top tree: the first plies of the proof, grown one level at
//! a time where a job could not settle a leaf.
//!
//! Two kinds of node alternate. An OR node is a position with the attacker
//! (the root's side to move) to move; an open OR leaf is what a job is
//! asked about, as a whole `kinrow solve` of that position. An AND node is
//! a position with the defender to move; it is never a job (a solve of it
//! would ask whether the *defender* wins, another question), so it is
//! expanded as soon as it is made, its children OR nodes.
//!
//! The top tree plays the game itself, with no reduction: at an OR node
//! every move the attacker may make (its candidates that pass the attack
//! filter, under renju none of x's forbidden points), at an AND node every
//! reply of the defender (its candidates, under renju none of x's forbidden
//! points) and, under renju, the pass RIF allows. So an OR node is won when
//! one child is, lost when every child is; an AND node the other way round,
//! and a job's `win`/`no-win` is a value of the very same game (its position
//! file carries every setting). The attacker's pass is left out: the
//! defender answers it with a pass, and two passes in a row end the game
//! drawn (RIF), so it never helps the attacker. A pass counts as a ply, as
//! in the provers' own game with passes (`value/game.rs`).
//!
//! Transpositions and symmetry are merged: a node is keyed by its
//! canonical key (the least Zobrist key of its stones and side to move
//! over the board's symmetries, [`Geometry::image`]), its kind and its
//! plies left, so a position reached twice, or its mirror image, is one
//! node with two parents. Why the rules are the same under each symmetry
//! (and translation is none) is argued in the provers'
//! `kit/symmetry.rs`; its one exception, the centre cell that `near R`
//! offers on an empty board, concerns only an empty root, and the root is
//! the one node never reached from another (every ply below it adds a
//! stone or, a pass, follows one). A key is never trusted alone: a node
//! found by its key is used only once a symmetry is found that maps its
//! own board onto the board reached, stone by stone, and that symmetry
//! is kept on the edge ([`Edge::sym`]) so that [`crate::merge`] can name
//! the node's moves, and its job's certificate, on the board reached.

use crate::workdir::Answer;
use kinrow_board::board::{ZOBRIST, ZOBRIST_O_TO_MOVE};
use kinrow_board::{Attack, Board, Candidates, Cell, Geometry, Player};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

mod seed;

/// A proof or disproof number that no work can reach.
pub const INFINITE: u64 = u64::MAX;

/// What is known of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Value {
    Open,
    Win,
    NoWin,
}

/// One ply from a parent to a child: a stone on a cell, or a pass.
/// Written as the cell's name, or `pass` (no cell's name: names end in
/// digits).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum Step {
    Cell(String),
    Pass,
}

impl From<Step> for String {
    fn from(s: Step) -> String {
        step_name(&s)
    }
}

impl From<String> for Step {
    fn from(s: String) -> Step {
        if s == "pass" {
            Step::Pass
        } else {
            Step::Cell(s)
        }
    }
}

/// An edge of the tree, written `[step, child, sym]` (the state holds
/// one for nearly every node).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "(Step, usize, u8)", from = "(Step, usize, u8)")]
pub struct Edge {
    pub step: Step,
    pub child: usize,
    /// The board this step reaches is the child's own board (the one
    /// replayed from its path) seen through symmetry `sym`: the child's
    /// cell `c` is cell `image(sym, c)` here. 0 (the identity) unless
    /// the child was first met as a mirror image.
    pub sym: u8,
}

impl From<Edge> for (Step, usize, u8) {
    fn from(e: Edge) -> (Step, usize, u8) {
        (e.step, e.child, e.sym)
    }
}

impl From<(Step, usize, u8)> for Edge {
    fn from((step, child, sym): (Step, usize, u8)) -> Edge {
        Edge { step, child, sym }
    }
}

/// Why a node has its value, or how it is still open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Basis {
    /// An open OR leaf: a job settles it or sends it to be expanded.
    Leaf,
    /// Settled by the answer of this job.
    Job(usize),
    /// Its children.
    Expanded(Vec<Edge>),
    /// An OR node won at once: the attacker completes its line here.
    Wins(String),
    /// Settled by the rules, as said.
    Rule(String),
    /// A leaf whose job failed every run: open, and not asked again.
    Failed(usize),
}

/// A node of the top tree.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Node {
    /// The attacker is to move (an OR node) or the defender (an AND node).
    pub or: bool,
    /// The node it was first made under and the step from there (`None`
    /// for the root): its path from the root is these, followed up.
    pub parent: Option<(usize, Step)>,
    /// The plies left; `None` with no horizon.
    pub plies: Option<u32>,
    /// The canonical key (the identity's key without symmetry).
    pub key: u64,
    pub value: Value,
    pub basis: Basis,
    /// An open leaf's proof and disproof numbers from the search of the
    /// job above it ([`Tree::seed`]), in place of 1 and 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<(u64, u64)>,
}

/// The largest seed: far above any count of leaves, far below [`INFINITE`]
/// (a sum of seeds must never look infinite, nor a seed zero).
const MOST_SEED: u64 = 1 << 40;

/// Proof and disproof numbers, and whether an open leaf that no job is
/// working on lies below (`free`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub proof: u64,
    pub disproof: u64,
    pub free: bool,
}

/// The game every node is a position of: the settings of the root.
#[derive(Clone, Debug)]
pub struct Game {
    pub root: Board,
    pub candidates: Candidates,
    pub attack: Attack,
    pub depth: Option<u32>,
    /// Merge mirror images (off only to compare against the unmerged tree).
    pub symmetry: bool,
}

/// A position the top tree cannot go on from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    #[error("the defender has no move after {0} and may not pass")]
    DefenderStuck(String),
    #[error("the state names a cell {0:?} that is not on the board")]
    BadCell(String),
    #[error("the state's tree is damaged: {0}")]
    Damaged(String),
}

/// The top tree: its nodes, the root first. The nodes change only
/// through its methods: made by [`Tree::expand`], seeded by
/// [`Tree::seed`], settled by [`Tree::settle`] (a job's answer),
/// [`Tree::fail`] (a job given up) and [`Tree::refresh`] (from the
/// children).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tree {
    nodes: Vec<Node>,
    #[serde(skip)]
    table: HashMap<(u64, bool, Option<u32>), usize>,
    #[serde(skip)]
    numbers: Vec<Numbers>,
}

impl Tree {
    /// The tree of the root alone (an OR node).
    #[must_use]
    pub fn new(game: &Game) -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            table: HashMap::new(),
            numbers: Vec::new(),
        };
        let mut board = game.root.clone();
        tree.or_node(game, &mut board, None, game.depth);
        debug_assert_eq!(tree.nodes.len(), 1);
        tree
    }

    /// Node `n` (the root is 0).
    #[must_use]
    pub fn node(&self, n: usize) -> &Node {
        &self.nodes[n]
    }

    /// The number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never: a tree has its root.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The steps from the root to `n` (the first path it was met on).
    #[must_use]
    pub fn path(&self, n: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut at = n;
        while let Some((parent, step)) = &self.nodes[at].parent {
            steps.push(step.clone());
            at = *parent;
        }
        steps.reverse();
        steps
    }

    /// The open node `n` takes its job's answer, `Win` or `NoWin` (an
    /// unknown leaves it open: the master expands it or asks again). The
    /// node is an OR leaf, or an OR node split while its job went on: the
    /// job's answer then replaces its children (its certificate is the
    /// node's in the merged one).
    pub fn settle(&mut self, n: usize, answer: Answer, job: usize) {
        let node = &mut self.nodes[n];
        debug_assert!(node.or);
        // Settled meanwhile from its children (the same value: both are
        // the game's), it keeps them.
        if node.value != Value::Open {
            return;
        }
        node.value = match answer {
            Answer::Win => Value::Win,
            Answer::NoWin => Value::NoWin,
            Answer::Unknown => return,
        };
        node.basis = Basis::Job(job);
    }

    /// The open leaf `n`, whose job failed every run, stays open and is
    /// never chosen again.
    pub fn fail(&mut self, n: usize, job: usize) {
        self.nodes[n].basis = Basis::Failed(job);
    }

    /// How many open leaves that matter to the root no job works on,
    /// `except` left out, counted up to `most`.
    #[must_use]
    pub fn free_leaves(&self, busy: &dyn Fn(usize) -> bool, except: usize, most: usize) -> usize {
        let relevant = self.relevant();
        (0..self.nodes.len())
            .filter(|&n| {
                n != except && relevant[n] && self.nodes[n].basis == Basis::Leaf && !busy(n)
            })
            .take(most)
            .count()
    }

    /// Rebuilds the transposition table after reading a saved tree, and
    /// checks that every child index is a node.
    pub fn restore(&mut self) -> Result<(), TreeError> {
        self.table.clear();
        let n = self.nodes.len();
        if n == 0 {
            return Err(TreeError::Damaged("no root".into()));
        }
        for (i, node) in self.nodes.iter().enumerate() {
            self.table
                .entry((node.key, node.or, node.plies))
                .or_insert(i);
            // A parent is made before its children: following parents
            // always ends at the root.
            if node.parent.as_ref().is_some_and(|(p, _)| *p >= i)
                || (i > 0) != node.parent.is_some()
            {
                return Err(TreeError::Damaged(format!(
                    "node {i} has a parent that is not made before it"
                )));
            }
            if let Basis::Expanded(edges) = &node.basis {
                if let Some(e) = edges.iter().find(|e| e.child >= n) {
                    return Err(TreeError::Damaged(format!(
                        "node {i} has a child {} of {n} nodes",
                        e.child
                    )));
                }
            }
        }
        Ok(())
    }

    /// The root's value.
    #[must_use]
    pub fn root(&self) -> Value {
        self.nodes[0].value
    }

    /// The numbers of every node after the last [`Tree::refresh`].
    #[must_use]
    pub fn numbers(&self, node: usize) -> Numbers {
        self.numbers[node]
    }

    /// The board of a node, replayed from the root along its path.
    pub fn board(&self, game: &Game, node: usize) -> Result<Board, TreeError> {
        let mut board = game.root.clone();
        let g = *board.game().geometry();
        for step in &self.path(node) {
            match step {
                Step::Cell(name) => {
                    let c = g
                        .parse_cell(name)
                        .filter(|c| board.stone_at(*c).is_none())
                        .ok_or_else(|| TreeError::BadCell(name.clone()))?;
                    board.play(c);
                }
                Step::Pass => board.set_to_move(board.to_move().other()),
            }
        }
        Ok(board)
    }

    /// The OR node of `board` (attacker to move) with `plies` left, made
    /// and settled by the rules where they can, or found in the table.
    fn or_node(
        &mut self,
        game: &Game,
        board: &mut Board,
        parent: Option<(usize, Step)>,
        plies: Option<u32>,
    ) -> (usize, u8) {
        let key = canonical_key(board, game.symmetry);
        if let Some(found) = self.find(game, board, (key, true, plies)) {
            return found;
        }
        let (value, basis) = settle_or(game, board, plies);
        let n = self.push(Node {
            or: true,
            parent,
            plies,
            key,
            value,
            basis,
            seed: None,
        });
        (n, 0)
    }

    /// The node with table key `id` and the symmetry that maps its board
    /// onto `board`, if both exist (a key alone could be a collision).
    fn find(
        &self,
        game: &Game,
        board: &Board,
        id: (u64, bool, Option<u32>),
    ) -> Option<(usize, u8)> {
        let &n = self.table.get(&id)?;
        let own = self.board(game, n).ok()?;
        let syms = if game.symmetry {
            board.game().geometry().symmetry_count()
        } else {
            1
        };
        (0..syms)
            .find(|&s| maps_onto(&own, board, s))
            .map(|s| (n, s as u8))
    }

    fn push(&mut self, node: Node) -> usize {
        let n = self.nodes.len();
        // A key met again with another board (a collision) keeps the first.
        self.table
            .entry((node.key, node.or, node.plies))
            .or_insert(n);
        self.nodes.push(node);
        n
    }

    /// Expands the open OR leaf `node` (its job answered unknown): an AND
    /// child for each move of the attacker, each expanded at once.
    pub fn expand(&mut self, game: &Game, node: usize) -> Result<(), TreeError> {
        let mut board = self.board(game, node)?;
        let me = board.to_move();
        let moves = board.legal(me, &board.attack_moves(me, game.candidates, game.attack));
        let plies = self.nodes[node].plies.map(|p| p - 1);
        let g = *board.game().geometry();
        let mut edges = Vec::new();
        for i in moves.iter() {
            let c = Cell::from_index(i);
            board.play(c);
            let child = self.and_node(game, &mut board, (node, Step::Cell(g.name(c))), plies);
            board.undo(c);
            let (child, sym) = child?;
            edges.push(Edge {
                step: Step::Cell(g.name(c)),
                child,
                sym,
            });
        }
        self.nodes[node].basis = Basis::Expanded(edges);
        Ok(())
    }

    /// The AND node of `board` (defender to move, after an attacker move
    /// that did not win: an OR node with a winning stone is settled before
    /// it is expanded) with `plies` left.
    fn and_node(
        &mut self,
        game: &Game,
        board: &mut Board,
        (parent, step): (usize, Step),
        plies: Option<u32>,
    ) -> Result<(usize, u8), TreeError> {
        let key = canonical_key(board, game.symmetry);
        if let Some(found) = self.find(game, board, (key, false, plies)) {
            return Ok(found);
        }
        let g = *board.game().geometry();
        let defender = board.to_move();
        let replies = board.legal(defender, &board.candidates(game.candidates));
        let renju = board.game().has_forbidden_points();
        let mut node = Node {
            or: false,
            parent: Some((parent, step.clone())),
            plies,
            key,
            value: Value::NoWin,
            basis: Basis::Leaf,
            seed: None,
        };
        // A full board without a line is a draw, and a draw is no win.
        if board.is_full() {
            node.basis = Basis::Rule("the board is full: a draw".into());
            return Ok((self.push(node), 0));
        }
        if replies.is_empty() && !renju {
            let mut text: Vec<String> = self.path(parent).iter().map(step_name).collect();
            text.push(step_name(&step));
            return Err(TreeError::DefenderStuck(text.join(" ")));
        }
        // The defender completes its own line: the attack has failed.
        let wins = replies & board.winning_cells(defender);
        if let Some(w) = wins.first() {
            let cell = g.name(Cell::from_index(w));
            node.basis = Basis::Rule(format!("the defender completes its line at {cell}"));
            return Ok((self.push(node), 0));
        }
        // One ply left: the defender's; the attacker places no more stones.
        if plies == Some(1) {
            node.basis = Basis::Rule("no ply left for the attacker".into());
            return Ok((self.push(node), 0));
        }
        // The defender's reply (or pass) is one more ply: plies >= 2 here.
        let after = plies.map(|p| p - 1);
        node.value = Value::Open;
        let me = self.push(node);
        let mut edges = Vec::new();
        for i in replies.iter() {
            let c = Cell::from_index(i);
            board.play(c);
            let (child, sym) = self.or_node(game, board, Some((me, Step::Cell(g.name(c)))), after);
            board.undo(c);
            edges.push(Edge {
                step: Step::Cell(g.name(c)),
                child,
                sym,
            });
        }
        if renju {
            board.set_to_move(defender.other());
            let (child, sym) = self.or_node(game, board, Some((me, Step::Pass)), after);
            board.set_to_move(defender);
            edges.push(Edge {
                step: Step::Pass,
                child,
                sym,
            });
        }
        self.nodes[me].basis = Basis::Expanded(edges);
        Ok((me, 0))
    }

    /// Recomputes every node's value and numbers from the leaves up.
    /// `busy(node)` tells whether a job is working on an open leaf.
    pub fn refresh(&mut self, busy: &dyn Fn(usize) -> bool) {
        self.numbers = vec![
            Numbers {
                proof: 0,
                disproof: 0,
                free: false
            };
            self.nodes.len()
        ];
        let mut done = vec![false; self.nodes.len()];
        self.visit(0, busy, &mut done);
    }

    fn visit(&mut self, n: usize, busy: &dyn Fn(usize) -> bool, done: &mut [bool]) -> Numbers {
        if done[n] {
            return self.numbers[n];
        }
        let numbers = match self.nodes[n].basis.clone() {
            Basis::Expanded(edges) => {
                let kids: Vec<Numbers> = edges
                    .iter()
                    .map(|e| self.visit(e.child, busy, done))
                    .collect();
                let free = kids.iter().any(|k| k.free);
                let (pn, dn) = if self.nodes[n].or {
                    (min(&kids, |k| k.proof), sum(&kids, |k| k.disproof))
                } else {
                    (sum(&kids, |k| k.proof), min(&kids, |k| k.disproof))
                };
                self.nodes[n].value = if pn == 0 {
                    Value::Win
                } else if dn == 0 {
                    Value::NoWin
                } else {
                    Value::Open
                };
                Numbers {
                    proof: pn,
                    disproof: dn,
                    free: free && pn != 0 && dn != 0,
                }
            }
            _ => match self.nodes[n].value {
                Value::Win => Numbers {
                    proof: 0,
                    disproof: INFINITE,
                    free: false,
                },
                Value::NoWin => Numbers {
                    proof: INFINITE,
                    disproof: 0,
                    free: false,
                },
                Value::Open => {
                    let (proof, disproof) = self.nodes[n].seed.unwrap_or((1, 1));
                    Numbers {
                        proof,
                        disproof,
                        free: self.nodes[n].basis == Basis::Leaf && !busy(n),
                    }
                }
            },
        };
        done[n] = true;
        self.numbers[n] = numbers;
        numbers
    }

    /// The most-proving open leaf that no job works on (proof-number
    /// search's choice, skipping subtrees whose open leaves are all
    /// busy), or `None`.
    #[must_use]
    pub fn select(&self) -> Option<usize> {
        let mut n = 0;
        loop {
            if !self.numbers[n].free {
                return None;
            }
            let Basis::Expanded(edges) = &self.nodes[n].basis else {
                return Some(n);
            };
            let or = self.nodes[n].or;
            n = edges
                .iter()
                .map(|e| e.child)
                .filter(|&c| self.numbers[c].free)
                .min_by_key(|&c| {
                    let k = self.numbers[c];
                    if or {
                        k.proof
                    } else {
                        k.disproof
                    }
                })?;
        }
    }

    /// The open leaves that still matter to the root: those reached from
    /// it through open nodes only. A job on any other leaf is wasted.
    #[must_use]
    pub fn relevant(&self) -> Vec<bool> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![0];
        while let Some(n) = stack.pop() {
            if seen[n] || self.nodes[n].value != Value::Open {
                continue;
            }
            seen[n] = true;
            if let Basis::Expanded(edges) = &self.nodes[n].basis {
                stack.extend(edges.iter().map(|e| e.child));
            }
        }
        seen
    }
}

/// What the rules say of an OR node (attacker to move) before any search.
fn settle_or(game: &Game, board: &Board, plies: Option<u32>) -> (Value, Basis) {
    let no = |why: &str| (Value::NoWin, Basis::Rule(why.into()));
    // Depth 0 is never a win.
    if plies == Some(0) {
        return no("no ply left");
    }
    if board.is_full() {
        return no("the board is full: a draw");
    }
    let me = board.to_move();
    let moves = board.legal(me, &board.attack_moves(me, game.candidates, game.attack));
    if let Some(w) = (moves & board.winning_cells(me)).first() {
        let g = board.game().geometry();
        return (Value::Win, Basis::Wins(g.name(Cell::from_index(w))));
    }
    // The attacker's stone at the last ply would have to complete the line.
    if plies == Some(1) {
        return no("one ply left and no winning stone");
    }
    // No move at all (the filter leaves none): no win. Passing never
    // helps the attacker (see the module's docs).
    if moves.is_empty() {
        return no("the attacker has no move");
    }
    (Value::Open, Basis::Leaf)
}

/// The least Zobrist key of `board` over the board's symmetries (the
/// identity's alone without `symmetry`): equal for a position and its
/// mirror images.
#[must_use]
pub fn canonical_key(board: &Board, symmetry: bool) -> u64 {
    let g = board.game().geometry();
    let syms = if symmetry { g.symmetry_count() } else { 1 };
    let turn = if board.to_move() == Player::O {
        ZOBRIST_O_TO_MOVE
    } else {
        0
    };
    (0..syms)
        .map(|s| {
            let mut key = turn;
            for p in [Player::X, Player::O] {
                for i in board.stones(p).iter() {
                    key ^= ZOBRIST[p.index()][g.image(s, Cell::from_index(i)).index()];
                }
            }
            key
        })
        .min()
        .expect("at least the identity")
}

/// Whether symmetry `s` maps `own` onto `reached`: every stone onto a
/// stone of the same side, as many stones, the same side to move.
fn maps_onto(own: &Board, reached: &Board, s: usize) -> bool {
    let g: &Geometry = own.game().geometry();
    own.to_move() == reached.to_move()
        && own.stone_count() == reached.stone_count()
        && [Player::X, Player::O].into_iter().all(|p| {
            own.stones(p)
                .iter()
                .all(|i| reached.stone_at(g.image(s, Cell::from_index(i))) == Some(p))
        })
}

fn min(kids: &[Numbers], f: impl Fn(&Numbers) -> u64) -> u64 {
    kids.iter().map(f).min().unwrap_or(INFINITE)
}

fn sum(kids: &[Numbers], f: impl Fn(&Numbers) -> u64) -> u64 {
    kids.iter().map(f).fold(0, u64::saturating_add)
}

/// A step as written in a path.
#[must_use]
pub fn step_name(step: &Step) -> String {
    match step {
        Step::Cell(c) => c.clone(),
        Step::Pass => "pass".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Game as Rules, Rule};

    /// Jobs never change a value: an answer settles an open node once;
    /// a later answer (a split node's job and its leaves both answered)
    /// leaves it as it is, and an unknown settles nothing.
    #[test]
    fn an_answer_never_replaces_a_value() {
        let game = Game {
            root: Board::new(Rules::new(3, 3, 3, Rule::Freestyle).unwrap()),
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: None,
            symmetry: true,
        };
        let mut tree = Tree::new(&game);
        tree.expand(&game, 0).unwrap();
        let Basis::Expanded(edges) = &tree.nodes[0].basis else {
            unreachable!()
        };
        let Basis::Expanded(replies) = &tree.nodes[edges[0].child].basis else {
            unreachable!()
        };
        let (a, b) = (replies[0].child, replies[1].child);
        tree.settle(a, Answer::Win, 0);
        tree.settle(a, Answer::NoWin, 1);
        assert_eq!(
            (tree.nodes[a].value, &tree.nodes[a].basis),
            (Value::Win, &Basis::Job(0))
        );
        tree.settle(b, Answer::Unknown, 2);
        assert_eq!(
            (tree.nodes[b].value, &tree.nodes[b].basis),
            (Value::Open, &Basis::Leaf)
        );
    }
}

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

use kinrow_board::board::{ZOBRIST, ZOBRIST_O_TO_MOVE};
use kinrow_board::{Attack, Board, Candidates, Cell, Geometry, Player};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    Cell(String),
    Pass,
}

/// An edge of the tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    pub step: Step,
    pub child: usize,
    /// The board this step reaches is the child's own board (the one
    /// replayed from its path) seen through symmetry `sym`: the child's
    /// cell `c` is cell `image(sym, c)` here. 0 (the identity) unless
    /// the child was first met as a mirror image.
    pub sym: u8,
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
    /// The plies from the root to this node (the first path it was met on).
    pub path: Vec<Step>,
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

/// The numbers a job's search left one or two plies below its leaf
/// (`solve --first-plies`): the line from the leaf (cell names on the
/// leaf's board) and the numbers, [`INFINITE`] for infinite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstPly {
    pub line: Vec<String>,
    pub proof: u64,
    pub disproof: u64,
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

/// The top tree: its nodes, the root first.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tree {
    pub nodes: Vec<Node>,
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
        tree.or_node(game, &mut board, Vec::new(), game.depth);
        debug_assert_eq!(tree.nodes.len(), 1);
        tree
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
        for step in &self.nodes[node].path {
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
        path: Vec<Step>,
        plies: Option<u32>,
    ) -> (usize, u8) {
        let key = canonical_key(board, game.symmetry);
        if let Some(found) = self.find(game, board, (key, true, plies)) {
            return found;
        }
        let (value, basis) = settle_or(game, board, plies);
        let n = self.push(Node {
            or: true,
            path,
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
            let mut path = self.nodes[node].path.clone();
            path.push(Step::Cell(g.name(c)));
            board.play(c);
            let child = self.and_node(game, &mut board, path, plies);
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

    /// Seeds the open leaves two plies below `node`, just expanded after
    /// its job answered unknown, with the numbers that job's search left
    /// (`plies`): a leaf the search reached gets its own numbers; the
    /// leaves below an attacker move whose own numbers alone the search
    /// left (it never expanded that move) share them, each the move's
    /// disproof number and an equal part of its proof number, so that
    /// their sum is the move's. A leaf seeded already (a transposition)
    /// keeps its seed. The first numbers a job left are then the top
    /// tree's own, and the master sends out next the leaves that search
    /// was heading for, deepening the line the job found most promising
    /// rather than widening over moves it had found poor: job-level
    /// search in the spirit of Wu et al., whose jobs' numbers initialise
    /// the new nodes. Steering only: a seed is never 0 nor infinite, so a
    /// value comes from a job's answer or the rules alone, as before.
    pub fn seed(&mut self, game: &Game, node: usize, plies: &[FirstPly]) -> Result<(), TreeError> {
        let board = self.board(game, node)?;
        let left = self.nodes[node].plies;
        let after = |n: u32| left.map(|p| p.saturating_sub(n));
        for f in plies.iter().filter(|f| f.line.len() == 2) {
            if let Some(leaf) = self.reached(game, &board, &f.line, (true, after(2))) {
                self.give(leaf, f.proof, f.disproof);
            }
        }
        for f in plies.iter().filter(|f| f.line.len() == 1) {
            let Some(and) = self.reached(game, &board, &f.line, (false, after(1))) else {
                continue;
            };
            let Basis::Expanded(edges) = &self.nodes[and].basis else {
                continue;
            };
            // Counted per edge, as the sum of the AND node counts them.
            let bare: Vec<usize> = edges
                .iter()
                .map(|e| e.child)
                .filter(|&c| self.nodes[c].basis == Basis::Leaf && self.nodes[c].seed.is_none())
                .collect();
            let share = f.proof / bare.len().max(1) as u64;
            for leaf in bare {
                self.give(leaf, share, f.disproof);
            }
        }
        Ok(())
    }

    /// The node reached from `board` by `line` (cell names), of the kind
    /// and plies `id` gives, if the tree holds it.
    fn reached(
        &self,
        game: &Game,
        board: &Board,
        line: &[String],
        (or, plies): (bool, Option<u32>),
    ) -> Option<usize> {
        let mut b = board.clone();
        let g = *b.game().geometry();
        for name in line {
            let c = g.parse_cell(name).filter(|c| b.stone_at(*c).is_none())?;
            b.play(c);
        }
        let key = canonical_key(&b, game.symmetry);
        self.find(game, &b, (key, or, plies)).map(|(n, _)| n)
    }

    /// Seeds `leaf` if it is an open leaf not seeded yet.
    fn give(&mut self, leaf: usize, proof: u64, disproof: u64) {
        let n = &mut self.nodes[leaf];
        if n.basis == Basis::Leaf && n.value == Value::Open && n.seed.is_none() {
            n.seed = Some((proof.clamp(1, MOST_SEED), disproof.clamp(1, MOST_SEED)));
        }
    }

    /// The AND node of `board` (defender to move, after an attacker move
    /// that did not win: an OR node with a winning stone is settled before
    /// it is expanded) with `plies` left.
    fn and_node(
        &mut self,
        game: &Game,
        board: &mut Board,
        path: Vec<Step>,
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
            path: path.clone(),
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
            let text: Vec<String> = path.iter().map(step_name).collect();
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
            let mut p = path.clone();
            p.push(Step::Cell(g.name(c)));
            board.play(c);
            let (child, sym) = self.or_node(game, board, p, after);
            board.undo(c);
            edges.push(Edge {
                step: Step::Cell(g.name(c)),
                child,
                sym,
            });
        }
        if renju {
            let mut p = path;
            p.push(Step::Pass);
            board.set_to_move(defender.other());
            let (child, sym) = self.or_node(game, board, p, after);
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

    /// Tic-tac-toe, its root expanded (as after a job's unknown).
    fn expanded() -> (Game, Tree) {
        let game = Game {
            root: Board::new(Rules::new(3, 3, 3, Rule::Freestyle).unwrap()),
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: None,
            symmetry: true,
        };
        let mut tree = Tree::new(&game);
        tree.expand(&game, 0).unwrap();
        (game, tree)
    }

    fn ply(line: &[&str], proof: u64, disproof: u64) -> FirstPly {
        FirstPly {
            line: line.iter().map(|s| (*s).to_string()).collect(),
            proof,
            disproof,
        }
    }

    /// The OR node after `line` from the root.
    fn leaf(game: &Game, tree: &Tree, line: &[&str]) -> usize {
        let line: Vec<String> = line.iter().map(|s| (*s).to_string()).collect();
        tree.reached(game, &game.root, &line, (true, None)).unwrap()
    }

    #[test]
    fn seeds_steer_the_choice_and_never_settle_a_leaf() {
        let (game, mut tree) = expanded();
        // Below the centre b2: c3 all but proved (and its mirror image a1
        // with it: the first seed stays), a2 close. Below the edge b1: b2
        // infinite. The corner a1 known only by its own numbers.
        // Malformed lines left out.
        let plies = [
            ply(&["b2", "c3"], 0, INFINITE),
            ply(&["b2", "a1"], 5, 5),
            ply(&["b2", "a2"], 1, 2),
            ply(&["b1", "b2"], INFINITE, 0),
            ply(&["a1"], 70, 3),
            ply(&["z9", "a1"], 1, 1),
            ply(&["b2", "b2"], 1, 1),
        ];
        tree.seed(&game, 0, &plies).unwrap();
        tree.refresh(&|_| false);
        let c3 = leaf(&game, &tree, &["b2", "c3"]);
        assert_eq!(c3, leaf(&game, &tree, &["b2", "a1"]));
        assert_eq!(tree.nodes[c3].seed, Some((1, MOST_SEED)));
        let b1b2 = leaf(&game, &tree, &["b1", "b2"]);
        assert_eq!(tree.nodes[b1b2].seed, Some((MOST_SEED, 1)));
        // Seeds are numbers only: every leaf is still open.
        assert!(tree.nodes.iter().all(|n| n.value == Value::Open));
        // The corner's 8 replies (edges to 5 nodes up to symmetry) share
        // its 70.
        let corner = leaf(&game, &tree, &["a1", "b2"]);
        assert_eq!(tree.nodes[corner].seed, Some((70 / 8, 3)));
        // Proof-number search over the seeds: the centre (proof number 8,
        // its 8 replies' edges to two leaves seeded 1), then its reply of
        // least disproof number.
        assert_eq!(tree.numbers(0).proof, 8);
        assert_eq!(tree.select(), Some(leaf(&game, &tree, &["b2", "a2"])));
    }
}

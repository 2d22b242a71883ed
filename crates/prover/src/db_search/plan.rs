//! Threat sequences by dependency-based search (Allis, *Searching for
//! Solutions in Games and Artificial Intelligence*, 1994, chapter 4): a
//! plan for the attacker, never a proof.
//!
//! A *threat* is an attacker stone (its gain) and the cells the defender
//! may answer it on (its costs):
//!
//! - a **four** leaves one winning cell, its cost;
//! - a **three** leaves the attacker a *straight four* (a move making two
//!   winning cells); its costs are the cells where one defender stone
//!   leaves it none.
//!
//! A move making two winning cells, or a three that no one defender stone
//! stops, is a *goal*. The search plays each threat with the defender on
//! **all** its costs at once (Allis's abstraction, which spares a tree over
//! the defences) and builds threats in two stages, level by level:
//!
//! - *dependency*: below each new threat, the threats on the lines through
//!   its gain (those that may need it);
//! - *combination*: for two threats, neither below the other, whose stones
//!   do not clash (no gain of one on a cost of the other), the threats on
//!   the lines through both gains in the union of their positions that
//!   neither has alone.
//!
//! A threat found so is a node of a DAG; a goal's ancestors, in the order
//! they were found, are a sequence the attacker can play.
//!
//! Nothing here is sound as an answer, and nothing needs to be: the
//! defender may answer a threat off its costs with a four of its own, its
//! stones may make or unmake x's forbidden points under renju, and
//! positions where a side's costs would leave it a winning cell are simply
//! skipped. The prover ([`super::DbSearch`]) only takes a plan's first
//! threats as the moves to try, and refutes every real reply the node
//! rules give.

use ahash::AHashSet;
use kinrow_board::{Bitboard, Candidates, Cell, Player, SearchBoard};

/// One threat of a plan: the attacker's stone and the defender's cells
/// assumed taken, all at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Threat {
    pub gain: Cell,
    pub costs: Bitboard,
}

/// A sequence of threats, each playable once those before it are (the
/// defender on all their costs), and the goal move that ends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    pub threats: Vec<Threat>,
    pub goal: Cell,
}

/// What one move of the attacker is in a position of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A four or a three with these costs.
    Threat(Bitboard),
    /// Two winning cells, or a three no one stone stops.
    Goal,
}

/// No parent.
const NONE: usize = usize::MAX;

/// A threat found, with the position it leads to.
#[derive(Clone, Debug)]
struct Node {
    threat: Threat,
    parents: [usize; 2],
    /// The attacker's gains and the defender's costs of this node and of
    /// every node above it.
    gains: Bitboard,
    costs: Bitboard,
    /// The root's empty cells within `k - 1` of the gain along its lines.
    lines: Bitboard,
}

/// The dependency-based search of one attacker, with a cap on the
/// threats it finds per call.
#[derive(Clone, Debug)]
pub(crate) struct PlanSearch {
    candidates: Candidates,
    max_threats: usize,
    /// Threats found by the last call.
    pub found: usize,
    /// Threats of the last plan found by the combination stage.
    pub combined: usize,
}

impl PlanSearch {
    /// A search whose attacker plays among `candidates`, finding at most
    /// `max_threats` threats per call.
    #[must_use]
    pub(crate) fn new(candidates: Candidates, max_threats: usize) -> PlanSearch {
        PlanSearch {
            candidates,
            max_threats,
            found: 0,
            combined: 0,
        }
    }

    /// A plan for the side to move of `board`, which must have no winning
    /// cell, against a defender with none either; `None` when the search
    /// finds no goal within its cap. The moves of each position are tried
    /// in the order of `rank` (a caller that ranks cells by their place
    /// in the position's canonical frame finds the same plans, turned, in
    /// every orientation of the board).
    pub(crate) fn plan(&mut self, board: &SearchBoard, rank: &dyn Fn(Cell) -> u16) -> Option<Plan> {
        let attacker = board.to_move();
        self.found = 0;
        if !board.winning_cells(attacker).is_empty()
            || !board.winning_cells(attacker.other()).is_empty()
        {
            return None;
        }
        let mut run = Run {
            root: board,
            attacker,
            candidates: self.candidates,
            scratch: board.clone(),
            nodes: Vec::new(),
            seen: AHashSet::new(),
            cap: self.max_threats,
            combined: 0,
            rank,
        };
        let result = run.search();
        self.found = run.nodes.len();
        self.combined = if result.is_some() { run.combined } else { 0 };
        result
    }
}

/// The state of one call.
struct Run<'a> {
    root: &'a SearchBoard,
    attacker: Player,
    candidates: Candidates,
    scratch: SearchBoard,
    nodes: Vec<Node>,
    /// Keys of the positions already reached.
    seen: AHashSet<u64>,
    cap: usize,
    /// Steps of the last plan built that the combination stage found.
    combined: usize,
    /// The order of the moves.
    rank: &'a dyn Fn(Cell) -> u16,
}

/// What a stage found: a goal ends the search.
type Found = Result<(), Plan>;

impl Run<'_> {
    fn search(&mut self) -> Option<Plan> {
        let root_cells = self.root.empty();
        if let Err(plan) = self.threats_in([NONE, NONE], &root_cells) {
            return Some(plan);
        }
        let mut level = 0..self.nodes.len();
        while !level.is_empty() && self.nodes.len() < self.cap {
            let start = self.nodes.len();
            let stages = self
                .dependency(level.clone())
                .and_then(|()| self.combination(level));
            if let Err(plan) = stages {
                return Some(plan);
            }
            level = start..self.nodes.len();
        }
        None
    }

    /// The dependency stage below the nodes of `level`.
    fn dependency(&mut self, level: std::ops::Range<usize>) -> Found {
        for id in level {
            let cells = self.nodes[id].lines;
            self.threats_in([id, NONE], &cells)?;
        }
        Ok(())
    }

    /// The combination stage: each node of `level` with each node found
    /// before it that is neither above nor below it and does not clash.
    fn combination(&mut self, level: std::ops::Range<usize>) -> Found {
        for a in level {
            for b in 0..a {
                if self.nodes.len() >= self.cap {
                    return Ok(());
                }
                let cells = self.nodes[a].lines & self.nodes[b].lines;
                if !cells.is_empty() && self.combinable(a, b) {
                    self.threats_in([a, b], &cells)?;
                }
            }
        }
        Ok(())
    }

    /// Whether nodes `a` and `b` may be combined: neither holds the
    /// other's gain (so neither is above the other), and no gain of one
    /// lies on a cost of the other.
    fn combinable(&self, a: usize, b: usize) -> bool {
        let (na, nb) = (&self.nodes[a], &self.nodes[b]);
        !na.gains.contains(nb.threat.gain.index())
            && !nb.gains.contains(na.threat.gain.index())
            && !na.gains.intersects(&nb.costs)
            && !nb.gains.intersects(&na.costs)
    }

    /// Sets the scratch board to the position of `parents` (the union of
    /// their stones); `false` when that position is of no use: a side
    /// would have a winning cell there.
    fn set_position(&mut self, parents: [usize; 2]) -> bool {
        self.scratch.clone_from(self.root);
        let (mut gains, mut costs) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for p in parents.into_iter().filter(|&p| p != NONE) {
            gains |= self.nodes[p].gains;
            costs |= self.nodes[p].costs;
        }
        for g in gains.iter() {
            self.scratch.place(Cell::from_index(g), self.attacker);
        }
        for c in costs.iter() {
            self.scratch
                .place(Cell::from_index(c), self.attacker.other());
        }
        self.scratch.winning_cells(self.attacker).is_empty()
            && self.scratch.winning_cells(self.attacker.other()).is_empty()
            && !self.scratch.has_line(self.attacker.other())
    }

    /// The threats among `cells` in the position of `parents`, each added
    /// as a node below them (combined parents: only those neither parent's
    /// position has); a goal ends the search with its plan.
    fn threats_in(&mut self, parents: [usize; 2], cells: &Bitboard) -> Found {
        if !self.set_position(parents) {
            return Ok(());
        }
        let me = self.attacker;
        let moves = self.scratch.candidates(self.candidates) & *cells;
        let near = self.scratch.game().window_cells(
            self.scratch.stones(me),
            self.scratch.stones(me.other()),
            3,
        );
        let moves = self.scratch.legal(me, &(moves & near));
        let mut order: Vec<Cell> = moves.iter().map(Cell::from_index).collect();
        order.sort_unstable_by_key(|&c| (self.rank)(c));
        let mut found = Vec::new();
        for g in order {
            match classify(&mut self.scratch, me, g) {
                Some(Kind::Goal) => {
                    let plan = self.plan_to(parents, g);
                    if replays(self.root, &plan) {
                        return Err(plan);
                    }
                }
                Some(Kind::Threat(costs)) => found.push(Threat { gain: g, costs }),
                None => {}
            }
        }
        if parents[1] != NONE {
            // Only what the combination adds: threats neither parent's
            // position has alone.
            for p in parents {
                self.set_position([p, NONE]);
                found.retain(|t| {
                    self.scratch.stone_at(t.gain).is_some()
                        || classify(&mut self.scratch, me, t.gain).is_none()
                });
            }
        }
        for threat in found {
            self.add(parents, threat);
            if self.nodes.len() >= self.cap {
                break;
            }
        }
        Ok(())
    }

    /// Adds `threat` below `parents`, unless its position was reached
    /// before.
    fn add(&mut self, parents: [usize; 2], threat: Threat) {
        let (mut gains, mut costs) = (Bitboard::single(threat.gain.index()), threat.costs);
        for p in parents.into_iter().filter(|&p| p != NONE) {
            gains |= self.nodes[p].gains;
            costs |= self.nodes[p].costs;
        }
        if gains.intersects(&costs) {
            return;
        }
        let key = position_key(&gains, &costs);
        if self.seen.insert(key) {
            self.nodes.push(Node {
                threat,
                parents,
                gains,
                costs,
                lines: line_cells(self.root, threat.gain),
            });
        }
    }

    /// The plan that ends with `goal` played in the position of
    /// `parents`: their ancestors, in the order found.
    fn plan_to(&mut self, parents: [usize; 2], goal: Cell) -> Plan {
        let mut keep = vec![false; self.nodes.len()];
        let mut stack: Vec<usize> = parents.into_iter().filter(|&p| p != NONE).collect();
        while let Some(id) = stack.pop() {
            if !std::mem::replace(&mut keep[id], true) {
                stack.extend(self.nodes[id].parents.into_iter().filter(|&p| p != NONE));
            }
        }
        let two = |p: &[usize; 2]| usize::from(p[1] != NONE);
        self.combined = two(&parents)
            + (0..self.nodes.len())
                .filter(|&id| keep[id])
                .map(|id| two(&self.nodes[id].parents))
                .sum::<usize>();
        let threats = (0..self.nodes.len())
            .filter(|&id| keep[id])
            .map(|id| self.nodes[id].threat)
            .collect();
        Plan { threats, goal }
    }
}

/// Whether `plan` plays out from `board` in the model: each threat a
/// threat once those before it are played, the defender on all their
/// costs, and the goal a goal at the end. Combined branches are checked
/// only pairwise, gains against costs, when combined: a cost of one
/// branch can still spoil a threat of the other, which this catches.
fn replays(board: &SearchBoard, plan: &Plan) -> bool {
    let me = board.to_move();
    let mut b = board.clone();
    for t in &plan.threats {
        if b.stone_at(t.gain).is_some() || classify(&mut b, me, t.gain).is_none() {
            return false;
        }
        b.place(t.gain, me);
        for c in t.costs.iter().map(Cell::from_index) {
            if b.stone_at(c).is_none() {
                b.place(c, me.other());
            }
        }
        if !b.winning_cells(me).is_empty() || !b.winning_cells(me.other()).is_empty() {
            return false;
        }
    }
    b.stone_at(plan.goal).is_none() && classify(&mut b, me, plan.goal) == Some(Kind::Goal)
}

/// A key for the position of a node: its gains and costs.
fn position_key(gains: &Bitboard, costs: &Bitboard) -> u64 {
    let mix = |acc: u64, (i, w): (usize, &u64)| {
        (acc ^ w
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(i as u32 * 7))
        .wrapping_mul(0xBF58_476D_1CE4_E5B9)
    };
    let g = gains.words().iter().enumerate().fold(1, mix);
    costs
        .words()
        .iter()
        .enumerate()
        .fold(g ^ 0x94D0_49BB_1331_11EB, mix)
}

/// What the move `g` of `attacker` (empty, legal, `attacker` without a
/// winning cell) is in `board`: a goal, a threat with its costs, or
/// nothing. The board is restored.
pub(crate) fn classify(board: &mut SearchBoard, attacker: Player, g: Cell) -> Option<Kind> {
    let made = board.made_wins(attacker, g);
    if made.has_two() {
        return Some(Kind::Goal);
    }
    if !made.is_empty() {
        return Some(Kind::Threat(made));
    }
    board.place(g, attacker);
    let kind = three_costs(board, attacker, g).map(|costs| match costs.is_empty() {
        true => Kind::Goal,
        false => Kind::Threat(costs),
    });
    board.remove(g, attacker);
    kind
}

/// With the attacker's stone on `g` (no winning cell made): the cells
/// where one defender stone leaves the attacker no straight four, when
/// the attacker has one; `None` when it has none.
fn three_costs(board: &mut SearchBoard, attacker: Player, g: Cell) -> Option<Bitboard> {
    let line = line_cells(board, g);
    let fours = board.fours_without_win(attacker, &line);
    let straight: Vec<Cell> = board
        .legal(attacker, &fours)
        .iter()
        .map(Cell::from_index)
        .filter(|&m| board.made_wins(attacker, m).has_two())
        .collect();
    if straight.is_empty() {
        return None;
    }
    let mut costs = Bitboard::EMPTY;
    for d in line.iter().map(Cell::from_index) {
        board.place(d, attacker.other());
        let stopped = straight
            .iter()
            .all(|&m| m == d || !board.made_wins(attacker, m).has_two());
        board.remove(d, attacker.other());
        if stopped {
            costs.insert(d.index());
        }
    }
    Some(costs)
}

/// The empty cells within `k - 1` of `g` along its four lines.
fn line_cells(board: &SearchBoard, g: Cell) -> Bitboard {
    let geometry = board.game().geometry();
    let reach = board.game().k() as i64 - 1;
    let (x, y) = geometry.xy(g);
    let mut out = Bitboard::EMPTY;
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for t in (-reach..=reach).filter(|&t| t != 0) {
            let (cx, cy) = (i64::from(x) + t * dx, i64::from(y) + t * dy);
            if let (Ok(cx), Ok(cy)) = (u32::try_from(cx), u32::try_from(cy)) {
                if let Some(c) = geometry.cell(cx, cy) {
                    out.insert(c.index());
                }
            }
        }
    }
    out & board.empty()
}

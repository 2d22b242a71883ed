//! The search loop: descend to a most-proving leaf, expand it, update the
//! numbers back up through every parent.
//!
//! Numbers: at the attacker's (OR) node pn = min over the children, dn =
//! sum; at the defender's (AND) node pn = sum, dn = min. In a DAG a shared
//! node is counted once per parent in those sums, so the numbers of its
//! ancestors over-estimate the work left. That only steers the search: a
//! node is proved only when pn = 0 (an OR child proved, or every AND child
//! proved and, under lazy expansion, no reply left to create: the rest of
//! the `lazy` module counts as a child) and disproved only when dn = 0, both
//! exact statements about its children whatever the sums say, and
//! saturation stops below infinity.
//!
//! Depth: within one search the remaining depth of a position is the root's
//! depth minus the stones added since the root, so the node of a position
//! stands for one remaining depth only; the depth is also mixed into the
//! key. A disproof under a horizon is never reused at a larger depth: each
//! search starts with an empty arena.

use super::arena::{Arena, Node, NodeId};
use super::{Evaluation, Init};
use crate::budget::{Budget, Stopped};
use crate::kit::cursor::{ChildKey, Cursor};
use crate::kit::shape::{mobility_stand_in, ShapeScan};
use crate::kit::symmetry::{depth_salt, Symmetries};
use crate::kit::{Numbers, ProofNumber};
use crate::outcome::Exhausted;
use crate::rules::dominance::Dominance;
use crate::rules::{depth_after, hopeless, AndNode, LastPlies, NodeRules, OrNode};
use crate::space::Space;
use crate::vcf::{slots_within, VcfSearcher};
use kinrow_board::{Bitboard, Cell, SearchBoard};
use std::cell::RefCell;
use std::sync::Arc;

mod expand;
mod lazy;
pub(crate) use lazy::{ATTACKER_BATCH, FIRST_BATCH as LAZY_BATCH};
mod numbers;
mod rules;
#[cfg(test)]
pub(crate) use rules::PNS_EXTRAS;
mod zones;
pub(crate) use numbers::Change;

/// The remaining depth after one more ply.
#[inline]
pub(crate) fn child_depth(depth: u32) -> u32 {
    depth_after(depth, 1)
}

/// One step of the current path from the root.
#[derive(Clone, Copy, Debug)]
struct Step {
    node: NodeId,
    /// The real move that led here (none at the root).
    mv: Option<Cell>,
    /// The position's frame (see [`Symmetries`]).
    frame: u8,
    /// The node's numbers when the descent passed it.
    pn: ProofNumber,
    dn: ProofNumber,
}

/// One proof-number search in progress.
pub(crate) struct PnsSearch<'a> {
    arena: Arena,
    /// The position at the end of `path`, with its keys and depth.
    at: Cursor<'a>,
    rules: NodeRules,
    init: Init,
    evaluation: Evaluation,
    shapes: ShapeScan,
    path: Vec<Step>,
    /// The children of the node being expanded (the `expand` module).
    scratch: Vec<ChildKey>,
    /// Nodes whose numbers must be brought up to date, this level and the
    /// next, each with the change of the child that put it there.
    stack: Vec<(NodeId, Option<Change>)>,
    next: Vec<(NodeId, Option<Change>)>,
    pub(crate) expansions: u64,
    /// Leaves the rules settled when they were to be expanded.
    pub(crate) evaluations: u64,
    pub(crate) tt_hits: u64,
    /// Settle the last plies before the horizon by the rules alone, as
    /// the AND-OR prover does ([`crate::rules::last_plies`]).
    last_plies: LastPlies,
    /// The VCF searcher behind reduction 6 and the VCF shortcut. In a cell:
    /// evaluating a node is a question about the position, which the VCF
    /// table only answers faster.
    threats: RefCell<VcfSearcher>,
    /// The game searched: the whole game, or the attacker's threat space
    /// ([`crate::space`]), where a win is a win and a no-win holds for
    /// that restricted game only.
    pub(crate) space: Space,
    /// The first proof number of an attacker's move that makes no three
    /// (the heuristic's, at the root): an attacker's node of the threat
    /// space whose threes all look harder is widened to its twos
    /// ([`Space::widens_early`]). `u32::MAX` where the first
    /// numbers are not the heuristic's.
    pub(crate) twos_pn: u32,
    /// The node and time budgets: the nodes it counts are the arena's and
    /// the VCF searches' ([`PnsSearch::spent`]).
    pub(crate) budget: Budget,
    /// The memory budget, the VCF table's share included.
    memory: u64,
    /// Disproof zones on ([`PnsSearch::keep_zones`]).
    zones: bool,
    /// Scale the first dn of the children of defender's nodes by the
    /// reply's rank ([`crate::kit::reply_order`]).
    reply_order: bool,
    /// Create a defender's replies a few at a time, in rank order, this
    /// many first (the `lazy` module; with `reply_order`).
    lazy: Option<usize>,
    /// Create an attacker's moves a few at a time, this many first, and
    /// leave out those a sibling's zone refutes before they are created
    /// (the `lazy` module; with zones).
    lazy_attackers: Option<usize>,
    /// Vertex domination ([`crate::rules::dominance`]), as configured.
    pub(crate) dominance: Dominance,
    /// Nodes whose numbers a zone changed outside the update's path, to
    /// bring up to date with the next update.
    pending: Vec<NodeId>,
    /// A zone settled some node since the last [`PnsSearch::climb`], which
    /// may be one on the path.
    zoned_path: bool,
}

impl<'a> PnsSearch<'a> {
    /// A search from `board` with `depth` plies left ([`UNLIMITED`](crate::rules::UNLIMITED) for
    /// none), within `budget` and in an arena of at most `memory` bytes.
    pub(crate) fn new(
        board: &SearchBoard,
        depth: u32,
        rules: NodeRules,
        (init, evaluation): (Init, Evaluation),
        sym: &'a Arc<Symmetries>,
        (budget, memory): (Budget, u64),
        spare: Option<VcfSearcher>,
    ) -> PnsSearch<'a> {
        // The VCF table takes its share of the memory budget first (see
        // `vcf::slots_within`), the arena the rest; `spare`, the tools of
        // an earlier search, lends its table (`VcfSearcher::recycle`).
        let slots = slots_within(memory);
        let mut threats = match spare {
            Some(spare) => spare.recycle(rules.candidates, slots),
            None => VcfSearcher::new(rules.candidates, slots),
        };
        threats.orient(sym);
        let arena = memory - threats.bytes();
        PnsSearch {
            memory,
            arena: Arena::new(arena),
            at: Cursor::new(board, depth, sym),
            rules,
            init,
            evaluation,
            shapes: ShapeScan::new(board.game()),
            path: Vec::new(),
            scratch: Vec::new(),
            stack: Vec::new(),
            next: Vec::new(),
            expansions: 0,
            evaluations: 0,
            tt_hits: 0,
            last_plies: LastPlies::new(board.game(), &rules),
            threats: RefCell::new(threats),
            space: Space::Game,
            twos_pn: if init == Init::Heuristic && evaluation != Evaluation::Eager {
                mobility_stand_in(board.candidates(rules.candidates).count())
            } else {
                u32::MAX
            },
            budget,
            zones: false,
            reply_order: false,
            lazy: None,
            lazy_attackers: None,
            dominance: Dominance::OFF,
            pending: Vec::new(),
            zoned_path: false,
        }
    }

    /// The arena and the threat-space tools, once the search is over.
    pub(crate) fn into_parts(self) -> (Arena, VcfSearcher) {
        (self.arena, self.threats.into_inner())
    }

    /// The root node, once created.
    pub(crate) fn root(&self) -> Option<NodeId> {
        self.path.first().map(|s| s.node)
    }

    /// Proves or disproves the root (standard mode).
    pub(crate) fn prove_root(&mut self) -> Result<(), Stopped> {
        let eval = self.evaluate(false, self.at.root_depth, false);
        self.create_root(eval)?;
        self.run(0)
    }

    /// Creates a root whose children are exactly `moves` (none of them an
    /// immediate win), then settles every child (the `all_moves` mode).
    pub(crate) fn prove_each(&mut self, moves: Bitboard) -> Result<(), Stopped> {
        let root = self.create_root(Numbers {
            pn: ProofNumber::ONE,
            dn: ProofNumber::ONE,
            len: 0,
        })?;
        if moves.is_empty() {
            let node = self.arena.node_mut(root);
            node.pn = ProofNumber::INFINITY;
            node.dn = ProofNumber::ZERO;
            return Ok(());
        }
        // Every first move gets its child (the mode settles each).
        let lazy = self.lazy_attackers.take();
        let expanded = self.expand_with(root, moves, false);
        self.lazy_attackers = lazy;
        expanded?;
        self.update(root);
        let frame = self.path[0].frame;
        for i in self.arena.node(root).children() {
            let (child, canonical) = self.arena.edge(i);
            let node = *self.arena.node(child);
            if node.is_solved() {
                continue;
            }
            let cell = self.at.sym.to_actual(frame, canonical);
            self.at.play(cell);
            self.path.push(Step {
                node: child,
                mv: Some(cell),
                frame: self.at.keys.canonical().1,
                pn: node.pn,
                dn: node.dn,
            });
            let result = self.run(1);
            self.unwind(0);
            result?;
        }
        Ok(())
    }

    fn create_root(&mut self, eval: Numbers) -> Result<NodeId, Stopped> {
        if !self.budget.affords(self.spent(), 1) {
            return Err(Stopped);
        }
        if self.arena.reserve(1).is_err() {
            return Err(self.budget.stopped(Exhausted::Memory));
        }
        let (key, frame) = self.at.keys.canonical();
        let key = key ^ depth_salt(self.at.root_depth);
        let root = self
            .arena
            .add_node(Some(key), eval.pn, eval.dn, u32::from(eval.len), false);
        self.path.push(Step {
            node: root,
            mv: None,
            frame,
            pn: eval.pn,
            dn: eval.dn,
        });
        Ok(root)
    }

    /// Grows the tree from `path[base]` until that node is settled.
    fn run(&mut self, base: usize) -> Result<(), Stopped> {
        let top = self.path[base].node;
        let mut rounds = 0u32;
        while !self.arena.node(top).is_solved() {
            rounds = rounds.wrapping_add(1);
            if rounds & 15 == 0 {
                if let Some(p) = self.budget.progress() {
                    let root = self.arena.node(self.path[0].node);
                    p.set_root_numbers(root.pn, root.dn);
                    p.set_memory(self.arena.bytes() + self.vcf_bytes(), self.memory);
                }
            }
            // The clock and the stop flag, every 1024 nodes.
            if !self.budget.count_to(self.spent()) {
                return Err(Stopped);
            }
            self.descend();
            let leaf = self.path.last().expect("the path holds the root").node;
            self.expand(leaf)?;
            self.update(leaf);
            self.climb(base);
            if cfg!(debug_assertions) && self.expansions.is_power_of_two() {
                self.check_numbers();
            }
        }
        Ok(())
    }

    /// Follows most-proving children from the end of the path to a leaf.
    fn descend(&mut self) {
        loop {
            let step = *self.path.last().expect("the path holds the root");
            let node = *self.arena.node(step.node);
            if node.is_leaf() {
                return;
            }
            let and = node.is_and();
            let mut best = node.children().start;
            let mut best_value = ProofNumber::INFINITY;
            for i in node.children() {
                let child = self.arena.node(self.arena.edge_child(i));
                let value = if and { child.dn } else { child.pn };
                if value < best_value {
                    best = i;
                    best_value = value;
                }
            }
            let rest = self.arena.rest(step.node);
            if (and && rest.1 < best_value) || (!and && rest.0 < best_value) {
                // The replies (or moves) not created yet come first: this
                // node is expanded again.
                return;
            }
            let (child, canonical) = self.arena.edge(best);
            let cell = self.at.sym.to_actual(step.frame, canonical);
            self.at.play(cell);
            let c = *self.arena.node(child);
            debug_assert!(
                !c.is_solved(),
                "an open node has an open most-proving child: {node:?} {c:?} {} {:?}",
                self.path.len(),
                step
            );
            self.path.push(Step {
                node: child,
                mv: Some(cell),
                frame: self.at.keys.canonical().1,
                pn: c.pn,
                dn: c.dn,
            });
        }
    }

    /// Pops the path back to the deepest node whose numbers the last update
    /// left unchanged (its most-proving leaf is still below it), never
    /// above `path[base]`.
    fn climb(&mut self, base: usize) {
        if std::mem::take(&mut self.zoned_path) {
            // A zone may have settled a node above the path's end.
            if let Some(i) = (base + 1..self.path.len())
                .find(|&i| self.arena.node(self.path[i].node).is_solved())
            {
                self.unwind(i - 1);
            }
        }
        while self.path.len() > base + 1 {
            let step = *self.path.last().expect("nonempty");
            let node = self.arena.node(step.node);
            if !node.is_solved() && node.pn == step.pn && node.dn == step.dn {
                return;
            }
            self.path.pop();
            if let Some(cell) = step.mv {
                self.at.undo(cell);
            }
        }
    }

    /// Pops the path back to `path[base]`.
    fn unwind(&mut self, base: usize) {
        while self.path.len() > base + 1 {
            let step = self.path.pop().expect("nonempty");
            if let Some(cell) = step.mv {
                self.at.undo(cell);
            }
        }
    }

    /// Expands the leaf at the end of the path with the moves the rules
    /// give, or under lazy expansion a defender's node whose rest the
    /// descent chose with its next replies.
    fn expand(&mut self, id: NodeId) -> Result<(), Stopped> {
        let node = *self.arena.node(id);
        if !node.is_leaf() {
            return self.expand_more(id);
        }
        debug_assert!(
            node.is_leaf() && !node.is_solved(),
            "expand an open leaf once"
        );
        let depth = self.at.depth();
        if hopeless(&self.at.board, node.is_and(), depth)
            || self.settled_by_last_plies(node.is_and(), depth)
        {
            return self.settle(id, node.is_and(), depth, node.is_wide());
        }
        let moves = if node.is_and() {
            match self.defender_node(depth, None, node.is_wide()) {
                AndNode::Replies(r) if !r.is_empty() => r,
                _ => return self.settle(id, node.is_and(), depth, node.is_wide()),
            }
        } else {
            // Every attacker's node but under delayed evaluation was
            // evaluated when it was created, and left open: neither the
            // static tests nor a VCF settled it then, so neither is asked
            // again (leaving a test out is sound in any case; the static
            // tests may answer otherwise in another orientation, which
            // only changes the work).
            let tested = self.evaluation != Evaluation::Delayed;
            match self.attacker_node(depth, None, node.width(), tested) {
                (OrNode::Moves(m), width)
                    if !m.is_empty() && (tested || self.vcf(depth).is_none()) =>
                {
                    // Where its width has no threat the node starts wider.
                    self.arena.node_mut(id).set_width(width);
                    m
                }
                _ => return self.settle(id, node.is_and(), depth, node.is_wide()),
            }
        };
        self.expand_with(id, moves, true)
    }

    /// Gives a leaf the numbers of its rules' verdict: a node created
    /// without evaluation (delayed) that turns out settled.
    fn settle(&mut self, id: NodeId, and: bool, depth: u32, wide: bool) -> Result<(), Stopped> {
        self.evaluations += 1;
        let eval = self.evaluate(and, depth, wide);
        let node = self.arena.node_mut(id);
        node.pn = eval.pn;
        node.dn = eval.dn;
        node.set_proof_len(u32::from(eval.len));
        if self.zones && eval.dn.is_zero() {
            let frame = self.path.last().expect("the path holds the root").frame;
            let zone = self.terminal_zone(and, frame);
            self.arena.set_zone(id, zone);
        }
        Ok(())
    }
}

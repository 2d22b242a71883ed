//! Expansion: the children of a PNS node, found in the table or created
//! with their first numbers, in one pass that may stop early.
//!
//! In order: the budgets are checked for the whole batch (so that either
//! every child is added or none), the children are keyed and ordered by
//! the shared cursor ([`Cursor::child_keys`], canonical order; the
//! defender's reply order in whole games), their table slots warmed, then
//! each child is found or created ([`PnsSearch::child_node`]) and linked,
//! and the node gets its children or, with none, the numbers of a side
//! that cannot move.
//!
//! [`Cursor::child_keys`]: crate::kit::cursor::Cursor::child_keys

use super::super::arena::{Node, NodeId, NO_REST};
use super::{child_depth, lazy, PnsSearch};
use crate::budget::Stopped;
use crate::kit::cursor::{rank_order, ChildKey};
use crate::kit::reply_order::{reply_ranks, scaled};
use crate::kit::symmetry::depth_salt;
use crate::kit::{Numbers, ProofNumber};
use crate::node::{wins_after, wins_of, Wins};
use crate::outcome::Exhausted;
use crate::pns::{Evaluation, Init};
use crate::space::Space;
use kinrow_board::{Bitboard, Cell};

/// What one expansion creates its children under.
struct Batch {
    /// At most this many children (under lazy expansion, one batch).
    limit: usize,
    /// The ranks of the defender's replies, in whole games.
    ranks: Option<[u16; 128]>,
    /// The children's remaining depth.
    depth: u32,
    /// The children are nodes of the threat space's wider set.
    wide: bool,
    /// The expanded node's frame.
    frame: u8,
    /// The heuristic's stand-in for the children's mobility (delayed
    /// evaluation).
    base: u32,
}

impl PnsSearch<'_> {
    /// Creates the children of `id` (the node at the end of the path) for
    /// `moves`: one per position up to symmetry, found in the table or
    /// created and evaluated. With `cutoff`, stops at the first child that
    /// settles `id` (a proved child of an OR node, a disproved child of an
    /// AND node). Either every child (of the batch, under lazy expansion)
    /// is added or, when a budget forbids it, none.
    ///
    /// Under lazy expansion a defender's node gets the next batch of its
    /// replies in rank order, after the children it has (the `lazy`
    /// module), and the others become its rest.
    pub(super) fn expand_with(
        &mut self,
        id: NodeId,
        moves: Bitboard,
        cutoff: bool,
    ) -> Result<(), Stopped> {
        let parent = *self.arena.node(id);
        let lazy = self.lazy.filter(|_| parent.is_and());
        let existing = parent.child_count();
        let limit = lazy.map_or(usize::MAX, |first| lazy::batch(existing, first));
        self.reserve_children(existing, (moves.count() as usize).min(limit))?;
        let batch = self.batch(&parent, limit);
        let mut scratch = std::mem::take(&mut self.scratch);
        self.order_children(&moves, &batch, existing, &mut scratch);
        let start = self.arena.edge_count();
        for i in parent.children() {
            // Expanded again (lazy): its children first, contiguous.
            self.arena.copy_edge(i);
        }
        let rest = self.add_children(id, !parent.is_and(), &batch, &scratch, (start, cutoff));
        self.scratch = scratch;
        self.expansions += 1;
        if lazy.is_some() {
            self.arena.set_rest(id, rest);
        }
        self.finish_expansion(id, !parent.is_and(), &moves, batch.frame, start);
        Ok(())
    }

    /// Checks the node budget for `count` more nodes and reserves room for
    /// `existing + count` edges.
    fn reserve_children(&mut self, existing: usize, count: usize) -> Result<(), Stopped> {
        if !self.budget.affords(self.spent(), count as u64) {
            return Err(Stopped);
        }
        if self.arena.reserve(existing + count).is_err() {
            return Err(self.budget.stopped(Exhausted::Memory));
        }
        Ok(())
    }

    /// The settings of an expansion of `parent`, at the end of the path.
    fn batch(&self, parent: &Node, limit: usize) -> Batch {
        // A widened attacker's node of the threat space gives its
        // defender's nodes the full VCF horizon for their threat: other
        // nodes than the narrow ones at the same positions.
        let wide = self.space.children_wide(parent.is_and(), parent.width());
        // The whole game: the likely replies of the defender first.
        let ranks = if self.reply_order && parent.is_and() {
            reply_ranks(&self.at.board)
        } else {
            None
        };
        let base = if self.evaluation == Evaluation::Eager || self.init == Init::Unit {
            0
        } else {
            (self.space).mobility_stand_in(self.at.board.candidates(self.rules.candidates).count())
        };
        Batch {
            limit,
            ranks,
            depth: child_depth(self.at.depth()),
            wide,
            frame: self.path.last().expect("the path holds the root").frame,
            base,
        }
    }

    /// The children for `moves` into `scratch`, in the order they are
    /// created, their table slots warmed.
    fn order_children(
        &self,
        moves: &Bitboard,
        batch: &Batch,
        existing: usize,
        scratch: &mut Vec<ChildKey>,
    ) {
        let salt = depth_salt(batch.depth) ^ Space::child_salt(batch.wide);
        self.at.child_keys(moves, salt, scratch);
        // Created in rank order too: the expansion stops at the first
        // child that settles this node, which the best replies reach
        // soonest (7x7 k=5: 9.86 M nodes in canonical order, 8.50 M so).
        if let Some(r) = &batch.ranks {
            rank_order(scratch, r, |c| (c.real, c.canonical));
        }
        // Touch the table slot of every child this expansion may reach
        // (under lazy expansion, the children it has and one batch) before
        // probing: the loads are independent, so their cache misses overlap.
        let reach = existing.saturating_add(batch.limit);
        self.arena.warm(scratch.iter().take(reach).map(|c| c.key));
    }

    /// Links the children of `scratch` to `id` (an OR node when `or`),
    /// up to the batch's limit, from edge `start` on; with `cutoff`,
    /// stops at the first child that settles `id`. Returns the numbers of
    /// the replies left for later (lazy expansion).
    fn add_children(
        &mut self,
        id: NodeId,
        or: bool,
        batch: &Batch,
        scratch: &[ChildKey],
        (start, cutoff): (usize, bool),
    ) -> (ProofNumber, ProofNumber) {
        let mut created = 0;
        // This node's winning cells, once a child is evaluated: each
        // child's follow from them (see `wins_after`).
        let mut wins: Option<Wins> = None;
        for (index, c) in scratch.iter().enumerate() {
            if created == batch.limit {
                let rank = batch.ranks.as_ref().map_or(0, |r| r[usize::from(c.real)]);
                let moves = self.at.board.empty().count().saturating_sub(1);
                return lazy::rest_numbers(scratch.len() - index, rank, moves);
            }
            let Some(child) = self.child_node(c, or, batch, start, &mut wins) else {
                continue;
            };
            self.arena.push_edge(child, c.canonical);
            if self.zones {
                self.arena.push_edge_frames(batch.frame, c.frame);
            }
            self.arena.add_parent(child, id);
            created += 1;
            let n = self.arena.node(child);
            if cutoff && ((or && n.pn.is_zero()) || (!or && n.dn.is_zero())) {
                break;
            }
        }
        NO_REST
    }

    /// The node of child `c` (a defender's when `child_and`): found in the
    /// table or created with its first numbers; `None` for a mirror image
    /// of a sibling linked since edge `start`, which is the same node.
    fn child_node(
        &mut self,
        c: &ChildKey,
        child_and: bool,
        batch: &Batch,
        start: usize,
        wins: &mut Option<Wins>,
    ) -> Option<NodeId> {
        let found = self.arena.find(c.key);
        match found {
            Some(n) if self.arena.node(n).is_and() == child_and => {
                self.tt_hits += 1;
                (!self.arena.edges_since(start).contains(&n)).then_some(n)
            }
            _ => {
                let eval = self.new_child_numbers(c, child_and, batch, wins);
                // A node of the wrong side under this key can only be a
                // key collision: keep the new node out of the table.
                let key = found.is_none().then_some(c.key);
                let n = self
                    .arena
                    .add_node(key, eval.pn, eval.dn, u32::from(eval.len), child_and);
                if batch.wide {
                    self.arena.node_mut(n).mark_wide();
                }
                if self.zones && eval.dn.is_zero() {
                    let cell = Cell::from_index(usize::from(c.real));
                    self.at.play(cell);
                    let zone = self.terminal_zone(child_and, c.frame);
                    self.at.undo(cell);
                    self.arena.set_zone(n, zone);
                }
                Some(n)
            }
        }
    }

    /// The first numbers of a new child: evaluated by the rules (eager;
    /// mixed for the attacker's nodes and the last plies) or the
    /// heuristic's ([`PnsSearch::first_numbers`]); the dn scaled by the
    /// reply's rank in whole games.
    fn new_child_numbers(
        &mut self,
        c: &ChildKey,
        child_and: bool,
        batch: &Batch,
        wins: &mut Option<Wins>,
    ) -> Numbers {
        let cell = Cell::from_index(usize::from(c.real));
        let eager = self.evaluation == Evaluation::Eager;
        let mixed = self.evaluation == Evaluation::Mixed;
        let mut eval = if eager || (mixed && (!child_and || batch.depth < 4)) {
            let w = wins.get_or_insert_with(|| wins_of(&self.at.board));
            let after = wins_after(&self.at.board, w, cell);
            self.at.play(cell);
            let eval = self.evaluate_with(child_and, batch.depth, after.as_ref(), batch.wide);
            self.at.undo(cell);
            eval
        } else {
            self.first_numbers(child_and, cell, batch.base)
        };
        if let Some(ranks) = &batch.ranks {
            eval.dn = scaled(eval.dn, ranks[usize::from(c.real)]);
        }
        eval
    }

    /// Gives `id` the children linked since edge `start`, or, with none,
    /// the numbers of a side that cannot move (an OR node when `or`).
    fn finish_expansion(
        &mut self,
        id: NodeId,
        or: bool,
        moves: &Bitboard,
        frame: u8,
        start: usize,
    ) {
        if self.arena.edge_count() > start {
            self.arena.set_children(id, start);
            if self.zones {
                self.zones_after_expansion(id, moves, frame);
            }
        } else {
            // No move at all: the side to move is stuck.
            let node = self.arena.node_mut(id);
            (node.pn, node.dn) = if or {
                (ProofNumber::INFINITY, ProofNumber::ZERO)
            } else {
                (ProofNumber::ZERO, ProofNumber::INFINITY)
            };
        }
    }

    /// The first numbers of a child that is not evaluated yet (delayed
    /// evaluation): the side to move plays `cell`; `base` stands for the
    /// child's mobility. Unit: 1 and 1. Heuristic: a defender facing a four
    /// has one reply (pn 1), facing threes a few (pn `base` / (1 +
    /// threes)); an attacker facing a four has one move (dn 1).
    #[inline]
    fn first_numbers(&self, child_and: bool, cell: Cell, base: u32) -> Numbers {
        if self.init == Init::Unit {
            return Numbers {
                pn: ProofNumber::ONE,
                dn: ProofNumber::ONE,
                len: 0,
            };
        }
        let (pn, dn) = self.at.shape_numbers(&self.shapes, child_and, cell, base);
        Numbers { pn, dn, len: 0 }
    }
}

//! Disproof zones in PNS ([`crate::rules::zone`] has what a zone is and the
//! arguments): each disproved node keeps a zone in its canonical frame,
//! computed when the rules settle it or from its children when they
//! disprove it; an attacker's node keeps, while open, the zone its
//! reductions contributed. When a defender's node X is disproved, at each
//! attacker's parent P whose move to X lies outside X's zone, every
//! other child of P whose move lies outside it too is disproved at once
//! with that zone (a node of the DAG, so for all its parents: the
//! disproof is of its position, there being no horizon).
//!
//! Frames: a zone travels from a child's canonical frame to its parent's
//! through the frames both had when the edge was made (one real board),
//! kept beside the edge. A position with a symmetry has several frames
//! reaching its canonical key; any one maps a zone to a zone of the same
//! position.

use super::PnsSearch;
use crate::kit::ProofNumber;
use crate::pns::arena::{NodeId, NO_MOVES_LEFT};
use crate::rules::zone;
use kinrow_board::Bitboard;

impl PnsSearch<'_> {
    /// Orders the defender's replies by their rank from now on (before
    /// the root is made; see [`crate::kit::reply_order`]).
    pub(crate) fn order_replies(&mut self) {
        self.reply_order = true;
    }

    /// Keeps disproof zones from now on (before the root is made).
    pub(crate) fn keep_zones(&mut self) {
        self.arena.keep_zones();
        self.zones = true;
    }

    /// The zone of the current position, which the rules settle as a
    /// no-win (the defender's when `and`), in frame `frame`.
    pub(super) fn terminal_zone(&self, and: bool, frame: u8) -> u128 {
        let zone = zone::rules_no_win(&self.at.board, and);
        self.at.sym.remap(zone.0, 0, frame)
    }

    /// After node `id` (the current position, in frame `frame`) got its
    /// children for `moves` (`first`: at its first expansion; `merged`: a
    /// move was left out as the mirror image of a sibling's): an
    /// attacker's node keeps the zone its reductions contributed, the
    /// whole board when its moves are not those the reductions leave of
    /// every empty cell or a mirror image was merged; then the children a
    /// zone disproved already reach their siblings (and the moves not
    /// created yet).
    pub(super) fn zones_after_expansion(
        &mut self,
        id: NodeId,
        moves: &Bitboard,
        frame: u8,
        (first, merged): (bool, bool),
    ) {
        let node = *self.arena.node(id);
        if !node.is_and() {
            let base = if first {
                zone::attacker_node_base(&self.at.board, moves, merged)
            } else if merged {
                zone::full(&self.at.board)
            } else {
                zone::Zone::EMPTY
            };
            let base = self.at.sym.remap(base.0, 0, frame);
            let old = if first { 0 } else { self.arena.zone(id) };
            self.arena.set_zone(id, old | base);
        }
        if node.is_and() {
            // Its children are attacker's nodes, whose parents are all
            // defender's nodes: a zone of theirs reaches no sibling.
            return;
        }
        let mut out = Vec::new();
        for i in self.arena.node(id).children() {
            let child = self.arena.edge_child(i);
            if self.arena.node(child).dn.is_zero() {
                self.reuse_zone(child, &mut out);
            }
        }
        self.pending.extend(out.into_iter().map(|(p, _)| p));
    }

    /// The zone of `id`, just disproved by its children, in its frame: at
    /// the defender's node the smallest zone of a disproved child with
    /// the reply's cell, at the attacker's the union of its children's
    /// and its own base zone.
    pub(super) fn zone_from_children(&self, id: NodeId) -> u128 {
        let node = *self.arena.node(id);
        let mut best: Option<u128> = None;
        let mut union = if node.is_and() {
            0
        } else {
            self.arena.zone(id)
        };
        for i in node.children() {
            let child = self.arena.edge_child(i);
            let c = self.arena.node(child);
            if !c.dn.is_zero() {
                debug_assert!(node.is_and(), "a disproved attacker's node");
                continue;
            }
            let z = self.child_zone(i);
            if node.is_and() {
                let z = z | 1u128 << self.arena.edge(i).1;
                if best.is_none_or(|b| z.count_ones() < b.count_ones()) {
                    best = Some(z);
                }
            } else {
                union |= z;
            }
        }
        if node.is_and() {
            best.unwrap_or_else(|| zone::full(&self.at.board).0)
        } else {
            union
        }
    }

    /// The zone of the child of edge `i`, in its parent's frame.
    fn child_zone(&self, i: usize) -> u128 {
        let (parent, child) = self.arena.edge_frames(i);
        self.at
            .sym
            .remap(self.arena.zone(self.arena.edge_child(i)), child, parent)
    }

    /// The reuse of the zone of the disproved defender's node `x` (see the
    /// module docs), and of the zones of the nodes that disproves, in
    /// turn; the parents of every node it disproves go to `out`.
    pub(super) fn reuse_zone(&mut self, x: NodeId, out: &mut Vec<(NodeId, Option<super::Change>)>) {
        let mut stack = vec![x];
        while let Some(x) = stack.pop() {
            let parents: Vec<NodeId> = self.arena.parents(x).collect();
            for p in parents {
                let parent = *self.arena.node(p);
                if parent.is_and() || parent.is_solved() {
                    continue;
                }
                let Some(i) = parent.children().find(|&i| self.arena.edge_child(i) == x) else {
                    continue;
                };
                let z = self.child_zone(i);
                if z >> self.arena.edge(i).1 & 1 == 1 {
                    continue;
                }
                // The moves not created yet outside the zone are refuted
                // with it, as a sibling would be (their positions are
                // Z-variants of x's): left out for good.
                let untried = self.arena.untried(p);
                if untried & !z != 0 {
                    let left = untried & z;
                    self.arena.set_untried(p, left);
                    let rest = self.arena.rest(p);
                    let rest = if left == 0 {
                        NO_MOVES_LEFT
                    } else {
                        (rest.0, ProofNumber::finite(left.count_ones()))
                    };
                    self.arena.set_rest(p, rest);
                    // Its numbers are read again from its children.
                    out.push((p, None));
                    out.push((p, None));
                }
                for j in parent.children() {
                    let (s, mv) = self.arena.edge(j);
                    if z >> mv & 1 == 1 || self.arena.node(s).is_solved() {
                        continue;
                    }
                    let (pf, cf) = self.arena.edge_frames(j);
                    let zs = self.at.sym.remap(z, pf, cf);
                    let n = self.arena.node_mut(s);
                    n.pn = ProofNumber::INFINITY;
                    n.dn = ProofNumber::ZERO;
                    self.arena.set_zone(s, zs);
                    self.zoned_path = true;
                    out.extend(self.arena.parents(s).map(|q| (q, None)));
                    stack.push(s);
                }
            }
        }
    }
}

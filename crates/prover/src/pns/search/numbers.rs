//! The numbers of an expanded node from its children, and their update
//! from a changed leaf up through every parent.

use super::{Node, NodeId, PnsSearch};
use crate::kit::{Numbers, ProofNumber};
use crate::space::Width;

impl PnsSearch<'_> {
    /// The numbers (and proof length) of an expanded node from its
    /// children.
    #[inline]
    pub(super) fn recompute(&self, id: NodeId) -> Numbers {
        let node = self.arena.node(id);
        debug_assert!(
            !node.is_leaf(),
            "the numbers of a leaf are its own: {node:?}"
        );
        let and = node.is_and();
        // The replies a defender's node has not created yet, or the moves
        // an attacker's node has not, count as one more child (see the
        // `lazy` module).
        let (pn, dn) = self.arena.rest(id);
        let (mut sum, mut min) = if and { (pn, dn) } else { (dn, pn) };
        // OR: the shortest proved child; AND: the longest child.
        let mut len: u32 = if and { 0 } else { u32::MAX };
        for i in node.children() {
            let c = self.arena.node(self.arena.edge_child(i));
            let (small, summed) = if and { (c.dn, c.pn) } else { (c.pn, c.dn) };
            min = min.min(small);
            sum = sum + summed;
            if c.pn.is_zero() {
                let l = u32::from(c.proof_len());
                len = if and { len.max(l) } else { len.min(l) };
            }
        }
        // Meaningful only when proved; an OR node without a proved child
        // saturates.
        let len = u16::try_from(len.saturating_add(1)).unwrap_or(u16::MAX);
        if and {
            Numbers {
                pn: sum,
                dn: min,
                len,
            }
        } else {
            Numbers {
                pn: min,
                dn: sum,
                len,
            }
        }
    }

    /// Brings the numbers of `from` (just expanded or settled) and of every
    /// ancestor whose numbers change up to date, through every parent;
    /// stops where they do not change.
    ///
    /// Every parent of a node has one stone less, so all paths from `from`
    /// up to an ancestor have the same length: going up one level at a
    /// time, each ancestor is recomputed once, after all its changed
    /// children (rather than once per path, which a DAG makes exponential).
    /// An ancestor with a single changed child is updated from the change
    /// when that is exact (see [`delta`]), without reading its children.
    pub(super) fn update(&mut self, from: NodeId) {
        let mut level = std::mem::take(&mut self.stack);
        let mut next = std::mem::take(&mut self.next);
        level.clear();
        next.clear();
        let node = *self.arena.node(from);
        if node.is_leaf() {
            // Settled in place: its numbers are its own.
            level.extend(self.arena.parents(from).map(|p| (p, None)));
            if self.zones && node.dn.is_zero() {
                self.reuse_zone(from, &mut level);
            }
        } else {
            level.push((from, None));
            // Nodes a zone settled when `from` got its children: their
            // parents are on `from`'s level.
            level.extend(self.pending.drain(..).map(|p| (p, None)));
        }
        while !level.is_empty() {
            if level.len() > 1 {
                level.sort_unstable_by_key(|&(id, _)| id);
            }
            let mut i = 0;
            while i < level.len() {
                let (id, change) = level[i];
                let mut j = i + 1;
                while j < level.len() && level[j].0 == id {
                    j += 1;
                }
                let single = if j == i + 1 { change } else { None };
                i = j;
                let node = *self.arena.node(id);
                if node.is_solved() || node.is_leaf() {
                    // A settled node never changes. Nor does an open leaf
                    // through its children: it has none, but an attacker's
                    // node widened before its threes were settled (early,
                    // `widens_early`) is still their parent until it is
                    // expanded again, and reading no children would make
                    // it disproved.
                    continue;
                }
                let (pn, dn) = match single.and_then(|c| delta(&node, c)) {
                    Some(numbers) => numbers,
                    None => {
                        let e = self.recompute(id);
                        if e.pn.is_zero() {
                            self.arena.node_mut(id).set_proof_len(u32::from(e.len));
                        }
                        (e.pn, e.dn)
                    }
                };
                let n = self.arena.node_mut(id);
                let open = !pn.is_zero() && !dn.is_zero();
                let early = open
                    && (self.space).widens_early(n.is_and(), n.width(), pn.get(), self.twos_pn);
                let wider = if early {
                    Some(Width::Twos)
                } else {
                    self.space.widens(n.is_and(), n.width(), dn.is_zero())
                };
                let (pn, dn) = match wider {
                    Some(width) => {
                        // Every threat at its width failed, or its threes
                        // look harder than its twos: try the next width
                        // before giving this attacker's node up (a leaf
                        // again; the children it had are found again).
                        n.widen(width);
                        (n.pn, n.dn)
                    }
                    _ => (pn, dn),
                };
                if pn == node.pn && dn == node.dn {
                    continue;
                }
                let n = self.arena.node_mut(id);
                n.pn = pn;
                n.dn = dn;
                let c = Change {
                    old: (node.pn, node.dn),
                    new: (pn, dn),
                };
                next.extend(self.arena.parents(id).map(|p| (p, Some(c))));
                if self.zones && dn.is_zero() {
                    let zone = self.zone_from_children(id);
                    self.arena.set_zone(id, zone);
                    self.reuse_zone(id, &mut next);
                }
            }
            std::mem::swap(&mut level, &mut next);
            next.clear();
        }
        self.stack = level;
        self.next = next;
    }
}

/// How a child's numbers changed: (pn, dn) before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Change {
    old: (ProofNumber, ProofNumber),
    new: (ProofNumber, ProofNumber),
}

/// The numbers of the open node `node` after one child changed by
/// `change`, or `None` when they cannot be had exactly without reading the
/// children: when any number involved is settled (0 or infinity) or
/// saturated, or when the child held the minimum and grew.
#[inline]
fn delta(node: &Node, change: Change) -> Option<(ProofNumber, ProofNumber)> {
    // (the number taken as a minimum, the number summed) at this node.
    let sides =
        |(pn, dn): (ProofNumber, ProofNumber)| if node.is_and() { (dn, pn) } else { (pn, dn) };
    let (min, sum) = sides((node.pn, node.dn));
    let (old_min, old_sum) = sides(change.old);
    let (new_min, new_sum) = sides(change.new);
    let open = |v: ProofNumber| !v.is_zero() && v < ProofNumber::MAX_FINITE;
    if ![min, sum, old_min, old_sum, new_min, new_sum]
        .into_iter()
        .all(open)
        || old_min < min
        || old_sum > sum
    {
        return None;
    }
    let total = u64::from(sum.get()) - u64::from(old_sum.get()) + u64::from(new_sum.get());
    if total >= u64::from(ProofNumber::MAX_FINITE.get()) {
        return None;
    }
    let total = ProofNumber::finite(total as u32);
    let min = if new_min < min {
        new_min
    } else if old_min > min || new_min == old_min {
        min
    } else {
        return None;
    };
    Some(if node.is_and() {
        (total, min)
    } else {
        (min, total)
    })
}

impl PnsSearch<'_> {
    /// Debug check (at exponentially spaced times, so it costs little):
    /// every expanded node's numbers are those recomputed from its
    /// children, and a settled node is settled both ways (0 and infinity).
    pub(super) fn check_numbers(&self) {
        for raw in 1..=self.arena.node_count() as u32 {
            let id = NodeId::from_raw(raw).unwrap();
            let n = *self.arena.node(id);
            if n.is_leaf() {
                continue;
            }
            if self.zones && n.dn.is_zero() {
                // A zone may have disproved it before its children.
                continue;
            }
            let e = self.recompute(id);
            if n.is_solved() {
                assert!(
                    (n.pn.is_zero() && e.pn.is_zero() && n.dn.is_infinite())
                        || (n.dn.is_zero() && e.dn.is_zero() && n.pn.is_infinite()),
                    "solved node {raw} {:?} vs {:?}",
                    (n.pn, n.dn),
                    e
                );
            } else {
                assert_eq!((n.pn, n.dn), (e.pn, e.dn), "node {raw}");
            }
        }
    }
}

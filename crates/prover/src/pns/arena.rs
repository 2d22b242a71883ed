//! The arena: every position of a proof-number search stored once, as a
//! small node linked to its children and parents by index.
//!
//! Layout (bytes per item):
//! - `nodes` (20): proof and disproof numbers, the children's range in the
//!   edge arrays, the parents, the number of children, the node's side and
//!   its proof length;
//! - `edge_child` (4) and `edge_move` (2): for each child, its node and the
//!   move leading to it, in the parent's canonical frame; a node's children
//!   are contiguous (they are pushed when it is expanded, all at once, or
//!   under lazy expansion copied to the end with the next batch, the old
//!   range left unused);
//! - `links` (8): parent lists of nodes with more than one parent, as
//!   linked lists (a node with one parent stores it inline);
//! - the transposition [`Table`] (12 per slot, at most 3/4 full);
//! - with disproof zones on ([`Arena::keep_zones`]), `zones` (16 per node:
//!   a disproved node's zone, an open attacker's node's base zone, in the
//!   node's canonical frame; see [`crate::rules::zone`]) and `edge_frames`
//!   (1 per edge: the frames of parent and child when the edge was made,
//!   to carry a zone from one frame to the other).
//! - with lazy expansion on ([`Arena::keep_rests`]), `rests` (8 per node:
//!   the numbers of the replies a defender's node has not created yet, see
//!   [`crate::pns::search`]'s `lazy` module).
//!
//! Every array grows only in [`Arena::reserve`], which checks the memory
//! budget first and uses `try_reserve`, so a search that runs out of memory
//! stops with an error instead of aborting.

pub use super::id::NodeId;
use super::table::{Table, SLOT_BYTES};
use crate::kit::ProofNumber;
use crate::space::Width;
use std::mem::size_of;
use std::ops::Range;

/// The top bit of [`Node::parents`]: the rest indexes `links`.
const LIST: u32 = 1 << 31;
/// Node indices stay below [`LIST`] so a parent id never looks like a list.
const MAX_NODES: usize = LIST as usize - 1;
/// The AND bit of [`Node::info`].
const AND: u16 = 1 << 15;
/// The WIDE bit of [`Node::info`] (an attacker's node of a threat-space
/// search widened to [`Width::Wide`], or a defender's node below one).
const WIDE: u16 = 1 << 14;
/// The TWOS bit of [`Node::info`] (an attacker's node of a threat-space
/// search widened to [`Width::Twos`]); the other bits hold the proof
/// length.
const TWOS: u16 = 1 << 13;
/// The bits of [`Node::info`] that hold the proof length.
const LEN: u16 = TWOS - 1;

/// One position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) pn: ProofNumber,
    pub(crate) dn: ProofNumber,
    /// First child in the edge arrays.
    first_child: u32,
    /// 0: none (the root); below [`LIST`]: the only parent; otherwise
    /// [`LIST`] | the head of its list in `links`.
    parents: u32,
    /// 0 for a leaf (not expanded; or settled when created).
    n_children: u16,
    /// [`AND`] for the defender's nodes, [`WIDE`] for attacker's nodes
    /// widened; the low bits are the proof length of a proved node (plies
    /// to the attacker's winning stone, this node's own ply included), set
    /// when it became proved.
    info: u16,
}

const _: () = assert!(size_of::<Node>() <= 32);

/// Bytes of one node.
pub(crate) const NODE_BYTES: usize = size_of::<Node>();

impl Node {
    /// Whether this is a defender's (AND) node.
    #[inline]
    pub(crate) const fn is_and(&self) -> bool {
        self.info & AND != 0
    }

    /// Whether the node has no children (not expanded, or settled when
    /// created, or settled before its expansion).
    #[inline]
    pub(crate) const fn is_leaf(&self) -> bool {
        self.n_children == 0
    }

    /// Whether the node is proved or disproved.
    #[inline]
    pub(crate) const fn is_solved(&self) -> bool {
        self.pn.is_zero() || self.dn.is_zero()
    }

    /// Plies to the attacker's winning stone in the proof found first
    /// (meaningful for proved nodes only).
    #[inline]
    pub(crate) const fn proof_len(&self) -> u16 {
        self.info & LEN
    }

    /// Whether the node (an attacker's, in a threat-space search) tries
    /// its wider set of threats.
    #[inline]
    pub(crate) const fn is_wide(&self) -> bool {
        self.info & WIDE != 0
    }

    /// Marks the node as one of the wider threat space: an attacker's node
    /// that tries its wider set of threats, a defender's node whose
    /// attacker may threaten with a VCF of any length.
    #[inline]
    pub(crate) fn mark_wide(&mut self) {
        self.info |= WIDE;
    }

    /// How wide the node (an attacker's, in a threat-space search) looks
    /// for threats.
    #[inline]
    pub(crate) const fn width(&self) -> Width {
        if self.info & WIDE != 0 {
            Width::Wide
        } else if self.info & TWOS != 0 {
            Width::Twos
        } else {
            Width::Threes
        }
    }

    /// Sets the node's width (an attacker's node, in a threat-space
    /// search).
    #[inline]
    pub(crate) fn set_width(&mut self, width: Width) {
        self.info &= !(WIDE | TWOS);
        self.info |= match width {
            Width::Threes => 0,
            Width::Twos => TWOS,
            Width::Wide => WIDE,
        };
    }

    /// Makes the node an unexpanded leaf again that looks for threats at
    /// `width`, with the numbers of a new leaf: its children (all
    /// disproved) stay in the arena, unreferenced from it.
    #[inline]
    pub(crate) fn widen(&mut self, width: Width) {
        self.set_width(width);
        self.n_children = 0;
        self.pn = ProofNumber::ONE;
        self.dn = ProofNumber::ONE;
    }

    /// Sets the proof length (capped to the bits available; boards have at
    /// most 676 cells).
    #[inline]
    pub(crate) fn set_proof_len(&mut self, len: u32) {
        self.info = (self.info & !LEN) | (len.min(u32::from(LEN)) as u16);
    }

    /// Number of children.
    #[inline]
    pub(crate) const fn child_count(&self) -> usize {
        self.n_children as usize
    }

    /// The children's range in the edge arrays.
    #[inline]
    pub(crate) fn children(&self) -> Range<usize> {
        let start = self.first_child as usize;
        start..start + self.n_children as usize
    }
}

/// One entry of a parent list.
#[derive(Clone, Copy, Debug)]
struct Link {
    parent: NodeId,
    /// Next entry, 0 at the end.
    next: u32,
}

/// [`Arena::rest`] of a node with no reply left to create: the numbers of
/// a proved child, which change neither the sum of pn nor the least dn.
pub(crate) const NO_REST: (ProofNumber, ProofNumber) = (ProofNumber::ZERO, ProofNumber::INFINITY);

/// [`Arena::rest`] of an attacker's node with no move left to create: the
/// numbers of a disproved child, which change neither the least pn nor the
/// sum of dn.
pub(crate) const NO_MOVES_LEFT: (ProofNumber, ProofNumber) =
    (ProofNumber::INFINITY, ProofNumber::ZERO);

/// Why the arena refused to grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutOfMemory;

/// The nodes, edges, parent lists and transposition table of one search.
#[derive(Debug)]
pub(crate) struct Arena {
    /// `nodes[0]` is a placeholder so that a [`NodeId`] indexes directly.
    nodes: Vec<Node>,
    edge_child: Vec<NodeId>,
    edge_move: Vec<u16>,
    /// `links[0]` is a placeholder (index 0 ends a list).
    links: Vec<Link>,
    table: Table,
    /// Per node, with zones on (else empty): see the module docs.
    zones: Vec<u128>,
    /// Per edge, with zones on: the parent's frame | the child's << 3.
    edge_frames: Vec<u8>,
    zoned: bool,
    /// Per node, with lazy expansion on (else empty): the (pn, dn) of the
    /// replies not created yet, [`NO_REST`] when there are none.
    rests: Vec<(ProofNumber, ProofNumber)>,
    lazy: bool,
    /// The moves an attacker's node has not created yet, by node, in its
    /// canonical frame (lazy expansion of the attacker's nodes; see the
    /// `lazy` module of [`crate::pns::search`]).
    untried: ahash::AHashMap<u32, u128>,
    budget: u64,
    peak: u64,
}

impl Arena {
    /// An empty arena that will never hold more than `budget` bytes.
    pub(crate) fn new(budget: u64) -> Arena {
        Arena {
            nodes: Vec::new(),
            edge_child: Vec::new(),
            edge_move: Vec::new(),
            links: Vec::new(),
            table: Table::default(),
            zones: Vec::new(),
            edge_frames: Vec::new(),
            zoned: false,
            rests: Vec::new(),
            lazy: false,
            untried: ahash::AHashMap::new(),
            budget,
            peak: 0,
        }
    }

    /// Keeps a zone per node and the frames of each edge from now on (call
    /// before the first node).
    pub(crate) fn keep_zones(&mut self) {
        debug_assert!(self.nodes.is_empty());
        self.zoned = true;
    }

    /// Keeps the numbers of the replies not created yet from now on
    /// (before the first node is made).
    pub(crate) fn keep_rests(&mut self) {
        debug_assert!(self.nodes.is_empty());
        self.lazy = true;
    }

    /// The numbers of the replies `id` has not created yet, as those of
    /// one more child: [`NO_REST`] when there are none (or lazy expansion
    /// is off).
    #[inline]
    pub(crate) fn rest(&self, id: NodeId) -> (ProofNumber, ProofNumber) {
        if self.lazy {
            self.rests[id.index()]
        } else if self.nodes[id.index()].is_and() {
            NO_REST
        } else {
            NO_MOVES_LEFT
        }
    }

    /// Sets [`Arena::rest`] of `id` (lazy expansion on).
    #[inline]
    pub(crate) fn set_rest(&mut self, id: NodeId, rest: (ProofNumber, ProofNumber)) {
        self.rests[id.index()] = rest;
    }

    /// The moves the attacker's node `id` has not created yet, in its
    /// canonical frame (none when it has created them all).
    #[inline]
    pub(crate) fn untried(&self, id: NodeId) -> u128 {
        self.untried.get(&id.raw()).copied().unwrap_or(0)
    }

    /// Sets [`Arena::untried`] of `id`.
    pub(crate) fn set_untried(&mut self, id: NodeId, moves: u128) {
        if moves == 0 {
            self.untried.remove(&id.raw());
        } else {
            self.untried.insert(id.raw(), moves);
        }
    }

    /// The zone kept for `id` (zones on).
    #[inline]
    pub(crate) fn zone(&self, id: NodeId) -> u128 {
        self.zones[id.index()]
    }

    #[inline]
    pub(crate) fn set_zone(&mut self, id: NodeId, zone: u128) {
        self.zones[id.index()] = zone;
    }

    /// The frames (parent's, child's) of the `i`-th edge (zones on).
    #[inline]
    pub(crate) fn edge_frames(&self, i: usize) -> (u8, u8) {
        let f = self.edge_frames[i];
        (f & 7, f >> 3)
    }

    /// Number of nodes created.
    #[inline]
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len().saturating_sub(1)
    }

    /// Bytes held now (capacities, not lengths).
    pub(crate) fn bytes(&self) -> u64 {
        (self.nodes.capacity() * NODE_BYTES
            + self.edge_child.capacity() * size_of::<NodeId>()
            + self.edge_move.capacity() * size_of::<u16>()
            + self.links.capacity() * size_of::<Link>()
            + self.zones.capacity() * size_of::<u128>()
            + self.edge_frames.capacity()
            + self.rests.capacity() * size_of::<(ProofNumber, ProofNumber)>()
            + self.untried.capacity() * 2 * size_of::<(u32, u128)>()) as u64
            + self.table.bytes()
    }

    /// The most bytes held at any time, transient copies during growth
    /// included.
    pub(crate) fn peak_bytes(&self) -> u64 {
        self.peak
    }

    fn note_peak(&mut self, extra: u64) {
        self.peak = self.peak.max(self.bytes() + extra);
    }

    /// Makes room for `children` more nodes, edges and table entries (and
    /// twice as many parent links) so that the next expansion cannot fail
    /// half-way. Fails, leaving everything usable, if that would pass the
    /// memory budget or the allocator refuses.
    pub(crate) fn reserve(&mut self, children: usize) -> Result<(), OutOfMemory> {
        let budget = self.budget;
        if self.nodes.len() + children + 1 > MAX_NODES
            || self.edge_child.len() + children > u32::MAX as usize
        {
            return Err(OutOfMemory);
        }
        if self.nodes.is_empty() {
            grow(&mut self.nodes, 1, 0, budget)?;
            self.nodes.push(Node {
                pn: ProofNumber::ONE,
                dn: ProofNumber::ONE,
                first_child: 0,
                parents: 0,
                n_children: 0,
                info: 0,
            });
            if self.zoned {
                let other = self.bytes();
                grow(&mut self.zones, 1, other, budget)?;
                self.zones.push(0);
            }
            if self.lazy {
                let other = self.bytes();
                grow(&mut self.rests, 1, other, budget)?;
                self.rests.push(NO_REST);
            }
        }
        if self.links.is_empty() {
            let other = self.bytes();
            grow(&mut self.links, 1, other, budget)?;
            self.links.push(Link {
                parent: NodeId::from_raw(1).expect("nonzero"),
                next: 0,
            });
        }
        if let Some(size) = self.table.grown_size(children) {
            // Old and new slot arrays coexist while the keys move.
            let extra = size as u64 * SLOT_BYTES;
            if self.bytes() + extra > budget {
                return Err(OutOfMemory);
            }
            self.note_peak(extra);
            self.table.rebuild(size).map_err(|_| OutOfMemory)?;
        }
        let other = self.bytes() - (self.nodes.capacity() * NODE_BYTES) as u64;
        grow(&mut self.nodes, children, other, budget)?;
        let other = self.bytes() - (self.edge_child.capacity() * size_of::<NodeId>()) as u64;
        grow(&mut self.edge_child, children, other, budget)?;
        let other = self.bytes() - (self.edge_move.capacity() * size_of::<u16>()) as u64;
        grow(&mut self.edge_move, children, other, budget)?;
        let other = self.bytes() - (self.links.capacity() * size_of::<Link>()) as u64;
        grow(&mut self.links, 2 * children, other, budget)?;
        if self.zoned {
            let other = self.bytes() - (self.zones.capacity() * size_of::<u128>()) as u64;
            grow(&mut self.zones, children, other, budget)?;
            let other = self.bytes() - self.edge_frames.capacity() as u64;
            grow(&mut self.edge_frames, children, other, budget)?;
        }
        if self.lazy {
            let size = size_of::<(ProofNumber, ProofNumber)>();
            let other = self.bytes() - (self.rests.capacity() * size) as u64;
            grow(&mut self.rests, children, other, budget)?;
        }
        self.note_peak(0);
        Ok(())
    }

    /// The node stored under the canonical key `key`.
    #[inline]
    pub(crate) fn find(&self, key: u64) -> Option<NodeId> {
        self.table.get(key)
    }

    /// Reads the home slots of `keys` (see [`Table::warm`]).
    #[inline]
    pub(crate) fn warm(&self, keys: impl Iterator<Item = u64>) {
        self.table.warm(keys);
    }

    /// Creates a leaf with the given numbers and files it under `key` (in
    /// the table unless `key` is `None`). Room must have been reserved.
    #[inline]
    pub(crate) fn add_node(
        &mut self,
        key: Option<u64>,
        pn: ProofNumber,
        dn: ProofNumber,
        proof_len: u32,
        and: bool,
    ) -> NodeId {
        debug_assert!(self.nodes.len() < self.nodes.capacity());
        let id = NodeId::from_raw(self.nodes.len() as u32).expect("node 0 is the placeholder");
        let mut node = Node {
            pn,
            dn,
            first_child: 0,
            parents: 0,
            n_children: 0,
            info: if and { AND } else { 0 },
        };
        node.set_proof_len(proof_len);
        self.nodes.push(node);
        if self.zoned {
            debug_assert!(self.zones.len() < self.zones.capacity());
            self.zones.push(0);
        }
        if self.lazy {
            debug_assert!(self.rests.len() < self.rests.capacity());
            self.rests.push(if and { NO_REST } else { NO_MOVES_LEFT });
        }
        if let Some(key) = key {
            self.table.insert(key, id);
        }
        id
    }

    #[inline]
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    #[inline]
    pub(crate) fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// Where the children of the node being expanded will start.
    #[inline]
    pub(crate) fn edge_count(&self) -> usize {
        self.edge_child.len()
    }

    /// The children pushed since `start`.
    #[inline]
    pub(crate) fn edges_since(&self, start: usize) -> &[NodeId] {
        &self.edge_child[start..]
    }

    /// Appends a child edge of the node being expanded.
    #[inline]
    pub(crate) fn push_edge(&mut self, child: NodeId, canonical_move: u16) {
        debug_assert!(self.edge_child.len() < self.edge_child.capacity());
        self.edge_child.push(child);
        self.edge_move.push(canonical_move);
    }

    /// Records the frames of the edge just pushed (zones on): the parent's
    /// and the child's, both seen from the same real board.
    #[inline]
    pub(crate) fn push_edge_frames(&mut self, parent: u8, child: u8) {
        debug_assert!(self.edge_frames.len() < self.edge_frames.capacity());
        self.edge_frames.push(parent | child << 3);
        debug_assert_eq!(self.edge_frames.len(), self.edge_child.len());
    }

    /// Gives `id` the children pushed since `start` (at least one, and at
    /// most a board's worth): a leaf's first children, or under lazy
    /// expansion all of a defender's node's children again, its earlier
    /// ones copied first ([`Arena::copy_edge`]).
    pub(crate) fn set_children(&mut self, id: NodeId, start: usize) {
        let n = self.edge_child.len() - start;
        debug_assert!(n > 0 && n <= usize::from(u16::MAX));
        let node = &mut self.nodes[id.index()];
        debug_assert!(
            node.is_leaf() || (self.lazy && n >= node.child_count()),
            "a node is expanded once, but for more replies under lazy expansion"
        );
        node.first_child = start as u32;
        node.n_children = n as u16;
    }

    /// Appends a copy of the `i`-th edge (and its frames), for a node that
    /// gets more children (lazy expansion): a node's children stay
    /// contiguous. The child's parent list is unchanged.
    pub(crate) fn copy_edge(&mut self, i: usize) {
        self.push_edge(self.edge_child[i], self.edge_move[i]);
        if self.zoned {
            let f = self.edge_frames[i];
            debug_assert!(self.edge_frames.len() < self.edge_frames.capacity());
            self.edge_frames.push(f);
        }
    }

    /// The `i`-th edge: child and canonical move.
    #[inline]
    pub(crate) fn edge(&self, i: usize) -> (NodeId, u16) {
        (self.edge_child[i], self.edge_move[i])
    }

    /// The child of the `i`-th edge.
    #[inline]
    pub(crate) fn edge_child(&self, i: usize) -> NodeId {
        self.edge_child[i]
    }

    /// Records `parent` as a parent of `child`. Room must have been
    /// reserved (two links per call).
    #[inline]
    pub(crate) fn add_parent(&mut self, child: NodeId, parent: NodeId) {
        let p = self.nodes[child.index()].parents;
        let head = if p == 0 {
            self.nodes[child.index()].parents = parent.raw();
            return;
        } else if p & LIST == 0 {
            self.push_link(NodeId::from_raw(p).expect("nonzero"), 0)
        } else {
            p & !LIST
        };
        let head = self.push_link(parent, head);
        self.nodes[child.index()].parents = LIST | head;
    }

    fn push_link(&mut self, parent: NodeId, next: u32) -> u32 {
        debug_assert!(self.links.len() < self.links.capacity());
        self.links.push(Link { parent, next });
        (self.links.len() - 1) as u32
    }

    /// The parents of `id` (none for the root).
    #[inline]
    pub(crate) fn parents(&self, id: NodeId) -> Parents<'_> {
        let p = self.nodes[id.index()].parents;
        if p & LIST == 0 {
            Parents {
                links: &self.links,
                single: NodeId::from_raw(p),
                next: 0,
            }
        } else {
            Parents {
                links: &self.links,
                single: None,
                next: p & !LIST,
            }
        }
    }
}

/// Iterator over the parents of a node.
pub(crate) struct Parents<'a> {
    links: &'a [Link],
    single: Option<NodeId>,
    next: u32,
}

impl Iterator for Parents<'_> {
    type Item = NodeId;

    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        if let Some(p) = self.single.take() {
            return Some(p);
        }
        if self.next == 0 {
            return None;
        }
        let link = self.links[self.next as usize];
        self.next = link.next;
        Some(link.parent)
    }
}

/// Grows `v` to hold `need` more items if it must: doubling, capped by what
/// the budget leaves once the `other` bytes are counted.
fn grow<T>(v: &mut Vec<T>, need: usize, other: u64, budget: u64) -> Result<(), OutOfMemory> {
    let want = v.len() + need;
    if want <= v.capacity() {
        return Ok(());
    }
    let item = size_of::<T>() as u64;
    let affordable = (budget.saturating_sub(other) / item) as usize;
    let cap = (v.capacity() * 2).max(want).max(256).min(affordable);
    if cap < want {
        return Err(OutOfMemory);
    }
    v.try_reserve_exact(cap - v.len()).map_err(|_| OutOfMemory)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_twenty_bytes() {
        assert_eq!(NODE_BYTES, 20);
        assert_eq!(size_of::<Option<NodeId>>(), 4);
    }

    #[test]
    fn parent_lists_hold_every_parent() {
        let mut a = Arena::new(1 << 20);
        a.reserve(8).unwrap();
        let ids: Vec<NodeId> = (0..5)
            .map(|_| a.add_node(None, ProofNumber::ONE, ProofNumber::ONE, 0, false))
            .collect();
        let child = ids[0];
        for &p in &ids[1..] {
            a.add_parent(child, p);
        }
        let mut out: Vec<NodeId> = a.parents(child).collect();
        out.sort();
        assert_eq!(out, ids[1..]);
        assert_eq!(a.parents(ids[1]).count(), 0);
    }

    #[test]
    fn a_tiny_budget_refuses_to_grow() {
        let mut a = Arena::new(1000);
        assert_eq!(a.reserve(1000), Err(OutOfMemory));
        assert!(a.bytes() <= 1000);
    }
}

//! Lazy expansion of the defender's nodes: their replies are created a
//! few at a time, best ranked first, and the ones not created yet stand
//! as one more child.
//!
//! # Why
//!
//! A draw needs one refuting reply at each defender's node, and the
//! reply order ([`crate::kit::reply_order`]) puts it among the first few
//! most of the time; yet an expansion created, and evaluated, every reply
//! (the static tests at each being most of the time). On 7x7 k=5 the
//! final disproof held 281 K of the 8.4 M nodes created; keeping the
//! defender to its 8 best-ranked replies (sound for a no-win, not for a
//! win) proved the same draw in 2.5 M nodes.
//!
//! # How
//!
//! A defender's node gets its first [`FIRST_BATCH`] replies in rank order
//! (the expansion still stops at a child that settles it); the others are
//! its *rest*, kept in the arena as the numbers of one more child
//! ([`Arena::rest`](crate::pns::arena::Arena::rest)): pn 1 (one reply at
//! least is left to prove), dn the attacker's moves after a reply times
//! `kit::reply_order::REST_WEIGHT`, scaled by the
//! rank of the best reply left as the reply
//! order scales every child. When the descent finds the rest the
//! most-proving child of the node, the node is expanded again: the next
//! batch (as many as it has, so its edges are copied at most about twice
//! over) joins the children, which are copied to the end of the edge
//! arrays to stay contiguous.
//!
//! Measured on the whole game from the empty board, PNS, one thread
//! (`kinrow solve FILE --prover pns --time 60 --json`; nodes, seconds),
//! against 8.37 M nodes and 16.2 s with every reply at once, the rest's pn
//! then the number of replies left:
//!
//! | first batch | weight 1 | weight 16 | weight 64 |
//! | --- | --- | --- | --- |
//! | 4 | 7.09 M, 12.0 s | 7.06 M, 16.6 s | 6.60 M, 17.2 s |
//! | 8 | 7.27 M, 13.6 s | **3.63 M, 7.9 s** | 3.70 M, 8.5 s |
//! | 12 | 5.92 M, 10.9 s | 4.07 M, 8.5 s | 4.07 M, 8.6 s |
//!
//! With a light rest the search widens nearly every node it visits (each
//! widening asks the rules again), and spreads over replies as before;
//! with a heavy one it digs into the best replies first, as the
//! restricted search did: on 7x7 the rest of only 3 nodes was ever
//! opened (with the pn of 1 below, none; on the wins 9x4 and 10x4 k=4,
//! 143 and 291 nodes were widened). With 8 and 16, a pn of 1 for the rest instead of the number of
//! replies left (which made the defender's nodes look costly to prove, and
//! steered the attacker's nodes away from them) took 7x7 from 3.63 M nodes
//! and 7.7 s to 3.04 M and 6.4 s, 9x4 k=4 (a win) from 3.49 M and 9.6 s
//! to 2.74 M and 7.5 s, 10x4 k=4 from 6.55 M and 19 s to 6.15 M and
//! 16 s, at a small cost on 8x4 k=4 (1.42 M to 1.54 M nodes).
//!
//! # Soundness
//!
//! The rest counts as a child in the node's numbers: its pn is at least 1
//! while any reply is left, so the node is proved only once every reply
//! the rules keep is a proved child; a disproved child disproves it, the
//! same as before. When the rules, asked again, say every reply loses
//! (the position is the same; only its orientation may differ, and the
//! static tests are not symmetric), the rest goes: the children created
//! are then a set of replies outside of which all lose. When they say the
//! defender holds, the rest is a disproved child, and the node is
//! disproved. So only the work changes, never a verdict; the tests compare
//! PNS with lazy expansion and without against exhaustive search.
//!
//! # The attacker's moves (with zones)
//!
//! An attacker's node gets its first [`ATTACKER_BATCH`] moves, least first
//! pn first (the order the descent would take them in); the others are
//! kept as cells ([`Arena::untried`](crate::pns::arena::Arena::untried),
//! in the node's canonical frame) and their rest is one more child of pn
//! the first pn of the last move created (at least 1) and dn the number of
//! moves left. When the descent finds the rest the most-proving child, the
//! node gets as many moves again. A move a transposition already knows is
//! linked at once. The root gets every move.
//!
//! Soundness: the rest's pn is at least 1, so a proved child proves the
//! node as before; its dn is the number of moves left, so the node is
//! disproved only once no move is left, each either a disproved child or
//! left out because a disproved sibling m1's zone Z holds neither m1 nor
//! it: the position after it is then a Z-variant of the one after m1, so
//! refuted with it (zone reuse, [`crate::rules::zone`]). The node's own
//! zone is taken at its first expansion from every move the rules left
//! open, so [`crate::rules::zone::attacker_node_base`] sees the same moves
//! as without lazy creation; a later batch with a mirror image merged
//! makes it the whole board. Measured (PNS, one thread, nodes) against
//! every move at once: 7x7 k=5 from 3.16 M to 1.78 M, 7x4 k=4 from 99 K
//! to 71 K, 5x5 k=4 from 17.6 K to 11.7 K.

use super::PnsSearch;
use crate::kit::reply_order::rest_dn;
use crate::kit::ProofNumber;
use crate::pns::arena::{NodeId, NO_MOVES_LEFT, NO_REST};
use crate::rules::{AndNode, OrNode};
use kinrow_board::bitboard::WORDS;
use kinrow_board::Bitboard;

/// Replies a defender's node gets when it is first expanded, by default
/// ([`crate::PnsConfig::lazy_batch`]).
pub(crate) const FIRST_BATCH: usize = 8;

/// Moves an attacker's node gets when it is first expanded, by default
/// ([`crate::PnsConfig::attacker_batch`]).
pub(crate) const ATTACKER_BATCH: usize = 4;

/// Replies created when a node with `existing` children is expanded
/// (again), `first` at the first expansion.
#[inline]
pub(super) fn batch(existing: usize, first: usize) -> usize {
    existing.max(first)
}

/// The numbers of the rest of a defender's node: `left` replies, the best
/// of them ranked `rank`, with `moves` attacker moves after it; none when
/// `left` is 0.
#[inline]
pub(super) fn rest_numbers(left: usize, rank: u16, moves: u32) -> (ProofNumber, ProofNumber) {
    if left == 0 {
        return NO_REST;
    }
    // At least one reply is left to prove: a lower bound, as a child's
    // first pn is. (The number left, tried first, steered the attacker's
    // nodes away from them: 3.63 M nodes on 7x7 against 3.04 M, 3.49 M
    // on 9x4 k=4 against 2.74 M.)
    (ProofNumber::ONE, rest_dn(moves, rank))
}

impl PnsSearch<'_> {
    /// Creates the defender's replies a few at a time from now on, `first`
    /// (at least 1) at a node's first expansion (before the root is made;
    /// with the reply order on).
    pub(crate) fn create_replies_lazily(&mut self, first: usize) {
        self.arena.keep_rests();
        self.lazy = Some(first.max(1));
    }

    /// Expands again the defender's node `id` at the end of the path,
    /// whose rest the descent chose: the next replies in rank order, or
    /// the rest settled when the rules say so (module docs).
    pub(super) fn expand_more(&mut self, id: NodeId) -> Result<(), crate::budget::Stopped> {
        let node = *self.arena.node(id);
        if !node.is_and() {
            return self.expand_more_moves(id);
        }
        debug_assert!(node.is_and() && !node.is_leaf() && !node.is_solved());
        self.evaluations += 1;
        match self.defender_node(self.at.depth(), None, node.is_wide()) {
            AndNode::Replies(r) if !r.is_empty() => self.expand_with(id, r, true),
            AndNode::NoWin => {
                self.arena
                    .set_rest(id, (ProofNumber::INFINITY, ProofNumber::ZERO));
                Ok(())
            }
            // Every reply loses.
            _ => {
                self.arena.set_rest(id, NO_REST);
                Ok(())
            }
        }
    }
}

/// The numbers of the rest of an attacker's node: the moves `left` (in
/// its canonical frame), with `pn` the first pn of the hardest child of
/// the batch just created; none when no move is left.
#[inline]
pub(super) fn rest_of_moves(left: u128, pn: ProofNumber) -> (ProofNumber, ProofNumber) {
    if left == 0 {
        return NO_MOVES_LEFT;
    }
    (
        pn.max(ProofNumber::ONE),
        ProofNumber::finite(left.count_ones()),
    )
}

impl PnsSearch<'_> {
    /// Creates the attacker's moves a few at a time from now on, `first`
    /// (at least 1) at a node's first expansion, and leaves out those a
    /// sibling's zone refutes before they are created (before the root is
    /// made; with zones on).
    pub(crate) fn create_moves_lazily(&mut self, first: usize) {
        self.arena.keep_rests();
        self.lazy_attackers = Some(first.max(1));
    }

    /// Expands again the attacker's node `id` at the end of the path, whose
    /// rest the descent chose: the next of the moves it has not created
    /// and no sibling's zone has refuted.
    fn expand_more_moves(&mut self, id: NodeId) -> Result<(), crate::budget::Stopped> {
        self.evaluations += 1;
        let frame = self.path.last().expect("the path holds the root").frame;
        let left = self.at.sym.remap(self.arena.untried(id), frame, 0);
        let mut words = [0u64; WORDS];
        words[0] = left as u64;
        words[1] = (left >> 64) as u64;
        let left = Bitboard::from_words(words);
        // The rules said moves when the node was first expanded, and say
        // the same now (its static tests, which depend on the frame, are
        // not asked again); every cell left is an empty cell in any case.
        let moves =
            match self.attacker_node(self.at.depth(), None, self.arena.node(id).width(), true) {
                (OrNode::Moves(m), _) => m & left,
                _ => self.at.board.empty() & left,
            };
        if moves.is_empty() {
            self.arena.set_untried(id, 0);
            self.arena.set_rest(id, NO_MOVES_LEFT);
            return Ok(());
        }
        self.expand_with(id, moves, true)
    }
}

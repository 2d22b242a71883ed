//! df-pn in the threat space ([`crate::space::threats`], `vct-dfpn`): the
//! attacker's node lists its threats, and widens when they all fail. A
//! visit of an attacker's node evaluated open goes straight to its
//! threats, without asking the rules again (`node_moves`).
//!
//! PNS widens an attacker's node by turning it back into a leaf and
//! expanding it again with the wider set; df-pn does it inside the one
//! MID call that finds the narrow set disproved: it drops the narrow
//! children from the node's list, lists the wider set and goes on
//! searching with the same thresholds ([`DfpnSearch::widen_threats`]),
//! width after width ([`crate::space::Width`]: threes, twos below
//! narrow defender's nodes, twos below wide ones).
//! The node's value is PNS's: a win of the narrow set, or else of the
//! wider one (the game `vct` searches, one function of the position). The
//! widened node keeps no mark of its width: a later visit lists the narrow
//! set again, finds it disproved in the table (or searches it again where
//! the table lost it) and widens again. So the node's entry always holds
//! the numbers of the set searched last, which is what its parent's list
//! holds too.
//!
//! The children of a node widened to its last width are the wider
//! space's defender's nodes, whose test gives the attacker the full VCF
//! horizon; their keys carry the wide salt
//! ([`crate::space::Space::child_salt`]), as in PNS, so their entries are
//! never read for the narrow nodes at the same positions. Soundness is
//! the threat space's: the defender's replies are the whole game's (up
//! to reduction 6), so a win found here is a win of the game; a no-win is
//! of the threat space only (see [`crate::space::Space::disproof`]).

use super::{memo, Answer, DfpnSearch, Numbers, Stopped};
use crate::dfpn::table::DfpnTable;
use crate::kit::ProofNumber;
use crate::rules::ruling::{attacker_node, Ruling};
use crate::rules::{OrNode, Wins};
use crate::space::{Space, Width};
use kinrow_board::Bitboard;

impl<T: DfpnTable> DfpnSearch<'_, T> {
    /// The moves of the current node (the defender's when `and`), whose
    /// key is `key`, with `depth` plies left, and in the threat space the
    /// width they were taken at (the attacker's node may start widened);
    /// or the numbers the rules settle it with. `tested`, `wide`: as
    /// [`DfpnSearch::rules_at`] takes them. A node asked before (`tested`)
    /// whose list the memo keeps takes it from there ([`memo`], where the
    /// argument is); otherwise the list is made as below and kept.
    ///
    /// An attacker's node of the threat space that was asked before and
    /// left open (`tested`: evaluated when its parent listed it, or
    /// visited) is open again, so it goes straight to its threats without
    /// asking the rules a second time: the rules are a function of the
    /// position, the plies left (in the node's key) and the node rules,
    /// and the node rules without the static tests leave exactly the moves
    /// the full ones left (`rules_without_static_tests_leave_the_same_moves`).
    /// So the completion cutoff, the rules and the VCF shortcut (no VCF
    /// within these plies a moment ago, none now) would settle nothing,
    /// and the moves are those [`DfpnSearch::threat_moves`] lists. Where
    /// it says the rules settle the node after all, they are asked as for
    /// a new node; where it lists no threat, the node is the no-win the
    /// rules give that ([`threats_left`]; a VCF search the node budget cut
    /// short can answer otherwise the second time). Asking the rules
    /// again was about a tenth of `vct-dfpn`'s time (`perf`, issue 58);
    /// the nodes searched are the same.
    pub(super) fn node_moves(
        &mut self,
        (key, and, depth): (u64, bool, u32),
        wins: &Wins,
        tested: bool,
        wide: bool,
    ) -> Result<(Bitboard, Width), Numbers> {
        let memo_key = memo::key_of(key, self.at.board.key(), and);
        if tested {
            if let Some(listed) = self.memo.get(memo_key) {
                if let Some(threats) = &mut self.threats {
                    // The defender's zone was not searched: no line of it
                    // to try first below.
                    threats.forget_line();
                }
                return Ok(listed);
            }
        }
        let listed = self.list_moves(and, depth, wins, tested, wide)?;
        self.memo.put(memo_key, &listed.0, listed.1);
        Ok(listed)
    }

    /// [`DfpnSearch::node_moves`] without the memo: the moves as the
    /// rules list them (the second paragraph there).
    fn list_moves(
        &mut self,
        and: bool,
        depth: u32,
        wins: &Wins,
        tested: bool,
        wide: bool,
    ) -> Result<(Bitboard, Width), Numbers> {
        let threat_attacker = !and && self.space.has_widths();
        if tested && threat_attacker {
            if let Some(listed) = self.threat_moves(depth, wins, Width::Threes) {
                return threats_left(listed);
            }
        }
        let moves = match self.rules_at(and, depth, Some(wins), tested, wide) {
            Ruling::Settled(numbers) => return Err(numbers),
            Ruling::Open(moves) => moves,
        };
        if threat_attacker {
            if let Some(listed) = self.threat_moves(depth, wins, Width::Threes) {
                return threats_left(listed);
            }
        }
        Ok((moves, Width::Threes))
    }

    /// The threats of the current attacker's node, which the rules have
    /// just left open, with `depth` plies left: those at `width`, or at a
    /// greater width where that one has none, with the width taken;
    /// `None` where the rules settle the node (they did not, a moment
    /// ago).
    pub(super) fn threat_moves(
        &mut self,
        depth: u32,
        wins: &Wins,
        width: Width,
    ) -> Option<(Bitboard, Width)> {
        let extras = self.extras();
        // The static tests found nothing here a moment ago.
        let rules = self.rules.without_static_tests();
        let at = (depth, Some(wins));
        let threats = self
            .threats
            .as_mut()
            .expect("the threat space has its VCF searcher");
        let (key, frame) = self.at.keys.canonical();
        threats.set_frame(frame, key, self.at.board.to_move());
        threats.cap_calls(self.budget.nodes_left());
        let before = threats.nodes();
        let node = attacker_node(
            &rules,
            &self.last_plies,
            extras,
            &self.at.board,
            at,
            width,
            true,
            threats,
        );
        self.budget.spend(threats.nodes() - before);
        match node {
            (OrNode::Moves(m), taken) => Some((m, taken)),
            _ => None,
        }
    }

    /// At the current attacker's node, whose children
    /// `self.children[first..]` the MID loop just left (`searched`): when
    /// it left them all disproved (every threat at its width failed),
    /// lists the threats at `width`, the next width, in their place and
    /// returns them, for the loop to search. Where there are none the
    /// children stay: the node is disproved.
    pub(super) fn widen_threats(
        &mut self,
        first: usize,
        (depth, width): (u32, Width),
        wins: &Wins,
        searched: &Result<Option<Answer>, Stopped>,
    ) -> Option<Bitboard> {
        if !matches!(searched, Ok(None)) || !self.summary(first, false).numbers.dn.is_zero() {
            return None;
        }
        let (wider, _) = self.threat_moves(depth, wins, width)?;
        if wider.is_empty() {
            return None;
        }
        self.children.truncate(first);
        self.push_children(false, depth, wider, wins, width);
        if first == 0 {
            self.root_children = self.children.len();
        }
        Some(wider)
    }

    /// On a principal variation, at the defender's node just reached from
    /// an attacker's node: whether it is the wider space's (the attacker's
    /// node was widened), from the entry that proves it, narrow first; an
    /// entry the table lost is proved again. `None` if neither proves it.
    /// Outside the threat space every node is narrow.
    pub(super) fn proved_wideness(&mut self) -> Option<bool> {
        if !self.space.has_widths() {
            return Some(false);
        }
        let key = self.at.key();
        let proved = |s: &Self, wide: bool| {
            s.table
                .get(key ^ Space::child_salt(wide))
                .is_some_and(|e| e.pn.is_zero())
        };
        if proved(self, false) {
            return Some(false);
        }
        if proved(self, true) {
            return Some(true);
        }
        [false, true]
            .into_iter()
            .find(|&wide| self.reprove(key ^ Space::child_salt(wide), wide).is_some())
    }
}

/// The threats an attacker's node of the threat space lists, with their
/// width; none left (the counter cut took them all, or a VCF search the
/// node budget cut short answered otherwise than before) is the no-win the
/// rules give such a node (`evaluate_attacker`), never a node without
/// children.
fn threats_left(listed: (Bitboard, Width)) -> Result<(Bitboard, Width), Numbers> {
    if listed.0.is_empty() {
        Err(Numbers {
            pn: ProofNumber::INFINITY,
            dn: ProofNumber::ZERO,
            len: 0,
        })
    } else {
        Ok(listed)
    }
}

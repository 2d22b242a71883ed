//! What the shared node rules, the last-plies shortcuts and the threat
//! space say at the current position of a [`PnsSearch`]: the moves of a
//! node, and the numbers of a node the rules settle or a new one.

use super::PnsSearch;
use crate::kit::{Numbers, ProofNumber};
use crate::node::last_plies::double_moves;
use crate::node::{hopeless, AndNode, OrNode, Wins};
use crate::pns::Init;
use crate::threat::{ThreatSpace, NARROW_THREAT_PLIES, VCF_MIN_DEPTH};
use kinrow_board::Bitboard;

impl PnsSearch<'_> {
    /// Whether the rules settle a node of this side with `depth` plies
    /// left without children, by the shortcuts for the last plies: a
    /// defender whom the rules leave replies escapes, an attacker wins
    /// exactly with a move that leaves it two winning cells.
    #[inline]
    pub(super) fn settled_by_last_plies(&self, and: bool, depth: u32) -> bool {
        if and {
            self.last_plies.defender_escapes(depth)
        } else {
            self.last_plies.attacker_decided(depth)
        }
    }

    /// The rules at the attacker's node with `depth` plies left; with five
    /// left, only the moves the last-plies shortcut keeps; in the threat
    /// space, the threats, the wider set when `wide` or when the narrow one
    /// is empty. Also says whether the wider set was taken. `tested`: the
    /// node was evaluated when it was created, so the static tests, which
    /// found nothing then, are not run again (see
    /// [`crate::node::NodeRules::attacker_node_tested`]).
    pub(super) fn attacker_node(
        &self,
        depth: u32,
        known: Option<&Wins>,
        wide: bool,
        tested: bool,
    ) -> (OrNode, bool) {
        match self
            .rules
            .attacker_node_tested(&self.board, depth, known, tested)
        {
            OrNode::Moves(m) => {
                let m = self
                    .last_plies
                    .five_ply_moves(&self.board, depth, &m)
                    .unwrap_or(m);
                if self.threat_space && self.last_plies.is_on() {
                    let narrow = ThreatSpace::threat_moves(&self.board, &m, depth, false);
                    if wide || narrow.is_empty() {
                        let all = ThreatSpace::threat_moves(&self.board, &m, depth, true);
                        (OrNode::Moves(all), true)
                    } else {
                        (OrNode::Moves(narrow), false)
                    }
                } else {
                    (OrNode::Moves(m), false)
                }
            }
            other => (other, false),
        }
    }

    /// The rules at the defender's node with `depth` plies left, with
    /// reduction 6 (the zone of the attacker's VCF after a pass). In the
    /// threat space a node where the attacker threatens nothing is a
    /// no-win of that game; below a narrow attacker's node a threat must be
    /// a VCF of [`NARROW_THREAT_PLIES`] or fewer, below a widened one
    /// (`wide`) any within the plies left.
    pub(super) fn defender_node(&self, depth: u32, known: Option<&Wins>, wide: bool) -> AndNode {
        let mut threats = self.threats.borrow_mut();
        let (key, frame) = self.keys.canonical();
        threats.set_frame(frame, key, self.board.to_move());
        self.cap_vcf(&mut threats);
        if self.threat_space && self.last_plies.is_on() {
            threats.set_threat_plies(if wide { u32::MAX } else { NARROW_THREAT_PLIES });
            return self
                .rules
                .defender_node_threatened(&self.board, depth, known, &mut threats);
        }
        self.rules
            .defender_node_zoned(&self.board, depth, known, &mut threats)
            .0
    }

    /// The length of a VCF the attacker has at its node with `depth` plies
    /// left, once the rules left it moves (so it has no winning cell): a
    /// proof without children. Tried from five plies on (with three the
    /// last-plies shortcut decides), and only where the shortcuts apply
    /// (every reduction on, `k >= 2`).
    pub(super) fn vcf(&self, depth: u32) -> Option<u32> {
        if !self.last_plies.is_on() || depth < VCF_MIN_DEPTH {
            return None;
        }
        let mut threats = self.threats.borrow_mut();
        let (key, frame) = self.keys.canonical();
        threats.set_frame(frame, key, self.board.to_move());
        self.cap_vcf(&mut threats);
        threats.vcf_within(&self.board, depth)
    }

    /// Nodes spent so far, against the node budget: the arena's and the
    /// VCF searches'.
    pub(super) fn spent(&self) -> u64 {
        self.arena.node_count() as u64 + self.vcf_nodes()
    }

    /// Lets the next VCF searches spend at most what the node budget has
    /// left.
    pub(super) fn cap_vcf(&self, threats: &mut ThreatSpace) {
        threats.cap_calls(
            self.budget
                .node_limit()
                .saturating_sub(self.arena.node_count() as u64 + threats.nodes()),
        );
    }

    /// Nodes the VCF searches visited.
    pub(crate) fn vcf_nodes(&self) -> u64 {
        self.threats.borrow().nodes()
    }

    /// Bytes of the VCF table.
    pub(crate) fn vcf_bytes(&self) -> u64 {
        self.threats.borrow().bytes()
    }

    /// The rules' verdict on the current position as the numbers of a new
    /// node.
    pub(super) fn evaluate(&self, and: bool, depth: u32, wide: bool) -> Numbers {
        self.evaluate_with(and, depth, None, wide)
    }

    /// [`PnsSearch::evaluate`] with the winning cells of both sides when known.
    pub(super) fn evaluate_with(
        &self,
        and: bool,
        depth: u32,
        known: Option<&Wins>,
        wide: bool,
    ) -> Numbers {
        if hopeless(&self.board, and, depth) {
            return Numbers::DISPROVED;
        }
        let unit = self.init == Init::Unit;
        let count = |b: Bitboard| {
            if unit {
                ProofNumber::ONE
            } else {
                ProofNumber::finite(b.count())
            }
        };
        if and {
            match self.defender_node(depth, known, wide) {
                AndNode::Win => Numbers::proved(2),
                AndNode::NoWin => Numbers::DISPROVED,
                // `NodeRules` promises a reply (since it kept reduction 5
                // from leaving none); were none left, each one would lose
                // to a move giving two winning cells, at the fourth ply.
                AndNode::Replies(r) if r.is_empty() => Numbers::proved(4),
                AndNode::Replies(_) if self.settled_by_last_plies(true, depth) => {
                    Numbers::DISPROVED
                }
                AndNode::Replies(r) => Numbers {
                    pn: count(r),
                    dn: ProofNumber::ONE,
                    len: 0,
                },
            }
        } else {
            match self.attacker_node(depth, known, false, false).0 {
                OrNode::Win(_) => Numbers::proved(1),
                OrNode::NoWin => Numbers::DISPROVED,
                OrNode::Moves(m) if m.is_empty() => Numbers::DISPROVED,
                OrNode::Moves(m) if self.settled_by_last_plies(false, depth) => {
                    match double_moves(&self.board, &m).next() {
                        Some(_) => Numbers::proved(3),
                        None => Numbers::DISPROVED,
                    }
                }
                OrNode::Moves(m) => match self.vcf(depth) {
                    Some(plies) => Numbers::proved_in(plies),
                    None => Numbers {
                        pn: ProofNumber::ONE,
                        dn: count(m),
                        len: 0,
                    },
                },
            }
        }
    }
}

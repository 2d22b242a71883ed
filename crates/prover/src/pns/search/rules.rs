//! What the shared node rules, the last-plies shortcuts and the threat
//! space say at the current position of a [`PnsSearch`]: the moves of a
//! node, and the numbers of a node the rules settle or a new one.

use super::PnsSearch;
use crate::kit::{Numbers, ProofNumber};
use crate::pns::Init;
use crate::rules::ruling::{self, Extras, Ruling};
use crate::rules::{AndNode, OrNode, Wins};
use crate::space::Width;
use crate::vcf::VcfSearcher;
use std::cell::RefMut;

/// PNS's extras on top of the node rules ([`crate::rules::ruling`]): all of
/// the whole game's (the completion cutoff, reduction 6, the VCF
/// shortcut), in the game [`crate::PnsConfig::space`] names
/// ([`PnsSearch::extras`]).
pub(crate) const PNS_EXTRAS: Extras = Extras::FULL;

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

    /// PNS's extras as declared ([`PNS_EXTRAS`]), in this search's game.
    pub(super) fn extras(&self) -> Extras {
        Extras {
            space: self.space,
            dominance: self.dominance,
            ..PNS_EXTRAS
        }
    }

    /// Sets the VCF searcher's frame to the current position and caps its
    /// next searches to the nodes left.
    fn threats_here(&self) -> RefMut<'_, VcfSearcher> {
        let mut threats = self.threats.borrow_mut();
        let (key, frame) = self.at.keys.canonical();
        threats.set_frame(frame, key, self.at.board.to_move());
        self.cap_vcf(&mut threats);
        threats
    }

    /// The rules at the attacker's node with `depth` plies left
    /// ([`ruling::attacker_node`]): with five left, only the moves the
    /// last-plies shortcut keeps; in the threat space, the threats at
    /// `width`, or at a greater width where that one has none, with the
    /// width taken. `tested`: the node was evaluated
    /// when it was created, so the static tests, which found nothing then,
    /// are not run again (see
    /// [`crate::rules::NodeRules::attacker_node_tested`]).
    pub(super) fn attacker_node(
        &self,
        depth: u32,
        known: Option<&Wins>,
        width: Width,
        tested: bool,
    ) -> (OrNode, Width) {
        ruling::attacker_node(
            &self.rules,
            &self.last_plies,
            self.extras(),
            &self.at.board,
            (depth, known),
            width,
            tested,
            &mut self.threats_here(),
        )
    }

    /// The rules at the defender's node with `depth` plies left, with
    /// reduction 6 (the zone of the attacker's VCF after a pass), or in the
    /// threat space its test ([`ruling::defender_node`]).
    pub(super) fn defender_node(&self, depth: u32, known: Option<&Wins>, wide: bool) -> AndNode {
        let mut threats = self.threats_here();
        ruling::defender_node(
            &self.rules,
            &self.last_plies,
            self.extras(),
            &self.at.board,
            (depth, known),
            wide,
            Some(&mut *threats),
        )
    }

    /// The length of a VCF the attacker has at its node with `depth` plies
    /// left, once the rules left it moves: the VCF shortcut
    /// ([`ruling::vcf_shortcut`]).
    pub(super) fn vcf(&self, depth: u32) -> Option<u32> {
        ruling::vcf_shortcut(
            &self.last_plies,
            &self.at.board,
            depth,
            &mut self.threats_here(),
        )
    }

    /// Nodes spent so far, against the node budget: the arena's and the
    /// VCF searches'.
    pub(super) fn spent(&self) -> u64 {
        self.arena.node_count() as u64 + self.vcf_nodes()
    }

    /// Lets the next VCF searches spend at most what the node budget has
    /// left.
    pub(super) fn cap_vcf(&self, threats: &mut VcfSearcher) {
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

    /// [`PnsSearch::evaluate`] with the winning cells of both sides when
    /// known: the [`ruling`] with PNS's extras, an open node getting its
    /// mobility as first numbers (1 under unit numbers; an attacker's node
    /// of the threat space others, [`Space::attacker_first_numbers`]).
    pub(super) fn evaluate_with(
        &self,
        and: bool,
        depth: u32,
        known: Option<&Wins>,
        wide: bool,
    ) -> Numbers {
        let answer = ruling::ruling(
            &self.rules,
            &self.last_plies,
            self.extras(),
            &self.at.board,
            and,
            (depth, known),
            wide,
            Some(&mut *self.threats_here()),
        );
        let moves = match answer {
            Ruling::Settled(numbers) => return numbers,
            Ruling::Open(moves) => moves,
        };
        let (pn, dn) = if self.init == Init::Unit {
            (ProofNumber::ONE, ProofNumber::ONE)
        } else if and {
            (ProofNumber::finite(moves.count()), ProofNumber::ONE)
        } else {
            let (pn, dn) = self.space.attacker_first_numbers(moves.count());
            (ProofNumber::finite(pn), ProofNumber::finite(dn))
        };
        Numbers { pn, dn, len: 0 }
    }
}

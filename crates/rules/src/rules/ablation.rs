//! The node rules with switches for the seven reductions of [`NodeRules`],
//! so tests can check that each reduction leaves every verdict unchanged
//! (the AND-OR prover takes them in `kinrow_prover::AndOrConfig`).
//!
//! The numbers 1 to 7 below are the reductions' numbers everywhere: the
//! table of `docs/architecture.md` (section "Reductions") lists each with
//! where it is argued and which prover applies it. The value searches keep
//! reductions of their own, V1 to V4 (`kinrow_prover::value`).
//!
//! With every reduction on (the default) [`SwitchableRules`] calls
//! [`NodeRules`] itself. With some switched off it applies each enabled
//! reduction only where its own preconditions hold (in [`NodeRules`] some
//! reductions rely on earlier ones having run), so every combination
//! searches the same game. The search then also checks every played move
//! for a completed line, since without reductions 1 and 2 a move may win at
//! once.

use super::ruling::{self, Evaluation, Extras};
use super::{AndNode, LastPlies, NodeRules, OrNode, Wins};
use crate::vcf::VcfSearcher;
use kinrow_board::{Attack, Cell, SearchBoard};

/// Which of the seven reductions of [`NodeRules`] the prover applies. Turning
/// one off never changes a verdict, only the work; the switches exist for
/// tests and experiments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reductions {
    /// 1. The attacker has a winning cell: it wins at once (and with one
    ///    ply left, nothing else wins).
    pub attacker_wins_now: bool,
    /// 2. The defender has a winning cell: it completes its line first.
    pub defender_wins_now: bool,
    /// 3. The attacker has a winning cell at the defender's turn: two of
    ///    them win, one must be blocked.
    pub defender_must_block: bool,
    /// 4. The defender has a winning cell at the attacker's turn: two of
    ///    them lose, one must be blocked.
    pub attacker_must_block: bool,
    /// 5. The attacker has a move making two winning cells: the defender's
    ///    replies are narrowed (see `NodeRules::double_threat_replies`).
    pub double_threat: bool,
    /// 6. The attacker would have a VCF if the defender passed: the
    ///    defender's replies are cut to its zone and the defender's fours
    ///    (see `NodeRules::defender_node_zoned`).
    pub zones: bool,
    /// 7. The defender holds by a pairing strategy or the potential bound
    ///    (see `NodeRules::static_no_win`): the node is a no-win, at the
    ///    attacker's turn or the defender's.
    pub static_no_win: bool,
}

impl Reductions {
    /// Every reduction (the default).
    pub const ALL: Reductions = Reductions {
        attacker_wins_now: true,
        defender_wins_now: true,
        defender_must_block: true,
        attacker_must_block: true,
        double_threat: true,
        zones: true,
        static_no_win: true,
    };
    /// No reduction: the plain AND-OR recursion of the spec.
    pub const NONE: Reductions = Reductions {
        attacker_wins_now: false,
        defender_wins_now: false,
        defender_must_block: false,
        attacker_must_block: false,
        double_threat: false,
        zones: false,
        static_no_win: false,
    };
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions::ALL
    }
}

/// [`NodeRules`] with reductions switched on or off.
#[derive(Clone, Copy, Debug)]
pub struct SwitchableRules {
    pub node: NodeRules,
    pub reductions: Reductions,
    /// Every reduction is on: [`NodeRules`] decides.
    all: bool,
}

impl SwitchableRules {
    pub fn new(node: NodeRules, reductions: Reductions) -> SwitchableRules {
        SwitchableRules {
            node,
            reductions,
            all: reductions == Reductions::ALL,
        }
    }

    /// Whether an attacker move out of [`OrNode::Moves`] may complete a line
    /// (and must be checked for it after it is played).
    #[inline]
    pub fn attacker_moves_may_win(&self) -> bool {
        !self.reductions.attacker_wins_now
    }

    /// Whether a reply out of [`AndNode::Replies`] may complete the
    /// defender's line.
    #[inline]
    pub fn replies_may_win(&self) -> bool {
        !self.reductions.defender_wins_now
    }

    /// The attacker's turn with `depth` plies left (see
    /// [`NodeRules::attacker_node`]).
    #[inline]
    pub fn attacker_node(&self, board: &SearchBoard, depth: u32) -> OrNode {
        if self.all {
            return self.node.attacker_node(board, depth);
        }
        if depth == 0 {
            return OrNode::NoWin;
        }
        let r = self.reductions;
        let me = board.to_move();
        // Reduction 7 is a statement about the whole game, sound whatever
        // the other switches (it never holds where the attacker can win at
        // once).
        if r.static_no_win && self.node.static_no_win(board, me) {
            return OrNode::NoWin;
        }
        let cands = board.candidates(self.node.candidates);
        let my_wins = board.winning_cells(me) & cands;
        if r.attacker_wins_now {
            if let Some(w) = my_wins.first() {
                return OrNode::Win(Cell::from_index(w));
            }
            if depth == 1 {
                return OrNode::NoWin;
            }
        }
        let threats = board.winning_cells(me.other()) & cands;
        // Reduction 4 holds when the attacker cannot win at once and has a
        // ply after the defender's (depth >= 2 leaves the defender its move).
        let moves =
            if r.attacker_must_block && my_wins.is_empty() && depth >= 2 && !threats.is_empty() {
                if threats.has_two() {
                    return OrNode::NoWin;
                }
                match self.node.attack {
                    Attack::Any => threats,
                    Attack::Fours => board.fours(me, &threats),
                    Attack::Threats => board.threats(me, &threats),
                }
            } else {
                // A winning cell passes every filter, but say so explicitly.
                board.attack_moves(me, self.node.candidates, self.node.attack) | my_wins
            };
        if moves.is_empty() {
            OrNode::NoWin
        } else {
            OrNode::Moves(moves)
        }
    }

    /// [`SwitchableRules::attacker_node`] with the winning cells of both sides given
    /// when the caller knows them (used only with every reduction on).
    #[inline]
    pub(crate) fn attacker_node_with(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
    ) -> OrNode {
        if self.all {
            self.node.attacker_node_with(board, depth, known)
        } else {
            self.attacker_node(board, depth)
        }
    }

    /// [`SwitchableRules::defender_node`] with the winning cells of both sides given
    /// when the caller knows them (used only with every reduction on).
    #[inline]
    pub(crate) fn defender_node_with(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
    ) -> AndNode {
        if self.all {
            self.node.defender_node_with(board, depth, known)
        } else {
            self.defender_node(board, depth)
        }
    }

    /// [`SwitchableRules::defender_node_with`], then reduction 6 when it is
    /// on (see [`NodeRules::defender_node_zoned`]), with the plies within
    /// which the replies left out lose.
    pub(crate) fn defender_node_zoned(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
        threats: &mut VcfSearcher,
    ) -> (AndNode, u32) {
        if self.all {
            return self.node.defender_node_zoned(board, depth, known, threats);
        }
        let node = self.defender_node_with(board, depth, known);
        // Reduction 6 needs neither side to have a winning cell among the
        // candidates, whatever the other switches left.
        let me = board.to_move();
        let cands = board.candidates(self.node.candidates);
        let quiet = !board.winning_cells(me).intersects(&cands)
            && !board.winning_cells(me.other()).intersects(&cands);
        if self.reductions.zones && quiet {
            self.node.with_zone(node, board, depth, threats)
        } else {
            (node, if depth >= 4 { 4 } else { 0 })
        }
    }

    /// The evaluation of a node (the defender's when `and`) with `depth`
    /// plies left: with every reduction on, the one evaluation
    /// (`ruling::evaluate`) under `extras`; with some off, what the
    /// switched rules say, read the same way. No extra applies then: the
    /// last-plies shortcuts, which the VCF shortcut needs, are off
    /// ([`LastPlies::OFF`]), and the completion cutoff is left out with
    /// them, which costs work, never a verdict.
    pub fn evaluate(
        &self,
        (last_plies, extras): (&LastPlies, Extras),
        board: &SearchBoard,
        and: bool,
        (depth, known): (u32, Option<&Wins>),
        threats: &mut VcfSearcher,
    ) -> Evaluation {
        let at = (depth, known);
        if self.all {
            return ruling::evaluate(
                &self.node,
                last_plies,
                extras,
                board,
                and,
                at,
                false,
                Some(threats),
            );
        }
        let off = LastPlies::OFF;
        if and {
            let node = self.defender_node_zoned(board, depth, known, threats);
            ruling::evaluate_defender(&self.node, &off, extras, board, depth, node)
        } else {
            let node = self.attacker_node_with(board, depth, known);
            ruling::evaluate_attacker(&off, extras, board, (depth, None), (node, false), None)
        }
    }

    /// The defender's turn with `depth` plies left (see
    /// `NodeRules::defender_node`).
    #[inline]
    pub fn defender_node(&self, board: &SearchBoard, depth: u32) -> AndNode {
        if self.all {
            return self.node.defender_node(board, depth);
        }
        if depth <= 1 {
            return AndNode::NoWin;
        }
        let r = self.reductions;
        let me = board.to_move();
        let cands = board.candidates(self.node.candidates);
        if cands.is_empty() {
            return AndNode::NoWin;
        }
        let my_wins = board.winning_cells(me) & cands;
        if r.defender_wins_now && !my_wins.is_empty() {
            return AndNode::NoWin;
        }
        let attacker_wins = board.winning_cells(me.other()) & cands;
        // Reductions 3 and 5 assume the defender cannot win at once.
        if my_wins.is_empty() {
            if r.defender_must_block && !attacker_wins.is_empty() {
                if attacker_wins.has_two() {
                    return AndNode::Win;
                }
                return AndNode::Replies(attacker_wins);
            }
            if r.static_no_win
                && attacker_wins.is_empty()
                && self.node.static_no_win(board, me.other())
            {
                return AndNode::NoWin;
            }
            if r.double_threat && depth >= 4 && attacker_wins.is_empty() {
                if let Some(replies) = self.node.double_threat_replies(board, &cands) {
                    return AndNode::Replies(replies);
                }
            }
        }
        AndNode::Replies(cands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_reference::{adapt, random_case};

    /// With every switch on, the switchable rules equal [`NodeRules`].
    #[test]
    fn all_switches_on_equal_the_node_rules() {
        for seed in 0..300 {
            let case = random_case(seed);
            let board = SearchBoard::from(adapt::to_board(&case.board, case.to_move));
            let node = NodeRules::new(
                adapt::to_candidates(case.near),
                adapt::to_attack(case.attack),
            );
            let generic = SwitchableRules {
                node,
                reductions: Reductions::ALL,
                all: false,
            };
            for depth in 0..6 {
                assert_eq!(
                    generic.attacker_node(&board, depth),
                    node.attacker_node(&board, depth),
                    "seed {seed} depth {depth}"
                );
                assert_eq!(
                    generic.defender_node(&board, depth),
                    node.defender_node(&board, depth),
                    "seed {seed} depth {depth}"
                );
            }
        }
    }
}

//! One node evaluation: what a node is, settled (with its numbers) or
//! open (with its moves), from the position, the plies left, the
//! [`NodeRules`] (reductions 1 to 7 and the passes) and the extras a
//! prover declares on top of them ([`Extras`]). AND-OR, df-pn and PNS
//! call `evaluate` (the proof-number searches through [`ruling`]) for
//! every node they evaluate, each with its declaration beside the reason
//! for what it leaves out, so that "the same game" is one function and a
//! test (`declared_extras_agree_with_the_full_ones`, beside the searches
//! that declare them, in `declared_extras.rs`), not a comment to trust.
//!
//! The chain, in order: the completion cutoff ([`hopeless`]), the node
//! rules, the five-ply cut of the attacker's moves and the last-plies
//! decisions ([`LastPlies`]), the threat space's moves, then at the
//! attacker's node the VCF shortcut and, in the threat space, the cut to
//! the defender's own threat (`Space::counter_cut`), at the
//! defender's reduction 6 (the zone of the attacker's VCF after a pass)
//! or the threat space's test. In the threat space the attacker's VCF
//! shortcut comes right after the node rules, before the threats are
//! listed: the same answer at less cost (argued in `evaluate`).
//! An extra only settles a node sooner or cuts moves that cannot change
//! its verdict (the threat space aside, which restricts the attacker: its
//! no-wins are of that game only); leaving one out costs work, never a
//! verdict.

use super::dominance::Dominance;
use super::last_plies::double_moves;
use super::{hopeless, AndNode, LastPlies, NodeRules, OrNode, Wins};
use crate::kit::depth::UNLIMITED;
use crate::kit::Numbers;
use crate::space::{Space, Width};
use crate::vcf::{VcfLine, VcfSearcher, VCF_MIN_DEPTH};
use kinrow_board::{Attack, Bitboard, Candidates, Cell, SearchBoard};

/// What the evaluation says of a node, as the proof-number searches read
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// Settled without a search: proved (with its proof length) or
    /// disproved.
    Settled(Numbers),
    /// Open, with these moves (never empty).
    Open(Bitboard),
}

/// What the evaluation says of a node in full: [`Ruling`] with what
/// AND-OR also reads (the winning move, whether a no-win is the
/// horizon's, the plies within which the replies left out lose).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The attacker wins within `plies` plies from this node; at the
    /// attacker's node `best` is a move that does.
    Won { plies: u32, best: Option<Cell> },
    /// The attacker does not win within the plies left; `always`: nor
    /// within any horizon.
    NoWin { always: bool },
    /// Open with these moves (empty only for a defender's node whose
    /// replies the rules all left out, which [`NodeRules`] promises not
    /// to do). `floor`, at the defender's node: the plies within which the
    /// replies left out lose (0 when none were); `cut`, at the attacker's:
    /// moves were left out for the horizon's sake (or the threat space's),
    /// so a no-win over the others holds for this horizon only.
    Open {
        moves: Bitboard,
        floor: u32,
        cut: bool,
    },
}

/// The extras a prover applies on top of [`NodeRules`]; see the module
/// docs. Each prover declares its own beside the reasons for what it
/// leaves out (`PNS_EXTRAS` in `pns::search::rules`, `extras` in
/// `dfpn`, `ANDOR_EXTRAS` in `andor::search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extras {
    /// The completion cutoff ([`hopeless`]) before the rules.
    pub completion: bool,
    /// At the defender's node, reduction 6 (and under renju's game for
    /// wins the pass rule that comes with it): see
    /// `NodeRules::defender_node_zoned`. Needs a [`VcfSearcher`].
    pub zone_cut: bool,
    /// At the attacker's node left open, a VCF within the plies left
    /// proves it without children. Needs a [`VcfSearcher`].
    pub vcf_shortcut: bool,
    /// The VCF shortcut looks for a shortest VCF, not the first one found
    /// within the plies left: for a prover that reports the length of each
    /// win it finds (the verdict is the same either way).
    pub shortest_vcf: bool,
    /// Vertex domination ([`super::dominance`]): the moves of the sides it
    /// names whose live windows all hold another of its moves are left
    /// out (off but in PNS, which sets its own).
    pub dominance: Dominance,
    /// The game searched ([`Space`]): in the threat space the attacker
    /// is kept to its threats and the defender's nodes where it threatens
    /// nothing are no-wins of that game. The threat space needs a
    /// [`VcfSearcher`]. A restriction: its no-wins are not the real game's.
    pub space: Space,
}

impl Extras {
    /// Every extra of the whole game (the threat space is a restriction,
    /// not an extra of the whole game).
    pub const FULL: Extras = Extras {
        completion: true,
        zone_cut: true,
        vcf_shortcut: true,
        shortest_vcf: false,
        dominance: Dominance::OFF,
        space: Space::Game,
    };
}

/// The attacker's node with `depth` plies left: the rules, the five-ply
/// cut and, in the threat space, its threats at `width` or at a greater
/// one when that one has none (the width taken is returned; outside the
/// threat space it is `width`). `tested`: the static tests found nothing
/// at this very position before (see `NodeRules::attacker_node_tested`).
#[allow(clippy::too_many_arguments)]
pub fn attacker_node(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    at: (u32, Option<&Wins>),
    width: Width,
    tested: bool,
    threats: &mut VcfSearcher,
) -> (OrNode, Width) {
    let (node, taken, _) = attacker_node_cut(rules, last_plies, extras, board, at, width, tested);
    match node {
        OrNode::Moves(m) => {
            let kept = extras.space.counter_cut(last_plies, board, m, at, threats);
            let kept =
                extras
                    .space
                    .threats_only((rules, last_plies), board, (kept, taken), at.0, threats);
            (OrNode::Moves(kept), taken)
        }
        other => (other, taken),
    }
}

/// [`attacker_node`] before the cut to the defender's own threat, also
/// saying whether the five-ply cut or the threat space left out some of
/// the moves the rules gave.
#[inline]
fn attacker_node_cut(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    width: Width,
    tested: bool,
) -> (OrNode, Width, bool) {
    let node = attacker_rules_node(rules, last_plies, extras, board, (depth, known), tested);
    attacker_moves_of(
        rules,
        last_plies,
        extras,
        board,
        (depth, known),
        node,
        width,
    )
}

/// The node rules' answer at the attacker's node, the first step of
/// [`attacker_node_cut`]: the threat space keeps few of the moves and
/// tests only those for x's forbidden points ([`Space::attacker_moves`]);
/// the game tests them all first, since vertex domination compares legal
/// moves.
#[inline]
fn attacker_rules_node(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    tested: bool,
) -> OrNode {
    if extras.space.tests_legality(last_plies) {
        rules.attacker_node_unforbidden(board, depth, known, tested)
    } else {
        rules.attacker_node_tested(board, depth, known, tested)
    }
}

/// The rest of [`attacker_node_cut`], from the node rules' `node`: the
/// five-ply cut, vertex domination and the threat space's moves, with
/// `depth` plies left; `known`: as [`evaluate`] takes it.
#[inline]
fn attacker_moves_of(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    node: OrNode,
    width: Width,
) -> (OrNode, Width, bool) {
    let late = extras.space.tests_legality(last_plies);
    match node {
        OrNode::Moves(all) => {
            let m = last_plies.five_ply_moves(board, depth, &all).unwrap_or(all);
            let m = dominated_out(rules, extras, board, m, true);
            let (moves, taken) =
                extras
                    .space
                    .attacker_moves(last_plies, board, m, (depth, known), width);
            if !late {
                return (OrNode::Moves(moves), taken, moves != all);
            }
            // `moves` are legal and within `all`: some legal move was left
            // out (the cut of the node tested first) exactly when one of
            // `all` outside them is legal; with none, and no move kept,
            // every move was forbidden (the rules' no-win).
            let cut = board.legal_reaches(board.to_move(), &all.and_not(&moves), 1);
            if moves.is_empty() && !cut {
                (OrNode::NoWin, width, false)
            } else {
                (OrNode::Moves(moves), taken, cut)
            }
        }
        other => (other, width, false),
    }
}

/// The defender's node with `depth` plies left: the rules and, as
/// declared, reduction 6 or the threat space's test
/// (`Space::defender_node`; `wide`: below a widened attacker's
/// node). The caller has set `threats`' frame and node cap for this
/// position.
pub fn defender_node(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    at: (u32, Option<&Wins>),
    wide: bool,
    threats: Option<&mut VcfSearcher>,
) -> AndNode {
    defender_node_floor(rules, last_plies, extras, board, at, wide, threats).0
}

/// [`defender_node`] with the plies from this node within which the
/// replies left out lose (reductions 3 and 5: four; 6: the VCF's
/// length; 0 below four plies left, where none are left out for a win).
#[inline]
fn defender_node_floor(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    wide: bool,
    threats: Option<&mut VcfSearcher>,
) -> (AndNode, u32) {
    let (node, floor) = match threats.filter(|_| extras.zone_cut || extras.space.needs_vcf()) {
        None => {
            let floor = if depth >= 4 { 4 } else { 0 };
            (rules.defender_node_with(board, depth, known), floor)
        }
        Some(threats) => {
            let at = (depth, known);
            match extras
                .space
                .defender_node(rules, last_plies, board, at, wide, threats)
            {
                Some(node) => node,
                None => rules.defender_node_zoned(board, depth, known, threats),
            }
        }
    };
    match node {
        AndNode::Replies(r) => {
            let r = dominated_out(rules, extras, board, r, false);
            (AndNode::Replies(r), floor)
        }
        other => (other, floor),
    }
}

/// The moves of `moves` (the side to move's on `board`, the attacker's
/// when `attacker`) that vertex domination keeps, where `extras` ask for
/// it on that side and it holds ([`super::dominance`]: the whole game of
/// any empty cell, freestyle). A cut attacker's node gets the whole board
/// as its zone ([`super::zone::attacker_node_base`]: its moves are not
/// every empty cell); a defender's node is refuted by one reply, whose
/// zone is its own, so a cut there costs no zone.
#[inline]
fn dominated_out(
    rules: &NodeRules,
    extras: Extras,
    board: &SearchBoard,
    moves: Bitboard,
    attacker: bool,
) -> Bitboard {
    let on = if attacker {
        extras.dominance.moves
    } else {
        extras.dominance.replies
    };
    if on
        && extras.space == Space::Game
        && rules.candidates == Candidates::All
        && rules.attack == Attack::Any
        && super::dominance::applies(board.game())
    {
        super::dominance::undominated(board, &moves)
    } else {
        moves
    }
}

/// The VCF shortcut: the length of a VCF the attacker has at its node
/// with `depth` plies left, once the rules left it moves. Tried from five
/// plies on (with three the last-plies shortcut decides), and only where
/// the shortcuts apply (every reduction on, `k >= 2`).
pub fn vcf_shortcut(
    last_plies: &LastPlies,
    board: &SearchBoard,
    depth: u32,
    threats: &mut VcfSearcher,
) -> Option<u32> {
    vcf_shortcut_line(last_plies, board, (depth, None), threats, false).map(|line| line.plies())
}

/// [`vcf_shortcut`]'s line, a shortest one when `shortest`; `known`: the
/// winning cells of both sides when the caller knows them.
fn vcf_shortcut_line(
    last_plies: &LastPlies,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    threats: &mut VcfSearcher,
    shortest: bool,
) -> Option<VcfLine> {
    if !last_plies.is_on() || depth < VCF_MIN_DEPTH {
        return None;
    }
    let defender_wins = known.map(|w| w[board.to_move().other().index()]);
    threats.vcf_of(board, depth, shortest, defender_wins)
}

/// The ruling of a node (the defender's when `and`) with `depth` plies
/// left under `rules` and `extras`: `evaluate` as the proof-number
/// searches read it.
#[allow(clippy::too_many_arguments)]
pub fn ruling(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    and: bool,
    at: (u32, Option<&Wins>),
    wide: bool,
    threats: Option<&mut VcfSearcher>,
) -> Ruling {
    let evaluation = evaluate(rules, last_plies, extras, board, and, at, wide, threats);
    match evaluation {
        Evaluation::Won { plies, .. } => Ruling::Settled(Numbers::proved_in(plies)),
        Evaluation::NoWin { .. } => Ruling::Settled(Numbers::DISPROVED),
        // `NodeRules` promises a reply (since it kept reduction 5 from
        // leaving none); were none left, each one would lose to a move
        // giving two winning cells, at the fourth ply.
        Evaluation::Open { moves, .. } if moves.is_empty() => Ruling::Settled(Numbers::proved(4)),
        Evaluation::Open { moves, .. } => Ruling::Open(moves),
    }
}

/// The evaluation of a node (the defender's when `and`) with `depth`
/// plies left under `rules` and `extras`; `known`: the winning cells of
/// both sides when the caller knows them; `wide`: a defender's node below
/// a widened attacker's node of the threat space. `threats` must be given
/// (its frame and node cap set for this position) when `extras` asks for
/// a VCF; it is the only thing the evaluation changes.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn evaluate(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    and: bool,
    (depth, known): (u32, Option<&Wins>),
    wide: bool,
    threats: Option<&mut VcfSearcher>,
) -> Evaluation {
    if extras.completion && hopeless(board, and, depth) {
        // Beyond the horizon too when the board fills first.
        let always = hopeless(board, and, UNLIMITED);
        return Evaluation::NoWin { always };
    }
    if and {
        let at = (depth, known);
        let node = defender_node_floor(rules, last_plies, extras, board, at, wide, threats);
        evaluate_defender(rules, last_plies, extras, board, depth, node)
    } else {
        let node = attacker_rules_node(rules, last_plies, extras, board, (depth, known), false);
        let mut threats = threats;
        let mut extras = extras;
        // In the threat space the VCF shortcut comes before the threats
        // are listed: a node it proves needs none, and most of the
        // attacker's nodes a defender's node evaluates are proved so (the
        // replies that lose to a VCF). The answer is the same in either
        // order: the VCF's first move is a four, legal, and kept by the
        // five-ply cut (it wins within the plies), so the moves listed
        // after it are never empty when a VCF exists, and listing them
        // does not touch the VCF searcher.
        if extras.space.has_widths() && matches!(node, OrNode::Moves(_)) {
            if let Some(t) = threats.as_deref_mut().filter(|_| extras.vcf_shortcut) {
                if let Some(line) =
                    vcf_shortcut_line(last_plies, board, (depth, known), t, extras.shortest_vcf)
                {
                    return Evaluation::Won {
                        plies: line.plies(),
                        best: line.moves.first().copied(),
                    };
                }
                extras.vcf_shortcut = false;
            }
        }
        let (node, _, cut) = attacker_moves_of(
            rules,
            last_plies,
            extras,
            board,
            (depth, known),
            node,
            Width::Threes,
        );
        evaluate_attacker(
            last_plies,
            extras,
            board,
            (depth, known),
            (node, cut),
            threats,
        )
    }
}

/// [`evaluate`] at the defender's node, from what the rules said of it
/// and the plies its left-out replies lose within.
#[inline]
pub(super) fn evaluate_defender(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    depth: u32,
    (node, floor): (AndNode, u32),
) -> Evaluation {
    match node {
        AndNode::Win => Evaluation::Won {
            plies: 2,
            best: None,
        },
        // Under renju's game for wins a node whose pass no VCF within the
        // plies left refutes is a no-win of that horizon only; so is one
        // of the threat space (a longer threat might come later).
        AndNode::NoWin => Evaluation::NoWin {
            always: depth >= 2 && !rules.pass_must_lose(board) && !extras.space.restricts(),
        },
        AndNode::Replies(r) if !r.is_empty() && last_plies.defender_escapes(depth) => {
            Evaluation::NoWin { always: false }
        }
        AndNode::Replies(moves) => Evaluation::Open {
            moves,
            floor,
            cut: false,
        },
    }
}

/// [`evaluate`] at the attacker's node, from what the rules, the five-ply
/// cut and the threat space said of it (`cut`: they left moves out), with
/// `depth` plies left; `known`: as [`evaluate`] takes it.
#[inline]
pub(super) fn evaluate_attacker(
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    (node, cut): (OrNode, bool),
    threats: Option<&mut VcfSearcher>,
) -> Evaluation {
    let moves = match node {
        OrNode::Win(c) => {
            return Evaluation::Won {
                plies: 1,
                best: Some(c),
            }
        }
        // A static no-win, or a defender's line the attacker cannot stop,
        // holds at every horizon; with fewer than two plies left the
        // horizon decided.
        OrNode::NoWin => return Evaluation::NoWin { always: depth >= 2 },
        OrNode::Moves(m) => m,
    };
    // A restriction's no-win (the threat space's) is not the game's.
    let cut = cut || extras.space.restricts();
    if moves.is_empty() {
        return Evaluation::NoWin { always: !cut };
    }
    if last_plies.attacker_decided(depth) {
        return match double_moves(board, &moves).next() {
            Some(c) => Evaluation::Won {
                plies: 3,
                best: Some(c),
            },
            None => Evaluation::NoWin { always: false },
        };
    }
    let Some(threats) = threats else {
        return Evaluation::Open {
            moves,
            floor: 0,
            cut,
        };
    };
    if extras.vcf_shortcut {
        if let Some(line) = vcf_shortcut_line(
            last_plies,
            board,
            (depth, known),
            threats,
            extras.shortest_vcf,
        ) {
            return Evaluation::Won {
                plies: line.plies(),
                best: line.moves.first().copied(),
            };
        }
    }
    // The threat space's cut of the moves that leave the defender's own
    // threat standing (what `attacker_node` gives at expansion too).
    let moves = extras
        .space
        .counter_cut(last_plies, board, moves, (depth, known), threats);
    if moves.is_empty() {
        return Evaluation::NoWin { always: false };
    }
    Evaluation::Open {
        moves,
        floor: 0,
        cut,
    }
}

#[cfg(test)]
mod tests;

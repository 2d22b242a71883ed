//! One node evaluation: what a node is, settled (with its numbers) or
//! open (with its moves), from the position, the plies left, the
//! [`NodeRules`] (reductions 1 to 7 and the passes) and the extras a
//! prover declares on top of them ([`Extras`]). df-pn and PNS call
//! [`ruling`] for every node they evaluate, each with its declaration
//! beside the reason for what it leaves out, so that "the same game" is
//! one function and a test (`declared_extras_agree_with_the_full_ones`
//! below), not a comment to trust.
//!
//! The chain, in order: the completion cutoff ([`hopeless`]), the node
//! rules, the five-ply cut of the attacker's moves and the last-plies
//! decisions ([`LastPlies`]), the threat space's moves, then at the
//! attacker's node the VCF shortcut, at the defender's reduction 6 (the
//! zone of the attacker's VCF after a pass). An extra only settles a node
//! sooner or cuts moves that cannot change its verdict (the threat space
//! aside, which restricts the attacker: its no-wins are of that game
//! only); leaving one out costs work, never a verdict.

use super::last_plies::double_moves;
use super::{hopeless, AndNode, LastPlies, NodeRules, OrNode, Wins};
use crate::kit::Numbers;
use crate::threat::{ThreatSpace, VCF_MIN_DEPTH};
use crate::threat_space;
use kinrow_board::{Bitboard, SearchBoard};

/// What the evaluation says of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ruling {
    /// Settled without a search: proved (with its proof length) or
    /// disproved.
    Settled(Numbers),
    /// Open, with these moves (never empty).
    Open(Bitboard),
}

/// The extras a prover applies on top of [`NodeRules`]; see the module
/// docs. Each prover declares its own beside the reasons for what it
/// leaves out (`PNS_EXTRAS` in `pns::search::rules`, `extras` in
/// `dfpn::search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Extras {
    /// The completion cutoff ([`hopeless`]) before the rules.
    pub completion: bool,
    /// At the defender's node, reduction 6 (and under renju's game for
    /// wins the pass rule that comes with it): see
    /// [`NodeRules::defender_node_zoned`]. Needs a [`ThreatSpace`].
    pub zone_cut: bool,
    /// At the attacker's node left open, a VCF within the plies left
    /// proves it without children. Needs a [`ThreatSpace`].
    pub vcf_shortcut: bool,
    /// The attacker kept to its threat space
    /// ([`threat_space::attacker_moves`]); the defender's nodes where it
    /// threatens nothing are no-wins of that game. Needs a
    /// [`ThreatSpace`]. A restriction: its no-wins are not the real game's.
    pub threat_space: bool,
}

impl Extras {
    /// Every extra of the whole game (the threat space is a restriction,
    /// not an extra of the whole game).
    pub(crate) const FULL: Extras = Extras {
        completion: true,
        zone_cut: true,
        vcf_shortcut: true,
        threat_space: false,
    };
}

/// The attacker's node with `depth` plies left: the rules, the five-ply
/// cut and, in the threat space, its threats (the wider set when `wide`
/// or when the narrow one is empty; the `bool` says whether the wider set
/// was taken). `tested`: the static tests found nothing at this very
/// position before (see [`NodeRules::attacker_node_tested`]).
pub(crate) fn attacker_node(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    wide: bool,
    tested: bool,
) -> (OrNode, bool) {
    match rules.attacker_node_tested(board, depth, known, tested) {
        OrNode::Moves(m) => {
            let m = last_plies.five_ply_moves(board, depth, &m).unwrap_or(m);
            if extras.threat_space && last_plies.is_on() {
                let (moves, widened) = threat_space::attacker_moves(board, &m, depth, wide);
                (OrNode::Moves(moves), widened)
            } else {
                (OrNode::Moves(m), false)
            }
        }
        other => (other, false),
    }
}

/// The defender's node with `depth` plies left: the rules and, as
/// declared, reduction 6 or the threat space's test
/// ([`threat_space::defender_node`]; `wide`: below a widened attacker's
/// node). The
/// caller has set `threats`' frame and node cap for this position.
pub(crate) fn defender_node(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    wide: bool,
    threats: Option<&mut ThreatSpace>,
) -> AndNode {
    let Some(threats) = threats.filter(|_| extras.zone_cut || extras.threat_space) else {
        return rules.defender_node_with(board, depth, known);
    };
    if extras.threat_space && last_plies.is_on() {
        return threat_space::defender_node(rules, board, (depth, known), wide, threats);
    }
    rules.defender_node_zoned(board, depth, known, threats).0
}

/// The VCF shortcut: the length of a VCF the attacker has at its node
/// with `depth` plies left, once the rules left it moves. Tried from five
/// plies on (with three the last-plies shortcut decides), and only where
/// the shortcuts apply (every reduction on, `k >= 2`).
pub(crate) fn vcf_shortcut(
    last_plies: &LastPlies,
    board: &SearchBoard,
    depth: u32,
    threats: &mut ThreatSpace,
) -> Option<u32> {
    if !last_plies.is_on() || depth < VCF_MIN_DEPTH {
        return None;
    }
    threats.vcf_within(board, depth)
}

/// The ruling of a node (the defender's when `and`) with `depth` plies
/// left under `rules` and `extras`; `known`: the winning cells of both
/// sides when the caller knows them; `wide`: a defender's node below a
/// widened attacker's node of the threat space. `threats` must be given
/// (its frame and node cap set for this position) when `extras` asks for
/// a VCF; it is the only thing the evaluation changes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn ruling(
    rules: &NodeRules,
    last_plies: &LastPlies,
    extras: Extras,
    board: &SearchBoard,
    and: bool,
    (depth, known): (u32, Option<&Wins>),
    wide: bool,
    threats: Option<&mut ThreatSpace>,
) -> Ruling {
    if extras.completion && hopeless(board, and, depth) {
        return Ruling::Settled(Numbers::DISPROVED);
    }
    if and {
        let node = defender_node(
            rules,
            last_plies,
            extras,
            board,
            (depth, known),
            wide,
            threats,
        );
        match node {
            AndNode::Win => Ruling::Settled(Numbers::proved(2)),
            AndNode::NoWin => Ruling::Settled(Numbers::DISPROVED),
            // `NodeRules` promises a reply (since it kept reduction 5 from
            // leaving none); were none left, each one would lose to a move
            // giving two winning cells, at the fourth ply.
            AndNode::Replies(r) if r.is_empty() => Ruling::Settled(Numbers::proved(4)),
            AndNode::Replies(_) if last_plies.defender_escapes(depth) => {
                Ruling::Settled(Numbers::DISPROVED)
            }
            AndNode::Replies(r) => Ruling::Open(r),
        }
    } else {
        let node = attacker_node(
            rules,
            last_plies,
            extras,
            board,
            (depth, known),
            false,
            false,
        );
        match node.0 {
            OrNode::Win(_) => Ruling::Settled(Numbers::proved(1)),
            OrNode::NoWin => Ruling::Settled(Numbers::DISPROVED),
            OrNode::Moves(m) if m.is_empty() => Ruling::Settled(Numbers::DISPROVED),
            OrNode::Moves(m) if last_plies.attacker_decided(depth) => {
                Ruling::Settled(match double_moves(board, &m).next() {
                    Some(_) => Numbers::proved(3),
                    None => Numbers::DISPROVED,
                })
            }
            OrNode::Moves(m) => {
                let vcf = match threats {
                    Some(t) if extras.vcf_shortcut => vcf_shortcut(last_plies, board, depth, t),
                    _ => None,
                };
                match vcf {
                    Some(plies) => Ruling::Settled(Numbers::proved_in(plies)),
                    None => Ruling::Open(m),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::depth::UNLIMITED;
    use crate::threat::DEFAULT_VCF_SLOTS;
    use kinrow_board::{Attack, Board, Candidates, Cell, Game, Rule};

    /// The extras each prover declares, by name.
    fn declared() -> Vec<(&'static str, Extras)> {
        vec![
            ("pns", crate::pns::PNS_EXTRAS),
            ("dfpn", crate::dfpn::extras(false)),
            ("dfpn (renju, for wins)", crate::dfpn::extras(true)),
        ]
    }

    /// A random position of `moves` stones on `game` with no line yet.
    fn random_board(game: Game, moves: u32, next: &mut impl FnMut() -> u32) -> SearchBoard {
        let mut b: SearchBoard = Board::new(game).into();
        for _ in 0..moves {
            let empty: Vec<usize> = b.empty().iter().collect();
            if empty.is_empty() {
                break;
            }
            let cell = Cell::from_index(empty[next() as usize % empty.len()]);
            if b.wins_at(cell) {
                continue;
            }
            b.play(cell);
        }
        b
    }

    #[test]
    fn declared_extras_agree_with_the_full_ones() {
        let mut seed = 27u64;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as u32
        };
        let mut both_settled = 0;
        for round in 0..600 {
            let (side, k) = [(7, 4), (7, 5), (9, 5), (6, 4)][round % 4];
            let rule = [Rule::Freestyle, Rule::Exact][round / 4 % 2];
            let game = Game::new(side, side, k, rule).unwrap();
            let board = random_board(game, 4 + next() % 14, &mut next);
            let candidates = [Candidates::All, Candidates::Near(1)][round / 8 % 2];
            let rules = NodeRules::new(candidates, Attack::Any);
            let last_plies = LastPlies::new(board.game(), &rules);
            let depth = [3, 5, 7, 9, UNLIMITED][next() as usize % 5];
            let and = next() % 2 == 0;
            let mut threats = ThreatSpace::new(candidates, DEFAULT_VCF_SLOTS);
            let full = ruling(
                &rules,
                &last_plies,
                Extras::FULL,
                &board,
                and,
                (depth, None),
                false,
                Some(&mut threats),
            );
            for (name, extras) in declared() {
                let mine = ruling(
                    &rules,
                    &last_plies,
                    extras,
                    &board,
                    and,
                    (depth, None),
                    false,
                    Some(&mut threats),
                );
                if let (Ruling::Settled(a), Ruling::Settled(b)) = (full, mine) {
                    both_settled += 1;
                    assert_eq!(
                        a.is_proved(),
                        b.is_proved(),
                        "{name} and the full evaluation disagree at {:?} (and: {and}, depth {depth})",
                        board.board()
                    );
                }
                // Where the full evaluation leaves moves, a prover with
                // fewer extras leaves some too or settles the node the
                // same way; never fewer moves than the full one keeps.
                if let (Ruling::Open(all), Ruling::Open(some)) = (full, mine) {
                    assert!(
                        all.and_not(&some).is_empty(),
                        "{name} cut a move the full evaluation keeps"
                    );
                }
            }
        }
        assert!(both_settled > 100, "too few nodes settled: {both_settled}");
    }
}

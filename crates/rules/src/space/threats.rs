//! The attacker's threat space: the game `vct`, `vct-dfpn` and `vct-db`
//! search, written once. PNS and df-pn are given it as their
//! [`Space`](super::Space) and ask it at each step; the provers that
//! search it are built in `kinrow_prover::vct`.
//!
//! - **The attacker's moves** ([`threat_moves`], `attacker_moves`): its
//!   fours and, with five plies or more left, its threes; at a *widened*
//!   node ([`Width`]) its twos too (a move can threaten without making a
//!   three, when the VCF it allows plays fours through it later).
//! - **The defender's own threat** (`counter_cut`): where the defender
//!   would have a VCF were the attacker to pass, the attacker's moves
//!   that are not fours are kept to that VCF's zone; the others lose (the
//!   defender plays its VCF, and the attacker only blocks until its five).
//!   A cut of moves that cannot win, so no win of the space is lost.
//! - **The defender's node** ([`defender_node`]): every attacker move must
//!   threaten, so a defender's node where the attacker would have no VCF
//!   after a pass is a no-win of the threat space. Below a narrow
//!   attacker's node a threat is a VCF of `NARROW_THREAT_PLIES` or
//!   fewer; below a widened one, any within the plies left. A VCF search
//!   cut short by its node cap decides nothing: the node keeps every
//!   reply, so that "no threat" always means that no VCF exists.
//! - **The widening** ([`Width`], `widens`, `children_wide`,
//!   `child_salt`): an attacker's node whose threats all fail, or that
//!   has none, tries the next width before it is given up: its twos below
//!   narrow defender's nodes, then the same moves below wide ones. Under
//!   PNS a node also takes its twos as soon as its threes all look harder
//!   to prove than a two not tried yet (`widens_early`). The
//!   wide defender's nodes are other nodes than the narrow ones at the
//!   same positions (their keys carry a salt), since their threat test
//!   differs.
//!
//! **What a disproof of the space says.** Every attacker's node is
//! widened to [`Width::Wide`] before it is given up, so a disproved root
//! says: the attacker has no win within the horizon in the game where
//! each of its moves is a four, or a cell of a window of `k` cells free of
//! the defender's stones holding at least `k - 4` of its own (a three or
//! a two once played) after which, were the defender to pass, it would
//! win by fours within the plies left; the defender plays anything. The
//! cuts on top of that game (the counter cut, reductions 1 to 7 of the
//! defender's replies) leave out only moves that lose in it: each is
//! argued for the whole game by a line of the attacker's fours or blocks
//! of the defender's fours, moves this game allows the attacker too.
//! That is [`crate::outcome::Verdict::NoThreatWin`]; under `attack fours` outside
//! renju the game is the problem's own, and the disproof a `NoWin`
//! (`keeps_no_win`).
//!
//! Restricting the attacker is sound for a win: the defender's replies
//! are the whole game's (up to reduction 6), so a proof of the threat
//! space is a proof of the game.

use super::ThreatLimit;
use crate::outcome::Problem;
use crate::rules::{winning, AndNode, NodeRules, Wins};
use crate::vcf::VcfSearcher;
use kinrow_board::{Attack, Bitboard, SearchBoard};

/// The longest VCF, in plies, that makes a move a threat in the narrow
/// threat space (two fours, as quintet's `threat_limit 2`); the wider
/// space allows any within the horizon.
pub(crate) const NARROW_THREAT_PLIES: u32 = 5;

/// The longest VCF of the defender, in plies, that the attacker's node
/// looks for to cut its moves ([`counter_cut`]): as short as the narrow
/// threat (quintet looks two fours deep for the defender's threat too).
/// A longer VCF would cut as soundly, but each node pays for the search,
/// and most cuts come from the short ones: on the renju puzzles the
/// limit saves about a quarter of the VCF nodes for as many PNS nodes
/// (`docs/figures/renju.md`).
pub(crate) const COUNTER_THREAT_PLIES: u32 = 5;

/// Mixed into the keys of the defender's nodes below a widened attacker's
/// node (see [`child_salt`]).
const WIDE_SALT: u64 = 0x5EED_0F7A_12CE_57A1;

/// Whether a disproof of the threat space is a no-win of `problem`: under
/// `attack fours` the threat space is the fours, so the restriction
/// changed nothing, but under renju, where it is still a restriction
/// (nodes the rules leave to a pass are no-wins of the threat space).
pub(crate) fn keeps_no_win(problem: &Problem) -> bool {
    problem.attack == Attack::Fours && !problem.board.game().has_forbidden_points()
}

/// The threat space of the side to move, which must have no winning
/// cell among the candidates: the cells of `moves` that are fours, and
/// with five plies or more left (`max_plies`) those in a window of `k`
/// cells with no opponent stone and `k - 3` of its stones (threes, once
/// played), or with `wide` `k - 4` (twos, once played: a move can
/// threaten without making a three, when the VCF it allows plays fours
/// through it later). When the opponent has a winning cell the moves
/// (the block) are kept as they are. Whether a move threatens is asked
/// lazily, at the defender's node it leads to ([`defender_node`]), where
/// the same VCF gives the zone. Restricting the attacker to these is sound
/// for a win; a no-win found so says nothing about the other moves.
#[must_use]
pub fn threat_moves(board: &SearchBoard, moves: &Bitboard, max_plies: u32, wide: bool) -> Bitboard {
    let theirs = board.winning_cells(board.to_move().other());
    threat_moves_against(board, moves, (max_plies, wide), &theirs)
}

/// [`threat_moves`] where the opponent's winning cells `theirs` are known.
fn threat_moves_against(
    board: &SearchBoard,
    moves: &Bitboard,
    (max_plies, wide): (u32, bool),
    theirs: &Bitboard,
) -> Bitboard {
    let me = board.to_move();
    if theirs.intersects(moves) {
        // The moves are the block of a defender's four: forced, kept
        // whether it threatens or not.
        return *moves;
    }
    let fours = board.fours_without_win(me, moves);
    if max_plies < 5 {
        return fours;
    }
    let (own, opp) = (board.stones(me), board.stones(me.other()));
    let empty = if wide { 4 } else { 3 };
    fours | (board.game().window_cells(own, opp, empty) & *moves)
}

/// How wide an attacker's node of the threat space looks for threats:
/// each width is tried once every threat of the one before has failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Width {
    /// Fours and threes; the defender's nodes below are narrow (a threat
    /// is a VCF of `NARROW_THREAT_PLIES` or fewer).
    Threes,
    /// Fours, threes and twos, the defender's nodes below still narrow:
    /// quintet's attacks (every cell near enough to its stones) under its
    /// `threat_limit 2`.
    Twos,
    /// The same moves, the defender's nodes below wide (a threat is any
    /// VCF within the plies left).
    Wide,
}

impl Width {
    /// The next width to try, if any.
    pub(crate) fn next(self) -> Option<Width> {
        match self {
            Width::Threes => Some(Width::Twos),
            Width::Twos => Some(Width::Wide),
            Width::Wide => None,
        }
    }
}

/// The attacker's moves among `moves` (what the rules left, x's forbidden
/// points perhaps among them) with `depth` plies left, at `width`, or at a
/// greater one when that one has none; only legal moves are given (the
/// test of each cell costs the most under renju, so it is made on the few
/// threats alone), and the width taken is returned with them (the node
/// takes it). `known`: the winning cells of both sides where the caller
/// knows them.
pub(crate) fn attacker_moves(
    board: &SearchBoard,
    moves: &Bitboard,
    (depth, known): (u32, Option<&Wins>),
    width: Width,
) -> (Bitboard, Width) {
    let me = board.to_move();
    let theirs = winning(board, known, me.other());
    if width == Width::Threes {
        let threes = threat_moves_against(board, moves, (depth, false), &theirs);
        let threes = board.legal(me, &threes);
        if !threes.is_empty() {
            return (threes, width);
        }
    }
    let twos = threat_moves_against(board, moves, (depth, true), &theirs);
    (board.legal(me, &twos), width.max(Width::Twos))
}

/// The attacker's `moves` at its node with `depth` plies left, cut to
/// those that answer the defender's own threat: where the defender would
/// have a VCF (of [`COUNTER_THREAT_PLIES`] or fewer) were the attacker to
/// pass, a move that is neither a four of the attacker nor in that VCF's
/// zone loses the attacker its win ([`VcfSearcher::counter_zone`] argues
/// it), and is left out. Where the defender has a winning cell the moves
/// are the block and are kept. `known`: the winning cells of both sides
/// where the caller knows them. The caller has set `threats`' frame and
/// node cap for this position.
pub(crate) fn counter_cut(
    board: &SearchBoard,
    moves: Bitboard,
    (depth, known): (u32, Option<&Wins>),
    threats: &mut VcfSearcher,
) -> Bitboard {
    let me = board.to_move();
    if moves.is_empty() || !winning(board, known, me.other()).is_empty() {
        return moves;
    }
    let fours = board.fours_without_win(me, &moves);
    if fours == moves {
        return moves;
    }
    // A VCF within fewer plies than the horizon is within the horizon.
    match threats.counter_zone(board, depth.min(COUNTER_THREAT_PLIES)) {
        Some(zone) => fours | (moves & zone),
        None => moves,
    }
}

/// The defender's node of the threat space with `depth` plies left, where
/// a threat is a VCF of at most `threat_plies` (`threat_plies`):
/// `NodeRules::defender_node_zoned`
/// where every attacker move must threaten, so a defender's node where the
/// rules leave two or more replies, with four plies or more left, and
/// where the attacker would have no VCF (of `threat_plies` or fewer)
/// within the plies left after a pass, is a no-win
/// of that game (a restriction of the attacker: a win found so is a win, a
/// no-win says nothing of the real game). The caller has set `threats`'
/// frame and node cap for this position.
///
/// Passes: RIF's renju lets a player pass, and an extra stone can hurt
/// its own side there (x's own stone can make x's block forbidden, an
/// o stone can unmake a forbidden point of x), so a defender that
/// passes is not always worse off than one that plays. These rules
/// search no pass, and under renju a defender's node with four plies
/// or more left where the attacker has no winning cell is kept only
/// when the attacker would have a VCF after a pass, whatever the
/// number of replies: a pass then loses within the plies left (the
/// VCF is searched in the very position a pass leaves). With a winning
/// cell of the attacker a pass loses at once, and with fewer plies
/// left the defender escapes. So every defender's node of a win
/// proved in the threat space refutes a pass, and the attacker never
/// needs one: the win holds in the game with passes.
///
/// Also returns the plies from this node within which the replies left
/// out lose, as `NodeRules::defender_node_zoned` does.
pub fn defender_node(
    rules: &NodeRules,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    threat_plies: u32,
    threats: &mut VcfSearcher,
) -> (AndNode, u32) {
    threats.set_threat_plies(threat_plies);
    // Reductions 3 and 5 leave out replies that lose within four plies.
    let floor = if depth >= 4 { 4 } else { 0 };
    // The replies' legality is tested only where needed: x's forbidden
    // points under renju are found by a search of their own, and most of
    // the candidates are left out by the zone.
    let me = board.to_move();
    let (node, unchecked) = rules.defender_node_unchecked(board, depth, known);
    match node {
        AndNode::Replies(replies)
            if needs_threat(rules, board, (depth, known), (&replies, unchecked)) =>
        {
            match rules.zone_replies(board, depth, (&replies, unchecked), threats) {
                Some((kept, plies)) => (AndNode::Replies(kept), floor.max(plies)),
                // A VCF search cut short (its node cap) decides nothing:
                // the move may be a threat, so every reply is kept. A win
                // is still a win; the threat space's no-win stays exact
                // (`Verdict::NoThreatWin` claims that no VCF exists).
                None if threats.cut_short() => {
                    let replies = if unchecked {
                        board.legal(me, &replies)
                    } else {
                        replies
                    };
                    (AndNode::Replies(replies), floor)
                }
                None => (AndNode::NoWin, 0),
            }
        }
        AndNode::Replies(replies) if unchecked => {
            (AndNode::Replies(board.legal(me, &replies)), floor)
        }
        node => (node, floor),
    }
}

/// Whether the defender's node at `board` with `depth` plies left, where
/// the rules leave `replies` (their legality tested or not), is one where
/// the attacker's last move must have been a threat ([`defender_node`]):
/// four plies or more left, and two replies or more or, under renju,
/// a pass that matters (module docs of [`defender_node`]).
fn needs_threat(
    rules: &NodeRules,
    board: &SearchBoard,
    (depth, known): (u32, Option<&Wins>),
    (replies, unchecked): (&Bitboard, bool),
) -> bool {
    let me = board.to_move();
    let has_two = match unchecked {
        true => board.legal_reaches(me, replies, 2),
        false => replies.has_two(),
    };
    let pass_matters = || {
        board.game().has_forbidden_points()
            && rules.pass_matters(board, known)
            && !replies.is_empty()
    };
    depth >= 4 && (has_two || pass_matters())
}

/// The attacker's `moves` at its node with `depth` plies left, cut to
/// its threats where it has some, below a widened node (a threat is a
/// VCF of more than [`NARROW_THREAT_PLIES`], `threat_plies`): a move
/// after which [`defender_node`] would find that the move threatens
/// nothing is left out. That node would be a no-win of the threat space
/// at once, so the space's answer is the same (and a certificate needs
/// no answer to such a move: the checker finds on its own that it
/// threatens nothing); leaving it out saves creating and visiting it,
/// and gives the node its true number of moves. Where no move
/// threatens, every move is kept, so that the search goes on as it did
/// before (its children all fail). Fours are kept (the defender's one
/// reply is forced), and so is every move where the defender has a
/// winning cell (the block) or a search was cut short. The caller has
/// set `threats`' frame for this position.
///
/// Only below widened nodes: under the narrow limit the test of every
/// move costs more than the children it saves (quintet's 121 cases,
/// `vct`, one thread: 13.1 M nodes instead of 27.8 M, but 10% more
/// time); below widened nodes, 2-4% less time and nodes
/// (docs/figures/threat-space-quintet.md).
pub(crate) fn threats_only(
    rules: &NodeRules,
    board: &SearchBoard,
    moves: Bitboard,
    depth: u32,
    threat_plies: u32,
    threats: &mut VcfSearcher,
) -> Bitboard {
    let me = board.to_move();
    let wide = threat_plies > NARROW_THREAT_PLIES;
    if !wide || depth < 5 || moves.is_empty() || !board.winning_cells(me.other()).is_empty() {
        return moves;
    }
    let fours = board.fours_without_win(me, &moves);
    let plies = (depth - 2).min(threat_plies);
    let kept = fours
        | threats.threatening(board, moves & !fours, plies, |after| {
            needs_threat_after(rules, after, depth - 1)
        });
    if kept.is_empty() {
        moves
    } else {
        kept
    }
}

/// [`needs_threat`] at the defender's node `after` with `depth` plies
/// left (four or more), reached by an attacker's move that is no four,
/// where the attacker has no VCF within three plies or more after a pass,
/// and where neither side had a winning cell before the move. There
/// neither side has one (an attacker stone makes no defender line and,
/// being no four, no attacker one), the attacker has no move that makes
/// two winning cells (that would be such a VCF), so the rules'
/// replies ([`NodeRules::defender_node_unchecked`]) are the candidates,
/// or it settles the node (no candidate, a static no-win: a no-win,
/// which leaving the move out leaves unchanged; x without a legal move
/// under renju: kept here). So a threat was needed where the candidates
/// hold two cells or, under renju (a pass matters: the attacker has no
/// winning cell), one the defender may play.
fn needs_threat_after(rules: &NodeRules, after: &SearchBoard, depth: u32) -> bool {
    let me = after.to_move();
    let cands = after.candidates(rules.candidates);
    let needed = if after.game().has_forbidden_points() {
        after.legal_reaches(me, &cands, 1)
    } else {
        cands.has_two()
    };
    debug_assert!(
        !needed
            || match rules.defender_node_unchecked(after, depth, None) {
                (AndNode::Replies(r), unchecked) => {
                    needs_threat(rules, after, (depth, None), (&r, unchecked))
                }
                (node, _) => node == AndNode::NoWin,
            },
        "the threat space's test needs a threat where the rules' reply list does not"
    );
    needed
}

/// Whether an attacker's node (not `and`) still at its threes, open with
/// proof number `pn`, is widened to its twos before its threes all fail:
/// once its easiest three looks harder to prove than a two not tried yet,
/// whose first proof number is `twos_pn` (PNS's first pn of a move that
/// makes no three). Proof-number search then picks what looks cheapest
/// whichever width it is at; widening changes no verdict, since its
/// threes stay among its children. PNS only; df-pn widens on failure.
pub(crate) fn widens_early(and: bool, width: Width, pn: u32, twos_pn: u32) -> bool {
    !and && width == Width::Threes && pn > twos_pn
}

/// The width an attacker's node (not `and`) at `width`, now disproved,
/// is widened to instead of being given up: every threat at its width
/// failed, so it tries the next (a leaf again). `None`: it is given up.
pub(crate) fn widens(
    and: bool,
    width: Width,
    disproved: bool,
    limit: ThreatLimit,
) -> Option<Width> {
    if disproved && !and {
        next_width(width, limit)
    } else {
        None
    }
}

/// The width after `width` under `limit`: [`Width::next`], but that the
/// wide defender's nodes are skipped where the limit makes them the
/// narrow ones (a threat of at most two fours already fits the narrow
/// test).
pub(crate) fn next_width(width: Width, limit: ThreatLimit) -> Option<Width> {
    match width.next() {
        Some(Width::Wide) if threat_plies(true, limit) <= threat_plies(false, limit) => None,
        next => next,
    }
}

/// The longest VCF after a pass that makes a move a threat at a
/// defender's node below a widened (`wide`) or narrow attacker's node,
/// under `limit`.
pub(crate) const fn threat_plies(wide: bool, limit: ThreatLimit) -> u32 {
    let plies = limit.plies();
    if wide || plies < NARROW_THREAT_PLIES {
        plies
    } else {
        NARROW_THREAT_PLIES
    }
}

/// Whether the children of a node are nodes of the wider space: those of
/// an attacker's node widened to [`Width::Wide`], whose defender's nodes
/// give the attacker the full VCF horizon for its threat.
pub(crate) fn children_wide(parent_and: bool, parent_width: Width) -> bool {
    !parent_and && parent_width == Width::Wide
}

/// What the key of a child mixes in: the wider space's defender's nodes
/// are other nodes than the narrow ones at the same positions.
pub(crate) const fn child_salt(wide_children: bool) -> u64 {
    if wide_children {
        WIDE_SALT
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::depth::UNLIMITED;
    use crate::vcf::DEFAULT_VCF_SLOTS;
    use kinrow_board::{Board, Candidates, Cell, Game, Player, Rule};

    /// A random position of about `moves` stones on `game`, no line made.
    fn random_board(game: Game, moves: u32, seed: &mut u64) -> SearchBoard {
        let mut b: SearchBoard = Board::new(game).into();
        for _ in 0..moves {
            *seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let empty: Vec<usize> = b.empty().iter().collect();
            let cell = Cell::from_index(empty[(*seed >> 33) as usize % empty.len()]);
            if !b.wins_at(cell)
                && b.legal(b.to_move(), &Bitboard::single(cell.index()))
                    .contains(cell.index())
            {
                b.play(cell);
            }
        }
        b
    }

    /// The positions of `rounds` random plays from `seed` (9x9 freestyle
    /// and exact, 7x7 k=4, 15x15 renju in turn) where neither side has a
    /// winning cell, with the round each came from.
    fn quiet_positions(rounds: usize, mut seed: u64) -> Vec<(usize, SearchBoard)> {
        let mut out = Vec::new();
        for round in 0..rounds {
            let (side, k, rule) = [
                (9, 5, Rule::Freestyle),
                (9, 5, Rule::Exact),
                (7, 4, Rule::Freestyle),
                (15, 5, Rule::Renju),
            ][round % 4];
            let game = Game::new(side, side, k, rule).unwrap();
            let stones = if side == 15 {
                30
            } else {
                8 + round as u32 % 20
            };
            let board = random_board(game, stones, &mut seed);
            let me = board.to_move();
            if board.winning_cells(me).is_empty() && board.winning_cells(me.other()).is_empty() {
                out.push((round, board));
            }
        }
        out
    }

    /// Below a widened node, every move [`threats_only`] leaves out is no
    /// four and threatens nothing: after it, were the defender to pass, a
    /// fresh search finds no VCF within the plies left (as the defender's
    /// node would search); every move that threatens is kept.
    #[test]
    fn moves_left_out_as_no_threats_threaten_nothing() {
        let (mut out, mut kept_threats) = (0, 0);
        for (round, board) in quiet_positions(1200, 11) {
            let me = board.to_move();
            let depth = [7, 9, 11][round % 3];
            let moves = threat_moves(&board, &board.legal(me, &board.empty()), depth, true);
            let rules = NodeRules::new(Candidates::All, Attack::Any);
            let mut threats = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
            let kept = threats_only(&rules, &board, moves, depth, u32::MAX, &mut threats);
            assert!(
                kept.and_not(&moves).is_empty(),
                "a move was added at {board:?}"
            );
            let fours = board.fours_without_win(me, &moves);
            assert!(
                fours.and_not(&kept).is_empty(),
                "a four was left out at {board:?}"
            );
            for m in moves.and_not(&fours).iter() {
                let mut after = board.clone();
                after.play(Cell::from_index(m));
                let mut fresh = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
                let threatens = fresh.defender_zone(&after, depth - 1).is_some();
                if !kept.contains(m) {
                    assert!(
                        !threatens,
                        "move {m} threatens but was left out at {board:?}"
                    );
                    out += 1;
                } else if threatens {
                    kept_threats += 1;
                }
            }
        }
        eprintln!("{out} moves left out, {kept_threats} threats kept");
        assert!(
            out > 1000 && kept_threats > 100,
            "{out} left out, {kept_threats} kept"
        );
    }

    /// Every move the counter cut leaves out loses the attacker its win:
    /// it gave the attacker no winning cell, and after it the defender,
    /// to move, has a VCF within the plies the cut was asked about (a
    /// fresh search). Every four of the attacker is kept.
    #[test]
    fn moves_the_counter_cut_leaves_out_leave_the_defender_its_vcf() {
        let (mut cut, mut positions) = (0, 0);
        for (round, board) in quiet_positions(3000, 7) {
            let me = board.to_move();
            positions += 1;
            let moves = board.legal(me, &board.empty());
            let depth = [7, 9, UNLIMITED][round % 3];
            let mut threats = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
            let kept = counter_cut(&board, moves, (depth, None), &mut threats);
            let fours = board.fours_without_win(me, &moves);
            assert!(
                fours.and_not(&kept).is_empty(),
                "a four was cut at {board:?}"
            );
            for s in moves.and_not(&kept).iter() {
                let mut after = board.clone();
                after.play(Cell::from_index(s));
                assert!(after.winning_cells(me).is_empty());
                let mut fresh = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
                assert!(
                    fresh.vcf(&after, depth).is_some(),
                    "move {s} the cut left out escapes at {board:?}"
                );
                cut += 1;
            }
        }
        eprintln!("{positions} positions, {cut} moves cut");
        assert!(cut > 1000, "only {cut} moves cut");
    }

    /// The threat space's defender's node tests x's replies for legality
    /// only where the zone keeps them: under renju, with x to defend, its
    /// answer is the one of testing every candidate first (the rules'
    /// `defender_node_with`, then reduction 6 on what is left, as it was
    /// written before), and no reply is a forbidden point. Fails if the
    /// kept replies are not tested (shown). (Whether two replies are
    /// legal, which decides on the zone, differs from the count of the
    /// candidates only where nearly every empty cell is forbidden: no
    /// random position here; `legal_reaches` has its own test.)
    #[test]
    fn legality_tested_late_gives_the_replies_of_testing_it_first() {
        let mut seed = 11;
        let rules = NodeRules::new(Candidates::All, kinrow_board::Attack::Any);
        let (mut compared, mut with_forbidden) = (0, 0);
        for round in 0..1500 {
            let game = Game::new(15, 15, 5, Rule::Renju).unwrap();
            let mut board = random_board(game, 24 + round as u32 % 24, &mut seed);
            if board.to_move() != Player::X {
                let Some(pass) = board
                    .empty()
                    .iter()
                    .find(|&c| !board.wins_at(Cell::from_index(c)))
                else {
                    continue;
                };
                board.play(Cell::from_index(pass));
            }
            let me = board.to_move();
            let cands = board.candidates(Candidates::All);
            with_forbidden += u32::from(board.legal(me, &cands) != cands);
            let depth = [5, 7, 9, UNLIMITED][round as usize % 4];
            let wide = round % 3 == 0;
            let mut threats = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
            let plies = threat_plies(wide, ThreatLimit::NONE);
            let got = defender_node(&rules, &board, (depth, None), plies, &mut threats);
            // The reference, with every candidate tested first.
            let mut threats = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
            threats.set_threat_plies(if wide { u32::MAX } else { NARROW_THREAT_PLIES });
            let floor = if depth >= 4 { 4 } else { 0 };
            let pass_matters = |r: &Bitboard| rules.pass_matters(&board, None) && !r.is_empty();
            let want = match rules.defender_node_with(&board, depth, None) {
                AndNode::Replies(r) if depth >= 4 && (r.has_two() || pass_matters(&r)) => {
                    match rules.zone_replies(&board, depth, (&r, false), &mut threats) {
                        Some((kept, plies)) => (AndNode::Replies(kept), floor.max(plies)),
                        None => (AndNode::NoWin, 0),
                    }
                }
                node => (node, floor),
            };
            assert_eq!(got, want, "{board:?} depth {depth} wide {wide}");
            if let AndNode::Replies(r) = got.0 {
                assert_eq!(board.legal(me, &r), r, "{board:?}");
            }
            compared += 1;
        }
        eprintln!("{compared} positions, {with_forbidden} with forbidden candidates");
        assert!(
            compared > 1000 && with_forbidden > 100,
            "{compared} {with_forbidden}"
        );
    }

    /// A VCF search cut short decides nothing: where the attacker's
    /// threat after a pass needs a VCF longer than the node cap allows,
    /// the threat space's defender's node keeps every reply it keeps with
    /// the cap lifted, never a no-win. Fails when the defender's node
    /// reads a search cut short as "no threat" (shown).
    #[test]
    fn a_vcf_search_cut_short_keeps_the_replies() {
        let mut seed = 23;
        let rules = NodeRules::new(Candidates::All, kinrow_board::Attack::Any);
        let mut cut = 0;
        for round in 0..4000 {
            let game = Game::new(11, 11, 5, [Rule::Freestyle, Rule::Exact][round % 2]).unwrap();
            let board = random_board(game, 14 + round as u32 % 16, &mut seed);
            let me = board.to_move();
            if !board.winning_cells(me).is_empty() || !board.winning_cells(me.other()).is_empty() {
                continue;
            }
            let mut full = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
            let (with_cap_lifted, _) =
                defender_node(&rules, &board, (UNLIMITED, None), u32::MAX, &mut full);
            if !matches!(with_cap_lifted, AndNode::Replies(r) if r.has_two()) {
                continue;
            }
            let mut capped = VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS);
            capped.cap_calls(1);
            let (node, _) = defender_node(&rules, &board, (UNLIMITED, None), u32::MAX, &mut capped);
            assert_ne!(node, AndNode::NoWin, "{board:?}");
            if capped.cut_short() {
                // Every reply kept: as many as the rules give, at least
                // those the zone keeps.
                let AndNode::Replies(all) = node else {
                    unreachable!()
                };
                let AndNode::Replies(zoned) = with_cap_lifted else {
                    unreachable!()
                };
                assert!(zoned.and_not(&all).is_empty(), "{board:?}");
                cut += 1;
            }
        }
        assert!(cut > 20, "only {cut} searches cut short");
    }

    /// The widths are tried in turn, threes, then twos below narrow
    /// defender's nodes, then wide ones; a node without threes starts at
    /// its twos.
    #[test]
    fn widths_go_from_threes_to_twos_to_wide() {
        let any = ThreatLimit::NONE;
        assert_eq!(widens(false, Width::Threes, true, any), Some(Width::Twos));
        assert_eq!(widens(false, Width::Twos, true, any), Some(Width::Wide));
        assert_eq!(widens(false, Width::Wide, true, any), None);
        assert_eq!(widens(true, Width::Threes, true, any), None);
        assert_eq!(widens(false, Width::Threes, false, any), None);
        // Threats of at most two fours fit the narrow test: no wide width;
        // of three, the wide one allows seven plies.
        let two = ThreatLimit::fours(2);
        assert_eq!(widens(false, Width::Twos, true, two), None);
        assert_eq!((threat_plies(false, two), threat_plies(true, two)), (5, 5));
        let one = ThreatLimit::fours(1);
        assert_eq!((threat_plies(false, one), threat_plies(true, one)), (3, 3));
        let three = ThreatLimit::fours(3);
        assert_eq!(widens(false, Width::Twos, true, three), Some(Width::Wide));
        assert_eq!(threat_plies(true, three), 7);
        assert_eq!(threat_plies(true, any), u32::MAX);
        // Early: only an open attacker's node at its threes, once its pn
        // passes a two's first pn.
        assert!(widens_early(false, Width::Threes, 201, 200));
        assert!(!widens_early(false, Width::Threes, 200, 200));
        assert!(!widens_early(true, Width::Threes, 500, 200));
        assert!(!widens_early(false, Width::Twos, 500, 200));
        assert!(!children_wide(false, Width::Twos));
        assert!(children_wide(false, Width::Wide) && !children_wide(true, Width::Wide));
        // One stone of each side: x has twos but no three.
        let game = Game::new(9, 9, 5, Rule::Freestyle).unwrap();
        let mut board: SearchBoard = Board::new(game).into();
        board.play(Cell::from_index(44));
        board.play(Cell::from_index(11));
        let moves = board.empty();
        assert!(threat_moves(&board, &moves, 9, false).is_empty());
        let (twos, width) = attacker_moves(&board, &moves, (9, None), Width::Threes);
        assert_eq!(width, Width::Twos);
        assert!(!twos.is_empty() && twos == threat_moves(&board, &moves, 9, true));
        assert_eq!(
            attacker_moves(&board, &moves, (9, None), Width::Wide).1,
            Width::Wide
        );
    }
}

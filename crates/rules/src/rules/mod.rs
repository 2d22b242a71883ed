//! The node rules: the terminal rules and sound move reductions shared by
//! every prover, so that all of them search exactly the same game.
//!
//! - Here, [`NodeRules`]: what the rules say at the attacker's turn
//!   ([`NodeRules::attacker_node`]: an immediate win, the block, the
//!   attacker's filter) and at the defender's, where its move list is cut
//!   (`NodeRules::defender_node` and
//!   `NodeRules::double_threat_replies`), each reduction with its
//!   soundness argument; and the completion cutoff ([`hopeless`]).
//! - [`wins`](Wins): the winning cells of both sides, carried from a node to
//!   its children instead of computed at each, and [`winning_cell`].
//! - [`last_plies`]: the shortcuts that settle the last plies before the
//!   horizon, argued once, for AND-OR, PNS and df-pn.
//! - `ruling`: the one node evaluation PNS and df-pn call, the node rules
//!   and the extras each prover declares (completion cutoff, reduction 6,
//!   VCF shortcut, threat space); the test that the declarations agree
//!   sits with the searches that declare them (`declared_extras.rs` of
//!   `kinrow-prover`).
//! - `line_end`: the end of a principal variation below a node the rules
//!   prove without a search.
//! - `passes`: [`Passes`], the two games without a pass node that
//!   bracket renju's game with passes, and [`bracket`], which answers a
//!   renju problem with both.
//! - `ablation`: [`Reductions`], switches that turn each reduction off for
//!   the tests, and the rules that honour them.
//! - [`zone`]: disproof zones, the cells a no-win depended on, so that a
//!   prover reuses one refutation for every attacker move outside them;
//!   the zones of the rules' no-wins and how they combine, argued there.
//!
//! The value searches keep score-preserving reductions of their own (see
//! `kinrow_prover::value`).
//!
//! Depths count plies still allowed, the current ply included: at the
//! attacker's turn with `depth` left, its stone lands at ply 1 of `depth`.
//! [`UNLIMITED`] stands for "no horizon" (no game is that long).

mod ablation;
pub mod dominance;
pub mod last_plies;
pub mod line_end;
pub mod pairing;
mod passes;
pub mod ruling;
mod wins;
pub mod zone;

pub use crate::kit::depth::{depth_after, UNLIMITED};
pub use ablation::Reductions;
pub use ablation::SwitchableRules;
pub use last_plies::LastPlies;
pub use passes::bracket;
pub use passes::Passes;
pub use wins::{winning_cell, wins_after, wins_after_played, wins_of, Wins};

use crate::vcf::VcfSearcher;
use kinrow_board::{Attack, Bitboard, Candidates, Cell, Game, Player, SearchBoard};
pub(crate) use wins::winning;

/// What the rules say at the attacker's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrNode {
    /// The attacker plays this cell and wins at once.
    Win(Cell),
    /// The attacker cannot win within the horizon from here.
    NoWin,
    /// The attacker must choose among these moves (never empty).
    Moves(Bitboard),
}

/// What the rules say at the defender's turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AndNode {
    /// Whatever the defender does, the attacker wins on its next move.
    Win,
    /// The attacker has no win from here: the defender wins at once, the
    /// board is full, the horizon leaves the attacker no further stone, a
    /// static test finds none (the completion cutoff, the defender's
    /// strategy), no reply is left to search (under renju, Black's pass in
    /// the game for wins; in the threat space, the attacker threatens
    /// nothing after the defender's pass).
    NoWin,
    /// Every one of these replies (never empty) must be refuted.
    Replies(Bitboard),
}

/// The move rules of one problem: candidates for both sides, the
/// attacker's filter, and under renju which game of passes is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeRules {
    pub candidates: Candidates,
    pub attack: Attack,
    pub passes: Passes,
    /// Whether reduction 7, the static no-win tests, is tried: off only
    /// for a node whose tests have answered no before
    /// ([`NodeRules::without_static_tests`]).
    static_tests: bool,
}

impl NodeRules {
    /// The rules for `candidates` and `attack`, searching for wins under
    /// renju ([`Passes::MustLose`]).
    #[must_use]
    pub const fn new(candidates: Candidates, attack: Attack) -> NodeRules {
        NodeRules {
            candidates,
            attack,
            passes: Passes::MustLose,
            static_tests: true,
        }
    }

    /// These rules without reduction 7, for a node whose static tests were
    /// tried before and answered no (df-pn's revisits). Leaving a
    /// reduction out is sound: it only ever settles a node early, and the
    /// moves the rules give are the same as when its test answers no. (The
    /// tests' heuristics depend on the board's orientation, so a node
    /// reached again in another frame might have been settled by them;
    /// it is then searched instead.)
    #[must_use]
    pub const fn without_static_tests(self) -> NodeRules {
        NodeRules {
            static_tests: false,
            ..self
        }
    }

    /// These rules searching the game of passes `passes` under renju.
    #[must_use]
    pub const fn with_passes(self, passes: Passes) -> NodeRules {
        NodeRules { passes, ..self }
    }

    /// Whether the search is one under renju for wins, where each
    /// defender's node must refute a pass.
    #[inline]
    pub(crate) fn pass_must_lose(&self, board: &SearchBoard) -> bool {
        self.passes == Passes::MustLose && board.game().has_forbidden_points()
    }
}

impl NodeRules {
    /// The attacker's turn (the attacker is `board.to_move()`) with `depth`
    /// plies left.
    ///
    /// Reductions (each sound, and only ever removing moves of the attacker
    /// or deciding a node whose value is certain):
    /// 1. a winning cell among the attacker's candidates is a win at once
    ///    (a winning move passes every filter);
    /// 4. if the defender has a winning cell, any attacker move other than a
    ///    block lets the defender complete its line first, which ends the
    ///    attack; with two such cells no block helps;
    /// 7. a static no-win (`NodeRules::static_no_win`) ends the node.
    ///
    /// Under renju x never plays a forbidden point (the moves are
    /// [`SearchBoard::legal`]); a cell where x makes five is never one, so
    /// reduction 1 holds as it is, and a block of x on a forbidden point is
    /// no block: x then has no move and no win.
    #[must_use]
    pub fn attacker_node(&self, board: &SearchBoard, depth: u32) -> OrNode {
        self.attacker_node_with(board, depth, None)
    }

    /// [`NodeRules::attacker_node`] with the winning cells of both sides
    /// given when the caller knows them.
    #[must_use]
    pub(crate) fn attacker_node_with(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
    ) -> OrNode {
        self.attacker_node_tested(board, depth, known, false)
    }

    /// [`NodeRules::attacker_node_with`] for a caller that asked it of this
    /// very position before (`tested`) and got moves: reduction 7 is not
    /// tried again, since it answered no then. (Its tests depend on the
    /// position and, through their heuristics, on its orientation, so in
    /// another frame they might have said yes; leaving a reduction out is
    /// sound in any case: the moves are then searched.)
    #[must_use]
    pub(crate) fn attacker_node_tested(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
        tested: bool,
    ) -> OrNode {
        match self.attacker_node_unforbidden(board, depth, known, tested) {
            OrNode::Moves(m) => {
                let moves = board.legal(board.to_move(), &m);
                if moves.is_empty() {
                    OrNode::NoWin
                } else {
                    OrNode::Moves(moves)
                }
            }
            other => other,
        }
    }

    /// [`NodeRules::attacker_node_tested`] before x's forbidden points are
    /// taken out of the moves under renju (the moves may hold some; a win
    /// and a no-win are as there, save the no-win of a node whose every
    /// move is forbidden): for a caller that keeps few of the moves and
    /// tests only those ([`SearchBoard::legal`] is a test of each cell on
    /// its own, so it gives the same moves in either order).
    #[must_use]
    pub(crate) fn attacker_node_unforbidden(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
        tested: bool,
    ) -> OrNode {
        if depth == 0 {
            return OrNode::NoWin;
        }
        let me = board.to_move();
        let cands = board.candidates(self.candidates);
        if let Some(w) = winning_cell(&winning(board, known, me), &cands) {
            return OrNode::Win(w);
        }
        if depth == 1 {
            return OrNode::NoWin;
        }
        let threats = winning(board, known, me.other()) & cands;
        if threats.has_two() || (!tested && self.static_no_win(board, me)) {
            return OrNode::NoWin;
        }
        // The attacker's filter over the blocks, or over every candidate.
        let within = if threats.is_empty() { cands } else { threats };
        let moves = self.filter(board, &within);
        if moves.is_empty() {
            OrNode::NoWin
        } else {
            OrNode::Moves(moves)
        }
    }

    /// Reduction 7, a static no-win: whether the defender provably keeps
    /// `attacker` from ever completing a line from `board`, by a pairing
    /// strategy or the potential bound ([`pairing::defender_holds`], where the
    /// arguments are). Those strategies may answer on any empty cell, so
    /// the test applies only when the defender may play there
    /// (`candidates all`); the attacker's filter only takes moves away
    /// from the attacker, and a horizon plies. The no-win holds at every
    /// depth.
    #[inline]
    #[must_use]
    pub(crate) fn static_no_win(&self, board: &SearchBoard, attacker: Player) -> bool {
        self.static_tests
            && self.candidates == Candidates::All
            && pairing::defender_holds(board, attacker)
    }

    /// The cells of `within` that pass the attacker's filter, for the side
    /// to move as the attacker.
    #[inline]
    #[must_use]
    pub fn filter(&self, board: &SearchBoard, within: &Bitboard) -> Bitboard {
        let me = board.to_move();
        match self.attack {
            Attack::Any => *within,
            Attack::Fours => board.fours(me, within),
            Attack::Threats => board.threats(me, within),
        }
    }

    /// The attacker's first moves when every winning one is wanted, as the
    /// immediate wins and the rest: the moves
    /// [`NodeRules::attacker_node`] would search, without stopping at the
    /// first immediate win. The moves it leaves out all lose: with a
    /// defender's winning cell on the board, every move but a block lets
    /// the defender complete its line first.
    #[must_use]
    pub fn all_moves(&self, board: &SearchBoard, depth: u32) -> (Bitboard, Bitboard) {
        if depth == 0 {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        }
        let me = board.to_move();
        let cands = board.candidates(self.candidates);
        let immediate = board.winning_cells(me) & cands;
        if depth == 1 {
            return (immediate, Bitboard::EMPTY);
        }
        let threats = board.winning_cells(me.other()) & cands;
        let rest = if threats.has_two() {
            Bitboard::EMPTY
        } else {
            let within = if threats.is_empty() { &cands } else { &threats };
            board.legal(me, &self.filter(board, within))
        };
        (immediate, rest.and_not(&immediate))
    }

    /// The defender's turn (the defender is `board.to_move()`) with `depth`
    /// plies left, the defender's own move included.
    ///
    /// Reductions:
    /// 2. a winning cell of the defender among its candidates: it completes
    ///    its line first and the attack ends;
    /// 3. if the attacker has a winning cell among the candidates, a
    ///    defender stone can spoil it only by taking it (a stone never
    ///    changes the length of the other side's runs), and candidates only
    ///    grow as stones are added: with two such cells the attacker wins
    ///    next ply whatever happens; with one, every reply but the block
    ///    loses at once, so the block is the only reply;
    /// 5. see [`NodeRules::double_threat_replies`];
    /// 7. a static no-win ([`NodeRules::static_no_win`]), the defender to
    ///    move, ends the node.
    ///
    /// Under renju x never plays a forbidden point: when x defends, its
    /// replies are [`SearchBoard::legal`]. A block of o's four on a
    /// forbidden point is no block, so o wins next ply (a cell where x
    /// makes five is never forbidden, so reduction 2 holds as it is). Where
    /// x has no legal cell at all and o no winning cell, x would pass (RIF
    /// allows it), which these rules do not search: the node is a no-win,
    /// a restriction of the attacker that only the threat space, whose
    /// no-wins are no answers, may use (see
    /// [`crate::space::threats::defender_node`] for passes).
    #[must_use]
    pub(crate) fn defender_node(&self, board: &SearchBoard, depth: u32) -> AndNode {
        self.defender_node_with(board, depth, None)
    }

    /// [`NodeRules::defender_node`] with the winning cells of both sides
    /// given when the caller knows them.
    #[must_use]
    pub(crate) fn defender_node_with(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
    ) -> AndNode {
        match self.defender_node_unchecked(board, depth, known) {
            (AndNode::Replies(cands), true) => {
                AndNode::Replies(board.legal(board.to_move(), &cands))
            }
            (node, _) => node,
        }
    }

    /// [`NodeRules::defender_node_with`] but for its last step: with
    /// `true` (x to move under renju), the replies are every candidate,
    /// x's forbidden points not yet left out (at least one is legal). A caller
    /// that keeps only some of them (reduction 6) then tests only those:
    /// a cell is legal or not whatever the other cells are.
    #[inline]
    pub(crate) fn defender_node_unchecked(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
    ) -> (AndNode, bool) {
        if depth <= 1 {
            return (AndNode::NoWin, false);
        }
        let me = board.to_move();
        let cands = board.candidates(self.candidates);
        if cands.is_empty() {
            return (AndNode::NoWin, false);
        }
        if winning(board, known, me).intersects(&cands) {
            return (AndNode::NoWin, false);
        }
        let attacker_wins = winning(board, known, me.other()) & cands;
        if attacker_wins.has_two() {
            return (AndNode::Win, false);
        }
        if !attacker_wins.is_empty() {
            let block = board.legal(me, &attacker_wins);
            let node = if block.is_empty() {
                AndNode::Win
            } else {
                AndNode::Replies(block)
            };
            return (node, false);
        }
        if !board.legal_reaches(me, &cands, 1) {
            // Only x under renju: it would pass, which neither game of
            // passes searches (see [`Passes`]).
            let node = match self.passes {
                Passes::MustLose => AndNode::NoWin,
                Passes::Never => AndNode::Win,
            };
            return (node, false);
        }
        if self.static_no_win(board, me.other()) {
            return (AndNode::NoWin, false);
        }
        if depth >= 4 {
            if let Some(replies) = self.double_threat_replies(board, &cands) {
                let replies = board.legal(me, &replies);
                // Every legal reply loses; keep them all (they are few).
                if !replies.is_empty() {
                    return (AndNode::Replies(replies), false);
                }
            }
        }
        // Only x under renju has replies to leave out.
        let unchecked = me == Player::X && board.game().has_forbidden_points();
        (AndNode::Replies(cands), unchecked)
    }

    /// [`NodeRules::defender_node_with`] and reduction 6, the zone of a
    /// threat: when the rules leave the defender two or more replies (so
    /// neither side has a winning cell among the candidates) with at least
    /// four plies left, and the attacker would have a VCF within the plies
    /// left after the reply were the defender to pass, only the replies in
    /// that VCF's zone and the defender's fours are kept; every other reply
    /// loses within the VCF's length after it (the argument is in
    /// [`crate::vcf`]). Also returns the plies from this node within
    /// which the replies left out by reductions 3, 5 and 6 lose (0 when none
    /// were), for provers that report the length of a win.
    #[must_use]
    pub(crate) fn defender_node_zoned(
        &self,
        board: &SearchBoard,
        depth: u32,
        known: Option<&Wins>,
        threats: &mut VcfSearcher,
    ) -> (AndNode, u32) {
        let node = self.defender_node_with(board, depth, known);
        self.with_zone(node, board, depth, threats)
    }

    /// Reduction 6 applied to `node`, what the other rules said at the
    /// defender's turn with `depth` plies left (see
    /// [`NodeRules::defender_node_zoned`]); the caller vouches that when
    /// `node` holds two or more replies neither side has a winning cell
    /// among the candidates.
    pub(crate) fn with_zone(
        &self,
        node: AndNode,
        board: &SearchBoard,
        depth: u32,
        threats: &mut VcfSearcher,
    ) -> (AndNode, u32) {
        // Reduction 5 (and 3) leave out replies that lose within 4 plies.
        let floor = if depth >= 4 { 4 } else { 0 };
        let AndNode::Replies(replies) = node else {
            return (node, floor);
        };
        if depth < 4 {
            return (node, floor);
        }
        // Under renju, for wins, a pass must lose too (see [`Passes`]).
        let pass_must_lose = self.pass_must_lose(board) && self.pass_matters(board, None);
        if !replies.has_two() && !pass_must_lose {
            return (node, floor);
        }
        match self.zone_replies(board, depth, (&replies, false), threats) {
            Some((kept, plies)) => (AndNode::Replies(kept), floor.max(plies)),
            None if pass_must_lose => (AndNode::NoWin, 0),
            None => (node, floor),
        }
    }

    /// Whether, at a defender's node with four plies or more left whose
    /// rules left replies, a pass might not lose: the attacker has no
    /// winning cell among the candidates (with one, a pass loses at once;
    /// with fewer plies left and none, every reply and the pass escape
    /// alike, since a stone gives the other side no winning cell).
    #[inline]
    pub(crate) fn pass_matters(&self, board: &SearchBoard, known: Option<&Wins>) -> bool {
        !winning(board, known, board.to_move().other())
            .intersects(&board.candidates(self.candidates))
    }

    /// Reduction 6 on the `replies` the other rules left at the defender's
    /// turn with `depth` plies left, neither side having a winning cell
    /// among the candidates: the replies kept, and the plies from this node
    /// within which the others lose; `None` when the attacker has no VCF
    /// after a pass (or `depth < 4`).
    pub(crate) fn zone_replies(
        &self,
        board: &SearchBoard,
        depth: u32,
        (replies, unchecked): (&Bitboard, bool),
        threats: &mut VcfSearcher,
    ) -> Option<(Bitboard, u32)> {
        let (zone, plies) = threats.defender_zone(board, depth)?;
        let me = board.to_move();
        let cands = board.candidates(self.candidates);
        // Replies not yet tested for legality ([`NodeRules::
        // defender_node_unchecked`]) are tested here, only those kept.
        let legal = |cells: Bitboard| {
            if unchecked {
                board.legal(me, &cells)
            } else {
                cells
            }
        };
        // The defender's fours, which it may play (under renju x's
        // forbidden points are no replies).
        let fours = board.legal(me, &board.fours_without_win(me, &cands));
        let kept = legal(*replies & zone) | fours;
        // Every reply loses when none is kept; `Replies` is never empty, so
        // keep those of the zone (the VCF's first four at least), or all
        // of them when none of those may be played.
        let kept = if kept.is_empty() {
            match board.legal(me, &(zone & cands)) {
                z if z.is_empty() => legal(*replies),
                z => z,
            }
        } else {
            kept
        };
        debug_assert!(!kept.is_empty());
        Some((kept, plies + 1))
    }

    /// Reduction 5: the defender's replies when the attacker has a move
    /// giving it two or more winning cells, with at least three plies left
    /// to the attacker after the reply (the caller checks `depth >= 4`), the
    /// defender having no winning cell and the attacker none (checked
    /// before). `None` when the attacker has no such move.
    ///
    /// Why it is sound: let `m` be an attacker candidate after which the
    /// attacker has two or more winning cells among the candidates of the
    /// position after `m`. Take a
    /// defender reply `r` that is neither `m` nor a winning cell of `m` when
    /// `m` has exactly two, and that leaves the defender without a winning
    /// cell (it is not a four). Then `m` is still a candidate (candidates
    /// only grow) and still gives two winning cells (a defender stone spoils
    /// an attacker cell only by taking it); it passes every filter, being a
    /// four. The attacker plays `m`; the defender has no winning cell (an
    /// attacker stone never lengthens a defender run), can take at most one
    /// of the two cells, and the attacker completes its line with the other
    /// at the third ply after `r`, within the horizon. So such an `r` loses
    /// and only the other replies need refuting. Keeping a reply is always
    /// sound, so cells we cannot classify cheaply are kept.
    ///
    /// Under renju with x attacking, a double move `m` of x must stay
    /// playable after `r`, which an o stone can spoil (it can make `m` a
    /// double-three by making a fake three real): the reduction is not
    /// used then. With o attacking it holds as it is: o has no forbidden
    /// points, and x's replies are only fewer.
    #[must_use]
    pub(crate) fn double_threat_replies(
        &self,
        board: &SearchBoard,
        cands: &Bitboard,
    ) -> Option<Bitboard> {
        let me = board.to_move();
        if me == Player::O && board.game().has_forbidden_points() {
            return None;
        }
        let att = board.stones(me.other());
        let def = board.stones(me);
        let game = board.game();
        // Replies that survive every double move: the intersection of their
        // kill sets ({m} plus its two cells when it has exactly two).
        let mut survivors = *cands;
        let mut any = false;
        // The union of the kill sets, for when no reply survives.
        let mut kills = Bitboard::EMPTY;
        for m in (game.window_cells(att, def, 2) & *cands).iter() {
            // The attacker has no winning cell, so its winning cells after
            // `m` are those `m` makes, on the lines through it. Each is the
            // first cell past a run of attacker stones holding `m`, so next
            // to an attacker stone once `m` stands: a candidate under every
            // `candidates` setting.
            let cell = Cell::from_index(m);
            let made = board.made_win_count(me.other(), cell);
            if made < 2 {
                continue;
            }
            any = true;
            let mut kill = Bitboard::single(m);
            if made == 2 {
                kill |= board.made_wins(me.other(), cell);
            }
            survivors &= kill;
            kills |= kill;
        }
        if !any {
            return None;
        }
        let fours = board.fours_without_win(me, cands);
        let replies = survivors | fours;
        if replies.is_empty() {
            // Every reply loses, but `AndNode::Replies` is never empty (and
            // `AndNode::Win` means a win on the next move): keep the replies
            // some double move does not refute, their own cells at least.
            // A set, not the first or last found, so that the node is the
            // same in every orientation of the board.
            return Some(kills & *cands);
        }
        Some(replies)
    }
}

/// Whether `own` could still complete a line with at most `stones` more
/// stones: whether some window of k cells in a line holds no `opp` stone,
/// an empty cell, and at most `stones` empty cells. A line that `own`
/// completes later holds the stone that completes it, and so a window that
/// was such a window before (free of `opp`, with that cell empty, the rest
/// filled by at most `stones` stones); so when there is none, `own` cannot
/// win with `stones` more stones, whatever the other side does.
///
/// With `stones >= k` it answers at once, without the scan, when the
/// stones on the board are too few to touch every window: a cell lies in
/// at most k windows of each of the 4 directions, so `n` stones touch at
/// most `4kn` windows, and when that is below the board's count of
/// windows some window holds no stone at all. That window is free of
/// `opp`, has empty cells, and needs k <= `stones` of them filled. (This
/// is what keeps the completion cutoff cheap where it cannot fire: the
/// horizon is long and the board mostly empty.)
#[cfg(test)]
#[inline]
#[must_use]
pub(crate) fn can_complete(game: &Game, own: &Bitboard, opp: &Bitboard, stones: u32) -> bool {
    can_complete_among(game, (own, opp), own.count() + opp.count(), stones)
}

/// `can_complete` with the count of stones on the board known.
#[inline]
fn can_complete_among(
    game: &Game,
    (own, opp): (&Bitboard, &Bitboard),
    on_board: u32,
    stones: u32,
) -> bool {
    let k = game.k();
    if stones >= k && on_board * 4 * k < window_count(game) {
        return true;
    }
    game.has_window(own, opp, stones as usize)
}

/// The windows of k cells in a line on `game`'s board, over the 4
/// directions (each lies within the board).
fn window_count(game: &Game) -> u32 {
    let g = game.geometry();
    let (w, h, k) = (g.width(), g.height(), game.k());
    let across = (w + 1).saturating_sub(k);
    let down = (h + 1).saturating_sub(k);
    across * h + w * down + 2 * across * down
}

/// The completion cutoff: whether the attacker cannot complete a line in
/// the stones it has left before the horizon (`depth` plies) or before the
/// board is full, at the attacker's turn or, with `and`, the defender's.
/// A sound disproof the reductions do not make (`can_complete`); PNS
/// applies it to settle dead positions at once instead of playing them
/// out.
#[inline]
#[must_use]
pub fn hopeless(board: &SearchBoard, and: bool, depth: u32) -> bool {
    let attacker = if and {
        board.to_move().other()
    } else {
        board.to_move()
    };
    // The attacker's stones come at every other ply, first at once at its
    // own turn: ceil(n / 2) of the next n plies, floor at the defender's.
    // Without passes the board fills one stone a ply, so n is also at most
    // the empty cells; under renju a side may pass (x must, when every
    // cell is forbidden to it), so the board need not fill and only the
    // stones themselves are bounded by the empty cells.
    let on_board = board.stone_count();
    let empty = board.game().geometry().area() - on_board;
    let stones = if board.game().has_forbidden_points() {
        let s = if and { depth / 2 } else { depth.div_ceil(2) };
        s.min(empty)
    } else {
        let plies = depth.min(empty);
        if and {
            plies / 2
        } else {
            plies.div_ceil(2)
        }
    };
    let sides = (board.stones(attacker), board.stones(attacker.other()));
    !can_complete_among(board.game(), sides, on_board, stones)
}

#[cfg(test)]
mod tests;

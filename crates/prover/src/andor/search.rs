//! The depth-limited AND-OR recursion: OR nodes at the attacker's turn, AND
//! nodes at the defender's, with the transposition table and move ordering.
//!
//! Each node returns how it settled: a win with the length of the winning
//! strategy found (the ply of the attacker's winning stone, counted from
//! the node's own move), a no-win that says whether the horizon played any
//! part in it, or unknown when the budget ran out. A no-win reached without
//! the horizon ever cutting the search short ("always") holds for every
//! horizon; it lets iterative deepening stop early and the table reuse the
//! result at any depth.

use super::table::{Table, NOWIN_ALWAYS};
use crate::budget::Budget;
use crate::node::last_plies::{double_move_tries, makes_two_wins};
use crate::node::{wins_after_played, wins_of, AndNode, LastPlies, OrNode, SwitchableRules, Wins};
use crate::threat::{ThreatSpace, VCF_MIN_DEPTH};
use kinrow_board::{Attack, Bitboard, Cell, SearchBoard};

/// What the search of a node answers: a win with its length, a no-win
/// that says whether it holds for every horizon, or unknown.
///
/// The length of a win is that of the strategy the search found (an upper
/// bound on the shortest win, which iterative deepening makes exact at the
/// root), counting the replies the reductions left out at the lengths
/// within which they lose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// The attacker wins; its winning stone lands at this ply (1 = the
    /// node's own move).
    Win(u32),
    /// The attacker does not win within the horizon; `always`: nor within
    /// any horizon.
    NoWin { always: bool },
    /// The budget ran out.
    Unknown,
}

/// Smallest remaining depth at which OR nodes use the table. Below it a
/// node is cheaper to recompute than to look up.
const TABLE_OR_DEPTH: u32 = 3;
/// Smallest remaining depth at which AND nodes use the table.
const TABLE_AND_DEPTH: u32 = 4;

/// The state of one search: the board played on and undone in place, the
/// rules, the table and the budget.
pub(crate) struct AndOrSearch<'t> {
    pub board: SearchBoard,
    pub rules: SwitchableRules,
    pub table: &'t mut Table,
    pub budget: Budget,
    pub tt_hits: u64,
    /// The shortcuts for the last plies ([`crate::node::last_plies`]); off
    /// unless every reduction is on.
    pub last_plies: LastPlies,
    /// The VCF searcher behind reduction 6 and the VCF shortcut.
    pub threats: &'t mut ThreatSpace,
}

/// What a node gets from its parent: the winning cells of both sides in
/// the parent's position and the move played since. The node derives its
/// own from them (see [`wins_after_played`]) once the table has not settled
/// it; a node called without them (the root, a principal variation)
/// computes them.
pub(crate) type Parent<'w> = Option<(&'w Wins, Cell)>;

/// The winning cells of both sides at the current node, from `parent`.
#[inline]
fn inherited(board: &SearchBoard, parent: Parent<'_>) -> Option<Wins> {
    parent.and_then(|(wins, m)| wins_after_played(board, wins, m))
}

impl AndOrSearch<'_> {
    /// The attacker (the side to move) with `depth` plies left. With a win,
    /// also the move that wins.
    pub fn or_node(&mut self, depth: u32, parent: Parent<'_>) -> (Answer, Option<Cell>) {
        if !self.budget.tick() {
            return (Answer::Unknown, None);
        }
        debug_assert!(depth < u32::from(NOWIN_ALWAYS));
        let use_table = depth >= TABLE_OR_DEPTH;
        let key = self.board.key();
        let stones = self.board.stone_count();
        let mut hint = None;
        if use_table {
            let known = self.table.probe(key, stones);
            // Wins of OR nodes are stored with their move; one without is
            // not used, so that a win always comes with its move.
            if known.win != 0 && u32::from(known.win) <= depth && known.best.is_some() {
                self.tt_hits += 1;
                return (Answer::Win(u32::from(known.win)), known.best);
            }
            if known.nowin != 0 && (known.nowin == NOWIN_ALWAYS || u32::from(known.nowin) >= depth)
            {
                self.tt_hits += 1;
                let always = known.nowin == NOWIN_ALWAYS;
                return (Answer::NoWin { always }, None);
            }
            hint = known.best;
        }
        let known = inherited(&self.board, parent);
        let mut moves = match self
            .rules
            .attacker_node_with(&self.board, depth, known.as_ref())
        {
            OrNode::Win(c) => return (Answer::Win(1), Some(c)),
            OrNode::NoWin => return (Answer::NoWin { always: depth >= 2 }, None),
            OrNode::Moves(moves) => moves,
        };
        // Moves left out for the horizon's sake: the no-win is then bound
        // to the horizon.
        let mut cut = false;
        if let Some(threats) = self.last_plies.five_ply_moves(&self.board, depth, &moves) {
            cut = threats != moves;
            moves = threats;
        }
        if self.last_plies.attacker_decided(depth) {
            let (r, found) = self.two_winning_cells(&moves);
            if use_table && r != Answer::Unknown {
                match r {
                    Answer::Win(_) => self.table.store(key, stones, 3, 0, found),
                    _ => self.table.store(key, stones, 0, 3, None),
                }
            }
            return (r, found);
        }
        // A VCF wins without searching the other moves (its fours pass
        // every filter); only with every reduction on, where the attacker
        // is known to have no winning cell here.
        if self.last_plies.is_on() && depth >= VCF_MIN_DEPTH {
            if let Some(line) = self.threats.vcf(&self.board, depth) {
                let first = line.moves[0];
                if use_table {
                    self.table
                        .store(key, stones, line.plies() as u16, 0, Some(first));
                }
                return (Answer::Win(line.plies()), Some(first));
            }
        }
        let may_win = self.rules.attacker_moves_may_win();
        let wins = known.unwrap_or_else(|| wins_of(&self.board));
        let mut always = !cut;
        for class in self.attacker_order(&moves, hint, depth) {
            for m in class.iter() {
                let cell = Cell::from_index(m);
                self.board.play(cell);
                let r = if may_win && self.board.wins_at(cell) {
                    Answer::Win(0)
                } else {
                    self.and_node(depth - 1, Some((&wins, cell)))
                };
                self.board.undo(cell);
                match r {
                    Answer::Unknown => return (Answer::Unknown, None),
                    Answer::Win(l) => {
                        if use_table {
                            self.table.store(key, stones, (l + 1) as u16, 0, Some(cell));
                        }
                        return (Answer::Win(l + 1), Some(cell));
                    }
                    Answer::NoWin { always: a } => always &= a,
                }
            }
        }
        if use_table {
            let nowin = if always { NOWIN_ALWAYS } else { depth as u16 };
            self.table.store(key, stones, 0, nowin, None);
        }
        (Answer::NoWin { always }, None)
    }

    /// The defender (the side to move) with `depth` plies left, its own
    /// move included.
    pub fn and_node(&mut self, depth: u32, parent: Parent<'_>) -> Answer {
        if !self.budget.tick() {
            return Answer::Unknown;
        }
        let use_table = depth >= TABLE_AND_DEPTH;
        let key = self.board.key();
        let stones = self.board.stone_count();
        let mut hint = None;
        if use_table {
            let known = self.table.probe(key, stones);
            if known.win != 0 && u32::from(known.win) <= depth {
                self.tt_hits += 1;
                return Answer::Win(u32::from(known.win));
            }
            if known.nowin != 0 && (known.nowin == NOWIN_ALWAYS || u32::from(known.nowin) >= depth)
            {
                self.tt_hits += 1;
                return Answer::NoWin {
                    always: known.nowin == NOWIN_ALWAYS,
                };
            }
            hint = known.best;
        }
        let known = inherited(&self.board, parent);
        let (node, floor) =
            self.rules
                .defender_node_zoned(&self.board, depth, known.as_ref(), self.threats);
        let replies = match node {
            AndNode::Win => return Answer::Win(2),
            // Under renju's game for wins a node whose pass no VCF within
            // the plies left refutes is a no-win of that horizon only.
            AndNode::NoWin => {
                let always = depth >= 2 && !self.rules.node.pass_must_lose(&self.board);
                return Answer::NoWin { always };
            }
            AndNode::Replies(_) if self.last_plies.defender_escapes(depth) => {
                return Answer::NoWin { always: false }
            }
            AndNode::Replies(replies) => replies,
        };
        let may_win = self.rules.replies_may_win();
        let wins = known.unwrap_or_else(|| wins_of(&self.board));
        let mut longest = 0;
        let mut stubborn = None;
        for class in self.defender_order(&replies, hint) {
            for r in class.iter() {
                let cell = Cell::from_index(r);
                self.board.play(cell);
                let res = if may_win && self.board.wins_at(cell) {
                    Answer::NoWin { always: true }
                } else {
                    self.or_node(depth - 1, Some((&wins, cell))).0
                };
                self.board.undo(cell);
                match res {
                    Answer::Unknown => return Answer::Unknown,
                    Answer::NoWin { always } => {
                        if use_table {
                            let nowin = if always { NOWIN_ALWAYS } else { depth as u16 };
                            self.table.store(key, stones, 0, nowin, Some(cell));
                        }
                        return Answer::NoWin { always };
                    }
                    Answer::Win(l) => {
                        if l > longest {
                            longest = l;
                            stubborn = Some(cell);
                        }
                    }
                }
            }
        }
        // Replies left out by the reductions lose within `floor` plies
        // (reduction 3: at once; 5: within three more; 6: the VCF's
        // length): the strategy found wins within this bound, not
        // necessarily within `longest + 1`.
        let length = (longest + 1).max(floor);
        if use_table {
            self.table.store(key, stones, length as u16, 0, stubborn);
        }
        Answer::Win(length)
    }

    /// At the attacker's turn with three plies left (see
    /// [`LastPlies::attacker_decided`]): whether one of `moves` leaves the
    /// attacker two winning cells, and that move. Each move tried counts as
    /// a node.
    fn two_winning_cells(&mut self, moves: &Bitboard) -> (Answer, Option<Cell>) {
        // The attacker has no winning cell: reduction 1 found none.
        for m in double_move_tries(&self.board, moves).iter() {
            if !self.budget.tick() {
                return (Answer::Unknown, None);
            }
            let cell = Cell::from_index(m);
            if makes_two_wins(&self.board, cell) {
                return (Answer::Win(3), Some(cell));
            }
        }
        (Answer::NoWin { always: false }, None)
    }

    /// The attacker's moves in the order to try them, as disjoint classes:
    /// the table's move, then fours (only they can win with three plies
    /// left), then cells next to two or more own stones, then the rest.
    #[inline]
    pub fn attacker_order(
        &self,
        moves: &Bitboard,
        hint: Option<Cell>,
        depth: u32,
    ) -> [Bitboard; 4] {
        let me = self.board.to_move();
        let mut rest = *moves;
        let first = take_hint(&mut rest, hint);
        let fours = if self.rules.node.attack == Attack::Fours || depth < 3 {
            Bitboard::EMPTY
        } else {
            self.board.fours(me, &rest)
        };
        rest = rest.and_not(&fours);
        let close = rest & self.board.game().next_to_two(self.board.stones(me));
        rest = rest.and_not(&close);
        [first, fours, close, rest]
    }

    /// The defender's replies in the order to try them: the table's reply,
    /// then cells next to two or more attacker stones, then the rest.
    #[inline]
    pub fn defender_order(&self, replies: &Bitboard, hint: Option<Cell>) -> [Bitboard; 3] {
        let attacker = self.board.to_move().other();
        let mut rest = *replies;
        let first = take_hint(&mut rest, hint);
        let close = rest & self.board.game().next_to_two(self.board.stones(attacker));
        rest = rest.and_not(&close);
        [first, close, rest]
    }
}

/// Removes `hint` from `set` and returns it as a set of its own (empty if
/// `hint` was not in `set`).
#[inline]
fn take_hint(set: &mut Bitboard, hint: Option<Cell>) -> Bitboard {
    match hint {
        Some(c) if set.contains(c.index()) => {
            set.remove(c.index());
            Bitboard::single(c.index())
        }
        _ => Bitboard::EMPTY,
    }
}

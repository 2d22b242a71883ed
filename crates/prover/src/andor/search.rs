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
use crate::rules::ruling::{Evaluation, Extras};
use crate::rules::{wins_after_played, wins_of, LastPlies, SwitchableRules, Wins};
use crate::vcf::VcfSearcher;
use kinrow_board::{Attack, Bitboard, Cell, SearchBoard};

/// The extras AND-OR applies on top of the node rules
/// ([`crate::rules::ruling`]): the whole game's, with a shortest VCF for
/// the VCF shortcut, since AND-OR reports the length of each win it finds
/// (the table keeps wins as intervals of horizons, and iterative deepening
/// makes the root's exact); but without the completion cutoff, which does
/// not pay here. Measured on the 613 AND-OR rows of the bundled suites
/// (`kinrow bench positions/{bench,small,mnk,renju-puzzles} --provers
/// and-or --max-nodes 300000`), it changed no verdict and no node count of
/// the 526 it settles: where a side cannot complete a line within the
/// horizon the node rules and the last plies settle the node about as
/// soon, and AND-OR's horizons are too short for the board to fill. It
/// costs its test at every node (2.3% of the instructions of the
/// `andor/depth9` positions). Under renju's game for no-wins it would
/// also contradict AND-OR's table, which keeps a position's answers for
/// every horizon: at a node where x is stuck the cutoff says no-win under
/// a short horizon, the rule that x without a legal move loses says a
/// win in two plies under a longer one.
pub(crate) const ANDOR_EXTRAS: Extras = Extras {
    completion: false,
    shortest_vcf: true,
    ..Extras::FULL
};

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
    /// The shortcuts for the last plies ([`crate::rules::last_plies`]); off
    /// unless every reduction is on.
    pub last_plies: LastPlies,
    /// The VCF searcher behind reduction 6 and the VCF shortcut.
    pub threats: &'t mut VcfSearcher,
    /// The VCF nodes counted in the budget's nodes (see
    /// [`AndOrSearch::evaluate`]).
    pub vcf_charged: u64,
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
    pub(crate) fn or_node(&mut self, depth: u32, parent: Parent<'_>) -> (Answer, Option<Cell>) {
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
        let (moves, cut) = match self.evaluate(false, depth, known.as_ref()) {
            Evaluation::Won { plies, best } => {
                if use_table && best.is_some() {
                    self.table.store(key, stones, plies as u16, 0, best);
                }
                return (Answer::Win(plies), best);
            }
            Evaluation::NoWin { always } => {
                if use_table {
                    self.table
                        .store(key, stones, 0, nowin_bound(always, depth), None);
                }
                return (Answer::NoWin { always }, None);
            }
            // Moves left out for the horizon's sake bind the no-win to it.
            Evaluation::Open { moves, cut, .. } => (moves, cut),
        };
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
            self.table
                .store(key, stones, 0, nowin_bound(always, depth), None);
        }
        (Answer::NoWin { always }, None)
    }

    /// The defender (the side to move) with `depth` plies left, its own
    /// move included.
    pub(crate) fn and_node(&mut self, depth: u32, parent: Parent<'_>) -> Answer {
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
        let (replies, floor) = match self.evaluate(true, depth, known.as_ref()) {
            Evaluation::Won { plies, .. } => {
                if use_table {
                    self.table.store(key, stones, plies as u16, 0, None);
                }
                return Answer::Win(plies);
            }
            Evaluation::NoWin { always } => {
                if use_table {
                    self.table
                        .store(key, stones, 0, nowin_bound(always, depth), None);
                }
                return Answer::NoWin { always };
            }
            Evaluation::Open { moves, floor, .. } => (moves, floor),
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
                            let nowin = nowin_bound(always, depth);
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

    /// The node's evaluation (the defender's when `and`) under AND-OR's
    /// extras ([`ANDOR_EXTRAS`]). Its VCF searches count against the node
    /// budget, as in the other provers: each may spend at most what the
    /// budget has left, and what they spent is counted (`vcf_charged`
    /// keeps the part counted, so that the positions this search visited
    /// are told apart). A search cut short costs a reduction or a
    /// shortcut, never soundness.
    #[inline]
    fn evaluate(&mut self, and: bool, depth: u32, known: Option<&Wins>) -> Evaluation {
        let shortcuts = (&self.last_plies, ANDOR_EXTRAS);
        self.threats.cap_calls(self.budget.nodes_left());
        let before = self.threats.nodes();
        let evaluation =
            self.rules
                .evaluate(shortcuts, &self.board, and, (depth, known), self.threats);
        let charged = (self.threats.nodes() - before).min(self.budget.nodes_left());
        self.budget.spend(charged);
        self.vcf_charged += charged;
        evaluation
    }

    /// The attacker's moves in the order to try them, as disjoint classes:
    /// the table's move, then fours (only they can win with three plies
    /// left), then cells next to two or more own stones, then the rest.
    #[inline]
    pub(crate) fn attacker_order(
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
    pub(crate) fn defender_order(&self, replies: &Bitboard, hint: Option<Cell>) -> [Bitboard; 3] {
        let attacker = self.board.to_move().other();
        let mut rest = *replies;
        let first = take_hint(&mut rest, hint);
        let close = rest & self.board.game().next_to_two(self.board.stones(attacker));
        rest = rest.and_not(&close);
        [first, close, rest]
    }
}

/// What the table keeps of a no-win: for every horizon (`always`) or
/// within `depth` plies.
#[inline]
fn nowin_bound(always: bool, depth: u32) -> u16 {
    if always {
        NOWIN_ALWAYS
    } else {
        depth as u16
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

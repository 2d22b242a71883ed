//! The principal variation of a win: the attacker's shortest win against
//! the defender's most stubborn replies.
//!
//! At the attacker's turn the variation plays a move that keeps the win as
//! short as it is; at the defender's turn, the reply whose shortest
//! refutation is longest (the first such reply in the search's order). The
//! lengths are exact: each is found by deepening over odd horizons with the
//! ordinary search, which reuses the table.

use super::search::{AndOrSearch, Answer};
use crate::rules::line_end::lost_reply;
use crate::rules::{AndNode, OrNode};
use kinrow_board::Cell;

/// The budget ran out while extracting the variation.
struct Exhausted;

impl AndOrSearch<'_> {
    /// The principal variation from the current position, whose attacker
    /// (to move) wins in exactly `plies` plies with `first`. Stops early
    /// (a prefix of the variation) if the budget runs out. The board is
    /// left as it was.
    pub(crate) fn principal_variation(&mut self, plies: u32, first: Cell) -> Vec<Cell> {
        let mut pv = Vec::with_capacity(plies as usize);
        let _ = self.extend_pv(plies, first, &mut pv);
        for &c in pv.iter().rev() {
            self.board.undo(c);
        }
        pv
    }

    /// Plays the variation into `pv` and onto the board.
    fn extend_pv(
        &mut self,
        mut plies: u32,
        first: Cell,
        pv: &mut Vec<Cell>,
    ) -> Result<(), Exhausted> {
        let mut m = first;
        loop {
            self.board.play(m);
            pv.push(m);
            if self.board.wins_at(m) || plies <= 1 {
                return Ok(());
            }
            let Some((r, s)) = self.stubborn_reply(plies - 1)? else {
                return Ok(());
            };
            self.board.play(r);
            pv.push(r);
            let Some(next) = self.shortest_move(s)? else {
                return Ok(());
            };
            m = next;
            plies = s;
        }
    }

    /// At the defender's turn, which loses within `depth` plies: the reply
    /// whose refutation is longest, with the exact length of that
    /// refutation (from the attacker's next move). `None` if the defender
    /// turns out to have no reply (which a correct search never claims).
    fn stubborn_reply(&mut self, depth: u32) -> Result<Option<(Cell, u32)>, Exhausted> {
        let replies = match self.rules.defender_node(&self.board, depth) {
            AndNode::Win => {
                // Every reply loses at once: a block where the defender
                // may block, else any legal reply.
                let lost = lost_reply(&self.board, self.rules.node.candidates);
                return Ok(lost.map(|(reply, _)| (reply, 1)));
            }
            AndNode::NoWin => return Ok(None),
            AndNode::Replies(replies) => replies,
        };
        let hint = self
            .table
            .probe(self.board.key(), self.board.stone_count())
            .best;
        let mut best: Option<(Cell, u32)> = None;
        for class in self.defender_order(&replies, hint) {
            for i in class.iter() {
                let r = Cell::from_index(i);
                self.board.play(r);
                let found = self.longer_than(best.map_or(0, |b| b.1), depth - 1);
                self.board.undo(r);
                if let Some(s) = found? {
                    best = Some((r, s));
                }
            }
        }
        Ok(best)
    }

    /// At the attacker's turn: the exact length of its shortest win if it
    /// is longer than `than` (and at most `max`), else `None`.
    fn longer_than(&mut self, than: u32, max: u32) -> Result<Option<u32>, Exhausted> {
        if self.rules.replies_may_win() {
            // The defender's last stone may have completed its line.
            let last_wins = self.board.has_line(self.board.to_move().other());
            if last_wins {
                return Ok(None);
            }
        }
        if than > 0 {
            let known = self.table.probe(self.board.key(), self.board.stone_count());
            if known.win != 0 && u32::from(known.win) <= than {
                return Ok(None);
            }
            match self.or_node(than, None).0 {
                Answer::Win(_) => return Ok(None),
                Answer::Unknown => return Err(Exhausted),
                Answer::NoWin { .. } => {}
            }
        }
        let mut d = if than == 0 { 1 } else { than + 2 };
        while d <= max {
            match self.or_node(d, None).0 {
                Answer::Win(_) => return Ok(Some(d)),
                Answer::Unknown => return Err(Exhausted),
                Answer::NoWin { always: true } => return Ok(None),
                Answer::NoWin { always: false } => d += 2,
            }
        }
        Ok(None)
    }

    /// At the attacker's turn, which wins in exactly `plies` plies: a move
    /// that does (the table's move first).
    fn shortest_move(&mut self, plies: u32) -> Result<Option<Cell>, Exhausted> {
        let moves = match self.rules.attacker_node(&self.board, plies) {
            OrNode::Win(c) => return Ok(Some(c)),
            OrNode::NoWin => return Ok(None),
            OrNode::Moves(moves) => moves,
        };
        let hint = self
            .table
            .probe(self.board.key(), self.board.stone_count())
            .best;
        for class in self.attacker_order(&moves, hint, plies) {
            for i in class.iter() {
                let m = Cell::from_index(i);
                self.board.play(m);
                let r = if self.board.wins_at(m) {
                    Answer::Win(1)
                } else {
                    self.and_node(plies - 1, None)
                };
                self.board.undo(m);
                match r {
                    Answer::Win(_) => return Ok(Some(m)),
                    Answer::Unknown => return Err(Exhausted),
                    Answer::NoWin { .. } => {}
                }
            }
        }
        Ok(None)
    }
}

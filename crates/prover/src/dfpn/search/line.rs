//! A proved node's principal variation: the attacker's line read from the
//! table, a node whose entry was overwritten proved again on the way.

use super::{Bounds, DfpnSearch};
use crate::budget::Budget;
use crate::dfpn::table::{DfpnTable, NO_MOVE};
use crate::outcome::Limits;
use crate::rules::line_end::{finish_and_leaf, finish_or_leaf};
use crate::rules::ruling::Ruling;
use crate::space::Space;
use kinrow_board::Cell;

impl<T: DfpnTable> DfpnSearch<'_, T> {
    /// The attacker's line from the current position, which must be
    /// proved (after `first`, played first when given): at each node the
    /// child its table entry names (the shortest proof at the attacker's
    /// nodes, the longest at the defender's), ending below the last node
    /// the rules prove. A node whose entry was overwritten is proved again
    /// by the same search, without budget (its proof is known to exist),
    /// and the line continues from the new entry; its nodes count in
    /// [`DfpnSearch::nodes`]. The board is left as it was.
    pub(crate) fn principal_variation(&mut self, first: Option<Cell>) -> Vec<Cell> {
        let mut pv: Vec<Cell> = first.into_iter().collect();
        if let Some(cell) = first {
            self.at.play(cell);
        }
        // In the threat space: the current node is a defender's below a
        // widened attacker's node.
        let mut wide = false;
        let played = loop {
            let area = self.at.board.game().geometry().area() as usize;
            if pv.len() > area {
                break pv.len();
            }
            let (and, depth) = (self.is_and(), self.at.depth());
            if let Ruling::Settled(n) = self.rules_at(and, depth, None, false, wide) {
                let played = pv.len();
                if n.is_proved() {
                    let mut board = self.at.board.clone();
                    if and {
                        finish_and_leaf(&self.rules, &mut board, depth, &mut pv);
                    } else {
                        finish_or_leaf(&self.rules, &mut board, depth, &mut pv);
                    }
                }
                break played;
            }
            let key = self.at.key() ^ Space::child_salt(wide);
            let best = match self.table.get(key) {
                Some(e) if e.pn.is_zero() && e.best != NO_MOVE => Some(e.best),
                _ => self.reprove(key, wide),
            };
            let Some(best) = best else {
                break pv.len();
            };
            let cell = self.at.sym.to_actual(self.at.keys.canonical().1, best);
            self.at.play(cell);
            pv.push(cell);
            wide = match and {
                true => false,
                false => match self.proved_wideness() {
                    Some(w) => w,
                    None => break pv.len(),
                },
            };
        };
        for &cell in pv[..played].iter().rev() {
            self.at.undo(cell);
        }
        pv
    }

    /// Proves the current position again (its entry was overwritten),
    /// without a budget (`wide` as for [`DfpnSearch::mid`]); the move to
    /// follow, or `None` if it is not proved (which only a key collision
    /// could cause, or, in the threat space, a defender's node proved only
    /// in the other width, see [`DfpnSearch::proved_wideness`]).
    pub(super) fn reprove(&mut self, key: u64, wide: bool) -> Option<u16> {
        let saved = std::mem::replace(&mut self.budget, Budget::new(&Limits::default()));
        let answer = self.mid(key, Bounds::UNBOUNDED, None, false, wide);
        self.budget = saved;
        match answer {
            Ok(a) if a.numbers.is_proved() && a.best != NO_MOVE => Some(a.best),
            _ => None,
        }
    }
}

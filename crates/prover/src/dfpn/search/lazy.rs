//! Lazy creation of the defender's replies in df-pn, as PNS has it
//! (`crate::pns::search::lazy`, where the reasons and the measurements of
//! the batch and the weight are): where the reply order applies, a
//! defender's node evaluates its first [`crate::DfpnConfig::lazy_batch`]
//! replies in rank order, and the replies after them that the table does
//! not know yet wait, *pending*, in the node's list.
//!
//! The first pending child stands for all of them as one more child (the
//! others count for nothing in the node's numbers): pn 1, since one reply
//! at least is left to prove, and a dn of
//! `kit::reply_order::REST_WEIGHT` times the
//! attacker's moves after a reply, scaled by the rank of the best reply
//! left. When the MID loop chooses it, the node is widened: the next batch
//! of pending replies is evaluated by the rules, and the rest's numbers
//! follow the best reply still left.
//!
//! Measured on one thread from the empty board (`kinrow solve FILE
//! --prover dfpn --threads 1 --time 150 --json`, 2026-11-27, one run
//! each, seconds and MID calls; before lazy creation 8x4 k=4 took 9.6 to
//! 11.4 s and 1.16 M calls, 10x4 k=4 27.9 to 32.7 s and 4.37 M, and 7x7
//! k=5 was open after 100 s):
//!
//! | first batch | 7x7 k=5 | 8x4 k=4 | 10x4 k=4 |
//! | --- | --- | --- | --- |
//! | 2 | open at 150 s, 19.5 M | 11.6 s, 2.33 M | 65.0 s, 17.2 M |
//! | 4 | 69.8 s, 6.80 M | 6.1 s, 0.94 M | 35.4 s, 7.14 M |
//! | **8** | **40.3 s, 2.83 M** | **5.8 s, 0.89 M** | **20.8 s, 4.03 M** |
//! | 12 | 54.3 s, 3.06 M | 8.2 s, 0.99 M | 24.0 s, 4.23 M |
//! | 16 | 76.1 s, 4.17 M | 6.2 s, 1.07 M | 18.5 s, 3.38 M |
//!
//! On 9x4 k=4 it costs a little: 2.20 M calls become 2.91 M, 13.0 to
//! 15.9 s become 14.4 to 15.9 s.
//!
//! # Soundness
//!
//! Only which replies are evaluated, and when, changes. Every reply the
//! rules keep is in the list; while one is pending, the node's pn is at
//! least 1, so the node is proved only once every reply is a proved child,
//! as without lazy creation. Its dn is 0 only for a disproved child that
//! was evaluated (the rest's dn is never 0), so a disproof is one of a real
//! reply. A pending child's numbers are never stored in the table (they
//! are the node's guess, not the child's); a child evaluated in a widening
//! gets its first numbers exactly as at a first listing. The tests compare
//! df-pn with and without lazy creation against exhaustive search.

use super::{Child, DfpnSearch, Numbers};
use crate::dfpn::table::DfpnTable;
use crate::kit::reply_order::{reply_ranks, rest_dn};
use crate::kit::shape::mobility_stand_in;
use crate::kit::ProofNumber;
use crate::rules::{depth_after, Wins};
use kinrow_board::{Candidates, SearchBoard};

/// The numbers of the pending replies of a defender's node on `board`
/// (`candidates` its filter), the best of them the move `real`, ranked by
/// `ranks`.
pub(super) fn rest_numbers(
    board: &SearchBoard,
    candidates: Candidates,
    ranks: Option<&[u16; 128]>,
    real: u16,
) -> Numbers {
    let moves = mobility_stand_in(board.candidates(candidates).count());
    let rank = ranks.map_or(0, |r| r[usize::from(real)]);
    Numbers::open(ProofNumber::ONE, rest_dn(moves, rank))
}

impl<T: DfpnTable> DfpnSearch<'_, T> {
    /// Widens the defender's node whose list is `self.children[first..]`
    /// and whose first pending child is `self.children[i]`: evaluates the
    /// next batch of pending replies (stopping at one that refutes the
    /// attacker), and gives the ones still pending the rest's numbers for
    /// the best of them. `wins`: the node's winning cells.
    pub(super) fn widen(&mut self, first: usize, i: usize, wins: &Wins) {
        let ranks = reply_ranks(&self.at.board);
        let child_depth = depth_after(self.at.depth(), 1);
        let mut evaluated = 0;
        let mut j = i;
        while j < self.children.len() && evaluated < self.lazy_batch.max(1) {
            let mut c: Child = self.children[j];
            if c.pending {
                c.pending = false;
                c.numbers = self.evaluate_child(&mut c, false, child_depth, wins, ranks.as_ref());
                self.children[j] = c;
                evaluated += 1;
                if c.numbers.dn.is_zero() {
                    break;
                }
            }
            j += 1;
        }
        let next = self.children[first..]
            .iter()
            .find(|c| c.pending)
            .map(|c| c.real);
        if let Some(real) = next {
            let rest = rest_numbers(&self.at.board, self.rules.candidates, ranks.as_ref(), real);
            for c in &mut self.children[first..] {
                if c.pending {
                    c.numbers = rest;
                }
            }
        }
    }
}

//! What changes in the MID loop when several threads search one shared
//! table ([`super::super::parallel`]): a thread adopts the children that
//! others have settled, and is steered away from the children others
//! are searching by virtual proof numbers (Kaneko 2010).
//!
//! Neither changes a verdict. A settled entry is exact (see
//! [`super::super::shared`]), so taking a child's settled numbers from the
//! table is what this thread's own search of the child would have
//! returned; open entries are not adopted, so the list's open numbers
//! still change only by this thread's searches and the argument that
//! every MID call ends stands as on one thread (a child can turn
//! settled once). The virtual numbers only choose which child is
//! searched and its threshold on the minimum side, never a node's own
//! numbers.

use super::{Answer, Bounds, DfpnSearch, Summary};
use crate::dfpn::parallel::Marks;
use crate::dfpn::table::{DfpnTable, Entry};
use crate::kit::{Numbers, ProofNumber};

/// The MID calls a thread makes below a node before it looks again at
/// all the node's children for ones that other threads have settled.
///
/// Looking costs a table probe a child, and a probe of an entry that
/// another core has written is a cache miss: looking at every round made
/// the table's reads the largest cost of a thread on 10x4 k=4 (12% of its
/// time, against 4% on one thread). A child settled elsewhere is worth
/// knowing about only once the searches below the node are long enough
/// for another thread to have settled one meanwhile; and the child about
/// to be searched is looked at every round ([`DfpnSearch::adopt_child`]),
/// so no thread descends into a subtree already settled.
pub(super) const ADOPT_AFTER: u64 = 64;

impl<T: DfpnTable> DfpnSearch<'_, T> {
    /// The answer of the current node, whose key is `key`, if another
    /// thread has settled it while this one searches below it: this
    /// thread then returns at once, where it would otherwise go on in a
    /// subtree whose answer is known until its thresholds ran out (on
    /// 10x4 k=4 one thread's proof of a node often lands while the other
    /// is deep below it). A settled entry is exact, so this is the answer
    /// the node's own search would have come to.
    pub(super) fn settled_elsewhere(&self, key: u64) -> Option<Answer> {
        self.table
            .get(key)
            .filter(Entry::is_settled)
            .map(|e| Answer {
                numbers: Numbers {
                    pn: e.pn,
                    dn: e.dn,
                    len: e.len,
                },
                best: e.best,
            })
    }

    /// Takes the numbers of the children `self.children[first..]` that
    /// another thread has settled since the list was made.
    pub(super) fn adopt_settled(&mut self, first: usize) {
        for i in first..self.children.len() {
            self.adopt_child(i);
        }
    }

    /// Takes the numbers of child `i` if another thread has settled it
    /// since the list was made; whether it did.
    ///
    /// Open numbers are not taken. Tried (2026-11-27): taking whatever
    /// the table held whenever it differed from the list, one run of
    /// 10x4 k=4 on two threads was still open after 120 s and 33.6 M MID
    /// calls (one thread proves it in 4.4 M), the threads overwriting
    /// each other's numbers and turning each other back.
    pub(super) fn adopt_child(&mut self, i: usize) -> bool {
        let c = &mut self.children[i];
        if c.numbers.is_settled() {
            return false;
        }
        match self.table.get(c.key) {
            Some(e) if e.is_settled() => {
                c.numbers = Numbers {
                    pn: e.pn,
                    dn: e.dn,
                    len: e.len,
                };
                c.pending = false;
                true
            }
            _ => false,
        }
    }

    /// Chooses the child to search by virtual numbers: a child that `k`
    /// other threads are in, and that threads should spread away from
    /// ([`spreads`]), counts its minimum-side number (pn at the attacker's
    /// node, dn at the defender's) `k + 1` times, so a thread arriving at
    /// the node goes to the best child nobody searches unless it is much
    /// worse. Sets `s.best` and `s.second` (which gives the chosen child's
    /// threshold) unless the chosen child's real number is at the node's
    /// threshold already (its search would return at once): then the real
    /// choice stands.
    pub(super) fn steer(
        &self,
        marks: &Marks,
        first: usize,
        and: bool,
        bounds: Bounds,
        s: &mut Summary,
    ) {
        let mut min = (u64::MAX, 0);
        let mut second = u64::MAX;
        let mut pending = false;
        for (i, c) in self.children[first..].iter().enumerate() {
            // The first pending reply stands for all ([`super::lazy`]).
            if c.pending && std::mem::replace(&mut pending, true) {
                continue;
            }
            let small = if and { c.numbers.dn } else { c.numbers.pn };
            let virtual_number = if small.is_infinite() {
                u64::MAX
            } else if spreads(c.numbers, and) {
                u64::from(small.get()) * (1 + u64::from(marks.count(c.key)))
            } else {
                u64::from(small.get())
            };
            if virtual_number < min.0 {
                second = min.0;
                min = (virtual_number, i);
            } else if virtual_number < second {
                second = virtual_number;
            }
        }
        let chosen = self.children[first + min.1].numbers;
        let (real, bound) = if and {
            (chosen.dn, bounds.dn)
        } else {
            (chosen.pn, bounds.pn)
        };
        if min.1 == s.best || real >= bound {
            return;
        }
        s.best = min.1;
        s.second = u32::try_from(second)
            .ok()
            .filter(|&n| n < ProofNumber::INFINITY.get())
            .map_or(ProofNumber::INFINITY, ProofNumber::finite);
    }
}

/// Whether threads should spread away from a child that another thread is
/// in (at the defender's node if `and`), by what the child's numbers
/// point to: spread where the outcome they point to needs every child
/// searched, follow where one child decides it.
///
/// - At the attacker's node, a child whose dn is below its pn points to a
///   no-win, for which every attacker move must be refuted: the others
///   take other moves. A child that points to a win (pn at most dn) is
///   followed: a win needs that one move, and the threads in it spread
///   below, over the defender's replies, all of which a win must answer.
/// - At the defender's node the other way round: a child that points to
///   a win (pn at most dn) needs its siblings proved too, so the others
///   take other replies; one that points to a refutation is followed.
///
/// Sending a second thread to the attacker's second-best move whatever
/// it pointed to made it search moves a single thread never does: on
/// 10x4 k=4, 6.6 to 10.5 M MID calls on two threads against 4.3 M on one,
/// 5.2 to 8.3 M with this rule (`docs/parallel.md`).
fn spreads(child: Numbers, and: bool) -> bool {
    if and {
        child.pn <= child.dn
    } else {
        child.dn < child.pn
    }
}

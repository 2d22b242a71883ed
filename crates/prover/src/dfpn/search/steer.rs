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

use super::{Bounds, DfpnSearch, Summary};
use crate::dfpn::parallel::Marks;
use crate::dfpn::table::DfpnTable;
use crate::kit::{Numbers, ProofNumber};

impl<T: DfpnTable> DfpnSearch<'_, T> {
    /// Takes the numbers of the children `self.children[first..]` that
    /// another thread has settled since the list was made.
    pub(super) fn adopt_settled(&mut self, first: usize) {
        for c in &mut self.children[first..] {
            if c.numbers.is_settled() {
                continue;
            }
            if let Some(e) = self.table.get(c.key) {
                if e.is_settled() {
                    c.numbers = Numbers {
                        pn: e.pn,
                        dn: e.dn,
                        len: e.len,
                    };
                }
            }
        }
    }

    /// Chooses the child to search by virtual numbers: a child that `k`
    /// other threads are in counts its minimum-side number (pn at the
    /// attacker's node, dn at the defender's) `k + 1` times, so a thread
    /// arriving at a node goes to the best child nobody searches unless
    /// it is much worse. Sets `s.best` and `s.second` (which gives the
    /// chosen child's threshold) unless the chosen child's real number is
    /// at the node's threshold already (its search would return at once):
    /// then the real choice stands.
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
        for (i, c) in self.children[first..].iter().enumerate() {
            let small = if and { c.numbers.dn } else { c.numbers.pn };
            let virtual_number = if small.is_infinite() {
                u64::MAX
            } else {
                u64::from(small.get()) * (1 + u64::from(marks.count(c.key)))
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

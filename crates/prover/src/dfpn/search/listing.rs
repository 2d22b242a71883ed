//! A node's list of children in df-pn: every move the rules leave, one
//! per position up to symmetry, in canonical order (the defender's replies
//! in rank order where the reply order applies), each with its table
//! entry's numbers or its first numbers: the rules' verdict for the
//! attacker's nodes and the last plies, the shape heuristic's for the
//! defender's other nodes, and pending for the replies lazy creation
//! keeps back ([`super::lazy`]).

use super::{lazy, Child, DfpnSearch, Numbers};
use crate::dfpn::table::{DfpnTable, Entry, NO_MOVE};
use crate::kit::cursor::rank_order;
use crate::kit::reply_order::{reply_ranks, scaled};
use crate::kit::symmetry::depth_salt;
use crate::kit::ProofNumber;
use crate::rules::ruling::Ruling;
use crate::rules::{depth_after, wins_after, Wins};
use crate::space::{Space, Width};
use kinrow_board::{Bitboard, Cell};

impl<T: DfpnTable> DfpnSearch<'_, T> {
    /// Pushes the children of the current node for `moves` (its rules'
    /// moves; `and` at the defender's node, `depth` plies left, `wins` its
    /// winning cells): one per position up to symmetry, in canonical
    /// order, each with its table entry's numbers or its first numbers.
    /// Stops after the first child that settles the node (a proved child
    /// of the attacker's node, a disproved one of the defender's). `width`:
    /// the width of an attacker's node of the threat space; at
    /// [`Width::Wide`] its children are the wider space's defender's nodes
    /// ([`super::threats`]).
    pub(super) fn push_children(
        &mut self,
        and: bool,
        depth: u32,
        moves: Bitboard,
        wins: &Wins,
        width: Width,
    ) {
        let child_depth = depth_after(depth, 1);
        let wide = self.space.children_wide(and, width);
        let salt = depth_salt(child_depth) ^ Space::child_salt(wide);
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let mut keyed = std::mem::take(&mut self.keyed);
        self.at.child_keys(&moves, salt, &mut keyed);
        // Mirror images among the children (of a position with a
        // symmetry, or close to one) share a key: keep the first.
        self.seen.clear();
        for c in &keyed {
            if self.seen.insert(c.key) {
                scratch.push(Child {
                    canonical: c.canonical,
                    real: c.real,
                    key: c.key,
                    frame: c.frame,
                    numbers: Numbers::open(ProofNumber::ONE, ProofNumber::ONE),
                    tested: false,
                    pending: false,
                    wide,
                });
            }
        }
        self.keyed = keyed;
        // The whole game: the likely replies of the defender first, also
        // in the list, so that the loop below stops at a refutation sooner
        // and ties go to the better reply.
        let ranks = if self.reply_order && and {
            reply_ranks(&self.at.board)
        } else {
            None
        };
        if let Some(r) = &ranks {
            rank_order(&mut scratch, r, |c| (c.real, c.canonical));
        }
        self.table.warm(scratch.iter().map(|c| c.key));
        let child_and = !and;
        // PNS's mixed evaluation: the attacker's nodes and the last plies
        // are evaluated by the rules at once, the defender's other nodes
        // get the shape heuristic's numbers until searched.
        let eager = !child_and || child_depth < 4;
        let base = if eager {
            0
        } else {
            (self.space).mobility_stand_in(self.at.board.candidates(self.rules.candidates).count())
        };
        // Lazy creation (`lazy`): past the first batch in rank order, the
        // replies not in the table yet wait, pending.
        let lazy = and && ranks.is_some() && self.lazy_batch > 0;
        let mut rest = None;
        for (i, c) in scratch.iter_mut().enumerate() {
            c.numbers = if let Some(e) = self.table.get(c.key) {
                self.tt_hits += 1;
                c.tested = e.tested;
                Numbers {
                    pn: e.pn,
                    dn: e.dn,
                    len: e.len,
                }
            } else if lazy && i >= self.lazy_batch {
                c.pending = true;
                *rest.get_or_insert_with(|| {
                    lazy::rest_numbers(
                        &self.at.board,
                        self.rules.candidates,
                        ranks.as_ref(),
                        c.real,
                    )
                })
            } else if eager {
                self.evaluate_child(c, child_and, child_depth, wins, ranks.as_ref())
            } else {
                // The shape heuristic's numbers are not stored: they cost
                // less to compute again at the next listing than a slot
                // of the table (most of these children are never
                // searched, yet storing them doubled the table on 7x7
                // k=5). Measured in docs/figures/dfpn.md (`dfpn` shape
                // row).
                let cell = Cell::from_index(usize::from(c.real));
                let (pn, dn) = self.at.shape_numbers(&self.shapes, child_and, cell, base);
                Numbers::open(pn, dn)
            };
            self.children.push(*c);
            if (and && c.numbers.dn.is_zero()) || (!and && c.numbers.pn.is_zero()) {
                break;
            }
        }
        self.scratch = scratch;
    }

    /// Evaluates child `c` of the current node by the rules (the child a
    /// defender's node if `child_and`, with `child_depth` plies left;
    /// `wins` the node's winning cells, `ranks` the reply order at a
    /// defender's node), stores its first numbers and returns them.
    pub(super) fn evaluate_child(
        &mut self,
        c: &mut Child,
        child_and: bool,
        child_depth: u32,
        wins: &Wins,
        ranks: Option<&[u16; 128]>,
    ) -> Numbers {
        let cell = Cell::from_index(usize::from(c.real));
        let known = wins_after(&self.at.board, wins, cell);
        self.at.play(cell);
        let ruling = self.rules_at(child_and, child_depth, known.as_ref(), false, c.wide);
        if matches!(ruling, Ruling::Settled(n) if n.dn.is_zero()) {
            self.keep_terminal_zone(c.key, child_and);
        }
        c.tested = true;
        self.at.undo(cell);
        let numbers = match ruling {
            Ruling::Settled(n) => n,
            Ruling::Open(m) if child_and => {
                Numbers::open(ProofNumber::finite(m.count()), ProofNumber::ONE)
            }
            Ruling::Open(m) => {
                let (pn, dn) = self.space.attacker_first_numbers(m.count());
                let dn = ProofNumber::finite(dn);
                let dn = match ranks {
                    Some(r) => scaled(dn, r[usize::from(c.real)]),
                    None => dn,
                };
                Numbers::open(ProofNumber::finite(pn), dn)
            }
        };
        self.store_first(c, numbers);
        numbers
    }

    /// Stores the first numbers the rules gave child `c`, at once (in the
    /// bucket the probe just brought into the cache): the next search of
    /// its parent finds it without evaluating it again, and a node reached
    /// by another move order is not evaluated twice.
    fn store_first(&mut self, c: &Child, numbers: Numbers) {
        self.table.store(Entry {
            key: c.key,
            pn: numbers.pn,
            dn: numbers.dn,
            len: numbers.len,
            best: NO_MOVE,
            work: 1,
            tested: c.tested,
        });
    }
}

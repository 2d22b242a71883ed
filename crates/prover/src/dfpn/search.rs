//! The MID recursion: search a node until its proof number reaches its
//! threshold or its disproof number reaches its own.
//!
//! At each call the node is evaluated by the rules ([`DfpnSearch::rules_at`]);
//! a node they leave open gets its children, in canonical order (in a
//! whole game a defender's replies by rank first,
//! [`crate::kit::reply_order`]), each with the numbers of its table entry
//! or, without one, its first numbers. The
//! node then loops: its numbers from its children (attacker: pn = min, dn =
//! sum; defender: pn = sum, dn = min), and while both stay below their
//! thresholds, a MID call on the most-proving child (least pn at the
//! attacker's node, least dn at the defender's; the first in the list on
//! ties) with the thresholds
//!
//! - on the minimum side: the parent's, but at most ⌈second·(1+ε)⌉ and at
//!   least second + 1, `second` the second-least value among the children
//!   (Pawlewicz & Lew's 1+ε trick; plain df-pn is second + 1);
//! - on the sum side: the parent's threshold less the other children's sum.
//!
//! The children's numbers live in a stack of lists (one per node on the
//! path), not re-read from the table at every round: a sibling's entry can
//! change only by searching that sibling (every node below this one has
//! more stones than its siblings), and the list keeps a number the table
//! may have lost. This also makes every call end: each round raises the
//! searched child's number past its threshold, so the parent's least child
//! number grows or its sum reaches its threshold.
//!
//! Settled numbers are exact: a node is proved only when a child is (or all
//! are, at the defender's), disproved likewise, or when the rules settle
//! it; the sums over a DAG's shared children over-count, saturating below
//! infinity ([`ProofNumber`]), which only steers the search.

mod lazy;
mod line;
mod listing;
pub(crate) mod memo;
mod steer;
mod threats;
pub(crate) mod zones;

use super::parallel::Marks;
use super::table::{DfpnTable, Entry, Table, NO_MOVE};
use crate::budget::{Budget, Stopped};
use crate::kit::cursor::{ChildKey, Cursor};
use crate::kit::shape::ShapeScan;
use crate::kit::symmetry::Symmetries;
pub(crate) use crate::kit::Numbers;
use crate::kit::ProofNumber;
use crate::outcome::Exhausted;
use crate::progress::Progress;
use crate::rules::ruling::{ruling, Ruling};
use crate::rules::{wins_after, wins_of, LastPlies, NodeRules, Wins};
use crate::space::Space;
use crate::vcf::VcfSearcher;
use kinrow_board::bitboard::BITS;
use kinrow_board::{Bitboard, Cell, Player, SearchBoard};
use std::sync::Arc;

/// The thresholds of a MID call: it returns once the node's pn reaches
/// `pn` or its dn reaches `dn` (infinity: only a settled node does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    pn: ProofNumber,
    dn: ProofNumber,
}

impl Bounds {
    const UNBOUNDED: Bounds = Bounds {
        pn: ProofNumber::INFINITY,
        dn: ProofNumber::INFINITY,
    };
}

/// What a MID call leaves: the node's numbers and the child to follow (a
/// canonical cell, [`NO_MOVE`] for a node the rules settle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    pub(crate) numbers: Numbers,
    pub(crate) best: u16,
}

/// One child in a node's list.
#[derive(Clone, Copy, Debug)]
struct Child {
    /// The move in the node's canonical frame: the order of the list.
    canonical: u16,
    /// The move on the real board.
    real: u16,
    /// The child's key (canonical, with its depth mixed in).
    key: u64,
    /// The child's frame ([`crate::kit::symmetry::Symmetries`]).
    frame: u8,
    numbers: Numbers,
    /// The rules were asked of the child before and left it open
    /// ([`Entry::tested`]).
    tested: bool,
    /// A defender's reply not evaluated yet ([`lazy`]): the first pending
    /// child of a list stands for all of them, the others count for
    /// nothing until they are evaluated.
    pending: bool,
    /// In the threat space: a defender's node below a widened attacker's
    /// node ([`threats`]), whose key carries the wide salt.
    wide: bool,
}

/// The numbers of a node from its children, with the child to search.
#[derive(Clone, Copy, Debug)]
struct Summary {
    numbers: Numbers,
    /// Index (in the node's list) of the most-proving child.
    best: usize,
    /// The second-least value on the minimum side.
    second: ProofNumber,
    /// Index of the child to follow in a principal variation, when proved.
    line: usize,
}

/// One df-pn search in progress, over a table of type `T` (the growing
/// [`Table`] of one thread, or another [`DfpnTable`]).
pub(crate) struct DfpnSearch<'a, T: DfpnTable = Table> {
    pub(crate) table: T,
    /// The position being searched, with its keys and depth.
    at: Cursor<'a>,
    rules: NodeRules,
    last_plies: LastPlies,
    shapes: ShapeScan,
    epsilon_percent: u64,
    attacker: Player,
    /// The children lists of the nodes on the path, one after the other.
    children: Vec<Child>,
    scratch: Vec<Child>,
    /// The moves of the node being expanded, keyed by the cursor.
    keyed: Vec<ChildKey>,
    seen: KeySet,
    budget: Budget,
    /// Under renju, in the game for wins: the VCF searches that refute
    /// the defender's pass at its nodes (see [`crate::rules::Passes`]); in
    /// the threat space, those of its tests and of the VCF shortcut;
    /// elsewhere df-pn searches no VCF.
    pub(crate) threats: Option<VcfSearcher>,
    /// The game searched ([`Space`]); the threat space needs
    /// [`DfpnSearch::threats`].
    pub(crate) space: Space,
    /// Stop once the table is full and overwritten
    /// ([`super::DfpnConfig::stop_when_full`]).
    pub(crate) stop_when_full: bool,
    /// This thread's MID calls when it first found the table full.
    full_at: Option<u64>,
    /// Scale the first dn of the children of defender's nodes by the
    /// reply's rank ([`crate::kit::reply_order`]).
    pub(crate) reply_order: bool,
    /// With the reply order: the replies a defender's node evaluates at
    /// once, the others pending ([`lazy`]); 0 evaluates every reply.
    pub(crate) lazy_batch: usize,
    /// Where zones apply: the zones of disproved nodes ([`zones`]).
    pub(crate) zones: Option<zones::ZoneStore>,
    /// The moves of open nodes for their next visits ([`memo`]).
    pub(crate) memo: memo::MovesMemo,
    /// MID calls made (nodes visited).
    pub(crate) nodes: u64,
    /// MID calls that gave the node children.
    pub(crate) expansions: u64,
    /// Children whose numbers came from the table.
    pub(crate) tt_hits: u64,
    /// In a search of several threads ([`super::parallel`]): the marks of
    /// the nodes the threads are in, which steer this thread away from
    /// them; `None` on one thread, whose search is then exactly the one
    /// described above.
    pub(crate) marks: Option<&'a Marks>,
    /// Where the caller watches the search (see [`Progress`]), and the
    /// number of the root's children at the bottom of `children`.
    pub(crate) progress: Option<Arc<Progress>>,
    root_children: usize,
    root_and: bool,
}

/// The keys of one node's children, to keep one child per position: open
/// addressing over twice as many slots as the board has bits, emptied by
/// clearing the slots it used.
struct KeySet {
    slots: Vec<u64>,
    used: Vec<usize>,
    /// Whether the key 0 (the empty slot's mark) is in.
    zero: bool,
}

impl KeySet {
    fn new() -> KeySet {
        KeySet {
            slots: vec![0; (2 * BITS).next_power_of_two()],
            used: Vec::new(),
            zero: false,
        }
    }

    fn clear(&mut self) {
        for &i in &self.used {
            self.slots[i] = 0;
        }
        self.used.clear();
        self.zero = false;
    }

    /// Adds `key`; `false` if it was in already.
    #[inline]
    fn insert(&mut self, key: u64) -> bool {
        if key == 0 {
            return !std::mem::replace(&mut self.zero, true);
        }
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = key;
                    self.used.push(i);
                    return true;
                }
                s if s == key => return false,
                _ => i = (i + 1) & mask,
            }
        }
    }
}

/// ⌈x·(1 + ε)⌉ with ε = `percent` / 100, at least x + 1; infinity stays.
#[inline]
fn grow(x: ProofNumber, percent: u64) -> ProofNumber {
    if x.is_infinite() {
        return ProofNumber::INFINITY;
    }
    let x = u64::from(x.get());
    let g = (x * (100 + percent)).div_ceil(100).max(x + 1);
    if g >= u64::from(ProofNumber::INFINITY.get()) {
        ProofNumber::INFINITY
    } else {
        ProofNumber::finite(g as u32)
    }
}

/// The threshold left to one child on the sum side: the parent's `th`
/// less the sum `total` of all children but the child's own `own`. The
/// caller checked `total < th`.
#[inline]
fn rest(th: ProofNumber, total: ProofNumber, own: ProofNumber) -> ProofNumber {
    if th.is_infinite() {
        return ProofNumber::INFINITY;
    }
    debug_assert!(total < th && own <= total);
    ProofNumber::finite(th.get() - total.get() + own.get())
}

impl<'a, T: DfpnTable> DfpnSearch<'a, T> {
    /// A search from `board` with `depth` plies left
    /// ([`crate::rules::UNLIMITED`] for none).
    pub(crate) fn new(
        board: &SearchBoard,
        depth: u32,
        rules: NodeRules,
        sym: &'a Symmetries,
        epsilon_percent: u32,
        table: T,
        budget: Budget,
    ) -> DfpnSearch<'a, T> {
        DfpnSearch {
            table,
            at: Cursor::new(board, depth, sym),
            rules,
            last_plies: LastPlies::new(board.game(), &rules),
            shapes: ShapeScan::new(board.game()),
            epsilon_percent: u64::from(epsilon_percent),
            attacker: board.to_move(),
            children: Vec::new(),
            scratch: Vec::new(),
            keyed: Vec::new(),
            seen: KeySet::new(),
            budget,
            threats: None,
            space: Space::Game,
            stop_when_full: false,
            full_at: None,
            reply_order: false,
            lazy_batch: 0,
            zones: None,
            memo: memo::MovesMemo::new(0),
            nodes: 0,
            expansions: 0,
            tt_hits: 0,
            marks: None,
            progress: Progress::current(),
            root_children: 0,
            root_and: false,
        }
    }

    /// Tells the observer (if any) the root's numbers as its children's
    /// list has them (each child's as of its last return), and the table's
    /// fill.
    #[cold]
    fn report(&self) {
        let Some(p) = &self.progress else {
            return;
        };
        let (entries, slots) = self.table.fill();
        p.set_fill(entries, slots);
        let (held, budget) = self.table.bytes();
        p.set_memory(held, budget);
        if self.root_children == 0 {
            return;
        }
        let and = self.root_and;
        let (mut min, mut sum) = (ProofNumber::INFINITY, ProofNumber::ZERO);
        for c in &self.children[..self.root_children] {
            let (small, summed) = if and {
                (c.numbers.dn, c.numbers.pn)
            } else {
                (c.numbers.pn, c.numbers.dn)
            };
            min = min.min(small);
            sum = sum + summed;
        }
        let (pn, dn) = if and { (sum, min) } else { (min, sum) };
        p.set_root_numbers(pn, dn);
    }

    /// Whether the table is full (15/16 of its slots) and this thread has
    /// made as many MID calls since it found it so as the table has slots
    /// (each call stores its node's entry): see
    /// [`super::DfpnConfig::stop_when_full`].
    #[cold]
    fn table_overwritten(&mut self) -> bool {
        let (entries, slots) = self.table.fill();
        if self.full_at.is_none() && entries >= slots - slots / 16 {
            self.full_at = Some(self.nodes);
        }
        self.full_at.is_some_and(|at| self.nodes - at >= slots)
    }

    /// This search's extras ([`super::extras`]): a VCF searcher kept or
    /// not, in the threat space or not.
    #[inline]
    pub(super) fn extras(&self) -> crate::rules::ruling::Extras {
        super::extras(self.threats.is_some(), self.space)
    }

    /// Whether the current position is the defender's.
    #[inline]
    fn is_and(&self) -> bool {
        self.at.board.to_move() != self.attacker
    }

    /// The ruling of the current position (the defender's when `and`)
    /// with `depth` plies left: [`ruling`] with df-pn's extras
    /// ([`super::extras`], where the reasons for what it leaves out
    /// stand). Every use of the node rules in df-pn goes through here.
    /// `tested`: the rules were asked of this node before and left it
    /// open, so reduction 7's static tests are left out
    /// ([`NodeRules::without_static_tests`]): a revisit, or the first
    /// visit of a node its parent evaluated when it listed it. `wide`: a
    /// defender's node below a widened attacker's node of the threat
    /// space.
    fn rules_at(
        &mut self,
        and: bool,
        depth: u32,
        known: Option<&Wins>,
        tested: bool,
        wide: bool,
    ) -> Ruling {
        let extras = self.extras();
        // Outside the threat space only the defender's node asks for a
        // VCF (reduction 6 and the pass rule under renju's game for
        // wins); in it the attacker's too (the VCF shortcut); within the
        // nodes left.
        let space = self.space;
        let threats = match &mut self.threats {
            Some(threats) if and || space.needs_vcf() => {
                let (key, frame) = self.at.keys.canonical();
                threats.set_frame(frame, key, self.at.board.to_move());
                threats.cap_calls(self.budget.nodes_left());
                Some(threats)
            }
            _ => None,
        };
        let before = threats.as_ref().map(|t| t.nodes());
        let board = &self.at.board;
        let rules = if tested {
            self.rules.without_static_tests()
        } else {
            self.rules
        };
        let answer = ruling(
            &rules,
            &self.last_plies,
            extras,
            board,
            and,
            (depth, known),
            wide,
            threats,
        );
        // The VCF nodes this evaluation spent, if it searched.
        if let (Some(threats), Some(before)) = (&self.threats, before) {
            self.budget.spend(threats.nodes() - before);
        }
        answer
    }

    /// The table, once the search is over.
    pub(crate) fn into_table(self) -> T {
        self.table
    }

    /// Proves or disproves the root.
    pub(crate) fn prove_root(&mut self) -> Result<Answer, Stopped> {
        let key = self.at.key();
        self.mid(key, Bounds::UNBOUNDED, None, false, false)
    }

    /// Settles each of the root's moves `moves` (the `all_moves` mode):
    /// the real moves with their numbers, in canonical order, and whether
    /// every one was settled before a budget ran out.
    pub(crate) fn prove_each(&mut self, moves: Bitboard) -> (Vec<(Cell, Numbers)>, bool) {
        let wins = wins_of(&self.at.board);
        let frame = self.at.keys.canonical().1;
        let mut order: Vec<(u16, Cell)> = moves
            .iter()
            .map(Cell::from_index)
            .map(|c| (self.at.sym.to_canonical(frame, c), c))
            .collect();
        order.sort_unstable();
        let mut done: Vec<(u64, Numbers)> = Vec::new();
        let mut out = Vec::new();
        for (_, cell) in order {
            let known = wins_after(&self.at.board, &wins, cell);
            self.at.play(cell);
            let key = self.at.key();
            let numbers = match done.iter().find(|&&(k, _)| k == key) {
                // A mirror image of a move settled already.
                Some(&(_, n)) => Ok(n),
                None => self
                    .mid(key, Bounds::UNBOUNDED, known.as_ref(), false, false)
                    .map(|a| a.numbers),
            };
            self.at.undo(cell);
            let Ok(numbers) = numbers else {
                return (out, false);
            };
            done.push((key, numbers));
            out.push((cell, numbers));
        }
        (out, true)
    }

    /// The budget that stopped the search, if one did.
    pub(crate) const fn budget_stopped_by(&self) -> Option<crate::outcome::Exhausted> {
        self.budget.stopped_by()
    }

    /// One MID call on the current position, whose key is `key`, with the
    /// winning cells of both sides when the caller knows them. Stores the
    /// node's numbers in the table when it returns (not when a budget
    /// stops it). Among several threads, the node is marked while the
    /// call lasts. `tested`: the rules were asked of this node before and
    /// left it open, so its static tests are not tried again. `wide`: a
    /// defender's node below a widened attacker's node of the threat space
    /// ([`threats`]).
    fn mid(
        &mut self,
        key: u64,
        bounds: Bounds,
        known: Option<&Wins>,
        tested: bool,
        wide: bool,
    ) -> Result<Answer, Stopped> {
        let Some(marks) = self.marks else {
            return self.visit(key, bounds, known, tested, wide);
        };
        marks.enter(key);
        let answer = self.visit(key, bounds, known, tested, wide);
        marks.leave(key);
        answer
    }

    /// [`DfpnSearch::mid`] without the marks.
    fn visit(
        &mut self,
        key: u64,
        bounds: Bounds,
        known: Option<&Wins>,
        tested: bool,
        wide: bool,
    ) -> Result<Answer, Stopped> {
        if !self.budget.tick() {
            return Err(Stopped);
        }
        self.nodes += 1;
        if self.nodes & 4095 == 0 {
            self.report();
            if self.stop_when_full && self.table_overwritten() {
                return Err(self.budget.stopped(Exhausted::Memory));
            }
        }
        let before = self.nodes;
        let and = self.is_and();
        let depth = self.at.depth();
        let wins = known.copied().unwrap_or_else(|| wins_of(&self.at.board));
        let (mut moves, mut width) = match self.node_moves((key, and, depth), &wins, tested, wide) {
            Ok(listed) => listed,
            Err(numbers) => {
                if numbers.dn.is_zero() {
                    self.keep_terminal_zone(key, and);
                }
                self.table.store(Entry {
                    key,
                    pn: numbers.pn,
                    dn: numbers.dn,
                    len: numbers.len,
                    best: NO_MOVE,
                    work: 1,
                    tested: false,
                });
                return Ok(Answer {
                    numbers,
                    best: NO_MOVE,
                });
            }
        };
        self.expansions += 1;
        let first = self.children.len();
        self.push_children(and, depth, moves, &wins, width);
        if !and {
            self.reuse_listed_zones(first);
        }
        if first == 0 {
            (self.root_children, self.root_and) = (self.children.len(), and);
        }
        let mut searched = self.search_children(key, first, and, bounds, &wins);
        while let Some(next) = self.space.next_width(width).filter(|_| !and) {
            let Some(wider) = self.widen_threats(first, (depth, next), &wins, &searched) else {
                break;
            };
            (moves, width) = (wider, next);
            searched = self.search_children(key, first, and, bounds, &wins);
        }
        if let Ok(Some(elsewhere)) = searched {
            // Another thread settled this node: its entry is in the table.
            self.children.truncate(first);
            if first == 0 {
                self.root_children = 0;
            }
            return Ok(elsewhere);
        }
        let summary = self.summary(first, and);
        let c = &self.children[first
            + if summary.numbers.is_proved() {
                summary.line
            } else {
                summary.best
            }];
        let answer = Answer {
            numbers: summary.numbers,
            best: c.canonical,
        };
        if searched.is_ok() && answer.numbers.dn.is_zero() {
            self.keep_zone_from_children(key, first, and, &moves);
        }
        self.children.truncate(first);
        if first == 0 {
            self.root_children = 0;
        }
        searched?;
        self.table.store(Entry {
            key,
            pn: answer.numbers.pn,
            dn: answer.numbers.dn,
            len: answer.numbers.len,
            best: answer.best,
            work: self.nodes - before + 1,
            tested: true,
        });
        Ok(answer)
    }

    /// The MID loop over the children `self.children[first..]` of the
    /// current node, whose key is `key`. Among several threads, the node's
    /// answer if another thread settled it meanwhile (see
    /// [`DfpnSearch::settled_elsewhere`]).
    fn search_children(
        &mut self,
        key: u64,
        first: usize,
        and: bool,
        bounds: Bounds,
        wins: &Wins,
    ) -> Result<Option<Answer>, Stopped> {
        let mut adopted_at = self.nodes;
        loop {
            if self.marks.is_some() && self.nodes - adopted_at >= steer::ADOPT_AFTER {
                if let Some(answer) = self.settled_elsewhere(key) {
                    return Ok(Some(answer));
                }
                self.adopt_settled(first);
                adopted_at = self.nodes;
            }
            let mut s = self.summary(first, and);
            let Numbers { pn, dn, .. } = s.numbers;
            if pn >= bounds.pn || dn >= bounds.dn {
                return Ok(None);
            }
            if let Some(marks) = self.marks {
                self.steer(marks, first, and, bounds, &mut s);
                if self.adopt_child(first + s.best) {
                    continue;
                }
            }
            let i = first + s.best;
            if self.children[i].pending {
                self.widen(first, i, wins);
                continue;
            }
            let c = self.children[i];
            let child = if and {
                Bounds {
                    pn: rest(bounds.pn, pn, c.numbers.pn),
                    dn: bounds.dn.min(grow(s.second, self.epsilon_percent)),
                }
            } else {
                Bounds {
                    pn: bounds.pn.min(grow(s.second, self.epsilon_percent)),
                    dn: rest(bounds.dn, dn, c.numbers.dn),
                }
            };
            let cell = Cell::from_index(usize::from(c.real));
            let known = wins_after(&self.at.board, wins, cell);
            self.at.play(cell);
            let answer = self.mid(c.key, child, known.as_ref(), c.tested, c.wide);
            self.at.undo(cell);
            self.children[i].numbers = answer?.numbers;
            if !and && self.children[i].numbers.dn.is_zero() {
                self.reuse_zone(first, i);
            }
        }
    }

    /// The numbers of the node whose children are `self.children[first..]`.
    fn summary(&self, first: usize, and: bool) -> Summary {
        let mut min = ProofNumber::INFINITY;
        let mut second = ProofNumber::INFINITY;
        let mut sum = ProofNumber::ZERO;
        let mut best = 0;
        // The proved child to follow: the shortest proof at the attacker's
        // node, the longest at the defender's.
        let mut line: Option<(usize, u16)> = None;
        let mut pending = false;
        for (i, c) in self.children[first..].iter().enumerate() {
            if c.pending && std::mem::replace(&mut pending, true) {
                continue;
            }
            let (small, summed) = if and {
                (c.numbers.dn, c.numbers.pn)
            } else {
                (c.numbers.pn, c.numbers.dn)
            };
            if small < min {
                second = min;
                min = small;
                best = i;
            } else if small < second {
                second = small;
            }
            sum = sum + summed;
            if c.numbers.is_proved() {
                let len = c.numbers.len;
                let better = match line {
                    None => true,
                    Some((_, l)) => (and && len > l) || (!and && len < l),
                };
                if better {
                    line = Some((i, len));
                }
            }
        }
        let (pn, dn) = if and { (sum, min) } else { (min, sum) };
        let (line, len) = line.unwrap_or((best, 0));
        let len = if pn.is_zero() {
            len.saturating_add(1)
        } else {
            0
        };
        Summary {
            numbers: Numbers { pn, dn, len },
            best,
            second,
            line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_minimum_side_threshold_grows_by_epsilon_and_at_least_one() {
        let n = ProofNumber::finite;
        assert_eq!(grow(n(1), 0), n(2));
        assert_eq!(grow(n(1), 25), n(2));
        assert_eq!(grow(n(10), 25), n(13));
        assert_eq!(grow(n(10), 100), n(20));
        assert_eq!(grow(n(8), 25), n(10));
        assert_eq!(grow(ProofNumber::INFINITY, 25), ProofNumber::INFINITY);
        assert_eq!(grow(ProofNumber::MAX_FINITE, 25), ProofNumber::INFINITY);
    }

    #[test]
    fn the_sum_side_threshold_leaves_the_child_its_share() {
        let n = ProofNumber::finite;
        assert_eq!(rest(n(10), n(7), n(3)), n(6));
        assert_eq!(
            rest(ProofNumber::INFINITY, n(7), n(3)),
            ProofNumber::INFINITY
        );
    }
}

//! The depth-first proof of [`super::DbSearch`]: attacker's nodes that
//! follow plans, defender's nodes of the threat space (the module docs
//! argue why a win is a win).
//!
//! Every order is the position's canonical one (its cells seen in the
//! frame of its least key under the board's symmetries, as PNS and df-pn
//! order theirs), and so are the VCF searches': a turned board gets the
//! same search, turned.

use super::plan::{self, Kind, PlanSearch};
use super::{MAX_OFF_PLAN, MOVES_TRIED};
use crate::budget::Budget;
use crate::kit::cursor::Cursor;
use crate::rules::{AndNode, NodeRules, OrNode};
use crate::space::threats;
use crate::vcf::VcfSearcher;
use ahash::AHashMap;
use kinrow_board::{Bitboard, Cell};

/// What the table knows of an attacker's node, by canonical key.
#[derive(Clone, Copy, Debug)]
pub(super) enum Entry {
    /// A win within these plies, starting with this move (a canonical
    /// cell).
    Win(u32, u16),
    /// No win found with this many plies left and this many attacker's
    /// nodes off a plan allowed.
    Failed(u32, u32),
}

/// One proof's search.
pub(super) struct Search<'a> {
    pub(super) at: Cursor<'a>,
    pub(super) rules: NodeRules,
    pub(super) threats: &'a mut VcfSearcher,
    pub(super) plans: PlanSearch,
    pub(super) table: &'a mut AHashMap<u64, Entry>,
    pub(super) max_entries: usize,
    pub(super) budget: Budget,
    pub(super) peak_entries: usize,
    /// The VCF nodes already counted in the budget.
    pub(super) vcf_counted: u64,
}

impl Search<'_> {
    /// The root with `depth` plies left, with more and more attacker's
    /// nodes off a plan allowed on each line, up to `max_off_plan` (at
    /// most [`MAX_OFF_PLAN`]).
    /// Returns the plies of a win found, its first move and the
    /// `off_plan` it was found with.
    pub(super) fn root(&mut self, depth: u32, max_off_plan: u32) -> Option<(u32, Cell, u32)> {
        for off_plan in 0..=max_off_plan.min(MAX_OFF_PLAN) {
            if let Some((plies, first)) = self.or_node(depth, off_plan) {
                return Some((plies, first, off_plan));
            }
            if self.budget.exhausted() {
                break;
            }
        }
        None
    }

    /// The line of a win found at the root with `depth` plies left and
    /// `off_plan`: the attacker's moves as found, each defender's reply
    /// the one whose win takes longest (where the attacker has two
    /// winning cells, the block of one). Read back from the table, or
    /// found again where a VCF settled a node without storing its
    /// children, so the line stops early where the budget has run out.
    pub(super) fn principal_variation(&mut self, depth: u32, off_plan: u32) -> Vec<Cell> {
        let mut line = Vec::new();
        let mut left = depth;
        while let Some((_, m)) = self.or_node(left, off_plan) {
            self.at.play(m);
            line.push(m);
            if self.at.board.wins_at(m) || left < 3 {
                break;
            }
            let Some(reply) = self.longest_reply(left - 1, off_plan) else {
                break;
            };
            self.at.play(reply);
            line.push(reply);
            left -= 2;
        }
        for &m in line.iter().rev() {
            self.at.undo(m);
        }
        line
    }

    /// The defender's reply with `depth` plies left after which the
    /// attacker's win takes longest (see
    /// [`Search::principal_variation`]).
    fn longest_reply(&mut self, depth: u32, off_plan: u32) -> Option<Cell> {
        let (node, _) = self.defender_node(depth);
        self.count(0);
        let replies = match node {
            AndNode::Replies(replies) => replies,
            AndNode::Win => {
                let me = self.at.board.to_move();
                let blocks = self.at.board.winning_cells(me.other()) & self.at.board.empty();
                let blocks = self.at.board.legal(me, &blocks);
                return self.in_order(&blocks).first().copied();
            }
            AndNode::NoWin => return None,
        };
        let mut longest: Option<(u32, Cell)> = None;
        for r in self.in_order(&replies) {
            self.at.play(r);
            let plies = self.or_node(depth - 1, off_plan).map(|(p, _)| p);
            self.at.undo(r);
            if let Some(p) = plies.filter(|&p| longest.is_none_or(|(l, _)| p > l)) {
                longest = Some((p, r));
            }
        }
        longest.map(|(_, r)| r)
    }

    /// The threat space's wide defender's node here with `depth` plies
    /// left ([`threats::defender_node`]), the VCF searches readied;
    /// the caller counts their nodes.
    fn defender_node(&mut self, depth: u32) -> (AndNode, u32) {
        self.ready_vcf();
        threats::defender_node(
            &self.rules,
            &self.at.board,
            (depth, None),
            u32::MAX,
            self.threats,
        )
    }

    /// Readies the VCF searches for the position: its canonical frame,
    /// and at most the nodes the budget has left.
    fn ready_vcf(&mut self) {
        let (key, frame) = self.at.keys.canonical();
        self.threats.set_frame(frame, key, self.at.board.to_move());
        self.threats.cap_calls(self.budget.nodes_left());
    }

    /// Counts in the budget the VCF nodes spent since the last count and
    /// `more` other nodes (a plan's threats), the clock read as a tick's;
    /// `false` once a budget has run out.
    fn count(&mut self, more: u64) -> bool {
        let spent = self.threats.nodes() - self.vcf_counted;
        self.vcf_counted = self.threats.nodes();
        let nodes = self.budget.nodes.saturating_add(spent + more);
        if nodes > self.budget.node_limit() {
            self.budget.count_to(self.budget.node_limit());
            return self.budget.tick();
        }
        self.budget.count_to(nodes)
    }

    /// `cells` in the position's canonical order.
    fn in_order(&self, cells: &Bitboard) -> Vec<Cell> {
        let frame = self.at.keys.canonical().1;
        let mut out: Vec<Cell> = cells.iter().map(Cell::from_index).collect();
        out.sort_unstable_by_key(|&c| self.at.sym.to_canonical(frame, c));
        out
    }

    /// The attacker's node with `depth` plies left, where `off_plan` more
    /// of the attacker's nodes on this line may try threats no plan
    /// gives: the plies of a win found and its first move.
    fn or_node(&mut self, depth: u32, off_plan: u32) -> Option<(u32, Cell)> {
        if !self.budget.tick() {
            return None;
        }
        let moves = match self.rules.attacker_node(&self.at.board, depth) {
            OrNode::Win(cell) => return Some((1, cell)),
            OrNode::NoWin => return None,
            OrNode::Moves(moves) => moves,
        };
        let (key, frame) = self.at.keys.canonical();
        match self.table.get(&key) {
            Some(&Entry::Win(plies, c)) if plies <= depth => {
                return Some((plies, self.at.sym.to_actual(frame, c)));
            }
            Some(&Entry::Failed(d, o)) if depth <= d && off_plan <= o => return None,
            _ => {}
        }
        let found = self.search_moves(&moves, depth, off_plan);
        if found.is_some() || !self.budget.exhausted() {
            let entry = match found {
                Some((p, c)) => Entry::Win(p, self.at.sym.to_canonical(frame, c)),
                None => Entry::Failed(depth, off_plan),
            };
            self.store(key, entry);
        }
        found
    }

    /// The moves tried at an attacker's node (see the module docs of
    /// [`super`]).
    fn search_moves(&mut self, moves: &Bitboard, depth: u32, off_plan: u32) -> Option<(u32, Cell)> {
        if depth < 3 {
            return None;
        }
        if !moves.has_two() {
            // The block of the defender's four.
            let m = Cell::from_index(moves.first()?);
            return self.try_move(m, depth, off_plan);
        }
        self.ready_vcf();
        let vcf = self.threats.vcf(&self.at.board, depth);
        if !self.count(0) {
            return None;
        }
        if let Some(line) = vcf {
            let first = line.attacker_moves().next().expect("a VCF has a four");
            return Some((line.plies(), first));
        }
        let planned = self.plan_moves(moves);
        for &m in &planned {
            if let Some(found) = self.try_move(m, depth, off_plan) {
                return Some(found);
            }
        }
        if off_plan == 0 {
            return None;
        }
        for m in self.threat_moves(moves, depth) {
            if !planned.contains(&m) {
                if let Some(found) = self.try_move(m, depth, off_plan - 1) {
                    return Some(found);
                }
            }
        }
        None
    }

    /// Plays `m` and searches the defender's node below it.
    fn try_move(&mut self, m: Cell, depth: u32, off_plan: u32) -> Option<(u32, Cell)> {
        self.at.play(m);
        let found = self.and_node(depth - 1, off_plan);
        self.at.undo(m);
        found.map(|plies| (plies + 1, m))
    }

    /// The first moves of a plan from here, among `moves`: at most
    /// [`MOVES_TRIED`] of its threats that are threats in this very
    /// position, in the plan's order.
    fn plan_moves(&mut self, moves: &Bitboard) -> Vec<Cell> {
        let (sym, frame) = (self.at.sym, self.at.keys.canonical().1);
        let plan = self
            .plans
            .plan(&self.at.board, &|c| sym.to_canonical(frame, c));
        // Each threat found counts as a node.
        if !self.count(self.plans.found as u64) {
            return Vec::new();
        }
        let Some(plan) = plan else {
            return Vec::new();
        };
        let me = self.at.board.to_move();
        let mut out = Vec::new();
        let gains = plan.threats.iter().map(|t| t.gain).chain([plan.goal]);
        for g in gains {
            if out.len() == MOVES_TRIED {
                break;
            }
            if moves.contains(g.index())
                && !out.contains(&g)
                && plan::classify(&mut self.at.board, me, g).is_some()
            {
                out.push(g);
            }
        }
        out
    }

    /// The attacker's moves of the threat space among `moves` with `depth`
    /// plies left, twos included ([`threats::threat_moves`], wide):
    /// first the fours and threes that [`plan::classify`] finds, those the
    /// defender can answer on fewest cells first, then the other threes,
    /// then the twos, each in canonical order.
    fn threat_moves(&mut self, moves: &Bitboard, depth: u32) -> Vec<Cell> {
        let me = self.at.board.to_move();
        let threes = threats::threat_moves(&self.at.board, moves, depth, false);
        let space = threats::threat_moves(&self.at.board, moves, depth, true);
        let mut found: Vec<(u32, usize, Cell)> = Vec::new();
        for (i, g) in self.in_order(&space).into_iter().enumerate() {
            let rank = match plan::classify(&mut self.at.board, me, g) {
                Some(Kind::Goal) => 0,
                Some(Kind::Threat(costs)) => costs.count(),
                None if threes.contains(g.index()) => u32::MAX - 1,
                None => u32::MAX,
            };
            found.push((rank, i, g));
        }
        found.sort_unstable();
        found.into_iter().map(|(_, _, g)| g).collect()
    }

    /// The defender's node with `depth` plies left: the plies within which
    /// the attacker wins whatever the reply.
    fn and_node(&mut self, depth: u32, off_plan: u32) -> Option<u32> {
        if !self.budget.tick() {
            return None;
        }
        let (node, floor) = self.defender_node(depth);
        if !self.count(0) {
            return None;
        }
        let replies = match node {
            AndNode::Win => return Some(2),
            AndNode::NoWin => return None,
            AndNode::Replies(replies) => replies,
        };
        let mut longest = floor;
        for r in self.in_order(&replies) {
            self.at.play(r);
            let found = self.or_node(depth - 1, off_plan);
            self.at.undo(r);
            longest = longest.max(found?.0 + 1);
        }
        Some(longest)
    }

    /// Files `entry` under `key`, the table emptied first when full.
    fn store(&mut self, key: u64, entry: Entry) {
        if self.table.len() >= self.max_entries {
            self.table.clear();
        }
        self.table.insert(key, entry);
        self.peak_entries = self.peak_entries.max(self.table.len());
    }
}

//! Victory by continuous fours: the VCF search (`search`), the searcher
//! every prover keeps for it ([`VcfSearcher`]), and the relevance zone of
//! a threat (reduction 6), which cuts the defender's replies.
//!
//! # The zone of a threat
//!
//! At the defender's turn (no winning cell for either side among the
//! candidates), suppose the attacker, were it to move instead, had a VCF
//! whose five lands within `p` plies, with `p` at most the plies left after
//! the defender's reply. [`zone`] gives the cells of the line (the
//! attacker's fours, the defender's blocks, the final winning cells) and
//! the *free* cells (neither defender stones nor blocks of the line) of
//! every window of `k` cells through a block that holds no attacker stone
//! of the board and at most two free cells: the windows a defender stone
//! or two short of a run of `k`.
//! Claim: a defender reply `s` outside the zone that does not leave the
//! defender a winning cell (is not a four of the defender) loses: after
//! `s` the attacker plays the same line and wins within `p` plies. By induction along the line, with `s` on the board:
//!
//! - The attacker's cells are unchanged but for `s` itself: a defender
//!   stone never changes the attacker's runs (under both rules), and `s`
//!   is none of the line's cells. So each four of the line is still empty,
//!   still a candidate (candidates only grow), still a four with the same
//!   winning cells (none is `s`), and the last one still leaves two or
//!   more.
//! - The defender gains no winning cell the line did not give it. Say one
//!   did, `w`, at some attacker turn of the line: playing `w` would make a
//!   run `R` of defender stones of length `k` or more (exactly `k` under
//!   the exact rule) along one line. Its cells other than `w` are defender
//!   stones of the board before `s`, `s` itself, and blocks of the line:
//!   no attacker stone (nor an attacker move of the line, but `w` may be
//!   one), and `w` and `s` are its only cells that are free now. `R`
//!   holds `s` (without `s` the line gave the defender no `w`). Some
//!   window `W` of `k` cells of `R` holds both `w` and `s`: under the
//!   exact rule `R` is one; otherwise a window of `R` through `w` without
//!   `s` would make `w` a winning cell without `s`. `W` holds a block:
//!   else its cells but `w` and `s` are defender stones of the board, and
//!   `s` gives the defender the winning cell `w` at once, the four we
//!   excluded (under the exact rule too: the cells beyond `R`'s ends hold
//!   no defender stone when `w` wins, so none now; and a winning cell lies
//!   next to a stone of its run, so it is a candidate under every
//!   setting). So `W` is a window through a block with no attacker stone
//!   of the board, whose cells are defender stones and blocks but `w` and
//!   `s`, both free or, when `w` is a block the line plays later, `s`
//!   alone: `s` is in the zone, which we excluded. (The zone once held,
//!   instead, the first two free cells from each block along each line
//!   in each direction, a superset.)
//! - So at each of the attacker's turns the defender has the winning cells
//!   it had in the line (the line answered them), at each of the defender's
//!   turns the block is again the only reply that does not lose at once
//!   (reduction 3 of [`crate::rules`]), and the line is played out as it
//!   was, its five landing within `p` plies.
//!
//! Replies the zone keeps, and the defender's fours, must still be refuted
//! one by one; keeping a reply is always sound.

mod line_zone;
mod recent;
pub(crate) mod search;
#[cfg(test)]
mod tests;

pub use line_zone::zone;
pub use search::{slots_within, Vcf, VcfLine, DEFAULT_VCF_SLOTS};

use crate::kit::symmetry::Symmetries;
use kinrow_board::board::ZOBRIST_O_TO_MOVE;
use kinrow_board::{Bitboard, Candidates, Cell, LineFours, Player, SearchBoard};
use recent::{fours_at, RecentFours};
use search::{Frame, RootKnown};
use std::sync::Arc;

/// Fewest plies left at the attacker's turn for which AND-OR and PNS look
/// for a VCF before searching its moves (with three, the last-plies
/// shortcut decides already).
pub(crate) const VCF_MIN_DEPTH: u32 = 5;

/// Nodes one VCF call may spend by default before it gives up (giving up
/// only costs a reduction or a shortcut, never soundness).
pub(crate) const DEFAULT_VCF_NODES: u64 = 20_000;

/// The VCF searches of one search: a [`Vcf`] with its table,
/// and a scratch board to search on, so that callers keep `&SearchBoard`.
#[derive(Clone, Debug)]
pub struct VcfSearcher {
    vcf: Vcf,
    scratch: Option<SearchBoard>,
    per_call: u64,
    /// The count of [`VcfSearcher::nodes`] no search may pass: the last
    /// [`VcfSearcher::cap_calls`]'s nodes are for all the searches until
    /// the next, however many there are.
    ceiling: u64,
    /// For a caller with symmetric keys: the board's symmetries and the
    /// frame of the position asked about, so that the VCF searches key
    /// their table and order their fours in that frame and find the same
    /// lines in every orientation.
    symmetries: Option<Arc<Symmetries>>,
    frame: u8,
    /// The key of that position seen in the frame, with its side to move.
    frame_key: (u64, Player),
    /// The longest VCF [`VcfSearcher::defender_zone`] looks for.
    threat_plies: u32,
    /// The moves of the VCF the last [`VcfSearcher::defender_zone`] found
    /// (empty when it found none): the defender's replies are searched
    /// next, and most that still lose to a VCF lose to that one, so their
    /// VCF searches try it first ([`Vcf::set_line`]; only the order of the
    /// moves changes).
    parent_line: Vec<Cell>,
    /// The last search found nothing because it was cut short
    /// ([`VcfSearcher::cut_short`]).
    cut_short: bool,
    /// Each side's fours at the last position scanned for them
    /// ([`recent`]).
    recent: [Option<RecentFours>; 2],
}

/// [`VcfSearcher::fours_of`] with the searcher's `recent` fours and
/// `candidates`.
fn fours_among(
    recent: &mut [Option<RecentFours>; 2],
    board: &SearchBoard,
    player: Player,
    candidates: Candidates,
) -> Option<LineFours> {
    let cands = board.candidates(candidates);
    let fours = fours_at(&mut recent[player.index()], board, player);
    fours.all().intersects(&cands).then_some(fours)
}

impl VcfSearcher {
    /// The tools for a problem whose sides choose among `candidates`, with
    /// a VCF table of `slots` entries.
    #[must_use]
    pub fn new(candidates: Candidates, slots: usize) -> VcfSearcher {
        VcfSearcher {
            vcf: Vcf::new(candidates, slots),
            scratch: None,
            per_call: DEFAULT_VCF_NODES,
            ceiling: u64::MAX,
            symmetries: None,
            frame: 0,
            frame_key: (0, Player::X),
            threat_plies: u32::MAX,
            parent_line: Vec::new(),
            cut_short: false,
            recent: [None, None],
        }
    }

    /// What [`VcfSearcher::new`] gives, reusing this one's VCF table when it
    /// has as many slots (`Vcf::recycle`): the same answers, without
    /// writing a fresh table.
    #[must_use]
    pub fn recycle(self, candidates: Candidates, slots: usize) -> VcfSearcher {
        let wanted = if slots == 0 {
            0
        } else {
            slots.next_power_of_two()
        };
        if self.vcf.slots() != wanted {
            return VcfSearcher::new(candidates, slots);
        }
        VcfSearcher {
            vcf: self.vcf.recycle(candidates),
            ..VcfSearcher::new(candidates, 0)
        }
    }

    /// Keys the positions of every later VCF search and orders their
    /// fours as seen in the frame [`VcfSearcher::set_frame`] gives, under
    /// `symmetries`: a caller whose keys and move order do not depend on
    /// the board's orientation then gets VCF lines and zones that do not
    /// either.
    pub fn orient(&mut self, symmetries: &Arc<Symmetries>) {
        self.symmetries = Some(Arc::clone(symmetries));
    }

    /// The frame of the next position asked about (see
    /// [`VcfSearcher::orient`]), with the position's key seen in that frame
    /// and its side to move.
    pub fn set_frame(&mut self, frame: u8, key: u64, to_move: Player) {
        self.frame = frame;
        self.frame_key = (key, to_move);
    }

    /// Lets the later VCF searches spend at most `nodes` nodes together
    /// until the next call (and each never more than `DEFAULT_VCF_NODES`):
    /// a caller with a node budget passes what it has left, and its
    /// budget then holds however many searches it asks for. A search cut
    /// short finds nothing, which costs a reduction or a shortcut, never
    /// soundness.
    pub fn cap_calls(&mut self, nodes: u64) {
        self.per_call = nodes.min(DEFAULT_VCF_NODES);
        self.ceiling = self.vcf.nodes.saturating_add(nodes);
    }

    /// Limits the VCF [`VcfSearcher::defender_zone`] looks for to
    /// `plies` (`u32::MAX`: none but the horizon). A shorter limit finds
    /// fewer threats: only a caller for which a missed threat is a
    /// restriction of the attacker (the threat space) may set one.
    pub fn set_threat_plies(&mut self, plies: u32) {
        self.threat_plies = plies;
    }

    /// A VCF search of `board` (played on and restored) within
    /// `max_plies`, fours tried in canonical order when oriented; a
    /// shortest line if `shortest`, else the first found.
    /// With `with_line`, the line of the last defender's zone is tried
    /// first. `fours`: the side's fours, from [`VcfSearcher::fours_of`];
    /// `defender_wins`: the other side's winning cells among the
    /// candidates, where the caller knows them.
    fn search(
        &mut self,
        max_plies: u32,
        (shortest, with_line): (bool, bool),
        fours: LineFours,
        defender_wins: Option<Bitboard>,
    ) -> Option<VcfLine> {
        let board = self.scratch.as_mut().expect("the scratch board is set");
        // The scratch board is the position asked about, its side to move
        // perhaps changed (a pass).
        let (key, to_move) = self.frame_key;
        let frame = self.symmetries.as_deref().map(|symmetries| Frame {
            symmetries,
            frame: self.frame,
            key: if board.to_move() == to_move {
                key
            } else {
                key ^ ZOBRIST_O_TO_MOVE
            },
        });
        self.vcf
            .set_line(if with_line { &self.parent_line } else { &[] });
        let per_call = self
            .per_call
            .min(self.ceiling.saturating_sub(self.vcf.nodes));
        let found = self.vcf.search_in(
            board,
            max_plies,
            per_call,
            frame.as_ref(),
            RootKnown {
                shortest,
                fours: Some(fours),
                defender_wins,
            },
        );
        self.cut_short = found.is_none() && self.vcf.cut_short();
        found
    }

    /// Forgets every stored result, for a problem whose sides choose among
    /// `candidates` and whose search may use `memory` bytes in all (the VCF
    /// table takes [`slots_within`] of them).
    pub fn reset(&mut self, candidates: Candidates, memory: u64) {
        self.recent = [None, None];
        let slots = slots_within(memory);
        if slots == self.vcf.slots() {
            self.vcf.reset(candidates);
        } else {
            let nodes = self.vcf.nodes;
            self.vcf = Vcf::new(candidates, slots);
            self.vcf.nodes = nodes;
        }
    }

    /// Whether the last search of [`VcfSearcher::defender_zone`] (or
    /// `VcfSearcher::counter_zone`) that found no VCF was cut short, so
    /// that one may still exist within its horizon: a caller for which
    /// "no VCF" decides a node (the threat space's test) must not read it
    /// as none.
    #[must_use]
    pub fn cut_short(&self) -> bool {
        self.cut_short
    }

    /// Nodes spent by every VCF call so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.vcf.nodes
    }

    /// Bytes held (the VCF table).
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.vcf.bytes()
    }

    /// A shortest VCF of the side to move of `board` within `max_plies`
    /// plies (see [`Vcf::search`]); the side to move must have no winning
    /// cell among the candidates.
    pub fn vcf(&mut self, board: &SearchBoard, max_plies: u32) -> Option<VcfLine> {
        self.vcf_of(board, max_plies, true, None)
    }

    /// [`VcfSearcher::vcf`] when `shortest`, else the first VCF within
    /// `max_plies` found, perhaps not a shortest one: for a caller that
    /// needs only to know that one exists within its horizon (the search
    /// stops at the first line found instead of deepening).
    /// `defender_wins`: the other side's winning cells among the
    /// candidates where the caller knows them (a scan of the board
    /// otherwise).
    pub(crate) fn vcf_of(
        &mut self,
        board: &SearchBoard,
        max_plies: u32,
        shortest: bool,
        defender_wins: Option<Bitboard>,
    ) -> Option<VcfLine> {
        if max_plies < 3 {
            return None;
        }
        let fours = self.fours_of(board, board.to_move())?;
        let scratch = self.scratch.get_or_insert_with(|| board.clone());
        scratch.clone_from(board);
        self.search(max_plies, (shortest, true), fours, defender_wins)
    }

    /// The fours of `player`, which has no winning cell, over every empty
    /// cell, if it has one among the candidates: the first thing a VCF
    /// needs, asked before copying the board for a search, and the fours
    /// the search's root then starts from instead of a second scan;
    /// derived from the side's last scan where `board` is a stone or two
    /// past it ([`recent`]).
    fn fours_of(&mut self, board: &SearchBoard, player: Player) -> Option<LineFours> {
        fours_among(&mut self.recent, board, player, self.vcf.candidates())
    }

    /// The moves of `moves` (of the side to move at `board`) that may
    /// threaten within `plies`: were the other side to pass after the
    /// move, the side would win by fours within `plies`. A move is left
    /// out only when the search, not cut short, finds no such VCF and
    /// `needs_threat`, asked of the position after the move, says that a
    /// threat was needed there. The VCF exists exactly when
    /// [`VcfSearcher::defender_zone`] at that position, with as many
    /// plies, finds one (that search asks for a shortest, this one for
    /// any). The frame of the last [`VcfSearcher::set_frame`] must be
    /// `board`'s.
    pub(crate) fn threatening(
        &mut self,
        board: &SearchBoard,
        moves: Bitboard,
        plies: u32,
        mut needs_threat: impl FnMut(&SearchBoard) -> bool,
    ) -> Bitboard {
        if moves.is_empty() {
            return moves;
        }
        let attacker = board.to_move();
        self.scratch
            .get_or_insert_with(|| board.clone())
            .clone_from(board);
        let mut kept = Bitboard::EMPTY;
        for m in moves.iter().map(Cell::from_index) {
            self.scratch_mut().play(m);
            let out = !self.threatens(attacker, m, plies) && needs_threat(self.scratch_mut());
            self.scratch_mut().undo(m);
            if !out {
                kept.insert(m.index());
            }
        }
        self.cut_short = false;
        kept
    }

    /// [`VcfSearcher::threatening`] for one move `m` of `attacker`, just
    /// played on the scratch board: whether a VCF within `plies` follows a
    /// pass, or the search was cut short. The search keys the position
    /// after `m` in the frame of the position before it; the frame key
    /// is that position's again on return.
    fn threatens(&mut self, attacker: Player, m: Cell, plies: u32) -> bool {
        self.cut_short = false;
        if plies < 3 {
            return false;
        }
        let scratch = self.scratch.as_ref().expect("set");
        let candidates = self.vcf.candidates();
        let Some(fours) = fours_among(&mut self.recent, scratch, attacker, candidates) else {
            return false;
        };
        if let Some(symmetries) = &self.symmetries {
            self.frame_key.0 ^= symmetries.stone_key(attacker, m, self.frame);
        }
        self.scratch_mut().set_to_move(attacker);
        // The defender has no winning cell (`threatening`'s caller).
        let found = self
            .search(plies, (false, false), fours, Some(Bitboard::EMPTY))
            .is_some();
        self.scratch_mut().set_to_move(attacker.other());
        if let Some(symmetries) = &self.symmetries {
            self.frame_key.0 ^= symmetries.stone_key(attacker, m, self.frame);
        }
        found || self.cut_short
    }

    /// The scratch board, once set.
    fn scratch_mut(&mut self) -> &mut SearchBoard {
        self.scratch.as_mut().expect("the scratch board is set")
    }

    /// Forgets the line of the last [`VcfSearcher::defender_zone`], for a
    /// caller that takes a defender's replies without asking for its
    /// zone again: later searches try no line of another position first.
    pub fn forget_line(&mut self) {
        self.parent_line.clear();
    }

    /// At the defender's turn with `depth` plies left, its own move
    /// included, when neither side has a winning cell among the
    /// candidates: the zone of a shortest VCF the attacker would have if
    /// the defender passed, within the `depth - 1` plies left after the
    /// reply, and that VCF's length in plies. Replies outside the zone that
    /// are not fours of the defender lose within that many plies after the
    /// reply (the argument is in the module docs).
    pub fn defender_zone(&mut self, board: &SearchBoard, depth: u32) -> Option<(Bitboard, u32)> {
        self.parent_line.clear();
        self.cut_short = false;
        if depth < 4 {
            return None;
        }
        let plies = (depth - 1).min(self.threat_plies);
        let (zone, line) = self.pass_zone(board, plies)?;
        self.parent_line.extend_from_slice(&line.moves);
        Some((zone, line.plies()))
    }

    /// At the attacker's turn with `depth` plies left, when neither side
    /// has a winning cell among the candidates: the zone of a shortest VCF
    /// the defender would have, within `depth` plies, if the attacker
    /// passed. An attacker's move outside it that is not a four of the
    /// attacker loses the attacker its win within its horizon: the
    /// defender plays that VCF, every attacker move along it is a forced
    /// block that wins nothing (the argument of the module docs, the
    /// sides swapped), and its five comes before any of the attacker's.
    /// The line of the last [`VcfSearcher::defender_zone`] is kept.
    pub(crate) fn counter_zone(&mut self, board: &SearchBoard, depth: u32) -> Option<Bitboard> {
        if depth < 2 {
            return None;
        }
        self.pass_zone(board, depth).map(|(zone, _)| zone)
    }

    /// The zone of a shortest VCF within `plies` of the side not to move
    /// of `board`, were the side to move to pass (see
    /// [`VcfSearcher::defender_zone`]), with that line.
    fn pass_zone(&mut self, board: &SearchBoard, plies: u32) -> Option<(Bitboard, VcfLine)> {
        let passer = board.to_move();
        self.cut_short = false;
        let fours = self.fours_of(board, passer.other())?;
        let scratch = self.scratch.get_or_insert_with(|| board.clone());
        scratch.clone_from(board);
        scratch.set_to_move(passer.other());
        // The passer has no winning cell: the callers' precondition.
        let none = Some(Bitboard::EMPTY);
        let mut line = self.search(plies, (true, false), fours, none)?;
        if line.ends_on_a_forbidden_block() {
            // That line has no zone; a VCF without forbidden blocks, if
            // there is one within the horizon too, has one.
            self.vcf.set_forbidden_blocks(false);
            let plain = self.search(plies, (true, false), fours, none);
            self.vcf.set_forbidden_blocks(true);
            line = plain.unwrap_or(line);
        }
        let scratch = self.scratch.as_mut().expect("the scratch board is set");
        let zone = if stays_playable(scratch, &line) {
            zone(scratch, passer.other(), &line)
        } else {
            // A stone of the passer anywhere might spoil the line: no zone.
            scratch.empty()
        };
        Some((zone, line))
    }
}

/// Whether every move of `line`, a VCF of the side to move of `board`,
/// stays playable whatever stones the defender adds: always but under
/// renju with x attacking, where an o stone outside the zone can make a
/// later four of x a forbidden point (a double-three, by making a fake
/// three real). Then each of x's fours must be
/// [`SearchBoard::allowed_whatever_white`] where the line plays it; with
/// that, the zone's argument (the module docs) holds as under the exact
/// rule, x's rule. `board` is played on and restored.
fn stays_playable(board: &mut SearchBoard, line: &VcfLine) -> bool {
    if board.to_move() != Player::X || !board.game().has_forbidden_points() {
        return true;
    }
    let mut played = 0;
    let mut ok = true;
    for (i, &m) in line.moves.iter().enumerate() {
        if i % 2 == 0 && !board.allowed_whatever_white(m) {
            ok = false;
            break;
        }
        board.play(m);
        played += 1;
    }
    for &m in line.moves[..played].iter().rev() {
        board.undo(m);
    }
    ok
}

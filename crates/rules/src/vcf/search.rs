//! Victory by continuous fours: the attacker plays only fours, so every
//! defender reply is forced, and the search is a narrow depth-first walk.
//!
//! The game is the one every prover searches (see [`crate::rules`]): at the
//! attacker's turn
//! - it wins at once on a winning cell among the candidates (the caller
//!   asks only when it has none, so the search never starts there);
//! - a defender with two winning cells among the candidates wins first; with
//!   one, the attacker must take it, and only with a four;
//! - otherwise it may play any four among the candidates.
//!
//! After a four the attacker has one winning cell or more (and the defender
//! none: it had none, or the four took its only one, and an attacker stone
//! never lengthens a defender run). With two or more the defender can take
//! only one: the attacker wins at the third ply. With one, every reply but
//! taking it loses at once (the node rules' reduction 3), so the block is
//! the only reply. The block may give the defender winning cells, which the
//! next attacker node must answer as above. Under renju with o attacking,
//! a four whose one winning cell is forbidden to x wins as two would: x
//! may not block there, and any other reply, a pass included, leaves o its
//! five (x has no winning cell of its own: see above).
//!
//! Winning cells are never computed from scratch inside the search: the
//! attacker has none at its turn, so after a four they are the cells the
//! four makes winning ([`SearchBoard::made_wins`]); the defender's after its
//! block are the cells the block makes winning, the block having left it
//! none (it had none after the attacker's four). Both hold under freestyle
//! and exact rules, since a stone never changes the other side's runs.
//!
//! A table keyed by the position's Zobrist key (stones and side to move;
//! or, for a caller with symmetric keys, the key seen in its frame) keeps the largest horizon within which a position has no VCF, and the
//! first move of a VCF found, so that transpositions (the same fours in
//! another order) are searched once. Results cut short by the node cap are
//! never stored.

use crate::kit::symmetry::Symmetries;
use kinrow_board::{
    Bitboard, Candidates, Cell, LineFours, Player, SearchBoard, WinCells, ALL_DIRECTIONS,
};
use std::cell::RefCell;

/// A VCF: attacker fours and the defender's forced blocks, alternating, the
/// attacker's first, up to the four after which the attacker has two or
/// more winning cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VcfLine {
    /// The moves in order: attacker, defender, ..., attacker (odd length).
    pub moves: Vec<Cell>,
    /// The attacker's winning cells after its last four: two or more (the
    /// defender can take one, the attacker completes its line on another),
    /// or, under renju with o attacking, one that is forbidden to x (see
    /// [`VcfLine::ends_on_a_forbidden_block`]).
    pub wins: Bitboard,
}

impl VcfLine {
    /// The ply on which the attacker's winning stone lands, counted from the
    /// attacker's first four: the line, one defender reply, the five.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.moves.len() as u32 + 2
    }

    /// Whether the line ends on a four of o (renju) whose one winning cell
    /// x may not take, being forbidden to it there. Whether a cell is
    /// forbidden depends on stones anywhere along its lines and, through
    /// fake threes, beyond them, so such a line has no zone: a defender
    /// stone anywhere might make the block playable.
    #[must_use]
    pub fn ends_on_a_forbidden_block(&self) -> bool {
        !self.wins.has_two()
    }

    /// The attacker's fours of the line.
    pub fn attacker_moves(&self) -> impl Iterator<Item = Cell> + '_ {
        self.moves.iter().step_by(2).copied()
    }

    /// The defender's forced blocks of the line.
    pub(crate) fn defender_moves(&self) -> impl Iterator<Item = Cell> + '_ {
        self.moves.iter().skip(1).step_by(2).copied()
    }
}

/// The frame a search sees the board in: a symmetry of the board, from
/// the caller's canonical keys (see [`crate::kit::symmetry`]).
pub(crate) struct Frame<'a> {
    pub symmetries: &'a Symmetries,
    pub frame: u8,
    /// The key of the position searched, seen in the frame.
    pub key: u64,
}

impl Frame<'_> {
    /// The cell (index) as seen in the frame.
    #[inline]
    fn to_canonical(&self, cell: u16) -> u16 {
        self.symmetries
            .to_canonical(self.frame, Cell::from_index(usize::from(cell)))
    }

    /// The real cell (index) of a cell seen in the frame.
    #[inline]
    fn to_actual(&self, canonical: u16) -> u16 {
        self.symmetries.to_actual(self.frame, canonical).index() as u16
    }

    /// What a stone of `player` on `cell` adds to a key in the frame.
    #[inline]
    fn stone_key(&self, player: Player, cell: Cell) -> u64 {
        self.symmetries.stone_key(player, cell, self.frame)
    }
}

/// What an attacker node gets from its parent: the defender's winning cells
/// among the candidates, and the attacker's fours over every empty cell as
/// they were before the parent's four and block (`placed`), brought up to
/// date only by the nodes that need them
/// ([`SearchBoard::update_line_fours`]: only the lines through those two
/// stones are scanned again, and the set is the same as a scan of the
/// whole board). The root's come from a scan of the whole board, once per
/// search: the caller's, which asked whether the side has a four at all
/// before it copied the board ([`crate::vcf::VcfSearcher`]), or one made
/// at the start of the search.
///
/// `ply`: the plies from the root to this node; `on_line`: whether every
/// move so far was the line's of [`Vcf::set_line`].
struct Inherited<'a> {
    /// The defender's winning cells: two or more leave no VCF (the
    /// attacker cannot take both with a four), one is the only cell where
    /// a four may stand (any other move loses to it), none leaves every
    /// four.
    defender_wins: WinCells,
    fours: &'a LineFours,
    placed: &'a [Cell],
    ply: usize,
    on_line: bool,
}

/// What a caller already knows of the root of a search
/// ([`Vcf::search_in`]), each part found there when not given.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RootKnown {
    /// A shortest VCF is wanted (else the first found within the horizon).
    pub shortest: bool,
    /// The side's fours over every empty cell
    /// ([`SearchBoard::line_fours`]).
    pub fours: Option<LineFours>,
    /// The other side's winning cells among the candidates.
    pub defender_wins: Option<Bitboard>,
}

/// How one attacker node of the search settled.
enum Found {
    /// A VCF: the attacker's winning cells after its last four.
    Vcf(Bitboard),
    /// None within the horizon; `always`: the horizon cut nothing off, so
    /// there is none at any horizon.
    None { always: bool },
}

/// `nowin` of a table entry for "no VCF at any horizon".
const ALWAYS: u16 = u16::MAX;

/// One table slot. All zeros is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    key: u64,
    /// No VCF within this many plies (0: nothing known; [`ALWAYS`]: at no
    /// horizon).
    nowin: u16,
    /// A VCF within this many plies was found (0: none known) ...
    win: u16,
    /// ... starting with this move (cell index).
    best: u16,
    /// The [`Vcf::clear`] generation the entry belongs to: older ones are
    /// empty, so clearing costs nothing.
    generation: u16,
}

const _: () = assert!(std::mem::size_of::<Entry>() <= 16);

/// The VCF searcher: its table and counters, kept between calls.
#[derive(Clone, Debug)]
pub struct Vcf {
    candidates: Candidates,
    table: Vec<Entry>,
    mask: usize,
    generation: u16,
    /// Moves of the nodes on the current path, one frame per node.
    stack: Vec<u16>,
    /// Nodes visited by every call so far.
    pub nodes: u64,
    /// Nodes allowed to the current call, and whether it ran out.
    cap: u64,
    capped: bool,
    /// Whether every node compares its kept fours, and the root what its
    /// caller gave, with a scan of the whole board (always in debug
    /// builds; see [`Vcf::check_fours`]).
    check_fours: bool,
    /// A VCF line of a nearby position (see [`Vcf::set_line`]), tried first.
    line: Vec<Cell>,
    /// Whether a four of o whose block is forbidden to x counts as a win
    /// (renju; see [`Vcf::set_forbidden_blocks`]).
    forbidden_blocks: bool,
}

thread_local! {
    /// The table of the last [`Vcf`] dropped on this thread and its
    /// generation, for the next [`Vcf::new`] of as many slots.
    static SPARE: RefCell<Option<(Vec<Entry>, u16)>> = const { RefCell::new(None) };
}

impl Drop for Vcf {
    fn drop(&mut self) {
        if !self.table.is_empty() {
            let table = std::mem::take(&mut self.table);
            let generation = self.generation;
            // Not kept when the thread is ending (its spare is gone).
            let _ = SPARE.try_with(|s| *s.borrow_mut() = Some((table, generation)));
        }
    }
}

/// Mixed into the keys of searches without forbidden blocks, so that the
/// two searches' table entries never answer for each other.
const NO_FORBIDDEN_BLOCKS: u64 = 0x5bd1_e995_9e37_79b9;

/// Default number of table slots (16 bytes each: 1 MiB).
pub const DEFAULT_VCF_SLOTS: usize = 1 << 16;

/// Bytes of one table slot.
pub(crate) const VCF_SLOT_BYTES: u64 = std::mem::size_of::<Entry>() as u64;

/// The table slots a search with a memory budget of `memory` bytes gives
/// its VCF searcher: at most an eighth of the budget and at most
/// [`DEFAULT_VCF_SLOTS`], a power of two; 0 (the searcher off) when an
/// eighth is less than a slot.
#[must_use]
pub fn slots_within(memory: u64) -> usize {
    let slots = (memory / 8 / VCF_SLOT_BYTES).min(DEFAULT_VCF_SLOTS as u64);
    if slots == 0 {
        0
    } else {
        1 << (63 - slots.leading_zeros())
    }
}

impl Vcf {
    /// Whether the last search that found nothing was cut short (its node
    /// cap, or a searcher without a table), so that a VCF may still exist
    /// within its horizon; after a search that found nothing without
    /// this, none does.
    #[must_use]
    pub(crate) fn cut_short(&self) -> bool {
        self.capped
    }

    /// A searcher for problems whose sides choose among `candidates`, with
    /// a table of `slots` entries (rounded up to a power of two). With no
    /// slot at all the searcher is off: every search finds nothing.
    #[must_use]
    pub fn new(candidates: Candidates, slots: usize) -> Vcf {
        let slots = if slots == 0 {
            0
        } else {
            slots.next_power_of_two()
        };
        // The table of the last searcher dropped on this thread, if it has
        // as many slots: cleared as `Vcf::clear` clears (an entry of an
        // older generation reads as empty), not written again. A prover
        // called many times (a certificate writer's questions, each a new
        // search with a new searcher) spares writing 1 MiB per call: a
        // tenth of the time a renju win's certificate took to write.
        let spare = SPARE.with_borrow_mut(|s| s.take_if(|(t, _)| slots > 0 && t.len() == slots));
        if let Some((table, generation)) = spare {
            let mut vcf = Vcf::with_table(candidates, table, generation);
            vcf.clear();
            return vcf;
        }
        Vcf::with_table(candidates, vec![Entry::default(); slots], 1)
    }

    /// A searcher over `table` (a power of two of slots, or none), its
    /// entries of `generation` valid.
    fn with_table(candidates: Candidates, table: Vec<Entry>, generation: u16) -> Vcf {
        Vcf {
            candidates,
            mask: table.len().saturating_sub(1),
            table,
            generation,
            stack: Vec::new(),
            nodes: 0,
            cap: u64::MAX,
            capped: false,
            check_fours: cfg!(debug_assertions),
            line: Vec::new(),
            forbidden_blocks: true,
        }
    }

    /// Whether later searches count a four of o whose one block is
    /// forbidden to x as a win (on by default). Off, o's fours must be
    /// blocked as under the other rules, so x may block there as though
    /// it were allowed: fewer VCFs are found, each a real one, and every
    /// line found ends on two winning cells and so has a zone
    /// ([`zone`]). For the searches whose line gives a zone.
    pub(crate) fn set_forbidden_blocks(&mut self, on: bool) {
        self.forbidden_blocks = on;
    }

    /// What [`Vcf::new`] with this searcher's number of slots gives, for
    /// `candidates`, without writing the table again: the table is
    /// cleared ([`Vcf::clear`]: an entry of an older generation reads and
    /// is replaced as an empty one), everything else is new. A prover
    /// called many times (the draw-certificate writer's oracle) keeps its
    /// table so, instead of zeroing a fresh one per call.
    #[must_use]
    pub(crate) fn recycle(mut self, candidates: Candidates) -> Vcf {
        self.clear();
        let table = std::mem::take(&mut self.table);
        Vcf::with_table(candidates, table, self.generation)
    }

    /// The table's entries that read as stored (of this generation).
    #[cfg(test)]
    pub(crate) fn live_entries(&self) -> usize {
        let g = self.generation;
        self.table
            .iter()
            .filter(|e| e.key != 0 && e.generation == g)
            .count()
    }

    /// The candidates the sides choose among.
    #[must_use]
    pub(crate) const fn candidates(&self) -> Candidates {
        self.candidates
    }

    /// For tests: with `on`, every node of later searches compares the
    /// attacker's fours it kept along the line with
    /// [`SearchBoard::fours_without_win`] over the same cells, and the
    /// root the fours and the defender's winning cells its caller gave
    /// with a scan; it panics on a difference. Always on in debug builds.
    pub fn check_fours(&mut self, on: bool) {
        self.check_fours = on || cfg!(debug_assertions);
    }

    /// Makes later searches try the moves of `line` (a VCF's moves, four
    /// and block alternating, perhaps of another position) first: at each
    /// attacker node reached by the line's moves so far, its next four, if
    /// it is one there, goes first (after a move the table gives). Only the
    /// order of the moves changes, so whether a VCF is found does not,
    /// though which one may. An empty `line` turns this off.
    pub fn set_line(&mut self, line: &[Cell]) {
        self.line.clear();
        self.line.extend_from_slice(line);
    }

    /// Slots of the table.
    #[must_use]
    pub(crate) fn slots(&self) -> usize {
        self.table.len()
    }

    /// Bytes held by the table.
    #[must_use]
    pub(crate) fn bytes(&self) -> u64 {
        (self.table.len() * std::mem::size_of::<Entry>()) as u64
    }

    /// Forgets every stored result (for a new problem: the table's results
    /// hold for one candidate setting, and keys only identify positions).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.table.fill(Entry::default());
            self.generation = 1;
        }
    }

    /// Sets the candidates of the next problem and forgets every stored
    /// result.
    pub(crate) fn reset(&mut self, candidates: Candidates) {
        self.candidates = candidates;
        self.clear();
    }

    /// A shortest VCF of the side to move of `board` whose five lands within
    /// `max_plies` plies, or `None` if there is none or `max_nodes` nodes
    /// did not settle it. The side to move must have no winning cell among
    /// the candidates (checked in debug builds): that is a win at once, not
    /// a VCF. `board` is played on and restored. Positions are keyed by
    /// the board's own keys and fours tried in cell order.
    pub fn search(
        &mut self,
        board: &mut SearchBoard,
        max_plies: u32,
        max_nodes: u64,
    ) -> Option<VcfLine> {
        let known = RootKnown {
            shortest: true,
            ..RootKnown::default()
        };
        self.search_in(board, max_plies, max_nodes, None, known)
    }

    /// [`Vcf::search`] with positions keyed, and fours ordered, as seen in
    /// `frame` when given: a caller whose frame follows the board's
    /// symmetries gets the same search in every orientation. The table
    /// then stores best moves as seen in the frame, so that a position
    /// met again in another frame (a mirror image with the same key) gets
    /// its own cell back. Without `shortest`, the first line found within
    /// `max_plies` is returned, perhaps not a shortest one (it saves the
    /// deepening, for callers that only need a VCF within the horizon).
    /// `known`: whether a shortest line is wanted, and what the caller
    /// knows of the root (found here otherwise; debug builds compare it
    /// with a scan).
    pub(crate) fn search_in(
        &mut self,
        board: &mut SearchBoard,
        max_plies: u32,
        max_nodes: u64,
        frame: Option<&Frame<'_>>,
        known: RootKnown,
    ) -> Option<VcfLine> {
        let RootKnown {
            shortest,
            fours,
            defender_wins,
        } = known;
        let me = board.to_move();
        let cands = board.candidates(self.candidates);
        debug_assert!(!board.winning_cells(me).intersects(&cands));
        if board.game().k() < 2 {
            // Every empty cell wins at once: no four is needed (and the
            // reasoning above assumes winning cells lie next to stones).
            return None;
        }
        if self.table.is_empty() {
            // Without a table the searcher is off: it decides nothing.
            self.capped = true;
            return None;
        }
        let defender_wins = match defender_wins {
            Some(given) if !self.check_fours => given & cands,
            given => {
                let scanned = board.winning_cells(me.other()) & cands;
                assert!(
                    given.is_none_or(|g| g & cands == scanned),
                    "given winning cells differ from a scan: {board:?}"
                );
                scanned
            }
        };
        let key = match frame {
            Some(f) => {
                debug_assert_eq!(f.key, f.symmetries.keys(board.board()).in_frame(f.frame));
                f.key
            }
            None => board.key(),
        } ^ self.salt();
        self.cap = self.nodes.saturating_add(max_nodes);
        self.capped = false;
        let mut moves = Vec::new();
        // No VCF is longer than two plies per empty cell.
        let max_plies = max_plies.min(2 * board.empty().count() + 1);
        if max_plies < 3 {
            return None;
        }
        // Most searches find nothing: first one pass at the full horizon,
        // which settles those at once (deepening would search the shallow
        // horizons again). When it finds a line, deepen by a four and its
        // block at a time, so that the first horizon with a VCF gives a
        // shortest one (the table holds the line found, which it tries
        // first); stop deepening once a search was not cut by its horizon.
        let full = max_plies - (1 - max_plies % 2);
        // The deepening visits the root again and again: its fours are
        // kept along the line once for all of them.
        let root_fours = fours.unwrap_or_else(|| board.line_fours(me));
        if self.check_fours {
            assert_eq!(
                root_fours,
                board.line_fours(me),
                "given fours differ from a scan"
            );
        }
        let root = Inherited {
            defender_wins: WinCells::of(&defender_wins),
            fours: &root_fours,
            placed: &[],
            ply: 0,
            on_line: !self.line.is_empty(),
        };
        let found = match self.attacker(board, full, &root, key, frame, &mut moves) {
            Found::Vcf(wins) => {
                moves.reverse();
                VcfLine {
                    moves: std::mem::take(&mut moves),
                    wins,
                }
            }
            Found::None { .. } => return None,
        };
        if !shortest {
            return Some(found);
        }
        let mut horizon = 3;
        while horizon <= full {
            match self.attacker(board, horizon, &root, key, frame, &mut moves) {
                Found::Vcf(wins) => {
                    moves.reverse();
                    return Some(VcfLine { moves, wins });
                }
                // A line was found: were the deepening to miss it (its
                // table entries overwritten, its node budget spent), the
                // first one stands, perhaps not a shortest one.
                Found::None { always: true } => return Some(found),
                Found::None { always: false } if self.capped => return Some(found),
                Found::None { always: false } => horizon += 2,
            }
        }
        Some(found)
    }

    /// What the keys of this search mix in: nothing, or
    /// [`NO_FORBIDDEN_BLOCKS`] without forbidden blocks.
    #[inline]
    fn salt(&self) -> u64 {
        if self.forbidden_blocks {
            0
        } else {
            NO_FORBIDDEN_BLOCKS
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask
    }

    /// The attacker's turn with `depth` plies left and what the parent
    /// gives (`from`: the defender's winning cells among the candidates, the
    /// attacker's fours before the last two stones); the attacker has no
    /// winning cell.
    /// On a VCF, its moves are pushed onto `line` in reverse order and the
    /// attacker's final winning cells returned.
    fn attacker(
        &mut self,
        board: &mut SearchBoard,
        depth: u32,
        from: &Inherited<'_>,
        key: u64,
        frame: Option<&Frame<'_>>,
        line: &mut Vec<Cell>,
    ) -> Found {
        let only = match from.defender_wins {
            WinCells::Several => return Found::None { always: true },
            WinCells::One(c) => Some(c),
            WinCells::None => None,
        };
        if depth < 3 {
            return Found::None { always: false };
        }
        if self.nodes >= self.cap {
            self.capped = true;
            return Found::None { always: false };
        }
        self.nodes += 1;
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut hint = None;
        if entry.key == key && entry.generation == self.generation {
            if u32::from(entry.nowin) >= depth {
                return Found::None {
                    always: entry.nowin == ALWAYS,
                };
            }
            if entry.win != 0 && u32::from(entry.win) <= depth {
                hint = Some(match frame {
                    Some(f) => f.to_actual(entry.best),
                    None => entry.best,
                });
            }
        }
        let me = board.to_move();
        let within = |board: &SearchBoard| match only {
            Some(c) => Bitboard::single(c.index()),
            None if self.candidates == Candidates::All => board.empty(),
            None => board.candidates(self.candidates),
        };
        // The fours along the line: the parent's (the root's are given)
        // brought up to date.
        let mut kept = *from.fours;
        for &s in from.placed {
            board.update_line_fours(me, &mut kept, s);
        }
        let fours = match only {
            // The kept fours are over every empty cell: only the
            // defender's winning cell, if it is one.
            Some(c) if kept.directions_at(c) != 0 => Bitboard::single(c.index()),
            Some(_) => Bitboard::EMPTY,
            None => kept.all() & within(board),
        };
        if self.check_fours {
            let within = within(board);
            let scanned = board.fours_without_win(me, &within);
            assert_eq!(fours, scanned, "kept fours differ from a scan: {board:?}");
        }
        let renju = board.game().has_forbidden_points();
        let renju_x = renju && me == Player::X;
        // This node's moves, hint first, then by rank, on the shared stack.
        let base = self.stack.len();
        self.stack.extend(fours.iter().map(|i| i as u16));
        let moves = &mut self.stack[base..];
        if let Some(f) = frame {
            moves.sort_unstable_by_key(|&i| f.to_canonical(i));
        }
        let line_move = self.line.get(from.ply).filter(|_| from.on_line).copied();
        for h in [line_move.map(|c| c.index() as u16), hint]
            .into_iter()
            .flatten()
        {
            if let Some(p) = moves.iter().position(|&i| i == h) {
                moves[..=p].rotate_right(1);
            }
        }
        let mut result = None;
        let mut always = true;
        let mut i = base;
        while i < self.stack.len() {
            let m = Cell::from_index(usize::from(self.stack[i]));
            i += 1;
            // Under renju x never plays a forbidden point (a five is never
            // one; a four-four is, so is a winning double four of x). The
            // test is asked only of a move that would start a line found
            // (a double four here, or a four whose search below found
            // one): most of x's fours lead to none, and then the node
            // found nothing whether the move was allowed or not. The
            // search below a forbidden move is still sound: the table
            // keys positions, and an entry says what the side to move has
            // from those stones, however they came. It can only weaken the
            // node's "none at any horizon" (`always`), when that search was
            // cut by its horizon.
            let legal = |board: &SearchBoard| !(renju_x && board.is_forbidden(m));
            board.play(m);
            // Winning cells lie next to a stone of their run: candidates
            // under every setting, so no mask is needed. Only along the
            // directions the kept fours give `m`: along the others it
            // makes no cell winning.
            let along = kept.directions_at(m);
            let block = match board.made_win_alone(me, m, along) {
                WinCells::One(block) => block,
                WinCells::Several => {
                    let wins = board.made_wins_along(me, m, along);
                    board.undo(m);
                    if !legal(board) {
                        continue;
                    }
                    line.push(m);
                    result = Some((wins, 3));
                    break;
                }
                WinCells::None => {
                    // Not a four after all (cannot happen: `fours` is exact).
                    board.undo(m);
                    continue;
                }
            };
            // Under renju a four of o whose one block is forbidden to x
            // wins as a double four does: x may not play there, any other
            // reply or a pass leaves o its five (x has no winning cell to
            // take first: it had none, or this four took it). The same
            // test as the node rules' `makes_two_wins`.
            if renju && me == Player::O && self.forbidden_blocks && board.is_forbidden(block) {
                board.undo(m);
                line.push(m);
                result = Some((Bitboard::single(block.index()), 3));
                break;
            }
            board.play(block);
            let next_defender_wins = board.made_win_alone(me.other(), block, ALL_DIRECTIONS);
            let next_key = match frame {
                Some(f) => key ^ f.stone_key(me, m) ^ f.stone_key(me.other(), block),
                None => board.key() ^ self.salt(),
            };
            let child = Inherited {
                defender_wins: next_defender_wins,
                fours: &kept,
                placed: &[m, block],
                ply: from.ply + 2,
                on_line: line_move == Some(m) && self.line.get(from.ply + 1) == Some(&block),
            };
            let mark = line.len();
            let found = self.attacker(board, depth - 2, &child, next_key, frame, line);
            board.undo(block);
            board.undo(m);
            match found {
                Found::Vcf(_) if !legal(board) => line.truncate(mark),
                Found::Vcf(w) => {
                    line.push(block);
                    line.push(m);
                    // The child's line is at most depth - 2 plies.
                    result = Some((w, depth));
                    break;
                }
                Found::None { always: a } => always &= a,
            }
            if self.capped {
                break;
            }
        }
        self.stack.truncate(base);
        match result {
            Some((wins, len)) => {
                let first = *line.last().expect("a found line has a move");
                let best = match frame {
                    Some(f) => f.to_canonical(first.index() as u16),
                    None => first.index() as u16,
                };
                let generation = self.generation;
                let e = &mut self.table[slot];
                if e.key != key || e.generation != generation {
                    *e = Entry::default();
                    e.key = key;
                    e.generation = generation;
                }
                e.win = len as u16;
                e.best = best;
                Found::Vcf(wins)
            }
            None => {
                if !self.capped {
                    let generation = self.generation;
                    let e = &mut self.table[slot];
                    if e.key != key || e.generation != generation {
                        *e = Entry::default();
                        e.key = key;
                        e.generation = generation;
                    }
                    let nowin = if always { ALWAYS } else { depth as u16 };
                    e.nowin = e.nowin.max(nowin);
                }
                Found::None { always }
            }
        }
    }
}

//! Line words: a second copy of one side's stones, laid out so that each
//! line of the board (row, column, diagonal, anti-diagonal) lies in a slot
//! of consecutive bits of one `u64`. The run of stones through a cell along
//! any line is then two bit scans on one word, with no walk and no branch.
//!
//! A slot is 16 bits when both sides of the board are at most 15, else 32;
//! along a slot a cell sits at its `x` (rows) or its `y` (the other three
//! directions), so neighbours along the line are neighbouring bits and every
//! slot's top bit is never a cell. That zero bit ends every run before it
//! reaches the next slot; below a slot's bit 0 lies the previous slot's top
//! bit or the end of the word, which end runs the same way.
//!
//! [`SearchBoard`] is a [`Board`] that keeps one set of line words per side
//! up to date in `place` and `remove` (four more bit flips each), and
//! answers the win test and made-win walks from them.

use crate::bitboard::{Bitboard, BITS};
use crate::board::Board;
use crate::game::{Game, LineRule};
use crate::geometry::{Cell, Geometry, Player, MAX_SIDE};
use crate::restriction::{Attack, Candidates};
use std::sync::OnceLock;

/// Words of a [`Lines`]: every slot of a 26x26 board at 32 bits, each
/// direction starting a new word (13 words for rows, 13 for columns, 26 for
/// each diagonal direction). Fewer sides, or 16-bit slots, need fewer.
pub(crate) const LINE_WORDS: usize = 6 * (MAX_SIDE as usize) / 2;

/// Every direction, as a set for [`SearchBoard::made_wins_along`].
pub const ALL_DIRECTIONS: u8 = 0b1111;

/// A set of winning cells as far as a search asks of it: none, one (which),
/// or two or more ([`SearchBoard::made_win_alone`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinCells {
    None,
    One(Cell),
    Several,
}

impl WinCells {
    /// What `cells` holds, in these terms.
    #[must_use]
    pub fn of(cells: &Bitboard) -> WinCells {
        match cells.first() {
            _ if cells.has_two() => WinCells::Several,
            Some(i) => WinCells::One(Cell::from_index(i)),
            None => WinCells::None,
        }
    }
}

/// Where each cell of one board shape sits in the line words, and which
/// line bits are cells. One per shape, built on first use and kept for the
/// life of the program (see [`LineMap::get`]).
#[derive(Debug)]
pub(crate) struct LineMap {
    /// `at[i]`: where the cell with bitboard index `i` sits. Only real
    /// cells' entries mean anything.
    at: [LineAt; BITS],
    /// The line bits that are cells of the board.
    pub(crate) valid: [u64; LINE_WORDS],
}

/// Where one cell sits in the line words: along direction `d` (in the
/// order of [`Geometry::directions`]) it is the one bit of `mask[d]` in
/// word `word[d]`. Masks rather than bit numbers, so that flipping a stone
/// and finding a run need no shift by a variable amount (slow on x86-64
/// without BMI2, which the build does not assume).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LineAt {
    pub(crate) word: [u8; 4],
    pub(crate) mask: [u64; 4],
}

impl LineMap {
    fn new(geometry: &Geometry) -> LineMap {
        let (w, h) = (geometry.width(), geometry.height());
        let slot = if w.max(h) <= 15 { 16 } else { 32 };
        // The first slot of each direction: rows, columns, diagonals (x - y
        // from -(h - 1)), anti-diagonals (x + y from 0). Each direction's
        // slots start a new word, so that a stone flips four different
        // words; `whole` rounds a number of slots up to whole words.
        let whole = |slots: u32| (slots * slot).div_ceil(64) * 64 / slot;
        let diagonals = w + h - 1;
        let base = [0, whole(h), whole(h) + whole(w)];
        let base = [base[0], base[1], base[2], base[2] + whole(diagonals)];
        debug_assert!((base[3] + diagonals) * slot <= LINE_WORDS as u32 * 64);
        let mut map = LineMap {
            at: [LineAt::default(); BITS],
            valid: [0; LINE_WORDS],
        };
        for cell in geometry.all_cells() {
            let (x, y) = geometry.xy(cell);
            let lines = [(y, x), (x, y), (x + h - 1 - y, y), (x + y, y)];
            for (d, (line, along)) in lines.into_iter().enumerate() {
                let bit = (base[d] + line) * slot + along;
                let at = &mut map.at[cell.index()];
                at.word[d] = (bit / 64) as u8;
                at.mask[d] = 1 << (bit % 64);
                map.valid[bit as usize / 64] |= 1 << (bit % 64);
            }
        }
        map
    }

    /// The map of `geometry`'s shape, shared by every board of that shape.
    pub(crate) fn get(geometry: &Geometry) -> &'static LineMap {
        const SIDES: usize = MAX_SIDE as usize;
        static MAPS: [OnceLock<Box<LineMap>>; SIDES * SIDES] =
            [const { OnceLock::new() }; SIDES * SIDES];
        let shape = (geometry.width() as usize - 1) * SIDES + geometry.height() as usize - 1;
        MAPS[shape].get_or_init(|| Box::new(LineMap::new(geometry)))
    }

    /// Where the cell with bitboard index `i` sits.
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> &LineAt {
        &self.at[i]
    }

    /// How many cells of its line along direction `d` lie below and above
    /// the cell at `at`: the bits next to its bit up to the first that is
    /// no cell. A cell is never a slot's top bit, so its bit is below 63,
    /// and below bit 0 lie no cells.
    #[inline(always)]
    pub(crate) fn extent(&self, at: &LineAt, d: usize) -> (u32, u32) {
        let p = at.mask[d].trailing_zeros();
        let not_cell = !self.valid[usize::from(at.word[d])];
        let up = (not_cell >> p >> 1).trailing_zeros();
        let down = ((not_cell << (63 - p)) | ((1 << (63 - p)) - 1))
            .leading_zeros()
            .saturating_sub(1);
        (down, up)
    }
}

/// Every board of one shape shares the one map of that shape, so maps are
/// equal exactly when they are the same map.
impl PartialEq for LineMap {
    fn eq(&self, other: &LineMap) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for LineMap {}

/// One side's stones in line words (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lines(pub(crate) [u64; LINE_WORDS]);

impl Lines {
    pub(crate) const EMPTY: Lines = Lines([0; LINE_WORDS]);

    /// Flips the stone on the cell at `at`.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, at: &LineAt) {
        for d in 0..4 {
            self.0[usize::from(at.word[d])] ^= at.mask[d];
        }
    }

    /// Whether a stone is on the cell at `at`.
    #[inline(always)]
    pub(crate) fn has(&self, at: &LineAt) -> bool {
        self.0[usize::from(at.word[0])] & at.mask[0] != 0
    }

    /// The length of the run of these stones along direction `d` through
    /// the cell at `at`, which must hold a stone: the stones next to each
    /// other along that line, the cell's own included.
    #[inline(always)]
    pub(crate) fn run(&self, at: &LineAt, d: usize) -> u32 {
        let (free, m) = (!self.0[usize::from(at.word[d])], at.mask[d]);
        // The first gap at or above the cell, and 63 less the last gap at
        // or below it (64 when none is, the run reaching bit 0). A cell is
        // never a slot's top bit, so `m + m` does not overflow.
        let up = (free & m.wrapping_neg()).trailing_zeros();
        let down = (free & (m + m - 1)).leading_zeros();
        up + down - 64
    }

    /// The ends of the run along direction `d` through the cell at `at`,
    /// once a stone is on that cell (it may be there already), that would
    /// complete a winning run with it: the first cell past the run on each
    /// side (forward, then backward) when it is empty and a stone there
    /// makes a run that `wins` counts as a win. `opp` is the other side's
    /// stones. A found end comes with its distance from the cell.
    ///
    /// All bit positions are found with masks and bit scans, one variable
    /// shift in all: the forward end is the lowest non-own bit above the
    /// cell, the backward end the highest below it, and the runs past them
    /// end at the next non-own bits out. Slot top bits are never own, so no
    /// run crosses into another slot; an end found on another slot's top
    /// bit (or below bit 0) is not a cell, which `valid` tells.
    #[inline(always)]
    pub(crate) fn made_wins(
        &self,
        opp: &Lines,
        map: &LineMap,
        at: &LineAt,
        d: usize,
        wins: impl Fn(u32) -> bool,
    ) -> [Option<u32>; 2] {
        let i = usize::from(at.word[d]);
        let m = at.mask[d];
        let not_own = !(self.0[i] | m);
        let free = map.valid[i] & !opp.0[i];
        let b = m.trailing_zeros();
        // Forward end `e` (a bit: the slot's top bit at the latest), the
        // first non-own bit past it, and the last non-own bit below the
        // cell (63 - `low`; `low` is 64 when the run reaches bit 0).
        let ahead = not_own & m.wrapping_neg();
        let e = ahead & ahead.wrapping_neg();
        let past_e = (not_own & !((e << 1).wrapping_sub(1))).trailing_zeros();
        let below = not_own & (m + m - 1);
        let low = below.leading_zeros();
        let fwd_run = past_e + low - 64;
        let fwd = (free & e != 0 && wins(fwd_run)).then(|| ahead.trailing_zeros() - b);
        // Backward end `h` (none if the run reaches bit 0), and the first
        // non-own bit below it (63 - `past_h`).
        let h = (1u64 << 63).checked_shr(low).unwrap_or(0);
        let bwd_run = || {
            let past_h = (not_own & h.wrapping_sub(1)).leading_zeros();
            ahead.trailing_zeros() + past_h - 64
        };
        let bwd = (free & h != 0 && wins(bwd_run())).then(|| b + low - 63);
        [fwd, bwd]
    }
}

/// A [`Board`] for searches: the board, and each side's stones again in
/// line words (see the module doc), kept up to date move by move.
///
/// Placing and removing a stone costs four more bit flips than on a
/// [`Board`] (the board benches measure both); in exchange
/// [`SearchBoard::wins_at`], [`SearchBoard::made_wins`] and
/// [`SearchBoard::made_win_count`] are bit scans on one word per line
/// instead of walks, which pays off in provers, where made-win walks are
/// most of the work. The other queries a search asks are answered by the
/// board ([`SearchBoard::board`] for the rest); only the methods here change
/// it, so the line words cannot fall behind.
#[derive(Clone, PartialEq, Eq)]
pub struct SearchBoard {
    board: Board,
    pub(crate) lines: [Lines; 2],
    pub(crate) map: &'static LineMap,
}

impl From<Board> for SearchBoard {
    fn from(board: Board) -> SearchBoard {
        let map = LineMap::get(board.game().geometry());
        let mut lines = [Lines::EMPTY, Lines::EMPTY];
        for p in [Player::X, Player::O] {
            for i in board.stones(p).iter() {
                lines[p.index()].toggle(map.at(i));
            }
        }
        SearchBoard { board, lines, map }
    }
}

/// The board alone: the line words follow from it, and the shared map is
/// large.
impl std::fmt::Debug for SearchBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("SearchBoard").field(&self.board).finish()
    }
}

/// The queries a search asks of its board, answered by the [`Board`]: the
/// line words add nothing to them.
impl SearchBoard {
    /// The board without its line words.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// [`Board::game`]: the rules of the game played on this board.
    #[inline]
    #[must_use]
    pub const fn game(&self) -> &Game {
        self.board.game()
    }

    /// [`Board::stones`]: the stones of `player`.
    #[inline]
    #[must_use]
    pub const fn stones(&self, player: Player) -> &Bitboard {
        self.board.stones(player)
    }

    /// [`Board::occupied`]: every occupied cell.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.board.occupied()
    }

    /// [`Board::empty`]: every empty cell of the board.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> Bitboard {
        self.board.empty()
    }

    /// [`Board::stone_count`]: the number of stones on the board.
    #[inline]
    #[must_use]
    pub const fn stone_count(&self) -> u32 {
        self.board.stone_count()
    }

    /// [`Board::is_full`]: whether every cell holds a stone.
    #[inline]
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.board.is_full()
    }

    /// [`Board::stone_at`]: the player whose stone is on `cell`, if any.
    #[inline]
    #[must_use]
    pub fn stone_at(&self, cell: Cell) -> Option<Player> {
        self.board.stone_at(cell)
    }

    /// [`Board::to_move`]: the side to move.
    #[inline]
    #[must_use]
    pub const fn to_move(&self) -> Player {
        self.board.to_move()
    }

    /// [`Board::key`]: the Zobrist key of the stones and the side to move.
    #[inline]
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.board.key()
    }

    /// [`Board::has_line`]: whether `player` has a winning line anywhere.
    #[inline]
    #[must_use]
    pub fn has_line(&self, player: Player) -> bool {
        self.board.has_line(player)
    }

    /// [`Board::winning_cells`]: every empty cell where one more stone of
    /// `player` wins.
    #[inline]
    #[must_use]
    pub fn winning_cells(&self, player: Player) -> Bitboard {
        self.board.winning_cells(player)
    }

    /// [`Board::candidates`]: the empty cells a side may play.
    #[inline]
    #[must_use]
    pub fn candidates(&self, candidates: Candidates) -> Bitboard {
        self.board.candidates(candidates)
    }

    /// [`Board::fours`]: the cells of `within` that are fours for `player`.
    #[inline]
    #[must_use]
    pub fn fours(&self, player: Player, within: &Bitboard) -> Bitboard {
        self.board.fours(player, within)
    }

    /// [`Board::fours_without_win`]: [`SearchBoard::fours`] when `player` is
    /// known to have no winning cell.
    ///
    /// # Panics
    ///
    /// In debug builds, when `player` has a winning cell.
    #[inline]
    #[must_use]
    pub fn fours_without_win(&self, player: Player, within: &Bitboard) -> Bitboard {
        let game = self.board.game();
        if game.rule_for(player) == LineRule::Freestyle {
            // The window superset is exact here: nothing to test per cell.
            return self.board.fours_without_win(player, within);
        }
        debug_assert!(self.winning_cells(player).is_empty());
        // Under the exact rule each cell of the superset is tested with
        // the line words: with no winning cell before it, a stone on `m`
        // makes a four exactly when it makes a winning cell, and every
        // cell it can make winning lies on one of its own lines, next to
        // the run through it ([`SearchBoard::made_wins`]); `m` itself
        // cannot win, or it would have been a winning cell. The same set
        // as [`Board::fours_without_win`] (checked in debug builds), at
        // four short line walks per cell instead of a board-wide scan.
        let own = self.board.stones(player);
        let opp = self.board.stones(player.other());
        let superset = game.window_cells(own, opp, 2) & *within & self.board.empty();
        let mut fours = Bitboard::EMPTY;
        for m in superset.iter() {
            if self.made_win_count(player, Cell::from_index(m)) > 0 {
                fours.insert(m);
            }
        }
        debug_assert_eq!(fours, self.board.fours_without_win(player, within));
        fours
    }

    /// [`Board::threats`]: the cells of `within` that are threats for
    /// `player`.
    #[inline]
    #[must_use]
    pub fn threats(&self, player: Player, within: &Bitboard) -> Bitboard {
        self.board.threats(player, within)
    }

    /// [`Board::attack_moves`]: the moves `player` may make as the attacker.
    #[inline]
    #[must_use]
    pub fn attack_moves(&self, player: Player, candidates: Candidates, attack: Attack) -> Bitboard {
        self.board.attack_moves(player, candidates, attack)
    }
}

/// What the line words change: every move goes through here, so they cannot
/// fall behind the board, and the win test and made-win walks are answered
/// from them.
impl SearchBoard {
    /// [`Board::place`], line words included.
    #[inline]
    pub fn place(&mut self, cell: Cell, player: Player) {
        self.board.place(cell, player);
        self.lines[player.index()].toggle(self.map.at(cell.index()));
    }

    /// [`Board::remove`], line words included.
    #[inline]
    pub fn remove(&mut self, cell: Cell, player: Player) {
        self.board.remove(cell, player);
        self.lines[player.index()].toggle(self.map.at(cell.index()));
    }

    /// [`Board::play`]: the side to move plays `cell`.
    #[inline]
    pub fn play(&mut self, cell: Cell) {
        let player = self.board.to_move();
        self.board.play(cell);
        self.lines[player.index()].toggle(self.map.at(cell.index()));
    }

    /// [`Board::undo`]: takes back the move [`SearchBoard::play`] made.
    #[inline]
    pub fn undo(&mut self, cell: Cell) {
        self.board.undo(cell);
        let player = self.board.to_move();
        self.lines[player.index()].toggle(self.map.at(cell.index()));
    }

    /// [`Board::set_to_move`].
    #[inline]
    pub fn set_to_move(&mut self, player: Player) {
        self.board.set_to_move(player);
    }

    /// [`Board::wins_at`]: whether the stone on `cell` is part of a winning
    /// line of its owner; `false` on an empty cell.
    #[inline]
    #[must_use]
    pub fn wins_at(&self, cell: Cell) -> bool {
        let at = self.map.at(cell.index());
        let (lines, player) = if self.lines[0].has(at) {
            (&self.lines[0], Player::X)
        } else if self.lines[1].has(at) {
            (&self.lines[1], Player::O)
        } else {
            return false;
        };
        let (a, b) = (lines.run(at, 0), lines.run(at, 1));
        let (c, d) = (lines.run(at, 2), lines.run(at, 3));
        let k = self.board.game().k();
        // Non-short-circuit `|`: four runs cost less than branches.
        match self.board.game().rule_for(player) {
            LineRule::Freestyle => a.max(b).max(c.max(d)) >= k,
            LineRule::Exact => (a == k) | (b == k) | (c == k) | (d == k),
        }
    }

    /// [`Board::made_wins`]: the cells that a stone of `player` on the
    /// empty cell `m` would make winning (or made winning, if it is there).
    #[must_use]
    pub fn made_wins(&self, player: Player, m: Cell) -> Bitboard {
        self.made_wins_along(player, m, ALL_DIRECTIONS)
    }

    /// [`SearchBoard::made_wins`] along the directions of `directions`
    /// only (bit `d` for direction `d` in the order of
    /// [`Geometry::directions`]): all of them where `m` is a four of
    /// `player` along exactly those ([`crate::LineFours::directions_at`]),
    /// since along any other a stone on `m` makes no cell winning.
    #[must_use]
    pub fn made_wins_along(&self, player: Player, m: Cell, directions: u8) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        self.for_each_made_win(player, m, directions, |i| out.insert(i));
        out
    }

    /// [`SearchBoard::made_wins_along`] for a caller that only asks
    /// whether it holds no cell, one (which) or more. No bitboard is
    /// built (a VCF search asks this of every four and every block). The
    /// cells found along different directions are different cells (two
    /// lines through `m` meet only at `m`), so the count is exact.
    #[inline]
    #[must_use]
    pub fn made_win_alone(&self, player: Player, m: Cell, directions: u8) -> WinCells {
        let (mut first, mut n) = (0, 0u32);
        self.for_each_made_win(player, m, directions, |i| {
            n += 1;
            first = i;
        });
        match n {
            0 => WinCells::None,
            1 => WinCells::One(Cell::from_index(first)),
            _ => WinCells::Several,
        }
    }

    /// [`Board::made_win_count`]: the number of cells in
    /// [`SearchBoard::made_wins`].
    #[inline]
    #[must_use]
    pub fn made_win_count(&self, player: Player, m: Cell) -> u32 {
        let mut n = 0;
        self.for_each_made_win(player, m, ALL_DIRECTIONS, |_| n += 1);
        n
    }

    /// Calls `f` with the bitboard index of each cell of
    /// [`SearchBoard::made_wins_along`] `directions`.
    #[inline(always)]
    fn for_each_made_win(&self, player: Player, m: Cell, directions: u8, f: impl FnMut(usize)) {
        debug_assert!(!self.board.stones(player.other()).contains(m.index()));
        match self.board.game().rule_for(player) {
            LineRule::Freestyle => self.for_each_made_win_in::<false>(player, m, directions, f),
            LineRule::Exact => self.for_each_made_win_in::<true>(player, m, directions, f),
        }
    }

    /// [`SearchBoard::for_each_made_win`] under the exact rule if `EXACT`.
    #[inline(always)]
    fn for_each_made_win_in<const EXACT: bool>(
        &self,
        player: Player,
        m: Cell,
        directions: u8,
        mut f: impl FnMut(usize),
    ) {
        let p = player.index();
        let (own, opp) = (&self.lines[p], &self.lines[1 - p]);
        let k = self.board.game().k();
        let wins = |run: u32| if EXACT { run == k } else { run >= k };
        let at = self.map.at(m.index());
        let dirs = self.board.game().geometry().directions();
        for (i, d) in dirs.into_iter().enumerate() {
            if directions >> i & 1 == 0 {
                continue;
            }
            let [fwd, bwd] = own.made_wins(opp, self.map, at, i, wins);
            if let Some(n) = fwd {
                f(m.index() + (n * d) as usize);
            }
            if let Some(n) = bwd {
                f(m.index() - (n * d) as usize);
            }
        }
    }

    /// [`Board::check_consistency`], and the line words against the
    /// stones. For debug builds and tests.
    pub fn check_consistency(&self) -> Result<(), String> {
        self.board.check_consistency()?;
        if *self != SearchBoard::from(self.board.clone()) {
            return Err("line words differ from the stones".into());
        }
        Ok(())
    }
}

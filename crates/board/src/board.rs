//! A playable board: the stones of both sides, the side to move and an
//! incrementally updated Zobrist key.

use crate::bitboard::{Bitboard, BITS};
use crate::game::Game;
use crate::geometry::{Cell, Player};
use crate::restriction::{Attack, Candidates};

/// SplitMix64, used at compile time to fill the Zobrist table.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn zobrist_table() -> [[u64; BITS]; 2] {
    let mut table = [[0u64; BITS]; 2];
    let mut state = 0x6B69_6E72_6F77_0001; // "kinrow", 1
    let mut p = 0;
    while p < 2 {
        let mut i = 0;
        while i < BITS {
            let (s, z) = splitmix(state);
            state = s;
            table[p][i] = z;
            i += 1;
        }
        p += 1;
    }
    table
}

/// Zobrist keys of a stone of each player on each bit index. Fixed at
/// compile time, so keys are the same in every run.
pub static ZOBRIST: [[u64; BITS]; 2] = zobrist_table();
/// XORed into the key when `O` is to move.
pub const ZOBRIST_O_TO_MOVE: u64 = 0xA5A5_5A5A_C3C3_3C3C;

/// The stones of both players on a board of some [`Game`], the side to move
/// and the Zobrist key of all that.
///
/// The board checks nothing on the hot path: placing onto an occupied cell
/// or off the board is the caller's bug (caught by debug assertions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    game: Game,
    stones: [Bitboard; 2],
    key: u64,
    to_move: Player,
    count: u32,
}

impl Board {
    /// An empty board of `game`, `X` to move.
    #[must_use]
    pub fn new(game: Game) -> Board {
        Board {
            game,
            stones: [Bitboard::EMPTY; 2],
            key: 0,
            to_move: Player::X,
            count: 0,
        }
    }

    /// The rules of the game played on this board.
    #[inline]
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The stones of `player`.
    #[inline]
    #[must_use]
    pub const fn stones(&self, player: Player) -> &Bitboard {
        &self.stones[player.index()]
    }

    /// Every occupied cell.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.stones[0] | self.stones[1]
    }

    /// Every empty cell of the board.
    #[inline]
    #[must_use]
    pub fn empty(&self) -> Bitboard {
        self.game.geometry().cells().and_not(&self.occupied())
    }

    /// Number of stones on the board.
    #[inline]
    #[must_use]
    pub const fn stone_count(&self) -> u32 {
        self.count
    }

    /// Whether every cell holds a stone.
    #[inline]
    #[must_use]
    pub const fn is_full(&self) -> bool {
        self.count == self.game.geometry().area()
    }

    /// The player whose stone is on `cell`, if any.
    #[inline]
    #[must_use]
    pub fn stone_at(&self, cell: Cell) -> Option<Player> {
        [Player::X, Player::O]
            .into_iter()
            .find(|p| self.stones[p.index()].contains(cell.index()))
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub const fn to_move(&self) -> Player {
        self.to_move
    }

    /// Sets the side to move (and updates the key).
    #[inline]
    pub fn set_to_move(&mut self, player: Player) {
        if player != self.to_move {
            self.key ^= ZOBRIST_O_TO_MOVE;
            self.to_move = player;
        }
    }

    /// The Zobrist key of the stones and the side to move: equal positions
    /// have equal keys; the same position always has the same key.
    #[inline]
    #[must_use]
    pub const fn key(&self) -> u64 {
        self.key
    }

    /// Puts a stone of `player` on the empty cell `cell`; the side to move
    /// does not change.
    #[inline]
    pub fn place(&mut self, cell: Cell, player: Player) {
        debug_assert!(self.game.geometry().contains(cell));
        debug_assert!(self.stone_at(cell).is_none());
        self.stones[player.index()].toggle(cell.index());
        self.key ^= ZOBRIST[player.index()][cell.index()];
        self.count += 1;
    }

    /// Takes the stone of `player` off `cell`; the side to move does not
    /// change. Exactly undoes [`Board::place`], key included.
    #[inline]
    pub fn remove(&mut self, cell: Cell, player: Player) {
        debug_assert!(self.stones[player.index()].contains(cell.index()));
        self.stones[player.index()].toggle(cell.index());
        self.key ^= ZOBRIST[player.index()][cell.index()];
        self.count -= 1;
    }

    /// The side to move plays `cell`; the other side is then to move.
    #[inline]
    pub fn play(&mut self, cell: Cell) {
        self.place(cell, self.to_move);
        self.set_to_move(self.to_move.other());
    }

    /// Takes back the move [`Board::play`] made on `cell`.
    #[inline]
    pub fn undo(&mut self, cell: Cell) {
        self.set_to_move(self.to_move.other());
        self.remove(cell, self.to_move);
    }

    /// Whether the stone on `cell` is part of a winning line of its owner
    /// (only the four lines through `cell` are examined). `false` on an
    /// empty cell.
    #[inline]
    #[must_use]
    pub fn wins_at(&self, cell: Cell) -> bool {
        self.stone_at(cell)
            .is_some_and(|p| self.game.wins_through(p, &self.stones[p.index()], cell))
    }

    /// The cells that a stone of `player` on the empty cell `m` would make
    /// winning (see [`Game::for_each_made_win`]; all its winning cells after
    /// `m` when it has none now). The board is not changed. `m` may hold a
    /// stone of `player` already: then these are the cells it made winning.
    #[must_use]
    pub fn made_wins(&self, player: Player, m: Cell) -> Bitboard {
        let p = player.index();
        let mut out = Bitboard::EMPTY;
        self.game
            .for_each_made_win(player, &self.stones[p], &self.stones[1 - p], m, |c| {
                out.insert(c.index());
            });
        out
    }

    /// The number of cells in [`Board::made_wins`], without building the set.
    #[inline]
    #[must_use]
    pub fn made_win_count(&self, player: Player, m: Cell) -> u32 {
        let p = player.index();
        self.game
            .made_win_count(player, &self.stones[p], &self.stones[1 - p], m)
    }

    /// Whether `player` has a winning line anywhere (a scan from scratch).
    #[must_use]
    pub fn has_line(&self, player: Player) -> bool {
        self.game.has_line(player, &self.stones[player.index()])
    }

    /// Every empty cell where one more stone of `player` wins.
    #[inline]
    #[must_use]
    pub fn winning_cells(&self, player: Player) -> Bitboard {
        let p = player.index();
        self.game
            .winning_cells(player, &self.stones[p], &self.stones[1 - p])
    }

    /// The empty cells a side may play under `candidates`.
    #[inline]
    #[must_use]
    pub fn candidates(&self, candidates: Candidates) -> Bitboard {
        self.game
            .candidates(&self.stones[0], &self.stones[1], candidates)
    }

    /// The cells of `within` that are fours for `player`: moves that win at
    /// once or leave `player` a winning cell.
    #[inline]
    #[must_use]
    pub fn fours(&self, player: Player, within: &Bitboard) -> Bitboard {
        let p = player.index();
        self.game
            .fours(player, &self.stones[p], &self.stones[1 - p], within)
    }

    /// [`Board::fours`] when `player` is known to have no winning cell.
    ///
    /// # Panics
    ///
    /// In debug builds, when `player` has a winning cell.
    #[inline]
    #[must_use]
    pub fn fours_without_win(&self, player: Player, within: &Bitboard) -> Bitboard {
        let p = player.index();
        self.game
            .fours_without_win(player, &self.stones[p], &self.stones[1 - p], within)
    }

    /// The cells of `within` that are threats for `player`: fours, and moves
    /// after which some empty cell would give `player` two or more winning
    /// cells.
    #[inline]
    #[must_use]
    pub fn threats(&self, player: Player, within: &Bitboard) -> Bitboard {
        let p = player.index();
        self.game
            .threats(player, &self.stones[p], &self.stones[1 - p], within)
    }

    /// The moves `player` may make as the attacker: its candidates that
    /// pass the `attack` filter.
    #[inline]
    #[must_use]
    pub fn attack_moves(&self, player: Player, candidates: Candidates, attack: Attack) -> Bitboard {
        let p = player.index();
        self.game.attack_moves(
            player,
            &self.stones[p],
            &self.stones[1 - p],
            candidates,
            attack,
        )
    }

    /// The key recomputed from the stones and the side to move.
    #[must_use]
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for p in [Player::X, Player::O] {
            for i in self.stones[p.index()].iter() {
                key ^= ZOBRIST[p.index()][i];
            }
        }
        if self.to_move == Player::O {
            key ^= ZOBRIST_O_TO_MOVE;
        }
        key
    }

    /// Checks that the incremental state equals the state recomputed from
    /// scratch: key, stone count, stones on real cells only, no cell held
    /// by both sides. For debug builds and tests.
    pub fn check_consistency(&self) -> Result<(), String> {
        let cells = self.game.geometry().cells();
        if self.stones[0].intersects(&self.stones[1]) {
            return Err("a cell holds stones of both sides".into());
        }
        if !self.occupied().and_not(cells).is_empty() {
            return Err("a stone lies off the board".into());
        }
        if self.occupied().count() != self.count {
            return Err(format!(
                "stone count {} but {} stones on the board",
                self.count,
                self.occupied().count()
            ));
        }
        if self.key_from_scratch() != self.key {
            return Err("incremental key differs from the key recomputed from scratch".into());
        }
        Ok(())
    }
}

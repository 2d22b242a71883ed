//! The symmetries of the board and transposition keys that do not change
//! under them, with the remaining depth mixed in.
//!
//! A square board has 8 symmetries (the dihedral group: rotations and
//! reflections), a rectangle 4 (the identity, the two mirrors and the half
//! turn). The rules are the same under each: lines map to lines, `near R`
//! uses king distance, and the filters are defined through lines. (The one
//! exception, the centre cell that `near R` offers on an empty board, only
//! matters at an empty root, whose frame is the identity.)
//!
//! [`SymKeys`] holds the Zobrist key of the position seen through each
//! symmetry, updated incrementally (one cache line of 8 keys per move); the
//! canonical key is their minimum, so a position and its mirror images share
//! one key. The symmetry reaching the minimum is the position's *frame*:
//! moves stored in the arena are in the canonical frame and mapped back to
//! the real board on the way down.
//!
//! Translation is no symmetry here: on a bounded board the edges are part
//! of the game, so stones that fit in a smaller box do not keep their
//! value when shifted within the board (on 3x3, k=3, x on a1 and o on b1
//! with x to move is a win; shifted one cell right, x on b1 and o on c1,
//! it is not: `translation_changes_the_value_on_a_bounded_board`). Keys
//! that merged translated positions would merge positions of different
//! values.

use super::depth::UNLIMITED;
use kinrow_board::board::{ZOBRIST, ZOBRIST_O_TO_MOVE};
use kinrow_board::{bitboard::BITS, Board, Cell, Geometry, Player};
use std::cell::RefCell;
use std::sync::Arc;

/// Number of key slots: the largest symmetry group (a square's). Smaller
/// groups repeat their elements, which leaves the minimum unchanged.
pub(crate) const SYMS: usize = 8;

/// Cell maps and Zobrist tables of the symmetries of one board shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetries {
    /// `forward[cell][s]`: the image of `cell` under symmetry `s`.
    forward: Vec<[u16; SYMS]>,
    /// `inverse[cell][s]`: the cell whose image under `s` is `cell`.
    inverse: Vec<[u16; SYMS]>,
    /// `zobrist[player * BITS + cell][s]`: the Zobrist key of a stone of
    /// `player` on the image of `cell` under `s`.
    zobrist: Vec<[u64; SYMS]>,
}

impl Symmetries {
    /// The symmetries of `geometry`; only the identity when `enabled` is
    /// false.
    pub fn new(geometry: &Geometry, enabled: bool) -> Symmetries {
        let count = if enabled {
            geometry.symmetry_count()
        } else {
            1
        };
        let mut forward = vec![[0u16; SYMS]; BITS];
        let mut inverse = vec![[0u16; SYMS]; BITS];
        for cell in geometry.all_cells() {
            for s in 0..SYMS {
                // Elements count..SYMS repeat the first ones.
                let image = geometry.image(s % count, cell);
                forward[cell.index()][s] = image.index() as u16;
                inverse[image.index()][s] = cell.index() as u16;
            }
        }
        let mut zobrist = vec![[0u64; SYMS]; 2 * BITS];
        for p in [Player::X, Player::O] {
            for cell in geometry.all_cells() {
                for s in 0..SYMS {
                    let image = usize::from(forward[cell.index()][s]);
                    zobrist[p.index() * BITS + cell.index()][s] = ZOBRIST[p.index()][image];
                }
            }
        }
        Symmetries {
            forward,
            inverse,
            zobrist,
        }
    }

    /// [`Symmetries::new`] shared: the tables this thread built last, when
    /// they are of the same board shape and setting, else new ones (kept
    /// for the next call). Searches that start one after another on one
    /// board (a certificate writer's questions to its prover, each move of
    /// `--defences`) then build them once: they are about 110 KB written
    /// each time, which was 15% of the time a win certificate of 9x4 k=4
    /// took to write. The tables depend on nothing but these two
    /// arguments, so a shared one is the same as a new one.
    #[must_use]
    pub fn shared(geometry: &Geometry, enabled: bool) -> Arc<Symmetries> {
        thread_local! {
            static LAST: RefCell<Option<(Geometry, bool, Arc<Symmetries>)>> =
                const { RefCell::new(None) };
        }
        LAST.with_borrow_mut(|last| match last {
            Some((g, e, s)) if g == geometry && *e == enabled => Arc::clone(s),
            _ => {
                let s = Arc::new(Symmetries::new(geometry, enabled));
                *last = Some((*geometry, enabled, Arc::clone(&s)));
                s
            }
        })
    }

    /// The keys of `board` under every symmetry, computed from its stones.
    pub fn keys(&self, board: &Board) -> SymKeys {
        let base = if board.to_move() == Player::O {
            ZOBRIST_O_TO_MOVE
        } else {
            0
        };
        let mut keys = SymKeys([base; SYMS]);
        for p in [Player::X, Player::O] {
            for i in board.stones(p).iter() {
                let z = &self.zobrist[p.index() * BITS + i];
                for (k, z) in keys.0.iter_mut().zip(z) {
                    *k ^= z;
                }
            }
        }
        keys
    }

    /// Updates `keys` for `player` placing a stone on `cell` and the turn
    /// passing to the other side (or, applied again, for taking it back).
    #[inline]
    pub fn play(&self, keys: &mut SymKeys, player: Player, cell: Cell) {
        let z = &self.zobrist[player.index() * BITS + cell.index()];
        for (k, z) in keys.0.iter_mut().zip(z) {
            *k ^= z ^ ZOBRIST_O_TO_MOVE;
        }
    }

    /// The Zobrist key of a stone of `player` on `cell` seen in frame
    /// `frame`: what it adds to [`SymKeys::in_frame`].
    #[inline]
    pub(crate) fn stone_key(&self, player: Player, cell: Cell, frame: u8) -> u64 {
        self.zobrist[player.index() * BITS + cell.index()][usize::from(frame)]
    }

    /// The real cell `cell` seen in frame `frame` (a canonical move).
    #[inline]
    pub fn to_canonical(&self, frame: u8, cell: Cell) -> u16 {
        self.forward[cell.index()][usize::from(frame)]
    }

    /// The real cell of the canonical move `canonical` of a position whose
    /// frame is `frame`.
    #[inline]
    pub fn to_actual(&self, frame: u8, canonical: u16) -> Cell {
        Cell::from_index(usize::from(
            self.inverse[usize::from(canonical)][usize::from(frame)],
        ))
    }
}

impl Symmetries {
    /// A set of cells (a mask over bit indices, boards of at most 128
    /// bits) seen in frame `from`, seen in frame `to` instead (frame 0 is
    /// the real board).
    pub fn remap(&self, cells: u128, from: u8, to: u8) -> u128 {
        if from == to {
            return cells;
        }
        let (from, to) = (usize::from(from), usize::from(to));
        let mut out = 0u128;
        let mut rest = cells;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let real = usize::from(self.inverse[c][from]);
            out |= 1u128 << self.forward[real][to];
        }
        out
    }
}

/// Mixed into the canonical key of a position searched with `depth`
/// plies left, so that one position at two depths gets two keys; nothing
/// without a horizon ([`UNLIMITED`]).
#[inline]
pub fn depth_salt(depth: u32) -> u64 {
    if depth == UNLIMITED {
        0
    } else {
        (u64::from(depth) + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }
}

/// The Zobrist keys of one position under each symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymKeys([u64; SYMS]);

impl SymKeys {
    /// The canonical key (the least key over the symmetries) and the frame:
    /// the first symmetry that reaches it.
    #[inline]
    pub fn canonical(&self) -> (u64, u8) {
        let mut best = self.0[0];
        let mut frame = 0;
        for s in 1..SYMS {
            if self.0[s] < best {
                best = self.0[s];
                frame = s as u8;
            }
        }
        (best, frame)
    }

    /// The key of the position seen in frame `frame`.
    #[inline]
    pub(crate) fn in_frame(&self, frame: u8) -> u64 {
        self.0[usize::from(frame)]
    }

    /// The key under the identity: equal to [`Board::key`].
    #[cfg(test)]
    pub(crate) fn identity(&self) -> u64 {
        self.0[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Game, Rule};

    fn board(w: u32, h: u32, moves: &[(u32, u32)]) -> Board {
        let mut b = Board::new(Game::new(w, h, 4, Rule::Freestyle).unwrap());
        for &(x, y) in moves {
            b.play(b.game().geometry().cell(x, y).unwrap());
        }
        b
    }

    #[test]
    fn shared_tables_are_those_of_their_own_shape_and_setting() {
        let wide = Geometry::new(9, 4).unwrap();
        let tall = Geometry::new(4, 9).unwrap();
        let square = Geometry::new(7, 7).unwrap();
        let asked = [
            (wide, true),
            (wide, true),
            (tall, true),
            (tall, false),
            (square, false),
            (square, true),
            (square, true),
        ];
        let mut last: Option<Arc<Symmetries>> = None;
        for (i, (g, enabled)) in asked.into_iter().enumerate() {
            let shared = Symmetries::shared(&g, enabled);
            assert_eq!(*shared, Symmetries::new(&g, enabled), "call {i}");
            // Asked again for the same, the tables are not built again.
            let again = i > 0 && asked[i - 1] == (g, enabled);
            let same = last.as_ref().is_some_and(|l| Arc::ptr_eq(l, &shared));
            assert_eq!(same, again, "call {i}");
            last = Some(shared);
        }
    }

    #[test]
    fn incremental_keys_equal_keys_from_stones() {
        let b0 = board(7, 7, &[]);
        let sym = Symmetries::new(b0.game().geometry(), true);
        let mut b = b0.clone();
        let mut keys = sym.keys(&b);
        for (x, y) in [(3, 3), (2, 4), (5, 1), (0, 6)] {
            let c = b.game().geometry().cell(x, y).unwrap();
            sym.play(&mut keys, b.to_move(), c);
            b.play(c);
            assert_eq!(keys, sym.keys(&b));
            assert_eq!(keys.identity(), b.key());
        }
    }

    #[test]
    fn mirror_images_share_the_canonical_key() {
        for (w, h) in [(6, 6), (7, 5)] {
            let moves = [(0, 0), (1, 2), (4, 1)];
            let b = board(w, h, &moves);
            let sym = Symmetries::new(b.game().geometry(), true);
            let key = sym.keys(&b).canonical().0;
            let mirrored: Vec<_> = moves.iter().map(|&(x, y)| (w - 1 - x, y)).collect();
            let flipped: Vec<_> = moves.iter().map(|&(x, y)| (x, h - 1 - y)).collect();
            assert_eq!(sym.keys(&board(w, h, &mirrored)).canonical().0, key);
            assert_eq!(sym.keys(&board(w, h, &flipped)).canonical().0, key);
            if w == h {
                let swapped: Vec<_> = moves.iter().map(|&(x, y)| (y, x)).collect();
                assert_eq!(sym.keys(&board(w, h, &swapped)).canonical().0, key);
            }
            // A different position has a different key.
            assert_ne!(sym.keys(&board(w, h, &[(0, 0), (1, 2)])).canonical().0, key);
        }
    }

    #[test]
    fn zones_map_cell_by_cell_and_back() {
        let b = board(7, 7, &[]);
        let sym = Symmetries::new(b.game().geometry(), true);
        let cells: Vec<_> = b.game().geometry().all_cells().collect();
        // The first ten cells: no symmetry but the identity keeps them.
        let zone = cells[..10]
            .iter()
            .fold(0u128, |z, c| z | 1u128 << c.index());
        for frame in 0..SYMS as u8 {
            let seen = sym.remap(zone, 0, frame);
            let want = cells[..10]
                .iter()
                .fold(0u128, |z, &c| z | 1u128 << sym.to_canonical(frame, c));
            assert_eq!(seen, want);
            assert_eq!(sym.remap(seen, frame, 0), zone);
            for other in 0..SYMS as u8 {
                let through = sym.remap(sym.remap(zone, 0, other), other, frame);
                assert_eq!(through, seen);
            }
        }
    }

    #[test]
    fn canonical_moves_map_back_through_the_frame() {
        let b = board(6, 6, &[(0, 0), (1, 2), (4, 1)]);
        let sym = Symmetries::new(b.game().geometry(), true);
        for frame in 0..SYMS as u8 {
            for cell in b.game().geometry().all_cells() {
                let c = sym.to_canonical(frame, cell);
                assert_eq!(sym.to_actual(frame, c), cell);
            }
        }
    }

    #[test]
    fn translation_changes_the_value_on_a_bounded_board() {
        use kinrow_reference::{attacker_wins_game, NaiveBoard, X};
        // Tic-tac-toe, x to move (rows top first): x a1, o b1, and the same
        // two stones one cell to the right.
        let corner = NaiveBoard::from_rows(&["...", "...", "xo."], 3, false);
        let shifted = NaiveBoard::from_rows(&["...", "...", ".xo"], 3, false);
        assert!(attacker_wins_game(&corner, X, X));
        assert!(!attacker_wins_game(&shifted, X, X));
    }
}

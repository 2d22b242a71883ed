//! The search cursor shared by PNS and df-pn: the position at the end of
//! the current path, its keys under the board's symmetries, and the
//! remaining depth, kept in step by [`Cursor::play`] and [`Cursor::undo`].
//!
//! Both provers walk one path from the root and need the same three things
//! at its end: the board, the canonical key (which names the node in the
//! table, the remaining depth mixed in) and the frame (which maps moves
//! between the real board and the canonical one). Keeping them in one
//! place means a move is played on both at once, never on one alone.
//!
//! Depth: within one search the remaining depth of a position is the
//! root's minus the stones added since the root, so it is computed, not
//! stored per ply.

use super::depth::depth_after;
use super::shape::ShapeScan;
use super::symmetry::{depth_salt, SymKeys, Symmetries};
use super::ProofNumber;
use kinrow_board::{Bitboard, Cell, SearchBoard};

/// A move of the position at the cursor, named as the child it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChildKey {
    /// The move in the position's canonical frame: the children's order.
    pub canonical: u16,
    /// The move on the real board.
    pub real: u16,
    /// The child's canonical key, with the caller's salt mixed in.
    pub key: u64,
    /// The child's frame (see [`Symmetries`]).
    pub frame: u8,
}

/// The position at the end of a search's path, with its symmetric keys.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    /// The board's symmetries, which the keys follow.
    pub sym: &'a Symmetries,
    /// The position at the end of the path.
    pub board: SearchBoard,
    /// Its keys, one per symmetry.
    pub keys: SymKeys,
    /// The remaining depth at the root ([`super::depth::UNLIMITED`] for
    /// none).
    pub root_depth: u32,
    /// Stones on the board at the root.
    root_stones: u32,
}

impl<'a> Cursor<'a> {
    /// A cursor at `board`, the root, with `depth` plies left.
    pub fn new(board: &SearchBoard, depth: u32, sym: &'a Symmetries) -> Cursor<'a> {
        Cursor {
            sym,
            board: board.clone(),
            keys: sym.keys(board.board()),
            root_depth: depth,
            root_stones: board.stone_count(),
        }
    }

    /// The remaining depth at the current position.
    #[inline]
    pub fn depth(&self) -> u32 {
        depth_after(self.root_depth, self.board.stone_count() - self.root_stones)
    }

    /// The table key of the current position: canonical, its remaining
    /// depth mixed in.
    #[inline]
    pub fn key(&self) -> u64 {
        self.keys.canonical().0 ^ depth_salt(self.depth())
    }

    /// The side to move plays `cell`.
    #[inline]
    pub fn play(&mut self, cell: Cell) {
        self.sym.play(&mut self.keys, self.board.to_move(), cell);
        self.board.play(cell);
    }

    /// Takes back `cell`, the last stone played.
    #[inline]
    pub fn undo(&mut self, cell: Cell) {
        self.board.undo(cell);
        self.sym.play(&mut self.keys, self.board.to_move(), cell);
    }

    /// The children of the current position for `moves`, into `out`, in
    /// canonical order, so that mirror images grow the same tree; each key
    /// has `salt` mixed in (the child's depth, and whatever else tells
    /// nodes at one position apart). Mirror images among the children
    /// (of a position with a symmetry) share a key; the caller decides
    /// what to do with them.
    pub fn child_keys(&self, moves: &Bitboard, salt: u64, out: &mut Vec<ChildKey>) {
        let me = self.board.to_move();
        let frame = self.keys.canonical().1;
        // Canonical order without a sort: the moves' canonical cells as a
        // set, read in order.
        let mut canonical = Bitboard::EMPTY;
        for a in moves.iter() {
            canonical.insert(usize::from(
                self.sym.to_canonical(frame, Cell::from_index(a)),
            ));
        }
        out.clear();
        out.extend(canonical.iter().map(|c| {
            let cell = self.sym.to_actual(frame, c as u16);
            let mut keys = self.keys;
            self.sym.play(&mut keys, me, cell);
            let (key, child_frame) = keys.canonical();
            ChildKey {
                canonical: c as u16,
                real: cell.index() as u16,
                key: key ^ salt,
                frame: child_frame,
            }
        }));
    }

    /// The shape heuristic's first numbers of the child after the side to
    /// move plays `cell`, not evaluated (see [`ShapeScan`]); `base` stands
    /// for the child's mobility.
    #[inline]
    pub fn shape_numbers(
        &self,
        shapes: &ShapeScan,
        child_and: bool,
        cell: Cell,
        base: u32,
    ) -> (ProofNumber, ProofNumber) {
        let me = self.board.to_move();
        shapes
            .around(
                self.board.stones(me),
                self.board.stones(me.other()),
                cell.index(),
            )
            .first_numbers(child_and, base)
    }
}

/// Puts a node's children in the defender's reply order: by the rank of
/// their real move ([`super::reply_order::reply_ranks`]), canonical order
/// among equal ranks. `moves` gives a child's (real, canonical) move.
pub fn rank_order<T>(children: &mut [T], ranks: &[u16; 128], moves: impl Fn(&T) -> (u16, u16)) {
    children.sort_unstable_by_key(|c| {
        let (real, canonical) = moves(c);
        (ranks[usize::from(real)], canonical)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Board, Game, Rule};

    #[test]
    fn play_then_undo_restores_the_keys_and_the_depth() {
        let game = Game::new(7, 7, 5, Rule::Freestyle).unwrap();
        let board: SearchBoard = Board::new(game).into();
        let sym = Symmetries::new(game.geometry(), true);
        let mut at = Cursor::new(&board, 9, &sym);
        let (key, depth) = (at.key(), at.depth());
        let cells = [
            Cell::from_index(3),
            Cell::from_index(10),
            Cell::from_index(24),
        ];
        for &c in &cells {
            at.play(c);
        }
        assert_eq!(at.depth(), 6);
        // The mirror image of the same stones has the same key.
        let mut mirror = Cursor::new(&board, 9, &sym);
        for &c in &cells {
            mirror.play(Cell::from_index(c.index() / 7 * 7 + (6 - c.index() % 7)));
        }
        assert_eq!(at.key(), mirror.key());
        for &c in cells.iter().rev() {
            at.undo(c);
        }
        assert_eq!((at.key(), at.depth()), (key, depth));
    }
}

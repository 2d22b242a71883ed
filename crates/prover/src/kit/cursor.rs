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
use super::symmetry::{depth_salt, SymKeys, Symmetries};
use kinrow_board::{Cell, SearchBoard};

/// The position at the end of a search's path, with its symmetric keys.
#[derive(Clone, Debug)]
pub(crate) struct Cursor<'a> {
    /// The board's symmetries, which the keys follow.
    pub(crate) sym: &'a Symmetries,
    /// The position at the end of the path.
    pub(crate) board: SearchBoard,
    /// Its keys, one per symmetry.
    pub(crate) keys: SymKeys,
    /// The remaining depth at the root ([`super::depth::UNLIMITED`] for
    /// none).
    pub(crate) root_depth: u32,
    /// Stones on the board at the root.
    root_stones: u32,
}

impl<'a> Cursor<'a> {
    /// A cursor at `board`, the root, with `depth` plies left.
    pub(crate) fn new(board: &SearchBoard, depth: u32, sym: &'a Symmetries) -> Cursor<'a> {
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
    pub(crate) fn depth(&self) -> u32 {
        depth_after(self.root_depth, self.board.stone_count() - self.root_stones)
    }

    /// The table key of the current position: canonical, its remaining
    /// depth mixed in.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        self.keys.canonical().0 ^ depth_salt(self.depth())
    }

    /// The side to move plays `cell`.
    #[inline]
    pub(crate) fn play(&mut self, cell: Cell) {
        self.sym.play(&mut self.keys, self.board.to_move(), cell);
        self.board.play(cell);
    }

    /// Takes back `cell`, the last stone played.
    #[inline]
    pub(crate) fn undo(&mut self, cell: Cell) {
        self.board.undo(cell);
        self.sym.play(&mut self.keys, self.board.to_move(), cell);
    }
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

//! The winning cells of both sides, carried from node to node instead of
//! computed at each, and the one question every reduction asks of them: is
//! there a winning cell among the candidates?

use kinrow_board::{Bitboard, Cell, Player, SearchBoard};

/// The winning cells of both sides (indexed by [`Player::index`]), as
/// [`kinrow_board::Board::winning_cells`] gives them, for searches that
/// carry them from node to node instead of computing them at each.
pub type Wins = [Bitboard; 2];

/// The winning cells of both sides once the side to move plays the empty
/// cell `m`, from those of the position now (`wins`). `None` when the side
/// to move has a winning cell (then a stone of its own may spoil one under
/// the exact rule, and the caller recomputes).
///
/// Why: with no winning cell before `m`, the mover's winning cells after it
/// are the cells `m` makes winning ([`SearchBoard::made_wins`]); the other
/// side's are those it had, but `m` (a stone never changes the other side's
/// runs, it only takes the cell it stands on).
#[must_use]
pub fn wins_after(board: &SearchBoard, wins: &Wins, m: Cell) -> Option<Wins> {
    wins_after_move(board, wins, board.to_move(), m)
}

/// [`wins_after`] once `m` is played: `wins` are those of the position
/// before it, `m` holds the stone of the side that just moved. Lets a child
/// derive its winning cells only when it needs them (not when the table
/// settles it first).
#[must_use]
pub fn wins_after_played(board: &SearchBoard, wins: &Wins, m: Cell) -> Option<Wins> {
    let mover = board.to_move().other();
    debug_assert!(board.stones(mover).contains(m.index()));
    wins_after_move(board, wins, mover, m)
}

/// [`wins_after`] for a move of `mover` on `m`, which may already hold
/// its stone ([`SearchBoard::made_wins`] gives the same cells either way).
fn wins_after_move(board: &SearchBoard, wins: &Wins, mover: Player, m: Cell) -> Option<Wins> {
    if !wins[mover.index()].is_empty() {
        return None;
    }
    let mut after = *wins;
    after[mover.index()] = board.made_wins(mover, m);
    after[mover.other().index()].remove(m.index());
    Some(after)
}

/// The winning cells of both sides, computed from scratch.
#[must_use]
pub fn wins_of(board: &SearchBoard) -> Wins {
    [
        board.winning_cells(Player::X),
        board.winning_cells(Player::O),
    ]
}

/// `player`'s winning cells: from `known` if given (debug builds check them
/// against the board), else computed.
#[inline]
pub(crate) fn winning(board: &SearchBoard, known: Option<&Wins>, player: Player) -> Bitboard {
    match known {
        Some(w) => {
            debug_assert_eq!(w[player.index()], board.winning_cells(player));
            w[player.index()]
        }
        None => board.winning_cells(player),
    }
}

/// The first of a side's winning cells `wins` among `cands`, in cell
/// order: for that side a move that completes its line at once, for the
/// other side the cell it must block. Reduction 1 of
/// [`NodeRules`](super::NodeRules), the value searches' reductions 1 and 3
/// and the certificate writer's immediate wins all start from it.
#[inline]
#[must_use]
pub fn winning_cell(wins: &Bitboard, cands: &Bitboard) -> Option<Cell> {
    (*wins & *cands).first().map(Cell::from_index)
}

//! The last plies before the horizon, decided by the rules alone: the
//! AND-OR prover and PNS both settle a node with three plies left or fewer
//! without searching it out, and try only threats with five left.
//!
//! The shortcuts are sound when every reduction of [`NodeRules`] is on
//! and `k >= 2`. Then every winning cell of a side is next to one of its
//! stones, hence a candidate, and:
//! - a defender with at most three plies left whom the rules leave
//!   replies ([`AndNode::Replies`](super::AndNode::Replies)) escapes: the attacker has at most one
//!   winning cell and the replies are the block if it has one, and a
//!   defender stone gives the attacker no new winning cell, so no reply
//!   leaves the attacker a win on its next (and last) stone;
//! - an attacker with three plies left wins exactly when one of its
//!   moves leaves it two winning cells: the defender then has no winning
//!   cell (reduction 4 left only the block if it had one, and an attacker
//!   stone gives it none), so by the first point and reduction 3 the
//!   defender's node is won exactly when the attacker has two. Only fours
//!   leave a winning cell at all, so only they are tried (`double_moves`);
//! - an attacker with five plies left wins only with a threat (a four, or
//!   a move after which some cell would give it two winning cells): after
//!   any other move, and any reply (a defender stone only takes cells away
//!   from the attacker), each attacker stone leaves it at most one winning
//!   cell, which the defender takes, so the fifth ply cannot complete a
//!   line. Only a cheap superset of the threats is kept (see
//!   `threat_superset`). Not under renju, except in a search for wins
//!   alone ([`Passes::MustLose`](super::Passes)): there a quiet stone can
//!   change x's forbidden points (an o stone can make x's block a
//!   double-three by making a fake three real), so a move that is no
//!   threat can still win.
//!
//! Under renju's game for no-wins ([`Passes::Never`](super::Passes)) the
//! three-ply decision is left out too (see [`LastPlies::new`]).
//!
//! A no-win found by a shortcut is bound to the horizon: with more plies
//! the node may win.

use super::{NodeRules, Passes};
use kinrow_board::{Attack, Bitboard, Cell, Game, Player, SearchBoard};

/// Which shortcuts apply to one problem (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastPlies {
    on: bool,
    /// Whether the five-ply cut applies: with a filter the attacker's
    /// moves are fours or threats already, and see [`LastPlies::new`].
    five_ply: bool,
    /// Whether an attacker's node with three plies left is decided by its
    /// double moves (see [`LastPlies::new`]).
    three_ply: bool,
}

impl LastPlies {
    /// No shortcut: for a search whose reductions are not all on.
    pub const OFF: LastPlies = LastPlies {
        on: false,
        five_ply: false,
        three_ply: false,
    };

    /// The shortcuts for a search of `game` under `rules` with every
    /// reduction on: all of them when `k >= 2`, none otherwise, but two
    /// under renju's game for no-wins ([`Passes::Never`]):
    /// - the five-ply cut does not hold under renju, where a quiet stone
    ///   can make or unmake a forbidden point of x: it may only restrict a
    ///   search for wins;
    /// - the three-ply decision does not see that game's rule that x
    ///   without a legal reply loses at once: its no-wins are renju's, but
    ///   the search would contradict itself (AND-OR's table stores both
    ///   answers for one node), so that game searches its three-ply nodes.
    #[must_use]
    pub fn new(game: &Game, rules: &NodeRules) -> LastPlies {
        let renju_no_wins = game.has_forbidden_points() && rules.passes == Passes::Never;
        LastPlies {
            on: game.k() >= 2,
            five_ply: rules.attack == Attack::Any && !renju_no_wins,
            three_ply: !renju_no_wins,
        }
    }

    /// Whether any shortcut applies.
    #[inline]
    #[must_use]
    pub(crate) const fn is_on(self) -> bool {
        self.on
    }

    /// At the defender's turn with `depth` plies left, once the rules
    /// left it replies: whether it escapes without a search.
    #[inline]
    #[must_use]
    pub const fn defender_escapes(self, depth: u32) -> bool {
        self.on && depth <= 3
    }

    /// At the attacker's turn with `depth` plies left, once the rules left
    /// it moves: whether `double_moves` among them decides the node (a
    /// win when there is one, else a no-win).
    #[inline]
    #[must_use]
    pub const fn attacker_decided(self, depth: u32) -> bool {
        self.on && self.three_ply && depth == 3
    }

    /// At the attacker's turn with `depth` plies left, of the `moves` the
    /// rules give: the ones worth trying when the five-ply cut applies
    /// (those that may be threats, [`threat_superset`]); `None` when it
    /// does not, and every move is tried.
    #[inline]
    #[must_use]
    pub(crate) fn five_ply_moves(
        self,
        board: &SearchBoard,
        depth: u32,
        moves: &Bitboard,
    ) -> Option<Bitboard> {
        (self.on && depth == 5 && self.five_ply).then(|| threat_superset(board, moves))
    }
}

/// The cells of `moves` that may leave the side to move two winning cells,
/// when it has none now (checked in debug builds): the cells `m` makes
/// winning are then all it has (see [`SearchBoard::made_wins`]), and a move
/// making one lies in a window of k cells with k - 2 own stones and no
/// opponent stone (see [`kinrow_board::Game::fours`]), so only those are
/// kept. [`makes_two_wins`] tells which of them do.
#[inline]
#[must_use]
pub(crate) fn double_move_tries(board: &SearchBoard, moves: &Bitboard) -> Bitboard {
    let me = board.to_move();
    let (own, opp) = (board.stones(me), board.stones(me.other()));
    debug_assert!(board.winning_cells(me).is_empty());
    board.game().window_cells(own, opp, 2) & *moves
}

/// Whether the side to move, with no winning cell now, has two or more
/// once it plays the empty cell `m`, or, under renju with o to move, one
/// that is forbidden to x once `m` stands: x cannot block it (a pass
/// loses too), and o completes its line on the next move.
#[inline]
#[must_use]
pub(crate) fn makes_two_wins(board: &SearchBoard, m: Cell) -> bool {
    let me = board.to_move();
    match board.made_win_count(me, m) {
        0 => false,
        1 if me == Player::O && board.game().has_forbidden_points() => {
            let c = board.made_wins(me, m).first().map(Cell::from_index);
            let mut white = *board.stones(Player::O);
            white.insert(m.index());
            c.is_some_and(|c| {
                board
                    .game()
                    .is_forbidden(board.stones(Player::X), &white, c)
            })
        }
        n => n >= 2,
    }
}

/// The cells of `moves` after which the side to move, which must have no
/// winning cell, has two or more, in cell order: [`double_move_tries`]
/// filtered by [`makes_two_wins`].
pub(crate) fn double_moves<'b>(
    board: &'b SearchBoard,
    moves: &Bitboard,
) -> impl Iterator<Item = Cell> + 'b {
    double_move_tries(board, moves)
        .iter()
        .map(Cell::from_index)
        .filter(move |&m| makes_two_wins(board, m))
}

/// A superset of the threats among `moves` of the side to move, which must
/// have no winning cell: every move if it has a cell giving it two winning
/// cells already, else the moves in a window of `k` cells without an
/// opponent stone and with at most three empty cells (the fast path of
/// [`kinrow_board::Game::threats`], whose argument holds under both rules).
/// Far cheaper than checking each move.
#[must_use]
pub(crate) fn threat_superset(board: &SearchBoard, moves: &Bitboard) -> Bitboard {
    let cells = board.game().geometry().cells();
    if double_moves(board, cells).next().is_some() {
        *moves
    } else {
        let me = board.to_move();
        let (own, opp) = (board.stones(me), board.stones(me.other()));
        board.game().window_cells(own, opp, 3) & *moves
    }
}

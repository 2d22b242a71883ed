//! The textbook AND-OR recursion, kept only as a baseline for the `andor`
//! bench: no reductions, no transposition table, no move ordering, no
//! iterative deepening. It is not part of the product.
//!
//! Unlike the textbook it treats a full board as a draw (the textbook
//! counts a defender without a move as lost), so it answers exactly what
//! the provers answer, only slower.

use kinrow_board::{Attack, Board, Candidates, Cell};

/// The plain recursion over a board it plays on and undoes.
#[derive(Clone, Debug)]
pub struct Textbook {
    pub candidates: Candidates,
    pub attack: Attack,
    /// Positions visited so far.
    pub nodes: u64,
    /// Stop (answering `None`) after this many nodes.
    pub max_nodes: u64,
}

impl Textbook {
    /// A search under these move rules without a node limit.
    #[must_use]
    pub fn new(candidates: Candidates, attack: Attack) -> Textbook {
        Textbook {
            candidates,
            attack,
            nodes: 0,
            max_nodes: u64::MAX,
        }
    }

    /// Whether the side to move of `board` wins within `depth` plies;
    /// `None` if the node limit ran out. `board` is left as it was.
    pub fn attacker_wins(&mut self, board: &mut Board, depth: u32) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        if depth == 0 {
            return Some(false);
        }
        let me = board.to_move();
        for m in board.attack_moves(me, self.candidates, self.attack).iter() {
            let c = Cell::from_index(m);
            board.play(c);
            let win = if board.wins_at(c) {
                Some(true)
            } else if board.is_full() {
                Some(false)
            } else {
                self.defender_loses(board, depth - 1)
            };
            board.undo(c);
            if win != Some(false) {
                return win;
            }
        }
        Some(false)
    }

    /// The defender's turn: whether every reply loses within `depth` plies.
    fn defender_loses(&mut self, board: &mut Board, depth: u32) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        if depth == 0 {
            return Some(false);
        }
        let replies = board.candidates(self.candidates);
        if replies.is_empty() {
            return Some(false);
        }
        for r in replies.iter() {
            let c = Cell::from_index(r);
            board.play(c);
            let loses = if board.wins_at(c) || board.is_full() {
                Some(false)
            } else {
                self.attacker_wins(board, depth - 1)
            };
            board.undo(c);
            if loses != Some(true) {
                return loses;
            }
        }
        Some(true)
    }
}

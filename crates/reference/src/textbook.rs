//! The textbook AND-OR recursion over the real board: no reductions, no
//! transposition table, no move ordering, no iterative deepening. The
//! `andor` bench times the AND-OR prover against it; the tests of the
//! prover and the checker write certificates with it (as `TextbookProver`,
//! with the `prover` feature), a prover that shares none of the provers'
//! code. It is not part of the product.
//!
//! Unlike the textbook it treats a full board as a draw (the textbook
//! counts a defender without a move as lost), so it answers exactly what
//! the provers answer, only slower.
//!
//! Unlike the rest of this crate it plays on the real [`Board`]: its move
//! lists and win test are the board's, which the board's own tests check
//! against the plain scans of this crate.

use kinrow_board::{Attack, Board, Candidates, Cell};

/// The node limit ran out before the recursion had an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLimit;

/// The plain recursion over a board it plays on and undoes.
#[derive(Clone, Debug)]
pub struct Textbook {
    pub candidates: Candidates,
    pub attack: Attack,
    /// Positions visited so far.
    pub nodes: u64,
    /// Stop (answering [`NodeLimit`]) after this many nodes.
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
        self.winning_move(board, depth).ok().map(|m| m.is_some())
    }

    /// The first move of the side to move of `board`, in the order of the
    /// board's move list, that wins within `depth` plies; `None` if none
    /// does. `board` is left as it was.
    ///
    /// # Errors
    ///
    /// [`NodeLimit`] if the node limit ran out first.
    pub fn winning_move(
        &mut self,
        board: &mut Board,
        depth: u32,
    ) -> Result<Option<Cell>, NodeLimit> {
        self.visit()?;
        if depth == 0 {
            return Ok(None);
        }
        let me = board.to_move();
        for m in board.attack_moves(me, self.candidates, self.attack).iter() {
            let c = Cell::from_index(m);
            board.play(c);
            let win = if board.wins_at(c) {
                Ok(true)
            } else if board.is_full() {
                Ok(false)
            } else {
                self.defender_loses(board, depth - 1)
            };
            board.undo(c);
            if win? {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }

    /// A winning first move with the length of its win: within `depth`
    /// plies when given (the length is then `depth`), otherwise the
    /// shortest, deepening 1, 3, 5, ... plies up to the number of cells.
    ///
    /// # Errors
    ///
    /// [`NodeLimit`] if the node limit ran out first.
    pub fn win_within(
        &mut self,
        board: &mut Board,
        depth: Option<u32>,
    ) -> Result<Option<(Cell, u32)>, NodeLimit> {
        let depths: Vec<u32> = match depth {
            Some(d) => vec![d],
            None => (1..=board.game().geometry().area()).step_by(2).collect(),
        };
        for d in depths {
            if let Some(m) = self.winning_move(board, d)? {
                return Ok(Some((m, d)));
            }
        }
        Ok(None)
    }

    /// The defender's turn: whether every reply loses within `depth` plies.
    fn defender_loses(&mut self, board: &mut Board, depth: u32) -> Result<bool, NodeLimit> {
        self.visit()?;
        if depth == 0 {
            return Ok(false);
        }
        let replies = board.candidates(self.candidates);
        if replies.is_empty() {
            return Ok(false);
        }
        for r in replies.iter() {
            let c = Cell::from_index(r);
            board.play(c);
            let loses = if board.wins_at(c) || board.is_full() {
                Ok(false)
            } else {
                self.winning_move(board, depth - 1).map(|m| m.is_some())
            };
            board.undo(c);
            if !loses? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Counts a node.
    fn visit(&mut self) -> Result<(), NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            Err(NodeLimit)
        } else {
            Ok(())
        }
    }
}

/// The textbook recursion as a prover: with a depth, a winning first move
/// within it (the win's length then given as the depth); without one, the
/// shortest win. It ignores the limits.
#[cfg(feature = "prover")]
#[derive(Clone, Copy, Debug, Default)]
pub struct TextbookProver;

#[cfg(feature = "prover")]
impl kinrow_prover::Prover for TextbookProver {
    fn name(&self) -> &'static str {
        "textbook"
    }

    fn prove(
        &mut self,
        p: &kinrow_prover::Problem,
        _: &kinrow_prover::Limits,
    ) -> kinrow_prover::Outcome {
        use kinrow_prover::{Outcome, Verdict};
        let mut board = p.board.clone();
        let mut textbook = Textbook::new(p.candidates, p.attack);
        match textbook.win_within(&mut board, p.depth) {
            Ok(Some((m, plies))) => Outcome {
                best_move: Some(m),
                plies: Some(plies),
                ..Outcome::new(Verdict::Win)
            },
            Ok(None) => Outcome::new(Verdict::NoWin),
            Err(NodeLimit) => unreachable!("no node limit"),
        }
    }
}

//! The optional static evaluation at the horizon. HEURISTIC: it guesses who
//! stands better where no side forces a win within the horizon; it only ranks
//! moves and never changes the three-valued value (its scores lie strictly
//! between every loss and every win, see [`super::Score`]).

use kinrow_board::{Board, Player};

/// Weight of a winning cell (one more stone completes a line).
pub(crate) const WINNING_CELL: i32 = 64;
/// Weight of a four-making cell: in a window of `k` cells with no opposing
/// stone and at most two empty cells (a stone there leaves at most one to
/// fill), not itself a winning cell.
pub(crate) const FOUR_CELL: i32 = 8;
/// Weight of a three-making cell: in such a window with at most three empty
/// cells, and neither of the above.
pub(crate) const THREE_CELL: i32 = 1;

/// The threat material of `player`: `64 * winning cells + 8 * four-making
/// cells + 1 * three-making cells`, each empty cell counted once, in its
/// strongest class.
#[must_use]
pub(crate) fn threat_material(board: &Board, player: Player) -> i32 {
    let own = board.stones(player);
    let opp = board.stones(player.other());
    let game = board.game();
    let wins = board.winning_cells(player);
    let fours = game.window_cells(own, opp, 2).and_not(&wins);
    let threes = game.window_cells(own, opp, 3).and_not(&(wins | fours));
    WINNING_CELL * wins.count() as i32
        + FOUR_CELL * fours.count() as i32
        + THREE_CELL * threes.count() as i32
}

/// The static evaluation of `board` for its side to move: its
/// `threat_material` minus the opponent's. Positive means the side to move
/// has more (and stronger) cells to build lines on. Counts cover the whole
/// board, whatever the candidate rule.
#[must_use]
pub fn static_eval(board: &Board) -> i32 {
    let me = board.to_move();
    threat_material(board, me) - threat_material(board, me.other())
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Game, Rule};

    #[test]
    fn an_open_three_outweighs_scattered_stones_and_the_score_is_antisymmetric() {
        let game = Game::new(15, 15, 5, Rule::Freestyle).unwrap();
        let mut b = Board::new(game);
        let g = *b.game().geometry();
        for m in ["g8", "a1", "h8", "o15", "i8", "a15"] {
            b.play(g.parse_cell(m).unwrap());
        }
        // x to move with an open three against three corner stones.
        let x = static_eval(&b);
        assert!(x > 0);
        b.set_to_move(Player::O);
        assert_eq!(static_eval(&b), -x);
        // f8 and j8 make open fours: four-making cells; no winning cell yet.
        assert_eq!(b.winning_cells(Player::X).count(), 0);
        assert!(threat_material(&b, Player::X) >= 2 * FOUR_CELL);
    }
}

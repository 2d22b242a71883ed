//! The fours of a side at the last position scanned for them, so that a
//! position a stone or two further on derives them instead of scanning
//! the whole board again.
//!
//! Every VCF search starts from the side's fours over every empty cell
//! ([`SearchBoard::line_fours`]), and the searches come in runs over
//! neighbouring positions: a defender's node asks for the attacker's fours
//! (its zone), then each reply's attacker's node, one defender stone
//! further on, for the attacker's again (the VCF shortcut) and for the
//! defender's (the counter cut, two stones past the attacker's node that
//! asked last). A scan of the whole board was about 6% of `vct-dfpn`'s
//! time on quintet's slow cases (`perf`, issue 58).
//!
//! Why the fours derived are the scan's: they are kept by direction, and
//! along a direction the fours of a cell depend only on the stones of its
//! line within `k` cells of it. [`SearchBoard::update_line_fours`] scans
//! again, on the position asked about, the cells of each line through a
//! new stone within `k` cells of it (or, for a stone of the other side,
//! skips a direction where no four lies that near: such a stone only takes
//! fours away). A cell more than `k` cells from every new stone along a
//! line keeps its value; every other one is scanned on the final
//! position (for two new stones on one line, the scan for the second
//! covers what the first one's skip left, as within a VCF, whose nodes
//! update by a four and its block). So a position holding the scanned
//! one's stones and at most [`MAX_ADDED`] more, of the same game, gets
//! exactly the scan's set; any other is scanned and becomes the new base.
//! Debug builds compare every derived set with a scan.

use kinrow_board::{Bitboard, Cell, Game, LineFours, Player, SearchBoard};

/// The most stones by which a position may go past the one scanned.
const MAX_ADDED: usize = 2;

/// One side's fours over every empty cell at a position, with the
/// position's game and stones.
#[derive(Clone, Debug)]
pub(super) struct RecentFours {
    game: Game,
    stones: [Bitboard; 2],
    fours: LineFours,
}

/// The fours of `player` (which has no winning cell) over every empty
/// cell of `board`, derived from `recent` (the side's last scan) where
/// `board` goes at most [`MAX_ADDED`] stones past it, else scanned, the
/// scan then kept in `recent`.
pub(super) fn fours_at(
    recent: &mut Option<RecentFours>,
    board: &SearchBoard,
    player: Player,
) -> LineFours {
    if let Some(fours) = recent.as_ref().and_then(|r| r.derive(board, player)) {
        debug_assert_eq!(
            fours,
            board.line_fours(player),
            "derived fours differ from a scan"
        );
        return fours;
    }
    let fours = board.line_fours(player);
    *recent = Some(RecentFours {
        game: *board.game(),
        stones: [*board.stones(Player::X), *board.stones(Player::O)],
        fours,
    });
    fours
}

impl RecentFours {
    /// The fours at `board` from these, if `board` is of the same game and
    /// holds these stones and at most [`MAX_ADDED`] more.
    fn derive(&self, board: &SearchBoard, player: Player) -> Option<LineFours> {
        if board.game() != &self.game {
            return None;
        }
        let mut added = [Cell::from_index(0); MAX_ADDED];
        let mut n = 0;
        for p in [Player::X, Player::O] {
            let (now, then) = (board.stones(p), &self.stones[p.index()]);
            if !then.and_not(now).is_empty() {
                return None;
            }
            for i in now.and_not(then).iter() {
                if n == MAX_ADDED {
                    return None;
                }
                added[n] = Cell::from_index(i);
                n += 1;
            }
        }
        let mut fours = self.fours;
        for &c in &added[..n] {
            board.update_line_fours(player, &mut fours, c);
        }
        Some(fours)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Board, Rule};

    /// A pseudo-random empty cell of `b` where neither side would make a
    /// line, if any.
    fn quiet_cell(b: &SearchBoard, seed: &mut u64) -> Option<Cell> {
        let empty: Vec<usize> = b.empty().iter().collect();
        for _ in 0..16 {
            *seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let c = Cell::from_index(empty[(*seed >> 33) as usize % empty.len()]);
            if !b.made_wins(Player::X, c).is_empty() || !b.made_wins(Player::O, c).is_empty() {
                continue;
            }
            return Some(c);
        }
        None
    }

    /// From a scanned position, 0 to 4 stones of either side further on:
    /// the fours given are a scan's, whether derived (up to two stones)
    /// or scanned again; on another game they are scanned.
    #[test]
    fn fours_a_few_stones_on_are_a_scans() {
        let mut seed = 7u64;
        let mut derived = 0;
        for rule in [Rule::Freestyle, Rule::Exact, Rule::Renju] {
            let game = Game::new(15, 15, 5, rule).unwrap();
            for round in 0..60 {
                let mut b: SearchBoard = Board::new(game).into();
                for _ in 0..10 + round % 30 {
                    if let Some(c) = quiet_cell(&b, &mut seed) {
                        b.play(c);
                    }
                }
                let player = if round % 2 == 0 { Player::X } else { Player::O };
                let mut recent = None;
                assert_eq!(fours_at(&mut recent, &b, player), b.line_fours(player));
                for more in 1..=4 {
                    let Some(c) = quiet_cell(&b, &mut seed) else {
                        break;
                    };
                    b.play(c);
                    let got = fours_at(&mut recent.clone(), &b, player);
                    assert_eq!(got, b.line_fours(player), "{more} stones on: {b:?}");
                    let base = recent.as_ref().expect("the first call kept its scan");
                    derived += usize::from(base.derive(&b, player).is_some());
                }
            }
        }
        assert!(derived > 100, "too few positions derived: {derived}");
        // Another game's scan is never the base.
        let small: SearchBoard = Board::new(Game::new(9, 9, 5, Rule::Freestyle).unwrap()).into();
        let mut recent = None;
        let _ = fours_at(&mut recent, &small, Player::X);
        let exact: SearchBoard = Board::new(Game::new(9, 9, 5, Rule::Exact).unwrap()).into();
        assert!(recent.as_ref().unwrap().derive(&exact, Player::X).is_none());
    }
}

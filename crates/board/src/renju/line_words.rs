//! Renju's tests on a [`SearchBoard`], reading the lines through a cell
//! from its line words: one shift per line instead of a walk over the
//! twelve cells around it (`renju_lines`, which asked two bitboards about
//! each cell, was about a quarter of a renju VCF's time).
//!
//! A line word holds whole lines in slots of consecutive bits, a cell's
//! neighbours along its line in the neighbouring bits (higher bits
//! forward, as in [`crate::Geometry::directions`]), and the bits that are
//! no cell (a slot's top bit, the bits past a short line, those past the
//! word's ends) between lines. So the thirteen bits around the cell's bit
//! are the thirteen cells around it along the line, up to the first bit
//! that is no cell either way: there the board ends, and everything from
//! it on is blocked, as the walk blocks everything from the first cell off
//! the board.

use super::{Added, Line, Stones, C, FULL, R};
use crate::bitboard::Bitboard;
use crate::game::{Game, Rule};
use crate::geometry::{Cell, Player};
use crate::search_board::{LineAt, SearchBoard};

impl Stones for SearchBoard {
    #[inline]
    fn lines(&self, game: &Game, m: usize, added: Option<&Added<'_>>) -> [(Line, u32); 4] {
        let at = self.map.at(m);
        let white = &self.lines[Player::O.index()];
        let dirs = game.geometry().directions();
        std::array::from_fn(|d| {
            let w = usize::from(at.word[d]);
            let p = at.mask[d].trailing_zeros();
            // Past the line's last cell either way: blocked.
            let (down, up) = self.map.extent(at, d);
            let (down, up) = (down.min(R), up.min(R));
            let on_line = ((2 << (down + up)) - 1) << (C - down);
            let blocked = (window(white.0[w], p) | !on_line) & FULL;
            let line = Line {
                black: window(self.black_word(at, d, added), p) & !blocked,
                blocked,
            };
            (line, dirs[d])
        })
    }

    /// The Black bits of [`Stones::lines`] without the edges and the
    /// White stones masked off: past a slot's end the word holds the
    /// next line's bits, which can only add stones.
    #[inline]
    fn black_bits(&self, _game: &Game, m: usize, added: Option<&Added<'_>>) -> Option<[u32; 4]> {
        let at = self.map.at(m);
        Some(std::array::from_fn(|d| {
            window(self.black_word(at, d, added), at.mask[d].trailing_zeros())
        }))
    }
}

/// The 2R + 1 bits of a line word `x` around bit `p`, the cell's at `C`.
#[inline(always)]
fn window(x: u64, p: u32) -> u32 {
    let x = if p >= R { x >> (p - R) } else { x << (R - p) };
    (x as u32) & FULL
}

impl SearchBoard {
    /// Black's line word along direction `d` through the cell `at`, with a
    /// Black stone on that cell and on each cell of `added`.
    #[inline(always)]
    fn black_word(&self, at: &LineAt, d: usize, added: Option<&Added<'_>>) -> u64 {
        let w = usize::from(at.word[d]);
        let mut b = self.lines[Player::X.index()].0[w] | at.mask[d];
        for a in Added::cells(added) {
            let at_a = self.map.at(a);
            if usize::from(at_a.word[d]) == w {
                // Maybe on another line of the word: then past a bit
                // that is no cell, and blocked below.
                b |= at_a.mask[d];
            }
        }
        b
    }
}

/// How many cells [`SearchBoard::legal_reaches`] tests one by one before
/// it finds the cells that can be forbidden on the whole board.
const FIRST_ALONE: usize = 4;

impl SearchBoard {
    /// [`crate::Board::legal`] on this board: the cells of `cells` where
    /// `player` may play, x's forbidden points left out under renju. Only
    /// the empty cells of `cells` that can be forbidden at all are tested.
    #[must_use]
    pub fn legal(&self, player: Player, cells: &Bitboard) -> Bitboard {
        let game = self.game();
        if player != Player::X || game.rule() != Rule::Renju {
            return *cells;
        }
        let mut tested = *cells & self.empty();
        if tested.count() > 4 {
            let (x, o) = (self.stones(Player::X), self.stones(Player::O));
            tested &= game.forbidden_candidates(x, o);
        }
        let mut legal = *cells;
        for m in tested.iter() {
            if game.foul_in(self, m).is_some() {
                legal.remove(m);
            }
        }
        legal
    }

    /// Whether [`SearchBoard::legal`] of `cells` holds `n` cells or more:
    /// the cells that cannot be forbidden are counted first, and the
    /// others tested only when those fall short. A defender's node asks
    /// it of every empty cell, where nearly all are sure.
    #[must_use]
    pub fn legal_reaches(&self, player: Player, cells: &Bitboard, n: u32) -> bool {
        let game = self.game();
        if player != Player::X || game.rule() != Rule::Renju {
            return match n {
                0 => true,
                1 => !cells.is_empty(),
                2 => cells.has_two(),
                _ => cells.count() >= n,
            };
        }
        // Most cells are legal and `n` is small: the first few cells,
        // each tested alone (a test whose own first check clears nearly
        // every cell), usually settle it before the whole board's
        // candidates are worked out. A cell of `cells` that is not empty
        // counts, as in `legal`.
        let empty = self.empty();
        let mut found = 0;
        for m in cells.iter().take(FIRST_ALONE) {
            if !empty.contains(m) || game.foul_in(self, m).is_none() {
                found += 1;
                if found >= n {
                    return true;
                }
            }
        }
        let mut tested = *cells & empty;
        if tested.count() > 4 {
            let (x, o) = (self.stones(Player::X), self.stones(Player::O));
            tested &= game.forbidden_candidates(x, o);
        }
        let sure = cells.and_not(&tested).count();
        sure >= n || sure + self.legal(player, &tested).count() >= n
    }

    /// [`crate::Game::allowed_whatever_white`] on this board's stones.
    #[inline]
    #[must_use]
    pub fn allowed_whatever_white(&self, m: Cell) -> bool {
        self.game().rule() != Rule::Renju || self.game().allowed_whatever_white_in(self, m.index())
    }

    /// [`crate::Game::is_forbidden`] on this board's stones.
    #[inline]
    #[must_use]
    pub fn is_forbidden(&self, m: Cell) -> bool {
        debug_assert!(self.empty().contains(m.index()));
        self.game().rule() == Rule::Renju && self.game().foul_in(self, m.index()).is_some()
    }

    /// [`crate::Game::forbidden_points`] on this board's stones.
    #[must_use]
    pub fn forbidden_points(&self) -> Bitboard {
        let (x, o) = (self.stones(Player::X), self.stones(Player::O));
        self.game().forbidden_points_in(self, x, o)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Added, BitStones, Stones};
    use crate::{Board, Cell, Game, Player, Rule, SearchBoard};

    use crate::test_rng::Rng;

    /// Random renju positions on every board size from 5x5 to 26x26 (both
    /// slot widths of the line words, lines cut short by the edges), some
    /// sparse, some dense.
    fn positions(count: u64) -> impl Iterator<Item = SearchBoard> {
        (1..=count).map(|seed| {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let (w, h) = (5 + rng.below(22) as u32, 5 + rng.below(22) as u32);
            let mut board = Board::new(Game::new(w, h, 5, Rule::Renju).unwrap());
            let cells = u64::from(w * h);
            let density = 1 + rng.below(3);
            let stones = rng.below(cells * density / 6);
            for _ in 0..stones {
                let (cx, cy) = (rng.below(u64::from(w)), rng.below(u64::from(h)));
                let c = board.game().geometry().cell(cx as u32, cy as u32).unwrap();
                if board.empty().contains(c.index()) {
                    let p = if rng.below(2) == 0 {
                        Player::X
                    } else {
                        Player::O
                    };
                    board.place(c, p);
                }
            }
            SearchBoard::from(board)
        })
    }

    /// The lines read from the line words are the lines walked on the
    /// bitboards, through every empty cell, with and without stones added
    /// on the way (the search for real threes), and so are the answers:
    /// fouls, cells allowed whatever White adds, forbidden points and the
    /// legal cells.
    #[test]
    fn line_words_read_the_lines_the_walk_reads() {
        let mut tested = 0;
        for board in positions(400) {
            let game = *board.game();
            let (x, o) = (board.stones(Player::X), board.stones(Player::O));
            let bits = BitStones {
                black: x.words(),
                white: o.words(),
            };
            let empty: Vec<usize> = board.empty().iter().collect();
            for (n, &m) in empty.iter().enumerate() {
                // Two other empty cells as added stones, one under the other.
                let a1 = Added {
                    cell: empty[(n * 7 + 1) % empty.len()],
                    below: None,
                };
                let a2 = Added {
                    cell: empty[(n * 13 + 5) % empty.len()],
                    below: Some(&a1),
                };
                for added in [None, Some(&a1), Some(&a2)] {
                    if Added::cells(added).any(|a| a == m) {
                        continue;
                    }
                    let (ours, walked) =
                        (board.lines(&game, m, added), bits.lines(&game, m, added));
                    for ((a, d), (b, e)) in ours.iter().zip(&walked) {
                        assert_eq!(
                            (a.black, a.blocked, d),
                            (b.black, b.blocked, e),
                            "{board:?} at {m}"
                        );
                    }
                    tested += 1;
                }
                let c = Cell::from_index(m);
                assert_eq!(
                    board.is_forbidden(c),
                    game.is_forbidden(x, o, c),
                    "{board:?} at {m}"
                );
                assert_eq!(
                    board.allowed_whatever_white(c),
                    game.allowed_whatever_white(x, o, c),
                    "{board:?} at {m}"
                );
            }
            assert_eq!(
                board.forbidden_points(),
                game.forbidden_points(x, o),
                "{board:?}"
            );
            let all = *board.game().geometry().cells();
            assert_eq!(
                board.legal(Player::X, &all),
                board.board().legal(Player::X, &all)
            );
            for &m in empty.iter().take(6) {
                let mut one = crate::Bitboard::EMPTY;
                one.insert(m);
                assert_eq!(
                    board.legal(Player::X, &one),
                    board.board().legal(Player::X, &one)
                );
            }
        }
        assert!(tested > 100_000, "{tested} lines compared");
    }

    /// The cheap Black bits are a superset of the lines' Black bits, with
    /// and without added stones, on every empty cell: the quick test of
    /// `renju_move` on them can only say "free" where the lines would.
    /// Fails if a bit of the lines is missing (shown by dropping the
    /// added stones).
    #[test]
    fn black_bits_hold_the_lines_black_bits() {
        let mut compared = 0;
        for board in positions(200) {
            let game = *board.game();
            let empty: Vec<usize> = board.empty().iter().collect();
            for (n, &m) in empty.iter().enumerate() {
                let a1 = Added {
                    cell: empty[(n * 7 + 1) % empty.len()],
                    below: None,
                };
                for added in [None, Some(&a1)] {
                    if Added::cells(added).any(|a| a == m) {
                        continue;
                    }
                    let bits = board.black_bits(&game, m, added).expect("read from words");
                    for (d, (line, _)) in board.lines(&game, m, added).iter().enumerate() {
                        assert_eq!(line.black & !bits[d], 0, "{board:?} at {m}, {d}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 100_000, "{compared}");
    }

    /// `legal_reaches` says what counting `legal` says, for both players,
    /// on every empty cell, a few cells, one or none, and for counts
    /// around the true one (the positions' forbidden points make it fall
    /// short of the cells given), and on the forbidden points alone and
    /// with a few other cells (so that the cells it tests first, one by
    /// one, are forbidden ones).
    #[test]
    fn legal_reaches_counts_the_legal_cells() {
        let mut short = 0;
        for board in positions(300) {
            let empty = board.empty();
            let few: crate::Bitboard = empty.iter().step_by(3).take(7).collect();
            let one: crate::Bitboard = empty.iter().take(1).collect();
            let forbidden = board.forbidden_points();
            let sets = [
                empty,
                few,
                one,
                crate::Bitboard::EMPTY,
                forbidden,
                forbidden | few,
            ];
            for cells in sets {
                for player in [Player::X, Player::O] {
                    let legal = board.legal(player, &cells).count();
                    short += u32::from(legal < cells.count());
                    for n in [0, 1, 2, legal.saturating_sub(1), legal, legal + 1] {
                        assert_eq!(
                            board.legal_reaches(player, &cells, n),
                            legal >= n,
                            "{board:?} {player:?} {n}"
                        );
                    }
                }
            }
        }
        assert!(short > 50, "{short}");
    }
}

//! Fours kept along a search: one side's fours over every empty cell, by
//! direction, updated after a few stones are placed by re-testing only the
//! cells on the lines through those stones, instead of the whole board.
//!
//! A VCF search places two stones per level (a four and its block), and the
//! attacker's fours elsewhere do not change: this is what makes keeping them
//! cheaper than finding them again ([`SearchBoard::fours_without_win`]).
//!
//! # Why only the lines through the new stones
//!
//! Let `player` have no winning cell. Then an empty cell `c` is a four
//! exactly when a stone on `c` makes some cell winning, and every cell it
//! makes winning lies on a line through `c`, just past the run of own stones
//! through `c` (the winning run holds `c`, else its cell was winning
//! already): that is [`SearchBoard::made_wins`] along each of the four
//! directions, so `c` is a four *along* direction `d` or not, and a four
//! when it is one along some direction.
//!
//! Whether `c` is a four along `d` depends only on the cells of `c`'s line
//! along `d` within `k` steps of `c`: a winning run through `c` has `k`
//! cells or (freestyle) more, of which the first `k` from `c` decide, and
//! under the exact rule a run of exactly `k` through `c` lies within `k - 1`
//! steps, the cells bounding it within `k`. A run reaching further than `k`
//! steps holds more than `k` cells with and without the far stone. So a stone
//! placed on `s` changes whether `c` is a four along `d` only when `c` lies
//! on the line through `s` along `d`, within `k` steps of it; re-testing
//! those cells along that direction (and dropping `s` itself, no longer
//! empty) gives the fours after the stone, provided `player` still has no
//! winning cell then. A VCF's attacker has none at each of its turns (its
//! four's only winning cell was blocked; a defender stone makes it none).

use crate::bitboard::Bitboard;
use crate::game::LineRule;
use crate::geometry::{Cell, Player};
use crate::search_board::SearchBoard;

/// One side's fours over every empty cell of a board, by direction (see the
/// module docs): the cells where a stone of that side makes a winning cell
/// along that direction. Valid only while the side has no winning cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineFours {
    along: [Bitboard; 4],
}

impl LineFours {
    /// Every four, whatever its direction: [`SearchBoard::fours_without_win`]
    /// over every empty cell.
    #[inline]
    #[must_use]
    pub fn all(&self) -> Bitboard {
        (self.along[0] | self.along[1]) | (self.along[2] | self.along[3])
    }

    /// The directions along which `cell` is a four, as a set for
    /// [`SearchBoard::made_wins_along`] (bit `d` for direction `d`).
    #[inline]
    #[must_use]
    pub fn directions_at(&self, cell: Cell) -> u8 {
        let mut set = 0;
        for (d, along) in self.along.iter().enumerate() {
            set |= u8::from(along.contains(cell.index())) << d;
        }
        set
    }
}

impl SearchBoard {
    /// The fours of `player`, which must have no winning cell (checked in
    /// debug builds), over every empty cell, found from scratch.
    #[must_use]
    pub fn line_fours(&self, player: Player) -> LineFours {
        debug_assert!(self.winning_cells(player).is_empty());
        let p = player.index();
        let (own, opp) = (self.stones(player), self.stones(player.other()));
        // Every four lies in a window of k cells without an opponent stone
        // and with at most two empty cells (see `Game::fours`).
        let superset = self.game().window_cells(own, opp, 2);
        let mut fours = LineFours::default();
        for i in superset.iter() {
            for d in 0..4 {
                if self.four_along(p, i, d) {
                    fours.along[d].insert(i);
                }
            }
        }
        fours
    }

    /// Updates `fours`, the fours of `player` before a stone (of either
    /// side) was placed on `placed`, to the board now: the cells on the four
    /// lines through `placed` within `k` steps are tested again along that
    /// line (see the module docs). `player` must have no winning cell now.
    pub fn update_line_fours(&self, player: Player, fours: &mut LineFours, placed: Cell) {
        debug_assert!(self.winning_cells(player).is_empty());
        let k = self.game().k();
        let at = self.map.at(placed.index());
        // A stone of the other side only takes fours away: the windows it
        // stands in are no longer free of the other side, the others are
        // unchanged, and it changes no run of `player` (nor, under the
        // exact rule, the stones that bound one). So where no four of
        // `player` along a direction lies within `k` steps of it, that
        // direction has nothing to test.
        let theirs = !self.lines[player.index()].has(at);
        for (d, step) in self.game().geometry().directions().into_iter().enumerate() {
            let (p, step) = (at.mask[d].trailing_zeros(), step as usize);
            // The cells of `placed`'s line within k steps of it either way.
            let (down, up) = self.map.extent(at, d);
            let (down, up) = (down.min(k), up.min(k));
            let along = &mut fours.along[d];
            along.remove(placed.index());
            if theirs {
                let first = placed.index() - down as usize * step;
                let any = (0..=(down + up) as usize).any(|t| along.contains(first + t * step));
                if !any {
                    continue;
                }
            }
            let word = self.fours_along_word(player, placed, d);
            let mut i = placed.index();
            for t in 1..=up {
                i += step;
                along.assign(i, word >> (p + t) & 1 != 0);
            }
            let mut i = placed.index();
            for t in 1..=down {
                i -= step;
                along.assign(i, word >> (p - t) & 1 != 0);
            }
        }
    }

    /// The fours of `player` along direction `d` on the line word holding
    /// `cell`'s line along `d` (every line of that word), as its bits: the
    /// empty cells of the windows of `k` cells without an opponent stone and
    /// with at most two empty cells, under the exact rule only those whose
    /// two bounding cells hold no own stone. With no winning cell of
    /// `player` (one empty cell in such a window would be one), these are
    /// the cells where a stone makes a winning cell along `d`: the window
    /// filled is a winning run, and a winning run made by two stones is
    /// such a window. Slot top bits and bits off the board are never free,
    /// so no window crosses a line's end.
    fn fours_along_word(&self, player: Player, cell: Cell, d: usize) -> u64 {
        let p = player.index();
        let w = usize::from(self.map.at(cell.index()).word[d]);
        let (own, opp) = (self.lines[p].0[w], self.lines[1 - p].0[w]);
        let free = self.map.valid[w] & !opp;
        let empty = free & !own;
        let k = self.game().k();
        // Windows by their lowest bit: all free, and more than 0, 1, 2
        // empty cells so far.
        let (mut starts, mut e0, mut e1, mut e2) = (free, empty, 0u64, 0u64);
        for t in 1..k {
            let e = empty >> t;
            starts &= free >> t;
            e2 |= e1 & e;
            e1 |= e0 & e;
            e0 |= e;
        }
        starts &= !e2;
        if self.game().rule_for(player) == LineRule::Exact {
            starts &= !(own << 1) & !own.checked_shr(k).unwrap_or(0);
        }
        let mut cells = 0;
        for t in 0..k {
            cells |= starts << t;
        }
        cells & empty
    }

    /// Whether a stone of player `p` (its index) on the empty cell with
    /// bitboard index `i` makes a winning cell along direction `d` (in the
    /// order of [`crate::Geometry::directions`]).
    #[inline]
    fn four_along(&self, p: usize, i: usize, d: usize) -> bool {
        let (own, opp) = (&self.lines[p], &self.lines[1 - p]);
        let at = self.map.at(i);
        let k = self.game().k();
        let player = if p == 0 { Player::X } else { Player::O };
        let [fwd, bwd] = match self.game().rule_for(player) {
            LineRule::Freestyle => own.made_wins(opp, self.map, at, d, |run| run >= k),
            LineRule::Exact => own.made_wins(opp, self.map, at, d, |run| run == k),
        };
        fwd.is_some() || bwd.is_some()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Candidates, Cell, Game, Player, Rule, SearchBoard};

    use crate::test_rng::Rng;

    /// Along random VCF-like walks (a four of the attacker, then its block,
    /// or any stone of either side) on dense random positions under every
    /// rule, the fours updated stone by stone equal the fours found from
    /// scratch, and both equal [`SearchBoard::fours_without_win`], whenever
    /// the attacker has no winning cell.
    #[test]
    fn updated_fours_equal_fours_found_from_scratch() {
        let mut compared = 0;
        for seed in 1..600u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let side = 5 + rng.below(11) as u32;
            let k = 3 + rng.below(4).min(u64::from(side) - 3) as u32;
            let rule = [Rule::Freestyle, Rule::Exact, Rule::Renju][rng.below(3) as usize];
            let rule = if rule == Rule::Renju && k != 5 {
                Rule::Exact
            } else {
                rule
            };
            let game = Game::new(side, side, k, rule).unwrap();
            let mut board = SearchBoard::from(Board::new(game));
            let cells: Vec<Cell> = game.geometry().all_cells().collect();
            let attacker = if rng.below(2) == 0 {
                Player::X
            } else {
                Player::O
            };
            let mut fours = None;
            for _ in 0..(cells.len() as u64 * 2 / 3) {
                let empty = board.empty();
                let c = cells[rng.below(cells.len() as u64) as usize];
                if !empty.contains(c.index()) {
                    continue;
                }
                let player = if rng.below(2) == 0 {
                    Player::X
                } else {
                    Player::O
                };
                board.place(c, player);
                if board.has_line(Player::X) || board.has_line(Player::O) {
                    board.remove(c, player);
                    continue;
                }
                let mut placed = vec![c];
                let wins = board.winning_cells(attacker);
                if !wins.is_empty() {
                    // Block the attacker's winning cells, as a VCF's defender
                    // does: after a four of the attacker (one winning cell)
                    // the kept fours are updated through both stones, else
                    // they start again.
                    let four = player == attacker && !wins.has_two();
                    for w in wins.iter() {
                        board.place(Cell::from_index(w), attacker.other());
                        placed.push(Cell::from_index(w));
                    }
                    if board.has_line(attacker.other()) {
                        break;
                    }
                    if !four {
                        fours = None;
                        continue;
                    }
                }
                let scratch = board.line_fours(attacker);
                if let Some(f) = fours.as_mut() {
                    for &s in &placed {
                        board.update_line_fours(attacker, f, s);
                    }
                    assert_eq!(*f, scratch, "seed {seed}: {board:?}");
                    compared += 1;
                }
                let all = board.candidates(Candidates::All);
                assert_eq!(scratch.all(), board.fours_without_win(attacker, &all));
                // A four's winning cells, looked for only along the
                // directions it is a four in, are all of them.
                for m in scratch.all().iter().map(Cell::from_index) {
                    let along = board.made_wins_along(attacker, m, scratch.directions_at(m));
                    assert_eq!(
                        along,
                        board.made_wins(attacker, m),
                        "seed {seed}: {board:?}"
                    );
                    // And the VCF search's question of them: none, which
                    // one, or two or more.
                    let alone = match along.count() {
                        0 => crate::WinCells::None,
                        1 => crate::WinCells::One(Cell::from_index(along.first().unwrap())),
                        _ => crate::WinCells::Several,
                    };
                    let dirs = scratch.directions_at(m);
                    assert_eq!(board.made_win_alone(attacker, m, dirs), alone);
                    assert_eq!(
                        board.made_win_alone(attacker.other(), m, crate::ALL_DIRECTIONS),
                        crate::WinCells::of(&board.made_wins(attacker.other(), m)),
                        "seed {seed}: {board:?}"
                    );
                }
                fours = Some(scratch);
            }
        }
        assert!(compared > 10_000, "only {compared} comparisons");
    }
}

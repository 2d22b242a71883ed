//! Fours: how a four gets detected. A four is a move that wins at once or
//! leaves its side a winning cell; [`Game::is_four`] tests one move,
//! [`Game::fours`] filters a set of moves through the windows with at most
//! two empty cells.

use crate::bitboard::{Bitboard, Words};
use crate::game::{Game, LineRule};
use crate::geometry::{Cell, Player};

impl Game {
    /// Whether playing the empty cell `m` for `own` is a four: it wins at
    /// once, or afterwards `own` has a winning cell.
    #[must_use]
    pub fn is_four(&self, player: Player, own: &Bitboard, opp: &Bitboard, m: Cell) -> bool {
        by_words!(self, N, S => self.is_four_in::<N, S>(player, Words::of(own), Words::of(opp), m.index()))
    }

    /// [`Game::is_four`] on the words a board uses.
    #[inline(always)]
    pub(super) fn is_four_in<const N: usize, const S: u32>(
        &self,
        player: Player,
        own: Words<N>,
        opp: Words<N>,
        m: usize,
    ) -> bool {
        let mut after = own;
        after.insert(m);
        self.wins_by_walk(player, &after.0, m)
            || !self.winning_in::<N, S>(player, after, opp, true).is_empty()
    }

    /// The cells of `within` that are fours for `own` (see [`Game::is_four`]).
    ///
    /// Fast path: when `own` has no winning cell yet, a four `m` must share a
    /// window of k cells with its new winning cell `w` that is full of own
    /// stones once both are played (a winning line contains such a window; if
    /// the window missed `m`, `w` would have been winning before `m`, even
    /// under the exact rule, since an own stone not adjacent to a run leaves
    /// it unchanged). So `m` lies in a window with no opponent stone and at
    /// most two empty cells. Under freestyle the converse holds too; under the
    /// exact rule each such cell is checked.
    #[must_use]
    pub fn fours(
        &self,
        player: Player,
        own: &Bitboard,
        opp: &Bitboard,
        within: &Bitboard,
    ) -> Bitboard {
        let within = *within & *self.geometry().cells();
        by_words!(self, N, S => {
            self.fours_in::<N, S>(player, Words::of(own), Words::of(opp), Words::of(&within), false)
                .to_bitboard()
        })
    }

    /// [`Game::fours`] when the caller knows that `own` has no winning cell
    /// (checked in debug builds): saves looking for one.
    ///
    /// # Panics
    ///
    /// In debug builds, when `own` has a winning cell.
    #[must_use]
    pub fn fours_without_win(
        &self,
        player: Player,
        own: &Bitboard,
        opp: &Bitboard,
        within: &Bitboard,
    ) -> Bitboard {
        debug_assert!(self.winning_cells(player, own, opp).is_empty());
        let within = *within & *self.geometry().cells();
        by_words!(self, N, S => {
            self.fours_in::<N, S>(player, Words::of(own), Words::of(opp), Words::of(&within), true)
                .to_bitboard()
        })
    }

    /// [`Game::fours`] on the words a board uses; with `no_winning_cell`
    /// the caller vouches that `own` has none.
    #[inline(always)]
    fn fours_in<const N: usize, const S: u32>(
        &self,
        player: Player,
        own: Words<N>,
        opp: Words<N>,
        within: Words<N>,
        no_winning_cell: bool,
    ) -> Words<N> {
        let within = within.and_not(own | opp);
        let has_winning_cell =
            !no_winning_cell && !self.winning_in::<N, S>(player, own, opp, true).is_empty();
        if has_winning_cell && self.rule_for(player) == LineRule::Freestyle {
            // Any move keeps the winning cell or takes it and wins.
            return within;
        }
        let superset = if has_winning_cell {
            within
        } else {
            self.window_cells_in::<N, S>(own, opp, 2) & within
        };
        if self.rule_for(player) == LineRule::Freestyle {
            return superset;
        }
        let mut fours = Words::ZERO;
        for m in superset.iter() {
            if self.is_four_in::<N, S>(player, own, opp, m) {
                fours.insert(m);
            }
        }
        fours
    }
}

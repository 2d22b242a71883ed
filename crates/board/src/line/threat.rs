//! Threats: fours, and moves after which some empty cell would give their
//! side two or more winning cells. [`Game::is_threat`] tests one move,
//! [`Game::threats`] filters a set of moves through the windows with at
//! most three empty cells.

use crate::bitboard::{Bitboard, Words};
use crate::game::{Game, LineRule};
use crate::geometry::{Cell, Player};

impl Game {
    /// Whether some empty cell, played for `own`, would leave `own` two or
    /// more winning cells. `own` must have no winning cell of its own.
    #[inline(always)]
    fn has_double_point_in<const N: usize, const S: u32>(
        &self,
        player: Player,
        own: Words<N>,
        opp: Words<N>,
    ) -> bool {
        // A cell giving two winning cells completes, with each of them, a
        // window holding k - 2 own stones (the argument is in `threats`);
        // with no winning cell before, its winning cells are those it makes.
        self.window_cells_in::<N, S>(own, opp, 2)
            .iter()
            .any(|e| self.made_win_count_by_walk(player, &own.0, &opp.0, e) >= 2)
    }

    /// Whether playing the empty cell `m` for `own` is a threat: a four, or
    /// afterwards some empty cell would give `own` two or more winning cells.
    #[must_use]
    pub fn is_threat(&self, player: Player, own: &Bitboard, opp: &Bitboard, m: Cell) -> bool {
        by_words!(self, N, S => self.is_threat_in::<N, S>(player, Words::of(own), Words::of(opp), m.index()))
    }

    /// [`Game::is_threat`] on the words a board uses.
    #[inline(always)]
    fn is_threat_in<const N: usize, const S: u32>(
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
            || self.has_double_point_in::<N, S>(player, after, opp)
    }

    /// The cells of `within` that are threats for `own` (see
    /// [`Game::is_threat`]).
    ///
    /// Fast path: when `own` has neither a winning cell nor a cell giving two
    /// of them, a threat `m` that is not a four leaves some cell `e` giving
    /// two winning cells; not both of their windows can miss `m` (they would
    /// have been there before `m`), and the window holding `m`, `e` and a
    /// winning cell has k - 3 own stones and no opponent stone. Each cell of
    /// that superset is then checked literally.
    #[must_use]
    pub fn threats(
        &self,
        player: Player,
        own: &Bitboard,
        opp: &Bitboard,
        within: &Bitboard,
    ) -> Bitboard {
        let within = *within & *self.geometry().cells();
        by_words!(self, N, S => {
            self.threats_in::<N, S>(player, Words::of(own), Words::of(opp), Words::of(&within))
                .to_bitboard()
        })
    }

    /// [`Game::threats`] on the words a board uses.
    #[inline(always)]
    fn threats_in<const N: usize, const S: u32>(
        &self,
        player: Player,
        own: Words<N>,
        opp: Words<N>,
        within: Words<N>,
    ) -> Words<N> {
        let within = within.and_not(own | opp);
        let degenerate = !self.winning_in::<N, S>(player, own, opp, true).is_empty()
            || self.has_double_point_in::<N, S>(player, own, opp);
        if degenerate && self.rule_for(player) == LineRule::Freestyle {
            // Under freestyle an own stone never spoils an own winning cell
            // or double point other than by taking it, which is then a four.
            return within;
        }
        let superset = if degenerate {
            within
        } else {
            self.window_cells_in::<N, S>(own, opp, 3) & within
        };
        let mut threats = Words::ZERO;
        for m in superset.iter() {
            if self.is_threat_in::<N, S>(player, own, opp, m) {
                threats.insert(m);
            }
        }
        threats
    }
}

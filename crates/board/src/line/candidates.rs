//! Candidates: the empty cells a side may play under a [`Candidates`]
//! restriction, the attacker's moves under an [`Attack`] filter, and the
//! cells next to two stones (a move-ordering hint).

use crate::bitboard::{Bitboard, Words};
use crate::game::Game;
use crate::geometry::Player;
use crate::restriction::{Attack, Candidates};

impl Game {
    /// The empty cells a side may play under `candidates`: `Near(r)` is every
    /// empty cell within `r` king steps of a stone (the centre alone on an
    /// empty board), `All` every empty cell.
    #[must_use]
    pub fn candidates(&self, own: &Bitboard, opp: &Bitboard, candidates: Candidates) -> Bitboard {
        by_words!(self, N, S => {
            self.candidates_in::<N, S>(Words::of(own), Words::of(opp), candidates)
                .to_bitboard()
        })
    }

    /// [`Game::candidates`] on the words a board uses.
    #[inline(always)]
    fn candidates_in<const N: usize, const S: u32>(
        &self,
        own: Words<N>,
        opp: Words<N>,
        candidates: Candidates,
    ) -> Words<N> {
        let cells = Words::<N>::of(self.geometry().cells());
        let stones = own | opp;
        let empty = cells.and_not(stones);
        match candidates {
            Candidates::All => empty,
            Candidates::Near(_) if stones.is_empty() => {
                let mut c = Words::ZERO;
                c.insert(self.geometry().centre().index());
                c
            }
            Candidates::Near(r) => {
                let s = self.dirs::<S>()[1];
                let steps = u32::from(r).min(self.geometry().width().max(self.geometry().height()));
                let mut area = stones;
                for _ in 0..steps {
                    // A sideways step off a row lands on a padding bit, which
                    // the vertical steps keep in the padding column and the
                    // mask then clears.
                    let h = area | area.shl(1) | area.shr(1);
                    area = (h | h.shl(s) | h.shr(s)) & cells;
                }
                area & empty
            }
        }
    }

    /// The real cells with two or more of `stones` among their eight
    /// neighbours (a move-ordering hint for searches).
    #[must_use]
    pub fn next_to_two(&self, stones: &Bitboard) -> Bitboard {
        by_words!(self, N, S => {
            let stones = Words::<N>::of(stones);
            let mut one = Words::<N>::ZERO;
            let mut two = Words::<N>::ZERO;
            let dirs = self.dirs::<S>();
            for_each_direction!(I => {
                for t in [stones.shl(dirs[I]), stones.shr(dirs[I])] {
                    two |= one & t;
                    one |= t;
                }
            });
            (two & Words::<N>::of(self.geometry().cells())).to_bitboard()
        })
    }

    /// The moves the attacker `player`, whose stones are `own`, may make: its
    /// candidates passing `attack`.
    #[must_use]
    pub fn attack_moves(
        &self,
        player: Player,
        own: &Bitboard,
        opp: &Bitboard,
        candidates: Candidates,
        attack: Attack,
    ) -> Bitboard {
        let cands = self.candidates(own, opp, candidates);
        match attack {
            Attack::Any => cands,
            Attack::Fours => self.fours(player, own, opp, &cands),
            Attack::Threats => self.threats(player, own, opp, &cands),
        }
    }
}

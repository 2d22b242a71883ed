//! Disproof zones (issue 19, item 2): the cells a no-win depended on, so
//! that one refutation of an attacker's move refutes every other move
//! outside them (Hsu, Ko, Chen, Wei, Hsueh, Wu, "On solving the 7,7,5-game
//! and the 8,8,5-game", TCS 815, 2020; Shih et al., AAAI 2022, call them
//! relevance zones). This module says what a zone is, gives the zones of
//! the no-wins the rules decide, and how a prover combines them; the
//! provers keep the zones of their nodes (PNS: `pns::search::zones`).
//!
//! # What a zone claims
//!
//! Let R be a position, A the attacker, D the defender. A position R' is a
//! *Z-variant* of R when it has the same side to move, the same defender
//! stones, the same attacker stones on the cells of Z, and as many attacker
//! stones in all (so as many empty cells): only the attacker's stones
//! outside Z may stand elsewhere. Z is a *zone* of a no-win at R when the
//! attacker wins from no Z-variant of R, a variant where it already has a
//! line counting as a win. Being Z-variants is an equivalence, so a zone of
//! R is a zone of each of its Z-variants; the whole board is a zone of any
//! no-win (R is its only variant).
//!
//! # How zones combine
//!
//! - **Defender's node**, refuted by the reply r whose child R+r has zone
//!   Zr: Z = Zr ∪ {r}. In a Z-variant R' the cell r is empty (it is in Z),
//!   and R'+r is a Zr-variant of R+r, from which the attacker does not win
//!   (nor has a line: R' has the same attacker stones as R'+r).
//! - **Attacker's node** whose moves are every empty cell (no reduction cut
//!   them, and the prover kept a child for each: no two merged as mirror
//!   images), each child R+m refuted with zone Zm: Z = ∪ Zm. In a Z-variant
//!   R', a move m' in Z is an empty cell of R, and R'+m' is a Zm'-variant
//!   of R+m'. A move m' outside Z: when some child has m ∉ Zm, R'+m' is a
//!   Zm-variant of R+m (they agree on Zm, which holds neither m nor m', and
//!   have as many attacker stones); when none has, Z holds every move, so
//!   every empty cell of R, and then R' = R (the attacker stones outside Z
//!   have nowhere else to stand).
//! - **Reuse** (the point of it all): at the attacker's node R, once the
//!   child R+m1 is refuted with zone Z and m1 ∉ Z, every child R+m2 with
//!   m2 ∉ Z is a Z-variant of R+m1 (one attacker stone moved from m1 to
//!   m2, both outside Z), so it is refuted too, with the same zone.
//! - **Attacker's node with one block** (reduction 4: the defender has one
//!   winning cell c): Z = Zc ∪ {c} ∪ W, W holding two empty cells (or an
//!   attacker stone on a flank, under the exact rule) of every window free
//!   of defender stones: in a Z-variant the attacker has no winning cell
//!   (W), so a move other than c lets the defender complete its line at c
//!   (its stones are the same; c is empty), and the move c leads to a
//!   Zc-variant of R+c.
//!
//! # Zones of the rules' no-wins
//!
//! A window here is k cells in a row; it is *dead* in a position when it
//! holds a defender stone, or (exact rule) an attacker stone on a flank, or
//! more empty cells than the attacker has stones left. A Z-variant keeps a
//! window dead when the reason is in Z: the defender's stones are the same
//! everywhere, a flank stone in Z stays, and a window holding s + 1 empty
//! cells of Z still needs more than s stones (the count s is the same, the
//! empty cells being as many). Such a witness for every window free of
//! defender stones, with s = 0, says the attacker has no line in a variant;
//! with s = 1, no winning cell; with s its stones left, the completion
//! cutoff ([`super::hopeless`]).
//!
//! - the board full: ∅ (a variant is R itself);
//! - the defender to move with a winning cell c: {c} and the s = 0 witness
//!   (its line needs only its own stones and c);
//! - the attacker to move facing two winning cells of the defender: both,
//!   and the s = 1 witness;
//! - a static no-win ([`super::pairing`]): the cells of the pairs, the empty
//!   cells the potential counted, and a witness for each window the test
//!   left out as dead (see `super::pairing::holds_zone`);
//! - the completion cutoff: its witness.
//!
//! Any other no-win gets the whole board.
//!
//! # Where zones apply
//!
//! Only where the arguments hold: `candidates all` and `attack any` (the
//! variants' moves are every empty cell, and a reduction's cut is argued
//! above only for reduction 4), no horizon (a variant reaches the same
//! plies, but the rules' depth-bound shortcuts are not argued here), not
//! under renju (forbidden points depend on stones anywhere), and boards of
//! at most 128 bitboard bits (zones are `u128` masks).

use super::{NodeRules, UNLIMITED};
use crate::kit::windows::{keep_dead, mask, Masks};
use kinrow_board::{Attack, Bitboard, Candidates, Game, SearchBoard};

/// A set of cells as a mask over the board's bit indices (boards of at
/// most 128 bits; see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Zone(pub u128);

impl Zone {
    /// No cell.
    pub const EMPTY: Zone = Zone(0);

    /// Whether the zone holds the cell of bit index `index`.
    #[cfg(test)]
    #[inline]
    #[must_use]
    pub(crate) const fn contains(self, index: usize) -> bool {
        index < 128 && self.0 >> index & 1 == 1
    }

    /// The bit indices of its cells, in order.
    #[cfg(test)]
    pub(crate) fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                i
            })
        })
    }
}

/// Whether zones apply to a search with `rules` on `game` with `depth`
/// plies left (see the module docs).
#[must_use]
pub fn applies(rules: &NodeRules, game: &Game, depth: u32) -> bool {
    rules.candidates == Candidates::All
        && rules.attack == Attack::Any
        && !game.has_forbidden_points()
        && depth == UNLIMITED
        && game.k() >= 2
        && mask(game.geometry().cells().words()).is_some()
}

/// The whole board of `board`'s game: a zone of every no-win.
#[must_use]
pub fn full(board: &SearchBoard) -> Zone {
    Zone(mask(board.game().geometry().cells().words()).unwrap_or(u128::MAX))
}

/// The zone of a no-win the rules decided at the attacker's turn
/// (`board.to_move()` attacks; no horizon): the first argument of the
/// module docs that holds, or the whole board.
#[must_use]
pub(crate) fn attacker_no_win(board: &SearchBoard) -> Zone {
    let attacker = board.to_move();
    let Some(m) = Masks::of(board, attacker) else {
        return full(board);
    };
    let game = board.game();
    if m.empty == 0 {
        return Zone::EMPTY;
    }
    let threats = mask(board.winning_cells(attacker.other()).words()).unwrap_or(0) & m.empty;
    if threats.count_ones() >= 2 {
        let low = threats & threats.wrapping_neg();
        let rest = threats & !low;
        let mut zone = low | (rest & rest.wrapping_neg());
        if keep_dead(game, &m, 1, false, &mut zone) {
            return Zone(zone);
        }
    }
    if let Some(zone) = super::pairing::holds_zone(board, attacker) {
        return Zone(zone);
    }
    completion_zone(game, &m, m.empty.count_ones().div_ceil(2)).unwrap_or_else(|| full(board))
}

/// The zone of a no-win the rules decided at the defender's turn
/// (`board.to_move()` defends; no horizon), as `attacker_no_win`.
#[must_use]
pub fn defender_no_win(board: &SearchBoard) -> Zone {
    let defender = board.to_move();
    let Some(m) = Masks::of(board, defender.other()) else {
        return full(board);
    };
    let game = board.game();
    if m.empty == 0 {
        return Zone::EMPTY;
    }
    let wins = mask(board.winning_cells(defender).words()).unwrap_or(0) & m.empty;
    if wins != 0 {
        let mut zone = wins & wins.wrapping_neg();
        if keep_dead(game, &m, 0, false, &mut zone) {
            return Zone(zone);
        }
    }
    if let Some(zone) = super::pairing::holds_zone(board, defender.other()) {
        return Zone(zone);
    }
    completion_zone(game, &m, m.empty.count_ones() / 2).unwrap_or_else(|| full(board))
}

/// The zone of a no-win the rules decided on `board`: at the defender's
/// turn when `and` ([`defender_no_win`]), else at the attacker's
/// (`attacker_no_win`).
#[must_use]
pub fn rules_no_win(board: &SearchBoard, and: bool) -> Zone {
    if and {
        defender_no_win(board)
    } else {
        attacker_no_win(board)
    }
}

/// The completion cutoff's witness with `s` stones left, if it holds.
fn completion_zone(game: &Game, m: &Masks, s: u32) -> Option<Zone> {
    let mut zone = 0;
    keep_dead(game, m, s, false, &mut zone).then_some(Zone(zone))
}

/// The base zone of an attacker's node on `board` that the rules left
/// open with `moves` (`merged`: the prover left out a move as the mirror
/// image of another's child): `attacker_base` when the moves are every
/// empty cell (or the one block of reduction 4) and none was merged, else
/// the whole board (a move cut, or mirror images merged).
#[must_use]
pub fn attacker_node_base(board: &SearchBoard, moves: &Bitboard, merged: bool) -> Zone {
    let empty = board.empty();
    let threats = board.winning_cells(board.to_move().other()) & empty;
    let expected = if threats.is_empty() { empty } else { threats };
    if *moves != expected || merged {
        full(board)
    } else {
        attacker_base(board)
    }
}

/// What the reductions contributed at an attacker's node the rules left
/// open with moves (`board.to_move()` attacks): reduction 4's block, when
/// the defender has a winning cell c, needs {c} and the s = 1 witness
/// (module docs); otherwise nothing. The caller adds the whole board when
/// its children do not cover every move (mirror images merged).
#[must_use]
pub(crate) fn attacker_base(board: &SearchBoard) -> Zone {
    let attacker = board.to_move();
    let Some(m) = Masks::of(board, attacker) else {
        return full(board);
    };
    let threats = mask(board.winning_cells(attacker.other()).words()).unwrap_or(0) & m.empty;
    if threats == 0 {
        return Zone::EMPTY;
    }
    let mut zone = threats;
    if threats.count_ones() == 1 && keep_dead(board.game(), &m, 1, false, &mut zone) {
        Zone(zone)
    } else {
        full(board)
    }
}

#[cfg(test)]
mod tests;

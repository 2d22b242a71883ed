//! Which defender's replies a proof-number search tries first, in a whole
//! game on a small board: the first disproof numbers of the attacker's
//! nodes below a defender's node, scaled by how good the reply looks.
//!
//! # Why
//!
//! A draw is proved when, at every defender's node on the way, one reply
//! is refuted by every attacker move. The search picks, at a defender's
//! node, the child with the least dn; an attacker's node starts with dn =
//! its number of moves, nearly the same after every reply on a small
//! board, so the search spread its effort over many replies and proved
//! none. Scaling the first dn of the child after the reply ranked r by
//! (1 + r) sends it to the likely reply first, and to the next only when
//! that one's dn has grown past the next's.
//!
//! # The ranking
//!
//! A cell's score sums, over the windows of k cells in a line through it,
//! 4^s for each window free of defender stones where the attacker has s
//! stones (the lines it would block), and 4^s for each window free of
//! attacker stones where the defender has s (the lines it would build);
//! the rank is the cell's place by score, highest first (ties by cell
//! index). Weights and factor were chosen on the whole game from the
//! empty board, PNS, 60 s (`kinrow solve FILE --prover pns --time 60
//! --json`; nodes created, deterministic; the children still created in
//! canonical order, before the rank order of the searches):
//!
//! | weights (block, build), factor | 7x7 k=5 | 7x4 k=4 |
//! | --- | --- | --- |
//! | no scaling | unknown, 48.7 M | 567 K |
//! | 8^s only blocking, 1 + r | unknown, 35.3 M | 329 K |
//! | 2 * 8^s, 8^s, 1 + r (the first try) | 17.4 M | 269 K |
//! | 8^s, 8^s, 1 + r | 10.3 M | 205 K |
//! | **4^s, 4^s, 1 + r** | **9.86 M** | **189 K** |
//! | 4^s, 4^s, 1 + 2r | 10.1 M | 202 K |
//! | 4^s, 4^s, 1 + 3r/4 | 20.9 M | 203 K |
//!
//! (with the first try's weights, 1 + r/2, 1 + 3r/2 and 1 + 4r took 30.1 M,
//! 17.5 M and 21.1 M nodes on 7x7). The same scaling of the attacker's
//! moves (the pn of the defender's nodes, by the same rank) was tried too
//! and left out: 10x4 k=4 gained (5.93 M to 4.64 M), 9x4 and 7x7 lost
//! (3.28 M to 7.76 M, 9.86 M to 17.9 M).
//!
//! # Soundness
//!
//! None needed: only first numbers change, which steer the search and
//! never settle a node (a node is proved or disproved from its children or
//! the rules alone), so verdicts cannot change; the tests compare the
//! provers with it and without.
//!
//! # Where
//!
//! Where disproof zones apply ([`crate::rules::zone::applies`]): the whole
//! game (no horizon, `candidates all`, `attack any`, not renju) on boards
//! of at most 128 bitboard bits. That is where it was measured; a
//! position searched under a horizon or among nearby candidates is a
//! tactical question, where the shape heuristic already orders replies.

use super::windows::{for_each_window, Masks};
use super::ProofNumber;
use kinrow_board::SearchBoard;

/// The largest factor a rank scales a dn by.
const MAX_FACTOR: u32 = 1 << 12;

/// The rank of every empty cell as the reply of the defender to move on
/// `board` (0 the best; indexed by bit index), or `None` on a board of
/// more than 128 bits.
pub fn reply_ranks(board: &SearchBoard) -> Option<[u16; 128]> {
    let attacker = board.to_move().other();
    let m = Masks::of(board, attacker)?;
    let mut score = [0u64; 128];
    let weight = |stones: u32| 1u64 << (2 * stones).min(48);
    for_each_window(board.game(), m.cells, |w, _| {
        let add = match (w & m.def == 0, w & m.att == 0) {
            (true, true) => 2 * weight(0),
            (true, false) => weight((w & m.att).count_ones()),
            (false, true) => weight((w & m.def).count_ones()),
            (false, false) => return,
        };
        let mut e = w & m.empty;
        while e != 0 {
            let c = e.trailing_zeros() as usize;
            score[c] = score[c].saturating_add(add);
            e &= e - 1;
        }
    });
    let mut cells = [0u8; 128];
    let mut n = 0;
    let mut e = m.empty;
    while e != 0 {
        cells[n] = e.trailing_zeros() as u8;
        n += 1;
        e &= e - 1;
    }
    let cells = &mut cells[..n];
    cells.sort_by_key(|&c| std::cmp::Reverse(score[usize::from(c)]));
    let mut rank = [0u16; 128];
    for (r, &c) in cells.iter().enumerate() {
        rank[usize::from(c)] = r as u16;
    }
    Some(rank)
}

/// How much more the first dn of a defender's replies not created yet (the
/// *rest* of lazy creation, in PNS and df-pn) weighs than a reply's would
/// at the same rank: the search widens a node only once its best replies
/// look much worse than the next would (measured in `pns/search/lazy.rs`).
pub(crate) const REST_WEIGHT: u32 = 16;

/// The first dn of the rest of a defender's node whose best reply left is
/// ranked `rank`, with `moves` attacker moves after a reply.
pub fn rest_dn(moves: u32, rank: u16) -> ProofNumber {
    scaled(
        ProofNumber::finite(moves.max(1).saturating_mul(REST_WEIGHT)),
        rank,
    )
}

/// The first disproof number `dn` of the attacker's node after the reply
/// of rank `rank`: `dn * (1 + rank)`. A settled number (0 or infinity)
/// stays as it is.
pub fn scaled(dn: ProofNumber, rank: u16) -> ProofNumber {
    if dn.is_zero() || dn == ProofNumber::INFINITY {
        return dn;
    }
    let factor = (1 + u32::from(rank)).min(MAX_FACTOR);
    ProofNumber::finite(
        dn.get()
            .saturating_mul(factor)
            .min(ProofNumber::MAX_FINITE.get()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_board::{Board, Game, Rule};

    fn board(moves: &[&str]) -> SearchBoard {
        let mut b = Board::new(Game::new(7, 7, 5, Rule::Freestyle).unwrap());
        for m in moves {
            let c = b.game().geometry().parse_cell(m).unwrap();
            b.play(c);
        }
        SearchBoard::from(b)
    }

    #[test]
    fn the_centre_ranks_first_on_an_empty_board_and_a_block_next_to_a_pair() {
        let g = *board(&[]).game().geometry();
        let idx = |n: &str| g.parse_cell(n).unwrap().index();
        let empty = reply_ranks(&board(&[])).unwrap();
        assert_eq!(empty[idx("d4")], 0);
        // x holds d4 and d5, o holds c3; o to move: the cells that block
        // both on the d file outrank a far corner.
        let ranks = reply_ranks(&board(&["d4", "c3", "d5"])).unwrap();
        assert!(ranks[idx("d6")] < ranks[idx("a7")]);
        assert!(ranks[idx("d3")] < ranks[idx("g1")]);
    }

    #[test]
    fn scaling_leaves_settled_numbers_and_saturates() {
        assert_eq!(scaled(ProofNumber::ZERO, 5), ProofNumber::ZERO);
        assert_eq!(scaled(ProofNumber::INFINITY, 5), ProofNumber::INFINITY);
        assert_eq!(scaled(ProofNumber::finite(7), 0), ProofNumber::finite(7));
        assert_eq!(scaled(ProofNumber::finite(7), 2), ProofNumber::finite(21));
        assert!(scaled(ProofNumber::MAX_FINITE, 100) < ProofNumber::INFINITY);
    }
}

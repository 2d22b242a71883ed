//! Vertex domination (`kinrow_prover::rules::dominance`) against the
//! exhaustive search of `kinrow-reference`: the moves it keeps hold the
//! value of a random small whole game for the side to move, whether that
//! side attacks or defends; and PNS with it cutting either side agrees
//! with PNS without it and with the exhaustive search.

use crate::common::{compare_ablation, random_whole_games, sweep};
use kinrow_board::{Board, SearchBoard};
use kinrow_prover::rules::dominance::{applies, undominated};
use kinrow_prover::{Dominance, Pns, PnsConfig};
use kinrow_reference::{adapt, attacker_wins_game, other, NaiveBoard};

/// Whether `attacker` wins the whole game after `mover` plays the cell
/// `(x, y)` on `nb` (the exhaustive search; a line the move completes
/// ends the game, a full board is a draw).
fn wins_after(nb: &NaiveBoard, (x, y): (usize, usize), mover: u8, attacker: u8) -> bool {
    let mut after = nb.clone();
    after.set(x, y, mover);
    if after.wins_at(x, y) {
        return mover == attacker;
    }
    !after.is_full() && attacker_wins_game(&after, attacker, other(mover))
}

/// The side to move keeps the game's value playing only the moves
/// domination keeps: as the attacker it wins with one of them when it
/// wins at all, and as the defender one of them holds when any move
/// does. Returns whether domination cut a move here.
fn check(nb: &NaiveBoard, to_move: u8, board: &Board) -> bool {
    let search = SearchBoard::from(board.clone());
    let kept = undominated(&search, &search.empty());
    let cells: Vec<_> = nb.empty_cells();
    let kept_cells: Vec<_> = cells
        .iter()
        .copied()
        .filter(|&c| kept.contains(adapt::cell(board, c).index()))
        .collect();
    assert!(
        !kept_cells.is_empty(),
        "{nb:?} to move {to_move}: no move kept"
    );
    let me = to_move;
    let wins = attacker_wins_game(nb, me, me);
    let kept_wins = kept_cells.iter().any(|&c| wins_after(nb, c, me, me));
    assert_eq!(
        wins, kept_wins,
        "{nb:?}: {me} attacking, kept {kept_cells:?}"
    );
    let loses = attacker_wins_game(nb, other(me), me);
    let kept_loses = kept_cells.iter().all(|&c| wins_after(nb, c, me, other(me)));
    assert_eq!(
        loses, kept_loses,
        "{nb:?}: {me} defending, kept {kept_cells:?}"
    );
    kept_cells.len() < cells.len()
}

#[test]
fn dominated_moves_change_no_value_of_a_small_whole_game() {
    let (mut checked, mut cut) = (0, 0);
    for (nb, to_move, problem) in random_whole_games(0xd0d0, sweep(1500), (4, 13)) {
        if !applies(problem.board.game()) {
            continue;
        }
        checked += 1;
        cut += u32::from(check(&nb, to_move, &problem.board));
    }
    // Enough positions, and domination cut moves in many of them.
    assert!(checked >= sweep(600), "checked {checked}");
    assert!(cut >= sweep(150), "cut in {cut} of {checked}");
}

/// PNS with domination cutting `dominance`'s sides.
fn pns(dominance: Dominance) -> Pns {
    Pns::new(PnsConfig {
        dominance,
        ..PnsConfig::default()
    })
}

#[test]
fn pns_with_domination_agrees_with_exhaustive_search() {
    // The rules settle most small positions before a cut matters, so the
    // exhaustive comparison takes the emptier boards it affords, and a
    // comparison with PNS without domination the emptier ones still,
    // where it must have changed searches.
    for (dominance, seed) in [(Dominance::REPLIES, 0xd0d1), (Dominance::BOTH, 0xd0d2)] {
        let (mut with, mut without) = (pns(dominance), pns(Dominance::OFF));
        let (count, _) =
            compare_ablation(&mut with, &mut without, seed, sweep(1000), (10, 15), true);
        assert!(
            count.iter().all(|&c| c >= sweep(300)),
            "wins, no-wins: {count:?}"
        );
        let (count, changed) =
            compare_ablation(&mut with, &mut without, seed, 300, (16, 22), false);
        assert!(count.iter().all(|&c| c >= 50), "wins, no-wins: {count:?}");
        assert!(changed.iter().sum::<u32>() >= 10, "changed {changed:?}");
    }
}

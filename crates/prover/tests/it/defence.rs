//! The defence search against exhaustive search: on random depth-limited
//! cases and small whole games, the moves it proves to defend are exactly
//! those after which the naive recursion finds no forced win for the
//! opponent, under AND-OR and PNS alike.

use kinrow_prover::defence::defences;
use kinrow_prover::{AndOr, AndOrConfig, Limits, Pns, PnsConfig, Problem, Prover};
use kinrow_reference::{adapt, attacker_wins, attacker_wins_game, other, random_case, EMPTY};
use std::collections::BTreeSet;

use crate::common::random_whole_games;

type Cells = BTreeSet<(usize, usize)>;

fn and_or(_: &Problem) -> Box<dyn Prover + Send> {
    Box::new(AndOr::new(AndOrConfig::default()))
}

fn pns(_: &Problem) -> Box<dyn Prover + Send> {
    Box::new(Pns::new(PnsConfig::default()))
}

#[test]
fn defences_are_the_moves_exhaustive_search_finds_within_a_horizon() {
    let (mut some, mut none) = (0, 0);
    for seed in 0..600u64 {
        let case = random_case(seed);
        // Boards of up to 64 cells: a search per move stays cheap.
        if case.board.all_cells().len() > 64 {
            continue;
        }
        let problem = adapt::to_problem(&case);
        let me = case.to_move;
        let mut b = case.board.clone();
        let mut naive = Cells::new();
        for (x, y) in b.candidates(case.near) {
            b.set(x, y, me);
            let over = b.wins_at(x, y) || b.is_full() || case.depth <= 1;
            if over || !attacker_wins(&mut b, other(me), case.depth - 1, case.near, case.attack) {
                naive.insert((x, y));
            }
            b.set(x, y, EMPTY);
        }
        if case.depth == 0 {
            naive.clear();
        }
        for (name, make) in [("and-or", and_or as fn(&Problem) -> _), ("pns", pns)] {
            let found = defences(&problem, &mut |p: &Problem| make(p), &Limits::default()).unwrap();
            assert!(found.complete(), "seed {seed} {name}");
            let got: Cells = found
                .defending()
                .map(|c| adapt::xy(&problem.board, c))
                .collect();
            assert_eq!(got, naive, "seed {seed} {name}: {:?}", case.depth);
        }
        if naive.is_empty() {
            none += 1
        } else {
            some += 1
        }
    }
    assert!(
        some > 50 && none > 8,
        "both kinds met: {some} with defences, {none} without"
    );
}

#[test]
fn defences_of_small_whole_games_match_exhaustive_search() {
    let mut with = 0;
    for (nb, me, problem) in random_whole_games(7, 150, (3, 9)) {
        let mut naive = Cells::new();
        for (x, y) in nb.empty_cells() {
            let mut b = nb.clone();
            b.set(x, y, me);
            if b.wins_at(x, y) || b.is_full() || !attacker_wins_game(&b, other(me), other(me)) {
                naive.insert((x, y));
            }
        }
        let found = defences(&problem, &mut pns, &Limits::default()).unwrap();
        let got: Cells = found
            .defending()
            .map(|c| adapt::xy(&problem.board, c))
            .collect();
        assert_eq!(got, naive, "{nb:?}");
        with += usize::from(!naive.is_empty() && naive.len() < nb.empty_cells().len());
    }
    assert!(
        with > 20,
        "positions where some moves defend and some do not: {with}"
    );
}

//! The AND-OR prover against the naive recursion of `kinrow-reference` on
//! random positions: verdicts, winning first moves, shortest win lengths.

use crate::common::{check_pv, names, solve, sweep_range};
use kinrow_prover::{AndOrConfig, Verdict};
use kinrow_reference::{adapt, attacker_wins, random_case, winning_first_moves};

const CASES: u64 = 1200;

#[test]
fn verdicts_best_moves_and_plies_match_the_naive_recursion() {
    let mut wins = 0;
    for seed in sweep_range(0..CASES) {
        let case = random_case(seed);
        let p = adapt::to_problem(&case);
        let out = solve(AndOrConfig::default(), &p);
        let mut b = case.board.clone();
        let naive = attacker_wins(&mut b, case.to_move, case.depth, case.near, case.attack);
        let expected = if naive { Verdict::Win } else { Verdict::NoWin };
        assert_eq!(out.verdict, expected, "seed {seed}: {case:?}");
        if !naive {
            assert_eq!((out.best_move, out.plies), (None, None), "seed {seed}");
            continue;
        }
        wins += 1;
        let best = out.best_move.expect("a win has a move");
        let set = winning_first_moves(&case);
        assert!(
            set.contains(&adapt::xy(&p.board, best)),
            "seed {seed}: best move not winning"
        );
        check_pv(&p, &out).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // The shortest win on a subset (the naive search repeats per depth).
        if seed % 3 == 0 {
            let shortest = (1..=case.depth)
                .find(|&d| attacker_wins(&mut b, case.to_move, d, case.near, case.attack))
                .unwrap();
            assert_eq!(out.plies, Some(shortest), "seed {seed}");
        }
    }
    assert!(
        wins > sweep_range(0..CASES).end / 10,
        "too few wins ({wins}) to mean much"
    );
}

#[test]
fn all_winning_first_moves_match_the_naive_set() {
    let config = AndOrConfig {
        all_moves: true,
        ..AndOrConfig::default()
    };
    for seed in sweep_range(0..CASES) {
        let case = random_case(seed);
        let p = adapt::to_problem(&case);
        let out = solve(config, &p);
        let mut expected: Vec<_> = winning_first_moves(&case)
            .into_iter()
            .map(|xy| adapt::cell(&p.board, xy))
            .collect();
        expected.sort_unstable();
        let got = out
            .winning_moves
            .clone()
            .expect("complete without a budget");
        assert_eq!(
            names(&p.board, &got),
            names(&p.board, &expected),
            "seed {seed}: {case:?}"
        );
        let verdict = if expected.is_empty() {
            Verdict::NoWin
        } else {
            Verdict::Win
        };
        assert_eq!(out.verdict, verdict, "seed {seed}");
        if let Some(best) = out.best_move {
            assert!(expected.contains(&best), "seed {seed}");
            check_pv(&p, &out).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
}

//! The suite of many small puzzles (positions/small, written by
//! tools/make_small.py): its expected verdicts and solutions were found by
//! our provers. `.ci/run` verifies every puzzle under AND-OR and PNS with
//! `kinrow verify`; this test checks the shallow "finish" puzzles, the last
//! step of each winning line, against the naive reference recursion, which
//! cannot settle the deeper ones (a single depth-5 puzzle ran for minutes).

use crate::common;
use kinrow_format::{Expect, Position};
use kinrow_prover::{AndOr, AndOrConfig, Limits, Pns, PnsConfig, Problem, Prover, Verdict};
use kinrow_reference::{adapt, defender_loses};

#[test]
fn small_suite_is_many_puzzles_each_with_an_expected_verdict() {
    let positions = common::suite("small");
    assert!(positions.len() >= 300, "{} puzzles", positions.len());
    for p in &positions {
        assert!(p.expect.is_some(), "{}: no expect line", p.name);
        assert!(p.depth.is_some(), "{}: no depth", p.name);
        assert!(p.slow.is_none(), "{}: a small puzzle marked slow", p.name);
        if p.expect == Some(Expect::Win) {
            assert!(!p.solution.is_empty(), "{}: a win without solution", p.name);
        }
    }
}

#[test]
fn finish_puzzles_agree_with_the_provers_and_the_naive_search() {
    let finish: Vec<Position> = common::suite("small")
        .into_iter()
        .filter(|p| p.name.contains("-finish-"))
        .collect();
    assert!(finish.len() >= 50, "{} finish puzzles", finish.len());
    for p in &common::sweep_suite(finish) {
        let depth = p.depth.expect("a depth");
        assert_eq!(p.expect, Some(Expect::Win), "{}", p.name);
        let problem = Problem::from(p);
        let a = AndOr::new(AndOrConfig::default()).prove(&problem, &Limits::default());
        let b = Pns::new(PnsConfig::default()).prove(&problem, &Limits::default());
        for (prover, o) in [("and-or", &a), ("pns", &b)] {
            assert_eq!(o.verdict, Verdict::Win, "{}: {prover}", p.name);
            let m = o.best_move.expect("a win has a first move");
            assert!(p.solution.contains(&m), "{}: {prover} move", p.name);
        }
        // The naive recursion: each solution move, played, leaves the
        // defender lost within the remaining plies (or wins at once).
        let (near, attack) = (adapt::near(p.candidates), adapt::attack(p.attack));
        let attacker = adapt::player(p.board.to_move());
        for &m in &p.solution {
            let mut naive = adapt::from_board(&p.board);
            let (x, y) = adapt::xy(&p.board, m);
            assert!(
                naive.attack_moves(attacker, near, attack).contains(&(x, y)),
                "{}: solution move not allowed",
                p.name
            );
            naive.set(x, y, attacker);
            let wins = naive.wins_at(x, y)
                || (!naive.is_full()
                    && defender_loses(&mut naive, attacker, depth - 1, near, attack));
            assert!(
                wins,
                "{}: naive says {} does not win",
                p.name,
                p.board.game().geometry().name(m)
            );
        }
    }
}

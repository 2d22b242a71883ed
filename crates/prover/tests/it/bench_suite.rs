//! The fixed benchmark suite (positions/bench): the expected verdicts were
//! found by our provers, so they are cross-checked here by both provers and
//! by the naive reference recursion wherever its tree is small enough.

use crate::common;
use kinrow_board::Player;
use kinrow_format::Expect;
use kinrow_prover::{AndOr, AndOrConfig, Limits, Pns, PnsConfig, Problem, Prover, Verdict};
use kinrow_reference::{adapt, attacker_wins};

#[test]
fn bench_suite_verdicts_agree_across_provers_and_the_naive_search() {
    let positions = common::suite("bench");
    assert!(positions.len() >= 10);
    let mut naive_checked = 0;
    for p in &positions {
        let problem = Problem::from(p);
        let expected = match p.expect {
            Some(Expect::Win) => Verdict::Win,
            Some(Expect::NoWin) => Verdict::NoWin,
            None => panic!("{}: bench positions carry an expect line", p.name),
        };
        let a = AndOr::new(AndOrConfig::default()).prove(&problem, &Limits::default());
        let b = Pns::new(PnsConfig::default()).prove(&problem, &Limits::default());
        assert_eq!(a.verdict, expected, "{}: and-or", p.name);
        assert_eq!(b.verdict, expected, "{}: pns", p.name);
        // The naive recursion, where candidates^depth stays small.
        let cands = p.board.candidates(p.candidates).count() as f64;
        let depth = p.depth.expect("bench positions have a depth");
        if cands.powi(depth as i32) <= 1e5 {
            let mut naive = adapt::from_board(&p.board);
            let (near, attack) = (adapt::near(p.candidates), adapt::attack(p.attack));
            let attacker = adapt::player(p.board.to_move());
            assert_eq!(
                p.board.to_move(),
                if attacker == 1 { Player::X } else { Player::O }
            );
            let win = attacker_wins(&mut naive, attacker, depth, near, attack);
            assert_eq!(win, expected == Verdict::Win, "{}: naive", p.name);
            naive_checked += 1;
        }
    }
    assert!(
        naive_checked >= 1,
        "the naive search checked no bench position"
    );
}

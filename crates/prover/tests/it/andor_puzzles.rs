//! The AND-OR prover on the puzzle suites in `positions/` that are not
//! marked slow, under a node budget: it may answer `unknown`, but a verdict
//! must match the puzzle's `expect`, and a winning move its `solution`.

use crate::common;
use kinrow_format::Expect;
use kinrow_prover::{AndOr, AndOrConfig, Limits, Problem, Prover, Verdict};

#[test]
fn puzzles_not_marked_slow_are_never_answered_wrongly() {
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    let mut prover = AndOr::new(AndOrConfig::default());
    let (mut solved, mut total) = (0, 0);
    for p in common::sweep_suite(common::suite("")) {
        if p.slow.is_some() {
            continue;
        }
        total += 1;
        let problem = Problem::from(&p);
        let out = prover.prove(&problem, &limits);
        let expected = match p.expect {
            Some(Expect::Win) => Verdict::Win,
            Some(Expect::NoWin) => Verdict::NoWin,
            None => continue,
        };
        if out.verdict == Verdict::Unknown {
            continue;
        }
        solved += 1;
        assert_eq!(out.verdict, expected, "{}", p.name);
        if let (Some(m), false) = (out.best_move, p.solution.is_empty()) {
            assert!(p.solution.contains(&m), "{}", p.name);
        }
    }
    eprintln!("{solved} of {total} puzzles settled within the budget");
}

//! The value provers on named positions: the filter refusal, budgets, whole
//! games without a horizon, and the lines they report.

use crate::common::{board, names};
use kinrow_board::{Attack, Candidates};
use kinrow_prover::value::ValueConfig;
use kinrow_prover::{
    AlphaBeta, Limits, Minimax, Outcome, Problem, ProblemError, Prover, Scout, Verdict,
};

fn provers(config: ValueConfig) -> Vec<Box<dyn Prover>> {
    vec![
        Box::new(Minimax::new(config)),
        Box::new(AlphaBeta::new(config)),
        Box::new(Scout::new(config)),
    ]
}

fn solve_all(problem: &Problem, config: ValueConfig) -> Vec<Outcome> {
    provers(config)
        .iter_mut()
        .map(|p| {
            assert_eq!(p.accepts(problem), Ok(()));
            p.prove(problem, &Limits::default())
        })
        .collect()
}

#[test]
fn value_searches_refuse_an_attacker_filter() {
    for attack in [Attack::Fours, Attack::Threats] {
        let problem = Problem {
            board: board(15, 15, 5, &["h8"]),
            candidates: Candidates::Near(1),
            attack,
            depth: Some(3),
        };
        for p in provers(ValueConfig::default()) {
            let err = p.accepts(&problem).unwrap_err();
            assert!(
                matches!(err, ProblemError::Filter { prover, attack: a } if prover == p.name() && a == attack),
                "{}: {err:?}",
                p.name()
            );
        }
    }
    let names: Vec<&str> = provers(ValueConfig::default())
        .iter()
        .map(|p| p.name())
        .collect();
    assert_eq!(names, ["minimax", "alpha-beta", "scout"]);
}

#[test]
fn tic_tac_toe_is_a_draw_played_to_the_full_board() {
    let problem = Problem {
        board: board(3, 3, 3, &[]),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    for o in solve_all(&problem, ValueConfig::default()) {
        assert_eq!(o.value, Some(0));
        assert_eq!(o.verdict, Verdict::NoWin);
        assert_eq!(o.pv.len(), 9, "a drawn line fills the board");
        assert_eq!(o.plies, None);
    }
}

#[test]
fn tic_tac_toe_edge_reply_to_the_centre_loses() {
    // x b2, o b1, x to move: x wins with its third stone from now, at
    // ply 5 (x plays at plies 1, 3 and 5).
    let problem = Problem {
        board: board(3, 3, 3, &["b2", "b1"]),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let config = ValueConfig {
        all_moves: true,
        ..ValueConfig::default()
    };
    let outcomes = solve_all(&problem, config);
    for o in &outcomes {
        assert_eq!(o.value, Some(1));
        assert_eq!(o.verdict, Verdict::Win);
        assert_eq!(o.plies, Some(5));
        assert_eq!(o.pv.len(), 5);
    }
    let moves: Vec<_> = outcomes.iter().map(|o| o.winning_moves.clone()).collect();
    assert!(moves.iter().all(|m| *m == moves[0]));
    assert!(!moves[0].as_ref().unwrap().is_empty());
    // With a horizon of 3 plies no side wins.
    let short = Problem {
        depth: Some(3),
        ..problem
    };
    for o in solve_all(&short, config) {
        assert_eq!(o.value, Some(0));
        assert_eq!(o.winning_moves, Some(Vec::new()));
    }
}

#[test]
fn an_open_four_of_the_opponent_loses_after_the_longest_defence() {
    // x: f8 g8 h8 i8 (open four), o to move: o blocks one end, x wins at
    // ply 2. o has no four of its own.
    let b = board(15, 15, 5, &["f8", "a1", "g8", "a3", "h8", "a5", "i8"]);
    let problem = Problem {
        board: b.clone(),
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(4),
    };
    for o in solve_all(&problem, ValueConfig::default()) {
        assert_eq!(o.value, Some(-1));
        assert_eq!(o.verdict, Verdict::NoWin);
        assert_eq!(o.pv.len(), 2);
        let pv = names(&b, &o.pv);
        assert!(["e8", "j8"].contains(&pv[1].as_str()), "{pv:?}");
    }
    // Within one ply o cannot lose: value 0.
    let one = Problem {
        depth: Some(1),
        ..problem
    };
    for o in solve_all(&one, ValueConfig::default()) {
        assert_eq!(o.value, Some(0));
    }
}

#[test]
fn the_evaluation_ranks_moves_when_nobody_wins_and_is_labelled_heuristic() {
    let problem = Problem {
        board: board(15, 15, 5, &["h8", "h9", "i8"]),
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(2),
    };
    let config = ValueConfig {
        eval: true,
        ..ValueConfig::default()
    };
    let mut ab = AlphaBeta::new(config);
    let with = ab.evaluate(&problem, &Limits::default());
    assert_eq!(with.outcome.value, Some(0));
    assert!(with.heuristic_score.is_some());
    assert_eq!(with.outcome.pv.len(), 2);
    assert_eq!(with.outcome.best_move, with.outcome.pv.first().copied());
    let mut plain = AlphaBeta::new(ValueConfig::default());
    let without = plain.evaluate(&problem, &Limits::default());
    assert_eq!(without.outcome.value, Some(0));
    assert_eq!(without.heuristic_score, None);
    let mut minimax = Minimax::new(config);
    assert_eq!(
        minimax.evaluate(&problem, &Limits::default()).score,
        with.score
    );
}

#[test]
fn a_node_budget_gives_unknown() {
    let problem = Problem {
        board: board(15, 15, 5, &["h8", "h9", "i8", "g7"]),
        candidates: Candidates::Near(2),
        attack: Attack::Any,
        depth: Some(6),
    };
    let limits = Limits {
        max_nodes: Some(500),
        ..Limits::default()
    };
    for mut p in provers(ValueConfig::default()) {
        let o = p.prove(&problem, &limits);
        assert_eq!(o.verdict, Verdict::Unknown, "{}", p.name());
        assert_eq!(o.value, None);
        assert!(o.pv.is_empty());
        assert!(o.stats.nodes <= 501);
    }
}

#[test]
fn a_memory_budget_shrinks_the_table_without_changing_the_answer() {
    let problem = Problem {
        board: board(7, 7, 4, &["d4", "c3", "d5"]),
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(5),
    };
    let mut big = AlphaBeta::new(ValueConfig::default());
    let a = big.evaluate(&problem, &Limits::default());
    let mut small = AlphaBeta::new(ValueConfig::default());
    let limits = Limits {
        memory: Some(4096),
        ..Limits::default()
    };
    let b = small.evaluate(&problem, &limits);
    assert!(b.outcome.stats.peak_bytes <= 4096);
    assert!(a.outcome.stats.peak_bytes > 4096);
    assert_eq!(a.score, b.score);
    assert_eq!(a.outcome.pv.len(), b.outcome.pv.len());
}

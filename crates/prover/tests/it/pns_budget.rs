//! Budgets: running out of nodes, memory or time gives `unknown` with the
//! statistics so far, never a crash and never a wrong verdict.

use crate::common::{board, whole_game};
use kinrow_prover::{Exhausted, Limits, Pns, PnsConfig, Problem, Prover, Verdict};
use kinrow_reference::{adapt, random_case, winning_first_moves};
use std::time::Duration;

/// 7x7 k=5 from the empty board, whole game: millions of nodes and
/// seconds (5x5 k=4, once millions, now takes thousands and a few ms).
fn hard() -> Problem {
    whole_game(board(7, 7, 5, &[]))
}

#[test]
fn a_tiny_node_budget_gives_unknown() {
    for max in [1, 10, 1000] {
        let limits = Limits {
            max_nodes: Some(max),
            ..Limits::default()
        };
        let out = Pns::new(PnsConfig::default()).prove(&hard(), &limits);
        assert_eq!(out.verdict, Verdict::Unknown);
        assert!(
            out.stats.nodes <= max,
            "{} nodes for a budget of {max}",
            out.stats.nodes
        );
        assert!(out.best_move.is_none() && out.pv.is_empty());
    }
}

#[test]
fn a_tiny_memory_budget_gives_unknown() {
    for bytes in [0, 100, 50_000, 1 << 20] {
        let limits = Limits {
            memory: Some(bytes),
            ..Limits::default()
        };
        let out = Pns::new(PnsConfig::default()).prove(&hard(), &limits);
        assert_eq!(out.verdict, Verdict::Unknown);
        assert!(
            out.stats.peak_bytes <= bytes,
            "{} bytes for {bytes}",
            out.stats.peak_bytes
        );
    }
}

#[test]
fn a_time_budget_gives_unknown() {
    let limits = Limits {
        time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let out = Pns::new(PnsConfig::default()).prove(&hard(), &limits);
    assert_eq!(out.verdict, Verdict::Unknown);
    // The budget ended it (not a clock in the test: issue 63).
    assert_eq!(out.exhausted, Some(Exhausted::Time));
    assert!(out.stats.nodes > 0);
}

#[test]
fn all_moves_under_a_budget_gives_no_partial_list() {
    let config = PnsConfig {
        all_moves: true,
        ..PnsConfig::default()
    };
    let limits = Limits {
        max_nodes: Some(5000),
        ..Limits::default()
    };
    let out = Pns::new(config).prove(&hard(), &limits);
    assert_eq!(out.verdict, Verdict::Unknown);
    assert_eq!(out.winning_moves, None);
}

#[test]
fn small_budgets_never_give_a_wrong_verdict() {
    let mut unknown = 0;
    let mut settled = 0;
    for seed in 0..400u64 {
        let case = random_case(seed);
        let naive = !winning_first_moves(&case).is_empty();
        let problem = adapt::to_problem(&case);
        let limits = match seed % 3 {
            0 => Limits {
                max_nodes: Some(seed % 20 + 1),
                ..Limits::default()
            },
            1 => Limits {
                memory: Some(1_000 + 60 * seed),
                ..Limits::default()
            },
            _ => Limits {
                max_nodes: Some(seed / 2 + 1),
                memory: Some(30_000),
                ..Limits::default()
            },
        };
        let config = PnsConfig {
            all_moves: seed % 2 == 0,
            ..PnsConfig::default()
        };
        let out = Pns::new(config).prove(&problem, &limits);
        match out.verdict {
            Verdict::Unknown => unknown += 1,
            v => {
                settled += 1;
                assert_eq!(v == Verdict::Win, naive, "seed {seed}");
            }
        }
        if let Some(moves) = out.winning_moves {
            let mut got: Vec<_> = moves
                .iter()
                .map(|&c| adapt::xy(&problem.board, c))
                .collect();
            got.sort_unstable();
            let mut want = winning_first_moves(&case);
            want.sort_unstable();
            assert_eq!(got, want, "seed {seed}");
        }
    }
    assert!(
        unknown > 50 && settled > 50,
        "{unknown} unknown, {settled} settled"
    );
}

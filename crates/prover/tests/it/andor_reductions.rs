//! Each reduction of the node rules, switched off on its own (and all of
//! them together), leaves every answer of the AND-OR prover unchanged on
//! random positions: verdict, shortest win length, winning first moves.
//!
//! No naive search is involved, so the cases are searched two plies deeper
//! than the naive tests afford, where reduction 5 and the table matter more.

use crate::common::{check_pv, names, solve, sweep_range};
use kinrow_prover::{AndOrConfig, Reductions};
use kinrow_reference::{adapt, random_case};

const CASES: u64 = 1000;

fn unchanged_without(name: &str, reductions: Reductions) {
    unchanged_without_on(name, reductions, CASES);
}

fn unchanged_without_on(name: &str, reductions: Reductions, cases: u64) {
    let all = AndOrConfig {
        all_moves: true,
        ..AndOrConfig::default()
    };
    let fewer = AndOrConfig { reductions, ..all };
    for seed in 0..cases {
        let case = random_case(seed);
        let mut p = adapt::to_problem(&case);
        p.depth = Some(case.depth + 2);
        let a = solve(all, &p);
        let b = solve(fewer, &p);
        let msg = format!("without {name}, seed {seed}: {case:?}");
        assert_eq!(a.verdict, b.verdict, "{msg}");
        assert_eq!(a.plies, b.plies, "{msg}");
        let (wa, wb) = (
            a.winning_moves.as_ref().unwrap(),
            b.winning_moves.as_ref().unwrap(),
        );
        assert_eq!(names(&p.board, wa), names(&p.board, wb), "{msg}");
        if a.best_move.is_some() {
            check_pv(&p, &a).unwrap_or_else(|e| panic!("{msg}: {e}"));
            check_pv(&p, &b).unwrap_or_else(|e| panic!("{msg}: {e}"));
        }
    }
}

#[test]
fn attacker_wins_now_changes_no_answer() {
    let r = Reductions {
        attacker_wins_now: false,
        ..Reductions::ALL
    };
    unchanged_without("reduction 1 (attacker wins now)", r);
}

#[test]
fn defender_wins_now_changes_no_answer() {
    let r = Reductions {
        defender_wins_now: false,
        ..Reductions::ALL
    };
    unchanged_without("reduction 2 (defender wins now)", r);
}

#[test]
fn defender_must_block_changes_no_answer() {
    let r = Reductions {
        defender_must_block: false,
        ..Reductions::ALL
    };
    unchanged_without("reduction 3 (defender must block)", r);
}

#[test]
fn attacker_must_block_changes_no_answer() {
    let r = Reductions {
        attacker_must_block: false,
        ..Reductions::ALL
    };
    unchanged_without("reduction 4 (attacker must block)", r);
}

#[test]
fn double_threat_changes_no_answer() {
    let r = Reductions {
        double_threat: false,
        ..Reductions::ALL
    };
    unchanged_without("reduction 5 (double threat)", r);
}

/// Reduction 6 (the zone of a VCF after a pass) and the VCF shortcut at
/// the attacker's nodes, which go with every reduction on, against
/// neither: 2,000 positions, both rules, depths up to 9, `near 1`,
/// `near 2` and `all`.
#[test]
fn zones_change_no_answer() {
    let r = Reductions {
        zones: false,
        ..Reductions::ALL
    };
    unchanged_without_on("reduction 6 (zones)", r, 2000);
}

/// Reduction 7 (a static no-win: pairing strategy or potential bound)
/// against none; it applies under `candidates all` on boards of at most
/// 128 bits, a third of the small boards of the mix.
#[test]
fn static_no_win_changes_no_answer() {
    let r = Reductions {
        static_no_win: false,
        ..Reductions::ALL
    };
    unchanged_without("reduction 7 (static no-win)", r);
}

#[test]
fn no_reduction_at_all_changes_no_answer() {
    unchanged_without_on(
        "every reduction",
        Reductions::NONE,
        sweep_range(0..CASES).end,
    );
}

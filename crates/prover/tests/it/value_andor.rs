//! The value searches against the AND-OR prover on random positions.
//!
//! Value +1 must hold exactly when AND-OR says `win` within the same
//! horizon (with the same shortest length and the same winning first
//! moves), and value -1 exactly when the side to move has a candidate and
//! every candidate, played, neither wins nor stops the opponent, now to
//! move, from winning within the remaining plies by AND-OR.
//!
//! The cases are `kinrow_reference::random_case` with `attack any`, once at
//! their own depth (tamed for the naive recursion, so plain minimax joins)
//! and once two plies deeper (up to 9) for alpha-beta and SCOUT only, under
//! a node budget; a case where any search runs out of budget is skipped,
//! and the test insists that few are.

use kinrow_board::{Attack, Cell};
use kinrow_prover::value::{ValueConfig, ValueReport};
use kinrow_prover::{
    AlphaBeta, AndOr, AndOrConfig, Limits, Minimax, Outcome, Problem, Prover, Scout, Verdict,
};
use kinrow_reference::{adapt, random_case};

const CASES: u64 = 1000;

fn problem(seed: u64, extra_depth: u32) -> Problem {
    let case = random_case(seed);
    Problem {
        attack: Attack::Any,
        depth: Some((case.depth + extra_depth).min(case.depth.max(9))),
        ..adapt::to_problem(&case)
    }
}

fn sorted(mut v: Vec<Cell>) -> Vec<Cell> {
    v.sort();
    v
}

/// Whether the side to move of `p` loses by AND-OR: it has a candidate,
/// and after each of them (not winning, not filling the board) the opponent
/// wins within the remaining plies. `None` if AND-OR ran out of budget.
fn every_move_loses(p: &Problem, and_or: &mut AndOr, limits: &Limits) -> Option<bool> {
    let d = p.depth.unwrap();
    let cands = p.board.candidates(p.candidates);
    if d == 0 || cands.is_empty() {
        return Some(false);
    }
    for m in cands.iter().map(Cell::from_index) {
        let mut after = p.board.clone();
        after.play(m);
        if after.wins_at(m) || after.is_full() {
            return Some(false);
        }
        let reply = Problem {
            board: after,
            depth: Some(d - 1),
            ..p.clone()
        };
        match and_or.prove(&reply, limits).verdict {
            Verdict::Win => {}
            Verdict::NoWin => return Some(false),
            Verdict::NoThreatWin | Verdict::Unknown => return None,
        }
    }
    Some(true)
}

fn compare(seed: u64, p: &Problem, reports: &[(&str, ValueReport)], win: &Outcome, loses: bool) {
    for (who, r) in reports {
        let o = &r.outcome;
        let v = o.value.expect("solved");
        assert_eq!(
            v == 1,
            win.verdict == Verdict::Win,
            "seed {seed} {who} depth {:?}: +1 vs and-or",
            p.depth
        );
        assert_eq!(
            v == -1,
            loses,
            "seed {seed} {who} depth {:?}: -1 vs and-or replies",
            p.depth
        );
        if v == 1 {
            assert_eq!(o.plies, win.plies, "seed {seed} {who}: shortest win");
        }
        assert_eq!(
            o.winning_moves.clone().map(sorted),
            win.winning_moves.clone().map(sorted),
            "seed {seed} {who}: winning first moves"
        );
        assert_eq!(
            r.score, reports[0].1.score,
            "seed {seed} {who}: scores differ"
        );
    }
}

#[test]
fn value_plus_and_minus_one_match_the_and_or_prover() {
    let config = ValueConfig {
        all_moves: true,
        tt_bits: 14,
        ..ValueConfig::default()
    };
    let mut minimax = Minimax::new(config);
    let mut alpha_beta = AlphaBeta::new(config);
    let mut scout = Scout::new(config);
    let mut and_or = AndOr::new(AndOrConfig {
        all_moves: true,
        table_bytes: 4 << 20,
        ..AndOrConfig::default()
    });
    let mut and_or_replies = AndOr::new(AndOrConfig {
        table_bytes: 4 << 20,
        ..AndOrConfig::default()
    });
    let budget = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    let (mut compared, mut skipped, mut values) = (0, 0, [0u32; 3]);
    for seed in 0..CASES {
        for extra in [0, 2] {
            let p = problem(seed, extra);
            if extra > 0 && p.depth == problem(seed, 0).depth {
                continue;
            }
            let limits = if extra == 0 {
                Limits::default()
            } else {
                budget
            };
            let mut reports = vec![
                ("alpha-beta", alpha_beta.evaluate(&p, &limits)),
                ("scout", scout.evaluate(&p, &limits)),
            ];
            if extra == 0 {
                reports.push(("minimax", minimax.evaluate(&p, &limits)));
            }
            let win = and_or.prove(&p, &limits);
            let loses = every_move_loses(&p, &mut and_or_replies, &limits);
            let unknown = reports.iter().any(|(_, r)| r.score.is_none())
                || win.verdict == Verdict::Unknown
                || loses.is_none();
            if unknown {
                assert!(extra > 0, "seed {seed}: budget hit without a budget");
                skipped += 1;
                continue;
            }
            compare(seed, &p, &reports, &win, loses.unwrap());
            values[(reports[0].1.outcome.value.unwrap() + 1) as usize] += 1;
            compared += 1;
        }
    }
    assert!(compared >= 1900, "compared {compared}, skipped {skipped}");
    assert!(
        skipped * 20 <= compared,
        "skipped {skipped} of {}",
        compared + skipped
    );
    assert!(values.iter().all(|&n| n >= 20), "values seen: {values:?}");
}

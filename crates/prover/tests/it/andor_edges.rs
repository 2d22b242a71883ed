//! Corner cases of the AND-OR prover, each against the naive recursion
//! where it is cheap: full boards, a single empty cell, the defender
//! winning first, k = 1, one-row boards, depth 0, filtered-away moves, the
//! textbook "defender has no move" bug, budgets and the memory cap.

use crate::common::{board, cell, check_pv, names, solve};
use kinrow_board::{Attack, Candidates};
use kinrow_prover::{AndOr, AndOrConfig, Limits, Outcome, Problem, Prover, Verdict};
use kinrow_reference::{
    adapt, attacker_wins, random_case, winning_first_moves, Case, NaiveBoard, ATTACK_ANY,
    ATTACK_FOURS, O, X,
};
use std::time::Duration;

const ALL_MOVES: AndOrConfig = AndOrConfig {
    all_moves: true,
    reductions: kinrow_prover::Reductions::ALL,
    table_bytes: 1 << 24,
};

/// Solves the case with and without `all_moves` and checks everything
/// against the naive recursion; returns the plain outcome.
fn agrees_with_naive(case: &Case) -> Outcome {
    let p = adapt::to_problem(case);
    let out = solve(AndOrConfig::default(), &p);
    let all = solve(ALL_MOVES, &p);
    let mut b = case.board.clone();
    let win = attacker_wins(&mut b, case.to_move, case.depth, case.near, case.attack);
    assert_eq!(out.verdict == Verdict::Win, win, "{case:?}");
    assert_eq!(all.verdict, out.verdict, "{case:?}");
    assert_eq!(all.plies, out.plies, "{case:?}");
    let mut expected: Vec<_> = winning_first_moves(case)
        .into_iter()
        .map(|xy| adapt::cell(&p.board, xy))
        .collect();
    expected.sort_unstable();
    assert_eq!(
        all.winning_moves.as_deref(),
        Some(&expected[..]),
        "{case:?}"
    );
    if win {
        let shortest = (1..=case.depth)
            .find(|&d| attacker_wins(&mut b, case.to_move, d, case.near, case.attack));
        assert_eq!(out.plies, shortest, "{case:?}");
        check_pv(&p, &out).unwrap();
        check_pv(&p, &all).unwrap();
    } else {
        assert_eq!((out.best_move, out.plies, out.pv.len()), (None, None, 0));
    }
    out
}

fn case(board: NaiveBoard, to_move: u8, depth: u32) -> Case {
    Case {
        board,
        to_move,
        near: None,
        attack: ATTACK_ANY,
        depth,
    }
}

#[test]
fn a_full_board_is_no_win_whoever_is_to_move() {
    let full = NaiveBoard::from_rows(&["oxx", "xoo", "xox"], 3, false);
    for to_move in [X, O] {
        for depth in [0, 1, 5] {
            let out = agrees_with_naive(&case(full.clone(), to_move, depth));
            assert_eq!(out.verdict, Verdict::NoWin);
        }
        let mut p = adapt::to_problem(&case(full.clone(), to_move, 1));
        p.depth = None;
        assert_eq!(solve(AndOrConfig::default(), &p).verdict, Verdict::NoWin);
    }
}

#[test]
fn one_empty_cell_wins_only_if_it_completes_a_line() {
    // x to move; the last cell completes x's column.
    let wins = NaiveBoard::from_rows(&[".xo", "xoo", "xox"], 3, false);
    let out = agrees_with_naive(&case(wins.clone(), X, 1));
    assert_eq!((out.verdict, out.plies), (Verdict::Win, Some(1)));
    // o to move there fills the board without a line: a draw.
    assert_eq!(agrees_with_naive(&case(wins, O, 3)).verdict, Verdict::NoWin);
}

#[test]
fn a_full_board_after_the_attackers_move_is_not_a_win() {
    // The textbook recursion returns a win when the defender has no move
    // left; here the attacker's last stone fills the board without a line.
    let b = NaiveBoard::from_rows(&["xox", "xo.", "oxo"], 3, false);
    for depth in [1, 2, 3, 9] {
        let out = agrees_with_naive(&case(b.clone(), X, depth));
        assert_eq!(out.verdict, Verdict::NoWin, "depth {depth}");
    }
    // Two empty cells: x plays one, o fills the other; no line either way.
    let b = NaiveBoard::from_rows(&["xox", "x..", "oxo"], 3, false);
    for depth in [1, 3, 5] {
        assert_eq!(
            agrees_with_naive(&case(b.clone(), X, depth)).verdict,
            Verdict::NoWin
        );
    }
}

#[test]
fn the_defender_completing_its_line_first_ends_the_attack() {
    // o (the defender) has an open four; x has an open three and no four.
    let b = board(
        15,
        15,
        5,
        &["g8", "c3", "h8", "c4", "i8", "c5", "a15", "c6"],
    );
    let p = Problem {
        board: b,
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(9),
    };
    let out = solve(ALL_MOVES, &p);
    assert_eq!(out.verdict, Verdict::NoWin);
    assert_eq!(out.winning_moves, Some(vec![]));
    // With one o winning cell, x must block it; the block is no four, so
    // under `attack fours` nothing is left.
    let b = board(15, 15, 5, &["g8", "c3", "h8", "c4", "i8", "c5", "c2", "c6"]);
    let fours = Problem {
        board: b,
        attack: Attack::Fours,
        ..p
    };
    assert_eq!(solve(ALL_MOVES, &fours).verdict, Verdict::NoWin);
    // And the naive recursion agrees on small boards where o has a four.
    let b = NaiveBoard::from_rows(&[".....", ".ooo.", "..xx.", "....x", "....."], 4, false);
    for depth in [1, 3, 5] {
        agrees_with_naive(&case(b.clone(), X, depth));
    }
}

#[test]
fn with_k_1_the_first_stone_wins() {
    let empty = NaiveBoard::new(3, 3, 1, false);
    let out = agrees_with_naive(&case(empty.clone(), X, 1));
    assert_eq!(out.plies, Some(1));
    let all = solve(ALL_MOVES, &adapt::to_problem(&case(empty.clone(), X, 3)));
    assert_eq!(all.winning_moves.map(|w| w.len()), Some(9));
    // Under `near 1` the only candidate of an empty board is the centre.
    let near = Case {
        near: Some(1),
        ..case(empty, X, 3)
    };
    let out = agrees_with_naive(&near);
    let p = adapt::to_problem(&near);
    assert_eq!(names(&p.board, &out.pv), ["b2"]);
}

#[test]
fn one_row_and_one_column_boards() {
    for (w, h) in [(7, 1), (1, 7), (9, 1), (1, 4)] {
        for k in 1..=3 {
            for exact in [false, true] {
                let mut b = NaiveBoard::new(w, h, k, exact);
                for depth in 0..=7 {
                    agrees_with_naive(&case(b.clone(), X, depth));
                }
                // One stone each in the middle, x to move.
                if k > 1 {
                    let (cx, cy) = ((w - 1) / 2, (h - 1) / 2);
                    b.set(cx, cy, X);
                    let (ox, oy) = if w > 1 { (cx + 1, cy) } else { (cx, cy + 1) };
                    b.set(ox, oy, O);
                    for depth in 1..=7 {
                        agrees_with_naive(&case(b.clone(), X, depth));
                        let near = Case {
                            near: Some(1),
                            ..case(b.clone(), X, depth)
                        };
                        agrees_with_naive(&near);
                    }
                }
            }
        }
    }
}

#[test]
fn depth_0_is_never_a_win() {
    // x has a winning cell, but no ply is allowed.
    let b = NaiveBoard::from_rows(&["xx.", "oo.", "..."], 3, false);
    let out = agrees_with_naive(&case(b.clone(), X, 0));
    assert_eq!(out.verdict, Verdict::NoWin);
    assert_eq!(
        solve(ALL_MOVES, &adapt::to_problem(&case(b.clone(), X, 0))).winning_moves,
        Some(vec![])
    );
    assert_eq!(agrees_with_naive(&case(b, X, 1)).plies, Some(1));
}

#[test]
fn an_even_depth_is_the_odd_depth_below_it() {
    for seed in 0..200 {
        let c = random_case(seed);
        let mut p = adapt::to_problem(&c);
        let d = c.depth - c.depth % 2;
        p.depth = Some(d);
        let even = solve(AndOrConfig::default(), &p);
        p.depth = Some(d.saturating_sub(1));
        let odd = solve(AndOrConfig::default(), &p);
        assert_eq!(
            (even.verdict, even.plies),
            (odd.verdict, odd.plies),
            "seed {seed}"
        );
    }
}

#[test]
fn an_attacker_whose_moves_are_all_filtered_away_does_not_win() {
    // Scattered stones, o to move after three: o has no four to make.
    let b = board(15, 15, 5, &["h8", "a1", "j10"]);
    for attack in [Attack::Fours, Attack::Threats] {
        let p = Problem {
            board: b.clone(),
            candidates: Candidates::Near(2),
            attack,
            depth: None,
        };
        let out = solve(ALL_MOVES, &p);
        assert_eq!(out.verdict, Verdict::NoWin);
        assert_eq!(out.winning_moves, Some(vec![]));
        // Proved at once, although the horizon is every empty cell.
        assert!(out.stats.nodes < 10, "{} nodes", out.stats.nodes);
    }
    // The same on a small board against the naive recursion.
    let small = NaiveBoard::from_rows(&["x....", ".....", "..o..", ".....", "....."], 4, false);
    let c = Case {
        attack: ATTACK_FOURS,
        ..case(small, O, 5)
    };
    assert_eq!(agrees_with_naive(&c).verdict, Verdict::NoWin);
}

#[test]
fn without_a_depth_the_horizon_is_every_empty_cell() {
    // 4x4, k = 3 with most cells filled: the naive search to the end.
    for seed in 0..40u64 {
        let mut rng = kinrow_reference::Rng(seed);
        let b = kinrow_reference::random_stones(&mut rng, 4, 4, 3, seed % 2 == 1, 9);
        let empty = b.empty_cells().len() as u32;
        let to_move = if b.count(X) == b.count(O) { X } else { O };
        let c = case(b, to_move, empty);
        let mut p = adapt::to_problem(&c);
        p.depth = None;
        let none = solve(ALL_MOVES, &p);
        let out = agrees_with_naive(&c);
        assert_eq!(
            (none.verdict, none.plies),
            (out.verdict, out.plies),
            "seed {seed}"
        );
    }
}

#[test]
fn shortest_win_when_no_reply_survives_the_double_threat_reduction() {
    // Random case 122 two plies deeper: reduction 5 refutes every reply
    // of a defender node; its win was once counted as one ply long, which
    // put a 5-ply win into the table as a 2-ply one.
    let mut c = random_case(122);
    c.depth = 5;
    let out = agrees_with_naive(&c);
    assert_eq!(out.plies, Some(5));
    assert_eq!(out.pv.len(), 5);
}

#[test]
fn a_tiny_node_budget_gives_unknown_never_a_wrong_verdict() {
    let mut unknown = 0;
    for seed in 0..300 {
        let c = random_case(seed);
        let p = adapt::to_problem(&c);
        let full = solve(ALL_MOVES, &p);
        for max_nodes in [1, 2, 3, 10, 100] {
            let limits = Limits {
                max_nodes: Some(max_nodes),
                ..Limits::default()
            };
            for config in [AndOrConfig::default(), ALL_MOVES] {
                let out = AndOr::new(config).prove(&p, &limits);
                if out.verdict == Verdict::Unknown {
                    unknown += 1;
                    assert_eq!(out.winning_moves, None);
                    continue;
                }
                assert_eq!(out.verdict, full.verdict, "seed {seed}, {max_nodes} nodes");
                assert_eq!(out.plies, full.plies, "seed {seed}");
                if let Some(w) = &out.winning_moves {
                    assert_eq!(Some(w), full.winning_moves.as_ref(), "seed {seed}");
                }
                if let Some(m) = out.best_move {
                    assert!(full.winning_moves.as_ref().unwrap().contains(&m));
                    // The variation may be cut short, but is a prefix of a game.
                    assert!(!out.pv.is_empty() && out.pv.len() <= full.plies.unwrap() as usize);
                }
            }
        }
    }
    assert!(unknown > 100, "the budgets hardly bit ({unknown})");
}

#[test]
fn a_time_budget_gives_unknown() {
    // An open middle game without a horizon: far too big to settle.
    let b = board(15, 15, 5, &["h8", "i9", "h9", "h10"]);
    let p = Problem {
        board: b,
        candidates: Candidates::Near(2),
        attack: Attack::Any,
        depth: None,
    };
    let limits = Limits {
        time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let out = AndOr::new(AndOrConfig::default()).prove(&p, &limits);
    assert_eq!(out.verdict, Verdict::Unknown);
    assert!(out.stats.nodes > 0);
}

#[test]
fn a_tiny_memory_cap_costs_time_not_answers() {
    let limits = Limits {
        memory: Some(64),
        ..Limits::default()
    };
    for seed in 0..300 {
        let c = random_case(seed);
        let mut p = adapt::to_problem(&c);
        p.depth = Some(c.depth + 2);
        let full = solve(ALL_MOVES, &p);
        let small = AndOr::new(ALL_MOVES).prove(&p, &limits);
        assert_eq!(small.verdict, full.verdict, "seed {seed}");
        assert_eq!(small.plies, full.plies, "seed {seed}");
        assert_eq!(small.winning_moves, full.winning_moves, "seed {seed}");
        assert!(small.stats.peak_bytes <= 64);
    }
}

#[test]
fn one_prover_answers_a_sequence_of_problems_like_fresh_ones() {
    let mut reused = AndOr::new(ALL_MOVES);
    for seed in 0..300 {
        let c = random_case(seed);
        let mut p = adapt::to_problem(&c);
        p.depth = Some(c.depth + 2);
        let a = reused.prove(&p, &Limits::default());
        let b = solve(ALL_MOVES, &p);
        assert_eq!(
            (a.verdict, a.plies, a.best_move, &a.pv, &a.winning_moves),
            (b.verdict, b.plies, b.best_move, &b.pv, &b.winning_moves),
            "seed {seed}"
        );
        assert_eq!(a.stats.nodes, b.stats.nodes, "seed {seed}");
    }
}

#[test]
fn an_open_three_wins_at_ply_three_with_a_stubborn_variation() {
    let b = board(15, 15, 5, &["g8", "a1", "h8", "a3", "i8", "a5"]);
    let p = Problem {
        board: b.clone(),
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(7),
    };
    let out = solve(ALL_MOVES, &p);
    assert_eq!((out.verdict, out.plies), (Verdict::Win, Some(3)));
    let w = names(&b, out.winning_moves.as_ref().unwrap());
    assert_eq!(w, ["f8", "j8"]);
    check_pv(&p, &out).unwrap();
    assert_eq!(out.pv[0], cell(&b, "f8"));
}

/// The node budget holds with the VCF searches' nodes, which AND-OR
/// counts in its nodes (reduction 6 and the VCF shortcut): on renju
/// puzzles under their three rules, where the VCF searches are most of
/// the work, no run reports more nodes than it was given, and each budget
/// runs out. Fails when the VCF nodes are left out of the budget (as
/// they were: 200,000 nodes given, 1,087,583 reported; shown).
#[test]
fn the_node_budget_holds_with_the_vcf_nodes() {
    let mut vcf_heavy = 0;
    for file in ["vct_unstable.pos", "vct_black_long.pos"] {
        let path = format!(
            "{}/../../positions/renju-puzzles/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        for pos in kinrow_format::parse_positions(&text, file).unwrap() {
            let problem = Problem::from(&pos);
            for max_nodes in [300, 3_000, 30_000] {
                let limits = Limits {
                    max_nodes: Some(max_nodes),
                    ..Limits::default()
                };
                let out = AndOr::new(AndOrConfig::default()).prove(&problem, &limits);
                assert_eq!(out.verdict, Verdict::Unknown, "{} {max_nodes}", pos.name);
                assert!(
                    out.stats.nodes <= max_nodes,
                    "{}: {} nodes reported, {max_nodes} given",
                    pos.name,
                    out.stats.nodes
                );
                vcf_heavy += u32::from(out.stats.vcf_nodes * 2 > out.stats.nodes);
            }
        }
    }
    assert!(vcf_heavy >= 6, "the VCF searches hardly ran ({vcf_heavy})");
}

//! PNS without a horizon settles small m,n,k-games from the empty board,
//! with the values published in /work/shared/data/mnk-results.md.

use crate::common::{board, three_corners, whole_game};
use kinrow_board::Board;
use kinrow_prover::{Limits, Outcome, Pns, PnsConfig, Prover, Verdict};
use std::time::Duration;

fn solve(board: Board, config: PnsConfig) -> Outcome {
    let problem = whole_game(board);
    // Generous: a budget running out would show as `unknown`, a failure.
    let limits = Limits {
        max_nodes: Some(50_000_000),
        time: Some(Duration::from_secs(120)),
        memory: Some(4 << 30),
    };
    Pns::new(config).prove(&problem, &limits)
}

/// A win must come with a line the attacker really completes.
fn check_win_line(board: &Board, out: &Outcome) {
    let mut b = board.clone();
    let attacker = b.to_move();
    for &c in &out.pv {
        assert!(b.stone_at(c).is_none());
        b.play(c);
    }
    assert!(b.has_line(attacker), "the PV ends with the attacker's line");
    assert_eq!(out.best_move, out.pv.first().copied());
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let out = solve(board(3, 3, 3, &[]), PnsConfig::default());
    assert_eq!(out.verdict, Verdict::NoWin);
}

#[test]
fn four_by_three_k3_is_a_first_player_win() {
    let board = board(4, 3, 3, &[]);
    let out = solve(board.clone(), PnsConfig::default());
    assert_eq!(out.verdict, Verdict::Win);
    check_win_line(&board, &out);
}

#[test]
fn four_by_four_k4_is_a_draw() {
    let out = solve(board(4, 4, 4, &[]), PnsConfig::default());
    assert_eq!(out.verdict, Verdict::NoWin);
}

#[test]
fn five_by_four_k4_is_a_draw() {
    let out = solve(board(5, 4, 4, &[]), PnsConfig::default());
    assert_eq!(out.verdict, Verdict::NoWin);
}

#[test]
fn five_by_five_k4_is_a_draw() {
    let out = solve(board(5, 5, 4, &[]), PnsConfig::default());
    assert_eq!(out.verdict, Verdict::NoWin);
}

#[test]
fn six_by_five_k4_is_a_first_player_win() {
    let board = board(6, 5, 4, &[]);
    let out = solve(board.clone(), PnsConfig::default());
    assert_eq!(out.verdict, Verdict::Win);
    check_win_line(&board, &out);
}

#[test]
fn three_corners_on_four_by_four_win_for_x() {
    // Thomsen (2000): x on a1, d1, d4, o none, x to move.
    let board = three_corners();
    let out = solve(board.clone(), PnsConfig::default());
    assert_eq!(out.verdict, Verdict::Win);
    check_win_line(&board, &out);
}

//! Tests of the node rules: the completion test, reductions 3 and 5.

use super::*;
use kinrow_board::{Board, Game, Rule};

fn board(moves: &[&str], to_move_o: bool) -> SearchBoard {
    let game = Game::new(15, 15, 5, Rule::Freestyle).unwrap();
    let mut b = Board::new(game);
    let g = *b.game().geometry();
    for m in moves {
        b.play(g.parse_cell(m).unwrap());
    }
    if to_move_o {
        b.set_to_move(Player::O);
    }
    b.into()
}

const RULES: NodeRules = NodeRules::new(Candidates::Near(1), Attack::Any);

/// Plain scan: some window of k cells in a line with no `opp` stone,
/// an empty cell, and at most `stones` empty cells.
fn naive_can_complete(b: &Board, own: Player, stones: u32) -> bool {
    let g = *b.game().geometry();
    let (w, h, k) = (g.width() as i32, g.height() as i32, b.game().k() as i32);
    for y in 0..h {
        for x in 0..w {
            for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                let mut empty = 0;
                let mut ok = true;
                for i in 0..k {
                    let (cx, cy) = (x + i * dx, y + i * dy);
                    if cx < 0 || cy < 0 || cx >= w || cy >= h {
                        ok = false;
                        break;
                    }
                    match b.stone_at(g.cell(cx as u32, cy as u32).unwrap()) {
                        None => empty += 1,
                        Some(p) if p == own => {}
                        Some(_) => ok = false,
                    }
                }
                if ok && empty >= 1 && empty <= stones {
                    return true;
                }
            }
        }
    }
    false
}

/// The count the completion test's shortcut rests on, against a
/// plain count of the windows that fit on the board.
#[test]
fn window_count_matches_a_plain_count() {
    for (w, h) in [(3, 3), (4, 7), (7, 4), (9, 5), (15, 15), (19, 6)] {
        for k in 1..=w.max(h) {
            let game = Game::new(w, h, k, Rule::Freestyle).unwrap();
            let (w, h, k) = (w as i32, h as i32, k as i32);
            let mut plain = 0;
            for y in 0..h {
                for x in 0..w {
                    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                        let (ex, ey) = (x + (k - 1) * dx, y + (k - 1) * dy);
                        if (0..w).contains(&ex) && (0..h).contains(&ey) {
                            plain += 1;
                        }
                    }
                }
            }
            assert_eq!(window_count(&game), plain, "{w}x{h} k={k}");
        }
    }
}

#[test]
fn completion_test_matches_a_plain_scan() {
    let mut seed = 7u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as u32
    };
    let (mut yes, mut no) = (0, 0);
    for _ in 0..400 {
        let (w, h) = (3 + next() % 8, 3 + next() % 8);
        let k = 3 + next() % (w.max(h) - 2);
        let game = Game::new(w, h, k, Rule::Freestyle).unwrap();
        let mut b = Board::new(game);
        let fill = next() % (w * h);
        for _ in 0..fill {
            let c = game.geometry().cell(next() % w, next() % h).unwrap();
            if b.stone_at(c).is_none() {
                b.place(
                    c,
                    if next() % 2 == 0 {
                        Player::X
                    } else {
                        Player::O
                    },
                );
            }
        }
        for stones in [0, 1, 2, 3, 5, 9, 40] {
            let got = can_complete(&game, b.stones(Player::X), b.stones(Player::O), stones);
            let want = naive_can_complete(&b, Player::X, stones);
            assert_eq!(got, want, "{b:?} {stones}");
            if got {
                yes += 1
            } else {
                no += 1
            }
        }
    }
    assert!(yes > 200 && no > 200, "{yes} {no}");
}

#[test]
fn open_four_is_a_win_for_the_attacker_at_the_defenders_turn() {
    // x: f8 g8 h8 i8, o to move: two winning cells e8, j8.
    let b = board(&["f8", "a1", "g8", "a3", "h8", "a5", "i8"], false);
    assert_eq!(RULES.defender_node(&b, 2), AndNode::Win);
    assert_eq!(RULES.defender_node(&b, 1), AndNode::NoWin);
}

#[test]
fn open_three_restricts_the_defenders_replies() {
    // x: g8 h8 i8 (open three), o to move, depth 4: o must stop the
    // double-four points f8 / j8 or make a four.
    let b = board(&["g8", "a1", "h8", "a3", "i8"], false);
    let AndNode::Replies(r) = RULES.defender_node(&b, 4) else {
        panic!("expected replies");
    };
    let g = *b.game().geometry();
    let mut names: Vec<String> = r.iter().map(|i| g.name(Cell::from_index(i))).collect();
    names.sort();
    assert_eq!(names, ["f8", "j8"]);
    // With depth 3 the reduction does not apply.
    let AndNode::Replies(all) = RULES.defender_node(&b, 3) else {
        panic!("expected replies");
    };
    assert_eq!(all, b.candidates(Candidates::Near(1)));
}

#[test]
fn double_threat_replies_are_never_empty() {
    // x has two open threes far apart (g8 h8 i8 and c3 c4 c5), o to
    // move with isolated stones: no reply stops both, so reduction 5
    // refutes every reply. It used to return an empty set, which
    // `AndNode::Replies` promises never to be (a prover counting the
    // replies' refutations took the node for a win on the next move).
    let b = board(
        &[
            "g8", "a15", "h8", "o15", "i8", "o1", "c3", "a10", "c4", "m14", "c5", "e14",
        ],
        true,
    );
    let cands = b.candidates(Candidates::Near(1));
    let AndNode::Replies(r) = RULES.defender_node(&b, 4) else {
        panic!("expected replies");
    };
    assert!(!r.is_empty());
    assert_eq!(r.and_not(&cands), Bitboard::EMPTY);
}

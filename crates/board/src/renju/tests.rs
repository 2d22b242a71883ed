//! The forbidden-point tests on hand-built positions, and the check that
//! a cell allowed whatever White adds stays allowed.

use super::*;

/// A 15x15 renju board with x on `black` and o on `white`.
fn board(black: &str, white: &str) -> Board {
    let mut b = Board::new(Game::new(15, 15, 5, Rule::Renju).unwrap());
    let g = *b.game().geometry();
    for (names, p) in [(black, Player::X), (white, Player::O)] {
        for n in names.split_whitespace() {
            b.place(g.parse_cell(n).unwrap(), p);
        }
    }
    b
}

fn foul(b: &Board, cell: &str) -> Option<Foul> {
    b.foul(b.game().geometry().parse_cell(cell).unwrap())
}

/// The names of all forbidden points, sorted as the bits are.
fn forbidden(b: &Board) -> Vec<String> {
    let g = b.game().geometry();
    b.forbidden_points()
        .iter()
        .map(|i| g.name(Cell::from_index(i)))
        .collect()
}

#[test]
fn a_double_three_is_forbidden() {
    // f8 g8 across, h6 h7 up: h8 makes two open threes.
    let b = board("f8 g8 h6 h7", "");
    assert_eq!(foul(&b, "h8"), Some(Foul::DoubleThree));
    assert_eq!(forbidden(&b), ["h8"]);
}

#[test]
fn a_split_three_counts_and_a_closed_one_does_not() {
    // e8 g8 (split: e8 . g8 h8) and h6 h7.
    let b = board("e8 g8 h6 h7", "");
    assert_eq!(foul(&b, "h8"), Some(Foul::DoubleThree));
    // o on d8 and i8 closes the row: no straight four can come of it.
    let b = board("f8 g8 h6 h7", "e8 i8");
    assert_eq!(foul(&b, "h8"), None);
    // o on e8 only: f8 g8 h8 can still become a four (i8), but not a
    // straight one, which needs e8 empty.
    let b = board("f8 g8 h6 h7", "e8");
    assert_eq!(foul(&b, "h8"), None);
}

#[test]
fn a_three_whose_four_would_end_next_to_a_black_stone_is_no_three() {
    // f8 g8 h8 . . k8 with o on d8: i8 makes f8..i8, whose end j8
    // would make six (f8..k8); e8 makes e8..h8, whose end d8 is o.
    // No straight four: no three.
    let b = board("f8 g8 k8 h6 h7", "d8");
    assert_eq!(foul(&b, "h8"), None);
    // The mirror image: e8 . . h8 i8 j8 with o on l8.
    let b = board("e8 i8 j8 h6 h7", "l8");
    assert_eq!(foul(&b, "h8"), None);
    // Without o, the end away from the Black stone is free: a three.
    let b = board("f8 g8 k8 h6 h7", "");
    assert_eq!(foul(&b, "h8"), Some(Foul::DoubleThree));
}

#[test]
fn a_double_four_across_lines_and_in_one_line() {
    // f8 g8 i8 across (a four with h8), h5 h6 h7 up (another).
    let b = board("f8 g8 i8 h5 h6 h7", "e8 h4");
    assert_eq!(foul(&b, "h8"), Some(Foul::DoubleFour));
    // x . x x x . x: the middle stone of c8 e8 f8 g8 i8 pattern, f8
    // played: c8 e8 f8 g8 -> d8 makes five, e8 f8 g8 i8 -> h8 does.
    let b = board("c8 e8 g8 i8", "");
    assert_eq!(foul(&b, "f8"), Some(Foul::DoubleFour));
    // xx.xx.xx, the middle pair.
    let b = board("c8 d8 f8 i8 j8", "");
    assert_eq!(foul(&b, "g8"), Some(Foul::DoubleFour));
    // xxx.x.xxx, the middle stone.
    let b = board("b8 c8 d8 h8 i8 j8", "");
    assert_eq!(foul(&b, "f8"), Some(Foul::DoubleFour));
    // The outer stone of x.xxx.x makes only one four.
    let b = board("e8 f8 g8 i8", "");
    assert_eq!(foul(&b, "c8"), None);
}

#[test]
fn a_straight_four_is_one_four() {
    // .xxxx. made by h8 and nothing else: allowed (a four-three or a
    // straight four alone is not a foul).
    let b = board("e8 f8 g8", "");
    assert_eq!(foul(&b, "h8"), None);
    // Straight four and a three: allowed.
    let b = board("e8 f8 g8 h6 h7", "");
    assert_eq!(foul(&b, "h8"), None);
}

#[test]
fn an_overline_is_forbidden_unless_a_five_comes_with_it() {
    let b = board("d8 e8 f8 h8 i8", "");
    assert_eq!(foul(&b, "g8"), Some(Foul::Overline));
    // h8 makes six up (h5 h6 h7 . h9 h10) and exactly five across.
    let b = board("h5 h6 h7 h9 h10 d8 e8 f8 g8", "");
    assert_eq!(foul(&b, "h8"), None);
    let b = board("h5 h6 h7 h9 h10 e8 f8 g8", "d8");
    assert_eq!(foul(&b, "h8"), Some(Foul::Overline));
    // Five next to six: the cell that makes six is forbidden, the one
    // that makes five is not.
    let b = board("c8 d8 e8 f8", "");
    assert_eq!(foul(&b, "g8"), None);
    let b = board("b8 c8 d8 e8 f8", "a8");
    assert_eq!(foul(&b, "g8"), Some(Foul::Overline));
}

#[test]
fn a_three_whose_straight_four_points_are_forbidden_is_fake() {
    // h8 makes f8 g8 h8 (a real three: e8 and i8 open) and h6 h7 h8,
    // which o on h10 leaves a single straight-four point, h5; and h5
    // is a double-four point (e5 f5 g5 across, i4 j3 k2 down the
    // diagonal, and h5..h8 up once h8 is played).
    let b = board("f8 g8 h6 h7 e5 f5 g5 i4 j3 k2", "h10");
    assert_eq!(foul(&b, "h5"), Some(Foul::DoubleFour));
    assert_eq!(foul(&b, "h8"), None);
    // Without o on h10, h9 completes the vertical three as well.
    let b = board("f8 g8 h6 h7 e5 f5 g5 i4 j3 k2", "");
    assert_eq!(foul(&b, "h8"), Some(Foul::DoubleThree));
}

#[test]
fn fake_threes_recursively() {
    // As above, but once h8 is played, h5 is a four-three-three point
    // (h5..h8 up, f5 g5 h5 across, h5 i4 j3 down the diagonal) whose
    // threes are real: a double-three, so the vertical three through
    // h8 is fake.
    let b = board("f8 g8 h6 h7 f5 g5 i4 j3 h8", "h10");
    assert_eq!(foul(&b, "h5"), Some(Foul::DoubleThree));
    let b = board("f8 g8 h6 h7 f5 g5 i4 j3", "h10");
    assert_eq!(foul(&b, "h8"), None);
    // Close the row of h5 (o on e5 and i5): once h8 is played, h5 is a
    // four-three, no foul; the vertical three through h8 is real again
    // and h8 is a double-three.
    let b = board("f8 g8 h6 h7 f5 g5 i4 j3 h8", "h10 e5 i5");
    assert_eq!(foul(&b, "h5"), None);
    let b = board("f8 g8 h6 h7 f5 g5 i4 j3", "h10 e5 i5");
    assert_eq!(foul(&b, "h8"), Some(Foul::DoubleThree));
}

#[test]
fn a_straight_four_point_that_makes_five_does_not_make_a_three() {
    // RIF: a three is a row to which one can add a stone, "without at
    // the same time a five in a row is made", to attain a straight
    // four. h8 makes f8 g8 h8 and h6 h7 h8; o on h10 leaves the second
    // one a single straight-four point, h5, where x would also make
    // five (d5..h5): no three.
    let b = board("f8 g8 h6 h7 d5 e5 f5 g5", "h10");
    assert_eq!(foul(&b, "h8"), None);
    // Without o on h10, h9 makes the straight four h6..h9 freely.
    let b = board("f8 g8 h6 h7 d5 e5 f5 g5", "");
    assert_eq!(foul(&b, "h8"), Some(Foul::DoubleThree));
}

#[test]
fn a_four_three_is_allowed_and_white_has_no_fouls() {
    let b = board("e8 f8 g8 h6 h7", "d8");
    assert_eq!(foul(&b, "h8"), None);
    // The same stones as White's: nothing is forbidden to anyone.
    let b = board("", "f8 g8 h6 h7");
    assert!(b.forbidden_points().is_empty());
}

#[test]
fn no_forbidden_points_under_other_rules() {
    for rule in [Rule::Freestyle, Rule::Exact] {
        let mut b = Board::new(Game::new(15, 15, 5, rule).unwrap());
        let g = *b.game().geometry();
        for n in ["f8", "g8", "h6", "h7"] {
            b.place(g.parse_cell(n).unwrap(), Player::X);
        }
        assert!(b.forbidden_points().is_empty());
        assert_eq!(b.foul(g.parse_cell("h8").unwrap()), None);
        assert!(!b.game().has_forbidden_points());
    }
}

#[test]
fn only_renju_has_forbidden_points() {
    let renju = Game::new(15, 15, 5, Rule::Renju).unwrap();
    assert!(renju.has_forbidden_points());
    // The same stones as above make h8 a forbidden point under renju.
    let mut b = Board::new(renju);
    let g = *b.game().geometry();
    for n in ["f8", "g8", "h6", "h7"] {
        b.place(g.parse_cell(n).unwrap(), Player::X);
    }
    assert!(!b.forbidden_points().is_empty());
}

#[test]
fn renju_needs_k_five() {
    assert_eq!(
        Game::new(15, 15, 6, Rule::Renju),
        Err(crate::GameError::RenjuK { k: 6 })
    );
    assert!(Game::new(9, 9, 5, Rule::Renju).is_ok());
}

#[test]
fn renju_wins_are_exact_for_black_and_freestyle_for_white() {
    let b = board("c8 d8 e8 f8 h8", "c3 d3 e3 f3 h3");
    let g = *b.game().geometry();
    let cells = |p| -> Vec<String> {
        b.winning_cells(p)
            .iter()
            .map(|i| g.name(Cell::from_index(i)))
            .collect()
    };
    // g8 would make six for x: no win; b8 makes five.
    assert_eq!(cells(Player::X), ["b8"]);
    assert_eq!(cells(Player::O), ["b3", "g3"]);
}

#[test]
fn the_candidates_filter_keeps_every_forbidden_point() {
    // Every empty cell tested one by one agrees with the whole-board
    // query on a crowded board.
    let b = board(
        "f8 g8 h6 h7 e5 f5 g5 i4 j3 k2 c8 e8 d10 d11 d12 j9 k10 l11 m3 m4 m5 m7 m8",
        "e6 i9",
    );
    let g = *b.game().geometry();
    let all = b.forbidden_points();
    for c in g.all_cells() {
        if b.stone_at(c).is_none() {
            assert_eq!(all.contains(c.index()), b.is_forbidden(c), "{}", g.name(c));
        }
    }
    // h5 a double-four, m6 an overline, l3 a double-three (j3 . l3 m3
    // across, k2 l3 m4 up the diagonal); h8 is a four-three (e8 f8 g8
    // h8 across).
    assert_eq!(forbidden(&b), ["l3", "h5", "m6"]);
}

#[test]
fn a_cell_allowed_whatever_white_stays_allowed_when_white_adds_a_stone() {
    // Dense random positions; every empty cell `m` said to stay allowed
    // is asked again after an o stone on each other empty cell. The
    // positions hold cells that an o stone does make forbidden (a fake
    // three made real), so a test that said "allowed" of every
    // non-forbidden cell fails here.
    let game = Game::new(15, 15, 5, Rule::Renju).unwrap();
    let g = *game.geometry();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut checked, mut made_forbidden) = (0u64, 0u64);
    for _ in 0..120 {
        let mut b = Board::new(game);
        // Stones in a 9x9 middle, dense enough for threes and fours.
        let stones = 20 + next() % 30;
        for n in 0..stones {
            let c = g
                .cell(3 + (next() % 9) as u32, 3 + (next() % 9) as u32)
                .unwrap();
            let p = if n % 3 == 2 { Player::O } else { Player::X };
            if b.stone_at(c).is_none() && !(p == Player::X && b.is_forbidden(c)) {
                b.place(c, p);
                if b.wins_at(c) {
                    b.remove(c, p);
                }
            }
        }
        let empty: Vec<Cell> = g.all_cells().filter(|&c| b.stone_at(c).is_none()).collect();
        for &m in &empty {
            let allowed =
                b.game()
                    .allowed_whatever_white(b.stones(Player::X), b.stones(Player::O), m);
            let forbidden = b.is_forbidden(m);
            assert!(!(allowed && forbidden), "{} is forbidden", g.name(m));
            if forbidden {
                continue;
            }
            for &s in &empty {
                if s == m {
                    continue;
                }
                b.place(s, Player::O);
                let after = b.is_forbidden(m);
                b.remove(s, Player::O);
                if after {
                    made_forbidden += 1;
                    assert!(!allowed, "o on {} makes {} forbidden", g.name(s), g.name(m));
                }
                checked += u64::from(allowed);
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
    assert!(made_forbidden > 0, "no o stone made a cell forbidden");
}

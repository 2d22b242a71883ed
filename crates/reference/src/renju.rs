//! Renju as `position-format.md` writes it (the rule of the Renju
//! International Federation), in plain scans over a [`NaiveBoard`] with
//! `k = 5`, and the plain game recursion of renju with passes.
//!
//! x (Black) wins only with exactly five, o (White) with five or more. x
//! may not play a forbidden point: a cell where its stone makes an overline,
//! two fours or two threes, unless it makes five. A four is a set of four
//! x stones in one line that one more stone makes exactly five; a three is
//! a line through the stone where one more x stone, itself not forbidden
//! and making no five, gives a straight four (four in a row that either
//! end makes exactly five). Every question here is answered by placing
//! stones and counting runs, never by pattern tables.
//!
//! RIF lets a player pass; two passes in a row end the game drawn. The
//! recursion [`renju_attacker_wins`] searches every pass as a move of its
//! own, so it relies on no argument about when a pass is useless.

use crate::{other, NaiveBoard, DIRECTIONS, EMPTY, O, X};

/// Length of the run of `p` through `(x, y)` along `(dx, dy)`, both ways,
/// the cell itself counted (it must hold `p`).
fn run(b: &NaiveBoard, x: usize, y: usize, (dx, dy): (i64, i64), p: u8) -> usize {
    let mut n = 1;
    for s in [1, -1] {
        let (mut cx, mut cy) = (x as i64 + s * dx, y as i64 + s * dy);
        while b.get(cx, cy) == Some(p) {
            n += 1;
            cx += s * dx;
            cy += s * dy;
        }
    }
    n
}

/// Whether the stone on `(x, y)` completes a line of its colour: exactly
/// five for x, five or more for o.
#[must_use]
pub fn renju_wins_at(b: &NaiveBoard, x: usize, y: usize) -> bool {
    let p = b.cells[y * b.width + x];
    DIRECTIONS.iter().any(|&d| {
        let n = run(b, x, y, d, p);
        if p == X {
            n == 5
        } else {
            p == O && n >= 5
        }
    })
}

/// The cells along `(dx, dy)` through `(x, y)`, at most `reach` steps
/// either way, that are on the board.
fn line(
    b: &NaiveBoard,
    x: usize,
    y: usize,
    (dx, dy): (i64, i64),
    reach: i64,
) -> Vec<(usize, usize)> {
    (-reach..=reach)
        .map(|i| (x as i64 + i * dx, y as i64 + i * dy))
        .filter(|&(cx, cy)| b.get(cx, cy).is_some())
        .map(|(cx, cy)| (cx as usize, cy as usize))
        .collect()
}

/// The cells of the run of `p` through `(x, y)` along `d` (the cell must
/// hold `p`), and the two cells just past its ends (`None` off the board).
#[allow(clippy::type_complexity)]
fn run_cells(
    b: &NaiveBoard,
    x: usize,
    y: usize,
    (dx, dy): (i64, i64),
    p: u8,
) -> (Vec<(usize, usize)>, [Option<(usize, usize)>; 2]) {
    let mut cells = vec![(x, y)];
    let mut ends = [None, None];
    for (i, s) in [1, -1].into_iter().enumerate() {
        let (mut cx, mut cy) = (x as i64 + s * dx, y as i64 + s * dy);
        while b.get(cx, cy) == Some(p) {
            cells.push((cx as usize, cy as usize));
            cx += s * dx;
            cy += s * dy;
        }
        ends[i] = b.get(cx, cy).map(|_| (cx as usize, cy as usize));
    }
    cells.sort_unstable();
    (cells, ends)
}

/// The fours through the x stone on `(x, y)` along `d`: the distinct sets
/// of four x stones, the stone included, that one empty cell of the line
/// makes exactly five.
fn fours_along(b: &mut NaiveBoard, x: usize, y: usize, d: (i64, i64)) -> Vec<Vec<(usize, usize)>> {
    let mut sets: Vec<Vec<(usize, usize)>> = Vec::new();
    for (ex, ey) in line(b, x, y, d, 4) {
        if b.cells[ey * b.width + ex] != EMPTY {
            continue;
        }
        b.set(ex, ey, X);
        let (run, _) = run_cells(b, ex, ey, d, X);
        if run.len() == 5 && run.contains(&(x, y)) {
            let four: Vec<_> = run.into_iter().filter(|&c| c != (ex, ey)).collect();
            if !sets.contains(&four) {
                sets.push(four);
            }
        }
        b.set(ex, ey, EMPTY);
    }
    sets
}

/// Whether the x stone on `(x, y)` makes a three along `d`: one more x
/// stone on that line, not forbidden and making no five, leaves a straight
/// four through both: a run of exactly four whose two end cells are empty
/// and each make exactly five.
fn three_along(b: &mut NaiveBoard, x: usize, y: usize, d: (i64, i64)) -> bool {
    for (ex, ey) in line(b, x, y, d, 4) {
        if b.cells[ey * b.width + ex] != EMPTY {
            continue;
        }
        b.set(ex, ey, X);
        let straight = !renju_wins_at(b, ex, ey) && {
            let (run, ends) = run_cells(b, ex, ey, d, X);
            run.len() == 4
                && run.contains(&(x, y))
                && ends.iter().all(|end| {
                    end.is_some_and(|(cx, cy)| {
                        b.cells[cy * b.width + cx] == EMPTY && {
                            b.set(cx, cy, X);
                            let five = run_cells(b, cx, cy, d, X).0.len() == 5;
                            b.set(cx, cy, EMPTY);
                            five
                        }
                    })
                })
        };
        b.set(ex, ey, EMPTY);
        if straight && !is_forbidden(b, ex, ey) {
            return true;
        }
    }
    false
}

/// Whether the empty cell `(x, y)` is a forbidden point of x.
#[must_use]
pub fn is_forbidden(b: &mut NaiveBoard, x: usize, y: usize) -> bool {
    debug_assert_eq!(b.cells[y * b.width + x], EMPTY);
    b.set(x, y, X);
    // A five is never forbidden; otherwise an overline, two fours or two
    // threes are.
    let overline = || DIRECTIONS.iter().any(|&d| run(b, x, y, d, X) >= 6);
    let forbidden = !renju_wins_at(b, x, y)
        && (overline()
            || DIRECTIONS
                .iter()
                .map(|&d| fours_along(b, x, y, d).len())
                .sum::<usize>()
                >= 2
            || DIRECTIONS
                .iter()
                .filter(|&&d| three_along(b, x, y, d))
                .count()
                >= 2);
    b.set(x, y, EMPTY);
    forbidden
}

/// Whether `attacker` completes its line within `depth` plies of renju
/// from `b` with `to_move` to play, every side free to pass (two passes in
/// a row end the game drawn, `passed` saying the last ply was one): the
/// plain recursion over every candidate (`near` as in
/// [`NaiveBoard::candidates`]) and the pass, x never on a forbidden point.
/// The defender completing its line or a full board ends the attack.
#[must_use]
pub fn renju_attacker_wins(
    b: &mut NaiveBoard,
    attacker: u8,
    to_move: u8,
    depth: u32,
    near: Option<usize>,
    passed: bool,
) -> bool {
    wins_with(b, attacker, to_move, depth, near, passed, false)
}

/// [`renju_attacker_wins`] with `attacker` attacking by fours alone:
/// every move of it is a four ([`NaiveBoard::is_four`]: it wins at once or
/// leaves it a cell where five or more would stand), never on a forbidden
/// point when it is x (a double four of x is one, unless it makes five);
/// the defender and its passes free as there. The question a VCF answers.
#[must_use]
pub fn renju_wins_by_fours(
    b: &mut NaiveBoard,
    attacker: u8,
    to_move: u8,
    depth: u32,
    near: Option<usize>,
) -> bool {
    wins_with(b, attacker, to_move, depth, near, false, true)
}

fn wins_with(
    b: &mut NaiveBoard,
    attacker: u8,
    to_move: u8,
    depth: u32,
    near: Option<usize>,
    passed: bool,
    fours_only: bool,
) -> bool {
    if depth == 0 {
        return false;
    }
    let want = to_move == attacker;
    for (x, y) in b.candidates(near) {
        if to_move == X && is_forbidden(b, x, y) {
            continue;
        }
        if want && fours_only && !b.is_four(attacker, x, y) {
            continue;
        }
        b.set(x, y, to_move);
        let win = if renju_wins_at(b, x, y) {
            want
        } else if b.is_full() {
            false
        } else {
            wins_with(
                b,
                attacker,
                other(to_move),
                depth - 1,
                near,
                false,
                fours_only,
            )
        };
        b.set(x, y, EMPTY);
        if win == want {
            return want;
        }
    }
    // The pass: after another pass the game is drawn.
    // (An attacker playing only fours has no pass.)
    let no_pass = passed || (want && fours_only);
    let pass = !no_pass
        && wins_with(
            b,
            attacker,
            other(to_move),
            depth - 1,
            near,
            true,
            fours_only,
        );
    if pass == want {
        return want;
    }
    !want
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> NaiveBoard {
        NaiveBoard::from_rows(rows, 5, false)
    }

    /// Finds the cell marked `*` and clears it.
    fn marked(rows: &[&str]) -> (NaiveBoard, usize, usize) {
        let clean: Vec<String> = rows.iter().map(|r| r.replace('*', ".")).collect();
        let refs: Vec<&str> = clean.iter().map(String::as_str).collect();
        let b = board(&refs);
        let h = rows.len();
        for (row, r) in rows.iter().enumerate() {
            if let Some(x) = r.find('*') {
                return (b, x, h - 1 - row);
            }
        }
        panic!("no mark");
    }

    #[test]
    fn the_textbook_forbidden_points() {
        // (rows, forbidden?)
        let cases: [(&[&str], bool); 8] = [
            // double-three
            (
                &[
                    "..........",
                    "...x......",
                    "...x......",
                    ".xx*......",
                    "..........",
                    "..........",
                ],
                true,
            ),
            // three and three, one of them blocked: no double-three
            (
                &[
                    "...o......",
                    "...x......",
                    "...x......",
                    ".xx*......",
                    "..........",
                    "..........",
                ],
                false,
            ),
            // double-four in one line: x.x*x.x
            (&["..........", "x.x*x.x...", ".........."], true),
            // a straight four and nothing else
            (&["..........", ".xx*x.....", ".........."], false),
            // overline
            (&["..........", "xxx*xx....", ".........."], true),
            // five beside: exactly five wins, not forbidden
            (&["..........", "xx*xx.....", ".........."], false),
            // four-four across two lines
            (
                &[
                    "...x......",
                    "...x......",
                    "...x......",
                    "xxx*.o....",
                    "..........",
                ],
                true,
            ),
            // four and three: allowed
            (
                &[
                    "..........",
                    "...x......",
                    "...x......",
                    ".xx*x.....",
                    "....o.....",
                    "..........",
                ],
                false,
            ),
        ];
        for (rows, want) in cases {
            let (mut b, x, y) = marked(rows);
            assert_eq!(is_forbidden(&mut b, x, y), want, "{rows:?}");
        }
    }

    /// The naive forbidden points equal the board crate's on dense random
    /// positions: two implementations written apart (the board's is
    /// checked against the `renju` package of PyPI by CI).
    #[test]
    fn the_forbidden_points_equal_the_board_crates() {
        use crate::{adapt, random_stones, Rng};
        use kinrow_board::{Player, Rule};
        let mut rng = Rng(18);
        let (mut forbidden, mut cells) = (0, 0);
        for _ in 0..150 {
            let size = rng.range(9, 15);
            let stones = rng.range(20, size * size / 2);
            let mut b = random_stones(&mut rng, size, size, 5, false, stones);
            let board = adapt::to_board_under(&b, X, Rule::Renju);
            let (black, white) = (board.stones(Player::X), board.stones(Player::O));
            for (x, y) in b.empty_cells() {
                let c = adapt::cell(&board, (x, y));
                let want = board.game().is_forbidden(black, white, c);
                assert_eq!(is_forbidden(&mut b, x, y), want, "({x}, {y}) of {b:?}");
                forbidden += usize::from(want);
                cells += 1;
            }
        }
        assert!(forbidden > 100, "{forbidden} forbidden points of {cells}");
    }

    #[test]
    fn the_recursion_on_two_small_cases() {
        // x to move, o attacking with depth 2: o has no winning cell, so
        // o cannot win within two plies whatever x does, pass included.
        let mut b = board(&[".......", ".ooo...", "......."]);
        assert!(!renju_attacker_wins(&mut b, O, X, 2, None, false));
        // With an open four of o, o wins in two plies.
        let mut b = board(&[".......", ".oooo..", "xxx...."]);
        assert!(renju_attacker_wins(&mut b, O, X, 2, None, false));
    }
}

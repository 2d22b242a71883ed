//! Renju's forbidden points for Black, written out plainly from the Renju
//! International Federation's definitions, on the checker's own [`Grid`]:
//! walks along lines, one cell at a time, and nothing shared with the
//! board crate's bit arithmetic.
//!
//! The definitions, as RIF words them:
//!
//! - *five*: an unbroken row of five stones; *overline*: of six or more;
//! - *four*: a row of four stones to which one more stone gives a five;
//!   *straight four*: an unbroken row of four stones to which a stone can
//!   be added in two different ways to give a five;
//! - *three*: a row of three stones to which one can add a stone, "without
//!   at the same time a five in a row is made", to attain a straight four;
//! - *double-four*, *double-three*: a stone that makes two or more fours,
//!   or threes, at once;
//! - Black may not make an overline, a double-four or a double-three,
//!   except that a five wins whatever else the stone makes; and a three
//!   counts only if its straight four can be made by a move that is not
//!   itself forbidden (checked recursively).
//!
//! Black wins with exactly five; the fours and fives here are Black's
//! exact ones. Only the fours and threes that hold the new stone are made
//! by it; a line where the stone makes a four is not also a three.

use crate::rules::{Grid, EMPTY, X};

/// The four line directions.
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// The cells of the unbroken row of Black stones through `(x, y)` (which
/// holds one) along `(dx, dy)`, from one end to the other.
fn row_through(g: &Grid, x: i32, y: i32, dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (mut sx, mut sy) = (x, y);
    while g.get(sx - dx, sy - dy) == Some(X) {
        sx -= dx;
        sy -= dy;
    }
    let mut row = Vec::new();
    let (mut cx, mut cy) = (sx, sy);
    while g.get(cx, cy) == Some(X) {
        row.push((cx, cy));
        cx += dx;
        cy += dy;
    }
    row
}

/// Whether a Black stone on the empty cell `(ex, ey)` gives an unbroken row
/// of exactly five along `(dx, dy)` that holds `(x, y)`; if so, the four
/// other stones of that five (sorted), which name the four it completes.
fn five_with(
    g: &mut Grid,
    ex: i32,
    ey: i32,
    x: i32,
    y: i32,
    dx: i32,
    dy: i32,
) -> Option<Vec<(i32, i32)>> {
    g.place(ex, ey, X);
    let row = row_through(g, ex, ey, dx, dy);
    g.clear(ex, ey);
    if row.len() == 5 && row.contains(&(x, y)) {
        let mut four: Vec<_> = row.into_iter().filter(|&c| c != (ex, ey)).collect();
        four.sort_unstable();
        Some(four)
    } else {
        None
    }
}

/// The empty cells of the line through `(x, y)` along `(dx, dy)`, up to
/// `reach` steps either way.
fn empty_on_line(g: &Grid, x: i32, y: i32, dx: i32, dy: i32, reach: i32) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for t in -reach..=reach {
        let (cx, cy) = (x + t * dx, y + t * dy);
        if t != 0 && g.get(cx, cy) == Some(EMPTY) {
            out.push((cx, cy));
        }
    }
    out
}

/// The number of fours along `(dx, dy)` that hold the Black stone on
/// `(x, y)`: distinct sets of four stones that one more stone makes an
/// exact five.
fn fours_along(g: &mut Grid, x: i32, y: i32, dx: i32, dy: i32) -> usize {
    let mut fours: Vec<Vec<(i32, i32)>> = Vec::new();
    for (ex, ey) in empty_on_line(g, x, y, dx, dy, 4) {
        if let Some(four) = five_with(g, ex, ey, x, y, dx, dy) {
            if !fours.contains(&four) {
                fours.push(four);
            }
        }
    }
    fours.len()
}

/// Whether the Black stone on `(x, y)` is part of a straight four along
/// `(dx, dy)`: its unbroken row is four long, and two different empty
/// cells each make an exact five with it.
fn straight_four_along(g: &mut Grid, x: i32, y: i32, dx: i32, dy: i32) -> bool {
    if row_through(g, x, y, dx, dy).len() != 4 {
        return false;
    }
    let ways = empty_on_line(g, x, y, dx, dy, 4)
        .into_iter()
        .filter(|&(ex, ey)| five_with(g, ex, ey, x, y, dx, dy).is_some())
        .count();
    ways >= 2
}

/// Whether Black has six or more in a row somewhere.
pub(crate) fn has_overline(g: &Grid) -> bool {
    (0..g.height).any(|y| {
        (0..g.width).any(|x| {
            g.get(x, y) == Some(X)
                && DIRECTIONS
                    .iter()
                    .any(|&(dx, dy)| row_through(g, x, y, dx, dy).len() > 5)
        })
    })
}

/// Whether a Black stone on the empty cell `(x, y)` makes exactly five in
/// some line.
pub(crate) fn makes_five(g: &mut Grid, x: i32, y: i32) -> bool {
    g.place(x, y, X);
    let five = DIRECTIONS
        .iter()
        .any(|&(dx, dy)| row_through(g, x, y, dx, dy).len() == 5);
    g.clear(x, y);
    five
}

/// Whether the empty cell `(x, y)` is forbidden to Black.
pub(crate) fn is_forbidden(g: &mut Grid, x: i32, y: i32) -> bool {
    if makes_five(g, x, y) {
        return false;
    }
    g.place(x, y, X);
    let forbidden = forbidden_with_stone(g, x, y);
    g.clear(x, y);
    forbidden
}

/// [`is_forbidden`] with Black's stone already on `(x, y)`, which makes no
/// five.
fn forbidden_with_stone(g: &mut Grid, x: i32, y: i32) -> bool {
    // Overline.
    if DIRECTIONS
        .iter()
        .any(|&(dx, dy)| row_through(g, x, y, dx, dy).len() > 5)
    {
        return true;
    }
    // Double-four.
    let fours: Vec<usize> = DIRECTIONS
        .iter()
        .map(|&(dx, dy)| fours_along(g, x, y, dx, dy))
        .collect();
    if fours.iter().sum::<usize>() >= 2 {
        return true;
    }
    // Double-three: the lines without a four where some empty cell makes a
    // straight four through (x, y), makes no five, and is not forbidden.
    let mut threes = 0;
    for (i, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
        if fours[i] > 0 {
            continue;
        }
        let mut real = false;
        for (ex, ey) in empty_on_line(g, x, y, dx, dy, 4) {
            g.place(ex, ey, X);
            let straight = straight_four_along(g, x, y, dx, dy)
                && row_through(g, x, y, dx, dy).contains(&(ex, ey));
            g.clear(ex, ey);
            if straight && !makes_five(g, ex, ey) && !is_forbidden(g, ex, ey) {
                real = true;
                break;
            }
        }
        if real {
            threes += 1;
        }
    }
    threes >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::O;

    /// A 15x15 renju grid with x on `black` and o on `white` (cell names).
    fn grid(black: &str, white: &str) -> Grid {
        let mut g = Grid {
            width: 15,
            height: 15,
            k: 5,
            exact: false,
            renju: true,
            cells: vec![EMPTY; 225],
            stones: 0,
        };
        for (names, p) in [(black, X), (white, O)] {
            for n in names.split_whitespace() {
                let (x, y) = xy(n);
                g.place(x, y, p);
            }
        }
        g
    }

    fn xy(name: &str) -> (i32, i32) {
        let x = i32::from(name.as_bytes()[0] - b'a');
        let y: i32 = name[1..].parse().unwrap();
        (x, y - 1)
    }

    fn forbidden(g: &mut Grid, name: &str) -> bool {
        let (x, y) = xy(name);
        is_forbidden(g, x, y)
    }

    #[test]
    fn the_patterns() {
        // Three-three; closed on one side it is one three.
        assert!(forbidden(&mut grid("f8 g8 h6 h7", ""), "h8"));
        assert!(!forbidden(&mut grid("f8 g8 h6 h7", "e8"), "h8"));
        // Four-four across lines and in one line; four-three.
        assert!(forbidden(&mut grid("f8 g8 i8 h5 h6 h7", "e8 h4"), "h8"));
        assert!(forbidden(&mut grid("c8 e8 g8 i8", ""), "f8"));
        assert!(!forbidden(&mut grid("e8 f8 g8 i8", ""), "c8"));
        assert!(!forbidden(&mut grid("e8 f8 g8 h6 h7", "d8"), "h8"));
        // Overline, unless a five comes with it.
        assert!(forbidden(&mut grid("d8 e8 f8 h8 i8", ""), "g8"));
        assert!(!forbidden(
            &mut grid("h5 h6 h7 h9 h10 d8 e8 f8 g8", ""),
            "h8"
        ));
        // A fake three: its one straight-four point h5 is a four-four.
        assert!(!forbidden(
            &mut grid("f8 g8 h6 h7 e5 f5 g5 i4 j3 k2", "h10"),
            "h8"
        ));
        assert!(forbidden(
            &mut grid("f8 g8 h6 h7 e5 f5 g5 i4 j3 k2", ""),
            "h8"
        ));
        // A straight-four point that makes five does not make a three.
        assert!(!forbidden(
            &mut grid("f8 g8 h6 h7 d5 e5 f5 g5", "h10"),
            "h8"
        ));
    }

    /// The checker's plain forbidden points against the board crate's
    /// (written separately, with bit masks) on crowded random boards,
    /// square or not, cell by cell.
    #[test]
    fn agrees_with_the_board_crate_on_random_boards() {
        use kinrow_board::{Board, Game, Player, Rule};
        use kinrow_reference::Rng;
        let mut rng = Rng(18);
        let mut forbidden_seen = 0;
        for _ in 0..1000 {
            let (w, h) = (rng.range(6, 15) as i32, rng.range(6, 15) as i32);
            let mut g = Grid {
                width: w,
                height: h,
                k: 5,
                exact: false,
                renju: true,
                cells: vec![EMPTY; (w * h) as usize],
                stones: 0,
            };
            let mut board = Board::new(Game::new(w as u32, h as u32, 5, Rule::Renju).unwrap());
            let geo = *board.game().geometry();
            // Stones in a 7x7 square or so, 60% of them black.
            let (cx, cy) = (
                rng.range(0, w as usize - 1) as i32,
                rng.range(0, h as usize - 1) as i32,
            );
            for _ in 0..rng.range(10, 60) {
                let x = (cx + rng.range(0, 8) as i32 - 4).clamp(0, w - 1);
                let y = (cy + rng.range(0, 8) as i32 - 4).clamp(0, h - 1);
                if g.get(x, y) != Some(EMPTY) {
                    continue;
                }
                let (p, player) = if rng.chance(3, 5) {
                    (X, Player::X)
                } else {
                    (O, Player::O)
                };
                g.place(x, y, p);
                board.place(geo.cell(x as u32, y as u32).unwrap(), player);
            }
            let all = board.forbidden_points();
            for y in 0..h {
                for x in 0..w {
                    if g.get(x, y) != Some(EMPTY) {
                        continue;
                    }
                    let cell = geo.cell(x as u32, y as u32).unwrap();
                    let plain = is_forbidden(&mut g, x, y);
                    assert_eq!(
                        all.contains(cell.index()),
                        plain,
                        "{} on {g:?}",
                        geo.name(cell)
                    );
                    forbidden_seen += usize::from(plain);
                }
            }
        }
        assert!(forbidden_seen > 500, "{forbidden_seen}");
    }
}

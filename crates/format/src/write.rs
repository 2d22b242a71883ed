//! Writing positions and suites in the file format that
//! [`crate::parse_positions`] reads.
//!
//! The writer states every setting (the side to move too, so any stone
//! counts read back), draws the stones as a grid with row numbers and a
//! footer of lower-case column letters, then the puzzle lines. The settings
//! and the grid alone are [`write_board`], which the header of a win
//! certificate embeds (`docs/certificate-format.md`): their bytes are part
//! of that format too.
//!
//! Round trip: parsing the output gives back an equal position, provided
//! the position's texts are as the parser makes them: the name, each source
//! and the slow reason on one line, without `#` and without surrounding
//! whitespace, and in a suite the names non-empty and distinct. A position
//! written alone carries no `[name]` line, so its name comes back only as
//! the default name passed to the parser.

use crate::position::Position;
use kinrow_board::{Attack, Board, Candidates, Player};
use std::fmt;

/// The position as a file without a `[name]` line (the file's name names it).
#[must_use]
pub fn write_position(position: &Position) -> String {
    Text {
        position,
        named: false,
    }
    .to_string()
}

/// The positions as a suite: each starts with its `[name]` line, and a
/// blank line separates them. An empty slice gives an empty text, which
/// does not parse (no position).
#[must_use]
pub fn write_suite(positions: &[Position]) -> String {
    let texts: Vec<String> = positions
        .iter()
        .map(|position| {
            Text {
                position,
                named: true,
            }
            .to_string()
        })
        .collect();
    texts.join("\n")
}

/// The lines of a position file that state the game, the search settings
/// and the stones: `board`, `k`, `rule`, `candidates`, `attack`, `to-move`
/// and `depth` (left out for no horizon, `None`), in this order, then the
/// grid, each row after its right-aligned number, and the line of column
/// letters. Each line ends with a newline.
///
/// This is [`write_position`] without the puzzle lines: it reads back as a
/// position of this board and settings.
#[must_use]
pub fn write_board(
    board: &Board,
    candidates: Candidates,
    attack: Attack,
    depth: Option<u32>,
) -> String {
    let mut text = String::new();
    board_lines(&mut text, board, candidates, attack, depth).expect("writing to a string");
    text
}

/// Writes the lines of [`write_board`] to `f`.
fn board_lines(
    f: &mut impl fmt::Write,
    board: &Board,
    candidates: Candidates,
    attack: Attack,
    depth: Option<u32>,
) -> fmt::Result {
    let game = board.game();
    let g = game.geometry();
    let (width, height) = (g.width(), g.height());
    if width == height {
        writeln!(f, "board {width}")?;
    } else {
        writeln!(f, "board {width}x{height}")?;
    }
    writeln!(f, "k {}", game.k())?;
    writeln!(f, "rule {}", game.rule())?;
    writeln!(f, "candidates {candidates}")?;
    writeln!(f, "attack {attack}")?;
    writeln!(f, "to-move {}", board.to_move())?;
    if let Some(depth) = depth {
        writeln!(f, "depth {depth}")?;
    }
    let label = height.to_string().len();
    for y in (0..height).rev() {
        write!(f, "{:>label$}", y + 1)?;
        for x in 0..width {
            let stone = g.cell(x, y).and_then(|c| board.stone_at(c));
            write!(f, " {}", stone.map_or('.', Player::symbol))?;
        }
        writeln!(f)?;
    }
    write!(f, "{:label$}", "")?;
    for letter in (b'a'..).take(width as usize) {
        write!(f, " {}", char::from(letter))?;
    }
    writeln!(f)
}

/// A position in file form, with or without its `[name]` line.
struct Text<'a> {
    position: &'a Position,
    named: bool,
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.position;
        let g = p.board.game().geometry();
        if self.named {
            writeln!(f, "[{}]", p.name)?;
        }
        board_lines(f, &p.board, p.candidates, p.attack, p.depth)?;
        if let Some(expect) = p.expect {
            writeln!(f, "expect {expect}")?;
        }
        if !p.solution.is_empty() {
            write!(f, "solution")?;
            for &cell in &p.solution {
                write!(f, " {}", g.name(cell))?;
            }
            writeln!(f)?;
        }
        for source in &p.sources {
            free_text(f, "source", source)?;
        }
        if let Some(reason) = &p.slow {
            free_text(f, "slow", reason)?;
        }
        if let Some(time) = p.time {
            writeln!(f, "time {}", time.as_secs_f64())?;
        }
        if let Some(limit) = p.threat_limit {
            writeln!(f, "threat-limit {limit}")?;
        }
        Ok(())
    }
}

/// A line of a keyword and free text, without a trailing space when the
/// text is empty.
fn free_text(f: &mut fmt::Formatter<'_>, keyword: &str, text: &str) -> fmt::Result {
    if text.is_empty() {
        writeln!(f, "{keyword}")
    } else {
        writeln!(f, "{keyword} {text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_positions;
    use crate::testgen;
    use proptest::prelude::*;

    #[test]
    fn writes_every_setting_a_grid_and_the_puzzle_lines() {
        let text = "board 10x3\nk 3\nrule exact\ncandidates near 2\nattack fours\ndepth 7\n\
                    moves e2 a1\nexpect win\nsolution f2 d2\nsource a book, p. 3\nslow\ntime 2.5\nthreat-limit 2\n";
        let p = parse_positions(text, "x").unwrap().remove(0);
        let expected = "board 10x3\nk 3\nrule exact\ncandidates near 2\nattack fours\n\
                        to-move x\ndepth 7\n\
                        3 . . . . . . . . . .\n\
                        2 . . . . x . . . . .\n\
                        1 o . . . . . . . . .\n  \
                        a b c d e f g h i j\n\
                        expect win\nsolution f2 d2\nsource a book, p. 3\nslow\ntime 2.5\nthreat-limit 2\n";
        assert_eq!(write_position(&p), expected);
        assert_eq!(parse_positions(expected, "x"), Ok(vec![p]));
    }

    #[test]
    fn row_numbers_are_right_aligned() {
        let p = parse_positions("board 10\nk 5\n", "x").unwrap().remove(0);
        let text = write_position(&p);
        assert!(text.contains("\n10 . . "), "{text}");
        assert!(text.contains("\n 9 . . "), "{text}");
        assert!(text.contains("\n   a b c d e f g h i j\n"), "{text}");
    }

    #[test]
    fn empty_suite_is_empty_text() {
        assert_eq!(write_suite(&[]), "");
    }

    proptest! {
        #[test]
        fn position_round_trips(p in testgen::position()) {
            let text = write_position(&p);
            let back = parse_positions(&text, &p.name);
            prop_assert_eq!(back, Ok(vec![p]), "{}", text);
        }

        #[test]
        fn board_lines_read_back_without_the_puzzle_lines(p in testgen::position()) {
            let text = write_board(&p.board, p.candidates, p.attack, p.depth);
            prop_assert!(write_position(&p).starts_with(&text), "{}", text);
            let back = parse_positions(&text, &p.name);
            let bare = Position {
                expect: None,
                solution: Vec::new(),
                sources: Vec::new(),
                slow: None,
                time: None,
                threat_limit: None,
                ..p
            };
            prop_assert_eq!(back, Ok(vec![bare]), "{}", text);
        }

        #[test]
        fn suite_round_trips(mut ps in proptest::collection::vec(testgen::position(), 1..4)) {
            for (i, p) in ps.iter_mut().enumerate() {
                p.name = format!("{i} {}", p.name);
            }
            let text = write_suite(&ps);
            prop_assert_eq!(parse_positions(&text, "unused"), Ok(ps), "{}", text);
        }
    }
}

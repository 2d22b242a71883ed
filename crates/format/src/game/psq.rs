//! Piskvork's `.psq` game file: a first line `Piskvorky WxH, L1:L2, s`
//! (or `Piskvorky WxH`), then one move a line, `x,y,t` with 1-based
//! coordinates from the top-left and the time taken in milliseconds; the
//! moves end at the first line that is no move and not meant as one (no
//! `,` or `;`: brain names, a result code). A malformed move line, and a
//! move after the end, are errors: a game is never cut short in silence.

use super::{check_size, push_move, GameError, GameErrorKind, GameMove, GameRecord};
use kinrow_board::Player;

fn syntax(line: usize, column: usize, expected: &'static str, found: &str) -> GameError {
    GameError::at(
        line,
        column,
        GameErrorKind::Syntax {
            expected,
            found: format!("{:?}", found.chars().take(60).collect::<String>()),
        },
    )
}

/// `WxH` of the first line.
fn size(line: &str) -> Option<(u32, u32)> {
    let rest = line
        .trim_start_matches('\u{feff}')
        .trim()
        .strip_prefix("Piskvorky")?;
    let dims = rest.trim_start().split(',').next()?.trim();
    let (w, h) = dims.split_once('x')?;
    Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
}

/// What a line after the first is.
enum Line {
    /// A move `x,y,t` (t may be absent): 1-based x and y.
    Move(u32, u32),
    /// Not a move, nor meant as one: the trailer after the moves (brain
    /// names, a result code such as `-1`).
    Trailer,
}

/// Reads a line after the first. A line with a `,` or a `;` is meant as a
/// move: anything wrong in it is an error (a time of `12.5`, `8,8,x`,
/// `5;9;0`, a number too large), with the column of the bad field, rather
/// than the silent end of the game it once was.
fn read_line(line: &str, number: usize) -> Result<Line, GameError> {
    let indent = line.len() - line.trim_start().len();
    let text = line.trim();
    if !text.contains([',', ';']) {
        return Ok(Line::Trailer);
    }
    let mut fields = Vec::new();
    let mut column = indent + 1;
    for field in text.split(',') {
        fields.push((
            field.trim(),
            column + field.len() - field.trim_start().len(),
        ));
        column += field.len() + 1;
    }
    if !(2..=3).contains(&fields.len()) {
        return Err(syntax(
            number,
            indent + 1,
            "a move `x,y,time` (whole numbers)",
            text,
        ));
    }
    let mut numbers = [0u32; 3];
    for (i, &(field, column)) in fields.iter().enumerate() {
        let what = [
            "x, a whole number from 1",
            "y, a whole number from 1",
            "a time in whole milliseconds",
        ][i];
        let all_digits = !field.is_empty() && field.bytes().all(|b| b.is_ascii_digit());
        numbers[i] = match field.parse::<u32>() {
            Ok(n) if all_digits => n,
            _ => return Err(syntax(number, column, what, field)),
        };
    }
    Ok(Line::Move(numbers[0], numbers[1]))
}

/// Line `number` (1-based) of `text`, shortened.
fn text_line(text: &str, number: usize) -> String {
    let line = text.lines().nth(number.saturating_sub(1)).unwrap_or("");
    line.trim().chars().take(40).collect()
}

/// Reads a `.psq` file. Moves alternate from Black (x).
///
/// # Errors
///
/// A first line without `Piskvorky WxH`, a size outside 5..=26, a move off
/// the board (a 0 coordinate included: they are 1-based) or on a taken
/// cell; each with its line and column.
pub fn parse_psq(text: &str) -> Result<GameRecord, GameError> {
    let mut lines = text.lines().enumerate();
    let (_, first) = lines.next().unwrap_or((0, ""));
    let (width, height) =
        size(first).ok_or_else(|| syntax(1, 1, "a first line `Piskvorky WxH, ...`", first))?;
    check_size(width, height, &format!("{width}x{height}")).map_err(|k| GameError::at(1, 11, k))?;
    let mut record = GameRecord {
        width,
        height,
        rule: None,
        opening: None,
        unsettled: None,
        moves: Vec::new(),
    };
    let mut trailer = None;
    for (i, line) in lines {
        let (x, y) = match read_line(line, i + 1)? {
            Line::Trailer => {
                trailer.get_or_insert(i + 1);
                continue;
            }
            Line::Move(_, _) if trailer.is_some() => {
                let ended = trailer.unwrap_or(0);
                return Err(GameError::at(
                    i + 1,
                    1,
                    GameErrorKind::Syntax {
                        expected: "no more moves once a line that is no move has ended them",
                        found: format!(
                            "the move {:?} after line {ended}, {:?}",
                            line.trim(),
                            text_line(text, ended)
                        ),
                    },
                ));
            }
            Line::Move(x, y) => (x, y),
        };
        let column = line.len() - line.trim_start().len() + 1;
        let player = if record.moves.len().is_multiple_of(2) {
            Player::X
        } else {
            Player::O
        };
        let m = GameMove {
            // 0 is off the board: wrap it past any width.
            x: x.wrapping_sub(1),
            y: y.wrapping_sub(1),
            player,
            line: i + 1,
            column,
        };
        push_move(&mut record, m, line.trim())?;
    }
    Ok(record)
}

/// Writes `record` as a `.psq` file (times 0, no brain names, result -1):
/// [`parse_psq`] reads it back with the same moves.
#[must_use]
pub fn write_psq(record: &GameRecord) -> String {
    let mut out = format!("Piskvorky {}x{}, 11:11, 0\n", record.width, record.height);
    for m in &record.moves {
        out.push_str(&format!("{},{},0\n", m.x + 1, m.y + 1));
    }
    out.push_str("-1\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameErrorKind as K;

    #[test]
    fn reads_moves_until_the_trailer() {
        let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,1000\r\n11,10,1200\r\nbrain1.exe\r\nbrain2.exe\r\n-1\r\n";
        let r = parse_psq(text).unwrap();
        assert_eq!((r.width, r.height, r.moves.len()), (20, 20, 2));
        assert_eq!(
            (r.moves[1].x, r.moves[1].y, r.moves[1].player),
            (10, 9, Player::O)
        );
        assert_eq!(parse_psq(&write_psq(&r)).unwrap().moves, r.moves);
        assert_eq!(parse_psq("Piskvorky 15x15\n").unwrap().moves, []);
    }

    #[test]
    fn bad_files_say_where() {
        let err = |t: &str| parse_psq(t).unwrap_err();
        assert!(matches!(err("Gomoku 15x15\n").kind, K::Syntax { .. }));
        assert!(matches!(
            err("Piskvorky 40x40, 1:1, 0\n").kind,
            K::BoardSize { .. }
        ));
        let e = err("Piskvorky 15x15, 1:1, 0\n8,8,0\n 16,1,0\n");
        assert!(matches!(e.kind, K::OffBoard { .. }));
        assert_eq!((e.line, e.column), (3, 2));
        assert!(matches!(
            err("Piskvorky 15x15\n0,3,0\n").kind,
            K::OffBoard { .. }
        ));
        // A malformed move line is an error at its bad field, not the
        // silent end of the game (issue 28, item 2).
        for (line, column) in [
            ("5,9,12.5", 5),
            ("8,8,x", 5),
            ("5;9;0", 1),
            ("5,99999999999999999999,0", 3),
            ("5, -9,0", 4),
            ("5,9,0,7", 1),
        ] {
            let e = err(&format!("Piskvorky 15x15\n8,8,0\n{line}\n9,9,0\n"));
            assert!(matches!(e.kind, K::Syntax { .. }), "{line}: {e}");
            assert_eq!((e.line, e.column), (3, column), "{line}: {e}");
        }
        // A move after the trailer (a garbage line) is an error too.
        let e = err("Piskvorky 15x15\n8,8,0\ngarbage\n9,9,0\n");
        assert!(matches!(e.kind, K::Syntax { .. }));
        assert_eq!(e.line, 4);
        let e = err("Piskvorky 15x15\n8,8,0\n9,9,0\n8,8,0\n");
        assert!(matches!(e.kind, K::Occupied { .. }));
        assert_eq!(e.line, 4);
    }
}

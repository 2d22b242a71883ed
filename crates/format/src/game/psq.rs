//! Piskvork's `.psq` game file: a first line `Piskvorky WxH, L1:L2, s`
//! (or `Piskvorky WxH`), then one move a line, `x,y,t` with 1-based
//! coordinates from the top-left and the time taken; the moves end at
//! the first line that is not one (brain names, a result code).

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

/// `x,y,t` (t may be absent): 1-based x and y.
fn move_line(line: &str) -> Option<(u32, u32)> {
    let parts: Vec<&str> = line.trim().split(',').map(str::trim).collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let all_digits =
        |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit());
    if !parts.iter().all(|p| all_digits(p)) {
        return None;
    }
    Some((parts[0].parse().ok()?, parts[1].parse().ok()?))
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
        moves: Vec::new(),
    };
    for (i, line) in lines {
        let Some((x, y)) = move_line(line) else { break };
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
        let e = err("Piskvorky 15x15\n8,8,0\n9,9,0\n8,8,0\n");
        assert!(matches!(e.kind, K::Occupied { .. }));
        assert_eq!(e.line, 4);
    }
}

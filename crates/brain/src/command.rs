//! The manager's lines, read into [`Command`]s. Only text is handled here:
//! whether a command can be carried out (a board to play on, a free cell)
//! is the session's question.

use std::fmt;

/// A cell in the protocol's coordinates: 0-based, `x` the column from the
/// left, `y` the row from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    pub x: u32,
    pub y: u32,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Whose stone a `BOARD` line gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// 1: the brain's own stone.
    Own,
    /// 2: the opponent's stone.
    Opponent,
    /// 3: a winning line or forbidden point of a continuous game, which
    /// holds no stone the brain plays around.
    Mark,
}

/// An `INFO` setting the brain uses; other keys are accepted and ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Info {
    /// Milliseconds per move; 0: play as fast as possible.
    TimeoutTurn(u64),
    /// Milliseconds for the whole match; 0: no limit.
    TimeoutMatch(u64),
    /// Milliseconds left in the match.
    TimeLeft(u64),
    /// Bytes of memory the brain may use; 0: no limit.
    MaxMemory(u64),
    /// Threads the brain may use (an extension; see [`crate::budget`]);
    /// 0: as many as allowed.
    ThreadNum(u64),
    /// The rule bit mask: 1 exactly five, 2 continuous game, 4 renju, 8
    /// caro.
    Rule(u64),
    /// A key the brain accepts and does not use (`game_type`, `folder`,
    /// `evaluate`, unknown keys).
    Ignored,
}

/// One line from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(u32),
    RectStart(u32, u32),
    Restart,
    Begin,
    Turn(Point),
    /// The manager asks the brain to play this move (its answer to a
    /// `SUGGEST`).
    Play(Point),
    Board,
    /// A line `x,y,f` between `BOARD` and `DONE`.
    Stone(Point, Field),
    /// `SWAP2BOARD`: the swap2 opening's stones follow, then `DONE`.
    Swap2Board,
    /// A line `x,y` between `SWAP2BOARD` and `DONE` (black first).
    Swap2Stone(Point),
    Done,
    Info(Info),
    Takeback(Point),
    About,
    End,
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// Not a command of the protocol: answered `UNKNOWN`.
    Unknown(String),
    /// A known command with arguments that do not parse: answered `ERROR`.
    Malformed(String),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Unknown(m) | LineError::Malformed(m) => f.write_str(m),
        }
    }
}

/// The longest text of a line echoed back in a message.
const ECHO: usize = 40;

/// `text` cut to `ECHO` characters, control characters replaced, for a
/// message that must stay one line.
pub fn echo(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(ECHO)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > ECHO {
        out.push_str("...");
    }
    out
}

fn malformed(what: &str, found: &str) -> LineError {
    LineError::Malformed(format!("expected {what}, found '{}'", echo(found)))
}

/// A non-negative decimal number of at most 18 digits (so that sums of
/// milliseconds and bytes cannot overflow).
fn number(text: &str) -> Option<u64> {
    let t = text.trim();
    if t.is_empty() || t.len() > 18 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// `count` comma-separated numbers.
fn numbers(text: &str, count: usize) -> Option<Vec<u64>> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != count {
        return None;
    }
    parts.into_iter().map(number).collect()
}

fn point(args: &str) -> Result<Point, LineError> {
    match numbers(args, 2).as_deref() {
        Some(&[x, y]) if x <= u64::from(u32::MAX) && y <= u64::from(u32::MAX) => Ok(Point {
            x: x as u32,
            y: y as u32,
        }),
        _ => Err(malformed("x,y (two numbers from 0)", args)),
    }
}

fn no_args(command: Command, args: &str) -> Result<Command, LineError> {
    if args.is_empty() {
        Ok(command)
    } else {
        Err(malformed("nothing after the command", args))
    }
}

fn size(text: &str) -> Option<u32> {
    number(text).and_then(|n| u32::try_from(n).ok())
}

/// Reads one line (its end of line already removed, a trailing CR
/// allowed). `in_board`: between `BOARD` and `DONE`, where `x,y,f` lines
/// are stones. Command words are read in any case.
///
/// # Errors
///
/// [`LineError::Unknown`] for a command the protocol does not have,
/// [`LineError::Malformed`] for one whose arguments do not parse.
pub fn parse(line: &str, in_board: bool) -> Result<Command, LineError> {
    let line = line.trim();
    let (word, args) = match line.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim()),
        None => (line, ""),
    };
    if in_board && word.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return stone(line);
    }
    match word.to_ascii_uppercase().as_str() {
        "START" => size(args)
            .map(Command::Start)
            .ok_or_else(|| malformed("a board size", args)),
        "RECTSTART" => match numbers(args, 2).as_deref() {
            Some(&[w, h]) => match (u32::try_from(w), u32::try_from(h)) {
                (Ok(w), Ok(h)) => Ok(Command::RectStart(w, h)),
                _ => Err(malformed("width,height", args)),
            },
            _ => Err(malformed("width,height", args)),
        },
        "RESTART" => no_args(Command::Restart, args),
        "BEGIN" => no_args(Command::Begin, args),
        "TURN" => point(args).map(Command::Turn),
        "PLAY" => point(args).map(Command::Play),
        "BOARD" => no_args(Command::Board, args),
        "SWAP2BOARD" => no_args(Command::Swap2Board, args),
        "DONE" => no_args(Command::Done, args),
        "TAKEBACK" => point(args).map(Command::Takeback),
        "ABOUT" => no_args(Command::About, args),
        "END" => Ok(Command::End),
        "INFO" => info(args).map(Command::Info),
        _ => Err(LineError::Unknown(format!(
            "command '{}' is not part of the protocol",
            echo(word)
        ))),
    }
}

fn stone(line: &str) -> Result<Command, LineError> {
    let expected = "x,y,f with f 1 (own), 2 (opponent) or 3 (x,y inside SWAP2BOARD)";
    if let Ok(p) = point(line) {
        return Ok(Command::Swap2Stone(p));
    }
    match numbers(line, 3).as_deref() {
        Some(&[x, y, f]) if x <= u64::from(u32::MAX) && y <= u64::from(u32::MAX) => {
            let field = match f {
                1 => Field::Own,
                2 => Field::Opponent,
                3 => Field::Mark,
                _ => return Err(malformed(expected, line)),
            };
            Ok(Command::Stone(
                Point {
                    x: x as u32,
                    y: y as u32,
                },
                field,
            ))
        }
        _ => Err(malformed(expected, line)),
    }
}

fn info(args: &str) -> Result<Info, LineError> {
    let (key, value) = match args.split_once(char::is_whitespace) {
        Some((k, v)) => (k, v.trim()),
        None => (args, ""),
    };
    let key = key.to_ascii_lowercase();
    let num = |make: fn(u64) -> Info| {
        number(value)
            .map(make)
            .ok_or_else(|| malformed(&format!("a number from 0 after INFO {key}"), value))
    };
    match key.as_str() {
        "timeout_turn" => num(Info::TimeoutTurn),
        "timeout_match" => num(Info::TimeoutMatch),
        "time_left" => num(Info::TimeLeft),
        "max_memory" => num(Info::MaxMemory),
        "thread_num" => num(Info::ThreadNum),
        "rule" => num(Info::Rule),
        "" => Err(malformed("INFO key value", args)),
        _ => Ok(Info::Ignored),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_in_any_case_with_cr_and_spaces() {
        assert_eq!(parse("START 20\r", false), Ok(Command::Start(20)));
        assert_eq!(
            parse("rectstart 20,15", false),
            Ok(Command::RectStart(20, 15))
        );
        assert_eq!(
            parse("TURN 10, 3", false),
            Ok(Command::Turn(Point { x: 10, y: 3 }))
        );
        assert_eq!(
            parse("INFO timeout_turn 1000", false),
            Ok(Command::Info(Info::TimeoutTurn(1000)))
        );
        assert_eq!(
            parse("INFO folder /tmp/x y", false),
            Ok(Command::Info(Info::Ignored))
        );
        assert_eq!(
            parse("3,4,2", true),
            Ok(Command::Stone(Point { x: 3, y: 4 }, Field::Opponent))
        );
        assert_eq!(parse("DONE", true), Ok(Command::Done));
    }

    #[test]
    fn bad_lines_are_unknown_or_malformed() {
        let malformed = |l: &str, b| matches!(parse(l, b), Err(LineError::Malformed(_)));
        assert!(matches!(parse("FOO", false), Err(LineError::Unknown(_))));
        assert!(matches!(parse("3,4,1", false), Err(LineError::Unknown(_))));
        for l in [
            "START",
            "START -5",
            "START 99999999999999999999",
            "TURN 1",
            "TURN a,b",
            "TURN 1,2,3",
            "TURN -1,2",
            "BEGIN now",
            "INFO timeout_turn -3",
            "INFO max_memory 1e9",
            "INFO",
        ] {
            assert!(malformed(l, false), "{l}");
        }
        for l in ["3,4,0", "3,4,4", "3,,4"] {
            assert!(malformed(l, true), "{l}");
        }
        // Two numbers are a SWAP2BOARD stone; inside BOARD the session
        // refuses them.
        assert_eq!(
            parse("3,4", true),
            Ok(Command::Swap2Stone(Point { x: 3, y: 4 }))
        );
        assert!(echo(&"x".repeat(100)).len() < 50);
    }
}

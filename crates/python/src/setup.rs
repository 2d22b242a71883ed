//! Positions built from Python values (a list of moves, a 2-D array of
//! stones) rather than text: the values go into a format [`Setup`] and
//! through [`Setup::into_position`], so that they are checked exactly as a
//! position file is (board size, `k`, a side that has already won, stone
//! counts without a side to move). Each value gets a location of its own,
//! by which an error is turned back into the argument it is about.

use crate::value_error;
use kinrow_board::geometry::{parse_coordinates, MAX_SIDE};
use kinrow_board::{Attack, Candidates, Player, Rule};
use kinrow_format::position::{CellList, Grid, GridRow, Location, Spanned, Stones};
use kinrow_format::{ParseError, Position, Setup};
use pyo3::prelude::*;

/// The game and search settings of a position built from values.
pub(crate) struct Settings {
    pub name: String,
    pub size: Option<(u32, u32)>,
    pub k: u32,
    pub rule: Rule,
    pub to_move: Option<Player>,
    pub candidates: Candidates,
    pub attack: Attack,
    pub depth: Option<u32>,
}

// The line of each argument's location; the stones on line STONES, each
// move in the column of its index plus one, the list itself (and the
// whole array) in column 0.
const STONES: usize = 1;
const SIZE: usize = 2;
const K: usize = 3;

fn at(line: usize, column: usize) -> Location {
    Location { line, column }
}

fn spanned<T>(value: T, text: String, line: usize) -> Spanned<T> {
    Spanned {
        value,
        text,
        at: at(line, 1),
    }
}

/// The position of `settings` and `stones`, or a `ValueError` naming the
/// argument at fault (`what` names the stones: `moves` or `array`).
fn finish(settings: Settings, stones: Stones, what: &str) -> PyResult<Position> {
    let size = settings.size.unwrap_or((15, 15));
    let size_text = if size.0 == size.1 {
        size.0.to_string()
    } else {
        format!("{}x{}", size.0, size.1)
    };
    let setup = Setup {
        name: settings.name,
        at: at(STONES, 0),
        board: Some(spanned(size, size_text, SIZE)),
        k: Some(spanned(settings.k, settings.k.to_string(), K)),
        rule: Some(spanned(settings.rule, String::new(), 0)),
        candidates: Some(spanned(settings.candidates, String::new(), 0)),
        attack: Some(spanned(settings.attack, String::new(), 0)),
        to_move: settings.to_move.map(|p| spanned(p, p.to_string(), 0)),
        depth: settings.depth.map(|d| spanned(d, d.to_string(), 0)),
        stones,
        expect: None,
        solution: None,
        sources: Vec::new(),
        slow: None,
        time: None,
        threat_limit: None,
    };
    setup.into_position().map_err(|e| located(&e, what))
}

fn located(e: &ParseError, what: &str) -> PyErr {
    let kind = e.kind.to_string();
    let place = match e.line {
        // The format's messages name their keyword: `board: ...`, `k: ...`.
        SIZE => return value_error(format!("size: {}", kind.trim_start_matches("board: "))),
        K => return value_error(kind),
        STONES if what == "moves" && e.column > 0 => format!("moves[{}]", e.column - 1),
        _ => what.to_string(),
    };
    value_error(format!("{place}: {kind}"))
}

/// One move: a cell name (`h8`) or `(x, y)`, 0-based from the bottom left.
fn coordinates(m: &Bound<'_, PyAny>, i: usize) -> PyResult<(String, (u32, u32))> {
    if let Ok(name) = m.extract::<String>() {
        return parse_coordinates(name.trim())
            .map(|xy| (name.clone(), xy))
            .ok_or_else(|| {
                value_error(format!(
                    "moves[{i}]: expected a cell name such as h8, found {name:?}"
                ))
            });
    }
    match m.extract::<(i64, i64)>() {
        Ok((x, y))
            if (0..i64::from(MAX_SIDE)).contains(&x) && (0..i64::from(MAX_SIDE)).contains(&y) =>
        {
            Ok((format!("({x}, {y})"), (x as u32, y as u32)))
        }
        _ => Err(value_error(format!(
            "moves[{i}]: expected a cell name such as h8 or (x, y) from 0 to {}, found {}",
            MAX_SIDE - 1,
            m.repr().map_or_else(|_| "?".into(), |r| r.to_string())
        ))),
    }
}

/// The position after `moves` (x first, the sides in turn).
pub(crate) fn from_moves(moves: &Bound<'_, PyAny>, settings: Settings) -> PyResult<Position> {
    let items: Vec<Bound<'_, PyAny>> = if let Ok(text) = moves.extract::<String>() {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(|s| pyo3::types::PyString::new(moves.py(), s).into_any())
            .collect()
    } else {
        moves
            .try_iter()
            .map_err(|_| value_error("moves: expected cell names (a list, or one string)"))?
            .collect::<PyResult<_>>()?
    };
    let mut cells = Vec::with_capacity(items.len());
    for (i, m) in items.iter().enumerate() {
        let (text, xy) = coordinates(m, i)?;
        cells.push(Spanned {
            value: xy,
            text,
            at: at(STONES, i + 1),
        });
    }
    let stones = Stones::Moves(CellList {
        at: at(STONES, 0),
        cells,
    });
    finish(settings, stones, "moves")
}

/// One cell of an array: 0 or `.` empty, 1 or `x` for x (Black), 2 or `o`
/// for o (White).
fn stone(v: &Bound<'_, PyAny>, row: usize, col: usize) -> PyResult<Option<Player>> {
    if let Ok(n) = v.extract::<i64>() {
        match n {
            0 => return Ok(None),
            1 => return Ok(Some(Player::X)),
            2 => return Ok(Some(Player::O)),
            _ => {}
        }
    } else if let Ok(s) = v.extract::<String>() {
        match s.to_ascii_lowercase().as_str() {
            "." | "" | " " => return Ok(None),
            "x" => return Ok(Some(Player::X)),
            "o" => return Ok(Some(Player::O)),
            _ => {}
        }
    }
    Err(value_error(format!(
        "array[{row}][{col}]: expected 0, 1, 2 or '.', 'x', 'o', found {}",
        v.repr().map_or_else(|_| "?".into(), |r| r.to_string())
    )))
}

/// The position of a 2-D array, its first row the top row (as printed).
pub(crate) fn from_array(array: &Bound<'_, PyAny>, mut settings: Settings) -> PyResult<Position> {
    let expected = "array: expected rows of cells (a list of lists, or a 2-D numpy array)";
    let mut rows = Vec::new();
    for (r, row) in array
        .try_iter()
        .map_err(|_| value_error(expected))?
        .enumerate()
    {
        let row = row?;
        if row.extract::<String>().is_ok() {
            // A string row: one character a cell, as the grid of a file.
            let text: String = row.extract()?;
            let cells = text
                .chars()
                .filter(|c| !c.is_whitespace())
                .enumerate()
                .map(|(c, ch)| {
                    stone(
                        &pyo3::types::PyString::new(array.py(), &ch.to_string()).into_any(),
                        r,
                        c,
                    )
                })
                .collect::<PyResult<Vec<_>>>()?;
            rows.push(cells);
            continue;
        }
        let cells = row
            .try_iter()
            .map_err(|_| value_error(expected))?
            .enumerate()
            .map(|(c, v)| stone(&v?, r, c))
            .collect::<PyResult<Vec<_>>>()?;
        rows.push(cells);
    }
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != width) {
        return Err(value_error(format!(
            "array row {r}: expected {width} cells (as row 0), found {}",
            row.len()
        )));
    }
    let side = 1..=usize::from(MAX_SIDE);
    if !side.contains(&width) || !side.contains(&height) {
        return Err(value_error(format!(
            "array: expected 1 to {MAX_SIDE} rows of 1 to {MAX_SIDE} cells, found {height}x{width}"
        )));
    }
    settings.size = Some((width as u32, height as u32));
    let grid = Grid {
        rows: rows
            .into_iter()
            .map(|cells| GridRow {
                at: at(STONES, 0),
                number: None,
                cells,
            })
            .collect(),
        footer: None,
    };
    finish(settings, Stones::Grid(grid), "array")
}

/// `freestyle`, `exact` or `renju`.
pub(crate) fn rule(s: &str) -> PyResult<Rule> {
    match s.to_ascii_lowercase().as_str() {
        "freestyle" => Ok(Rule::Freestyle),
        "exact" => Ok(Rule::Exact),
        "renju" => Ok(Rule::Renju),
        _ => Err(value_error(format!(
            "rule: expected `freestyle`, `exact` or `renju`, found `{s}`"
        ))),
    }
}

/// `x` or `o` (`black` and `white` too).
pub(crate) fn player(s: &str) -> PyResult<Player> {
    match s.to_ascii_lowercase().as_str() {
        "x" | "black" => Ok(Player::X),
        "o" | "white" => Ok(Player::O),
        _ => Err(value_error(format!(
            "to_move: expected `x` (Black) or `o` (White), found `{s}`"
        ))),
    }
}

/// `all`, `near R` or `near:R`.
pub(crate) fn candidates(s: &str) -> PyResult<Candidates> {
    let lower = s.trim().to_ascii_lowercase();
    if lower == "all" {
        return Ok(Candidates::All);
    }
    let r = lower
        .strip_prefix("near")
        .map(|r| r.trim_start_matches([':', ' ']).trim());
    match r.map(str::parse::<u8>) {
        Some(Ok(r)) if (1..=MAX_SIDE).contains(&r) => Ok(Candidates::Near(r)),
        _ => Err(value_error(format!(
            "candidates: expected `all` or `near R` with R from 1 to {MAX_SIDE}, found `{s}`"
        ))),
    }
}

/// `any`, `fours` or `threats`.
pub(crate) fn attack(s: &str) -> PyResult<Attack> {
    match s.to_ascii_lowercase().as_str() {
        "any" => Ok(Attack::Any),
        "fours" => Ok(Attack::Fours),
        "threats" => Ok(Attack::Threats),
        _ => Err(value_error(format!(
            "attack: expected `any`, `fours` or `threats`, found `{s}`"
        ))),
    }
}

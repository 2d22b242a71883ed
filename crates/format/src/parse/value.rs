//! The values of header lines: one word, a word among a few, candidates,
//! cell lists, and the errors that go with them.

use super::line::{saturating_number, Line, Token};
use crate::position::{CellList, ParseError, ParseErrorKind, Spanned};
use kinrow_board::geometry::{parse_coordinates, MAX_SIDE};
use kinrow_board::Candidates;
use std::time::Duration;

pub(super) const SIZE: &str = "a size such as 15 or 15x12";
pub(super) const CELL: &str = "a cell name such as h8";

pub(super) fn spanned<T>(line: &Line<'_>, token: Token<'_>, value: T) -> Spanned<T> {
    Spanned {
        value,
        text: token.text.to_owned(),
        at: line.at(token),
    }
}

/// A malformed value: at `token`, or at the end of the line when the value
/// is missing.
pub(super) fn malformed(
    line: &Line<'_>,
    keyword: &str,
    expected: &'static str,
    token: Option<Token<'_>>,
) -> ParseError {
    let (at, found) = match token {
        Some(t) => (line.at(t), t.text.to_owned()),
        None => (line.end_at(), String::new()),
    };
    let kind = ParseErrorKind::Malformed {
        keyword: keyword.to_owned(),
        expected,
        found,
    };
    ParseError::new(at, kind)
}

pub(super) fn not_contiguous(line: &Line<'_>) -> ParseError {
    let kind = ParseErrorKind::GridNotContiguous {
        found: line.text.trim().to_owned(),
    };
    ParseError::new(line.head_at(), kind)
}

/// The one whole number after the keyword, at least `least`: what
/// `depth` and `threat-limit` take; `expected` says what was expected.
pub(super) fn count(
    line: &Line<'_>,
    keyword: &str,
    expected: &'static str,
    least: u32,
) -> Result<Spanned<u32>, ParseError> {
    let t = single(line, keyword, expected)?;
    let n = Some(t.text)
        .filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|&n| n >= least)
        .ok_or_else(|| malformed(line, keyword, expected, Some(t)))?;
    Ok(spanned(line, t, n))
}

/// The one value after the keyword, with nothing after it.
pub(super) fn single<'a>(
    line: &Line<'a>,
    keyword: &str,
    expected: &'static str,
) -> Result<Token<'a>, ParseError> {
    match line.tokens[1..] {
        [] => Err(malformed(line, keyword, expected, None)),
        [t] => Ok(t),
        [_, extra, ..] => Err(malformed(line, keyword, "the end of the line", Some(extra))),
    }
}

/// A one-word value among `values`, in either case.
pub(super) fn word<T: Copy>(
    line: &Line<'_>,
    keyword: &str,
    expected: &'static str,
    values: &[(&'static str, T)],
) -> Result<Spanned<T>, ParseError> {
    let t = single(line, keyword, expected)?;
    values
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(t.text))
        .map(|&(_, value)| spanned(line, t, value))
        .ok_or_else(|| malformed(line, keyword, expected, Some(t)))
}

/// `candidates all` or `candidates near R`, 1 <= R <= 26 (a larger radius
/// is refused, as the command line's `near:R` refuses it: capping it would
/// read another value than the one written).
pub(super) fn candidates(line: &Line<'_>) -> Result<Spanned<Candidates>, ParseError> {
    const KEYWORD: &str = "candidates";
    const EXPECTED: &str = "all or near followed by a radius from 1 to 26";
    const RADIUS: &str = RADIUS_EXPECTED;
    let args = &line.tokens[1..];
    let value = match args {
        [] => return Err(malformed(line, KEYWORD, EXPECTED, None)),
        [t, ..] if t.text.eq_ignore_ascii_case("all") => {
            if let Some(&extra) = args.get(1) {
                return Err(malformed(line, KEYWORD, "the end of the line", Some(extra)));
            }
            Candidates::All
        }
        [t] if t.text.eq_ignore_ascii_case("near") => {
            return Err(malformed(line, KEYWORD, RADIUS, None))
        }
        [t, r, rest @ ..] if t.text.eq_ignore_ascii_case("near") => {
            if let Some(&extra) = rest.first() {
                return Err(malformed(line, KEYWORD, "the end of the line", Some(extra)));
            }
            match saturating_number(r.text) {
                Some(radius) if (1..=u32::from(MAX_SIDE)).contains(&radius) => {
                    Candidates::Near(radius as u8)
                }
                _ => return Err(malformed(line, KEYWORD, RADIUS, Some(*r))),
            }
        }
        [t, ..] => return Err(malformed(line, KEYWORD, EXPECTED, Some(*t))),
    };
    let first = args[0];
    Ok(Spanned {
        value,
        text: line.rest().to_owned(),
        at: line.at(first),
    })
}

/// What a `near R` radius must be, in the file and on the command line.
pub const RADIUS_EXPECTED: &str = "a radius from 1 to 26";

/// `time SECONDS`: a positive number of seconds, below 10⁹, the default
/// time limit of a search of the position.
pub(super) fn seconds(line: &Line<'_>, keyword: &str) -> Result<Spanned<Duration>, ParseError> {
    const SECONDS: &str = "a positive number of seconds such as 30 or 2.5";
    let t = single(line, keyword, SECONDS)?;
    let value = t
        .text
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .ok_or_else(|| malformed(line, keyword, SECONDS, Some(t)))?;
    Ok(spanned(line, t, Duration::from_secs_f64(value)))
}

/// The cell names after the keyword, as coordinates (not yet checked
/// against the board).
pub(super) fn cell_list(line: &Line<'_>, keyword: &str) -> Result<CellList, ParseError> {
    let cells = line.tokens[1..]
        .iter()
        .map(|&t| {
            parse_coordinates(t.text)
                .map(|xy| spanned(line, t, xy))
                .ok_or_else(|| malformed(line, keyword, CELL, Some(t)))
        })
        .collect::<Result<_, _>>()?;
    Ok(CellList {
        at: line.head_at(),
        cells,
    })
}

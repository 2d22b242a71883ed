//! `kinrow.check` (a win certificate against a position, by the independent
//! checker crate) and `kinrow.forbidden_points` (renju).

use crate::position::{names, PyPosition};
use crate::value_error;
use kinrow_board::{Cell, Rule};
use kinrow_checker::{PlainPosition, Proves, MAGIC};
use pyo3::prelude::*;

/// The answer of `kinrow.check`: true when the certificate is valid.
#[pyclass(frozen, module = "kinrow", name = "CheckResult", get_all)]
pub struct CheckResult {
    /// Whether the certificate is valid: a win certificate proves a win
    /// for the side to move, a draw certificate a no-win of the whole game.
    valid: bool,
    /// For a valid certificate, what it proves: `win`, `no-win` or
    /// `no-threat-win`.
    proves: Option<String>,
    /// The checker's verdict in words, as `kinrow check` prints it
    /// (`proof valid: ...` or `proof invalid: line N: ...`).
    message: String,
    /// For an invalid certificate: the kind of flaw (`truncated`,
    /// `malformed`, `wrong-position`, `missing-reply`, ...).
    flaw: Option<String>,
    /// For an invalid certificate: the certificate's line at fault.
    line: Option<usize>,
    /// For a valid one: positions, attacker moves, longest line in plies.
    positions: u64,
    attacker_moves: u64,
    longest_line: u32,
}

#[pymethods]
impl CheckResult {
    fn __bool__(&self) -> bool {
        self.valid
    }

    fn __repr__(&self) -> String {
        format!("<kinrow.CheckResult {}>", self.message)
    }
}

/// Checks that `certificate` (the text `solve(..., certificate=True)` or
/// `kinrow solve --proof` writes) proves a win for the side to move of
/// `position` (a draw certificate: a no-win of the whole game; a
/// threat-space certificate: a no-threat-win, for the position's threat
/// limit), under plain rules re-implemented by the checker. A flawed
/// certificate is an answer (`valid` false, with the flaw), not an error;
/// text that is not a certificate at all raises `ValueError`.
#[pyfunction]
pub fn check(position: &PyPosition, certificate: &str) -> PyResult<CheckResult> {
    let proof = certificate.strip_prefix('\u{feff}').unwrap_or(certificate);
    let starts = proof
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l == MAGIC);
    if !starts {
        return Err(value_error(format!(
            "certificate: not a proof certificate (it does not start with `{MAGIC}`)"
        )));
    }
    let plain = PlainPosition::from_position(&position.inner);
    let limit = position.inner.threat_limit;
    Ok(
        match kinrow_checker::check_with_threat_limit(&plain, limit, proof) {
            Ok(report) => CheckResult {
                valid: true,
                proves: Some(
                    match report.proves {
                        Proves::Win => "win",
                        Proves::NoWin => "no-win",
                        Proves::NoThreatWin { .. } => "no-threat-win",
                    }
                    .to_string(),
                ),
                message: report.to_string(),
                flaw: None,
                line: None,
                positions: report.positions,
                attacker_moves: report.attacker_moves,
                longest_line: report.longest_line,
            },
            Err(flaw) => CheckResult {
                valid: false,
                proves: None,
                message: flaw.to_string(),
                flaw: Some(flaw.kind.to_string()),
                line: flaw.line,
                positions: 0,
                attacker_moves: 0,
                longest_line: 0,
            },
        },
    )
}

/// The empty cells where x (Black) may not play under renju: overlines,
/// double fours and double threes, as cell names in board order (`a1`,
/// `b1`, ..., `a2`, ...), whoever is to move. With `kinds=True`, a dict
/// from cell name to `overline`, `double-four` or `double-three`. A
/// position of another rule raises `ValueError` (no cell is forbidden
/// there).
#[pyfunction]
#[pyo3(signature = (position, kinds=false))]
pub fn forbidden_points(py: Python<'_>, position: &PyPosition, kinds: bool) -> PyResult<Py<PyAny>> {
    let p = &position.inner;
    if p.board.game().rule() != Rule::Renju {
        return Err(value_error(format!(
            "forbidden points are renju's (Black's overlines, double fours and double threes); this position's rule is {}",
            p.board.game().rule()
        )));
    }
    let cells: Vec<Cell> = p
        .board
        .forbidden_points()
        .iter()
        .map(Cell::from_index)
        .collect();
    if !kinds {
        return Ok(names(p, cells).into_pyobject(py)?.into_any().unbind());
    }
    let dict = pyo3::types::PyDict::new(py);
    for c in cells {
        // Every forbidden point has its foul; a cell would be skipped only
        // if the two disagreed, which the board crate's tests rule out.
        if let Some(foul) = p.board.foul(c) {
            dict.set_item(names(p, [c]).remove(0), foul.to_string())?;
        }
    }
    Ok(dict.into_any().unbind())
}

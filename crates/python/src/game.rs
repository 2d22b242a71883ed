//! `kinrow.Game`: a game record (`.psq`, SGF) and the positions along it.

use crate::position::{read_text, PyPosition};
use crate::setup;
use crate::value_error;
use kinrow_board::Rule;
use kinrow_format::game::{parse_game, GameRecord};
use pyo3::prelude::*;

/// A game record read from a Piskvork `.psq` file or an SGF (`GM[4]`) file:
/// the board, the rule the file states, and the moves; `position(ply)`
/// gives the position after some moves.
#[pyclass(frozen, module = "kinrow", name = "Game")]
pub struct PyGame {
    record: GameRecord,
    /// The file's path, named in error messages (`<text>` without one).
    shown: String,
    /// The positions' name: the file's name, or `game`.
    name: String,
}

/// Reads a game record's text (`.psq` or SGF, told apart by their start).
/// `path` is named in error messages (`PATH:LINE:COLUMN: what`).
#[pyfunction]
#[pyo3(signature = (text, path=None))]
pub fn read_game(text: &str, path: Option<&str>) -> PyResult<PyGame> {
    let shown = path.unwrap_or("<text>").to_string();
    let record = parse_game(text)
        .map_err(|e| value_error(format!("{shown}:{}:{}: {}", e.line, e.column, e.kind)))?;
    let name = path
        .and_then(|p| std::path::Path::new(p).file_stem())
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
    Ok(PyGame {
        record,
        shown,
        name,
    })
}

#[pymethods]
impl PyGame {
    /// Reads the game record in the file `path`.
    #[staticmethod]
    fn from_file(path: std::path::PathBuf) -> PyResult<PyGame> {
        let shown = path.display().to_string();
        let text = read_text(&shown)?;
        read_game(&text, Some(&shown))
    }

    /// `(width, height)`.
    #[getter]
    fn size(&self) -> (u32, u32) {
        (self.record.width, self.record.height)
    }

    /// The rule the file states (SGF's `RU`), or `None`.
    #[getter]
    fn rule(&self) -> Option<String> {
        self.record.rule.map(|r| r.to_string())
    }

    /// The moves as cell names (`h8`), Black's first.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.record
            .moves
            .iter()
            .map(|m| {
                let y = self.record.height - 1 - m.y;
                format!("{}{}", (b'a' + m.x as u8) as char, y + 1)
            })
            .collect()
    }

    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    /// The ply of the last position before the game was won under `rule`
    /// (the file's, else freestyle), or the game's end: the position
    /// `kinrow solve GAME` takes.
    #[pyo3(signature = (rule=None))]
    fn last_open_ply(&self, rule: Option<&str>) -> PyResult<usize> {
        let rule: Option<Rule> = rule.map(setup::rule).transpose()?;
        Ok(self.record.last_open_ply(rule))
    }

    /// The position after `ply` moves (by default `last_open_ply`) under
    /// `rule` (by default the file's, else freestyle), the side to move
    /// the one after the last mover. A ply past the end, or after the
    /// winning move, raises `ValueError`.
    #[pyo3(signature = (ply=None, rule=None))]
    fn position(&self, ply: Option<&Bound<'_, PyAny>>, rule: Option<&str>) -> PyResult<PyPosition> {
        let ply = crate::ply(ply)?;
        let rule: Option<Rule> = rule.map(setup::rule).transpose()?;
        let ply = ply.unwrap_or_else(|| self.record.last_open_ply(rule));
        self.record
            .position(ply, rule, &self.name)
            .map(PyPosition::from)
            .map_err(|e| {
                value_error(format!(
                    "{}:{}:{}: {}",
                    self.shown, e.line, e.column, e.kind
                ))
            })
    }

    fn __repr__(&self) -> String {
        format!(
            "<kinrow.Game {}x{}, {} moves{}>",
            self.record.width,
            self.record.height,
            self.record.moves.len(),
            self.record
                .rule
                .map_or_else(String::new, |r| format!(", rule {r}"))
        )
    }
}

//! `kinrow.Position`: a checked position (board, stones, side to move, and
//! the search settings of its file), read from text as the command line
//! reads a file, or built from moves or an array ([`crate::setup`]).

use crate::setup::{self, Settings};
use crate::{value_error, whole_u32};
use kinrow_board::{Cell, Player, Rule};
use kinrow_format::game::{parse_game, GameFormat};
use kinrow_format::{parse_positions, write_position, Position};
use pyo3::prelude::*;
use std::path::Path;

/// The largest file read: the command line's limit (8 MiB).
const MAX_FILE_BYTES: u64 = 8 << 20;

/// A position: the game (board size, `k`, rule), the stones, the side to
/// move (the attacker of a search), and the search settings of its file
/// (candidates, attack filter, depth). Immutable; `play` and `replace`
/// give new positions.
#[pyclass(frozen, eq, module = "kinrow", name = "Position")]
#[derive(Clone, PartialEq)]
pub struct PyPosition {
    pub(crate) inner: Position,
}

impl From<Position> for PyPosition {
    fn from(inner: Position) -> PyPosition {
        PyPosition { inner }
    }
}

/// The name a file gives its positions: its name without the extension.
fn stem(path: &str) -> String {
    Path::new(path).file_stem().map_or_else(
        || "position".to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// The positions of `text` as the command line reads a file named `shown`:
/// a game record (`.psq`, SGF) gives its position after `ply` moves (by
/// default the last before the game was won) under `rule` (by default the
/// file's), a position file or suite its positions. Errors read
/// `SHOWN:LINE:COLUMN: what`, as the command line's.
pub(crate) fn load(
    text: &str,
    shown: &str,
    name: &str,
    ply: Option<usize>,
    rule: Option<&str>,
) -> PyResult<Vec<Position>> {
    let rule = rule.map(setup::rule).transpose()?;
    let located = |line: usize, column: usize, what: &dyn std::fmt::Display| {
        value_error(format!("{shown}:{line}:{column}: {what}"))
    };
    if GameFormat::detect(text).is_some() {
        let game = parse_game(text).map_err(|e| located(e.line, e.column, &e.kind))?;
        let ply = ply.unwrap_or_else(|| game.last_open_ply(rule));
        let position = game
            .position(ply, rule, name)
            .map_err(|e| located(e.line, e.column, &e.kind))?;
        return Ok(vec![position]);
    }
    if ply.is_some() || rule.is_some() {
        return Err(value_error(format!(
            "{shown}: ply and rule apply to game files (.psq, SGF); a position file gives its own"
        )));
    }
    parse_positions(text, name).map_err(|e| located(e.line, e.column, &e.kind))
}

/// The text of the regular file `path`, with the command line's messages.
pub(crate) fn read_text(path: &str) -> PyResult<String> {
    let io = |e: std::io::Error| value_error(format!("{path}: {e}"));
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(value_error(format!(
            "{path}: not a regular file (a FIFO, a device or a socket): kinrow reads only regular files"
        )));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(value_error(format!(
            "{path}: larger than kinrow reads ({} MiB at most per file)",
            MAX_FILE_BYTES >> 20
        )));
    }
    let bytes = std::fs::read(path).map_err(io)?;
    String::from_utf8(bytes).map_err(|_| value_error(format!("{path}: not UTF-8 text")))
}

/// The one position of `positions`, or an error saying to read a suite.
fn single(mut positions: Vec<Position>, shown: &str) -> PyResult<PyPosition> {
    if positions.len() == 1 {
        return Ok(positions.remove(0).into());
    }
    let names: Vec<String> = positions.iter().map(|p| format!("[{}]", p.name)).collect();
    Err(value_error(format!(
        "{shown}: expected one position, found a suite of {} ({}): read it with kinrow.read_suite",
        positions.len(),
        names.join(", ")
    )))
}

fn named(positions: Vec<Position>) -> Vec<(String, PyPosition)> {
    positions
        .into_iter()
        .map(|p| (p.name.clone(), p.into()))
        .collect()
}

/// The positions of a suite's text (or of one position, or a game record's
/// position), as `(name, Position)` pairs in file order. `path` is named
/// in error messages and gives the default name.
#[pyfunction]
#[pyo3(signature = (text, path=None))]
pub fn read_suite(text: &str, path: Option<&str>) -> PyResult<Vec<(String, PyPosition)>> {
    let shown = path.unwrap_or("<text>");
    let name = path.map_or_else(|| "position".to_string(), stem);
    Ok(named(load(text, shown, &name, None, None)?))
}

/// The positions of the file `path` as `(name, Position)` pairs, read as
/// `kinrow solve PATH` reads it: a position file or suite, or a game record
/// (`.psq`, SGF) giving its position after `ply` moves under `rule`.
#[pyfunction]
#[pyo3(signature = (path, *, ply=None, rule=None))]
pub fn read_file(
    path: std::path::PathBuf,
    ply: Option<&Bound<'_, PyAny>>,
    rule: Option<&str>,
) -> PyResult<Vec<(String, PyPosition)>> {
    let ply = crate::ply(ply)?;
    let shown = path.display().to_string();
    let text = read_text(&shown)?;
    Ok(named(load(&text, &shown, &stem(&shown), ply, rule)?))
}

/// Cell names of `cells` in board order (`a1`, `b1`, ..., `a2`, ...).
pub(crate) fn names(p: &Position, cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    let g = p.board.game().geometry();
    cells.into_iter().map(|c| g.name(c)).collect()
}

impl PyPosition {
    fn cell(&self, name: &str) -> PyResult<Cell> {
        let g = self.inner.board.game().geometry();
        g.parse_cell(name.trim()).ok_or_else(|| {
            value_error(format!(
                "expected a cell of the {}x{} board such as a1, found {name:?}",
                g.width(),
                g.height()
            ))
        })
    }
}

#[pymethods]
impl PyPosition {
    /// The one position of a position file's text (or the position of a
    /// game record, `.psq` or SGF: after `ply` moves, by default the last
    /// before the game was won, under `rule`). `path` is named in error
    /// messages (`PATH:LINE:COLUMN: what`, as the command line's) and
    /// gives the default name. A suite of several positions is
    /// `kinrow.read_suite`'s.
    #[staticmethod]
    #[pyo3(signature = (text, path=None, *, ply=None, rule=None))]
    fn from_text(
        text: &str,
        path: Option<&str>,
        ply: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
    ) -> PyResult<PyPosition> {
        let ply = crate::ply(ply)?;
        let shown = path.unwrap_or("<text>");
        let name = path.map_or_else(|| "position".to_string(), stem);
        single(load(text, shown, &name, ply, rule)?, shown)
    }

    /// The one position of the file `path` (see `from_text`).
    #[staticmethod]
    #[pyo3(signature = (path, *, ply=None, rule=None))]
    fn from_file(
        path: std::path::PathBuf,
        ply: Option<&Bound<'_, PyAny>>,
        rule: Option<&str>,
    ) -> PyResult<PyPosition> {
        let ply = crate::ply(ply)?;
        let shown = path.display().to_string();
        let text = read_text(&shown)?;
        single(load(&text, &shown, &stem(&shown), ply, rule)?, &shown)
    }

    /// The position after `moves` played in turn, x (Black) first: cell
    /// names (`["h8", "i9"]`, or one string `"h8 i9"`) or `(x, y)` pairs
    /// counted from 0 at the bottom left (`(7, 7)` is `h8`). `size` is one
    /// side or `(width, height)`; `to_move` (`"x"` or `"o"`) defaults to
    /// the side whose turn it is.
    #[staticmethod]
    #[pyo3(signature = (moves, size=None, k=5, rule="freestyle", to_move=None, *, candidates="all", attack="any", depth=None, name="position"))]
    #[allow(clippy::too_many_arguments)]
    fn from_moves(
        moves: &Bound<'_, PyAny>,
        size: Option<&Bound<'_, PyAny>>,
        k: u32,
        rule: &str,
        to_move: Option<&str>,
        candidates: &str,
        attack: &str,
        depth: Option<&Bound<'_, PyAny>>,
        name: &str,
    ) -> PyResult<PyPosition> {
        let depth = whole_u32("depth", depth, 0)?;
        let settings = Settings {
            name: name.to_string(),
            size: size.map(board_size).transpose()?,
            k,
            rule: setup::rule(rule)?,
            to_move: to_move.map(setup::player).transpose()?,
            candidates: setup::candidates(candidates)?,
            attack: setup::attack(attack)?,
            depth,
        };
        Ok(setup::from_moves(moves, settings)?.into())
    }

    /// The position of a 2-D array of stones (a list of lists, a list of
    /// strings, or a numpy array), its first row the top row as printed:
    /// 0 or `.` empty, 1 or `x` for x (Black), 2 or `o` for o (White). The
    /// board size is the array's. `to_move` defaults to x with as many x
    /// stones as o stones, o with one more x stone.
    #[staticmethod]
    #[pyo3(signature = (array, k=5, rule="freestyle", to_move=None, *, candidates="all", attack="any", depth=None, name="position"))]
    #[allow(clippy::too_many_arguments)]
    fn from_array(
        array: &Bound<'_, PyAny>,
        k: u32,
        rule: &str,
        to_move: Option<&str>,
        candidates: &str,
        attack: &str,
        depth: Option<&Bound<'_, PyAny>>,
        name: &str,
    ) -> PyResult<PyPosition> {
        let depth = whole_u32("depth", depth, 0)?;
        let settings = Settings {
            name: name.to_string(),
            size: None,
            k,
            rule: setup::rule(rule)?,
            to_move: to_move.map(setup::player).transpose()?,
            candidates: setup::candidates(candidates)?,
            attack: setup::attack(attack)?,
            depth,
        };
        Ok(setup::from_array(array, settings)?.into())
    }

    /// The name (`[name]` in a suite, else the file's name).
    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    /// `(width, height)`.
    #[getter]
    fn size(&self) -> (u32, u32) {
        let g = self.inner.board.game().geometry();
        (g.width(), g.height())
    }

    #[getter]
    fn width(&self) -> u32 {
        self.inner.board.game().geometry().width()
    }

    #[getter]
    fn height(&self) -> u32 {
        self.inner.board.game().geometry().height()
    }

    /// Stones in a row that win.
    #[getter]
    fn k(&self) -> u32 {
        self.inner.board.game().k()
    }

    /// `freestyle`, `exact` or `renju`.
    #[getter]
    fn rule(&self) -> String {
        self.inner.board.game().rule().to_string()
    }

    /// `x` (Black, who moves first) or `o`: the side to move, who is the
    /// attacker of a search.
    #[getter]
    fn to_move(&self) -> String {
        self.inner.board.to_move().to_string()
    }

    /// `all` or `near R`: where both sides may play.
    #[getter]
    fn candidates(&self) -> String {
        self.inner.candidates.to_string()
    }

    /// `any`, `fours` or `threats`: the attacker's filter.
    #[getter]
    fn attack(&self) -> String {
        self.inner.attack.to_string()
    }

    /// The horizon in plies, or `None`.
    #[getter]
    fn depth(&self) -> Option<u32> {
        self.inner.depth
    }

    /// The file's `expect` line: `win`, `no-win` or `None`.
    #[getter]
    fn expect(&self) -> Option<String> {
        self.inner.expect.map(|e| e.to_string())
    }

    /// The file's `solution` line: the attacker's winning first moves.
    #[getter]
    fn solution(&self) -> Vec<String> {
        names(&self.inner, self.inner.solution.iter().copied())
    }

    /// The stones: `{"x": [cell names], "o": [cell names]}` in board order.
    #[getter]
    fn stones(&self) -> std::collections::BTreeMap<String, Vec<String>> {
        [Player::X, Player::O]
            .into_iter()
            .map(|p| {
                let cells = self.inner.board.stones(p).iter().map(Cell::from_index);
                (p.to_string(), names(&self.inner, cells))
            })
            .collect()
    }

    /// `x`, `o` or `None` at the cell named `cell`.
    fn stone_at(&self, cell: &str) -> PyResult<Option<String>> {
        let c = self.cell(cell)?;
        Ok(self.inner.board.stone_at(c).map(|p| p.to_string()))
    }

    /// The stones as rows of 0 (empty), 1 (x) and 2 (o), top row first:
    /// what `from_array` reads.
    fn to_array(&self) -> Vec<Vec<u32>> {
        let g = self.inner.board.game().geometry();
        (0..g.height())
            .rev()
            .map(|y| {
                (0..g.width())
                    .map(|x| {
                        let cell = g.cell(x, y).expect("on the board");
                        match self.inner.board.stone_at(cell) {
                            None => 0,
                            Some(Player::X) => 1,
                            Some(Player::O) => 2,
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The position file's text, which `from_text` reads back equal (the
    /// name aside: a file names its one position).
    fn to_text(&self) -> String {
        write_position(&self.inner)
    }

    /// The position after the side to move plays `cell`, the other side
    /// to move, the search settings kept (the file's `expect` and
    /// `solution` dropped). A move that wins (the game is over) or, under
    /// renju, one of x's forbidden points is a `ValueError`.
    fn play(&self, cell: &str) -> PyResult<PyPosition> {
        let c = self.cell(cell)?;
        let board = &self.inner.board;
        if board.stone_at(c).is_some() {
            return Err(value_error(format!(
                "{cell}: expected an empty cell, found a stone"
            )));
        }
        let mover = board.to_move();
        if mover == Player::X && board.game().rule() == Rule::Renju {
            if let Some(foul) = board.foul(c) {
                return Err(value_error(format!(
                    "{cell}: a forbidden point of x under renju ({foul})"
                )));
            }
        }
        let mut after = self.inner.clone();
        after.board.play(c);
        if after.board.wins_at(c) {
            return Err(value_error(format!(
                "{cell}: wins for {mover}, the game is over"
            )));
        }
        after.expect = None;
        after.solution.clear();
        Ok(after.into())
    }

    /// A copy with the given settings changed; `no_depth=True` drops the
    /// horizon. A new `to_move` drops the file's `expect` and `solution`,
    /// which were about the other attacker.
    #[pyo3(signature = (*, name=None, depth=None, no_depth=false, candidates=None, attack=None, to_move=None))]
    fn replace(
        &self,
        name: Option<&str>,
        depth: Option<&Bound<'_, PyAny>>,
        no_depth: bool,
        candidates: Option<&str>,
        attack: Option<&str>,
        to_move: Option<&str>,
    ) -> PyResult<PyPosition> {
        let depth = whole_u32("depth", depth, 0)?;
        let mut p = self.inner.clone();
        if let Some(n) = name {
            p.name = n.to_string();
        }
        if depth.is_some() || no_depth {
            p.depth = depth;
        }
        if let Some(c) = candidates {
            p.candidates = setup::candidates(c)?;
        }
        if let Some(a) = attack {
            p.attack = setup::attack(a)?;
        }
        if let Some(t) = to_move {
            p.board.set_to_move(setup::player(t)?);
            // The file's puzzle lines were about the other attacker.
            p.expect = None;
            p.solution.clear();
        }
        Ok(p.into())
    }

    /// The board as an SVG picture, as puzzle books print it: the stones,
    /// `line` (cell names, from the side to move) as numbered stones,
    /// `highlight` circled, and under renju x's forbidden points crossed.
    /// A line is moves to play: a cell that holds a stone, or comes twice,
    /// raises `ValueError` (it would not be drawn).
    #[pyo3(signature = (line=None, highlight=None))]
    fn svg(&self, line: Option<Vec<String>>, highlight: Option<Vec<String>>) -> PyResult<String> {
        let cells = |names: Option<Vec<String>>| -> PyResult<Vec<Cell>> {
            names
                .unwrap_or_default()
                .iter()
                .map(|n| self.cell(n))
                .collect()
        };
        let line = cells(line)?;
        for (i, &c) in line.iter().enumerate() {
            let name = names(&self.inner, [c]).remove(0);
            if self.inner.board.stone_at(c).is_some() {
                return Err(value_error(format!(
                    "line: {name} (move {}) already holds a stone",
                    i + 1
                )));
            }
            if line[..i].contains(&c) {
                return Err(value_error(format!(
                    "line: {name} (move {}) is played twice",
                    i + 1
                )));
            }
        }
        let marks = kinrow_picture::Marks {
            line,
            forbidden: true,
            highlight: cells(highlight)?,
            title: Some(self.inner.name.clone()),
        };
        Ok(kinrow_picture::svg(&self.inner.board, &marks))
    }

    /// Jupyter's picture of the position: `svg()`.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None, None)
    }

    fn __repr__(&self) -> String {
        let p = &self.inner;
        let g = p.board.game();
        let depth = p.depth.map_or_else(String::new, |d| format!(", depth {d}"));
        format!(
            "<kinrow.Position {:?}: {}x{}, k {}, {}, {} to move, {} stones{depth}>",
            p.name,
            g.geometry().width(),
            g.geometry().height(),
            g.k(),
            g.rule(),
            p.board.to_move(),
            p.board.stone_count()
        )
    }

    /// The board as the command line draws it: row numbers on the left,
    /// column letters below.
    fn __str__(&self) -> String {
        picture(&self.inner.board)
    }
}

/// The board as text, row numbers left and column letters below.
pub(crate) fn picture(board: &kinrow_board::Board) -> String {
    use std::fmt::Write;
    let g = board.game().geometry();
    let mut out = String::new();
    for y in (0..g.height()).rev() {
        let _ = write!(out, "{:>2} ", y + 1);
        for x in 0..g.width() {
            let cell = g.cell(x, y).expect("on the board");
            let c = board.stone_at(cell).map_or('.', |p| p.symbol());
            let _ = write!(out, " {c}");
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..g.width() {
        let _ = write!(out, " {}", (b'a' + x as u8) as char);
    }
    out.push('\n');
    out
}

/// `15` or `(width, height)`.
fn board_size(v: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    if let Ok(n) = v.extract::<u32>() {
        return Ok((n, n));
    }
    v.extract::<(u32, u32)>().map_err(|_| {
        value_error("size: expected one side or (width, height), such as 15 or (7, 6)")
    })
}

//! `kinrow._kinrow`: the Rust half of the Python package `kinrow` (PyO3).
//!
//! The Python package (`crates/python/python/kinrow`) re-exports what is
//! here and adds the optional adapters (OpenSpiel, the `renju` package),
//! which need no Rust. This crate is an edge of the house, like the
//! command line: it turns Python values into the libraries' types, calls
//! the libraries, and turns their answers and errors back into Python
//! values and exceptions. Bad input is a `ValueError` whose message is the
//! one the command line gives (`FILE:LINE:COLUMN: what`); a search runs on
//! a worker thread without the GIL, and Ctrl-C stops it
//! (`solve::solve`).
//!
//! Built by maturin from the repository's `pyproject.toml`; see
//! `docs/python.md`.

mod game;
mod position;
mod rules;
mod setup;
mod solve;

use pyo3::prelude::*;

/// The module `kinrow._kinrow`.
#[pymodule]
fn _kinrow(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<solve::SolveResult>()?;
    m.add_class::<rules::CheckResult>()?;
    m.add_function(wrap_pyfunction!(position::read_suite, m)?)?;
    m.add_function(wrap_pyfunction!(position::read_file, m)?)?;
    m.add_function(wrap_pyfunction!(game::read_game, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(rules::check, m)?)?;
    m.add_function(wrap_pyfunction!(rules::forbidden_points, m)?)?;
    m.add("PROVERS", solve::provers())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

/// A `ValueError` with `message`.
pub(crate) fn value_error(message: impl Into<String>) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(message.into())
}

/// The optional int argument `name` (a count: plies, threads, nodes), in
/// `range`. An int out of range, negative or too large, is a `ValueError`
/// naming the argument and the range, as every bad value here is (PyO3's
/// own conversion to an unsigned type raises `OverflowError`, which names
/// neither: issue 63); a value that is not an int is a `TypeError`.
pub(crate) fn whole(
    name: &str,
    v: Option<&Bound<'_, PyAny>>,
    range: std::ops::RangeInclusive<u64>,
) -> PyResult<Option<u64>> {
    let Some(v) = v else {
        return Ok(None);
    };
    if !v.is_instance_of::<pyo3::types::PyInt>() {
        let kind = v
            .get_type()
            .name()
            .map_or_else(|_| "?".to_string(), |n| n.to_string());
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{name}: expected an int, found {kind}"
        )));
    }
    match v.extract::<u64>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(value_error(format!(
            "{name}: expected a whole number from {} to {}, found {}",
            range.start(),
            range.end(),
            v.repr().map_or_else(|_| "?".into(), |r| r.to_string())
        ))),
    }
}

/// [`whole`] for an argument that fits a `u32` (a depth in plies).
pub(crate) fn whole_u32(
    name: &str,
    v: Option<&Bound<'_, PyAny>>,
    least: u32,
) -> PyResult<Option<u32>> {
    Ok(whole(name, v, u64::from(least)..=u64::from(u32::MAX))?
        .map(|n| u32::try_from(n).unwrap_or(u32::MAX)))
}

/// [`whole`] for a ply of a game record (from 0).
pub(crate) fn ply(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    let most = u64::try_from(usize::MAX).unwrap_or(u64::MAX);
    Ok(whole("ply", v, 0..=most)?.map(|n| usize::try_from(n).unwrap_or(usize::MAX)))
}

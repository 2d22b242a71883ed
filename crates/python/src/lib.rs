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
//! ([`solve::solve`]).
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

//! `kinrow` as a library: the command line's commands, and what the
//! other front ends share with it, so that they say what it says —
//! [`claims`] (a verdict's headline, the game it holds for, why an
//! unknown is one) and [`render`] (boards, games and numbers in words).
//! The Python package reads its claims from here; the binary
//! (`src/main.rs`) calls [`main`].

pub mod claims;
mod cli;
mod commands;
mod error;
mod input;
mod output;
mod provers;
pub mod render;
mod schedule;
mod serve;
mod settings;

use clap::Parser;
use std::process::ExitCode;

/// The command line: parses the flags, runs the command, maps the result
/// to an exit code (0 success, 1 failure or disagreement, 2 bad input, 3
/// an unknown, 4 a threat space's no-win; the README lists them).
#[must_use]
pub fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() {
                error::EXIT_BAD_INPUT
            } else {
                0
            };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = match &cli.command {
        cli::Command::Solve(a) => commands::solve::run(a),
        cli::Command::Verify(a) => commands::verify::run(a),
        cli::Command::Bench(a) => commands::bench::run(a),
        cli::Command::Show(a) => commands::show::run(a),
        cli::Command::Check(a) => commands::check::run(a),
        cli::Command::Brain(args) => commands::brain::run(args),
        cli::Command::Analyse(a) => commands::analyse::run(a),
        cli::Command::Provers(a) => commands::provers::run(a),
        cli::Command::Serve(a) => commands::serve::run(a),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("kinrow: {e}");
            ExitCode::from(e.code)
        }
    }
}

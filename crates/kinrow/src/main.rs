//! `kinrow`: the command-line runner. Parses flags, turns them into the
//! libraries' configuration, calls the libraries, prints, and maps the
//! result to an exit code (0 success, 1 failure/disagreement, 2 bad input).

mod cli;
mod commands;
mod error;
mod input;
mod output;
mod provers;
mod render;
mod schedule;
mod serve;
mod settings;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
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

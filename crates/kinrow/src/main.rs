//! `kinrow`: the command-line runner. Parses flags, turns them into the
//! libraries' configuration, calls the libraries, prints, and maps the
//! result to an exit code ([`kinrow::main`]).

fn main() -> std::process::ExitCode {
    kinrow::main()
}

//! `kinrow brain`: the Gomocup protocol on standard input and output.

use crate::cli::BrainArgs;
use crate::error::CliError;
use crate::settings;

/// Plays until `END` or the end of the input; exit 0.
pub fn run(args: &BrainArgs) -> Result<u8, CliError> {
    let threads = settings::capped(args.threads.map(usize::from), "--threads");
    let stdout = std::io::stdout();
    kinrow_brain::run_session(
        std::io::BufReader::new(std::io::stdin()),
        &mut stdout.lock(),
        kinrow_brain::Session::with_threads(threads),
    )
    .map_err(|e| CliError::failed(format!("writing to the manager: {e}")))?;
    Ok(0)
}

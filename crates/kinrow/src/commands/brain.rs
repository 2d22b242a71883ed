//! `kinrow brain`: the Gomocup protocol on standard input and output.

use crate::error::CliError;

/// Plays until `END` or the end of the input; exit 0.
pub fn run() -> Result<u8, CliError> {
    let stdout = std::io::stdout();
    kinrow_brain::run(
        std::io::BufReader::new(std::io::stdin()),
        &mut stdout.lock(),
    )
    .map_err(|e| CliError::failed(format!("writing to the manager: {e}")))?;
    Ok(0)
}

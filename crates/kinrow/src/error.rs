//! The runner's errors and their exit codes.

use std::fmt;

/// Exit code: a verification failure or a disagreement between provers.
pub const EXIT_FAILED: u8 = 1;
/// Exit code: bad input (files, flags, positions) or usage.
pub const EXIT_BAD_INPUT: u8 = 2;

/// An error that ends the run: its message for the user and the exit code.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    /// Bad input or usage (exit 2).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            code: EXIT_BAD_INPUT,
            message: message.into(),
        }
    }

    /// A failed verification or disagreement (exit 1).
    pub fn failed(message: impl Into<String>) -> CliError {
        CliError {
            code: EXIT_FAILED,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

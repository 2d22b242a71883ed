//! The runner's errors and its exit codes (docs/commands.md, "Exit codes", lists
//! them; scripts rely on them).

use std::fmt;

/// Exit code: a verification failure, a disagreement between provers, an
/// invalid proof certificate, or a certificate that could not be written.
pub const EXIT_FAILED: u8 = 1;
/// Exit code: bad input (files, flags, positions) or usage.
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code: nothing failed, but some answer is `unknown` (a budget ran
/// out), so the run did not settle everything it was asked; `solve` and
/// `verify` exit 0 instead when given `--allow-unknown`.
pub const EXIT_UNKNOWN: u8 = 3;
/// Exit code of `solve`: nothing failed and nothing is unknown, but some
/// answer holds for the attacker's threat space only (`no-threat-win`: a
/// definite answer about that smaller game, not the game asked); `solve`
/// exits 0 instead when given `--allow-unknown`.
pub const EXIT_THREAT_SPACE: u8 = 4;

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

/// The exit code of a run that went through: the worst of what happened.
/// A failure outranks an unknown, which `allow_unknown` turns into success.
pub fn exit_code(failed: bool, unknown: bool, allow_unknown: bool) -> u8 {
    if failed {
        EXIT_FAILED
    } else if unknown && !allow_unknown {
        EXIT_UNKNOWN
    } else {
        0
    }
}

/// [`exit_code`] of a `solve` run, where some answer may hold for the
/// threat space only (`threat_only`): below an unknown, above success.
pub fn solve_exit_code(failed: bool, unknown: bool, threat_only: bool, allow_unknown: bool) -> u8 {
    match exit_code(failed, unknown, allow_unknown) {
        0 if threat_only && !allow_unknown => EXIT_THREAT_SPACE,
        code => code,
    }
}

/// The exit code of a batch in which some inputs were bad (reported, the
/// others answered): a failure still outranks them, bad input outranks an
/// unknown or success.
pub fn with_bad_inputs(code: u8, bad: bool) -> u8 {
    if bad && code != EXIT_FAILED {
        EXIT_BAD_INPUT
    } else {
        code
    }
}

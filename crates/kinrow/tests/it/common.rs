//! Helpers of the binary's tests.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The empty 5x5 board, k 4: a draw, which PNS proves in about 0.1 s.
pub const FIVE: &str = "board 5x5\nk 4\ncandidates all\n";
/// The empty 8x8 board, k 5: a draw that no prover here proves within ten
/// minutes (the published proof took 17.4 hours), so every budget of a
/// test runs out on it.
pub const EIGHT: &str = "board 8x8\nk 5\ncandidates all\n";

/// The built `kinrow` binary.
pub fn kinrow() -> Command {
    Command::cargo_bin("kinrow").expect("binary built")
}

/// Writes `text` to `dir/name`.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    if let Some(parent) = p.parent() {
        std::fs::create_dir_all(parent).expect("make test folder");
    }
    std::fs::write(&p, text).expect("write test file");
    p
}

pub fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The JSON objects of stdout, one per line.
pub fn json_lines(out: &std::process::Output) -> Vec<serde_json::Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

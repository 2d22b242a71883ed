//! Helpers of the binary's tests.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

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

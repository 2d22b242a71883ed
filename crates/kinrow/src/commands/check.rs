//! `kinrow check` and `solve --proof`: proof certificates.

use super::Solved;
use crate::cli::CheckArgs;
use crate::error::{CliError, EXIT_FAILED};
use kinrow_format::Position;
use kinrow_prover::certificate::{write_certificate, CertificateStats};
use kinrow_prover::{Limits, Problem};
use std::path::{Path, PathBuf};

/// What was written for one proof.
#[derive(Clone, Debug)]
pub struct ProofInfo {
    pub path: PathBuf,
    pub stats: CertificateStats,
}

impl ProofInfo {
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "path": self.path.display().to_string(),
            "lines": self.stats.lines,
            "bytes": self.stats.bytes,
            "positions": self.stats.positions,
            "attacker_moves": self.stats.attacker_moves,
            "longest_line": self.stats.longest_line,
        })
    }

    pub fn human(&self) -> String {
        format!(
            "proof certificate: {} ({} lines, {} bytes; {} positions, {} attacker moves, longest line {} plies)\n",
            self.path.display(),
            self.stats.lines,
            self.stats.bytes,
            self.stats.positions,
            self.stats.attacker_moves,
            self.stats.longest_line
        )
    }
}

/// A file name made of the position's name: letters, digits, `-`, `_`, `.`.
fn file_name(name: &str) -> String {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{}.proof", safe.trim_start_matches('.'))
}

/// Writes the certificate of a won position: to `target` itself for a
/// single position, else to `target/NAME.proof`.
pub fn write_proof(
    target: &Path,
    several: bool,
    p: &Position,
    s: &Solved,
    limits: &Limits,
) -> Result<ProofInfo, CliError> {
    let problem = Problem::from(p);
    let mut prover = s.prover.build(&problem, false);
    let cert = write_certificate(&problem, prover.as_mut(), limits)
        .map_err(|e| CliError::failed(format!("[{}]: no certificate written: {e}", p.name)))?
        .with_name(&p.name);
    let path = if several {
        std::fs::create_dir_all(target)
            .map_err(|e| CliError::input(format!("{}: {e}", target.display())))?;
        target.join(file_name(&p.name))
    } else {
        target.to_path_buf()
    };
    std::fs::write(&path, cert.to_text())
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    Ok(ProofInfo {
        path,
        stats: *cert.stats(),
    })
}

pub fn run(args: &CheckArgs) -> Result<u8, CliError> {
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| CliError::input(format!("{}: {e}", p.display())))
    };
    let position = read(&args.position)?;
    let proof = read(&args.proof)?;
    let name = args.position.file_stem().map_or_else(
        || "position".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    match kinrow_checker::check_text(&position, &name, &proof) {
        Ok(report) => {
            println!("{report}");
            Ok(0)
        }
        Err(flaw) => {
            println!("{}: {flaw}", args.proof.display());
            Ok(EXIT_FAILED)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn proof_file_names_are_safe() {
        assert_eq!(super::file_name("vcf/black 1"), "vcf_black_1.proof");
        assert_eq!(super::file_name("..x"), "x.proof");
    }
}

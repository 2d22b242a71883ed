//! `kinrow check` and `solve --proof`: proof certificates.

use super::Solved;
use crate::claims;
use crate::cli::CheckArgs;
use crate::error::{CliError, EXIT_FAILED};
use crate::input;
use crate::output;
use crate::provers::{build_for, ProverKind};
use crate::render;
use crate::settings::Overrides;
use kinrow_checker::Proves;
use kinrow_format::Position;
use kinrow_prover::certificate::draw::{
    whole_game, write_draw_certificate, DrawOptions, DrawStats,
};
use kinrow_prover::certificate::threats::{write_threat_certificate, ThreatOptions, ThreatStats};
use kinrow_prover::certificate::{write_certificate, Certificate, CertificateStats, MAGIC};
use kinrow_prover::registry::Build;
use kinrow_prover::space::ThreatLimit;
use kinrow_prover::{Limits, PnsConfig, Problem, Prover, Vct, Verdict};
use std::path::{Path, PathBuf};

/// What was written for one proof, or why nothing was.
#[derive(Clone, Debug)]
pub enum ProofInfo {
    Written {
        path: PathBuf,
        stats: CertificateStats,
    },
    /// A draw certificate (of a no-win) was written.
    Draw { path: PathBuf, stats: DrawStats },
    /// A threat-space certificate (of a no-threat-win) was written.
    Threats { path: PathBuf, stats: ThreatStats },
    /// No certificate for a no-win of this game (not a whole game): not a
    /// failure, as with no certificate for an `unknown`.
    Refused { path: PathBuf, reason: String },
    /// The certificate could not be written (the verdict stands).
    NotWritten { path: PathBuf, reason: String },
}

impl ProofInfo {
    pub fn json(&self) -> serde_json::Value {
        match self {
            ProofInfo::Written { path, stats } => serde_json::json!({
                "path": path.display().to_string(),
                "lines": stats.lines,
                "bytes": stats.bytes,
                "positions": stats.positions,
                "attacker_moves": stats.attacker_moves,
                "longest_line": stats.longest_line,
            }),
            ProofInfo::Draw { path, stats } => serde_json::json!({
                "path": path.display().to_string(),
                "lines": stats.lines,
                "bytes": stats.bytes,
                "nodes": stats.nodes,
                "static_draws": stats.static_leaves,
                "attacker_moves": stats.answered,
                "by_default": stats.by_default,
                "reused_entries": stats.reused,
                "variant_references": stats.variants,
                "prover_calls": stats.prover_calls,
                "guided_replies": stats.guided,
            }),
            ProofInfo::Threats { path, stats } => serde_json::json!({
                "path": path.display().to_string(),
                "lines": stats.lines,
                "bytes": stats.bytes,
                "nodes": stats.nodes,
                "attacker_moves": stats.answered,
                "by_default": stats.by_default,
                "no_threat_moves": stats.no_threat,
                "prover_calls": stats.prover_calls,
                "prover_nodes": stats.prover_nodes,
            }),
            ProofInfo::Refused { path, reason } => serde_json::json!({
                "path": path.display().to_string(),
                "refused": reason,
            }),
            ProofInfo::NotWritten { path, reason } => serde_json::json!({
                "path": path.display().to_string(),
                "error": reason,
            }),
        }
    }

    pub fn human(&self) -> String {
        match self {
            ProofInfo::Written { path, stats } => format!(
                "proof certificate: {} ({} lines, {} bytes; {} positions, {} attacker moves, longest line {} plies)\n",
                path.display(),
                stats.lines,
                stats.bytes,
                stats.positions,
                stats.attacker_moves,
                stats.longest_line
            ),
            ProofInfo::Draw { path, stats } => format!(
                "draw certificate: {} ({} lines, {} bytes; {} nodes, {} attacker moves answered, {} of them by a default and {} by another's entry, {} static draws, {} references to a variant)\n",
                path.display(),
                stats.lines,
                stats.bytes,
                stats.nodes,
                stats.answered,
                stats.by_default,
                stats.reused,
                stats.static_leaves,
                stats.variants
            ),
            ProofInfo::Threats { path, stats } => format!(
                "threat-space certificate: {} ({} lines, {} bytes; {} nodes, {} attacker moves answered, {} of them by a default, {} moves of the space threatening nothing; {} prover calls)\n",
                path.display(),
                stats.lines,
                stats.bytes,
                stats.nodes,
                stats.answered,
                stats.by_default,
                stats.no_threat,
                stats.prover_calls
            ),
            ProofInfo::Refused { path, reason } => format!(
                "proof certificate: none written to {}: {reason}\n",
                path.display()
            ),
            ProofInfo::NotWritten { path, reason } => format!(
                "proof certificate: not written to {}: {reason} (the verdict above stands)\n",
                path.display()
            ),
        }
    }
}

/// Why no certificate was written to `path`.
fn not_written(path: &Path, reason: String) -> ProofInfo {
    ProofInfo::NotWritten {
        path: path.to_path_buf(),
        reason,
    }
}

/// Writes a certificate's `text` to `path`: `written`'s record of it, or
/// why the file system refused.
fn write_text(
    path: &Path,
    force: bool,
    text: &str,
    written: impl FnOnce(PathBuf) -> ProofInfo,
) -> ProofInfo {
    match output::write(path, text, force) {
        Ok(()) => written(path.to_path_buf()),
        Err(e) => not_written(path, e),
    }
}

/// Writes the certificate of a won position to `path`; what went wrong
/// otherwise (the writer's budget, the file system), never an error that
/// ends the run. `kept`: the prover that proved the win, its table kept
/// ([`super::solve_keeping`]); else a new one of the kind that answered.
pub fn write_proof(
    path: &Path,
    force: bool,
    p: &Position,
    s: &Solved,
    limits: &Limits,
    kept: Option<Box<dyn Prover + Send>>,
) -> ProofInfo {
    match win_certificate(p, s, limits, kept) {
        Ok(cert) => write_text(path, force, &cert.to_text(), |path| ProofInfo::Written {
            path,
            stats: *cert.stats(),
        }),
        Err(e) => not_written(path, e),
    }
}

/// The certificate of a won position, named after it, as [`write_proof`]
/// writes it (and `kinrow serve` hands it out); why not, as text.
pub fn win_certificate(
    p: &Position,
    s: &Solved,
    limits: &Limits,
    kept: Option<Box<dyn Prover + Send>>,
) -> Result<Certificate, String> {
    let problem = Problem::from(p);
    let mut prover =
        kept.unwrap_or_else(|| s.prover.build(&problem, &build_for(p, false, s.threads)));
    write_certificate(&problem, prover.as_mut(), limits)
        .map(|cert| cert.with_name(&p.name))
        .map_err(|e| e.to_string())
}

/// Writes the draw certificate of a no-win of a whole game to `path`
/// (for another game, the reason none can be written); like
/// [`write_proof`], never an error that ends the run. The writer asks
/// PNS: `kept`, the prover that answered, when it is PNS (its search of
/// the root the writer's first guide), else a new one.
pub fn write_draw_proof(
    path: &Path,
    force: bool,
    p: &Position,
    s: &Solved,
    limits: &Limits,
    kept: Option<Box<dyn Prover + Send>>,
) -> ProofInfo {
    let problem = Problem::from(p);
    if let Err(e) = whole_game(&problem) {
        return ProofInfo::Refused {
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
    }
    // PNS answers the writer's questions whatever answered the solve: it
    // hands over the strategy each of its searches found
    // (`Prover::take_settled`), which the writer follows (8x4 k=4 at
    // `47713de`: 62 s and 0.77 M nodes, against 304 s and 2.5 M with
    // df-pn's kept table).
    let pns = ProverKind::named("pns").expect("pns is a prover");
    let mut prover = kept
        .filter(|_| s.prover == pns)
        .unwrap_or_else(|| pns.build(&problem, &Build::default()));
    let options = DrawOptions::default();
    match write_draw_certificate(&problem, prover.as_mut(), limits, &options) {
        Ok(cert) => {
            let cert = cert.with_name(&p.name);
            write_text(path, force, &cert.to_text(), |path| ProofInfo::Draw {
                path,
                stats: *cert.stats(),
            })
        }
        Err(e) => not_written(path, e.to_string()),
    }
}

/// Writes the threat-space certificate of a no-threat-win to `path`;
/// like [`write_proof`], never an error that ends the run. The writer
/// asks `vct` (PNS in the threat space) with the limit the no-threat-win
/// holds for, whatever prover answered: its calls are small searches
/// below the root, which PNS settles quickly.
pub fn write_threat_proof(
    path: &Path,
    force: bool,
    p: &Position,
    s: &Solved,
    limits: &Limits,
) -> ProofInfo {
    match threat_certificate(p, s.outcome.threat_limit, limits) {
        Ok(cert) => write_text(path, force, &cert.to_text(), |path| ProofInfo::Threats {
            path,
            stats: *cert.stats(),
        }),
        Err(e) => not_written(path, e),
    }
}

/// The threat-space certificate of a no-threat-win of `p` for threats of
/// at most `threat_limit` fours, as [`write_threat_proof`] writes it; why
/// not, as text.
pub fn threat_certificate(
    p: &Position,
    threat_limit: Option<u32>,
    limits: &Limits,
) -> Result<kinrow_prover::certificate::threats::ThreatCertificate, String> {
    let problem = Problem::from(p);
    let limit = ThreatLimit::from_fours(threat_limit);
    let mut vct = Vct::prover_within(PnsConfig::default(), limit);
    write_threat_certificate(&problem, limit, &mut vct, limits, &ThreatOptions::default())
        .map(|cert| cert.with_name(&p.name))
        .map_err(|e| e.to_string())
}

/// Whether `text` starts like a certificate (after a byte-order mark,
/// blank lines and comments): a position file given as the proof, as with
/// swapped arguments, is bad input rather than an invalid proof.
fn looks_like_certificate(text: &str) -> bool {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .is_some_and(|l| l == MAGIC)
}

/// The text of the position file that `check` hands the checker, and its
/// positions: read as `solve` reads them (a position or suite file, or a
/// game file at a ply), with the same overrides, and written back as a
/// suite; so `check` takes every input `solve --proof` does. A file that is
/// no position is bad input, with a hint for swapped arguments.
fn position_text(args: &CheckArgs) -> Result<(String, Vec<Position>), CliError> {
    let overrides = Overrides::from(&args.overrides);
    let batch = input::load_with(std::slice::from_ref(&args.position), &args.game.choice());
    let (loaded, _) = batch.report_bad().map_err(|e| {
        CliError::input(format!(
            "{e} (is it a position file? kinrow check POSITION_FILE PROOF_FILE)"
        ))
    })?;
    let positions: Vec<Position> = loaded
        .iter()
        .map(|l| overrides.apply(&l.position))
        .collect();
    Ok((kinrow_format::write_suite(&positions), positions))
}

pub fn run(args: &CheckArgs) -> Result<u8, CliError> {
    let (position, positions) = position_text(args)?;
    let proof = input::read_text_max(&args.proof, input::MAX_PROOF_BYTES)?;
    let proof = proof.strip_prefix('\u{feff}').unwrap_or(&proof);
    let name = input::stem(&args.position);
    if !looks_like_certificate(proof) {
        return Err(CliError::input(format!(
            "{}: not a proof certificate (it does not start with `{MAGIC}`; kinrow check POSITION_FILE PROOF_FILE)",
            args.proof.display()
        )));
    }
    match kinrow_checker::check_text(&position, &name, proof) {
        Ok(report) => {
            output::print_line(&report.to_string())?;
            let proved = positions
                .iter()
                .find(|p| positions.len() == 1 || proof_names(proof, &p.name));
            if let Some(p) = proved {
                let (verdict, scope) = match report.proves {
                    Proves::Win => (Verdict::Win, claims::win_scope(p).1),
                    Proves::NoWin => (Verdict::NoWin, claims::no_win_scope(p).1),
                    Proves::NoThreatWin { threat_limit } => (
                        Verdict::NoThreatWin,
                        claims::threat_space_scope(p, threat_limit).1,
                    ),
                };
                output::print(&format!(
                    "proves: {}\ngame: {}\nholds for: {scope}\n",
                    claims::headline(p, verdict),
                    render::game(p)
                ))?;
            }
            Ok(0)
        }
        Err(flaw) => {
            output::print_line(&format!("{}: {flaw}", args.proof.display()))?;
            Ok(EXIT_FAILED)
        }
    }
}

/// Whether the certificate's header names the position `name` (`[name]`
/// before its body: `tree`, `draw` or `threats ...`).
fn proof_names(proof: &str, name: &str) -> bool {
    proof
        .lines()
        .take_while(|l| {
            let l = l.trim();
            l != "tree" && l != "draw" && !l.starts_with("threats ")
        })
        .any(|l| l.trim() == format!("[{name}]"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_position_file_is_not_a_certificate() {
        assert!(super::looks_like_certificate(
            "# c\n\nkinrow-certificate 1\nboard 3\n"
        ));
        assert!(!super::looks_like_certificate("board 3\nk 3\n"));
    }
}

//! One certificate of the root from the top tree and the jobs' own.
//!
//! A won OR node is written as the certificate format has it
//! (`docs/certificate-format.md`): its winning stone; or the tree of the
//! job that proved it, spliced in at its level (the job's first line takes
//! the defender's reply in front, every line the indentation of the
//! level); or the move to a won AND child, followed one level deeper by
//! each defender reply with its won OR child. The horizon needs nothing
//! more: a job's position after `n` plies was asked with `depth - n` plies,
//! so its lines end by ply `depth` of the root. A defender's pass (renju)
//! has no line in the format: like the provers' own certificates, the
//! merged one leaves it out, and the top tree has refuted it (its OR child
//! is won) before the AND node counts as won.

use crate::tree::{Basis, Game, Step, Tree, Value};
use kinrow_format::write_board;
use kinrow_prover::certificate::MAGIC;

/// Why the certificate could not be joined.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("node {0} is not won")]
    NotWon(usize),
    #[error("the certificate of job {job} has no tree: {detail}")]
    BadJobCertificate { job: usize, detail: String },
}

/// The merged certificate of the won root. `job_tree(job)` gives the text
/// of a job's certificate.
pub fn join(
    tree: &Tree,
    game: &Game,
    name: &str,
    job_text: &mut dyn FnMut(usize) -> Option<String>,
) -> Result<String, MergeError> {
    // The `[name]` line, as the certificate writer makes it, so that the
    // certificate can be checked against a suite of several positions.
    let clean: String = name
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r' | '#' | ']'))
        .collect();
    let named = match clean.trim() {
        "" => String::new(),
        n => format!("[{n}]\n"),
    };
    let mut out = format!(
        "{MAGIC}\n{named}{}tree\n",
        write_board(&game.root, game.candidates, game.attack, game.depth)
    );
    write_or(tree, 0, 0, None, job_text, &mut out)?;
    out.push_str("end\n");
    Ok(out)
}

fn line(out: &mut String, level: usize, prefix: Option<&str>, text: &str) {
    for _ in 0..level {
        out.push_str("  ");
    }
    if let Some(p) = prefix {
        out.push_str(p);
        out.push(' ');
    }
    out.push_str(text);
    out.push('\n');
}

fn write_or(
    tree: &Tree,
    n: usize,
    level: usize,
    prefix: Option<&str>,
    job_text: &mut dyn FnMut(usize) -> Option<String>,
    out: &mut String,
) -> Result<(), MergeError> {
    let node = &tree.nodes[n];
    if node.value != Value::Win || !node.or {
        return Err(MergeError::NotWon(n));
    }
    match &node.basis {
        Basis::Wins(cell) => line(out, level, prefix, cell),
        Basis::Job(job) => {
            let text = job_text(*job).ok_or_else(|| MergeError::BadJobCertificate {
                job: *job,
                detail: "not readable".into(),
            })?;
            splice(&text, level, prefix, out)
                .map_err(|detail| MergeError::BadJobCertificate { job: *job, detail })?;
        }
        Basis::Expanded(edges) => {
            let (cell, and) = edges
                .iter()
                .find_map(|e| match &e.step {
                    Step::Cell(c) if tree.nodes[e.child].value == Value::Win => Some((c, e.child)),
                    _ => None,
                })
                .ok_or(MergeError::NotWon(n))?;
            line(out, level, prefix, cell);
            let Basis::Expanded(replies) = &tree.nodes[and].basis else {
                return Err(MergeError::NotWon(and));
            };
            for e in replies {
                if let Step::Cell(reply) = &e.step {
                    write_or(tree, e.child, level + 1, Some(reply), job_text, out)?;
                } else if tree.nodes[e.child].value != Value::Win {
                    return Err(MergeError::NotWon(e.child));
                }
            }
        }
        _ => return Err(MergeError::NotWon(n)),
    }
    Ok(())
}

/// Copies the tree lines of a job's certificate (between `tree` and
/// `end`) at `level`, the first with `prefix` in front.
fn splice(text: &str, level: usize, prefix: Option<&str>, out: &mut String) -> Result<(), String> {
    let mut lines = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim_end());
    lines
        .by_ref()
        .find(|l| *l == "tree")
        .ok_or("no `tree` line")?;
    let mut first = true;
    for l in lines {
        if l.trim().is_empty() {
            continue;
        }
        if l == "end" {
            return if first {
                Err("an empty tree".into())
            } else {
                Ok(())
            };
        }
        if first {
            if l.starts_with(' ') {
                return Err("the first tree line is indented".into());
            }
            line(out, level, prefix, l);
            first = false;
        } else {
            line(out, level, None, l);
        }
    }
    Err("no `end` line".into())
}

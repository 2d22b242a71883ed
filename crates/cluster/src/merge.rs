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
//!
//! A node may have been first met as a mirror image of the board its
//! line reaches (the top tree merges symmetry: `tree.rs`). Its moves, and
//! its job's certificate, name cells of its own board; the writer carries
//! the map from that board's cells to the cells of the board reached
//! (composed edge by edge from each [`crate::tree::Edge::sym`]) and names
//! every cell through it. The rules, candidates and `*` lines are the same
//! under a symmetry, so a mapped strategy is a strategy of the board
//! reached; and the root's whole certificate is checked before a win is
//! said, so a mapping error is refused, never believed.

use crate::tree::{Basis, Game, Step, Tree, Value};
use kinrow_board::{Cell, Geometry};
use kinrow_format::write_board;
use kinrow_prover::certificate::MAGIC;

/// Why the certificate could not be joined.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    #[error("node {0} is not won")]
    NotWon(usize),
    #[error("node {node} names a cell {cell:?} that is not on the board")]
    BadCell { node: usize, cell: String },
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
    let g = *game.root.game().geometry();
    let identity = Frame(g.all_cells().map(|c| (c, c)).collect(), g);
    write_or(tree, 0, 0, None, &identity, job_text, &mut out)?;
    out.push_str("end\n");
    Ok(out)
}

/// The map from a node's own cells to the cells of the board its line
/// reaches.
struct Frame(std::collections::HashMap<Cell, Cell>, Geometry);

impl Frame {
    /// The frame of a child met through an edge with symmetry `sym`: its
    /// cell `c` is `image(sym, c)` on this node's board.
    fn child(&self, sym: u8) -> Frame {
        let g = self.1;
        let map = g
            .all_cells()
            .map(|c| (c, self.0[&g.image(usize::from(sym), c)]))
            .collect();
        Frame(map, g)
    }

    /// The name on the board reached of the cell `name` of the node's own
    /// board (`*` stays as it is).
    fn name(&self, name: &str) -> Option<String> {
        if name == "*" {
            return Some(name.into());
        }
        let c = self.1.parse_cell(name)?;
        Some(self.1.name(self.0[&c]))
    }

    /// A certificate's tree line with each cell renamed.
    fn line(&self, l: &str) -> Option<String> {
        let words: Option<Vec<String>> = l.split_whitespace().map(|w| self.name(w)).collect();
        Some(words?.join(" "))
    }
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
    frame: &Frame,
    job_text: &mut dyn FnMut(usize) -> Option<String>,
    out: &mut String,
) -> Result<(), MergeError> {
    let node = &tree.node(n);
    let name = |cell: &str| {
        frame.name(cell).ok_or_else(|| MergeError::BadCell {
            node: n,
            cell: cell.into(),
        })
    };
    if node.value != Value::Win || !node.or {
        return Err(MergeError::NotWon(n));
    }
    match &node.basis {
        Basis::Wins(cell) => line(out, level, prefix, &name(cell)?),
        Basis::Job(job) => {
            let text = job_text(*job).ok_or_else(|| MergeError::BadJobCertificate {
                job: *job,
                detail: "not readable".into(),
            })?;
            splice(&text, level, prefix, frame, out)
                .map_err(|detail| MergeError::BadJobCertificate { job: *job, detail })?;
        }
        Basis::Expanded(edges) => {
            let (cell, and, sym) = edges
                .iter()
                .find_map(|e| match &e.step {
                    Step::Cell(c) if tree.node(e.child).value == Value::Win => {
                        Some((c, e.child, e.sym))
                    }
                    _ => None,
                })
                .ok_or(MergeError::NotWon(n))?;
            line(out, level, prefix, &name(cell)?);
            let Basis::Expanded(replies) = &tree.node(and).basis else {
                return Err(MergeError::NotWon(and));
            };
            let at_and = frame.child(sym);
            for e in replies {
                if let Step::Cell(reply) = &e.step {
                    let reply = at_and.name(reply).ok_or_else(|| MergeError::BadCell {
                        node: and,
                        cell: reply.clone(),
                    })?;
                    let below = at_and.child(e.sym);
                    write_or(
                        tree,
                        e.child,
                        level + 1,
                        Some(&reply),
                        &below,
                        job_text,
                        out,
                    )?;
                } else if tree.node(e.child).value != Value::Win {
                    return Err(MergeError::NotWon(e.child));
                }
            }
        }
        _ => return Err(MergeError::NotWon(n)),
    }
    Ok(())
}

/// Copies the tree lines of a job's certificate (between `tree` and
/// `end`) at `level`, the first with `prefix` in front, each cell named
/// through `frame`.
fn splice(
    text: &str,
    level: usize,
    prefix: Option<&str>,
    frame: &Frame,
    out: &mut String,
) -> Result<(), String> {
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
        let indent = &l[..l.len() - l.trim_start().len()];
        let named = frame
            .line(l)
            .ok_or_else(|| format!("a line with a cell off the board: {l:?}"))?;
        if first {
            if !indent.is_empty() {
                return Err("the first tree line is indented".into());
            }
            line(out, level, prefix, &named);
            first = false;
        } else {
            line(out, level, None, &format!("{indent}{named}"));
        }
    }
    Err("no `end` line".into())
}

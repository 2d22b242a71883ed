//! Reading a threat-space certificate's node lines (the format is in the
//! module docs of [`super`] and in `docs/certificate-format.md`).

use std::rc::Rc;

use crate::header::read_numbered;
use crate::tree::parse_point;
use crate::{Flaw, FlawKind, Point};

/// The defender's reply of an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reply {
    /// `pass` (renju only).
    Pass,
    Cell(Point),
}

/// What follows the reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// `-`: a node with no entries (or the game is over).
    Open,
    /// A node by its number.
    Node(usize),
}

/// One entry of a node: `MOVE REPLY NEXT`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// `None` for the node's default (`*`).
    pub(super) mv: Option<Point>,
    pub(super) reply: Reply,
    pub(super) next: Next,
}

/// A node line.
#[derive(Clone, Debug)]
pub(super) struct NodeLine {
    /// 1-based line number in the file.
    pub(super) no: usize,
    /// Shared, so that a visit holds them while the walk goes on below.
    pub(super) entries: Rc<Vec<Entry>>,
}

pub(super) fn malformed(no: usize, detail: impl Into<String>) -> Flaw {
    Flaw::new(FlawKind::Malformed, Some(no), detail)
}

/// Reads the node lines, from line index `start` up to `end`.
pub(super) fn read_nodes(text: &str, start: usize) -> Result<Vec<NodeLine>, Flaw> {
    read_numbered(text, start, |no, rest| {
        Ok(NodeLine {
            no,
            entries: Rc::new(read_entries(rest, no)?),
        })
    })
}

/// `-` (no entry) or `MOVE REPLY NEXT, ...`.
fn read_entries(text: &str, no: usize) -> Result<Vec<Entry>, Flaw> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for part in text.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let [mv, reply, next] = words.as_slice() else {
            return Err(malformed(
                no,
                "a node is `-` or entries `MOVE REPLY NEXT` separated by commas",
            ));
        };
        out.push(Entry {
            mv: match *mv {
                "*" => None,
                cell => Some(parse_point(cell, no)?),
            },
            reply: match *reply {
                "pass" => Reply::Pass,
                cell => Reply::Cell(parse_point(cell, no)?),
            },
            next: match *next {
                "-" => Next::Open,
                n => Next::Node(
                    n.parse()
                        .map_err(|_| malformed(no, format!("`{n}` is no node")))?,
                ),
            },
        });
    }
    if out.iter().filter(|e| e.mv.is_none()).count() > 1 {
        return Err(malformed(no, "a node has at most one default entry (`*`)"));
    }
    Ok(out)
}

//! The text of a draw certificate's DAG: one line per node, entries and
//! pairs named as `docs/certificate-format.md` says.

use super::{Entry, Node};
use kinrow_board::{Cell, Geometry};
use std::fmt::Write as _;

/// The names of the symmetries in the certificate, by the element number of
/// [`Symmetries`](crate::kit::symmetry::Symmetries): `t` swaps the coordinates (x, y) -> (y, x), then `x`
/// mirrors the columns (x -> width - 1 - x), then `y` the rows. The
/// identity is written with no name.
const SYM_NAMES: [&str; 8] = ["", "x", "y", "xy", "t", "tx", "ty", "txy"];

/// The node lines of the DAG; a node's default entry comes last.
pub(super) fn body_text(nodes: &[Node], g: &Geometry) -> String {
    let mut body = String::new();
    for (i, node) in nodes.iter().enumerate() {
        write!(body, "{i}").expect("writing to a string");
        match node {
            Node::Pending => unreachable!("every node is expanded"),
            Node::Hold(pairs) => {
                body.push_str(" hold");
                push_pairs(&mut body, g, pairs);
            }
            Node::Answers(entries) => {
                let explicit = entries.iter().filter(|e| e.mv.is_some());
                let default = entries.iter().filter(|e| e.mv.is_none());
                for (j, e) in explicit.chain(default).enumerate() {
                    body.push_str(if j == 0 { " " } else { ", " });
                    push_entry(&mut body, g, e);
                }
            }
        }
        body.push('\n');
    }
    body
}

/// Writes one entry: `MOVE REPLY NEXT`, `MOVE REPLY -`, `MOVE -` or `MOVE
/// hold PAIRS`, `MOVE` being `*` for the default.
fn push_entry(body: &mut String, g: &Geometry, e: &Entry) {
    match e.mv {
        Some(mv) => body.push_str(&g.name(mv)),
        None => body.push('*'),
    }
    if let Some(pairs) = &e.hold {
        body.push_str(" hold");
        push_pairs(body, g, pairs);
        return;
    }
    match (e.reply, e.next) {
        (None, _) => body.push_str(" -"),
        (Some(r), None) => write!(body, " {} -", g.name(r)).expect("string"),
        (Some(r), Some(n)) => {
            let name = SYM_NAMES[usize::from(n.sym)];
            let slash = if name.is_empty() { "" } else { "/" };
            write!(body, " {} {}{slash}{name}", g.name(r), n.id).expect("string");
        }
    }
}

/// Writes ` a1:b2 c3:d4`.
fn push_pairs(body: &mut String, g: &Geometry, pairs: &[(Cell, Cell)]) {
    for &(a, b) in pairs {
        write!(body, " {}:{}", g.name(a), g.name(b)).expect("writing to a string");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::symmetry::Symmetries;
    use kinrow_board::Geometry;

    /// The names written for the symmetries mean, by the format's
    /// definition (`t`, then `x`, then `y`), the cell maps the writer
    /// used: on a square and on a rectangle, every element, every cell.
    #[test]
    fn the_symmetry_names_match_the_maps() {
        for (w, h) in [(4, 4), (5, 3)] {
            let g = Geometry::new(w, h).unwrap();
            let sym = Symmetries::new(&g, true);
            let count = if w == h { 8 } else { 4 };
            for (e, name) in SYM_NAMES.iter().enumerate().take(count) {
                for c in g.all_cells() {
                    let (x, y) = g.xy(c);
                    let (mut a, mut b) = if name.contains('t') { (y, x) } else { (x, y) };
                    if name.contains('x') {
                        a = w - 1 - a;
                    }
                    if name.contains('y') {
                        b = h - 1 - b;
                    }
                    let named = g.cell(a, b).unwrap().index();
                    assert_eq!(usize::from(sym.to_canonical(e as u8, c)), named, "{name}");
                }
            }
        }
    }
}

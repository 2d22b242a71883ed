//! The text of a threat-space certificate's DAG: the nodes renumbered in
//! the order the walk from the root first reaches them (node 0 the root),
//! one line each, entries named as `docs/certificate-format.md` says.

use super::{Entry, Next};
use kinrow_board::Geometry;
use std::fmt::Write as _;

/// The node lines from `root`, and how many nodes they are.
pub(super) fn body_text(nodes: &[Option<Vec<Entry>>], root: Next, g: &Geometry) -> (String, u64) {
    let Next::Node(root) = root else {
        return ("0 -\n".to_string(), 1);
    };
    // New numbers, in pre-order from the root.
    let mut number: Vec<Option<u32>> = vec![None; nodes.len()];
    let mut order = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if number[n as usize].is_some() {
            continue;
        }
        number[n as usize] = Some(order.len() as u32);
        order.push(n);
        let entries = nodes[n as usize].as_ref().expect("every node is written");
        for e in entries.iter().rev() {
            if let Next::Node(c) = e.next {
                if number[c as usize].is_none() {
                    stack.push(c);
                }
            }
        }
    }
    let mut body = String::new();
    for (i, &n) in order.iter().enumerate() {
        write!(body, "{i}").expect("writing to a string");
        let entries = nodes[n as usize].as_ref().expect("every node is written");
        for (j, e) in entries.iter().enumerate() {
            body.push_str(if j == 0 { " " } else { ", " });
            match e.mv {
                Some(m) => body.push_str(&g.name(m)),
                None => body.push('*'),
            }
            match e.reply {
                Some(r) => write!(body, " {}", g.name(r)).expect("string"),
                None => body.push_str(" pass"),
            }
            match e.next {
                Next::Open => body.push_str(" -"),
                Next::Node(c) => {
                    let c = number[c as usize].expect("numbered");
                    write!(body, " {c}").expect("string");
                }
            }
        }
        body.push('\n');
    }
    (body, order.len() as u64)
}

//! The end of a winning line at a node the rules prove without a search:
//! the plies a principal variation still needs below such a node, for
//! every prover that reports one (PNS and df-pn store nothing below it).

use super::last_plies::double_moves;
use super::{AndNode, NodeRules, OrNode};
use crate::vcf::VcfSearcher;
use kinrow_board::{Candidates, Cell, SearchBoard};

/// Ends the line at an attacker's node proved by the rules alone, with
/// `depth` plies left: a winning move, or with three plies left a move
/// leaving two winning cells (see [`super::last_plies`]). Plays the moves
/// on `board` and pushes them on `pv`.
pub fn finish_or_leaf(rules: &NodeRules, board: &mut SearchBoard, depth: u32, pv: &mut Vec<Cell>) {
    match rules.attacker_node(board, depth) {
        OrNode::Win(cell) => pv.push(cell),
        OrNode::Moves(m) => {
            let first = double_moves(board, &m).next();
            if let Some(cell) = first {
                board.play(cell);
                pv.push(cell);
                finish_and_leaf(rules, board, depth - 1, pv);
            } else {
                // Proved by a VCF (PNS's shortcut): its line, the defender
                // taking one of the last winning cells, the attacker
                // completing its line on another.
                let mut threats = VcfSearcher::new(rules.candidates, 1 << 12);
                if let Some(line) = threats.vcf(board, depth) {
                    pv.extend(&line.moves);
                    if line.ends_on_a_forbidden_block() {
                        // Renju: x may not take o's one winning cell, so
                        // its reply is any other cell, then o's five.
                        let mut after = board.clone();
                        line.moves.iter().for_each(|&m| after.play(m));
                        pv.extend(
                            lost_reply(&after, rules.candidates)
                                .into_iter()
                                .flat_map(|(r, w)| [r, w]),
                        );
                    } else {
                        pv.extend(line.wins.iter().take(2).map(Cell::from_index));
                    }
                }
            }
        }
        OrNode::NoWin => {}
    }
}

/// At a defender's node that loses on the attacker's next move
/// ([`AndNode::Win`]): the reply a line shows and the attacker's winning
/// stone after it. The reply blocks a winning cell where the defender may
/// (with two of them, the attacker plays the other); where it may block
/// none (under renju x's only blocks can be forbidden points), it is the
/// defender's first legal cell. `None` when the defender has no legal
/// cell at all (x would pass) or, which the rules never claim, the
/// attacker no winning cell.
pub fn lost_reply(board: &SearchBoard, cands: Candidates) -> Option<(Cell, Cell)> {
    let me = board.to_move();
    let cells = board.candidates(cands);
    let wins = board.winning_cells(me.other()) & cells;
    let blocks = board.legal(me, &wins);
    let reply = blocks
        .first()
        .or_else(|| board.legal(me, &cells).first())
        .map(Cell::from_index)?;
    let win = wins.iter().map(Cell::from_index).find(|&w| w != reply)?;
    Some((reply, win))
}

/// Ends the line at a defender's node proved by the rules alone.
pub fn finish_and_leaf(rules: &NodeRules, board: &mut SearchBoard, depth: u32, pv: &mut Vec<Cell>) {
    let attacker = board.to_move().other();
    let cands = rules.candidates;
    let double = |b: &SearchBoard| {
        let wins = b.winning_cells(attacker) & b.candidates(cands);
        wins.has_two()
            .then(|| wins.iter().take(2).map(Cell::from_index))
    };
    match rules.defender_node(board, depth) {
        AndNode::Win => {
            if let Some((reply, win)) = lost_reply(board, cands) {
                pv.extend([reply, win]);
            }
        }
        AndNode::Replies(r) if r.is_empty() => {
            // Reduction 5 left no reply: after any reply some attacker
            // move gives two winning cells.
            let Some(reply) = board.candidates(cands).first().map(Cell::from_index) else {
                return;
            };
            board.play(reply);
            pv.push(reply);
            for m in board.candidates(cands).iter().map(Cell::from_index) {
                let mut b = board.clone();
                b.play(m);
                if let Some(wins) = double(&b) {
                    pv.push(m);
                    pv.extend(wins);
                    return;
                }
            }
        }
        _ => {}
    }
}

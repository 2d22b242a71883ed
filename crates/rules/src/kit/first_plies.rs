//! The numbers a search left one and two plies below its root
//! ([`PlyNumbers`]), read back by the key its table files them under.
//!
//! PNS and df-pn name a position in their tables by the same key: the
//! canonical key of its stones and side to move, its remaining depth mixed
//! in ([`Cursor::key`]). So one walk serves both: every move of the
//! attacker the game allows at the root (its candidates through the attack
//! filter, legal under renju), then every legal reply of the defender,
//! each position looked up with the prover's own `get`. A position the
//! table does not hold is left out. The lines are the real moves of the
//! root's board, whatever frame the table files them in.

use super::cursor::Cursor;
use super::symmetry::Symmetries;
use super::ProofNumber;
use crate::outcome::{PlyNumbers, Problem};
use kinrow_board::{Cell, SearchBoard};

/// The numbers `get` finds for the positions one and two plies below the
/// root of `problem`, searched with `depth` plies left at the root and the
/// symmetries `sym`.
pub fn first_plies(
    problem: &Problem,
    depth: u32,
    sym: &Symmetries,
    mut get: impl FnMut(u64) -> Option<(ProofNumber, ProofNumber)>,
) -> Vec<PlyNumbers> {
    let mut at = Cursor::new(&SearchBoard::from(problem.board.clone()), depth, sym);
    let mut out = Vec::new();
    let mut found = |at: &Cursor, line: Vec<Cell>| {
        if let Some((proof, disproof)) = get(at.key()) {
            out.push(PlyNumbers {
                line,
                proof,
                disproof,
            });
        }
    };
    let attacker = problem.board.to_move();
    let board = problem.board.clone();
    let moves = board.legal(
        attacker,
        &board.attack_moves(attacker, problem.candidates, problem.attack),
    );
    for m in moves.iter().map(Cell::from_index) {
        at.play(m);
        found(&at, vec![m]);
        let mut after = board.clone();
        after.play(m);
        if !after.has_line(attacker) {
            let defender = attacker.other();
            let replies = after.legal(defender, &after.candidates(problem.candidates));
            for r in replies.iter().map(Cell::from_index) {
                at.play(r);
                found(&at, vec![m, r]);
                at.undo(r);
            }
        }
        at.undo(m);
    }
    out
}

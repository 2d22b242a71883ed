//! Test helpers: positions from text grids, certificates written with the
//! textbook recursion of `kinrow-reference` (no reductions, no tables), and
//! line surgery on certificates.

use kinrow_board::{Attack, Board, Candidates, Player, Rule};
use kinrow_checker::PlainPosition;
use kinrow_prover::certificate::{write_certificate_with, CertificateOptions};
use kinrow_prover::{Limits, Problem};
use kinrow_reference::textbook::TextbookProver;
use kinrow_reference::{adapt, NaiveBoard};

/// A board from grid rows (top row first, cells `.`, `x`, `o`).
pub fn board(k: u32, rule: Rule, rows: &[&str], to_move: Player) -> Board {
    let naive = NaiveBoard::from_rows(rows, k as usize, rule == Rule::Exact);
    adapt::to_board(&naive, adapt::player(to_move))
}

/// 7x7, k 4: x on c4 d4 to move wins in 3 (an open three has two winning
/// cells).
pub fn open_two(attack: Attack, depth: Option<u32>) -> Problem {
    let b = board(
        4,
        Rule::Freestyle,
        &[
            ".......", //
            "..o....", //
            ".......", //
            "..xx...", //
            ".......", //
            "....o..", //
            ".......",
        ],
        Player::X,
    );
    problem(b, Candidates::Near(1), attack, depth)
}

/// A problem from its parts.
pub fn problem(
    board: Board,
    candidates: Candidates,
    attack: Attack,
    depth: Option<u32>,
) -> Problem {
    Problem {
        board,
        candidates,
        attack,
        depth,
    }
}

/// The checker's setup for the same position as `p`.
pub fn setup(p: &Problem) -> PlainPosition {
    PlainPosition::from_board(&p.board, p.candidates, p.attack, p.depth)
}

/// The position block of a certificate: its lines between the first and
/// `tree`.
pub fn header(certificate: &str) -> String {
    certificate
        .lines()
        .skip(1)
        .take_while(|l| *l != "tree")
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The certificate text the writer makes with the textbook prover.
pub fn certificate(p: &Problem) -> String {
    kinrow_prover::certificate::write_certificate(p, &mut TextbookProver, &Limits::default())
        .expect("a win")
        .to_text()
}

/// The certificate with every reply on a line of its own (no `*` lines).
pub fn expanded_certificate(p: &Problem) -> String {
    let options = CertificateOptions {
        share_answers: false,
        ..CertificateOptions::default()
    };
    write_certificate_with(p, &mut TextbookProver, &Limits::default(), &options)
        .expect("a win")
        .to_text()
}

/// The lines of `text`, for surgery.
pub fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

pub fn join(lines: &[String]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// Index of the first line after `tree`.
pub fn tree_start(lines: &[String]) -> usize {
    lines.iter().position(|l| l == "tree").unwrap() + 1
}

/// Indentation level of a tree line.
fn level(line: &str) -> usize {
    (line.len() - line.trim_start().len()) / 2
}

/// `lines` without line `i` and the subtree below it.
pub fn remove_subtree(lines: &[String], i: usize) -> Vec<String> {
    let l = level(&lines[i]);
    let mut end = i + 1;
    while end < lines.len() && lines[end] != "end" && level(&lines[end]) > l {
        end += 1;
    }
    let mut out = lines[..i].to_vec();
    out.extend_from_slice(&lines[end..]);
    out
}

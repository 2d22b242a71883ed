//! Test helpers: a plain recursive prover over the real board (no
//! reductions, no tables), positions from text grids, and line surgery on
//! certificates.

use kinrow_board::{Attack, Board, Candidates, Cell, Game, Player, Rule};
use kinrow_checker::PlainPosition;
use kinrow_prover::certificate::{write_certificate_with, CertificateOptions};
use kinrow_prover::{Limits, Outcome, Problem, Prover, Verdict};

/// The plain AND-OR recursion of the spec over the real board: some
/// attacker move must win, every defender candidate must lose. Without a
/// horizon it deepens 1, 3, 5, ... plies, so `plies` is the shortest win.
pub struct PlainProver;

fn attacker_move(b: &mut Board, c: Candidates, a: Attack, d: u32) -> Option<Cell> {
    if d == 0 {
        return None;
    }
    let me = b.to_move();
    for i in b.attack_moves(me, c, a).iter() {
        let m = Cell::from_index(i);
        b.play(m);
        let win = if b.wins_at(m) {
            true
        } else if b.is_full() || d < 3 {
            false
        } else {
            defender_loses(b, c, a, d - 1)
        };
        b.undo(m);
        if win {
            return Some(m);
        }
    }
    None
}

fn defender_loses(b: &mut Board, c: Candidates, a: Attack, d: u32) -> bool {
    let replies = b.candidates(c);
    if replies.is_empty() {
        return false;
    }
    for i in replies.iter() {
        let r = Cell::from_index(i);
        b.play(r);
        let lose = !b.wins_at(r) && !b.is_full() && attacker_move(b, c, a, d - 1).is_some();
        b.undo(r);
        if !lose {
            return false;
        }
    }
    true
}

impl Prover for PlainProver {
    fn name(&self) -> &'static str {
        "plain"
    }

    fn prove(&mut self, p: &Problem, _limits: &Limits) -> Outcome {
        let mut b = p.board.clone();
        let depths: Vec<u32> = match p.depth {
            Some(d) => vec![d],
            None => (1..=b.game().geometry().area()).step_by(2).collect(),
        };
        for d in depths {
            if let Some(m) = attacker_move(&mut b, p.candidates, p.attack, d) {
                return Outcome {
                    best_move: Some(m),
                    plies: Some(d),
                    ..Outcome::new(Verdict::Win)
                };
            }
        }
        Outcome::new(Verdict::NoWin)
    }
}

/// A board from grid rows (top row first, cells `.`, `x`, `o`).
pub fn board(k: u32, rule: Rule, rows: &[&str], to_move: Player) -> Board {
    let height = rows.len() as u32;
    let width = rows[0].len() as u32;
    let mut b = Board::new(Game::new(width, height, k, rule).unwrap());
    let g = *b.game().geometry();
    for (i, row) in rows.iter().enumerate() {
        let y = height - 1 - i as u32;
        for (x, ch) in row.chars().enumerate() {
            let cell = g.cell(x as u32, y).unwrap();
            match ch {
                'x' => b.place(cell, Player::X),
                'o' => b.place(cell, Player::O),
                _ => {}
            }
        }
    }
    b.set_to_move(to_move);
    b
}

/// The problem and the checker's setup for the same position.
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

pub fn setup(p: &Problem) -> PlainPosition {
    PlainPosition::from_board(&p.board, p.candidates, p.attack, p.depth)
}

/// The certificate text the writer makes with the plain prover.
pub fn certificate(p: &Problem) -> String {
    kinrow_prover::certificate::write_certificate(p, &mut PlainProver, &Limits::default())
        .expect("a win")
        .to_text()
}

/// The certificate with every reply on a line of its own (no `*` lines).
pub fn expanded_certificate(p: &Problem) -> String {
    let options = CertificateOptions {
        share_answers: false,
        ..CertificateOptions::default()
    };
    write_certificate_with(p, &mut PlainProver, &Limits::default(), &options)
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

//! Black's forbidden points and both sides' winning cells under renju, for
//! `tools/renju_crosscheck.py`, which compares them with an independent
//! referee.
//!
//! Reads positions from standard input, one a line: the board side `N`
//! (5..=26), a space, then `N * N` characters `.`, `x` or `o`, row by row
//! from the bottom row (`a1`, `b1`, ...). Writes one line per position: a
//! character per cell, in the same order:
//!
//! - `#` a stone;
//! - `F` Black wins there (exactly five), whatever else the stone makes;
//! - `6`, `4`, `3` the cell is forbidden to Black: overline, double-four,
//!   double-three;
//! - `.` neither;
//!
//! then a space and a second string for White: `#` a stone, `W` White wins
//! there (five or more), `.` not.
//!
//! `cargo run --release -p kinrow-board --example forbidden < positions.txt`

use kinrow_board::{Board, Cell, Foul, Game, Player, Rule, SearchBoard};
use std::io::{self, BufRead, BufWriter, Write};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for (no, line) in stdin.lock().lines().enumerate() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some((n, cells)) = parse(line) else {
            eprintln!("line {}: expected `N` and N*N cells of . x o", no + 1);
            std::process::exit(2);
        };
        let (black, white) = answer(n, &cells);
        writeln!(out, "{black} {white}")?;
    }
    out.flush()
}

fn parse(line: &str) -> Option<(u32, Vec<Option<Player>>)> {
    let (n, text) = line.split_once(' ')?;
    let n: u32 = n.parse().ok()?;
    let cells: Option<Vec<_>> = text
        .chars()
        .map(|c| match c {
            '.' => Some(None),
            'x' => Some(Some(Player::X)),
            'o' => Some(Some(Player::O)),
            _ => None,
        })
        .collect();
    let cells = cells?;
    (cells.len() == (n * n) as usize).then_some((n, cells))
}

fn answer(n: u32, cells: &[Option<Player>]) -> (String, String) {
    let game = Game::new(n, n, 5, Rule::Renju).expect("5..=26");
    let g = *game.geometry();
    let mut board = Board::new(game);
    let cell = |i: usize| -> Cell { g.cell(i as u32 % n, i as u32 / n).expect("on the board") };
    for (i, c) in cells.iter().enumerate() {
        if let Some(p) = c {
            board.place(cell(i), *p);
        }
    }
    let forbidden = board.forbidden_points();
    // The search's board reads its lines from line words: the same answers.
    let search = SearchBoard::from(board.clone());
    assert_eq!(
        search.forbidden_points(),
        forbidden,
        "a search board's forbidden points"
    );
    let mut black = String::new();
    let mut white = String::new();
    for (i, c) in cells.iter().enumerate() {
        if c.is_some() {
            black.push('#');
            white.push('#');
            continue;
        }
        let m = cell(i);
        let wins = |board: &mut Board, p: Player| {
            board.place(m, p);
            let w = board.wins_at(m);
            board.remove(m, p);
            w
        };
        let foul = board.foul(m);
        assert_eq!(search.is_forbidden(m), foul.is_some(), "{}", g.name(m));
        // The two queries must agree with each other as well.
        assert_eq!(
            foul.is_some(),
            forbidden.contains(m.index()),
            "{}",
            g.name(m)
        );
        black.push(if wins(&mut board, Player::X) {
            'F'
        } else {
            match foul {
                Some(Foul::Overline) => '6',
                Some(Foul::DoubleFour) => '4',
                Some(Foul::DoubleThree) => '3',
                None => '.',
            }
        });
        white.push(if wins(&mut board, Player::O) {
            'W'
        } else {
            '.'
        });
    }
    (black, white)
}

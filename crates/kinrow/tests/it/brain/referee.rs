//! A small referee: two brains play one game through it. It checks every
//! move (legal, in time), every announced forced win (carried out to five
//! within the plies announced), and keeps the answer times.
//!
//! Fives are found by a plain scan written here, not by kinrow's board;
//! only renju's forbidden points are asked of the board crate.

use super::process::{parse_move, Brain, PROMPT};
use kinrow_board::{Board, Game, Player, Rule};
use std::time::{Duration, Instant};

/// One game's settings.
#[derive(Clone, Debug)]
pub struct Match {
    pub width: u32,
    pub height: u32,
    /// The `INFO rule` value: 0 freestyle, 1 exact, 4 renju.
    pub rule: u32,
    pub timeout_turn: Duration,
    /// Stones placed before the brains play, Black's first, protocol
    /// coordinates.
    pub opening: Vec<(u32, u32)>,
    /// Moves after which the game is stopped as a draw.
    pub max_moves: usize,
}

/// How a game ended, and what was seen on the way.
#[derive(Debug, Default)]
pub struct Report {
    /// `Some(0)`: Black (the first player) made five; `Some(1)`: White.
    pub winner: Option<usize>,
    pub moves: usize,
    /// Answer time of every move, as the referee measured it.
    pub times: Vec<Duration>,
    /// Forced wins announced: (ply, plies announced, player).
    pub announced: Vec<(usize, u32, usize)>,
    /// Problems: an illegal or late move, a missing answer, an announced
    /// win not carried out. Empty for a good game.
    pub faults: Vec<String>,
}

fn rule_of(value: u32) -> Rule {
    match value {
        0 => Rule::Freestyle,
        1 => Rule::Exact,
        4 => Rule::Renju,
        other => panic!("no rule {other}"),
    }
}

/// The grid: 0 empty, 1 Black, 2 White; `grid[y][x]`, y from the top.
struct Grid {
    cells: Vec<Vec<u8>>,
    rule: Rule,
}

impl Grid {
    /// Whether the stone just played on `(x, y)` makes a winning line:
    /// five or more in a row, exactly five under exact (both sides) and
    /// renju (Black).
    fn wins(&self, x: u32, y: u32) -> bool {
        let s = self.cells[y as usize][x as usize];
        let exact = self.rule == Rule::Exact || (self.rule == Rule::Renju && s == 1);
        let at = |x: i64, y: i64| {
            (y >= 0
                && (y as usize) < self.cells.len()
                && x >= 0
                && (x as usize) < self.cells[0].len())
            .then(|| self.cells[y as usize][x as usize])
        };
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let run = |sign: i64| {
                (1..)
                    .take_while(|&t| {
                        at(x as i64 + sign * t * dx, y as i64 + sign * t * dy) == Some(s)
                    })
                    .count()
            };
            let n = 1 + run(1) + run(-1);
            if exact {
                n == 5
            } else {
                n >= 5
            }
        })
    }
}

/// The board of the grid, for renju's forbidden points (y flipped:
/// kinrow's row 0 is the bottom).
fn board(grid: &Grid, width: u32, height: u32) -> Board {
    let mut b = Board::new(Game::new(width, height, 5, grid.rule).expect("a game"));
    let g = *b.game().geometry();
    for (y, row) in grid.cells.iter().enumerate() {
        for (x, &s) in row.iter().enumerate() {
            if s != 0 {
                let p = if s == 1 { Player::X } else { Player::O };
                b.place(
                    g.cell(x as u32, height - 1 - y as u32).expect("on board"),
                    p,
                );
            }
        }
    }
    b.set_to_move(Player::X);
    b
}

/// `forced win in N` of a MESSAGE line.
fn announced_plies(note: &str) -> Option<u32> {
    let rest = note.strip_prefix("MESSAGE forced win in ")?;
    rest.split_whitespace().next()?.parse().ok()
}

/// Plays one game between two fresh brains; `margin` is what an answer may
/// take beyond `timeout_turn` before it counts as late.
pub fn play(m: &Match, margin: Duration) -> Report {
    let mut brains = [Brain::spawn(), Brain::spawn()];
    let mut grid = Grid {
        cells: vec![vec![0; m.width as usize]; m.height as usize],
        rule: rule_of(m.rule),
    };
    let mut report = Report::default();
    for b in &mut brains {
        b.send(&format!("INFO timeout_turn {}", m.timeout_turn.as_millis()));
        b.send(&format!("INFO rule {}", m.rule));
        b.send("INFO max_memory 200000000");
        // The figures' runs may pin the threads (answer_times).
        if let Ok(t) = std::env::var("KINROW_THREADS") {
            b.send(&format!("INFO thread_num {t}"));
        }
        let ok = b.ask(&format!("RECTSTART {},{}", m.width, m.height));
        assert_eq!(ok, "OK");
    }
    let mut history: Vec<(u32, u32)> = Vec::new();
    for &(x, y) in &m.opening {
        grid.cells[y as usize][x as usize] = 1 + (history.len() % 2) as u8;
        history.push((x, y));
    }
    // Each brain's first turn is a BOARD (the opening), then TURNs.
    let mut started = [false, false];
    while report.winner.is_none() && history.len() < m.max_moves {
        let side = history.len() % 2;
        let brain = &mut brains[side];
        let sent = Instant::now();
        if started[side] {
            let (x, y) = *history.last().expect("a move was played");
            brain.send(&format!("TURN {x},{y}"));
        } else {
            started[side] = true;
            brain.send("BOARD");
            for (i, &(x, y)) in history.iter().enumerate() {
                let own = if i % 2 == side { 1 } else { 2 };
                brain.send(&format!("{x},{y},{own}"));
            }
            brain.send("DONE");
        }
        let (answer, notes) = brain.answer(m.timeout_turn + PROMPT);
        let took = sent.elapsed();
        report.times.push(took);
        let ply = history.len() + 1;
        let Some((x, y)) = answer.as_deref().and_then(parse_move) else {
            report
                .faults
                .push(format!("ply {ply}: no move but {answer:?}"));
            return report;
        };
        if took > m.timeout_turn + margin {
            report.faults.push(format!("ply {ply}: late, {took:?}"));
        }
        if x >= m.width || y >= m.height || grid.cells[y as usize][x as usize] != 0 {
            report
                .faults
                .push(format!("ply {ply}: illegal move {x},{y}"));
            return report;
        }
        if grid.rule == Rule::Renju && side == 0 {
            let b = board(&grid, m.width, m.height);
            let g = *b.game().geometry();
            if b.is_forbidden(g.cell(x, m.height - 1 - y).expect("on board")) {
                report
                    .faults
                    .push(format!("ply {ply}: Black on a forbidden point {x},{y}"));
            }
        }
        for note in &notes {
            if let Some(n) = announced_plies(note) {
                report.announced.push((ply, n, side));
            }
        }
        grid.cells[y as usize][x as usize] = 1 + side as u8;
        history.push((x, y));
        if grid.wins(x, y) {
            report.winner = Some(side);
        }
    }
    report.moves = history.len();
    for &(ply, n, side) in &report.announced {
        let last = ply + n as usize - 1;
        let kept = report.winner == Some(side) && report.moves <= last;
        // A game stopped at the move limit before the announced win was
        // due says nothing of it either way.
        let cut_short =
            report.winner.is_none() && report.moves >= m.max_moves && report.moves <= last;
        if !kept && !cut_short {
            report.faults.push(format!(
                "ply {ply}: a forced win in {n} announced, not carried out by ply {last} \
                 (the game ended at ply {} with winner {:?})",
                report.moves, report.winner
            ));
        }
    }
    for b in &mut brains {
        b.send("END");
    }
    report
}

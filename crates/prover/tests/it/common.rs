//! Helpers shared by the test modules: naive cases as problems, boards
//! and cells by name, principal variations checked, the bundled suites.

use kinrow_board::{Board, Cell, Game, Player, Rule};
use kinrow_format::{parse_positions, Position};
use kinrow_prover::{AndOr, AndOrConfig, Limits, Outcome, Problem, Prover};
use kinrow_reference::{adapt, Case};

/// The problem a naive case describes.
pub fn problem(case: &Case) -> Problem {
    Problem {
        board: adapt::to_board(&case.board, case.to_move),
        candidates: adapt::to_candidates(case.near),
        attack: adapt::to_attack(case.attack),
        depth: Some(case.depth),
    }
}

/// Solves `problem` with a fresh prover of `config` and no limits.
pub fn solve(config: AndOrConfig, problem: &Problem) -> Outcome {
    AndOr::new(config).prove(problem, &Limits::default())
}

/// A board of `width` x `height`, `k`, `rule`, with these stones played
/// alternately (x first), and `to_move` to move.
pub fn board(
    width: u32,
    height: u32,
    k: u32,
    rule: Rule,
    moves: &[&str],
    to_move: Player,
) -> Board {
    let game = Game::new(width, height, k, rule).unwrap();
    let mut b = Board::new(game);
    let g = *b.game().geometry();
    for m in moves {
        b.play(g.parse_cell(m).unwrap_or_else(|| panic!("bad cell {m}")));
    }
    b.set_to_move(to_move);
    b
}

/// A cell by name.
pub fn cell(board: &Board, name: &str) -> Cell {
    board.game().geometry().parse_cell(name).unwrap()
}

/// Cell names, for messages.
pub fn names(board: &Board, cells: &[Cell]) -> Vec<String> {
    cells
        .iter()
        .map(|&c| board.game().geometry().name(c))
        .collect()
}

/// Checks that a principal variation is a legal game from the problem's
/// board whose last stone is the attacker's and completes its line at ply
/// `plies`, with no earlier line.
pub fn check_pv(problem: &Problem, outcome: &Outcome) -> Result<(), String> {
    let plies = outcome.plies.ok_or("no plies")? as usize;
    if outcome.pv.len() != plies {
        return Err(format!("pv has {} moves, plies {plies}", outcome.pv.len()));
    }
    if outcome.pv.first() != outcome.best_move.as_ref() {
        return Err("pv does not start with the best move".into());
    }
    let mut b = problem.board.clone();
    let attacker = b.to_move();
    for (i, &c) in outcome.pv.iter().enumerate() {
        if b.stone_at(c).is_some() || !b.candidates(problem.candidates).contains(c.index()) {
            return Err(format!("pv move {i} is not a candidate"));
        }
        let mover = b.to_move();
        if mover == attacker {
            let allowed = b.attack_moves(attacker, problem.candidates, problem.attack)
                | b.winning_cells(attacker);
            if !allowed.contains(c.index()) {
                return Err(format!("pv move {i} does not pass the attack filter"));
            }
        }
        b.play(c);
        let line = b.wins_at(c);
        let last = i + 1 == plies;
        if line != last || (last && mover != attacker) {
            return Err(format!("pv move {i}: line {line}, last {last}"));
        }
    }
    Ok(())
}

/// Every position of the `.pos` files in `positions/<folder>`, files in
/// name order, each named by its file's stem when it has no `[name]`.
pub fn suite(folder: &str) -> Vec<Position> {
    let dir = format!("{}/../../positions/{folder}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pos"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            parse_positions(&std::fs::read_to_string(p).unwrap(), &name).unwrap()
        })
        .collect()
}

//! Helpers shared by the test modules: boards, whole games, cells by name,
//! AND-OR answers and their principal variations checked, the bundled
//! suites. Naive cases become problems with `kinrow_reference::adapt`.

use kinrow_board::{Attack, Board, Candidates, Cell, Game, Player, Rule};
use kinrow_format::{parse_positions, Position};
use kinrow_prover::{AndOr, AndOrConfig, Limits, Outcome, Problem, Prover, Verdict};
use kinrow_reference::{
    adapt, attacker_wins_game, random_small_position, random_stones, NaiveBoard, Rng, O, X,
};
use std::path::{Path, PathBuf};

/// Solves `problem` with a fresh prover of `config` and no limits.
pub fn solve(config: AndOrConfig, problem: &Problem) -> Outcome {
    AndOr::new(config).prove(problem, &Limits::default())
}

/// A freestyle board of `width` x `height` and `k` with these stones
/// played alternately, x first (so x is to move after an even number).
pub fn board(width: u32, height: u32, k: u32, moves: &[&str]) -> Board {
    let mut b = Board::new(Game::new(width, height, k, Rule::Freestyle).unwrap());
    let g = *b.game().geometry();
    for m in moves {
        b.play(g.parse_cell(m).unwrap_or_else(|| panic!("bad cell {m}")));
    }
    b
}

/// `count` random small whole games for comparisons with exhaustive
/// search: positions of [`random_small_position`] from `seed` with
/// `min_empty..=max_empty` empty cells and no line yet, each as the naive
/// board, its side to move (who attacks) and the problem.
pub fn random_whole_games(
    seed: u64,
    count: u32,
    (min_empty, max_empty): (usize, usize),
) -> impl Iterator<Item = (NaiveBoard, u8, Problem)> {
    let mut rng = Rng(seed);
    std::iter::from_fn(move || loop {
        let (nb, to_move) = random_small_position(&mut rng, 2, max_empty);
        if nb.empty_cells().len() < min_empty || nb.has_line(X) || nb.has_line(O) {
            continue;
        }
        let problem = whole_game(adapt::to_board(&nb, to_move));
        return Some((nb, to_move, problem));
    })
    .take(count as usize)
}

/// The exhaustive search's verdict on the whole game from `nb`, the side
/// to move attacking.
pub fn exhaustive_verdict(nb: &NaiveBoard, to_move: u8) -> Verdict {
    if attacker_wins_game(nb, to_move, to_move) {
        Verdict::Win
    } else {
        Verdict::NoWin
    }
}

/// The whole game from `board`: every empty cell a candidate, no attack
/// filter, no horizon.
pub fn whole_game(board: Board) -> Problem {
    Problem {
        board,
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    }
}

/// 4x4, k 4, x on a1, d1 and d4 and to move: a win for x (Thomsen, 2000).
pub fn three_corners() -> Board {
    let mut b = board(4, 4, 4, &[]);
    for name in ["a1", "d1", "d4"] {
        b.place(cell(&b, name), Player::X);
    }
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

/// Every position of the `.pos` files below `positions/<folder>` (`""` for
/// all of them), files in path order.
pub fn suite(folder: &str) -> Vec<Position> {
    let mut files = Vec::new();
    pos_files(&positions().join(folder), &mut files);
    files.sort();
    files.iter().flat_map(|f| read(f)).collect()
}

/// Every position of `positions/<path>`, one file.
pub fn suite_file(path: &str) -> Vec<Position> {
    read(&positions().join(path))
}

/// Adds the `.pos` files below `dir` to `out`.
fn pos_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            pos_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pos") {
            out.push(path);
        }
    }
}

/// The bundled `positions/` folder.
fn positions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../positions")
}

/// The positions of one file, each named by the file's stem when it has no
/// `[name]`; without the renju ones, which every prover refuses for now.
fn read(file: &Path) -> Vec<Position> {
    let name = file.file_stem().unwrap().to_string_lossy();
    let mut positions = parse_positions(&std::fs::read_to_string(file).unwrap(), &name).unwrap();
    positions.retain(|p| p.board.game().rule() != Rule::Renju);
    positions
}

/// The cell `(x, y)` under symmetry `s` (bit 2: transpose, bit 0: mirror
/// x, bit 1: mirror y) on a `w` x `h` board.
pub fn map(s: u32, w: u32, h: u32, (x, y): (u32, u32)) -> (u32, u32) {
    let (mut a, mut b) = if s & 4 != 0 { (y, x) } else { (x, y) };
    if s & 1 != 0 {
        a = w - 1 - a;
    }
    if s & 2 != 0 {
        b = h - 1 - b;
    }
    (a, b)
}

/// `board` under symmetry `s`.
pub fn transformed(board: &Board, s: u32) -> Board {
    let g = *board.game().geometry();
    let mut out = Board::new(*board.game());
    for c in g.all_cells() {
        if let Some(p) = board.stone_at(c) {
            let (x, y) = map(s, g.width(), g.height(), g.xy(c));
            out.place(g.cell(x, y).unwrap(), p);
        }
    }
    out.set_to_move(board.to_move());
    out
}

/// A random 15x15 middle game, k 5, with `stones` stones drawn in
/// `stones`, a third of them under the exact rule, the side to move as in
/// play; `None` when a line is already complete. `salt` picks the series.
pub fn middle_game(seed: u64, salt: u64, stones: (usize, usize)) -> Option<Board> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt);
    let stones = rng.range(stones.0, stones.1);
    let exact = rng.chance(1, 3);
    let nb = random_stones(&mut rng, 15, 15, 5, exact, stones);
    let to_move = if nb.count(1) == nb.count(2) { 1 } else { 2 };
    let board = adapt::to_board(&nb, to_move);
    (!board.has_line(Player::X) && !board.has_line(Player::O)).then_some(board)
}

/// AND-OR with every reduction but reduction 6 (the zones): the reference
/// the threat-space code is compared with.
pub fn and_or_without_zones() -> AndOrConfig {
    AndOrConfig {
        reductions: kinrow_prover::Reductions {
            zones: false,
            ..kinrow_prover::Reductions::ALL
        },
        ..AndOrConfig::default()
    }
}

pub use kinrow_reference::sweep::{sweep, sweep_range, sweep_suite};

/// Runs `tries` random whole games with `empty` empty cells (least, most)
/// through `with` (a prover with one way of saving work on, such as lazy
/// creation of the defender's replies or disproof zones) and `without`
/// (the same with it off): the same verdict, never unknown, and with
/// `exhaustive` the naive search's verdict. Returns the wins and no-wins,
/// and how many of each the switch changed (other node or expansion
/// counts: a win under lazy creation creates every reply in the end,
/// perhaps the same nodes, but over more expansions).
pub fn compare_ablation(
    with: &mut impl Prover,
    without: &mut impl Prover,
    seed: u64,
    tries: u32,
    empty: (usize, usize),
    exhaustive: bool,
) -> ([u32; 2], [u32; 2]) {
    let (mut count, mut changed) = ([0; 2], [0; 2]);
    for (nb, to_move, problem) in random_whole_games(seed, tries, empty) {
        let a = with.prove(&problem, &Limits::default());
        let b = without.prove(&problem, &Limits::default());
        assert_ne!(a.verdict, Verdict::Unknown, "{nb:?}");
        assert_eq!(a.verdict, b.verdict, "{nb:?} to move {to_move}");
        if exhaustive {
            let want = exhaustive_verdict(&nb, to_move);
            assert_eq!(a.verdict, want, "{nb:?} to move {to_move}");
        }
        let i = usize::from(a.verdict == Verdict::NoWin);
        count[i] += 1;
        let same = (a.stats.nodes, a.stats.expansions) == (b.stats.nodes, b.stats.expansions);
        changed[i] += u32::from(!same);
    }
    (count, changed)
}

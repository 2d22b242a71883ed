//! Deliberately naive reference code for kinrow's tests.
//!
//! Everything here is written straight from `position-format.md` with plain
//! arrays, plain scans and plain recursion: no bitboards, no shifts, no
//! reductions, no tables, and no code shared with the real board or provers.
//! It is slow on purpose; its only virtue is being obviously right, so the
//! fast code can be compared with it on many random positions.
//!
//! Cells hold 0 (empty), 1 (x, first player) or 2 (o). Coordinates are
//! `(x, y)` with `(0, 0)` the bottom-left cell.
//!
//! Two modules speak the real types: [`adapt`] converts between the naive
//! board and the real one, and [`textbook`] is the textbook AND-OR
//! recursion played on the real board, the baseline of the `andor` bench
//! and a prover for tests. [`plays`] makes random real boards for tests
//! and benches that need positions, not answers. The `prover` feature
//! adds what needs `kinrow-prover`: the textbook as a `Prover` and naive
//! cases as problems.

pub mod plays;
pub mod renju;
pub mod sweep;
pub mod textbook;
pub mod threat_space;

/// Empty cell.
pub const EMPTY: u8 = 0;
/// First player (x).
pub const X: u8 = 1;
/// Second player (o).
pub const O: u8 = 2;

/// The attacker may play any candidate.
pub const ATTACK_ANY: u8 = 0;
/// The attacker may play only fours.
pub const ATTACK_FOURS: u8 = 1;
/// The attacker may play only threats.
pub const ATTACK_THREATS: u8 = 2;

/// The other player.
#[must_use]
pub fn other(p: u8) -> u8 {
    3 - p
}

/// A board with its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveBoard {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    /// Exactly k wins (an overline does not); otherwise k or more.
    pub exact: bool,
    /// Row-major, row 0 at the bottom: `cells[y * width + x]`.
    pub cells: Vec<u8>,
}

pub(crate) const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

impl NaiveBoard {
    /// An empty board.
    #[must_use]
    pub fn new(width: usize, height: usize, k: usize, exact: bool) -> NaiveBoard {
        NaiveBoard {
            width,
            height,
            k,
            exact,
            cells: vec![EMPTY; width * height],
        }
    }

    /// A board from rows written top row first, as wide as the first row:
    /// `x` and `o` are stones, any other character an empty cell.
    #[must_use]
    pub fn from_rows(rows: &[&str], k: usize, exact: bool) -> NaiveBoard {
        let height = rows.len();
        let mut b = NaiveBoard::new(rows[0].len(), height, k, exact);
        for (i, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let v = match c {
                    'x' => X,
                    'o' => O,
                    _ => continue,
                };
                b.set(x, height - 1 - i, v);
            }
        }
        b
    }

    /// The content of `(x, y)`, or `None` off the board.
    #[must_use]
    pub fn get(&self, x: i64, y: i64) -> Option<u8> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            None
        } else {
            Some(self.cells[y as usize * self.width + x as usize])
        }
    }

    /// Sets `(x, y)` to `v`.
    pub fn set(&mut self, x: usize, y: usize, v: u8) {
        self.cells[y * self.width + x] = v;
    }

    /// Every cell as `(x, y)`.
    #[must_use]
    pub fn all_cells(&self) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                v.push((x, y));
            }
        }
        v
    }

    /// Every empty cell.
    #[must_use]
    pub fn empty_cells(&self) -> Vec<(usize, usize)> {
        self.all_cells()
            .into_iter()
            .filter(|&(x, y)| self.cells[y * self.width + x] == EMPTY)
            .collect()
    }

    /// Whether no cell is empty.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&c| c != EMPTY)
    }

    /// Number of stones of `p`.
    #[must_use]
    pub fn count(&self, p: u8) -> usize {
        self.cells.iter().filter(|&&c| c == p).count()
    }

    /// Whether the stone on `(x, y)` belongs to a winning line: walk each
    /// direction both ways and count the stones of the same colour.
    #[must_use]
    pub fn wins_at(&self, x: usize, y: usize) -> bool {
        let p = self.cells[y * self.width + x];
        if p == EMPTY {
            return false;
        }
        for (dx, dy) in DIRECTIONS {
            let mut n = 1;
            let (mut cx, mut cy) = (x as i64 + dx, y as i64 + dy);
            while self.get(cx, cy) == Some(p) {
                n += 1;
                cx += dx;
                cy += dy;
            }
            let (mut cx, mut cy) = (x as i64 - dx, y as i64 - dy);
            while self.get(cx, cy) == Some(p) {
                n += 1;
                cx -= dx;
                cy -= dy;
            }
            let win = if self.exact { n == self.k } else { n >= self.k };
            if win {
                return true;
            }
        }
        false
    }

    /// Whether `p` has a winning line anywhere.
    #[must_use]
    pub fn has_line(&self, p: u8) -> bool {
        self.all_cells()
            .into_iter()
            .any(|(x, y)| self.cells[y * self.width + x] == p && self.wins_at(x, y))
    }

    /// Every empty cell where one more stone of `p` wins: try each.
    #[must_use]
    pub fn winning_cells(&self, p: u8) -> Vec<(usize, usize)> {
        let mut b = self.clone();
        let mut out = Vec::new();
        for (x, y) in self.empty_cells() {
            b.set(x, y, p);
            if b.wins_at(x, y) {
                out.push((x, y));
            }
            b.set(x, y, EMPTY);
        }
        out
    }

    /// Candidate cells: `near = Some(r)`: empty cells with a stone within
    /// `r` king steps (the centre alone on an empty board); `None`: every
    /// empty cell.
    #[must_use]
    pub fn candidates(&self, near: Option<usize>) -> Vec<(usize, usize)> {
        let Some(r) = near else {
            return self.empty_cells();
        };
        if self.cells.iter().all(|&c| c == EMPTY) {
            return vec![((self.width - 1) / 2, (self.height - 1) / 2)];
        }
        let r = r as i64;
        self.empty_cells()
            .into_iter()
            .filter(|&(x, y)| {
                let mut found = false;
                for dy in -r..=r {
                    for dx in -r..=r {
                        if let Some(c) = self.get(x as i64 + dx, y as i64 + dy) {
                            if c != EMPTY {
                                found = true;
                            }
                        }
                    }
                }
                found
            })
            .collect()
    }

    /// Whether playing the empty `(x, y)` for `p` wins at once or leaves `p`
    /// a cell where one more stone wins.
    #[must_use]
    pub fn is_four(&self, p: u8, x: usize, y: usize) -> bool {
        let mut b = self.clone();
        b.set(x, y, p);
        b.wins_at(x, y) || !b.winning_cells(p).is_empty()
    }

    /// Whether playing the empty `(x, y)` for `p` is a four, or leaves some
    /// empty cell that would give `p` two or more winning cells.
    #[must_use]
    pub fn is_threat(&self, p: u8, x: usize, y: usize) -> bool {
        if self.is_four(p, x, y) {
            return true;
        }
        let mut b = self.clone();
        b.set(x, y, p);
        for (ex, ey) in b.empty_cells() {
            b.set(ex, ey, p);
            let two = b.winning_cells(p).len() >= 2;
            b.set(ex, ey, EMPTY);
            if two {
                return true;
            }
        }
        false
    }

    /// The attacker's moves: its candidates that pass `attack`.
    #[must_use]
    pub fn attack_moves(&self, p: u8, near: Option<usize>, attack: u8) -> Vec<(usize, usize)> {
        self.candidates(near)
            .into_iter()
            .filter(|&(x, y)| match attack {
                ATTACK_FOURS => self.is_four(p, x, y),
                ATTACK_THREATS => self.is_threat(p, x, y),
                _ => true,
            })
            .collect()
    }
}

/// A depth-limited question: can `to_move` (the attacker) force a win
/// within `depth` plies under `near` candidates and the `attack` filter?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub board: NaiveBoard,
    pub to_move: u8,
    pub near: Option<usize>,
    pub attack: u8,
    pub depth: u32,
}

/// The plain AND-OR recursion of the spec, with none of the reductions: at
/// the attacker's turn some move must win, at the defender's every reply
/// must lose; the defender completing its line ends the attack, a full board
/// is a draw, and depth 0 is never a win.
#[must_use]
pub fn attacker_wins(
    b: &mut NaiveBoard,
    attacker: u8,
    depth: u32,
    near: Option<usize>,
    attack: u8,
) -> bool {
    if depth == 0 {
        return false;
    }
    for (x, y) in b.attack_moves(attacker, near, attack) {
        b.set(x, y, attacker);
        let win = if b.wins_at(x, y) {
            true
        } else if b.is_full() {
            false
        } else {
            defender_loses(b, attacker, depth - 1, near, attack)
        };
        b.set(x, y, EMPTY);
        if win {
            return true;
        }
    }
    false
}

/// The defender's turn of [`attacker_wins`]: `depth` plies left, the
/// defender's move included.
#[must_use]
pub fn defender_loses(
    b: &mut NaiveBoard,
    attacker: u8,
    depth: u32,
    near: Option<usize>,
    attack: u8,
) -> bool {
    if depth == 0 {
        return false;
    }
    let defender = other(attacker);
    let replies = b.candidates(near);
    if replies.is_empty() {
        return false;
    }
    for (x, y) in replies {
        b.set(x, y, defender);
        let loses = if b.wins_at(x, y) || b.is_full() {
            false
        } else {
            attacker_wins(b, attacker, depth - 1, near, attack)
        };
        b.set(x, y, EMPTY);
        if !loses {
            return false;
        }
    }
    true
}

/// Whether `attacker` can force a line over the whole game from `b` with
/// `to_move` to play: both sides free to play any empty cell, no horizon;
/// the defender completing its line or a full board ends the attack. The
/// plain recursion of [`attacker_wins`] (no reduction) with one addition
/// so that boards of about 16 empty cells stay affordable: a table of the
/// positions settled so far, keyed by the cells (two bits each) and the
/// side to move.
///
/// # Panics
///
/// On a board of more than 63 cells.
#[must_use]
pub fn attacker_wins_game(b: &NaiveBoard, attacker: u8, to_move: u8) -> bool {
    fn wins(
        b: &mut NaiveBoard,
        attacker: u8,
        to_move: u8,
        seen: &mut std::collections::HashMap<u128, bool>,
    ) -> bool {
        let key = b
            .cells
            .iter()
            .fold(u128::from(to_move), |key, &c| key << 2 | u128::from(c));
        if let Some(&v) = seen.get(&key) {
            return v;
        }
        // The attacker needs one move that wins, the defender one reply
        // that does not lose.
        let want = to_move == attacker;
        let mut result = !want;
        for (x, y) in b.empty_cells() {
            b.set(x, y, to_move);
            let win = if b.wins_at(x, y) {
                want
            } else if b.is_full() {
                false
            } else {
                wins(b, attacker, other(to_move), seen)
            };
            b.set(x, y, EMPTY);
            if win == want {
                result = want;
                break;
            }
        }
        // No empty cell at all: the board is full, a draw.
        if b.is_full() {
            result = false;
        }
        seen.insert(key, result);
        result
    }
    assert!(b.cells.len() <= 63, "a board of at most 63 cells");
    let mut b = b.clone();
    wins(
        &mut b,
        attacker,
        to_move,
        &mut std::collections::HashMap::new(),
    )
}

/// Every first move of the attacker that wins within the case's depth.
#[must_use]
pub fn winning_first_moves(case: &Case) -> Vec<(usize, usize)> {
    let mut b = case.board.clone();
    let p = case.to_move;
    if case.depth == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (x, y) in b.attack_moves(p, case.near, case.attack) {
        b.set(x, y, p);
        let win = if b.wins_at(x, y) {
            true
        } else if b.is_full() {
            false
        } else {
            defender_loses(&mut b, p, case.depth - 1, case.near, case.attack)
        };
        b.set(x, y, EMPTY);
        if win {
            out.push((x, y));
        }
    }
    out
}

/// Plain minimax of the three-valued game value for the side to move `p`
/// within `depth` plies, both sides among `near` candidates, no filter:
/// +1 if `p` forces a win, -1 if the opponent does, 0 otherwise.
#[must_use]
pub fn minimax_value(b: &mut NaiveBoard, p: u8, depth: u32, near: Option<usize>) -> i8 {
    if depth == 0 {
        return 0;
    }
    let moves = b.candidates(near);
    if moves.is_empty() {
        return 0;
    }
    let mut best = -1;
    for (x, y) in moves {
        b.set(x, y, p);
        let v = if b.wins_at(x, y) {
            1
        } else if b.is_full() {
            0
        } else {
            -minimax_value(b, other(p), depth - 1, near)
        };
        b.set(x, y, EMPTY);
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    best
}

/// A small deterministic random number generator (SplitMix64), so the
/// random positions depend only on a seed.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    /// `true` with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}

/// Stones placed alternately (x first) on random cells, near earlier stones
/// most of the time, never completing a line; `None` if the board filled
/// up with lines everywhere first.
#[must_use]
pub fn random_stones(
    rng: &mut Rng,
    width: usize,
    height: usize,
    k: usize,
    exact: bool,
    stones: usize,
) -> NaiveBoard {
    let mut b = NaiveBoard::new(width, height, k, exact);
    let mut p = X;
    for _ in 0..stones {
        let empties = b.empty_cells();
        let near = b.candidates(Some(2));
        let pool = if !near.is_empty() && rng.chance(4, 5) {
            near
        } else {
            empties
        };
        let mut placed = false;
        // Try a few cells; skip cells that would complete a line.
        for _ in 0..8 {
            if pool.is_empty() {
                break;
            }
            let (x, y) = pool[rng.range(0, pool.len() - 1)];
            b.set(x, y, p);
            if b.wins_at(x, y) {
                b.set(x, y, EMPTY);
            } else {
                placed = true;
                break;
            }
        }
        if !placed {
            break;
        }
        p = other(p);
    }
    b
}

/// A random small position for the whole-game tests, where the
/// exhaustive search of [`attacker_wins_game`] stays cheap: boards up to
/// 5x5 with k 3 or 4, and 4x7 / 7x4 with k 4, the exact rule one time in
/// three, between `min_empty` and `max_empty` empty cells (fewer when a
/// line stopped the stones early), either side to move.
pub fn random_small_position(
    rng: &mut Rng,
    min_empty: usize,
    max_empty: usize,
) -> (NaiveBoard, u8) {
    let (w, h, k) = match rng.range(0, 5) {
        0 => (4, 7, 4),
        1 => (7, 4, 4),
        2 => (5, 5, 4),
        3 => (rng.range(3, 5), rng.range(3, 5), 3),
        _ => (rng.range(4, 5), rng.range(4, 5), 4),
    };
    let area = w * h;
    let stones = rng.range(area.saturating_sub(max_empty).max(1), area - min_empty);
    let exact = rng.chance(1, 3);
    let b = random_stones(rng, w, h, k, exact, stones);
    let to_move = if rng.chance(1, 2) { X } else { O };
    (b, to_move)
}

/// A random depth-limited case of the mix the provers are tested on:
/// boards 5x5 to 15x15 (rectangular ones too), k 3 to 6, both rules,
/// `near 1`, `near 2` and `all`, the three filters, depths 1 to 7, either
/// side to move, from sparse to full and nearly full boards. The depth is
/// lowered until the naive recursion stays affordable.
#[must_use]
pub fn random_case(seed: u64) -> Case {
    let mut rng = Rng(seed);
    let small = rng.chance(1, 2);
    let (width, height) = if small {
        (rng.range(5, 8), rng.range(5, 8))
    } else {
        (rng.range(5, 15), rng.range(5, 15))
    };
    let k = rng.range(3, 6).min(width.max(height));
    let exact = rng.chance(1, 2);
    let area = width * height;
    let fill = match rng.range(0, 9) {
        0 | 1 => area,                         // full or nearly full (lines may stop it early)
        2 => area - rng.range(1, 4.min(area)), // nearly full
        3..=5 => rng.range(2, 10),             // sparse
        _ => rng.range(4, area / 2),           // middling
    };
    let board = random_stones(&mut rng, width, height, k, exact, fill);
    let near = match rng.range(0, 2) {
        0 => Some(1),
        1 => Some(2),
        _ => None,
    };
    let attack = rng.range(0, 2) as u8;
    let counts_move = if board.count(X) == board.count(O) {
        X
    } else {
        O
    };
    let to_move = if rng.chance(1, 5) {
        other(counts_move)
    } else {
        counts_move
    };
    let mut depth = rng.range(1, 7) as u32;
    let branching = board.candidates(near).len().max(1) as f64;
    // Keep the naive tree below about 2e5 leaves.
    while depth > 1 && branching.powi(depth as i32) > 2e5 {
        depth -= 1;
    }
    Case {
        board,
        to_move,
        near,
        attack,
        depth,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_four_wins_in_one_and_overline_does_not_count_under_exact() {
        let mut b = NaiveBoard::new(9, 1, 3, true);
        for x in [1, 2] {
            b.set(x, 0, X);
        }
        assert_eq!(b.winning_cells(X), vec![(0, 0), (3, 0)]);
        b.set(4, 0, X);
        // . x x . x : filling (3,0) makes four, an overline under exact.
        assert_eq!(b.winning_cells(X), vec![(0, 0)]);
        b.exact = false;
        assert_eq!(b.winning_cells(X), vec![(0, 0), (3, 0)]);
    }

    #[test]
    fn full_board_is_no_win() {
        let mut b = NaiveBoard::new(3, 3, 3, false);
        // x o x / x o o / o x x: full, no line.
        let rows = [[X, O, X], [X, O, O], [O, X, X]];
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                b.set(x, y, c);
            }
        }
        assert!(!b.has_line(X) && !b.has_line(O));
        assert!(!attacker_wins(&mut b, X, 5, None, ATTACK_ANY));
        assert!(!defender_loses(&mut b, X, 5, None, ATTACK_ANY));
    }

    #[test]
    fn random_cases_are_not_already_won() {
        for seed in 0..200 {
            let c = random_case(seed);
            assert!(!c.board.has_line(X) && !c.board.has_line(O), "seed {seed}");
        }
    }
}

/// Conversion to and from the real board, for comparing the two. Only
/// converts; no rule of the game is computed here.
pub mod adapt {
    use super::{NaiveBoard, EMPTY, O, X};
    use kinrow_board::{Attack, Board, Candidates, Cell, Game, Player, Rule};

    /// The real board with the same stones and `to_move` (1 = x, 2 = o).
    #[must_use]
    pub fn to_board(b: &NaiveBoard, to_move: u8) -> Board {
        let rule = if b.exact {
            Rule::Exact
        } else {
            Rule::Freestyle
        };
        to_board_under(b, to_move, rule)
    }

    /// [`to_board`] under `rule` (renju: the naive board's own `exact` is
    /// not looked at, [`crate::renju`] being its rules).
    #[must_use]
    pub fn to_board_under(b: &NaiveBoard, to_move: u8, rule: Rule) -> Board {
        let game =
            Game::new(b.width as u32, b.height as u32, b.k as u32, rule).expect("valid game");
        let mut board = Board::new(game);
        for (x, y) in b.all_cells() {
            let c = b.cells[y * b.width + x];
            if c != EMPTY {
                let cell = cell(&board, (x, y));
                board.place(cell, if c == X { Player::X } else { Player::O });
            }
        }
        board.set_to_move(if to_move == O { Player::O } else { Player::X });
        board
    }

    /// The naive board with the same stones and rules as a real one.
    #[must_use]
    pub fn from_board(board: &Board) -> NaiveBoard {
        let g = board.game().geometry();
        let mut b = NaiveBoard::new(
            g.width() as usize,
            g.height() as usize,
            board.game().k() as usize,
            board.game().rule() == Rule::Exact,
        );
        for c in g.all_cells() {
            if let Some(p) = board.stone_at(c) {
                let (x, y) = g.xy(c);
                b.set(x as usize, y as usize, player(p));
            }
        }
        b
    }

    /// The real cell for `(x, y)`.
    #[must_use]
    pub fn cell(board: &Board, (x, y): (usize, usize)) -> Cell {
        board
            .game()
            .geometry()
            .cell(x as u32, y as u32)
            .expect("on the board")
    }

    /// `(x, y)` of a real cell.
    #[must_use]
    pub fn xy(board: &Board, c: Cell) -> (usize, usize) {
        let (x, y) = board.game().geometry().xy(c);
        (x as usize, y as usize)
    }

    /// `1` for x, `2` for o.
    #[must_use]
    pub fn player(p: Player) -> u8 {
        match p {
            Player::X => X,
            Player::O => O,
        }
    }

    /// The naive search's candidate radius: `Some(r)` for `near r`, `None`
    /// for `all`.
    #[must_use]
    pub fn near(c: Candidates) -> Option<usize> {
        match c {
            Candidates::Near(r) => Some(usize::from(r)),
            Candidates::All => None,
        }
    }

    /// The real candidate setting of the naive search's radius: `near r`
    /// for `Some(r)`, `all` for `None`.
    ///
    /// # Panics
    ///
    /// If `r` does not fit a `u8` (the real radius is at most 26).
    #[must_use]
    pub fn to_candidates(near: Option<usize>) -> Candidates {
        match near {
            Some(r) => Candidates::Near(u8::try_from(r).expect("a radius below 256")),
            None => Candidates::All,
        }
    }

    /// The real attack filter of the naive search's code.
    ///
    /// # Panics
    ///
    /// If `code` is none of [`ATTACK_ANY`](super::ATTACK_ANY),
    /// [`ATTACK_FOURS`](super::ATTACK_FOURS),
    /// [`ATTACK_THREATS`](super::ATTACK_THREATS).
    #[must_use]
    pub fn to_attack(code: u8) -> Attack {
        match code {
            super::ATTACK_ANY => Attack::Any,
            super::ATTACK_FOURS => Attack::Fours,
            super::ATTACK_THREATS => Attack::Threats,
            _ => panic!("no attack filter has the code {code}"),
        }
    }

    /// The prover's problem a naive case describes.
    #[cfg(feature = "prover")]
    #[must_use]
    pub fn to_problem(case: &super::Case) -> kinrow_prover::Problem {
        kinrow_prover::Problem {
            board: to_board(&case.board, case.to_move),
            candidates: to_candidates(case.near),
            attack: to_attack(case.attack),
            depth: Some(case.depth),
        }
    }

    /// The naive search's code of an attack filter.
    #[must_use]
    pub fn attack(a: Attack) -> u8 {
        match a {
            Attack::Any => super::ATTACK_ANY,
            Attack::Fours => super::ATTACK_FOURS,
            Attack::Threats => super::ATTACK_THREATS,
        }
    }
}

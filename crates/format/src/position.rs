//! Positions and puzzles: the unchecked [`Setup`] a position file parses
//! into, the playable [`Position`] it becomes once checked, and the errors
//! of both steps.
//!
//! As in shakmaty, reading text and checking it are two steps:
//! [`crate::parse_suite`] turns text into [`Setup`]s and catches everything
//! that is wrong with the text itself (unknown keywords, malformed values,
//! repeated headers, a grid split in two); [`Setup::into_position`] then
//! checks the setup against the rules (board size, `k`, grid shape, moves,
//! stone counts, no line already won) and builds the [`Position`].

use kinrow_board::geometry::MAX_SIDE;
use kinrow_board::{Attack, Board, Candidates, Cell, Game, GameError, Player, Rule};
use std::fmt;
use std::time::Duration;

/// The verdict a puzzle expects from a correct solver, under the position's
/// own depth, candidates and attack filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expect {
    /// `expect win`: the side to move wins within the horizon.
    Win,
    /// `expect no-win`: it does not.
    NoWin,
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expect::Win => "win",
            Expect::NoWin => "no-win",
        })
    }
}

/// A place in the text: 1-based line and column. Columns count characters
/// (a tab is one column), not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    pub line: usize,
    pub column: usize,
}

/// A value read from the text, the text it was read from (as written) and
/// where that text starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub text: String,
    pub at: Location,
}

/// A list of cell names (`moves` or `solution`): where the line starts and
/// each name as 0-based column and row, not yet checked against the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellList {
    pub at: Location,
    pub cells: Vec<Spanned<(u32, u32)>>,
}

/// One grid row as written: its optional leading row number and its cells
/// from left to right (`None` for `.`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridRow {
    pub at: Location,
    /// The row number, saturated at `u32::MAX` (its text is kept).
    pub number: Option<Spanned<u32>>,
    pub cells: Vec<Option<Player>>,
}

/// The grid as written, top row first, not yet checked against the board
/// size. The footer holds the column letters, lower-cased, without spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub rows: Vec<GridRow>,
    pub footer: Option<Spanned<String>>,
}

/// How a setup gives its stones: not at all (an empty board), as a grid or
/// as a `moves` line. The parser refuses a section with both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stones {
    Empty,
    Grid(Grid),
    Moves(CellList),
}

/// One position as read from the text, checked for syntax only: each header
/// value that was given, with its text and location, and `None` for each
/// header that was not (its default applies in [`Setup::into_position`]).
///
/// Numbers are saturated at `u32::MAX` (except `depth`, where the parser
/// refuses an overflow), so an absurd board size or `k` is reported as out
/// of range with its text as written. `candidates near R` is already
/// checked (1 to 26).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The `[name]` of the section, or the default name given to the parser.
    pub name: String,
    /// Where the section starts: its `[name]` line, or the first line that
    /// is not blank or a comment. Errors about the whole position point here.
    pub at: Location,
    /// Width and height.
    pub board: Option<Spanned<(u32, u32)>>,
    pub k: Option<Spanned<u32>>,
    pub rule: Option<Spanned<Rule>>,
    pub candidates: Option<Spanned<Candidates>>,
    pub attack: Option<Spanned<Attack>>,
    pub to_move: Option<Spanned<Player>>,
    pub depth: Option<Spanned<u32>>,
    pub stones: Stones,
    pub expect: Option<Spanned<Expect>>,
    pub solution: Option<CellList>,
    /// The text of each `source` line, trimmed.
    pub sources: Vec<String>,
    /// The reason on the `slow` line, trimmed (see [`Position::slow`]).
    pub slow: Option<String>,
    /// The `time` line (see [`Position::time`]).
    pub time: Option<Spanned<Duration>>,
    /// The `threat-limit` line (see [`Position::threat_limit`]).
    pub threat_limit: Option<u32>,
}

/// A checked, playable position: the board (game, stones, side to move) and
/// the search settings and puzzle data of its file.
///
/// Invariants established by [`Setup::into_position`]: no side has a
/// winning line; every solution cell is an empty cell of the board, and
/// `solution` is empty unless `expect` is `Some(Expect::Win)`. The fields are
/// public, so code that builds a `Position` by hand keeps them itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The `[name]` of the position in its suite, or the file's name.
    pub name: String,
    /// The game (size, `k`, rule), the stones and the side to move, who is
    /// also the attacker.
    pub board: Board,
    pub candidates: Candidates,
    pub attack: Attack,
    /// The horizon in plies; `None` for no horizon.
    pub depth: Option<u32>,
    pub expect: Option<Expect>,
    /// The attacker's winning first moves, with `expect win`.
    pub solution: Vec<Cell>,
    /// The `source` lines, free text the solver keeps but does not read.
    pub sources: Vec<String>,
    /// kinrow extension, not in the file format's contract: a line
    /// `slow <reason>` (the reason is free text and may be empty) marks a
    /// puzzle too slow for routine runs; `kinrow verify` skips it unless
    /// asked not to. Other readers of the format see an unknown keyword.
    pub slow: Option<String>,
    /// kinrow extension, like `slow`: a line `time SECONDS` gives the
    /// default time limit of a search of this position (a command-line
    /// `--time` overrides it).
    pub time: Option<Duration>,
    /// kinrow extension, like `time`: a line `threat-limit N` keeps the
    /// threat space of this position's threat searches to threats of at
    /// most N fours (quintet's `threat_limit`; a command-line
    /// `--threat-limit` overrides it). A setting of the threat provers,
    /// not of the game: the other provers do not read it.
    pub threat_limit: Option<u32>,
}

/// A bad position file: where, and what is wrong. Callers add the path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// An error of `kind` at `at`.
    #[must_use]
    pub fn new(at: Location, kind: ParseErrorKind) -> ParseError {
        ParseError {
            line: at.line,
            column: at.column,
            kind,
        }
    }
}

/// What is wrong with a position file. Each variant carries what was found;
/// its message says what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// A line that is neither a header, a grid row, column letters nor a
    /// `[name]` line.
    #[error(
        "expected a header keyword (board, k, rule, candidates, attack, to-move, depth, moves, \
         expect, solution, source, slow, time), a grid row or a [name] line, found {found:?}"
    )]
    UnknownKeyword { found: String },
    /// A header value (or a `[name]` line) that does not have the expected
    /// form; `found` is empty when the value is missing.
    #[error("{keyword}: expected {expected}, found {}", found_text(.found))]
    Malformed {
        keyword: String,
        expected: &'static str,
        found: String,
    },
    /// A board side outside 1..=26.
    #[error("board: expected a size of 1 to 26 per side, found {found}")]
    BoardSize { found: String },
    /// `k` outside 1..=max(width, height) (the default 5 included).
    #[error("k: expected 1 to {max} on this board, found {found}")]
    KOutOfRange { found: String, max: u32 },
    /// `rule renju` with a `k` other than 5 (Renju is five in a row).
    #[error("k: rule renju is five in a row: expected 5, found {found}")]
    RenjuK { found: String },
    /// A grid whose number of rows is not the board height.
    #[error("grid: expected {expected} rows (the board height), found {found}")]
    RowCount { expected: u32, found: usize },
    /// A grid row whose number of cells is not the board width.
    #[error("grid row: expected {expected} cells (the board width), found {found}")]
    RowLength { expected: u32, found: usize },
    /// A grid row whose leading number is not its row number.
    #[error("grid row: expected row number {expected}, found `{found}`")]
    RowNumber { expected: u32, found: String },
    /// Column letters after the grid that are not `a`, `b`, ... in order
    /// for the board width.
    #[error("column letters: expected `{expected}`, found `{found}`")]
    Footer { expected: String, found: String },
    /// A grid row or column letters after another kind of line had ended the
    /// grid (the rows and the letters after them must come together), or
    /// column letters without a grid.
    #[error("expected the grid rows and their column letters together, found {found:?} apart")]
    GridNotContiguous { found: String },
    /// A section with both a grid and a `moves` line.
    #[error("expected a grid or a moves line, found both")]
    GridAndMoves,
    /// A cell of `moves` or `solution` outside the board.
    #[error("expected a cell of the {width}x{height} board, found `{cell}`")]
    OffBoard {
        cell: String,
        width: u32,
        height: u32,
    },
    /// A cell of `moves` or `solution` that already holds a stone.
    #[error("expected an empty cell, found a stone on `{cell}`")]
    Occupied { cell: String },
    /// A character in a grid row other than `.`, `x`, `o` and spaces.
    #[error("grid: expected a cell `.`, `x` or `o`, found {found:?}")]
    UnknownCell { found: char },
    /// A position where a side already has a winning line.
    #[error("expected a position without a winning line, found one for {player}")]
    AlreadyWon { player: Player },
    /// Under `rule renju`, an overline of x (Black): a forbidden move, so
    /// the game is over, as after a win.
    #[error("rule renju: expected a position without an overline of x (a forbidden move, which ends the game), found one")]
    RenjuOverline,
    /// Stone counts that cannot arise in play, without `to-move`.
    #[error(
        "without to-move, expected as many x stones as o stones or one more, \
         found {x} x and {o} o"
    )]
    StoneCounts { x: u32, o: u32 },
    /// A `solution` line in a position without `expect win`.
    #[error("solution: expected `expect win` in the same position, found {}", expect_text(.expect))]
    SolutionWithoutWin { expect: Option<Expect> },
    /// A header line given twice in one position.
    #[error("expected one {keyword} line per position, found another (the first is on line {first_line})")]
    Repeated { keyword: String, first_line: usize },
    /// A `[]` line.
    #[error("expected a name between [ and ], found nothing")]
    EmptyName,
    /// A `[name]` used twice in one suite.
    #[error(
        "expected distinct names in a suite, found [{name}] again (first on line {first_line})"
    )]
    DuplicateName { name: String, first_line: usize },
    /// A suite line before its first `[name]` line.
    #[error("expected a [name] line before the first position of a suite, found {found:?}")]
    OutsideSection { found: String },
    /// A text with nothing but blank lines and comments.
    #[error("expected a position, found only blank lines and comments")]
    NoPosition,
}

fn found_text(found: &str) -> String {
    if found.is_empty() {
        "nothing".to_owned()
    } else {
        format!("{found:?}")
    }
}

fn expect_text(expect: &Option<Expect>) -> String {
    match expect {
        Some(e) => format!("`expect {e}`"),
        None => "no expect line".to_owned(),
    }
}

impl Setup {
    /// Checks the setup against the rules and builds the position, with
    /// the defaults of the file format for each header not given (15x15,
    /// k 5, freestyle, candidates all, attack any, no depth): by default
    /// the position asks about the real game. With `to-move`, any stone
    /// counts are accepted.
    ///
    /// # Errors
    ///
    /// Board side outside 1..=26; `k` outside 1..=max(width, height), or
    /// other than 5 under `rule renju`; a grid whose rows, row numbers,
    /// cells per row or column letters do not fit the board; a move or
    /// solution cell off the board or on a stone; a side with a winning
    /// line, or under `rule renju` an overline of x (a forbidden move: the
    /// game is over); without `to-move`, stone counts other than x = o or
    /// x = o + 1; a `solution` without `expect win`.
    pub fn into_position(self) -> Result<Position, ParseError> {
        let Setup {
            name,
            at,
            board,
            k,
            rule,
            candidates,
            attack,
            to_move,
            depth,
            stones,
            expect,
            solution,
            sources,
            slow,
            time,
            threat_limit,
        } = self;
        let side = 1..=u32::from(MAX_SIDE);
        let (width, height) = match &board {
            Some(b) if !side.contains(&b.value.0) || !side.contains(&b.value.1) => {
                let kind = ParseErrorKind::BoardSize {
                    found: b.text.clone(),
                };
                return Err(ParseError::new(b.at, kind));
            }
            Some(b) => b.value,
            None => (15, 15),
        };
        let (k_value, k_text, k_at) = match k {
            Some(k) => (k.value, k.text, k.at),
            None => (5, "5 (the default)".to_owned(), board.map_or(at, |b| b.at)),
        };
        let rule = rule.map_or(Rule::default(), |r| r.value);
        let game = Game::new(width, height, k_value, rule).map_err(|e| {
            let kind = match e {
                GameError::RenjuK { .. } => ParseErrorKind::RenjuK { found: k_text },
                _ => ParseErrorKind::KOutOfRange {
                    found: k_text,
                    max: width.max(height),
                },
            };
            ParseError::new(k_at, kind)
        })?;
        let mut board = Board::new(game);
        let stones_at = match &stones {
            Stones::Empty => at,
            Stones::Grid(grid) => grid.rows.first().map_or(at, |r| r.at),
            Stones::Moves(moves) => moves.at,
        };
        match &stones {
            Stones::Empty => {}
            Stones::Grid(grid) => place_grid(&mut board, grid, stones_at)?,
            Stones::Moves(moves) => {
                for m in &moves.cells {
                    let cell = empty_cell(&board, m)?;
                    board.play(cell);
                }
            }
        }
        for player in [Player::X, Player::O] {
            if board.has_line(player) {
                let kind = ParseErrorKind::AlreadyWon { player };
                return Err(ParseError::new(stones_at, kind));
            }
        }
        if rule == Rule::Renju {
            // Six or more x in a row: a win under freestyle, and not one
            // under renju's exact five for x, which has none (just above).
            let freestyle = Game::new(width, height, 5, Rule::Freestyle).expect("as the game");
            if freestyle.has_line(Player::X, board.stones(Player::X)) {
                return Err(ParseError::new(stones_at, ParseErrorKind::RenjuOverline));
            }
        }
        let x = board.stones(Player::X).count();
        let o = board.stones(Player::O).count();
        let side_to_move = match to_move {
            Some(p) => p.value,
            None if x == o => Player::X,
            None if x == o + 1 => Player::O,
            None => {
                let kind = ParseErrorKind::StoneCounts { x, o };
                return Err(ParseError::new(stones_at, kind));
            }
        };
        board.set_to_move(side_to_move);
        let expect = expect.map(|e| e.value);
        let mut solution_cells = Vec::new();
        if let Some(list) = solution {
            if expect != Some(Expect::Win) {
                let kind = ParseErrorKind::SolutionWithoutWin { expect };
                return Err(ParseError::new(list.at, kind));
            }
            for c in &list.cells {
                solution_cells.push(empty_cell(&board, c)?);
            }
        }
        Ok(Position {
            name,
            board,
            candidates: candidates.map_or(Candidates::All, |c| c.value),
            attack: attack.map_or(Attack::default(), |a| a.value),
            depth: depth.map(|d| d.value),
            expect,
            solution: solution_cells,
            sources,
            slow,
            time: time.map(|t| t.value),
            threat_limit,
        })
    }
}

/// The cell named by `name`, which must be an empty cell of the board.
fn empty_cell(board: &Board, name: &Spanned<(u32, u32)>) -> Result<Cell, ParseError> {
    let g = board.game().geometry();
    let (x, y) = name.value;
    let Some(cell) = g.cell(x, y) else {
        let kind = ParseErrorKind::OffBoard {
            cell: name.text.clone(),
            width: g.width(),
            height: g.height(),
        };
        return Err(ParseError::new(name.at, kind));
    };
    if board.stone_at(cell).is_some() {
        let kind = ParseErrorKind::Occupied {
            cell: name.text.clone(),
        };
        return Err(ParseError::new(name.at, kind));
    }
    Ok(cell)
}

/// Checks the grid's shape against the board and puts its stones on it.
fn place_grid(board: &mut Board, grid: &Grid, at: Location) -> Result<(), ParseError> {
    let g = *board.game().geometry();
    let (width, height) = (g.width(), g.height());
    if grid.rows.len() != height as usize {
        let kind = ParseErrorKind::RowCount {
            expected: height,
            found: grid.rows.len(),
        };
        return Err(ParseError::new(at, kind));
    }
    for (row, y) in grid.rows.iter().zip((0..height).rev()) {
        if let Some(number) = &row.number {
            if number.value != y + 1 {
                let kind = ParseErrorKind::RowNumber {
                    expected: y + 1,
                    found: number.text.clone(),
                };
                return Err(ParseError::new(number.at, kind));
            }
        }
        if row.cells.len() != width as usize {
            let kind = ParseErrorKind::RowLength {
                expected: width,
                found: row.cells.len(),
            };
            return Err(ParseError::new(row.at, kind));
        }
        for (x, stone) in (0..width).zip(&row.cells) {
            if let (Some(player), Some(cell)) = (stone, g.cell(x, y)) {
                board.place(cell, *player);
            }
        }
    }
    if let Some(footer) = &grid.footer {
        let expected: String = (b'a'..).take(width as usize).map(char::from).collect();
        if footer.value != expected {
            let kind = ParseErrorKind::Footer {
                expected,
                found: footer.text.clone(),
            };
            return Err(ParseError::new(footer.at, kind));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_positions;

    fn kind(text: &str) -> ParseErrorKind {
        parse_positions(text, "test").unwrap_err().kind
    }

    fn position(text: &str) -> Position {
        let mut positions = parse_positions(text, "test").unwrap();
        assert_eq!(positions.len(), 1);
        positions.remove(0)
    }

    #[test]
    fn defaults_apply_to_an_empty_board() {
        let p = position("# nothing but a comment and a header\nrule freestyle\n");
        let game = p.board.game();
        assert_eq!(
            (game.geometry().width(), game.geometry().height()),
            (15, 15)
        );
        assert_eq!((game.k(), game.rule()), (5, Rule::Freestyle));
        assert_eq!((p.candidates, p.attack), (Candidates::All, Attack::Any));
        assert_eq!(
            (p.depth, p.expect, p.board.to_move()),
            (None, None, Player::X)
        );
        assert_eq!(p.board.stone_count(), 0);
        assert_eq!(p.name, "test");
    }

    #[test]
    fn board_sizes_outside_1_to_26_are_refused() {
        for size in ["0", "27", "15x0", "27x3", "99999999999x5"] {
            let text = format!("board {size}\nk 1\n");
            assert!(
                matches!(kind(&text), ParseErrorKind::BoardSize { .. }),
                "{size}"
            );
        }
        assert_eq!(position("board 26x1\n").board.game().geometry().area(), 26);
    }

    #[test]
    fn k_outside_1_to_the_longer_side_is_refused() {
        for text in [
            "board 9\nk 0\n",
            "board 9x4\nk 10\n",
            "board 4\n",
            "k 99999999999\n",
        ] {
            assert!(
                matches!(kind(text), ParseErrorKind::KOutOfRange { .. }),
                "{text}"
            );
        }
        assert_eq!(position("board 9x4\nk 9\n").board.game().k(), 9);
    }

    #[test]
    fn grid_with_the_wrong_number_of_rows_is_refused() {
        let text = "board 3\nk 3\n. . .\n. x .\n";
        assert_eq!(
            kind(text),
            ParseErrorKind::RowCount {
                expected: 3,
                found: 2
            }
        );
    }

    #[test]
    fn grid_row_with_the_wrong_number_of_cells_is_refused() {
        let text = "board 3\nk 3\n. . .\n. x\n. . .\n";
        let err = parse_positions(text, "t").unwrap_err();
        assert!(matches!(
            err.kind,
            ParseErrorKind::RowLength { found: 2, .. }
        ));
        assert_eq!((err.line, err.column), (4, 1));
    }

    #[test]
    fn grid_row_with_a_wrong_row_number_is_refused() {
        let text = "board 3\nk 3\n3 . . .\n1 . x .\n2 . . .\n";
        assert!(matches!(
            kind(text),
            ParseErrorKind::RowNumber { expected: 2, .. }
        ));
    }

    #[test]
    fn column_letters_must_match_the_width() {
        let good = "board 3\nk 3\n. . .\n. x .\n. . .\n  a b c\n";
        assert_eq!(position(good).board.stone_count(), 1);
        for footer in ["a b", "a b d", "a b c d", "a c b"] {
            let text = format!("board 3\nk 3\n. . .\n. x .\n. . .\n{footer}\n");
            assert!(
                matches!(kind(&text), ParseErrorKind::Footer { .. }),
                "{footer}"
            );
        }
    }

    #[test]
    fn renju_is_read_and_judged_by_its_rule() {
        let p = position("rule renju\nmoves h8 a1 i8\n");
        assert_eq!(p.board.game().rule(), Rule::Renju);
        // k other than 5.
        assert!(matches!(
            kind("rule renju\nk 6\n"),
            ParseErrorKind::RenjuK { .. }
        ));
        // Black's exact five and White's overline are wins: refused.
        let row = |cells: &str| format!("rule renju\nboard 9x1\nto-move x\n{cells}\n");
        assert_eq!(
            kind(&row(". x x x x x . o o")),
            ParseErrorKind::AlreadyWon { player: Player::X }
        );
        assert_eq!(
            kind(&row("x o o o o o o . .")),
            ParseErrorKind::AlreadyWon { player: Player::O }
        );
        // Black's overline is no win but a forbidden move: refused too.
        assert_eq!(
            kind(&row("x x x x x x . o o")),
            ParseErrorKind::RenjuOverline
        );
        // Short of that, the position stands.
        let p = position("rule renju\nboard 9x1\nto-move o\nx x x x . o o o .\n");
        assert_eq!(p.board.to_move(), Player::O);
    }

    #[test]
    fn move_off_the_board_is_refused() {
        let err = parse_positions("board 9\nmoves e5 j1\n", "t").unwrap_err();
        assert!(matches!(err.kind, ParseErrorKind::OffBoard { .. }));
        assert_eq!((err.line, err.column), (2, 10));
        assert!(matches!(
            kind("board 9\nmoves e5 a10\n"),
            ParseErrorKind::OffBoard { .. }
        ));
    }

    #[test]
    fn move_onto_a_stone_is_refused() {
        assert!(matches!(
            kind("moves h8 h9 H8\n"),
            ParseErrorKind::Occupied { .. }
        ));
    }

    #[test]
    fn position_already_won_is_refused() {
        let text = "board 5\nk 3\nmoves a1 a5 b1 b5 c1\n";
        assert_eq!(kind(text), ParseErrorKind::AlreadyWon { player: Player::X });
        let grid = "board 3\nk 3\nto-move x\no . .\n. o .\n. . o\n";
        assert_eq!(kind(grid), ParseErrorKind::AlreadyWon { player: Player::O });
        // Under the exact rule an overline is no win.
        let overline = "board 4\nk 3\nrule exact\nto-move o\nx x x x\n. . . .\n. . . .\n. . . .\n";
        assert_eq!(position(overline).board.stone_count(), 4);
    }

    #[test]
    fn stone_counts_need_to_move_unless_they_can_arise_in_play() {
        let two_x = "board 3\nk 3\nx . .\n. . .\n. . x\n";
        assert_eq!(kind(two_x), ParseErrorKind::StoneCounts { x: 2, o: 0 });
        let one_o = "board 3\nk 3\no . .\n. . .\n. . .\n";
        assert_eq!(kind(one_o), ParseErrorKind::StoneCounts { x: 0, o: 1 });
        let explicit = format!("to-move o\n{two_x}");
        assert_eq!(position(&explicit).board.to_move(), Player::O);
    }

    #[test]
    fn side_to_move_defaults_from_the_counts() {
        let even = "board 3\nk 3\nx . .\n. . .\n. . o\n";
        assert_eq!(position(even).board.to_move(), Player::X);
        let odd = "board 3\nk 3\nx . .\n. . .\n. . .\n";
        assert_eq!(position(odd).board.to_move(), Player::O);
        assert_eq!(position("moves h8 h9 h10\n").board.to_move(), Player::O);
        let forced = position("moves h8 h9 h10\nto-move x\n").board;
        assert_eq!(forced.to_move(), Player::X);
        assert_eq!(forced.key(), forced.key_from_scratch());
    }

    #[test]
    fn solution_needs_expect_win() {
        for text in ["solution h8\n", "expect no-win\nsolution h8\n"] {
            assert!(
                matches!(kind(text), ParseErrorKind::SolutionWithoutWin { .. }),
                "{text}"
            );
        }
        let p = position("moves h8 a1\nsolution H9 g8\nexpect win\n");
        let g = *p.board.game().geometry();
        let names: Vec<String> = p.solution.iter().map(|&c| g.name(c)).collect();
        assert_eq!(names, ["h9", "g8"]);
    }

    #[test]
    fn solution_cells_must_be_empty_cells_of_the_board() {
        let off = "board 9\nexpect win\nsolution z1\n";
        assert!(matches!(kind(off), ParseErrorKind::OffBoard { .. }));
        let taken = "moves h8 a1\nexpect win\nsolution h8\n";
        assert!(matches!(kind(taken), ParseErrorKind::Occupied { .. }));
    }

    #[test]
    fn the_example_of_the_format_parses() {
        let rows: String = (1..=15)
            .rev()
            .map(|y| match y {
                9 | 7 => format!("{y:>2} . . . . . . o . . . . . . . .\n"),
                8 => " 8 . . . . . x x x . . . . . . .\n".to_owned(),
                _ => format!("{y:>2} . . . . . . . . . . . . . . .\n"),
            })
            .collect();
        let text =
            format!("board 15\nk 5\nrule freestyle\n{rows}   a b c d e f g h i j k l m n o\n");
        let p = position(&text);
        let g = *p.board.game().geometry();
        assert_eq!(
            p.board.stone_at(g.parse_cell("h8").unwrap()),
            Some(Player::X)
        );
        assert_eq!(
            p.board.stone_at(g.parse_cell("g9").unwrap()),
            Some(Player::O)
        );
        // Three x and two o: by the defaults table, o is to move.
        assert_eq!(p.board.to_move(), Player::O);
    }
}

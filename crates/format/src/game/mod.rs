//! Game records: Piskvork `.psq` files ([`psq`]) and SGF records of
//! gomoku and renju (`GM[4]`, [`sgf`]), read into a [`GameRecord`] (the
//! board size, the rule when the file says it, the moves in order) and
//! written back; [`GameRecord::position`] is the position after some plies.
//!
//! Coordinates in a record are as the files have them: `x` from the left,
//! `y` from the top, 0-based here (kinrow's `a1` is the bottom-left cell;
//! [`GameRecord::position`] converts).
//!
//! ```
//! use kinrow_format::game::{parse_game, write_sgf, GameFormat};
//!
//! let psq = "Piskvorky 15x15, 11:11, 0\n8,8,1000\n9,9,1200\n-1\n";
//! let game = parse_game(psq).unwrap();
//! assert_eq!((game.width, game.moves.len()), (15, 2));
//! // Written as SGF and read back: the same moves (written elsewhere).
//! let again = parse_game(&write_sgf(&game)).unwrap();
//! let cells = |g: &kinrow_format::game::GameRecord| {
//!     g.moves.iter().map(|m| (m.x, m.y, m.player)).collect::<Vec<_>>()
//! };
//! assert_eq!(cells(&again), cells(&game));
//! let p = game.position(1, None, "g").unwrap();
//! assert_eq!(p.board.game().geometry().name(p.board.stones(kinrow_board::Player::X)
//!     .iter().map(kinrow_board::Cell::from_index).next().unwrap()), "h8");
//! ```

pub mod psq;
pub mod sgf;

pub use psq::{parse_psq, write_psq};
pub use sgf::{parse_sgf, write_sgf};

use crate::position::Position;
use kinrow_board::{Attack, Board, Candidates, Game, Player, Rule};

/// The file formats of game records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFormat {
    Psq,
    Sgf,
}

impl GameFormat {
    /// The format of `text`, told by its start: `Piskvorky` for `.psq`, `(`
    /// for SGF (blank space and a byte-order mark skipped). `None` for
    /// anything else, such as a position file.
    #[must_use]
    pub fn detect(text: &str) -> Option<GameFormat> {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with("Piskvorky") {
            Some(GameFormat::Psq)
        } else if t.starts_with('(') {
            Some(GameFormat::Sgf)
        } else {
            None
        }
    }
}

/// One move of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameMove {
    /// 0-based column from the left.
    pub x: u32,
    /// 0-based row from the top.
    pub y: u32,
    /// Who played it: Black (x) moves first.
    pub player: Player,
    /// Where the move is written (1-based line and column), for errors.
    pub line: usize,
    pub column: usize,
}

/// A game record: board, rule if the file gives one, moves in order.
/// Invariants (kept by the readers): each move on the board and on a
/// cell no earlier move took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub width: u32,
    pub height: u32,
    /// The rule the file states (SGF `RU`), if any.
    pub rule: Option<Rule>,
    /// The opening rule the file names (SGF `RU[Yamaguchi]`, `RU[swap2]`),
    /// for reports: it changes how a game starts, not the game searched.
    pub opening: Option<String>,
    /// A `RU` value that names no rule kinrow knows, or only an opening
    /// rule that leaves the game's rule open (`swap2`): a position of the
    /// record then needs a rule from the caller ([`GameRecord::rule_for`]).
    pub unsettled: Option<GameError>,
    pub moves: Vec<GameMove>,
}

/// A bad game file, or a ply that is not a position: where and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct GameError {
    pub line: usize,
    pub column: usize,
    pub kind: GameErrorKind,
}

/// What is wrong. Each variant says what was expected and what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameErrorKind {
    #[error("expected {expected}, found {found}")]
    Syntax {
        expected: &'static str,
        found: String,
    },
    #[error("expected a board of 5 to 26 cells a side, found {found}")]
    BoardSize { found: String },
    #[error("expected a cell of the {width}x{height} board, found {found}")]
    OffBoard {
        found: String,
        width: u32,
        height: u32,
    },
    #[error("expected an empty cell, found a stone already on {found}")]
    Occupied { found: String },
    #[error("expected a gomoku or renju record (GM[4]), found GM[{found}]")]
    NotGomoku { found: String },
    #[error("expected moves B[..] and W[..] only, found {found} (not read)")]
    Unsupported { found: String },
    #[error("expected a ply from 0 to {moves} (the moves of the game), found {ply}")]
    PlyBeyondEnd { ply: usize, moves: usize },
    #[error("expected a rule kinrow knows (freestyle or gomoku, exact or standard, renju; renju's opening rules RIF, Yamaguchi, Sakata, Soosorv-N, Taraguchi-N, Tarannikov read as renju), found RU[{found}]; give --rule freestyle|exact|renju to say which game it is")]
    UnknownRule { found: String },
    #[error("expected a game rule, found RU[{found}], an opening rule that does not say whether the game is freestyle, exact or renju; give --rule freestyle|exact|renju")]
    OpeningOnly { found: String },
    #[error("expected a legal move of x (Black) under renju, found {found} at move {ply}, a forbidden point of x ({foul}): a foul, which ends the game there (o wins)")]
    Foul {
        ply: usize,
        found: String,
        foul: kinrow_board::Foul,
    },
    #[error("expected a position before the end of the game, found ply {ply} after the winning move {won} of {player}")]
    AfterWin {
        ply: usize,
        won: usize,
        player: Player,
    },
}

impl GameError {
    pub(crate) fn at(line: usize, column: usize, kind: GameErrorKind) -> GameError {
        GameError { line, column, kind }
    }
}

/// Reads a `.psq` or SGF record, told apart by [`GameFormat::detect`].
///
/// # Errors
///
/// A [`GameError`] with the line and column of the first thing wrong.
pub fn parse_game(text: &str) -> Result<GameRecord, GameError> {
    match GameFormat::detect(text) {
        Some(GameFormat::Psq) => parse_psq(text),
        Some(GameFormat::Sgf) => parse_sgf(text),
        None => Err(GameError::at(
            1,
            1,
            GameErrorKind::Syntax {
                expected: "a game record (`Piskvorky WxH` or an SGF `(`)",
                found: "something else".into(),
            },
        )),
    }
}

/// Checks a board size of a record.
pub(crate) fn check_size(width: u32, height: u32, found: &str) -> Result<(), GameErrorKind> {
    if (5..=26).contains(&width) && (5..=26).contains(&height) {
        Ok(())
    } else {
        Err(GameErrorKind::BoardSize {
            found: found.to_string(),
        })
    }
}

impl GameRecord {
    /// The rule of the record's positions: `chosen`, else the rule the
    /// file states, else freestyle (a file that says nothing).
    ///
    /// # Errors
    ///
    /// [`GameErrorKind::UnknownRule`] or [`GameErrorKind::OpeningOnly`]
    /// when the file's `RU` does not fix the rule and `chosen` is `None`:
    /// never another game in silence.
    pub fn rule_for(&self, chosen: Option<Rule>) -> Result<Rule, GameError> {
        match (chosen, self.rule, &self.unsettled) {
            (Some(rule), _, _) | (None, Some(rule), _) => Ok(rule),
            (None, None, Some(e)) => Err(e.clone()),
            (None, None, None) => Ok(Rule::default()),
        }
    }

    /// The ply of the last position before the game was won or ended by
    /// a foul (or its end when nobody made a line): the default position
    /// of a game file.
    #[must_use]
    pub fn last_open_ply(&self, rule: Option<Rule>) -> usize {
        let mut ply = self.moves.len();
        while ply > 0 && self.position(ply, rule, "").is_err() {
            ply -= 1;
        }
        ply
    }

    /// The position after `ply` moves under `rule` (or the file's rule,
    /// or freestyle), the side to move the one after the last mover, named
    /// `name`; every cell open to both sides, no horizon.
    ///
    /// # Errors
    ///
    /// [`GameErrorKind::PlyBeyondEnd`] past the last move;
    /// [`GameErrorKind::AfterWin`] when a move up to `ply` made a winning
    /// line, [`GameErrorKind::Foul`] when under renju one was a forbidden
    /// point of x (the game was over); the errors of
    /// [`GameRecord::rule_for`].
    pub fn position(
        &self,
        ply: usize,
        rule: Option<Rule>,
        name: &str,
    ) -> Result<Position, GameError> {
        if ply > self.moves.len() {
            let (line, column) = self.moves.last().map_or((1, 1), |m| (m.line, m.column));
            return Err(GameError::at(
                line,
                column,
                GameErrorKind::PlyBeyondEnd {
                    ply,
                    moves: self.moves.len(),
                },
            ));
        }
        let rule = self.rule_for(rule)?;
        let game =
            Game::new(self.width, self.height, 5, rule).expect("the reader checked the size");
        let mut board = Board::new(game);
        let g = *game.geometry();
        let mut next = Player::X;
        for (i, m) in self.moves[..ply].iter().enumerate() {
            let cell = g
                .cell(m.x, self.height - 1 - m.y)
                .expect("the reader checked the cell");
            if m.player == Player::X {
                if let Some(foul) = board.foul(cell) {
                    return Err(GameError::at(
                        m.line,
                        m.column,
                        GameErrorKind::Foul {
                            ply: i + 1,
                            found: g.name(cell),
                            foul,
                        },
                    ));
                }
            }
            board.place(cell, m.player);
            next = m.player.other();
            if board.wins_at(cell) {
                return Err(GameError::at(
                    m.line,
                    m.column,
                    GameErrorKind::AfterWin {
                        ply,
                        won: i + 1,
                        player: m.player,
                    },
                ));
            }
        }
        board.set_to_move(next);
        Ok(Position {
            name: name.to_string(),
            board,
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: None,
            expect: None,
            solution: Vec::new(),
            sources: Vec::new(),
            slow: None,
            time: None,
            threat_limit: None,
        })
    }
}

/// Adds a move to `moves`, refusing a cell off the board or taken.
pub(crate) fn push_move(
    record: &mut GameRecord,
    m: GameMove,
    found: &str,
) -> Result<(), GameError> {
    if m.x >= record.width || m.y >= record.height {
        return Err(GameError::at(
            m.line,
            m.column,
            GameErrorKind::OffBoard {
                found: found.to_string(),
                width: record.width,
                height: record.height,
            },
        ));
    }
    if record.moves.iter().any(|o| (o.x, o.y) == (m.x, m.y)) {
        return Err(GameError::at(
            m.line,
            m.column,
            GameErrorKind::Occupied {
                found: found.to_string(),
            },
        ));
    }
    record.moves.push(m);
    Ok(())
}

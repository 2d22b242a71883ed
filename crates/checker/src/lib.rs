//! The independent checker of kinrow's win, draw and threat-space
//! certificates.
//!
//! A prover that answers `win` can write down its winning strategy as a
//! certificate (see `docs/certificate-format.md`): the position, the rules
//! and restrictions it assumes, and the strategy tree. This crate replays
//! that tree under the plain rules of the game and either accepts it or
//! names the first flaw, with the move path that leads to it and its line in
//! the file.
//!
//! The rules are computed here from scratch with a plain array and plain
//! scans; the checker shares no code with the board's rules or the provers,
//! so a bug there cannot hide itself here. It knows nothing of the provers'
//! move reductions either: every defender candidate must be answered. The
//! only code it uses from the board crate is the position-file parser (for
//! [`check_text`]) and plain data types.
//!
//! A draw certificate (the body after `draw` instead of `tree`) is the
//! defender's strategy for a no-win of a whole game, checked by the
//! `draw` module: every attacker move answered, every static draw
//! (pairs, a potential bound) rejudged from scratch, each node at every
//! position reaching it but those it serves by a zone the module computes
//! itself ([`check_replaying`] leaves the zones out).
//!
//! A threat-space certificate (the body after `threats any` or `threats
//! N`) is the defender's refutation of every threat sequence, behind a
//! `no-threat-win`, checked by the `threats` module: every entry played,
//! and every attacker move of the threat space without one found by the
//! module's own rules to be no threat (its own VCF search, exhaustive
//! within the plies) or else answered.
//!
//! Entry points: [`check_text`] (a position file's text and a certificate's
//! text, as `kinrow check POSITION_FILE PROOF_FILE` needs) and [`check`] (a
//! [`PlainPosition`] and a certificate). Both return a [`CheckReport`]
//! (`proof valid: ...` when displayed) or the first [`Flaw`].
//!
//! ```
//! use kinrow_checker::{check, FlawKind, PlainPosition};
//! use kinrow_board::{Attack, Board, Candidates, Game, Rule};
//!
//! // 5x1, k 3, x on b1 c1, x to move: a1 or d1 wins at once.
//! let mut board = Board::new(Game::new(5, 1, 3, Rule::Freestyle).unwrap());
//! let g = *board.game().geometry();
//! board.place(g.parse_cell("b1").unwrap(), kinrow_board::Player::X);
//! board.place(g.parse_cell("c1").unwrap(), kinrow_board::Player::X);
//! board.place(g.parse_cell("e1").unwrap(), kinrow_board::Player::O);
//! board.place(g.parse_cell("d1").unwrap(), kinrow_board::Player::O);
//! board.set_to_move(kinrow_board::Player::X);
//! let setup = PlainPosition::from_board(&board, Candidates::Near(1), Attack::Any, Some(1));
//!
//! let proof = "kinrow-certificate 1\nboard 5x1\nk 3\nrule freestyle\n\
//!              candidates near 1\nattack any\nto-move x\ndepth 1\n\
//!              1 . x x o o\n  a b c d e\ntree\na1\nend\n";
//! let report = check(&setup, proof).unwrap();
//! assert_eq!(report.to_string(), "proof valid: 1 positions, 1 attacker moves, longest line 1 plies");
//!
//! let flaw = check(&setup, &proof.replace("\na1\n", "\nd1\n")).unwrap_err();
//! assert_eq!(flaw.kind, FlawKind::Occupied);
//! ```

mod draw;
mod header;
mod renju;
mod rules;
mod threats;
mod tree;

use kinrow_board::{Attack, Board, Candidates, Player, Rule};
use kinrow_format::Position;
use std::fmt;

pub use header::MAGIC;

/// A cell, by column and row counted from 0 at the bottom left (`a1`).
/// Shown as its name, `h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 for `a` (at most 25).
    pub x: u16,
    /// Row, 0 for the bottom row `1`.
    pub y: u16,
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.x.min(25) as u8) as char,
            u32::from(self.y) + 1
        )
    }
}

/// The position a certificate must prove, as plain data: board and rule,
/// the stones, the side to move (the attacker), the candidates, the
/// attacker's filter and the horizon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainPosition {
    pub width: u32,
    pub height: u32,
    pub k: u32,
    pub rule: Rule,
    /// Row-major from the bottom row: `cells[y * width + x]`.
    pub cells: Vec<Option<Player>>,
    pub to_move: Player,
    pub candidates: Candidates,
    pub attack: Attack,
    /// The horizon in plies; `None` for no horizon.
    pub depth: Option<u32>,
}

impl PlainPosition {
    /// The setup of `board` (its stones, rule and side to move) under the
    /// given restrictions. Only reads the board's stones; none of its rules
    /// code is used.
    #[must_use]
    pub fn from_board(
        board: &Board,
        candidates: Candidates,
        attack: Attack,
        depth: Option<u32>,
    ) -> PlainPosition {
        let game = board.game();
        let g = game.geometry();
        let mut cells = Vec::with_capacity(g.area() as usize);
        for y in 0..g.height() {
            for x in 0..g.width() {
                let c = g.cell(x, y).expect("on the board");
                cells.push(board.stone_at(c));
            }
        }
        PlainPosition {
            width: g.width(),
            height: g.height(),
            k: game.k(),
            rule: game.rule(),
            cells,
            to_move: board.to_move(),
            candidates,
            attack,
            depth,
        }
    }

    /// The position of a parsed position file.
    #[must_use]
    pub fn from_position(position: &Position) -> PlainPosition {
        PlainPosition::from_board(
            &position.board,
            position.candidates,
            position.attack,
            position.depth,
        )
    }

    /// The stone on column `x`, row `y` (0-based from the bottom left).
    #[must_use]
    pub fn stone(&self, x: u32, y: u32) -> Option<Player> {
        self.cells[(y * self.width + x) as usize]
    }
}

/// What is wrong with a certificate (or with the position it is checked
/// against).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FlawKind {
    /// A line of the file cannot be read: unknown keyword, bad value, bad
    /// cell name, bad indentation, a second tree root, text after `end`.
    Malformed,
    /// The file ends before its `end` line.
    Truncated,
    /// The certificate's header describes another position or other rules
    /// than the position it is checked against.
    WrongPosition,
    /// The position is bad: its file does not read, a side already has a
    /// winning line, or under renju x has an overline.
    BadPosition,
    /// A move names a cell off the board.
    OffBoard,
    /// A move is played on a cell that holds a stone.
    Occupied,
    /// A move is not among its side's candidates.
    NotCandidate,
    /// An attacker move does not pass the `attack` filter.
    Filtered,
    /// Under renju, x (Black) plays a forbidden point, as attacker or
    /// defender.
    Forbidden,
    /// An attacker move that does not complete a line has no defender
    /// replies below it: it does not win.
    NotAWin,
    /// A defender candidate reply is not answered.
    MissingReply,
    /// The same defender reply is answered twice.
    DuplicateReply,
    /// Lines continue below an attacker move that already won.
    AfterWin,
    /// A line of play is longer than the depth allows.
    TooDeep,
    /// A defender reply completes the defender's line.
    DefenderWins,
    /// A move fills the board without a win: a draw.
    BoardFull,
    /// A draw certificate is not for a whole game (`candidates all`,
    /// `attack any`, no depth, not renju).
    NotWholeGame,
    /// In a draw certificate, an attacker move completes a line; in a
    /// threat-space certificate, also a position where the attacker has a
    /// winning cell.
    AttackerWins,
    /// In a draw certificate, an attacker move is not answered; in a
    /// threat-space certificate, an attacker move of the space that needs
    /// an answer (a four, a threat, ...) has none.
    UnansweredMove,
    /// In a draw certificate, an attacker move (or a reply) that does not
    /// end the game has nothing after it.
    NoReply,
    /// In a draw certificate, a reference names no node.
    WrongNode,
    /// In a draw certificate's `hold`, a cell is in two pairs.
    SharedPair,
    /// In a draw certificate's `hold`, a live window holds no pair and the
    /// potential bound does not hold for the unpaired windows.
    StaticFails,
    /// A draw certificate's check reaches more positions than the checker
    /// keeps (its nodes are checked at every position that reaches them and
    /// is no variant of one checked).
    TooLarge,
}

impl FlawKind {
    /// A short description.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            FlawKind::Malformed => "malformed line",
            FlawKind::Truncated => "truncated file",
            FlawKind::WrongPosition => "certificate for another position",
            FlawKind::BadPosition => "bad position",
            FlawKind::OffBoard => "move off the board",
            FlawKind::Occupied => "move on an occupied cell",
            FlawKind::NotCandidate => "move not among the candidates",
            FlawKind::Filtered => "attacker move does not pass the attack filter",
            FlawKind::Forbidden => "move on a point forbidden to x",
            FlawKind::NotAWin => "attacker move neither wins nor is followed by replies",
            FlawKind::MissingReply => "defender reply not answered",
            FlawKind::DuplicateReply => "defender reply answered twice",
            FlawKind::AfterWin => "play continues after the winning stone",
            FlawKind::TooDeep => "line longer than the depth",
            FlawKind::DefenderWins => "defender reply completes the defender's line",
            FlawKind::BoardFull => "move fills the board without a win",
            FlawKind::NotWholeGame => "draw certificate not for a whole game",
            FlawKind::AttackerWins => "attacker move completes a line",
            FlawKind::UnansweredMove => "attacker move not answered",
            FlawKind::NoReply => "play stops before the game is over",
            FlawKind::WrongNode => "reference to no node",
            FlawKind::SharedPair => "pairing uses a cell twice",
            FlawKind::StaticFails => "static draw does not hold",
            FlawKind::TooLarge => "replay too large to check",
        }
    }
}

impl fmt::Display for FlawKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The first flaw found in a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flaw {
    pub kind: FlawKind,
    /// 1-based line of the certificate where the flaw is; `None` for flaws
    /// of the whole file or of the position checked against.
    pub line: Option<usize>,
    /// The moves from the root position to the flaw, alternately the
    /// attacker's and the defender's, the offending move last (for a
    /// missing reply, that reply).
    pub path: Vec<Point>,
    /// What exactly is wrong, for people.
    pub detail: String,
}

impl Flaw {
    pub(crate) fn new(kind: FlawKind, line: Option<usize>, detail: impl Into<String>) -> Flaw {
        Flaw {
            kind,
            line,
            path: Vec::new(),
            detail: detail.into(),
        }
    }

    /// The path as move names separated by spaces, `h8 i9 j10`.
    #[must_use]
    pub fn path_text(&self) -> String {
        let names: Vec<String> = self.path.iter().map(Point::to_string).collect();
        names.join(" ")
    }
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("proof invalid: ")?;
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        write!(f, "{}", self.kind)?;
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        if !self.path.is_empty() {
            write!(f, " (path: {})", self.path_text())?;
        }
        Ok(())
    }
}

impl std::error::Error for Flaw {}

/// What a valid certificate proves about the side to move (the attacker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Proves {
    /// A win certificate: a forced win (within the depth, if any).
    #[default]
    Win,
    /// A draw certificate: no forced win at all, in the whole game.
    NoWin,
    /// A threat-space certificate: no win within the horizon in the
    /// attacker's threat space, its threats of at most `threat_limit`
    /// fours (`None`: any within the plies left), as its `threats` line
    /// says. [`check`] takes the line as written; the caller compares it
    /// with the limit it asked about ([`check_with_threat_limit`] and
    /// [`check_text`] do).
    NoThreatWin { threat_limit: Option<u32> },
}

/// What a valid certificate proves and how big it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct CheckReport {
    /// A win or a no-win.
    pub proves: Proves,
    /// Positions in the tree where a side is to move: one per attacker move
    /// (the position it is played in) and one per defender turn (after each
    /// attacker move that does not win).
    pub positions: u64,
    /// Attacker moves in the tree (lines of the tree).
    pub attacker_moves: u64,
    /// The longest line of play, in plies, up to the attacker's winning
    /// stone (for a draw, up to a static draw or the end of the game).
    pub longest_line: u32,
    /// Draw certificates: the positions judged statically (`hold`).
    pub static_leaves: u64,
    /// Threat-space certificates: the attacker moves of the space without
    /// an entry that the checker found to leave the space (its own VCF
    /// search found no threat) or the game, counted at each position
    /// checked.
    pub quiet_moves: u64,
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "proof valid: {} positions, {} attacker moves, longest line {} plies",
            self.positions, self.attacker_moves, self.longest_line
        )?;
        match self.proves {
            Proves::NoWin => write!(f, ", {} static draws", self.static_leaves)?,
            Proves::NoThreatWin { .. } => write!(
                f,
                ", {} moves of the threat space found no threat",
                self.quiet_moves
            )?,
            Proves::Win => {}
        }
        Ok(())
    }
}

/// Checks that `proof` is a valid certificate of a win (or, for a draw
/// certificate, of a no-win of the whole game) for the side to move of
/// `position`: its header must describe exactly `position` (board, `k`,
/// rule, stones, side to move, candidates, filter, depth), and its tree must
/// be a winning strategy under the plain rules. Returns the size of the
/// proof, or the first flaw in file order.
pub fn check(position: &PlainPosition, proof: &str) -> Result<CheckReport, Flaw> {
    ends_with_end(proof)?;
    let header = header::parse(proof)?;
    header::compare(&header.position, position)?;
    body(&header, proof, true)
}

/// [`check`], but a draw certificate is replayed at every position it
/// reaches, none served by a checked one of which it is a variant (its
/// zones, see `docs/certificate-format.md`): slower, and far slower on a
/// large certificate; the same verdict (a test compares them on broken
/// certificates), for whoever would rather not rely on the zones'
/// argument. A win certificate is checked as by [`check`].
pub fn check_replaying(position: &PlainPosition, proof: &str) -> Result<CheckReport, Flaw> {
    ends_with_end(proof)?;
    let header = header::parse(proof)?;
    header::compare(&header.position, position)?;
    body(&header, proof, false)
}

/// [`check`] against the text of a position file, read with the board
/// crate's file parser (`default_name` names a file without `[name]`
/// lines). A file of one position is checked against that position; in a
/// suite of several, the certificate must name one (`[name]` in its header)
/// and is checked against it. A file that does not parse is a
/// [`FlawKind::BadPosition`] flaw, a certificate naming no position of the
/// suite a [`FlawKind::WrongPosition`] one.
pub fn check_text(
    position_file: &str,
    default_name: &str,
    proof: &str,
) -> Result<CheckReport, Flaw> {
    let positions = kinrow_format::parse_positions(position_file, default_name).map_err(|e| {
        Flaw::new(
            FlawKind::BadPosition,
            None,
            format!("the position file does not read: {e}"),
        )
    })?;
    ends_with_end(proof)?;
    let header = header::parse(proof)?;
    let position = match positions.as_slice() {
        [one] => one,
        several => {
            let Some(name) = &header.name else {
                return Err(Flaw::new(
                    FlawKind::WrongPosition,
                    None,
                    format!(
                        "the file holds {} positions and the certificate names none",
                        several.len()
                    ),
                ));
            };
            several.iter().find(|p| &p.name == name).ok_or_else(|| {
                Flaw::new(
                    FlawKind::WrongPosition,
                    None,
                    format!("the file holds no position named `{name}`"),
                )
            })?
        }
    };
    let plain = PlainPosition::from_position(position);
    header::compare(&header.position, &plain)?;
    same_threat_limit(&header, position.threat_limit)?;
    body(&header, proof, true)
}

/// [`check`], and for a threat-space certificate its `threats` line must
/// be the threat space asked about: threats of at most `threat_limit`
/// fours (`None`: any), as a position's `threat-limit` line says; another
/// is a [`FlawKind::WrongPosition`] flaw. (Win and draw certificates do
/// not depend on it.)
pub fn check_with_threat_limit(
    position: &PlainPosition,
    threat_limit: Option<u32>,
    proof: &str,
) -> Result<CheckReport, Flaw> {
    ends_with_end(proof)?;
    let header = header::parse(proof)?;
    header::compare(&header.position, position)?;
    same_threat_limit(&header, threat_limit)?;
    body(&header, proof, true)
}

/// A threat-space certificate's `threats` line against the limit asked.
fn same_threat_limit(header: &header::Header, asked: Option<u32>) -> Result<(), Flaw> {
    match header.threats {
        Some(space) if space.max_fours != asked => {
            let asked = threats::ThreatSpace { max_fours: asked };
            // `tree_start` is the index of the line after `threats`: the
            // 1-based number of the `threats` line.
            Err(Flaw::new(
                FlawKind::WrongPosition,
                Some(header.tree_start),
                format!(
                    "threats {} in the certificate, threat-limit {} asked",
                    space.words(),
                    asked.words()
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// The walk of the certificate's body: a win's tree or a draw's DAG (with
/// its `zones` or replayed everywhere).
fn body(header: &header::Header, proof: &str, zones: bool) -> Result<CheckReport, Flaw> {
    if let Some(space) = header.threats {
        threats::walk(&header.position, space, proof, header.tree_start)
    } else if header.draw {
        draw::walk(&header.position, proof, header.tree_start, zones)
    } else {
        tree::walk(&header.position, proof, header.tree_start)
    }
}

/// A certificate ends with its `end` line (then only blank or comment
/// lines): checked first, so that a file cut off anywhere, even inside a
/// line, is reported as truncated rather than as the broken line it ends
/// with.
fn ends_with_end(proof: &str) -> Result<(), Flaw> {
    let last = proof
        .lines()
        .enumerate()
        .filter(|(_, l)| !header::strip_comment(l).trim().is_empty())
        .last();
    match last {
        Some((_, l)) if header::strip_comment(l) == "end" => Ok(()),
        Some((i, _)) if proof.lines().any(|l| header::strip_comment(l) == "end") => Err(Flaw::new(
            FlawKind::Malformed,
            Some(i + 1),
            "text after `end`",
        )),
        _ => Err(Flaw::new(
            FlawKind::Truncated,
            None,
            "the file does not end with an `end` line",
        )),
    }
}

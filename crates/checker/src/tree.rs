//! Replays the strategy tree: one line per attacker move, indented two
//! spaces per level; below the root each line is `REPLY MOVE`, a defender
//! reply and the attacker's answer to it. The file is read line by line in
//! one pass with a single board, so memory stays proportional to the depth.

use crate::header::strip_comment;
use crate::rules::{Grid, EMPTY, O, X};
use crate::{CheckReport, Flaw, FlawKind, PlainPosition, Point};
use kinrow_board::{Attack, Candidates, Player, Rule};
use std::iter::Enumerate;
use std::str::Lines;

/// One line of the tree.
#[derive(Clone, Copy, Debug)]
struct TreeLine<'a> {
    /// 1-based line number in the file.
    no: usize,
    /// Indentation level: 0 for the root.
    level: usize,
    /// The defender's reply (`None` on the root line).
    reply: Option<&'a str>,
    /// The attacker's move.
    mv: &'a str,
}

/// Reads the tree lines one at a time, with one line of look-ahead.
struct Reader<'a> {
    lines: Enumerate<Lines<'a>>,
    peeked: Option<TreeLine<'a>>,
    /// Line number of `end`, once read.
    end: Option<usize>,
}

impl<'a> Reader<'a> {
    /// The next tree line without consuming it; `None` at `end`.
    fn peek(&mut self) -> Result<Option<TreeLine<'a>>, Flaw> {
        if self.peeked.is_none() && self.end.is_none() {
            self.peeked = self.read()?;
        }
        Ok(self.peeked)
    }

    /// Consumes the line [`Reader::peek`] returned.
    fn advance(&mut self) {
        self.peeked = None;
    }

    fn read(&mut self) -> Result<Option<TreeLine<'a>>, Flaw> {
        for (i, raw) in self.lines.by_ref() {
            let no = i + 1;
            let content = strip_comment(raw);
            if content.trim().is_empty() {
                continue;
            }
            let body = content.trim_start_matches(' ');
            let indent = content.len() - body.len();
            let malformed = |detail: &str| Flaw::new(FlawKind::Malformed, Some(no), detail);
            if body.starts_with(char::is_whitespace) {
                return Err(malformed("indent with spaces only"));
            }
            if body == "end" && indent == 0 {
                self.end = Some(no);
                return self.rest_is_empty().map(|()| None);
            }
            if indent % 2 == 1 {
                return Err(malformed("indentation is two spaces per level"));
            }
            let level = indent / 2;
            let words: Vec<&str> = body.split_whitespace().collect();
            return match (level, words.as_slice()) {
                (0, [mv]) => Ok(Some(TreeLine {
                    no,
                    level,
                    reply: None,
                    mv,
                })),
                (0, _) => Err(malformed("the root line is a single attacker move")),
                (_, [reply, mv]) => Ok(Some(TreeLine {
                    no,
                    level,
                    reply: Some(reply),
                    mv,
                })),
                _ => Err(malformed(
                    "a tree line is a defender reply and an attacker move",
                )),
            };
        }
        Err(Flaw::new(
            FlawKind::Truncated,
            None,
            "the file ends before its `end` line",
        ))
    }

    /// Only blank and comment lines may follow `end`.
    fn rest_is_empty(&mut self) -> Result<(), Flaw> {
        for (i, raw) in self.lines.by_ref() {
            if !strip_comment(raw).trim().is_empty() {
                return Err(Flaw::new(
                    FlawKind::Malformed,
                    Some(i + 1),
                    "text after `end`",
                ));
            }
        }
        Ok(())
    }
}

/// Parses a cell name: a letter (either case) and a 1-based row number.
fn parse_point(name: &str) -> Option<Point> {
    let mut chars = name.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase()
        || digits.is_empty()
        || digits.len() > 3
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let row: u16 = digits.parse().ok()?;
    (row >= 1).then(|| Point {
        x: u16::from(letter as u8 - b'a'),
        y: row - 1,
    })
}

/// The walk over the tree: the board, the path to the current node and the
/// counts so far.
struct Walker<'a> {
    grid: Grid,
    attacker: u8,
    near: Option<u32>,
    attack: Attack,
    depth: Option<u32>,
    reader: Reader<'a>,
    path: Vec<Point>,
    report: CheckReport,
}

impl Walker<'_> {
    fn flaw(&self, kind: FlawKind, line: usize, detail: impl Into<String>) -> Flaw {
        let mut f = Flaw::new(kind, Some(line), detail);
        f.path.clone_from(&self.path);
        f
    }

    /// Reads the cell `name` for a move on line `no` and checks it is on the
    /// board and empty. The move is pushed on the path first.
    fn cell(&mut self, name: &str, no: usize) -> Result<(i32, i32), Flaw> {
        let Some(p) = parse_point(name) else {
            return Err(self.flaw(
                FlawKind::Malformed,
                no,
                format!("`{name}` is not a cell name"),
            ));
        };
        self.path.push(p);
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        if !self.grid.on_board(x, y) {
            return Err(self.flaw(FlawKind::OffBoard, no, format!("{p} is off the board")));
        }
        if self.grid.get(x, y) != Some(EMPTY) {
            return Err(self.flaw(FlawKind::Occupied, no, format!("{p} holds a stone")));
        }
        Ok((x, y))
    }

    /// The attacker's move `name` on line `no` (indentation `level`), at ply
    /// `ply` of the line of play; then everything below it.
    fn attacker_move(&mut self, name: &str, no: usize, level: usize, ply: u32) -> Result<(), Flaw> {
        let (x, y) = self.cell(name, no)?;
        let p = *self.path.last().expect("just pushed");
        if !self.grid.is_candidate(x, y, self.near) {
            return Err(self.flaw(
                FlawKind::NotCandidate,
                no,
                format!("{p} is not an attacker candidate"),
            ));
        }
        let passes = match self.attack {
            Attack::Any => true,
            Attack::Fours => self.grid.is_four(self.attacker, x, y),
            Attack::Threats => self.grid.is_threat(self.attacker, x, y),
        };
        if !passes {
            return Err(self.flaw(
                FlawKind::Filtered,
                no,
                format!("{p} is not one of the `{}` moves", self.attack),
            ));
        }
        if self.depth.is_some_and(|d| ply > d) {
            return Err(self.flaw(
                FlawKind::TooDeep,
                no,
                format!("{p} is ply {ply}, past the depth"),
            ));
        }
        self.report.positions += 1;
        self.report.attacker_moves += 1;
        self.grid.place(x, y, self.attacker);
        if self.grid.wins_at(x, y) {
            self.report.longest_line = self.report.longest_line.max(ply);
            if let Some(next) = self.reader.peek()? {
                if next.level > level {
                    return Err(self.flaw(
                        FlawKind::AfterWin,
                        next.no,
                        format!("{p} already completes a line"),
                    ));
                }
            }
        } else if self.grid.is_full() {
            return Err(self.flaw(FlawKind::BoardFull, no, format!("{p} fills the board")));
        } else {
            self.report.positions += 1;
            self.defender_turn(no, level, ply + 1)?;
        }
        self.grid.clear(x, y);
        self.path.pop();
        Ok(())
    }

    /// The defender's turn after the attacker move on line `no`: every
    /// candidate reply must follow, one line each, at `level + 1`; the
    /// reply is ply `ply`.
    fn defender_turn(&mut self, no: usize, level: usize, ply: u32) -> Result<(), Flaw> {
        let defender = if self.attacker == X { O } else { X };
        let w = self.grid.width;
        let candidates = self.grid.candidates(self.near);
        let mut answered = vec![false; self.grid.cells.len()];
        let mut replies = 0;
        while let Some(line) = self.reader.peek()? {
            if line.level <= level {
                break;
            }
            if line.level > level + 1 {
                return Err(self.flaw(
                    FlawKind::Malformed,
                    line.no,
                    "indented more than one level below its parent",
                ));
            }
            self.reader.advance();
            let reply = line.reply.expect("lines below the root have a reply");
            let (x, y) = self.cell(reply, line.no)?;
            let p = *self.path.last().expect("just pushed");
            if !self.grid.is_candidate(x, y, self.near) {
                return Err(self.flaw(
                    FlawKind::NotCandidate,
                    line.no,
                    format!("{p} is not a defender candidate"),
                ));
            }
            let i = (y * w + x) as usize;
            if answered[i] {
                return Err(self.flaw(
                    FlawKind::DuplicateReply,
                    line.no,
                    format!("{p} is answered twice"),
                ));
            }
            answered[i] = true;
            replies += 1;
            self.grid.place(x, y, defender);
            if self.grid.wins_at(x, y) {
                return Err(self.flaw(
                    FlawKind::DefenderWins,
                    line.no,
                    format!("{p} completes the defender's line"),
                ));
            }
            if self.grid.is_full() {
                return Err(self.flaw(
                    FlawKind::BoardFull,
                    line.no,
                    format!("{p} fills the board"),
                ));
            }
            self.attacker_move(line.mv, line.no, level + 1, ply + 1)?;
            self.grid.clear(x, y);
            self.path.pop();
        }
        if replies == 0 {
            return Err(self.flaw(
                FlawKind::NotAWin,
                no,
                "the move does not complete a line and no replies follow it",
            ));
        }
        for (x, y) in candidates {
            if !answered[(y * w + x) as usize] {
                let p = Point {
                    x: x as u16,
                    y: y as u16,
                };
                let mut f = self.flaw(
                    FlawKind::MissingReply,
                    no,
                    format!("the reply {p} is not answered"),
                );
                f.path.push(p);
                return Err(f);
            }
        }
        Ok(())
    }
}

fn stone(p: Option<Player>) -> u8 {
    match p {
        None => EMPTY,
        Some(Player::X) => X,
        Some(Player::O) => O,
    }
}

/// Checks the tree of `text`, which starts at line index `start`, for the
/// position `setup`.
pub(crate) fn walk(setup: &PlainPosition, text: &str, start: usize) -> Result<CheckReport, Flaw> {
    let cells: Vec<u8> = setup.cells.iter().map(|&c| stone(c)).collect();
    let grid = Grid {
        width: setup.width as i32,
        height: setup.height as i32,
        k: setup.k,
        exact: setup.rule == Rule::Exact,
        stones: cells.iter().filter(|&&c| c != EMPTY).count(),
        cells,
    };
    for (p, name) in [(X, "x"), (O, "o")] {
        if grid.has_line(p) {
            return Err(Flaw::new(
                FlawKind::BadPosition,
                None,
                format!("{name} already has a winning line"),
            ));
        }
    }
    let mut lines = text.lines().enumerate();
    if start > 0 {
        lines.nth(start - 1);
    }
    let mut w = Walker {
        grid,
        attacker: stone(Some(setup.to_move)),
        near: match setup.candidates {
            Candidates::Near(r) => Some(u32::from(r)),
            Candidates::All => None,
        },
        attack: setup.attack,
        depth: setup.depth,
        reader: Reader {
            lines,
            peeked: None,
            end: None,
        },
        path: Vec::new(),
        report: CheckReport::default(),
    };
    let Some(root) = w.reader.peek()? else {
        let end = w.reader.end.unwrap_or_default();
        return Err(Flaw::new(
            FlawKind::Malformed,
            Some(end),
            "the tree has no root move",
        ));
    };
    w.reader.advance();
    if root.level != 0 {
        return Err(Flaw::new(
            FlawKind::Malformed,
            Some(root.no),
            "the root line is not indented",
        ));
    }
    w.attacker_move(root.mv, root.no, 0, 1)?;
    if let Some(next) = w.reader.peek()? {
        return Err(Flaw::new(
            FlawKind::Malformed,
            Some(next.no),
            "a second root line",
        ));
    }
    Ok(w.report)
}

//! Replays the strategy tree: one line per attacker move, indented two
//! spaces per level; below the root each line is `REPLY MOVE`, a defender
//! reply and the attacker's answer to it, where `* MOVE` (last among its
//! siblings) answers every candidate reply not listed. The lines are read
//! first (syntax), then the tree is walked with a single board: a `*`
//! subtree is replayed once for each reply it stands for.

use crate::header::strip_comment;
use crate::renju;
use crate::rules::{Grid, EMPTY, O, X};
use crate::{CheckReport, Flaw, FlawKind, PlainPosition, Point};
use kinrow_board::{Attack, Candidates, Player, Rule};

/// What a tree line answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reply {
    /// The root line.
    Root,
    /// This defender reply.
    Cell(Point),
    /// Every defender candidate not listed on a sibling line (`*`).
    Others,
}

/// One line of the tree.
#[derive(Clone, Copy, Debug)]
struct TreeLine {
    /// 1-based line number in the file.
    no: usize,
    /// Indentation level: 0 for the root.
    level: usize,
    reply: Reply,
    /// The attacker's move.
    mv: Point,
}

fn malformed(no: usize, detail: impl Into<String>) -> Flaw {
    Flaw::new(FlawKind::Malformed, Some(no), detail)
}

/// Parses a cell name: a letter (either case) and a 1-based row number.
pub(crate) fn parse_point(name: &str, no: usize) -> Result<Point, Flaw> {
    let bad = || malformed(no, format!("`{name}` is not a cell name"));
    let mut chars = name.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase()
        || digits.is_empty()
        || digits.len() > 3
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(bad());
    }
    let row: u16 = digits.parse().map_err(|_| bad())?;
    if row == 0 {
        return Err(bad());
    }
    Ok(Point {
        x: u16::from(letter as u8 - b'a'),
        y: row - 1,
    })
}

/// Reads the tree lines, from line index `start` up to `end` (the caller
/// has checked that the file ends with `end`): every line well formed, one
/// root, each line at most one level below the one before it.
fn read_lines(text: &str, start: usize) -> Result<Vec<TreeLine>, Flaw> {
    let mut out: Vec<TreeLine> = Vec::new();
    for (i, raw) in text.lines().enumerate().skip(start) {
        let no = i + 1;
        let content = strip_comment(raw);
        if content.trim().is_empty() {
            continue;
        }
        let body = content.trim_start_matches(' ');
        let indent = content.len() - body.len();
        if body.starts_with(char::is_whitespace) {
            return Err(malformed(no, "indent with spaces only"));
        }
        if body == "end" && indent == 0 {
            return Ok(out);
        }
        if indent % 2 == 1 {
            return Err(malformed(no, "indentation is two spaces per level"));
        }
        let level = indent / 2;
        let words: Vec<&str> = body.split_whitespace().collect();
        let line = match (level, words.as_slice()) {
            (0, [mv]) if out.is_empty() => TreeLine {
                no,
                level,
                reply: Reply::Root,
                mv: parse_point(mv, no)?,
            },
            (0, _) if !out.is_empty() => return Err(malformed(no, "a second root line")),
            (0, _) => return Err(malformed(no, "the root line is a single attacker move")),
            (_, _) if out.is_empty() => return Err(malformed(no, "the root line is not indented")),
            (_, [reply, mv]) => TreeLine {
                no,
                level,
                reply: if *reply == "*" {
                    Reply::Others
                } else {
                    Reply::Cell(parse_point(reply, no)?)
                },
                mv: parse_point(mv, no)?,
            },
            _ => {
                return Err(malformed(
                    no,
                    "a tree line is a defender reply (or `*`) and an attacker move",
                ))
            }
        };
        if let Some(prev) = out.last() {
            if line.level > prev.level + 1 {
                return Err(malformed(
                    no,
                    "indented more than one level below the line before",
                ));
            }
        }
        out.push(line);
    }
    Err(Flaw::new(
        FlawKind::Truncated,
        None,
        "the file ends before its `end` line",
    ))
}

/// The walk over the tree: the board, the path to the current node and the
/// counts so far.
struct Walker {
    grid: Grid,
    attacker: u8,
    near: Option<u32>,
    attack: Attack,
    depth: Option<u32>,
    lines: Vec<TreeLine>,
    path: Vec<Point>,
    report: CheckReport,
}

impl Walker {
    fn flaw(&self, kind: FlawKind, line: usize, detail: impl Into<String>) -> Flaw {
        let mut f = Flaw::new(kind, Some(line), detail);
        f.path.clone_from(&self.path);
        f
    }

    /// Index of the first line after the subtree of line `i`.
    fn subtree_end(&self, i: usize) -> usize {
        let level = self.lines[i].level;
        let mut j = i + 1;
        while j < self.lines.len() && self.lines[j].level > level {
            j += 1;
        }
        j
    }

    /// Pushes `p` (a move of line `no`) on the path and checks that it is on
    /// the board and empty.
    fn on_empty_cell(&mut self, p: Point, no: usize) -> Result<(i32, i32), Flaw> {
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

    /// The attacker's move of line `i`, at ply `ply` of the line of play,
    /// then everything below it. Returns the index of the line after its
    /// subtree.
    fn attacker_move(&mut self, i: usize, ply: u32) -> Result<usize, Flaw> {
        let TreeLine { no, mv: p, .. } = self.lines[i];
        let (x, y) = self.on_empty_cell(p, no)?;
        if !self.grid.is_candidate(x, y, self.near) {
            return Err(self.flaw(
                FlawKind::NotCandidate,
                no,
                format!("{p} is not an attacker candidate"),
            ));
        }
        if self.attacker == X && self.grid.renju && renju::is_forbidden(&mut self.grid, x, y) {
            return Err(self.flaw(
                FlawKind::Forbidden,
                no,
                format!("{p} is forbidden to x under renju"),
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
        let next = if self.grid.wins_at(x, y) {
            self.report.longest_line = self.report.longest_line.max(ply);
            match self.lines.get(i + 1) {
                Some(below) if below.level > self.lines[i].level => {
                    return Err(self.flaw(
                        FlawKind::AfterWin,
                        below.no,
                        format!("{p} already completes a line"),
                    ));
                }
                _ => i + 1,
            }
        } else if self.grid.is_full() {
            return Err(self.flaw(FlawKind::BoardFull, no, format!("{p} fills the board")));
        } else {
            self.report.positions += 1;
            self.defender_turn(i, ply + 1)?
        };
        self.grid.clear(x, y);
        self.path.pop();
        Ok(next)
    }

    /// The defender's reply `p` (of line `no`) at ply `ply`, then the
    /// attacker's answer on line `answer` and its subtree.
    fn reply(&mut self, p: Point, no: usize, answer: usize, ply: u32) -> Result<usize, Flaw> {
        let defender = if self.attacker == X { O } else { X };
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        self.grid.place(x, y, defender);
        if self.grid.wins_at(x, y) {
            return Err(self.flaw(
                FlawKind::DefenderWins,
                no,
                format!("{p} completes the defender's line"),
            ));
        }
        if self.grid.is_full() {
            return Err(self.flaw(FlawKind::BoardFull, no, format!("{p} fills the board")));
        }
        let next = self.attacker_move(answer, ply + 1)?;
        self.grid.clear(x, y);
        self.path.pop();
        Ok(next)
    }

    /// The defender's turn after the attacker move on line `i`: every
    /// candidate reply must be answered, on a line of its own one level
    /// deeper or by the `*` line; the reply is ply `ply`. Returns the index
    /// of the line after the subtree of line `i`.
    fn defender_turn(&mut self, i: usize, ply: u32) -> Result<usize, Flaw> {
        let TreeLine { no, level, .. } = self.lines[i];
        let w = self.grid.width;
        let mut candidates = self.grid.candidates(self.near);
        // Under renju x (Black) may not play its forbidden points: they are
        // no replies, and none needs an answer.
        let black_defends = self.grid.renju && self.attacker == O;
        if black_defends {
            let grid = &mut self.grid;
            candidates.retain(|&(x, y)| !renju::is_forbidden(grid, x, y));
            if candidates.is_empty() {
                return Err(self.flaw(
                    FlawKind::NotAWin,
                    no,
                    "every reply of x is forbidden, and the game has no passes: \
                     this is not taken as a win",
                ));
            }
        }
        let mut answered = vec![false; self.grid.cells.len()];
        let mut others = None;
        let mut j = i + 1;
        while j < self.lines.len() && self.lines[j].level > level {
            let line = self.lines[j];
            if others.is_some() {
                return Err(malformed(
                    line.no,
                    "the `*` line comes last among its siblings",
                ));
            }
            let Reply::Cell(p) = line.reply else {
                others = Some(j);
                j = self.subtree_end(j);
                continue;
            };
            let (x, y) = self.on_empty_cell(p, line.no)?;
            if !self.grid.is_candidate(x, y, self.near) {
                return Err(self.flaw(
                    FlawKind::NotCandidate,
                    line.no,
                    format!("{p} is not a defender candidate"),
                ));
            }
            if black_defends && renju::is_forbidden(&mut self.grid, x, y) {
                return Err(self.flaw(
                    FlawKind::Forbidden,
                    line.no,
                    format!("{p} is forbidden to x under renju"),
                ));
            }
            let k = (y * w + x) as usize;
            if answered[k] {
                return Err(self.flaw(
                    FlawKind::DuplicateReply,
                    line.no,
                    format!("{p} is answered twice"),
                ));
            }
            answered[k] = true;
            j = self.reply(p, line.no, j, ply)?;
        }
        let explicit = answered.iter().any(|&a| a);
        if !explicit && others.is_none() {
            return Err(self.flaw(
                FlawKind::NotAWin,
                no,
                "the move does not complete a line and no replies follow it",
            ));
        }
        for (x, y) in candidates {
            if answered[(y * w + x) as usize] {
                continue;
            }
            let p = Point {
                x: x as u16,
                y: y as u16,
            };
            let Some(s) = others else {
                let mut f = self.flaw(
                    FlawKind::MissingReply,
                    no,
                    format!("the reply {p} is not answered"),
                );
                f.path.push(p);
                return Err(f);
            };
            self.path.push(p);
            self.reply(p, self.lines[s].no, s, ply)?;
        }
        Ok(j)
    }
}

pub(crate) fn stone(p: Option<Player>) -> u8 {
    match p {
        None => EMPTY,
        Some(Player::X) => X,
        Some(Player::O) => O,
    }
}

/// The board of `setup`, where neither side may have a line yet.
pub(crate) fn grid_of(setup: &PlainPosition) -> Result<Grid, Flaw> {
    let cells: Vec<u8> = setup.cells.iter().map(|&c| stone(c)).collect();
    let grid = Grid {
        width: setup.width as i32,
        height: setup.height as i32,
        k: setup.k,
        exact: setup.rule == Rule::Exact,
        renju: setup.rule == Rule::Renju,
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
    Ok(grid)
}

/// [`grid_of`], where under renju x has no overline either (the game
/// would be over): the position a strategy of wins or of threats is
/// played from.
pub(crate) fn grid_in_play(setup: &PlainPosition) -> Result<Grid, Flaw> {
    let grid = grid_of(setup)?;
    if grid.renju && renju::has_overline(&grid) {
        return Err(Flaw::new(
            FlawKind::BadPosition,
            None,
            "x has an overline, a forbidden move under renju: the game is over",
        ));
    }
    Ok(grid)
}

/// Checks the tree of `text`, which starts at line index `start`, for the
/// position `setup`.
pub(crate) fn walk(setup: &PlainPosition, text: &str, start: usize) -> Result<CheckReport, Flaw> {
    let grid = grid_in_play(setup)?;
    let lines = read_lines(text, start)?;
    if lines.is_empty() {
        return Err(Flaw::new(
            FlawKind::Malformed,
            None,
            "the tree has no root move",
        ));
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
        lines,
        path: Vec::new(),
        report: CheckReport::default(),
    };
    w.attacker_move(0, 1)?;
    Ok(w.report)
}

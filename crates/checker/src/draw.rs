//! Replays a draw certificate: the defender's strategy as a DAG of numbered
//! nodes, each a position with the attacker to move, for a whole game
//! (`candidates all`, `attack any`, no depth; freestyle or exact).
//!
//! A node line is `ID` and either `hold`, then pairs of cells (`a1:b2`),
//! or, separated by commas, one entry per attacker move: `MOVE REPLY
//! NEXT`, the defender's reply and the node after it, `NEXT` being `-`
//! when the reply ends the game (the defender's line, a full board);
//! `MOVE -` for a move that fills the board; or `MOVE hold PAIRS`, a
//! static draw right after the move, with the defender to move. Node 0 is
//! the position of the header.
//!
//! The walk: every empty cell must be answered at every answered node, no
//! attacker move may complete a line, every reply must be legal, and a
//! `hold` node is judged from scratch: the attacker's live windows are
//! recomputed, and each must hold both cells of a pair, or, over the
//! windows no pair serves, the potential on the cells outside the pairs
//! must stay below one half. Why that stops the attacker: a live window
//! is one the attacker can still fill (no defender stone, no more empty
//! cells than the attacker has stones left before the board is full, and
//! under the exact rule no attacker stone just beyond either end, which
//! would make the filled window an overline); the defender answers a stone
//! on a paired cell with its mate, so no window holding a pair is ever
//! filled; and a stone elsewhere with the empty cell, outside the pairs,
//! that lowers the potential the most (Erdős–Selfridge): each pair of
//! moves (defender, attacker) does not raise the sum, and a filled window
//! alone would be worth one; so with the defender to move (who starts
//! outside the pairs, or anywhere when no cell is left there: a defender
//! stone on a paired cell only kills windows) a sum below one holds, and
//! with the attacker to move, whose first stone at most doubles the sum,
//! a sum below one half. With the defender to move the attacker has
//! ⌊E/2⌋ stones left, not ⌈E/2⌉. Both parts use disjoint cells, so each
//! keeps its guarantee.
//!
//! An entry may stand for every move that has none of its own: `* REPLY
//! NEXT` (or `* REPLY -`, `* -`, `* hold PAIRS`), the node's *default*, at
//! most one per node. Each empty cell without an entry of its own is then
//! played and answered by it, exactly as if the entry were written for
//! that cell.
//!
//! A node is a strategy, not a position: it is checked at every position
//! that reaches it, from scratch, and each (node, position) once (the
//! stones are kept and compared, never a hash of them). So a node written
//! for one position may serve others (the writer shares a refutation
//! among the attacker moves outside its disproof zone this way), and
//! whatever the writer claimed, every position the strategy reaches is
//! replayed: every attacker move answered, every reply legal, every
//! static draw recomputed there. The walk ends: each step adds two
//! stones. Its size is bounded by [`MAX_KEPT`] bytes of kept positions;
//! past that the certificate is refused as too large, never half
//! checked.
//!
//! A reference may name a symmetry of the board, `NEXT/S`: the checker
//! maps the position reached by `S` itself ([`Sym`]) and goes on at the
//! image, where the node's stones are compared or recorded as above. A
//! symmetry maps the board onto itself and every window onto a window
//! (rows, columns and diagonals onto rows, columns and diagonals, flank
//! cells onto flank cells), and the game certified is the whole game (any
//! cell for either side, no horizon), so whoever wins from the image wins
//! from the position, by the same moves mapped back: a strategy checked
//! at the image is one for the position.

use std::collections::HashMap;
use std::rc::Rc;

use crate::header::strip_comment;
use crate::rules::{Grid, EMPTY, O, X};
use crate::tree::{parse_point, stone};
use crate::{CheckReport, Flaw, FlawKind, PlainPosition, Point, Proves};
use kinrow_board::{Attack, Candidates, Rule};

/// One attacker move of a node.
#[derive(Clone, Debug)]
struct Answer {
    /// `None` for the node's default, `*`: every move with no entry of
    /// its own.
    mv: Option<Point>,
    /// `None`: the move fills the board, or `hold` follows it.
    reply: Option<Point>,
    /// `None`: the game is over after the reply.
    next: Option<usize>,
    /// `MOVE hold PAIRS`: a static draw with the defender to move.
    hold: Option<Vec<(Point, Point)>>,
    /// `NEXT/S`: the position after the reply, mapped by this, is the
    /// node's.
    sym: Sym,
}

/// A symmetry of the board, written `t`, `x`, `y` or several of them in
/// that order (`tx`, `txy`, ...), the identity by nothing: `t` swaps the
/// coordinates, (x, y) -> (y, x) (square boards only), then `x` mirrors the
/// columns, x -> width - 1 - x, then `y` the rows, y -> height - 1 - y.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sym {
    swap: bool,
    mirror_x: bool,
    mirror_y: bool,
}

impl Sym {
    /// `t`, `x`, `y` in that order, each at most once, at least one.
    fn parse(text: &str, no: usize) -> Result<Sym, Flaw> {
        let bad = || {
            malformed(
                no,
                format!("`{text}` is no symmetry (`t`, `x`, `y`, in that order)"),
            )
        };
        let rest = text;
        let (swap, rest) = rest.strip_prefix('t').map_or((false, rest), |r| (true, r));
        let (mirror_x, rest) = rest.strip_prefix('x').map_or((false, rest), |r| (true, r));
        let (mirror_y, rest) = rest.strip_prefix('y').map_or((false, rest), |r| (true, r));
        let sym = Sym {
            swap,
            mirror_x,
            mirror_y,
        };
        if !rest.is_empty() || sym == Sym::default() {
            return Err(bad());
        }
        Ok(sym)
    }

    /// The image of `(x, y)` on a board of `width` x `height` (square when
    /// `swap`).
    fn map(self, (x, y): (i32, i32), width: i32, height: i32) -> (i32, i32) {
        let (mut a, mut b) = if self.swap { (y, x) } else { (x, y) };
        if self.mirror_x {
            a = width - 1 - a;
        }
        if self.mirror_y {
            b = height - 1 - b;
        }
        (a, b)
    }
}

/// What a node says.
#[derive(Clone, Debug)]
enum Body {
    Hold(Vec<(Point, Point)>),
    Answers(Vec<Answer>),
}

/// A node line.
#[derive(Clone, Debug)]
struct NodeLine {
    /// 1-based line number in the file.
    no: usize,
    /// Shared, so that a visit holds it while the walk goes on below.
    body: Rc<Body>,
}

fn malformed(no: usize, detail: impl Into<String>) -> Flaw {
    Flaw::new(FlawKind::Malformed, Some(no), detail)
}

/// Reads the node lines, from line index `start` up to `end`.
fn read_nodes(text: &str, start: usize) -> Result<Vec<NodeLine>, Flaw> {
    let mut out: Vec<NodeLine> = Vec::new();
    for (i, raw) in text.lines().enumerate().skip(start) {
        let no = i + 1;
        let content = strip_comment(raw).trim();
        if content.is_empty() {
            continue;
        }
        if content == "end" {
            return Ok(out);
        }
        let (id, rest) = content.split_once(' ').unwrap_or((content, ""));
        if id.parse::<usize>().ok() != Some(out.len()) {
            return Err(malformed(
                no,
                format!("expected node {} (nodes are numbered in order)", out.len()),
            ));
        }
        let rest = rest.trim();
        let body = if let Some(pairs) = rest.strip_prefix("hold") {
            Body::Hold(read_pairs(pairs, no)?)
        } else {
            Body::Answers(read_answers(rest, no)?)
        };
        out.push(NodeLine {
            no,
            body: Rc::new(body),
        });
    }
    Err(Flaw::new(
        FlawKind::Truncated,
        None,
        "the file ends before its `end` line",
    ))
}

/// `a1:b2 c3:d4`: pairs of cells; nothing for no pair.
fn read_pairs(text: &str, no: usize) -> Result<Vec<(Point, Point)>, Flaw> {
    if !text.is_empty() && !text.starts_with(' ') {
        return Err(malformed(no, "`hold` is followed by pairs of cells"));
    }
    read_pair_words(text.split_whitespace(), no)
}

/// Pairs written `a1:b2`, one a word.
fn read_pair_words<'a>(
    words: impl Iterator<Item = &'a str>,
    no: usize,
) -> Result<Vec<(Point, Point)>, Flaw> {
    let mut pairs = Vec::new();
    for word in words {
        let Some((a, b)) = word.split_once(':') else {
            return Err(malformed(no, "a pair is two cells joined by `:`"));
        };
        pairs.push((parse_point(a, no)?, parse_point(b, no)?));
    }
    Ok(pairs)
}

/// `MOVE REPLY NEXT, MOVE REPLY -, MOVE -`.
fn read_answers(text: &str, no: usize) -> Result<Vec<Answer>, Flaw> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for part in text.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let answer =
            match words.as_slice() {
                [mv, "-"] => Answer {
                    mv: parse_move(mv, no)?,
                    reply: None,
                    next: None,
                    hold: None,
                    sym: Sym::default(),
                },
                [mv, "hold", pairs @ ..] => Answer {
                    mv: parse_move(mv, no)?,
                    reply: None,
                    next: None,
                    hold: Some(read_pair_words(pairs.iter().copied(), no)?),
                    sym: Sym::default(),
                },
                [mv, reply, next] => {
                    let (next, sym) = match next.split_once('/') {
                        Some((n, s)) => (n, Sym::parse(s, no)?),
                        None => (*next, Sym::default()),
                    };
                    Answer {
                        mv: parse_move(mv, no)?,
                        reply: Some(parse_point(reply, no)?),
                        next: match next {
                            "-" if sym == Sym::default() => None,
                            n => Some(
                                n.parse()
                                    .map_err(|_| malformed(no, format!("`{n}` is no node")))?,
                            ),
                        },
                        hold: None,
                        sym,
                    }
                }
                _ => return Err(malformed(
                    no,
                    "an entry is `MOVE REPLY NEXT`, `MOVE REPLY -`, `MOVE -` or `MOVE hold PAIRS`",
                )),
            };
        out.push(answer);
    }
    if out.iter().filter(|a| a.mv.is_none()).count() > 1 {
        return Err(malformed(no, "a node has at most one default entry (`*`)"));
    }
    Ok(out)
}

/// An attacker move: a cell, or `*` for the node's default.
fn parse_move(text: &str, no: usize) -> Result<Option<Point>, Flaw> {
    if text == "*" {
        return Ok(None);
    }
    parse_point(text, no).map(Some)
}

/// The walk over the DAG.
struct Walker {
    grid: Grid,
    attacker: u8,
    defender: u8,
    nodes: Vec<NodeLine>,
    /// Each (node, position) checked, with the longest line of play from
    /// it in plies.
    seen: Seen,
    /// The most (node, position) pairs kept.
    seen_limit: usize,
    path: Vec<Point>,
    report: CheckReport,
}

impl Walker {
    fn flaw(&self, kind: FlawKind, line: usize, detail: impl Into<String>) -> Flaw {
        let mut f = Flaw::new(kind, Some(line), detail);
        f.path.clone_from(&self.path);
        f
    }

    /// Checks that `p` is on the board and empty (for line `no`).
    fn empty_cell(&self, p: Point, no: usize) -> Result<(i32, i32), Flaw> {
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        if !self.grid.on_board(x, y) {
            return Err(self.flaw(FlawKind::OffBoard, no, format!("{p} is off the board")));
        }
        if self.grid.get(x, y) != Some(EMPTY) {
            return Err(self.flaw(FlawKind::Occupied, no, format!("{p} holds a stone")));
        }
        Ok((x, y))
    }

    /// Checks node `id` at the current position (attacker to move), which
    /// the line `from` leads to; returns the longest line from it.
    fn visit(&mut self, id: usize, from: usize) -> Result<u32, Flaw> {
        let Some(node) = self.nodes.get(id) else {
            return Err(self.flaw(FlawKind::WrongNode, from, format!("no node {id}")));
        };
        let (no, body) = (node.no, Rc::clone(&node.body));
        let key = (id as u32, pack(&self.grid.cells));
        if let Some(&height) = self.seen.get(&key) {
            return Ok(height);
        }
        if self.report.positions >= self.seen_limit as u64 {
            let detail = format!(
                "its replay reaches more than {} positions, past {MAX_KEPT} bytes kept",
                self.seen_limit
            );
            return Err(self.flaw(FlawKind::TooLarge, from, detail));
        }
        self.report.positions += 1;
        let height = match &*body {
            Body::Hold(pairs) => {
                self.hold(pairs, no, true)?;
                self.report.static_leaves += 1;
                0
            }
            Body::Answers(answers) => self.answers(answers, no)?,
        };
        self.seen.insert(key, height);
        Ok(height)
    }

    /// [`Walker::visit`] at the current position mapped by `sym`; the
    /// position is restored after.
    fn visit_mapped(&mut self, id: usize, sym: Sym, from: usize) -> Result<u32, Flaw> {
        let (w, h) = (self.grid.width, self.grid.height);
        if sym.swap && w != h {
            return Err(malformed(
                from,
                "`t` (swapping the coordinates) needs a square board",
            ));
        }
        let mut image = vec![EMPTY; self.grid.cells.len()];
        for y in 0..h {
            for x in 0..w {
                let (a, b) = sym.map((x, y), w, h);
                image[(b * w + a) as usize] = self.grid.cells[(y * w + x) as usize];
            }
        }
        let here = std::mem::replace(&mut self.grid.cells, image);
        let height = self.visit(id, from);
        self.grid.cells = here;
        height
    }

    /// Every attacker move answered, by its own entry or else by the
    /// node's default; the longest line below.
    fn answers(&mut self, answers: &[Answer], no: usize) -> Result<u32, Flaw> {
        let w = self.grid.width;
        let mut answered = vec![false; self.grid.cells.len()];
        let mut longest = 0;
        for a in answers {
            let Some(mv) = a.mv else { continue };
            let (x, y) = self.empty_cell(mv, no)?;
            if std::mem::replace(&mut answered[(y * w + x) as usize], true) {
                let detail = format!("{mv} is answered twice");
                let mut f = self.flaw(FlawKind::DuplicateReply, no, detail);
                f.path.push(mv);
                return Err(f);
            }
            longest = longest.max(self.answer(mv, a, no)?);
        }
        let default = answers.iter().find(|a| a.mv.is_none());
        for y in 0..self.grid.height {
            for x in 0..w {
                if self.grid.get(x, y) != Some(EMPTY) || answered[(y * w + x) as usize] {
                    continue;
                }
                let p = Point {
                    x: x as u16,
                    y: y as u16,
                };
                let Some(a) = default else {
                    let detail = format!("the attacker move {p} is not answered");
                    let mut f = self.flaw(FlawKind::UnansweredMove, no, detail);
                    f.path.push(p);
                    return Err(f);
                };
                longest = longest.max(self.answer(p, a, no)?);
            }
        }
        Ok(longest)
    }

    /// The attacker move `mv` (on an empty cell) answered by the entry `a`;
    /// the plies from the move to the end of the longest line.
    fn answer(&mut self, mv: Point, a: &Answer, no: usize) -> Result<u32, Flaw> {
        self.path.push(mv);
        let (x, y) = (i32::from(mv.x), i32::from(mv.y));
        self.report.attacker_moves += 1;
        self.grid.place(x, y, self.attacker);
        if self.grid.wins_at(x, y) {
            let detail = format!("{mv} completes the attacker's line");
            return Err(self.flaw(FlawKind::AttackerWins, no, detail));
        }
        let plies = self.after_move(mv, a, no)?;
        self.grid.clear(x, y);
        self.path.pop();
        Ok(plies)
    }

    /// The defender's reply to the move of `a` (played) and what follows;
    /// the plies from the move to the end of the line.
    fn after_move(&mut self, mv: Point, a: &Answer, no: usize) -> Result<u32, Flaw> {
        if let Some(pairs) = &a.hold {
            if self.grid.is_full() {
                let detail = format!("the game is over after {mv}");
                return Err(self.flaw(FlawKind::AfterWin, no, detail));
            }
            self.hold(pairs, no, false)?;
            self.report.static_leaves += 1;
            return Ok(1);
        }
        let Some(reply) = a.reply else {
            if self.grid.is_full() {
                return Ok(1);
            }
            let detail = format!("{mv} does not fill the board and has no reply");
            return Err(self.flaw(FlawKind::NoReply, no, detail));
        };
        self.path.push(reply);
        let (x, y) = self.empty_cell(reply, no)?;
        self.grid.place(x, y, self.defender);
        let over = self.grid.wins_at(x, y) || self.grid.is_full();
        let plies = match (over, a.next) {
            (true, None) => 2,
            (false, Some(next)) if a.sym == Sym::default() => 2 + self.visit(next, no)?,
            (false, Some(next)) => 2 + self.visit_mapped(next, a.sym, no)?,
            (true, Some(_)) => {
                let detail = format!("the game is over after {reply}");
                return Err(self.flaw(FlawKind::AfterWin, no, detail));
            }
            (false, None) => {
                let detail = format!("the game goes on after {reply}: a node must follow");
                return Err(self.flaw(FlawKind::NoReply, no, detail));
            }
        };
        self.grid.clear(x, y);
        self.path.pop();
        Ok(plies)
    }

    /// Judges a static draw from scratch (module docs), with the attacker
    /// to move (a `hold` node) or the defender (`MOVE hold PAIRS`).
    fn hold(&mut self, pairs: &[(Point, Point)], no: usize, attacker: bool) -> Result<(), Flaw> {
        let w = self.grid.width;
        // The pair of each cell, by its number (none: `usize::MAX`).
        let mut pair_of = vec![usize::MAX; self.grid.cells.len()];
        for (i, &(a, b)) in pairs.iter().enumerate() {
            for p in [a, b] {
                let (x, y) = self.empty_cell(p, no)?;
                let at = &mut pair_of[(y * w + x) as usize];
                if *at != usize::MAX {
                    let detail = format!("{p} is in two pairs (or paired with itself)");
                    return Err(self.flaw(FlawKind::SharedPair, no, detail));
                }
                *at = i;
            }
        }
        let k = self.grid.k;
        let mut sum = 0u128;
        let mut unpaired = None;
        let mut seen: Vec<usize> = Vec::new();
        self.for_each_live_window(attacker, |cells| {
            // A pair serves the window when both its cells are in it (pairs
            // are disjoint: a pair seen twice is one).
            seen.clear();
            let mut outside = 0u32;
            for &c in cells {
                match pair_of[c] {
                    usize::MAX if self.grid.cells[c] == EMPTY => outside += 1,
                    usize::MAX => {}
                    p if seen.contains(&p) => return,
                    p => seen.push(p),
                }
            }
            if outside == 0 {
                unpaired.get_or_insert(cells[0]);
            }
            sum += 1u128 << (k - outside.min(k));
        });
        if let Some(c) = unpaired {
            let first = Point {
                x: (c as i32 % w) as u16,
                y: (c as i32 / w) as u16,
            };
            let detail = format!(
                "the live window from {first} holds no pair and no empty cell outside the pairs"
            );
            return Err(self.flaw(FlawKind::StaticFails, no, detail));
        }
        // The bound, scaled by 2^k: one half with the attacker to move,
        // one with the defender to move.
        let (limit, words) = if attacker {
            (1u128 << (k - 1), "1/2")
        } else {
            (1u128 << k, "1")
        };
        if sum >= limit {
            let detail =
                format!("the unpaired live windows' potential is {sum}/2^{k}, not below {words}");
            return Err(self.flaw(FlawKind::StaticFails, no, detail));
        }
        Ok(())
    }

    /// Calls `f` with the cells (indices, in order along the line) of each
    /// of the attacker's live windows (module docs); `attacker` when the
    /// attacker is to move.
    fn for_each_live_window(&self, attacker: bool, mut f: impl FnMut(&[usize])) {
        let g = &self.grid;
        let empty = g.cells.iter().filter(|&&c| c == EMPTY).count() as u32;
        // The attacker has ⌈E/2⌉ stones left when it is to move, ⌊E/2⌋
        // when the defender is.
        let stones_left = if attacker {
            empty.div_ceil(2)
        } else {
            empty / 2
        };
        let k = g.k as i32;
        let mut cells = Vec::with_capacity(k as usize);
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
            for y in 0..g.height {
                for x in 0..g.width {
                    let (ex, ey) = (x + (k - 1) * dx, y + (k - 1) * dy);
                    if !g.on_board(ex, ey) {
                        continue;
                    }
                    cells.clear();
                    cells.extend((0..k).map(|i| ((y + i * dy) * g.width + x + i * dx) as usize));
                    if cells.iter().any(|&c| g.cells[c] == self.defender) {
                        continue;
                    }
                    let flanks = [(x - dx, y - dy), (x + k * dx, y + k * dy)];
                    let at = |(cx, cy): (i32, i32)| g.get(cx, cy);
                    if g.exact && flanks.iter().any(|&c| at(c) == Some(self.attacker)) {
                        continue;
                    }
                    let e = cells.iter().filter(|&&c| g.cells[c] == EMPTY).count() as u32;
                    if e <= stones_left {
                        f(&cells);
                    }
                }
            }
        }
    }
}

/// The most bytes of positions a replay keeps (see the module docs).
pub const MAX_KEPT: usize = 4 << 30;

/// The checked (node, position) pairs, the position packed.
type Seen = HashMap<(u32, Packed), u32>;

/// A position's stones, two bits a cell: in place up to 64 cells, else on
/// the heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Packed {
    Small([u64; 2]),
    Large(Box<[u64]>),
}

/// The bytes one kept position takes at most, its map slot and growth
/// included, for a board of `cells` cells.
fn kept_bytes(cells: usize) -> usize {
    let heap = if cells <= 64 {
        0
    } else {
        32 + cells.div_ceil(32) * 8
    };
    96 + heap
}

/// The stones of `cells`, packed.
fn pack(cells: &[u8]) -> Packed {
    let mut out = vec![0u64; cells.len().div_ceil(32).max(2)];
    for (i, &c) in cells.iter().enumerate() {
        out[i / 32] |= u64::from(c & 3) << (2 * (i % 32));
    }
    if cells.len() <= 64 {
        Packed::Small([out[0], out[1]])
    } else {
        Packed::Large(out.into_boxed_slice())
    }
}

/// Checks the DAG of `text`, which starts at line index `start`, for the
/// position `setup`.
pub(crate) fn walk(setup: &PlainPosition, text: &str, start: usize) -> Result<CheckReport, Flaw> {
    walk_within(setup, text, start, MAX_KEPT)
}

/// [`walk`], keeping at most `max_kept` bytes of positions.
fn walk_within(
    setup: &PlainPosition,
    text: &str,
    start: usize,
    max_kept: usize,
) -> Result<CheckReport, Flaw> {
    let whole = |detail: &str| Err(Flaw::new(FlawKind::NotWholeGame, None, detail));
    if setup.rule == Rule::Renju {
        return whole("a draw certificate is for freestyle or exact, not renju");
    }
    if setup.candidates != Candidates::All || setup.attack != Attack::Any || setup.depth.is_some() {
        return whole(
            "a draw certificate is for a whole game: `candidates all`, `attack any`, no depth",
        );
    }
    let cells: Vec<u8> = setup.cells.iter().map(|&c| stone(c)).collect();
    let grid = Grid {
        width: setup.width as i32,
        height: setup.height as i32,
        k: setup.k,
        exact: setup.rule == Rule::Exact,
        renju: false,
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
    let nodes = read_nodes(text, start)?;
    if nodes.is_empty() {
        return Err(Flaw::new(FlawKind::Malformed, None, "the DAG has no node"));
    }
    let attacker = stone(Some(setup.to_move));
    let first = nodes[0].no;
    let n_cells = grid.cells.len();
    let mut w = Walker {
        grid,
        attacker,
        defender: if attacker == X { O } else { X },
        nodes,
        seen: HashMap::new(),
        seen_limit: max_kept / kept_bytes(n_cells),
        path: Vec::new(),
        report: CheckReport {
            proves: Proves::NoWin,
            ..CheckReport::default()
        },
    };
    w.report.longest_line = w.visit(0, first)?;
    Ok(w.report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_past_its_memory_is_refused() {
        // 6x1, k 3: two positions to check (the root, and the one after a1
        // f1); room for one is refused, room for two is not.
        let setup = PlainPosition {
            width: 6,
            height: 1,
            k: 3,
            rule: Rule::Freestyle,
            cells: vec![None; 6],
            to_move: kinrow_board::Player::X,
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: None,
        };
        let text = "0 a1 f1 1, * hold\n1 hold\nend\n";
        let one = kept_bytes(6);
        let flaw = walk_within(&setup, text, 0, one).unwrap_err();
        assert_eq!(flaw.kind, FlawKind::TooLarge);
        let report = walk_within(&setup, text, 0, 2 * one).unwrap();
        assert_eq!((report.positions, report.attacker_moves), (2, 6));
    }
}

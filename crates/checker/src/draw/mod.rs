//! Checks a draw certificate: the defender's strategy as a DAG of numbered
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
//! A node is a strategy, not a position: a node written for one position
//! may serve others (the writer shares a refutation among the attacker
//! moves outside its disproof zone this way). Whatever the writer
//! claimed, the checker decides itself where a node holds: it checks the
//! node at a position reached, computes from what it checked (its own
//! code, the rules below) a *zone* of that position, and takes the node
//! as checked at every other position reaching it that is a *variant*:
//! the same defender stones, as many attacker stones, and the same ones
//! on the zone. Any other position reaching the node is checked there
//! from scratch (and gets its own zone). The stones are kept and
//! compared, never a hash of them. The walk ends: each step adds two
//! stones. Its size is bounded by [`MAX_KEPT`] bytes of kept positions;
//! past that the certificate is refused as too large, never half checked.
//! [`crate::check_replaying`] checks every position reached instead, as
//! if each zone were the whole board; a test compares the two on broken
//! certificates.
//!
//! # Zones
//!
//! The claim, for a node checked at R with zone Z (attacker to move) and
//! for an entry checked after the attacker's move, at S with zone Z
//! (defender to move): in every Z-variant the attacker has no line, and
//! the node's strategy, played there, passes every check it passed here
//! (so, by induction down to where play stops, the attacker never
//! completes a line). Being variants is an equivalence, so a zone of R is
//! one of each of its variants. The zones, computed bottom-up:
//!
//! - **The board full after the attacker's move** (`MOVE -`): none. A
//!   variant has the same defender stones and as many attacker stones on
//!   as many cells, so it is S.
//! - **A reply filling the board**: the reply's cell r. A variant has one
//!   empty cell, r, so it is S.
//! - **A reply completing the defender's line**: r, and for each window
//!   free of defender stones one empty cell of it (or, exact rule, an
//!   attacker stone on a flank of a full window, an overline), none where
//!   the zone holds one already. The defender's line needs only its own
//!   stones and r, empty in every variant; each window keeps its empty
//!   cell (or its overline) there, so the attacker has no line.
//! - **A reply leading to a node** whose zone (mapped back, for `N/S`) is
//!   Zc: Zc and r. In a variant S', r is empty and S'+r is a Zc-variant
//!   of S+r.
//! - **A static draw** (`hold`, `MOVE hold`): the pairs' cells; every
//!   empty cell of each live window no pair serves; and for each window
//!   free of defender stones that is not live, what kills it: an attacker
//!   stone on its flank (exact rule) or one more of its empty cells than
//!   the attacker has stones left (the count is the same in a variant, as
//!   many cells being empty). In a variant, the pairs are empty, a window
//!   dead stays dead, a paired window stays paired, and a live window no
//!   pair serves keeps its empty cells and perhaps gains some: its term of
//!   the potential is no larger, so the bound holds. No window is full of
//!   attacker stones (each is dead with a defender stone, an overline, or
//!   an empty cell, paired or in the potential, whose term would
//!   otherwise be 1).
//! - **An answered node**: the cells of the entries of its own and the
//!   union of every empty cell's entry zone. Let R' be a variant and m' a
//!   move there. If m' is in Z it is an empty cell of R (R' agrees with R
//!   on Z), answered by the same entry, and R'+m' is a variant of R+m' for
//!   that entry's zone, which Z holds. If m' is outside Z, it has no entry
//!   of its own (those are in Z), and the default answers it. Either some
//!   empty cell d of R lies outside Z: then d has no entry of its own
//!   either, the default answered it at R, d is outside its entry zone Zd,
//!   and R'+m' is a Zd-variant of R+d (both agree with R on Zd, which
//!   holds neither m' nor d). Or Z holds every empty cell of R: then a
//!   variant has them all empty and as many empty cells, so it is R.
//!
//! A zone only shrinks what is checked; it never adds a verdict. A zone
//! computed too small would accept a strategy that fails at a position it
//! does not check, which is what the tests break on purpose.
//!
//! A reference may name a symmetry of the board, `NEXT/S`: the checker
//! maps the position reached by `S` itself ([`Sym`]) and goes on at the
//! image, where the node is looked up or checked as above, and its zone
//! mapped back. A symmetry maps the board onto itself and every window
//! onto a window (rows, columns and diagonals onto rows, columns and
//! diagonals, flank cells onto flank cells), and the game certified is
//! the whole game (any cell for either side, no horizon), so whoever wins
//! from the image wins from the position, by the same moves mapped back:
//! a strategy checked at the image is one for the position, and the
//! images of a zone's variants are the variants of the zone's image.

mod hold;
mod read;
mod zone;

use std::rc::Rc;

use crate::rules::{Grid, EMPTY, O, X};
use crate::tree::{grid_of, stone};
use crate::{CheckReport, Flaw, FlawKind, PlainPosition, Point, Proves};
use kinrow_board::{Attack, Candidates, Rule};
use read::{malformed, read_nodes, Answer, Body, NodeLine, Sym};
use zone::{Cells, Kept};

/// The walk over the DAG.
struct Walker {
    grid: Grid,
    attacker: u8,
    defender: u8,
    /// The stones of each side on `grid`, as sets.
    attackers: Cells,
    defenders: Cells,
    nodes: Vec<NodeLine>,
    /// Every window of the board.
    windows: Vec<hold::Window>,
    /// Each (node, position) checked, with its zone and the longest line
    /// of play from it in plies.
    kept: Kept,
    /// The most (node, position) pairs kept.
    kept_limit: usize,
    /// Whether a position reached is served by a checked one of which it
    /// is a variant (else only by the same position).
    zones: bool,
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

    fn index(&self, p: Point) -> usize {
        usize::from(p.y) * self.grid.width as usize + usize::from(p.x)
    }

    /// Puts a stone of `side` on the empty cell `p`.
    fn put(&mut self, p: Point, side: u8) {
        let i = self.index(p);
        self.grid.place(i32::from(p.x), i32::from(p.y), side);
        if side == self.attacker {
            self.attackers.add(i);
        } else {
            self.defenders.add(i);
        }
    }

    /// Takes the stone off `p`.
    fn take(&mut self, p: Point) {
        let i = self.index(p);
        self.grid.clear(i32::from(p.x), i32::from(p.y));
        self.attackers.remove(i);
        self.defenders.remove(i);
    }

    /// The stones of each side of `grid`, as sets.
    fn sets(&self) -> (Cells, Cells) {
        let (mut a, mut d) = (Cells::default(), Cells::default());
        for (i, &c) in self.grid.cells.iter().enumerate() {
            if c == self.attacker {
                a.add(i);
            } else if c == self.defender {
                d.add(i);
            }
        }
        (a, d)
    }

    /// Checks node `id` at the current position (attacker to move), which
    /// the line `from` leads to, unless a checked position of the node
    /// serves it; returns the node's zone there and the longest line from
    /// it.
    fn visit(&mut self, id: usize, from: usize) -> Result<(Cells, u32), Flaw> {
        let Some(node) = self.nodes.get(id) else {
            return Err(self.flaw(FlawKind::WrongNode, from, format!("no node {id}")));
        };
        if let Some(found) = self.kept.find(id as u32, &self.attackers, &self.defenders) {
            return Ok(found);
        }
        let (no, body) = (node.no, Rc::clone(&node.body));
        if self.report.positions >= self.kept_limit as u64 {
            let detail = format!(
                "its check reaches more than {} positions, past {MAX_KEPT} bytes kept",
                self.kept_limit
            );
            return Err(self.flaw(FlawKind::TooLarge, from, detail));
        }
        self.report.positions += 1;
        let (zone, height) = match &*body {
            Body::Hold(pairs) => {
                let zone = self.hold(pairs, no, true)?;
                self.report.static_leaves += 1;
                (zone, 0)
            }
            Body::Answers(answers) => self.answers(answers, no)?,
        };
        let zone = if self.zones {
            zone
        } else {
            Cells::all(self.grid.cells.len())
        };
        let (a, d) = (self.attackers, self.defenders);
        self.kept.keep(id as u32, &a, &d, &zone, height);
        Ok((zone, height))
    }

    /// [`Walker::visit`] at the current position mapped by `sym`; the
    /// position is restored after, and the zone mapped back.
    fn visit_mapped(&mut self, id: usize, sym: Sym, from: usize) -> Result<(Cells, u32), Flaw> {
        let (w, h) = (self.grid.width, self.grid.height);
        if sym.swap && w != h {
            return Err(malformed(
                from,
                "`t` (swapping the coordinates) needs a square board",
            ));
        }
        let n = self.grid.cells.len();
        let mut image = vec![EMPTY; n];
        let mut image_of = vec![0; n];
        for y in 0..h {
            for x in 0..w {
                let (a, b) = sym.map((x, y), w, h);
                let (i, j) = ((y * w + x) as usize, (b * w + a) as usize);
                image[j] = self.grid.cells[i];
                image_of[i] = j;
            }
        }
        let here = std::mem::replace(&mut self.grid.cells, image);
        let sets = (self.attackers, self.defenders);
        (self.attackers, self.defenders) = self.sets();
        let found = self.visit(id, from);
        self.grid.cells = here;
        (self.attackers, self.defenders) = sets;
        let (zone, height) = found?;
        let mut back = Cells::default();
        for (i, &j) in image_of.iter().enumerate() {
            if zone.has(j) {
                back.add(i);
            }
        }
        Ok((back, height))
    }

    /// Every attacker move answered, by its own entry or else by the
    /// node's default; the node's zone and the longest line below.
    fn answers(&mut self, answers: &[Answer], no: usize) -> Result<(Cells, u32), Flaw> {
        let mut answered = Cells::default();
        let mut zone = Cells::default();
        let mut longest = 0;
        for a in answers {
            let Some(mv) = a.mv else { continue };
            self.empty_cell(mv, no)?;
            if answered.has(self.index(mv)) {
                let detail = format!("{mv} is answered twice");
                let mut f = self.flaw(FlawKind::DuplicateReply, no, detail);
                f.path.push(mv);
                return Err(f);
            }
            answered.add(self.index(mv));
            let (z, plies) = self.answer(mv, a, no)?;
            zone.add(self.index(mv));
            zone.add_all(&z);
            longest = longest.max(plies);
        }
        let default = answers.iter().find(|a| a.mv.is_none());
        for y in 0..self.grid.height {
            for x in 0..self.grid.width {
                let p = Point {
                    x: x as u16,
                    y: y as u16,
                };
                if self.grid.get(x, y) != Some(EMPTY) || answered.has(self.index(p)) {
                    continue;
                }
                let Some(a) = default else {
                    let detail = format!("the attacker move {p} is not answered");
                    let mut f = self.flaw(FlawKind::UnansweredMove, no, detail);
                    f.path.push(p);
                    return Err(f);
                };
                let (z, plies) = self.answer(p, a, no)?;
                zone.add_all(&z);
                longest = longest.max(plies);
            }
        }
        Ok((zone, longest))
    }

    /// The attacker move `mv` (on an empty cell) answered by the entry `a`;
    /// the zone of the position after the move and the plies from the
    /// move to the end of the longest line.
    fn answer(&mut self, mv: Point, a: &Answer, no: usize) -> Result<(Cells, u32), Flaw> {
        self.path.push(mv);
        self.report.attacker_moves += 1;
        self.put(mv, self.attacker);
        if self.grid.wins_at(i32::from(mv.x), i32::from(mv.y)) {
            let detail = format!("{mv} completes the attacker's line");
            return Err(self.flaw(FlawKind::AttackerWins, no, detail));
        }
        let after = self.after_move(mv, a, no)?;
        self.take(mv);
        self.path.pop();
        Ok(after)
    }

    /// The defender's reply to the move of `a` (played) and what follows;
    /// the zone of the position after the move, and the plies from the
    /// move to the end of the line.
    fn after_move(&mut self, mv: Point, a: &Answer, no: usize) -> Result<(Cells, u32), Flaw> {
        if let Some(pairs) = &a.hold {
            if self.grid.is_full() {
                let detail = format!("the game is over after {mv}");
                return Err(self.flaw(FlawKind::AfterWin, no, detail));
            }
            let zone = self.hold(pairs, no, false)?;
            self.report.static_leaves += 1;
            return Ok((zone, 1));
        }
        let Some(reply) = a.reply else {
            if self.grid.is_full() {
                return Ok((Cells::default(), 1));
            }
            let detail = format!("{mv} does not fill the board and has no reply");
            return Err(self.flaw(FlawKind::NoReply, no, detail));
        };
        self.path.push(reply);
        let (x, y) = self.empty_cell(reply, no)?;
        self.put(reply, self.defender);
        let over = self.grid.wins_at(x, y) || self.grid.is_full();
        let (mut zone, plies) = match (over, a.next) {
            (true, None) => {
                let mut zone = Cells::default();
                if !self.grid.is_full() && !self.keep_no_line(&mut zone) {
                    zone = Cells::all(self.grid.cells.len());
                }
                (zone, 2)
            }
            (false, Some(next)) if a.sym == Sym::default() => self.visit(next, no)?,
            (false, Some(next)) => self.visit_mapped(next, a.sym, no)?,
            (true, Some(_)) => {
                let detail = format!("the game is over after {reply}");
                return Err(self.flaw(FlawKind::AfterWin, no, detail));
            }
            (false, None) => {
                let detail = format!("the game goes on after {reply}: a node must follow");
                return Err(self.flaw(FlawKind::NoReply, no, detail));
            }
        };
        zone.add(self.index(reply));
        self.take(reply);
        self.path.pop();
        Ok((zone, plies + if over { 0 } else { 2 }))
    }
}

/// The most bytes of checked positions kept (see the module docs).
pub const MAX_KEPT: usize = 4 << 30;

/// Checks the DAG of `text`, which starts at line index `start`, for the
/// position `setup`: with the zones (module docs), or, without, every
/// position reached checked.
pub(crate) fn walk(
    setup: &PlainPosition,
    text: &str,
    start: usize,
    zones: bool,
) -> Result<CheckReport, Flaw> {
    walk_within(setup, text, start, MAX_KEPT, zones)
}

/// [`walk`], keeping at most `max_kept` bytes of positions.
fn walk_within(
    setup: &PlainPosition,
    text: &str,
    start: usize,
    max_kept: usize,
    zones: bool,
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
    let grid = grid_of(setup)?;
    let windows = hold::windows(&grid);
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
        attackers: Cells::default(),
        defenders: Cells::default(),
        nodes,
        windows,
        kept: Kept::new(n_cells),
        kept_limit: max_kept / Kept::bytes_each(n_cells),
        zones,
        path: Vec::new(),
        report: CheckReport {
            proves: Proves::NoWin,
            ..CheckReport::default()
        },
    };
    (w.attackers, w.defenders) = w.sets();
    w.report.longest_line = w.visit(0, first)?.1;
    Ok(w.report)
}

#[cfg(test)]
mod tests;

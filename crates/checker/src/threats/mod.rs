//! Checks a threat-space certificate: the defender's refutation of every
//! threat sequence, behind a `no-threat-win` (the attacker has no win
//! within the horizon in its threat space).
//!
//! # The game certified
//!
//! The threat space of the attacker, with `d` plies left at its turn
//! (no horizon: as many as the board allows), under the position's rule,
//! candidates and attack filter, and a threat limit of `N` fours (`threats
//! N`) or none (`threats any`):
//!
//! - the attacker plays a candidate it may play (under renju x never on a
//!   forbidden point) that passes the attack filter and is a winning cell,
//!   a block of a winning cell of the defender, a four (a move after
//!   which it has a winning cell) or, with five plies or more left, an
//!   empty cell of a window of `k` cells with no defender stone and at
//!   most four empty cells;
//! - at the defender's turn with four plies or more left, where neither
//!   side has a winning cell, the attacker's move must have been a
//!   threat: were the defender to pass, the attacker, to move, would win
//!   by continuous fours ([`space::Rules::vcf`]) within `d - 1` plies
//!   after the pass (`d` counting the defender's turn) and within `2N + 1`
//!   under a limit; where it would not, the line is out of the space and
//!   the attacker has not won it;
//! - otherwise the defender plays any candidate (x never on a forbidden
//!   point under renju, where the defender may also pass, as RIF allows);
//! - the attacker wins by completing its line at ply `depth` or earlier;
//!   the defender completing its own line, a full board or the horizon
//!   end the attack without a win.
//!
//! # The certificate
//!
//! After the header (the position, its `depth` included) the line
//! `threats any` or `threats N`, then one line per *node*, a position
//! with the attacker to move, numbered from 0 in order (node 0 is the
//! header's position): its number and `-` (no entry) or entries separated
//! by commas, `MOVE REPLY NEXT`: the defender's reply to the attacker's
//! `MOVE` (`pass` under renju) and the node after both, `-` where no entry
//! follows (a node with none, or the game over after the reply). One entry
//! may have `*` for its move: the node's default, which answers every
//! move that needs an answer and has no entry of its own. A node is a
//! strategy and may serve several positions; the checker checks it at each
//! position (stones and plies left) that reaches it, once per position.
//!
//! # What is checked, and why it proves the no-threat-win
//!
//! At each node, at the position reached with `d` plies left:
//!
//! 1. no candidate of the attacker is a winning cell (with one, the
//!    attacker wins: a winning move passes every filter and is never
//!    forbidden);
//! 2. each entry's move is an empty candidate the attacker may play and
//!    that passes the filter; it does not fill the board; its reply is an
//!    empty candidate the defender may play (or a pass, under renju only),
//!    with a ply left for it; where the reply completes the defender's
//!    line or fills the board, `NEXT` is `-`; otherwise the node `NEXT`
//!    is checked at the position after both with `d - 2` plies left;
//! 3. with three plies or more left, every other attacker move of the
//!    space (above) is answered by the default, unless the checker finds
//!    on its own that it leaves the game: the board is full after it, or
//!    at the defender's turn after it (four plies or more left, neither
//!    side with a winning cell) the attacker's own VCF search, exhaustive
//!    within `min(d - 2, 2N + 1)` plies after a pass, finds none. With
//!    two plies or fewer the attacker can win only by a winning cell now,
//!    which 1. excludes.
//!
//! By induction on the plies left (and the empty cells, with no horizon),
//! every line of the game that follows the strategy from a checked node
//! ends without an attacker line: its first move is excluded by 1., or is
//! outside the space, or leaves the game by its rule, or is answered by a
//! reply after which the game ends or a checked node follows. Nothing the
//! writer says is believed but the strategy: the checker plays each entry,
//! finds the moves that need one with its own rules ([`space`]), and
//! compares stones, never hashes, to find a position checked before.

mod read;
mod space;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::rc::Rc;

use crate::tree::{grid_in_play, stone};
use crate::{CheckReport, Flaw, FlawKind, PlainPosition, Point, Proves};
use kinrow_board::Candidates;
use read::{malformed, read_nodes, Entry, Next, NodeLine, Reply};
use space::{Left, Rules};

/// The threat space a certificate is for: its `threats any` or `threats
/// N` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ThreatSpace {
    /// `N`: a threat is a VCF of at most `N` fours; `None`: any within the
    /// plies left.
    pub max_fours: Option<u32>,
}

impl ThreatSpace {
    /// Reads a `threats` line (`content`, line `no`); `None` for a line
    /// that is not one.
    pub(crate) fn parse(content: &str, no: usize) -> Result<Option<ThreatSpace>, Flaw> {
        let mut words = content.split_whitespace();
        if words.next() != Some("threats") {
            return Ok(None);
        }
        let max_fours = match words.next() {
            Some("any") => None,
            Some(n) if !n.is_empty() && n.len() <= 9 && n.bytes().all(|b| b.is_ascii_digit()) => {
                match n.parse::<u32>() {
                    Ok(n) if n >= 1 => Some(n),
                    _ => {
                        return Err(malformed(
                            no,
                            "`threats` is `any` or a number of fours, 1 or more",
                        ))
                    }
                }
            }
            _ => {
                return Err(malformed(
                    no,
                    "`threats` is `any` or a number of fours, 1 or more",
                ))
            }
        };
        if words.next().is_some() {
            return Err(malformed(no, "unexpected text after `threats`"));
        }
        Ok(Some(ThreatSpace { max_fours }))
    }

    /// The longest VCF after a pass that makes a move a threat.
    fn plies(self) -> u32 {
        self.max_fours
            .map_or(u32::MAX, |n| n.saturating_mul(2).saturating_add(1))
    }

    /// How the limit reads in words.
    pub(crate) fn words(self) -> String {
        self.max_fours
            .map_or_else(|| "any".to_string(), |n| n.to_string())
    }
}

/// The node number under which positions reached by `-` are kept.
const OPEN: u32 = u32::MAX;

/// The most bytes of checked positions kept (a certificate whose check
/// needs more is refused as too large).
pub const MAX_KEPT: usize = 1 << 30;

/// The walk over the DAG.
struct Walker {
    rules: Rules,
    nodes: Vec<NodeLine>,
    space: ThreatSpace,
    /// Each (node, plies left, stones) checked, with the longest line of
    /// play from it.
    kept: HashMap<(u32, Left, Vec<u8>), u32>,
    kept_limit: usize,
    path: Vec<Point>,
    report: CheckReport,
}

/// `left` less `n` plies (which it has).
fn minus(left: Left, n: u32) -> Left {
    left.map(|d| d - n)
}

/// Whether `left` is at least `n` plies.
fn at_least(left: Left, n: u32) -> bool {
    left.is_none_or(|d| d >= n)
}

impl Walker {
    fn flaw(&self, kind: FlawKind, line: usize, detail: impl Into<String>) -> Flaw {
        let mut f = Flaw::new(kind, Some(line), detail);
        f.path.clone_from(&self.path);
        f
    }

    fn point(&self, i: usize) -> Point {
        let (x, y) = self.rules.xy(i);
        Point {
            x: x as u16,
            y: y as u16,
        }
    }

    /// The index of `p`, which must be on the board and empty.
    fn empty_cell(&self, p: Point, no: usize) -> Result<usize, Flaw> {
        let (x, y) = (i32::from(p.x), i32::from(p.y));
        if !self.rules.grid.on_board(x, y) {
            return Err(self.flaw(FlawKind::OffBoard, no, format!("{p} is off the board")));
        }
        let i = (y * self.rules.grid.width + x) as usize;
        if !self.rules.is_empty(i) {
            return Err(self.flaw(FlawKind::Occupied, no, format!("{p} holds a stone")));
        }
        Ok(i)
    }

    /// Checks the node `next` (reached from line `from`) at the current
    /// position with `left` plies left, unless it was checked there
    /// before; the longest line of play from it.
    fn visit(&mut self, next: Next, left: Left, from: usize) -> Result<u32, Flaw> {
        let (id, no, entries) = match next {
            Next::Open => (OPEN, from, Rc::new(Vec::new())),
            Next::Node(n) => match self.nodes.get(n) {
                Some(node) => (n as u32, node.no, Rc::clone(&node.entries)),
                None => return Err(self.flaw(FlawKind::WrongNode, from, format!("no node {n}"))),
            },
        };
        let key = (id, left, self.rules.grid.cells.clone());
        if let Some(&longest) = self.kept.get(&key) {
            return Ok(longest);
        }
        if self.kept.len() >= self.kept_limit {
            let detail = format!(
                "its check reaches more than {} positions, past {MAX_KEPT} bytes kept",
                self.kept_limit
            );
            return Err(self.flaw(FlawKind::TooLarge, from, detail));
        }
        self.report.positions += 1;
        let longest = self.node(&entries, left, no)?;
        self.kept.insert(key, longest);
        Ok(longest)
    }

    /// The checks of one node (module docs) at the current position.
    fn node(&mut self, entries: &[Entry], left: Left, no: usize) -> Result<u32, Flaw> {
        let (attacker, defender) = (self.rules.attacker, self.rules.defender);
        if left == Some(0) {
            if !entries.is_empty() {
                return Err(self.flaw(FlawKind::TooDeep, no, "no plies are left at this node"));
            }
            return Ok(0);
        }
        let mine = self.rules.winning_cells(attacker);
        if let Some(w) = mine.iter().copied().find(|&w| self.rules.is_candidate(w)) {
            let p = self.point(w);
            let mut f = self.flaw(
                FlawKind::AttackerWins,
                no,
                format!("the attacker wins at once on {p}"),
            );
            f.path.push(p);
            return Err(f);
        }
        let mut listed = vec![false; self.rules.grid.cells.len()];
        let mut longest = 0;
        for e in entries {
            let Some(mv) = e.mv else { continue };
            let i = self.empty_cell(mv, no)?;
            if listed[i] {
                return Err(malformed(no, format!("{mv} has two entries")));
            }
            listed[i] = true;
            self.attacker_move(i, no)?;
            longest = longest.max(self.answer(i, e, left, no)?);
        }
        if !at_least(left, 3) {
            return Ok(longest);
        }
        let default = entries.iter().find(|e| e.mv.is_none());
        let theirs = self.rules.winning_cells(defender);
        for (i, &has_entry) in listed.iter().enumerate() {
            if has_entry || !self.rules.is_empty(i) {
                continue;
            }
            let Some(why) = self.needs_answer(i, left, (&mine, &theirs)) else {
                continue;
            };
            let Some(e) = default else {
                let p = self.point(i);
                let mut f = self.flaw(
                    FlawKind::UnansweredMove,
                    no,
                    format!("the attacker move {p} is in the threat space and not answered: {why}"),
                );
                f.path.push(p);
                return Err(f);
            };
            longest = longest.max(self.answer(i, e, left, no)?);
        }
        Ok(longest)
    }

    /// Checks that the empty cell `i` is a move the attacker may make
    /// here: a candidate, allowed by the rule and the filter.
    fn attacker_move(&mut self, i: usize, no: usize) -> Result<(), Flaw> {
        let p = self.point(i);
        let kind = if !self.rules.is_candidate(i) {
            Some((FlawKind::NotCandidate, "is not an attacker candidate"))
        } else if !self.rules.is_legal(self.rules.attacker, i) {
            Some((FlawKind::Forbidden, "is forbidden to x under renju"))
        } else if !self.rules.passes_filter(i) {
            Some((FlawKind::Filtered, "does not pass the attack filter"))
        } else {
            None
        };
        match kind {
            Some((kind, what)) => {
                let mut f = self.flaw(kind, no, format!("{p} {what}"));
                f.path.push(p);
                Err(f)
            }
            None => Ok(()),
        }
    }

    /// Why the attacker move on the empty cell `i`, with no entry of its
    /// own, needs an answer (`mine`, `theirs`: the attacker's and the
    /// defender's winning cells before it), or `None` where the checker
    /// finds that it is no move of the space or that the line leaves the
    /// game after it (module docs, 3.).
    ///
    /// The winning cells after the move are found from those before
    /// ([`Rules::winning_cells_after`](space::Rules::winning_cells_after)
    /// for the attacker's); the defender's are `theirs` less `i`, since a
    /// stone of the attacker makes or unmakes no run of the defender's.
    fn needs_answer(
        &mut self,
        i: usize,
        left: Left,
        (mine, theirs): (&[usize], &[usize]),
    ) -> Option<String> {
        let attacker = self.rules.attacker;
        if !self.rules.is_candidate(i) {
            return None;
        }
        let block = theirs.contains(&i);
        let live = at_least(left, 5) && self.rules.in_live_window(attacker, i);
        self.rules.place(i, attacker);
        let fours = self.rules.winning_cells_after(attacker, i, mine);
        self.rules.clear(i);
        if !(block || live || !fours.is_empty()) {
            return None;
        }
        if !self.rules.is_legal(attacker, i) || !self.rules.passes_filter(i) {
            return None;
        }
        self.rules.place(i, attacker);
        let why = if self.rules.grid.is_full() {
            None
        } else if !fours.is_empty() {
            Some("it is a four".to_string())
        } else if theirs.iter().any(|&w| w != i) {
            Some("the defender has a winning cell after it".to_string())
        } else if !at_least(left, 5) {
            Some("fewer than four plies are left after it, no threat needed".to_string())
        } else {
            // The defender's turn has `left - 1` plies, the attacker
            // `left - 2` after a pass.
            let plies = left.map_or(u32::MAX, |d| d - 2).min(self.space.plies());
            self.rules
                .vcf(attacker, plies)
                .then(|| format!("after a pass the attacker wins by fours within {plies} plies"))
        };
        self.rules.clear(i);
        if why.is_none() {
            self.report.quiet_moves += 1;
        }
        why
    }

    /// The attacker's move on the empty cell `i` answered by the entry
    /// `e`; the plies from the move to the end of the longest line.
    fn answer(&mut self, i: usize, e: &Entry, left: Left, no: usize) -> Result<u32, Flaw> {
        let mv = self.point(i);
        self.path.push(mv);
        self.report.attacker_moves += 1;
        self.rules.place(i, self.rules.attacker);
        if self.rules.wins_at(i) {
            return Err(self.flaw(
                FlawKind::AttackerWins,
                no,
                format!("{mv} completes the attacker's line"),
            ));
        }
        if self.rules.grid.is_full() {
            return Err(self.flaw(
                FlawKind::BoardFull,
                no,
                format!("{mv} fills the board: no reply follows"),
            ));
        }
        if left == Some(1) {
            return Err(self.flaw(
                FlawKind::TooDeep,
                no,
                format!("no ply is left for a reply to {mv}"),
            ));
        }
        let plies = match e.reply {
            Reply::Pass => {
                if !self.rules.grid.renju {
                    return Err(malformed(no, "a pass is a reply under renju only"));
                }
                2 + self.visit(e.next, minus(left, 2), no)?
            }
            Reply::Cell(r) => {
                let j = self.empty_cell(r, no)?;
                self.path.push(r);
                if !self.rules.is_candidate(j) {
                    return Err(self.flaw(
                        FlawKind::NotCandidate,
                        no,
                        format!("{r} is not a defender candidate"),
                    ));
                }
                if !self.rules.is_legal(self.rules.defender, j) {
                    return Err(self.flaw(
                        FlawKind::Forbidden,
                        no,
                        format!("{r} is forbidden to x under renju"),
                    ));
                }
                self.rules.place(j, self.rules.defender);
                let over = self.rules.wins_at(j) || self.rules.grid.is_full();
                let plies = match (over, e.next) {
                    (true, Next::Open) => 2,
                    (true, Next::Node(_)) => {
                        return Err(self.flaw(
                            FlawKind::AfterWin,
                            no,
                            format!("the game is over after {r}"),
                        ));
                    }
                    (false, next) => 2 + self.visit(next, minus(left, 2), no)?,
                };
                self.rules.clear(j);
                self.path.pop();
                plies
            }
        };
        self.rules.clear(i);
        self.path.pop();
        Ok(plies)
    }
}

/// Checks the DAG of `text`, which starts at line index `start`, for the
/// position `setup` in the threat space `space`.
pub(crate) fn walk(
    setup: &PlainPosition,
    space: ThreatSpace,
    text: &str,
    start: usize,
) -> Result<CheckReport, Flaw> {
    walk_within(setup, space, text, start, MAX_KEPT)
}

/// [`walk`], keeping at most `max_kept` bytes of positions.
fn walk_within(
    setup: &PlainPosition,
    space: ThreatSpace,
    text: &str,
    start: usize,
    max_kept: usize,
) -> Result<CheckReport, Flaw> {
    let grid = grid_in_play(setup)?;
    let nodes = read_nodes(text, start)?;
    let Some(first) = nodes.first().map(|n| n.no) else {
        return Err(Flaw::new(
            FlawKind::Malformed,
            None,
            "the certificate has no node",
        ));
    };
    let near = match setup.candidates {
        Candidates::Near(r) => Some(u32::from(r)),
        Candidates::All => None,
    };
    let cells = grid.cells.len();
    let mut w = Walker {
        rules: Rules::new(grid, stone(Some(setup.to_move)), near, setup.attack),
        nodes,
        space,
        kept: HashMap::new(),
        kept_limit: max_kept / (cells + 64),
        path: Vec::new(),
        report: CheckReport {
            proves: Proves::NoThreatWin {
                threat_limit: space.max_fours,
            },
            ..CheckReport::default()
        },
    };
    w.report.longest_line = w.visit(Next::Node(0), setup.depth, first)?;
    Ok(w.report)
}

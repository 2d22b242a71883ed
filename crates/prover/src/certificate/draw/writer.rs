//! The walk that writes a draw certificate (the module docs of
//! [`super`] argue it): the root's search, then each node of the DAG with
//! every attacker move answered, the replies tried in order and, where
//! nothing free holds, asked of the prover.

use super::text::body_text;
use super::zones::Zones;
use super::{DrawCertificate, DrawError, DrawOptions, DrawStats, Entry, Next, Node};
use crate::certificate::MAGIC;
use crate::kit::symmetry::Symmetries;
use crate::outcome::{Limits, Problem, Verdict};
use crate::progress::Progress;
use crate::prover::{Prover, Settled};
use crate::rules::pairing::{defender_holds, hold_pairs};
use ahash::AHashMap;
use kinrow_board::{Attack, Board, Candidates, Cell, SearchBoard};
use kinrow_format::write_board;
use std::sync::Arc;
use std::time::Instant;

/// [`write_draw_certificate`](super::write_draw_certificate) once the
/// problem is accepted.
pub(super) fn write_draw(
    problem: &Problem,
    prover: &mut dyn Prover,
    limits: &Limits,
    options: &DrawOptions,
) -> Result<DrawCertificate, DrawError> {
    let sym = Symmetries::new(problem.board.game().geometry(), true);
    let relate = relations(&sym, problem.board.game().geometry());
    let start = Instant::now();
    let (settled, root_nodes, calls) = root_search(problem, prover, limits)?;
    let mut w = Writer {
        sym,
        relate,
        frames: Vec::new(),
        prover,
        guides: settled.into_iter().collect(),
        progress: Progress::current(),
        limits: *limits,
        start,
        nodes_used: root_nodes,
        memo: AHashMap::new(),
        nodes: Vec::new(),
        zones: Zones::new(problem.board.game()),
        path: Vec::new(),
        options: *options,
        stats: DrawStats {
            prover_calls: calls,
            ..DrawStats::default()
        },
    };
    let mut board = problem.board.clone();
    w.node(&mut board)?;
    let body = body_text(&w.nodes, board.game().geometry());
    let header = format!(
        "{MAGIC}\n{}draw\n",
        write_board(&problem.board, problem.candidates, problem.attack, None)
    );
    let mut stats = w.stats;
    stats.nodes = w.nodes.len() as u64;
    stats.lines = header.lines().count() as u64 + stats.nodes + 1;
    stats.bytes = (header.len() + body.len() + 4) as u64;
    Ok(DrawCertificate {
        header,
        body,
        stats,
    })
}

/// What a search settled ([`Prover::take_settled`]).
type Guide = Box<dyn Settled + Send>;

/// What the root's search settled, for the writer to follow, and the
/// nodes and prover calls it took: the prover's last search if it hands
/// one over (the command line's solve), else a search of the root made
/// now. A root the search proves won is no draw; one it leaves open is
/// written without a guide, each reply asked of the prover.
fn root_search(
    problem: &Problem,
    prover: &mut dyn Prover,
    limits: &Limits,
) -> Result<(Option<Guide>, u64, u64), DrawError> {
    if let Some(settled) = prover.take_settled() {
        return Ok((Some(settled), 0, 0));
    }
    let root = prover.prove(problem, limits);
    if root.verdict == Verdict::Win {
        return Err(DrawError::AttackerWins {
            path: "the root".into(),
        });
    }
    Ok((prover.take_settled(), root.stats.nodes, 1))
}

/// `relate[p][n]`: the symmetry that maps a position of frame `p` onto a
/// position of frame `n` with the same canonical key (their frames map both
/// onto the canonical one, so the map is frame `n` undone after frame
/// `p`), found by comparing the maps cell by cell.
fn relations(sym: &Symmetries, g: &kinrow_board::Geometry) -> [[u8; 8]; 8] {
    let count = if g.width() == g.height() { 8 } else { 4 };
    let mut relate = [[0u8; 8]; 8];
    for (p, row) in relate.iter_mut().enumerate().take(count) {
        for (n, out) in row.iter_mut().enumerate().take(count) {
            let maps = |c: Cell| sym.to_actual(n as u8, sym.to_canonical(p as u8, c));
            *out = (0..count as u8)
                .find(|&e| {
                    g.all_cells()
                        .all(|c| usize::from(sym.to_canonical(e, c)) == maps(c).index())
                })
                .expect("the symmetries of a board form a group");
        }
    }
    relate
}

/// The state of one writing.
struct Writer<'p> {
    sym: Symmetries,
    /// See [`relations`].
    relate: [[u8; 8]; 8],
    /// The frame of each node's position ([`Symmetries`]).
    frames: Vec<u8>,
    prover: &'p mut dyn Prover,
    /// What the searches settled, the root's first and then, along the
    /// current path, each prover call's that a reply was written after:
    /// the replies they found are taken without asking the prover again.
    guides: Vec<Guide>,
    /// Where the nodes written so far are shown (`solve --progress`).
    progress: Option<Arc<Progress>>,
    limits: Limits,
    start: Instant,
    nodes_used: u64,
    /// Canonical Zobrist key (the least over the symmetries) -> node (the
    /// positions are checked by the checker: a collision gives a
    /// certificate that fails, never a wrong proof).
    memo: AHashMap<u64, u32>,
    nodes: Vec<Node>,
    zones: Zones,
    path: Vec<Cell>,
    options: DrawOptions,
    stats: DrawStats,
}

/// The replies [`Writer::reply`] takes without asking the prover, in this
/// order.
#[derive(Clone, Copy)]
enum Free {
    /// The position after it is written already, or the board is full.
    Known,
    /// The position after it holds statically.
    Static,
}

/// What a tried reply turned out to be.
enum Tried {
    /// Proved to hold: the node after it (`None`: the game is over), and
    /// the zone of the position before it.
    Holds(Option<Next>, u128),
    /// Proved not to hold.
    Fails,
    /// Left open by the budget.
    Open,
}

impl Writer<'_> {
    fn path_text(&self, board: &Board) -> String {
        let g = board.game().geometry();
        let names: Vec<String> = self.path.iter().map(|&c| g.name(c)).collect();
        if names.is_empty() {
            "the root".into()
        } else {
            names.join(" ")
        }
    }

    /// The node of `board` (attacker to move, no attacker line, game not
    /// over), written if new, the symmetry that maps `board` onto it, and
    /// its zone in `board`'s frame.
    fn node(&mut self, board: &mut Board) -> Result<(Next, u128), DrawError> {
        let (key, frame) = self.sym.keys(board).canonical();
        if let Some(&id) = self.memo.get(&key) {
            self.stats.shared += 1;
            let sym = self.relate[usize::from(frame)][usize::from(self.frames[id as usize])];
            self.stats.mirrored += u64::from(sym != 0);
            let zone = self
                .zones
                .real(id, self.frames[id as usize], frame, &self.sym);
            return Ok((Next { id, sym }, zone));
        }
        if let Some((id, sym, zone)) = self.zones.variant_of(board, &self.sym) {
            self.stats.shared += 1;
            self.stats.variants += 1;
            self.stats.mirrored += u64::from(sym != 0);
            return Ok((Next { id, sym }, zone));
        }
        if self.nodes.len() as u64 >= self.options.max_lines {
            return Err(DrawError::TooLarge {
                max_lines: self.options.max_lines,
            });
        }
        let id = self.nodes.len() as u32;
        if let Some(p) = &self.progress {
            p.set_written(u64::from(id) + 1);
        }
        self.memo.insert(key, id);
        self.zones.note(id, board);
        self.frames.push(frame);
        let here = Next { id, sym: 0 };
        let attacker = board.to_move();
        if let Some((pairs, zone)) = hold_pairs(&SearchBoard::from(board.clone()), attacker) {
            self.nodes.push(Node::Hold(pairs));
            self.zones.done(id, zone.0);
            self.stats.static_leaves += 1;
            return Ok((here, zone.0));
        }
        self.nodes.push(Node::Pending);
        let (entries, zone) = self.answers(board)?;
        self.nodes[id as usize] = Node::Answers(entries);
        self.zones.done(id, zone);
        Ok((here, zone))
    }

    /// Every attacker move at `board` answered, and the node's zone: the
    /// union of the entries' zones (`zones` has why no more is needed).
    /// An entry whose move lies outside its own zone answers every other
    /// move outside that zone too: the position after such a move is a
    /// variant of the one after the entry's own, so the same reply reaches
    /// a variant of the same node (the checker replays them at each such
    /// move). The first such entry becomes the node's default (`*`), and
    /// entries written before it for moves outside its zone are dropped;
    /// a later one is copied as the entry of each move it leaves out that
    /// the default does not (PNS's zone reuse refutes a node's moves by
    /// several siblings' zones alike: 8x4 k=4 took 175 K nodes without
    /// the copies, 153 K with them).
    fn answers(&mut self, board: &mut Board) -> Result<(Vec<Entry>, u128), DrawError> {
        let mut zone = 0;
        let mut entries: Vec<Entry> = Vec::new();
        let mut default: Option<u128> = None;
        // The entries after the default whose move lies outside their
        // zone: that zone and the entry's index.
        let mut covering: Vec<(u128, usize)> = Vec::new();
        for i in self.move_order(board).into_iter().map(Cell::index) {
            if default.is_some_and(|d| d >> i & 1 == 0) {
                self.stats.answered += 1;
                self.stats.by_default += 1;
                continue;
            }
            let mv = Cell::from_index(i);
            if let Some(&(_, e)) = covering.iter().find(|(z, _)| z >> i & 1 == 0) {
                let copy = Entry {
                    mv: Some(mv),
                    ..entries[e].clone()
                };
                entries.push(copy);
                self.stats.answered += 1;
                self.stats.reused += 1;
                continue;
            }
            let (mut entry, z) = self.entry(board, mv)?;
            zone |= z;
            if self.zones.on && z >> i & 1 == 0 {
                if default.is_none() {
                    let before = entries.len();
                    entries.retain(|e| e.mv.is_none_or(|m| z >> m.index() & 1 == 1));
                    self.stats.by_default += (before - entries.len()) as u64 + 1;
                    entry.mv = None;
                    default = Some(z);
                } else {
                    covering.push((z, entries.len()));
                }
            }
            entries.push(entry);
        }
        Ok((entries, zone))
    }

    /// The attacker's moves at `board` in the order [`Writer::answers`]
    /// takes them: those a search refuted by a reply first, so that the
    /// default comes from a guided entry rather than from a move the
    /// search settled by a sibling's zone (only an order: 5x5, 7x4 and
    /// 8x4 k=4 took 4-6% fewer nodes with it); then the least promising
    /// first, their refutations being the likeliest to lie outside them.
    fn move_order(&self, board: &mut Board) -> Vec<Cell> {
        let mut moves = Self::by_score(board, board.to_move());
        moves.reverse();
        if !self.guides.is_empty() {
            moves.sort_by_cached_key(|&m| {
                board.play(m);
                let refuted = self.guides.iter().any(|g| g.expanded(board));
                board.undo(m);
                !refuted
            });
        }
        moves
    }

    /// The entry of the attacker move `mv` at `board`, and the zone of the
    /// position after it (defender to move).
    fn entry(&mut self, board: &mut Board, mv: Cell) -> Result<(Entry, u128), DrawError> {
        let attacker = board.to_move();
        board.play(mv);
        self.path.push(mv);
        if board.wins_at(mv) {
            return Err(DrawError::AttackerWins {
                path: self.path_text(board),
            });
        }
        let mut entry = Entry {
            mv: Some(mv),
            reply: None,
            hold: None,
            next: None,
        };
        // Where the defender completes a line at once, that reply's zone
        // (its line and the attacker's lack of one) is far smaller than a
        // static draw's, and a smaller zone lets more moves share the
        // entry: the static draws written after a move in the first 100 K
        // nodes of 7x7 k=5 had zones of 22 cells on average, where the
        // rules' zones of the same positions (the line first) had 13.
        let line = !board.winning_cells(attacker.other()).is_empty();
        let zone = if board.is_full() {
            // Its only variant is itself: the empty zone.
            0
        } else if let Some((pairs, z)) =
            hold_pairs(&SearchBoard::from(board.clone()), attacker).filter(|_| !line)
        {
            // A static draw with the defender to move: no reply to
            // search, no node to write.
            self.stats.static_leaves += 1;
            entry.hold = Some(pairs);
            z.0
        } else {
            let (reply, next, z) = self.reply(board)?;
            entry.reply = Some(reply);
            entry.next = next;
            z
        };
        self.stats.answered += 1;
        self.path.pop();
        board.undo(mv);
        Ok((entry, zone))
    }

    /// The defender's reply at `board` (defender to move), the node after
    /// it, and the zone of `board`.
    fn reply(&mut self, board: &mut Board) -> Result<(Cell, Option<Next>, u128), DrawError> {
        let defender = board.to_move();
        let attacker = defender.other();
        // The defender's own line ends the game.
        if let Some(i) = board.winning_cells(defender).first() {
            let r = Cell::from_index(i);
            return Ok((r, None, self.zones.over(board, r)));
        }
        let threats = board.winning_cells(attacker);
        let order = if threats.is_empty() {
            self.order(board)
        } else if threats.count() == 1 {
            threats.iter().map(Cell::from_index).collect()
        } else {
            return Err(DrawError::AttackerWins {
                path: self.path_text(board),
            });
        };
        // Free tries first: a position already written (or a full board),
        // which adds no line, then a static hold, which adds one.
        for pass in [Free::Known, Free::Static] {
            for &r in &order {
                board.play(r);
                let free = match pass {
                    Free::Known => {
                        board.is_full()
                            || self.memo.contains_key(&self.sym.keys(board).canonical().0)
                            || self.zones.variant_of(board, &self.sym).is_some()
                    }
                    // The gated test (cheap, and where it holds the
                    // ungated one of `node` does too).
                    Free::Static => defender_holds(&SearchBoard::from(board.clone()), attacker),
                };
                board.undo(r);
                if free {
                    if let Tried::Holds(next, zone) = self.settle(board, r)? {
                        return Ok((r, next, zone));
                    }
                }
            }
        }
        // Then a reply a search refuted the move with (its subtree as small
        // as that search could find, and each of its positions settled
        // there too); one a search found lost is not asked about below.
        let mut lost = Vec::new();
        for &r in &order {
            board.play(r);
            let known = self.settled(board);
            board.undo(r);
            match known {
                Some(Verdict::NoWin) => {
                    self.stats.guided += 1;
                    if let Tried::Holds(next, zone) = self.settle(board, r)? {
                        return Ok((r, next, zone));
                    }
                }
                Some(Verdict::Win) => lost.push(r),
                _ => {}
            }
        }
        let mut open = Vec::new();
        for &r in order.iter().filter(|r| !lost.contains(r)) {
            match self.try_reply(board, r, Some(self.options.trial_nodes))? {
                Tried::Holds(next, zone) => return Ok((r, next, zone)),
                Tried::Fails => {}
                Tried::Open => open.push(r),
            }
        }
        // Every reply proved to lose: the attacker wins.
        if open.is_empty() {
            return Err(DrawError::AttackerWins {
                path: self.path_text(board),
            });
        }
        for r in open {
            if let Tried::Holds(next, zone) = self.try_reply(board, r, None)? {
                return Ok((r, next, zone));
            }
        }
        Err(DrawError::Unproved {
            path: self.path_text(board),
            nodes: self.nodes.len() as u64,
        })
    }

    /// Plays `r` and writes the node after it, known to hold; the zone of
    /// `board` (before `r`) with that strategy: the node's and `r`.
    fn settle(&mut self, board: &mut Board, r: Cell) -> Result<Tried, DrawError> {
        board.play(r);
        if board.is_full() {
            board.undo(r);
            return Ok(Tried::Holds(None, self.zones.over(board, r)));
        }
        self.path.push(r);
        let (next, zone) = self.node(board)?;
        self.path.pop();
        board.undo(r);
        Ok(Tried::Holds(Some(next), self.zones.with(zone, r)))
    }

    /// Asks the prover whether the attacker still wins after `r`, within
    /// `cap` nodes (and what is left of the limits); writes the node after
    /// it when it does not.
    fn try_reply(
        &mut self,
        board: &mut Board,
        r: Cell,
        cap: Option<u64>,
    ) -> Result<Tried, DrawError> {
        let Some(mut limits) = self.remaining() else {
            return Err(DrawError::Unproved {
                path: self.path_text(board),
                nodes: self.nodes.len() as u64,
            });
        };
        if let Some(cap) = cap {
            limits.max_nodes = Some(limits.max_nodes.map_or(cap, |n| n.min(cap)));
        }
        board.play(r);
        let problem = Problem {
            board: board.clone(),
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: None,
        };
        board.undo(r);
        let outcome = self.prover.prove(&problem, &limits);
        self.stats.prover_calls += 1;
        self.nodes_used += outcome.stats.nodes;
        match outcome.verdict {
            Verdict::NoWin => {
                // That search's strategy guides the subtree it proved.
                let guide = self.prover.take_settled();
                let pushed = guide.is_some();
                self.guides.extend(guide);
                let settled = self.settle(board, r);
                if pushed {
                    self.guides.pop();
                }
                settled
            }
            Verdict::Win => Ok(Tried::Fails),
            // A threat space's no-win says nothing of this reply.
            Verdict::NoThreatWin | Verdict::Unknown => Ok(Tried::Open),
        }
    }

    /// What the searches settled at `board`, the latest first.
    fn settled(&self, board: &Board) -> Option<Verdict> {
        self.guides.iter().rev().find_map(|g| g.settled(board))
    }

    /// What is left of the limits, or `None` when a budget has run out.
    fn remaining(&self) -> Option<Limits> {
        self.limits
            .left_after(self.start.elapsed(), self.nodes_used)
    }

    /// The empty cells of `board` (defender to move), the likeliest
    /// replies first: each window of k cells free of defender stones adds
    /// 4^(attacker stones in it) to each of its empty cells. Only an order:
    /// every reply is proved before it is used.
    fn order(&self, board: &Board) -> Vec<Cell> {
        Self::by_score(board, board.to_move().other())
    }

    /// The empty cells of `board` by the score of [`Writer::order`] for
    /// `attacker`, highest first.
    fn by_score(board: &Board, attacker: kinrow_board::Player) -> Vec<Cell> {
        let game = board.game();
        let g = game.geometry();
        let k = game.k() as i64;
        let (w, h) = (i64::from(g.width()), i64::from(g.height()));
        // By bit index; one buffer for a window's cells.
        let mut score = vec![0u64; kinrow_board::bitboard::BITS];
        let mut cells = Vec::with_capacity(k as usize);
        let at = |x: i64, y: i64| g.cell(x as u32, y as u32);
        for (dx, dy) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
            for y in 0..h {
                for x in 0..w {
                    let (ex, ey) = (x + (k - 1) * dx, y + (k - 1) * dy);
                    if ex >= w || ey < 0 || ey >= h {
                        continue;
                    }
                    cells.clear();
                    cells.extend((0..k).filter_map(|i| at(x + i * dx, y + i * dy)));
                    let stones = cells.iter().map(|&c| board.stone_at(c));
                    if stones.clone().any(|s| s == Some(attacker.other())) {
                        continue;
                    }
                    let n = stones.filter(|s| s.is_some()).count() as u32;
                    for &c in &cells {
                        if board.stone_at(c).is_none() {
                            score[c.index()] += 1u64 << (2 * n);
                        }
                    }
                }
            }
        }
        let mut cells: Vec<Cell> = board.empty().iter().map(Cell::from_index).collect();
        cells.sort_by_key(|c| (std::cmp::Reverse(score[c.index()]), *c));
        cells
    }
}

//! Threat-space certificates: the defender's refutation of every threat
//! sequence behind a [`Verdict::NoThreatWin`], written down so that the
//! independent checker (`kinrow-checker`) can replay it.
//!
//! The game is the threat space of [`crate::space::threats`], as the
//! naive `kinrow_reference::threat_space` states it: at each attacker
//! node with `d` plies left the attacker's moves are its candidates (the
//! attack filter passed, under renju x never on a forbidden point) that
//! win, block a winning cell of the defender, are fours, or with five
//! plies or more lie in a window of `k` cells free of defender stones
//! with at most four empty cells; at the defender's turn with four plies
//! or more left, where neither side has a winning cell, the move must be
//! a threat (a VCF of the attacker after a pass, within the plies left
//! and the [`ThreatLimit`]) or the line leaves the space.
//!
//! The writer walks that game from the root. At each attacker node
//! (`Writer::node`) it fails if the attacker has a winning cell, and
//! with three plies or more it takes each move of the space in turn: a
//! move after which the board is full, or that threatens nothing (no
//! VCF after a pass: the prover crate's own VCF search, whose cut-short
//! searches count as threats), needs no entry; every other gets the
//! defender's reply (`Writer::reply`): its own winning cell, the block
//! of the attacker's one winning cell, any reply where fewer than four
//! plies are left, or else, among the replies the threat space's
//! defender's node keeps (the cells of the threat's VCF zone and the
//! defender's fours: every other reply loses to that VCF), first one
//! reaching a position already written, then each in turn sent to the
//! prover ("does the attacker still win in its threat space?", within
//! `trial_nodes`, then with what is left of the limits) until one is
//! proved a no-win. The node after the reply is then written the same
//! way. Positions are shared: a node is keyed by the position's Zobrist
//! key and the plies left, so transpositions are written once (a wrong
//! hit would be caught by the checker, which compares stones); a position
//! whose attacker needs no entry is written `-`, no node. A reply nothing
//! proves means no certificate, never a partial one.
//!
//! The checker believes none of this: it finds the moves that need an
//! entry with its own rules and VCF search. The format is in
//! `docs/certificate-format.md` ("Threat-space certificates").

mod order;
mod text;

use super::MAGIC;
use crate::outcome::{Limits, Problem, ProblemError, Verdict};
use crate::progress::Progress;
use crate::prover::Prover;
use crate::rules::NodeRules;
use crate::space::ThreatLimit;
use crate::vcf::{VcfSearcher, DEFAULT_VCF_SLOTS};
use ahash::AHashMap;
use kinrow_board::{Bitboard, Cell, SearchBoard};
use kinrow_format::write_board;
use std::sync::Arc;
use std::time::Instant;

/// The size of a threat-space certificate and the work it took to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreatStats {
    /// Lines of the text, header and `end` included.
    pub lines: u64,
    /// Bytes of the text.
    pub bytes: u64,
    /// Nodes of the DAG: positions with the attacker to move that have
    /// entries.
    pub nodes: u64,
    /// Attacker moves answered, over all nodes (those of a default
    /// included).
    pub answered: u64,
    /// Of those, the moves answered by a node's default (`*`).
    pub by_default: u64,
    /// Moves of the space found to threaten nothing (no entry needed).
    pub no_threat: u64,
    /// Calls of the prover.
    pub prover_calls: u64,
    /// Nodes the prover calls took.
    pub prover_nodes: u64,
    /// Replies found by reaching a position already written.
    pub shared: u64,
}

/// Why no threat-space certificate was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThreatCertError {
    /// The prover refuses the problem.
    #[error(transparent)]
    Refused(#[from] ProblemError),
    /// The attacker wins in its threat space after `path`: a winning cell,
    /// two of them to block, or every reply proved to lose.
    #[error("no threat-space certificate: the attacker wins in its threat space after `{path}`")]
    AttackerWins { path: String },
    /// The defender has no move to make (no candidate it may play, and
    /// no pass outside renju).
    #[error("no threat-space certificate: the defender has no reply after `{path}`")]
    NoReply { path: String },
    /// No reply was proved to hold within the budget (`nodes`: the nodes
    /// written by then).
    #[error(
        "no threat-space certificate: no reply proved to hold after `{path}` (budget; {nodes} nodes written)"
    )]
    Unproved { path: String, nodes: u64 },
    /// The DAG would exceed the line budget.
    #[error("the threat-space certificate would exceed {max_lines} lines")]
    TooLarge { max_lines: u64 },
}

/// How a threat-space certificate is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatOptions {
    /// The most nodes (lines of the DAG).
    pub max_lines: u64,
    /// The node budget of one prover call while replies are tried; a reply
    /// left open by it is retried with the whole budget left once every
    /// reply has had its try.
    pub trial_nodes: u64,
    /// Write the entry that most moves of a node share once, as the
    /// node's default (`*`).
    pub share_entries: bool,
}

impl Default for ThreatOptions {
    fn default() -> Self {
        ThreatOptions {
            max_lines: super::DEFAULT_MAX_LINES,
            trial_nodes: 100_000,
            share_entries: true,
        }
    }
}

/// Plies left at a node; `None` without a horizon.
type Left = Option<u32>;

/// What follows a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Next {
    /// `-`: nothing to answer (the game over, or no move needing an
    /// answer).
    Open,
    /// A node, by its index in [`Writer::nodes`].
    Node(u32),
}

/// One entry of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// `None`: the node's default (`*`).
    mv: Option<Cell>,
    /// `None`: a pass (renju).
    reply: Option<Cell>,
    next: Next,
}

/// A written threat-space certificate.
#[derive(Clone, Debug)]
pub struct ThreatCertificate {
    header: String,
    body: String,
    stats: ThreatStats,
}

impl ThreatCertificate {
    /// The size of the certificate and the work it took.
    #[must_use]
    pub const fn stats(&self) -> &ThreatStats {
        &self.stats
    }

    /// Names the position in the header, as
    /// [`Certificate::with_name`](super::Certificate::with_name) does.
    #[must_use]
    pub fn with_name(mut self, name: &str) -> ThreatCertificate {
        self.header = super::named_header(&self.header, name);
        self.stats.bytes = (self.header.len() + self.body.len() + 4) as u64;
        self.stats.lines =
            self.header.lines().count() as u64 + self.body.lines().count() as u64 + 1;
        self
    }

    /// The certificate as text (see `docs/certificate-format.md`).
    #[must_use]
    pub fn to_text(&self) -> String {
        format!("{}{}end\n", self.header, self.body)
    }
}

/// The `threats` line's value for `limit`: `any` or the number of fours.
#[must_use]
pub(crate) fn limit_words(limit: ThreatLimit) -> String {
    limit
        .max_fours()
        .map_or_else(|| "any".to_string(), |n| n.to_string())
}

/// Writes the threat-space certificate of a no-threat-win of `problem`
/// with threats of at most `limit`, the replies proved with `prover` (a
/// threat-space prover built with that limit: `vct` or `vct-dfpn`)
/// within `limits` (shared by all its calls).
///
/// # Errors
///
/// [`ThreatCertError`]: the prover refuses, the attacker wins, a reply
/// not proved within the budget, or too large.
pub fn write_threat_certificate(
    problem: &Problem,
    limit: ThreatLimit,
    prover: &mut dyn Prover,
    limits: &Limits,
    options: &ThreatOptions,
) -> Result<ThreatCertificate, ThreatCertError> {
    prover.accepts(problem)?;
    let mut threats = VcfSearcher::new(problem.candidates, DEFAULT_VCF_SLOTS);
    threats.set_threat_plies(limit.plies());
    let mut w = Writer {
        problem,
        rules: NodeRules::new(problem.candidates, problem.attack),
        threats,
        prover,
        limits: *limits,
        start: Instant::now(),
        progress: Progress::current(),
        memo: AHashMap::new(),
        nodes: Vec::new(),
        path: Vec::new(),
        options: *options,
        stats: ThreatStats::default(),
    };
    let mut board = SearchBoard::from(problem.board.clone());
    let root = w.node(&mut board, problem.depth)?;
    let geometry = problem.board.game().geometry();
    let (body, written) = text::body_text(&w.nodes, root, geometry);
    let header = format!(
        "{MAGIC}\n{}threats {}\n",
        write_board(
            &problem.board,
            problem.candidates,
            problem.attack,
            problem.depth
        ),
        limit_words(limit)
    );
    let mut stats = w.stats;
    stats.nodes = written;
    stats.lines = header.lines().count() as u64 + body.lines().count() as u64 + 1;
    stats.bytes = (header.len() + body.len() + 4) as u64;
    Ok(ThreatCertificate {
        header,
        body,
        stats,
    })
}

/// The state of one writing.
struct Writer<'p> {
    problem: &'p Problem,
    rules: NodeRules,
    /// The VCF searches of the threat test, limited to the threat limit.
    threats: VcfSearcher,
    prover: &'p mut dyn Prover,
    limits: Limits,
    start: Instant,
    progress: Option<Arc<Progress>>,
    /// Each position written, by its key and plies left: its node, or
    /// [`Next::Open`] where its attacker needs no entry.
    memo: AHashMap<(u64, Left), Next>,
    /// The nodes: `None` while being written.
    nodes: Vec<Option<Vec<Entry>>>,
    /// The moves from the root (`None`: a pass), for messages.
    path: Vec<Option<Cell>>,
    options: ThreatOptions,
    stats: ThreatStats,
}

/// `left` less `n` plies (which it has).
fn minus(left: Left, n: u32) -> Left {
    left.map(|d| d - n)
}

/// Whether `left` is at least `n` plies.
fn at_least(left: Left, n: u32) -> bool {
    left.is_none_or(|d| d >= n)
}

/// What a reply was found to do.
enum Tried {
    Holds(Next),
    Fails,
    Open,
}

impl Writer<'_> {
    fn path_text(&self) -> String {
        let g = self.problem.board.game().geometry();
        let names: Vec<String> = self
            .path
            .iter()
            .map(|m| m.map_or_else(|| "pass".to_string(), |c| g.name(c)))
            .collect();
        if names.is_empty() {
            "the root".into()
        } else {
            names.join(" ")
        }
    }

    fn attacker_wins(&self) -> ThreatCertError {
        ThreatCertError::AttackerWins {
            path: self.path_text(),
        }
    }

    /// Writes the attacker's node at `board` (attacker to move) with
    /// `left` plies left, unless written before.
    fn node(&mut self, board: &mut SearchBoard, left: Left) -> Result<Next, ThreatCertError> {
        let key = (board.key(), left);
        if let Some(&next) = self.memo.get(&key) {
            return Ok(next);
        }
        let entries = self.entries(board, left)?;
        let next = if entries.is_empty() {
            Next::Open
        } else {
            if self.nodes.len() as u64 >= self.options.max_lines {
                return Err(ThreatCertError::TooLarge {
                    max_lines: self.options.max_lines,
                });
            }
            let id = self.nodes.len() as u32;
            let entries = self.shared(entries);
            self.nodes.push(Some(entries));
            if let Some(p) = &self.progress {
                p.set_written(u64::from(id) + 1);
            }
            Next::Node(id)
        };
        self.memo.insert(key, next);
        Ok(next)
    }

    /// The entries of the attacker's node at `board` with `left` plies:
    /// every move of the space that needs one (module docs).
    fn entries(
        &mut self,
        board: &mut SearchBoard,
        left: Left,
    ) -> Result<Vec<Entry>, ThreatCertError> {
        if left == Some(0) {
            return Ok(Vec::new());
        }
        let me = board.to_move();
        let cands = board.candidates(self.problem.candidates);
        if board.winning_cells(me).intersects(&cands) {
            return Err(self.attacker_wins());
        }
        if !at_least(left, 3) {
            return Ok(Vec::new());
        }
        let moves = board.legal(me, &self.rules.filter(board, &cands));
        let blocks = board.winning_cells(me.other()) & moves;
        let mut space = blocks | board.fours_without_win(me, &moves);
        if at_least(left, 5) {
            let (own, opp) = (board.stones(me), board.stones(me.other()));
            space |= board.game().window_cells(own, opp, 4) & moves;
        }
        let mut entries = Vec::new();
        for m in space.iter().map(Cell::from_index) {
            if let Some(entry) = self.entry(board, m, left)? {
                entries.push(entry);
            }
        }
        Ok(entries)
    }

    /// The entry of the attacker's move `m` at `board` with `left` plies,
    /// or `None` where it needs none: the board full after it, or no
    /// threat.
    fn entry(
        &mut self,
        board: &mut SearchBoard,
        m: Cell,
        left: Left,
    ) -> Result<Option<Entry>, ThreatCertError> {
        board.play(m);
        self.path.push(Some(m));
        // Undone whatever follows, so that an error leaves the board as
        // it was.
        let entry = self.entry_after(board, m, left);
        self.path.pop();
        board.undo(m);
        entry
    }

    /// [`Writer::entry`] with the attacker's move `m` played.
    fn entry_after(
        &mut self,
        board: &mut SearchBoard,
        m: Cell,
        left: Left,
    ) -> Result<Option<Entry>, ThreatCertError> {
        let attacker = board.to_move().other();
        let after = minus(left, 1);
        let cands = board.candidates(self.problem.candidates);
        let quiet = !board.winning_cells(attacker).intersects(&cands)
            && !board.winning_cells(attacker.other()).intersects(&cands);
        let mut zone = None;
        let needed = if board.is_full() {
            false
        } else if quiet && at_least(after, 4) {
            match self.threats.defender_zone(board, after.unwrap_or(u32::MAX)) {
                Some((z, _)) => {
                    zone = Some(z);
                    true
                }
                // A search cut short may have missed a VCF: answered,
                // every reply tried.
                None if self.threats.cut_short() => {
                    zone = Some(board.empty());
                    true
                }
                None => false,
            }
        } else {
            true
        };
        if !needed {
            self.stats.no_threat += 1;
            return Ok(None);
        }
        self.stats.answered += 1;
        let (reply, next) = self.reply(board, after, zone)?;
        Ok(Some(Entry {
            mv: Some(m),
            reply,
            next,
        }))
    }

    /// The defender's reply at `board` (defender to move, `left` plies
    /// with its own), and what follows; `zone`: the zone of the threat's
    /// VCF, where the move threatens.
    fn reply(
        &mut self,
        board: &mut SearchBoard,
        left: Left,
        zone: Option<Bitboard>,
    ) -> Result<(Option<Cell>, Next), ThreatCertError> {
        let defender = board.to_move();
        let attacker = defender.other();
        let cands = board.candidates(self.problem.candidates);
        // Its own line ends the attack.
        if let Some(w) = (board.winning_cells(defender) & cands).first() {
            return Ok((Some(Cell::from_index(w)), Next::Open));
        }
        let threats = board.winning_cells(attacker) & cands;
        if threats.has_two() {
            return Err(self.attacker_wins());
        }
        let legal = board.legal(defender, &cands);
        if let Some(w) = threats.first() {
            if !legal.contains(w) {
                return Err(self.attacker_wins());
            }
            let r = Cell::from_index(w);
            return match self.settle(board, r, left)? {
                Tried::Holds(next) => Ok((Some(r), next)),
                _ => Err(self.attacker_wins()),
            };
        }
        if legal.is_empty() {
            return if board.game().has_forbidden_points() {
                self.pass(board, left)
            } else {
                Err(ThreatCertError::NoReply {
                    path: self.path_text(),
                })
            };
        }
        let Some(zone) = zone else {
            // Fewer than four plies left: the attacker, with no winning
            // cell, cannot win after any reply.
            let r = Cell::from_index(legal.first().expect("a legal reply"));
            return match self.settle(board, r, left)? {
                Tried::Holds(next) => Ok((Some(r), next)),
                _ => Err(self.attacker_wins()),
            };
        };
        // The replies the threat space's defender's node keeps: the
        // zone's and the defender's fours; every other loses to the VCF.
        let fours = board.legal(defender, &board.fours_without_win(defender, &cands));
        let kept = (zone & legal) | fours;
        self.kept_reply(board, left, &kept)
    }

    /// A reply among `kept` (the replies the threat space keeps) after
    /// which the attacker does not win, and what follows: one reaching a
    /// position already written, else each proved in turn (the likeliest
    /// first); under renju a pass where none is.
    fn kept_reply(
        &mut self,
        board: &mut SearchBoard,
        left: Left,
        kept: &Bitboard,
    ) -> Result<(Option<Cell>, Next), ThreatCertError> {
        let order = order::ordered(board, kept, board.to_move().other());
        // A position already written first: it adds no line.
        for &r in &order {
            board.play(r);
            let known = self.memo.contains_key(&(board.key(), minus(left, 1)));
            board.undo(r);
            if known {
                if let Tried::Holds(next) = self.settle(board, r, left)? {
                    self.stats.shared += 1;
                    return Ok((Some(r), next));
                }
            }
        }
        let mut open = Vec::new();
        for &r in &order {
            match self.try_reply(board, r, left, Some(self.options.trial_nodes))? {
                Tried::Holds(next) => return Ok((Some(r), next)),
                Tried::Fails => {}
                Tried::Open => open.push(r),
            }
        }
        for &r in &open {
            if let Tried::Holds(next) = self.try_reply(board, r, left, None)? {
                return Ok((Some(r), next));
            }
        }
        if board.game().has_forbidden_points() {
            return self.pass(board, left);
        }
        if open.is_empty() {
            return Err(self.attacker_wins());
        }
        Err(ThreatCertError::Unproved {
            path: self.path_text(),
            nodes: self.nodes.len() as u64,
        })
    }

    /// The defender passes (renju): the node after, if the prover finds
    /// no win there.
    fn pass(
        &mut self,
        board: &mut SearchBoard,
        left: Left,
    ) -> Result<(Option<Cell>, Next), ThreatCertError> {
        let defender = board.to_move();
        board.set_to_move(defender.other());
        self.path.push(None);
        let asked = self.ask(board, minus(left, 1), None);
        let found = match asked {
            Some(Verdict::NoThreatWin | Verdict::NoWin) => Some(self.node(board, minus(left, 1))),
            _ => None,
        };
        self.path.pop();
        board.set_to_move(defender);
        match found {
            Some(next) => Ok((None, next?)),
            None => Err(ThreatCertError::Unproved {
                path: self.path_text(),
                nodes: self.nodes.len() as u64,
            }),
        }
    }

    /// Plays the reply `r` and writes the node after it (the prover's word
    /// taken or not needed); the game over after it is [`Next::Open`].
    fn settle(
        &mut self,
        board: &mut SearchBoard,
        r: Cell,
        left: Left,
    ) -> Result<Tried, ThreatCertError> {
        board.play(r);
        self.path.push(Some(r));
        let next = if board.wins_at(r) || board.is_full() {
            Ok(Next::Open)
        } else {
            self.node(board, minus(left, 1))
        };
        self.path.pop();
        board.undo(r);
        next.map(Tried::Holds)
    }

    /// Asks the prover whether the attacker still wins in its threat space
    /// after the reply `r`, within `cap` nodes (and what is left of the
    /// limits); writes the node after it when it does not.
    fn try_reply(
        &mut self,
        board: &mut SearchBoard,
        r: Cell,
        left: Left,
        cap: Option<u64>,
    ) -> Result<Tried, ThreatCertError> {
        board.play(r);
        let over = board.wins_at(r) || board.is_full();
        let verdict = if over {
            Some(Verdict::NoWin)
        } else {
            self.ask(board, minus(left, 1), cap)
        };
        board.undo(r);
        match verdict {
            Some(Verdict::NoThreatWin | Verdict::NoWin) => self.settle(board, r, left),
            Some(Verdict::Win) => Ok(Tried::Fails),
            Some(Verdict::Unknown) => Ok(Tried::Open),
            None => Err(ThreatCertError::Unproved {
                path: self.path_text(),
                nodes: self.nodes.len() as u64,
            }),
        }
    }

    /// The prover's verdict at `board` (attacker to move) with `left`
    /// plies, within `cap` nodes and what is left of the limits; `None`
    /// when the limits have run out.
    fn ask(&mut self, board: &SearchBoard, left: Left, cap: Option<u64>) -> Option<Verdict> {
        let used = self.stats.prover_nodes;
        let mut limits = self.limits.left_after(self.start.elapsed(), used)?;
        if let Some(cap) = cap {
            limits.max_nodes = Some(limits.max_nodes.map_or(cap, |n| n.min(cap)));
        }
        let problem = Problem {
            board: board.board().clone(),
            candidates: self.problem.candidates,
            attack: self.problem.attack,
            depth: left,
        };
        let outcome = self.prover.prove(&problem, &limits);
        self.stats.prover_calls += 1;
        self.stats.prover_nodes += outcome.stats.nodes;
        Some(outcome.verdict)
    }

    /// The entries of a node, the one that most moves share made its
    /// default (`*`) when two or more do.
    fn shared(&mut self, mut entries: Vec<Entry>) -> Vec<Entry> {
        if !self.options.share_entries {
            return entries;
        }
        let mut counts: AHashMap<(Option<Cell>, Next), u64> = AHashMap::new();
        for e in &entries {
            *counts.entry((e.reply, e.next)).or_default() += 1;
        }
        let best = counts
            .into_iter()
            .filter(|&(_, n)| n >= 2)
            .max_by_key(|&((reply, next), n)| (n, reply.map(Cell::index), next_order(next)));
        let Some(((reply, next), n)) = best else {
            return entries;
        };
        entries.retain(|e| (e.reply, e.next) != (reply, next));
        entries.push(Entry {
            mv: None,
            reply,
            next,
        });
        self.stats.by_default += n;
        entries
    }
}

/// A total order on [`Next`], for a deterministic choice of default.
fn next_order(next: Next) -> i64 {
    match next {
        Next::Open => -1,
        Next::Node(n) => i64::from(n),
    }
}

//! Win certificates: the winning strategy behind a `win`, written down so
//! that an independent checker (the `kinrow-checker` crate) can replay it
//! under the plain rules instead of taking the prover's word.
//!
//! The writer works with any [`Prover`]: it expands the strategy tree by
//! asking the prover, at each attacker turn, for a move that wins within the
//! plies left, and at each defender turn it enumerates every candidate reply
//! (unfiltered, so replies the provers' reductions prune still appear, each
//! usually answered by an immediate win). The format is documented in
//! `docs/certificate-format.md`.
//!
//! ```
//! use kinrow_board::{Attack, Board, Candidates, Game, Player, Rule};
//! use kinrow_prover::certificate::write_certificate;
//! use kinrow_prover::{Limits, Outcome, Problem, Prover, Verdict};
//!
//! /// A prover that only sees wins in one move.
//! struct OneMove;
//! impl Prover for OneMove {
//!     fn name(&self) -> &'static str { "one-move" }
//!     fn prove(&mut self, p: &Problem, _: &Limits) -> Outcome {
//!         let me = p.board.to_move();
//!         let wins = p.board.winning_cells(me) & p.board.candidates(p.candidates);
//!         match wins.first() {
//!             Some(i) => Outcome {
//!                 best_move: Some(kinrow_board::Cell::from_index(i)),
//!                 plies: Some(1),
//!                 ..Outcome::new(Verdict::Win)
//!             },
//!             None => Outcome::new(Verdict::NoWin),
//!         }
//!     }
//! }
//!
//! let mut board = Board::new(Game::new(5, 1, 3, Rule::Freestyle).unwrap());
//! let g = *board.game().geometry();
//! for (name, p) in [("b1", Player::X), ("c1", Player::X), ("d1", Player::O), ("e1", Player::O)] {
//!     board.place(g.parse_cell(name).unwrap(), p);
//! }
//! let problem = Problem { board, candidates: Candidates::Near(1), attack: Attack::Any, depth: None };
//! let cert = write_certificate(&problem, &mut OneMove, &Limits::default()).unwrap();
//! assert!(cert.to_text().ends_with("tree\na1\nend\n"));
//! assert_eq!(cert.stats().attacker_moves, 1);
//! ```

pub mod draw;
pub mod threats;

use crate::outcome::{Limits, Outcome, Problem, ProblemError, Verdict};
use crate::prover::Prover;
use crate::rules::winning_cell;
use ahash::AHashMap;
use kinrow_board::{Attack, Bitboard, Board, Candidates, Cell, Geometry};
use kinrow_format::write_board;
use std::fmt::{self, Write as _};
use std::time::Instant;

/// The first line of every certificate (format version 1).
pub const MAGIC: &str = "kinrow-certificate 1";

/// The default largest certificate, in lines: beyond it the writer stops
/// with [`CertificateError::TooLarge`] rather than exhaust memory.
pub(crate) const DEFAULT_MAX_LINES: u64 = 10_000_000;

/// The size of a certificate and the work it took to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CertificateStats {
    /// Lines of the text, header and `end` included.
    pub lines: u64,
    /// Bytes of the text.
    pub bytes: u64,
    /// Positions in the strategy tree where a side is to move: one per
    /// attacker move and one per defender turn (after each attacker move
    /// that does not win). Transpositions count each time they appear.
    pub positions: u64,
    /// Attacker moves in the strategy tree the certificate stands for: a
    /// `*` line and the lines below it count once for each reply it
    /// answers.
    pub attacker_moves: u64,
    /// The longest line of play in plies, up to the winning stone.
    pub longest_line: u32,
    /// Calls of the prover (the root included).
    pub prover_calls: u64,
    /// Attacker turns answered from the cache instead of a prover call.
    pub cache_hits: u64,
}

/// Why no certificate was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// The prover refuses the problem.
    #[error(transparent)]
    Refused(#[from] ProblemError),
    /// The prover does not answer `win` for the problem.
    #[error("no certificate: the prover answers {0}, not win")]
    NotAWin(Verdict),
    /// The prover answers `win` without the length of the win, which an
    /// unlimited problem needs.
    #[error("no certificate: the prover reports a win without its length")]
    NoLength,
    /// A budget of the limits ran out while writing.
    #[error("no certificate: the budget ran out after {path}")]
    Budget { path: String },
    /// The prover contradicts its own earlier answer: it gives no winning
    /// move where it claimed a win. A prover bug.
    #[error("the prover contradicts its win after `{path}`: {detail}")]
    Inconsistent { path: String, detail: String },
    /// A defender reply escapes (wins, or fills the board) after the moves
    /// the prover chose: its win was wrong. A prover bug.
    #[error("the defender escapes after `{path}`: {detail}")]
    DefenderEscapes { path: String, detail: &'static str },
    /// The tree would exceed the line budget.
    #[error("the certificate would exceed {max_lines} lines")]
    TooLarge { max_lines: u64 },
}

/// What a tree line answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Reply {
    /// The root line: the attacker's first move.
    Root,
    /// This defender reply.
    Cell(Cell),
    /// Every defender candidate not listed on a sibling line (`*`).
    Others,
}

/// One line of the tree: at indentation `level`, the defender's `reply`
/// and the attacker's answer `mv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TreeLine {
    level: u16,
    reply: Reply,
    mv: Cell,
}

/// How a certificate is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CertificateOptions {
    /// The largest certificate, in lines of text: beyond it the writer stops
    /// with [`CertificateError::TooLarge`] rather than exhaust memory. It
    /// bounds the lines held while writing, before the answers of a
    /// defender turn are shared.
    pub max_lines: u64,
    /// Write the answer that several defender replies share once, on a `*`
    /// line standing for every reply not listed: typically the winning
    /// stone that answers all the replies that do not block. The checker
    /// still replays it after each of those replies.
    pub share_answers: bool,
}

impl Default for CertificateOptions {
    fn default() -> Self {
        CertificateOptions {
            max_lines: DEFAULT_MAX_LINES,
            share_answers: true,
        }
    }
}

/// A written certificate: the header of the position it proves and the
/// strategy tree, in pre-order. Render it with [`Certificate::to_text`].
#[derive(Clone, Debug)]
pub struct Certificate {
    header: String,
    geometry: Geometry,
    lines: Vec<TreeLine>,
    horizon: u32,
    stats: CertificateStats,
}

impl Certificate {
    /// The size of the certificate and the work it took.
    #[must_use]
    pub const fn stats(&self) -> &CertificateStats {
        &self.stats
    }

    /// The horizon the tree was written for: the problem's depth, or for
    /// an unlimited problem the length of the win the prover found (from a
    /// prover that keeps its table, the tree's longest line).
    #[must_use]
    pub const fn horizon(&self) -> u32 {
        self.horizon
    }

    /// Names the position in the header (a `[name]` line after the magic
    /// line), so that a certificate can be checked against a suite of
    /// several positions. `name` is as the position-file parser makes
    /// names: one line, trimmed, non-empty, without `#` or `]`; anything
    /// else is replaced by the name with those characters dropped.
    #[must_use]
    pub fn with_name(mut self, name: &str) -> Certificate {
        let before = self.header.len() as u64;
        let lines = self.header.lines().count() as u64;
        self.header = named_header(&self.header, name);
        self.stats.bytes = self.stats.bytes - before + self.header.len() as u64;
        self.stats.lines = self.stats.lines - lines + self.header.lines().count() as u64;
        self
    }

    /// The certificate as text (see `docs/certificate-format.md`).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(self.stats.bytes as usize);
        self.write_fmt_to(&mut s).expect("writing to a string");
        s
    }

    /// Writes the text to `out` (for certificates too large to hold twice).
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let mut buf = String::new();
        out.write_all(self.header.as_bytes())?;
        for line in &self.lines {
            buf.clear();
            self.line(&mut buf, line).expect("writing to a string");
            out.write_all(buf.as_bytes())?;
        }
        out.write_all(b"end\n")
    }

    fn write_fmt_to(&self, s: &mut String) -> fmt::Result {
        s.push_str(&self.header);
        for line in &self.lines {
            self.line(s, line)?;
        }
        s.push_str("end\n");
        Ok(())
    }

    fn line(&self, s: &mut String, line: &TreeLine) -> fmt::Result {
        for _ in 0..line.level {
            s.push_str("  ");
        }
        match line.reply {
            Reply::Root => {}
            Reply::Cell(r) => write!(s, "{} ", self.geometry.name(r))?,
            Reply::Others => s.push_str("* "),
        }
        writeln!(s, "{}", self.geometry.name(line.mv))
    }
}

impl fmt::Display for Certificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// `header` (a certificate's, from its magic line) with the `[name]` line
/// set to `name`, cleaned as [`Certificate::with_name`] says; unchanged
/// when nothing of the name is left.
pub(crate) fn named_header(header: &str, name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r' | '#' | ']'))
        .collect();
    let clean = clean.trim();
    let mut header = header.to_string();
    if clean.is_empty() {
        return header;
    }
    let at = MAGIC.len() + 1;
    if header[at..].starts_with('[') {
        let end = at + header[at..].find('\n').expect("a header line") + 1;
        header.replace_range(at..end, "");
    }
    header.insert_str(at, &format!("[{clean}]\n"));
    header
}

/// The header of a certificate for `problem`: the magic line, the position
/// in position-file form with every header line written out and the stones
/// as a grid ([`write_board`], the position-file writer's own lines), and
/// the `tree` line.
fn header(problem: &Problem) -> String {
    let position = write_board(
        &problem.board,
        problem.candidates,
        problem.attack,
        problem.depth,
    );
    format!("{MAGIC}\n{position}tree\n")
}

/// Writes the certificate of a `win` of `prover` for `problem`, with the
/// default [`CertificateOptions`] (at most `DEFAULT_MAX_LINES` lines,
/// shared answers on `*` lines).
///
/// `limits` bound the whole writing: the time and node budgets are shared by
/// all the prover calls (each gets what is left), the memory budget applies
/// to each call.
pub fn write_certificate(
    problem: &Problem,
    prover: &mut dyn Prover,
    limits: &Limits,
) -> Result<Certificate, CertificateError> {
    write_certificate_with(problem, prover, limits, &CertificateOptions::default())
}

/// [`write_certificate`] with the given options.
///
/// The tree is expanded from the root: at an attacker turn with `r` plies
/// left, an immediate winning cell is played if there is one, else the
/// prover is asked for a win within `r` and its best move is played; at a
/// defender turn every candidate reply is expanded. The moves chosen are
/// cached by Zobrist key, with the smallest `r` they were proved for, so a
/// transposition reached with at least as many plies left reuses the move
/// instead of asking again. An unlimited problem is written with the horizon
/// the root's win length gives, but for a prover that keeps its table from
/// one question to the next ([`Prover::keep_table`]: df-pn): it is asked
/// about the unlimited game throughout, each question's positions filed
/// under the same keys as the root's, so that what the root's search
/// proved answers the later questions at once (a question within `r`
/// plies is another game, whose entries the root's search never made).
/// Its tree needs no horizon to end: every move adds a stone.
pub fn write_certificate_with(
    problem: &Problem,
    prover: &mut dyn Prover,
    limits: &Limits,
    options: &CertificateOptions,
) -> Result<Certificate, CertificateError> {
    prover.accepts(problem)?;
    let unlimited = problem.depth.is_none() && prover.keep_table(true);
    let written = write_with(problem, prover, limits, options, unlimited);
    if unlimited {
        prover.keep_table(false);
    }
    written
}

/// [`write_certificate_with`], asking every question without a horizon
/// when `unlimited`.
fn write_with(
    problem: &Problem,
    prover: &mut dyn Prover,
    limits: &Limits,
    options: &CertificateOptions,
    unlimited: bool,
) -> Result<Certificate, CertificateError> {
    let began = Instant::now();
    let mut root = prover.prove(problem, limits);
    if root.verdict != Verdict::Win {
        return Err(CertificateError::NotAWin(root.verdict));
    }
    let mut calls = 1;
    let mut nodes = root.stats.nodes;
    let horizon = match problem.depth {
        Some(d) => d,
        // Plies enough for any line: each ply fills a cell.
        None if unlimited => problem.board.empty().count() + 1,
        None => {
            let (h, at_h) = proved_horizon(problem, prover, limits, (&root, began), &mut nodes)?;
            calls += 1;
            root = at_h;
            h
        }
    };
    let header = header(problem);
    let header_lines = header.lines().count() as u64;
    let mut w = Writer {
        prover,
        candidates: problem.candidates,
        attack: problem.attack,
        limits: *limits,
        start: Instant::now(),
        nodes_used: nodes,
        cache: AHashMap::new(),
        lines: Vec::new(),
        path: Vec::new(),
        max_tree_lines: options.max_lines.saturating_sub(header_lines + 1),
        options: *options,
        unlimited,
        stats: CertificateStats {
            prover_calls: calls,
            ..CertificateStats::default()
        },
    };
    let mut board = problem.board.clone();
    if let Some(m) = root.best_move {
        w.cache.insert(board.key(), (horizon, m));
    }
    w.attacker(&mut board, (horizon, None), 0, Reply::Root, 1)?;
    let geometry = *board.game().geometry();
    let mut stats = w.stats;
    stats.lines = header_lines + w.lines.len() as u64 + 1;
    stats.bytes = header.len() as u64 + 4;
    let name_len = |c: Cell| 1 + if geometry.xy(c).1 >= 9 { 2 } else { 1 };
    for line in &w.lines {
        stats.bytes += 2 * u64::from(line.level) + name_len(line.mv) + 1;
        stats.bytes += match line.reply {
            Reply::Root => 0,
            Reply::Cell(r) => name_len(r) + 1,
            Reply::Others => 2,
        };
    }
    Ok(Certificate {
        header,
        geometry,
        lines: w.lines,
        horizon: if unlimited {
            stats.longest_line
        } else {
            horizon
        },
        stats,
    })
}

/// The horizon an unlimited problem's certificate is written with: the
/// root's win length, once the prover proves a win within it. A length
/// is not always a bound: PNS's line follows the defender's replies with
/// the largest proofs as it counts them, not always the longest lines,
/// and the writer's later questions ("a win within the plies left?")
/// would then meet a `no-win` (9x4 k=4 after e2 e1 under PNS). So the
/// root is asked again within the length, then 2 plies more at a time,
/// up to a ply per empty cell; the answer within the horizon found is
/// returned beside it. `began`: when the root's search started, so that
/// the time budget holds for the whole run.
fn proved_horizon(
    problem: &Problem,
    prover: &mut dyn Prover,
    limits: &Limits,
    (root, began): (&Outcome, Instant),
    nodes: &mut u64,
) -> Result<(u32, Outcome), CertificateError> {
    let mut h = root.plies.ok_or(CertificateError::NoLength)?;
    let most = problem.board.empty().count() + 1;
    while h <= most {
        let left =
            limits
                .left_after(began.elapsed(), *nodes)
                .ok_or_else(|| CertificateError::Budget {
                    path: "the root".into(),
                })?;
        let sub = Problem {
            depth: Some(h),
            ..problem.clone()
        };
        let at = prover.prove(&sub, &left);
        *nodes += at.stats.nodes;
        match at.verdict {
            Verdict::Win => return Ok((h, at)),
            // None within `h` plies (in the threat space, for a threat
            // prover, which found the root's win there): a longer one.
            Verdict::NoWin | Verdict::NoThreatWin => h += 2,
            Verdict::Unknown => {
                return Err(CertificateError::Budget {
                    path: "the root".into(),
                })
            }
        }
    }
    Err(CertificateError::NoLength)
}

/// The state of one expansion.
struct Writer<'p> {
    prover: &'p mut dyn Prover,
    candidates: Candidates,
    attack: Attack,
    limits: Limits,
    start: Instant,
    nodes_used: u64,
    /// Zobrist key -> (smallest plies left it was proved for, the move).
    cache: AHashMap<u64, (u32, Cell)>,
    lines: Vec<TreeLine>,
    /// Moves from the root to the current position.
    path: Vec<Cell>,
    max_tree_lines: u64,
    options: CertificateOptions,
    /// Ask the prover about the unlimited game ([`write_certificate_with`]).
    unlimited: bool,
    stats: CertificateStats,
}

impl Writer<'_> {
    fn path_text(&self, board: &Board) -> String {
        let g = board.game().geometry();
        let names: Vec<String> = self.path.iter().map(|&c| g.name(c)).collect();
        if names.is_empty() {
            "the root".to_string()
        } else {
            names.join(" ")
        }
    }

    fn inconsistent(&self, board: &Board, detail: String) -> CertificateError {
        CertificateError::Inconsistent {
            path: self.path_text(board),
            detail,
        }
    }

    /// What is left of the limits, or `None` when a budget has run out.
    fn remaining(&self) -> Option<Limits> {
        self.limits
            .left_after(self.start.elapsed(), self.nodes_used)
    }

    /// The attacker's move at `board` with `r >= 1` plies left, and the
    /// plies within which it wins (at most `r`); `known`: the attacker's
    /// winning cells, where the caller knows them.
    fn choose(
        &mut self,
        board: &Board,
        (r, known): (u32, Option<Bitboard>),
    ) -> Result<(Cell, u32), CertificateError> {
        let me = board.to_move();
        // Under renju x's forbidden points are no moves of x.
        let attack_moves = |among: Bitboard| {
            board.legal(
                me,
                &(board.attack_moves(me, self.candidates, self.attack) & among),
            )
        };
        // A cached move was proved to win here (this position) within
        // `r0` plies: it stands even where a winning cell is open too, and
        // the scans for those are most of a cached turn's cost. The move
        // is checked, so a key collision costs a call, not a wrong tree;
        // only the move itself is tested for legality.
        if let Some(&(r0, m)) = self.cache.get(&board.key()) {
            if r0 <= r && !attack_moves(Bitboard::single(m.index())).is_empty() {
                self.stats.cache_hits += 1;
                return Ok((m, r0));
            }
        }
        let cands = board.candidates(self.candidates);
        let wins = known.unwrap_or_else(|| board.winning_cells(me));
        if let Some(w) = winning_cell(&wins, &cands) {
            return Ok((w, 1));
        }
        let moves = attack_moves(board.empty());
        let Some(limits) = self.remaining() else {
            return Err(CertificateError::Budget {
                path: self.path_text(board),
            });
        };
        let sub = Problem {
            board: board.clone(),
            candidates: self.candidates,
            attack: self.attack,
            depth: (!self.unlimited).then_some(r),
        };
        let outcome = self.prover.prove(&sub, &limits);
        self.stats.prover_calls += 1;
        self.nodes_used += outcome.stats.nodes;
        match outcome.verdict {
            Verdict::Win => {}
            Verdict::Unknown => {
                return Err(CertificateError::Budget {
                    path: self.path_text(board),
                })
            }
            // The prover found this win before (in its threat space, for
            // a threat prover): not finding it now is an inconsistency.
            Verdict::NoWin | Verdict::NoThreatWin => {
                return Err(self.inconsistent(board, format!("no win within {r} plies")));
            }
        }
        let Some(m) = outcome.best_move else {
            return Err(self.inconsistent(board, "a win without a best move".into()));
        };
        if !moves.contains(m.index()) {
            let name = board.game().geometry().name(m);
            return Err(self.inconsistent(board, format!("{name} is not an attacker move")));
        }
        self.cache.insert(board.key(), (r, m));
        self.cache_line(board, r, &outcome.pv);
        Ok((m, r))
    }

    /// Caches the attacker's moves further along `pv`, the line of the
    /// win the prover just found at `board` with `r` plies left (its first
    /// move the one chosen): each is a move the prover proved wins at its
    /// turn of the line within the plies left there, the answer a call
    /// there would give in substance, so the writer does not ask again when
    /// it gets there (on 9x4 k=4, 24,011 questions instead of 89,125). As with
    /// every cached move, `choose` checks that it is a move there, and the
    /// checker judges the whole tree on its own.
    fn cache_line(&mut self, board: &Board, r: u32, pv: &[Cell]) {
        let mut b = board.clone();
        for (i, &c) in pv.iter().enumerate() {
            let Some(left) = r.checked_sub(i as u32) else {
                return;
            };
            if i > 0 && i % 2 == 0 {
                self.cache.entry(b.key()).or_insert((left, c));
            }
            if !b.empty().contains(c.index()) {
                return;
            }
            b.play(c);
            if b.wins_at(c) {
                return;
            }
        }
    }

    /// Expands the attacker's turn at `board` with `r >= 1` plies left
    /// (and the attacker's winning cells, where known); the line is written
    /// at indentation `level` after the defender's `reply`; the move is
    /// ply `ply` of its line of play.
    fn attacker(
        &mut self,
        board: &mut Board,
        (r, known): (u32, Option<Bitboard>),
        level: u16,
        reply: Reply,
        ply: u32,
    ) -> Result<(), CertificateError> {
        let (mv, r) = self.choose(board, (r, known))?;
        self.push_line(level, reply, mv)?;
        board.play(mv);
        self.path.push(mv);
        if board.wins_at(mv) {
            self.stats.longest_line = self.stats.longest_line.max(ply);
        } else if board.is_full() {
            return Err(self.inconsistent(board, "the move fills the board".into()));
        } else if r < 3 {
            return Err(self.inconsistent(board, "the move does not win in time".into()));
        } else {
            self.stats.positions += 1;
            // Every reply the rules allow: under renju x's forbidden
            // points are none.
            let replies = board.legal(board.to_move(), &board.candidates(self.candidates));
            if replies.is_empty() {
                return Err(CertificateError::DefenderEscapes {
                    path: self.path_text(board),
                    detail: "the defender has no candidate: a draw",
                });
            }
            // The attacker's winning cells, once for every reply: a
            // defender's stone takes its own cell from them and changes no
            // other (a winning cell completes a run of the attacker's
            // stones, under every rule a run of its stones alone), so
            // after reply `c` they are these less `c`. Scanning the board
            // at each reply's turn was a third of the writing under renju.
            let wins = board.winning_cells(board.to_move().other());
            // Each reply's lines form one block, shared afterwards.
            let first = self.lines.len();
            let mut blocks = Vec::with_capacity(replies.count() as usize);
            for i in replies.iter() {
                let reply = Cell::from_index(i);
                blocks.push(self.lines.len());
                board.play(reply);
                self.path.push(reply);
                if board.wins_at(reply) {
                    return Err(CertificateError::DefenderEscapes {
                        path: self.path_text(board),
                        detail: "the reply completes the defender's line",
                    });
                }
                if board.is_full() {
                    return Err(CertificateError::DefenderEscapes {
                        path: self.path_text(board),
                        detail: "the reply fills the board",
                    });
                }
                let known = wins & !Bitboard::single(reply.index());
                let at = (r - 2, Some(known));
                self.attacker(board, at, level + 1, Reply::Cell(reply), ply + 2)?;
                self.path.pop();
                board.undo(reply);
            }
            if self.options.share_answers {
                blocks.push(self.lines.len());
                self.share(first, &blocks);
            }
        }
        self.path.pop();
        board.undo(mv);
        Ok(())
    }

    /// Records a tree line, within the line budget.
    fn push_line(&mut self, level: u16, reply: Reply, mv: Cell) -> Result<(), CertificateError> {
        if self.lines.len() as u64 >= self.max_tree_lines {
            return Err(CertificateError::TooLarge {
                max_lines: self.options.max_lines,
            });
        }
        self.lines.push(TreeLine { level, reply, mv });
        self.stats.attacker_moves += 1;
        self.stats.positions += 1;
        Ok(())
    }

    /// Writes the answer shared by the most lines once: the reply blocks of
    /// one defender turn start at `blocks[..n]` (`blocks[n]` is the end);
    /// the blocks equal but for their reply are replaced by one `*` block,
    /// last. Nothing changes when no two blocks are equal.
    fn share(&mut self, first: usize, blocks: &[usize]) {
        let n = blocks.len() - 1;
        if n < 2 {
            return;
        }
        // A block's content but for its reply: its answer and the lines below.
        let key =
            |lines: &[TreeLine], b: usize| (lines[blocks[b]].mv, blocks[b] + 1, blocks[b + 1]);
        let mut groups: AHashMap<(Cell, &[TreeLine]), (usize, usize)> = AHashMap::new();
        for b in 0..n {
            let (mv, lo, hi) = key(&self.lines, b);
            let entry = groups.entry((mv, &self.lines[lo..hi])).or_insert((b, 0));
            entry.1 += 1;
        }
        // The group saving the most lines; ties go to the earliest.
        let Some((&(mv, _), &(best, count))) = groups
            .iter()
            .filter(|(_, &(_, c))| c >= 2)
            .max_by_key(|((_, rest), &(b, c))| ((c - 1) * (rest.len() + 1), usize::MAX - b))
        else {
            return;
        };
        let (_, lo, hi) = key(&self.lines, best);
        let shared: Vec<TreeLine> = self.lines[lo..hi].to_vec();
        drop(groups);
        let mut kept = Vec::with_capacity(blocks[n] - first);
        for b in 0..n {
            let (m, l, h) = key(&self.lines, b);
            if m != mv || self.lines[l..h] != shared[..] {
                kept.extend_from_slice(&self.lines[blocks[b]..blocks[b + 1]]);
            }
        }
        let head = TreeLine {
            reply: Reply::Others,
            ..self.lines[blocks[best]]
        };
        debug_assert!(count >= 2);
        self.lines.truncate(first);
        self.lines.extend_from_slice(&kept);
        self.lines.push(head);
        self.lines.extend_from_slice(&shared);
    }
}

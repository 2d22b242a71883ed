//! Draw certificates: the defender's strategy behind a no-win of a whole
//! game, written down so that the independent checker (`kinrow-checker`)
//! can replay it instead of taking the provers' word.
//!
//! A no-win says that the attacker has no strategy; to show it, the
//! certificate gives one for the defender: at each attacker turn, for every
//! legal attacker move, the defender's reply, down to positions that are
//! judged statically (the pairing strategy and the potential bound of
//! [`crate::rules::pairing`], listed pair by pair so that the checker can
//! recompute the argument), or where the game ended without an attacker
//! line (a full board, the defender's own line). Positions are shared: the
//! strategy is a DAG of numbered nodes, one per position with the attacker
//! to move, so transpositions are written once; and so are mirror images:
//! a position that a symmetry of the board maps onto a node's position
//! refers to that node with the symmetry named (`12/tx`), which the
//! checker applies itself before it compares stones. The whole game is the
//! same game in every frame (lines map to lines, flanks to flanks; no
//! candidate filter, no attack filter, no horizon), so a strategy for the
//! image is one for the position.
//!
//! Only whole games have such a strategy in this form: with `candidates
//! near`, an attack filter or a horizon the no-win is about a restricted
//! game, which the static tests do not speak of (their defender plays any
//! cell, their attacker any move, at any depth), and under renju x may not
//! play its forbidden points. The writer refuses those.
//!
//! The replies are found by asking a prover (an oracle): after each
//! attacker move, candidate replies are tried in order (a reply that wins
//! for the defender, one that reaches a position already written in any
//! frame, one that holds statically, one that a search refuted the move
//! with, then the rest by a cheap score, each sent to the prover
//! as "can the attacker still win?" until one is proved a no-win).
//! A step that nothing proves means no certificate, never a partial one.
//!
//! The searches are the guides ([`Prover::take_settled`]: PNS hands over
//! its arena): the root's (the solve's own, or one made here), then, below
//! each reply a prover call proved, that call's. A reply after which a
//! guide settled a no-win is taken without asking again, and the moves a
//! guide refuted by a reply are answered first; so the writer follows the
//! strategy the searches found, their subtrees as small as their proof
//! numbers could make them, rather than the first reply the cheap score
//! ranks and the prover proves (8x4 k=4 at `47713de`: 0.77 M nodes in
//! 62 s, against 2.5 M in 304 s with df-pn's kept table; since the zones
//! of `draw/zones.rs`, 0.15 M in 19 s; `docs/figures/small-boards.md`,
//! "Draw certificates"). A guide only
//! chooses: the position after its reply is written to its end like any
//! other (static draws, full boards), so a wrong hint (two positions
//! under one key) ends in an error, never in a certificate the checker
//! rejects.
//!
//! Disproof zones ([`crate::rules::zone`]) share the strategy further
//! (`draw/zones.rs`): each node's zone is computed from what was written, an
//! attacker's node answers every move outside one entry's zone by that
//! entry (its default, `*`), and a position that differs from a written
//! node's only in attacker stones outside that node's zone refers to it.
//! The checker replays a node at every position reaching it, so none of
//! this is taken on trust.
//! The walk that writes the nodes is `draw/writer.rs`, their lines
//! `draw/text.rs`. The format is in `docs/certificate-format.md`.

use crate::outcome::{Limits, Problem, ProblemError};
use crate::prover::Prover;
use kinrow_board::{Attack, Candidates, Cell};
use writer::write_draw;

mod text;
mod writer;
mod zones;

/// The size of a draw certificate and the work it took to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawStats {
    /// Lines of the text, header and `end` included.
    pub lines: u64,
    /// Bytes of the text.
    pub bytes: u64,
    /// Nodes of the DAG: positions with the attacker to move.
    pub nodes: u64,
    /// Static draws (a pairing and/or the potential bound): `hold` nodes,
    /// and `hold` entries right after an attacker move.
    pub static_leaves: u64,
    /// Attacker moves answered, over all nodes.
    pub answered: u64,
    /// Of those, the moves answered by a node's default entry (`*`)
    /// rather than an entry of their own.
    pub by_default: u64,
    /// Of those, the moves answered by a copy of an earlier entry of
    /// their node (its move and theirs outside its zone) rather than an
    /// entry searched for them.
    pub reused: u64,
    /// Calls of the prover (the root's search counted, if the writer made
    /// it).
    pub prover_calls: u64,
    /// Replies taken from a search's guide without a call.
    pub guided: u64,
    /// Replies found by reaching a position already written.
    pub shared: u64,
    /// References to a node under a symmetry other than the identity
    /// (among `shared`).
    pub mirrored: u64,
    /// References to a node whose position differs from the one reached
    /// outside the node's zone (among `shared`).
    pub variants: u64,
}

/// Why no draw certificate was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    /// The problem is not a whole game: the certificate would prove a
    /// no-win of another game than the one asked.
    #[error("no draw certificate: {0}")]
    NotWholeGame(&'static str),
    /// The prover refuses the problem.
    #[error(transparent)]
    Refused(#[from] ProblemError),
    /// An attacker move wins at once, leaves two winning cells, or every
    /// reply to it is proved to lose: the position is no no-win.
    #[error("no draw certificate: the attacker wins after `{path}`")]
    AttackerWins { path: String },
    /// No reply to an attacker move was proved to hold within the budget
    /// (`nodes`: the nodes written by then).
    #[error(
        "no draw certificate: no reply proved to hold after `{path}` (budget; {nodes} nodes written)"
    )]
    Unproved { path: String, nodes: u64 },
    /// The DAG would exceed the line budget.
    #[error("the draw certificate would exceed {max_lines} lines")]
    TooLarge { max_lines: u64 },
}

/// How a draw certificate is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOptions {
    /// The most nodes (lines of the DAG).
    pub max_lines: u64,
    /// The node budget of one prover call while replies are tried; a reply
    /// left open by it is retried with the whole budget left once every
    /// reply has had its try.
    pub trial_nodes: u64,
}

impl Default for DrawOptions {
    fn default() -> Self {
        DrawOptions {
            max_lines: super::DEFAULT_MAX_LINES,
            trial_nodes: 200_000,
        }
    }
}

/// One attacker move of a node and what follows it.
#[derive(Clone, Debug)]
struct Entry {
    /// `None` for the node's default (`*`): every move without an entry
    /// of its own.
    mv: Option<Cell>,
    /// The defender's reply; `None` when the move fills the board or
    /// `hold` follows it.
    reply: Option<Cell>,
    /// A static draw right after the move, with the defender to move:
    /// these pairs, the rest by the potential bound.
    hold: Option<Vec<(Cell, Cell)>>,
    /// The node after the reply; `None` when the game is over (the reply
    /// makes the defender's line or fills the board).
    next: Option<Next>,
}

/// A reference to a node: the position reached, mapped by the symmetry
/// `sym` (by the element number of
/// [`Symmetries`](crate::kit::symmetry::Symmetries)), is the node's
/// position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Next {
    id: u32,
    sym: u8,
}

/// A node of the DAG: a position with the attacker to move.
#[derive(Clone, Debug)]
enum Node {
    /// Being expanded.
    Pending,
    /// Holds statically: these pairs, the rest by the potential bound.
    Hold(Vec<(Cell, Cell)>),
    /// Every attacker move, answered.
    Answers(Vec<Entry>),
}

/// A written draw certificate.
#[derive(Clone, Debug)]
pub struct DrawCertificate {
    header: String,
    body: String,
    stats: DrawStats,
}

impl DrawCertificate {
    /// The size of the certificate and the work it took.
    #[must_use]
    pub const fn stats(&self) -> &DrawStats {
        &self.stats
    }

    /// Names the position in the header, as
    /// [`Certificate::with_name`](super::Certificate::with_name) does.
    #[must_use]
    pub fn with_name(mut self, name: &str) -> DrawCertificate {
        let before = self.header.len() as u64;
        self.header = super::named_header(&self.header, name);
        self.stats.bytes = self.stats.bytes - before + self.header.len() as u64;
        self.stats.lines = self.header.lines().count() as u64 + self.stats.nodes + 1;
        self
    }

    /// The certificate as text (see `docs/certificate-format.md`).
    #[must_use]
    pub fn to_text(&self) -> String {
        format!("{}{}end\n", self.header, self.body)
    }
}

/// Writes the draw certificate of a no-win of the whole game `problem`,
/// the replies found with `prover` within `limits` (shared by all calls).
///
/// # Errors
///
/// [`DrawError`]: not a whole game, the attacker wins, a reply not proved
/// within the budget, or too large.
pub fn write_draw_certificate(
    problem: &Problem,
    prover: &mut dyn Prover,
    limits: &Limits,
    options: &DrawOptions,
) -> Result<DrawCertificate, DrawError> {
    whole_game(problem)?;
    prover.accepts(problem)?;
    // Every question is about the same whole game: a prover that keeps its
    // table (df-pn) answers each from what the ones before it settled.
    let kept = prover.keep_table(true);
    let written = write_draw(problem, prover, limits, options);
    if kept {
        prover.keep_table(false);
    }
    written
}

/// Refuses what is not a whole game (module docs): a draw certificate can
/// be written only where this is `Ok`.
///
/// # Errors
///
/// [`DrawError::NotWholeGame`], saying why.
pub fn whole_game(problem: &Problem) -> Result<(), DrawError> {
    let why = if problem.board.game().has_forbidden_points() {
        "under renju x may not play its forbidden points, which the static draws do not allow for"
    } else if problem.candidates != Candidates::All {
        "the no-win is about the game restricted to `candidates near`, not the whole game (use `candidates all`)"
    } else if problem.attack != Attack::Any {
        "the no-win is about an attacker limited by `attack`, not the whole game (use `attack any`)"
    } else if problem.depth.is_some() {
        "the no-win is about a horizon, not the whole game (drop `depth`)"
    } else {
        return Ok(());
    };
    Err(DrawError::NotWholeGame(why))
}

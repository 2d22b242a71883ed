//! Proof-number search over a transposition DAG kept in an arena.
//!
//! Every node carries a proof number (pn) and a disproof number (dn). The
//! search repeatedly descends from the root to a most-proving leaf (at the
//! attacker's OR nodes the child with the least pn, at the defender's AND
//! nodes the child with the least dn), expands it, and updates the numbers
//! back up through every parent of every node that changed, stopping where
//! they do not change.
//!
//! - **DAG.** A position is stored once, found through a Zobrist key that
//!   is canonical under the board's symmetries (8 on a square, 4 on a
//!   rectangle; see [`crate::kit`]), so mirror images share a node and moves are mapped back
//!   to the real board. Nodes are 20 bytes, linked by index, with parent
//!   lists. Sums over shared children over-count; that steers the search
//!   but never settles a node (see the `search` module).
//! - **Rules.** Terminal nodes and move reductions are [`NodeRules`]', so
//!   PNS searches exactly the game the AND-OR prover searches: with a depth
//!   it answers the same question under the same horizon; without one it
//!   searches the whole game (a full board is a draw, a disproof leaf).
//!   With a depth, the last plies before the horizon are settled by the
//!   rules alone, by AND-OR's shortcuts ([`crate::rules::last_plies`]).
//!   One sound cutoff is added ([`crate::rules::hopeless`]): a position
//!   where no window of k cells free of defender stones has as few empty
//!   cells as the attacker has stones left (before the horizon or the full
//!   board) is a no-win at once, since every winning line contains such a
//!   window. It changes node
//!   counts, never a verdict (it cut the 5x5 k=4 draw from 18 M nodes to
//!   2 M).
//! - **Depth.** The remaining depth of a position is the root's minus the
//!   stones added since, so within one search a node stands for one depth
//!   (it is also mixed into the key); each search starts with an empty
//!   arena, so a disproof under a horizon is never reused at another.
//! - **Disproof zones** ([`crate::rules::zone`], [`PnsConfig::zones`]):
//!   without a horizon, under `candidates all` and `attack any`, a
//!   defender's node disproved with a zone that leaves out the move that
//!   led to it disproves every sibling whose move it leaves out too (the
//!   `search::zones` module). They cut 5x5, k=4 from 72 K nodes to 56 K;
//!   on 7x7, k=5 a refutation's zone is most of the board (a pairing there
//!   needs nearly every cell), so they seldom fire.
//! - **The defender's reply order** ([`crate::kit::reply_order`],
//!   [`PnsConfig::reply_order`]): in the same setting, the first dn of the
//!   attacker's node after a reply is scaled by the reply's rank, so the
//!   search tries the replies that block and build the most lines first.
//!   It took 7x7, k=5 from unknown (48.7 M nodes in 60 s) to a draw in
//!   8.5 M nodes and about 17 s (the replies also created in rank order).
//! - **Lazy expansion** ([`PnsConfig::lazy_batch`], the `search::lazy`
//!   module): with the reply order, a defender's node creates its best 8
//!   replies first, the others standing as one more child until the
//!   search asks for them; 7x7, k=5 went from 8.4 M nodes and 16 s to
//!   3.0 M and 6.6 s.
//! - **First numbers** ([`Init`]) and **when the rules look** at a new node
//!   ([`Evaluation`]) are configurable; the defaults measured best.
//!
//! ```
//! use kinrow_board::{Attack, Board, Candidates, Game, Rule};
//! use kinrow_prover::{Limits, Pns, PnsConfig, Problem, Prover, Verdict};
//!
//! // Tic-tac-toe: a draw, so x cannot force a win.
//! let board = Board::new(Game::new(3, 3, 3, Rule::Freestyle).unwrap());
//! let problem = Problem { board, candidates: Candidates::All, attack: Attack::Any, depth: None };
//! let outcome = Pns::new(PnsConfig::default()).prove(&problem, &Limits::default());
//! assert_eq!(outcome.verdict, Verdict::NoWin);
//! ```

mod arena;
mod id;
mod report;
mod search;
mod table;

pub use arena::NodeId;
pub use report::NodeView;

use crate::budget::Budget;
use crate::kit::first_plies::first_plies;
use crate::kit::symmetry::Symmetries;
use crate::kit::ProofNumber;
use crate::outcome::{Limits, Outcome, Problem, ProblemError, Stats, Verdict};
use crate::prover::{check_rule, Prover, Settled};
use crate::rules::dominance::Dominance;
use crate::rules::{bracket, NodeRules, UNLIMITED};
use crate::space::Space;
use crate::vcf::VcfSearcher;
use kinrow_board::{Bitboard, SearchBoard};
use report::Finished;
#[cfg(test)]
pub(crate) use search::PNS_EXTRAS;
use search::{PnsSearch, ATTACKER_BATCH, LAZY_BATCH};
use std::time::Instant;

/// PNS's name in reports and on the command line, searching the whole
/// game ([`Space::Game`]).
pub(crate) const NAME: &str = "pns";

/// PNS's name in the threat space ([`Space::Threats`]): the prover
/// [`crate::Vct`] builds.
pub(crate) const THREATS_NAME: &str = "vct";

/// How new leaves get their first numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Init {
    /// Estimates of mobility, so that forcing lines (few replies) look
    /// cheap to prove. A node evaluated when created starts with its
    /// mobility as the rules give it: an attacker's node with dn = its
    /// number of moves, a defender's node with pn = its number of replies.
    /// A node created without evaluation gets estimates from the fours and
    /// threes the last stone made on its lines (the shape heuristic of
    /// [`crate::kit`]).
    #[default]
    Heuristic,
    /// pn = dn = 1 for every new leaf.
    Unit,
}

/// When the rules ([`NodeRules`]) look at a new node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Evaluation {
    /// When it is created: settled children are known at once (and an
    /// expansion stops at the first child that settles its parent), but
    /// every child costs a full evaluation.
    Eager,
    /// When it is chosen for expansion: creating a child costs a key, a
    /// table probe and a line scan for the heuristic; a child the rules
    /// settle is settled then, without children.
    Delayed,
    /// Eager for the attacker's nodes and for nodes with fewer than 4 plies
    /// left, delayed for the defender's other nodes, whose evaluation (the
    /// double-threat reduction) costs the most and whose mobility the line
    /// heuristic estimates. Measured the best overall in the `pns` bench
    /// (Delayed is close on 15x15 positions, Eager several times slower).
    #[default]
    Mixed,
}

/// Settings of the [`Pns`] prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PnsConfig {
    pub init: Init,
    pub evaluation: Evaluation,
    /// Find every winning first move ([`Outcome::winning_moves`]), not
    /// just one; settles every first move of the root.
    pub all_moves: bool,
    /// Share one node among the mirror images of a position. Turning it off
    /// only costs nodes; it is there to test that it changes nothing else.
    pub symmetry: bool,
    /// The game searched ([`Space`]): the whole game, or the attacker's
    /// threat space ([`crate::Vct::prover`] sets it): fours, and moves
    /// after which it would have a VCF, among its threes, or at a widened
    /// node (one whose threes threaten nothing) among its twos too
    /// ([`crate::space::threats`]' widths). A `win` is a win, a disproof
    /// is only of that restricted game
    /// ([`Verdict::NoThreatWin`]).
    pub space: Space,
    /// Reuse a refutation for every attacker move outside its disproof
    /// zone ([`crate::rules::zone`]), where zones apply (`candidates all`,
    /// `attack any`, no depth, not renju, boards of at most 128 bits, not
    /// in the threat space). Turning it off only costs nodes; it is there
    /// to test that it changes nothing else.
    pub zones: bool,
    /// In the same setting as zones, try first the defender's replies that
    /// block or build the most lines: the first dn of the attacker's node
    /// after each reply is scaled by the reply's rank
    /// ([`crate::kit::reply_order`]). Only numbers change, never a verdict;
    /// the switch is there to test that and to measure it.
    pub reply_order: bool,
    /// With the reply order, create a defender's replies a few at a time,
    /// best ranked first: this many at its first expansion, then as many
    /// again as it has (the replies not created yet count as one more
    /// child; the `search::lazy` module). 0 creates them all at once. Only
    /// the work changes, never a verdict; the setting is there to test
    /// that and to measure it.
    pub lazy_batch: usize,
    /// With zones, create an attacker's moves a few at a time, strongest
    /// first: this many at its first expansion, then as many again as it
    /// has; a move that the zone of a refuted sibling refutes is never
    /// created (the `search::lazy` module). 0 creates them all at once.
    /// Only the work changes, never a verdict; the setting is there to test
    /// that and to measure it.
    pub attacker_batch: usize,
    /// Vertex domination ([`crate::rules::dominance`]): which side's moves
    /// whose live windows all hold another of its moves are not searched,
    /// where it holds (the whole game of any empty cell, freestyle). By
    /// default the defender's replies only: cutting the attacker's moves
    /// costs their nodes' zones and more nodes than it saves on 7x7 k=5.
    /// Only the work changes, never a verdict; the setting is there to
    /// test that and to measure it.
    pub dominance: Dominance,
}

impl Default for PnsConfig {
    fn default() -> Self {
        PnsConfig {
            init: Init::Heuristic,
            evaluation: Evaluation::Mixed,
            all_moves: false,
            symmetry: true,
            space: Space::Game,
            zones: true,
            reply_order: true,
            lazy_batch: LAZY_BATCH,
            attacker_batch: ATTACKER_BATCH,
            dominance: Dominance::REPLIES,
        }
    }
}

/// The proof-number search prover (`pns`).
///
/// Outcome: the verdict; for a win the principal variation ([`Outcome::pv`]:
/// at the attacker's nodes the proved child with the shortest proof found,
/// at the defender's the reply with the longest, ending with the winning
/// stone), its first move and its length ([`Outcome::plies`], within the
/// depth; not always the shortest win, which AND-OR's deepening gives).
/// Statistics: [`Stats::nodes`] nodes created, [`Stats::expansions`] nodes
/// given children (a leaf the rules settle when chosen is not counted),
/// [`Stats::tt_hits`] children found in the table, [`Stats::peak_bytes`]
/// the arena's peak (nodes, edges, parent lists and table; about 55 to 90
/// bytes per node, of which the table takes 16 to 32).
///
/// Budgets: [`Limits::max_nodes`] counts nodes created; without
/// [`Limits::memory`] the arena may use [`crate::default_memory`] bytes.
/// When one runs out the verdict is [`Verdict::Unknown`], with the
/// statistics so far. With [`PnsConfig::all_moves`] a verdict may be
/// settled while some first move is not: [`Outcome::winning_moves`] is then
/// `None` rather than a partial list. The arena of the last search is kept
/// for [`Pns::nodes`] until the next search or [`Pns::release`].
///
/// Keys are 64-bit Zobrist keys and a position is not stored beside its
/// key, so two positions whose keys collide would share a node; with N
/// nodes the chance is about N²/2⁶⁵ (1 in 3,000 at 10⁸ nodes). A collision
/// between an attacker's and a defender's node is detected and kept apart.
#[derive(Debug, Default)]
pub struct Pns {
    config: PnsConfig,
    last: Option<Finished>,
    /// The threat-space tools of the last search, whose VCF table the next
    /// one reuses (cleared) rather than zeroing a new one.
    spare: Option<VcfSearcher>,
}

impl Pns {
    /// A prover with `config`.
    #[must_use]
    pub fn new(config: PnsConfig) -> Pns {
        Pns {
            config,
            last: None,
            spare: None,
        }
    }

    /// Every node of the last search reachable from its root, once each,
    /// with the position by which it was first reached. Walks the whole
    /// arena and clones a board per node: for tests and debugging.
    #[must_use]
    pub fn nodes(&self) -> Vec<NodeView> {
        self.last.as_ref().map(Finished::nodes).unwrap_or_default()
    }

    /// Frees the arena of the last search (and the VCF table kept for the
    /// next).
    pub fn release(&mut self) {
        self.last = None;
        self.spare = None;
    }
}

impl Prover for Pns {
    /// `vct` in the threat space, so that no report names the wrong one.
    fn name(&self) -> &'static str {
        match self.config.space {
            Space::Game => NAME,
            Space::Threats(_) => THREATS_NAME,
        }
    }

    /// Renju is searched by the two games of passes
    /// ([`Passes`](crate::rules::Passes)); the threat space searches only
    /// the one for wins (see [`Space::brackets_passes`]).
    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        self.config.space.accepts(self.config.all_moves)?;
        if problem.board.game().has_forbidden_points() {
            if self.config.all_moves {
                return Err(ProblemError::AllMovesRenju);
            }
            return Ok(());
        }
        check_rule(self.name(), problem)
    }

    /// The arena of the last search, if it searched a whole game
    /// ([`crate::rules::zone::applies`], not the threat space): its nodes
    /// are answers about that game, wherever it reached them.
    fn take_settled(&mut self) -> Option<Box<dyn Settled + Send>> {
        let last = self.last.take()?;
        let whole = (self.config.space).whole_game(&last.rules, last.board.game(), last.depth);
        whole.then(|| Box::new(last) as Box<dyn Settled + Send>)
    }

    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        let rules = NodeRules::new(problem.candidates, problem.attack);
        let asked = self.config.space;
        let outcome = asked.answer_of_phases(limits, |space, limits| {
            self.config.space = space;
            bracket(space.brackets_passes(problem), limits, |limits, passes| {
                self.prove_in(problem, limits, rules.with_passes(passes))
            })
        });
        self.config.space = asked;
        outcome
    }
}

impl Pns {
    /// One search of `problem` under `rules`: under renju, in the game of
    /// passes they name (see [`bracket`]).
    fn prove_in(&mut self, problem: &Problem, limits: &Limits, rules: NodeRules) -> Outcome {
        self.last = None;
        let start = Instant::now();
        let board = &SearchBoard::from(problem.board.clone());
        let depth = problem.depth.unwrap_or(UNLIMITED);
        let sym = Symmetries::shared(board.game().geometry(), self.config.symmetry);
        let memory = crate::memory::budget(limits);
        let mut search = PnsSearch::new(
            board,
            depth,
            rules,
            (self.config.init, self.config.evaluation),
            &sym,
            (Budget::new(limits), memory),
            self.spare.take(),
        );
        search.space = self.config.space;
        let whole_game = self.config.space.whole_game(&rules, board.game(), depth);
        search.dominance = self.config.dominance;
        if self.config.zones && whole_game {
            search.keep_zones();
            if self.config.attacker_batch > 0 {
                search.create_moves_lazily(self.config.attacker_batch);
            }
        }
        if self.config.reply_order && whole_game {
            search.order_replies();
            if self.config.lazy_batch > 0 {
                search.create_replies_lazily(self.config.lazy_batch);
            }
        }
        let (immediate, rest) = if self.config.all_moves {
            rules.all_moves(board, depth)
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        };
        let _budget_ran_out = if self.config.all_moves {
            search.prove_each(rest)
        } else {
            search.prove_root()
        }
        .is_err();
        let stopped_by = search.budget.stopped_by();
        let (expansions, tt_hits, root) = (search.expansions, search.tt_hits, search.root());
        let (vcf_nodes, vcf_bytes) = (search.vcf_nodes(), search.vcf_bytes());
        let (arena, threats) = search.into_parts();
        self.spare = Some(threats);
        let finished = Finished {
            arena,
            sym,
            rules,
            board: board.clone(),
            depth,
            root,
        };
        let (pn, dn) = finished
            .root_numbers()
            .unwrap_or((ProofNumber::ONE, ProofNumber::ONE));
        let mut outcome = Outcome::new(Verdict::Unknown);
        if self.config.all_moves && !immediate.is_empty() {
            let cell = kinrow_board::Cell::from_index(immediate.first().expect("nonempty"));
            outcome.verdict = Verdict::Win;
            outcome.pv = vec![cell];
        } else if pn.is_zero() {
            outcome.verdict = Verdict::Win;
            outcome.pv = finished.principal_variation();
        } else if dn.is_zero() {
            // The whole-game search's no-win under renju goes to
            // `bracket`, which tells the games of passes apart.
            self.config.space.disproved(problem, &mut outcome);
        }
        if outcome.verdict == Verdict::Win {
            outcome.best_move = outcome.pv.first().copied();
            outcome.plies = Some(outcome.pv.len() as u32);
        }
        if self.config.all_moves && root.is_some() {
            outcome.winning_moves = finished.winning_moves(immediate, rest);
        }
        if outcome.verdict == Verdict::Unknown {
            outcome.exhausted = stopped_by;
            // The threat space's numbers are of another game (the
            // attacker kept to its threats): not reported.
            let arena = &finished.arena;
            if self.config.space.reports_first_plies() {
                outcome.first_plies = first_plies(problem, depth, &finished.sym, |k| {
                    arena
                        .find(k)
                        .map(|id| (arena.node(id).pn, arena.node(id).dn))
                });
            }
        }
        outcome.stats = Stats {
            nodes: finished.arena.node_count() as u64,
            expansions,
            tt_hits,
            peak_bytes: finished.arena.peak_bytes() + vcf_bytes,
            vcf_nodes,
            elapsed: start.elapsed(),
        };
        self.last = Some(finished);
        outcome
    }
}

//! Depth-first proof-number search (df-pn) in a transposition table of
//! fixed size.
//!
//! df-pn (Nagai 2002, "Df-pn algorithm for searching AND/OR trees and its
//! applications") expands nodes in the same order as proof-number search,
//! but depth first: instead of returning to the root after each expansion,
//! a node is searched below (the MID recursion) as long as its proof
//! number stays below a threshold and its disproof number below another,
//! the thresholds saying when a sibling (or an ancestor's sibling) would
//! become the most-proving node. Nothing but the current path is kept in
//! memory; everything else lives in the transposition table, and a lost
//! entry only costs the work of finding its numbers again. So the search
//! runs in a fixed memory for as long as its budget allows, where PNS's
//! arena grows with every node.
//!
//! - **Table** (`table`): buckets of three entries per 64-byte cache line,
//!   each entry the full 64-bit key, pn, dn, the proof length, the best
//!   move (a canonical cell) and the work spent at and below the node. The
//!   memory budget, the smaller of [`Limits::memory`] and
//!   [`DfpnConfig::table_bytes`], bounds it: it starts at 1 MiB and doubles
//!   as it fills, up to the largest size whose doubling fits in the budget,
//!   then stays. A new key replaces the bucket's entry with the least work
//!   (the cheapest to find again). Settled entries (pn = 0 or dn = 0) are
//!   exact.
//! - **1+ε trick** (Pawlewicz & Lew 2007, "Improving depth-first PN-search:
//!   1+ε trick"): plain df-pn gives the most-proving child the threshold
//!   second-best + 1 and so switches between two close siblings at every
//!   step, re-expanding each from the table; ⌈second-best·(1+ε)⌉ lets the
//!   child grow ε beyond its sibling first ([`DfpnConfig::epsilon_percent`]).
//! - **The game** is PNS's: the same node evaluation
//!   (`rules::ruling`) with the node rules ([`NodeRules`]), the
//!   completion cutoff and the last-plies shortcuts, but without the VCF
//!   shortcut and, outside renju's game for wins, reduction 6 (see
//!   `extras` for why); the verdicts are PNS's, the nodes are not. The
//!   first numbers of
//!   PNS's default (the mobility the rules give for the attacker's nodes
//!   and the last plies, the shape heuristic for the defender's other
//!   nodes), children in canonical order with one child per position up to
//!   symmetry, so that a mirrored problem searches the same nodes.
//! - **The threat space** ([`DfpnConfig::space`], `vct-dfpn`):
//!   PNS's `vct` game ([`crate::space::threats`]) searched by df-pn, with
//!   the VCF shortcut and reduction 6. The attacker's node lists its
//!   narrow threats; once every one is disproved, the node is widened
//!   there and then (the wider set listed and searched in the same MID
//!   call), its defender's nodes salted apart from the narrow ones as in
//!   PNS. The node's value is PNS's: a win of either set. The VCF answers
//!   live in the VCF searcher's own table, so a revisit finds them there.
//! - **Disproof zones** where they apply (whole games on small boards,
//!   [`crate::rules::zone::applies`]; [`DfpnConfig::zones`]): as in PNS,
//!   a refuted attacker's move refutes its siblings outside the
//!   refutation's zone; the zones live in a side table of a sixteenth of
//!   the memory budget, at most 64 MiB (`search/zones.rs`).
//! - **Depth**: as in PNS, the remaining depth of a position is the root's
//!   less the stones added since, and it is mixed into the key
//!   ([`UNLIMITED`] mixes nothing), so a result found under one horizon is
//!   never read under another; the table is new for each search.
//! - **Budgets**: [`Limits::max_nodes`] counts MID calls (nodes visited,
//!   [`Stats::nodes`]); [`Limits::time`] is read every 1024 nodes; the
//!   memory budget is the table's size. When the nodes or the time run out
//!   the verdict is [`Verdict::Unknown`] with the statistics so far; the
//!   memory budget is shared by the table and the zones' store; a memory
//!   budget too small for a table (128 bytes) gives `Unknown` at
//!   once.
//!
//! - **Threads** ([`DfpnConfig::threads`]): with more than one, the threads
//!   search one table of fixed words shared among them (`shared`), steered
//!   apart by Kaneko's virtual proof numbers (`parallel`, where the scheme
//!   and its soundness are argued; docs/parallel.md). One thread is the
//!   search described here, node for node.
//!
//! The game is acyclic (stones are only added, and the depth is in the
//! key), so df-pn's graph-history problem does not arise; the DAG's shared
//! children are counted once per parent in the sums, which only steers the
//! search (see `search`).
//!
//! ```
//! use kinrow_board::{Attack, Board, Candidates, Game, Rule};
//! use kinrow_prover::{Dfpn, DfpnConfig, Limits, Problem, Prover, Verdict};
//!
//! // Tic-tac-toe: a draw, so x cannot force a win.
//! let board = Board::new(Game::new(3, 3, 3, Rule::Freestyle).unwrap());
//! let problem = Problem { board, candidates: Candidates::All, attack: Attack::Any, depth: None };
//! let outcome = Dfpn::new(DfpnConfig::default()).prove(&problem, &Limits::default());
//! assert_eq!(outcome.verdict, Verdict::NoWin);
//! ```

mod parallel;
mod search;
mod shared;
mod table;

use crate::budget::Budget;
use crate::kit::first_plies::first_plies;
use crate::kit::symmetry::Symmetries;
use crate::outcome::{Limits, Outcome, Problem, ProblemError, Stats, Verdict};
use crate::prover::Prover;
use crate::rules::{bracket, NodeRules, Passes, UNLIMITED};
use crate::space::Space;
use crate::vcf::{VcfSearcher, DEFAULT_VCF_SLOTS};
use kinrow_board::{Cell, SearchBoard};
use search::memo::{self, MovesMemo};
use search::zones::ZoneStore;
use search::{DfpnSearch, Numbers};
use std::time::Instant;
use table::{DfpnTable, Table};

use crate::rules::ruling::Extras;

/// df-pn's extras on top of the node rules ([`crate::rules::ruling`]);
/// `vcf`: the search keeps a VCF searcher (renju's game for wins, for the
/// pass rule, or the threat space); `space`: the game searched
/// ([`DfpnConfig::space`]).
///
/// - The completion cutoff: yes.
/// - Reduction 6 (the zone cut): only where the search keeps a VCF
///   searcher. Elsewhere df-pn keeps none: its memory budget is its
///   table, and a VCF table beside it would take a share. Left out, the
///   defender keeps replies the zone would cut: more nodes, the same
///   verdict.
/// - The VCF shortcut: only in the threat space, as PNS's `vct` has it
///   ([`Space::dfpn_vcf_shortcut`]); in the whole game, for the same
///   reason, the attacker's VCF is searched as moves of the tree.
/// - The game: [`DfpnConfig::space`].
pub(crate) const fn extras(vcf: bool, space: Space) -> Extras {
    Extras {
        completion: true,
        zone_cut: vcf,
        vcf_shortcut: space.dfpn_vcf_shortcut(),
        shortest_vcf: false,
        dominance: crate::rules::dominance::Dominance::OFF,
        space,
    }
}

/// Settings of the [`Dfpn`] prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DfpnConfig {
    /// The most bytes the transposition table may hold (the search's
    /// memory; the table grows into them as it fills); the memory budget
    /// (`crate::memory::budget`) lowers it. `u64::MAX`, the default: as
    /// many as the memory budget allows.
    pub table_bytes: u64,
    /// ε of the 1+ε trick, in hundredths: the most-proving child may grow
    /// to ⌈second-best·(1 + ε)⌉ (at least second-best + 1) before the
    /// search turns to its sibling. 0 is plain df-pn.
    pub epsilon_percent: u32,
    /// Find every winning first move ([`Outcome::winning_moves`]), not
    /// just one: settles every first move of the root in turn.
    pub all_moves: bool,
    /// Share one entry among the mirror images of a position. Turning it
    /// off only costs nodes; it is there to test that it changes nothing
    /// else.
    pub symmetry: bool,
    /// In a whole game on a small board (where disproof zones apply,
    /// [`crate::rules::zone::applies`]), try first the defender's replies
    /// that block or build the most lines: the first dn of the attacker's
    /// node after each reply is scaled by the reply's rank
    /// ([`crate::kit::reply_order`]). Only numbers change, never a verdict.
    pub reply_order: bool,
    /// With the reply order: the replies a defender's node evaluates when
    /// it is first listed, best ranked first; the others wait until the
    /// search asks for them (`search/lazy.rs`). 0 evaluates every reply
    /// at once. Only the work changes, never a verdict.
    pub lazy_batch: usize,
    /// Where disproof zones apply ([`crate::rules::zone::applies`]): keep
    /// the zone of each disproved node, and disprove at once the siblings
    /// of a refuted attacker's move that lie outside its zone
    /// (`search/zones.rs`). Only the work changes, never a verdict.
    pub zones: bool,
    /// Threads searching one shared table (`parallel`): 1 (the default)
    /// is the search of one thread in its growing table, with the same
    /// nodes at every run; more share the table, the node, time and
    /// memory budgets, and their nodes vary from run to run (the verdict
    /// does not). [`DfpnConfig::all_moves`] runs on one thread whatever
    /// this says. 0 counts as 1.
    pub threads: usize,
    /// The game searched ([`Space`]): in the threat space
    /// ([`crate::space::threats`]) the attacker is kept to its threats, as
    /// PNS's `vct` does, with its widening: a win is a win, a no-win is
    /// the threat space's only ([`Verdict::NoThreatWin`]). Set by
    /// [`crate::Vct::dfpn`]; named `vct-dfpn`.
    pub space: Space,
    /// Stop, the memory budget run out, once the table is full (15/16 of
    /// its slots) and the search has made as many MID calls since as it
    /// has slots: the table no longer holds the search, and without a
    /// time or node budget the run would not end. For `auto`, where df-pn
    /// stands in for PNS, whose arena ends such a run when it fills. Off,
    /// df-pn searches on in a full table until another budget stops it.
    pub stop_when_full: bool,
}

/// df-pn's name in reports and on the command line, searching the whole
/// game ([`Space::Game`]).
pub(crate) const NAME: &str = "dfpn";

/// df-pn's name in the threat space ([`Space::Threats`]): the prover
/// [`crate::Vct`] builds.
pub(crate) const THREATS_NAME: &str = "vct-dfpn";

/// The default [`DfpnConfig::lazy_batch`]: PNS's first batch.
pub const LAZY_BATCH: usize = 8;

impl Default for DfpnConfig {
    fn default() -> Self {
        DfpnConfig {
            table_bytes: u64::MAX,
            epsilon_percent: 25,
            all_moves: false,
            symmetry: true,
            reply_order: true,
            lazy_batch: LAZY_BATCH,
            zones: true,
            threads: 1,
            space: Space::Game,
            stop_when_full: false,
        }
    }
}

/// The df-pn prover (`dfpn`).
///
/// Outcome: the verdict; for a win the principal variation
/// ([`Outcome::pv`]): from the root, the moves the table's entries name (at
/// the attacker's nodes the proved child with the shortest proof found, at
/// the defender's the reply with the longest), ending with the winning
/// stone. Where an entry on that line was overwritten, the node is proved
/// again by the same search (no budget applies: its proof exists) and the
/// line goes on from its new entry. [`Outcome::plies`] is the line's
/// length, the length of the proof found (not always the shortest win,
/// which AND-OR's deepening gives; a line re-proved on the way may differ
/// from the root's first proof). Statistics: [`Stats::nodes`] MID calls,
/// re-proofs included; [`Stats::expansions`] the calls that gave a node
/// children; [`Stats::tt_hits`] children found in the table;
/// [`Stats::peak_bytes`] the table's peak (two tables for a moment when it
/// doubles).
///
/// With [`DfpnConfig::all_moves`] a verdict may be settled while some
/// first move is not: [`Outcome::winning_moves`] is then `None` rather
/// than a partial list.
///
/// Keys are 64-bit Zobrist keys stored whole, so two positions share an
/// entry only if their keys collide (with N entries written, about N
/// probes in 2⁶⁴ per lookup).
#[derive(Debug, Default)]
pub struct Dfpn {
    config: DfpnConfig,
    /// Keep the table from one search to the next ([`Prover::keep_table`]).
    keep: bool,
    /// The table the last search left, while `keep` holds.
    kept: Option<Kept>,
}

/// A table kept from one search for the next, with what its entries are
/// facts about: an entry is filed under a position and the plies left
/// there (mixed into its key), so it answers any later search of the same
/// game under the same rules, whatever that search's root, when its
/// numbers are settled (pn = 0 or dn = 0: exact), and steers it otherwise
/// (as any entry of a table does). Another game, other rules (another
/// game of passes under renju, another attacker filter), another space
/// (a disproof in the threat space of at most 2 fours is no disproof in
/// the wider one: [`Space::phases`]), another size or symmetry setting:
/// a new table.
///
/// A search on several threads keeps its shared table, and the later
/// searches run on one thread over it: the certificate writer's
/// questions find what the threads proved (before, a parallel search was
/// followed by a writer starting cold on one thread: 9x4 k=4 with its
/// certificate took 12.1 s on two threads against 7.1 s on one).
#[derive(Debug)]
struct Kept {
    table: KeptTable,
    game: kinrow_board::Game,
    rules: NodeRules,
    space: Space,
    bytes: u64,
}

/// The table a [`Kept`] holds: one thread's or the threads' shared one,
/// with the stores kept beside it ([`SideStores`]).
#[derive(Debug)]
enum KeptTable {
    One(Table, SideStores),
    /// The stores are those of the one-thread questions over the table.
    Shared(shared::SharedTable, SideStores),
}

/// What a search keeps beside its table, kept with it.
///
/// A zone kept under a node's key is a fact about that position, as a
/// settled entry is: the cells outside which its no-win holds, in the same
/// game under the same rules, with no horizon (zones apply only there). So
/// is a list of the memo ([`memo`]): the moves the rules leave at that
/// position, plies left and width, the side to move being the attacker
/// or not. So both serve every later search the kept table serves, and
/// keeping them spares each question new ones: on 9x4 k=4 with its
/// certificate, the writer's 89 K questions each allocated and dropped a
/// zone store of 64 MiB, mostly untouched, and a memo of 2 MiB made the
/// writer a third slower again (5.4 -> 7.3 s) until it was kept too.
#[derive(Debug, Default)]
struct SideStores {
    zones: Option<ZoneStore>,
    memo: Option<MovesMemo>,
}

impl SideStores {
    /// The stores `search` was given or built, taken for keeping.
    fn take_from<T: table::DfpnTable>(search: &mut DfpnSearch<'_, T>) -> SideStores {
        SideStores {
            zones: search.zones.take(),
            memo: Some(std::mem::take(&mut search.memo)),
        }
    }
}

impl Dfpn {
    /// A prover with `config`.
    #[must_use]
    pub fn new(config: DfpnConfig) -> Dfpn {
        Dfpn {
            config,
            keep: false,
            kept: None,
        }
    }
}

impl Prover for Dfpn {
    /// `vct-dfpn` in the threat space, so that no report names the wrong
    /// one.
    fn name(&self) -> &'static str {
        match self.config.space {
            Space::Game => NAME,
            Space::Threats(_) => THREATS_NAME,
        }
    }

    /// Renju is searched by the two games of passes
    /// ([`Passes`]), with one winning move; the
    /// threat space takes no `all_moves`, as PNS's `vct`.
    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        self.config.space.accepts(self.config.all_moves)?;
        if problem.board.game().has_forbidden_points() && self.config.all_moves {
            return Err(ProblemError::AllMovesRenju);
        }
        Ok(())
    }

    /// Under renju the whole game is searched by the two games of passes
    /// ([`bracket`]); the threat space, as PNS's `vct`, only the one for
    /// wins, so its answers there are wins or unknown.
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

    /// Kept, the table of each search is the next one's (see `Kept` for
    /// when it may be; a parallel search's shared table is kept as well):
    /// a warm table answers the certificate writer's questions at once.
    fn keep_table(&mut self, keep: bool) -> bool {
        self.keep = keep;
        if !keep {
            self.kept = None;
        }
        true
    }
}

impl Dfpn {
    /// One search of `problem` under `rules`: under renju, in the game of
    /// passes they name (see [`bracket`]).
    fn prove_in(&mut self, problem: &Problem, limits: &Limits, rules: NodeRules) -> Outcome {
        let threads = if self.config.all_moves {
            1
        } else {
            self.config.threads.max(1)
        };
        let start = Instant::now();
        let budget = Budget::new(limits);
        // Under renju's game for wins the VCF table (one a thread) takes
        // its share of the memory budget first.
        let threats = needs_threats(&self.config, problem, rules)
            .then(|| VcfSearcher::new(problem.candidates, DEFAULT_VCF_SLOTS));
        let vcf_bytes = threats.as_ref().map_or(0, VcfSearcher::bytes) * threads as u64;
        // The memory budget (`--memory`, or unset its one default: half
        // the machine's memory), as PNS's arena has it; the table grows
        // into it as it fills.
        let bytes = crate::memory::budget(limits)
            .saturating_sub(vcf_bytes)
            .min(self.config.table_bytes);
        if threads > 1 {
            let kept = self.shared_table(problem, rules, bytes);
            // A warm table answers the writer's questions on one thread
            // over it: most are settled there already, and threads would
            // cost more to start than those searches take.
            let threads = if kept.0.is_some() { 1 } else { threads };
            let (outcome, table) =
                parallel::prove(&self.config, problem, rules, (threads, bytes), budget, kept);
            if self.keep {
                self.kept =
                    table.map(|(t, st)| self.kept(problem, rules, bytes, KeptTable::Shared(t, st)));
            }
            return outcome;
        }
        let mut outcome = Outcome::new(Verdict::Unknown);
        // The zones' store takes its share of the table's bytes.
        let zone_bytes = zone_share(bytes);
        // So does the memo of the nodes' moves.
        let memo_slots = memo::slots_within(bytes, 1);
        let bytes = bytes - zone_bytes - memo::bytes_of(memo_slots, 1);
        if Table::buckets_for(bytes) == 0 {
            outcome.exhausted = Some(crate::outcome::Exhausted::Memory);
            outcome.stats.elapsed = start.elapsed();
            return outcome;
        }
        let board = SearchBoard::from(problem.board.clone());
        let depth = problem.depth.unwrap_or(UNLIMITED);
        let sym = Symmetries::shared(board.game().geometry(), self.config.symmetry);
        let (table, stores) = self.table(problem, rules, bytes);
        let mut search = DfpnSearch::new(
            &board,
            depth,
            rules,
            &sym,
            self.config.epsilon_percent,
            table,
            budget,
        );
        search.threats = threats;
        search.space = self.config.space;
        search.stop_when_full = self.config.stop_when_full;
        search.reply_order =
            self.config.reply_order && whole_game(&self.config, &rules, &board, depth);
        search.lazy_batch = self.config.lazy_batch;
        search.zones = zone_store(
            &self.config,
            &rules,
            &board,
            depth,
            zone_bytes,
            stores.zones,
        );
        search.memo = stores.memo.unwrap_or_else(|| MovesMemo::new(memo_slots));
        if self.config.all_moves {
            let (immediate, rest) = rules.all_moves(&board, depth);
            let (settled, complete) = search.prove_each(rest);
            let proved = |n: &Numbers| n.is_proved();
            if let Some(cell) = immediate.first().map(Cell::from_index) {
                outcome.verdict = Verdict::Win;
                outcome.pv = vec![cell];
            } else if let Some(&(cell, _)) = settled
                .iter()
                .filter(|(_, n)| proved(n))
                .min_by_key(|(_, n)| n.len)
            {
                outcome.verdict = Verdict::Win;
                outcome.pv = search.principal_variation(Some(cell));
            } else if complete {
                outcome.verdict = Verdict::NoWin;
            }
            if complete {
                let mut moves: Vec<Cell> = immediate.iter().map(Cell::from_index).collect();
                moves.extend(settled.iter().filter(|(_, n)| proved(n)).map(|&(c, _)| c));
                moves.sort_unstable();
                outcome.winning_moves = Some(moves);
            }
        } else if let Ok(answer) = search.prove_root() {
            if answer.numbers.is_proved() {
                outcome.verdict = Verdict::Win;
                outcome.pv = search.principal_variation(None);
            } else if answer.numbers.is_settled() {
                self.config.space.disproved(problem, &mut outcome);
            }
        }
        if outcome.verdict == Verdict::Win {
            outcome.best_move = outcome.pv.first().copied();
            outcome.plies = Some(outcome.pv.len() as u32);
        }
        if outcome.verdict == Verdict::Unknown {
            outcome.exhausted = search.budget_stopped_by();
            outcome.first_plies = first_plies(problem, depth, &sym, |k| {
                search.table.get(k).map(|e| (e.pn, e.dn))
            });
        }
        outcome.stats = Stats {
            nodes: search.nodes,
            expansions: search.expansions,
            tt_hits: search.tt_hits,
            peak_bytes: search.table.peak_bytes()
                + search.memo.bytes()
                + search.threats.as_ref().map_or(0, VcfSearcher::bytes)
                + search.zones.as_ref().map_or(0, ZoneStore::bytes),
            elapsed: start.elapsed(),
            vcf_nodes: search.threats.as_ref().map_or(0, VcfSearcher::nodes),
        };
        if self.keep {
            let stores = SideStores::take_from(&mut search);
            let table = KeptTable::One(search.into_table(), stores);
            self.kept = Some(self.kept(problem, rules, bytes, table));
        }
        outcome
    }

    /// `table`, kept from a search of `problem` under `rules` in `bytes`.
    fn kept(&self, problem: &Problem, rules: NodeRules, bytes: u64, table: KeptTable) -> Kept {
        Kept {
            table,
            game: *problem.board.game(),
            rules,
            space: self.config.space,
            bytes,
        }
    }

    /// The kept table, taken, where it may serve a search of `problem`
    /// under `rules` in `bytes` ([`Kept`]).
    fn take_kept(&mut self, problem: &Problem, rules: NodeRules, bytes: u64) -> Option<KeptTable> {
        self.kept
            .take()
            .filter(|k| {
                k.game == *problem.board.game()
                    && k.rules == rules
                    && k.space == self.config.space
                    && k.bytes == bytes
            })
            .map(|k| k.table)
    }

    /// The table of a one-thread search of `problem` under `rules` in
    /// `bytes`, with its side stores: the kept ones where they may serve,
    /// else a new table and no stores yet.
    fn table(&mut self, problem: &Problem, rules: NodeRules, bytes: u64) -> (Table, SideStores) {
        match self.take_kept(problem, rules, bytes) {
            Some(KeptTable::One(t, stores)) => (t, stores),
            _ => (Table::new(bytes), SideStores::default()),
        }
    }

    /// The kept shared table of a parallel search, with the side stores of
    /// the questions over it, where they may serve.
    fn shared_table(
        &mut self,
        problem: &Problem,
        rules: NodeRules,
        bytes: u64,
    ) -> (Option<shared::SharedTable>, SideStores) {
        match self.take_kept(problem, rules, bytes) {
            Some(KeptTable::Shared(t, stores)) => (Some(t), stores),
            _ => (None, SideStores::default()),
        }
    }
}

/// The bytes of a search's `bytes` that its zone stores get (all threads
/// together): a sixteenth, at most 64 MiB (2 M zones: a 7x7 k=5 proof
/// disproves fewer nodes than that), none when a sixteenth holds no store
/// (a budget under 512 KiB: the table keeps it all).
fn zone_share(bytes: u64) -> u64 {
    let share = (bytes / 16).min(64 << 20);
    if ZoneStore::fits_in(share) {
        share
    } else {
        0
    }
}

/// The zone store of one thread's search from `board` with `depth` plies
/// left under `rules`, in `bytes`, where zones apply and `config` keeps
/// them: `kept`, a store an earlier search of the same game in as many
/// bytes left (see `SideStores`), or a new one.
fn zone_store(
    config: &DfpnConfig,
    rules: &NodeRules,
    board: &SearchBoard,
    depth: u32,
    bytes: u64,
    kept: Option<ZoneStore>,
) -> Option<ZoneStore> {
    let applies = config.zones && whole_game(config, rules, board, depth);
    applies
        .then(|| kept.or_else(|| ZoneStore::new(bytes)))
        .flatten()
}

/// Whether a search from `board` with `depth` plies left under `rules`
/// is one of a whole game on a small board, where disproof zones and the
/// reply order apply ([`Space::whole_game`]): never in the threat
/// space, whose no-wins are of a restricted game (as in PNS).
fn whole_game(config: &DfpnConfig, rules: &NodeRules, board: &SearchBoard, depth: u32) -> bool {
    config.space.whole_game(rules, board.game(), depth)
}

/// Whether a search of `problem` under `rules` keeps a VCF searcher:
/// the threat space, and renju's game for wins, for the pass rule (see
/// [`extras`]).
fn needs_threats(config: &DfpnConfig, problem: &Problem, rules: NodeRules) -> bool {
    config.space.needs_vcf()
        || (problem.board.game().has_forbidden_points() && rules.passes == Passes::MustLose)
}

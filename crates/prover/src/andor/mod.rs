//! The classic AND-OR depth-limited prover.
//!
//! It answers "does the attacker (the side to move) win within the
//! horizon?" by plain AND-OR search over the game [`NodeRules`] describes:
//! at the attacker's turn one move must win, at the defender's every reply
//! must lose. On top of that:
//!
//! - **Iterative deepening** over the odd horizons 1, 3, 5, ... (the
//!   attacker's stones land on odd plies, so an even horizon `d` is the
//!   horizon `d - 1`): the first horizon that wins is the length of a
//!   shortest win, so [`Outcome::plies`] is exact. A problem without a depth
//!   uses the number of empty cells as its horizon, since no game is
//!   longer; deepening stops early once a no-win was proved without the
//!   horizon cutting anything off (it then holds for every horizon).
//! - A **transposition table** of settled results keyed by
//!   [`Board::key`](kinrow_board::Board::key) (stones and side to move),
//!   kept as intervals of horizons and reused only where sound: a win
//!   within `d` for every `d' >= d`, a no-win within `d` for every
//!   `d' <= d`. It is emptied for every problem (within one problem the
//!   attacker and the move rules are fixed), never stores a result cut short
//!   by the budget, and never grows beyond [`AndOrConfig::table_bytes`] or
//!   [`Limits::memory`]: past that it replaces entries instead, so the
//!   memory limit never makes a search `unknown`.
//! - **The last plies** are decided without searching them out, when every
//!   reduction is on and `k >= 2`: with three plies left the attacker wins
//!   exactly when a four leaves it two winning cells, and with five only
//!   threats are tried (the argument is in [`crate::rules::last_plies`]).
//! - **The node evaluation** is the one every prover shares
//!   (`rules::ruling`) with AND-OR's extras (`search::ANDOR_EXTRAS`):
//!   reduction 6 and the VCF shortcut with a shortest VCF, so that each
//!   win's length is the strategy's; not the completion cutoff, which
//!   saved no node here (the measurement is beside the declaration).
//! - **Move ordering** by bitboard classes (the table's move, fours, cells
//!   next to two own stones, the rest): it changes node counts, never a
//!   verdict, and allocates nothing.
//!
//! With [`AndOrConfig::all_moves`] every attacker first move is checked on
//! its own (reduction 1 would otherwise stop at the first immediate win),
//! deepening each until it wins or is refuted at the full horizon.
//!
//! ```
//! use kinrow_board::{Attack, Board, Candidates, Game, Rule};
//! use kinrow_prover::{AndOr, AndOrConfig, Limits, Problem, Prover, Verdict};
//!
//! let game = Game::new(15, 15, 5, Rule::Freestyle).unwrap();
//! let mut board = Board::new(game);
//! let g = *board.game().geometry();
//! for name in ["g8", "a1", "h8", "a3", "i8", "a5"] {
//!     board.play(g.parse_cell(name).unwrap());
//! }
//! // x to move with an open three: an open four wins at ply 3.
//! let problem = Problem {
//!     board,
//!     candidates: Candidates::Near(1),
//!     attack: Attack::Any,
//!     depth: Some(7),
//! };
//! let mut prover = AndOr::new(AndOrConfig::default());
//! let outcome = prover.prove(&problem, &Limits::default());
//! assert_eq!(outcome.verdict, Verdict::Win);
//! assert_eq!(outcome.plies, Some(3));
//! assert_eq!(outcome.pv.len(), 3);
//! ```

mod pv;
mod search;
mod table;

use crate::budget::Budget;
use crate::outcome::{Limits, Outcome, Problem, ProblemError, Stats, Verdict};
use crate::prover::{check_rule, Prover};
use crate::rules::{bracket, LastPlies, NodeRules, Reductions, SwitchableRules};
use crate::vcf::{VcfSearcher, DEFAULT_VCF_SLOTS};
use kinrow_board::{Candidates, Cell};
#[cfg(test)]
pub(crate) use search::ANDOR_EXTRAS;
use search::{AndOrSearch, Answer};
use table::Table;

/// Settings of the [`AndOr`] prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AndOrConfig {
    /// Also find every winning first move ([`Outcome::winning_moves`]).
    pub all_moves: bool,
    /// Which reductions to apply; all of them unless testing.
    pub reductions: Reductions,
    /// Largest size of the transposition table in bytes (the smaller of
    /// this and [`Limits::memory`] applies).
    pub table_bytes: u64,
}

impl Default for AndOrConfig {
    fn default() -> Self {
        AndOrConfig {
            all_moves: false,
            reductions: Reductions::ALL,
            table_bytes: 256 << 20,
        }
    }
}

/// The AND-OR prover (see the module docs). It keeps its table between
/// problems only to reuse the allocation.
#[derive(Debug)]
pub struct AndOr {
    config: AndOrConfig,
    table: Table,
    threats: VcfSearcher,
}

impl AndOr {
    /// A prover with these settings.
    #[must_use]
    pub fn new(config: AndOrConfig) -> AndOr {
        AndOr {
            config,
            table: Table::new(config.table_bytes),
            threats: VcfSearcher::new(Candidates::All, DEFAULT_VCF_SLOTS),
        }
    }
}

/// The horizon a problem is searched to: [`Problem::horizon`] rounded down
/// to odd (the attacker's stones land on odd plies); 0 when nothing can
/// win.
fn horizon(problem: &Problem) -> u32 {
    let d = problem.horizon();
    if d & 1 == 0 {
        d.saturating_sub(1)
    } else {
        d
    }
}

/// What the root search settled.
struct RootResult {
    verdict: Verdict,
    /// The first winning move found at the shortest horizon, and that horizon.
    first: Option<(Cell, u32)>,
    pv: Vec<Cell>,
    winning_moves: Option<Vec<Cell>>,
}

impl AndOrSearch<'_> {
    /// Deepens over odd horizons up to `horizon` until the attacker wins.
    fn deepen(&mut self, horizon: u32) -> RootResult {
        let mut result = RootResult {
            verdict: Verdict::NoWin,
            first: None,
            pv: Vec::new(),
            winning_moves: None,
        };
        let mut h = 1;
        while h <= horizon {
            match self.or_node(h, None) {
                (Answer::Win(l), m) => {
                    debug_assert_eq!(l, h, "a shorter win was missed");
                    let m = m.expect("an OR node's win comes with its move");
                    result.verdict = Verdict::Win;
                    result.first = Some((m, h));
                    result.pv = self.principal_variation(h, m);
                    return result;
                }
                (Answer::NoWin { always: true }, _) => return result,
                (Answer::NoWin { always: false }, _) => h += 2,
                (Answer::Unknown, _) => {
                    result.verdict = Verdict::Unknown;
                    return result;
                }
            }
        }
        result
    }

    /// Deepens over odd horizons up to `horizon`, checking every first move
    /// of the attacker on its own until it wins or is refuted for good.
    fn all_moves(&mut self, horizon: u32) -> RootResult {
        let mut result = RootResult {
            verdict: Verdict::NoWin,
            first: None,
            pv: Vec::new(),
            winning_moves: None,
        };
        let me = self.board.to_move();
        let node = self.rules.node;
        let cands = self.board.candidates(node.candidates);
        // Every move the attacker may make (a winning cell passes every
        // filter; it is added in case a filter's fast path drops it).
        let moves = self.board.attack_moves(me, node.candidates, node.attack)
            | (self.board.winning_cells(me) & cands);
        let mut open: Vec<Cell> = if horizon == 0 {
            Vec::new()
        } else {
            moves.iter().map(Cell::from_index).collect()
        };
        let mut winners = Vec::new();
        let mut h = 1;
        while h <= horizon && !open.is_empty() {
            if !self.budget.tick() {
                break;
            }
            let mut i = 0;
            while i < open.len() {
                let m = open[i];
                self.board.play(m);
                let r = if self.board.wins_at(m) {
                    Answer::Win(1)
                } else {
                    self.and_node(h - 1, None)
                };
                self.board.undo(m);
                match r {
                    Answer::Unknown => break,
                    Answer::Win(_) => {
                        winners.push(open.remove(i));
                        if result.first.is_none() {
                            result.first = Some((m, h));
                            result.verdict = Verdict::Win;
                            // Before the budget goes into the other moves.
                            result.pv = self.principal_variation(h, m);
                        }
                    }
                    Answer::NoWin { always: true } => {
                        open.remove(i);
                    }
                    Answer::NoWin { always: false } => i += 1,
                }
            }
            if self.budget.exhausted() {
                break;
            }
            h += 2;
        }
        if self.budget.exhausted() {
            if result.first.is_none() {
                result.verdict = Verdict::Unknown;
            }
            return result;
        }
        winners.sort_unstable();
        result.winning_moves = Some(winners);
        result
    }
}

impl Prover for AndOr {
    fn name(&self) -> &'static str {
        "and-or"
    }

    /// Answers `problem` (whose board must have no completed line, as
    /// position files guarantee). A `win` comes with its first move, its
    /// exact length, the principal variation (cut short only if the
    /// budget runs out while it is extracted) and, with
    /// [`AndOrConfig::all_moves`], every winning first move in cell order
    /// (`None` if the budget ran out before the set was complete; the
    /// verdict stays `win` once one move is proved). A `no-win` comes with
    /// an empty set of winning moves when they were asked for.
    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        let renju = problem.board.game().has_forbidden_points();
        let node = NodeRules::new(problem.candidates, problem.attack);
        bracket(renju, limits, |limits, passes| {
            self.prove_in(problem, limits, node.with_passes(passes))
        })
    }

    /// Renju is searched by the two games of passes
    /// ([`Passes`](crate::rules::Passes)), with
    /// every reduction on (the switches of the tests leave the rules that
    /// argue renju) and one winning move.
    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        if !problem.board.game().has_forbidden_points() {
            return Ok(());
        }
        if self.config.all_moves {
            return Err(ProblemError::AllMovesRenju);
        }
        if self.config.reductions != Reductions::ALL {
            return check_rule(self.name(), problem);
        }
        Ok(())
    }
}

impl AndOr {
    /// One search of `problem` under `node`: under renju, in the game of
    /// passes it names (see [`bracket`]).
    fn prove_in(&mut self, problem: &Problem, limits: &Limits, node: NodeRules) -> Outcome {
        let budget = Budget::new(limits);
        // The VCF table takes its share of the memory budget first (see
        // `vcf::slots_within`), the transposition table the rest.
        let memory = crate::memory::budget(limits);
        self.threats.reset(problem.candidates, memory);
        let cap = (memory - self.threats.bytes()).min(self.config.table_bytes);
        self.table.reset(cap);
        let vcf_nodes = self.threats.nodes();
        let mut search = AndOrSearch {
            board: problem.board.clone().into(),
            rules: SwitchableRules::new(node, self.config.reductions),
            table: &mut self.table,
            budget,
            tt_hits: 0,
            last_plies: if self.config.reductions == Reductions::ALL {
                LastPlies::new(problem.board.game(), &node)
            } else {
                LastPlies::OFF
            },
            threats: &mut self.threats,
            vcf_charged: 0,
        };
        let horizon = horizon(problem);
        let result = if self.config.all_moves {
            search.all_moves(horizon)
        } else {
            search.deepen(horizon)
        };
        debug_assert_eq!(
            search.board.board(),
            &problem.board,
            "the board was not restored"
        );
        debug_assert_eq!(search.board.check_consistency(), Ok(()));
        // VCF nodes are positions visited too. The budget counted both
        // (the VCF nodes once, `vcf_charged`).
        let vcf_nodes = search.threats.nodes() - vcf_nodes;
        let nodes = search.budget.nodes - search.vcf_charged + vcf_nodes;
        let tt_hits = search.tt_hits;
        let elapsed = search.budget.elapsed();
        let mut outcome = Outcome::new(result.verdict);
        outcome.best_move = result.first.map(|f| f.0);
        outcome.plies = result.first.map(|f| f.1);
        outcome.pv = result.pv;
        outcome.winning_moves = result.winning_moves;
        // Deepening one attacker move at a time, the first win found is a
        // shortest one.
        outcome.shortest = outcome.plies.is_some();
        outcome.exhausted = search.budget.stopped_by();
        outcome.stats = Stats {
            nodes,
            expansions: 0,
            tt_hits,
            peak_bytes: self.table.peak_bytes() + self.threats.bytes(),
            vcf_nodes,
            elapsed,
        };
        outcome
    }
}

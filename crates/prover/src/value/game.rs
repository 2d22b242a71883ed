//! The game as a [`Tree`] for the value searches, and the driver the three
//! provers share.

use super::{eval, Score, Tree, ValueConfig, ValueReport};
use crate::budget::Budget;
use crate::outcome::{Limits, Outcome, Problem, ProblemError, Stats, Verdict};
use crate::rules::winning_cell;
use kinrow_board::{Attack, Bitboard, Candidates, Cell, SearchBoard};

/// The move [`GameTree`] plays for a pass: a cell index no board has
/// (boards have at most 26 x 27 bit indices). Only under renju.
pub(crate) const PASS: Cell = Cell::from_index(u16::MAX as usize);

/// The game as a [`Tree`]: the board of a problem, both sides among the
/// candidates, up to a horizon.
///
/// Leaves: the previous move completed a line (a loss for the side to move,
/// at the current ply); the board is full (a draw, 0); the horizon is reached
/// (0, or the static evaluation).
///
/// Moves: every candidate, or with `reductions` on, the reductions listed
/// in the docs of [`super`] (module `value`).
///
/// Under renju the game is RIF's, passes included: x never plays a
/// forbidden point, either side may pass ([`PASS`], tried last), and two
/// passes in a row end the game drawn (a leaf scoring 0). The plies count
/// the passes, so the horizon does too.
pub(crate) struct GameTree {
    board: SearchBoard,
    candidates: Candidates,
    horizon: u32,
    reductions: bool,
    eval: bool,
    renju: bool,
    /// `won[p]`: whether the move leading to ply `p + 1` completed a line.
    won: Vec<bool>,
    /// `passed[p]`: whether the move leading to ply `p + 1` was a pass.
    passed: Vec<bool>,
    budget: Budget,
}

impl GameTree {
    /// The tree of `problem` (whose board has no line yet).
    pub(crate) fn new(problem: &Problem, limits: &Limits, reductions: bool, eval: bool) -> Self {
        let board = problem.board.clone();
        let horizon = problem.horizon();
        GameTree {
            candidates: problem.candidates,
            horizon,
            reductions,
            eval,
            renju: board.game().has_forbidden_points(),
            won: Vec::with_capacity(horizon as usize + 1),
            passed: Vec::with_capacity(horizon as usize + 1),
            budget: Budget::new(limits),
            board: board.into(),
        }
    }

    /// The stones the side to move may play: its candidates, under renju
    /// without x's forbidden points.
    pub(crate) fn candidates(&self) -> Bitboard {
        let cands = self.board.candidates(self.candidates);
        self.board.legal(self.board.to_move(), &cands)
    }

    /// One move standing for all when every move scores the same: a
    /// stone, or the pass when no stone may be played.
    fn representative(cands: &Bitboard) -> Cell {
        cands.first().map_or(PASS, Cell::from_index)
    }

    /// The budget (node count and clock).
    pub(crate) const fn budget(&self) -> &Budget {
        &self.budget
    }

    fn ordered(&self, cands: Bitboard, buf: &mut Vec<Cell>) {
        // Cheap move ordering: cells in a window of k with no opposing stone
        // and at most two empty cells (making or stopping fours), then at
        // most three (threes), then the rest.
        let me = self.board.to_move();
        let own = self.board.stones(me);
        let opp = self.board.stones(me.other());
        let game = self.board.game();
        let mine2 = game.window_cells(own, opp, 2) & cands;
        let theirs2 = game.window_cells(opp, own, 2) & cands;
        let near3 = (game.window_cells(own, opp, 3) | game.window_cells(opp, own, 3)) & cands;
        let first = mine2;
        let second = theirs2.and_not(&first);
        let third = near3.and_not(&(first | second));
        let rest = cands.and_not(&(first | second | third));
        for set in [first, second, third, rest] {
            buf.extend(set.iter().map(Cell::from_index));
        }
    }
}

impl Tree for GameTree {
    type Move = Cell;

    #[inline]
    fn tick(&mut self) -> bool {
        self.budget.tick()
    }

    #[inline]
    fn ply(&self) -> usize {
        self.won.len()
    }

    fn leaf(&mut self) -> Option<Score> {
        let ply = self.ply() as u32;
        if self.won.last() == Some(&true) {
            return Some(Score::loss_at(ply));
        }
        if self.board.is_full() || self.passed.ends_with(&[true, true]) {
            return Some(Score::DRAW);
        }
        if ply >= self.horizon {
            return Some(if self.eval {
                Score::heuristic(eval::static_eval(self.board.board()))
            } else {
                Score::DRAW
            });
        }
        None
    }

    fn moves(&mut self, buf: &mut Vec<Cell>) {
        buf.clear();
        let me = self.board.to_move();
        let all = self.board.candidates(self.candidates);
        let cands = self.board.legal(me, &all);
        if !self.reductions {
            buf.extend(cands.iter().map(Cell::from_index));
            if self.renju {
                buf.push(PASS);
            }
            return;
        }
        let left = self.horizon - self.ply() as u32;
        // 1. An immediate win.
        if let Some(w) = winning_cell(&self.board.winning_cells(me), &cands) {
            buf.push(w);
            return;
        }
        // 2. The last ply without evaluation: every move scores 0.
        if left == 1 && !self.eval {
            buf.push(Self::representative(&cands));
            return;
        }
        // 3. The opponent threatens to win at the next ply: block (one
        //    representative block when it has two cells). Under renju a
        //    block x may not play is none: every move loses alike.
        let threats = self.board.winning_cells(me.other());
        if left >= 2 {
            if let Some(w) = winning_cell(&threats, &all) {
                buf.push(if cands.contains(w.index()) {
                    w
                } else {
                    Self::representative(&cands)
                });
                return;
            }
        }
        // 4. Two plies left, no evaluation, no winning cell for the
        //    opponent: every move scores 0 (a pass too: it leaves the
        //    opponent no winning cell either).
        if left == 2 && !self.eval && threats.is_empty() {
            buf.push(Self::representative(&cands));
            return;
        }
        self.ordered(cands, buf);
        if self.renju {
            buf.push(PASS);
        }
    }

    #[inline]
    fn play(&mut self, m: Cell) {
        if m == PASS {
            self.board.set_to_move(self.board.to_move().other());
            self.won.push(false);
            self.passed.push(true);
            return;
        }
        self.board.play(m);
        let won = self.board.wins_at(m);
        self.won.push(won);
        self.passed.push(false);
    }

    #[inline]
    fn undo(&mut self, m: Cell) {
        self.won.pop();
        self.passed.pop();
        if m == PASS {
            self.board.set_to_move(self.board.to_move().other());
        } else {
            self.board.undo(m);
        }
    }

    /// After a pass the same stones are another node (a second pass ends
    /// the game), so the key tells them apart.
    #[inline]
    fn tt_key(&self) -> Option<(u64, u32)> {
        let salt = if self.passed.last() == Some(&true) {
            0x5bd1_e995_9e37_79b9
        } else {
            0
        };
        Some((self.board.key() ^ salt, self.horizon - self.ply() as u32))
    }
}

/// What the three provers have in common: a root search, a test whether a
/// child is lost (for the list of winning first moves) and a few counters.
pub(crate) trait RootSearch {
    /// The exact root score; the principal variation is then
    /// [`RootSearch::pv`]. Meaningless if the budget ran out.
    fn root(&mut self, tree: &mut GameTree) -> Score;
    /// Whether the current node is won for its side to move. Meaningless if
    /// the budget ran out.
    fn won(&mut self, tree: &mut GameTree) -> bool;
    /// Whether the current node is lost for its side to move. Meaningless if
    /// the budget ran out.
    fn lost(&mut self, tree: &mut GameTree) -> bool;
    /// The principal variation of the last [`RootSearch::root`].
    fn pv(&self) -> Vec<Cell>;
    /// Transposition-table hits and table bytes (0 for searches without).
    fn table_stats(&self) -> (u64, u64) {
        (0, 0)
    }
}

/// The refusal shared by the value searches: no attacker filter. They
/// search renju as RIF has it, passes included (see [`GameTree`]).
pub(crate) fn check_filter(prover: &'static str, problem: &Problem) -> Result<(), ProblemError> {
    match problem.attack {
        Attack::Any => Ok(()),
        attack => Err(ProblemError::Filter { prover, attack }),
    }
}

/// Runs a value search on `problem` (which passed the filter check).
pub(crate) fn solve<S: RootSearch>(
    search: &mut S,
    config: &ValueConfig,
    reductions: bool,
    problem: &Problem,
    limits: &Limits,
) -> ValueReport {
    debug_assert!(problem.attack == Attack::Any);
    let mut tree = GameTree::new(problem, limits, reductions, config.eval);
    let horizon = tree.horizon;
    if config.iterative && reductions {
        // Deepen until a horizon decides the game (see
        // ValueConfig::iterative), each shorter horizon only asked whether
        // it is decisive: wins land at odd plies, losses at even ones, so
        // each horizon has one new question. The exact search then runs at
        // the deciding horizon, or the full one.
        for h in 1..horizon {
            tree.horizon = h;
            let decisive = if h % 2 == 1 {
                search.won(&mut tree)
            } else {
                search.lost(&mut tree)
            };
            if decisive || tree.budget().exhausted() {
                break;
            }
            tree.horizon = horizon;
        }
    }
    let score = if tree.budget().exhausted() {
        Score::DRAW
    } else {
        search.root(&mut tree)
    };
    tree.horizon = horizon;
    let mut winning_moves = None;
    if config.all_moves && !tree.budget().exhausted() {
        let mut list = Vec::new();
        if score.is_win() {
            for c in tree.candidates().iter().map(Cell::from_index) {
                tree.play(c);
                let wins = match tree.leaf() {
                    Some(s) => s.is_loss(),
                    None => search.lost(&mut tree),
                };
                tree.undo(c);
                if tree.budget().exhausted() {
                    break;
                }
                if wins {
                    list.push(c);
                }
            }
        }
        winning_moves = Some(list);
    }
    let (tt_hits, peak_bytes) = search.table_stats();
    let stats = Stats {
        nodes: tree.budget().nodes,
        tt_hits,
        peak_bytes,
        elapsed: tree.budget().elapsed(),
        ..Stats::default()
    };
    if tree.budget().exhausted() {
        let mut outcome = Outcome::new(Verdict::Unknown);
        outcome.stats = stats;
        outcome.exhausted = tree.budget().stopped_by();
        return ValueReport {
            outcome,
            score: None,
            heuristic_score: None,
        };
    }
    // A principal variation stops before its first pass: a line of cells
    // cannot show one (under renju only).
    let pv: Vec<Cell> = search.pv().into_iter().take_while(|&m| m != PASS).collect();
    let value = score.value();
    let outcome = Outcome {
        verdict: if value == 1 {
            Verdict::Win
        } else {
            Verdict::NoWin
        },
        best_move: pv.first().copied(),
        plies: if value == 1 {
            score.decisive_ply()
        } else {
            None
        },
        pv,
        winning_moves,
        value: Some(value),
        stats,
        ..Outcome::new(Verdict::Unknown)
    };
    ValueReport {
        outcome,
        score: Some(score),
        heuristic_score: if config.eval {
            score.heuristic_part()
        } else {
            None
        },
    }
}

//! Which moves defend: every move of the side to move after which the
//! opponent has no forced win within the plies left. A player facing a
//! threat asks it (Rapfi's `YXSEARCHDEFEND`), and the brain asks it when
//! it must defend.
//!
//! Each move is tried, none is pruned: the move is played and the
//! opponent's question (can it force a win within the horizon less one
//! ply?) goes to a prover of the caller's choice. A move defends when that
//! prover proves a no-win, fails to defend when it proves a win, and is
//! left open when a budget runs out. So each answer is as sound as the
//! prover's own verdicts, in the game the problem names: the candidates
//! restrict both sides, and the problem's attacker filter is the
//! opponent's (`attack fours` asks which moves refute every VCF).
//!
//! A move that makes the mover's own line defends at once; a move under
//! renju that is a forbidden point of x is no move. A pass (RIF's) is not
//! listed: it defends exactly when the opponent, to move on the same
//! board, has no forced win, which `solve` answers.

use crate::outcome::{Limits, Outcome, Problem, ProblemError, Stats, Verdict};
use crate::prover::Prover;
use kinrow_board::Cell;
use std::time::{Duration, Instant};

/// What became of one move of the defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defence {
    pub cell: Cell,
    /// The opponent's answer after the move: [`Verdict::NoWin`], the move
    /// defends; [`Verdict::Win`], it does not; [`Verdict::Unknown`], a
    /// budget ran out; [`Verdict::NoThreatWin`], the opponent has no win
    /// in its threat space, which does not settle whether the move
    /// defends.
    pub opponent: Verdict,
    /// The move makes the defender's own line (then it defends).
    pub wins: bool,
}

impl Defence {
    /// Whether the move is proved to defend.
    #[must_use]
    pub(crate) fn defends(&self) -> bool {
        self.opponent == Verdict::NoWin
    }
}

/// Every move of the side to move, tried in cell order.
#[derive(Clone, Debug, Default)]
pub struct Defences {
    pub moves: Vec<Defence>,
    /// The searches' statistics, added up.
    pub stats: Stats,
}

impl Defences {
    /// The moves proved to defend.
    pub fn defending(&self) -> impl Iterator<Item = Cell> + '_ {
        self.moves.iter().filter(|d| d.defends()).map(|d| d.cell)
    }

    /// Whether every move was settled (none left open by a budget, nor by
    /// a threat space's no-win).
    #[must_use]
    pub fn complete(&self) -> bool {
        self.moves.iter().all(|d| d.opponent.settles())
    }
}

/// The opponent's problem after the defender plays `m`, or `None` when the
/// game is over (the defender made its line, or the board is full: the
/// opponent cannot win either way) or the horizon leaves the opponent no
/// ply.
fn after(problem: &Problem, m: Cell) -> Option<Problem> {
    let mut board = problem.board.clone();
    board.play(m);
    if board.wins_at(m) || board.is_full() || problem.depth == Some(1) {
        return None;
    }
    Some(Problem {
        board,
        depth: problem.depth.map(|d| d - 1),
        ..problem.clone()
    })
}

/// What follows one move of the defender.
#[derive(Clone, Debug)]
pub enum Reply {
    /// The move ends the game or the horizon: it defends. `wins`: it
    /// made the defender's own line.
    Over { wins: bool },
    /// The opponent's answer to its problem after the move.
    Opponent(Outcome),
}

/// The defender's move `m` on `problem`, followed by one search of a
/// prover that `prover` makes for the opponent's problem within `limits`:
/// the one step of [`defences`], for callers that choose their own moves
/// (the brain, which tries the cells that touch a threat).
///
/// # Errors
///
/// The prover's refusal of the opponent's problem.
pub fn reply(
    problem: &Problem,
    m: Cell,
    prover: &mut dyn FnMut(&Problem) -> Box<dyn Prover + Send>,
    limits: &Limits,
) -> Result<Reply, ProblemError> {
    let Some(next) = after(problem, m) else {
        let mut b = problem.board.clone();
        b.play(m);
        return Ok(Reply::Over { wins: b.wins_at(m) });
    };
    let mut p = prover(&next);
    p.accepts(&next)?;
    Ok(Reply::Opponent(p.prove(&next, limits)))
}

/// Tries every legal move of the side to move of `problem`, each followed
/// by one search of a prover that `prover` makes for the opponent's
/// problem (see the module docs). `limits` bound the
/// whole listing: each search gets what the ones before it left.
///
/// # Errors
///
/// The prover's refusal of the opponent's problem (the first one met).
pub fn defences(
    problem: &Problem,
    prover: &mut dyn FnMut(&Problem) -> Box<dyn Prover + Send>,
    limits: &Limits,
) -> Result<Defences, ProblemError> {
    let start = Instant::now();
    let board = &problem.board;
    let me = board.to_move();
    let cells = board.legal(me, &board.candidates(problem.candidates));
    let mut out = Defences::default();
    if problem.depth == Some(0) {
        return Ok(out);
    }
    for m in cells.iter().map(Cell::from_index) {
        let spent = limits.time.is_some_and(|t| start.elapsed() >= t)
            || limits.max_nodes.is_some_and(|n| out.stats.nodes >= n);
        let left = Limits {
            max_nodes: limits
                .max_nodes
                .map(|n| n.saturating_sub(out.stats.nodes).max(1)),
            time: limits.time.map(|t| {
                t.saturating_sub(start.elapsed())
                    .max(Duration::from_millis(1))
            }),
            memory: limits.memory,
        };
        let (opponent, wins) = if spent {
            (Verdict::Unknown, false)
        } else {
            match reply(problem, m, prover, &left)? {
                Reply::Over { wins } => (Verdict::NoWin, wins),
                Reply::Opponent(o) => {
                    out.stats = out.stats.then(&o.stats);
                    (o.verdict, false)
                }
            }
        };
        out.moves.push(Defence {
            cell: m,
            opponent,
            wins,
        });
    }
    out.stats.elapsed = start.elapsed();
    Ok(out)
}

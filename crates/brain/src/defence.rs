//! Step 4 of the engine: a move that refutes the forced win the opponent
//! would have if it were to move (a VCF, else a VCT), checked by searching
//! the opponent's forced win again after it.
//!
//! The threat is looked for as the engine looks for its own wins: the VCF
//! search first, then PNS in the threat space. The candidate defences are
//! the cells that can touch it: for a VCF its zone (outside it a reply
//! that is not a four loses, see [`kinrow_prover::vcf`]); for a VCT,
//! which has no such zone, the cells of its line and their neighbours.
//! Our own fours are always candidates (the opponent must answer them),
//! against a VCT our threes too (a three of ours can outpace one), and
//! the evaluation's move (step 5's), so that a refutation the engine
//! would have played without looking is checked too. Each candidate, the line's own cells first and then by
//! evaluation, is checked by searching the opponent's forced win after
//! it: the VCF search with the node cap of the time left (at least
//! 10,000: a refutation found by a search cut short would be none), then
//! PNS in the threat space with twice the time finding took, or an equal
//! share of the time left among the candidates if more (at least
//! [`MIN_CHECK`]). A check whose
//! threat space runs out with no win refutes, and is played at once;
//! one cut short by its time refutes only as far as it looked, and is
//! kept in case none does better; when the time runs out with no
//! refutation, the best candidate is played as a try.

pub use crate::decision::Refutes;

use crate::decision::{Decision, Reason};
use crate::search::{best_by_eval, legal, ranked, threat_space, vcf_cap, vct_of, vct_search, Vct};
use kinrow_board::{Attack, Bitboard, Board, Candidates, Cell, SearchBoard};
use kinrow_prover::defence::Reply;
use kinrow_prover::vcf::{slots_within, zone, Vcf};
use kinrow_prover::{observe, Limits, Problem, Progress};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The least time a candidate's VCT check gets.
pub const MIN_CHECK: Duration = Duration::from_millis(10);

/// The least VCF nodes a candidate's check gets: a refutation found by a
/// search cut short would be no refutation.
const MIN_CHECK_NODES: u64 = 10_000;

/// The opponent's forced win, as the defence sees it.
pub(crate) struct Threat {
    prover: &'static str,
    plies: u32,
    /// The cells a defence is looked for in.
    cells: Bitboard,
    /// The threat's own cells (its line), tried first.
    line: Bitboard,
    /// How long the VCT search took to find it (zero for a VCF).
    found_in: Duration,
}

/// The cells next to (or on) the cells of `cells`.
fn neighbours(board: &Board, cells: &Bitboard) -> Bitboard {
    let g = board.game().geometry();
    let mut around = Bitboard::default();
    for i in cells.iter() {
        let (x, y) = g.xy(Cell::from_index(i));
        for dx in -1i64..=1 {
            for dy in -1i64..=1 {
                let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
                if nx < 0 || ny < 0 {
                    continue;
                }
                if let Some(c) = g.cell(nx as u32, ny as u32) {
                    around.insert(c.index());
                }
            }
        }
    }
    around
}

/// The forced win the opponent would have if it were to move, VCF first
/// (a quarter of the time left), then VCT (a third of the time left).
pub(crate) fn threat(
    board: &Board,
    vcf: &mut Vcf,
    deadline: Instant,
    memory: u64,
) -> Option<Threat> {
    let opp = board.to_move().other();
    let mut passed = board.clone();
    passed.set_to_move(opp);
    let left = || deadline.saturating_duration_since(Instant::now());
    let mut search = SearchBoard::from(passed.clone());
    if let Some(line) = vcf.search(&mut search, board.empty().count(), vcf_cap(left() / 4)) {
        let mut cells = Bitboard::default();
        for m in &line.moves {
            cells.insert(m.index());
        }
        return Some(Threat {
            prover: "vcf",
            plies: line.plies(),
            cells: zone(&search, opp, &line),
            line: cells,
            found_in: Duration::ZERO,
        });
    }
    let time = left() / 3;
    if time < MIN_CHECK {
        return None;
    }
    let start = Instant::now();
    let Vct::Win { plies, line: pv } = vct_search(&passed, time, memory, None) else {
        return None;
    };
    let mut line = Bitboard::default();
    for m in &pv {
        line.insert(m.index());
    }
    Some(Threat {
        prover: "vct",
        plies,
        cells: neighbours(board, &line),
        line,
        found_in: start.elapsed(),
    })
}

/// Step 4 (see the module docs) against `threat`, the candidates checked
/// on `threads` threads (`vcf`, the caller's table, serves one thread;
/// more threads each take their own, and each parallel check its share of
/// `memory`): `None` when no candidate is found in the time.
pub(crate) fn refute(
    board: &Board,
    threat: &Threat,
    vcf: &mut Vcf,
    deadline: Instant,
    memory: u64,
    threads: usize,
) -> Option<Decision> {
    let me = board.to_move();
    let left = || deadline.saturating_duration_since(Instant::now());
    let legal = legal(board);
    // Our threats (fours, and threes against a VCT, which threes can
    // outpace) make the opponent answer; the quick move is a candidate
    // too, so that a refutation played without looking is looked at.
    let counters = if threat.prover == "vcf" {
        board.fours(me, &legal)
    } else {
        board.threats(me, &legal)
    };
    let mut defences = (threat.cells | counters) & legal;
    if let Some(quick) = best_by_eval(board, &legal) {
        defences.insert(quick.index());
    }
    let mut order = ranked(board, &(defences & threat.line));
    order.extend(ranked(board, &defences.and_not(&threat.line)));
    // Twice what finding took, or a fair share of the time left if more
    // (the threads check that many candidates at once).
    let threads = threads.clamp(1, order.len().max(1));
    let share = left() * threads as u32 / order.len().max(1) as u32;
    let check_time = (threat.found_in * 2).max(MIN_CHECK).max(share);
    let checked = if threads == 1 {
        in_turn(board, &order, vcf, deadline, check_time, memory)
    } else {
        at_once(board, &order, deadline, check_time, memory, threads)
    };
    let decide = |cell, refutes| Decision {
        cell,
        reason: Reason::Block {
            prover: threat.prover,
            plies: threat.plies,
            refutes,
        },
    };
    // The first candidate (in `order`) that refutes; else the first that
    // refutes as far as seen; else the first, as a try.
    let best = checked
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Some((r.filter(|&r| r > Refutes::No)?, i)))
        .max_by_key(|&(r, i)| (r, std::cmp::Reverse(i)));
    match best {
        Some((r, i)) => Some(decide(order[i], r)),
        None => order.first().map(|&m| decide(m, Refutes::No)),
    }
}

/// The candidates of `order` checked one after the other with `vcf`,
/// until one refutes or the time runs out: each one's answer (`None`:
/// not checked).
fn in_turn(
    board: &Board,
    order: &[Cell],
    vcf: &mut Vcf,
    deadline: Instant,
    check_time: Duration,
    memory: u64,
) -> Vec<Option<Refutes>> {
    let mut checked = vec![None; order.len()];
    for (i, &m) in order.iter().enumerate() {
        if Instant::now() >= deadline {
            break;
        }
        let refutes = check(board, m, vcf, deadline, check_time, memory);
        checked[i] = Some(refutes);
        if refutes == Refutes::Yes {
            break;
        }
    }
    checked
}

/// [`in_turn`] on `threads` threads: each takes the next candidate not
/// yet taken, with a VCF table of its own and a `threads`th of `memory`
/// for it and its check. The first refutation found stops the others
/// (their checks in the threat space at once, through a shared
/// [`Progress`]; their VCF searches by their node caps): any refutation
/// will do, the order only says which to try first.
fn at_once(
    board: &Board,
    order: &[Cell],
    deadline: Instant,
    check_time: Duration,
    memory: u64,
    threads: usize,
) -> Vec<Option<Refutes>> {
    let checked = Mutex::new(vec![None; order.len()]);
    let next = AtomicUsize::new(0);
    let found = Arc::new(Progress::default());
    let share = memory / threads as u64;
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut vcf = Vcf::new(Candidates::All, slots_within(share));
                observe(&found, || loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= order.len() || found.stop_requested() || Instant::now() >= deadline {
                        return;
                    }
                    let refutes = check(board, order[i], &mut vcf, deadline, check_time, share);
                    if refutes == Refutes::Yes {
                        found.request_stop();
                    }
                    checked.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(refutes);
                });
            });
        }
    });
    checked.into_inner().unwrap_or_else(PoisonError::into_inner)
}

/// Whether `m` refutes the opponent's forced wins: the VCF search, then
/// PNS in the threat space for at most `time`.
fn check(
    board: &Board,
    m: Cell,
    vcf: &mut Vcf,
    deadline: Instant,
    time: Duration,
    memory: u64,
) -> Refutes {
    let left = || deadline.saturating_duration_since(Instant::now());
    let mut after = board.clone();
    after.play(m);
    let opp = after.to_move();
    if after.winning_cells(opp).intersects(&after.empty()) {
        return Refutes::No;
    }
    let mut search = SearchBoard::from(after.clone());
    let nodes = vcf_cap(left()).max(MIN_CHECK_NODES);
    if vcf
        .search(&mut search, after.empty().count(), nodes)
        .is_some()
    {
        return Refutes::No;
    }
    let time = time.min(left());
    if time.is_zero() {
        return Refutes::AsFarAsSeen;
    }
    // The defence search's own step: the move, then the opponent's search
    // (here PNS in the threat space).
    let problem = Problem {
        board: board.clone(),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let limits = Limits {
        max_nodes: None,
        time: Some(time),
        memory: Some(memory),
    };
    match kinrow_prover::defence::reply(&problem, m, &mut |_| threat_space(), &limits) {
        Ok(Reply::Over { .. }) => Refutes::Yes,
        Ok(Reply::Opponent(outcome)) => match vct_of(outcome) {
            Vct::Win { .. } => Refutes::No,
            Vct::NoneInSpace => Refutes::Yes,
            Vct::Unsettled => Refutes::AsFarAsSeen,
        },
        Err(_) => Refutes::AsFarAsSeen,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::MoveBudget;
    use crate::engine::{deep, quick};
    use kinrow_board::{Candidates, Game, Rule};
    use kinrow_prover::vcf::slots_within;

    const MEMORY: u64 = 64 << 20;

    fn board(rule: Rule, moves: &[&str]) -> Board {
        let mut b = Board::new(Game::new(15, 15, 5, rule).unwrap());
        let g = *b.game().geometry();
        for m in moves {
            b.play(g.parse_cell(m).unwrap());
        }
        b
    }

    /// `b` with the other side to move.
    fn passed(b: &Board) -> Board {
        let mut passed = b.clone();
        passed.set_to_move(b.to_move().other());
        passed
    }

    /// The VCT of the side not to move, were it to move, by the prover
    /// with ample time.
    fn opp_vct(b: &Board) -> Vct {
        vct_search(&passed(b), Duration::from_secs(5), MEMORY, None)
    }

    fn opp_vcf(b: &Board) -> bool {
        let mut vcf = Vcf::new(Candidates::All, slots_within(MEMORY));
        let mut search = SearchBoard::from(passed(b));
        vcf.search(&mut search, 225, 1_000_000).is_some()
    }

    /// `b` after `c`, the same side to move.
    fn after(b: &Board, c: Cell) -> Board {
        let mut a = b.clone();
        a.play(c);
        a.set_to_move(b.to_move());
        a
    }

    /// The engine's move on `threads` threads with 10 s to think.
    fn deep_on(b: &Board, threads: usize) -> Decision {
        let budget = MoveBudget::thinking(Duration::from_secs(10), MEMORY, threads);
        deep(b, Instant::now(), &budget, None).unwrap()
    }

    /// Positions (x to move) where o, were it to move, has a VCT and no
    /// VCF, and the move of the static evaluation does not stop it.
    const VCT_THREATS: [&[&str]; 2] = [
        &["i5", "h7", "i11", "e6", "e9", "h5", "f5", "j11"],
        &[
            "g8", "f11", "i11", "g7", "k8", "h7", "g11", "g10", "j5", "i6",
        ],
    ];

    #[test]
    fn the_opponents_vct_is_refuted() {
        for threads in [1, 2, 4] {
            vct_refuted_on(threads);
        }
    }

    fn vct_refuted_on(threads: usize) {
        for moves in VCT_THREATS {
            let b = board(Rule::Freestyle, moves);
            assert!(!opp_vcf(&b), "{moves:?}");
            assert!(matches!(opp_vct(&b), Vct::Win { .. }), "{moves:?}");
            let q = quick(&b).unwrap();
            assert!(
                matches!(opp_vct(&after(&b, q.cell)), Vct::Win { .. }),
                "{moves:?}: the evaluation's move stops it already"
            );
            let d = deep_on(&b, threads);
            assert!(
                matches!(
                    d.reason,
                    Reason::Block {
                        prover: "vct",
                        refutes: Refutes::Yes | Refutes::AsFarAsSeen,
                        ..
                    }
                ),
                "{moves:?}: {d:?}"
            );
            // The threat space searched through, no win in it.
            assert_eq!(opp_vct(&after(&b, d.cell)), Vct::NoneInSpace, "{moves:?}");
        }
    }

    #[test]
    fn a_three_of_ours_is_a_defence_against_a_vct() {
        for threads in [1, 2] {
            a_three_of_ours_on(threads);
        }
    }

    fn a_three_of_ours_on(threads: usize) {
        // o makes two threes at g8 (e8 f8, g6 g7); x's j3 makes an open
        // three (j3 k4 l5), which outpaces them, while the block at g8
        // leaves o a longer VCT.
        let b = board(
            Rule::Freestyle,
            &["k4", "e8", "l5", "f8", "b13", "g6", "n13", "g7"],
        );
        assert!(matches!(opp_vct(&b), Vct::Win { .. }));
        let d = deep_on(&b, threads);
        assert!(
            matches!(
                d.reason,
                Reason::Block {
                    refutes: Refutes::Yes | Refutes::AsFarAsSeen,
                    ..
                }
            ),
            "{d:?}"
        );
        assert_eq!(opp_vct(&after(&b, d.cell)), Vct::NoneInSpace);
    }
}

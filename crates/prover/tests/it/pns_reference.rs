//! Depth-limited PNS against the naive recursion of `kinrow-reference` on
//! random positions: equal verdicts, a winning first move the naive search
//! also finds, a principal variation that really ends in a win within the
//! horizon, and (with `all_moves`) the same set of winning first moves.

use crate::common::{sweep, sweep_range};
use kinrow_board::Cell;
use kinrow_prover::{Evaluation, Init, Limits, Outcome, Pns, PnsConfig, Problem, Prover, Verdict};
use kinrow_reference::{
    adapt, attacker_wins, other, random_case, winning_first_moves, Case, EMPTY,
};

fn xy(p: &Problem, c: Cell) -> (usize, usize) {
    adapt::xy(&p.board, c)
}

/// The principal variation alternates attacker and defender stones on empty
/// cells, stays within the horizon and ends with the attacker completing a
/// line (and nothing completes a line before).
fn check_pv(case: &Case, p: &Problem, out: &Outcome, seed: u64) {
    let plies = out.plies.expect("a win has a length");
    assert_eq!(
        plies as usize,
        out.pv.len(),
        "seed {seed}: plies is the PV length"
    );
    assert!(
        plies >= 1 && plies <= case.depth,
        "seed {seed}: {plies} plies within {}",
        case.depth
    );
    assert_eq!(out.best_move, out.pv.first().copied(), "seed {seed}");
    let mut b = case.board.clone();
    let mut side = case.to_move;
    for (i, &c) in out.pv.iter().enumerate() {
        let (x, y) = xy(p, c);
        assert_eq!(
            b.get(x as i64, y as i64),
            Some(EMPTY),
            "seed {seed}: PV plays an empty cell"
        );
        b.set(x, y, side);
        let last = i + 1 == out.pv.len();
        assert_eq!(
            b.wins_at(x, y),
            last,
            "seed {seed}: only the last PV stone wins"
        );
        side = other(side);
    }
    assert_eq!(
        side,
        other(case.to_move),
        "seed {seed}: the attacker plays the last stone"
    );
}

fn run(seeds: std::ops::Range<u64>, config: PnsConfig) -> (u32, u32) {
    let mut pns = Pns::new(config);
    let (mut wins, mut nowins) = (0, 0);
    for seed in seeds {
        let case = random_case(seed);
        let p = adapt::to_problem(&case);
        let naive = winning_first_moves(&case);
        let out = pns.prove(&p, &Limits::default());
        let expected = if naive.is_empty() {
            nowins += 1;
            Verdict::NoWin
        } else {
            wins += 1;
            Verdict::Win
        };
        assert_eq!(out.verdict, expected, "seed {seed}: {case:?}");
        if expected == Verdict::Win {
            let best = xy(&p, out.best_move.expect("a win has a first move"));
            assert!(
                naive.contains(&best),
                "seed {seed}: {best:?} not in {naive:?}"
            );
            check_pv(&case, &p, &out, seed);
        } else {
            assert!(out.best_move.is_none() && out.pv.is_empty(), "seed {seed}");
        }
        if config.all_moves {
            let mut got: Vec<_> = out
                .winning_moves
                .expect("all moves asked, no budget")
                .iter()
                .map(|&c| xy(&p, c))
                .collect();
            got.sort_unstable();
            let mut want = naive.clone();
            want.sort_unstable();
            assert_eq!(got, want, "seed {seed}: winning first moves");
        } else {
            assert!(out.winning_moves.is_none());
        }
        assert!(
            out.stats.nodes >= 1 && out.stats.peak_bytes > 0,
            "seed {seed}"
        );
    }
    (wins, nowins)
}

#[test]
fn verdicts_and_first_moves_match_the_naive_recursion() {
    let (wins, nowins) = run(sweep_range(0..1200), PnsConfig::default());
    // The mix must exercise both answers.
    assert!(
        wins > sweep(100) && nowins > sweep(100),
        "{wins} wins, {nowins} no-wins"
    );
}

#[test]
fn all_winning_first_moves_match_the_naive_set() {
    let config = PnsConfig {
        all_moves: true,
        ..PnsConfig::default()
    };
    run(sweep_range(5000..6200), config);
}

#[test]
fn unit_init_without_symmetry_gives_the_same_answers() {
    let config = PnsConfig {
        init: Init::Unit,
        symmetry: false,
        ..PnsConfig::default()
    };
    run(10_000..10_400, config);
}

#[test]
fn eager_and_delayed_evaluation_give_the_same_answers() {
    for (init, evaluation) in [
        (Init::Heuristic, Evaluation::Eager),
        (Init::Unit, Evaluation::Eager),
        (Init::Heuristic, Evaluation::Delayed),
    ] {
        let config = PnsConfig {
            init,
            evaluation,
            ..PnsConfig::default()
        };
        run(sweep_range(20_000..20_300), config);
    }
}

#[test]
fn the_naive_verdict_and_first_moves_agree() {
    // Guards the test itself: `winning_first_moves` is nonempty exactly
    // when `attacker_wins` holds.
    for seed in 0..150 {
        let case = random_case(seed);
        let mut b = case.board.clone();
        let wins = attacker_wins(&mut b, case.to_move, case.depth, case.near, case.attack);
        assert_eq!(wins, !winning_first_moves(&case).is_empty(), "seed {seed}");
    }
}

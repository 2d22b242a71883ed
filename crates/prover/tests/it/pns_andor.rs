//! PNS against the AND-OR prover: the same game (both use `NodeRules`), so
//! the same verdicts and the same winning first moves; AND-OR deepens
//! iteratively, so its win is a shortest one and PNS's is never shorter.

use crate::common::{board, middle_game, sweep, three_corners, whole_game};
use kinrow_board::{Attack, Candidates};
use kinrow_prover::{
    AndOr, AndOrConfig, Limits, Outcome, Pns, PnsConfig, Problem, Prover, Verdict,
};
use kinrow_reference::{adapt, random_case};

fn both(problem: &Problem, limits: &Limits) -> (Outcome, Outcome) {
    let pns = Pns::new(PnsConfig {
        all_moves: true,
        ..PnsConfig::default()
    })
    .prove(problem, limits);
    let andor = AndOr::new(AndOrConfig {
        all_moves: true,
        ..AndOrConfig::default()
    })
    .prove(problem, limits);
    (pns, andor)
}

/// Equal verdicts and winning sets when both settled; PNS's win no
/// shorter than AND-OR's shortest. Returns whether both settled.
fn compare(what: &str, problem: &Problem, limits: &Limits) -> bool {
    let (p, a) = both(problem, limits);
    if p.verdict == Verdict::Unknown || a.verdict == Verdict::Unknown {
        return false;
    }
    assert_eq!(p.verdict, a.verdict, "{what}");
    // Under a budget a settled verdict may come without the full list.
    if *limits == Limits::default() || (p.winning_moves.is_some() && a.winning_moves.is_some()) {
        assert_eq!(p.winning_moves, a.winning_moves, "{what}");
    }
    if p.verdict == Verdict::Win {
        let (pp, ap) = (p.plies.unwrap(), a.plies.unwrap());
        assert!(pp >= ap, "{what}: PNS {pp} plies, AND-OR's shortest {ap}");
        if let Some(d) = problem.depth {
            assert!(pp <= d, "{what}: {pp} plies within {d}");
        }
        if let Some(moves) = &a.winning_moves {
            assert!(moves.contains(&p.best_move.unwrap()), "{what}");
        }
    }
    true
}

#[test]
fn random_small_cases_agree() {
    for seed in 30_000..31_200u64 {
        let case = random_case(seed);
        let problem = adapt::to_problem(&case);
        assert!(compare(
            &format!("seed {seed}"),
            &problem,
            &Limits::default()
        ));
    }
}

#[test]
fn random_15x15_middle_games_agree() {
    // Deeper than the naive recursion affords; both under a node budget,
    // compared where both settle.
    let limits = Limits {
        max_nodes: Some(30_000),
        ..Limits::default()
    };
    let mut settled = 0;
    for seed in 0..u64::from(sweep(120)) {
        let Some(board) = middle_game(seed, 0x5EED, (6, 30)) else {
            continue;
        };
        let (candidates, attack, depth) = match seed % 3 {
            0 => (Candidates::Near(1), Attack::Any, 7),
            1 => (Candidates::Near(2), Attack::Threats, 9),
            _ => (Candidates::Near(2), Attack::Fours, 15),
        };
        let problem = Problem {
            board,
            candidates,
            attack,
            depth: Some(depth),
        };
        settled += u32::from(compare(&format!("15x15 seed {seed}"), &problem, &limits));
    }
    assert!(settled > sweep(60), "{settled} settled by both");
}

#[test]
fn whole_games_on_small_boards_agree() {
    for (name, board) in [
        ("3x3 k3", board(3, 3, 3, &[])),
        ("4x3 k3", board(4, 3, 3, &[])),
        ("4x4 k4 corners", three_corners()),
    ] {
        let problem = whole_game(board);
        assert!(
            compare(name, &problem, &Limits::default()),
            "{name} settled"
        );
    }
}

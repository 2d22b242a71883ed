//! df-pn against the other provers and the naive reference recursion:
//! equal verdicts on every bundled suite (the puzzles not marked slow) and
//! on random positions, winning lines that really win, fixed-size tables
//! and small budgets that never give a wrong answer, and mirror images that
//! take the same nodes.

use crate::common::{map, suite, sweep, sweep_range, sweep_suite, transformed};
use kinrow_board::{Attack, Board, Candidates, Cell, Game, Player, Rule};
use kinrow_format::{Expect, Position};
use kinrow_prover::{
    AndOr, AndOrConfig, Dfpn, DfpnConfig, Exhausted, Limits, Outcome, Pns, PnsConfig, Problem,
    Prover, Verdict,
};
use kinrow_reference::{adapt, random_case, winning_first_moves, Case};
use std::time::Duration;

/// A df-pn with a table of `bytes`, the rest default.
fn dfpn(bytes: u64) -> Dfpn {
    Dfpn::new(DfpnConfig {
        table_bytes: bytes,
        ..DfpnConfig::default()
    })
}

fn nodes(n: u64) -> Limits {
    Limits {
        max_nodes: Some(n),
        ..Limits::default()
    }
}

/// A win's line: it plays empty cells, alternating from the side to move,
/// nothing completes a line before its last stone, which completes the
/// attacker's; its length is `plies`, within the depth.
fn check_line(problem: &Problem, out: &Outcome, what: &str) {
    assert_eq!(out.verdict, Verdict::Win, "{what}");
    let plies = out.plies.expect("a win has a length");
    assert_eq!(
        plies as usize,
        out.pv.len(),
        "{what}: plies is the line's length"
    );
    if let Some(d) = problem.depth {
        assert!(plies >= 1 && plies <= d, "{what}: {plies} plies within {d}");
    }
    assert_eq!(out.best_move, out.pv.first().copied(), "{what}");
    let mut b = problem.board.clone();
    let attacker = b.to_move();
    for (i, &c) in out.pv.iter().enumerate() {
        assert!(
            b.stone_at(c).is_none(),
            "{what}: the line plays an empty cell"
        );
        b.play(c);
        let last = i + 1 == out.pv.len();
        assert_eq!(b.wins_at(c), last, "{what}: only the last stone wins");
    }
    assert!(
        b.has_line(attacker),
        "{what}: the attacker completes a line"
    );
}

/// The verdict a position file expects.
fn expected(p: &Position) -> Option<Verdict> {
    p.expect.map(|e| match e {
        Expect::Win => Verdict::Win,
        Expect::NoWin => Verdict::NoWin,
    })
}

/// df-pn on the suite's puzzles not marked slow (of the Renju puzzles,
/// the VCFs and those with a horizon of at most 13 plies: the longer wins
/// are vct's), against its expectations, PNS and AND-OR (each under
/// `budget` nodes; an `unknown` is skipped, a disagreement fails). Returns
/// how many df-pn settled and how many not. A `heavy` suite is sampled
/// unless the sweeps are full (`common::sweep_suite`).
fn check_suite(folder: &str, budget: u64, andor: bool, heavy: bool) -> (usize, usize) {
    let (mut settled, mut unknown) = (0, 0);
    let short = |p: &&Position| {
        p.slow.is_none()
            && (folder != "renju-puzzles"
                || p.depth.is_none_or(|d| d <= 13)
                || p.attack == Attack::Fours)
    };
    let mut puzzles: Vec<Position> = suite(folder).into_iter().filter(|p| short(&p)).collect();
    if heavy {
        puzzles = sweep_suite(puzzles);
    }
    for p in &puzzles {
        let problem = Problem::from(p);
        let what = format!("{folder}/{}", p.name);
        let d = dfpn(64 << 20).prove(&problem, &nodes(budget));
        let mut others = vec![(
            "pns",
            Pns::new(PnsConfig::default()).prove(&problem, &nodes(budget)),
        )];
        if andor {
            others.push((
                "and-or",
                AndOr::new(AndOrConfig::default()).prove(&problem, &nodes(budget)),
            ));
        }
        if d.verdict == Verdict::Unknown {
            unknown += 1;
            continue;
        }
        settled += 1;
        if let Some(e) = expected(p) {
            assert_eq!(d.verdict, e, "{what}: df-pn against the file");
        }
        for (name, o) in &others {
            if o.verdict != Verdict::Unknown {
                assert_eq!(d.verdict, o.verdict, "{what}: df-pn against {name}");
            }
        }
        if d.verdict == Verdict::Win {
            check_line(&problem, &d, &what);
        }
    }
    (settled, unknown)
}

#[test]
fn the_bench_suite_agrees() {
    let (settled, unknown) = check_suite("bench", 1_000_000, true, false);
    assert_eq!((settled, unknown), (13, 0));
}

#[test]
fn the_small_suite_agrees() {
    let (settled, unknown) = check_suite("small", 1_000_000, true, true);
    assert!(
        settled >= sweep(400) as usize && unknown == 0,
        "{settled} settled, {unknown} not"
    );
}

#[test]
fn the_mnk_suite_agrees() {
    // AND-OR deepens to the whole board here, far past any budget. The
    // budget leaves out 8x4, 9x4 and 10x4 k 4 (1.2 M to 5.6 M nodes), which
    // CI's `kinrow verify` lines settle.
    let (settled, unknown) = check_suite("mnk", 400_000, false, true);
    assert!(
        settled >= sweep(14) as usize,
        "{settled} settled, {unknown} not"
    );
}

#[test]
fn the_renju_puzzles_agree() {
    let (settled, unknown) = check_suite("renju-puzzles", 500_000, true, true);
    assert!(
        settled >= sweep(30) as usize,
        "{settled} settled, {unknown} not"
    );
}

fn case_problem(case: &Case) -> Problem {
    Problem {
        board: adapt::to_board(&case.board, case.to_move),
        candidates: adapt::to_candidates(case.near),
        attack: adapt::to_attack(case.attack),
        depth: Some(case.depth),
    }
}

/// df-pn under `config` and `limits` on the random cases of `seeds`
/// against the naive recursion: an equal verdict (or `unknown` when
/// `unknown_ok`), a winning first move the naive search finds too, a line
/// that wins, and with `all_moves` the same winning first moves. Returns
/// (wins, no-wins, unknowns).
fn check_random(
    seeds: std::ops::Range<u64>,
    config: DfpnConfig,
    limits: Limits,
    unknown_ok: bool,
) -> (u32, u32, u32) {
    let mut prover = Dfpn::new(config);
    let mut counts = (0, 0, 0);
    for seed in seeds {
        let case = random_case(seed);
        let p = case_problem(&case);
        let naive = winning_first_moves(&case);
        let out = prover.prove(&p, &limits);
        let what = format!("seed {seed}");
        match out.verdict {
            Verdict::NoThreatWin => {
                panic!("{what}: df-pn of the game answers for the threat space")
            }
            Verdict::Unknown => {
                assert!(unknown_ok, "{what}: unknown without a budget");
                assert!(out.best_move.is_none() && out.pv.is_empty(), "{what}");
                counts.2 += 1;
            }
            Verdict::Win => {
                assert!(
                    !naive.is_empty(),
                    "{what}: df-pn wins, the naive search not"
                );
                let best = adapt::xy(&p.board, out.best_move.unwrap());
                assert!(naive.contains(&best), "{what}: {best:?} not in {naive:?}");
                check_line(&p, &out, &what);
                counts.0 += 1;
            }
            Verdict::NoWin => {
                assert!(naive.is_empty(), "{what}: df-pn no-win, naive {naive:?}");
                assert!(out.best_move.is_none() && out.pv.is_empty(), "{what}");
                counts.1 += 1;
            }
        }
        if config.all_moves {
            if let Some(moves) = &out.winning_moves {
                let mut got: Vec<_> = moves.iter().map(|&c| adapt::xy(&p.board, c)).collect();
                got.sort_unstable();
                let mut want = naive.clone();
                want.sort_unstable();
                assert_eq!(got, want, "{what}: winning first moves");
            } else {
                assert!(unknown_ok, "{what}: no list without a budget");
            }
        } else {
            assert!(out.winning_moves.is_none(), "{what}");
        }
        assert!(out.stats.peak_bytes > 0, "{what}");
    }
    counts
}

#[test]
fn random_positions_match_the_naive_recursion() {
    let (wins, nowins, _) = check_random(
        sweep_range(0..1200),
        DfpnConfig::default(),
        Limits::default(),
        false,
    );
    assert!(
        wins > sweep(100) && nowins > sweep(100),
        "{wins} wins, {nowins} no-wins"
    );
}

#[test]
fn all_winning_first_moves_match_the_naive_set() {
    let config = DfpnConfig {
        all_moves: true,
        ..DfpnConfig::default()
    };
    check_random(sweep_range(5000..5600), config, Limits::default(), false);
}

#[test]
fn plain_dfpn_without_symmetry_gives_the_same_answers() {
    for epsilon_percent in [0, 100] {
        let config = DfpnConfig {
            epsilon_percent,
            symmetry: false,
            ..DfpnConfig::default()
        };
        check_random(
            sweep_range(10_000..10_300),
            config,
            Limits::default(),
            false,
        );
    }
}

#[test]
fn tiny_tables_never_answer_wrong_on_random_positions() {
    // 4 KiB holds 189 entries: lines are proved again where their entries
    // were overwritten, and must still win.
    for bytes in [128, 4 << 10, 64 << 10] {
        let limits = Limits {
            memory: Some(bytes),
            max_nodes: Some(200_000),
            ..Limits::default()
        };
        let (wins, nowins, unknown) = check_random(
            sweep_range(20_000..20_400),
            DfpnConfig::default(),
            limits,
            true,
        );
        assert!(
            wins + nowins > sweep(300),
            "{bytes} bytes: {unknown} unknown"
        );
        let config = DfpnConfig {
            all_moves: true,
            ..DfpnConfig::default()
        };
        check_random(sweep_range(21_000..21_200), config, limits, true);
    }
}

/// Bench and Renju positions df-pn needs thousands of nodes for, with their
/// expected verdicts.
fn hard() -> Vec<(Problem, Verdict)> {
    let mut out = Vec::new();
    for (folder, names) in [
        ("bench", &["win-13", "nowin-9-all", "win-9-all"][..]),
        ("renju-puzzles", &["vct_game_black_l06_1-exact"][..]),
        ("mnk", &["4x4-k4"][..]),
    ] {
        for p in suite(folder) {
            if names.contains(&p.name.as_str()) {
                out.push((Problem::from(&p), expected(&p).unwrap()));
            }
        }
    }
    assert_eq!(out.len(), 5);
    out
}

#[test]
fn tiny_tables_never_answer_wrong_on_hard_positions() {
    for (problem, want) in hard() {
        for bytes in [4 << 10, 64 << 10] {
            let limits = Limits {
                memory: Some(bytes),
                max_nodes: Some(100_000),
                time: Some(Duration::from_secs(20)),
            };
            let out = Dfpn::default().prove(&problem, &limits);
            assert!(out.stats.peak_bytes <= bytes);
            match out.verdict {
                Verdict::Unknown => {}
                v => assert_eq!(v, want, "{bytes} bytes"),
            }
            if out.verdict == Verdict::Win {
                check_line(&problem, &out, &format!("{bytes} bytes"));
            }
        }
    }
}

#[test]
fn tiny_node_budgets_give_unknown_or_the_answer() {
    for (problem, want) in hard() {
        for max in [0, 1, 2, 10] {
            let out = dfpn(1 << 20).prove(&problem, &nodes(max));
            assert!(
                out.stats.nodes <= max,
                "{} nodes for {max}",
                out.stats.nodes
            );
            match out.verdict {
                Verdict::Unknown => assert!(out.pv.is_empty() && out.best_move.is_none()),
                v => assert_eq!(v, want),
            }
        }
    }
    // A position the rules settle at the root needs one node.
    let win3 = suite("bench")
        .into_iter()
        .find(|p| p.name == "win-3")
        .unwrap();
    let out = dfpn(1 << 20).prove(&Problem::from(&win3), &nodes(1));
    assert_eq!(out.verdict, Verdict::Win);
    assert_eq!(
        dfpn(1 << 20)
            .prove(&Problem::from(&win3), &nodes(0))
            .verdict,
        Verdict::Unknown
    );
}

#[test]
fn a_memory_budget_below_one_bucket_gives_unknown_at_once() {
    let (problem, _) = hard().swap_remove(0);
    for bytes in [0, 100, 127] {
        let limits = Limits {
            memory: Some(bytes),
            ..Limits::default()
        };
        let out = Dfpn::default().prove(&problem, &limits);
        assert_eq!(out.verdict, Verdict::Unknown);
        assert_eq!((out.stats.nodes, out.stats.peak_bytes), (0, 0));
    }
}

#[test]
fn a_time_budget_gives_unknown() {
    // 8x4 k=4 from the empty board, the whole game: a draw that takes
    // about 700,000 MID calls (5x5 k=4, which took a million before the
    // reply order, lazy replies and zones, now takes 6,000).
    let problem = Problem {
        board: Board::new(Game::new(8, 4, 4, Rule::Freestyle).unwrap()),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let limits = Limits {
        time: Some(Duration::from_millis(50)),
        ..Limits::default()
    };
    let out = dfpn(16 << 20).prove(&problem, &limits);
    assert_eq!(out.verdict, Verdict::Unknown);
    // The budget ended it (not a clock in the test: issue 63).
    assert_eq!(out.exhausted, Some(Exhausted::Time));
    assert!(out.stats.nodes > 0);
    let all = Dfpn::new(DfpnConfig {
        all_moves: true,
        table_bytes: 16 << 20,
        ..DfpnConfig::default()
    })
    .prove(&problem, &nodes(5000));
    assert_eq!((all.verdict, all.winning_moves), (Verdict::Unknown, None));
}

/// `stop_when_full` (auto's df-pn): 8x8 k=5's whole game in a 256 KiB
/// budget, with no time budget, ends with the memory budget run out once
/// the table is full and has been written over (at least as many MID calls
/// as it has slots, about 12,000), on one thread and on two; without it
/// the search goes on in the full table until another budget stops it.
#[test]
fn a_full_table_stops_the_search_only_when_asked() {
    let problem = Problem {
        board: Board::new(Game::new(8, 8, 5, Rule::Freestyle).unwrap()),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    // The node budget is only there to fail, not hang, if the full table
    // does not stop the search.
    let memory = Limits {
        memory: Some(256 << 10),
        max_nodes: Some(1_000_000),
        ..Limits::default()
    };
    for threads in [1, 2] {
        let config = DfpnConfig {
            threads,
            stop_when_full: true,
            ..DfpnConfig::default()
        };
        let out = Dfpn::new(config).prove(&problem, &memory);
        let what = format!("{threads} threads");
        assert_eq!(out.verdict, Verdict::Unknown, "{what}");
        assert_eq!(out.exhausted, Some(Exhausted::Memory), "{what}");
        assert!(out.stats.nodes >= 12_000, "{what}: {}", out.stats.nodes);
        let past = Limits {
            max_nodes: Some(4 * out.stats.nodes),
            ..memory
        };
        let config = DfpnConfig {
            stop_when_full: false,
            ..config
        };
        let on = Dfpn::new(config).prove(&problem, &past);
        assert_eq!(on.exhausted, Some(Exhausted::Nodes), "{what}");
    }
}

/// Table hits are compared too: reduction 5 keeps a set of replies that
/// does not depend on the orientation.
#[test]
fn mirror_images_take_the_same_nodes() {
    let positions: Vec<Position> = suite("bench")
        .into_iter()
        .chain(suite("renju-puzzles").into_iter().filter(|p| {
            ["vct_game_black_l08_2", "vct_game_black_l06_1", "vct_black-"]
                .iter()
                .any(|n| p.name.starts_with(n))
        }))
        .collect();
    assert!(positions.len() >= 15);
    let positions = sweep_suite(positions);
    for p in &positions {
        let problem = Problem::from(p);
        let mut prover = dfpn(64 << 20);
        let out = prover.prove(&problem, &Limits::default());
        let g = *problem.board.game().geometry();
        let syms: &[u32] = if g.width() == g.height() {
            &[1, 2, 3, 4, 5, 6, 7]
        } else {
            &[1, 2, 3]
        };
        for &s in syms {
            let what = format!("{} sym {s}", p.name);
            let mirrored = Problem {
                board: transformed(&problem.board, s),
                ..problem.clone()
            };
            let m = prover.prove(&mirrored, &Limits::default());
            assert_eq!(m.verdict, out.verdict, "{what}");
            assert_eq!(m.stats.nodes, out.stats.nodes, "{what}");
            assert_eq!(m.stats.expansions, out.stats.expansions, "{what}");
            assert_eq!(m.stats.tt_hits, out.stats.tt_hits, "{what}");
            assert_eq!(m.plies, out.plies, "{what}");
            if out.verdict == Verdict::Win {
                check_line(&mirrored, &m, &what);
            }
        }
    }
}

#[test]
fn mirrored_random_positions_take_the_same_nodes() {
    let mut compared = 0;
    for seed in 0..200 {
        let case = random_case(seed);
        let problem = case_problem(&case);
        if problem.board.stones(Player::X).is_empty() && problem.board.stones(Player::O).is_empty()
        {
            continue; // `near R` offers the (asymmetric) centre on an empty board
        }
        let mut prover = dfpn(1 << 20);
        let out = prover.prove(&problem, &Limits::default());
        for s in [1, 2, 3] {
            let mirrored = Problem {
                board: transformed(&problem.board, s),
                ..problem.clone()
            };
            let m = prover.prove(&mirrored, &Limits::default());
            assert_eq!(
                (m.verdict, m.stats.nodes, m.plies),
                (out.verdict, out.stats.nodes, out.plies),
                "seed {seed} sym {s}"
            );
            compared += 1;
        }
    }
    assert!(compared > 500);
}

#[test]
fn symmetry_only_saves_nodes() {
    let problem = Problem {
        board: Board::new(Game::new(4, 4, 4, Rule::Freestyle).unwrap()),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let with = dfpn(16 << 20).prove(&problem, &Limits::default());
    let without = Dfpn::new(DfpnConfig {
        symmetry: false,
        table_bytes: 16 << 20,
        ..DfpnConfig::default()
    })
    .prove(&problem, &Limits::default());
    assert_eq!(
        (with.verdict, without.verdict),
        (Verdict::NoWin, Verdict::NoWin)
    );
    assert!(
        with.stats.nodes * 2 < without.stats.nodes,
        "{} vs {}",
        with.stats.nodes,
        without.stats.nodes
    );
}

#[test]
fn a_mirrored_win_starts_with_the_mirrored_move() {
    let p = suite("bench")
        .into_iter()
        .find(|p| p.name == "win-11")
        .unwrap();
    let problem = Problem::from(&p);
    let out = Dfpn::default().prove(&problem, &Limits::default());
    let g = *problem.board.game().geometry();
    let cell = |c: Cell, s| {
        let (x, y) = map(s, g.width(), g.height(), g.xy(c));
        g.cell(x, y).unwrap()
    };
    for s in 1..8 {
        let mirrored = Problem {
            board: transformed(&problem.board, s),
            ..problem.clone()
        };
        let m = Dfpn::default().prove(&mirrored, &Limits::default());
        assert_eq!(m.best_move, out.best_move.map(|c| cell(c, s)), "sym {s}");
    }
}

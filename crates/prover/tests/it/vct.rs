//! The threat-space provers (`vct`: PNS with the attacker kept to its
//! threats; `vct-dfpn`: df-pn in the same threat space) against AND-OR
//! without zones, which searches the whole game and shares no
//! threat-space code with them: a `win` of either is a win of AND-OR,
//! never shorter than AND-OR's shortest and within the horizon, with a
//! principal variation that plays out; under `attack fours` (where the
//! threat space is the whole filtered game) the verdicts are equal; a
//! disproof elsewhere is reported `unknown`. And the two search one game:
//! where neither ran out of a budget, one wins exactly where the other
//! does.

use crate::common::{
    and_or_without_zones, check_pv, middle_game, suite, sweep, sweep_range, transformed,
};
use kinrow_board::{Attack, Candidates, Player};
use kinrow_format::Expect;
use kinrow_prover::space::{Space, ThreatLimit};
use kinrow_prover::{
    AndOr, Dfpn, DfpnConfig, Limits, Outcome, Pns, PnsConfig, Problem, Prover, Vct, Verdict,
};
use kinrow_reference::{adapt, random_case, random_stones, Rng};

fn vct() -> Pns {
    kinrow_prover::Vct::prover(PnsConfig::default())
}

/// The threat space searched by df-pn, on `threads` threads.
fn vct_dfpn(threads: usize) -> Dfpn {
    kinrow_prover::Vct::dfpn(DfpnConfig {
        threads,
        ..DfpnConfig::default()
    })
}

/// Compares both threat-space provers with AND-OR and with each other on
/// one problem; returns whether vct proved a win.
fn compare(what: &str, problem: &Problem, limits: &Limits) -> bool {
    let a: Outcome = AndOr::new(and_or_without_zones()).prove(problem, limits);
    let v = vct().prove(problem, limits);
    let d = vct_dfpn(1).prove(problem, limits);
    compare_one(&format!("{what}, vct-dfpn"), problem, limits, &d, &a);
    if v.exhausted.is_none() && d.exhausted.is_none() {
        assert_eq!(
            v.verdict == Verdict::Win,
            d.verdict == Verdict::Win,
            "{what}: vct {:?}, vct-dfpn {:?}",
            v.verdict,
            d.verdict
        );
    }
    compare_one(&format!("{what}, vct"), problem, limits, &v, &a)
}

/// Compares one threat-space prover's outcome `v` with AND-OR's `a`;
/// returns whether `v` is a win.
fn compare_one(what: &str, problem: &Problem, limits: &Limits, v: &Outcome, a: &Outcome) -> bool {
    match v.verdict {
        Verdict::Win => {
            assert_ne!(a.verdict, Verdict::NoWin, "{what}: vct wins, AND-OR not");
            let vp = v.plies.unwrap();
            if let Some(d) = problem.depth {
                assert!(vp <= d, "{what}: {vp} plies within {d}");
            }
            if a.verdict == Verdict::Win {
                let ap = a.plies.unwrap();
                assert!(vp >= ap, "{what}: vct {vp} plies, AND-OR's shortest {ap}");
            }
            check_pv(problem, v).unwrap_or_else(|e| panic!("{what}: {e}"));
            true
        }
        Verdict::NoWin => {
            assert_eq!(
                problem.attack,
                Attack::Fours,
                "{what}: a no-win outside fours"
            );
            assert_ne!(a.verdict, Verdict::Win, "{what}: vct no-win, AND-OR wins");
            false
        }
        // The threat space's own no-win: never where it is the game
        // asked (`attack fours` outside renju, where it says no-win).
        Verdict::NoThreatWin => {
            let renju = problem.board.game().has_forbidden_points();
            assert!(
                problem.attack != Attack::Fours || renju,
                "{what}: a threat space's no-win under attack fours"
            );
            false
        }
        Verdict::Unknown => {
            assert!(
                *limits != Limits::default(),
                "{what}: unknown without a budget"
            );
            false
        }
    }
}

#[test]
fn vct_wins_are_wins_on_random_small_cases() {
    let mut wins = 0;
    for seed in 40_000..41_500u64 {
        let case = random_case(seed);
        let problem = adapt::to_problem(&case);
        wins += u32::from(compare(
            &format!("seed {seed}"),
            &problem,
            &Limits::default(),
        ));
    }
    assert!(wins > 100, "only {wins} wins");
}

#[test]
fn vct_wins_are_wins_on_15x15_middle_games() {
    let limits = Limits {
        max_nodes: Some(30_000),
        ..Limits::default()
    };
    let mut wins = 0;
    for seed in 0..150u64 {
        let Some(board) = middle_game(seed, 0x7C7, (10, 40)) else {
            continue;
        };
        let (candidates, attack, depth) = match seed % 3 {
            0 => (Candidates::Near(2), Attack::Any, 9),
            1 => (Candidates::All, Attack::Any, 9),
            _ => (Candidates::Near(2), Attack::Fours, 15),
        };
        let problem = Problem {
            board,
            candidates,
            attack,
            depth: Some(depth),
        };
        wins += u32::from(compare(&format!("15x15 seed {seed}"), &problem, &limits));
    }
    assert!(wins > 20, "only {wins} wins");
}

/// On the bundled suites (slow puzzles left out), a win of vct is
/// expected; it proves most of the expected wins.
#[test]
fn vct_agrees_with_the_bundled_suites() {
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    let provers: [Box<dyn Fn() -> Box<dyn Prover>>; 2] = [
        Box::new(|| Box::new(vct())),
        Box::new(|| Box::new(vct_dfpn(1))),
    ];
    for make in provers {
        let (mut expected, mut proved) = (0, 0);
        let name = make().name();
        for pos in suite("small").iter().chain(&suite("bench")) {
            if pos.slow.is_some() {
                continue;
            }
            let problem = Problem::from(pos);
            let outcome = make().prove(&problem, &limits);
            if pos.expect == Some(Expect::Win) {
                expected += 1;
            }
            if outcome.verdict == Verdict::Win {
                assert_eq!(pos.expect, Some(Expect::Win), "{name}: {}", pos.name);
                check_pv(&problem, &outcome)
                    .unwrap_or_else(|e| panic!("{name}: {}: {e}", pos.name));
                proved += 1;
            }
        }
        eprintln!("{name} proves {proved} of {expected} expected wins");
        assert!(
            proved * 10 >= expected * 9,
            "{name}: {proved} of {expected}"
        );
    }
}

/// df-pn in the threat space on 1, 2 and 8 threads (8 on two cores on
/// purpose, to shake out races) wins exactly where PNS's vct does, on
/// random small cases and on the Renju puzzles of 11 plies or fewer (with
/// a budget each may run out of, so compared only where neither did).
/// Two of these puzzles (`vct_game_black_l05_2`, `l05_3`) are won only
/// once an attacker's node widens.
#[test]
fn vct_dfpn_wins_where_vct_does_on_every_thread_count() {
    let mut problems: Vec<(String, Problem, Limits)> = sweep_range(42_000..42_300)
        .map(|seed| {
            let problem = adapt::to_problem(&random_case(seed));
            (format!("seed {seed}"), problem, Limits::default())
        })
        .collect();
    let budget = Limits {
        max_nodes: Some(50_000),
        ..Limits::default()
    };
    for p in suite("renju-puzzles") {
        if p.depth.is_some_and(|d| d <= 11) {
            problems.push((p.name.clone(), Problem::from(&p), budget));
        }
    }
    let mut wins = 0;
    for (what, problem, limits) in &problems {
        let pns = vct().prove(problem, limits);
        wins += u32::from(pns.verdict == Verdict::Win);
        for threads in [1, 2, 8] {
            let d = vct_dfpn(threads).prove(problem, limits);
            let what = format!("{what}, {threads} threads");
            if d.verdict == Verdict::Win {
                check_pv(problem, &d).unwrap_or_else(|e| panic!("{what}: {e}"));
            }
            if pns.exhausted.is_none() && d.exhausted.is_none() {
                assert_eq!(d.verdict, pns.verdict, "{what}");
            }
        }
    }
    assert!(wins >= sweep(30), "only {wins} wins");
}

/// Dense small boards where VCFs with blocks abound, the attacker to move
/// with seven or nine plies: vct's wins against AND-OR without zones.
#[test]
fn vct_wins_are_wins_on_dense_small_boards() {
    let limits = Limits {
        max_nodes: Some(20_000),
        ..Limits::default()
    };
    let mut wins = 0;
    for seed in 0..3000u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9) ^ 0xDE45E);
        let (w, h) = (rng.range(6, 9), rng.range(6, 9));
        let k = rng.range(4, 5);
        let exact = rng.chance(1, 2);
        let fill = rng.range(w * h / 5, w * h / 2);
        let nb = random_stones(&mut rng, w, h, k, exact, fill);
        let to_move = if rng.chance(1, 2) { 1 } else { 2 };
        let board = adapt::to_board(&nb, to_move);
        if board.has_line(Player::X) || board.has_line(Player::O) {
            continue;
        }
        let candidates = if rng.chance(1, 2) {
            Candidates::All
        } else {
            Candidates::Near(2)
        };
        let problem = Problem {
            board,
            candidates,
            attack: Attack::Any,
            depth: Some(if rng.chance(1, 2) { 7 } else { 9 }),
        };
        wins += u32::from(compare(&format!("dense seed {seed}"), &problem, &limits));
    }
    assert!(wins > 250, "only {wins} wins");
}

/// The same puzzles in all eight orientations take the same nodes (VCF
/// nodes included), under vct (Renju puzzles) and plain PNS (the bench
/// suite): keys, children, VCF tables and lines are canonical.
#[test]
fn mirror_images_take_the_same_nodes() {
    let names = [
        "vct_game_black_l05_3",
        "vct_game_black_l07_3",
        "vct_game_black_l08_2",
        "vct_game_black_l04_2",
        "vct_black-",
    ];
    let renju = suite("renju-puzzles")
        .into_iter()
        .filter(|p| names.iter().any(|n| p.name.starts_with(n)));
    let bench = suite("bench").into_iter().filter(|p| p.slow.is_none());
    let cases: Vec<_> = renju
        .map(|p| (p, true))
        .chain(bench.map(|p| (p, false)))
        .collect();
    assert!(cases.len() >= 2 * names.len() + 10);
    for (p, threats) in &cases {
        let space = if *threats {
            Space::Threats(ThreatLimit::NONE)
        } else {
            Space::Game
        };
        let problem = Problem::from(p);
        let prove = |problem: &Problem| {
            Pns::new(PnsConfig {
                space,
                ..PnsConfig::default()
            })
            .prove(problem, &Limits::default())
        };
        let out = prove(&problem);
        assert_ne!(out.verdict, Verdict::Unknown, "{}", p.name);
        for s in 1..8 {
            let mirrored = Problem {
                board: transformed(&problem.board, s),
                ..problem.clone()
            };
            let m = prove(&mirrored);
            let what = format!("{} sym {s}", p.name);
            assert_eq!(
                (m.verdict, m.plies, m.stats.nodes, m.stats.vcf_nodes),
                (out.verdict, out.plies, out.stats.nodes, out.stats.vcf_nodes),
                "{what}"
            );
            if m.verdict == Verdict::Win {
                check_pv(&mirrored, &m).unwrap_or_else(|e| panic!("{what}: {e}"));
            }
        }
    }
}

/// The threat space's own no-win is exact: on random small boards
/// (freestyle and exact, k 4 and 5, depths 5 and 7, threats of any length,
/// of one four or of two), `vct` and `vct-dfpn`
/// answer `win` exactly where the naive recursion of the threat space
/// (`kinrow_reference::threat_space`, written from the definition alone)
/// finds a win, and `no-threat-win` everywhere else, never `unknown`
/// without a budget. Fails when the threat space's attacker plays no
/// three with five plies left (shown with `KINROW_FULL_SWEEPS=1`: threes
/// only from seven plies). Most
/// wins here are VCFs or short threats: a VCF search cut short has its
/// own test (`space::threats`' `a_vcf_search_cut_short_keeps_the_replies`).
#[test]
fn no_threat_win_is_the_naive_threat_spaces_answer() {
    use kinrow_reference::threat_space::threat_space_wins_within;
    let mut rng = Rng(0x7EA7_5ACE);
    let (mut wins, mut no_wins, mut skipped) = (0, 0, 0);
    for case in 0..sweep(150) {
        let (w, h, k) = [(6, 6, 4), (7, 6, 4), (7, 7, 5), (8, 7, 5)][case as usize % 4];
        let exact = rng.chance(1, 3);
        let stones = rng.range(3, if k == 4 { 10 } else { 14 });
        let nb = random_stones(&mut rng, w, h, k, exact, stones);
        let to_move = if rng.chance(1, 2) {
            kinrow_reference::X
        } else {
            kinrow_reference::O
        };
        let defender = kinrow_reference::other(to_move);
        if !nb.winning_cells(to_move).is_empty() || nb.has_line(to_move) || nb.has_line(defender) {
            continue;
        }
        // The naive recursion tries every defender reply: short horizons,
        // and the cases it cannot afford skipped.
        let depth = [5, 7][rng.range(0, 1)] as u32;
        let limit = [None, Some(1), Some(2)][rng.range(0, 2)];
        let Some(want) = threat_space_wins_within(&mut nb.clone(), to_move, depth, limit, 300_000)
        else {
            skipped += 1;
            continue;
        };
        let problem = Problem {
            board: adapt::to_board(&nb, to_move),
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: Some(depth),
        };
        let what = format!("case {case}: {nb:?} to move {to_move}, depth {depth}, limit {limit:?}");
        let within = ThreatLimit::from_fours(limit);
        let vct = Vct::prover_within(PnsConfig::default(), within);
        let vct_dfpn = Vct::dfpn_within(DfpnConfig::default(), within);
        for (name, mut prover) in [
            ("vct", Box::new(vct) as Box<dyn Prover>),
            ("vct-dfpn", Box::new(vct_dfpn)),
        ] {
            let out = prover.prove(&problem, &Limits::default());
            let expected = if want {
                Verdict::Win
            } else {
                Verdict::NoThreatWin
            };
            assert_eq!(out.verdict, expected, "{name}, {what}");
            if !want {
                assert_eq!(out.threat_limit, limit, "{name}, {what}");
            }
        }
        if want {
            wins += 1;
        } else {
            no_wins += 1;
        }
    }
    eprintln!("{wins} threat-space wins, {no_wins} no-threat-wins, {skipped} skipped");
    assert!(
        wins >= sweep(10) && no_wins >= sweep(20),
        "{wins} {no_wins}"
    );
}

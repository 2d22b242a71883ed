//! What a search leaves for the next one: df-pn's table kept from one
//! search to the next (`Prover::keep_table`, the certificate writer's
//! mode) against the naive recursion, PNS's arena handed over as a lookup
//! (`Prover::take_settled`, the draw writer's guide) against its own nodes
//! and the naive recursion, and the numbers PNS and df-pn report
//! for the positions one and two plies below an unfinished root
//! (`Outcome::first_plies`) against fresh searches of those positions.

use crate::common::{sweep, sweep_range};
use kinrow_board::{Attack, Candidates, Player};
use kinrow_prover::{Dfpn, DfpnConfig, Limits, Outcome, Pns, PnsConfig, Problem, Prover, Verdict};
use kinrow_reference::{
    adapt, attacker_wins_game, other, random_case, random_small_position, winning_first_moves,
    Case, Rng, EMPTY, O, X,
};

fn problem(case: &Case) -> Problem {
    Problem {
        board: adapt::to_board(&case.board, case.to_move),
        candidates: adapt::to_candidates(case.near),
        attack: adapt::to_attack(case.attack),
        depth: Some(case.depth),
    }
}

/// df-pn on `threads` threads (on several, the table kept is the shared
/// one, and the questions after the first run on one thread over it).
fn dfpn(threads: usize) -> Dfpn {
    Dfpn::new(DfpnConfig {
        threads,
        ..DfpnConfig::default()
    })
}

#[test]
fn a_kept_table_answers_as_the_naive_recursion_under_every_filter() {
    for threads in [1, 2] {
        kept_table_against_the_naive_recursion(threads);
    }
}

fn kept_table_against_the_naive_recursion(threads: usize) {
    // One prover keeps its table through every question: each position
    // under the three attacker filters in turn (the same stones, other
    // games: a win under `any` is often none under `fours`), then the
    // next position. An entry read in the wrong game answers wrong.
    let mut kept = dfpn(threads);
    assert!(kept.keep_table(true));
    let (mut wins, mut nowins) = (0, 0);
    for seed in sweep_range(30_000..30_600) {
        let mut case = random_case(seed);
        for attack in [0, 1, 2] {
            case.attack = attack;
            let naive = !winning_first_moves(&case).is_empty();
            let out = kept.prove(&problem(&case), &Limits::default());
            let what = format!("{threads} threads, seed {seed}, filter {attack}");
            assert_eq!(out.verdict == Verdict::Win, naive, "{what}");
            assert_ne!(out.verdict, Verdict::Unknown, "{what}");
            wins += u32::from(naive);
            nowins += u32::from(!naive);
        }
    }
    assert!(
        wins > sweep(100) && nowins > sweep(100),
        "{wins} wins, {nowins} no-wins"
    );
}

#[test]
fn a_kept_table_answers_as_a_new_one_on_deeper_positions() {
    for threads in [1, 2] {
        kept_table_against_new_ones(threads);
    }
}

fn kept_table_against_new_ones(threads: usize) {
    // The same with horizons the naive recursion cannot afford (9 to 13
    // plies), where the searches meet the entries of the ones before:
    // against a new prover for each question, within a node budget.
    let limits = Limits {
        max_nodes: Some(5_000),
        ..Limits::default()
    };
    let mut kept = dfpn(threads);
    kept.keep_table(true);
    let mut warm = 0;
    for seed in sweep_range(31_080..31_380) {
        let mut case = random_case(seed);
        case.depth = 9 + 2 * (seed % 3) as u32;
        for attack in [0, 1, 2] {
            case.attack = attack;
            let p = problem(&case);
            let fresh = Dfpn::new(DfpnConfig::default()).prove(&p, &limits);
            let out = kept.prove(&p, &limits);
            if fresh.verdict == Verdict::Unknown || out.verdict == Verdict::Unknown {
                continue;
            }
            let what = format!("{threads} threads, seed {seed}, filter {attack}");
            assert_eq!(out.verdict, fresh.verdict, "{what}");
            // Asked again, the table answers with fewer nodes (the
            // settled root's entry: a single visit).
            let again = kept.prove(&p, &limits);
            assert_eq!(again.verdict, fresh.verdict, "{what}");
            assert!(again.stats.nodes <= out.stats.nodes, "{what}");
            warm += u32::from(again.stats.nodes < out.stats.nodes);
        }
    }
    assert!(warm > sweep(20), "{threads} threads: {warm}");
}

#[test]
fn a_kept_table_is_a_new_table_when_dropped() {
    // Dropped, the next search starts cold: the same nodes as a new
    // prover's.
    let p = problem(&random_case(7));
    let mut fresh = Dfpn::new(DfpnConfig::default());
    let cold = fresh.prove(&p, &Limits::default()).stats.nodes;
    let mut kept = Dfpn::new(DfpnConfig::default());
    kept.keep_table(true);
    kept.prove(&p, &Limits::default());
    kept.keep_table(false);
    assert_eq!(kept.prove(&p, &Limits::default()).stats.nodes, cold);
}

/// Checks the first plies of an unknown `out` of `p`: legal lines of one
/// or two moves from the root, and every settled entry's verdict equal to
/// a fresh search's of the position it names. Returns how many were
/// settled.
fn check_first_plies(p: &Problem, out: &Outcome, what: &str) -> usize {
    let mut settled = 0;
    for f in &out.first_plies {
        assert!((1..=2).contains(&f.line.len()), "{what}");
        let mut board = p.board.clone();
        for &c in &f.line {
            assert!(board.stone_at(c).is_none(), "{what}: {:?}", f.line);
            board.play(c);
        }
        let claim = if f.proof.is_zero() {
            Verdict::Win
        } else if f.disproof.is_zero() {
            Verdict::NoWin
        } else {
            continue;
        };
        // One move down, the defender is to move: its position is a win
        // for the attacker when the defender cannot escape.
        let attacker_to_move = f.line.len() == 2;
        let depth = p.depth.map(|d| d - f.line.len() as u32);
        let below = Problem {
            board,
            depth,
            ..p.clone()
        };
        let fresh = if attacker_to_move {
            Pns::new(PnsConfig::default())
                .prove(&below, &Limits::default())
                .verdict
        } else {
            defender_verdict(&below)
        };
        assert_eq!(fresh, claim, "{what}: after {:?}", f.line);
        settled += 1;
    }
    settled
}

/// Whether the attacker wins `p`, the defender to move: every reply (the
/// defender's candidates) leaves a win.
fn defender_verdict(p: &Problem) -> Verdict {
    let me = p.board.to_move();
    if p.depth == Some(0) || p.board.is_full() {
        return Verdict::NoWin;
    }
    let replies = p.board.legal(me, &p.board.candidates(p.candidates));
    for r in replies.iter().map(kinrow_board::Cell::from_index) {
        let mut b = p.board.clone();
        b.play(r);
        if b.wins_at(r) || b.is_full() {
            return Verdict::NoWin;
        }
        let after = Problem {
            board: b,
            depth: p.depth.map(|d| d - 1),
            ..p.clone()
        };
        if Pns::new(PnsConfig::default())
            .prove(&after, &Limits::default())
            .verdict
            != Verdict::Win
        {
            return Verdict::NoWin;
        }
    }
    Verdict::Win
}

#[test]
fn first_plies_are_the_numbers_of_the_positions_they_name() {
    let limits = Limits {
        max_nodes: Some(200),
        ..Limits::default()
    };
    let provers: [(&str, Box<dyn Prover>); 3] = [
        ("dfpn", Box::new(Dfpn::new(DfpnConfig::default()))),
        (
            "dfpn, 2 threads",
            Box::new(Dfpn::new(DfpnConfig {
                threads: 2,
                ..DfpnConfig::default()
            })),
        ),
        ("pns", Box::new(Pns::new(PnsConfig::default()))),
    ];
    for (name, mut prover) in provers {
        let (mut unknown, mut reported, mut settled) = (0u32, 0u32, 0usize);
        for seed in sweep_range(40_000..41_000) {
            // Deeper than the naive recursion affords, as in the deeper
            // certificate sweeps: unsettled after 200 nodes more often.
            let mut p = problem(&random_case(seed));
            p.depth = Some(9 + 2 * (seed % 3) as u32);
            let out = prover.prove(&p, &limits);
            if out.verdict != Verdict::Unknown {
                assert!(out.first_plies.is_empty(), "{name}, seed {seed}");
                continue;
            }
            // A search stopped before it expanded the root (PNS's VCF at
            // the root can spend the budget) has nothing to report.
            if out.stats.expansions == 0 {
                continue;
            }
            unknown += 1;
            reported += u32::from(!out.first_plies.is_empty());
            settled += check_first_plies(&p, &out, &format!("{name}, seed {seed}"));
        }
        assert!(
            unknown > sweep(20) && reported == unknown && settled > sweep(50) as usize,
            "{name}: {unknown} unknown, {reported} with first plies, {settled} settled"
        );
    }
}

#[test]
fn pns_hands_over_what_it_settled_and_it_is_right() {
    // Every node of a finished whole-game search, looked up by its
    // position through the lookup PNS hands over: the same answer as the
    // node's numbers, and where settled the naive recursion's. A lookup
    // under the wrong key finds nothing (or another node) and fails here.
    let (mut settled, mut searches) = (0, 0);
    for seed in sweep_range(0..120) {
        let (nb, to_move) = random_small_position(&mut Rng(seed), 8, 14);
        if nb.has_line(X) || nb.has_line(O) {
            continue;
        }
        let problem = Problem {
            board: adapt::to_board(&nb, to_move),
            candidates: Candidates::All,
            attack: Attack::Any,
            depth: None,
        };
        let mut pns = Pns::new(PnsConfig::default());
        let root = pns.prove(&problem, &Limits::default());
        let views = pns.nodes();
        let guide = pns
            .take_settled()
            .expect("a whole game hands over its arena");
        assert!(pns.take_settled().is_none(), "handed over once");
        assert_eq!(
            guide.settled(&problem.board),
            Some(root.verdict),
            "seed {seed}"
        );
        // Above the root (a stone fewer): never reached, nothing known.
        let stone = nb
            .all_cells()
            .into_iter()
            .find(|&(x, y)| nb.get(x as i64, y as i64) != Some(EMPTY));
        if let Some((x, y)) = stone {
            let mut above = nb.clone();
            above.set(x, y, EMPTY);
            let above = adapt::to_board(&above, other(to_move));
            assert_eq!(guide.settled(&above), None, "seed {seed}");
            assert!(!guide.expanded(&above), "seed {seed}");
        }
        searches += 1;
        for (i, v) in views.iter().enumerate() {
            let by_numbers = if v.proof.is_zero() {
                Some(Verdict::Win)
            } else if v.disproof.is_zero() {
                Some(Verdict::NoWin)
            } else {
                None
            };
            assert_eq!(
                guide.settled(&v.board),
                by_numbers,
                "seed {seed}, node {:?}",
                v.id
            );
            let expanded = guide.expanded(&v.board);
            assert_eq!(expanded, v.children > 0, "seed {seed}, node {:?}", v.id);
            // The naive recursion for every node of the small searches, for
            // a sample of the large ones.
            if let Some(verdict) = by_numbers.filter(|_| i < 40 || i % 16 == 0) {
                let side = |p: Player| if p == Player::X { X } else { O };
                let naive = attacker_wins_game(
                    &adapt::from_board(&v.board),
                    to_move,
                    side(v.board.to_move()),
                );
                assert_eq!(
                    verdict == Verdict::Win,
                    naive,
                    "seed {seed}, node {:?}",
                    v.id
                );
                settled += 1;
            }
        }
    }
    assert!(
        searches > sweep(60) && settled > sweep(150),
        "{searches} searches, {settled} settled"
    );
}

#[test]
fn pns_hands_over_nothing_of_another_game() {
    // Under a horizon a node's answer is about that horizon, not the game.
    let case = random_case(7);
    let mut pns = Pns::new(PnsConfig::default());
    pns.prove(&problem(&case), &Limits::default());
    assert!(pns.take_settled().is_none());
}

//! `auto` on two threads (the threat space on both, then the whole game,
//! or df-pn on both for a small board's whole game) and on more (the
//! threat space and the whole game at once) against the naive
//! recursion and against `auto` on one thread: the same verdicts, each
//! search answering some of them.

use crate::common::{random_whole_games, sweep, sweep_range};
use kinrow_board::Attack;
use kinrow_prover::{AndOr, AndOrConfig, Auto, Limits, Problem, Prover, Verdict};
use kinrow_reference::{adapt, random_case, winning_first_moves};

#[test]
fn auto_on_two_threads_answers_as_the_naive_recursion_and_one_thread() {
    let (mut one, mut two) = (Auto::new(false), Auto::with_threads(false, 2));
    let (mut checked, mut by_vct, mut by_whole, mut wins) = (0, 0, 0, 0);
    let mut fours_no_wins = 0;
    for seed in sweep_range(0..4000) {
        let case = random_case(seed);
        let p = adapt::to_problem(&case);
        if !two.tries_threats(&p) {
            continue;
        }
        assert_eq!(two.threads_for(&p), 2);
        let want = if winning_first_moves(&case).is_empty() {
            Verdict::NoWin
        } else {
            Verdict::Win
        };
        let out = two.prove(&p, &Limits::default());
        assert_eq!(out.verdict, want, "seed {seed}: {case:?}");
        assert_eq!(
            one.prove(&p, &Limits::default()).verdict,
            want,
            "seed {seed}"
        );
        if want == Verdict::Win {
            wins += 1;
            assert!(
                out.best_move.is_some() && out.plies.is_some(),
                "seed {seed}"
            );
        }
        match two.answered_by() {
            // A threat search answers wins, and no-wins only where its
            // space is the game asked (`attack fours`).
            "vct" | "vct-dfpn" | "vct-db" => {
                assert!(
                    want == Verdict::Win || p.attack == Attack::Fours,
                    "seed {seed}: the threat space's no-win"
                );
                by_vct += 1;
                fours_no_wins += u32::from(want == Verdict::NoWin);
            }
            _ => by_whole += 1,
        }
        checked += 1;
    }
    eprintln!(
        "{checked} cases, {wins} wins; answered by the threat space {by_vct}, by the whole game {by_whole}"
    );
    // Every no-win is the whole game's, or the threat space's under
    // `attack fours`; which search answers a win first is a race, so only
    // the total is printed.
    let least = sweep(100);
    assert!(wins >= least && checked - wins >= least, "{checked} {wins}");
    assert!(
        by_whole + fours_no_wins >= checked - wins,
        "{by_whole} {fours_no_wins}"
    );
}

/// With four threads (more than this machine's two cores, on purpose),
/// the threat space goes to `vct-dfpn` on three of them beside AND-OR on
/// one: the verdicts are the naive recursion's, and the threat space
/// answers only wins. Fails if the race's threat space reports a no-win
/// as the answer (shown by breaking `no_win_stands` and the race's check
/// of the name), or if its df-pn gives a wrong win. Which search answers
/// first is a race, so the next test shows that `vct-dfpn` does answer.
#[test]
fn auto_on_four_threads_races_vct_dfpn_and_answers_as_the_naive_recursion() {
    let mut four = Auto::with_threads(false, 4);
    let (mut checked, mut wins, mut by_dfpn) = (0, 0, 0);
    for seed in sweep_range(0..2000) {
        let case = random_case(seed);
        let p = adapt::to_problem(&case);
        if !four.tries_threats(&p) {
            continue;
        }
        assert_eq!(four.threads_for(&p), 4);
        let want = if winning_first_moves(&case).is_empty() {
            Verdict::NoWin
        } else {
            Verdict::Win
        };
        let out = four.prove(&p, &Limits::default());
        assert_eq!(out.verdict, want, "seed {seed}: {case:?}");
        match four.answered_by() {
            "vct-dfpn" => {
                assert!(
                    want == Verdict::Win || p.attack == Attack::Fours,
                    "seed {seed}: the threat space's no-win"
                );
                by_dfpn += 1;
            }
            "and-or" => {}
            other => panic!("seed {seed}: answered by {other}"),
        }
        wins += u32::from(want == Verdict::Win);
        checked += 1;
    }
    eprintln!("{checked} cases, {wins} wins; answered by vct-dfpn {by_dfpn}");
    assert!(
        wins >= sweep(50) && checked - wins >= sweep(50),
        "{checked} {wins}"
    );
}

/// On two threads the threat space runs as df-pn's `vct-dfpn` on both
/// (after `vct-db`'s plans, which do not prove it: a single-threaded
/// search with a fixed node cap, so that too is the same at every run),
/// then the whole game: on `vct_game_black_l06_2-exact` the win is
/// `vct-dfpn`'s at every run. No budget is asserted: the node count of
/// two threads sharing a table varies from run to run (a bound of 400
/// nodes failed once in 160 runs), the name of the prover that answers
/// does not, since two threads no longer race. Fails if two threads search the threat space by `vct`
/// (shown by making them), or race it against the whole game.
#[test]
fn auto_on_two_threads_searches_the_threat_space_by_vct_dfpn_on_both() {
    let pos = crate::common::suite_file("renju-puzzles/vct_game_black_l06_2.pos")
        .into_iter()
        .find(|p| p.name == "vct_game_black_l06_2-exact")
        .expect("the exact puzzle");
    let problem = Problem::from(&pos);
    let mut two = Auto::with_threads(false, 2);
    assert_eq!(two.threads_for(&problem), 2);
    let out = two.prove(&problem, &Limits::default());
    assert_eq!(out.verdict, Verdict::Win);
    assert_eq!(two.answered_by(), "vct-dfpn");
}

/// A 7-attack VCT of freestyle (15 plies): the threat space proves it in
/// about a millisecond, AND-OR does not within the node budget each side
/// of the race gets (the premise, checked first: node counts do not depend
/// on the machine), so the answer is a win whichever threat search gives
/// it (`vct-db` or `vct-dfpn` on two threads, `vct-dfpn` on three: on
/// three, which comes first is a race, and was asserted here until it
/// failed 15 runs in 20, issue 63), and the search still running is
/// stopped.
/// That shows in the node count, not the clock: on three threads AND-OR
/// runs from the start beside the threat space, and left running it
/// would spend its whole budget before the race could end.
#[test]
fn auto_on_two_threads_takes_the_threat_space_win_and_stops_the_whole_game() {
    let pos = crate::common::suite_file("renju-puzzles/vct_game_black_l07_2.pos").remove(0);
    assert_eq!(pos.name, "vct_game_black_l07_2-freestyle");
    let problem = Problem::from(&pos);
    let nodes = |n| Limits {
        max_nodes: Some(n),
        ..Limits::default()
    };
    // Each side of the race gets half the nodes.
    let share = 400_000;
    let whole = AndOr::new(AndOrConfig::default()).prove(&problem, &nodes(share));
    assert_eq!(whole.verdict, Verdict::Unknown, "the premise: {whole:?}");
    for threads in [2, 3] {
        let mut auto = Auto::with_threads(false, threads);
        let out = auto.prove(&problem, &nodes(2 * share));
        assert_eq!(out.verdict, Verdict::Win, "{threads} threads");
        assert!(
            ["vct", "vct-dfpn", "vct-db"].contains(&auto.answered_by()),
            "{threads} threads: {}",
            auto.answered_by()
        );
        let spent = out.stats.nodes + out.stats.vcf_nodes;
        eprintln!(
            "{threads} threads: {spent} nodes, answered by {}",
            auto.answered_by()
        );
        assert!(spent < share, "{threads} threads: {spent} nodes");
    }
}

/// A small board's whole game on two threads goes to df-pn on both, and
/// gives the verdicts of `auto` on one thread (PNS); listing every winning
/// move, `auto` keeps to PNS on one thread.
#[test]
fn auto_on_two_threads_gives_a_small_whole_game_to_dfpn() {
    let (mut one, mut two) = (Auto::new(false), Auto::with_threads(false, 2));
    let mut count = [0; 2];
    for (nb, to_move, p) in random_whole_games(0xa070, sweep(300), (6, 18)) {
        assert!(two.parallel_whole_game(&p) && !one.parallel_whole_game(&p));
        assert_eq!(two.threads_for(&p), 2);
        let a = two.prove(&p, &Limits::default());
        let b = one.prove(&p, &Limits::default());
        assert_eq!(a.verdict, b.verdict, "{nb:?} to move {to_move}");
        assert_ne!(a.verdict, Verdict::Unknown, "{nb:?}");
        assert_eq!((two.answered_by(), one.answered_by()), ("dfpn", "pns"));
        count[usize::from(a.verdict == Verdict::NoWin)] += 1;
    }
    assert!(count.iter().all(|&c| c >= sweep(50)), "{count:?}");
    let listing = Auto::with_threads(true, 2);
    let (_, _, p) = random_whole_games(0xa071, 1, (6, 18)).next().unwrap();
    assert!(!listing.parallel_whole_game(&p));
    assert_eq!(listing.threads_for(&p), 1);
}

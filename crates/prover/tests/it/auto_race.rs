//! `auto` on two threads (the threat space and the whole game at once)
//! against the naive recursion and against `auto` on one thread: the same
//! verdicts, each search answering some of them.

use crate::common::{sweep, sweep_range};
use kinrow_prover::{Auto, Limits, Problem, Prover, Verdict};
use kinrow_reference::{adapt, random_case, winning_first_moves};
use std::time::{Duration, Instant};

#[test]
fn auto_on_two_threads_answers_as_the_naive_recursion_and_one_thread() {
    let (mut one, mut two) = (Auto::new(false), Auto::with_threads(false, 2));
    let (mut checked, mut by_vct, mut by_whole, mut wins) = (0, 0, 0, 0);
    for seed in sweep_range(0..4000) {
        let case = random_case(seed);
        let p = adapt::to_problem(&case);
        if two.threads_for(&p) != 2 {
            continue;
        }
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
            "vct" => by_vct += 1,
            _ => by_whole += 1,
        }
        checked += 1;
    }
    eprintln!(
        "{checked} cases, {wins} wins; answered by vct {by_vct}, by the whole game {by_whole}"
    );
    // Every no-win is the whole game's; which search answers a win first
    // is a race, so only the total is printed.
    let least = sweep(100);
    assert!(wins >= least && checked - wins >= least, "{checked} {wins}");
    assert!(by_whole >= checked - wins, "{by_whole}");
}

/// A 7-attack VCT of freestyle (15 plies): the threat space proves it in
/// about a millisecond, the whole game (AND-OR to 15 plies) is still open
/// after seconds, so the threat space answers, and the whole game's
/// search is stopped (the run ends within its budget's first seconds, not
/// at its end). The position must keep the two that far apart: on
/// `vcf_black`, which this test once used, AND-OR proves the win in under
/// a millisecond too, and which search answered was a coin toss.
#[test]
fn auto_on_two_threads_takes_the_threat_space_win_and_stops_the_whole_game() {
    let pos = crate::common::suite_file("renju-puzzles/vct_game_black_l07_2.pos").remove(0);
    assert_eq!(pos.name, "vct_game_black_l07_2-freestyle");
    let problem = Problem::from(&pos);
    let mut auto = Auto::with_threads(false, 2);
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let start = Instant::now();
    let out = auto.prove(&problem, &limits);
    assert_eq!(out.verdict, Verdict::Win);
    assert_eq!(auto.answered_by(), "vct");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

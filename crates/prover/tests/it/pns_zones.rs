//! PNS with disproof zones (`kinrow_prover::rules::zone`) on whole games
//! from random small positions: every verdict agrees with the exhaustive
//! search of `kinrow-reference`, and with PNS without zones (the
//! ablation), which must also show that the zones did something.

use crate::common::{exhaustive_verdict, random_whole_games, sweep};
use kinrow_prover::{Limits, Pns, PnsConfig, Prover, Verdict};

/// PNS with zones and without (the ablation).
fn zoned_and_plain() -> (Pns, Pns) {
    let plain = Pns::new(PnsConfig {
        zones: false,
        ..PnsConfig::default()
    });
    (Pns::new(PnsConfig::default()), plain)
}

#[test]
fn every_verdict_with_zones_agrees_with_exhaustive_search_and_without_zones() {
    let (tried, mut no_wins, mut changed) = (sweep(2000), 0, 0);
    let (mut zoned, mut plain) = zoned_and_plain();
    // At most 15 empty cells: the exhaustive search stays cheap.
    for (nb, to_move, problem) in random_whole_games(0x5_20e5, tried, (2, 15)) {
        let with = zoned.prove(&problem, &Limits::default());
        let without = plain.prove(&problem, &Limits::default());
        let want = exhaustive_verdict(&nb, to_move);
        no_wins += u32::from(want == Verdict::NoWin);
        assert_eq!(with.verdict, want, "{nb:?} to move {to_move}");
        assert_eq!(without.verdict, want, "{nb:?} to move {to_move}");
        if with.stats.nodes != without.stats.nodes {
            changed += 1;
        }
    }
    // Both answers, and searches the zones changed.
    assert!(
        no_wins >= sweep(500) && tried - no_wins >= sweep(300),
        "{no_wins} no-wins"
    );
    assert!(
        changed >= sweep(30),
        "zones changed only {changed} searches"
    );
}

#[test]
fn zones_change_no_verdict_on_emptier_boards() {
    // Too many empty cells for the exhaustive search: only the ablation.
    let (mut no_wins, mut changed) = (0, 0);
    let (mut zoned, mut plain) = zoned_and_plain();
    for (nb, to_move, problem) in random_whole_games(0xab1a7e, sweep(2000), (16, 22)) {
        let with = zoned.prove(&problem, &Limits::default());
        let without = plain.prove(&problem, &Limits::default());
        assert_eq!(with.verdict, without.verdict, "{nb:?} to move {to_move}");
        no_wins += u32::from(with.verdict == Verdict::NoWin);
        changed += u32::from(with.stats.nodes != without.stats.nodes);
    }
    assert!(
        no_wins >= sweep(500) && changed >= sweep(400),
        "{no_wins} no-wins, {changed} changed"
    );
}

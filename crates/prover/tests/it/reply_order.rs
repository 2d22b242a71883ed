//! The defender's reply order of PNS and df-pn in whole games
//! (`kinrow_prover::kit::reply_order`): it changes the first numbers, so
//! node counts, and never a verdict. On random small positions every
//! verdict with it and without agrees with the exhaustive search of
//! `kinrow-reference`, and it must have changed many searches.

use crate::common::{exhaustive_verdict, random_whole_games, sweep};
use kinrow_prover::{Dfpn, DfpnConfig, Limits, Pns, PnsConfig, Prover, Verdict};

/// PNS and df-pn, each with the reply order (`on`) or without.
fn provers(on: bool) -> [Box<dyn Prover>; 2] {
    [
        Box::new(Pns::new(PnsConfig {
            reply_order: on,
            ..PnsConfig::default()
        })),
        Box::new(Dfpn::new(DfpnConfig {
            table_bytes: 1 << 24,
            reply_order: on,
            ..DfpnConfig::default()
        })),
    ]
}

/// Runs `tries` positions with `min_empty..=max_empty` empty cells through
/// both provers with the order and without; `exhaustive` also checks each
/// verdict against the naive search. Returns the no-wins and, per prover,
/// how many searches the order changed.
fn compare(seed: u64, tries: u32, empty: (usize, usize), exhaustive: bool) -> (u32, [u32; 2]) {
    let (mut with, mut without) = (provers(true), provers(false));
    let (mut no_wins, mut changed) = (0, [0; 2]);
    for (nb, to_move, problem) in random_whole_games(seed, tries, empty) {
        let want = exhaustive.then(|| exhaustive_verdict(&nb, to_move));
        for i in 0..2 {
            let a = with[i].prove(&problem, &Limits::default());
            let b = without[i].prove(&problem, &Limits::default());
            let name = with[i].name();
            assert_eq!(a.verdict, b.verdict, "{name}: {nb:?} to move {to_move}");
            assert_ne!(a.verdict, Verdict::Unknown, "{name}: {nb:?}");
            if let Some(want) = want {
                assert_eq!(a.verdict, want, "{name}: {nb:?} to move {to_move}");
            }
            changed[i] += u32::from(a.stats.nodes != b.stats.nodes);
            no_wins += u32::from(i == 0 && a.verdict == Verdict::NoWin);
        }
    }
    (no_wins, changed)
}

#[test]
fn the_reply_order_agrees_with_exhaustive_search() {
    // Most of these end within a few plies, by the rules: few searches
    // reach a defender's node with replies to rank.
    let (no_wins, changed) = compare(0x0de5, sweep(1500), (2, 15), true);
    assert!(
        (sweep(400)..sweep(1200)).contains(&no_wins),
        "{no_wins} no-wins"
    );
    assert!(
        changed.iter().all(|&c| c >= sweep(10)),
        "changed {changed:?}"
    );
}

#[test]
fn the_reply_order_changes_no_verdict_on_emptier_boards() {
    let (no_wins, changed) = compare(0x0de6, sweep(600), (16, 22), false);
    assert!(no_wins >= sweep(100), "{no_wins} no-wins");
    assert!(
        changed.iter().all(|&c| c >= sweep(100)),
        "changed {changed:?}"
    );
}

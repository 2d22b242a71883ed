//! Disproof zones in df-pn (`dfpn/search/zones.rs`): on random small whole
//! games df-pn with zones and without agrees with the exhaustive search of
//! `kinrow-reference`, on one thread and on two (each thread with its own
//! zones over the shared table), and the zones must have changed many
//! searches.

use crate::common::{compare_ablation, sweep};
use kinrow_prover::{Dfpn, DfpnConfig};

/// df-pn with zones or without, on `threads` threads.
fn dfpn(zones: bool, threads: usize) -> Dfpn {
    Dfpn::new(DfpnConfig {
        zones,
        threads,
        table_bytes: 16 << 20,
        ..DfpnConfig::default()
    })
}

/// Runs `tries` positions with `empty` empty cells (least, most) through
/// df-pn with zones (on `threads`) and without (on one); `exhaustive` also
/// checks each verdict against the naive search. Returns the wins, the
/// no-wins, and how many searches of each the zones changed.
fn compare(
    threads: usize,
    seed: u64,
    tries: u32,
    empty: (usize, usize),
    exhaustive: bool,
) -> ([u32; 2], [u32; 2]) {
    let (mut zoned, mut plain) = (dfpn(true, threads), dfpn(false, 1));
    compare_ablation(&mut zoned, &mut plain, seed, tries, empty, exhaustive)
}

#[test]
fn zones_agree_with_exhaustive_search() {
    let (count, changed) = compare(1, 0x20e5_df01, sweep(2000), (2, 15), true);
    assert!(
        count.iter().all(|&c| c >= sweep(300)),
        "wins, no-wins: {count:?}"
    );
    // On boards this small few attacker's nodes have siblings outside a
    // refutation's zone (at one run, 17 of 400 searches changed).
    assert!(changed[0] + changed[1] >= sweep(30), "changed {changed:?}");
}

#[test]
fn zones_agree_with_exhaustive_search_on_two_threads() {
    let (count, _) = compare(2, 0x20e6_df01, sweep(400), (2, 15), true);
    assert!(
        count.iter().all(|&c| c >= sweep(60)),
        "wins, no-wins: {count:?}"
    );
}

#[test]
fn zones_change_no_verdict_on_emptier_boards() {
    let (count, changed) = compare(1, 0x20e7_df01, sweep(600), (16, 22), false);
    assert!(
        count.iter().all(|&c| c >= sweep(100)),
        "wins, no-wins: {count:?}"
    );
    assert!(changed[0] + changed[1] >= sweep(150), "changed {changed:?}");
}

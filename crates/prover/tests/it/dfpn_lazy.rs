//! Lazy creation of the defender's replies in df-pn (`dfpn/search/lazy.rs`):
//! the replies not evaluated yet wait in the node's list, the first of
//! them standing for all, so a defender's node is proved only once every
//! reply is. On random small whole games df-pn with it and without agrees
//! with the exhaustive search of `kinrow-reference`, on one thread and on
//! two, and it must have changed many searches, wins among them.

use crate::common::{compare_ablation, sweep};
use kinrow_prover::{Dfpn, DfpnConfig};

/// df-pn whose defender's nodes evaluate `first` replies when listed
/// (0: all at once), on `threads` threads.
fn dfpn(first: usize, threads: usize) -> Dfpn {
    Dfpn::new(DfpnConfig {
        lazy_batch: first,
        threads,
        table_bytes: 16 << 20,
        ..DfpnConfig::default()
    })
}

/// Runs `tries` positions with `empty` empty cells (least, most) through
/// df-pn with lazy creation (`first`, on `threads`) and without;
/// `exhaustive` also checks each verdict against the naive search. Returns
/// the wins, the no-wins, and how many searches of each lazy creation
/// changed (another node or expansion count).
fn compare(
    first: usize,
    threads: usize,
    seed: u64,
    tries: u32,
    empty: (usize, usize),
    exhaustive: bool,
) -> ([u32; 2], [u32; 2]) {
    let (mut lazy, mut eager) = (dfpn(first, threads), dfpn(0, 1));
    compare_ablation(&mut lazy, &mut eager, seed, tries, empty, exhaustive)
}

#[test]
fn lazy_replies_agree_with_exhaustive_search() {
    // One reply at a time: every defender's node is widened reply by
    // reply, the most the rest's accounting is ever asked. (A rest that
    // let a node be proved early fails this test.)
    let (count, changed) = compare(1, 1, 0x1a2e, sweep(1500), (6, 15), true);
    assert!(
        count.iter().all(|&c| c >= sweep(300)),
        "wins, no-wins: {count:?}"
    );
    assert!(
        changed[0] >= sweep(3) && changed[1] >= sweep(40),
        "changed {changed:?}"
    );
}

#[test]
fn lazy_replies_agree_with_exhaustive_search_on_two_threads() {
    let (count, _) = compare(1, 2, 0x1a31, sweep(400), (6, 15), true);
    assert!(
        count.iter().all(|&c| c >= sweep(60)),
        "wins, no-wins: {count:?}"
    );
}

#[test]
fn lazy_replies_change_no_verdict_on_emptier_boards() {
    for (first, seed) in [(kinrow_prover::dfpn::LAZY_BATCH, 0x1a2f), (2, 0x1a30)] {
        let (count, changed) = compare(first, 1, seed, 300, (16, 22), false);
        assert!(count.iter().all(|&c| c >= 50), "wins, no-wins: {count:?}");
        assert!(changed.iter().all(|&c| c >= 10), "changed {changed:?}");
    }
}

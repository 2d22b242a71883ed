//! Lazy expansion of the defender's nodes in PNS (the `search::lazy`
//! module): the replies not created yet stand as one more child, so a
//! defender's node is proved only once every reply is. On random small
//! whole games PNS with it and without agrees with the exhaustive search of
//! `kinrow-reference`, and it must have changed many searches, wins among
//! them (where every reply must be created in the end). The same for the
//! attacker's moves created a few at a time (`PnsConfig::attacker_batch`).

use crate::common::{compare_ablation, sweep};
use kinrow_prover::{Pns, PnsConfig};

/// The default first batch.
const LAZY: usize = 8;

/// PNS whose defender's nodes get `first` replies at their first
/// expansion (0: all at once).
fn pns(first: usize) -> Pns {
    Pns::new(PnsConfig {
        lazy_batch: first,
        ..PnsConfig::default()
    })
}

/// Runs `tries` positions with `min_empty..=max_empty` empty cells through
/// PNS with lazy expansion and without; `exhaustive` also checks each
/// verdict against the naive search. Returns the wins, the no-wins, and
/// how many searches of each lazy expansion changed (other node or
/// expansion counts).
fn compare(
    first: usize,
    seed: u64,
    tries: u32,
    empty: (usize, usize),
    exhaustive: bool,
) -> ([u32; 2], [u32; 2]) {
    let (mut lazy, mut eager) = (pns(first), pns(0));
    compare_ablation(&mut lazy, &mut eager, seed, tries, empty, exhaustive)
}

#[test]
fn lazy_expansion_agrees_with_exhaustive_search() {
    // One reply at a time: every defender's node is widened reply by
    // reply, the most the rest's accounting is ever asked. (Most wins
    // here are settled by the rules before a defender's node has replies
    // to create lazily; a rest that let a node be proved early fails this
    // test.)
    let (count, changed) = compare(1, 0x1a2e, sweep(1500), (6, 15), true);
    assert!(
        count.iter().all(|&c| c >= sweep(300)),
        "wins, no-wins: {count:?}"
    );
    assert!(
        changed[0] >= sweep(5) && changed[1] >= sweep(40),
        "changed {changed:?}"
    );
}

#[test]
fn lazy_expansion_changes_no_verdict_on_emptier_boards() {
    for (first, seed) in [(LAZY, 0x1a2f), (2, 0x1a30)] {
        let (count, changed) = compare(first, seed, 400, (16, 22), false);
        assert!(count.iter().all(|&c| c >= 50), "wins, no-wins: {count:?}");
        assert!(changed.iter().all(|&c| c >= 10), "changed {changed:?}");
    }
}

/// PNS whose attacker's nodes get `first` moves at their first expansion
/// (0: all at once).
fn pns_moves(first: usize) -> Pns {
    Pns::new(PnsConfig {
        attacker_batch: first,
        ..PnsConfig::default()
    })
}

#[test]
fn lazy_attacker_moves_agree_with_exhaustive_search() {
    // One move at a time: every attacker's node is widened move by move,
    // and the moves a sibling's zone refutes are left out before they are
    // created. A rest that let a node be disproved early, or a move left
    // out that no zone refutes, fails this test.
    for (first, seed) in [(1, 0x1a31), (4, 0x1a32)] {
        let (mut lazy, mut eager) = (pns_moves(first), pns_moves(0));
        let (count, changed) =
            compare_ablation(&mut lazy, &mut eager, seed, sweep(1000), (6, 15), true);
        assert!(
            count.iter().all(|&c| c >= sweep(200)),
            "wins, no-wins: {count:?}"
        );
        // The wins here are mostly settled by the rules before an
        // attacker's node has moves to create lazily.
        assert!(changed[1] >= sweep(20), "changed {changed:?}");
    }
    // Emptier boards, where more attacker's nodes create their moves
    // lazily and zones leave more of them out: against PNS without.
    let (mut lazy, mut eager) = (pns_moves(1), pns_moves(0));
    let (count, changed) = compare_ablation(&mut lazy, &mut eager, 0x1a33, 300, (16, 22), false);
    assert!(count.iter().all(|&c| c >= 50), "wins, no-wins: {count:?}");
    assert!(changed.iter().all(|&c| c >= 10), "changed {changed:?}");
}

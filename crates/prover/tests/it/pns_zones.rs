//! PNS with disproof zones (`kinrow_prover::node::zone`) on whole games
//! from random small positions: every verdict agrees with the exhaustive
//! search of `kinrow-reference`, and with PNS without zones (the
//! ablation), which must also show that the zones did something.

use crate::common::whole_game;
use kinrow_prover::{Limits, Pns, PnsConfig, Prover, Verdict};
use kinrow_reference::{adapt, attacker_wins_game, random_stones, NaiveBoard, Rng, O, X};

/// A random position: boards up to 5x5 with k 3 or 4, and 4x7 / 7x4 with
/// k 4, either rule, at most 15 empty cells (the exhaustive search stays
/// cheap), either side to move (and attacking).
fn random_position(rng: &mut Rng) -> (NaiveBoard, u8) {
    random_position_with(rng, 15)
}

/// [`random_position`] with at most `empty` empty cells.
fn random_position_with(rng: &mut Rng, empty: usize) -> (NaiveBoard, u8) {
    let (w, h, k) = match rng.range(0, 5) {
        0 => (4, 7, 4),
        1 => (7, 4, 4),
        2 => (5, 5, 4),
        3 => (rng.range(3, 5), rng.range(3, 5), 3),
        _ => (rng.range(4, 5), rng.range(4, 5), 4),
    };
    let area = w * h;
    let stones = rng.range(area.saturating_sub(empty).max(1), area - 2);
    let exact = rng.chance(1, 3);
    let b = random_stones(rng, w, h, k, exact, stones);
    let to_move = if rng.chance(1, 2) { X } else { O };
    (b, to_move)
}

#[test]
fn every_verdict_with_zones_agrees_with_exhaustive_search_and_without_zones() {
    let mut rng = Rng(0x5_20e5);
    let (mut tried, mut no_wins, mut changed) = (0, 0, 0);
    let mut zoned = Pns::new(PnsConfig::default());
    let mut plain = Pns::new(PnsConfig {
        zones: false,
        ..PnsConfig::default()
    });
    while tried < 2000 {
        let (nb, to_move) = random_position(&mut rng);
        if nb.empty_cells().len() < 2 || nb.has_line(X) || nb.has_line(O) {
            continue;
        }
        tried += 1;
        let problem = whole_game(adapt::to_board(&nb, to_move));
        let with = zoned.prove(&problem, &Limits::default());
        let without = plain.prove(&problem, &Limits::default());
        let want = if attacker_wins_game(&nb, to_move, to_move) {
            Verdict::Win
        } else {
            no_wins += 1;
            Verdict::NoWin
        };
        assert_eq!(with.verdict, want, "{nb:?} to move {to_move}");
        assert_eq!(without.verdict, want, "{nb:?} to move {to_move}");
        if with.stats.nodes != without.stats.nodes {
            changed += 1;
        }
    }
    // Both answers, and searches the zones changed.
    assert!(
        no_wins >= 500 && tried - no_wins >= 300,
        "{no_wins} no-wins"
    );
    assert!(changed >= 30, "zones changed only {changed} searches");
}

#[test]
fn zones_change_no_verdict_on_emptier_boards() {
    // Too many empty cells for the exhaustive search: only the ablation.
    let mut rng = Rng(0xab1a7e);
    let (mut tried, mut no_wins, mut changed) = (0, 0, 0);
    let mut zoned = Pns::new(PnsConfig::default());
    let mut plain = Pns::new(PnsConfig {
        zones: false,
        ..PnsConfig::default()
    });
    while tried < 2000 {
        let (nb, to_move) = random_position_with(&mut rng, 22);
        if nb.empty_cells().len() < 16 || nb.has_line(X) || nb.has_line(O) {
            continue;
        }
        tried += 1;
        let problem = whole_game(adapt::to_board(&nb, to_move));
        let with = zoned.prove(&problem, &Limits::default());
        let without = plain.prove(&problem, &Limits::default());
        assert_eq!(with.verdict, without.verdict, "{nb:?} to move {to_move}");
        no_wins += u32::from(with.verdict == Verdict::NoWin);
        changed += u32::from(with.stats.nodes != without.stats.nodes);
    }
    assert!(
        no_wins >= 500 && changed >= 400,
        "{no_wins} no-wins, {changed} changed"
    );
}

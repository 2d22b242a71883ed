//! The zones of the rules' no-wins against exhaustive search: on random
//! small positions where the rules decide a no-win, random variants of the
//! position (module docs) are no-wins of the whole game too.

use super::*;
use crate::rules::{hopeless, AndNode, OrNode};
use kinrow_board::{Cell, Player};
use kinrow_reference::{adapt, attacker_wins_game, random_small_position, NaiveBoard, Rng, O, X};

const RULES: NodeRules = NodeRules::new(Candidates::All, Attack::Any);

/// A random position: boards up to 5x5 with k 3 or 4, and 4x7 / 7x4 with
/// k 4, either rule, at most 16 empty cells, either side to move and
/// either side attacking (the mix of `draw`'s tests).
fn random_position(rng: &mut Rng) -> (NaiveBoard, u8, u8) {
    let (b, to_move) = random_small_position(rng, 1, 16);
    let attacker = if rng.chance(1, 2) { X } else { O };
    (b, to_move, attacker)
}

/// The zone the rules give the position when they decide a no-win there
/// (`attacker` attacking), the side to move being `board.to_move()`.
fn rules_zone(board: &SearchBoard, attacker: Player) -> Option<Zone> {
    let and = board.to_move() != attacker;
    let no_win = hopeless(board, and, UNLIMITED)
        || if and {
            RULES.defender_node(board, UNLIMITED) == AndNode::NoWin
        } else {
            RULES.attacker_node(board, UNLIMITED) == OrNode::NoWin
        };
    no_win.then(|| {
        if and {
            defender_no_win(board)
        } else {
            attacker_no_win(board)
        }
    })
}

/// A random variant of `nb` for `zone`: the attacker's stones outside the
/// zone moved to random cells outside it that hold no defender stone.
fn variant(
    rng: &mut Rng,
    nb: &NaiveBoard,
    board: &SearchBoard,
    zone: Zone,
    attacker: u8,
) -> NaiveBoard {
    let mut v = nb.clone();
    let mut free = Vec::new();
    let mut moved = 0;
    for (x, y) in nb.all_cells() {
        let cell = adapt::cell(board.board(), (x, y));
        if zone.contains(cell.index()) {
            continue;
        }
        let c = nb.get(x as i64, y as i64).expect("on the board");
        if c == attacker {
            v.set(x, y, kinrow_reference::EMPTY);
            moved += 1;
        }
        if c != kinrow_reference::other(attacker) {
            free.push((x, y));
        }
    }
    for _ in 0..moved {
        let i = rng.range(0, free.len() - 1);
        let (x, y) = free.swap_remove(i);
        v.set(x, y, attacker);
    }
    v
}

/// Runs the comparison on `count` positions, with `zone_of` standing for
/// the zones; returns the no-wins zoned, the variants that differ from
/// their position, and the first variant the attacker wins from.
fn compare(
    count: u64,
    zone_of: impl Fn(&SearchBoard, Player) -> Option<Zone>,
) -> (u32, u32, Option<String>) {
    let mut rng = Rng(0x20_ae_5e);
    let (mut tried, mut zoned, mut moved) = (0, 0, 0);
    for seed in 0..count {
        let (nb, to_move, attacker) = random_position(&mut rng);
        if nb.empty_cells().is_empty() || nb.has_line(X) || nb.has_line(O) {
            continue;
        }
        tried += 1;
        let board = SearchBoard::from(adapt::to_board(&nb, to_move));
        let player = if attacker == X { Player::X } else { Player::O };
        let Some(zone) = zone_of(&board, player) else {
            continue;
        };
        zoned += 1;
        for _ in 0..2 {
            let v = variant(&mut rng, &nb, &board, zone, attacker);
            if v == nb {
                continue;
            }
            moved += 1;
            if v.has_line(attacker) || attacker_wins_game(&v, attacker, to_move) {
                let cells: Vec<String> = zone
                    .iter()
                    .map(|i| board.game().geometry().name(Cell::from_index(i)))
                    .collect();
                let at = format!(
                    "seed {seed}: {nb:?} to move {to_move}, attacker {attacker}, zone {cells:?}, variant {v:?}"
                );
                return (zoned, moved, Some(at));
            }
        }
    }
    assert!(tried >= 2000, "only {tried} positions");
    (zoned, moved, None)
}

#[test]
fn the_variants_of_every_zoned_no_win_are_no_wins() {
    let (zoned, moved, wrong) = compare(2600, rules_zone);
    assert_eq!(wrong, None);
    // The zones must have left room for variants.
    assert!(
        zoned >= 1000 && moved >= 1500,
        "{zoned} zoned, {moved} variants"
    );
}

#[test]
fn an_empty_zone_is_caught() {
    let wrong = |board: &SearchBoard, attacker| rules_zone(board, attacker).map(|_| Zone::EMPTY);
    assert!(compare(2600, wrong).2.is_some());
}

//! The walk's own tests: its memory bound, and one hand-made certificate
//! for each part of a zone, which a checker leaving that part out would
//! accept (the zones serving a position where the strategy fails), and
//! which the full replay rejects as this checker does.

use super::*;
use kinrow_board::Player;

/// A 1-row board from `row` (`x`, `o`, `.` from column a), k 3, x to
/// move, a whole game.
fn row(row: &str) -> PlainPosition {
    let stone = |c| match c {
        'x' => Some(Player::X),
        'o' => Some(Player::O),
        _ => None,
    };
    PlainPosition {
        width: row.len() as u32,
        height: 1,
        k: 3,
        rule: Rule::Freestyle,
        cells: row.chars().map(stone).collect(),
        to_move: Player::X,
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    }
}

/// The flaw found in `text` for `setup`, with the zones and replayed
/// everywhere: the same.
fn flaw(setup: &PlainPosition, text: &str) -> Flaw {
    let zones = walk(setup, text, 0, true).unwrap_err();
    let replay = walk(setup, text, 0, false).unwrap_err();
    assert_eq!(
        (zones.kind, zones.line, &zones.path),
        (replay.kind, replay.line, &replay.path)
    );
    zones
}

#[test]
fn a_replay_past_its_memory_is_refused() {
    // 6x1, k 3: two positions to check (the root, and the one after a1
    // f1); room for one is refused, room for two is not.
    let setup = row("......");
    let text = "0 a1 f1 1, * hold\n1 hold\nend\n";
    let one = Kept::bytes_each(6);
    let flaw = walk_within(&setup, text, 0, one, true).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::TooLarge);
    let report = walk_within(&setup, text, 0, 2 * one, true).unwrap();
    assert_eq!((report.positions, report.attacker_moves), (2, 6));
}

#[test]
fn a_variant_is_served() {
    // x on c1, o on d1 f1. After g1 h1 node 1 holds: x's only live
    // window is a1-c1 (four empty cells, two stones left; every other
    // window holds an o stone), so its zone is a1 b1. After e1 h1 the
    // position differs only by x's stone on e1 instead of g1, both outside
    // that zone: node 1 is served there, where the replay checks it again.
    let setup = row("..xo.o...");
    let text = "0 g1 h1 1, e1 h1 1, * hold\n1 hold\nend\n";
    let zones = walk(&setup, text, 0, true).unwrap();
    let replay = walk(&setup, text, 0, false).unwrap();
    assert_eq!((zones.positions, replay.positions), (2, 3));
}

#[test]
fn a_window_dead_for_want_of_stones_stays_dead_in_a_variant() {
    // After g1 h1 node 1 holds: x's window a-c (x on c1) needs a1 and b1,
    // two stones, and x has one left. After a1 h1 it is the same position
    // but for x's stone on a1 instead of g1, and x completes a-c on b1: a
    // zone without a1 and b1 (the dead window's witness) would serve it.
    let setup = row("..xoxo..");
    let text = "0 g1 h1 1, a1 h1 1, b1 a1 1, h1 g1 1\n1 hold\nend\n";
    let f = flaw(&setup, text);
    assert_eq!((f.kind, f.line), (FlawKind::StaticFails, Some(2)));
}

#[test]
fn the_attacker_has_no_line_in_a_variant_of_a_defender_line() {
    // Node 1: o (on e1 f1) completes a line on d1 or g1 whatever x plays.
    // Reached after h1 f1, then after b1 f1, x's stone on b1 instead of
    // h1, where x completes a1-c1 first: a zone of only the replies' cells
    // (without a cell of each window x could fill) would serve it.
    let setup = row("x...o.....");
    let text = "0 h1 f1 1, b1 f1 1, c1 b1 2, g1 h1 2, i1 h1 2, * hold\n\
                1 d1 g1 -, g1 d1 -, * d1 -\n2 hold\nend\n";
    let f = flaw(&setup, text);
    assert_eq!((f.kind, f.line), (FlawKind::AttackerWins, Some(2)));
    assert_eq!(f.path.len(), 3);
}

#[test]
fn an_entry_of_its_own_keeps_its_cell_in_the_zone() {
    // Node 1 answers k1 by an entry of its own; o's stones on both sides
    // of k1 keep it out of every entry's zone. Reached after i1 f1, then
    // after k1 f1, x's stone on k1 instead of i1: there the entry stands
    // on a stone, which the replay refuses, and so must the zones (module
    // docs: a move outside the zone falls to the default).
    let setup = row("x...o..o.o.o");
    let text = "0 i1 f1 1, k1 f1 1, b1 c1 2, c1 b1 2, * hold\n\
                1 d1 g1 -, g1 d1 -, k1 d1 -, * d1 -\n2 hold\nend\n";
    let f = flaw(&setup, text);
    assert_eq!((f.kind, f.line), (FlawKind::Occupied, Some(2)));
}

//! The zone of a VCF line: the cells where a defender's stone may spoil
//! it (the argument is in the module docs of [`crate::vcf`]).

use super::VcfLine;
use kinrow_board::{Bitboard, Cell, Player, SearchBoard};

/// The cells a defender stone must stand on to spoil `line`, a VCF of
/// `attacker` found with the defender to move instead (as though it
/// passed): outside them, a defender reply that does not give the defender
/// a winning cell leaves the VCF as good as it was. They are the line's
/// cells and final winning cells, and the *free* cells (neither defender
/// stones nor blocks of the line) of each window of `k` cells through a
/// block that holds no attacker stone of the board and two free cells or
/// fewer. See [`crate::vcf`] for the argument.
///
/// A line that ends on a forbidden block
/// ([`VcfLine::ends_on_a_forbidden_block`]) has no zone: every empty cell.
#[must_use]
pub fn zone(board: &SearchBoard, attacker: Player, line: &VcfLine) -> Bitboard {
    if line.ends_on_a_forbidden_block() {
        return board.empty();
    }
    let mut zone = line.wins;
    for m in &line.moves {
        zone.insert(m.index());
    }
    let mut defender = *board.stones(attacker.other());
    for r in line.defender_moves() {
        defender.insert(r.index());
    }
    let walls = board.stones(attacker);
    for r in line.defender_moves() {
        near_five_windows(board, r, walls, &defender, &mut zone);
    }
    zone & board.empty()
}

/// Adds to `zone` the cells outside `defender` of each window of `k`
/// cells through `r`, along each of the four lines, that holds no cell of
/// `walls` and at most two cells outside `defender`: the windows one or
/// two defender stones away from a run of `k`.
fn near_five_windows(
    board: &SearchBoard,
    r: Cell,
    walls: &Bitboard,
    defender: &Bitboard,
    zone: &mut Bitboard,
) {
    let geometry = board.game().geometry();
    let k = board.game().k() as i64;
    let (x, y) = geometry.xy(r);
    let at = |t: i64, (dx, dy): (i64, i64)| {
        let (cx, cy) = (i64::from(x) + t * dx, i64::from(y) + t * dy);
        if cx < 0 || cy < 0 {
            return None;
        }
        geometry.cell(cx as u32, cy as u32)
    };
    for dir in [(1i64, 0i64), (0, 1), (1, 1), (-1, 1)] {
        'window: for start in (1 - k)..=0 {
            let mut free = [0usize; 2];
            let mut n = 0;
            for t in start..start + k {
                let Some(c) = at(t, dir) else {
                    continue 'window;
                };
                let i = c.index();
                if walls.contains(i) {
                    continue 'window;
                }
                if !defender.contains(i) {
                    if n == 2 {
                        continue 'window;
                    }
                    free[n] = i;
                    n += 1;
                }
            }
            for &i in &free[..n] {
                zone.insert(i);
            }
        }
    }
}

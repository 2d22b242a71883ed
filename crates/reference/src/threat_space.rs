//! The attacker's threat space, naively: the game `vct` and `vct-dfpn`
//! search, written straight from its definition (in the prover crate,
//! `space::threats`), so that the tests can hold their
//! `no-threat-win` to it. Freestyle and exact rules, every empty cell a
//! candidate, no attacker filter.
//!
//! - The attacker, to move with `depth` plies left, plays a winning cell,
//!   a block of the defender's winning cell, a four, or (with five plies
//!   or more left) a cell of a window of `k` cells with no defender stone
//!   and at most four empty cells (a three or a two once played).
//! - At the defender's turn with four plies or more left, neither side
//!   having a winning cell and two empty cells or more, the attacker's
//!   move must have been a threat: were the defender to pass, the attacker
//!   would win by continuous fours within the plies left (and, under a
//!   threat limit of `n` fours, within `2n + 1` plies); else the attacker
//!   has lost this line. Otherwise the defender plays any empty cell.
//! - The defender completing its line, a full board or the horizon end
//!   the attack.

use crate::{other, NaiveBoard, DIRECTIONS, EMPTY};
use std::collections::HashMap;

/// What one naive search has settled: (cells, the attacker's turn, plies
/// left) to its answer, so that transpositions are searched once.
type Seen = HashMap<(Vec<u8>, bool, u32), bool>;

/// A naive search's budget, memory and threat limit.
struct Naive {
    left: u64,
    seen: Seen,
    /// The longest VCF after a pass that makes a move a threat.
    threat_plies: u32,
}

/// Whether `attacker`, to move, wins within `depth` plies in its threat
/// space (see the module docs).
#[must_use]
pub fn threat_space_wins(b: &mut NaiveBoard, attacker: u8, depth: u32) -> bool {
    threat_space_wins_within(b, attacker, depth, None, u64::MAX).expect("no budget")
}

/// [`threat_space_wins`] with threats of at most `threat_limit` fours
/// (none: any within the plies left), within `nodes` positions visited
/// (VCF searches included): `None` when they run out first, for tests
/// that skip the cases the plain recursion cannot afford.
#[must_use]
pub fn threat_space_wins_within(
    b: &mut NaiveBoard,
    attacker: u8,
    depth: u32,
    threat_limit: Option<u32>,
    nodes: u64,
) -> Option<bool> {
    let mut naive = Naive {
        left: nodes,
        seen: Seen::new(),
        threat_plies: threat_limit.map_or(u32::MAX, |n| 2 * n + 1),
    };
    attacker_wins(b, attacker, depth, &mut naive)
}

/// Spends one node of `left`, or says they ran out.
fn spend(left: &mut u64) -> Option<()> {
    *left = left.checked_sub(1)?;
    Some(())
}

/// The answer settled before at this position, or `search`'s, kept.
fn remembered(
    b: &mut NaiveBoard,
    (attackers_turn, depth): (bool, u32),
    n: &mut Naive,
    search: impl FnOnce(&mut NaiveBoard, &mut Naive) -> Option<bool>,
) -> Option<bool> {
    let key = (b.cells.clone(), attackers_turn, depth);
    if let Some(&known) = n.seen.get(&key) {
        return Some(known);
    }
    let answer = search(b, n)?;
    n.seen.insert(key, answer);
    Some(answer)
}

fn attacker_wins(b: &mut NaiveBoard, attacker: u8, depth: u32, n: &mut Naive) -> Option<bool> {
    remembered(b, (true, depth), n, |b, n| {
        attacker_moves(b, attacker, depth, n)
    })
}

fn attacker_moves(b: &mut NaiveBoard, attacker: u8, depth: u32, n: &mut Naive) -> Option<bool> {
    spend(&mut n.left)?;
    if depth == 0 {
        return Some(false);
    }
    let mine = b.winning_cells(attacker);
    let theirs = b.winning_cells(other(attacker));
    for (x, y) in b.empty_cells() {
        let allowed = mine.contains(&(x, y))
            || theirs.contains(&(x, y))
            || b.is_four(attacker, x, y)
            || (depth >= 5 && in_live_window(b, attacker, x, y));
        if !allowed {
            continue;
        }
        b.set(x, y, attacker);
        let win = if b.wins_at(x, y) {
            Some(true)
        } else if b.is_full() {
            Some(false)
        } else {
            defender_loses(b, attacker, depth - 1, n)
        };
        b.set(x, y, EMPTY);
        if win? {
            return Some(true);
        }
    }
    Some(false)
}

/// The defender's turn of [`threat_space_wins`], `depth` plies left with
/// the defender's own move.
fn defender_loses(b: &mut NaiveBoard, attacker: u8, depth: u32, n: &mut Naive) -> Option<bool> {
    remembered(b, (false, depth), n, |b, n| {
        defender_replies(b, attacker, depth, n)
    })
}

fn defender_replies(b: &mut NaiveBoard, attacker: u8, depth: u32, n: &mut Naive) -> Option<bool> {
    spend(&mut n.left)?;
    if depth == 0 {
        return Some(false);
    }
    let defender = other(attacker);
    let quiet = b.winning_cells(attacker).is_empty() && b.winning_cells(defender).is_empty();
    if depth >= 4
        && quiet
        && b.empty_cells().len() >= 2
        && !vcf_within(b, attacker, (depth - 1).min(n.threat_plies), &mut n.left)?
    {
        // The attacker's last move threatened nothing: not a move of its
        // threat space.
        return Some(false);
    }
    for (x, y) in b.empty_cells() {
        b.set(x, y, defender);
        let loses = if b.wins_at(x, y) || b.is_full() {
            Some(false)
        } else {
            attacker_wins(b, attacker, depth - 1, n)
        };
        b.set(x, y, EMPTY);
        if !loses? {
            return Some(false);
        }
    }
    Some(true)
}

/// Whether `attacker`, to move, wins within `plies` plies by continuous
/// fours: each of its moves leaves it a winning cell, which the defender
/// must take (any other reply loses at once, but one completing the
/// defender's own line); a move of the attacker facing a winning cell of
/// the defender must take it.
#[must_use]
pub fn vcf_wins(b: &mut NaiveBoard, attacker: u8, plies: u32) -> bool {
    vcf_within(b, attacker, plies, &mut u64::MAX.clone()).expect("no budget")
}

fn vcf_within(b: &mut NaiveBoard, attacker: u8, plies: u32, left: &mut u64) -> Option<bool> {
    spend(left)?;
    if plies == 0 {
        return Some(false);
    }
    if !b.winning_cells(attacker).is_empty() {
        return Some(true);
    }
    if plies < 3 {
        return Some(false);
    }
    let defender = other(attacker);
    let theirs = b.winning_cells(defender);
    if theirs.len() >= 2 {
        return Some(false);
    }
    for (x, y) in b.empty_cells() {
        if !theirs.is_empty() && !theirs.contains(&(x, y)) {
            continue;
        }
        b.set(x, y, attacker);
        let made = b.winning_cells(attacker);
        let win = match made.len() {
            0 => Some(false),
            1 => {
                let (cx, cy) = made[0];
                b.set(cx, cy, defender);
                let w = if b.wins_at(cx, cy) || b.is_full() {
                    Some(false)
                } else {
                    vcf_within(b, attacker, plies - 2, left)
                };
                b.set(cx, cy, EMPTY);
                w
            }
            // The defender takes one, the attacker the other.
            _ => Some(true),
        };
        b.set(x, y, EMPTY);
        if win? {
            return Some(true);
        }
    }
    Some(false)
}

/// Whether the empty cell `(x, y)` lies in a window of `k` cells with no
/// stone of the other side and at most four empty cells (a three or a
/// two of `p` once played there).
#[must_use]
pub fn in_live_window(b: &NaiveBoard, p: u8, x: usize, y: usize) -> bool {
    let k = b.k as i64;
    let opp = other(p);
    DIRECTIONS.iter().any(|&(dx, dy)| {
        (0..k).any(|back| {
            let (sx, sy) = (x as i64 - back * dx, y as i64 - back * dy);
            let cells: Option<Vec<u8>> = (0..k).map(|i| b.get(sx + i * dx, sy + i * dy)).collect();
            cells.is_some_and(|c| {
                !c.contains(&opp) && c.iter().filter(|&&v| v == EMPTY).count() <= 4
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::X;

    /// An open two of k = 4 wins within 5 plies by a threat, and a lone
    /// stone, which threatens nothing, does not; a move making two fours
    /// is a VCF of 3 plies, a lone four with its block none.
    #[test]
    fn threats_and_fours_are_the_moves() {
        let mut b = NaiveBoard::new(8, 1, 4, false);
        b.set(3, 0, X);
        b.set(4, 0, X);
        assert!(threat_space_wins(&mut b.clone(), X, 5));
        let mut lone = NaiveBoard::new(8, 1, 4, false);
        lone.set(3, 0, X);
        assert!(!threat_space_wins(&mut lone, X, 7));
        let mut double = NaiveBoard::new(8, 1, 4, false);
        for x in [1, 2, 5] {
            double.set(x, 0, X);
        }
        // x at 3 or 4 makes . x x x x . x: cells 0 and 4 (or 3) win.
        assert!(vcf_wins(&mut double.clone(), X, 3));
        let mut single = NaiveBoard::new(6, 1, 4, false);
        for x in [0, 1] {
            single.set(x, 0, X);
        }
        assert!(!vcf_wins(&mut single, X, 7));
    }
}

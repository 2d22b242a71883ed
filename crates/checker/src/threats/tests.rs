//! The threat module's own tests: its VCF search and live-window test
//! against the reference crate's, written separately from the same
//! definitions.

use super::space::Rules;
use super::{ThreatSpace, Walker};
use crate::rules::{Grid, EMPTY};
use kinrow_board::Attack;
use kinrow_reference::threat_space::{in_live_window, vcf_wins};
use kinrow_reference::{random_stones, NaiveBoard, Rng};

/// The checker's rules on the reference board `r`, `attacker` to move,
/// every cell a candidate.
fn rules_of(r: &NaiveBoard, attacker: u8) -> Rules {
    let mut grid = Grid {
        width: r.width as i32,
        height: r.height as i32,
        k: r.k as u32,
        exact: r.exact,
        renju: false,
        cells: vec![EMPTY; r.width * r.height],
        stones: 0,
    };
    for (x, y) in r.all_cells() {
        let c = r.cells[y * r.width + x];
        if c != EMPTY {
            grid.place(x as i32, y as i32, c);
        }
    }
    Rules::new(grid, attacker, None, Attack::Any)
}

/// The checker's VCF search finds a VCF within `plies` exactly where
/// `kinrow_reference::threat_space::vcf_wins` does, on random boards
/// (freestyle and exact, k 3 to 5, either side, 1 to 9 plies); and the
/// winning cells agree. Fails if the four candidates miss a four (shown:
/// windows with `k - 1` stones instead of `k - 2` finds almost none) or
/// if the block is not played (shown: recursing without the defender's
/// stone finds VCFs the reference does not).
#[test]
fn the_vcf_search_is_the_references() {
    let mut rng = Rng(0x7C_F0);
    let (mut found, mut compared) = (0, 0);
    for _ in 0..3000 {
        let (w, h) = (rng.range(5, 9), rng.range(5, 9));
        let k = rng.range(3, 5).min(w.max(h));
        let exact = rng.chance(1, 3);
        let fill = rng.range(w * h / 6, w * h / 2);
        let r = random_stones(&mut rng, w, h, k, exact, fill);
        if r.has_line(1) || r.has_line(2) {
            continue;
        }
        let a = if rng.chance(1, 2) { 1 } else { 2 };
        let mut rules = rules_of(&r, a);
        let mut want = r.winning_cells(a);
        want.sort_by_key(|&(x, y)| y * w + x);
        let got: Vec<(usize, usize)> = rules
            .winning_cells(a)
            .into_iter()
            .map(|i| (i % w, i / w))
            .collect();
        assert_eq!(got, want, "{r:?}");
        for plies in [1, 3, 5, 7, 9] {
            let want = vcf_wins(&mut r.clone(), a, plies);
            assert_eq!(rules.vcf(a, plies), want, "{r:?} {a} {plies}");
            compared += 1;
            found += u32::from(want);
        }
        assert_eq!(rules.grid.cells, rules_of(&r, a).grid.cells, "restored");
    }
    assert!(
        found > 1000 && compared - found > 1000,
        "{found} of {compared}"
    );
}

/// The live-window test against a plain reading of its definition: a
/// window of `k` cells through the cell with no stone of the other side
/// and at most four empty cells.
#[test]
fn live_windows_by_their_definition() {
    let mut rng = Rng(0x11FE);
    for _ in 0..400 {
        let (w, h) = (rng.range(5, 10), rng.range(5, 10));
        let k = rng.range(4, 6).min(w.max(h));
        let fill = rng.range(0, w * h / 2);
        let r = random_stones(&mut rng, w, h, k, false, fill);
        for p in [1, 2] {
            let rules = rules_of(&r, p);
            for (x, y) in r.empty_cells() {
                let want = [(1i64, 0i64), (0, 1), (1, 1), (-1, 1)]
                    .iter()
                    .any(|&(dx, dy)| {
                        (0..k as i64).any(|back| {
                            let cells: Option<Vec<u8>> = (0..k as i64)
                                .map(|i| {
                                    r.get(x as i64 + (i - back) * dx, y as i64 + (i - back) * dy)
                                })
                                .collect();
                            cells.is_some_and(|c| {
                                !c.contains(&kinrow_reference::other(p))
                                    && c.iter().filter(|&&s| s == EMPTY).count() <= 4
                            })
                        })
                    });
                assert_eq!(rules.in_live_window(p, y * w + x), want, "{r:?} {x} {y}");
            }
        }
    }
}

/// Whether, by the reference's reading of the threat space, the attacker
/// move `(x, y)` on `r` (attacker `a` to move with `left` plies, three or
/// more, and no winning cell) needs an answer: a move of the space (a
/// block, a four, or with five plies a live-window cell) that does not fill
/// the board and after which, with four plies or more at the defender's
/// turn and neither side a winning cell, the attacker would win by fours
/// after a pass within `left - 2` plies and `threat_plies`.
fn reference_needs_answer(
    r: &mut NaiveBoard,
    a: u8,
    (x, y): (usize, usize),
    left: u32,
    threat_plies: u32,
) -> bool {
    let d = kinrow_reference::other(a);
    let in_space = r.winning_cells(d).contains(&(x, y))
        || r.is_four(a, x, y)
        || (left >= 5 && in_live_window(r, a, x, y));
    if !in_space {
        return false;
    }
    r.set(x, y, a);
    let quiet = r.winning_cells(a).is_empty() && r.winning_cells(d).is_empty();
    let needs =
        !r.is_full() && (left - 1 < 4 || !quiet || vcf_wins(r, a, (left - 2).min(threat_plies)));
    r.set(x, y, EMPTY);
    needs
}

/// The checker's own finder of the moves that need an answer
/// ([`Walker::needs_answer`]) against the reference's threat space
/// (`kinrow_reference::threat_space`, read as [`reference_needs_answer`]),
/// cell by cell on random boards (freestyle and exact, k 4 and 5, 3 to
/// 11 plies left, no limit or 1 to 3 fours). Fails if the checker's VCF
/// plies are off by two (shown: `d - 2` made `d`, where the reference's
/// threat is a VCF within the plies the attacker has after the pass) or if
/// the live windows are let in with fewer than five plies (shown:
/// `at_least(left, 5)` made `at_least(left, 3)`).
#[test]
fn the_moves_needing_an_answer_are_the_references() {
    let mut rng = Rng(0x7EA7);
    let (mut needed, mut quiet) = (0u32, 0u32);
    for _ in 0..1500 {
        let (w, h) = (rng.range(5, 8), rng.range(5, 8));
        let k = rng.range(4, 5).min(w.max(h));
        let exact = rng.chance(1, 3);
        let fill = rng.range(w * h / 6, w * h / 2);
        let mut r = random_stones(&mut rng, w, h, k, exact, fill);
        let a = if rng.chance(1, 2) { 1 } else { 2 };
        if r.has_line(1) || r.has_line(2) || !r.winning_cells(a).is_empty() {
            continue;
        }
        let left = rng.range(3, 11) as u32;
        let max_fours = [None, Some(1), Some(2), Some(3)][rng.range(0, 3)];
        let space = ThreatSpace { max_fours };
        let mut walker = walker_on(&r, a, space);
        let theirs = walker.rules.winning_cells(kinrow_reference::other(a));
        let mine = walker.rules.winning_cells(a);
        for (x, y) in r.empty_cells() {
            let want = reference_needs_answer(&mut r, a, (x, y), left, space.plies());
            let got = walker.needs_answer(y * w + x, Some(left), (&mine, &theirs));
            assert_eq!(
                got.is_some(),
                want,
                "{r:?} {a} {x},{y} left {left} {max_fours:?}"
            );
            if want {
                needed += 1;
            } else if walker.rules.is_candidate(y * w + x) {
                quiet += 1;
            }
        }
        assert_eq!(
            walker.rules.grid.cells,
            rules_of(&r, a).grid.cells,
            "restored"
        );
    }
    assert!(
        needed > 2000 && quiet > 2000,
        "{needed} needed, {quiet} not"
    );
}

/// The winning cells after a stone, found from those before it and the
/// windows through the stone, are those a scan of every window finds:
/// on random boards (freestyle and exact, k 3 to 5, either side, winning
/// cells before the stone or not). Fails if the cells before are left out
/// (shown: a winning cell the stone does not touch is lost) or if only
/// the windows through the stone count without the plain win test (shown:
/// under exact an overline's cell is kept).
#[test]
fn winning_cells_after_a_stone_are_a_scans() {
    let mut rng = Rng(0x3A17);
    let (mut compared, mut with_before) = (0u32, 0u32);
    for _ in 0..600 {
        let (w, h) = (rng.range(5, 9), rng.range(5, 9));
        let k = rng.range(3, 5).min(w.max(h));
        let exact = rng.chance(1, 2);
        let fill = rng.range(w * h / 6, w * h / 2);
        let r = random_stones(&mut rng, w, h, k, exact, fill);
        if r.has_line(1) || r.has_line(2) {
            continue;
        }
        let p = if rng.chance(1, 2) { 1 } else { 2 };
        let mut rules = rules_of(&r, p);
        let before = rules.winning_cells(p);
        for (x, y) in r.empty_cells() {
            let c = y * w + x;
            rules.place(c, p);
            if !rules.wins_at(c) {
                let got = rules.winning_cells_after(p, c, &before);
                assert_eq!(got, rules.winning_cells(p), "{r:?} {p} {x},{y}");
                compared += 1;
                with_before += u32::from(!before.is_empty());
            }
            rules.clear(c);
        }
    }
    assert!(
        compared > 5000 && with_before > 1000,
        "{compared} {with_before}"
    );
}

/// A walker over no nodes on the reference board `r`, for its finder.
fn walker_on(r: &NaiveBoard, a: u8, space: ThreatSpace) -> Walker {
    Walker {
        rules: rules_of(r, a),
        nodes: Vec::new(),
        space,
        kept: std::collections::HashMap::new(),
        kept_limit: 0,
        path: Vec::new(),
        report: crate::CheckReport::default(),
    }
}

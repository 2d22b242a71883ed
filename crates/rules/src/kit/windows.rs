//! Positions as `u128` masks over the board's bit indices (boards of at
//! most 128 bits), the windows of k cells on its lines, and the witness
//! that windows stay dead: what the disproof zones ([`crate::rules::zone`]),
//! the static no-win test ([`crate::rules::pairing`]) and the reply order
//! ([`super::reply_order`]) all read a position through.

use kinrow_board::{Game, Player, Rule, SearchBoard};

/// The leading 128 bits of a bitboard's words, when no bit lies above.
#[inline]
pub fn mask(words: &[u64]) -> Option<u128> {
    words[2..]
        .iter()
        .all(|&w| w == 0)
        .then(|| u128::from(words[0]) | u128::from(words[1]) << 64)
}

/// The stones and empty cells of a position as masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Masks {
    pub cells: u128,
    /// The attacker's stones.
    pub att: u128,
    /// The defender's stones.
    pub def: u128,
    pub empty: u128,
}

impl Masks {
    /// The masks of `board` with `attacker` attacking; `None` on boards
    /// of more than 128 bits.
    pub(crate) fn of(board: &SearchBoard, attacker: Player) -> Option<Masks> {
        let cells = mask(board.game().geometry().cells().words())?;
        let att = mask(board.stones(attacker).words())?;
        let def = mask(board.stones(attacker.other()).words())?;
        Some(Masks {
            cells,
            att,
            def,
            empty: cells & !att & !def,
        })
    }
}

/// Calls `f(window, flanks)` for every window of k cells in a line of
/// `game` that lies within `cells` (the board's cells, or a part of them
/// such as the cells free of one side's stones), direction by direction,
/// in order along each line; `flanks` are the bits just before and after
/// it along its line, whatever `cells` holds (a cell, or a padding bit
/// or nothing off the board).
#[inline]
pub(crate) fn for_each_window(game: &Game, cells: u128, mut f: impl FnMut(u128, u128)) {
    let k = game.k();
    for d in game.geometry().directions() {
        // A window that would leave the board crosses a padding bit or bit
        // 128 (see `kinrow_board::bitboard`), which are not cells.
        if (k - 1) * d >= 128 {
            continue;
        }
        let mut starts = cells;
        let mut shape = 1u128;
        for i in 1..k {
            starts &= cells >> (i * d);
            shape |= 1u128 << (i * d);
        }
        let mut rest = starts;
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            let before = s.checked_sub(d).map_or(0, |b| 1u128 << b);
            let after = if s + k * d < 128 {
                1u128 << (s + k * d)
            } else {
                0
            };
            f(shape << s, before | after);
        }
    }
}

/// Adds to `zone` a witness (module docs) that every window free of
/// defender stones stays dead in every variant: an attacker stone on a
/// flank under the exact rule, else `s + 1` of its empty cells. With
/// `skip_live`, windows that are live (no attacker flank, at most `s`
/// empty cells) are left to the caller; without, such a window makes the
/// witness fail (`false`: the claim does not hold). The empty cells are
/// chosen greedily, each the one that the most windows still short of
/// cells hold, so that the zone stays small (any choice is sound).
pub(crate) fn keep_dead(game: &Game, m: &Masks, s: u32, skip_live: bool, zone: &mut u128) -> bool {
    let exact = game.rule() == Rule::Exact;
    let mut ok = true;
    // The windows still short of cells: their empty cells outside the
    // zone, and how many more they need.
    let mut short = [(0u128, 0u32); 4 * 128];
    let mut n = 0;
    for_each_window(game, m.cells, |w, flanks| {
        if !ok || w & m.def != 0 {
            return;
        }
        if exact && flanks & m.att != 0 {
            let stones = flanks & m.att;
            if stones & *zone == 0 {
                *zone |= stones & stones.wrapping_neg();
            }
            return;
        }
        let e = w & m.empty;
        if e.count_ones() <= s {
            ok &= skip_live;
            return;
        }
        let need = (s + 1).saturating_sub((e & *zone).count_ones());
        if need > 0 {
            short[n] = (e & !*zone, need);
            n += 1;
        }
    });
    if !ok {
        return false;
    }
    let short = &mut short[..n];
    // How many windows short of cells hold each cell, kept up to date.
    let mut holding = [0u16; 128];
    for &(e, _) in short.iter() {
        each_bit(e, |c| holding[c] += 1);
    }
    loop {
        // The cell most windows short of cells hold, the first of them.
        let (best, count) =
            holding
                .iter()
                .enumerate()
                .fold((0, 0), |b, (c, &n)| if n > b.1 { (c, n) } else { b });
        if count == 0 {
            return true;
        }
        *zone |= 1u128 << best;
        holding[best] = 0;
        for (e, need) in short.iter_mut() {
            if *need == 0 || *e >> best & 1 == 0 {
                continue;
            }
            *e &= !(1u128 << best);
            *need -= 1;
            if *need == 0 {
                each_bit(*e, |c| holding[c] -= 1);
            }
        }
    }
}

/// Calls `f` with the index of each set bit of `m`.
#[inline]
fn each_bit(mut m: u128, mut f: impl FnMut(usize)) {
    while m != 0 {
        f(m.trailing_zeros() as usize);
        m &= m - 1;
    }
}

//! Static no-win tests: positions where the defender provably stops every
//! line of the attacker, whatever the attacker plays, decided from the
//! board alone (no search). They end whole subtrees of a draw at once.
//!
//! # The game they speak of
//!
//! The attacker wins by completing a line; anything else (the defender's
//! own line, a full board, the horizon) is a no-win. So the question is
//! whether the defender, placing one stone per turn on any empty cell,
//! can keep every line from being completed (a Maker-Breaker game, the
//! defender being Breaker). A defender's stone never helps the attacker: it
//! can only spoil windows (under the exact rule too: it neither lengthens
//! nor shortens a run of attacker stones). So a strategy that keeps the
//! attacker from filling any *live* window (below) proves a no-win of the
//! whole game, whatever the horizon (a horizon only takes plies away from
//! the attacker) and whatever the attacker's filter (it only takes moves
//! away from the attacker). The defender's strategies below play any empty
//! cell, so the tests hold only where the defender may (`candidates all`,
//! checked by `NodeRules::static_no_win`),
//! and not under renju, where x may not play its forbidden points.
//!
//! # Live windows
//!
//! Every winning line of the attacker contains a *window*, k consecutive
//! cells of a row, column or diagonal, all the attacker's. A window can
//! still become one only if it holds no defender stone and no more empty
//! cells than the attacker has stones left before the board is full
//! (⌈E/2⌉ of E empty cells with the attacker to move, ⌊E/2⌋ with the
//! defender to move). Under the exact rule the attacker wins only with a
//! run of exactly k, so a window next to an attacker stone along its line
//! (on a *flank*) can never be one: that stone stays, and filling the
//! window makes an overline. The others are live; blocking every live
//! window blocks every win. This holds whatever the horizon, so a no-win
//! found here holds at every depth (AND-OR may store it as such).
//!
//! # Pairing strategy (Hales-Jewett)
//!
//! If disjoint pairs of empty cells can be chosen so that every live
//! window holds both cells of some pair, the defender answers an attacker
//! stone on a paired cell with its mate (still empty: only that answer
//! ever fills a mate) and plays anywhere otherwise; the attacker then owns
//! at most one cell of each pair, so fills no live window. The strategy
//! only answers, so it holds with either side to move.
//!
//! Pairs are found by bipartite matching. The live windows of a line are
//! first grouped, in order along the line, while the cells the group's
//! windows all share still hold two empty cells: a pair among them serves
//! the whole group. Each group then asks for two cells of its shared
//! empty cells, every cell serving one group at most (Kuhn's augmenting
//! paths, the groups whose windows need the fewest stones first). The
//! grouping and the order are heuristics: any pairing found is sound.
//!
//! # Potential (Erdős–Selfridge), and the two together
//!
//! With the defender to move, if the sum over the live windows of
//! 2^-(empty cells of the window) is below 1, the defender stops them all
//! by always taking the cell that lowers the sum most: the sum after each
//! pair of moves (defender, attacker) is at most the sum before (the
//! attacker's cell doubles the windows through it, worth at most what the
//! defender's better cell removed), and a filled window alone is worth 1.
//! With the attacker to move its first stone at most doubles the sum, so
//! below 1/2 is needed. Sums are exact integers scaled by 2^k.
//!
//! A pairing that covers only some groups leaves the others to the
//! potential, played on the cells no pair uses (R): the defender answers a
//! stone on a paired cell with its mate and a stone in R within R, by the
//! rule above applied to the sets (window ∩ R) of the uncovered windows,
//! and with the defender to move it starts in R. The two parts share no
//! cell, so each keeps its own guarantee: an uncovered window is filled
//! only if its part in R is, and the potential of those parts stays below
//! one. So the test is: the pairing covers every live window, or the
//! uncovered ones pass the potential bound on R (which, with no pair at
//! all, is the plain Erdős–Selfridge bound).
//!
//! # Cost and reach
//!
//! Masks are `u128` over the board's bit indices, so the tests run on
//! boards whose bitboard takes at most 128 bits (`height * (width + 1)`:
//! up to 10x10, 9x11, 7x15, ...); elsewhere they answer `false` (no claim),
//! which is always sound. A cheap count skips the matching when it cannot
//! succeed.
//!
//! The gate: on dense small boards the matching is most of a node's cost
//! and almost always fails. Where the potential of the live windows on the
//! empty cells is `GATE` times the bound or more the test answers
//! `false` without it: in 10 s of PNS from the empty board, that skipped
//! 66% of the tests on 9x4 k=4 (where 3% of the successes lay) and 88% on
//! 7x7 k=5 (2%). A heuristic: not claiming a no-win is always sound.
//!
//! The early stop: of the matchings that pass the gate most fail, and
//! nearly all of those only at the final potential, after every group
//! was matched. The matching stops once the windows it left uncovered
//! fail the bound on the cells not held (`may_hold`): sound for the
//! same reason, and on random positions it never lost a claim (its
//! test). It took a third off the cost of a test on 7x7 k=5
//! (`cargo bench -p kinrow-bench --bench draw`).

use super::zone::{self, Zone};
use crate::kit::windows::{for_each_window, keep_dead, Masks};
use kinrow_board::{Cell, Game, Player, Rule, SearchBoard};
use std::cell::RefCell;

/// The gate: the matching is tried only when the potential of the live
/// windows on the empty cells is below this many times the bound (module
/// docs). Two and four were slower on 7x4 and 9x4, k=4 (PNS, README).
const GATE: u64 = 3;

/// Which arguments a test may use. [`Checks::SOUND`] is the only one the
/// provers use; the others are deliberately wrong, so that the tests can
/// show that the comparison with exhaustive search catches a wrong test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Checks {
    /// Wrong: a group counts as covered when its shared cells hold two
    /// empty cells, whether or not another group uses them too.
    pub pairs_may_share: bool,
    /// Wrong: the potential bound is doubled (2 with the defender to move,
    /// 1 with the attacker to move).
    pub double_threshold: bool,
    /// Sound either way: the matching stops once the windows it left
    /// uncovered fail the bound on the cells not held ([`may_hold`]);
    /// off, it runs through every group, and a test compares the two.
    pub stop_early: bool,
}

impl Checks {
    /// The sound tests.
    pub(crate) const SOUND: Checks = Checks {
        pairs_may_share: false,
        double_threshold: false,
        stop_early: true,
    };
}

/// Whether the defender can keep `attacker` from ever completing a line
/// from `board` (with either side to move), playing any empty cell: the
/// pairing strategy and the potential bound of the module docs. `false`
/// says nothing. Not for renju (answers `false`).
#[must_use]
pub fn defender_holds(board: &SearchBoard, attacker: Player) -> bool {
    holds_with(board, attacker, Checks::SOUND)
}

/// [`defender_holds`] with the arguments `checks` allows.
pub(crate) fn holds_with(board: &SearchBoard, attacker: Player, checks: Checks) -> bool {
    test(board, attacker, checks, false).is_some()
}

/// When [`defender_holds`], a zone of the no-win ([`super::zone`], as a
/// mask): the
/// cells of the pairs, the empty cells of the windows the potential
/// counted, and a witness for each window left out as dead (a flank stone
/// or more empty cells than the attacker has stones left; see
/// [`crate::kit::windows::keep_dead`]). Why it is one: in a variant the dead
/// windows stay dead, so its live windows are among these; a pair lies in
/// the zone, so is empty there as here; and a window's cells that the
/// potential counted are empty there too, so its term is no larger. The
/// same strategy holds.
pub(crate) fn holds_zone(board: &SearchBoard, attacker: Player) -> Option<u128> {
    test(board, attacker, Checks::SOUND, true)
}

/// When [`defender_holds`] (every argument tried, the gate left out), the
/// defender's strategy spelled out for a draw certificate: the pairs, each
/// answering the other; the live windows no pair covers are left to the
/// potential bound on the empty cells outside the pairs (with no pair at
/// all, the plain Erdős–Selfridge bound). The checker recomputes the live
/// windows and the bound from scratch.
///
/// With them, a zone of the no-win ([`super::zone`]) for which these very
/// pairs hold in every variant, as `holds_zone` argues: the cells of the
/// pairs, the empty cells the potential counted, and a witness for each
/// window left out as dead (the whole board where no witness is found).
#[must_use]
pub fn hold_pairs(board: &SearchBoard, attacker: Player) -> Option<(Vec<(Cell, Cell)>, Zone)> {
    let game = board.game();
    let k = game.k();
    if k < 2 || game.rule() == Rule::Renju {
        return None;
    }
    let m = Masks::of(board, attacker)?;
    let to_move = board.to_move() == attacker;
    let e = m.empty.count_ones();
    let stones = if to_move { e.div_ceil(2) } else { e / 2 };
    let (pairs, mut zone) = WINDOWS.with_borrow_mut(|windows| {
        live_windows(game, &m, stones, windows);
        let windows = &windows[..];
        let limit = if to_move { 1u64 << (k - 1) } else { 1u64 << k };
        if potential(windows.iter(), m.empty, k).is_some_and(|p| p < limit) {
            let all = windows.iter().fold(0, |z, w| z | (w & m.empty));
            return Some((Vec::new(), all));
        }
        let mut pairs = Vec::new();
        let out = Some(&mut pairs);
        let zone = SCRATCH.with_borrow_mut(|scratch| {
            paired(windows, m.empty, k, limit, Checks::SOUND, scratch, out)
        })?;
        Some((pairs, zone))
    })?;
    if !keep_dead(game, &m, stones, true, &mut zone) {
        return Some((pairs, zone::full(board)));
    }
    Some((pairs, Zone(zone)))
}

/// The tests; `Some` when the defender holds, with the zone when
/// `want_zone` (0 otherwise).
fn test(board: &SearchBoard, attacker: Player, checks: Checks, want_zone: bool) -> Option<u128> {
    let game = board.game();
    let k = game.k();
    if k < 2 || game.has_forbidden_points() {
        return None;
    }
    let m = Masks::of(board, attacker)?;
    let to_move = board.to_move() == attacker;
    let e = m.empty.count_ones();
    let stones = if to_move { e.div_ceil(2) } else { e / 2 };
    WINDOWS.with_borrow_mut(|windows| {
        live_windows(game, &m, stones, windows);
        let windows = &windows[..];
        // The bound, scaled by 2^k: 1 with the defender to move, 1/2 with the
        // attacker to move (doubled by the wrong check).
        let mut limit = if to_move { 1u64 << (k - 1) } else { 1u64 << k };
        if checks.double_threshold {
            limit *= 2;
        }
        // The gate (module docs): no matching where the potential says it
        // almost never succeeds. A zone is asked for only where the rules
        // found a no-win, so it tries every argument.
        let p = potential(windows.iter(), m.empty, k);
        if !want_zone && p.is_none_or(|p| p >= GATE * limit) {
            return None;
        }
        let bound = p.is_some_and(|p| p < limit);
        let pairing = || {
            SCRATCH.with_borrow_mut(|scratch| {
                paired(windows, m.empty, k, limit, checks, scratch, None)
            })
        };
        if !want_zone {
            return (bound || pairing().is_some()).then_some(0);
        }
        // The potential alone counts every empty cell of every live window;
        // a pairing's zone is most often smaller.
        let all = windows.iter().fold(0, |z, w| z | (w & m.empty));
        let mut zone = match pairing() {
            Some(z) if !bound || z.count_ones() < all.count_ones() => z,
            _ if bound => all,
            _ => return None,
        };
        keep_dead(game, &m, stones, true, &mut zone).then_some(zone)
    })
}

/// The groups and the matching's cells of [`paired`].
type Scratch = (Vec<Group>, Vec<u128>);

thread_local! {
    /// The groups and the matching's cells of [`paired`], kept from call
    /// to call so that a node allocates nothing.
    static SCRATCH: RefCell<Scratch> = const { RefCell::new((Vec::new(), Vec::new())) };
    /// The live windows of a test, kept likewise (at most 4 * 128: one per
    /// cell and direction), written over rather than zeroed per call.
    static WINDOWS: RefCell<Vec<u128>> = const { RefCell::new(Vec::new()) };
}

/// Writes the attacker's live windows (module docs) to `out`, direction by
/// direction, each in order along its lines; returns how many.
fn live_windows(game: &Game, m: &Masks, stones: u32, out: &mut Vec<u128>) {
    out.clear();
    let exact = game.rule() == Rule::Exact;
    // Only windows of cells free of defender stones are visited at all
    // (found for a whole direction at once by the shifts in
    // `for_each_window`): on a crowded board most windows hold one, and
    // visiting each to drop it was most of this function's time. The
    // flanks do not depend on the cells passed, so they are as before.
    for_each_window(game, m.cells & !m.def, |w, flanks| {
        if (w & !m.att).count_ones() > stones {
            return;
        }
        // Exact: a stone on a flank (a padding bit or off the board when
        // the window touches the edge, never a stone) kills the window.
        if exact && flanks & m.att != 0 {
            return;
        }
        out.push(w);
    });
}

/// The potential of `windows` on the cells `within`, scaled by 2^k: the
/// sum of 2^(k - |w ∩ within|); `None` (infinite, for every bound) when a
/// window has no cell in `within`. Exact: at most 512 terms of at most
/// 2^(k-1), k <= 26.
fn potential<'a>(windows: impl Iterator<Item = &'a u128>, within: u128, k: u32) -> Option<u64> {
    let mut sum = 0u64;
    for w in windows {
        let e = (w & within).count_ones();
        if e == 0 {
            return None;
        }
        sum += 1u64 << (k - e.min(k));
    }
    Some(sum)
}

/// A group of live windows along one line that one pair can serve.
#[derive(Clone, Copy, Debug, Default)]
struct Group {
    /// The empty cells every window of the group holds.
    shared: u128,
    /// The group's windows: `windows[first..first + len]`.
    first: u16,
    len: u16,
    /// The potential of its windows, to cover the heaviest first.
    weight: u64,
    state: State,
}

/// What became of a [`Group`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    #[default]
    Open,
    /// Its pair is found.
    Covered,
    /// No pair: its windows go to the potential.
    Uncovered,
    /// No pair: its two halves were tried instead (groups further on).
    Split,
}

impl Group {
    /// The group of `windows[first..first + len]`, which share two empty
    /// cells or more when `len > 1`.
    fn of(windows: &[u128], first: usize, len: usize, empty: u128, k: u32) -> Group {
        let mut group = Group {
            shared: empty,
            first: first as u16,
            len: len as u16,
            ..Group::default()
        };
        for &w in &windows[first..first + len] {
            group.shared &= w;
            group.weight += term(w, empty, k);
        }
        group
    }
}

/// A window's term in the potential on the cells `within`, scaled by 2^k.
#[inline]
fn term(w: u128, within: u128, k: u32) -> u64 {
    1u64 << (k - (w & within).count_ones().min(k))
}

/// The pairing test, partial pairings finished by the potential on the
/// cells no pair uses (module docs). `limit` is the scaled bound. When it
/// holds, the cells of the pairs and those of the uncovered windows that
/// the potential counted; and the pairs themselves in `pairs`, if given.
fn paired(
    windows: &[u128],
    empty: u128,
    k: u32,
    limit: u64,
    checks: Checks,
    (groups, shared): &mut Scratch,
    pairs: Option<&mut Vec<(Cell, Cell)>>,
) -> Option<u128> {
    group_along_lines(windows, empty, k, groups);
    // At most ⌊E/2⌋ groups get a pair, and each window left uncovered adds
    // at least 1 (scaled) to the potential.
    let uncovered_at_least = groups.len().saturating_sub(empty.count_ones() as usize / 2);
    if uncovered_at_least as u64 >= limit {
        return None;
    }
    groups.sort_unstable_by_key(|g| std::cmp::Reverse(g.weight));
    let mut matching = Matching::new(shared);
    let mut shared_cells = 0u128;
    let mut i = 0;
    while i < groups.len() {
        let group = groups[i];
        let covered = if checks.pairs_may_share {
            // Wrong on purpose: cells may serve several groups.
            let two = two_lowest(group.shared);
            shared_cells |= two;
            two.count_ones() == 2
        } else {
            matching.cover(i, group.shared)
        };
        groups[i].state = if covered {
            State::Covered
        } else if group.len > 1 {
            // Each half shares more cells: it may find a pair.
            let (first, len) = (usize::from(group.first), usize::from(group.len));
            groups.push(Group::of(windows, first, len / 2, empty, k));
            groups.push(Group::of(windows, first + len / 2, len - len / 2, empty, k));
            State::Split
        } else {
            State::Uncovered
        };
        if groups[i].state == State::Uncovered
            && checks.stop_early
            && !checks.pairs_may_share
            && !may_hold(groups, i, windows, empty, k, limit, matching.held)
        {
            return None;
        }
        i += 1;
    }
    let used = if checks.pairs_may_share {
        shared_cells
    } else {
        matching.used(groups)
    };
    let rest = empty & !used;
    let held = potential(uncovered(groups, windows), rest, k).is_some_and(|p| p < limit);
    if let (true, Some(out), false) = (held, pairs, checks.pairs_may_share) {
        matching.pairs(groups, out);
    }
    // The zone (see `holds_zone`): the pairs and the cells the potential
    // counted.
    held.then(|| uncovered(groups, windows).fold(used, |z, w| z | (w & rest)))
}

/// Groups `windows` (in order along their lines) into `groups`: a window
/// joins the group before it while the cells they all share still hold
/// two empty cells.
fn group_along_lines(windows: &[u128], empty: u128, k: u32, groups: &mut Vec<Group>) {
    groups.clear();
    for (i, &w) in windows.iter().enumerate() {
        // Windows of different lines share at most one cell, so only
        // neighbours along a line merge.
        if let Some(last) = groups.last_mut() {
            let shared = last.shared & w;
            if shared.count_ones() >= 2 {
                last.shared = shared;
                last.len += 1;
                last.weight += term(w, empty, k);
                continue;
            }
        }
        groups.push(Group::of(windows, i, 1, empty, k));
    }
}

/// Whether the test may still hold once group `i` is uncovered: the
/// windows left uncovered so far stay below `limit` on the empty cells
/// the pairs do not hold now. Stopping when they do not is sound (the
/// test then claims nothing). It is a cut of the test's work, not a
/// theorem: the cells held grow but for one case, a later group whose
/// second slot fails gives up its first slot's cell (`Matching::cover`),
/// and where that cell lies in a window uncovered here and brings the
/// potential below the bound, the whole matching would have held and
/// this stop loses the claim. On 90,000 random positions of 7x7 k=5 and
/// 8x4 and 9x4 k=4 it lost none, and the test below compares the two on
/// 2,100 of them.
fn may_hold(
    groups: &[Group],
    i: usize,
    windows: &[u128],
    empty: u128,
    k: u32,
    limit: u64,
    held: u128,
) -> bool {
    potential(uncovered(&groups[..=i], windows), empty & !held, k).is_some_and(|p| p < limit)
}

/// The windows of the uncovered `groups`.
fn uncovered<'a>(
    groups: &'a [Group],
    windows: &'a [u128],
) -> impl Iterator<Item = &'a u128> + Clone {
    groups
        .iter()
        .filter(|g| g.state == State::Uncovered)
        .flat_map(|g| {
            let first = usize::from(g.first);
            &windows[first..first + usize::from(g.len)]
        })
}

/// The two lowest bits of `m` (fewer when it has fewer).
fn two_lowest(m: u128) -> u128 {
    let a = m & m.wrapping_neg();
    let rest = m & !a;
    a | (rest & rest.wrapping_neg())
}

/// Kuhn's bipartite matching: each group has two slots (2g, 2g + 1), each
/// slot takes one of the group's shared empty cells, each cell serves one
/// slot at most.
struct Matching<'s> {
    /// The slot holding each bit index, `NONE` for none.
    owner: [u16; 128],
    /// The cells some slot holds.
    held: u128,
    /// Cells from which no augmenting path can start again (see
    /// [`Matching::cover`]): searches skip them.
    dead: u128,
    /// The cells each group may take, by group.
    shared: &'s mut Vec<u128>,
}

const NONE: u16 = u16::MAX;

impl<'s> Matching<'s> {
    /// An empty matching, its groups' cells kept in `shared`.
    fn new(shared: &'s mut Vec<u128>) -> Matching<'s> {
        shared.clear();
        Matching {
            owner: [NONE; 128],
            held: 0,
            dead: 0,
            shared,
        }
    }

    /// Gives both slots of group `g` (the next group, of shared cells
    /// `shared`) a cell, moving other slots' cells along augmenting paths;
    /// if the second fails, frees the first's cell (the other slots keep
    /// theirs), so the group takes none.
    ///
    /// So a call gives up no held cell but, when the second slot fails,
    /// the first's, one of `shared`: an augmenting path moves held cells
    /// from slot to slot and adds one free cell, and a failed search
    /// changes nothing ([`may_hold`] stops the matching early on that).
    ///
    /// The cells a failed search visited, with those dead already, are dead
    /// from then on: each is held, and every cell its holder may take was
    /// visited in this search or is dead already (else the search would
    /// have gone on there), so no path from outside ever leaves them for a
    /// free cell; later searches only add matched cells outside them, and
    /// no slot inside them ever changes, so that stays true. Skipping them
    /// finds the same paths as visiting them, sooner. (When the second
    /// slot fails the first's cell is freed; it lies on the first slot's
    /// path, which avoided the dead cells, so it is never dead, but it may
    /// be among the cells the second search visited: those are not
    /// marked.)
    fn cover(&mut self, g: usize, shared: u128) -> bool {
        debug_assert_eq!(g, self.shared.len());
        self.shared.push(shared);
        let first = (2 * g) as u16;
        let mut seen = self.dead;
        if !self.augment(first, &mut seen) {
            self.dead = seen;
            return false;
        }
        let mut seen = self.dead;
        if self.augment(first + 1, &mut seen) {
            return true;
        }
        if let Some(c) = self.owner.iter().position(|&s| s == first) {
            self.owner[c] = NONE;
            self.held &= !(1u128 << c);
        }
        false
    }

    /// An augmenting path from `slot` avoiding the cells in `seen`: a cell
    /// no slot holds if there is one, else one whose holder can move on.
    fn augment(&mut self, slot: u16, seen: &mut u128) -> bool {
        let mut free = self.shared[usize::from(slot / 2)] & !*seen;
        let direct = free & !self.held;
        if direct != 0 {
            let c = direct.trailing_zeros() as usize;
            self.owner[c] = slot;
            self.held |= 1u128 << c;
            return true;
        }
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            *seen |= 1u128 << c;
            let holder = self.owner[c];
            if holder == NONE || self.augment(holder, seen) {
                self.owner[c] = slot;
                return true;
            }
        }
        false
    }

    /// The pairs of the covered `groups`, written to `out`: the two cells
    /// the slots of each hold.
    fn pairs(&self, groups: &[Group], out: &mut Vec<(Cell, Cell)>) {
        let mut first = vec![None; groups.len()];
        for (c, &slot) in self.owner.iter().enumerate() {
            let g = usize::from(slot / 2);
            if slot == NONE || groups[g].state != State::Covered {
                continue;
            }
            match first[g] {
                None => first[g] = Some(c),
                Some(a) => out.push((Cell::from_index(a), Cell::from_index(c))),
            }
        }
    }

    /// The cells held by the slots of the covered `groups`. Each covered
    /// group holds two distinct cells among its shared cells, no cell held
    /// twice (checked in debug builds): the pairs of the strategy. (A slot
    /// of a group that failed holds nothing: `cover` freed it.)
    fn used(&self, groups: &[Group]) -> u128 {
        let mut used = 0u128;
        for (c, &slot) in self.owner.iter().enumerate() {
            let g = usize::from(slot / 2);
            if slot != NONE && groups[g].state == State::Covered {
                used |= 1u128 << c;
                debug_assert!(groups[g].shared >> c & 1 == 1);
            }
        }
        debug_assert!(groups.iter().enumerate().all(|(g, group)| {
            let held = (0..128).filter(|&c| self.owner[c] / 2 == g as u16).count();
            (group.state == State::Covered) == (held == 2)
        }));
        used
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kinrow_reference::plays::random_plays;
    use kinrow_reference::{
        adapt, attacker_wins_game, random_small_position, NaiveBoard, Rng, O, X,
    };

    /// A random position for the comparison with exhaustive search: boards
    /// up to 5x5 with k 3 or 4, and 4x7 / 7x4 with k 4, either rule,
    /// with at most 16 empty cells (the exhaustive search stays cheap),
    /// either side to move, and the attacker either side.
    fn random_position(seed: u64) -> (NaiveBoard, u8, u8) {
        let mut rng = Rng(seed);
        let (b, to_move) = random_small_position(&mut rng, 1, 16);
        let attacker = if rng.chance(1, 2) { X } else { O };
        (b, to_move, attacker)
    }

    /// Runs `checks` on `count` random positions; for every one it calls a
    /// no-win, the exhaustive search's verdict. Returns how many it called,
    /// and the first position where the search found a win instead.
    fn compare(checks: Checks, count: u64) -> (u32, Option<String>) {
        let (mut tried, mut claimed) = (0, 0);
        for seed in 0..count {
            let (nb, to_move, attacker) = random_position(seed);
            if nb.empty_cells().is_empty() || nb.has_line(X) || nb.has_line(O) {
                continue;
            }
            tried += 1;
            let board = SearchBoard::from(adapt::to_board(&nb, to_move));
            let player = if attacker == X { Player::X } else { Player::O };
            if !holds_with(&board, player, checks) {
                continue;
            }
            claimed += 1;
            if attacker_wins_game(&nb, attacker, to_move) {
                let at = format!("seed {seed}: {nb:?} to move {to_move}, attacker {attacker}");
                return (claimed, Some(at));
            }
        }
        assert!(tried >= 2000, "only {tried} positions");
        (claimed, None)
    }

    #[test]
    fn every_static_no_win_agrees_with_exhaustive_search() {
        let (claimed, wrong) = compare(Checks::SOUND, 2500);
        assert_eq!(wrong, None);
        // The tests must have had something to say.
        assert!(claimed >= 500, "only {claimed} no-wins claimed");
    }

    #[test]
    fn stopping_the_matching_early_loses_no_claim_and_no_zone() {
        let late = Checks {
            stop_early: false,
            ..Checks::SOUND
        };
        let mut held = 0;
        for (w, h, k, max) in [(7, 7, 5, 24), (8, 4, 4, 16), (9, 4, 4, 18)] {
            let game = Game::new(w, h, k, Rule::Freestyle).unwrap();
            let boards = random_plays(&game, &mut Rng(0x5eed + u64::from(w)), 700, max);
            for (i, board) in boards.into_iter().map(SearchBoard::from).enumerate() {
                for want_zone in [false, true] {
                    let early = test(&board, Player::X, Checks::SOUND, want_zone);
                    let full = test(&board, Player::X, late, want_zone);
                    assert_eq!(early, full, "{w}x{h} k={k}, position {i}, zone {want_zone}");
                    held += u32::from(full.is_some());
                }
            }
        }
        assert!(held >= 100, "only {held} held");
    }

    #[test]
    fn a_pairing_that_shares_cells_is_caught() {
        let checks = Checks {
            pairs_may_share: true,
            ..Checks::SOUND
        };
        assert!(compare(checks, 2500).1.is_some());
    }

    #[test]
    fn a_doubled_potential_bound_is_caught() {
        let checks = Checks {
            double_threshold: true,
            ..Checks::SOUND
        };
        assert!(compare(checks, 2500).1.is_some());
    }
}

//! Property tests of the board crate against the deliberately naive code of
//! `kinrow-reference`: win detection, winning cells, candidates, the `fours`
//! and `threats` filters, and play/undo with the Zobrist key, on random
//! stones (either colour, any counts, lines allowed) over both rules, k from
//! 1 to 7 and every board size from 1x1 to 26x26.

use kinrow_board::{Attack, Bitboard, Board, Candidates, Cell, Game, Player, Rule, SearchBoard};
use kinrow_reference::adapt::{cell, near, to_board, xy};
use kinrow_reference::{
    random_stones, NaiveBoard, Rng, ATTACK_ANY, ATTACK_FOURS, ATTACK_THREATS, EMPTY, O as NAIVE_O,
    X as NAIVE_X,
};
use proptest::prelude::*;

/// Random stones on a random board with sides in `sides` (both rules, k in
/// 1..=7 clamped to the longer side): half of them scattered, half as in
/// play.
fn arb_board(sides: Side) -> impl Strategy<Value = NaiveBoard> {
    arb_board_wh(sides.clone(), sides)
}

/// As [`arb_board`], with separate ranges for the width and the height.
fn arb_board_wh(widths: Side, heights: Side) -> impl Strategy<Value = NaiveBoard> {
    prop_oneof![
        arb_scattered(widths.clone(), heights.clone()),
        arb_played(widths, heights)
    ]
}

type Side = std::ops::RangeInclusive<usize>;

/// k in 1..=7, with the usual 3..=5, and 5 above all, more often (before
/// clamping).
fn arb_k() -> impl Strategy<Value = usize> {
    prop_oneof![1usize..=7, 3usize..=5, Just(5)]
}

/// Stones as in play (the reference's `random_stones`): alternating, x
/// first, mostly near earlier stones, never completing a line; from a few
/// stones to a full board. This is where fours and threats are common.
fn arb_played(widths: Side, heights: Side) -> impl Strategy<Value = NaiveBoard> {
    (
        widths,
        heights,
        arb_k(),
        any::<bool>(),
        0usize..=100,
        any::<u64>(),
    )
        .prop_map(|(w, h, k, exact, fill, seed)| {
            let k = k.min(w.max(h));
            let stones = (w * h * fill / 100).max(1);
            random_stones(&mut Rng(seed), w, h, k, exact, stones)
        })
}

/// Stones scattered at random, without regard for play. The density ranges
/// from an empty to a full board and the colours from all-x to all-o, so
/// boards with lines, impossible stone counts and lone colours all occur.
fn arb_scattered(widths: Side, heights: Side) -> impl Strategy<Value = NaiveBoard> {
    let density = prop_oneof![
        1 => Just(0u32),
        3 => 1u32..15,
        4 => 0u32..=100,
        1 => Just(100u32),
    ];
    let x_share = prop_oneof![1 => Just(0u32), 1 => Just(100u32), 6 => 0u32..=100];
    (widths, heights, arb_k(), any::<bool>(), density, x_share).prop_flat_map(
        |(w, h, k, exact, density, x_share)| {
            let k = k.min(w.max(h));
            let cell = (0u32..100, 0u32..100).prop_map(move |(s, c)| {
                if s >= density {
                    EMPTY
                } else if c < x_share {
                    NAIVE_X
                } else {
                    NAIVE_O
                }
            });
            prop::collection::vec(cell, w * h).prop_map(move |cells| NaiveBoard {
                width: w,
                height: h,
                k,
                exact,
                cells,
            })
        },
    )
}

/// Any board: small ones often (where lines and full rows are common), any
/// size up to 26x26, and boards 15 wide and 9 to 16 high, the shapes whose
/// line arithmetic has its own compile-time instance (stride 16 in 4 words;
/// with k = 5 another one).
fn arb_any_board() -> impl Strategy<Value = NaiveBoard> {
    prop_oneof![
        arb_board(1..=6),
        arb_board(1..=26),
        arb_board_wh(15..=15, 9..=16)
    ]
}

fn player(p: u8) -> Player {
    if p == NAIVE_X {
        Player::X
    } else {
        Player::O
    }
}

/// The cells of a real bitboard as sorted `(x, y)`, after checking that it
/// holds real cells only.
fn xys(board: &Board, set: &Bitboard) -> Vec<(usize, usize)> {
    let cells = board.game().geometry().cells();
    assert!(set.and_not(cells).is_empty(), "bits off the board: {set:?}");
    let mut v: Vec<_> = set.iter().map(|i| xy(board, Cell::from_index(i))).collect();
    v.sort_unstable();
    v
}

fn sorted(mut v: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    v.sort_unstable();
    v
}

/// Whether the empty cell `w`, on one of the four lines through `m` (which
/// holds a stone of `p`), would complete a winning run of `p` along that
/// line that holds `m` (plain walk).
fn wins_along_line_with(
    nb: &mut NaiveBoard,
    p: u8,
    (mx, my): (usize, usize),
    (wx, wy): (usize, usize),
) -> bool {
    let (dx, dy) = (wx as i64 - mx as i64, wy as i64 - my as i64);
    let dir = if dy == 0 {
        (1, 0)
    } else if dx == 0 {
        (0, 1)
    } else if dx == dy {
        (1, 1)
    } else if dx == -dy {
        (1, -1)
    } else {
        return false;
    };
    nb.set(wx, wy, p);
    let mut run = 1;
    let mut holds_m = false;
    for s in [1, -1] {
        let (mut x, mut y) = (wx as i64 + s * dir.0, wy as i64 + s * dir.1);
        while nb.get(x, y) == Some(p) {
            holds_m |= (x, y) == (mx as i64, my as i64);
            run += 1;
            x += s * dir.0;
            y += s * dir.1;
        }
    }
    nb.set(wx, wy, EMPTY);
    if !holds_m {
        return false;
    }
    if nb.exact {
        run == nb.k
    } else {
        run >= nb.k
    }
}

/// The empty cells in some window of k cells on the board without a stone
/// of the other side and with at most `max_empty` empty cells (plain scan).
fn naive_window_cells(nb: &NaiveBoard, p: u8, max_empty: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (x, y) in nb.all_cells() {
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let window: Vec<_> = (0..nb.k as i64)
                .map(|t| (x as i64 + t * dx, y as i64 + t * dy))
                .collect();
            let values: Vec<_> = window.iter().map(|&(u, v)| nb.get(u, v)).collect();
            let ok = values.iter().all(|&c| c == Some(EMPTY) || c == Some(p));
            if ok && values.iter().filter(|&&c| c == Some(EMPTY)).count() <= max_empty {
                for (&(u, v), &c) in window.iter().zip(&values) {
                    if c == Some(EMPTY) {
                        out.push((u as usize, v as usize));
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

const CANDIDATES: [Candidates; 4] = [
    Candidates::Near(1),
    Candidates::Near(2),
    Candidates::Near(3),
    Candidates::All,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// `wins_at` on every cell (stones and empty cells), `wins_at` after
    /// placing a stone of either colour on each empty cell, and `has_line`
    /// of both sides, from `Board` and from `Game`.
    #[test]
    fn win_detection_matches_plain_scan(nb in arb_any_board()) {
        let mut board = to_board(&nb, NAIVE_X);
        for &p in &[NAIVE_X, NAIVE_O] {
            prop_assert_eq!(board.has_line(player(p)), nb.has_line(p), "has_line {}", p);
            prop_assert_eq!(
                board.game().has_line(player(p), board.stones(player(p))),
                nb.has_line(p)
            );
        }
        let mut scratch = nb.clone();
        // The search board answers from its line words: the same answers.
        let mut search = SearchBoard::from(board.clone());
        for (x, y) in nb.all_cells() {
            let c = cell(&board, (x, y));
            prop_assert_eq!(board.wins_at(c), nb.wins_at(x, y), "wins_at {:?}", (x, y));
            prop_assert_eq!(search.wins_at(c), nb.wins_at(x, y), "search wins_at {:?}", (x, y));
            if nb.get(x as i64, y as i64) != Some(EMPTY) {
                continue;
            }
            for &p in &[NAIVE_X, NAIVE_O] {
                scratch.set(x, y, p);
                board.place(c, player(p));
                search.place(c, player(p));
                let want = scratch.wins_at(x, y);
                prop_assert_eq!(board.wins_at(c), want, "after placing {} on {:?}", p, (x, y));
                prop_assert_eq!(board.game().wins_through(player(p), board.stones(player(p)), c), want);
                prop_assert_eq!(search.wins_at(c), want, "search, {} on {:?}", p, (x, y));
                prop_assert!(search.check_consistency().is_ok());
                board.remove(c, player(p));
                search.remove(c, player(p));
                scratch.set(x, y, EMPTY);
            }
        }
        prop_assert!(search.check_consistency().is_ok());
    }

    /// `winning_cells` of both sides.
    #[test]
    fn winning_cells_match_plain_scan(nb in arb_any_board()) {
        let board = to_board(&nb, NAIVE_X);
        for &p in &[NAIVE_X, NAIVE_O] {
            let got = xys(&board, &board.winning_cells(player(p)));
            prop_assert_eq!(got, sorted(nb.winning_cells(p)), "side {}", p);
        }
    }

    /// `made_wins` and `made_win_count` of both sides on up to 12 empty
    /// cells: after a stone there, the cells that would complete a winning
    /// run through it along its row, column or diagonals; the same once the
    /// stone stands there.
    #[test]
    fn made_wins_match_plain_scan(nb in arb_any_board(), pick in 0usize..1000) {
        let board = to_board(&nb, NAIVE_X);
        let empty: Vec<_> = nb
            .all_cells()
            .into_iter()
            .filter(|&(x, y)| nb.get(x as i64, y as i64) == Some(EMPTY))
            .collect();
        let step = (empty.len() / 12).max(1);
        let mut scratch = nb.clone();
        for &(x, y) in empty.iter().skip(pick % step).step_by(step) {
            let c = cell(&board, (x, y));
            for &p in &[NAIVE_X, NAIVE_O] {
                scratch.set(x, y, p);
                let want: Vec<_> = empty
                    .iter()
                    .copied()
                    .filter(|&w| w != (x, y) && wins_along_line_with(&mut scratch, p, (x, y), w))
                    .collect();
                scratch.set(x, y, EMPTY);
                let got = board.made_wins(player(p), c);
                prop_assert_eq!(
                    board.made_win_count(player(p), c) as usize,
                    want.len(),
                    "count, side {} at {:?}: {:?}", p, (x, y), &want
                );
                prop_assert_eq!(xys(&board, &got), sorted(want), "side {} at {:?}", p, (x, y));
                // With the stone already on `m`: the same cells.
                let mut placed = board.clone();
                placed.place(c, player(p));
                prop_assert_eq!(placed.made_wins(player(p), c), got, "placed, side {} at {:?}", p, (x, y));
                // The search board, from its line words: the same again.
                let mut search = SearchBoard::from(board.clone());
                prop_assert_eq!(search.made_wins(player(p), c), got, "search, side {} at {:?}", p, (x, y));
                prop_assert_eq!(search.made_win_count(player(p), c), got.count());
                search.place(c, player(p));
                prop_assert_eq!(search.made_wins(player(p), c), got, "search placed, side {} at {:?}", p, (x, y));
                prop_assert_eq!(search.made_win_count(player(p), c), got.count());
            }
        }
    }

    /// `window_cells` and `has_window` of both sides with every bound on
    /// the empty cells.
    #[test]
    fn window_cells_match_plain_scan(nb in arb_any_board()) {
        let board = to_board(&nb, NAIVE_X);
        for &p in &[NAIVE_X, NAIVE_O] {
            let (own, opp) = (board.stones(player(p)), board.stones(player(p).other()));
            for max_empty in 0..=nb.k + 1 {
                let got = xys(&board, &board.game().window_cells(own, opp, max_empty));
                let want = naive_window_cells(&nb, p, max_empty);
                let any = board.game().has_window(own, opp, max_empty);
                prop_assert_eq!(any, !want.is_empty(), "has_window, side {} max {}", p, max_empty);
                prop_assert_eq!(got, want, "side {} max {}", p, max_empty);
            }
        }
    }

    /// Candidates `near 1`, `near 2`, `near 3` and `all`.
    #[test]
    fn candidates_match_plain_scan(nb in arb_any_board()) {
        let board = to_board(&nb, NAIVE_X);
        for c in CANDIDATES {
            let got = xys(&board, &board.candidates(c));
            prop_assert_eq!(got, sorted(nb.candidates(near(c))), "{}", c);
        }
    }

    /// `fours` over every empty cell (`candidates all`) for both sides (and
    /// the search board's `fours_without_win` where the side has no
    /// winning cell), `Game::is_four` on each empty cell, and `attack_moves` with `fours`
    /// and `any` under every candidate rule.
    #[test]
    fn fours_match_plain_scan(nb in arb_any_board()) {
        let board = to_board(&nb, NAIVE_X);
        let all = board.candidates(Candidates::All);
        for &p in &[NAIVE_X, NAIVE_O] {
            let pl = player(p);
            let want = nb.attack_moves(p, None, ATTACK_FOURS);
            prop_assert_eq!(xys(&board, &board.fours(pl, &all)), sorted(want.clone()), "fours of {}", p);
            // The search board's own filter (line words, exact rule per
            // cell), where the side has no winning cell as it requires.
            if board.winning_cells(pl).is_empty() {
                let search = SearchBoard::from(board.clone());
                let got = xys(&board, &search.fours_without_win(pl, &all));
                prop_assert_eq!(got, sorted(want.clone()), "search fours of {}", p);
            }
            let (own, opp) = (board.stones(pl), board.stones(pl.other()));
            for (x, y) in nb.empty_cells() {
                let four = board.game().is_four(pl, own, opp, cell(&board, (x, y)));
                prop_assert_eq!(four, want.contains(&(x, y)), "is_four {:?}", (x, y));
            }
            // The naive filter is a per-cell test, so its result under
            // `near R` is its result under `all` within the candidates.
            for c in CANDIDATES {
                let cands = nb.attack_moves(p, near(c), ATTACK_ANY);
                let got = xys(&board, &board.attack_moves(pl, c, Attack::Any));
                prop_assert_eq!(got, sorted(cands.clone()), "attack_moves {} {} any", p, c);
                let got = xys(&board, &board.attack_moves(pl, c, Attack::Fours));
                let want: Vec<_> = want.iter().copied().filter(|m| cands.contains(m)).collect();
                prop_assert_eq!(got, sorted(want), "attack_moves {} {} fours", p, c);
            }
        }
    }
}

proptest! {
    // The naive threat test costs about (empty cells)^3 * k per board, so the
    // complete comparison runs on boards up to 9x9.
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// `threats` over every empty cell for both sides, `Game::is_threat` on
    /// each, and `attack_moves` with `threats` under every candidate rule.
    #[test]
    fn threats_match_plain_scan(nb in arb_board(1..=9)) {
        let board = to_board(&nb, NAIVE_X);
        let all = board.candidates(Candidates::All);
        for &p in &[NAIVE_X, NAIVE_O] {
            let pl = player(p);
            let want = nb.attack_moves(p, None, ATTACK_THREATS);
            prop_assert_eq!(xys(&board, &board.threats(pl, &all)), sorted(want.clone()), "threats of {}", p);
            let (own, opp) = (board.stones(pl), board.stones(pl.other()));
            for (x, y) in nb.empty_cells() {
                let threat = board.game().is_threat(pl, own, opp, cell(&board, (x, y)));
                prop_assert_eq!(threat, want.contains(&(x, y)), "is_threat {:?}", (x, y));
            }
            for c in CANDIDATES {
                let got = xys(&board, &board.attack_moves(pl, c, Attack::Threats));
                let cands = nb.candidates(near(c));
                let want: Vec<_> = want.iter().copied().filter(|m| cands.contains(m)).collect();
                prop_assert_eq!(got, sorted(want), "attack_moves {} {} threats", p, c);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `threats` on boards of any size up to 26x26: the filter over all
    /// candidates, compared with the naive test on a few of its cells and a
    /// few cells outside it.
    #[test]
    fn threats_on_large_boards_match_plain_scan(
        nb in prop_oneof![arb_board(10..=26), arb_board_wh(15..=15, 9..=16)],
        picks in prop::collection::vec(any::<prop::sample::Index>(), 3),
    ) {
        let board = to_board(&nb, NAIVE_X);
        let all = board.candidates(Candidates::All);
        for &p in &[NAIVE_X, NAIVE_O] {
            let pl = player(p);
            let threats = board.threats(pl, &all);
            let inside = xys(&board, &threats);
            let outside = xys(&board, &all.and_not(&threats));
            for pick in &picks {
                for set in [&inside, &outside] {
                    if set.is_empty() {
                        continue;
                    }
                    let (x, y) = set[pick.index(set.len())];
                    prop_assert_eq!(
                        nb.is_threat(p, x, y),
                        std::ptr::eq(set, &inside),
                        "threat of {} on {:?}", p, (x, y)
                    );
                }
            }
        }
    }
}

/// One step of a random play/undo sequence.
#[derive(Clone, Debug)]
enum Step {
    /// The side to move plays the `n`-th empty cell (mod their number).
    Play(prop::sample::Index),
    /// A stone of a given colour goes on the `n`-th empty cell.
    Place(prop::sample::Index, bool),
    /// The last play or place is taken back.
    Undo,
    /// The side to move is set.
    ToMove(bool),
}

fn arb_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => any::<prop::sample::Index>().prop_map(Step::Play),
        2 => (any::<prop::sample::Index>(), any::<bool>()).prop_map(|(i, x)| Step::Place(i, x)),
        3 => Just(Step::Undo),
        1 => any::<bool>().prop_map(Step::ToMove),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A random sequence of play, place, undo and side changes, from random
    /// stones: the board stays consistent, its key equals the key from
    /// scratch and the board built from scratch (stones, side to move,
    /// count, key), `wins_at` after each new stone matches the plain scan,
    /// and every undo restores the exact previous board.
    #[test]
    fn play_and_undo_keep_the_key(
        nb in arb_any_board(),
        steps in prop::collection::vec(arb_step(), 0..120),
    ) {
        let mut shadow = nb.clone();
        let mut to_move = NAIVE_X;
        let mut board = to_board(&shadow, to_move);
        prop_assert!(board.check_consistency().is_ok());
        // A search board takes every step too and must stay the same board
        // with line words that match it.
        let mut search = SearchBoard::from(board.clone());
        // (cell, colour, played with `play`, board before)
        let mut history: Vec<(Cell, Player, bool, Board)> = Vec::new();
        for step in steps {
            let before = board.clone();
            match step {
                Step::Play(i) | Step::Place(i, _) => {
                    let empties = shadow.empty_cells();
                    if empties.is_empty() {
                        continue;
                    }
                    let (x, y) = empties[i.index(empties.len())];
                    let c = cell(&board, (x, y));
                    let (pl, played) = match step {
                        Step::Place(_, x) => (if x { Player::X } else { Player::O }, false),
                        _ => (board.to_move(), true),
                    };
                    if played {
                        board.play(c);
                        search.play(c);
                        to_move = 3 - to_move;
                    } else {
                        board.place(c, pl);
                        search.place(c, pl);
                    }
                    shadow.set(x, y, if pl == Player::X { NAIVE_X } else { NAIVE_O });
                    prop_assert_eq!(board.wins_at(c), shadow.wins_at(x, y));
                    prop_assert_eq!(search.wins_at(c), shadow.wins_at(x, y));
                    prop_assert_eq!(board.stone_at(c), Some(pl));
                    history.push((c, pl, played, before));
                }
                Step::Undo => {
                    let Some((c, pl, played, prev)) = history.pop() else {
                        continue;
                    };
                    // Undo the side changes made since, as a search would.
                    if played {
                        board.set_to_move(pl.other());
                        board.undo(c);
                        search.set_to_move(pl.other());
                        search.undo(c);
                    } else {
                        board.set_to_move(prev.to_move());
                        board.remove(c, pl);
                        search.set_to_move(prev.to_move());
                        search.remove(c, pl);
                    }
                    to_move = if prev.to_move() == Player::X { NAIVE_X } else { NAIVE_O };
                    let (x, y) = xy(&board, c);
                    shadow.set(x, y, EMPTY);
                    prop_assert_eq!(&board, &prev, "undo restores the board");
                }
                Step::ToMove(x) => {
                    to_move = if x { NAIVE_X } else { NAIVE_O };
                    board.set_to_move(player(to_move));
                    search.set_to_move(player(to_move));
                }
            }
            prop_assert_eq!(board.check_consistency(), Ok(()));
            prop_assert_eq!(search.check_consistency(), Ok(()));
            prop_assert_eq!(search.board(), &board);
            prop_assert_eq!(board.key(), board.key_from_scratch());
            prop_assert_eq!(&board, &to_board(&shadow, to_move));
        }
    }
}

/// The search board's line words on every board shape, k up to the longer
/// side, both rules: its win test and made wins (stone absent and present)
/// equal the board's walks (checked against plain scans above) on seeded
/// random fills, a sparse one and one dense in `x` stones for long runs.
#[test]
fn search_board_matches_board_on_every_shape() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % 100
    };
    for w in 1..=26u32 {
        for h in 1..=26u32 {
            let long = w.max(h);
            let mut ks = vec![1, 2, 5.min(long), long - 1, long];
            ks.retain(|&k| (1..=long).contains(&k));
            ks.sort_unstable();
            ks.dedup();
            for k in ks {
                for rule in [Rule::Freestyle, Rule::Exact] {
                    for (x_share, o_share) in [(30, 30), (75, 5)] {
                        let game = Game::new(w, h, k, rule).unwrap();
                        let mut board = Board::new(game);
                        let g = *game.geometry();
                        for c in g.all_cells() {
                            match next() {
                                r if r < x_share => board.place(c, Player::X),
                                r if r < x_share + o_share => board.place(c, Player::O),
                                _ => {}
                            }
                        }
                        let mut search = SearchBoard::from(board.clone());
                        assert_eq!(search.check_consistency(), Ok(()));
                        let what = format!("{w}x{h} k={k} {rule:?}");
                        for c in g.all_cells() {
                            assert_eq!(search.wins_at(c), board.wins_at(c), "{what} {c:?}");
                            if board.stone_at(c).is_some() {
                                continue;
                            }
                            for p in [Player::X, Player::O] {
                                let want = board.made_wins(p, c);
                                assert_eq!(search.made_wins(p, c), want, "{what} {c:?} {p:?}");
                                assert_eq!(search.made_win_count(p, c), want.count());
                                search.place(c, p);
                                assert_eq!(search.made_wins(p, c), want, "{what} {c:?} {p:?}");
                                assert_eq!(search.made_win_count(p, c), want.count());
                                assert_eq!(
                                    search.wins_at(c),
                                    board.game().wins_through(p, search.stones(p), c),
                                    "{what} {c:?} {p:?}"
                                );
                                search.remove(c, p);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// On an empty board `near R` offers the centre cell alone, on every size
/// and for every R; `all` offers every cell.
#[test]
fn empty_board_candidates_are_the_centre() {
    for w in 1..=26 {
        for h in 1..=26 {
            for exact in [false, true] {
                let nb = NaiveBoard::new(w, h, 1, exact);
                let board = to_board(&nb, NAIVE_X);
                for c in CANDIDATES {
                    let got = xys(&board, &board.candidates(c));
                    let want = sorted(nb.candidates(near(c)));
                    assert_eq!(got, want, "{w}x{h} {c}");
                    if c != Candidates::All {
                        assert_eq!(got, vec![((w - 1) / 2, (h - 1) / 2)]);
                    }
                }
            }
        }
    }
}

/// Regression (found while optimising `winning_cells`, never committed): on
/// a board that fits one word, a run along a diagonal that ends on the top
/// row has no next cell inside the word, and a shortcut that read the
/// longest run from the shifted chain missed it, so the winning cell (4, 6)
/// after x plays it, and the four, went unseen.
#[test]
fn fours_see_runs_ending_on_the_top_row_of_a_one_word_board() {
    let mut nb = NaiveBoard::new(8, 7, 4, true);
    nb.cells = vec![
        1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0,
        1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0,
    ];
    let board = to_board(&nb, NAIVE_X);
    let all = board.candidates(Candidates::All);
    let want = sorted(nb.attack_moves(NAIVE_X, None, ATTACK_FOURS));
    assert!(want.contains(&(4, 6)));
    assert_eq!(xys(&board, &board.fours(Player::X, &all)), want);
    for p in [NAIVE_X, NAIVE_O] {
        let got = xys(&board, &board.winning_cells(player(p)));
        assert_eq!(got, sorted(nb.winning_cells(p)));
    }
}

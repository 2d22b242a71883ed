//! Renju in the provers: the threat space (`vct`), AND-OR, PNS and df-pn
//! (by the two games of passes, `kinrow_prover::rules::Passes`), `auto` and
//! the value searches (passes as moves) search it; x never plays a forbidden point, o wins where
//! x could block only on one, and every answer agrees with the naive game
//! with passes. The certificates of renju wins are checked by the
//! independent checker in the checker's tests.

use crate::common::sweep;
use kinrow_board::SearchBoard;
use kinrow_board::{Attack, Board, Candidates, Game, Player, Rule};
use kinrow_prover::certificate::write_certificate;
use kinrow_prover::space::{Space, ThreatLimit};
use kinrow_prover::vcf::Vcf;
use kinrow_prover::vcf::VcfLine;
use kinrow_prover::{
    AlphaBeta, AndOr, AndOrConfig, Auto, Dfpn, DfpnConfig, Limits, Minimax, Pns, PnsConfig,
    Problem, ProblemError, Prover, Reductions, Scout, ValueConfig, Verdict,
};
use kinrow_reference::renju::{is_forbidden, renju_attacker_wins, renju_wins_by_fours};
use kinrow_reference::{adapt, random_stones, NaiveBoard, Rng, EMPTY, O, X};

fn problem(rule: Rule) -> Problem {
    let mut board = Board::new(Game::new(15, 15, 5, rule).unwrap());
    let g = *board.game().geometry();
    for name in ["h8", "h9", "i8", "i9"] {
        board.play(g.parse_cell(name).unwrap());
    }
    Problem {
        board,
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(5),
    }
}

fn vct() -> Pns {
    kinrow_prover::Vct::prover(PnsConfig::default())
}

fn vct_dfpn() -> Dfpn {
    kinrow_prover::Vct::dfpn(DfpnConfig::default())
}

/// The prover that does not search renju: AND-OR with a reduction
/// switched off (the switches' plain rules are not argued for renju).
fn refusing_provers() -> Vec<Box<dyn Prover>> {
    vec![Box::new(AndOr::new(AndOrConfig {
        reductions: Reductions {
            zones: false,
            ..Reductions::ALL
        },
        ..AndOrConfig::default()
    }))]
}

#[test]
fn the_provers_that_do_not_search_renju_refuse_it() {
    for mut prover in refusing_provers() {
        let name = prover.name();
        assert!(
            matches!(
                prover.accepts(&problem(Rule::Renju)),
                Err(ProblemError::Rule {
                    rule: Rule::Renju,
                    ..
                })
            ),
            "{name}"
        );
        for rule in [Rule::Freestyle, Rule::Exact] {
            assert_eq!(prover.accepts(&problem(rule)), Ok(()), "{name}");
        }
        let refused = write_certificate(&problem(Rule::Renju), prover.as_mut(), &Limits::default());
        assert!(refused.is_err(), "{name}");
    }
    let renju = problem(Rule::Renju);
    for prover in [
        Box::new(Minimax::new(ValueConfig::default())) as Box<dyn Prover>,
        Box::new(AlphaBeta::new(ValueConfig::default())),
        Box::new(Scout::new(ValueConfig::default())),
    ] {
        assert_eq!(prover.accepts(&renju), Ok(()), "{}", prover.name());
    }
    assert_eq!(vct().accepts(&renju), Ok(()));
    assert_eq!(Auto::default().accepts(&renju), Ok(()));
    assert_eq!(Pns::new(PnsConfig::default()).accepts(&renju), Ok(()));
    assert_eq!(AndOr::new(AndOrConfig::default()).accepts(&renju), Ok(()));
    assert_eq!(Dfpn::new(DfpnConfig::default()).accepts(&renju), Ok(()));
    // Every winning move cannot be listed: a move not proved may still win
    // through the defender's passes.
    for space in [Space::Game, Space::Threats(ThreatLimit::NONE)] {
        let all = Pns::new(PnsConfig {
            space,
            all_moves: true,
            ..PnsConfig::default()
        });
        // The threat space refuses every winning move under any rule.
        let refusal = if space.restricts() {
            ProblemError::AllMovesThreatSpace
        } else {
            ProblemError::AllMovesRenju
        };
        assert_eq!(all.accepts(&renju), Err(refusal));
    }
    let all = AndOr::new(AndOrConfig {
        all_moves: true,
        ..AndOrConfig::default()
    });
    assert_eq!(all.accepts(&renju), Err(ProblemError::AllMovesRenju));
    assert_eq!(
        Auto::new(true).accepts(&renju),
        Err(ProblemError::AllMovesRenju)
    );
}

/// A 15x15 board under `rule` with x on `black`, o on `white`, `to_move`.
fn board(rule: Rule, black: &str, white: &str, to_move: Player) -> Board {
    let mut b = Board::new(Game::new(15, 15, 5, rule).unwrap());
    let g = *b.game().geometry();
    for (names, p) in [(black, Player::X), (white, Player::O)] {
        for n in names.split_whitespace() {
            b.place(g.parse_cell(n).unwrap(), p);
        }
    }
    b.set_to_move(to_move);
    b
}

fn solve(prover: &mut dyn Prover, board: &Board, depth: u32) -> (Verdict, Option<String>) {
    let problem = Problem {
        board: board.clone(),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: Some(depth),
    };
    assert_eq!(prover.accepts(&problem), Ok(()));
    let o = prover.prove(&problem, &Limits::default());
    let g = *board.game().geometry();
    (o.verdict, o.best_move.map(|c| g.name(c)))
}

#[test]
fn x_never_plays_a_forbidden_point() {
    // h8 makes two fours for x (e8-h8 with its five at i8, h5-h8 with
    // its five at h9): a win in 3 under freestyle, a double-four under
    // renju, where x has no other win in 3.
    let (black, white) = ("e8 f8 g8 h5 h6 h7", "d8 h4 a1 a15 o1 o15");
    // The threat space gives its own no-win under renju; the whole-game
    // searches the game's.
    let unknown = (Verdict::NoThreatWin, None);
    let no_win = (Verdict::NoWin, None);
    for (mut prover, want) in [
        (Box::new(vct()) as Box<dyn Prover>, unknown.clone()),
        (Box::new(vct_dfpn()), unknown),
        (Box::new(Auto::default()), no_win.clone()),
        (Box::new(Pns::new(PnsConfig::default())), no_win.clone()),
        (Box::new(Dfpn::new(DfpnConfig::default())), no_win.clone()),
        (Box::new(AndOr::new(AndOrConfig::default())), no_win),
    ] {
        let name = prover.name();
        let free = board(Rule::Freestyle, black, white, Player::X);
        assert_eq!(
            solve(prover.as_mut(), &free, 3),
            (Verdict::Win, Some("h8".into())),
            "{name}"
        );
        let renju = board(Rule::Renju, black, white, Player::X);
        assert!(renju.is_forbidden(renju.game().geometry().parse_cell("h8").unwrap()));
        assert_eq!(solve(prover.as_mut(), &renju, 3), want, "{name}");
        // With 5 plies the VCF searches run too (h8 is a two-ply VCF).
        let (verdict, first) = solve(prover.as_mut(), &renju, 5);
        assert_ne!(first.as_deref(), Some("h8"), "{name}");
        assert!(verdict != Verdict::Win || first.is_some(), "{name}");
    }
}

#[test]
fn o_wins_where_x_can_block_only_on_a_forbidden_point() {
    // o's h12 makes a four whose only five point is h8 (x holds h13 and
    // h7), and h8 is a double-three of x (f8 g8 h8 across, f6 g7 h8 up
    // the diagonal): x cannot block, so o wins in 3 under renju; under
    // freestyle x blocks, and o has no other win in 3.
    let (black, white) = ("f8 g8 f6 g7 h13 h7", "h9 h10 h11 a1 a15");
    let renju = board(Rule::Renju, black, white, Player::O);
    assert!(renju.is_forbidden(renju.game().geometry().parse_cell("h8").unwrap()));
    for mut prover in [
        Box::new(vct()) as Box<dyn Prover>,
        Box::new(vct_dfpn()),
        Box::new(Auto::default()),
        Box::new(Pns::new(PnsConfig::default())),
        Box::new(Dfpn::new(DfpnConfig::default())),
        Box::new(AndOr::new(AndOrConfig::default())),
    ] {
        let (verdict, first) = solve(prover.as_mut(), &renju, 3);
        assert_eq!(verdict, Verdict::Win);
        assert_eq!(first.as_deref(), Some("h12"));
    }
    let free = board(Rule::Freestyle, black, white, Player::O);
    let mut and_or = AndOr::new(AndOrConfig::default());
    assert_eq!(solve(&mut and_or, &free, 3).0, Verdict::NoWin);
}

/// One random renju position of the cross-check: a dense board of 6x6 to
/// 8x8 (renju needs only k = 5), the side to move attacking, a horizon of
/// 2 to 5 plies, candidates within one step or all cells.
fn random_renju_case(rng: &mut Rng) -> (NaiveBoard, u8, u32, Option<usize>) {
    let size = rng.range(6, 8);
    let stones = rng.range(size * size / 3, size * size * 3 / 5);
    let b = random_stones(rng, size, size, 5, false, stones);
    let to_move = if b.count(X) == b.count(O) { X } else { O };
    let depth = rng.range(2, 5) as u32;
    let near = if rng.chance(2, 3) { Some(1) } else { None };
    (b, to_move, depth, near)
}

/// A renju position where a cell `c` is likely an overline point of x
/// (x on three cells before it and two after, along one line) and o holds
/// three cells of a window of five through `c` along another line: o's
/// fourth stone there makes a four that x may block only on `c`. Random
/// stones fill a fifth of the rest, and may spoil either.
fn planted_forbidden_block(rng: &mut Rng) -> (NaiveBoard, Option<usize>) {
    let size = rng.range(8, 9);
    let mut b = NaiveBoard::new(size, size, 5, false);
    let dirs = [(1i64, 0i64), (0, 1), (1, 1), (1, -1)];
    let (cx, cy) = (rng.range(3, size - 4) as i64, rng.range(3, size - 4) as i64);
    let d1 = dirs[rng.range(0, 3)];
    let mut d2 = dirs[rng.range(0, 3)];
    while d2 == d1 {
        d2 = dirs[rng.range(0, 3)];
    }
    let put = |b: &mut NaiveBoard, t: i64, (dx, dy): (i64, i64), p: u8| {
        let (x, y) = (cx + t * dx, cy + t * dy);
        if b.get(x, y) == Some(EMPTY) {
            b.set(x as usize, y as usize, p);
        }
    };
    for t in [-3, -2, -1, 1, 2] {
        put(&mut b, t, d1, X);
    }
    let start = -(rng.range(0, 4) as i64);
    let hole = rng.range(0, 3);
    for (i, t) in (start..start + 5).filter(|&t| t != 0).enumerate() {
        if i != hole {
            put(&mut b, t, d2, O);
        }
    }
    for (x, y) in b.empty_cells() {
        if (x as i64, y as i64) != (cx, cy) && rng.chance(1, 5) {
            b.set(x, y, if rng.chance(1, 2) { X } else { O });
        }
    }
    (b, Some(1))
}

/// The VCF of `attacker`, to move at `b` under renju, within the deepest
/// horizon of 5 or 3 plies the naive tree affords (the attacker's fours
/// times the defender's replies, per two plies), checked against the naive
/// fours game of `kinrow_reference::renju`: a VCF exactly when that game
/// has one, and a line found a win of it within the line's plies. `None`
/// where the attacker can win at once (no VCF question); `case` names
/// the position in a failure.
fn vcf_against_the_naive_fours_game(
    b: &NaiveBoard,
    attacker: u8,
    near: Option<usize>,
    case: u32,
) -> Option<Option<VcfLine>> {
    let cands = b.candidates(near);
    if b.winning_cells(attacker).iter().any(|c| cands.contains(c)) {
        return None;
    }
    let fours = cands
        .iter()
        .filter(|&&(x, y)| b.is_four(attacker, x, y))
        .count();
    let mut depth = 5;
    while depth > 3 && ((fours.max(1) * (cands.len() + 1)) as f64).powi(depth / 2) > 1e3 {
        depth -= 2;
    }
    let mut board = SearchBoard::from(adapt::to_board_under(b, attacker, Rule::Renju));
    let line =
        Vcf::new(adapt::to_candidates(near), 1 << 10).search(&mut board, depth as u32, u64::MAX);
    let naive = |plies| renju_wins_by_fours(&mut b.clone(), attacker, attacker, plies, near);
    assert_eq!(
        line.is_some(),
        naive(depth as u32),
        "case {case}, depth {depth}, near {near:?}: {b:?} {line:?}"
    );
    if let Some(line) = &line {
        // The line's length is a win of the naive game of renju too.
        assert!(naive(line.plies()), "case {case}");
    }
    Some(line)
}

/// o's VCF under renju, its fours' blocks forbidden to x included, against
/// the naive recursion with o playing only fours and x free (passes too):
/// a VCF within `d` plies exactly when the naive game has one. Enough of
/// the lines found end on a forbidden block for the sweep to say something
/// about them.
#[test]
fn o_vcf_through_forbidden_blocks_agrees_with_the_naive_fours_game() {
    let mut rng = Rng(3131);
    let (mut found, mut forbidden_ends, mut checked) = (0, 0, 0);
    for case in 0..sweep(600) {
        let (b, near) = if case % 2 == 0 {
            let (b, _, _, near) = random_renju_case(&mut rng);
            (b, near)
        } else {
            planted_forbidden_block(&mut rng)
        };
        let Some(line) = vcf_against_the_naive_fours_game(&b, O, near, case) else {
            continue;
        };
        checked += 1;
        if let Some(line) = line {
            found += 1;
            forbidden_ends += usize::from(line.ends_on_a_forbidden_block());
        }
    }
    eprintln!(
        "{checked} positions, {found} VCFs of o, {forbidden_ends} ending on a forbidden block"
    );
    assert!(
        found >= sweep(40) as usize && forbidden_ends >= sweep(5) as usize,
        "{checked} {found} {forbidden_ends}"
    );
}

/// A four of x that also makes two open threes (h8: e8-h8 against o's d8,
/// h8-h10, h8-j10) is forbidden, and here it is x's only way into a VCF:
/// after it and o's block on i8, h11 or h7 makes an open four. Under
/// freestyle the VCF is found; under renju there is none.
#[test]
fn x_never_wins_a_vcf_through_its_four_three_three_point() {
    let vcf = |rule| {
        let game = Game::new(15, 15, 5, rule).unwrap();
        let g = *game.geometry();
        let mut board = SearchBoard::from(Board::new(game));
        let cell = |name| g.parse_cell(name).unwrap();
        for name in ["e8", "f8", "g8", "h9", "h10", "i9", "j10"] {
            board.place(cell(name), Player::X);
        }
        board.place(cell("d8"), Player::O);
        board.set_to_move(Player::X);
        assert_eq!(board.is_forbidden(cell("h8")), rule == Rule::Renju);
        Vcf::new(Candidates::All, 1 << 10).search(&mut board, 9, u64::MAX)
    };
    let free = vcf(Rule::Freestyle).expect("a VCF under freestyle");
    assert_eq!(free.plies(), 5, "{free:?}");
    assert_eq!(vcf(Rule::Renju), None);
}

/// x's VCF under renju, which never plays a forbidden point (its four-four
/// and four-three-three points among its fours), against the naive
/// recursion with x playing only fours, never on a forbidden point, and o
/// free (passes too): a VCF within `d` plies exactly when the naive game
/// has one, and a line found a win of it. Enough of the positions have a
/// four of x on a forbidden point for the sweep to say something about
/// them.
#[test]
fn x_vcf_around_its_forbidden_points_agrees_with_the_naive_fours_game() {
    let mut rng = Rng(4242);
    let (mut found, mut with_forbidden_fours, mut checked) = (0, 0, 0);
    for case in 0..sweep(900) {
        let (b, _, _, near) = random_renju_case(&mut rng);
        let Some(line) = vcf_against_the_naive_fours_game(&b, X, near, case) else {
            continue;
        };
        checked += 1;
        with_forbidden_fours += usize::from(
            b.candidates(near)
                .iter()
                .any(|&(x, y)| b.is_four(X, x, y) && is_forbidden(&mut b.clone(), x, y)),
        );
        found += usize::from(line.is_some());
    }
    eprintln!(
        "{checked} positions, {found} VCFs of x, {with_forbidden_fours} with a forbidden four"
    );
    assert!(
        found >= sweep(40) as usize && with_forbidden_fours >= sweep(20) as usize,
        "{checked} {found} {with_forbidden_fours}"
    );
}

/// Every prover that searches renju against the naive recursion of
/// `kinrow_reference::renju`, which plays every pass as a move and knows
/// the forbidden points in its own plain way: a win is a win of renju with
/// passes, a no-win a no-win of it. `unknown` is allowed only where the two
/// games of passes disagree (no budget is set here).
#[test]
fn the_renju_provers_agree_with_the_naive_game_with_passes() {
    let mut rng = Rng(1818);
    // (prover, searches the whole game, deepest horizon it is given)
    let mut provers: Vec<(Box<dyn Prover>, bool, u32)> = vec![
        (Box::new(Pns::new(PnsConfig::default())), true, 5),
        (Box::new(AndOr::new(AndOrConfig::default())), true, 5),
        (Box::new(Dfpn::new(DfpnConfig::default())), true, 5),
        (Box::new(AlphaBeta::new(ValueConfig::default())), true, 5),
        (Box::new(Scout::new(ValueConfig::default())), true, 5),
        // Plain minimax tries every move at every node: short horizons.
        (Box::new(Minimax::new(ValueConfig::default())), true, 3),
        (Box::new(vct()), false, 5),
        (Box::new(vct_dfpn()), false, 5),
    ];
    let mut counts = vec![[0u32; 4]; provers.len()];
    for case in 0..sweep(400) {
        let (b, to_move, depth, near) = random_renju_case(&mut rng);
        let want = renju_attacker_wins(&mut b.clone(), to_move, to_move, depth, near, false);
        let problem = Problem {
            board: adapt::to_board_under(&b, to_move, Rule::Renju),
            candidates: adapt::to_candidates(near),
            attack: Attack::Any,
            depth: Some(depth),
        };
        for (i, (prover, whole_game, deepest)) in provers.iter_mut().enumerate() {
            if depth > *deepest {
                continue;
            }
            let o = prover.prove(&problem, &Limits::default());
            let name = prover.name();
            let at = || format!("case {case}, {name}, depth {depth}, near {near:?}, {b:?}");
            match o.verdict {
                Verdict::Win => assert!(want, "a win the naive game refutes: {}", at()),
                Verdict::NoWin => assert!(!want, "a no-win the naive game refutes: {}", at()),
                Verdict::NoThreatWin => assert!(!*whole_game, "{}", at()),
                Verdict::Unknown => assert!(
                    !*whole_game || o.exhausted.is_none(),
                    "a budget ran out: {}",
                    at()
                ),
            }
            counts[i][o.verdict as usize] += 1;
        }
    }
    eprintln!("win, no-win, no-threat-win, unknown per prover: {counts:?}");
    // The value searches give the exact value: never unknown.
    assert_eq!(counts[3][3] + counts[4][3] + counts[5][3], 0, "{counts:?}");
    // Only the threat-space provers answer for the threat space.
    assert!(counts[..6].iter().all(|c| c[2] == 0), "{counts:?}");
    // The cases are not all of one kind, and the whole-game search
    // settles nearly all of them.
    let [wins, no_wins, _, unknown] = counts[0];
    assert!(wins >= sweep(40) && no_wins >= sweep(40), "{counts:?}");
    assert!(unknown <= sweep(20), "{counts:?}");
}

/// A position where the passes decide, found with the naive game: on 7x7
/// every empty cell but d4 is an overline point of x, and o threatens the
/// d column. o takes d4 and x is left without a legal move: without passes
/// x would lose at once, with them it passes and o needs five plies (d3,
/// whose five point d7 x cannot take, then d7). So o wins within 5 plies
/// and not within 4, and each prover that searches renju must never say
/// otherwise: the game for no-wins alone would call 2 to 4 plies a win,
/// and a game that let the stuck x escape would call 5 a no-win.
#[test]
fn a_stuck_x_passes() {
    let b = NaiveBoard::from_rows(
        &[
            "xxx.xxx", "ooxoxoo", "oxoooxx", "oxx.xxo", "xxx.xxx", "oooxxoo", "xxooxox",
        ],
        5,
        false,
    );
    let provers: Vec<Box<dyn Prover>> = vec![
        Box::new(Pns::new(PnsConfig::default())),
        Box::new(AndOr::new(AndOrConfig::default())),
        Box::new(Dfpn::new(DfpnConfig::default())),
        Box::new(vct()),
        Box::new(vct_dfpn()),
        Box::new(Auto::default()),
        Box::new(AlphaBeta::new(ValueConfig::default())),
        Box::new(Scout::new(ValueConfig::default())),
        Box::new(Minimax::new(ValueConfig::default())),
    ];
    for mut prover in provers {
        let value_search = matches!(prover.name(), "minimax" | "alpha-beta" | "scout");
        for depth in 2..=6 {
            let want = renju_attacker_wins(&mut b.clone(), O, O, depth, None, false);
            assert_eq!(want, depth >= 5);
            let problem = Problem {
                board: adapt::to_board_under(&b, O, Rule::Renju),
                candidates: Candidates::All,
                attack: Attack::Any,
                depth: Some(depth),
            };
            let o = prover.prove(&problem, &Limits::default());
            let wrong = if want { Verdict::NoWin } else { Verdict::Win };
            assert_ne!(o.verdict, wrong, "{} at depth {depth}", prover.name());
            // The value searches play the passes: they settle it.
            if value_search {
                assert_eq!(
                    o.value,
                    Some(i8::from(want)),
                    "{} at {depth}",
                    prover.name()
                );
            }
        }
    }
}

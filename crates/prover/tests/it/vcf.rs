//! The VCF search against the naive fours-only recursion, and its lines
//! and zones replayed by hand.

use crate::common;
use kinrow_board::{Candidates, Cell, SearchBoard};
use kinrow_prover::vcf::{zone, Vcf};
use kinrow_reference::{
    adapt, attacker_wins, other, random_stones, NaiveBoard, Rng, ATTACK_FOURS, EMPTY,
};

/// A random position with many fours about: small boards, k 3 to 5, both
/// rules, dense fills; `None` when the side to move can win at once (that is
/// no VCF question).
fn random_position(seed: u64) -> Option<(NaiveBoard, u8, Option<usize>, u32)> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9) ^ 0x5EED);
    let (w, h) = (rng.range(5, 9), rng.range(5, 9));
    let k = rng.range(3, 5).min(w.max(h));
    let exact = rng.chance(1, 2);
    let fill = rng.range(4, (w * h) / 2);
    let board = random_stones(&mut rng, w, h, k, exact, fill);
    let to_move = if rng.chance(1, 2) { 1 } else { 2 };
    let near = match rng.range(0, 2) {
        0 => Some(1),
        1 => Some(2),
        _ => None,
    };
    let mut depth = [3, 5, 7, 9][rng.range(0, 3)];
    let cands = board.candidates(near);
    // Keep the naive tree affordable: the defender tries every candidate.
    let fours = cands
        .iter()
        .filter(|&&(x, y)| board.is_four(to_move, x, y))
        .count()
        .max(1) as f64;
    while depth > 3 && (fours * cands.len() as f64).powi((depth as i32 - 1) / 2) > 5e3 {
        depth -= 2;
    }
    let immediate = board
        .winning_cells(to_move)
        .iter()
        .any(|c| cands.contains(c));
    (!immediate).then_some((board, to_move, near, depth))
}

fn candidates(near: Option<usize>) -> Candidates {
    near.map_or(Candidates::All, |r| Candidates::Near(r as u8))
}

/// The naive recursion, with the attacker restricted to fours and the
/// defender free among its candidates, answers the same as the VCF search
/// at every horizon; each line found is a shortest one and plays out.
#[test]
fn vcf_matches_the_naive_fours_only_recursion() {
    let mut checked = 0;
    let mut found = 0;
    for seed in 0..u64::from(common::sweep(1200)) {
        let Some((naive, to_move, near, depth)) = random_position(seed) else {
            continue;
        };
        let mut board = SearchBoard::from(adapt::to_board(&naive, to_move));
        let mut vcf = Vcf::new(candidates(near), 1 << 10);
        let line = vcf.search(&mut board, depth, u64::MAX);
        let mut b = naive.clone();
        let want = attacker_wins(&mut b, to_move, depth, near, ATTACK_FOURS);
        assert_eq!(
            line.is_some(),
            want,
            "seed {seed}: {naive:?} to move {to_move} near {near:?} depth {depth}"
        );
        checked += 1;
        if let Some(line) = line {
            found += 1;
            // Shortest: no VCF two plies shorter.
            let mut b = naive.clone();
            let shorter = line.plies() >= 5
                && attacker_wins(&mut b, to_move, line.plies() - 2, near, ATTACK_FOURS);
            assert!(!shorter, "seed {seed}: a shorter VCF was missed");
            replay(&naive, to_move, near, &board, &line.moves, &line.wins);
        }
    }
    assert!(
        checked > common::sweep(500),
        "only {checked} positions checked"
    );
    eprintln!("{checked} positions, {found} VCFs");
    assert!(
        found > common::sweep(50),
        "only {found} VCFs found: the test says little"
    );
}

/// Plays `moves` on the naive board, checking each attacker move is a
/// four among the candidates and each defender move the only block, and
/// that the attacker ends with two winning cells, those of `wins`.
fn replay(
    naive: &NaiveBoard,
    attacker: u8,
    near: Option<usize>,
    board: &SearchBoard,
    moves: &[Cell],
    wins: &kinrow_board::Bitboard,
) {
    let mut b = naive.clone();
    for (i, &m) in moves.iter().enumerate() {
        let (x, y) = adapt::xy(board.board(), m);
        assert_eq!(b.get(x as i64, y as i64), Some(EMPTY));
        assert!(b.candidates(near).contains(&(x, y)));
        if i % 2 == 0 {
            assert!(b.is_four(attacker, x, y), "move {i} is no four");
            b.set(x, y, attacker);
            if i + 1 < moves.len() {
                let block = adapt::xy(board.board(), moves[i + 1]);
                assert_eq!(
                    b.winning_cells(attacker),
                    vec![block],
                    "move {i}: the block is not forced"
                );
            }
        } else {
            b.set(x, y, other(attacker));
            assert!(!b.wins_at(x, y));
        }
    }
    let mut got: Vec<_> = b.winning_cells(attacker);
    got.sort_unstable();
    let mut want: Vec<_> = wins
        .iter()
        .map(|i| adapt::xy(board.board(), Cell::from_index(i)))
        .collect();
    want.sort_unstable();
    assert_eq!(got, want);
    assert!(got.len() >= 2);
    assert!(b.winning_cells(other(attacker)).is_empty());
}

/// The zone holds every cell of the line and the winning cells, and only
/// empty cells.
#[test]
fn zone_holds_the_line() {
    for seed in 0..600 {
        let Some((naive, to_move, near, depth)) = random_position(seed) else {
            continue;
        };
        let mut board = SearchBoard::from(adapt::to_board(&naive, to_move));
        let mut vcf = Vcf::new(candidates(near), 1 << 10);
        if let Some(line) = vcf.search(&mut board, depth, u64::MAX) {
            let z = zone(&board, board.to_move(), &line);
            for m in &line.moves {
                assert!(z.contains(m.index()));
            }
            assert_eq!(z & line.wins, line.wins);
            assert!(z.and_not(&board.empty()).is_empty());
        }
    }
}

/// The zone's claim, checked reply by reply: at the defender's turn, with
/// a VCF of the attacker after a pass, every reply outside the zone that
/// is not a four of the defender leaves the attacker a VCF as long. And
/// the windows around the defender's blocks are needed: without them some
/// reply would escape (so a zone without them is caught here).
#[test]
fn replies_outside_the_zone_lose_and_the_block_windows_are_needed() {
    let mut zones = 0;
    let mut escapes_from_smaller = 0;
    for seed in 0..12000 {
        let Some((naive, defender, near, _)) = random_position(seed) else {
            continue;
        };
        let cands = candidates(near);
        let board = SearchBoard::from(adapt::to_board(&naive, defender));
        let me = board.to_move();
        let cells = board.candidates(cands);
        if board.winning_cells(me.other()).intersects(&cells) {
            continue;
        }
        let mut pass = board.clone();
        pass.set_to_move(me.other());
        let mut vcf = Vcf::new(cands, 1 << 12);
        let Some(line) = vcf.search(&mut pass, 9, u64::MAX) else {
            continue;
        };
        zones += 1;
        let z = zone(&board, me.other(), &line);
        let mut smaller = line.wins;
        for m in &line.moves {
            smaller.insert(m.index());
        }
        let fours = board.fours(me, &cells);
        for s in cells.and_not(&fours).iter() {
            let mut after = board.clone();
            after.play(Cell::from_index(s));
            let mut vcf = Vcf::new(cands, 1 << 12);
            let wins = vcf.search(&mut after, line.plies(), u64::MAX).is_some();
            if !z.contains(s) {
                assert!(wins, "seed {seed}: reply {s} outside the zone escapes");
            } else if !smaller.contains(s) && !wins {
                escapes_from_smaller += 1;
            }
        }
    }
    eprintln!(
        "{zones} zones, {escapes_from_smaller} replies escape a zone without the block windows"
    );
    assert!(zones > 1500, "only {zones} zones checked");
    assert!(
        escapes_from_smaller > 0,
        "no case shows the block windows are needed"
    );
}

/// AND-OR with reduction 6 and the VCF shortcut against AND-OR without
/// them, on dense positions where VCFs of five plies and more abound:
/// equal verdicts and win lengths (positions either side leaves
/// unsettled within the node budget are skipped, and counted).
#[test]
fn zones_change_no_verdict_on_dense_positions() {
    use kinrow_prover::{AndOr, AndOrConfig, Limits, Problem, Prover, Verdict};
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    let without = crate::common::and_or_without_zones();
    let (mut compared, mut wins) = (0, 0);
    for seed in 0..2000 {
        let Some((naive, to_move, near, depth)) = random_position(seed) else {
            continue;
        };
        let problem = Problem {
            board: adapt::to_board(&naive, to_move),
            candidates: candidates(near),
            attack: kinrow_board::Attack::Any,
            depth: Some(depth),
        };
        let a = AndOr::new(AndOrConfig::default()).prove(&problem, &limits);
        let b = AndOr::new(without).prove(&problem, &limits);
        if a.verdict == Verdict::Unknown || b.verdict == Verdict::Unknown {
            continue;
        }
        compared += 1;
        wins += usize::from(a.verdict == Verdict::Win);
        assert_eq!(
            (a.verdict, a.plies),
            (b.verdict, b.plies),
            "seed {seed}: {naive:?} to move {to_move} near {near:?} depth {depth}"
        );
    }
    eprintln!("{compared} positions compared, {wins} wins");
    assert!(compared > 1000, "only {compared} positions compared");
}

/// A position built so that the zone decides the verdict: the defender to
/// move, with a VCF of the attacker after a pass that has blocks, reached
/// from the root by the attacker's one legal move (blocking a four of the
/// defender in a strip at the bottom, `k` rows away from the rest). The
/// problem, attacker to move, 9 plies: `None` when the drawn top half has
/// no such VCF.
fn forced_into_a_threat(seed: u64) -> Option<kinrow_prover::Problem> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A) ^ 0x20_4E);
    let (w, h) = (rng.range(6, 8), rng.range(5, 7));
    let k = rng.range(4, 5);
    let exact = rng.chance(1, 2);
    let fill = rng.range(w * h / 4, w * h / 2);
    let top = random_stones(&mut rng, w, h, k, exact, fill);
    let attacker = if rng.chance(1, 2) { 1 } else { 2 };
    let defender = other(attacker);
    let mut naive = NaiveBoard::new(w, h + k, k, exact);
    for y in 0..h {
        for x in 0..w {
            naive.set(x, y + k, top.cells[y * w + x]);
        }
    }
    // The strip: an attacker stone, k - 1 defender stones, the cell m.
    naive.set(0, 0, attacker);
    for x in 1..k {
        naive.set(x, 0, defender);
    }
    let cands = if rng.chance(1, 2) {
        Candidates::All
    } else {
        Candidates::Near(2)
    };
    let board = adapt::to_board(&naive, attacker);
    let search = SearchBoard::from(board.clone());
    let me = search.to_move();
    let all = search.candidates(cands);
    if !search.winning_cells(me).and_not(&all).is_empty()
        || search.winning_cells(me).intersects(&all)
        || search.winning_cells(me.other()).count() != 1
    {
        return None;
    }
    // After the block, a pass: the attacker's VCF must have blocks.
    let mut after = search.clone();
    after.play(Cell::from_index(search.winning_cells(me.other()).first()?));
    if after.winning_cells(me.other()).intersects(&all) {
        return None;
    }
    after.set_to_move(me);
    let line = Vcf::new(cands, 1 << 12).search(&mut after, 7, u64::MAX)?;
    (line.moves.len() >= 3).then_some(kinrow_prover::Problem {
        board,
        candidates: cands,
        attack: kinrow_board::Attack::Any,
        depth: Some(9),
    })
}

/// The zone decides verdicts here, so a zone that is too small is caught
/// by comparing verdicts: AND-OR and vct (each with reduction 6) against
/// AND-OR without it, on positions built by [`forced_into_a_threat`].
#[test]
fn zones_change_no_verdict_where_the_zone_decides() {
    use kinrow_prover::{AndOr, AndOrConfig, Limits, PnsConfig, Prover, Verdict};
    let limits = Limits {
        max_nodes: Some(100_000),
        ..Limits::default()
    };
    // Reduction 7 (the static no-win tests) is off in both AND-OR runs:
    // it is not what this test is about, and on these small boards it
    // costs more than the rest of the search.
    let without = AndOrConfig {
        reductions: kinrow_prover::Reductions {
            static_no_win: false,
            ..crate::common::and_or_without_zones().reductions
        },
        ..crate::common::and_or_without_zones()
    };
    let with_zones = AndOrConfig {
        reductions: kinrow_prover::Reductions {
            static_no_win: false,
            ..kinrow_prover::Reductions::ALL
        },
        ..AndOrConfig::default()
    };
    let (mut compared, mut no_wins) = (0, 0);
    for seed in 0..20_000 {
        let Some(problem) = forced_into_a_threat(seed) else {
            continue;
        };
        let truth = AndOr::new(without).prove(&problem, &limits);
        if truth.verdict == Verdict::Unknown {
            continue;
        }
        compared += 1;
        no_wins += usize::from(truth.verdict == Verdict::NoWin);
        let a = AndOr::new(with_zones).prove(&problem, &limits);
        if a.verdict != Verdict::Unknown {
            assert_eq!(a.verdict, truth.verdict, "seed {seed}: AND-OR with zones");
        }
        let v = kinrow_prover::Vct::prover(PnsConfig::default()).prove(&problem, &limits);
        if v.verdict == Verdict::Win {
            assert_eq!(truth.verdict, Verdict::Win, "seed {seed}: vct");
        }
    }
    eprintln!("{compared} positions compared, {no_wins} no-wins");
    assert!(compared > 300, "only {compared} positions compared");
}

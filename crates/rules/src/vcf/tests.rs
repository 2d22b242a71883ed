//! The VCF searcher: its tables handed from one searcher to the next, and
//! its node caps.

use super::*;
use kinrow_board::{Board, Game, Rule};

/// A board where x has a VCF (an open three, a four away from five).
fn with_a_vcf() -> SearchBoard {
    let game = Game::new(15, 15, 5, Rule::Freestyle).unwrap();
    let mut b = Board::new(game);
    let g = *game.geometry();
    for (x, o) in [((5, 7), (0, 0)), ((6, 7), (0, 1)), ((7, 7), (0, 2))] {
        b.play(g.cell(x.0, x.1).unwrap());
        b.play(g.cell(o.0, o.1).unwrap());
    }
    b.into()
}

/// A searcher dropped leaves its table to the next one of as many slots
/// on the thread, whose searches must find none of the old entries: it
/// is a new searcher in all but the writing of its table.
#[test]
fn a_new_searcher_reads_nothing_of_the_table_it_is_handed() {
    let mut board = with_a_vcf();
    let slots = 1 << 10;
    let mut old = Vcf::new(Candidates::All, slots);
    assert!(old.search(&mut board, 15, u64::MAX).is_some());
    assert!(old.live_entries() > 0);
    drop(old);
    let mut new = Vcf::new(Candidates::All, slots);
    assert_eq!(
        new.live_entries(),
        0,
        "entries of the dropped searcher read as stored"
    );
    // And it searches as a fresh one does.
    let mut fresh = Vcf::new(Candidates::All, 2 * slots);
    let line = new.search(&mut board, 15, u64::MAX).map(|l| l.plies());
    assert_eq!(
        line,
        fresh.search(&mut board, 15, u64::MAX).map(|l| l.plies())
    );
}

/// [`VcfSearcher::cap_calls`]'s nodes are for all the searches until the
/// next call, not for each: a caller's node budget then holds however
/// many searches one of its nodes asks for. Fails with a cap per search
/// only (five searches of a node or more each, under a cap of two).
#[test]
fn capped_searches_share_the_nodes_they_were_given() {
    let game = Game::new(15, 15, 5, Rule::Freestyle).unwrap();
    let g = *game.geometry();
    // x's open three on row `y`, o far away: a VCF for x each.
    let board_at = |y: u32| -> SearchBoard {
        let mut b = Board::new(game);
        for (i, x) in [5, 6, 7].into_iter().enumerate() {
            b.play(g.cell(x, y).unwrap());
            b.play(g.cell(i as u32, 14 - y).unwrap());
        }
        b.into()
    };
    let mut alone = VcfSearcher::new(Candidates::All, 1 << 10);
    for y in 3..8 {
        let before = alone.nodes();
        assert!(alone.vcf(&board_at(y), 15).is_some());
        assert!(alone.nodes() > before, "a search that spends nothing");
    }
    let mut capped = VcfSearcher::new(Candidates::All, 1 << 10);
    capped.cap_calls(2);
    for y in 3..8 {
        let _ = capped.vcf(&board_at(y), 15);
    }
    assert_eq!(capped.nodes(), 2, "the searches passed the cap together");
    // The next cap gives them as many again.
    capped.cap_calls(2);
    let _ = capped.vcf(&board_at(9), 15);
    assert!(capped.nodes() > 2 && capped.nodes() <= 4);
}

//! The VCF searcher's tables handed from one searcher to the next.

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

//! The test that the node evaluation each prover declares
//! ([`Extras`]: PNS's, AND-OR's, df-pn's) is the full one's, or settles no
//! node differently and cuts no move the full one keeps. It lives above
//! the searches, which declare their extras, and the rules, which define
//! them, so that neither reaches the other's side.

use crate::kit::depth::UNLIMITED;
use crate::rules::last_plies::LastPlies;
use crate::rules::ruling::{ruling, Extras, Ruling};
use crate::rules::NodeRules;
use crate::space::Space;
use crate::vcf::{VcfSearcher, DEFAULT_VCF_SLOTS};
use kinrow_board::{Attack, Candidates, Game, Rule};
use kinrow_reference::plays::{numbers, random_board};

/// The extras each prover declares, by name.
fn declared() -> Vec<(&'static str, Extras)> {
    vec![
        ("pns", crate::pns::PNS_EXTRAS),
        ("and-or", crate::andor::ANDOR_EXTRAS),
        ("dfpn", crate::dfpn::extras(false, Space::Game)),
        (
            "dfpn (renju, for wins)",
            crate::dfpn::extras(true, Space::Game),
        ),
    ]
}

#[test]
fn declared_extras_agree_with_the_full_ones() {
    let mut next = numbers(27);
    let mut both_settled = 0;
    for round in 0..600 {
        let (side, k) = [(7, 4), (7, 5), (9, 5), (6, 4)][round % 4];
        let rule = [Rule::Freestyle, Rule::Exact][round / 4 % 2];
        let game = Game::new(side, side, k, rule).unwrap();
        let board = random_board(game, 4 + next() % 14, &mut next);
        let candidates = [Candidates::All, Candidates::Near(1)][round / 8 % 2];
        let rules = NodeRules::new(candidates, Attack::Any);
        let last_plies = LastPlies::new(board.game(), &rules);
        let depth = [3, 5, 7, 9, UNLIMITED][next() as usize % 5];
        let and = next().is_multiple_of(2);
        let mut threats = VcfSearcher::new(candidates, DEFAULT_VCF_SLOTS);
        let full = ruling(
            &rules,
            &last_plies,
            Extras::FULL,
            &board,
            and,
            (depth, None),
            false,
            Some(&mut threats),
        );
        for (name, extras) in declared() {
            let mine = ruling(
                &rules,
                &last_plies,
                extras,
                &board,
                and,
                (depth, None),
                false,
                Some(&mut threats),
            );
            if let (Ruling::Settled(a), Ruling::Settled(b)) = (full, mine) {
                both_settled += 1;
                assert_eq!(
                    a.is_proved(),
                    b.is_proved(),
                    "{name} and the full evaluation disagree at {:?} (and: {and}, depth {depth})",
                    board.board()
                );
            }
            // Where the full evaluation leaves moves, a prover with
            // fewer extras leaves some too or settles the node the
            // same way; never fewer moves than the full one keeps.
            if let (Ruling::Open(all), Ruling::Open(some)) = (full, mine) {
                assert!(
                    all.and_not(&some).is_empty(),
                    "{name} cut a move the full evaluation keeps"
                );
            }
        }
    }
    assert!(both_settled > 100, "too few nodes settled: {both_settled}");
}

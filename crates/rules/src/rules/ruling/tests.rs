//! Tests of [`super`]: the node evaluation against the orders and rules it
//! stands for.

use super::*;
use crate::kit::depth::UNLIMITED;
use kinrow_board::{Attack, Candidates, Game, Rule};
use kinrow_reference::plays::{numbers, random_board};

/// df-pn's revisits ask the rules without reduction 7
/// ([`NodeRules::without_static_tests`]): where the full rules leave a
/// node open, they leave exactly the same moves; where the full rules
/// settle it, they settle it the same way or leave it open, and leave
/// it open only where the static tests answered.
#[test]
fn rules_without_static_tests_leave_the_same_moves() {
    let mut next = numbers(91);
    let (mut open, mut by_tests) = (0, 0);
    for round in 0..800 {
        let (w, h, k) = [(5, 5, 4), (7, 4, 4), (6, 6, 5), (9, 4, 4)][round % 4];
        let game = Game::new(w, h, k, Rule::Freestyle).unwrap();
        let board = random_board(game, 2 + next() % 10, &mut next);
        let rules = NodeRules::new(Candidates::All, Attack::Any);
        let untested = rules.without_static_tests();
        let last_plies = LastPlies::new(board.game(), &rules);
        let and = next().is_multiple_of(2);
        let depth = [5, 9, UNLIMITED][next() as usize % 3];
        let ask = |rules: &NodeRules| {
            let extras = Extras::FULL;
            ruling(
                rules,
                &last_plies,
                extras,
                &board,
                and,
                (depth, None),
                false,
                None,
            )
        };
        let what = format!("{:?} (and: {and}, depth {depth})", board.board());
        match (ask(&rules), ask(&untested)) {
            (Ruling::Open(a), Ruling::Open(b)) => {
                assert_eq!(a, b, "{what}");
                open += 1;
            }
            (Ruling::Settled(a), Ruling::Settled(b)) => assert_eq!(a, b, "{what}"),
            (Ruling::Settled(a), Ruling::Open(_)) => {
                let attacker = if and {
                    board.to_move().other()
                } else {
                    board.to_move()
                };
                assert!(a.dn.is_zero(), "{what}");
                assert!(rules.static_no_win(&board, attacker), "{what}");
                by_tests += 1;
            }
            (Ruling::Open(_), Ruling::Settled(_)) => {
                panic!("{what}: settled without the tests")
            }
        }
    }
    assert!(
        open > 200 && by_tests > 50,
        "{open} open, {by_tests} by the tests"
    );
}

/// The threat space tests x's forbidden points only on the moves it
/// keeps ([`Space::tests_legality`]): its attacker's node is the one
/// the rules give when every move is tested first (moves, width taken
/// and whether moves were left out), on renju positions where x, to
/// move, has forbidden points.
#[test]
fn threat_space_tests_forbidden_points_on_the_moves_it_keeps() {
    let mut next = numbers(17);
    let (rules, extras) = threat_space_rules();
    let (mut forbidden, mut tried) = (0, 0);
    for round in 0..600 {
        let game = Game::new(15, 15, 5, Rule::Renju).unwrap();
        let board = random_board(game, 2 * (20 + next() % 30), &mut next);
        let me = board.to_move();
        let all = board.empty();
        if board.legal(me, &all) == all {
            continue;
        }
        forbidden += 1;
        let last_plies = LastPlies::new(board.game(), &rules);
        assert!(extras.space.tests_legality(&last_plies));
        for (depth, width) in [(5, Width::Threes), (9, Width::Twos), (11, Width::Wide)] {
            let width = if round % 2 == 0 { Width::Threes } else { width };
            let at = (depth, None);
            let got = attacker_node_cut(&rules, &last_plies, extras, &board, at, width, false);
            // Every move tested first, then the same cuts.
            let want = match rules.attacker_node_tested(&board, depth, None, false) {
                OrNode::Moves(all) => {
                    let m = last_plies
                        .five_ply_moves(&board, depth, &all)
                        .unwrap_or(all);
                    let (moves, taken) =
                        extras
                            .space
                            .attacker_moves(&last_plies, &board, m, (depth, None), width);
                    (OrNode::Moves(moves), taken, moves != all)
                }
                other => (other, width, false),
            };
            assert_eq!(got, want, "depth {depth}, {width:?} at {board:?}");
            tried += 1;
        }
    }
    assert!(
        forbidden > 100,
        "{forbidden} positions with forbidden points"
    );
    eprintln!("{tried} attacker's nodes on {forbidden} positions");
}
/// The node rules of a whole game of any empty cell, and the extras of
/// the threat space without a threat limit.
fn threat_space_rules() -> (NodeRules, Extras) {
    let extras = Extras {
        space: Space::Threats(crate::space::ThreatLimit::NONE),
        ..Extras::FULL
    };
    (NodeRules::new(Candidates::All, Attack::Any), extras)
}

/// Random positions of the threat space, with the attacker to move
/// and a VCF searcher: renju and freestyle on 15x15 (many with fours,
/// so that VCFs are common), and small freestyle boards (where the
/// static tests run).
fn threat_space_positions(seed: u64, rounds: usize) -> Vec<(SearchBoard, u32)> {
    let mut next = numbers(seed);
    (0..rounds)
        .map(|round| {
            let (w, h, k, rule, stones) = match round % 4 {
                0 => (15, 15, 5, Rule::Renju, 20 + next() % 40),
                1 => (15, 15, 5, Rule::Freestyle, 20 + next() % 40),
                2 => (7, 7, 5, Rule::Freestyle, 4 + next() % 12),
                _ => (9, 4, 4, Rule::Freestyle, 2 + next() % 8),
            };
            let game = Game::new(w, h, k, rule).unwrap();
            let board = random_board(game, 2 * (stones / 2), &mut next);
            let depth = [5, 7, 9, 13, UNLIMITED][next() as usize % 5];
            (board, depth)
        })
        .collect()
}

/// In the threat space `evaluate` asks the VCF shortcut before it
/// lists the attacker's threats; the answer is the one of the order
/// before (the rules and the threats first, then the VCF and the
/// counter cut), each with a fresh VCF searcher.
#[test]
fn threat_space_asks_the_vcf_first_with_the_same_answer() {
    use crate::vcf::VcfSearcher;
    let (rules, extras) = threat_space_rules();
    let (mut won, mut open) = (0, 0);
    for (board, depth) in threat_space_positions(23, 1200) {
        let last_plies = LastPlies::new(board.game(), &rules);
        let searcher = || VcfSearcher::new(Candidates::All, 1 << 12);
        let (mut a, mut b) = (searcher(), searcher());
        let got = evaluate(
            &rules,
            &last_plies,
            extras,
            &board,
            false,
            (depth, None),
            false,
            Some(&mut a),
        );
        let want = if extras.completion && hopeless(&board, false, depth) {
            got
        } else {
            let at = (depth, None);
            let (node, _, cut) = attacker_node_cut(
                &rules,
                &last_plies,
                extras,
                &board,
                at,
                Width::Threes,
                false,
            );
            evaluate_attacker(&last_plies, extras, &board, at, (node, cut), Some(&mut b))
        };
        assert_eq!(got, want, "depth {depth} at {board:?}");
        match got {
            Evaluation::Won { .. } => won += 1,
            Evaluation::Open { .. } => open += 1,
            Evaluation::NoWin { .. } => {}
        }
    }
    assert!(won > 100 && open > 100, "{won} won, {open} open");
}

/// df-pn visits an attacker's node of the threat space that the rules
/// left open without asking them again (`DfpnSearch::node_moves`):
/// asked again without the static tests, as a visit asks, such a node
/// still lists threats (never none, never a settled node).
#[test]
fn an_open_attacker_node_of_the_threat_space_lists_threats_again() {
    use crate::vcf::VcfSearcher;
    let (rules, extras) = threat_space_rules();
    let mut open = 0;
    for (board, depth) in threat_space_positions(29, 1200) {
        let last_plies = LastPlies::new(board.game(), &rules);
        let mut vcf = VcfSearcher::new(Candidates::All, 1 << 12);
        let first = ruling(
            &rules,
            &last_plies,
            extras,
            &board,
            false,
            (depth, None),
            false,
            Some(&mut vcf),
        );
        let Ruling::Open(moves) = first else {
            continue;
        };
        open += 1;
        let untested = rules.without_static_tests();
        let again = attacker_node(
            &untested,
            &last_plies,
            extras,
            &board,
            (depth, None),
            Width::Threes,
            true,
            &mut vcf,
        );
        match again {
            (OrNode::Moves(m), _) => {
                assert!(!m.is_empty(), "depth {depth} at {board:?}");
                assert!(
                    m.and_not(&moves).is_empty() || depth >= 7,
                    "depth {depth} at {board:?}"
                );
            }
            other => panic!("{other:?} at depth {depth}, {board:?}"),
        }
    }
    assert!(open > 200, "{open} open");
}

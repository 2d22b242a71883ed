//! The transposition DAG: every position is stored once however many move
//! orders reach it, mirror images share one node, and a mirrored problem
//! grows the same tree and reports the mirrored moves.

use crate::common::{board, map, whole_game};
use kinrow_board::{Board, Player};
use kinrow_prover::{Limits, Pns, PnsConfig, Prover, Verdict};
use kinrow_reference::{adapt, random_case, winning_first_moves, Case, NaiveBoard};
use std::collections::HashMap;

/// The stones of a board as sorted `(x, y, player)` lists, under each of
/// the board's symmetries (8 on a square, 4 otherwise), computed plainly
/// from coordinates.
fn images(b: &Board) -> Vec<Vec<(u32, u32, u8)>> {
    let g = *b.game().geometry();
    let (w, h) = (g.width(), g.height());
    let count = if w == h { 8 } else { 4 };
    (0..count)
        .map(|s| {
            let mut v: Vec<(u32, u32, u8)> = g
                .all_cells()
                .filter_map(|c| {
                    let p = b.stone_at(c)?;
                    let (x, y) = g.xy(c);
                    let (mut a, mut bb) = if s & 4 != 0 { (y, x) } else { (x, y) };
                    if s & 1 != 0 {
                        a = w - 1 - a;
                    }
                    if s & 2 != 0 {
                        bb = h - 1 - bb;
                    }
                    Some((a, bb, p.index() as u8))
                })
                .collect();
            v.sort_unstable();
            v
        })
        .collect()
}

/// Checks that no position (up to symmetry when `symmetry`) has two
/// nodes, and returns the largest number of parents of a node.
fn check_unique(pns: &Pns, symmetry: bool) -> usize {
    let nodes = pns.nodes();
    assert!(nodes.len() > 100, "a real search: {} nodes", nodes.len());
    let mut seen: HashMap<Vec<(u32, u32, u8)>, usize> = HashMap::new();
    for (i, n) in nodes.iter().enumerate() {
        let key = if symmetry {
            images(&n.board).into_iter().min().unwrap()
        } else {
            images(&n.board).swap_remove(0)
        };
        if let Some(j) = seen.insert(key, i) {
            panic!("two nodes for one position: {:?} and {:?}", nodes[j], n);
        }
    }
    nodes.iter().map(|n| n.parents).max().unwrap()
}

#[test]
fn a_position_reached_by_many_move_orders_has_one_node() {
    for symmetry in [false, true] {
        // Every reply created at once: lazy expansion creates few enough
        // that no node of this draw is reached from three parents.
        let mut pns = Pns::new(PnsConfig {
            symmetry,
            lazy_batch: 0,
            ..PnsConfig::default()
        });
        // 6x4, k 4: a draw the static no-win tests leave a real search
        // (4x4 they settle at the root).
        let out = pns.prove(&whole_game(board(6, 4, 4, &[])), &Limits::default());
        assert_eq!(out.verdict, Verdict::NoWin);
        assert!(out.stats.tt_hits > 0);
        let most = check_unique(&pns, symmetry);
        // (They also cut lines short, so fewer orders meet: 4 parents at
        // most on 4x4 before them, 3 here.)
        assert!(most >= 3, "some node is reached from {most} parents");
        // The node count of the outcome is the arena's.
        assert_eq!(out.stats.nodes as usize, pns.nodes().len());
    }
}

#[test]
fn a_specific_transposition_is_one_node_with_every_parent() {
    // 3x3 k=3 (tic-tac-toe), the whole game: x a1 o b2 x c3 arises by
    // a1-b2-c3 and c3-b2-a1; both orders must lead to one node, whose
    // parents are the two positions before the last x stone.
    let mut pns = Pns::new(PnsConfig {
        symmetry: false,
        ..PnsConfig::default()
    });
    let out = pns.prove(&whole_game(board(3, 3, 3, &[])), &Limits::default());
    assert_eq!(out.verdict, Verdict::NoWin);
    let target = board(3, 3, 3, &["a1", "b2", "c3"]);
    let nodes = pns.nodes();
    let hits: Vec<_> = nodes
        .iter()
        .filter(|n| n.board.stones(Player::X) == target.stones(Player::X))
        .filter(|n| n.board.stones(Player::O) == target.stones(Player::O))
        .collect();
    if let [node] = hits[..] {
        assert!((1..=2).contains(&node.parents), "{node:?}");
    } else {
        panic!("{} nodes for x a1 c3, o b2", hits.len());
    }
    check_unique(&pns, false);
}

fn mirrored(case: &Case, s: u32) -> Case {
    let b = &case.board;
    let mut m = NaiveBoard::new(b.width, b.height, b.k, b.exact);
    for (x, y) in b.all_cells() {
        let (w, h) = (b.width as u32, b.height as u32);
        let (a, c) = map(s, w, h, (x as u32, y as u32));
        m.set(a as usize, c as usize, b.cells[y * b.width + x]);
    }
    Case {
        board: m,
        ..case.clone()
    }
}

#[test]
fn mirror_images_grow_the_same_tree_and_report_mirrored_moves() {
    let mut checked_wins = 0;
    for seed in 0..300 {
        let case = random_case(seed);
        if case
            .board
            .cells
            .iter()
            .all(|&c| c == kinrow_reference::EMPTY)
        {
            continue; // `near R` offers the (asymmetric) centre on an empty board
        }
        let (w, h) = (case.board.width, case.board.height);
        let p = adapt::to_problem(&case);
        let mut pns = Pns::new(PnsConfig::default());
        let out = pns.prove(&p, &Limits::default());
        let syms: &[u32] = if w == h {
            &[1, 2, 3, 4, 5, 6, 7]
        } else {
            &[1, 2, 3]
        };
        for &s in syms {
            let mc = mirrored(&case, s);
            let mp = adapt::to_problem(&mc);
            let mout = pns.prove(&mp, &Limits::default());
            assert_eq!(mout.verdict, out.verdict, "seed {seed} sym {s}");
            assert_eq!(mout.stats.nodes, out.stats.nodes, "seed {seed} sym {s}");
            assert_eq!(
                mout.stats.expansions, out.stats.expansions,
                "seed {seed} sym {s}"
            );
            assert_eq!(mout.stats.tt_hits, out.stats.tt_hits, "seed {seed} sym {s}");
            assert_eq!(mout.plies, out.plies, "seed {seed} sym {s}");
            if out.verdict == Verdict::Win {
                let best = adapt::xy(&p.board, out.best_move.unwrap());
                let mbest = adapt::xy(&mp.board, mout.best_move.unwrap());
                let image = map(s, w as u32, h as u32, (best.0 as u32, best.1 as u32));
                if (mbest.0 as u32, mbest.1 as u32) != image {
                    // A symmetric position may answer with an equivalent
                    // move: it must still win.
                    assert!(
                        winning_first_moves(&mc).contains(&mbest),
                        "seed {seed} sym {s}"
                    );
                }
                checked_wins += 1;
            }
        }
    }
    assert!(checked_wins > 50, "{checked_wins} mirrored wins");
}

#[test]
fn symmetry_only_saves_nodes() {
    // The same answers with and without symmetry, fewer nodes with it on
    // the empty board, where every first move has 3 to 7 twins.
    let mut with = Pns::new(PnsConfig::default());
    let mut without = Pns::new(PnsConfig {
        symmetry: false,
        ..PnsConfig::default()
    });
    let p = whole_game(board(4, 4, 4, &[]));
    let a = with.prove(&p, &Limits::default());
    let b = without.prove(&p, &Limits::default());
    assert_eq!((a.verdict, b.verdict), (Verdict::NoWin, Verdict::NoWin));
    assert!(
        a.stats.nodes * 3 < b.stats.nodes,
        "{} vs {}",
        a.stats.nodes,
        b.stats.nodes
    );
}

//! The VCF search keeps the attacker's fours along its line, updating them
//! through the lines of each four and its block only: at every node of
//! random VCF searches (freestyle, exact, renju, both sides attacking) they
//! must equal a scan of the whole board.

use crate::common;
use kinrow_board::{Board, Candidates, Cell, Game, Player, Rule, SearchBoard};
use kinrow_prover::vcf::Vcf;
use kinrow_reference::Rng;

/// A dense random position of `game`: stones of both sides, mostly near
/// earlier ones, none completing a line; `None` when the side to move (at
/// random) has a winning cell, which is no VCF question.
fn random_board(rng: &mut Rng, game: Game) -> Option<SearchBoard> {
    let mut board = Board::new(game);
    let cells: Vec<Cell> = game.geometry().all_cells().collect();
    let stones = rng.range(cells.len() / 5, cells.len() / 2);
    let mut player = Player::X;
    for _ in 0..stones * 3 {
        if board.stone_count() as usize >= stones {
            break;
        }
        let pool = board.candidates(Candidates::Near(1));
        let c = cells[rng.range(0, cells.len() - 1)];
        if !pool.contains(c.index()) && (board.stone_count() > 0 && rng.chance(4, 5)) {
            continue;
        }
        if board.stone_at(c).is_some() {
            continue;
        }
        board.place(c, player);
        if board.has_line(player) {
            board.remove(c, player);
            continue;
        }
        player = player.other();
    }
    let to_move = if rng.chance(1, 2) {
        Player::X
    } else {
        Player::O
    };
    board.set_to_move(to_move);
    board
        .winning_cells(to_move)
        .is_empty()
        .then(|| SearchBoard::from(board))
}

#[test]
fn kept_fours_equal_a_whole_board_scan_at_every_node() {
    let mut nodes_by_rule = [0u64; 3];
    for seed in 0..u64::from(common::sweep(2000)) {
        let mut rng = Rng(seed ^ 0xF0_75);
        let side = rng.range(9, 15) as u32;
        let r = rng.range(0, 2);
        let rule = [Rule::Freestyle, Rule::Exact, Rule::Renju][r];
        let k = if rule == Rule::Renju || rng.chance(2, 3) {
            5
        } else {
            4
        };
        let game = Game::new(side, side, k, rule).unwrap();
        let Some(mut board) = random_board(&mut rng, game) else {
            continue;
        };
        let candidates = if rng.chance(1, 3) {
            Candidates::Near(2)
        } else {
            Candidates::All
        };
        let mut vcf = Vcf::new(candidates, 1 << 12);
        // Checked also outside debug builds: a difference panics.
        vcf.check_fours(true);
        let _ = vcf.search(&mut board, 41, 3_000);
        // The other side too, when it has no winning cell either.
        let other = board.to_move().other();
        if board.winning_cells(other).is_empty() {
            board.set_to_move(other);
            let _ = vcf.search(&mut board, 41, 3_000);
        }
        nodes_by_rule[r] += vcf.nodes;
    }
    eprintln!("VCF nodes checked (freestyle, exact, renju): {nodes_by_rule:?}");
    for nodes in nodes_by_rule {
        assert!(
            nodes > u64::from(common::sweep(2_000)),
            "only {nodes_by_rule:?} nodes: the test says little"
        );
    }
}

/// A parent's VCF line tried first ([`Vcf::set_line`]) changes only the
/// order of the moves: in the positions after random defender stones, the
/// shortest VCF has the same length with and without the line.
#[test]
fn a_line_tried_first_changes_no_answer() {
    let (mut compared, mut found) = (0, 0);
    for seed in 0..u64::from(common::sweep(3000)) {
        let mut rng = Rng(seed ^ 0x11_4E);
        let side = rng.range(9, 15) as u32;
        let rule = [Rule::Freestyle, Rule::Exact, Rule::Renju][rng.range(0, 2)];
        let game = Game::new(side, side, 5, rule).unwrap();
        let Some(mut board) = random_board(&mut rng, game) else {
            continue;
        };
        let attacker = board.to_move();
        let Some(parent) = Vcf::new(Candidates::All, 1 << 12).search(&mut board, 41, 3_000) else {
            continue;
        };
        let empty: Vec<usize> = board.empty().iter().collect();
        for _ in 0..4 {
            let s = Cell::from_index(empty[rng.range(0, empty.len() - 1)]);
            board.place(s, attacker.other());
            if board.winning_cells(attacker).is_empty() && !board.has_line(attacker.other()) {
                let plain = Vcf::new(Candidates::All, 1 << 12).search(&mut board, 41, u64::MAX);
                let mut hinted = Vcf::new(Candidates::All, 1 << 12);
                hinted.set_line(&parent.moves);
                let with_line = hinted.search(&mut board, 41, u64::MAX);
                assert_eq!(
                    plain.as_ref().map(|l| l.plies()),
                    with_line.as_ref().map(|l| l.plies()),
                    "seed {seed}: {board:?}"
                );
                compared += 1;
                found += usize::from(plain.is_some());
            }
            board.remove(s, attacker.other());
        }
    }
    eprintln!("{compared} positions compared, {found} with a VCF");
    assert!(found > common::sweep(100) as usize, "only {found} VCFs");
}

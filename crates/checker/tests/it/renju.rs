//! Renju certificates, written by hand: the checker refuses a forbidden
//! move of x (Black) as attacker or defender, and accepts a win of o
//! (White) where x's only defences are forbidden.

use kinrow_checker::{check_text, FlawKind};

/// A renju position and certificate header on 9x9, all candidates, depth
/// 3, with `rows` (top row first) and `to_move`.
fn position(rows: &[&str; 9], to_move: char) -> String {
    let mut s = format!(
        "board 9\nk 5\nrule renju\ncandidates all\nattack any\nto-move {to_move}\ndepth 3\n"
    );
    for (i, r) in rows.iter().enumerate() {
        let cells: Vec<String> = r.chars().map(String::from).collect();
        s += &format!("{} {}\n", 9 - i, cells.join(" "));
    }
    s + "  a b c d e f g h i\n"
}

fn certificate(position: &str, tree: &str) -> String {
    format!("kinrow-certificate 1\n{position}tree\n{tree}end\n")
}

/// o to move: e5 makes the four b5..e5 (x holds a5), whose only five
/// point f5 is a double-three of x (f3 f4 f5 up, f5 g6 h7 on the
/// diagonal) when `forbidden`; without h7 it is a single three, a legal
/// block.
fn o_four_blocked_by_a_forbidden_point(forbidden: bool) -> String {
    position(
        &[
            ".........",
            ".........",
            if forbidden { ".......x." } else { "........." },
            "......x..",
            "xooo.....",
            ".....x...",
            ".....x...",
            ".........",
            ".........",
        ],
        'o',
    )
}

#[test]
fn o_wins_where_the_only_block_is_forbidden_to_x() {
    let pos = o_four_blocked_by_a_forbidden_point(true);
    let report = check_text(&pos, "p", &certificate(&pos, "e5\n  * f5\n")).unwrap();
    // 81 cells, 8 stones and e5: 72 empty, f5 forbidden: 71 replies.
    assert_eq!(report.attacker_moves, 1 + 71);
    assert_eq!(report.longest_line, 3);
}

#[test]
fn a_legal_block_must_be_answered() {
    let pos = o_four_blocked_by_a_forbidden_point(false);
    let flaw = check_text(&pos, "p", &certificate(&pos, "e5\n  * f5\n")).unwrap_err();
    // `*` stands for x's block f5 too, where o's f5 cannot go.
    assert_eq!(flaw.kind, FlawKind::Occupied);
    assert_eq!(flaw.path_text(), "e5 f5 f5");
}

#[test]
fn a_reply_of_x_on_a_forbidden_point_is_refused() {
    let pos = o_four_blocked_by_a_forbidden_point(true);
    let flaw = check_text(&pos, "p", &certificate(&pos, "e5\n  f5 a1\n  * f5\n")).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::Forbidden);
    assert_eq!(flaw.line, Some(21));
}

#[test]
fn an_attacker_move_of_x_on_a_forbidden_point_is_refused() {
    // x to move: f5 makes two threes (f3 f4 f5 up, f5 g6 h7 on the
    // diagonal), forbidden, whatever a certificate claims.
    let pos = position(
        &[
            ".........",
            ".........",
            ".......x.",
            "......x..",
            ".........",
            ".....x...",
            ".....x...",
            ".........",
            "ooo.o....",
        ],
        'x',
    );
    let flaw = check_text(&pos, "p", &certificate(&pos, "f5\n  * f6\n")).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::Forbidden);
    assert_eq!(flaw.path_text(), "f5");
    // g5 is legal for x (no double pattern), so the same tree from g5 gets
    // as far as its replies.
    let flaw = check_text(&pos, "p", &certificate(&pos, "g5\n  * f6\n")).unwrap_err();
    assert_ne!(flaw.kind, FlawKind::Forbidden);
}

#[test]
fn x_wins_with_five_even_where_the_stone_also_makes_an_overline() {
    // e5 makes exactly five across (a5..e5, o on f5) and six up (e2..e7):
    // the five wins.
    let pos = position(
        &[
            ".........",
            ".........",
            "....x....",
            "....x....",
            "xxxx.o...",
            "....x....",
            "....x....",
            "....x....",
            "oooo.oo..",
        ],
        'x',
    );
    let report = check_text(&pos, "p", &certificate(&pos, "e5\n")).unwrap();
    assert_eq!(report.longest_line, 1);
    // Without a5, e5 makes a four across and the six up: an overline.
    let pos = pos.replace("5 x x x x . o", "5 . x x x . o");
    let flaw = check_text(&pos, "p", &certificate(&pos, "e5\n")).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::Forbidden);
}

#[test]
fn a_position_with_an_overline_of_x_is_refused() {
    let pos = position(
        &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "oooo.o...",
            "xxxxxx...",
        ],
        'o',
    );
    let flaw = check_text(&pos, "p", &certificate(&pos, "e2\n")).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::BadPosition);
}

/// The threat space's renju wins on random middle games, x or o to move:
/// each certificate, which lists every legal reply of x and never plays a
/// forbidden point of x, checks with the checker's own renju code. A
/// prover that let x play a forbidden point, or counted a forbidden block
/// of x as a block, fails here.
#[test]
fn threat_space_wins_on_random_renju_positions_check() {
    let wins = random_renju_wins_check(&mut kinrow_prover::Auto::default());
    // Wins of both sides were certified.
    assert!(wins[0] >= 10 && wins[1] >= 10, "{wins:?}");
}

/// The same for the db-search prover (`vct-db`), whose attacker follows
/// its plans: every defender's node is still the threat space's.
#[test]
fn db_search_wins_on_random_renju_positions_check() {
    let wins = random_renju_wins_check(&mut kinrow_prover::DbSearch::default());
    assert!(wins[0] >= 10 && wins[1] >= 10, "{wins:?}");
}

/// Proves 400 random renju middle games with `prover` (20,000 nodes
/// each) and checks the certificate of each win; returns the wins
/// certified with x and with o to move.
fn random_renju_wins_check(prover: &mut dyn kinrow_prover::Prover) -> [u32; 2] {
    use kinrow_board::{Attack, Board, Candidates, Game, Player, Rule};
    use kinrow_format::{write_position, Position};
    use kinrow_prover::certificate::write_certificate;
    use kinrow_prover::{Limits, Problem, Verdict};

    let game = Game::new(15, 15, 5, Rule::Renju).unwrap();
    let g = *game.geometry();
    let mut rng = kinrow_reference::Rng(0x2545_F491_4F6C_DD1D);
    let budget = Limits {
        max_nodes: Some(20_000),
        ..Limits::default()
    };
    let mut wins = [0u32; 2];
    for _ in 0..400 {
        let mut board = Board::new(game);
        // Stones as in play in the 9x9 middle: x never on a forbidden
        // point, no one on a cell that makes five.
        let stones = rng.range(8, 25);
        let mut placed = 0;
        while placed < stones {
            let (x, y) = (rng.range(3, 11), rng.range(3, 11));
            let c = g.cell(x as u32, y as u32).unwrap();
            let p = board.to_move();
            if board.stone_at(c).is_some()
                || (p == Player::X && board.is_forbidden(c))
                || board.winning_cells(p).contains(c.index())
            {
                continue;
            }
            board.play(c);
            placed += 1;
        }
        let position = Position {
            name: "p".into(),
            board,
            candidates: Candidates::Near(2),
            attack: Attack::Any,
            depth: Some(7),
            expect: None,
            solution: Vec::new(),
            sources: Vec::new(),
            slow: None,
            time: None,
            threat_limit: None,
        };
        let text = write_position(&position);
        let problem = Problem::from(&position);
        if prover.prove(&problem, &budget).verdict != Verdict::Win {
            continue;
        }
        let proof = write_certificate(&problem, prover, &Limits::default())
            .unwrap_or_else(|e| panic!("{e}\n{text}"))
            .to_text();
        if let Err(flaw) = check_text(&text, "p", &proof) {
            panic!("{flaw}\n{text}\n{proof}");
        }
        wins[position.board.to_move().index()] += 1;
    }
    wins
}

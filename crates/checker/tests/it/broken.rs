//! Certificates broken on purpose are rejected, each with the right flaw
//! kind; the intact ones are accepted.

use crate::common::{
    board, certificate, expanded_certificate, join, lines, open_two, remove_subtree, setup,
    tree_start,
};
use kinrow_board::{Attack, Candidates, Player, Rule};
use kinrow_checker::{check, FlawKind, PlainPosition, Point};

fn kind(setup: &PlainPosition, text: &str) -> FlawKind {
    match check(setup, text) {
        Ok(r) => panic!("accepted a broken certificate ({r}):\n{text}"),
        Err(f) => f.kind,
    }
}

/// Replaces the attacker move of tree line `i` by `mv`.
fn with_move(lines: &[String], i: usize, mv: &str) -> Vec<String> {
    let mut out = lines.to_vec();
    let line = &lines[i];
    let indent = &line[..line.len() - line.trim_start().len()];
    let mut words: Vec<&str> = line.split_whitespace().collect();
    *words.last_mut().unwrap() = mv;
    out[i] = format!("{indent}{}", words.join(" "));
    out
}

fn name(p: Point) -> String {
    p.to_string()
}

#[test]
fn intact_certificates_are_accepted() {
    for attack in [Attack::Any, Attack::Fours, Attack::Threats] {
        for depth in [Some(3), Some(5), None] {
            let p = open_two(attack, depth);
            let text = expanded_certificate(&p);
            let report = check(&setup(&p), &text).unwrap();
            let tree = lines(&text).len() - tree_start(&lines(&text)) - 1;
            assert_eq!(report.attacker_moves, tree as u64);
            let longest = depth.unwrap_or(3);
            assert!(report.longest_line <= longest, "{attack:?} {depth:?}");
            assert!(report.longest_line >= 3, "{attack:?} {depth:?}");
            assert!(report.to_string().starts_with("proof valid: "));
            // With shared answers: shorter, the same strategy.
            let shared = certificate(&p);
            assert!(shared.len() < text.len());
            assert_eq!(check(&setup(&p), &shared).unwrap(), report);
        }
    }
}

#[test]
fn a_shared_answer_is_replayed_after_each_reply_it_stands_for() {
    // b4 makes b4 c4 d4: the reply a4 is answered by e4, `*` by a4.
    let p = open_two(Attack::Any, Some(3));
    let s = setup(&p);
    let text = certificate(&p);
    assert!(text.ends_with("tree\nb4\n  a4 e4\n  * a4\nend\n"), "{text}");
    let report = check(&s, &text).unwrap();
    assert_eq!(report.attacker_moves, 24);
    assert_eq!(report.positions, 25);
    // Without the `*` line the other replies are missing.
    let flaw = check(&s, &text.replace("  * a4\n", "")).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::MissingReply);
    assert_eq!(flaw.path_text(), "b4 d1");
    // A shared answer that fails after one of the replies: e4 is answered
    // by e4 itself.
    let flaw = check(&s, &text.replace("* a4", "* e4")).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::Occupied);
    assert_eq!(flaw.path_text(), "b4 e4 e4");
    assert_eq!(flaw.line, Some(20));
    // After d2 instead of a4, e4 still wins, but the reply a4 is then
    // answered by `*` with a4: occupied.
    let flaw = check(&s, &text.replace("a4 e4", "d2 e4")).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::Occupied);
    assert_eq!(flaw.path_text(), "b4 a4 a4");
    // `*` comes once, last.
    let swapped = text.replace("  a4 e4\n  * a4\n", "  * a4\n  a4 e4\n");
    assert_eq!(kind(&s, &swapped), FlawKind::Malformed);
    let twice = text.replace("  * a4\n", "  * a4\n  * a4\n");
    assert_eq!(kind(&s, &twice), FlawKind::Malformed);
    let root = text.replace("tree\nb4\n", "tree\n* b4\n");
    assert_eq!(kind(&s, &root), FlawKind::Malformed);
}

#[test]
fn a_removed_defender_reply_is_a_missing_reply() {
    let p = open_two(Attack::Any, Some(3));
    let s = setup(&p);
    let l = lines(&expanded_certificate(&p));
    let t = tree_start(&l);
    for i in t + 1..l.len() - 1 {
        let broken = join(&remove_subtree(&l, i));
        let flaw = check(&s, &broken).unwrap_err();
        assert_eq!(flaw.kind, FlawKind::MissingReply, "line {i}");
        // The path names the root move and the reply left out.
        let reply = l[i].split_whitespace().next().unwrap();
        assert_eq!(flaw.path.len(), 2);
        assert_eq!(name(flaw.path[1]), reply);
        assert_eq!(flaw.line, Some(t + 1));
    }
}

#[test]
fn a_winning_stone_replaced_by_a_non_winning_one_is_not_a_win() {
    let p = open_two(Attack::Any, Some(3));
    let s = setup(&p);
    let l = lines(&expanded_certificate(&p));
    let t = tree_start(&l);
    let mut tested = 0;
    for i in t + 1..l.len() - 1 {
        let words: Vec<&str> = l[i].split_whitespace().collect();
        // c5 touches the stones and never completes four here.
        if words.contains(&"c5") {
            continue;
        }
        let broken = join(&with_move(&l, i, "c5"));
        assert_eq!(kind(&s, &broken), FlawKind::NotAWin, "line {i}");
        tested += 1;
    }
    assert!(tested > 5);
}

#[test]
fn a_line_past_the_depth_is_too_deep() {
    let p = open_two(Attack::Any, Some(3));
    let text = expanded_certificate(&p).replace("depth 3\n", "depth 2\n");
    let shallow = open_two(Attack::Any, Some(2));
    assert_eq!(kind(&setup(&shallow), &text), FlawKind::TooDeep);
    let none =
        expanded_certificate(&open_two(Attack::Any, Some(3))).replace("depth 3\n", "depth 0\n");
    assert_eq!(
        kind(&setup(&open_two(Attack::Any, Some(0))), &none),
        FlawKind::TooDeep
    );
}

#[test]
fn illegal_moves_are_rejected_with_their_kind() {
    let p = open_two(Attack::Any, Some(3));
    let s = setup(&p);
    let l = lines(&expanded_certificate(&p));
    let t = tree_start(&l);
    let cases = [
        ("c4", FlawKind::Occupied),
        ("e2", FlawKind::Occupied),
        ("h4", FlawKind::OffBoard),
        ("a8", FlawKind::OffBoard),
        ("a7", FlawKind::NotCandidate),
        ("g4", FlawKind::NotCandidate),
        ("4a", FlawKind::Malformed),
        ("a0", FlawKind::Malformed),
    ];
    for (mv, want) in cases {
        // At the root and at an answer to a reply.
        assert_eq!(kind(&s, &join(&with_move(&l, t, mv))), want, "root {mv}");
        assert_eq!(
            kind(&s, &join(&with_move(&l, t + 1, mv))),
            want,
            "answer {mv}"
        );
    }
    // A defender reply on an occupied cell or off the board.
    let reply = |r: &str| {
        let mut out = l.clone();
        let mv = l[t + 1].split_whitespace().nth(1).unwrap().to_string();
        out[t + 1] = format!("  {r} {mv}");
        join(&out)
    };
    assert_eq!(kind(&s, &reply("d4")), FlawKind::Occupied);
    assert_eq!(kind(&s, &reply("z1")), FlawKind::OffBoard);
    assert_eq!(kind(&s, &reply("a1")), FlawKind::NotCandidate);
}

#[test]
fn an_attacker_move_failing_the_filter_is_filtered() {
    // Under `fours`, d6 (next to c6) is not a four.
    let p = open_two(Attack::Fours, Some(3));
    let l = lines(&expanded_certificate(&p));
    let t = tree_start(&l);
    assert_eq!(
        kind(&setup(&p), &join(&with_move(&l, t, "d6"))),
        FlawKind::Filtered
    );
    // Here every move is a threat (c4 d4 already has a double point), so
    // take x on c4 alone: f3 (next to e2) is no threat, d4 is one (then b4 or e4 gives
    // two winning cells) but does not win.
    let rows = [
        ".......", ".......", ".......", "..x....", ".......", "....o..", ".......",
    ];
    let b = board(4, Rule::Freestyle, &rows, Player::X);
    let grid = "7 . . . . . . .\n6 . . . . . . .\n5 . . . . . . .\n4 . . x . . . .\n\
                3 . . . . . . .\n2 . . . . o . .\n1 . . . . . . .\n";
    for (attack, name) in [(Attack::Threats, "threats"), (Attack::Fours, "fours")] {
        let s = PlainPosition::from_board(&b, Candidates::Near(1), attack, Some(5));
        let text = |root: &str| {
            hand("7", 4, grid, 5, &format!("{root}\n"))
                .replace("attack any", &format!("attack {name}"))
        };
        assert_eq!(kind(&s, &text("f3")), FlawKind::Filtered, "{name}");
        let d4 = if attack == Attack::Threats {
            FlawKind::NotAWin
        } else {
            FlawKind::Filtered
        };
        assert_eq!(kind(&s, &text("d4")), d4, "{name}");
    }
}

#[test]
fn a_truncated_file_is_truncated() {
    let p = open_two(Attack::Any, Some(3));
    let s = setup(&p);
    let text = expanded_certificate(&p);
    let shared = certificate(&p);
    for cut in 0..shared.len() - 1 {
        assert_eq!(kind(&s, &shared[..cut]), FlawKind::Truncated, "cut {cut}");
    }
    for cut in [0, 5, 30, text.len() / 2, text.len() - 5, text.len() - 4] {
        assert_eq!(kind(&s, &text[..cut]), FlawKind::Truncated, "cut {cut}");
    }
    // Losing only the final newline is harmless.
    assert!(check(&s, &text[..text.len() - 1]).is_ok());
    // Every line cut off at a line boundary.
    let l = lines(&text);
    for n in 0..l.len() {
        assert_eq!(kind(&s, &join(&l[..n])), FlawKind::Truncated, "{n} lines");
    }
}

#[test]
fn a_certificate_for_another_position_is_rejected() {
    let p = open_two(Attack::Any, Some(3));
    let text = expanded_certificate(&p);
    let s = setup(&p);
    let mut others = Vec::new();
    let mut o = s.clone();
    o.cells[0] = Some(Player::O); // a stone added on a1
    others.push(o);
    let mut o = s.clone();
    o.to_move = Player::O;
    others.push(o);
    let mut o = s.clone();
    o.depth = Some(5);
    others.push(o);
    let mut o = s.clone();
    o.depth = None;
    others.push(o);
    let mut o = s.clone();
    o.candidates = Candidates::Near(2);
    others.push(o);
    let mut o = s.clone();
    o.attack = Attack::Fours;
    others.push(o);
    let mut o = s.clone();
    o.k = 5;
    others.push(o);
    let mut o = s.clone();
    o.rule = Rule::Exact;
    others.push(o);
    let o = PlainPosition::from_board(
        &board(
            4,
            Rule::Freestyle,
            &["....", "....", "....", "...."],
            Player::X,
        ),
        Candidates::Near(1),
        Attack::Any,
        Some(3),
    );
    others.push(o);
    for other in &others {
        assert_eq!(kind(other, &text), FlawKind::WrongPosition, "{other:?}");
    }
    // And a certificate of another position for this one.
    let q = open_two(Attack::Fours, Some(3));
    assert_eq!(kind(&s, &expanded_certificate(&q)), FlawKind::WrongPosition);
}

#[test]
fn replies_twice_and_play_after_the_win_are_rejected() {
    let p = open_two(Attack::Any, Some(3));
    let s = setup(&p);
    let l = lines(&expanded_certificate(&p));
    let t = tree_start(&l);
    let mut dup = l.clone();
    dup.insert(t + 2, l[t + 1].clone());
    assert_eq!(kind(&s, &join(&dup)), FlawKind::DuplicateReply);
    let mut after = l.clone();
    after.insert(t + 2, "    a1 a2".to_string());
    assert_eq!(kind(&s, &join(&after)), FlawKind::AfterWin);
}

#[test]
fn malformed_lines_are_malformed() {
    let p = open_two(Attack::Any, Some(3));
    let s = setup(&p);
    let l = lines(&expanded_certificate(&p));
    let t = tree_start(&l);
    let edits: Vec<(usize, &str)> = vec![
        (0, "kinrow-certificate 2"),
        (3, "rule gomoku"),
        (4, "candidates near"),
        (4, "candidates near 0"),
        (2, "k five"),
        (1, "board 27x7"),
        (9, "5 . . x x . . ."),  // grid row with the wrong number
        (10, "4 . . x x . ."),   // a cell short
        (10, "4 . . x x . . q"), // a cell that is no cell
        (t, "  e4"),             // root indented
        (t, "e4 f4"),            // root with two words
        (t + 1, " a1 a2"),       // odd indentation
        (t + 1, "  a1"),         // reply without answer
        (t + 1, "    a1 a2"),    // two levels down
        (t + 1, "  a1 a2 a3"),
    ];
    for (i, line) in edits {
        let mut broken = l.clone();
        broken[i] = line.to_string();
        assert_eq!(
            kind(&s, &join(&broken)),
            FlawKind::Malformed,
            "line {i}: {line}"
        );
    }
    // A second root, text after `end`, an empty tree, a header line missing.
    let mut two = l.clone();
    two.insert(l.len() - 1, "a1".into());
    assert_eq!(kind(&s, &join(&two)), FlawKind::Malformed);
    let mut after = l.clone();
    after.push("a1".into());
    assert_eq!(kind(&s, &join(&after)), FlawKind::Malformed);
    let mut empty = l[..t].to_vec();
    empty.push("end".into());
    assert_eq!(kind(&s, &join(&empty)), FlawKind::Malformed);
    let mut no_rule = l.clone();
    no_rule.remove(3);
    assert_eq!(kind(&s, &join(&no_rule)), FlawKind::Malformed);
    // Comments and blank lines are fine anywhere.
    let mut commented = l.clone();
    commented.insert(t + 1, "# the replies".into());
    commented.insert(t + 1, String::new());
    commented[t] = format!("{}  # the root", l[t]);
    assert!(check(&s, &join(&commented)).is_ok());
}

/// The header of a hand-written certificate.
fn hand(board_line: &str, k: u32, grid: &str, depth: u32, tree: &str) -> String {
    format!(
        "kinrow-certificate 1\nboard {board_line}\nk {k}\nrule freestyle\n\
         candidates near 1\nattack any\nto-move x\ndepth {depth}\n{grid}tree\n{tree}end\n"
    )
}

#[test]
fn a_reply_that_completes_the_defenders_line_breaks_the_proof() {
    // 5x5, k 3: o threatens c5; x ignores it with b1 (threatening c1).
    let rows = [".oo..", ".....", ".....", ".....", "x...x"];
    let b = board(3, Rule::Freestyle, &rows, Player::X);
    let s = PlainPosition::from_board(&b, Candidates::Near(1), Attack::Any, Some(3));
    let grid = "5 . o o . .\n4 . . . . .\n3 . . . . .\n2 . . . . .\n1 x . . . x\n";
    let text = hand("5x5", 3, grid, 3, "b1\n  a5 c1\n");
    assert_eq!(kind(&s, &text), FlawKind::DefenderWins);
    let flaw = check(&s, &text).unwrap_err();
    assert_eq!(flaw.path_text(), "b1 a5");
    assert_eq!(flaw.line, Some(16));
}

#[test]
fn a_move_that_fills_the_board_without_a_win_breaks_the_proof() {
    let rows = ["xox", "xoo", "ox."];
    let b = board(3, Rule::Freestyle, &rows, Player::X);
    let s = PlainPosition::from_board(&b, Candidates::Near(1), Attack::Any, Some(3));
    let grid = "3 x o x\n2 x o o\n1 o x .\n  a b c\n";
    assert_eq!(
        kind(&s, &hand("3", 3, grid, 3, "c1\n")),
        FlawKind::BoardFull
    );
}

#[test]
fn a_position_already_won_is_bad() {
    let rows = ["xxx", "oo.", "..."];
    let b = board(3, Rule::Freestyle, &rows, Player::O);
    let s = PlainPosition::from_board(&b, Candidates::Near(1), Attack::Any, Some(1));
    let grid = "3 x x x\n2 o o .\n1 . . .\n";
    let text = hand("3", 3, grid, 1, "c2\n").replace("to-move x", "to-move o");
    assert_eq!(kind(&s, &text), FlawKind::BadPosition);
}

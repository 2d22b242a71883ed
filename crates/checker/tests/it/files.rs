//! Certificates against position files: the header is itself a position
//! file, and `check_text` finds the position a certificate proves, in a
//! single-position file or (by name) in a suite.

use crate::common::{board, certificate, header, open_two, problem};
use kinrow_board::{Attack, Candidates, Player, Rule};
use kinrow_checker::{check_text, FlawKind};
use kinrow_format::{parse_positions, write_position, write_suite, Position};
use kinrow_prover::certificate::write_certificate;
use kinrow_prover::{Limits, Problem};
use kinrow_reference::textbook::TextbookProver;

fn position(name: &str, p: &Problem) -> Position {
    Position {
        name: name.to_string(),
        board: p.board.clone(),
        candidates: p.candidates,
        attack: p.attack,
        depth: p.depth,
        expect: None,
        solution: Vec::new(),
        sources: Vec::new(),
        slow: None,
        time: None,
        threat_limit: None,
    }
}

/// An exact-rule position with o to move on a rectangular board.
fn exact(depth: Option<u32>) -> Problem {
    let rows = ["........", "...oo...", "..x.x...", "........", "...x...."];
    problem(
        board(4, Rule::Exact, &rows, Player::O),
        Candidates::All,
        Attack::Threats,
        depth,
    )
}

#[test]
fn the_header_is_a_position_file_of_the_same_position() {
    for p in [
        open_two(Attack::Any, Some(3)),
        open_two(Attack::Fours, None),
        exact(Some(3)),
    ] {
        let text = certificate(&p);
        let block = header(&text);
        let parsed = parse_positions(&block, "cert").unwrap();
        assert_eq!(parsed, vec![position("cert", &p)]);
        assert_eq!(write_position(&parsed[0]), block);
    }
}

#[test]
fn a_certificate_checks_against_its_position_file() {
    for p in [open_two(Attack::Threats, Some(5)), exact(None)] {
        let text = certificate(&p);
        let file = write_position(&position("x", &p));
        let report = check_text(&file, "x", &text).unwrap();
        assert!(report.attacker_moves >= 1);
    }
    // Stones given as moves read the same.
    let p = open_two(Attack::Any, Some(3));
    let file = "board 7\nk 4\ncandidates near 1\nmoves c4 c6 d4 e2\n# x to move\ndepth 3\n";
    assert!(check_text(file, "m", &certificate(&p)).is_ok());
    let wrong = "board 7\nk 4\ncandidates near 1\nmoves c4 c6 d4 e3\ndepth 3\n";
    let flaw = check_text(wrong, "m", &certificate(&p)).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::WrongPosition);
    let unreadable = "board 7\nk 4\nmoves c4 c6 d4 e3\ndepth three\n";
    let flaw = check_text(unreadable, "m", &certificate(&p)).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::BadPosition);
}

#[test]
fn in_a_suite_the_certificate_names_its_position() {
    let a = open_two(Attack::Any, Some(3));
    let b = exact(Some(3));
    let suite = write_suite(&[position("first", &a), position("second", &b)]);
    let cert = |p: &Problem, name: Option<&str>| {
        let c = write_certificate(p, &mut TextbookProver, &Limits::default()).unwrap();
        let c = match name {
            Some(n) => c.with_name(n),
            None => c,
        };
        assert_eq!(c.stats().bytes, c.to_text().len() as u64);
        assert_eq!(c.stats().lines, c.to_text().lines().count() as u64);
        c.to_text()
    };
    assert!(check_text(&suite, "s", &cert(&a, Some("first"))).is_ok());
    assert!(check_text(&suite, "s", &cert(&b, Some("second"))).is_ok());
    let kind = |text: &str| check_text(&suite, "s", text).unwrap_err().kind;
    assert_eq!(kind(&cert(&a, Some("second"))), FlawKind::WrongPosition);
    assert_eq!(kind(&cert(&a, Some("third"))), FlawKind::WrongPosition);
    assert_eq!(kind(&cert(&a, None)), FlawKind::WrongPosition);
    // Renaming replaces the name.
    let c = write_certificate(&a, &mut TextbookProver, &Limits::default())
        .unwrap()
        .with_name("second")
        .with_name("first");
    assert!(c
        .to_text()
        .starts_with("kinrow-certificate 1\n[first]\nboard"));
    assert!(check_text(&suite, "s", &c.to_text()).is_ok());
    assert_eq!(c.stats().bytes, c.to_text().len() as u64);
    // A name line anywhere else is malformed.
    let moved = c
        .to_text()
        .replace("[first]\nboard 7\n", "board 7\n[first]\n");
    assert_eq!(kind(&moved), FlawKind::Malformed);
}

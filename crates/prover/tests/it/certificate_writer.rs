//! The certificate writer: its text, its statistics, and the errors it
//! returns when the prover fails it (the checker's own tests replay the
//! certificates; see crates/checker/tests).

use crate::common::cell;
use kinrow_board::{Attack, Board, Candidates, Cell};
use kinrow_prover::certificate::{
    write_certificate, write_certificate_with, CertificateError, CertificateOptions, MAGIC,
};
use kinrow_prover::{Limits, Outcome, Problem, ProblemError, Prover, Verdict};
use kinrow_reference::textbook::TextbookProver;
use kinrow_reference::{adapt, NaiveBoard, X};
use std::collections::VecDeque;
use std::time::Duration;

/// A prover that gives scripted answers in turn (the last one ever after).
struct Scripted(VecDeque<Outcome>, Option<ProblemError>);

impl Prover for Scripted {
    fn name(&self) -> &'static str {
        "scripted"
    }
    fn accepts(&self, _: &Problem) -> Result<(), ProblemError> {
        self.1.clone().map_or(Ok(()), Err)
    }
    fn prove(&mut self, _: &Problem, _: &Limits) -> Outcome {
        if self.0.len() > 1 {
            self.0.pop_front().unwrap()
        } else {
            self.0[0].clone()
        }
    }
}

fn win(cell: Cell, plies: Option<u32>) -> Outcome {
    Outcome {
        best_move: Some(cell),
        plies,
        ..Outcome::new(Verdict::Win)
    }
}

/// A freestyle board from rows written top row first, x to move.
fn board(k: u32, rows: &[&str]) -> Board {
    adapt::to_board(&NaiveBoard::from_rows(rows, k as usize, false), X)
}

/// 7x7, k 4: x on c4 d4 to move wins in 3.
fn three(depth: Option<u32>) -> Problem {
    let b = board(
        4,
        &[
            ".......", ".......", "..o....", "..xx...", ".......", "....o..", ".......",
        ],
    );
    Problem {
        board: b,
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth,
    }
}

/// Every reply on a line of its own.
fn expanded() -> CertificateOptions {
    CertificateOptions {
        share_answers: false,
        ..CertificateOptions::default()
    }
}

#[test]
fn the_text_starts_with_the_position_and_its_stats_are_exact() {
    let p = three(Some(5));
    let cert =
        write_certificate_with(&p, &mut TextbookProver, &Limits::default(), &expanded()).unwrap();
    let text = cert.to_text();
    let header: Vec<&str> = text.lines().take(9).collect();
    assert_eq!(
        header,
        [
            MAGIC,
            "board 7",
            "k 4",
            "rule freestyle",
            "candidates near 1",
            "attack any",
            "to-move x",
            "depth 5",
            "7 . . . . . . .",
        ]
    );
    assert!(text.contains("\n4 . . x x . . .\n"));
    assert!(text.contains("\n  a b c d e f g\ntree\n"));
    assert!(text.ends_with("\nend\n"));
    let s = cert.stats();
    assert_eq!(s.lines, text.lines().count() as u64);
    assert_eq!(s.bytes, text.len() as u64);
    let tree = text.lines().skip_while(|l| *l != "tree").count() as u64 - 2;
    assert_eq!(s.attacker_moves, tree);
    assert!(s.longest_line <= 5 && s.longest_line >= 3);
    assert_eq!(cert.horizon(), 5);
    let mut bytes = Vec::new();
    cert.write_to(&mut bytes).unwrap();
    assert_eq!(String::from_utf8(bytes).unwrap(), text);
    assert_eq!(cert.to_string(), text);
}

#[test]
fn every_candidate_reply_appears_and_is_answered() {
    let p = three(Some(3));
    let cert =
        write_certificate_with(&p, &mut TextbookProver, &Limits::default(), &expanded()).unwrap();
    let text = cert.to_text();
    let tree: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "tree")
        .skip(1)
        .take_while(|l| *l != "end")
        .collect();
    let root = cell(&p.board, tree[0]);
    let mut b = p.board.clone();
    b.play(root);
    let replies = b.candidates(Candidates::Near(1));
    assert_eq!(tree.len() as u32 - 1, replies.count());
    for (line, r) in tree[1..].iter().zip(replies.iter()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(line.starts_with("  ") && words.len() == 2);
        assert_eq!(cell(&p.board, words[0]), Cell::from_index(r));
    }
    // Every attacker turn had an immediate win, the root reused the root
    // proof: a single prover call.
    assert_eq!(cert.stats().prover_calls, 1);
    // The root, the defender's turn, and one attacker turn per reply.
    assert_eq!(cert.stats().positions, tree.len() as u64 + 1);
}

#[test]
fn an_unlimited_problem_is_written_for_the_length_of_the_win() {
    let p = three(None);
    let cert = write_certificate(&p, &mut TextbookProver, &Limits::default()).unwrap();
    assert_eq!(cert.horizon(), 3);
    assert_eq!(cert.stats().longest_line, 3);
    assert!(!cert.to_text().contains("depth"));
    let mut lengthless = Scripted(VecDeque::from([win(cell(&p.board, "e4"), None)]), None);
    assert_eq!(
        write_certificate(&p, &mut lengthless, &Limits::default()).unwrap_err(),
        CertificateError::NoLength
    );
}

#[test]
fn no_win_no_certificate() {
    let p = three(Some(1));
    let err = write_certificate(&p, &mut TextbookProver, &Limits::default()).unwrap_err();
    assert_eq!(err, CertificateError::NotAWin(Verdict::NoWin));
    let mut unknown = Scripted(VecDeque::from([Outcome::new(Verdict::Unknown)]), None);
    let err = write_certificate(&three(Some(5)), &mut unknown, &Limits::default()).unwrap_err();
    assert_eq!(err, CertificateError::NotAWin(Verdict::Unknown));
    let refusal = ProblemError::Filter {
        prover: "scripted",
        attack: Attack::Fours,
    };
    let mut refusing = Scripted(VecDeque::from([Outcome::new(Verdict::Win)]), Some(refusal));
    let err = write_certificate(&three(Some(5)), &mut refusing, &Limits::default()).unwrap_err();
    assert!(matches!(err, CertificateError::Refused(_)));
}

#[test]
fn a_prover_contradicting_itself_is_an_error() {
    let p = three(Some(5));
    // A quiet root move, then no win where one is needed.
    let mut liar = Scripted(
        VecDeque::from([
            win(cell(&p.board, "c3"), Some(5)),
            Outcome::new(Verdict::NoWin),
        ]),
        None,
    );
    let err = write_certificate(&p, &mut liar, &Limits::default()).unwrap_err();
    assert!(
        matches!(err, CertificateError::Inconsistent { ref path, .. } if path.starts_with("c3 ")),
        "{err:?}"
    );
    // A best move that is not a legal attacker move.
    let mut liar = Scripted(
        VecDeque::from([
            win(cell(&p.board, "c3"), Some(5)),
            win(cell(&p.board, "c4"), Some(3)),
        ]),
        None,
    );
    let err = write_certificate(&p, &mut liar, &Limits::default()).unwrap_err();
    assert!(
        matches!(err, CertificateError::Inconsistent { .. }),
        "{err:?}"
    );
    // A quiet move claimed to win within 3 plies.
    let mut liar = Scripted(VecDeque::from([win(cell(&p.board, "c3"), Some(3))]), None);
    let err = write_certificate(&three(Some(3)), &mut liar, &Limits::default()).unwrap_err();
    assert!(
        matches!(err, CertificateError::Inconsistent { .. }),
        "{err:?}"
    );
}

#[test]
fn a_defender_reply_that_wins_is_an_error() {
    // 5x5, k 3: o threatens c2; x's d4 threatens e3 but ignores c2.
    let b = board(3, &["..x..", ".....", ".....", "oo...", "....x"]);
    let p = Problem {
        board: b,
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(3),
    };
    let mut liar = Scripted(VecDeque::from([win(cell(&p.board, "d4"), Some(3))]), None);
    let err = write_certificate(&p, &mut liar, &Limits::default()).unwrap_err();
    assert!(
        matches!(err, CertificateError::DefenderEscapes { ref path, .. } if path == "d4 c2"),
        "{err:?}"
    );
}

#[test]
fn budgets_stop_the_writer() {
    let p = three(Some(5));
    let mut unknown_later = Scripted(
        VecDeque::from([
            win(cell(&p.board, "c3"), Some(5)),
            Outcome::new(Verdict::Unknown),
        ]),
        None,
    );
    let err = write_certificate(&p, &mut unknown_later, &Limits::default()).unwrap_err();
    assert!(matches!(err, CertificateError::Budget { .. }), "{err:?}");
    let mut quiet = Scripted(VecDeque::from([win(cell(&p.board, "c3"), Some(5))]), None);
    let no_time = Limits {
        time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let err = write_certificate(&p, &mut quiet, &no_time).unwrap_err();
    assert!(matches!(err, CertificateError::Budget { .. }), "{err:?}");
}

#[test]
fn answers_shared_by_several_replies_are_written_once() {
    let p = three(Some(5));
    let full =
        write_certificate_with(&p, &mut TextbookProver, &Limits::default(), &expanded()).unwrap();
    let shared = write_certificate(&p, &mut TextbookProver, &Limits::default()).unwrap();
    let (f, s) = (full.stats(), shared.stats());
    assert!(s.lines < f.lines / 3, "{s:?} {f:?}");
    assert_eq!(s.bytes, shared.to_text().len() as u64);
    assert_eq!(s.lines, shared.to_text().lines().count() as u64);
    // The same strategy.
    assert_eq!(
        (s.attacker_moves, s.positions, s.longest_line),
        (f.attacker_moves, f.positions, f.longest_line)
    );
    // Each defender turn has at most one `*` line, last among its siblings.
    let text = shared.to_text();
    let tree: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != "tree")
        .skip(1)
        .take_while(|l| *l != "end")
        .collect();
    let level = |l: &str| (l.len() - l.trim_start().len()) / 2;
    for (i, line) in tree.iter().enumerate() {
        if line.trim_start().starts_with("* ") {
            let next_sibling = tree[i + 1..]
                .iter()
                .find(|l| level(l) <= level(line))
                .is_some_and(|l| level(l) == level(line));
            assert!(!next_sibling, "{text}");
        }
    }
}

#[test]
fn a_tree_over_the_line_budget_is_too_large() {
    let p = three(Some(3));
    for share_answers in [false, true] {
        let options = CertificateOptions {
            share_answers,
            ..CertificateOptions::default()
        };
        let full =
            write_certificate_with(&p, &mut TextbookProver, &Limits::default(), &options).unwrap();
        let lines = full.stats().lines;
        let options = |max_lines| CertificateOptions {
            max_lines,
            share_answers,
        };
        if !share_answers {
            // The budget bounds the lines held while writing, before shared
            // answers are merged: without sharing, the lines written.
            assert!(write_certificate_with(
                &p,
                &mut TextbookProver,
                &Limits::default(),
                &options(lines)
            )
            .is_ok());
            let err = write_certificate_with(
                &p,
                &mut TextbookProver,
                &Limits::default(),
                &options(lines - 1),
            )
            .unwrap_err();
            assert_eq!(
                err,
                CertificateError::TooLarge {
                    max_lines: lines - 1
                }
            );
        }
        let err = write_certificate_with(&p, &mut TextbookProver, &Limits::default(), &options(11))
            .unwrap_err();
        assert_eq!(err, CertificateError::TooLarge { max_lines: 11 });
    }
}

//! Draw certificates: written by the prover crate's draw writer for whole
//! games, replayed here. Random small whole games against exhaustive
//! search (a draw certificate checks exactly where the naive search finds
//! no win, and none is written where it finds one), the small m,n,k games
//! of `positions/mnk`, and broken certificates each rejected with its kind.

use crate::common::setup;
use kinrow_board::{Attack, Candidates};
use kinrow_checker::{check, check_text, FlawKind, Proves};
use kinrow_format::parse_positions;
use kinrow_prover::certificate::draw::{
    write_draw_certificate, DrawCertificate, DrawError, DrawOptions,
};
use kinrow_prover::{Limits, Pns, PnsConfig, Problem};
use kinrow_reference::{adapt, attacker_wins_game, random_small_position, Rng, O, X};

fn draw(p: &Problem) -> Result<DrawCertificate, DrawError> {
    let mut prover = Pns::new(PnsConfig::default());
    write_draw_certificate(p, &mut prover, &Limits::default(), &DrawOptions::default())
}

/// The whole game of a random small position: x or o to move attacks.
fn random_whole_game(seed: u64) -> Option<(kinrow_reference::NaiveBoard, u8, Problem)> {
    let mut rng = Rng(seed);
    let (nb, to_move) = random_small_position(&mut rng, 4, 11);
    if nb.has_line(X) || nb.has_line(O) {
        return None;
    }
    let p = Problem {
        board: adapt::to_board(&nb, to_move),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    Some((nb, to_move, p))
}

#[test]
fn draw_certificates_agree_with_exhaustive_search() {
    let (mut draws, mut wins) = (0, 0);
    for seed in 0..400 {
        let Some((nb, to_move, p)) = random_whole_game(seed) else {
            continue;
        };
        let won = attacker_wins_game(&nb, to_move, to_move);
        match draw(&p) {
            Ok(cert) => {
                let text = cert.to_text();
                let report =
                    check(&setup(&p), &text).unwrap_or_else(|f| panic!("seed {seed}: {f}\n{text}"));
                assert!(!won, "seed {seed}: a draw certificate for a win");
                assert_eq!(report.proves, Proves::NoWin, "seed {seed}");
                assert_eq!(report.positions, cert.stats().nodes, "seed {seed}");
                assert_eq!(cert.stats().bytes, text.len() as u64, "seed {seed}");
                assert_eq!(cert.stats().lines, text.lines().count() as u64);
                draws += 1;
            }
            Err(DrawError::AttackerWins { .. }) => {
                assert!(won, "seed {seed}: no certificate for a no-win");
                wins += 1;
            }
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    assert!(draws >= 100 && wins >= 50, "{draws} draws, {wins} wins");
}

#[test]
fn other_games_get_no_draw_certificate() {
    let (_, _, p) = (0..).find_map(random_whole_game).unwrap();
    let cases = [
        Problem {
            candidates: Candidates::Near(1),
            ..p.clone()
        },
        Problem {
            attack: Attack::Threats,
            ..p.clone()
        },
        Problem {
            depth: Some(3),
            ..p.clone()
        },
    ];
    for q in cases {
        assert!(matches!(draw(&q), Err(DrawError::NotWholeGame(_))));
    }
}

/// The certificate of the named position of `file` (under `positions/`),
/// written and checked against the file's text.
fn mnk(file: &str, name: &str) -> (String, String) {
    let path = format!("{}/../../positions/{file}", env!("CARGO_MANIFEST_DIR"));
    let suite = std::fs::read_to_string(path).unwrap();
    let positions = parse_positions(&suite, "suite").unwrap();
    let position = positions.iter().find(|p| p.name == name).unwrap();
    let p = Problem::from(position);
    let text = draw(&p).unwrap().with_name(name).to_text();
    (suite, text)
}

#[test]
fn the_small_mnk_draws_have_certificates_that_check() {
    for (file, name) in [("mnk/k5.pos", "6x6-k5"), ("mnk/k4.pos", "5x5-k4")] {
        let (suite, text) = mnk(file, name);
        let report = check_text(&suite, "suite", &text).unwrap_or_else(|f| panic!("{name}: {f}"));
        assert_eq!(report.proves, Proves::NoWin);
    }
}

/// A small draw certificate with answered nodes and `hold` nodes of both
/// kinds (with pairs, and the potential alone), and its setup.
fn sample() -> (kinrow_checker::PlainPosition, Vec<String>) {
    for seed in 0.. {
        let Some((_, _, p)) = random_whole_game(seed) else {
            continue;
        };
        let Ok(cert) = draw(&p) else { continue };
        let text = cert.to_text();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let paired = lines
            .iter()
            .any(|l| l.contains(" hold ") && l.contains(','));
        if paired && cert.stats().nodes >= 4 {
            return (setup(&p), lines);
        }
    }
    unreachable!()
}

fn kind(setup: &kinrow_checker::PlainPosition, lines: &[String]) -> FlawKind {
    check(setup, &(lines.join("\n") + "\n")).unwrap_err().kind
}

/// Index of the first line of the DAG matching `f`.
fn find(lines: &[String], f: impl Fn(&str) -> bool) -> usize {
    let start = lines.iter().position(|l| l == "draw").unwrap();
    start + lines[start..].iter().position(|l| f(l)).unwrap()
}

#[test]
fn the_intact_sample_checks() {
    let (s, lines) = sample();
    assert!(check(&s, &(lines.join("\n") + "\n")).is_ok());
}

#[test]
fn a_missing_attacker_move_is_caught() {
    let (s, mut lines) = sample();
    let i = find(&lines, |l| l.contains(", "));
    let cut = lines[i].rfind(", ").unwrap();
    lines[i].truncate(cut);
    assert_eq!(kind(&s, &lines), FlawKind::UnansweredMove);
}

#[test]
fn a_pairing_with_a_shared_cell_is_caught() {
    let (s, mut lines) = sample();
    let i = find(&lines, |l| l.contains(" hold ") && l.contains(','));
    // The first pair's first cell, also put in the second pair.
    let words: Vec<String> = lines[i].split_whitespace().map(String::from).collect();
    let first = words[2].clone();
    let second = words[4].clone();
    lines[i] = lines[i].replacen(&format!(", {second} "), &format!(", {first} "), 1);
    assert_eq!(kind(&s, &lines), FlawKind::SharedPair, "{}", lines[i]);
}

#[test]
fn a_window_left_unpaired_is_caught() {
    let (s, mut lines) = sample();
    // Dropping every pair leaves windows to a potential too high (a
    // `hold` the writer wrote with pairs had no potential bound alone).
    let i = find(&lines, |l| l.contains(" hold ") && l.contains(','));
    let id = lines[i].split_whitespace().next().unwrap().to_string();
    lines[i] = format!("{id} hold");
    assert_eq!(kind(&s, &lines), FlawKind::StaticFails);
}

#[test]
fn a_wrong_potential_is_caught() {
    // 4x4, k 3, the empty board, x to move: the potential of its 24
    // windows is 24/8 = 3, far above 1/2, and x wins anyway.
    let text = "kinrow-certificate 1\nboard 4\nk 3\nrule freestyle\ncandidates all\n\
                attack any\nto-move x\n4 . . . .\n3 . . . .\n2 . . . .\n1 . . . .\n\
                  a b c d\ndraw\n0 hold\nend\n";
    let s = kinrow_checker::PlainPosition {
        width: 4,
        height: 4,
        k: 3,
        rule: kinrow_board::Rule::Freestyle,
        cells: vec![None; 16],
        to_move: kinrow_board::Player::X,
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    assert_eq!(check(&s, text).unwrap_err().kind, FlawKind::StaticFails);
}

#[test]
fn a_reply_on_an_occupied_cell_is_caught() {
    let (s, mut lines) = sample();
    let i = find(&lines, |l| l.contains(", "));
    // The first entry's reply replaced by its own move.
    let words: Vec<String> = lines[i].split_whitespace().map(String::from).collect();
    let (mv, reply) = (words[1].clone(), words[2].clone());
    lines[i] = lines[i].replacen(&format!(" {mv} {reply} "), &format!(" {mv} {mv} "), 1);
    assert_eq!(kind(&s, &lines), FlawKind::Occupied, "{}", lines[i]);
}

#[test]
fn a_node_for_another_position_is_caught() {
    let (s, mut lines) = sample();
    let i = find(&lines, |l| l.starts_with("0 "));
    // Every move of the root sent to the root itself.
    let entries: Vec<String> = lines[i][2..]
        .split(", ")
        .map(|e| {
            let w: Vec<&str> = e.split_whitespace().collect();
            match w.as_slice() {
                [m, r, n] if *n != "-" => format!("{m} {r} 0"),
                _ => e.to_string(),
            }
        })
        .collect();
    lines[i] = format!("0 {}", entries.join(", "));
    assert_eq!(kind(&s, &lines), FlawKind::WrongNode);
}

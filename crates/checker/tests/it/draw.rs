//! Draw certificates: written by the prover crate's draw writer for whole
//! games, replayed here. Random small whole games against exhaustive
//! search (a draw certificate checks exactly where the naive search finds
//! no win, and none is written where it finds one), the small m,n,k games
//! of `positions/mnk`, and broken certificates each rejected with its kind.

use crate::common::setup;
use kinrow_board::{Attack, Candidates};
use kinrow_checker::{check, check_text, CheckReport, FlawKind, Proves};
use kinrow_format::parse_positions;
use kinrow_prover::certificate::draw::{
    write_draw_certificate, DrawCertificate, DrawError, DrawOptions,
};
use kinrow_prover::{
    observe, Dfpn, DfpnConfig, Limits, Outcome, Pns, PnsConfig, Problem, Progress, Prover, Settled,
    Verdict,
};
use kinrow_reference::sweep::{full_sweeps, sweep};
use kinrow_reference::{adapt, attacker_wins_game, random_small_position, Rng, O, X};
use std::sync::Arc;

fn draw(p: &Problem) -> Result<DrawCertificate, DrawError> {
    draw_with(p, &mut Pns::new(PnsConfig::default()))
}

fn draw_with(p: &Problem, prover: &mut dyn Prover) -> Result<DrawCertificate, DrawError> {
    write_draw_certificate(p, prover, &Limits::default(), &DrawOptions::default())
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

/// The checker's report on `cert`, written for `p` (random seed `seed`,
/// `won` by exhaustive search), and its text: the certificate checks,
/// proves a no-win, and the game is none that the attacker wins.
fn checked_no_win(
    seed: u64,
    p: &Problem,
    won: bool,
    cert: &DrawCertificate,
) -> (CheckReport, String) {
    let text = cert.to_text();
    let report = check(&setup(p), &text).unwrap_or_else(|f| panic!("seed {seed}: {f}\n{text}"));
    assert!(!won, "seed {seed}: a draw certificate for a win");
    assert_eq!(report.proves, Proves::NoWin, "seed {seed}");
    (report, text)
}

#[test]
fn draw_certificates_agree_with_exhaustive_search() {
    draw_certificates_of(&mut Pns::new(PnsConfig::default()));
}

#[test]
fn draw_certificates_of_dfpn_with_its_table_kept_agree_with_exhaustive_search() {
    // The writer keeps df-pn's table from one question to the next.
    draw_certificates_of(&mut Dfpn::new(DfpnConfig::default()));
}

#[test]
fn draw_certificates_of_parallel_dfpn_with_its_table_kept_agree_with_exhaustive_search() {
    // On two threads the first question searches on both; the shared
    // table and the zone store of the questions after it are kept.
    draw_certificates_of(&mut Dfpn::new(DfpnConfig {
        threads: 2,
        ..DfpnConfig::default()
    }));
}

fn draw_certificates_of(prover: &mut dyn Prover) {
    let (mut draws, mut wins, mut defaults, mut copies) = (0, 0, 0, 0);
    for seed in 0..u64::from(sweep(400)) {
        let Some((nb, to_move, p)) = random_whole_game(seed) else {
            continue;
        };
        let won = attacker_wins_game(&nb, to_move, to_move);
        match draw_with(&p, prover) {
            Ok(cert) => {
                let (report, text) = checked_no_win(seed, &p, won, &cert);
                // Every node is checked at each position reaching it: at
                // least once where no default shares it.
                assert!(report.positions >= 1, "seed {seed}");
                defaults += u32::from(cert.stats().by_default > 0);
                copies += u32::from(cert.stats().reused > 0);
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
    assert!(
        draws >= sweep(100) && wins >= sweep(50) && defaults >= sweep(20) && copies >= sweep(10),
        "{draws} draws ({defaults} with a default entry, {copies} with a copied one), {wins} wins"
    );
}

/// PNS as the writer's oracle with the guides it hands over replaced:
/// `Some(liar)` is handed over first and says no-win of every position;
/// after it (or with `None`) none is.
struct Guided {
    pns: Pns,
    liar: Option<Liar>,
}

struct Liar;

impl Settled for Liar {
    fn settled(&self, _: &kinrow_board::Board) -> Option<Verdict> {
        Some(Verdict::NoWin)
    }
    fn expanded(&self, _: &kinrow_board::Board) -> bool {
        true
    }
}

impl Prover for Guided {
    fn name(&self) -> &'static str {
        "pns"
    }
    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        self.pns.prove(problem, limits)
    }
    fn take_settled(&mut self) -> Option<Box<dyn Settled + Send>> {
        self.pns.release();
        self.liar
            .take()
            .map(|l| Box::new(l) as Box<dyn Settled + Send>)
    }
}

#[test]
fn a_guide_that_lies_gets_no_wrong_certificate_written() {
    // The writer takes the guide's replies without asking the prover, but
    // writes every position after them to its end, as any other: a guide
    // that calls every position a no-win makes it commit to replies that
    // lose, which ends in an error, never in a certificate the checker
    // rejects or one for a won game (where every reply loses, and the
    // guide calls each a no-win).
    let (mut draws, mut wins) = (0, 0);
    for seed in 0..u64::from(sweep(400)) {
        let Some((nb, to_move, p)) = random_whole_game(seed) else {
            continue;
        };
        let won = attacker_wins_game(&nb, to_move, to_move);
        let mut guided = Guided {
            pns: Pns::new(PnsConfig::default()),
            liar: Some(Liar),
        };
        match draw_with(&p, &mut guided) {
            Ok(cert) => {
                checked_no_win(seed, &p, won, &cert);
                draws += 1;
            }
            // A no-win may be refused too: a lie can commit the writer to
            // a reply that loses.
            Err(DrawError::AttackerWins { .. }) => wins += u32::from(won),
            Err(e) => panic!("seed {seed}: {e}"),
        }
    }
    assert!(
        draws >= sweep(50) && wins >= sweep(50),
        "{draws} written, {wins} wins refused"
    );
}

#[test]
fn the_searches_guide_the_writer() {
    // The replies PNS's searches (the root's, then each call's) refuted
    // each move with are taken without asking again: fewer prover calls
    // and fewer nodes than the writer makes on its own, on 5x5 k=4 (an
    // empty board's whole game).
    let p = mnk_problem("mnk/k4.pos", "5x5-k4");
    let guided = draw(&p).unwrap();
    let mut alone = Guided {
        pns: Pns::new(PnsConfig::default()),
        liar: None,
    };
    let unguided = draw_with(&p, &mut alone).unwrap();
    let (g, u) = (guided.stats().prover_calls, unguided.stats().prover_calls);
    assert!(g * 4 < u, "{g} prover calls guided, {u} unguided");
    let (g, u) = (guided.stats().nodes, unguided.stats().nodes);
    assert!(g * 2 < u, "{g} nodes guided, {u} unguided");
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

/// The text of `file` (under `positions/`).
fn suite(file: &str) -> String {
    let path = format!("{}/../../positions/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap()
}

/// The named position of `file` (under `positions/`).
fn mnk_problem(file: &str, name: &str) -> Problem {
    let positions = parse_positions(&suite(file), "suite").unwrap();
    Problem::from(positions.iter().find(|p| p.name == name).unwrap())
}

/// The certificate of the named position of `file` (under `positions/`),
/// written and checked against the file's text.
fn mnk(file: &str, name: &str) -> (String, String) {
    let text = draw(&mnk_problem(file, name))
        .unwrap()
        .with_name(name)
        .to_text();
    (suite(file), text)
}

#[test]
fn the_writer_shows_the_nodes_it_wrote() {
    // `solve --progress` prints them while a certificate is written.
    let progress = Arc::new(Progress::default());
    let p = mnk_problem("mnk/k5.pos", "6x6-k5");
    let cert = observe(&progress, || draw(&p)).unwrap();
    assert!(cert.stats().nodes > 10);
    assert_eq!(progress.written(), Some(cert.stats().nodes));
}

#[test]
fn the_small_mnk_draws_have_certificates_that_check() {
    // 5x5 k=4 (190 K positions, 12.6 MB) only in the full sweeps.
    let mut boards = vec![("mnk/k5.pos", "6x6-k5")];
    if full_sweeps() {
        boards.push(("mnk/k4.pos", "5x5-k4"));
    }
    for (file, name) in boards {
        let (suite, text) = mnk(file, name);
        let report = check_text(&suite, "suite", &text).unwrap_or_else(|f| panic!("{name}: {f}"));
        assert_eq!(report.proves, Proves::NoWin);
    }
}

/// The byte range of the pairs of the first static draw of `line` (a
/// `hold` node or a `MOVE hold PAIRS` entry) with two pairs or more.
fn pairs_span(line: &str) -> Option<(usize, usize)> {
    let mut from = 0;
    while let Some(i) = line[from..].find(" hold ") {
        let start = from + i + " hold ".len();
        let end = line[start..].find(',').map_or(line.len(), |j| start + j);
        if line[start..end].split_whitespace().count() >= 2 {
            return Some((start, end));
        }
        from = start;
    }
    None
}

/// A small draw certificate with answered nodes and a static draw of two
/// pairs or more and a default entry, and its setup.
fn sample() -> (kinrow_checker::PlainPosition, Vec<String>) {
    for seed in 0.. {
        let Some((_, _, p)) = random_whole_game(seed) else {
            continue;
        };
        let Ok(cert) = draw(&p) else { continue };
        let text = cert.to_text();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let paired = lines.iter().any(|l| pairs_span(l).is_some());
        let default = lines.iter().any(|l| l.contains(", * "));
        if paired && default && cert.stats().nodes >= 4 {
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
    let i = find(&lines, |l| pairs_span(l).is_some());
    let (start, end) = pairs_span(&lines[i]).unwrap();
    // The second pair's first cell replaced by the first pair's.
    let mut pairs: Vec<String> = lines[i][start..end]
        .split_whitespace()
        .map(String::from)
        .collect();
    let first = pairs[0].split_once(':').unwrap().0.to_string();
    let mate = pairs[1].split_once(':').unwrap().1.to_string();
    pairs[1] = format!("{first}:{mate}");
    lines[i].replace_range(start..end, &pairs.join(" "));
    assert_eq!(kind(&s, &lines), FlawKind::SharedPair, "{}", lines[i]);
}

#[test]
fn a_window_left_unpaired_is_caught() {
    let (s, mut lines) = sample();
    // Dropping every pair leaves windows to a potential too high (the
    // writer gives pairs only where the potential alone does not hold).
    let i = find(&lines, |l| pairs_span(l).is_some());
    let (start, end) = pairs_span(&lines[i]).unwrap();
    lines[i].replace_range(start - 1..end, "");
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
    // The first entry with a reply: the reply replaced by its own move.
    let entry = |l: &str| {
        let body = l.split_once(' ')?.1;
        body.split(", ")
            .find_map(|e| match e.split_whitespace().collect::<Vec<_>>()[..] {
                [m, r, _] if r != "hold" => Some((m.to_string(), r.to_string())),
                _ => None,
            })
    };
    let i = find(&lines, |l| entry(l).is_some());
    let (mv, reply) = entry(&lines[i]).unwrap();
    lines[i] = lines[i].replacen(&format!(" {mv} {reply} "), &format!(" {mv} {mv} "), 1);
    assert_eq!(kind(&s, &lines), FlawKind::Occupied, "{}", lines[i]);
}

#[test]
fn a_node_replayed_at_another_position_is_checked_there() {
    let (s, mut lines) = sample();
    let i = find(&lines, |l| l.starts_with("0 "));
    // Every move of the root sent to the root itself.
    let entries: Vec<String> = lines[i][2..]
        .split(", ")
        .map(|e| {
            let w: Vec<&str> = e.split_whitespace().collect();
            match w.as_slice() {
                [m, r, n] if *n != "-" && *r != "hold" => format!("{m} {r} 0"),
                _ => e.to_string(),
            }
        })
        .collect();
    lines[i] = format!("0 {}", entries.join(", "));
    // The root's own moves are stones there.
    assert_eq!(kind(&s, &lines), FlawKind::Occupied);
}

/// 6x1, k 3, empty, x to move, with the draw `body`.
fn six_by_one(body: &str) -> (kinrow_checker::PlainPosition, String) {
    let text = format!(
        "kinrow-certificate 1\nboard 6x1\nk 3\nrule freestyle\ncandidates all\n\
         attack any\nto-move x\n1 . . . . . .\n  a b c d e f\ndraw\n{body}\nend\n"
    );
    let s = kinrow_checker::PlainPosition {
        width: 6,
        height: 1,
        k: 3,
        rule: kinrow_board::Rule::Freestyle,
        cells: vec![None; 6],
        to_move: kinrow_board::Player::X,
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    (s, text)
}

#[test]
fn the_bound_is_one_half_with_the_attacker_to_move() {
    // Four live windows of three empty cells: 4/8, not below 1/2.
    let (s, text) = six_by_one("0 hold");
    assert_eq!(check(&s, &text).unwrap_err().kind, FlawKind::StaticFails);
}

#[test]
fn the_bound_is_one_with_the_defender_to_move() {
    // After c1 the live windows are a-c, b-d and c-e (d-f needs three of
    // x's two stones left): 3/4, below 1; after the others less.
    let (s, text) = six_by_one("0 a1 hold, b1 hold, c1 hold, d1 hold, e1 hold, f1 hold");
    let report = check(&s, &text).unwrap();
    assert_eq!((report.positions, report.static_leaves), (1, 6));
    // After c1 the pair d1:e1 serves c-e and leaves a-c and b-d to the
    // potential on a1 b1 f1: 1/4 + 1/2. A cell twice is refused.
    let (s, text) = six_by_one("0 a1 hold, b1 hold, c1 hold d1:e1, d1 hold, e1 hold, f1 hold");
    assert!(check(&s, &text).is_ok());
    let (s, text) = six_by_one("0 a1 hold, b1 hold, c1 hold a1:a1, d1 hold, e1 hold, f1 hold");
    assert_eq!(check(&s, &text).unwrap_err().kind, FlawKind::SharedPair);
}

/// The first reference under a symmetry in the DAG of `text`: its line
/// index, the byte range of `/S` in it, and `S`.
fn first_mirrored(lines: &[String]) -> (usize, std::ops::Range<usize>, String) {
    let i = find(lines, |l| l.contains('/'));
    let slash = lines[i].find('/').unwrap();
    let end = lines[i][slash..]
        .find(',')
        .map_or(lines[i].len(), |j| slash + j);
    (i, slash..end, lines[i][slash + 1..end].to_string())
}

#[test]
fn mirror_images_refer_to_one_node() {
    let (suite, text) = mnk("mnk/k5.pos", "6x6-k5");
    // Quarter turns (`tx`, `ty`) are not their own inverses: a checker
    // that mapped the wrong way would refuse them.
    let names: std::collections::BTreeSet<&str> = text
        .split([' ', ','])
        .filter_map(|w| Some(w.split_once('/')?.1))
        .collect();
    for s in ["x", "y", "tx", "ty"] {
        assert!(names.contains(s), "no reference /{s}: {names:?}");
    }
    let report = check_text(&suite, "suite", &text).unwrap();
    assert_eq!(report.proves, Proves::NoWin);
    // The first `/S` refers to a node checked before (the writer numbers
    // nodes in the order of the walk), at another position: without the
    // symmetry it is replayed at the unmapped position, where it fails, and
    // so with a symmetry whose image differs.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let (i, span, s) = first_mirrored(&lines);
    let setup_text = |lines: &[String]| lines.join("\n") + "\n";
    let mut plain = lines.clone();
    plain[i].replace_range(span.clone(), "");
    let flaw = check_text(&suite, "suite", &setup_text(&plain)).unwrap_err();
    assert_ne!(flaw.kind, FlawKind::Malformed, "{}", plain[i]);
    let mut refused = 0;
    for other in ["x", "y", "xy", "t", "tx", "ty", "txy"] {
        if other != s {
            lines[i].replace_range(span.clone(), &format!("/{other}"));
            refused += u32::from(check_text(&suite, "suite", &setup_text(&lines)).is_err());
            lines[i] = text.lines().nth(i).unwrap().to_string();
        }
    }
    assert!(refused >= 1, "every other symmetry accepted");
}

#[test]
fn a_symmetry_the_board_lacks_or_misspelt_is_refused() {
    // `t` on a 6x1 board, and names out of order or unknown.
    for next in ["1/t", "1/tx", "1/yx", "1/z", "1/", "-/x"] {
        let (s, text) = six_by_one(&format!("0 a1 f1 {next}\n1 hold"));
        assert_eq!(
            check(&s, &text).unwrap_err().kind,
            FlawKind::Malformed,
            "{next}"
        );
    }
}

#[test]
fn a_default_entry_answers_every_move_without_its_own() {
    // Each of the six moves is answered by a static draw, written once.
    let (s, text) = six_by_one("0 * hold");
    let report = check(&s, &text).unwrap();
    assert_eq!((report.attacker_moves, report.static_leaves), (6, 6));
    let (s, text) = six_by_one("0 c1 hold d1:e1, * hold");
    assert!(check(&s, &text).is_ok());
    // The default is played at each move it answers: here only f1, which
    // its reply names too.
    let (s, text) = six_by_one("0 a1 hold, b1 hold, c1 hold, d1 hold, e1 hold, * f1 1\n1 hold");
    let flaw = check(&s, &text).unwrap_err();
    assert_eq!(flaw.kind, FlawKind::Occupied);
    assert_eq!(flaw.path.len(), 2);
    // At most one default.
    let (s, text) = six_by_one("0 * hold, a1 hold, * hold");
    assert_eq!(check(&s, &text).unwrap_err().kind, FlawKind::Malformed);
}

#[test]
fn a_dropped_default_leaves_moves_unanswered() {
    let (s, mut lines) = sample();
    let i = find(&lines, |l| l.contains(", * "));
    let cut = lines[i].find(", * ").unwrap();
    lines[i].truncate(cut);
    assert_eq!(kind(&s, &lines), FlawKind::UnansweredMove);
}

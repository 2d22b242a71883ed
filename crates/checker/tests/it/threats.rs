//! Threat-space certificates: written by the prover crate's threat-space
//! writer (its replies proved by `vct`) for `no-threat-win`s, replayed
//! here. Random small positions against the naive threat space of
//! `kinrow-reference` (a certificate checks exactly where the naive
//! search finds no threat-space win, and none is written where it finds
//! one), renju positions, and tampered certificates each refused with its
//! kind and the line at fault.

use crate::common::{join, lines, setup};
use kinrow_board::{Attack, Candidates, Cell, SearchBoard};
use kinrow_checker::{check, check_with_threat_limit, FlawKind, Proves};
use kinrow_format::parse_positions;
use kinrow_prover::certificate::threats::{
    write_threat_certificate, ThreatCertError, ThreatCertificate, ThreatOptions,
};
use kinrow_prover::space::ThreatLimit;
use kinrow_prover::{Limits, PnsConfig, Problem, Prover, Vct, Verdict};
use kinrow_reference::sweep::sweep;
use kinrow_reference::threat_space::threat_space_wins_within;
use kinrow_reference::{adapt, random_stones, Rng, O, X};

/// The certificate of a no-threat-win of `p` within `limit`, its replies
/// proved by `vct` within the same limit.
fn write(p: &Problem, limit: Option<u32>) -> Result<ThreatCertificate, ThreatCertError> {
    let within = ThreatLimit::from_fours(limit);
    let mut vct = Vct::prover_within(PnsConfig::default(), within);
    write_threat_certificate(
        p,
        within,
        &mut vct,
        &Limits::default(),
        &ThreatOptions::default(),
    )
}

/// The horizons and limits of most random cases.
const ANY: (&[u32], &[Option<u32>]) = (&[5, 7], &[None, Some(1), Some(2)]);

/// A random small position (k 4 or 5, freestyle or exact, every cell a
/// candidate) with a short horizon and a threat limit, and whether the
/// naive threat space finds a win there; `None` where the attacker has a
/// winning cell or a side a line, or the naive search cannot afford it.
fn random_case(
    rng: &mut Rng,
    case: u32,
    (depths, limits): (&[u32], &[Option<u32>]),
) -> Option<(Problem, Option<u32>, bool)> {
    let (w, h, k) = [(6, 6, 4), (7, 6, 4), (7, 7, 5), (8, 7, 5)][case as usize % 4];
    let exact = rng.chance(1, 3);
    let stones = rng.range(3, if k == 4 { 10 } else { 14 });
    let nb = random_stones(rng, w, h, k, exact, stones);
    let to_move = if rng.chance(1, 2) { X } else { O };
    let depth = depths[rng.range(0, depths.len() - 1)];
    let limit = limits[rng.range(0, limits.len() - 1)];
    if !nb.winning_cells(to_move).is_empty() || nb.has_line(X) || nb.has_line(O) {
        return None;
    }
    let want = threat_space_wins_within(&mut nb.clone(), to_move, depth, limit, 300_000)?;
    let problem = Problem {
        board: adapt::to_board(&nb, to_move),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: Some(depth),
    };
    Some((problem, limit, want))
}

/// A certificate is written exactly where the naive threat space finds no
/// win, and the checker accepts each, as a no-threat-win of the limit
/// written; where the naive search finds a win the writer says the
/// attacker wins. Fails if the writer leaves out a move that needs an
/// answer (shown: the writer's threat test with a VCF two plies shorter
/// than the space's, caught as an unanswered move).
#[test]
fn threat_certificates_agree_with_the_naive_threat_space() {
    let mut rng = Rng(0x7EA7_CE27);
    let (mut written, mut wins, mut answered) = (0, 0, 0);
    for case in 0..sweep(300) {
        let Some((p, limit, want)) = random_case(&mut rng, case, ANY) else {
            continue;
        };
        let what = format!("case {case}: {:?} limit {limit:?}", p.board);
        match write(&p, limit) {
            Ok(cert) => {
                assert!(!want, "{what}: a certificate for a threat-space win");
                let text = cert.to_text();
                let report = check_with_threat_limit(&setup(&p), limit, &text)
                    .unwrap_or_else(|f| panic!("{what}: {f}\n{text}"));
                assert_eq!(
                    report.proves,
                    Proves::NoThreatWin {
                        threat_limit: limit
                    }
                );
                assert_eq!(cert.stats().bytes, text.len() as u64, "{what}");
                assert_eq!(cert.stats().lines, text.lines().count() as u64, "{what}");
                answered += u32::from(report.attacker_moves > 0);
                written += 1;
            }
            Err(ThreatCertError::AttackerWins { .. }) => {
                assert!(want, "{what}: no certificate for a no-threat-win");
                wins += 1;
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
    assert!(
        written >= sweep(40) && answered >= sweep(20) && wins >= sweep(10),
        "{written} written ({answered} answering a move), {wins} wins"
    );
}

/// Renju positions of `positions/renju-puzzles` whose win `vct` finds in
/// `plies` plies, asked with a horizon two plies short of it: a
/// no-threat-win there, whose certificate the checker accepts (x's
/// forbidden points and the defender's pass, under its own renju rules).
#[test]
fn renju_threat_certificates_check() {
    for name in ["vcf_black", "vcf_white", "vct_black", "vct_white"] {
        let (p, limit, text) = renju_certificate(name);
        let report = check_with_threat_limit(&setup(&p), limit, &text)
            .unwrap_or_else(|f| panic!("{name}: {f}\n{text}"));
        assert!(report.attacker_moves > 0, "{name}");
    }
}

/// The renju puzzle `name` of `positions/renju-puzzles` (its renju
/// position) with a horizon two plies short of `vct`'s win, its limit
/// and its threat-space certificate.
fn renju_certificate(name: &str) -> (Problem, Option<u32>, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../positions/renju-puzzles");
    let text = std::fs::read_to_string(format!("{dir}/{name}.pos")).unwrap();
    let pos = parse_positions(&text, name).unwrap();
    let pos = pos
        .iter()
        .find(|p| p.name.ends_with("renju"))
        .unwrap_or(&pos[0]);
    let mut p = Problem::from(pos);
    let limit = pos.threat_limit;
    let mut vct = Vct::prover_within(PnsConfig::default(), ThreatLimit::from_fours(limit));
    let plies = vct.prove(&p, &Limits::default()).plies.expect("a win");
    p.depth = Some(plies - 2);
    let out = vct.prove(&p, &Limits::default());
    assert_eq!(out.verdict, Verdict::NoThreatWin, "{name}");
    let cert = write(&p, limit).unwrap_or_else(|e| panic!("{name}: {e}"));
    (p, limit, cert.to_text())
}

/// A certificate of the random cases whose DAG answers at least `n`
/// attacker moves, with its problem and limit.
fn answering(n: u64, limit_wanted: Option<u32>) -> (Problem, Option<u32>, String) {
    let mut rng = Rng(0x7A_3BE2);
    for case in 0..2000 {
        let Some((p, limit, false)) = random_case(&mut rng, case, ANY) else {
            continue;
        };
        if limit != limit_wanted {
            continue;
        }
        let cert = write(&p, limit).expect("a no-threat-win");
        if cert.stats().answered - cert.stats().by_default >= n {
            return (p, limit, cert.to_text());
        }
    }
    panic!("no certificate answering {n} moves");
}

/// The index of the first node line with an explicit entry.
fn node_with_entry(text: &[String]) -> usize {
    let start = text.iter().position(|l| l.starts_with("threats ")).unwrap() + 1;
    (start..text.len())
        .find(|&i| {
            let entries = text[i].split_once(' ').map_or("", |(_, e)| e);
            entries != "-" && entries.split(", ").any(|e| !e.starts_with('*'))
        })
        .expect("a node with an entry")
}

/// Checks `text` against `p` within `limit`: the flaw.
fn refused(p: &Problem, limit: Option<u32>, text: &str) -> kinrow_checker::Flaw {
    match check_with_threat_limit(&setup(p), limit, text) {
        Ok(r) => panic!("accepted a tampered certificate ({r})\n{text}"),
        Err(f) => f,
    }
}

/// A defender's reply taken out (its entry removed, no default to answer
/// the move): an unanswered move, at the node's line. Fails if the checker
/// lets a move of the space with no entry and no default go (shown:
/// `continue` there; the certificate was then refused for another reason,
/// a default reply on the move's own cell, not as an unanswered move).
#[test]
fn a_removed_reply_is_refused_at_its_line() {
    let (p, limit, text) = answering(1, None);
    let mut text = lines(&text);
    let i = node_with_entry(&text);
    let (no, entries) = text[i].split_once(' ').unwrap();
    let kept: Vec<&str> = entries.split(", ").filter(|e| e.starts_with('*')).collect();
    text[i] = format!(
        "{no} {}",
        if kept.is_empty() {
            "-".into()
        } else {
            kept.join(", ")
        }
    );
    let flaw = refused(&p, limit, &join(&text));
    assert_eq!(flaw.kind, FlawKind::UnansweredMove, "{flaw}");
    assert_eq!(flaw.line, Some(i + 1), "{flaw}");
}

/// A reply to a four changed to any other cell (but a winning cell of the
/// defender's): the attacker then has a winning cell, and the certificate
/// is refused at a node's line (mostly as an unanswered move: the node
/// after the reply was written for the blocked position). Each root entry
/// whose move is a four, on the
/// random certificates, with every other empty cell as its reply. Fails
/// if the checker does not check the node after a reply (shown: the visit
/// of `NEXT` skipped). Removing the check that the attacker has no winning
/// cell at a node, and that no answered move completes a line, was not
/// enough: the finder then finds the attacker's new fours unanswered.
#[test]
fn a_wrong_reply_is_refused() {
    let mut rng = Rng(0x3B_0C);
    let (mut fours, mut refusals) = (0, 0);
    for case in 0..sweep(200) {
        let Some((p, limit, false)) = random_case(&mut rng, case, ANY) else {
            continue;
        };
        let text = lines(&write(&p, limit).expect("a no-threat-win").to_text());
        let root = text.iter().position(|l| l.starts_with("threats ")).unwrap() + 1;
        let g = p.board.game().geometry();
        let named = |name: &str| {
            g.cells()
                .iter()
                .map(Cell::from_index)
                .find(|&c| g.name(c) == name)
                .expect("a cell")
        };
        let entries = text[root].split_once(' ').unwrap().1.to_string();
        for entry in entries
            .split(", ")
            .filter(|e| e.contains(' ') && !e.starts_with('*'))
        {
            let words: Vec<&str> = entry.split(' ').collect();
            let (mv, reply) = (words[0], words[1]);
            let mut after = SearchBoard::from(p.board.clone());
            let attacker = after.to_move();
            after.play(named(mv));
            if after.winning_cells(attacker).count() != 1 {
                continue;
            }
            fours += 1;
            let theirs = after.winning_cells(attacker.other());
            for c in g.cells().iter().map(Cell::from_index) {
                if g.name(c) == reply || after.stone_at(c).is_some() || theirs.contains(c.index()) {
                    continue;
                }
                let mut tampered = text.clone();
                tampered[root] = text[root].replacen(
                    &format!("{mv} {reply} "),
                    &format!("{mv} {} ", g.name(c)),
                    1,
                );
                let flaw = refused(&p, limit, &join(&tampered));
                assert!(flaw.line.is_some(), "{flaw}");
                refusals += 1;
            }
        }
    }
    assert!(
        fours >= sweep(10) && refusals >= 50,
        "{fours} fours, {refusals} refusals"
    );
}

/// The `threats` line changed: against the limit asked, a wrong position
/// at that line; checked as written, a certificate for threats of at most
/// one four does not hold for threats of any length where those win.
/// Fails if `check_with_threat_limit` does not compare the line with the
/// limit asked (shown: the comparison taken out).
#[test]
fn a_changed_threat_limit_is_refused() {
    let (p, _, text) = answering(1, Some(1));
    let i = text
        .lines()
        .position(|l| l == "threats 1")
        .expect("a threats line");
    let any = text.replacen("threats 1\n", "threats any\n", 1);
    let flaw = refused(&p, Some(1), &any);
    assert_eq!(flaw.kind, FlawKind::WrongPosition, "{flaw}");
    assert_eq!(flaw.line, Some(i + 1), "{flaw}");
    let two = text.replacen("threats 1\n", "threats 2\n", 1);
    assert_eq!(refused(&p, Some(1), &two).kind, FlawKind::WrongPosition);
    // Where a longer threat wins, the limit-1 strategy fails under `any`:
    // random positions where `vct` wins with any threat and not with
    // threats of one four (the prover's answers, compared with the naive
    // threat space in the prover's tests, pick the cases).
    let mut rng = Rng(0x11_317);
    let mut caught = 0;
    for case in 0..4000 {
        let (w, h, k) = [(7, 7, 4), (8, 8, 5), (9, 9, 5)][case % 3];
        let stones = rng.range(4, 14);
        let nb = random_stones(&mut rng, w, h, k, false, stones);
        let to_move = if rng.chance(1, 2) { X } else { O };
        if !nb.winning_cells(to_move).is_empty() || nb.has_line(X) || nb.has_line(O) {
            continue;
        }
        let p = Problem {
            board: adapt::to_board(&nb, to_move),
            candidates: Candidates::Near(2),
            attack: Attack::Any,
            depth: Some(9),
        };
        let verdict = |limit| {
            Vct::prover_within(PnsConfig::default(), ThreatLimit::from_fours(limit))
                .prove(&p, &Limits::default())
                .verdict
        };
        if verdict(Some(1)) != Verdict::NoThreatWin || verdict(None) != Verdict::Win {
            continue;
        }
        let text = write(&p, Some(1)).unwrap().to_text();
        // As written (near 2: the checker's candidates are its own), it
        // checks.
        check_with_threat_limit(&setup(&p), Some(1), &text)
            .unwrap_or_else(|f| panic!("case {case}: {f}\n{text}"));
        let any = text.replacen("threats 1\n", "threats any\n", 1);
        let flaw = check(&setup(&p), &any).expect_err("a limit-1 strategy under `any`");
        assert!(flaw.line.is_some(), "{flaw}");
        caught += 1;
        if caught == sweep(10) {
            break;
        }
    }
    eprintln!("{caught} limit-1 certificates refused under `threats any`");
    assert!(caught >= 1, "no case wins only with longer threats");
}

/// The rule changed in the header: a wrong position at the check
/// against the position, for a random freestyle or exact certificate and
/// for a renju one made freestyle. Fails if the header's rule is not
/// compared (shown: the position's rule compared with itself).
#[test]
fn a_changed_rule_is_refused() {
    let (p, limit, text) = answering(1, None);
    let rule = text
        .lines()
        .find(|l| l.starts_with("rule "))
        .expect("a rule line")
        .to_string();
    let other = if rule == "rule exact" {
        "rule freestyle"
    } else {
        "rule exact"
    };
    let changed = text.replacen(&format!("{rule}\n"), &format!("{other}\n"), 1);
    let flaw = refused(&p, limit, &changed);
    assert_eq!(flaw.kind, FlawKind::WrongPosition, "{flaw}");
    assert!(flaw.detail.contains("rule"), "{flaw}");
    let (p, limit, text) = renju_certificate("vcf_black");
    let changed = text.replacen("rule renju\n", "rule freestyle\n", 1);
    let flaw = refused(&p, limit, &changed);
    assert_eq!(flaw.kind, FlawKind::WrongPosition, "{flaw}");
    assert!(flaw.detail.contains("rule"), "{flaw}");
}

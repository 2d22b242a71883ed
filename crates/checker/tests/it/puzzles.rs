//! Every puzzle of `positions/` that expects a win (and is not marked
//! slow) gets a certificate from AND-OR and from PNS that checks against
//! its own file.

use kinrow_board::{Attack, Rule};
use kinrow_checker::{check_text, FlawKind};
use kinrow_format::{parse_positions, Expect, Position};
use kinrow_prover::certificate::write_certificate;
use kinrow_prover::{
    AndOr, AndOrConfig, Auto, DbSearch, Dfpn, DfpnConfig, Limits, Pns, PnsConfig, Problem, Prover,
    Verdict,
};
use std::path::PathBuf;

/// Writes with `prover` and checks the certificates of the puzzles of one
/// folder that it settles within a node budget (those of `only`, when
/// given; else those with a horizon of at most 13 plies, or VCFs); returns
/// how many were checked.
fn certify_folder(folder: &str, prover: &mut dyn Prover, max_nodes: Option<u64>) -> usize {
    certify(folder, prover, max_nodes, None)
}

fn certify(
    folder: &str,
    prover: &mut dyn Prover,
    max_nodes: Option<u64>,
    only: Option<&dyn Fn(&Position) -> bool>,
) -> usize {
    certify_with(folder, prover, max_nodes, only, false)
}

/// [`certify`] of the puzzles `only` chooses, those marked slow included,
/// within 200,000 nodes each.
fn certify_slow(folder: &str, prover: &mut dyn Prover, only: &dyn Fn(&Position) -> bool) -> usize {
    certify_with(folder, prover, Some(200_000), Some(only), true)
}

fn certify_with(
    folder: &str,
    prover: &mut dyn Prover,
    max_nodes: Option<u64>,
    only: Option<&dyn Fn(&Position) -> bool>,
    slow_too: bool,
) -> usize {
    let budget = Limits {
        max_nodes,
        ..Limits::default()
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../positions")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pos"))
        .collect();
    files.sort();
    let mut checked = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for pos in parse_positions(&text, "file").unwrap() {
            // Only the threat space searches renju: the others refuse it.
            if prover.accepts(&Problem::from(&pos)).is_err()
                || (pos.slow.is_some() && !slow_too)
                || pos.expect != Some(Expect::Win)
            {
                continue;
            }
            let chosen = match only {
                Some(only) => only(&pos),
                None => pos.depth.is_none_or(|d| d <= 13) || pos.attack == Attack::Fours,
            };
            if !chosen {
                continue;
            }
            let problem = Problem::from(&pos);
            // Puzzles this prover does not settle within a node budget are
            // left to `kinrow verify`; the caller asserts a floor.
            if prover.prove(&problem, &budget).verdict == Verdict::Unknown {
                continue;
            }
            let cert = write_certificate(&problem, prover, &Limits::default())
                .unwrap_or_else(|e| panic!("{}: {e}", pos.name))
                .with_name(&pos.name);
            let proof = cert.to_text();
            let report = check_text(&text, "file", &proof)
                .unwrap_or_else(|f| panic!("{}: {f}\n{proof}", pos.name));
            let stats = cert.stats();
            assert_eq!(report.attacker_moves, stats.attacker_moves, "{}", pos.name);
            assert_eq!(report.longest_line, stats.longest_line, "{}", pos.name);
            if let Some(d) = pos.depth {
                assert!(report.longest_line <= d, "{}", pos.name);
            }
            // The first move is one of the puzzle's solutions.
            let first = proof.lines().skip_while(|l| *l != "tree").nth(1).unwrap();
            let g = *pos.board.game().geometry();
            if !pos.solution.is_empty() {
                let names: Vec<String> = pos.solution.iter().map(|&c| g.name(c)).collect();
                assert!(names.iter().any(|n| n == first), "{}: {first}", pos.name);
            }
            // In a suite, a certificate naming another puzzle is refused (a
            // file of one position is checked against that position).
            if parse_positions(&text, "file").unwrap().len() > 1 {
                let renamed = proof.replacen(&format!("[{}]", pos.name), "[no such puzzle]", 1);
                let flaw = check_text(&text, "file", &renamed).unwrap_err();
                assert_eq!(flaw.kind, FlawKind::WrongPosition, "{}", pos.name);
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn renju_puzzle_certificates_check() {
    // 3 VCF and 5 VCT cases under both rules; on 15x15 with `candidates
    // all`, the certificates stay under 70 lines thanks to `*` lines while
    // they stand for up to 130,000 attacker moves.
    let mut and_or = AndOr::new(AndOrConfig::default());
    assert!(certify_folder("renju-puzzles", &mut and_or, Some(250_000)) >= 16);
    let mut pns = Pns::new(PnsConfig::default());
    assert!(certify_folder("renju-puzzles", &mut pns, Some(250_000)) >= 16);
}

#[test]
fn certificates_of_long_renju_wins_from_the_default_prover_check() {
    // 11- to 17-ply wins that only the threat space proves in seconds; the
    // certificates list every defender reply, and check.
    let names = [
        "vct_game_black_l05_3",
        "vct_game_black_l07_3",
        "vct_game_black_l08_2",
    ];
    let mut auto = Auto::default();
    let chosen = |p: &Position| names.iter().any(|n| p.name.starts_with(n));
    let checked = certify("renju-puzzles", &mut auto, None, Some(&chosen));
    // Freestyle, exact and renju.
    assert_eq!(checked, 3 * names.len());
}

#[test]
fn renju_rule_certificates_from_the_threat_space_check() {
    // The quintet cases under renju that the default prover settles within
    // the budget, with a horizon of at most 13 plies or fours only: x's
    // moves never on a forbidden point, o's wins through them, every legal
    // reply of x answered. The checker knows renju with its own code.
    let mut auto = Auto::default();
    let chosen = |p: &Position| {
        p.board.game().rule() == Rule::Renju
            && (p.depth.is_none_or(|d| d <= 11) || p.attack == Attack::Fours)
    };
    let checked = certify("renju-puzzles", &mut auto, Some(2_000_000), Some(&chosen));
    assert!(checked >= 20, "{checked}");
}

#[test]
fn db_search_certificates_check() {
    // The db-search prover's wins on the renju puzzles within a node
    // budget (it proves few of the short ones: most need moves no plan
    // gives), and `vct_unstable` under every rule, a 25-ply win no other
    // prover finds within seconds: certificates of about two million
    // positions, written as `*` lines.
    let mut db = DbSearch::default();
    let checked = certify_folder("renju-puzzles", &mut db, Some(200_000));
    assert!(checked >= 10, "{checked}");
    let unstable = |p: &Position| p.name.starts_with("vct_unstable-");
    assert_eq!(certify_slow("renju-puzzles", &mut db, &unstable), 3);
}

#[test]
fn mnk_win_certificates_check() {
    // Empty boards (and one three-stone position) won without a horizon,
    // 6x5 and 5x6 k 4 the largest: about 1,500 lines each, 2 M AND-OR
    // nodes. The node budget leaves out 9x4 and 10x4 k 4, whose proofs
    // take millions of nodes: `kinrow verify` settles those in CI.
    let mut and_or = AndOr::new(AndOrConfig::default());
    assert_eq!(
        certify_folder("mnk", &mut and_or, Some(MNK_AND_OR_NODES)),
        7
    );
}

#[test]
fn mnk_win_certificates_of_pns_check() {
    // 9x4 and 10x4 k 4 take PNS 2.9 M and 5.6 M nodes: left out.
    let mut pns = Pns::new(PnsConfig::default());
    assert_eq!(certify_folder("mnk", &mut pns, Some(MNK_PNS_NODES)), 7);
}

/// Node budgets of the mnk certificate tests: enough for 6x5 k 4 (AND-OR
/// 1.99 M nodes, PNS 3.4 K), too few for 9x4 k 4.
const MNK_AND_OR_NODES: u64 = 4_000_000;
const MNK_PNS_NODES: u64 = 1_000_000;

#[test]
fn bench_win_certificates_check() {
    // The fixed benchmark suite: wins of 3 to 25 plies on 15x15 (AND-OR
    // only: PNS's certificates of the same wins take minutes to write).
    let mut and_or = AndOr::new(AndOrConfig::default());
    assert_eq!(certify_folder("bench", &mut and_or, None), 10);
}

#[test]
fn win_certificates_of_parallel_dfpn_check() {
    // df-pn on 4 threads (issue 29): the short renju puzzles and the small
    // mnk wins, each proof and every re-proof the writer asks for made by
    // threads sharing one table.
    let mut dfpn = Dfpn::new(DfpnConfig {
        threads: 4,
        table_bytes: 64 << 20,
        ..DfpnConfig::default()
    });
    let short = |p: &Position| p.depth.is_some_and(|d| d <= 5) || p.attack == Attack::Fours;
    let renju = certify("renju-puzzles", &mut dfpn, Some(30_000), Some(&short));
    // The k 3 wins and the 4x4 k 4 three corners: whole games whose
    // certificates are quick to write.
    let small = |p: &Position| p.name.ends_with("-k3") || p.name.ends_with("three-corners");
    let mnk = certify("mnk", &mut dfpn, Some(20_000), Some(&small));
    assert!(renju >= 10 && mnk >= 4, "{renju} renju, {mnk} mnk");
}

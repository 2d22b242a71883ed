//! Property test: on the random positions of the reference crate, every
//! win a prover finds yields a certificate the checker accepts, with the
//! size the writer reported; the same strategy written with every reply on
//! its own line checks the same; and a certificate with a defender reply (or
//! a `*` line) left out, or cut short, is rejected.

use crate::common::{header, join, lines, remove_subtree, setup, tree_start};
use kinrow_board::Attack;
use kinrow_checker::{check, check_text, FlawKind};
use kinrow_format::parse_positions;
use kinrow_prover::certificate::{
    write_certificate, write_certificate_with, CertificateError, CertificateOptions,
};
use kinrow_prover::{
    AlphaBeta, AndOr, AndOrConfig, Dfpn, DfpnConfig, Limits, Pns, PnsConfig, Problem, Prover,
    Scout, ValueConfig,
};
use kinrow_reference::sweep::{sweep, sweep_range};
use kinrow_reference::textbook::TextbookProver;
use kinrow_reference::{adapt, random_case, Rng};

fn problem_of(seed: u64) -> Problem {
    adapt::to_problem(&random_case(seed))
}

/// Writes and checks certificates with `prover` for the problems (each with
/// its seed), within `limits` each; returns how many were wins, and how
/// many of them took more than one move. Problems the prover cannot settle
/// within the limits are skipped.
fn certificates_check(
    prover: &mut dyn Prover,
    problems: impl Iterator<Item = (u64, Problem)>,
    limits: &Limits,
) -> (usize, usize) {
    let mut wins = 0;
    let mut deep = 0;
    let mut rng = Rng(0xC0FFEE);
    for (seed, p) in problems {
        let cert = match write_certificate(&p, prover, limits) {
            Ok(c) => c,
            Err(CertificateError::NotAWin(_) | CertificateError::Budget { .. }) => continue,
            Err(e) => panic!("seed {seed}: {e}"),
        };
        wins += 1;
        if cert.stats().longest_line > 1 {
            deep += 1;
        }
        let text = cert.to_text();
        let s = setup(&p);
        let report = check(&s, &text).unwrap_or_else(|f| panic!("seed {seed}: {f}\n{text}"));
        let stats = cert.stats();
        assert_eq!(report.attacker_moves, stats.attacker_moves, "seed {seed}");
        assert_eq!(report.positions, stats.positions, "seed {seed}");
        assert_eq!(report.longest_line, stats.longest_line, "seed {seed}");
        assert_eq!(stats.bytes, text.len() as u64, "seed {seed}");
        assert_eq!(stats.lines, text.lines().count() as u64, "seed {seed}");
        assert!(
            p.depth.is_none_or(|d| report.longest_line <= d),
            "seed {seed}"
        );

        // The header is the position file of the problem.
        let block = header(&text);
        let parsed = &parse_positions(&block, "p").unwrap()[0];
        assert_eq!(parsed.board, p.board, "seed {seed}");
        assert_eq!(
            (parsed.candidates, parsed.attack, parsed.depth),
            (p.candidates, p.attack, p.depth),
            "seed {seed}"
        );
        assert_eq!(check_text(&block, "p", &text), Ok(report), "seed {seed}");
        let l = lines(&text);
        // A `*` line left out (with its subtree).
        let stars: Vec<usize> = (0..l.len())
            .filter(|&i| l[i].trim_start().starts_with("* "))
            .collect();
        if !stars.is_empty() {
            let i = stars[rng.range(0, stars.len() - 1)];
            let flaw = check(&s, &join(&remove_subtree(&l, i))).unwrap_err();
            assert_eq!(flaw.kind, FlawKind::MissingReply, "seed {seed} line {i}");
        }
        // The same strategy with every reply on its own line; one of them
        // left out.
        if report.longest_line > 1 {
            let options = CertificateOptions {
                share_answers: false,
                ..CertificateOptions::default()
            };
            let expanded = match write_certificate_with(&p, prover, limits, &options) {
                Ok(c) => c.to_text(),
                Err(CertificateError::Budget { .. }) => continue,
                Err(e) => panic!("seed {seed}: {e}"),
            };
            assert_eq!(check(&s, &expanded), Ok(report), "seed {seed}");
            let l = lines(&expanded);
            let t = tree_start(&l);
            let i = rng.range(t + 1, l.len() - 2);
            let flaw = check(&s, &join(&remove_subtree(&l, i))).unwrap_err();
            assert_eq!(flaw.kind, FlawKind::MissingReply, "seed {seed} line {i}");
        }
        // Cut short.
        let cut = rng.range(0, text.len() - 3);
        let flaw = check(&s, &text[..cut]).unwrap_err();
        assert_eq!(flaw.kind, FlawKind::Truncated, "seed {seed} cut {cut}");
    }
    (wins, deep)
}

fn random_problems(seeds: std::ops::Range<u64>) -> impl Iterator<Item = (u64, Problem)> {
    seeds.map(|seed| (seed, problem_of(seed)))
}

#[test]
fn certificates_of_the_plain_prover_check_on_random_positions() {
    // A prover sharing nothing with the real ones. Most random wins are
    // immediate; 5,000 seeds give about 2,300 wins, 230 of them in three
    // plies or more.
    let (wins, deep) = certificates_check(
        &mut TextbookProver,
        random_problems(sweep_range(0..5_000)),
        &Limits::default(),
    );
    assert!(
        wins >= sweep(1000) as usize && deep >= sweep(150) as usize,
        "only {wins} wins, {deep} deep"
    );
}

#[test]
fn certificates_of_and_or_check_on_random_positions() {
    // 20,000 seeds give about 9,000 wins, 900 of them in three plies or
    // more.
    let mut prover = AndOr::new(AndOrConfig::default());
    let (wins, deep) = certificates_check(
        &mut prover,
        random_problems(sweep_range(0..20_000)),
        &Limits::default(),
    );
    assert!(
        wins >= sweep(1000) as usize && deep >= sweep(500) as usize,
        "only {wins} wins, {deep} deep"
    );
}

#[test]
fn certificates_of_pns_check_on_random_positions() {
    let mut prover = Pns::new(PnsConfig::default());
    let (wins, deep) = certificates_check(
        &mut prover,
        random_problems(sweep_range(0..20_000)),
        &Limits::default(),
    );
    assert!(
        wins >= sweep(1000) as usize && deep >= sweep(500) as usize,
        "only {wins} wins, {deep} deep"
    );
}

#[test]
fn certificates_of_dfpn_check_on_random_positions_with_and_without_a_horizon() {
    // With a horizon the writer asks within the plies left, as of every
    // prover; without one it asks df-pn about the whole game with the
    // table kept from question to question (`Prover::keep_table`), so
    // that what the root's search proved answers the later questions.
    let mut prover = Dfpn::new(DfpnConfig::default());
    let (wins, deep) = certificates_check(
        &mut prover,
        random_problems(sweep_range(50_000..52_000)),
        &Limits::default(),
    );
    assert!(
        wins >= sweep(600) as usize && deep >= sweep(50) as usize,
        "only {wins} wins, {deep} deep"
    );
    let limits = Limits {
        max_nodes: Some(5_000),
        ..Limits::default()
    };
    let unlimited = sweep_range(55_000..56_000).map(|seed| {
        let mut p = problem_of(seed);
        p.depth = None;
        (seed, p)
    });
    let (wins, deep) = certificates_check(&mut prover, unlimited, &limits);
    assert!(
        wins >= sweep(350) as usize && deep >= sweep(40) as usize,
        "only {wins} wins, {deep} deep without a horizon"
    );
}

#[test]
fn deeper_certificates_of_and_or_check_on_random_positions() {
    // The random positions again with horizons of 9 to 13 plies, which the
    // naive reference could not afford; positions AND-OR cannot settle
    // within the node budget are skipped. About 800 wins, 170 of them in
    // three plies or more (up to 13).
    let mut prover = AndOr::new(AndOrConfig::default());
    let limits = Limits {
        max_nodes: Some(20_000),
        ..Limits::default()
    };
    let problems = sweep_range(0..1_500).map(|seed| {
        let mut p = problem_of(seed);
        p.depth = Some(9 + 2 * (seed % 3) as u32);
        (seed, p)
    });
    let (wins, deep) = certificates_check(&mut prover, problems, &limits);
    assert!(
        wins >= sweep(500) as usize && deep >= sweep(100) as usize,
        "only {wins} wins, {deep} deep"
    );
}

#[test]
fn certificates_of_the_value_searches_check_on_random_positions() {
    // The value searches answer the unfiltered game only.
    let problems =
        || random_problems(sweep_range(0..20_000)).filter(|(_, p)| p.attack == Attack::Any);
    let config = ValueConfig::default();
    for prover in [
        &mut Scout::new(config) as &mut dyn Prover,
        &mut AlphaBeta::new(config),
    ] {
        let (wins, deep) = certificates_check(prover, problems(), &Limits::default());
        assert!(
            wins >= sweep(1000) as usize && deep >= sweep(200) as usize,
            "only {wins} wins, {deep} deep"
        );
    }
}

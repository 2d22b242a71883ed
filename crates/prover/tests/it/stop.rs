//! A stop requested through the observed `Progress` (Ctrl-C in the Python
//! package) ends every prover's search `unknown`, stopped, as a budget run
//! out does: whether asked before the search starts or while it runs.

use crate::common::{board, whole_game};
use kinrow_prover::{
    observe, AlphaBeta, AndOr, AndOrConfig, Auto, Dfpn, DfpnConfig, Exhausted, Limits, Minimax,
    Pns, PnsConfig, Problem, Progress, Prover, Scout, ValueConfig,
};
use std::sync::Arc;
use std::time::Duration;

/// 7x7 k=5 from the empty board: far more than a second for every prover,
/// the whole game for the proof-number provers, 11 plies for the others.
/// (The threat space alone, `vct`, settles it at once: it finds no threat.
/// Its search is PNS's, which `pns` and `auto` exercise here.)
fn hard(depth: Option<u32>) -> Problem {
    let mut p = whole_game(board(7, 7, 5, &[]));
    p.depth = depth;
    p
}

/// A time budget far beyond what a stop takes, so that a prover that
/// ignored the request would end by its time instead (`Exhausted::Time`),
/// and fail: the reason the search ended shows that the stop ended it,
/// without a clock in the test (issue 63: a bound on the clock fails by
/// chance on a busy machine).
fn limits() -> Limits {
    Limits {
        time: Some(Duration::from_secs(10)),
        ..Limits::default()
    }
}

fn provers() -> Vec<(Box<dyn Prover + Send>, Option<u32>)> {
    vec![
        (Box::new(Auto::new(false)), Some(11)),
        (Box::new(Auto::new(false)), None),
        (Box::new(Auto::with_threads(false, 2)), Some(11)),
        (Box::new(AndOr::new(AndOrConfig::default())), Some(11)),
        (Box::new(Pns::new(PnsConfig::default())), None),
        (Box::new(Dfpn::new(DfpnConfig::default())), None),
        (Box::new(AlphaBeta::new(ValueConfig::default())), Some(11)),
        (Box::new(Scout::new(ValueConfig::default())), Some(11)),
        (Box::new(Minimax::new(ValueConfig::default())), Some(11)),
    ]
}

#[test]
fn a_stop_requested_before_the_search_ends_every_prover_unknown() {
    for (mut prover, depth) in provers() {
        let progress = Arc::new(Progress::default());
        progress.request_stop();
        let problem = hard(depth);
        let out = observe(&progress, || prover.prove(&problem, &limits()));
        // `auto` may have run its threat space out (within the nodes
        // between two looks at the stop) before the stop ended its whole
        // game: its answer is then the threat space's, never the game's.
        assert!(
            !out.verdict.settles(),
            "{} (depth {depth:?})",
            prover.name()
        );
        assert_eq!(
            out.exhausted,
            Some(Exhausted::Stopped),
            "{} (depth {depth:?})",
            prover.name()
        );
    }
}

#[test]
fn a_stop_requested_during_the_search_ends_it_before_its_budget() {
    for (mut prover, depth) in provers() {
        let progress = Arc::new(Progress::default());
        let problem = hard(depth);
        let out = std::thread::scope(|s| {
            let p = Arc::clone(&progress);
            let searcher = s.spawn(move || observe(&p, || prover.prove(&problem, &limits())));
            std::thread::sleep(Duration::from_millis(200));
            progress.request_stop();
            searcher.join().expect("the search does not panic")
        });
        assert!(!out.verdict.settles(), "depth {depth:?}");
        assert_eq!(out.exhausted, Some(Exhausted::Stopped), "depth {depth:?}");
    }
}

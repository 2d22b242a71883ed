//! Figures for the record, not checks of speed: PNS settles empty boards
//! with the whole game (`candidates all`, `attack any`, no depth) and
//! prints nodes, time and peak memory. Too slow for criterion, hence
//! ignored tests; run them with
//!
//! ```text
//! cargo test --release -p kinrow-prover --test it pns_settle:: -- --ignored --nocapture --test-threads 1
//! ```

use crate::common::{board, whole_game};
use kinrow_prover::{Evaluation, Init, Limits, Pns, PnsConfig, Prover, Verdict};
use std::time::Duration;

fn settle(w: u32, h: u32, k: u32, config: PnsConfig, time: Duration) -> Verdict {
    settle_within(w, h, k, config, time, None)
}

fn settle_within(
    w: u32,
    h: u32,
    k: u32,
    config: PnsConfig,
    time: Duration,
    memory: Option<u64>,
) -> Verdict {
    let problem = whole_game(board(w, h, k, &[]));
    let limits = Limits {
        time: Some(time),
        memory,
        ..Limits::default()
    };
    let out = Pns::new(config).prove(&problem, &limits);
    let s = out.stats;
    println!(
        "{w}x{h} k={k} {:?}/{:?}: {} in {:.2} s, {} nodes ({:.0}/s), {} expansions, \
         {} tt hits, peak {:.1} MiB ({:.1} bytes/node), plies {:?}",
        config.init,
        config.evaluation,
        out.verdict,
        s.elapsed.as_secs_f64(),
        s.nodes,
        s.nodes as f64 / s.elapsed.as_secs_f64(),
        s.expansions,
        s.tt_hits,
        s.peak_bytes as f64 / f64::from(1 << 20),
        s.peak_bytes as f64 / s.nodes.max(1) as f64,
        out.plies,
    );
    out.verdict
}

const HOUR: Duration = Duration::from_secs(3600);

#[test]
#[ignore = "prints figures; about a minute in release"]
fn settle_small_boards() {
    for (init, evaluation) in [
        (Init::Heuristic, Evaluation::Mixed),
        (Init::Unit, Evaluation::Mixed),
        (Init::Heuristic, Evaluation::Eager),
        (Init::Heuristic, Evaluation::Delayed),
    ] {
        let config = PnsConfig {
            init,
            evaluation,
            ..PnsConfig::default()
        };
        assert_eq!(settle(4, 4, 4, config, HOUR), Verdict::NoWin);
        assert_eq!(settle(5, 4, 4, config, HOUR), Verdict::NoWin);
        assert_eq!(settle(6, 5, 4, config, HOUR), Verdict::Win);
    }
}

#[test]
#[ignore = "prints figures; a minute or two in release"]
fn settle_larger_boards() {
    let config = PnsConfig::default();
    assert_eq!(settle(5, 5, 4, config, HOUR), Verdict::NoWin);
    assert_eq!(settle(6, 4, 4, config, HOUR), Verdict::NoWin);
    assert_eq!(settle(9, 2, 9, config, HOUR), Verdict::NoWin);
}

#[test]
#[ignore = "prints figures; gives up after 2 minutes or 4 GiB"]
fn seven_by_seven_k5_within_two_minutes() {
    // Published: a draw, proved in 2.5 s with relevance zones (Hsu et al.,
    // 2020). Plain PNS does not settle it here.
    let time = Duration::from_secs(120);
    let v = settle_within(7, 7, 5, PnsConfig::default(), time, Some(4 << 30));
    assert_ne!(v, Verdict::Win);
}

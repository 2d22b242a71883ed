//! The db-search prover (`vct-db`): its lines. (Its wins are checked by
//! the independent checker in `kinrow-checker`'s tests.)

use kinrow_format::parse_positions;
use kinrow_prover::{DbSearch, Limits, Problem, Prover, Verdict};

/// Each win's line, as reported, is played out from the puzzle: every
/// stone on an empty cell, the sides alternating, no line made before
/// the last stone, which makes the attacker's line; as long as the plies
/// reported. Fails when the line stops at the attacker's first move (as
/// it once did: shown).
#[test]
fn db_search_lines_are_wins_played_out() {
    let mut lines = 0;
    for file in [
        "vct_unstable.pos",
        "vcf_black.pos",
        "vct_game_black_l05_3.pos",
    ] {
        let path = format!(
            "{}/../../positions/renju-puzzles/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        // Under all three rules, renju's included.
        for pos in parse_positions(&text, file).unwrap() {
            let problem = Problem::from(&pos);
            let limits = Limits {
                max_nodes: Some(500_000),
                ..Limits::default()
            };
            let out = DbSearch::default().prove(&problem, &limits);
            assert_eq!(out.verdict, Verdict::Win, "{}", pos.name);
            assert_eq!(out.pv.len() as u32, out.plies.unwrap(), "{}", pos.name);
            assert_eq!(out.pv.first().copied(), out.best_move, "{}", pos.name);
            let mut board = pos.board.clone();
            let attacker = board.to_move();
            for (i, &m) in out.pv.iter().enumerate() {
                assert!(board.stone_at(m).is_none(), "{}: move {i}", pos.name);
                board.play(m);
                let last = i + 1 == out.pv.len();
                assert_eq!(board.wins_at(m), last, "{}: move {i}", pos.name);
            }
            assert_eq!(board.to_move(), attacker.other(), "{}", pos.name);
            lines += 1;
        }
    }
    assert_eq!(lines, 3 + 3 + 3);
}

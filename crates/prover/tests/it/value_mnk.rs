//! The value searches on the published m,n,k-game values of
//! `positions/mnk` (entries not marked slow): `expect win` is value +1,
//! `expect no-win` on an empty board value 0 (a draw: the first player can
//! never be lost on an empty board, by strategy stealing).
//!
//! Every k = 3 entry, and boards of at most 16 cells with k = 4: a draw
//! without a horizon is shown by exhausting the game, and the 20-cell 5x4,
//! k = 4 draw already takes alpha-beta some 27 million nodes. SCOUT, which
//! has no table, takes the k = 4 boards of at most 12 cells.

use crate::common;
use kinrow_format::Expect;
use kinrow_prover::value::ValueConfig;
use kinrow_prover::{AlphaBeta, Limits, Problem, Prover, Scout, Verdict};

#[test]
fn published_mnk_values() {
    let mut solved = 0;
    for file in ["mnk/k3.pos", "mnk/k4.pos"] {
        for pos in common::suite_file(file) {
            let cells = pos.board.game().geometry().area();
            let k = pos.board.game().k();
            if pos.slow.is_some() || (cells > 16 && k != 3) {
                continue;
            }
            let problem = Problem::from(&pos);
            let mut provers: Vec<Box<dyn Prover>> =
                vec![Box::new(AlphaBeta::new(ValueConfig::default()))];
            if cells <= 12 || k == 3 {
                provers.push(Box::new(Scout::new(ValueConfig::default())));
            }
            for p in &mut provers {
                p.accepts(&problem).expect("unfiltered");
                let o = p.prove(&problem, &Limits::default());
                let empty = pos.board.stone_count() == 0;
                match pos.expect {
                    Some(Expect::Win) => {
                        assert_eq!(o.verdict, Verdict::Win, "{} {}", pos.name, p.name());
                        assert_eq!(o.value, Some(1));
                    }
                    Some(Expect::NoWin) => {
                        assert_eq!(o.verdict, Verdict::NoWin, "{} {}", pos.name, p.name());
                        if empty {
                            assert_eq!(o.value, Some(0), "{} {}", pos.name, p.name());
                        }
                    }
                    None => {}
                }
            }
            solved += 1;
        }
    }
    assert!(solved >= 8, "{solved} positions");
}

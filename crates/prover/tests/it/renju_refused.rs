//! No prover searches renju yet: each refuses a renju problem rather than
//! answer for another game, and so does the certificate writer.

use kinrow_board::{Attack, Board, Candidates, Game, Rule};
use kinrow_prover::certificate::write_certificate;
use kinrow_prover::{
    AlphaBeta, AndOr, AndOrConfig, Dfpn, DfpnConfig, Limits, Minimax, Pns, PnsConfig, Problem,
    ProblemError, Prover, Scout, ValueConfig,
};

fn problem(rule: Rule) -> Problem {
    let mut board = Board::new(Game::new(15, 15, 5, rule).unwrap());
    let g = *board.game().geometry();
    for name in ["h8", "h9", "i8", "i9"] {
        board.play(g.parse_cell(name).unwrap());
    }
    Problem {
        board,
        candidates: Candidates::Near(1),
        attack: Attack::Any,
        depth: Some(5),
    }
}

fn provers() -> Vec<Box<dyn Prover>> {
    vec![
        Box::new(AndOr::new(AndOrConfig::default())),
        Box::new(Pns::new(PnsConfig::default())),
        Box::new(Pns::new(PnsConfig {
            threat_space: true,
            ..PnsConfig::default()
        })),
        Box::new(Dfpn::new(DfpnConfig::default())),
        Box::new(Minimax::new(ValueConfig::default())),
        Box::new(AlphaBeta::new(ValueConfig::default())),
        Box::new(Scout::new(ValueConfig::default())),
    ]
}

#[test]
fn every_prover_refuses_renju_and_accepts_the_other_rules() {
    for mut prover in provers() {
        let name = prover.name();
        assert!(
            matches!(
                prover.accepts(&problem(Rule::Renju)),
                Err(ProblemError::Rule {
                    rule: Rule::Renju,
                    ..
                })
            ),
            "{name}"
        );
        for rule in [Rule::Freestyle, Rule::Exact] {
            assert_eq!(prover.accepts(&problem(rule)), Ok(()), "{name}");
        }
        let refused = write_certificate(&problem(Rule::Renju), prover.as_mut(), &Limits::default());
        assert!(refused.is_err(), "{name}");
    }
}

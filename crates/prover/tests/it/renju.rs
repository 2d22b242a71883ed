//! Renju in the provers: only the threat space (`vct`, and `auto`, which
//! hands renju to it) searches it; x never plays a forbidden point, and o
//! wins where x could block only on one. The certificates of its renju
//! wins are checked by the independent checker in the checker's tests.

use kinrow_board::{Attack, Board, Candidates, Game, Player, Rule};
use kinrow_prover::certificate::write_certificate;
use kinrow_prover::{
    AlphaBeta, AndOr, AndOrConfig, Auto, Dfpn, DfpnConfig, Limits, Minimax, Pns, PnsConfig,
    Problem, ProblemError, Prover, Scout, ValueConfig, Verdict,
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

fn vct() -> Pns {
    Pns::new(PnsConfig {
        threat_space: true,
        ..PnsConfig::default()
    })
}

/// The provers of the whole game: they refuse renju (their no-wins would
/// be about a game without x's passes, and their reductions are not
/// argued for renju).
fn whole_game_provers() -> Vec<Box<dyn Prover>> {
    vec![
        Box::new(AndOr::new(AndOrConfig::default())),
        Box::new(Pns::new(PnsConfig::default())),
        Box::new(Dfpn::new(DfpnConfig::default())),
        Box::new(Minimax::new(ValueConfig::default())),
        Box::new(AlphaBeta::new(ValueConfig::default())),
        Box::new(Scout::new(ValueConfig::default())),
    ]
}

#[test]
fn only_the_threat_space_searches_renju() {
    for mut prover in whole_game_provers() {
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
    let renju = problem(Rule::Renju);
    assert_eq!(vct().accepts(&renju), Ok(()));
    assert_eq!(Auto::default().accepts(&renju), Ok(()));
    // Every winning move cannot be listed: the threat space finds one.
    let all = Pns::new(PnsConfig {
        threat_space: true,
        all_moves: true,
        ..PnsConfig::default()
    });
    assert_eq!(all.accepts(&renju), Err(ProblemError::AllMovesRenju));
    assert_eq!(
        Auto::new(true).accepts(&renju),
        Err(ProblemError::AllMovesRenju)
    );
}

/// A 15x15 board under `rule` with x on `black`, o on `white`, `to_move`.
fn board(rule: Rule, black: &str, white: &str, to_move: Player) -> Board {
    let mut b = Board::new(Game::new(15, 15, 5, rule).unwrap());
    let g = *b.game().geometry();
    for (names, p) in [(black, Player::X), (white, Player::O)] {
        for n in names.split_whitespace() {
            b.place(g.parse_cell(n).unwrap(), p);
        }
    }
    b.set_to_move(to_move);
    b
}

fn solve(prover: &mut dyn Prover, board: &Board, depth: u32) -> (Verdict, Option<String>) {
    let problem = Problem {
        board: board.clone(),
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: Some(depth),
    };
    assert_eq!(prover.accepts(&problem), Ok(()));
    let o = prover.prove(&problem, &Limits::default());
    let g = *board.game().geometry();
    (o.verdict, o.best_move.map(|c| g.name(c)))
}

#[test]
fn x_never_plays_a_forbidden_point() {
    // h8 makes two fours for x (e8-h8 with its five at i8, h5-h8 with
    // its five at h9): a win in 3 under freestyle, a double-four under
    // renju, where x has no other win in 3.
    let (black, white) = ("e8 f8 g8 h5 h6 h7", "d8 h4 a1 a15 o1 o15");
    for mut prover in [
        Box::new(vct()) as Box<dyn Prover>,
        Box::new(Auto::default()),
    ] {
        let free = board(Rule::Freestyle, black, white, Player::X);
        assert_eq!(
            solve(prover.as_mut(), &free, 3),
            (Verdict::Win, Some("h8".into()))
        );
        let renju = board(Rule::Renju, black, white, Player::X);
        assert!(renju.is_forbidden(renju.game().geometry().parse_cell("h8").unwrap()));
        // No no-win under renju: the threat space alone searched it.
        assert_eq!(solve(prover.as_mut(), &renju, 3), (Verdict::Unknown, None));
        // With 5 plies the VCF searches run too (h8 is a two-ply VCF).
        assert_eq!(solve(prover.as_mut(), &renju, 5), (Verdict::Unknown, None));
    }
}

#[test]
fn o_wins_where_x_can_block_only_on_a_forbidden_point() {
    // o's h12 makes a four whose only five point is h8 (x holds h13 and
    // h7), and h8 is a double-three of x (f8 g8 h8 across, f6 g7 h8 up
    // the diagonal): x cannot block, so o wins in 3 under renju; under
    // freestyle x blocks, and o has no other win in 3.
    let (black, white) = ("f8 g8 f6 g7 h13 h7", "h9 h10 h11 a1 a15");
    let renju = board(Rule::Renju, black, white, Player::O);
    assert!(renju.is_forbidden(renju.game().geometry().parse_cell("h8").unwrap()));
    for mut prover in [
        Box::new(vct()) as Box<dyn Prover>,
        Box::new(Auto::default()),
    ] {
        let (verdict, first) = solve(prover.as_mut(), &renju, 3);
        assert_eq!(verdict, Verdict::Win);
        assert_eq!(first.as_deref(), Some("h12"));
    }
    let free = board(Rule::Freestyle, black, white, Player::O);
    let mut and_or = AndOr::new(AndOrConfig::default());
    assert_eq!(solve(&mut and_or, &free, 3).0, Verdict::NoWin);
}

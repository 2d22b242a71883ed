use super::plan::{classify, Kind, Plan};
use super::*;
use kinrow_board::{Bitboard, Board, Cell, Game, Player, Rule, SearchBoard};

/// A random position of about `stones` stones within the 9x9 middle of
/// `game`'s 15x15 board, x never on a forbidden point, no line made, and
/// neither side with a winning cell (`None` otherwise).
fn random_board(game: Game, stones: u32, seed: &mut u64) -> Option<SearchBoard> {
    let g = *game.geometry();
    let mut b: SearchBoard = Board::new(game).into();
    let mut next = || {
        *seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (*seed >> 33) as u32
    };
    for _ in 0..stones {
        let cell = g.cell(3 + next() % 9, 3 + next() % 9)?;
        let me = b.to_move();
        let single = Bitboard::single(cell.index());
        if b.stone_at(cell).is_none()
            && !b.winning_cells(me).contains(cell.index())
            && b.legal(me, &single) == single
        {
            b.play(cell);
        }
    }
    let quiet = b.winning_cells(Player::X).is_empty() && b.winning_cells(Player::O).is_empty();
    quiet.then_some(b)
}

/// The model's search, naively: whether the attacker reaches a goal
/// within `threats` threats, each played with the defender on all its
/// costs, positions where a side would have a winning cell skipped (as
/// the plan search skips them).
fn naive_reaches_goal(board: &mut SearchBoard, attacker: Player, threats: u32) -> bool {
    let near = board
        .game()
        .window_cells(board.stones(attacker), board.stones(attacker.other()), 3);
    let moves = board.legal(attacker, &(near & board.empty()));
    for g in moves.iter().map(Cell::from_index) {
        match classify(board, attacker, g) {
            Some(Kind::Goal) => return true,
            Some(Kind::Threat(costs)) if threats > 0 => {
                board.place(g, attacker);
                for c in costs.iter() {
                    board.place(Cell::from_index(c), attacker.other());
                }
                let usable = board.winning_cells(attacker).is_empty()
                    && board.winning_cells(attacker.other()).is_empty();
                let reached = usable && naive_reaches_goal(board, attacker, threats - 1);
                for c in costs.iter() {
                    board.remove(Cell::from_index(c), attacker.other());
                }
                board.remove(g, attacker);
                if reached {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Replays `plan` in the model: its gains distinct and off every cost,
/// each gain a threat or a goal once the threats before it are played
/// (the order is one the attacker can play), and its goal a goal with
/// every threat played.
fn assert_replays(board: &SearchBoard, plan: &Plan) {
    let me = board.to_move();
    let costs = plan
        .threats
        .iter()
        .fold(Bitboard::EMPTY, |acc, t| acc | t.costs);
    for t in &plan.threats {
        assert!(board.stone_at(t.gain).is_none(), "{board:?} {plan:?}");
        assert!(!costs.contains(t.gain.index()), "{board:?} {plan:?}");
    }
    let mut replay = board.clone();
    for t in &plan.threats {
        assert!(
            classify(&mut replay, me, t.gain).is_some(),
            "{board:?} {plan:?}"
        );
        replay.place(t.gain, me);
        for c in t.costs.iter().map(Cell::from_index) {
            if replay.stone_at(c).is_none() {
                replay.place(c, me.other());
            }
        }
    }
    assert_eq!(
        classify(&mut replay, me, plan.goal),
        Some(Kind::Goal),
        "{board:?} {plan:?}"
    );
}

/// The plan search finds every goal the naive model search finds within
/// one threat, and nearly every one within two; every plan it returns
/// replays in the model, and some take steps of the combination stage
/// (fails without that stage, shown).
#[test]
fn plans_find_what_the_naive_model_search_finds() {
    let mut seed = 5;
    let (mut one, mut two, mut two_found, mut plans, mut combined) = (0, 0, 0, 0, 0);
    for round in 0..600 {
        let rule = [Rule::Freestyle, Rule::Exact, Rule::Renju][round % 3];
        let game = Game::new(15, 15, 5, rule).unwrap();
        let Some(mut board) = random_board(game, 10 + round as u32 % 14, &mut seed) else {
            continue;
        };
        let me = board.to_move();
        let mut search = PlanSearch::new(Candidates::All, 100_000);
        let plan = search.plan(&board, &|c| c.index() as u16);
        if let Some(plan) = &plan {
            assert_replays(&board, plan);
            plans += 1;
            combined += u32::from(search.combined > 0);
        }
        if naive_reaches_goal(&mut board, me, 1) {
            one += 1;
            assert!(plan.is_some(), "one threat missed at {board:?}");
        } else if naive_reaches_goal(&mut board, me, 2) {
            two += 1;
            two_found += u32::from(plan.is_some());
        }
    }
    eprintln!(
        "{plans} plans, {combined} with combined steps; naive: {one} within one threat, \
         {two} more within two ({two_found} found)"
    );
    assert!(
        one >= 50 && two >= 30 && combined >= 100,
        "{one} {two} {combined}"
    );
    assert!(two_found * 10 >= two * 9, "{two_found} of {two}");
}

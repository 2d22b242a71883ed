//! A scripted manager: every command, well and badly formed, each answer
//! checked against the protocol (`../shared/spec/gomocup-protocol.md`).

use super::process::{parse_move, Brain, PROMPT};
use kinrow_board::{Attack, Board, Candidates, Game, Rule};
use kinrow_prover::{Limits, PnsConfig, Problem, Prover, Verdict};
use std::time::{Duration, Instant};

/// How long a test waits to see that no line comes.
const QUIET: Duration = Duration::from_millis(300);

fn is_error(line: &str) -> bool {
    line.starts_with("ERROR ")
}

/// A move on an empty cell of a `w` x `h` board, given the cells taken.
fn assert_free_move(line: &str, w: u32, h: u32, taken: &[(u32, u32)]) -> (u32, u32) {
    let m = parse_move(line).unwrap_or_else(|| panic!("not a move: {line:?}"));
    assert!(m.0 < w && m.1 < h, "{line} off the {w}x{h} board");
    assert!(!taken.contains(&m), "{line} is taken");
    m
}

#[test]
fn commands_before_start_are_refused_and_start_checks_the_size() {
    let mut b = Brain::spawn();
    assert!(is_error(&b.ask("TURN 7,7")), "TURN before START");
    assert!(is_error(&b.ask("BEGIN")), "BEGIN before START");
    assert!(is_error(&b.ask("RESTART")));
    assert!(is_error(&b.ask("TAKEBACK 1,1")));
    for bad in [
        "START 4",
        "START 27",
        "START 1000000",
        "START",
        "START x",
        "RECTSTART 30,10",
    ] {
        assert!(is_error(&b.ask(bad)), "{bad}");
    }
    assert_eq!(b.ask("START 15"), "OK");
    assert_eq!(b.ask("RECTSTART 20,15"), "OK");
    let m = assert_free_move(&b.ask("BEGIN"), 20, 15, &[]);
    // BEGIN on a rectangle: the first move is near the centre.
    assert!(m.0.abs_diff(10) <= 1 && m.1.abs_diff(7) <= 1, "{m:?}");
}

#[test]
fn about_unknown_info_and_blank_lines() {
    let mut b = Brain::spawn();
    let about = b.ask("ABOUT");
    assert!(about.starts_with("name=\"kinrow\", version=\""), "{about}");
    assert!(about.contains("author=\"") && about.contains("country=\""));
    assert!(b.ask("FOO 1,2").starts_with("UNKNOWN "));
    assert!(b.ask("yxboard").starts_with("UNKNOWN "));
    // INFO gets no answer, whatever the key; blank lines neither.
    for info in [
        "INFO timeout_turn 300",
        "INFO timeout_match 100000",
        "INFO time_left 90000",
        "INFO max_memory 83886080",
        "INFO thread_num 1",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO folder C:\\tmp\\x y",
        "INFO evaluate 3,4",
        "INFO no_such_key 7",
        "",
    ] {
        b.send(info);
    }
    assert_eq!(b.recv(QUIET), None, "INFO answered");
    // Malformed values are errors, and change nothing.
    assert!(is_error(&b.ask("INFO timeout_turn soon")));
    assert!(is_error(&b.ask("INFO max_memory -1")));
    assert!(is_error(&b.ask("INFO thread_num many")));
    assert!(is_error(&b.ask("INFO rule 8")), "caro is not played");
    assert!(b.ask("ABOUT").starts_with("name="));
}

#[test]
fn turns_takeback_restart_and_bad_stones() {
    let mut b = Brain::spawn();
    b.send("INFO timeout_turn 300");
    assert_eq!(b.ask("START 15"), "OK");
    let mut taken = vec![(7, 7)];
    let m = assert_free_move(&b.ask("TURN 7,7"), 15, 15, &taken);
    taken.push(m);
    assert!(is_error(&b.ask("TURN 7,7")), "occupied by the opponent");
    assert!(
        is_error(&b.ask(&format!("TURN {},{}", m.0, m.1))),
        "own stone"
    );
    for bad in [
        "TURN 15,3",
        "TURN 3,15",
        "TURN 4294967296,1",
        "TURN 1",
        "TURN a,b",
        "TURN -1,0",
    ] {
        assert!(is_error(&b.ask(bad)), "{bad}");
    }
    // Lower case, LF only, spaces: read all the same.
    b.send_bytes(b"turn 0, 0\n");
    let (answer, _) = b.answer(PROMPT);
    taken.push((0, 0));
    let m2 = assert_free_move(&answer.expect("a move"), 15, 15, &taken);
    assert!(is_error(&b.ask("TAKEBACK 14,14")), "no stone there");
    assert_eq!(b.ask(&format!("TAKEBACK {},{}", m2.0, m2.1)), "OK");
    assert_eq!(b.ask("TAKEBACK 0,0"), "OK");
    // 0,0 is free again.
    let m3 = assert_free_move(&b.ask("TURN 0,0"), 15, 15, &taken[..2]);
    assert_ne!(m3, (0, 0));
    assert_eq!(b.ask("RESTART"), "OK");
    assert_free_move(&b.ask("TURN 7,7"), 15, 15, &[(7, 7)]);
    // PLAY: the brain plays the move it is given.
    assert_eq!(b.ask("PLAY 1,1"), "1,1");
    assert!(is_error(&b.ask("PLAY 1,1")));
}

#[test]
fn the_brain_makes_five_and_blocks_five() {
    let mut b = Brain::spawn();
    b.send("INFO timeout_turn 300");
    assert_eq!(b.ask("START 15"), "OK");
    // Own four on row 0 from the left: five at 4,0 (x from the left, y
    // from the top), though the opponent threatens five too.
    b.send("BOARD");
    for l in [
        "0,0,1", "5,5,2", "1,0,1", "5,6,2", "2,0,1", "5,7,2", "3,0,1", "5,8,2",
    ] {
        b.send(l);
    }
    assert_eq!(b.ask("DONE"), "4,0");
    // The opponent's four in column 14 from the top: block at 14,4.
    b.send("BOARD");
    for l in [
        "14,0,2", "7,7,1", "14,1,2", "1,7,1", "14,2,2", "12,12,1", "14,3,2",
    ] {
        b.send(l);
    }
    assert_eq!(b.ask("DONE"), "14,4");
}

#[test]
fn the_brain_stops_the_opponents_vct() {
    // o, were it to move, wins by threes and fours (no VCF), and the move
    // of the static evaluation does not stop it (`crates/brain/src/
    // defence.rs` tests the same position); x, the brain, is to move.
    let moves = ["i5", "h7", "i11", "e6", "e9", "h5", "f5", "j11"];
    let mut board = Board::new(Game::new(15, 15, 5, Rule::Freestyle).unwrap());
    let g = *board.game().geometry();
    let mut b = Brain::spawn();
    b.send("INFO timeout_turn 5000");
    assert_eq!(b.ask("START 15"), "OK");
    b.send("BOARD");
    for (i, m) in moves.iter().enumerate() {
        let cell = g.parse_cell(m).unwrap();
        board.play(cell);
        let (x, y) = g.xy(cell);
        b.send(&format!("{x},{},{}", 14 - y, 1 + i % 2));
    }
    b.send("DONE");
    let (answer, notes) = b.answer(Duration::from_millis(5000) + PROMPT);
    let answer = answer.expect("a move");
    let (x, y) = assert_free_move(&answer, 15, 15, &[]);
    let cell = g.cell(x, 14 - y).unwrap();
    assert!(board.stone_at(cell).is_none(), "{answer} is taken");
    assert!(
        notes.iter().any(
            |n| n.starts_with("DEBUG the opponent threatens a forced win") && n.contains("(vct)")
        ),
        "{notes:?}"
    );
    board.play(cell);
    // o to move: its threat space searched through, no win in it.
    let problem = Problem {
        board,
        candidates: Candidates::All,
        attack: Attack::Any,
        depth: None,
    };
    let mut vct = kinrow_prover::Vct::prover(PnsConfig::default());
    let limits = Limits {
        time: Some(Duration::from_secs(10)),
        ..Limits::default()
    };
    let outcome = vct.prove(&problem, &limits);
    assert_eq!(
        (outcome.verdict, outcome.exhausted),
        (Verdict::NoThreatWin, None),
        "after {answer}: {:?}",
        outcome.pv
    );
}

#[test]
fn bad_boards_are_refused_and_leave_the_position() {
    let mut b = Brain::spawn();
    b.send("INFO timeout_turn 300");
    assert_eq!(b.ask("START 15"), "OK");
    for stones in [
        &["1,1,1", "1,1,2"][..],
        &["15,1,1"],
        &["1,1,4"],
        &["1,1"],
        &["1;1;1"],
    ] {
        b.send("BOARD");
        for s in stones {
            b.send(s);
        }
        assert!(is_error(&b.ask("DONE")), "{stones:?}");
    }
    // A command inside BOARD ends it (a_board_without_done_...).
    assert!(is_error(&b.ask("DONE")), "DONE without BOARD");
    assert!(
        b.ask("3,3,1").starts_with("UNKNOWN"),
        "a stone outside BOARD"
    );
    // Field 3 (a mark of continuous games) holds no stone.
    b.send("BOARD");
    b.send("7,7,3");
    let m = assert_free_move(&b.ask("DONE"), 15, 15, &[]);
    assert_eq!(m, (7, 7), "the centre is free");
}

#[test]
fn hostile_bytes_get_errors_and_no_panic() {
    let mut b = Brain::spawn();
    b.send_bytes(b"\xff\xfe\r\n");
    assert!(is_error(&b.recv(PROMPT).expect("an answer")));
    b.send_bytes(&vec![b'A'; 100_000]);
    b.send_bytes(b"\r\n");
    assert!(is_error(&b.recv(PROMPT).expect("an answer")));
    b.send_bytes(b"START 15\0\r\n");
    assert!(is_error(&b.recv(PROMPT).expect("an answer")));
    assert!(b.ask("ABOUT").starts_with("name="), "still alive");
}

#[test]
fn end_stops_at_once_even_mid_search_and_eof_too() {
    let mut b = Brain::spawn();
    assert_eq!(b.ask("START 20"), "OK");
    b.send("INFO timeout_turn 60000");
    // A middle game where the searches take seconds (measured: 6 s with
    // this limit), the brain to move.
    b.send("BOARD");
    for l in [
        "7,9,1", "10,6,2", "7,15,1", "4,5,2", "6,7,1", "12,7,2", "10,14,1", "4,11,2", "11,11,1",
        "10,11,2", "13,7,1", "10,5,2", "11,7,1", "4,15,2", "8,12,1", "10,15,2", "5,14,1", "8,5,2",
        "5,10,1", "13,10,2", "4,9,1", "5,11,2", "14,12,1", "7,13,2", "6,13,1", "5,12,2", "15,7,1",
        "11,15,2", "13,11,1", "9,10,2", "6,6,1", "13,5,2", "12,15,1", "9,15,2", "9,14,1",
        "11,12,2", "8,6,1", "9,12,2", "14,5,1", "9,7,2",
    ] {
        b.send(l);
    }
    b.send("DONE");
    std::thread::sleep(Duration::from_millis(100));
    let sent = Instant::now();
    b.send("END");
    let status = b
        .exit_within(Duration::from_secs(3))
        .expect("exits soon after END");
    assert!(status.success());
    assert!(sent.elapsed() < Duration::from_secs(3));
    assert_eq!(b.recv(Duration::ZERO), None, "no move after END");
    // The end of the input ends the brain too.
    let mut b = Brain::spawn();
    b.close();
    assert!(b.exit_within(PROMPT).expect("exits at EOF").success());
}

/// Issue 28, item 13, through the binary: a BOARD left without DONE no
/// longer swallows the commands after it.
#[test]
fn a_board_without_done_does_not_swallow_later_commands() {
    let mut b = Brain::spawn();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("BOARD");
    b.send("7,7,2");
    assert!(
        is_error(&b.ask("INFO rule 8")),
        "the abandoned BOARD is said"
    );
    let (line, _) = b.answer(PROMPT);
    let line = line.expect("the INFO error comes too");
    assert!(line.contains("0 (freestyle)"), "{line}");
    let m = b.ask("BEGIN");
    assert_free_move(&m, 15, 15, &[]);
}

/// Issue 28, item 13: SWAP2BOARD, the opening protocol of Rapfi and
/// Yixin-Board, was answered UNKNOWN.
#[test]
fn swap2board_is_answered() {
    let mut b = Brain::spawn();
    assert_eq!(b.ask("START 15"), "OK");
    b.send("SWAP2BOARD");
    let three = b.ask("DONE");
    let cells: Vec<_> = three
        .split(' ')
        .map(|p| parse_move(p).expect("x,y"))
        .collect();
    assert_eq!(cells.len(), 3, "{three}");
    b.send("SWAP2BOARD");
    for p in ["7,7", "8,7", "9,9"] {
        b.send(p);
    }
    let choice = b.ask("DONE");
    assert!(
        choice == "SWAP"
            || parse_move(&choice).is_some_and(|m| ![(7, 7), (8, 7), (9, 9)].contains(&m)),
        "{choice}"
    );
    b.send("SWAP2BOARD");
    b.send("7,7");
    assert!(is_error(&b.ask("DONE")), "one stone is no swap2 position");
}

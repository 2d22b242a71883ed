//! Runs the built `kinrow` binary: every command, the JSON shape, exit
//! codes, bad files, flags overriding headers.

use crate::common::{kinrow, stderr, stdout, write};

/// x has four in a row h8..k8 and is to move: a win at ply 1 (g8 or l8).
const WIN_IN_1: &str = "board 15\nk 5\nmoves h8 a1 i8 c1 j8 e1 k8 g1\n";
/// x has an open three g8 h8 i8 and is to move: an open four wins at ply 3.
const WIN_IN_3: &str = "board 15\nk 5\ncandidates near 1\nmoves g8 a1 h8 a15 i8 o1\n";

#[test]
fn solve_reports_a_win_with_its_move_and_picture() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "w1.pos", WIN_IN_1);
    let out = kinrow().args(["solve"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let s = stdout(&out);
    assert!(s.contains("result: win"), "{s}");
    assert!(
        s.contains("first move g8") || s.contains("first move l8"),
        "{s}"
    );
    assert!(
        s.contains(" a b c d e f g h i j k l m n o"),
        "board footer missing: {s}"
    );
    assert!(s.contains("nodes"), "{s}");
}

#[test]
fn solve_json_has_one_object_per_position_with_the_documented_fields() {
    let dir = tempfile::tempdir().unwrap();
    // With depth 1 only the two ends of the four win (without a horizon
    // every move would: o cannot block both ends).
    let suite = format!("[one]\n{WIN_IN_1}depth 1\n\n[three]\n{WIN_IN_3}depth 5\n");
    let f = write(dir.path(), "suite.pos", &suite);
    let out = kinrow()
        .args(["solve", "--json", "--all-moves"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2);
    for v in &lines {
        for key in [
            "name",
            "result",
            "move",
            "plies",
            "pv",
            "nodes",
            "seconds",
            "prover",
            "winning_moves",
        ] {
            assert!(v.get(key).is_some(), "missing {key} in {v}");
        }
    }
    assert_eq!(lines[0]["name"], "one");
    assert_eq!(lines[0]["result"], "win");
    assert_eq!(lines[0]["plies"], 1);
    let mut wm: Vec<String> = lines[0]["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    wm.sort();
    assert_eq!(wm, ["g8", "l8"]);
    assert_eq!(lines[1]["result"], "win");
    assert_eq!(lines[1]["plies"], 3);
}

#[test]
fn flags_override_the_headers() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "w3.pos", &format!("{WIN_IN_3}depth 5\n"));
    // The file says depth 5 (a win); --depth 1 leaves no time for it.
    let out = kinrow()
        .args(["solve", "--json", "--depth", "1"])
        .arg(&f)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["result"], "no-win");
    assert_eq!(v["depth"], 1);
    let out = kinrow()
        .args([
            "solve",
            "--json",
            "--attack",
            "fours",
            "--candidates",
            "all",
        ])
        .arg(&f)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["attack"], "fours");
    assert_eq!(v["candidates"], "all");
    // The open three wins by fours too: an open four is a four.
    assert_eq!(v["result"], "win");
}

#[test]
fn value_searches_give_a_value_and_refuse_filters() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "w3.pos", &format!("{WIN_IN_3}depth 3\n"));
    for prover in ["alpha-beta", "scout"] {
        let out = kinrow()
            .args(["solve", "--json", "--prover", prover])
            .arg(&f)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(v["value"], 1);
        assert_eq!(v["result"], "win");
        let out = kinrow()
            .args(["solve", "--prover", prover, "--attack", "threats"])
            .arg(&f)
            .output()
            .unwrap();
        // Refused, said so, and counted as not settled (exit 3).
        assert_eq!(out.status.code(), Some(3));
        assert!(stdout(&out).contains("skipped"), "{}", stdout(&out));
        assert!(stderr(&out).contains("attack threats"), "{}", stderr(&out));
    }
}

#[test]
fn show_prints_the_board_without_solving() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "w1.pos", WIN_IN_1);
    let out = kinrow().args(["show"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s = stdout(&out);
    assert!(s.contains("board 15x15, k 5, freestyle; x to move"), "{s}");
    assert!(s.contains(" 8  . . . . . . . x x x x"), "{s}");
    assert!(!s.contains("result"), "{s}");
}

#[test]
fn bad_files_name_file_line_and_column_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("unknown-keyword.pos", "board 15\nsize 3\n", ":2:1:"),
        ("malformed.pos", "k five\n", ":1:3:"),
        ("too-big.pos", "board 27\n", ":1:"),
        ("k-range.pos", "board 5\nk 6\n", ":2:"),
        ("rows.pos", "board 3\nk 3\n...\n...\n", ":"),
        ("cells.pos", "board 3\nk 3\n...\n..\n...\n", ":4:"),
        (
            "grid-and-moves.pos",
            "board 3\nk 3\nmoves a1\n...\n...\n...\n",
            ":",
        ),
        ("off-board.pos", "board 5\nk 3\nmoves f1\n", ":3:"),
        ("onto-stone.pos", "board 5\nk 3\nmoves a1 a1\n", ":3:"),
        ("cell-char.pos", "board 3\nk 3\n..z\n...\n...\n", ":3:"),
        ("won.pos", "board 5\nk 3\nmoves a1 a5 b1 b5 c1\n", ":"),
        (
            "counts.pos",
            "board 5\nk 3\nx....\n.....\nx....\n.....\n.....\n",
            ":",
        ),
        ("solution.pos", "board 5\nk 3\nsolution a1\n", ":3:"),
        ("repeated.pos", "k 3\nk 3\n", ":2:"),
    ];
    for (name, text, location) in cases {
        let f = write(dir.path(), name, text);
        let out = kinrow().args(["solve"]).arg(&f).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("{name}{location}")), "{name}: {err}");
    }
}

#[test]
fn usage_errors_exit_2() {
    let out = kinrow().args(["solve"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = kinrow()
        .args(["solve", "x.pos", "--candidates", "near:0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = kinrow()
        .args(["solve", "does-not-exist.pos"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = kinrow().args(["frobnicate"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = kinrow().args(["--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn verify_passes_good_puzzles_and_catches_a_wrong_expect() {
    let dir = tempfile::tempdir().unwrap();
    let good = format!("[w1]\n{WIN_IN_1}depth 1\nexpect win\nsolution g8 l8\n\n[w3-too-short]\n{WIN_IN_3}depth 2\nexpect no-win\n\n[w1-g8]\n{WIN_IN_1}depth 1\nexpect win\nsolution g8\n\n[w1-l8]\n{WIN_IN_1}depth 1\nexpect win\nsolution l8\n");
    let f = write(dir.path(), "good.pos", &good);
    let out = kinrow().args(["verify"]).arg(&f).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("4 passed, 0 failed"),
        "{}",
        stdout(&out)
    );
    // g8 and l8 both win: the puzzle whose line lists the other one than
    // the move found passes with a note.
    assert!(stdout(&out).contains("note"), "{}", stdout(&out));

    let bad = format!("[wrong]\n{WIN_IN_3}depth 5\nexpect no-win\n\n[wrong-move]\n{WIN_IN_1}depth 1\nexpect win\nsolution a9\n");
    let f = write(dir.path(), "bad.pos", &bad);
    let out = kinrow()
        .args(["verify", "--jobs", "2"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let s = stdout(&out);
    assert!(s.contains("0 passed, 2 failed"), "{s}");
    assert!(
        s.contains("[wrong]") && s.contains("expected no-win, found win"),
        "{s}"
    );
    // The solution lists a9, which does not win: the suite is wrong, and
    // the puzzle fails though the prover's g8 or l8 wins.
    assert!(
        s.contains("[wrong-move]") && s.contains("a9, which does not win"),
        "{s}"
    );
}

#[test]
fn verify_reports_in_file_order_whatever_the_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for i in 0..12 {
        let (pos, depth) = if i % 3 == 0 {
            (WIN_IN_3, 5)
        } else {
            (WIN_IN_1, 1)
        };
        text.push_str(&format!("[p{i}]\n{pos}depth {depth}\nexpect win\n\n"));
    }
    let f = write(dir.path(), "many.pos", &text);
    let names = |jobs: &str| -> Vec<String> {
        let out = kinrow()
            .args(["verify", "--json", "--jobs", jobs])
            .arg(&f)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
            .filter_map(|v| v.get("name").map(|n| n.as_str().unwrap().to_string()))
            .collect()
    };
    let expected: Vec<String> = (0..12).map(|i| format!("p{i}")).collect();
    assert_eq!(names("1"), expected);
    assert_eq!(names("3"), expected);
}

#[test]
fn verify_skips_slow_puzzles_unless_asked_and_reports_budgets() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("[slow-one]\n{WIN_IN_3}depth 5\nexpect win\nslow too slow for CI\n");
    let f = write(dir.path(), "slow.pos", &text);
    let out = kinrow().args(["verify"]).arg(&f).output().unwrap();
    assert!(
        stdout(&out).contains("0 passed, 0 failed, 1 skipped"),
        "{}",
        stdout(&out)
    );
    let out = kinrow()
        .args(["verify", "--include-slow"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(
        stdout(&out).contains("1 passed, 0 failed"),
        "{}",
        stdout(&out)
    );
    let out = kinrow()
        .args(["verify", "--include-slow", "--max-nodes", "1"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        stdout(&out).contains("0 passed, 0 failed, 1 unknown"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn bench_json_has_one_object_per_puzzle_and_prover() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("[w1]\n{WIN_IN_1}depth 3\n\n[w3]\n{WIN_IN_3}depth 5\n");
    let f = write(dir.path(), "bench.pos", &text);
    let out = kinrow()
        .args([
            "bench",
            "--format",
            "json",
            "--provers",
            "and-or,pns,alpha-beta",
        ])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    for v in &lines {
        for key in [
            "name",
            "prover",
            "result",
            "nodes",
            "seconds",
            "nodes_per_second",
            "peak_bytes",
        ] {
            assert!(v.get(key).is_some(), "missing {key} in {v}");
        }
        assert_eq!(v["result"], "win");
    }
    let out = kinrow()
        .args(["bench", "--format", "table"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("total nodes"), "{}", stdout(&out));
}

#[test]
fn solve_writes_proofs_that_check_and_check_rejects_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "w3.pos", &format!("{WIN_IN_3}depth 5\n"));
    let proof = dir.path().join("w3.proof");
    let out = kinrow()
        .args(["solve"])
        .arg(&f)
        .arg("--proof")
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("proof certificate"),
        "{}",
        stdout(&out)
    );
    let out = kinrow()
        .args(["check"])
        .arg(&f)
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).starts_with("proof valid: "),
        "{}",
        stdout(&out)
    );

    // Drop the last move line before `end`: a defender reply goes unanswered.
    let text = std::fs::read_to_string(&proof).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let end = lines.iter().rposition(|l| *l == "end").unwrap();
    lines.remove(end - 1);
    let broken = write(dir.path(), "broken.proof", &(lines.join("\n") + "\n"));
    let out = kinrow()
        .args(["check"])
        .arg(&f)
        .arg(&broken)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("proof invalid"), "{}", stdout(&out));

    // Several positions: one NAME.proof per won position in a folder.
    let suite = write(
        dir.path(),
        "suite.pos",
        &format!("[a]\n{WIN_IN_1}depth 1\n\n[b]\n{WIN_IN_3}depth 2\n"),
    );
    let folder = dir.path().join("proofs");
    let out = kinrow()
        .args(["solve", "--json"])
        .arg(&suite)
        .arg("--proof")
        .arg(&folder)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(folder.join("a.proof").exists());
    assert!(!folder.join("b.proof").exists(), "no proof for a no-win");
    let out = kinrow()
        .args(["check"])
        .arg(&suite)
        .arg(folder.join("a.proof"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

/// Renju: every prover proves a renju win and says which game it holds
/// for, and a no-win holds with passes; `--all-moves` is refused with a
/// message (exit 3, as for every position its prover refuses); `verify`
/// passes the puzzle, `show` draws it.
#[test]
fn renju_is_solved_by_every_prover() {
    let dir = tempfile::tempdir().unwrap();
    let text = "rule renju\ndepth 3\nexpect win\nmoves h8 a1 i8 a15 j8 o1\n";
    let f = write(dir.path(), "renju.pos", text);
    for prover in [
        "auto",
        "pns",
        "dfpn",
        "and-or",
        "vct",
        "vct-dfpn",
        "vct-db",
        "alpha-beta",
    ] {
        let out = kinrow()
            .args(["solve", "--prover", prover])
            .arg(&f)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{prover}: {}", stderr(&out));
        assert!(stdout(&out).contains("win for x"), "{}", stdout(&out));
        assert!(
            stdout(&out).contains("the real game of renju"),
            "{}",
            stdout(&out)
        );
    }
    let no_win = write(
        dir.path(),
        "two.pos",
        "rule renju\ndepth 3\nmoves h8 a1 i8 a15\n",
    );
    for prover in ["auto", "pns", "dfpn", "and-or", "alpha-beta", "scout"] {
        let out = kinrow()
            .args(["solve", "--prover", prover])
            .arg(&no_win)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{prover}: {}", stderr(&out));
        assert!(
            stdout(&out).contains("no-win for x")
                && stdout(&out).contains("the real game of renju (passes included)"),
            "{}",
            stdout(&out)
        );
    }
    let out = kinrow()
        .args(["solve", "--all-moves"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    let out = kinrow().args(["verify"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("1 passed"), "{}", stdout(&out));
    let out = kinrow().args(["show"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("renju"), "{}", stdout(&out));
}

/// `show` lists x's forbidden points under renju, with their kind, and
/// says nothing of them under the other rules.
#[test]
fn show_lists_the_forbidden_points_under_renju() {
    let dir = tempfile::tempdir().unwrap();
    let moves = "moves g8 a1 h8 a15 i9 o1 i10 o15\n";
    let f = write(dir.path(), "renju.pos", &format!("rule renju\n{moves}"));
    let out = kinrow().args(["show"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("forbidden to x: i8 double-three\n"),
        "{}",
        stdout(&out)
    );
    let f = write(dir.path(), "free.pos", moves);
    let out = kinrow().args(["show"]).arg(&f).output().unwrap();
    assert!(!stdout(&out).contains("forbidden"), "{}", stdout(&out));
}

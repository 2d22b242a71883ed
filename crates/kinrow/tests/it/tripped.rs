//! What a new user and an adversary tripped over (issue 28): one test
//! through the binary per report, named after what it broke.

use crate::common::{json_lines, kinrow, stderr, stdout, write};

const WIN_9: &str = "../../positions/bench/win-9.pos";
const GAME_21: &str = "../../positions/games/selfplay-21.psq";
const GAME_63: &str = "../../positions/games/selfplay-63.psq";

#[test]
fn proof_overwrote_its_own_input() {
    let dir = tempfile::tempdir().unwrap();
    let pos = write(
        dir.path(),
        "my.pos",
        &std::fs::read_to_string(WIN_9).unwrap(),
    );
    let before = std::fs::read_to_string(&pos).unwrap();
    let out = kinrow()
        .arg("solve")
        .arg(&pos)
        .arg("--proof")
        .arg(&pos)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("input"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&pos).unwrap(), before);
    // --force does not make an input writable either.
    let out = kinrow()
        .arg("solve")
        .arg(&pos)
        .arg("--proof")
        .arg(&pos)
        .arg("--force")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&pos).unwrap(), before);
}

#[test]
fn proof_overwrote_an_existing_file() {
    let dir = tempfile::tempdir().unwrap();
    let proof = write(dir.path(), "old.proof", "keep me\n");
    let out = kinrow()
        .args(["solve", WIN_9, "--proof"])
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&proof).unwrap(), "keep me\n");
    let out = kinrow()
        .args(["solve", WIN_9, "--force", "--proof"])
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&proof)
        .unwrap()
        .starts_with("kinrow-certificate"));
}

#[test]
fn malformed_psq_move_line_silently_ended_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let game = std::fs::read_to_string(GAME_21).unwrap();
    for bad in [
        "5,9,12.5",
        "8,8,x",
        "5;9;0",
        "5,99999999999999999999,0",
        "garbage",
    ] {
        let mut lines: Vec<&str> = game.lines().collect();
        lines[10] = bad;
        let f = write(dir.path(), "t.psq", &(lines.join("\n") + "\n"));
        for cmd in ["analyse", "solve", "show"] {
            let out = kinrow().arg(cmd).arg(&f).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{cmd} {bad}: {}", stdout(&out));
            let line = if bad == "garbage" { ":12:" } else { ":11:" };
            assert!(stderr(&out).contains(line), "{cmd} {bad}: {}", stderr(&out));
        }
    }
}

#[test]
fn sgf_renju_opening_rule_was_read_as_freestyle() {
    let dir = tempfile::tempdir().unwrap();
    let moves = ";B[hh];W[gh];B[ih];W[ao];B[jh];W[am];B[kh];W[co];B[mh];W[oa])";
    for ru in ["Yamaguchi", "RIF", "Soosorv-8", "Taraguchi-10", "renju"] {
        let f = write(
            dir.path(),
            "y.sgf",
            &format!("(;GM[4]SZ[15]RU[{ru}]{moves}"),
        );
        let out = kinrow()
            .arg("solve")
            .arg(&f)
            .args(["--depth", "1", "--json"])
            .output()
            .unwrap();
        let v = &json_lines(&out)[0];
        assert_eq!(
            (v["rule"].as_str(), v["result"].as_str()),
            (Some("renju"), Some("no-win")),
            "{ru}"
        );
    }
}

#[test]
fn sgf_unknown_rule_became_freestyle() {
    let dir = tempfile::tempdir().unwrap();
    for ru in ["caro", "swap2"] {
        let f = write(
            dir.path(),
            "c.sgf",
            &format!("(;GM[4]SZ[15]RU[{ru}];B[hh];W[gh])"),
        );
        let out = kinrow()
            .arg("solve")
            .arg(&f)
            .args(["--depth", "1"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{ru}: {}", stdout(&out));
        assert!(stderr(&out).contains("--rule"), "{}", stderr(&out));
        let out = kinrow()
            .arg("show")
            .arg(&f)
            .args(["--rule", "exact"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{ru}: {}", stderr(&out));
    }
}

#[test]
fn renju_record_was_solved_after_a_foul() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "f.sgf",
        "(;GM[4]SZ[15]RU[renju];B[hh];W[aa];B[ih];W[ac];B[jh];W[ae];B[lh];W[ag];B[mh];W[ai];B[kh])",
    );
    let out = kinrow()
        .arg("solve")
        .arg(&f)
        .args(["--depth", "1", "--json"])
        .output()
        .unwrap();
    assert!(stderr(&out).contains("forbidden"), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    // The position before the foul: x to move, 10 stones.
    assert_eq!(v["to_move"].as_str(), Some("x"));
    let out = kinrow()
        .arg("show")
        .arg(&f)
        .args(["--ply", "11"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(":1:86:"), "{}", stderr(&out));
}

#[test]
fn analyse_said_kept_of_a_move_that_threw_the_win_away() {
    let out = kinrow()
        .args(["analyse", GAME_63, "--time", "1", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let plies = json_lines(&out);
    let ply = |p: u64| plies.iter().find(|v| v["ply"].as_u64() == Some(p)).unwrap();
    // o's win at ply 29, x's at 30: o's move p18 lost it.
    assert_eq!(ply(29)["played"].as_str(), Some("p18"));
    if ply(30)["win"].as_bool() == Some(true) {
        assert_eq!(ply(29)["fate"].as_str(), Some("thrown-away"));
        assert_eq!(ply(29)["kept"].as_bool(), Some(false));
    }
    let summary = plies.last().unwrap();
    assert!(summary["thrown_away"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p == 29));
}

#[test]
fn renju_line_was_cut_short_when_the_only_block_was_forbidden() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "r.pos",
        "board 15\nrule renju\ndepth 3\nmoves i8 f6 j8 g7 h9 i9 h10\n",
    );
    for prover in ["and-or", "pns", "dfpn", "vct", "alpha-beta"] {
        let out = kinrow()
            .arg("solve")
            .arg(&f)
            .args(["--prover", prover, "--json"])
            .output()
            .unwrap();
        let v = &json_lines(&out)[0];
        let pv: Vec<&str> = v["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(pv.len(), 3, "{prover}: {pv:?}");
        assert_eq!((pv[0], pv[2]), ("e5", "h8"), "{prover}: {pv:?}");
        assert_ne!(pv[1], "h8", "{prover}: x's reply is no forbidden point");
        // The picture numbers o's winning stone 3.
        let out = kinrow()
            .arg("solve")
            .arg(&f)
            .args(["--prover", prover])
            .output()
            .unwrap();
        let text = stdout(&out);
        let row8 = text.lines().find(|l| l.starts_with(" 8 ")).unwrap();
        assert!(row8.contains(" 3 "), "{prover}:\n{text}");
    }
}

#[test]
fn verify_passed_a_puzzle_whose_solution_move_does_not_win() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "v.pos",
        "[s]\nboard 7\nk 4\ndepth 3\nexpect win\nsolution g7\nmoves c4 a1 d4 a7\n",
    );
    let out = kinrow().arg("verify").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("g7, which does not win"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn one_bad_file_stopped_the_whole_batch() {
    let dir = tempfile::tempdir().unwrap();
    let batch = dir.path().join("batch");
    std::fs::create_dir(&batch).unwrap();
    std::fs::copy(WIN_9, batch.join("a-win-9.pos")).unwrap();
    write(&batch, "b-bad.pos", "board 9\nk fo\n");
    #[cfg(unix)]
    std::os::unix::fs::symlink("/nonexistent", batch.join("c-dangling.pos")).unwrap();
    std::fs::copy(WIN_9, batch.join("d-win-9.pos")).unwrap();
    for cmd in ["solve", "show"] {
        let out = kinrow().arg(cmd).arg(&batch).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let text = stdout(&out);
        assert!(
            text.contains("a-win-9") && text.contains("d-win-9"),
            "{cmd}: {text}"
        );
        let err = stderr(&out);
        assert!(err.contains("b-bad.pos:2:3"), "{cmd}: {err}");
        #[cfg(unix)]
        assert!(err.contains("c-dangling.pos"), "{cmd}: {err}");
    }
}

#[test]
fn verify_skipped_a_puzzle_without_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "n.pos",
        "[a]\nboard 7\nk 4\nmoves c4 a1 d4 a7\n",
    );
    let out = kinrow().arg("verify").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout(&out).contains("no `expect` line"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn all_moves_with_vct_silently_ran_pns() {
    let out = kinrow()
        .args(["solve", WIN_9, "--all-moves", "--prover", "vct"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(stderr(&out).contains("threat space"), "{}", stderr(&out));
    let out = kinrow()
        .args(["solve", WIN_9, "--prover", "vct", "--json"])
        .output()
        .unwrap();
    assert_eq!(json_lines(&out)[0]["prover"].as_str(), Some("vct"));
}

#[test]
fn check_refused_the_game_files_solve_proves() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("g.proof");
    let out = kinrow()
        .args(["solve", GAME_21, "--ply", "18", "--depth", "5", "--proof"])
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let check = |ply: &str| {
        kinrow()
            .args(["check", GAME_21])
            .arg(&proof)
            .args(["--ply", ply, "--depth", "5"])
            .output()
            .unwrap()
    };
    let out = check("18");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(stdout(&out).contains("proof valid"));
    assert_eq!(
        check("16").status.code(),
        Some(1),
        "another ply, another position"
    );
}

#[test]
fn an_open_whole_board_ran_without_a_word() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "e8.pos", "board 8\nk 5\n");
    let out = kinrow()
        .arg("solve")
        .arg(&f)
        .args(["--memory", "20M"])
        .output()
        .unwrap();
    assert!(stderr(&out).contains("--time"), "{}", stderr(&out));
    // With a budget the user has bounded it: no note.
    let out = kinrow()
        .arg("solve")
        .arg(&f)
        .args(["--max-nodes", "1000"])
        .output()
        .unwrap();
    assert!(!stderr(&out).contains("note"), "{}", stderr(&out));
}

#[test]
fn help_and_wording_were_stale() {
    let out = kinrow().args(["analyse", "--help"]).output().unwrap();
    assert!(!stdout(&out).contains("refused"), "{}", stdout(&out));
    assert!(stdout(&out).contains("renju"));
    let out = kinrow()
        .args(["solve", WIN_9, "--depth", "1"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("horizon 1 ply;") || text.contains("horizon 1 ply\n"),
        "{text}"
    );
    assert!(!text.contains("1 plies"), "{text}");
}

#[test]
fn which_moves_defend_had_no_answer() {
    let dir = tempfile::tempdir().unwrap();
    // x's open three h8 i9 j10 (and h10); o to move must stop it.
    let f = write(
        dir.path(),
        "d.pos",
        "board 15\ndepth 6\nmoves h8 a1 i9 a3 j10 a5 h10 a7\nto-move o\n",
    );
    let out = kinrow()
        .arg("solve")
        .arg(&f)
        .args(["--defences", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    let got: Vec<&str> = v["defences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    // Each end of the three, or a four of o's that gains the tempo.
    assert_eq!(got, ["a2", "a4", "a6", "g7", "k11"]);
    assert_eq!(v["holds_for"].as_str(), Some("real-game"));
}

#[test]
fn a_newline_in_a_file_name_broke_the_name_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "two\nlines.pos",
        &std::fs::read_to_string(WIN_9).unwrap(),
    );
    let out = kinrow().arg("solve").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("[two?lines]"), "{text}");
}

#[test]
fn verify_interrupted_left_no_output() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "long.pos",
        "[long]\nboard 8\nk 5\nexpect no-win\n",
    );
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kinrow"))
        .arg("verify")
        .arg(&f)
        .args(["--time", "60", "--memory", "200M"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert!(
        stdout(&out).contains("interrupted after 0 of 1 puzzles"),
        "{}",
        stdout(&out)
    );
}

/// `kinrow show ... | head -1`: once the reader had gone, the next write
/// panicked ("failed printing to stdout: Broken pipe") with status 101.
/// The report is larger than a pipe's buffer, so the writes go on after
/// the reader closes its end.
#[test]
fn report_piped_into_head_panicked() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("kinrow"))
        .args(["show", "../../positions/renju-puzzles"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    reader.read_line(&mut first).unwrap();
    assert!(!first.is_empty());
    drop(reader);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

//! What a verdict says it holds for (the rule, the horizon, the candidates
//! of both sides, the attacker's filter), in text, JSON and `check`; the
//! budget an `unknown` ran out of; exit codes for unknowns; the defaults.

use crate::common::{json_lines, kinrow, stderr, stdout, write, EIGHT, FIVE};

/// x has b-c-d... on a 6x6 board, k 4: x to move wins within 7 plies.
const SIX: &str = "board 6x6\nk 4\ndepth 7\nmoves c3 a1 d3 f6\n";
/// The empty 4x3 board, k 3: no forced win within 5 plies, a win within 7.
const FOUR_BY_THREE: &str = "board 4x3\nk 3\ncandidates all\n";

fn solve_json(args: &[&str], file: &std::path::Path) -> (Option<i32>, serde_json::Value) {
    let out = kinrow()
        .args(["solve", "--json"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "{}", stderr(&out));
    (out.status.code(), lines[0].clone())
}

#[test]
fn a_win_under_near_1_is_a_win_of_the_near_1_game_only() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "six.pos", &format!("candidates near 1\n{SIX}"));
    let (code, v) = solve_json(&[], &f);
    assert_eq!((code, &v["result"]), (Some(0), &"win".into()));
    assert_eq!(v["holds_for"], "restricted-game");
    assert_eq!(v["candidates"], "near 1");
    let out = kinrow().arg("solve").arg(&f).output().unwrap();
    let s = stdout(&out);
    assert!(
        s.contains("both sides play only within 1 cell of a stone"),
        "{s}"
    );
    assert!(s.contains("not necessarily the real game"), "{s}");
    // The same win with every cell open is one of the real game.
    let (_, v) = solve_json(&["--candidates", "all"], &f);
    assert_eq!(
        (&v["result"], &v["holds_for"]),
        (&"win".into(), &"real-game".into())
    );
    // An attacker's filter keeps a win real; a no-win under it is not.
    let (_, v) = solve_json(&["--candidates", "all", "--attack", "fours"], &f);
    assert_eq!(
        (&v["result"], &v["holds_for"]),
        (&"win".into(), &"real-game".into())
    );
    let (_, v) = solve_json(
        &["--candidates", "all", "--attack", "fours", "--depth", "1"],
        &f,
    );
    assert_eq!(
        (&v["result"], &v["holds_for"]),
        (&"no-win".into(), &"restricted-game".into())
    );
}

#[test]
fn a_near_1_win_that_the_real_game_refutes_is_not_called_real() {
    // Found among random 6x6 positions: o escapes by a reply that is not
    // next to any stone.
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "r315.pos",
        "board 6x6\nk 4\ndepth 7\nmoves c6 e3 c4 b4\n",
    );
    let (_, near) = solve_json(&["--candidates", "near:1"], &f);
    assert_eq!(
        (&near["result"], &near["holds_for"]),
        (&"win".into(), &"restricted-game".into())
    );
    for prover in ["and-or", "pns", "alpha-beta"] {
        let (_, all) = solve_json(&["--prover", prover], &f);
        assert_eq!(all["result"], "no-win", "{prover}");
    }
}

#[test]
fn a_no_win_at_a_horizon_says_within_d_plies() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "g43.pos", FOUR_BY_THREE);
    let (_, v) = solve_json(&["--depth", "5"], &f);
    assert_eq!(v["result"], "no-win");
    assert_eq!(v["holds_for"], "real-game");
    assert!(
        v["claim"].as_str().unwrap().contains("within 5 plies"),
        "{v}"
    );
    let out = kinrow()
        .args(["solve", "--depth", "5"])
        .arg(&f)
        .output()
        .unwrap();
    let s = stdout(&out);
    assert!(s.contains("no forced win within 5 plies"), "{s}");
    assert!(s.contains("may still win in more"), "{s}");
    assert!(!s.contains("holds for the real game"), "{s}");
    let (_, v) = solve_json(&["--depth", "7"], &f);
    assert_eq!(v["result"], "win");
}

#[test]
fn without_a_candidates_line_a_file_asks_about_the_real_game() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "six.pos", SIX);
    let (_, v) = solve_json(&[], &f);
    assert_eq!(v["candidates"], "all");
    assert_eq!(v["holds_for"], "real-game");
}

#[test]
fn json_lines_name_the_file_and_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "six.pos", SIX);
    let (_, v) = solve_json(&[], &f);
    for (key, want) in [
        ("board", serde_json::json!("6x6")),
        ("k", 4.into()),
        ("rule", "freestyle".into()),
        ("candidates", "all".into()),
        ("attack", "any".into()),
        ("depth", 7.into()),
        ("to_move", "x".into()),
    ] {
        assert_eq!(v[key], want, "{key} in {v}");
    }
    assert!(v["file"].as_str().unwrap().ends_with("six.pos"), "{v}");
    // verify's lines too.
    let g = write(dir.path(), "s.pos", &format!("[six]\n{SIX}expect win\n"));
    let out = kinrow()
        .args(["verify", "--json"])
        .arg(&g)
        .output()
        .unwrap();
    let v = &json_lines(&out)[0];
    assert_eq!(
        (&v["board"], &v["k"], &v["depth"]),
        (&"6x6".into(), &4.into(), &7.into())
    );
    assert_eq!(
        (&v["rule"], &v["candidates"]),
        (&"freestyle".into(), &"all".into())
    );
}

#[test]
fn only_and_or_calls_its_length_a_shortest_win() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "g43.pos", FOUR_BY_THREE);
    let (_, v) = solve_json(&["--depth", "11", "--prover", "and-or"], &f);
    assert_eq!((&v["plies"], &v["shortest"]), (&7.into(), &true.into()));
    for prover in ["pns", "dfpn"] {
        let (_, v) = solve_json(&["--depth", "11", "--prover", prover], &f);
        assert_eq!(v["shortest"], false, "{prover}: {v}");
        let out = kinrow()
            .args(["solve", "--depth", "11", "--prover", prover])
            .arg(&f)
            .output()
            .unwrap();
        let s = stdout(&out);
        assert!(s.contains("not necessarily a shortest win"), "{s}");
        assert!(!s.contains("a shortest win:"), "{s}");
    }
}

#[test]
fn unknown_says_which_budget_ran_out_and_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "g88.pos", EIGHT);
    let (code, v) = solve_json(&["--max-nodes", "1000"], &f);
    assert_eq!((code, &v["result"]), (Some(3), &"unknown".into()));
    assert_eq!(v["exhausted"], "nodes");
    let (_, v) = solve_json(&["--time", "0.1"], &f);
    assert_eq!(v["exhausted"], "time");
    let (_, v) = solve_json(&["--memory", "1M"], &f);
    assert_eq!(v["exhausted"], "memory");
    let (code, _) = solve_json(&["--max-nodes", "1000", "--allow-unknown"], &f);
    assert_eq!(code, Some(0));
    let out = kinrow()
        .args(["solve", "--max-nodes", "1000"])
        .arg(&f)
        .output()
        .unwrap();
    assert!(stdout(&out).contains("node budget"), "{}", stdout(&out));
}

#[test]
fn a_time_line_in_the_file_is_the_default_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "g88.pos", &format!("{EIGHT}time 0.1\n"));
    let (_, v) = solve_json(&[], &f);
    assert_eq!(
        (&v["result"], &v["exhausted"]),
        (&"unknown".into(), &"time".into())
    );
    assert!(v["seconds"].as_f64().unwrap() < 1.0, "{v}");
    // The flag overrides it.
    let f = write(dir.path(), "long.pos", &format!("{EIGHT}time 1000\n"));
    let (_, v) = solve_json(&["--time", "0.1"], &f);
    assert_eq!(v["exhausted"], "time");
}

#[test]
fn max_nodes_0_is_refused_and_a_budget_is_never_overspent() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "g55.pos", FIVE);
    let out = kinrow()
        .args(["solve", "--max-nodes", "0"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    for prover in ["and-or", "alpha-beta", "dfpn"] {
        let (_, v) = solve_json(
            &["--max-nodes", "1", "--prover", prover, "--depth", "9"],
            &f,
        );
        assert_eq!(v["nodes"], 1, "{prover}: {v}");
    }
}

#[test]
fn a_radius_over_26_is_an_error_in_the_file_as_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "far.pos",
        "board 6\nk 4\ncandidates near 99999999999999999999\n",
    );
    let out = kinrow().arg("solve").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("far.pos:3:17"), "{}", stderr(&out));
    let g = write(dir.path(), "ok.pos", "board 6\nk 4\ncandidates near 2\n");
    let out = kinrow()
        .args(["solve", "--candidates", "near:27"])
        .arg(&g)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn verify_exits_3_on_unknowns_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "s.pos",
        &format!("[six]\n{SIX}expect win\n\n[five]\n{FIVE}expect no-win\n"),
    );
    let out = kinrow()
        .args(["verify", "--max-nodes", "1"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    assert!(stdout(&out).contains("node budget"), "{}", stdout(&out));
    let out = kinrow()
        .args(["verify", "--max-nodes", "1", "--allow-unknown"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    // A failure outranks the unknowns.
    let g = write(
        dir.path(),
        "bad.pos",
        &format!("[six]\n{SIX}expect no-win\n\n[five]\n{FIVE}expect no-win\n"),
    );
    let out = kinrow()
        .args(["verify", "--max-nodes", "200"])
        .arg(&g)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
}

#[test]
fn check_names_the_game_of_the_proof_and_refuses_swapped_files() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "six.pos", &format!("candidates near 1\n{SIX}"));
    let proof = dir.path().join("six.proof");
    let out = kinrow()
        .arg("solve")
        .arg(&f)
        .arg("--proof")
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = kinrow().arg("check").arg(&f).arg(&proof).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let s = stdout(&out);
    assert!(s.starts_with("proof valid"), "{s}");
    assert!(
        s.contains("only the game where both sides play only within 1 cell of a stone"),
        "{s}"
    );
    // Swapped: bad input, not an invalid proof.
    let out = kinrow().arg("check").arg(&proof).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // A position file given as the proof: bad input too.
    let out = kinrow().arg("check").arg(&f).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // A byte-order mark, as position files may have.
    let mut bom = b"\xef\xbb\xbf".to_vec();
    bom.extend(std::fs::read(&proof).unwrap());
    let with_bom = dir.path().join("bom.proof");
    std::fs::write(&with_bom, bom).unwrap();
    let out = kinrow()
        .arg("check")
        .arg(&f)
        .arg(&with_bom)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn progress_is_drawn_only_on_a_terminal() {
    // Piped, as here, stderr stays clean: a script sees only the result.
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "g55.pos", FIVE);
    let out = kinrow()
        .args(["solve", "--time", "0.3", "--allow-unknown"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

/// A no-win of a whole game gets a draw certificate that `check` accepts
/// and describes in `solve`'s words; a no-win of a restricted game gets
/// none, with the reason, and no failure.
#[test]
fn a_whole_game_no_win_gets_a_draw_certificate_that_checks() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "four.pos", "board 4x4\nk 4\ncandidates all\n");
    let proof = dir.path().join("four.proof");
    let out = kinrow()
        .arg("solve")
        .arg(&f)
        .arg("--proof")
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("draw certificate: "),
        "{}",
        stdout(&out)
    );
    let out = kinrow().arg("check").arg(&f).arg(&proof).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let s = stdout(&out);
    assert!(s.starts_with("proof valid: "), "{s}");
    assert!(
        s.contains("proves: no-win for x: no forced win at all"),
        "{s}"
    );
    assert!(s.contains("holds for: the real game"), "{s}");

    // The root's last entry (its default, answering the moves without an
    // entry of their own) dropped: caught.
    let text = std::fs::read_to_string(&proof).unwrap();
    let (head, tail) = text.split_once("\n0 ").unwrap();
    let (root, rest) = tail.split_once('\n').unwrap();
    let root = root.rsplit_once(", ").unwrap().0;
    let b = write(
        dir.path(),
        "broken.proof",
        &format!("{head}\n0 {root}\n{rest}"),
    );
    let out = kinrow().arg("check").arg(&f).arg(&b).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("attacker move not answered"),
        "{}",
        stdout(&out)
    );

    // Under `candidates near 1` the no-win is another game's: no file.
    let near = write(
        dir.path(),
        "near.pos",
        "board 4x4\nk 4\ncandidates near 1\n",
    );
    let proof = dir.path().join("near.proof");
    let out = kinrow()
        .arg("solve")
        .arg(&near)
        .arg("--proof")
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("candidates near"), "{}", stdout(&out));
    assert!(!proof.exists());
}

/// A whole-game win whose PNS line (9 plies) is shorter than the proof's
/// longest line: the writer finds the horizon the prover proves the win
/// within (13 plies) instead of contradicting itself at depth 9.
#[test]
fn a_pns_win_of_a_whole_game_gets_a_certificate_past_its_line_length() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "seven.pos", "board 7x4\nk 4\nmoves d4 f3\n");
    let proof = dir.path().join("seven.proof");
    let out = kinrow()
        .args(["solve", "--prover", "pns", "--threads", "1", "--proof"])
        .arg(&proof)
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = kinrow().arg("check").arg(&f).arg(&proof).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).starts_with("proof valid"), "{}", stdout(&out));
}

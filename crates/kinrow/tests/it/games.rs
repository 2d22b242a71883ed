//! Game files (.psq, SGF) wherever a position is read, and `analyse`.

use crate::common::{json_lines, kinrow, stderr, stdout, write};

const GAME_21: &str = "../../positions/games/selfplay-21.psq";

#[test]
fn solve_reads_a_psq_game_at_a_ply() {
    // After 19 moves x has a VCF of 3 plies (f12 first, see analyse).
    let out = kinrow()
        .args(["solve", GAME_21, "--ply", "18", "--depth", "5", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["result"].as_str(), v["to_move"].as_str()),
        (Some("win"), Some("x"))
    );
    // By default: the last position before the winning line, x to make five.
    let out = kinrow()
        .args(["solve", GAME_21, "--depth", "1", "--json"])
        .output()
        .unwrap();
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["result"].as_str(), v["move"].as_str()),
        (Some("win"), Some("h12"))
    );
}

#[test]
fn psq_and_sgf_put_the_stones_where_the_files_say() {
    let dir = tempfile::tempdir().unwrap();
    // 1-based x,y from the top-left in .psq; letters from the top-left in SGF.
    let psq = write(
        dir.path(),
        "g.psq",
        "Piskvorky 15x15, 11:11, 0\n1,1,0\n15,15,0\n-1\n",
    );
    let sgf = write(dir.path(), "g.sgf", "(;GM[4]FF[4]SZ[15];B[aa];W[oo])");
    for f in [&psq, &sgf] {
        let out = kinrow().arg("show").arg(f).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stdout(&out);
        let row = |n: &str| {
            text.lines()
                .find(|l| l.trim_start().starts_with(n))
                .unwrap()
                .to_string()
        };
        assert!(row("15 ").contains(" x "), "x on a15:\n{text}");
        assert!(row("1 ").trim_end().ends_with('o'), "o on o1:\n{text}");
    }
    // --ply 1: only x's stone, o to move.
    let out = kinrow()
        .arg("show")
        .arg(&sgf)
        .args(["--ply", "1"])
        .output()
        .unwrap();
    let text = stdout(&out);
    let last_row = text
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap();
    assert!(last_row.trim_end().ends_with('.'), "{text}");
    assert!(text.contains("o to move"), "{text}");
}

#[test]
fn bad_game_files_name_file_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "off.psq",
            "Piskvorky 15x15, 1:1, 0\n8,8,0\n16,2,0\n",
            ":3:1:",
        ),
        ("twice.psq", "Piskvorky 15x15\n8,8,0\n8,8,0\n", ":3:1:"),
        ("size.psq", "Piskvorky 99x99, 1:1, 0\n", ":1:"),
        ("go.sgf", "(;GM[1]SZ[19];B[dd])", ":1:6:"),
        ("taken.sgf", "(;GM[4]\n;B[hh]\n;W[hh])", ":3:4:"),
        ("open.sgf", "(;GM[4];B[hh]", ":1:"),
        ("bad.sgf", "(;GM[4];B[h9])", ":1:11:"),
    ];
    for (name, text, at) in cases {
        let f = write(dir.path(), name, text);
        let out = kinrow().arg("solve").arg(&f).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = stderr(&out);
        assert!(err.contains(&format!("{name}{at}")), "{name}: {err}");
    }
    // A ply past the end, or after the winning move, and --ply on a .pos.
    for ply in ["22", "21"] {
        let out = kinrow()
            .args(["solve", GAME_21, "--ply", ply])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--ply {ply}");
    }
    let pos = write(dir.path(), "p.pos", "board 9\nk 4\n");
    let out = kinrow()
        .arg("solve")
        .arg(&pos)
        .args(["--ply", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn analyse_finds_the_forced_win_and_each_ply_with_a_win() {
    let out = kinrow()
        .args(["analyse", GAME_21, "--time", "0.3", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 21 + 1, "plies 0 to 20, then the summary");
    let summary = lines.last().unwrap();
    assert_eq!(summary["winner"].as_str(), Some("x"));
    // The VCF found by ply 18 at the latest (a VCF of 3 plies is found
    // whatever the machine's speed), kept to the five.
    let from = summary["forced_from"]
        .as_u64()
        .expect("forced from some ply");
    assert!(from <= 18 && from.is_multiple_of(2), "{summary}");
    for l in &lines[from as usize..21] {
        if l["to_move"] == "x" {
            assert_eq!(
                (l["win"].as_bool(), l["kept"].as_bool()),
                (Some(true), Some(true)),
                "{l}"
            );
        }
    }
    assert_eq!(lines[20]["line"][0].as_str(), Some("h12"));
    // The text report draws the turning point.
    let out = kinrow()
        .args(["analyse", GAME_21, "--time", "0.3"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("result forced from ply") && text.contains("x's win is forced from here")
    );
    // Under renju x's 17th move is a double-three: the game ends there.
    let out = kinrow()
        .args(["analyse", GAME_21, "--rule", "renju", "--time", "0.3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("move 17 (g12 by x) is a forbidden point"));
}

/// Under renju a game where x plays a forbidden point is refused at that
/// move: the game ends there, and the plies after it are no renju.
#[test]
fn analyse_refuses_a_forbidden_move_under_renju() {
    let dir = tempfile::tempdir().unwrap();
    // x's fifth stone, h8, makes a double-three (f8 g8 h8, h6 h7 h8).
    let sgf = "(;GM[4]SZ[15]RU[Renju];B[fh];W[aa];B[gh];W[oa];B[hj];W[ao];B[hi];W[oo];B[hh];W[ab])";
    let f = dir.path().join("g.sgf");
    std::fs::write(&f, sgf).unwrap();
    let out = kinrow().arg("analyse").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("move 9 (h8 by x)"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("forbidden"), "{}", stderr(&out));
    // The same game without that move is analysed.
    std::fs::write(&f, sgf.replace(";B[hh];W[ab]", "")).unwrap();
    let out = kinrow().arg("analyse").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

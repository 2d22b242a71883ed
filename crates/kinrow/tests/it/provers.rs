//! The provers as the registry lists them (`kinrow provers`), and the
//! threat space's own verdict as the command line reports it.

use crate::common::{json_lines, kinrow, stderr, stdout};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The prover table of docs/commands.md is the registry's, as `kinrow
/// provers --format markdown` prints it: a prover added, renamed or
/// described anew in the registry shows in the docs or fails here.
#[test]
fn the_docs_prover_table_is_the_registrys() {
    let out = kinrow()
        .args(["provers", "--format", "markdown"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = stdout(&out);
    let docs = std::fs::read_to_string(root().join("docs/commands.md")).unwrap();
    assert!(
        docs.contains(&table),
        "docs/commands.md lacks the registry's table:\n{table}"
    );
}

/// Every prover `kinrow provers` lists is one `solve --prover` takes, and
/// answers a small win as a win.
#[test]
fn every_listed_prover_is_one_solve_takes() {
    let out = kinrow()
        .args(["provers", "--format", "json"])
        .output()
        .unwrap();
    let names: Vec<String> = json_lines(&out)
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.len() >= 10 && names[0] == "auto", "{names:?}");
    let win = root().join("positions/bench/win-5.pos");
    for name in &names {
        let out = kinrow()
            .args(["solve", "--json", "--threads", "1", "--prover", name])
            .arg(&win)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(json_lines(&out)[0]["result"], "win", "{name}");
    }
}

/// A threat prover out of threats says so, as its own verdict: exit 4,
/// `no-threat-win`, held for the threat space, and the claim names that
/// space and not the real game.
#[test]
fn the_threat_space_out_of_threats_is_its_own_verdict() {
    let file = root().join("positions/bench/nowin-5.pos");
    for prover in ["vct", "vct-dfpn"] {
        let out = kinrow()
            .args(["solve", "--json", "--threads", "1", "--prover", prover])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(4), "{prover}: {}", stderr(&out));
        let v = &json_lines(&out)[0];
        assert_eq!(v["result"], "no-threat-win", "{prover}");
        assert_eq!(v["holds_for"], "threat-space", "{prover}");
        let claim = v["claim"].as_str().unwrap();
        assert!(claim.contains("threat space"), "{claim}");
        assert!(!claim.contains("the real game;"), "{claim}");
        let text = kinrow()
            .args(["solve", "--threads", "1", "--prover", prover])
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            stdout(&text).contains("result: no-threat-win for"),
            "{}",
            stdout(&text)
        );
        let allowed = kinrow()
            .args([
                "solve",
                "--allow-unknown",
                "--threads",
                "1",
                "--prover",
                prover,
            ])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(allowed.status.code(), Some(0), "{prover}");
    }
}

/// `--threat-limit N` and a file's `threat-limit N` keep the threat space
/// to threats of at most N fours, and the no-threat-win says so; a bad
/// limit is bad input, with its line and column.
#[test]
fn a_threat_limit_is_stated_in_the_no_threat_win() {
    let file = root().join("positions/bench/nowin-5.pos");
    let out = kinrow()
        .args(["solve", "--json", "--threads", "1", "--prover", "vct"])
        .args(["--threat-limit", "2"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let claim = json_lines(&out)[0]["claim"].as_str().unwrap().to_string();
    assert!(claim.contains("by at most 2 fours"), "{claim}");
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let limited = crate::common::write(
        dir.path(),
        "limited.pos",
        &text.replace("depth 5\n", "depth 5\nthreat-limit 1\n"),
    );
    let out = kinrow()
        .args(["solve", "--json", "--threads", "1", "--prover", "vct"])
        .arg(&limited)
        .output()
        .unwrap();
    let claim = json_lines(&out)[0]["claim"].as_str().unwrap().to_string();
    assert!(claim.contains("by one four"), "{claim}");
    let bad = crate::common::write(
        dir.path(),
        "bad.pos",
        &text.replace("depth 5\n", "depth 5\nthreat-limit 0\n"),
    );
    let out = kinrow().args(["solve"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("threat-limit"), "{}", stderr(&out));
    assert!(stderr(&out).contains(":13:"), "{}", stderr(&out));
}

/// `solve --proof` writes the threat-space certificate of a
/// no-threat-win (listed under `proof` in the JSON), `check` accepts it and
/// prints the no-threat-win it proves, within the same threat limit, and
/// refuses it for another limit; `--no-draw-proof` writes none. Fails if
/// solve writes no certificate for a no-threat-win (shown: the verdict
/// left out of the ones that get one).
#[test]
fn a_no_threat_win_gets_a_certificate_that_checks() {
    let file = root().join("positions/bench/nowin-5.pos");
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("nowin.proof");
    let solve = |extra: &[&str]| {
        kinrow()
            .args(["solve", "--json", "--threads", "1", "--prover", "vct"])
            .args(["--threat-limit", "2"])
            .args(extra)
            .arg(&file)
            .arg("--proof")
            .arg(&proof)
            .output()
            .unwrap()
    };
    let out = solve(&["--no-draw-proof"]);
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(!proof.exists(), "--no-draw-proof writes no certificate");
    let out = solve(&[]);
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], "no-threat-win");
    let listed = &v["proof"];
    assert!(
        listed["path"].as_str().unwrap().ends_with("nowin.proof"),
        "{v}"
    );
    assert!(listed["bytes"].as_u64().unwrap() > 0, "{v}");
    assert!(listed["attacker_moves"].is_u64(), "{v}");
    let check = |limit: &str| {
        kinrow()
            .args(["check", "--threat-limit", limit])
            .arg(&file)
            .arg(&proof)
            .output()
            .unwrap()
    };
    let out = check("2");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.starts_with("proof valid: "), "{text}");
    assert!(text.contains("proves: no-threat-win for"), "{text}");
    assert!(text.contains("by at most 2 fours"), "{text}");
    let out = check("1");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("threats 2"), "{}", stdout(&out));
}

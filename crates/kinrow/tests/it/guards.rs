//! The machine guarded and no work lost: threads capped at the cores, one
//! memory budget shared by the jobs, only regular files of bounded size
//! read, folders walked once per real path, proofs that cannot be written
//! reported with the verdict kept, proof names that never collide, refused
//! positions skipped by every command alike.

use crate::common::{json_lines, kinrow, stderr, stdout, write, EIGHT};
use std::path::Path;
use std::time::Duration;

/// x to move wins at once (g8 or l8).
const WIN_IN_1: &str = "board 15\nk 5\nmoves h8 a1 i8 c1 j8 e1 k8 g1\n";

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[test]
fn jobs_are_capped_at_the_cores_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut suite = String::new();
    for i in 0..4 {
        suite.push_str(&format!("[p{i}]\n{WIN_IN_1}depth 1\nexpect win\n\n"));
    }
    let f = write(dir.path(), "s.pos", &suite);
    // The note says the jobs were capped; the timeout only guards
    // against a hang (no bound on the clock: issue 63).
    let out = kinrow()
        .args(["verify", "--jobs", "100000"])
        .arg(&f)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("capped at {}", cores())),
        "{}",
        stderr(&out)
    );
    let out = kinrow()
        .args(["bench", "--jobs", "100000", "--provers", "and-or"])
        .arg(&f)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("capped"), "{}", stderr(&out));
}

#[test]
fn the_memory_budget_is_shared_by_the_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "s.pos", &format!("[a]\n{EIGHT}\n[b]\n{EIGHT}"));
    let jobs = cores().min(2);
    let total: u64 = 8 << 20;
    let out = kinrow()
        .args([
            "bench",
            "--format",
            "json",
            "--provers",
            "pns",
            "--memory",
            "8M",
        ])
        .args(["--jobs", &jobs.to_string()])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for v in json_lines(&out) {
        assert_eq!(v["result"], "unknown", "{v}");
        let peak = v["peak_bytes"].as_u64().unwrap();
        assert!(peak <= total / jobs as u64, "{peak} > {} / {jobs}", total);
        assert!(peak > total / jobs as u64 / 2, "the share was used: {peak}");
    }
}

/// Runs `kinrow ARGS PATH` and expects exit 2, without blocking: a read
/// that blocked (a FIFO with no writer, a device without end) would never
/// return, and the timeout, a guard against that hang rather than a bound
/// on the clock (issue 63), would kill it (no exit code).
fn refused_without_blocking(args: &[&str], path: &Path) {
    let out = kinrow()
        .args(args)
        .arg(path)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?} {}: {}",
        path.display(),
        stderr(&out)
    );
}

#[test]
fn devices_fifos_and_oversize_files_are_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.pos");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let big = dir.path().join("big.pos");
    std::fs::write(&big, "# padding\n".repeat(900_000)).unwrap();
    let ok = write(dir.path(), "ok.pos", WIN_IN_1);
    for path in [Path::new("/dev/zero"), &fifo] {
        // Refused for what it is, not for what reading it gave.
        let out = kinrow().arg("show").arg(path).output().unwrap();
        assert!(
            stderr(&out).contains("not a regular file"),
            "{}",
            stderr(&out)
        );
    }
    for path in [Path::new("/dev/zero"), &fifo, &big] {
        refused_without_blocking(&["show"], path);
        refused_without_blocking(&["solve"], path);
        refused_without_blocking(&["verify"], path);
        // As either file of `check`.
        let out = kinrow()
            .arg("check")
            .arg(&ok)
            .arg(path)
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let out = kinrow()
            .arg("check")
            .arg(path)
            .arg(&ok)
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    }
    // A FIFO inside a folder too.
    refused_without_blocking(&["show"], dir.path());
}

#[cfg(unix)]
#[test]
fn folders_are_walked_once_per_real_path() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "d/a.pos", WIN_IN_1);
    write(dir.path(), "d/sub/b.pos", WIN_IN_1);
    std::os::unix::fs::symlink(".", dir.path().join("d/loop")).unwrap();
    std::os::unix::fs::symlink("..", dir.path().join("d/sub/up")).unwrap();
    std::os::unix::fs::symlink("a.pos", dir.path().join("d/alias.pos")).unwrap();
    let out = kinrow()
        .arg("show")
        .arg(dir.path().join("d"))
        .arg(dir.path().join("d/a.pos"))
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let s = stdout(&out);
    assert_eq!(
        s.matches("\n[a]").count() + usize::from(s.starts_with("[a]")),
        1,
        "{s}"
    );
    assert_eq!(s.matches("[b]").count(), 1, "{s}");
    // A link to itself is refused at once.
    let selfloop = dir.path().join("self.pos");
    std::os::unix::fs::symlink(&selfloop, &selfloop).unwrap();
    refused_without_blocking(&["show"], &selfloop);
}

#[test]
fn a_proof_that_cannot_be_written_keeps_the_verdict_and_the_batch() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "two.pos",
        &format!("[one]\n{WIN_IN_1}depth 1\n\n[two]\n{WIN_IN_1}depth 3\n"),
    );
    // A regular file where the proof folder should be.
    let blocker = write(dir.path(), "blocker", "");
    let out = kinrow()
        .args(["solve", "--proof"])
        .arg(&blocker)
        .arg(&f)
        .output()
        .unwrap();
    // Refused before any solving: two proofs need a folder.
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("need a folder"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    // One position, a path under a file: JSON says so too.
    let one = write(dir.path(), "one.pos", WIN_IN_1);
    let out = kinrow()
        .args(["solve", "--json", "--proof"])
        .arg(blocker.join("x.proof"))
        .arg(&one)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], "win");
    assert!(v["proof"]["error"].is_string(), "{v}");
    // A folder given for one position gets NAME.proof inside.
    let folder = dir.path().join("proofs");
    std::fs::create_dir(&folder).unwrap();
    let out = kinrow()
        .args(["solve", "--proof"])
        .arg(&folder)
        .arg(&one)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(folder.join("one.proof").is_file());
}

#[test]
fn proofs_of_positions_with_the_same_name_do_not_overwrite_each_other() {
    let dir = tempfile::tempdir().unwrap();
    // Same file name, different positions (depth 1 and 3).
    let a = write(dir.path(), "a/p.pos", &format!("{WIN_IN_1}depth 1\n"));
    let b = write(dir.path(), "b/p.pos", &format!("{WIN_IN_1}depth 3\n"));
    let proofs = dir.path().join("proofs");
    let out = kinrow()
        .args(["solve", "--proof"])
        .arg(&proofs)
        .arg(&a)
        .arg(&b)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut written: Vec<_> = std::fs::read_dir(&proofs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    written.sort();
    assert_eq!(written.len(), 2, "{written:?}");
    for (pos, proof) in [&a, &b].into_iter().zip(&written) {
        let out = kinrow().arg("check").arg(pos).arg(proof).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            proof.display(),
            stdout(&out)
        );
    }
    // Names that only sanitizing makes equal are refused before solving.
    let c = write(
        dir.path(),
        "c.pos",
        &format!("[x y]\n{WIN_IN_1}\n[x_y]\n{WIN_IN_1}"),
    );
    let out = kinrow()
        .args(["solve", "--proof"])
        .arg(dir.path().join("more"))
        .arg(&c)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stdout(&out).is_empty(), "nothing solved: {}", stdout(&out));
}

#[test]
fn every_command_skips_a_position_its_prover_refuses_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "s.pos",
        &format!(
            "[filtered]\n{WIN_IN_1}depth 3\nattack fours\nexpect win\n\n[plain]\n{WIN_IN_1}depth 3\nexpect win\n"
        ),
    );
    let solve = kinrow()
        .args(["solve", "--prover", "alpha-beta"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(solve.status.code(), Some(3), "{}", stderr(&solve));
    assert!(stdout(&solve).contains("result: win"), "the batch went on");
    let verify = kinrow()
        .args(["verify", "--prover", "alpha-beta"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(verify.status.code(), Some(0), "{}", stdout(&verify));
    let bench = kinrow()
        .args(["bench", "--provers", "and-or,alpha-beta"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(bench.status.code(), Some(0), "{}", stderr(&bench));
    for (what, text) in [
        ("solve", stderr(&solve)),
        ("verify", stdout(&verify)),
        ("bench", stderr(&bench)),
    ] {
        let line = text
            .lines()
            .find(|l| l.contains("skipped") && l.contains("[filtered] (alpha-beta)"))
            .unwrap_or_else(|| panic!("{what}: {text}"));
        assert!(line.contains("attack fours"), "{what}: {line}");
    }
}

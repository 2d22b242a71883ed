//! `solve --cluster local`: job-level proofs on worker processes, with job
//! budgets small enough that jobs come back unknown and their leaves are
//! split; the verdicts against the in-process solve, the merged
//! certificate against `kinrow check`, resume, re-runs, the lock.

use crate::common::{json_lines, kinrow, stderr, write};
use std::path::{Path, PathBuf};

/// 4x4, k 3: a win for x (in 5 plies); with 3 nodes a job the root's job
/// comes back unknown.
const FOUR: &str = "board 4x4\nk 3\n";
/// Tic-tac-toe: a draw.
const TTT: &str = "board 3\nk 3\n";

/// The in-process verdict.
fn in_process(pos: &Path) -> String {
    let out = kinrow()
        .arg("solve")
        .arg(pos)
        .arg("--json")
        .output()
        .unwrap();
    json_lines(&out)[0]["result"].as_str().unwrap().to_string()
}

/// `kinrow solve POS --cluster local --work-dir DIR --job-nodes N --workers 2 --json`.
fn cluster(pos: &Path, dir: &Path, nodes: &str) -> assert_cmd::Command {
    cluster_on(pos, dir, nodes, "2")
}

/// [`cluster`] with this many workers (one makes the order of the jobs
/// certain).
fn cluster_on(pos: &Path, dir: &Path, nodes: &str, workers: &str) -> assert_cmd::Command {
    let mut c = kinrow();
    c.arg("solve")
        .arg(pos)
        .args(["--cluster", "local", "--work-dir"])
        .arg(dir);
    c.args(["--job-nodes", nodes, "--workers", workers, "--json"]);
    c
}

fn state(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("state.json")).unwrap()).unwrap()
}

/// The run numbers of job `job` found in the work directory.
fn runs(dir: &Path, job: usize) -> Vec<u32> {
    let mut r: Vec<u32> = std::fs::read_dir(dir.join("jobs"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            let rest = name.strip_prefix(&format!("{job}.r"))?;
            rest.strip_suffix(".json")?.parse().ok()
        })
        .collect();
    r.sort_unstable();
    r
}

/// A worker script: `body` runs with `$K` the real binary and `$5` the
/// run's `--proof` path (which names the job and run).
fn worker(dir: &Path, body: &str) -> PathBuf {
    let k = assert_cmd::cargo::cargo_bin("kinrow");
    let p = write(
        dir,
        "worker.sh",
        &format!("#!/bin/sh\nK='{}'\n{body}\n", k.display()),
    );
    let mut perm = std::fs::metadata(&p).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&p, perm).unwrap();
    p
}

#[test]
fn cluster_win_equals_in_process_and_merged_certificate_checks() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let proof = t.path().join("four.proof");
    let out = cluster(&pos, &t.path().join("w"), "3")
        .arg("--proof")
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], in_process(&pos));
    assert_eq!(v["result"], "win");
    // The root's job was split: more jobs than one.
    assert!(v["cluster"]["jobs"].as_u64().unwrap() > 1, "{v}");
    assert!(stderr(&out).contains("root proof number"));
    kinrow()
        .arg("check")
        .arg(&pos)
        .arg(&proof)
        .assert()
        .success();
}

#[test]
fn cluster_no_win_and_renju_win_equal_in_process() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "ttt.pos", TTT);
    let out = cluster(&pos, &t.path().join("w1"), "20").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], in_process(&pos));
    assert_eq!(v["result"], "no-win");
    assert!(v["cluster"]["jobs"].as_u64().unwrap() > 1, "{v}");

    // A renju VCF in 25 plies: the depth passed down the top tree.
    let suite =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../positions/renju-puzzles/vcf_black.pos");
    let proof = t.path().join("renju.proof");
    let out = cluster(&suite, &t.path().join("w2"), "30")
        .args(["--name", "vcf_black-renju", "--proof"])
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], "win");
    assert!(v["cluster"]["jobs"].as_u64().unwrap() > 1, "{v}");
    kinrow()
        .arg("check")
        .arg(&suite)
        .args(["--name", "vcf_black-renju"])
        .arg(&proof)
        .assert()
        .success();
}

#[test]
fn cluster_resume_runs_no_finished_job_twice() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "ttt.pos", TTT);
    let w = t.path().join("w");
    let out = cluster(&pos, &w, "20")
        .env("KINROW_CLUSTER_STOP_AFTER", "6")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let before = state(&w);
    let finished: Vec<usize> = before["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, j)| j["status"].get("done").is_some())
        .map(|(i, _)| i)
        .collect();
    assert!(finished.len() >= 5, "{before}");
    let stamp = |j: usize| {
        std::fs::metadata(w.join(format!("jobs/{j}.r1.json")))
            .unwrap()
            .modified()
            .unwrap()
    };
    let stamps: Vec<_> = finished.iter().map(|&j| stamp(j)).collect();
    // Without --resume the work directory is refused.
    cluster(&pos, &w, "20").assert().code(2);
    let out = cluster(&pos, &w, "20").arg("--resume").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["result"], "no-win");
    for (j, t) in finished.into_iter().zip(stamps) {
        assert_eq!(runs(&w, j), vec![1], "job {j} ran again");
        assert_eq!(stamp(j), t, "job {j}'s answer was written again");
    }
}

#[test]
fn cluster_reruns_a_malformed_and_a_missing_result() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let w = t.path().join("w");
    let script = worker(
        t.path(),
        "case \"$5\" in\n  */0.r1.proof) echo 'not json'; exit 0;;\n  */1.r1.proof) exit 0;;\nesac\nexec \"$K\" \"$@\"",
    );
    let out = cluster_on(&pos, &w, "3", "1")
        .arg("--worker")
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["result"], "win");
    assert_eq!(runs(&w, 0), vec![1, 2]);
    assert_eq!(runs(&w, 1), vec![1, 2]);
    let s = state(&w);
    assert!(
        s["jobs"][0]["notes"][0]
            .as_str()
            .unwrap()
            .contains("malformed"),
        "{s}"
    );
    assert!(
        s["jobs"][1]["notes"][0].as_str().unwrap().contains("empty"),
        "{s}"
    );
}

#[test]
fn cluster_refuses_a_corrupted_job_certificate() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let w = t.path().join("w");
    // Every first run's certificate has its first move put off the board.
    let script = worker(
        t.path(),
        "\"$K\" \"$@\"; rc=$?\ncase \"$5\" in *.r1.proof) [ -s \"$5\" ] && sed -i '/^tree$/{n;s/.*/z9/}' \"$5\";; esac\nexit $rc",
    );
    let out = cluster_on(&pos, &w, "3", "1")
        .arg("--worker")
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["result"], "win");
    assert!(
        stderr(&out).contains("certificate is refused"),
        "{}",
        stderr(&out)
    );
    let s = state(&w);
    let refused = s["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|j| j["notes"].to_string().contains("refused"))
        .count();
    assert!(refused >= 1, "{s}");
}

#[test]
fn cluster_second_master_refused_by_the_lock() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let w = t.path().join("w");
    std::fs::create_dir_all(&w).unwrap();
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
    // A live master: this test's own process.
    write(
        &w,
        "lock",
        &format!("{} {}\n", std::process::id(), host.trim()),
    );
    let out = cluster(&pos, &w, "3").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("in use"), "{}", stderr(&out));
    // A dead one: the lock is stale and taken over, with a note.
    write(&w, "lock", &format!("{} {}\n", u32::MAX - 1, host.trim()));
    let out = cluster(&pos, &w, "3").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("stale lock"), "{}", stderr(&out));
    assert!(!w.join("lock").exists());
}

#[test]
fn cluster_slurm_without_slurm_exits_2() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let out = kinrow()
        .arg("solve")
        .arg(&pos)
        .args(["--cluster", "slurm", "--work-dir"])
        .arg(t.path().join("w"))
        .env("PATH", t.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("sbatch"), "{}", stderr(&out));
}

#[test]
fn cluster_time_stops_the_run_and_resume_finishes_it() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let w = t.path().join("w");
    // Workers that never answer: only --time can end this session.
    let stuck = worker(t.path(), "exec sleep 60");
    let begun = std::time::Instant::now();
    let out = cluster(&pos, &w, "3")
        .args(["--time", "1", "--worker"])
        .arg(&stuck)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        begun.elapsed().as_secs() < 30,
        "the stuck workers were waited for"
    );
    assert_eq!(json_lines(&out)[0]["result"], "unknown");
    assert!(stderr(&out).contains("time is up"), "{}", stderr(&out));
    // The saved state goes on to the in-process verdict.
    let out = cluster(&pos, &w, "3").arg("--resume").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["result"], in_process(&pos));
}

#[test]
fn cluster_refuses_in_process_budgets_with_the_job_flag_to_use() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    for (flag, value, instead) in [
        ("--max-nodes", "5", "--job-nodes"),
        ("--memory", "1G", "--job-memory"),
        ("--threads", "2", "--workers"),
    ] {
        let out = cluster(&pos, &t.path().join("w"), "3")
            .args([flag, value])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(stderr(&out).contains(instead), "{}", stderr(&out));
    }
}

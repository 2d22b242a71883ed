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
    // The jobs' no-wins wrote no draw certificate: the master needs none.
    let mut no_wins = 0;
    for entry in std::fs::read_dir(t.path().join("w1/jobs")).unwrap() {
        let path = entry.unwrap().path();
        let Some(run) = path.to_str().unwrap().strip_suffix(".json") else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        if text.contains(r#""result":"no-win""#) {
            no_wins += 1;
            assert!(!Path::new(&format!("{run}.proof")).exists(), "{run}");
        }
    }
    assert!(no_wins > 0);

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
    // About 18 answers in all (the root's job runs four times).
    let out = cluster(&pos, &w, "20")
        .env("KINROW_CLUSTER_STOP_AFTER", "9")
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
    assert!(finished.len() >= 4, "{before}");
    // A finished job may have run more than once (the policy doubles an
    // unknown's budget); none runs again after the resume.
    let done_runs: Vec<Vec<u32>> = finished.iter().map(|&j| runs(&w, j)).collect();
    let stamps: Vec<_> = finished.iter().map(|&j| last_stamp(&w, j)).collect();
    // Without --resume the work directory is refused.
    cluster(&pos, &w, "20").assert().code(2);
    let out = cluster(&pos, &w, "20").arg("--resume").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["result"], "no-win");
    for ((j, r), t) in finished.into_iter().zip(done_runs).zip(stamps) {
        assert_eq!(runs(&w, j), r, "job {j} ran again");
        assert_eq!(last_stamp(&w, j), t, "job {j}'s answer was written again");
    }
}

/// When the last run of job `job` wrote its answer.
fn last_stamp(dir: &Path, job: usize) -> std::time::SystemTime {
    let run = *runs(dir, job).last().unwrap();
    std::fs::metadata(dir.join(format!("jobs/{job}.r{run}.json")))
        .unwrap()
        .modified()
        .unwrap()
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
    // Each may run on after its re-run: at 3 nodes a win can leave no
    // certificate, and its budget is then doubled.
    assert_eq!(runs(&w, 0)[..2], [1, 2]);
    assert_eq!(runs(&w, 1)[..2], [1, 2]);
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

/// A result that is JSON but not a report (a field of the wrong type, a
/// field missing) is a note that names the run's file and the field, and
/// the run again; never a panic of the master, never an answer.
#[test]
fn cluster_names_the_file_and_the_field_of_a_result_that_is_no_report() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let w = t.path().join("w");
    let script = worker(
        t.path(),
        "case \"$5\" in\n  */0.r1.proof) echo '{\"result\":\"win\",\"nodes\":\"many\",\"seconds\":0}'; exit 0;;\n  */1.r1.proof) echo '{\"result\":\"no-win\",\"seconds\":0}'; exit 0;;\nesac\nexec \"$K\" \"$@\"",
    );
    let out = cluster_on(&pos, &w, "3", "1")
        .arg("--worker")
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["result"], "win");
    assert_eq!(runs(&w, 0)[..2], [1, 2]);
    assert_eq!(runs(&w, 1)[..2], [1, 2]);
    let s = state(&w);
    for (job, field) in [(0, "nodes"), (1, "nodes")] {
        let note = s["jobs"][job]["notes"][0].as_str().unwrap();
        let file = w.join(format!("jobs/{job}.r1.json"));
        assert!(note.contains(&file.display().to_string()), "{note}");
        assert!(note.contains(field), "{note}");
    }
}

#[test]
fn cluster_doubles_the_budget_of_a_win_left_without_its_certificate() {
    // The root's job wins within its budget, but its first run's
    // certificate is emptied, as when the budget runs out while writing
    // it: the job runs again with twice the budget instead of splitting.
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let w = t.path().join("w");
    let log = t.path().join("args.log");
    let script = worker(
        t.path(),
        &format!(
            "echo \"$5 $*\" >> '{}'\n\"$K\" \"$@\"\ncode=$?\ncase \"$5\" in */0.r1.proof) : > \"$5\";; esac\nexit $code",
            log.display()
        ),
    );
    let out = cluster_on(&pos, &w, "1000", "1")
        .arg("--worker")
        .arg(&script)
        .arg("--proof")
        .arg(t.path().join("four.proof"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], "win");
    assert_eq!(v["cluster"]["jobs"], 1, "the leaf was split: {v}");
    assert_eq!(runs(&w, 0), vec![1, 2]);
    assert_eq!(state(&w)["jobs"][0]["doubled"], 1);
    let args = std::fs::read_to_string(&log).unwrap();
    let second = args.lines().nth(1).unwrap();
    assert!(second.contains("--max-nodes 2000"), "{args}");
}

#[test]
fn cluster_refuses_a_corrupted_job_certificate() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", FOUR);
    let w = t.path().join("w");
    // The first certificate written has its first move put off the board
    // (`mkdir` makes the mark once).
    let mark = t.path().join("corrupted");
    let script = worker(
        t.path(),
        &format!(
            "\"$K\" \"$@\"; rc=$?\nif [ -s \"$5\" ] && mkdir '{}' 2>/dev/null; then sed -i '/^tree$/{{n;s/.*/z9/}}' \"$5\"; fi\nexit $rc",
            mark.display()
        ),
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

/// One `--workers 1` run (the order of the jobs certain), with mirror
/// images merged or not: its JSON report and the state.
fn symmetry_run(pos: &Path, dir: &Path, nodes: &str, merged: bool) -> serde_json::Value {
    let proof = dir.with_extension("proof");
    let mut c = cluster_on(pos, dir, nodes, "1");
    c.arg("--proof").arg(&proof);
    if !merged {
        c.env("KINROW_CLUSTER_NO_SYMMETRY", "1");
    }
    let out = c.output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json_lines(&out)[0].clone();
    assert_eq!(v["result"], in_process(pos));
    if v["result"] == "win" {
        // The merged certificate, names mapped through the symmetries,
        // accepted by the checker (the master checked it too).
        kinrow()
            .arg("check")
            .arg(pos)
            .arg(&proof)
            .assert()
            .success();
    }
    v
}

#[test]
fn cluster_merges_mirror_images_with_fewer_jobs_and_a_checked_certificate() {
    let t = tempfile::tempdir().unwrap();
    for (name, text, nodes) in [("four", FOUR, "3"), ("ttt", TTT, "20")] {
        let pos = write(t.path(), &format!("{name}.pos"), text);
        let on = symmetry_run(&pos, &t.path().join(format!("{name}-on")), nodes, true);
        let off = symmetry_run(&pos, &t.path().join(format!("{name}-off")), nodes, false);
        let jobs = |v: &serde_json::Value| v["cluster"]["jobs"].as_u64().unwrap();
        assert!(jobs(&on) < jobs(&off), "{name}: {on} against {off}");
        // Nodes were met as mirror images: edges with a symmetry other
        // than the identity, which the merged certificate went through.
        let s = state(&t.path().join(format!("{name}-on")));
        let mirrored = s["tree"]["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|n| n["basis"].get("expanded"))
            .flat_map(|e| e.as_array().unwrap())
            .filter(|e| e["sym"] != 0)
            .count();
        assert!(mirrored > 0, "{name}: no mirror image met");
    }
}

#[test]
fn cluster_refuses_a_state_of_another_version() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "ttt.pos", TTT);
    let w = t.path().join("w");
    cluster(&pos, &w, "20")
        .env("KINROW_CLUSTER_STOP_AFTER", "2")
        .assert()
        .code(3);
    // A version-1 state (its edges had no symmetry) is refused by its
    // version, never read as this one's.
    let mut s = state(&w);
    s["version"] = 1.into();
    std::fs::write(w.join("state.json"), s.to_string()).unwrap();
    let out = cluster(&pos, &w, "20").arg("--resume").output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("a state of version 1"),
        "{}",
        stderr(&out)
    );
}

/// Every run file `jobs/J.rN.json` of the work directory, as (J, N).
fn run_files(dir: &Path) -> Vec<(usize, u32)> {
    let mut r: Vec<(usize, u32)> = std::fs::read_dir(dir.join("jobs"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            let (job, rest) = name.split_once(".r")?;
            Some((job.parse().ok()?, rest.strip_suffix(".json")?.parse().ok()?))
        })
        .collect();
    r.sort_unstable();
    r
}

#[test]
fn cluster_master_killed_then_resumed_redoes_no_finished_job() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "ttt.pos", TTT);
    let w = t.path().join("w");
    // Slow workers, so that the master is killed with jobs still to do.
    let slow = worker(t.path(), "sleep 0.3\nexec \"$K\" \"$@\"");
    let master = |resume: bool| {
        let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("kinrow"));
        c.arg("solve")
            .arg(&pos)
            .args(["--cluster", "local", "--work-dir"]);
        c.arg(&w)
            .args(["--job-nodes", "20", "--workers", "2", "--json"]);
        c.arg("--worker").arg(&slow);
        if resume {
            c.arg("--resume");
        }
        c
    };
    let mut child = master(false)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Until state.json records finished jobs beyond the root's (whose
    // answer, unknown, split it), then SIGKILL: no clean stop. (The
    // state is renamed into place, so a read sees a whole state.)
    let done = |s: &serde_json::Value| -> Vec<usize> {
        let jobs = s["jobs"].as_array().cloned().unwrap_or_default();
        (0..jobs.len())
            .filter(|&i| jobs[i]["status"].get("done").is_some())
            .collect()
    };
    let start = std::time::Instant::now();
    let finished = loop {
        // A guard against a master that never finishes a job, not a
        // bound on how fast it does (issue 63).
        assert!(start.elapsed().as_secs() < 120, "no job finished");
        assert!(
            child.try_wait().unwrap().is_none(),
            "the master ended first"
        );
        let text = std::fs::read_to_string(w.join("state.json")).unwrap_or_default();
        if let Ok(s) = serde_json::from_str::<serde_json::Value>(&text) {
            if done(&s).len() >= 3 {
                break done(&s);
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    let killed = state(&w);
    // What was finished when the state was last written (the master may
    // have saved once more before the signal landed).
    let mut finished: Vec<usize> = done(&killed).into_iter().chain(finished).collect();
    finished.sort_unstable();
    finished.dedup();
    assert_ne!(killed["jobs"].as_array().unwrap().len(), 0);
    let files = run_files(&w);
    let runs_of = |files: &[(usize, u32)], j: usize| -> Vec<u32> {
        let mut r: Vec<u32> = files.iter().filter(|f| f.0 == j).map(|f| f.1).collect();
        r.sort_unstable();
        r
    };
    let done_runs: Vec<Vec<u32>> = finished.iter().map(|&j| runs_of(&files, j)).collect();
    let stamps: Vec<_> = finished.iter().map(|&j| last_stamp(&w, j)).collect();
    // The killed master's lock is stale: the resumed one takes it over.
    let out = master(true).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{err}");
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(v["result"], in_process(&pos));
    assert!(err.contains("stale lock"), "{err}");
    // The kill came mid-run: the resumed master had jobs left to do.
    let jobs = state(&w)["jobs"].as_array().unwrap().len();
    assert!(jobs > finished.len(), "{jobs} jobs, {finished:?} finished");
    let files = run_files(&w);
    for ((&j, r), t) in finished.iter().zip(done_runs).zip(stamps) {
        assert_eq!(runs_of(&files, j), r, "finished job {j} ran again");
        assert_eq!(
            last_stamp(&w, j),
            t,
            "finished job {j}'s answer was written again"
        );
    }
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

#[test]
fn cluster_seeds_new_leaves_from_the_job_above_and_needs_fewer_jobs() {
    // 5x5 k 4, a draw, df-pn jobs of 5,000 nodes on one worker (the order
    // of the jobs certain): each unknown job's numbers below its leaf
    // (`solve --first-plies`) seed the leaf's new children, and the
    // master sends out next the replies that job found strongest. Without
    // seeds every new leaf starts at 1 and 1. Every unknown is split
    // (`KINROW_CLUSTER_NO_CONTINUE`): continued, the root's job alone
    // proves it.
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "five.pos", "board 5x5\nk 4\n");
    let run = |dir: &str, seeds: bool| {
        let mut c = cluster_on(&pos, &t.path().join(dir), "5000", "1");
        c.args(["--prover", "dfpn"])
            .env("KINROW_CLUSTER_NO_CONTINUE", "1");
        if !seeds {
            c.env("KINROW_CLUSTER_NO_SEEDS", "1");
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let v = json_lines(&out)[0].clone();
        assert_eq!(v["result"], "no-win", "{v}");
        v["cluster"]["jobs"].as_u64().unwrap()
    };
    let (seeded, plain) = (run("seeded", true), run("plain", false));
    // 7 jobs against 34: df-pn evaluates a defender's replies lazily, and
    // the replies a job never reached come after those it did (26 jobs
    // when they were left at 1 and 1). Without seeds the two runs are the
    // same jobs.
    assert!(
        seeded > 1 && seeded < plain,
        "{seeded} jobs against {plain}"
    );
    // First plies that are not what `solve` writes (a cell off the board,
    // a line of three, a number that is none, an entry that is no object)
    // are left out, the rest used: the same jobs.
    let junk = r#"{"line":["zz9"],"proof":1,"disproof":1},{"line":["a1","b1","c1"],"proof":1,"disproof":1},{"line":["a1"],"proof":"x","disproof":1},7,"#;
    let script = worker(
        t.path(),
        &format!("\"$K\" \"$@\" | sed 's/\"first_plies\":\\[/\"first_plies\":[{junk}/'"),
    );
    let out = cluster_on(&pos, &t.path().join("junk"), "5000", "1")
        .env("KINROW_CLUSTER_NO_CONTINUE", "1")
        .args(["--prover", "dfpn", "--worker"])
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], "no-win", "{v}");
    assert_eq!(v["cluster"]["jobs"], seeded, "{v}");
    let first = std::fs::read_to_string(t.path().join("junk/jobs/0.r1.json")).unwrap();
    assert!(first.contains("zz9"), "{first}");
    let seeds = |dir: &str| {
        state(&t.path().join(dir))["tree"]["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n.get("seed").is_some())
            .count()
    };
    assert!(seeds("seeded") > 0 && seeds("plain") == 0);
    assert_eq!(in_process(&pos), "no-win");
}

#[test]
fn cluster_continues_an_unknown_job_instead_of_splitting_and_keeps_the_verdict() {
    // 5x5 k 4, a draw, df-pn jobs of 5,000 nodes on one worker: the root's
    // job comes back unknown; continued, it runs again with 10,000, 20,000
    // and 40,000 nodes and proves the draw alone (one job, no split),
    // where splitting every unknown takes many jobs. Same verdict both
    // ways, and the in-process one.
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "five.pos", "board 5x5\nk 4\n");
    let run = |dir: &str, go_on: bool| {
        let mut c = cluster_on(&pos, &t.path().join(dir), "5000", "1");
        c.args(["--prover", "dfpn"]);
        if !go_on {
            c.env("KINROW_CLUSTER_NO_CONTINUE", "1");
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        json_lines(&out)[0].clone()
    };
    let (kept, split) = (run("kept", true), run("split", false));
    assert_eq!(kept["result"], "no-win", "{kept}");
    assert_eq!(split["result"], kept["result"], "{split}");
    assert_eq!(kept["result"], in_process(&pos));
    let c = &kept["cluster"];
    assert!(c["jobs"].as_u64().unwrap() < split["cluster"]["jobs"].as_u64().unwrap());
    assert!(c["doubled_runs"].as_u64().unwrap() >= 1, "{c}");
    let doubled = state(&t.path().join("kept"))["jobs"][0]["doubled"].clone();
    assert!(doubled.as_u64().unwrap() >= 1, "{doubled}");
}

#[test]
fn cluster_job_depth_splits_the_leaves_above_it_after_one_run() {
    // 5x5 k 4, a draw, df-pn jobs of 5,000 nodes on one worker. Without
    // a job depth the root's job is continued and proves the draw alone
    // (the test above); with `--job-depth 2` the root's unknown job runs
    // once and its leaf is split, and the jobs run on the leaves two
    // plies down (which the policy may continue). Same verdict.
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "five.pos", "board 5x5\nk 4\n");
    let dir = t.path().join("deep");
    let out = cluster_on(&pos, &dir, "5000", "1")
        .args(["--prover", "dfpn", "--job-depth", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["result"], "no-win", "{v}");
    assert_eq!(v["result"], in_process(&pos));
    let s = state(&dir);
    let nodes = s["tree"]["nodes"].as_array().unwrap();
    let ply = |mut n: usize| {
        let mut p = 0;
        while let Some(up) = nodes[n]["parent"].as_array() {
            n = up[0].as_u64().unwrap() as usize;
            p += 1;
        }
        p
    };
    let jobs = s["jobs"].as_array().unwrap();
    assert!(jobs.len() > 1, "{v}");
    // The root's job, the one above the depth, ran once, never doubled.
    assert_eq!(
        (jobs[0]["runs"].as_u64(), jobs[0]["doubled"].as_u64()),
        (Some(1), Some(0)),
        "{}",
        jobs[0]
    );
    // Every other job searched a leaf two plies down or more.
    for j in &jobs[1..] {
        assert!(ply(j["node"].as_u64().unwrap() as usize) >= 2, "{j}");
    }
}

#[test]
fn cluster_root_job_takes_the_cores_no_leaf_needs() {
    // 5x5 k 4, a draw, on two local workers: the root's first run is the
    // only job there is, so a prover on several threads runs it on both
    // cores; no run after it takes more than the two. PNS runs on one
    // thread, so its root job takes one. The verdict is the same.
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "five.pos", "board 5x5\nk 4\n");
    // The threads a run's answer reports (none for a run cancelled
    // before it answered).
    let threads = |dir: &Path, job: usize, run: u32| {
        let text = std::fs::read_to_string(dir.join(format!("jobs/{job}.r{run}.json"))).unwrap();
        let line = text.lines().next()?;
        serde_json::from_str::<serde_json::Value>(line).unwrap()["threads"].as_u64()
    };
    for (prover, root_threads) in [("dfpn", 2), ("pns", 1)] {
        let dir = t.path().join(prover);
        let out = cluster(&pos, &dir, "2000")
            .args(["--prover", prover])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let v = &json_lines(&out)[0];
        assert_eq!(v["result"], "no-win", "{v}");
        assert_eq!(threads(&dir, 0, 1), Some(root_threads), "{prover}");
        let jobs = state(&dir)["jobs"].as_array().unwrap().len();
        assert!(jobs > 1, "{prover}: the root's job was split: {v}");
        for job in 1..jobs {
            for run in runs(&dir, job) {
                assert!(threads(&dir, job, run) <= Some(2), "{prover}: job {job}");
            }
        }
    }
}

#[test]
fn cluster_progress_is_told_when_it_changes_not_every_second() {
    // One job that takes about three seconds (the worker sleeps first):
    // the master looks at its numbers every second, and tells them only
    // when they change (or once a minute), so no line repeats the one
    // before it.
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "ttt.pos", TTT);
    let script = worker(t.path(), "sleep 3\nexec \"$K\" \"$@\"");
    let out = cluster_on(&pos, &t.path().join("w"), "1000000", "1")
        .arg("--worker")
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains(" jobs: ")).collect();
    assert!(!lines.is_empty(), "{err}");
    for pair in lines.windows(2) {
        assert_ne!(pair[0], pair[1], "{err}");
    }
}

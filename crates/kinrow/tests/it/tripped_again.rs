//! What a new user tripped over the second time (issue 63): one test
//! through the binary per report, named after what it broke.

use crate::common::{json_lines, kinrow, stderr, stdout, write};
use std::path::Path;

const WIN_9: &str = "../../positions/bench/win-9.pos";
const GAME_21: &str = "../../positions/games/selfplay-21.psq";

/// x's open three h8 i9 j10 (and h10); o to move must stop it: o's
/// defences within 6 plies are a2 a4 a6 g7 k11 (`tripped.rs`).
const THREATENED: &str = "board 15\ndepth 6\nmoves h8 a1 i9 a3 j10 a5 h10 a7\nto-move o\n";

#[test]
fn a_hard_link_to_an_input_was_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(
        dir.path(),
        "in.pos",
        &std::fs::read_to_string(WIN_9).unwrap(),
    );
    let before = std::fs::read_to_string(&input).unwrap();
    let hard = dir.path().join("hard.pos");
    std::fs::hard_link(&input, &hard).unwrap();
    for flag in ["--svg", "--proof"] {
        let out = kinrow()
            .arg("solve")
            .arg(&input)
            .arg(flag)
            .arg(&hard)
            .arg("--force")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}: {}", stderr(&out));
        assert!(stderr(&out).contains("input"), "{}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&input).unwrap(), before, "{flag}");
    }
    // A game read by `analyse`, its report sent to a hard link of it.
    let game = write(
        dir.path(),
        "g.psq",
        &std::fs::read_to_string(GAME_21).unwrap(),
    );
    let game_before = std::fs::read_to_string(&game).unwrap();
    let page = dir.path().join("page.html");
    std::fs::hard_link(&game, &page).unwrap();
    let out = kinrow()
        .arg("analyse")
        .arg(&game)
        .args(["--time", "0.1", "--html"])
        .arg(&page)
        .arg("--force")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&game).unwrap(), game_before);
}

#[test]
fn defences_with_svg_drew_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let pos = write(dir.path(), "d.pos", THREATENED);
    let svg = dir.path().join("d.svg");
    let out = kinrow()
        .arg("solve")
        .arg(&pos)
        .args(["--defences", "--json", "--svg"])
        .arg(&svg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["svg"].as_str(), Some(svg.to_str().unwrap()), "{v}");
    let picture = std::fs::read_to_string(&svg).expect("the picture was written");
    assert!(picture.starts_with("<svg"), "{picture}");
    // The five defending moves circled, and named in the title.
    let rings = picture.matches(r##"fill="none" stroke="#d8231c""##).count();
    assert_eq!(rings, 5, "{picture}");
    assert!(picture.contains("defences a2 a4 a6 g7 k11"), "{picture}");
    // The text report names the picture, as `solve --svg` does.
    let svg2 = dir.path().join("d2.svg");
    let out = kinrow()
        .arg("solve")
        .arg(&pos)
        .args(["--defences", "--svg"])
        .arg(&svg2)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("picture: "), "{}", stdout(&out));
    assert!(svg2.exists());
}

#[test]
fn svg_and_proof_to_one_path_failed_after_solving() {
    let dir = tempfile::tempdir().unwrap();
    let same = dir.path().join("out");
    let out = kinrow()
        .args(["solve", WIN_9, "--svg"])
        .arg(&same)
        .arg("--proof")
        .arg(&same)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // Refused before solving: nothing written, no verdict printed.
    assert!(!same.exists());
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    // One file by two names (a hard link), with --force: refused too.
    let a = write(dir.path(), "a.out", "old\n");
    let b = dir.path().join("b.out");
    std::fs::hard_link(&a, &b).unwrap();
    let out = kinrow()
        .args(["solve", WIN_9, "--force", "--svg"])
        .arg(&a)
        .arg("--proof")
        .arg(&b)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "old\n");
}

/// A worker script that writes `message` on stderr and answers nothing,
/// as `kinrow solve` does when its job's file has gone.
fn failing_worker(dir: &Path, message: &str) -> std::path::PathBuf {
    let p = write(
        dir,
        "worker.sh",
        &format!("#!/bin/sh\necho '{message}' >&2\nexit 2\n"),
    );
    let mut perm = std::fs::metadata(&p).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&p, perm).unwrap();
    p
}

#[test]
fn cluster_job_failures_hid_their_cause() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", "board 4x4\nk 3\n");
    let cause = "kinrow: jobs/0.pos: No such file or directory (os error 2)";
    let worker = failing_worker(t.path(), cause);
    let out = kinrow()
        .arg("solve")
        .arg(&pos)
        .args(["--cluster", "local", "--work-dir"])
        .arg(t.path().join("w"))
        .args(["--job-nodes", "3", "--workers", "1", "--json", "--worker"])
        .arg(&worker)
        .output()
        .unwrap();
    let err = stderr(&out);
    let notes: Vec<&str> = err.lines().filter(|l| l.contains("job 0 run")).collect();
    assert_eq!(notes.len(), 3, "{err}");
    for note in notes {
        assert!(note.contains(cause), "{note}");
    }
}

#[test]
fn cluster_refusals_said_the_wrong_thing() {
    let t = tempfile::tempdir().unwrap();
    let pos = write(t.path(), "four.pos", "board 4x4\nk 3\n");
    let refusal = |args: &[&str]| {
        let out = kinrow()
            .arg("solve")
            .arg(&pos)
            .args(["--cluster", "local", "--work-dir"])
            .arg(t.path().join("w"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        stderr(&out)
    };
    // --workers is how many jobs run at once, not a job's budget.
    let threads = refusal(&["--threads", "2"]);
    assert!(threads.contains("--workers"), "{threads}");
    assert!(!threads.contains("budget"), "{threads}");
    // A cluster's no-win comes without a certificate (docs/cluster.md).
    let svg = refusal(&["--svg", "x.svg"]);
    assert!(svg.contains("--svg"), "{svg}");
    assert!(!svg.contains("win or no-win with a certificate"), "{svg}");
    assert!(svg.contains("no-win without"), "{svg}");
}

/// The repository's root.
fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The long flags (`--name`) that `kinrow COMMAND --help` lists.
fn flags_of(command: &str) -> Vec<String> {
    let out = kinrow().args([command, "--help"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{command}");
    let mut flags: Vec<String> = stdout(&out)
        .lines()
        .map(str::trim_start)
        .filter_map(|l| l.strip_prefix("-h, ").or(Some(l)))
        .filter_map(|l| l.strip_prefix("--"))
        .map(|l| {
            let name: String = l
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            format!("--{name}")
        })
        .filter(|f| f != "--help")
        .collect();
    flags.dedup();
    flags
}

/// The README's Commands block lacked `--svg`, `--name`, `--html`, the
/// cluster's job flags and more: every flag of every command's help is
/// in docs/commands.md, the reference the README sends readers to.
#[test]
fn the_commands_reference_lacked_flags() {
    let reference = std::fs::read_to_string(root().join("docs/commands.md")).unwrap();
    let mut missing = Vec::new();
    for command in [
        "solve", "verify", "bench", "show", "check", "analyse", "brain", "serve", "provers",
    ] {
        let flags = flags_of(command);
        assert!(!flags.is_empty(), "{command}: no flags read from its help");
        for flag in flags {
            if !reference.contains(&flag) {
                missing.push(format!("{command} {flag}"));
            }
        }
    }
    assert!(missing.is_empty(), "not in docs/commands.md: {missing:?}");
}

/// The README's further reading lacked python.md, cluster.md, pictures.md
/// and parallel.md: every page of docs/ is linked from it.
#[test]
fn the_readme_left_docs_pages_unlisted() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut unlisted = Vec::new();
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") && !readme.contains(&format!("](docs/{name}")) {
            unlisted.push(name);
        }
    }
    assert!(
        unlisted.is_empty(),
        "not linked from the README: {unlisted:?}"
    );
}

/// The README's `--defences` example named `threatened.pos`, which is not
/// in the repository: every `kinrow` command of the README's shell blocks
/// runs as written (from a folder that sees the repository's positions,
/// so that the files they write land there) and exits 0. The brain's,
/// fed by a pipe, cargo's, and a synopsis (`FILE... [--flag N]`) are left
/// out.
#[test]
fn a_readme_example_named_a_file_that_is_not_there() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("positions"), dir.path().join("positions")).unwrap();
    let mut ran = 0;
    for block in readme.split("```sh\n").skip(1) {
        let block = block.split("```").next().unwrap();
        for line in block.lines() {
            let command = line.split("  #").next().unwrap().trim();
            let Some(args) = command.strip_prefix("kinrow ") else {
                continue;
            };
            if args.contains("...") || args.contains('[') {
                continue;
            }
            let out = kinrow()
                .current_dir(dir.path())
                .args(args.split_whitespace())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{command}: {}", stderr(&out));
            ran += 1;
        }
    }
    assert!(ran >= 10, "{ran} commands");
}

/// `verify` skipped `vct_unstable-freestyle` and `-exact` as "does not
/// prove it within 10 s", while `solve` proved each in 0.05 s: the marks
/// were a list kept by hand. They now come from a measurement the
/// converter redoes (`tools/convert_quintet.py --measure`), recorded in
/// `measured.tsv`: a puzzle is marked exactly when its measured result is
/// not a win or took over 5 s (`UNMARKED_SECONDS` there: `verify` runs
/// the unmarked ones without a time limit), and every puzzle was measured.
#[test]
fn slow_marks_were_not_measured() {
    let dir = root().join("positions/renju-puzzles");
    let record = std::fs::read_to_string(dir.join("measured.tsv")).unwrap();
    let measured: std::collections::HashMap<&str, (&str, f64)> = record
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("puzzle\t"))
        .filter_map(|l| {
            let mut fields = l.split('\t');
            let name = fields.next()?;
            let result = fields.next()?;
            Some((name, (result, fields.next()?.parse().ok()?)))
        })
        .collect();
    let mut puzzles = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "pos") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for section in text.split("\n[").skip(1) {
            let name = section.split(']').next().unwrap();
            let marked = section.lines().any(|l| l.starts_with("slow "));
            let Some(&(result, seconds)) = measured.get(name) else {
                panic!("{name} is not in measured.tsv");
            };
            let slow = result != "win" || seconds > 5.0;
            assert_eq!(marked, slow, "{name}: {result} in {seconds} s");
            puzzles += 1;
        }
    }
    assert_eq!(puzzles, 152);
    assert_eq!(measured.len(), puzzles);
}

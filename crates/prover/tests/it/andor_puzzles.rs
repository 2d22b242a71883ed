//! The AND-OR prover on the puzzle suites in `positions/` that are not
//! marked slow, under a node budget: it may answer `unknown`, but a verdict
//! must match the puzzle's `expect`, and a winning move its `solution`.

use kinrow_format::{parse_positions, Expect};
use kinrow_prover::{AndOr, AndOrConfig, Limits, Problem, Prover, Verdict};
use std::path::Path;

#[test]
fn puzzles_not_marked_slow_are_never_answered_wrongly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../positions");
    let mut files: Vec<_> = walk(&root);
    files.sort();
    let limits = Limits {
        max_nodes: Some(200_000),
        ..Limits::default()
    };
    let mut prover = AndOr::new(AndOrConfig::default());
    let (mut solved, mut total) = (0, 0);
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for p in parse_positions(&text, &name).unwrap() {
            if p.slow.is_some() {
                continue;
            }
            total += 1;
            let problem = Problem::from(&p);
            let out = prover.prove(&problem, &limits);
            let expected = match p.expect {
                Some(Expect::Win) => Verdict::Win,
                Some(Expect::NoWin) => Verdict::NoWin,
                None => continue,
            };
            if out.verdict == Verdict::Unknown {
                continue;
            }
            solved += 1;
            assert_eq!(out.verdict, expected, "{}", p.name);
            if let (Some(m), false) = (out.best_move, p.solution.is_empty()) {
                assert!(p.solution.contains(&m), "{}", p.name);
            }
        }
    }
    eprintln!("{solved} of {total} puzzles settled within the budget");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else if path.extension().is_some_and(|e| e == "pos") {
            out.push(path);
        }
    }
    out
}

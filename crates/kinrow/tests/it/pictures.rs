//! `show --svg`, `solve --svg` and `analyse --html`: the pictures drawn
//! where the answer says (rendered with resvg and read at the points), and
//! the files written never over an input, nor over a file that exists
//! without `--force`.

use crate::common::{json_lines, kinrow, stderr, stdout, write};
use kinrow_picture::Layout;
use std::path::Path;

const PUZZLE: &str = "../../positions/renju-puzzles/vcf_black.pos";
const GAME_21: &str = "../../positions/games/selfplay-21.psq";

/// The colour of the picture `svg` (of a 15x15 board) a little off the
/// centre of the point `name`: `'x'` dark, `'o'` light, `'.'` the board.
fn seen(svg: &str, name: &str) -> char {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("size");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    let g = kinrow_board::Geometry::new(15, 15).expect("15x15");
    let (x, y) = g.xy(g.parse_cell(name).expect("a cell"));
    let (cx, cy) = Layout::of(&g).centre(x, y);
    let p = pixmap
        .pixel((cx + 11) as u32, (cy + 11) as u32)
        .expect("inside")
        .demultiply();
    match (p.red(), p.green(), p.blue()) {
        (r, g, b) if r < 60 && g < 60 && b < 60 => 'x',
        (r, g, b) if r > 220 && g > 220 && b > 220 => 'o',
        (0xe3, 0xb8, 0x66) => '.',
        other => panic!("{name}: unexpected colour {other:?}"),
    }
}

#[test]
fn solve_svg_draws_the_line_found_from_the_side_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("sol.svg");
    let out = kinrow()
        .args([
            "solve",
            PUZZLE,
            "--name",
            "vcf_black-renju",
            "--json",
            "--svg",
        ])
        .arg(&out_path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_eq!(v["svg"], out_path.display().to_string());
    let svg = std::fs::read_to_string(&out_path).unwrap();
    let pv: Vec<&str> = v["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(pv.len() >= 3, "a line to draw: {v}");
    // x to move: x, o, x, ... along the line; a point off it stays empty.
    for (i, cell) in pv.iter().enumerate() {
        let want = if i % 2 == 0 { 'x' } else { 'o' };
        assert_eq!(seen(&svg, cell), want, "move {} of the line, {cell}", i + 1);
    }
    assert_eq!(seen(&svg, "a1"), '.');
}

#[test]
fn show_svg_draws_one_position_and_says_how_to_pick_one() {
    let out = kinrow().args(["show", PUZZLE, "--svg"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--name"), "{}", stderr(&out));
    let out = kinrow()
        .args(["show", PUZZLE, "--svg", "--name", "vcf_black-exact"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = stdout(&out);
    // The position's stones (h8 and i8 are x's, j8 o's), nothing numbered.
    assert_eq!(seen(&svg, "h8"), 'x');
    assert_eq!(seen(&svg, "j8"), 'o');
    assert_eq!(seen(&svg, "g6"), '.');
    let out = kinrow()
        .args(["show", PUZZLE, "--svg", "--name", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Runs kinrow with `args`, then `path` (an output path), and the exit code.
fn exit(args: &[&str], path: &Path) -> Option<i32> {
    kinrow()
        .args(args)
        .arg(path)
        .output()
        .unwrap()
        .status
        .code()
}

#[test]
fn svg_and_html_never_write_over_a_file_without_force_nor_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let existing = write(dir.path(), "existing.svg", "keep me");
    let solve = ["solve", PUZZLE, "--name", "vcf_black-renju", "--svg"];
    assert_eq!(exit(&solve, &existing), Some(2));
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep me");
    let forced = [
        "solve",
        PUZZLE,
        "--name",
        "vcf_black-renju",
        "--force",
        "--svg",
    ];
    assert_eq!(exit(&forced, &existing), Some(0));
    assert!(std::fs::read_to_string(&existing)
        .unwrap()
        .starts_with("<svg"));

    // The input itself, even with --force.
    let input = write(
        dir.path(),
        "p.pos",
        &std::fs::read_to_string(PUZZLE).unwrap(),
    );
    let before = std::fs::read_to_string(&input).unwrap();
    let out = kinrow()
        .args(["solve", "--name", "vcf_black-renju", "--force", "--svg"])
        .arg(&input)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&input).unwrap(), before);

    // analyse --html: the same guard, checked before the analysis.
    let page = write(dir.path(), "r.html", "keep me");
    let analyse = ["analyse", GAME_21, "--time", "0.1", "--html"];
    assert_eq!(exit(&analyse, &page), Some(2));
    assert_eq!(std::fs::read_to_string(&page).unwrap(), "keep me");
    let game = write(
        dir.path(),
        "g.psq",
        &std::fs::read_to_string(GAME_21).unwrap(),
    );
    let out = kinrow()
        .args(["analyse", "--force", "--html"])
        .arg(&game)
        .arg(&game)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn solve_svg_draws_a_suite_into_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("pictures");
    let out = kinrow()
        .args(["solve", PUZZLE, "--svg"])
        .arg(&folder)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for name in ["vcf_black-freestyle", "vcf_black-exact", "vcf_black-renju"] {
        assert!(folder.join(format!("{name}.svg")).is_file(), "{name}");
    }
    // Several positions and a file where the folder should be: refused.
    let file = write(dir.path(), "file.svg", "");
    assert_eq!(exit(&["solve", PUZZLE, "--svg"], &file), Some(2));
}

#[test]
fn analyse_html_embeds_the_json_report_of_the_same_run() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("r.html");
    let out = kinrow()
        .args(["analyse", GAME_21, "--time", "0.2", "--json", "--html"])
        .arg(&page)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    let start = html.find(r#"id="analysis">"#).expect("the data") + 14;
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let lines = json_lines(&out);
    let (summary, plies) = lines.split_last().unwrap();
    assert_eq!(&data["summary"], summary);
    assert_eq!(data["plies"].as_array().unwrap(), plies);
    assert_eq!(data["moves"].as_array().unwrap().len(), 21);
    // Self-contained: nothing fetched from anywhere (the SVG namespace is
    // a name, not a request).
    let rest = html.replace("http://www.w3.org/2000/svg", "");
    for needle in ["http://", "https://", "src=", "url("] {
        assert!(!rest.contains(needle), "{needle} in the page");
    }
}

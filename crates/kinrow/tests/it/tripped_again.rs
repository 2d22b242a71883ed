//! What a new user tripped over the second time (issue 63): one test
//! through the binary per report, named after what it broke.

use crate::common::{kinrow, stderr, write};

const WIN_9: &str = "../../positions/bench/win-9.pos";
const GAME_21: &str = "../../positions/games/selfplay-21.psq";

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

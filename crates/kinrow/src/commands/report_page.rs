//! `kinrow analyse GAME --html OUT`: the game report as one self-contained
//! HTML page (inline CSS, script and SVG; its Content-Security-Policy
//! forbids any request). The page embeds the analysis as the objects that
//! `analyse --json` prints, from the same run, so the page and the JSON
//! report can never disagree; its script draws the game's stones, ply by
//! ply, on the board that `kinrow-picture` draws.
//!
//! The page's files are `assets/report.{html,css,js}`, kept apart so that
//! they read (and lint) as what they are.

use kinrow_board::Board;
use kinrow_format::game::GameRecord;
use kinrow_picture::{Layout, Marks, CELL, STONE_RADIUS};

const TEMPLATE: &str = include_str!("../../assets/report.html");
const CSS: &str = include_str!("../../assets/report.css");
const JS: &str = include_str!("../../assets/report.js");

/// The page for the game `record` whose position at ply 0 is `start`,
/// from the lines of `analyse --json` (`json_lines`: one object per ply,
/// then the summary). `file` names the game in the title.
pub fn page(file: &str, record: &GameRecord, start: &Board, json_lines: &str) -> String {
    let g = *start.game().geometry();
    let mut plies = Vec::new();
    let mut summary = serde_json::Value::Null;
    for line in json_lines.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("analyse's own JSON");
        if v.get("summary").is_some() {
            summary = v;
        } else {
            plies.push(v);
        }
    }
    let moves: Vec<serde_json::Value> = record
        .moves
        .iter()
        .map(|m| {
            let cell = g.cell(m.x, record.height - 1 - m.y).expect("on the board");
            serde_json::json!({ "cell": g.name(cell), "player": m.player.to_string() })
        })
        .collect();
    let layout = Layout::of(&g);
    let (left, top) = layout.centre(0, g.height() - 1);
    let data = serde_json::json!({
        "file": file,
        "width": g.width(),
        "height": g.height(),
        "rule": start.game().rule().to_string(),
        "k": start.game().k(),
        "moves": moves,
        "plies": plies,
        "summary": summary,
        "layout": {
            "left": left, "top": top, "cell": CELL, "stone": STONE_RADIUS,
            "black": kinrow_picture::BLACK, "white": kinrow_picture::WHITE,
            "mark": kinrow_picture::MARK,
        },
    });
    let empty = Board::new(*start.game());
    let board = kinrow_picture::svg(
        &empty,
        &Marks {
            title: Some(format!("{file}: the board")),
            ..Marks::default()
        },
    );
    let title = escape(&format!("kinrow analysis: {file}"));
    fill(
        TEMPLATE,
        &[
            ("TITLE", &title),
            ("CSS", CSS),
            ("BOARD", &board),
            // `<` escaped so that no string can close the script element.
            ("DATA", &data.to_string().replace('<', "\\u003c")),
            ("JS", JS),
        ],
    )
}

/// `template` with each `{{KEY}}` replaced by its value, in one pass (a
/// value that holds `{{...}}` stays as it is).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() * 2);
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let known = after.find("}}").and_then(|end| {
            let key = &after[..end];
            let value = values.iter().find(|(k, _)| *k == key)?.1;
            Some((value, end))
        });
        match known {
            Some((value, end)) => {
                out.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` with HTML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_known_keys_once() {
        let out = fill("a{{X}}b{{Y}}c{{Z}}", &[("X", "{{Y}}"), ("Y", "2")]);
        assert_eq!(out, "a{{Y}}b2c{{Z}}");
    }
}

//! `kinrow show`: the picture and rules of each position.

use crate::cli::ShowArgs;
use crate::error::CliError;
use crate::{input, render};

pub fn run(args: &ShowArgs) -> Result<u8, CliError> {
    let loaded = input::load_with(&args.files, &args.game.choice())?;
    let mut out = String::new();
    for l in &loaded {
        let p = &l.position;
        out.push_str(&format!(
            "[{}]  ({})\n{}\n",
            p.name,
            l.path.display(),
            render::rules(p)
        ));
        out.push_str(&render::picture(&p.board, &[]));
        if let Some(line) = forbidden_line(&p.board) {
            out.push_str(&line);
        }
        if let Some(e) = &p.expect {
            out.push_str(&format!("expect {e}\n"));
        }
        if !p.solution.is_empty() {
            out.push_str(&format!(
                "solution {}\n",
                render::moves(&p.board, &p.solution)
            ));
        }
        for s in &p.sources {
            out.push_str(&format!("source {s}\n"));
        }
        if let Some(reason) = &p.slow {
            out.push_str(&format!("slow {reason}\n"));
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(0)
}

/// Under renju, Black's (x's) forbidden points with their kind, one line
/// (`forbidden to x: e10 double-three, ...` or `forbidden to x: none`);
/// `None` under the other rules.
fn forbidden_line(board: &kinrow_board::Board) -> Option<String> {
    if board.game().rule() != kinrow_board::Rule::Renju {
        return None;
    }
    let g = board.game().geometry();
    let points: Vec<String> = board
        .forbidden_points()
        .iter()
        .map(kinrow_board::Cell::from_index)
        .filter_map(|c| board.foul(c).map(|f| format!("{} {f}", g.name(c))))
        .collect();
    let list = if points.is_empty() {
        "none".to_string()
    } else {
        points.join(", ")
    };
    Some(format!("forbidden to x: {list}\n"))
}

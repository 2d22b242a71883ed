//! `kinrow show`: the picture and rules of each position, as text or (one
//! position) as SVG.

use crate::cli::ShowArgs;
use crate::error::CliError;
use crate::{input, output, render};
use kinrow_board::Cell;
use kinrow_format::Position;

pub fn run(args: &ShowArgs) -> Result<u8, CliError> {
    let (loaded, bad) = input::load_with(&args.files, &args.game.choice()).report_bad()?;
    let loaded = output::select(loaded, args.game.name.as_deref())?;
    if args.svg {
        let [one] = &loaded[..] else {
            let names: Vec<&str> = loaded.iter().take(5).map(|l| &*l.position.name).collect();
            return Err(CliError::input(format!(
                "--svg draws one position, and the files hold {} ({}{}): pick one with --name, or draw each with `kinrow solve --svg DIR`",
                loaded.len(),
                names.join(", "),
                if loaded.len() > 5 { ", ..." } else { "" }
            )));
        };
        output::print(&svg(&one.position, &[]))?;
        return Ok(crate::error::with_bad_inputs(0, bad));
    }
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
    output::print(&out)?;
    Ok(crate::error::with_bad_inputs(0, bad))
}

/// The SVG picture of `p` with `line` numbered from the side to move,
/// renju's forbidden points marked, titled with the position's name.
pub fn svg(p: &Position, line: &[Cell]) -> String {
    let marks = kinrow_picture::Marks {
        line: line.to_vec(),
        forbidden: true,
        title: Some(format!("{} ({} to move)", p.name, p.board.to_move())),
        ..kinrow_picture::Marks::default()
    };
    kinrow_picture::svg(&p.board, &marks)
}

/// Under renju, Black's (x's) forbidden points with their kind, one line
/// (`forbidden to x: e10 double-three, ...` or `forbidden to x: none`);
/// `None` under the other rules.
fn forbidden_line(board: &kinrow_board::Board) -> Option<String> {
    if !board.game().has_forbidden_points() {
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

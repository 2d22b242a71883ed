//! `kinrow solve --defences`: the side to move defends; every move after
//! which the opponent has no forced win within the plies left, each proved
//! by the chosen prover ([`kinrow_prover::defence`]).

use super::solve::Report;
use crate::claims::{self, HoldsFor};
use crate::error::CliError;
use crate::input::Loaded;
use crate::provers::{build_for, ProverKind};
use crate::render;
use crate::settings::Budgets;
use kinrow_board::Cell;
use kinrow_format::Position;
use kinrow_prover::defence::{defences, Defences};
use kinrow_prover::Problem;
use std::path::Path;

/// The position the opponent faces after a move of the defender, for the
/// words of what a defence holds for: the opponent to move, a ply less.
fn opponent_view(p: &Position) -> Position {
    let mut q = p.clone();
    let to_move = q.board.to_move().other();
    q.board.set_to_move(to_move);
    q.depth = p.depth.map(|d| d.saturating_sub(1));
    q
}

/// The answer for one position: the report and what its picture shows.
pub struct Answered {
    /// The text report, or the JSON object.
    pub report: Report,
    /// Whether a budget left some move open.
    pub open: bool,
    /// The defending moves, in the order listed.
    pub defending: Vec<Cell>,
}

/// Answers one position, or says why the prover refuses it (said on
/// stderr by the caller's line).
pub fn answer(
    l: &Loaded,
    p: &Position,
    kind: ProverKind,
    budgets: &Budgets,
    json: bool,
) -> Result<Answered, String> {
    let found = find(p, kind, budgets)?;
    let report = if json {
        Report::Json(json_line(&l.path, p, kind, &found))
    } else {
        Report::Text(human(&l.path, p, kind, &found))
    };
    Ok(Answered {
        report,
        open: !found.complete(),
        defending: found.defending().collect(),
    })
}

/// Every move of the side to move of `p` tried, each answered by `kind`
/// within `budgets` (the search behind [`answer`]; `kinrow serve` asks it
/// too); the prover's refusal as text.
pub fn find(p: &Position, kind: ProverKind, budgets: &Budgets) -> Result<Defences, String> {
    let problem = Problem::from(p);
    let limits = budgets.limits(p);
    defences(
        &problem,
        &mut |q: &Problem| kind.build(q, &build_for(p, false, budgets.threads)),
        &limits,
    )
    .map_err(|e| e.to_string())
}

/// The picture of `p` with the defending moves circled (`solve
/// --defences --svg`), titled with them.
pub fn svg(p: &Position, defending: &[Cell]) -> String {
    let g = p.board.game().geometry();
    let listed: Vec<String> = defending.iter().map(|&c| g.name(c)).collect();
    let marks = kinrow_picture::Marks {
        forbidden: true,
        highlight: defending.to_vec(),
        title: Some(format!(
            "{} ({} to move): defences {}",
            p.name,
            p.board.to_move(),
            if listed.is_empty() {
                "none".to_string()
            } else {
                listed.join(" ")
            }
        )),
        ..kinrow_picture::Marks::default()
    };
    kinrow_picture::svg(&p.board, &marks)
}

fn names(p: &Position, cells: impl Iterator<Item = kinrow_board::Cell>) -> Vec<String> {
    let g = p.board.game().geometry();
    cells.map(|c| g.name(c)).collect()
}

fn open(found: &Defences) -> impl Iterator<Item = kinrow_board::Cell> + '_ {
    found
        .moves
        .iter()
        .filter(|d| !d.opponent.settles())
        .map(|d| d.cell)
}

/// The text report of one position's defences.
pub fn human(path: &Path, p: &Position, kind: ProverKind, found: &Defences) -> String {
    let me = p.board.to_move();
    let opponent = me.other();
    let defending = names(p, found.defending());
    let horizon = p
        .depth
        .map_or(String::new(), |d| format!(" within {}", render::plies(d)));
    let mut out = format!("[{}]  ({})\n{}\n", p.name, path.display(), render::game(p));
    out.push_str(&format!(
        "defences for {me}: {} of {} stop every forced win of {opponent}{horizon}: {}\n",
        defending.len(),
        render::counted(found.moves.len() as u64, "move", "moves"),
        if defending.is_empty() {
            "none".to_string()
        } else {
            defending.join(" ")
        }
    ));
    out.push_str(&format!(
        "holds for: {}\n",
        claims::no_win_scope(&opponent_view(p)).1
    ));
    let open = names(p, open(found));
    if !open.is_empty() {
        out.push_str(&format!(
            "not settled (a budget ran out): {} ({})\n",
            open.join(" "),
            open.len()
        ));
    }
    out.push_str(&format!(
        "prover {}: {} nodes, {:.3} s\n\n",
        kind.name(),
        render::thousands(found.stats.nodes),
        found.stats.elapsed.as_secs_f64()
    ));
    out
}

/// The JSON object of one position's defences.
pub fn json_line(
    path: &Path,
    p: &Position,
    kind: ProverKind,
    found: &Defences,
) -> serde_json::Value {
    let (scope, claim) = claims::no_win_scope(&opponent_view(p));
    let mut v = serde_json::json!({
        "file": path.display().to_string(),
        "name": p.name,
        "defender": p.board.to_move().to_string(),
        "defences": names(p, found.defending()),
        "moves": found.moves.len(),
        "open": names(p, open(found)),
        "holds_for": HoldsFor::as_str(scope),
        "claim": claim,
        "nodes": found.stats.nodes,
        "seconds": found.stats.elapsed.as_secs_f64(),
        "prover": kind.name(),
    });
    v.as_object_mut()
        .expect("a JSON object")
        .extend(render::game_json(p));
    v
}

/// The refusal of `--defences` together with flags it cannot honour
/// (`--svg` it honours: the defending moves circled, [`svg`]).
pub fn check_flags(all_moves: bool, proof: bool) -> Result<(), CliError> {
    if all_moves || proof {
        return Err(CliError::input(
            "--defences lists the defender's moves: it takes neither --all-moves nor --proof",
        ));
    }
    Ok(())
}

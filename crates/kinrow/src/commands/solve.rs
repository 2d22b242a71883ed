//! `kinrow solve`: answer every position of the given files.

use super::{solve_one, Solved};
use crate::cli::SolveArgs;
use crate::error::CliError;
use crate::input::Loaded;
use crate::settings::{self, Overrides};
use crate::{input, render};
use kinrow_format::Position;
use kinrow_prover::Verdict;
use std::io::Write;

pub fn run(args: &SolveArgs) -> Result<u8, CliError> {
    let overrides = Overrides {
        depth: args.overrides.depth,
        candidates: args.overrides.candidates,
        attack: args.overrides.attack,
    };
    let limits = settings::limits(args.budget.max_nodes, args.budget.time, args.budget.memory);
    let loaded = input::load(&args.files)?;
    let several = loaded.len() > 1;
    let mut stdout = std::io::stdout().lock();
    for Loaded { path, position } in &loaded {
        let position = overrides.apply(position);
        let solved = solve_one(&position, args.prover, &limits, args.all_moves).map_err(|e| {
            CliError::input(format!("{}: [{}]: {e}", path.display(), position.name))
        })?;
        let proof = match &args.proof {
            Some(target) if solved.outcome.verdict == Verdict::Win => Some(
                crate::commands::check::write_proof(target, several, &position, &solved, &limits)?,
            ),
            _ => None,
        };
        let text = if args.json {
            json(&position, &solved, args.all_moves, proof.as_ref()).to_string() + "\n"
        } else {
            human(&position, &solved, proof.as_ref())
        };
        stdout
            .write_all(text.as_bytes())
            .map_err(|e| CliError::input(format!("cannot write output: {e}")))?;
    }
    Ok(0)
}

/// The JSON object of one solved position.
pub fn json(
    p: &Position,
    s: &Solved,
    all_moves: bool,
    proof: Option<&crate::commands::check::ProofInfo>,
) -> serde_json::Value {
    let g = p.board.game().geometry();
    let o = &s.outcome;
    let name = |c: &kinrow_board::Cell| serde_json::Value::from(g.name(*c));
    let mut v = serde_json::json!({
        "name": p.name,
        "result": o.verdict.as_str(),
        "move": o.best_move.as_ref().filter(|_| o.verdict == Verdict::Win).map(name),
        "plies": o.plies.filter(|_| o.verdict == Verdict::Win),
        "pv": o.pv.iter().map(name).collect::<Vec<_>>(),
        "nodes": o.stats.nodes,
        "seconds": o.stats.elapsed.as_secs_f64(),
        "peak_bytes": o.stats.peak_bytes,
        "prover": s.prover.name(),
        "to_move": p.board.to_move().to_string(),
        "candidates": p.candidates.to_string(),
        "attack": p.attack.to_string(),
        "depth": p.depth,
    });
    if let Some(val) = o.value {
        v["value"] = val.into();
    }
    if all_moves {
        v["winning_moves"] = o
            .winning_moves
            .as_ref()
            .map_or(serde_json::Value::Null, |m| m.iter().map(name).collect());
    }
    if let Some(info) = proof {
        v["proof"] = info.json();
    }
    v
}

/// The human report of one solved position.
pub fn human(
    p: &Position,
    s: &Solved,
    proof: Option<&crate::commands::check::ProofInfo>,
) -> String {
    let o = &s.outcome;
    let mut out = format!("[{}]\n{}\n", p.name, render::rules(p));
    let attacker = p.board.to_move();
    match o.verdict {
        Verdict::Win => {
            let plies = o.plies.unwrap_or(0);
            let mv = o
                .best_move
                .map(|c| p.board.game().geometry().name(c))
                .unwrap_or_default();
            out.push_str(&format!(
                "result: win for {attacker}, first move {mv}: the winning stone lands at ply {plies} ({} {attacker} moves)\n",
                plies.div_ceil(2)
            ));
        }
        Verdict::NoWin => {
            out.push_str(&format!(
                "result: no-win for {attacker}: {}\n",
                render::no_win_meaning(p)
            ));
        }
        Verdict::Unknown => {
            out.push_str("result: unknown: a budget ran out before the search settled\n")
        }
    }
    if let Some(v) = o.value {
        out.push_str(&format!(
            "value: {v:+} for {attacker} (+1 forces a win, -1 the opponent does, 0 neither)\n"
        ));
    }
    if !o.pv.is_empty() {
        out.push_str(&format!("line: {}\n", render::moves(&p.board, &o.pv)));
    }
    out.push_str(&render::picture(&p.board, &o.pv));
    if let Some(moves) = &o.winning_moves {
        out.push_str(&format!(
            "winning first moves: {}\n",
            render::moves(&p.board, moves)
        ));
    }
    let secs = o.stats.elapsed.as_secs_f64();
    let nps = if secs > 0.0 {
        (o.stats.nodes as f64 / secs) as u64
    } else {
        0
    };
    out.push_str(&format!(
        "prover {}: {} nodes, {} nodes/s, {:.3} s, peak memory {}\n",
        s.prover.name(),
        render::thousands(o.stats.nodes),
        render::thousands(nps),
        secs,
        render::bytes(o.stats.peak_bytes)
    ));
    if let Some(info) = proof {
        out.push_str(&info.human());
    }
    out.push('\n');
    out
}

//! The human-readable picture of a position: the classic board with row
//! numbers on the left (top row first) and column letters below, and a
//! line of rules.

use crate::provers::ProverKind;
use kinrow_board::{Attack, Board, Candidates, Cell, Player};
use kinrow_format::Position;
use kinrow_prover::{Exhausted, Limits, Verdict};
use std::fmt::Write;

/// The board as text; the cells of `numbered` (a line of play starting with
/// the side to move) are drawn as their move numbers.
pub fn picture(board: &Board, numbered: &[Cell]) -> String {
    let g = board.game().geometry();
    let width = if numbered.len() >= 10 { 3 } else { 2 };
    let mut out = String::new();
    for y in (0..g.height()).rev() {
        let _ = write!(out, "{:>2} ", y + 1);
        for x in 0..g.width() {
            let cell = g.cell(x, y).expect("on the board");
            let text = match numbered.iter().position(|&c| c == cell) {
                Some(i) => (i + 1).to_string(),
                None => match board.stone_at(cell) {
                    Some(Player::X) => "x".into(),
                    Some(Player::O) => "o".into(),
                    None => ".".into(),
                },
            };
            let _ = write!(out, "{text:>width$}");
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..g.width() {
        let _ = write!(out, "{:>width$}", (b'a' + x as u8) as char);
    }
    out.push('\n');
    out
}

/// `board 15x15, k 5, freestyle; x to move; candidates near 1, attack any, depth 9`.
pub fn rules(p: &Position) -> String {
    let g = p.board.game();
    let depth = p
        .depth
        .map_or_else(|| "no depth limit".to_string(), |d| format!("depth {d}"));
    format!(
        "board {}x{}, k {}, {}; {} to move; candidates {}, attack {}, {}",
        g.geometry().width(),
        g.geometry().height(),
        g.k(),
        g.rule(),
        p.board.to_move(),
        p.candidates,
        p.attack,
        depth
    )
}

/// Which game a verdict is a statement about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The real game, every cell open to both sides (within the horizon,
    /// for a no-win with a depth).
    RealGame,
    /// Only the smaller game the candidates or the attacker's filter
    /// describe.
    RestrictedGame,
}

impl Scope {
    /// `real-game` or `restricted-game`, as in JSON.
    pub const fn as_str(self) -> &'static str {
        match self {
            Scope::RealGame => "real-game",
            Scope::RestrictedGame => "restricted-game",
        }
    }
}

/// The candidates in words: `both sides play only within 1 cell of a
/// stone`. One restriction applies to both sides.
pub fn candidates_words(c: Candidates) -> String {
    match c {
        Candidates::All => "both sides may play every empty cell".into(),
        Candidates::Near(1) => "both sides play only within 1 cell of a stone".into(),
        Candidates::Near(r) => format!("both sides play only within {r} cells of a stone"),
    }
}

/// The attacker's filter in words, if there is one.
pub fn attack_words(a: Attack, attacker: Player) -> Option<String> {
    match a {
        Attack::Any => None,
        Attack::Fours => Some(format!("{attacker} plays only fours (VCF)")),
        Attack::Threats => Some(format!("{attacker} plays only fours and threats (VCT)")),
    }
}

/// The game a position asks about, in one line: `6x6 board, k 4,
/// freestyle; x to move; both sides play only within 1 cell of a stone;
/// horizon 7 plies`.
pub fn game(p: &Position) -> String {
    let g = p.board.game();
    let attacker = p.board.to_move();
    let mut out = format!(
        "{}x{} board, k {}, {}; {attacker} to move; {}",
        g.geometry().width(),
        g.geometry().height(),
        g.k(),
        g.rule(),
        candidates_words(p.candidates)
    );
    if let Some(a) = attack_words(p.attack, attacker) {
        out.push_str("; ");
        out.push_str(&a);
    }
    match p.depth {
        Some(d) => out.push_str(&format!("; horizon {}", plies(d))),
        None => out.push_str("; no horizon"),
    }
    out
}

/// The game of `p` as JSON fields: `board` (`6x6`), `k`, `rule`,
/// `to_move`, `candidates`, `attack`, `depth`.
pub fn game_json(p: &Position) -> serde_json::Map<String, serde_json::Value> {
    let game = p.board.game();
    let g = game.geometry();
    let v = serde_json::json!({
        "board": format!("{}x{}", g.width(), g.height()),
        "k": game.k(),
        "rule": game.rule().to_string(),
        "to_move": p.board.to_move().to_string(),
        "candidates": p.candidates.to_string(),
        "attack": p.attack.to_string(),
        "depth": p.depth,
    });
    match v {
        serde_json::Value::Object(map) => map,
        _ => unreachable!("a JSON object"),
    }
}

/// The restrictions that make a game smaller than the real one, in words
/// (`where both sides play only within 1 cell of a stone and x plays only
/// fours (VCF)`); `None` for the real game.
fn restricted_game(p: &Position) -> Option<String> {
    let attacker = p.board.to_move();
    let mut parts = Vec::new();
    if p.candidates != Candidates::All {
        parts.push(candidates_words(p.candidates));
    }
    parts.extend(attack_words(p.attack, attacker));
    (!parts.is_empty()).then(|| format!("the game where {}", parts.join(" and ")))
}

/// What a `win` for the side to move of `p` is a win of, and the sentence
/// that says so. An attacker filter only leaves the attacker fewer moves,
/// so the win stands in the real game; `near R` also keeps the defender's
/// replies near the stones, so the win is one of that game only.
pub fn win_scope(p: &Position) -> (Scope, String) {
    let attacker = p.board.to_move();
    let defender = attacker.other();
    match p.candidates {
        Candidates::All => {
            let mut text = if p.board.game().rule() == kinrow_board::Rule::Renju {
                // Every defender's turn of a renju win refutes a pass: see
                // kinrow_prover::node::Passes.
                "the real game of renju (every empty cell was open to both sides but x's forbidden points; a pass of the defender would lose as well".to_string()
            } else {
                "the real game (every empty cell was open to both sides".to_string()
            };
            if let Some(a) = attack_words(p.attack, attacker) {
                text.push_str(&format!("; that {a} only made the win harder to find"));
            }
            text.push(')');
            (Scope::RealGame, text)
        }
        Candidates::Near(r) => (
            Scope::RestrictedGame,
            format!(
                "only the game where both sides play only within {r} cell{} of a stone, not \
                 necessarily the real game: {defender}'s replies farther away were not \
                 considered (`candidates all` asks about the real game)",
                if r == 1 { "" } else { "s" }
            ),
        ),
    }
}

/// What a `no-win` is a statement about, and the sentence that says so.
pub fn no_win_scope(p: &Position) -> (Scope, String) {
    let attacker = p.board.to_move();
    // Under renju the no-win holds with every pass RIF allows: see
    // kinrow_prover::node::Passes.
    let real = if p.board.game().rule() == kinrow_board::Rule::Renju {
        "the real game of renju (passes included)"
    } else {
        "the real game"
    };
    match (restricted_game(p), p.depth) {
        (None, None) => (Scope::RealGame, real.into()),
        (None, Some(d)) => (
            Scope::RealGame,
            format!(
                "{real}, within {} only: {attacker} may still win in more",
                plies(d)
            ),
        ),
        (Some(game), _) => (
            Scope::RestrictedGame,
            format!("only {game}: the real game may still be a win for {attacker}"),
        ),
    }
}

/// The headline of a verdict: `win for x within 7 plies`, `no-win for x:
/// no forced win within 5 plies`.
pub fn headline(p: &Position, verdict: Verdict) -> String {
    let attacker = p.board.to_move();
    match (verdict, p.depth) {
        (Verdict::Win, Some(d)) => format!("win for {attacker}: a forced win within {}", plies(d)),
        (Verdict::Win, None) => format!("win for {attacker}: a forced win"),
        (Verdict::NoWin, Some(d)) => {
            format!("no-win for {attacker}: no forced win within {}", plies(d))
        }
        (Verdict::NoWin, None) => format!("no-win for {attacker}: no forced win at all"),
        (Verdict::Unknown, _) => "unknown".into(),
    }
}

/// Why a search ended `unknown`, in words, after `prover` (`vct` searched
/// the threat space, `vct-db` the plans of db-search), `renju` when the rule was renju (where the two games of
/// passes a whole-game search plays can disagree).
pub fn unknown_reason(
    exhausted: Option<Exhausted>,
    limits: &Limits,
    prover: ProverKind,
    renju: bool,
) -> String {
    match exhausted {
        Some(Exhausted::Nodes) => format!(
            "the node budget ran out (--max-nodes {}) before the search settled",
            limits.max_nodes.map_or_else(|| "?".into(), |n| n.to_string())
        ),
        Some(Exhausted::Time) => format!(
            "the time budget ran out ({} s, --time or the file's `time`) before the search settled",
            limits.time.map_or(0.0, |t| t.as_secs_f64())
        ),
        Some(Exhausted::Memory) => format!(
            "the memory budget ran out ({}, --memory) before the search settled",
            limits.memory.map_or_else(|| "default".into(), bytes)
        ),
        Some(Exhausted::Stopped) => "the search was stopped before it settled".into(),
        None if prover == ProverKind::Vct => "no win inside the attacker's threat space, which does not settle the game (try pns or and-or)".into(),
        None if prover == ProverKind::VctDb => "no win along the plans of db-search, which try a few threats at each attacker's turn and do not settle the game (try auto)".into(),
        None if renju => "under renju the attacker wins if the defender may never pass, but no win was found in which each defender's turn also refutes a pass with a VCF: the game with passes is not settled".into(),
        None => "the search stopped before it settled".into(),
    }
}

/// Cell names separated by spaces.
pub fn moves(board: &Board, cells: &[Cell]) -> String {
    let g = board.game().geometry();
    cells
        .iter()
        .map(|&c| g.name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An integer with thousands separators: `12,345,678`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A byte count in B, KiB, MiB or GiB.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut v = n as f64;
    let mut u = 0;
    while v >= 1024.0 && u < UNITS.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{n} B")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// `1 ply`, `7 plies`.
pub fn plies(n: impl Into<u64>) -> String {
    counted(n.into(), "ply", "plies")
}

/// `1 move`, `3 moves` (or another noun).
pub fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(bytes(100), "100 B");
        assert_eq!(bytes(3 << 20), "3.0 MiB");
    }
}

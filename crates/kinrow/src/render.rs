//! The human-readable picture of a position: the classic board with row
//! numbers on the left (top row first) and column letters below, and a
//! line of rules.

use kinrow_board::{Attack, Board, Candidates, Cell, Player};
use kinrow_format::Position;
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

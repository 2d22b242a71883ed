//! The human-readable picture of a position: the classic board with row
//! numbers on the left (top row first) and column letters below, and a
//! line of rules.

use kinrow_board::{Board, Candidates, Cell, Player};
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

/// What a `no-win` means under these settings.
pub fn no_win_meaning(p: &Position) -> &'static str {
    let pruned =
        matches!(p.candidates, Candidates::Near(_)) || p.attack != kinrow_board::Attack::Any;
    if pruned {
        "no-win holds for the pruned game only (candidates near R or an attack filter): the real game may still be a win"
    } else {
        "no-win holds for the real game: every cell was allowed to both sides"
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

//! What a verdict claims, in the command line's words: `holds_for`
//! (`real-game` or `restricted-game`) and the sentence of `kinrow solve
//! --json`'s `claim`. A copy of the few functions of the binary's
//! `render.rs` that say it (the binary is not a library); the package's
//! cross-check against the command line (crates/python/tests) compares both
//! fields, so the copies cannot drift apart unseen.

use kinrow_board::{Attack, Candidates, Player, Rule};
use kinrow_format::Position;
use kinrow_prover::{Exhausted, Limits, Verdict};

fn candidates_words(c: Candidates) -> String {
    match c {
        Candidates::All => "both sides may play every empty cell".into(),
        Candidates::Near(1) => "both sides play only within 1 cell of a stone".into(),
        Candidates::Near(r) => format!("both sides play only within {r} cells of a stone"),
    }
}

fn attack_words(a: Attack, attacker: Player) -> Option<String> {
    match a {
        Attack::Any => None,
        Attack::Fours => Some(format!("{attacker} plays only fours (VCF)")),
        Attack::Threats => Some(format!("{attacker} plays only fours and threats (VCT)")),
    }
}

fn restricted_game(p: &Position) -> Option<String> {
    let attacker = p.board.to_move();
    let mut parts = Vec::new();
    if p.candidates != Candidates::All {
        parts.push(candidates_words(p.candidates));
    }
    parts.extend(attack_words(p.attack, attacker));
    (!parts.is_empty()).then(|| format!("the game where {}", parts.join(" and ")))
}

/// `(real game?, sentence)` of a win.
fn win_scope(p: &Position) -> (bool, String) {
    let attacker = p.board.to_move();
    let defender = attacker.other();
    match p.candidates {
        Candidates::All => {
            let mut text = if p.board.game().rule() == Rule::Renju {
                "the real game of renju (every empty cell was open to both sides but x's forbidden points; a pass of the defender would lose as well".to_string()
            } else {
                "the real game (every empty cell was open to both sides".to_string()
            };
            if let Some(a) = attack_words(p.attack, attacker) {
                text.push_str(&format!("; that {a} only made the win harder to find"));
            }
            text.push(')');
            (true, text)
        }
        Candidates::Near(r) => (
            false,
            format!(
                "only the game where both sides play only within {r} cell{} of a stone, not \
                 necessarily the real game: {defender}'s replies farther away were not \
                 considered (`candidates all` asks about the real game)",
                if r == 1 { "" } else { "s" }
            ),
        ),
    }
}

/// `(real game?, sentence)` of a no-win.
fn no_win_scope(p: &Position) -> (bool, String) {
    let attacker = p.board.to_move();
    let real = if p.board.game().rule() == Rule::Renju {
        "the real game of renju (passes included)"
    } else {
        "the real game"
    };
    match (restricted_game(p), p.depth) {
        (None, None) => (true, real.into()),
        (None, Some(d)) => (
            true,
            format!("{real}, within {d} plies only: {attacker} may still win in more"),
        ),
        (Some(game), _) => (
            false,
            format!("only {game}: the real game may still be a win for {attacker}"),
        ),
    }
}

fn headline(p: &Position, verdict: Verdict) -> String {
    let attacker = p.board.to_move();
    match (verdict, p.depth) {
        (Verdict::Win, Some(d)) => format!("win for {attacker}: a forced win within {d} plies"),
        (Verdict::Win, None) => format!("win for {attacker}: a forced win"),
        (Verdict::NoWin, Some(d)) => {
            format!("no-win for {attacker}: no forced win within {d} plies")
        }
        (Verdict::NoWin, None) => format!("no-win for {attacker}: no forced win at all"),
        (Verdict::Unknown, _) => "unknown".into(),
    }
}

fn unknown_reason(
    exhausted: Option<Exhausted>,
    limits: &Limits,
    answered_by: &str,
    renju: bool,
) -> String {
    match exhausted {
        Some(Exhausted::Nodes) => format!(
            "the node budget ran out (max_nodes {}) before the search settled",
            limits.max_nodes.map_or_else(|| "?".into(), |n| n.to_string())
        ),
        Some(Exhausted::Time) => format!(
            "the time budget ran out ({} s) before the search settled",
            limits.time.map_or(0.0, |t| t.as_secs_f64())
        ),
        Some(Exhausted::Memory) => "the memory budget ran out before the search settled".into(),
        Some(Exhausted::Stopped) => "the search was interrupted before it settled".into(),
        None if answered_by == "vct-db" => "no win along the plans of db-search, which try a few threats at each attacker's turn and do not settle the game (try auto)".into(),
        None if answered_by == "vct" => "no win inside the attacker's threat space, which does not settle the game (try pns or and-or)".into(),
        None if renju => "under renju the attacker wins if the defender may never pass, but no win was found in which each defender's turn also refutes a pass with a VCF: the game with passes is not settled".into(),
        None => "the search stopped before it settled".into(),
    }
}

/// What a verdict claims: `holds_for` (`real-game`, `restricted-game`,
/// `None` for unknown) and the sentence.
pub(crate) struct Claim {
    pub holds_for: Option<&'static str>,
    pub text: String,
}

/// The claim of `verdict` on `p`; `answered_by` names the prover that
/// answered (`vct` says why an unknown is one).
pub(crate) fn claim(
    p: &Position,
    verdict: Verdict,
    exhausted: Option<Exhausted>,
    limits: &Limits,
    answered_by: &str,
) -> Claim {
    let scope = match verdict {
        Verdict::Win => Some(win_scope(p)),
        Verdict::NoWin => Some(no_win_scope(p)),
        Verdict::Unknown => None,
    };
    match scope {
        Some((real, text)) => Claim {
            holds_for: Some(if real { "real-game" } else { "restricted-game" }),
            text: format!("{}; {text}", headline(p, verdict)),
        },
        None => Claim {
            holds_for: None,
            text: format!(
                "unknown: {}",
                unknown_reason(
                    exhausted,
                    limits,
                    answered_by,
                    p.board.game().rule() == Rule::Renju
                )
            ),
        },
    }
}

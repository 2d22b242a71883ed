//! What a verdict claims, in words: its headline (`win for x: a forced win
//! within 7 plies`), the game it holds for (`holds_for`: the real game, a
//! restricted one, or the attacker's threat space) and, for an unknown,
//! why. Written once: the command line's text and JSON, the board in the
//! browser and the Python package (`kinrow.solve`'s `claim` and
//! `holds_for`) all call [`claim`].

use crate::render::{attack_words, bytes, candidates_words, plies};
use kinrow_board::{Candidates, Player, Rule};
use kinrow_format::Position;
use kinrow_prover::registry;
use kinrow_prover::{Exhausted, Limits, Outcome, Verdict};

/// Which game a verdict is a statement about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldsFor {
    /// The real game, every cell open to both sides (within the horizon,
    /// for a no-win with a depth).
    RealGame,
    /// Only the smaller game the candidates or the attacker's filter
    /// describe.
    RestrictedGame,
    /// Only the attacker's threat space ([`Verdict::NoThreatWin`]).
    ThreatSpace,
}

impl HoldsFor {
    /// `real-game`, `restricted-game` or `threat-space`, as in JSON and
    /// Python.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            HoldsFor::RealGame => "real-game",
            HoldsFor::RestrictedGame => "restricted-game",
            HoldsFor::ThreatSpace => "threat-space",
        }
    }
}

/// A verdict's claim: the headline, the game it holds for and that game
/// in words (`None` for an unknown, whose headline says why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub headline: String,
    pub holds_for: Option<HoldsFor>,
    pub scope: Option<String>,
}

impl Claim {
    /// The claim in one sentence: the headline, then the game it holds
    /// for (`kinrow solve --json`'s `claim`).
    #[must_use]
    pub fn sentence(&self) -> String {
        match &self.scope {
            Some(scope) => format!("{}; {scope}", self.headline),
            None => self.headline.clone(),
        }
    }
}

/// The claim of the `outcome` of a search of `p` (its verdict; the
/// budget that ran out, for an unknown or for a threat space's no-win the
/// wider search after it; the threat space's limit), `limits` the
/// budgets given and `answered_by` the prover that answered.
#[must_use]
pub fn claim(p: &Position, outcome: &Outcome, limits: &Limits, answered_by: &str) -> Claim {
    let (verdict, exhausted) = (outcome.verdict, outcome.exhausted);
    let (holds_for, scope) = match verdict {
        Verdict::Win => win_scope(p),
        Verdict::NoWin => no_win_scope(p),
        Verdict::NoThreatWin => {
            let (holds, mut text) = threat_space_scope(p, outcome.threat_limit);
            if exhausted.is_some() {
                text.push_str(&format!(
                    "; a wider search after it (a wider threat space, or the whole game) was not settled: {}",
                    unknown_reason(exhausted, limits, "", false)
                ));
            }
            (holds, text)
        }
        Verdict::Unknown => {
            let renju = p.board.game().rule() == Rule::Renju;
            let why = unknown_reason(exhausted, limits, answered_by, renju);
            return Claim {
                headline: format!("unknown: {why}"),
                holds_for: None,
                scope: None,
            };
        }
    };
    Claim {
        headline: headline(p, verdict),
        holds_for: Some(holds_for),
        scope: Some(scope),
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
#[must_use]
pub fn win_scope(p: &Position) -> (HoldsFor, String) {
    let attacker = p.board.to_move();
    let defender = attacker.other();
    match p.candidates {
        Candidates::All => {
            let mut text = if p.board.game().rule() == Rule::Renju {
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
            (HoldsFor::RealGame, text)
        }
        Candidates::Near(r) => (
            HoldsFor::RestrictedGame,
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
#[must_use]
pub fn no_win_scope(p: &Position) -> (HoldsFor, String) {
    let attacker = p.board.to_move();
    // Under renju the no-win holds with every pass RIF allows: see
    // kinrow_prover::node::Passes.
    let real = if p.board.game().rule() == Rule::Renju {
        "the real game of renju (passes included)"
    } else {
        "the real game"
    };
    match (restricted_game(p), p.depth) {
        (None, None) => (HoldsFor::RealGame, real.into()),
        (None, Some(d)) => (
            HoldsFor::RealGame,
            format!(
                "{real}, within {} only: {attacker} may still win in more",
                plies(d)
            ),
        ),
        (Some(game), _) => (
            HoldsFor::RestrictedGame,
            format!("only {game}: the real game may still be a win for {attacker}"),
        ),
    }
}

/// What a threat space's no-win ([`Verdict::NoThreatWin`]) is a statement
/// about, exactly (`kinrow_prover::space::threats` argues it): the
/// attacker's moves are its fours, and its threes and twos after which it
/// would win by fours (at most `threat_limit` of them, when given) were
/// the defender to pass; the defender plays anything.
#[must_use]
pub fn threat_space_scope(p: &Position, threat_limit: Option<u32>) -> (HoldsFor, String) {
    let attacker = p.board.to_move();
    let defender = attacker.other();
    let k = p.board.game().k();
    let cells = match k.checked_sub(4).filter(|&n| n > 0) {
        Some(1) => format!("cells of a line of {k} free of {defender}'s stones that holds an {attacker} stone"),
        Some(n) => format!(
            "cells of a line of {k} free of {defender}'s stones that holds at least {n} {attacker} stones"
        ),
        None => format!("cells of a line of {k} free of {defender}'s stones"),
    };
    let within = p
        .depth
        .map_or_else(|| "the rest of the game".to_string(), plies);
    let (renju_attacker, renju_defender) = match (p.board.game().rule(), attacker) {
        (Rule::Renju, Player::X) => (" (never on its forbidden points)", " (or passes)"),
        (Rule::Renju, Player::O) => ("", " (never on its forbidden points, or passes)"),
        _ => ("", ""),
    };
    let by_fours = match threat_limit {
        Some(1) => "by one four (a double four or four-three)".to_string(),
        Some(n) => format!("by at most {n} fours"),
        None => "by fours within the plies left".to_string(),
    };
    let mut text = format!(
        "only {attacker}'s threat space, within {within}: {attacker} plays only fours, and threes \
         and twos ({cells}) after which, were {defender} to pass, {attacker} would win \
         {by_fours}{renju_attacker}; {defender} plays anything{renju_defender}"
    );
    if let Some(game) = restricted_game(p) {
        text.push_str(&format!(", in {game}"));
    }
    text.push_str(&format!(
        ". A quiet move of {attacker} may still win the real game (ask --prover pns or and-or)"
    ));
    (HoldsFor::ThreatSpace, text)
}

/// The headline of a verdict: `win for x: a forced win within 7 plies`,
/// `no-win for x: no forced win within 5 plies`, `no-threat-win for x: no
/// win within 9 plies in x's threat space`.
#[must_use]
pub fn headline(p: &Position, verdict: Verdict) -> String {
    let attacker = p.board.to_move();
    match (verdict, p.depth) {
        (Verdict::Win, Some(d)) => format!("win for {attacker}: a forced win within {}", plies(d)),
        (Verdict::Win, None) => format!("win for {attacker}: a forced win"),
        (Verdict::NoWin, Some(d)) => {
            format!("no-win for {attacker}: no forced win within {}", plies(d))
        }
        (Verdict::NoWin, None) => format!("no-win for {attacker}: no forced win at all"),
        (Verdict::NoThreatWin, Some(d)) => format!(
            "no-threat-win for {attacker}: no win within {} in {attacker}'s threat space",
            plies(d)
        ),
        (Verdict::NoThreatWin, None) => {
            format!("no-threat-win for {attacker}: no win in {attacker}'s threat space")
        }
        (Verdict::Unknown, _) => "unknown".into(),
    }
}

/// Why a search ended `unknown`, in words: the budget that ran out, or
/// the words of the prover that answered (`answered_by`, from
/// [`registry::PROVERS`]), or under renju (`renju`) the two games of
/// passes that a whole-game search plays disagreeing.
#[must_use]
pub fn unknown_reason(
    exhausted: Option<Exhausted>,
    limits: &Limits,
    answered_by: &str,
    renju: bool,
) -> String {
    match exhausted {
        Some(Exhausted::Nodes) => format!(
            "the node budget ran out ({} nodes) before the search settled",
            limits.max_nodes.map_or_else(|| "?".into(), |n| n.to_string())
        ),
        Some(Exhausted::Time) => format!(
            "the time budget ran out ({} s) before the search settled",
            limits.time.map_or(0.0, |t| t.as_secs_f64())
        ),
        Some(Exhausted::Memory) => format!(
            "the memory budget ran out ({}) before the search settled",
            limits.memory.map_or_else(|| "default".into(), bytes)
        ),
        Some(Exhausted::Stopped) => "the search was stopped before it settled".into(),
        None => match registry::find(answered_by).and_then(|e| e.unknown) {
            Some(words) => words.into(),
            None if renju => "under renju the attacker wins if the defender may never pass, but no win was found in which each defender's turn also refutes a pass with a VCF: the game with passes is not settled".into(),
            None => "the search stopped before it settled".into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Position {
        kinrow_format::parse_positions(text, "p").unwrap().remove(0)
    }

    /// The threat space's no-win says which game it is about, with the
    /// twos of this `k` and its limit, and never that the real game is
    /// drawn.
    #[test]
    fn a_threat_space_no_win_names_the_threat_space() {
        let p = position("board 15\nk 5\ndepth 9\nto-move o\n");
        let no_threat_win = Outcome::new(Verdict::NoThreatWin);
        let c = claim(&p, &no_threat_win, &Limits::default(), "vct");
        assert_eq!(c.holds_for, Some(HoldsFor::ThreatSpace));
        assert!(c
            .headline
            .starts_with("no-threat-win for o: no win within 9 plies"));
        let s = c.sentence();
        assert!(s.contains("only o's threat space, within 9 plies"), "{s}");
        assert!(s.contains("holds an o stone"), "{s}");
        assert!(s.contains("by fours within the plies left"), "{s}");
        assert!(!s.contains("the real game;"), "{s}");
        let after = Outcome {
            exhausted: Some(Exhausted::Time),
            threat_limit: Some(2),
            ..no_threat_win
        };
        let after = claim(&p, &after, &Limits::default(), "auto").sentence();
        assert!(
            after.contains("was not settled: the time budget"),
            "{after}"
        );
        assert!(after.contains("by at most 2 fours"), "{after}");
    }

    /// An unknown names the registry's words of the prover that answered.
    #[test]
    fn an_unknown_uses_the_registry_words() {
        let p = position("board 15\nk 5\ndepth 9\n");
        let unknown = Outcome::new(Verdict::Unknown);
        let c = claim(&p, &unknown, &Limits::default(), "vct-db");
        assert!(c.headline.contains("plans of db-search"), "{}", c.headline);
        assert_eq!(c.holds_for, None);
    }
}

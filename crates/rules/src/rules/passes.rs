//! Passes under renju: RIF lets a player pass, and there an extra stone
//! can hurt its own side, so the game with passes is not the game without.
//! The provers search no pass node; instead two games without one bracket
//! the real game, one whose wins are wins of renju and one whose no-wins
//! are no-wins of renju ([`Passes`]), and [`bracket`] answers a problem
//! with both.

use crate::outcome::{Exhausted, Limits, Outcome, Verdict};
use std::time::Instant;

/// Under renju, how a search treats the passes RIF allows (freestyle and
/// exact have none, and this is not asked there).
///
/// A pass can help either side under renju: x's own stone can make the
/// cell x must block forbidden, an o stone can unmake a forbidden point of
/// x. So the real game with passes is bracketed by two games without a
/// pass node, one for each answer:
///
/// - An attacker's pass never helps it, in either game: the defender
///   answers with a pass and two passes in a row end the game drawn (RIF).
///   So neither game gives the attacker a pass.
/// - [`Passes::MustLose`], for wins: a defender's node is kept only when a
///   pass would lose as well (see
///   [`threats::defender_node`](crate::space::threats::defender_node)
///   and `NodeRules::with_zone`: with four plies or more left and no
///   winning cell of the attacker, the attacker must have a VCF in the very
///   position a pass leaves), else it is a no-win of this game; and x with
///   no legal reply escapes. Both only take wins away from the attacker,
///   and every defender's node of a win refutes a pass: a win holds in the
///   real game, a no-win says nothing.
/// - [`Passes::Never`], for no-wins: nobody passes, and x with no legal
///   reply (it would have to pass) loses at once; the five-ply cut of
///   [`LastPlies`](super::LastPlies), which does not hold under renju (an
///   o stone far from its lines can make x's block forbidden), is left
///   out, and so is its three-ply decision, which does not see the rule
///   for a stuck x (see [`LastPlies::new`](super::LastPlies::new)). The
///   defender only loses options, the attacker none it needs: a no-win
///   holds in the real game, a win says nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Passes {
    /// Each defender's node refutes a pass: wins are wins of renju.
    #[default]
    MustLose,
    /// No passes, and x without a legal reply loses: no-wins are no-wins
    /// of renju.
    Never,
}

/// Answers a problem under renju with both games of passes: `prove`
/// searches the game it is given within the limits it is given. First
/// the game for wins ([`Passes::MustLose`]): its win is the answer, and so
/// is its unknown when a budget ran out. Its no-win says nothing of
/// renju, so the game for no-wins ([`Passes::Never`]) is searched next,
/// within what is left of the budgets: its no-win is the answer; its win
/// says nothing (the attacker wins only if the defender may not pass), and
/// is answered `unknown` with no budget named. Elsewhere than under renju
/// `prove` runs once, in the game for wins, which is then the only game.
pub fn bracket(
    renju: bool,
    limits: &Limits,
    mut prove: impl FnMut(&Limits, Passes) -> Outcome,
) -> Outcome {
    let start = Instant::now();
    let first = prove(limits, Passes::MustLose);
    if !renju || first.verdict != Verdict::NoWin {
        return first;
    }
    // AND-OR counts its VCF nodes in both figures: it is charged them
    // twice, which only leaves it less.
    let spent = first.stats.nodes + first.stats.vcf_nodes;
    let rest = Limits {
        max_nodes: limits.max_nodes.map(|n| n.saturating_sub(spent)),
        time: limits.time.map(|t| t.saturating_sub(start.elapsed())),
        memory: limits.memory,
    };
    let ran_out = if rest.max_nodes == Some(0) {
        Some(Exhausted::Nodes)
    } else if rest.time.is_some_and(|t| t.is_zero()) {
        Some(Exhausted::Time)
    } else {
        None
    };
    let mut second = match ran_out {
        Some(budget) => {
            let mut o = Outcome::new(Verdict::Unknown);
            o.exhausted = Some(budget);
            o
        }
        None => prove(&rest, Passes::Never),
    };
    if second.verdict == Verdict::Win {
        let stats = second.stats;
        second = Outcome::new(Verdict::Unknown);
        second.stats = stats;
    }
    second.stats = first.stats.then(&second.stats);
    second
}

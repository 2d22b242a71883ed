//! The game a proof-number search searches, as one value: the whole game
//! asked ([`Space::Game`]) or the attacker's threat space
//! ([`Space::Threats`], [`threats`]). PNS and df-pn are given a [`Space`]
//! in their settings and consult it at each step where the two games
//! differ (the attacker's moves, the defender's node, the widening, what
//! a disproof means); nothing else in them tells the two apart. The
//! provers that search the threat space (`vct`, `vct-dfpn`) are built in
//! `kinrow_prover::vct`, above both searches.

pub mod threats;

pub use threats::Width;

use crate::kit::shape::mobility_stand_in;
use crate::outcome::{Exhausted, Limits, Outcome, Problem, ProblemError, Verdict};
use crate::rules::last_plies::LastPlies;
use crate::rules::zone;
use crate::rules::{AndNode, NodeRules, Wins};
use crate::vcf::VcfSearcher;
use kinrow_board::{Bitboard, Game, SearchBoard};

/// Which game a proof-number search searches (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Space {
    /// The game asked: its candidates, its attacker's filter, its horizon.
    #[default]
    Game,
    /// The attacker kept to its threats ([`threats`]): a win is a win of
    /// the game; a disproof is [`Verdict::NoThreatWin`], the threat
    /// space's only. A move threatens when, were the defender to pass,
    /// the attacker would win by fours within the plies left, and within
    /// its [`ThreatLimit`].
    Threats(ThreatLimit),
}

/// The shape heuristic's stand-in for a defender's replies in the threat
/// space ([`Space::mobility_stand_in`]): 2 to 24 tried, 8 the fewest nodes.
pub(crate) const THREAT_REPLIES: u32 = 8;

/// The first proof number of an attacker's node of the threat space
/// ([`Space::attacker_first_numbers`]).
pub(crate) const THREAT_FIRST_PN: u32 = 3;

/// How many times its threats an attacker's node of the threat space
/// counts for its first disproof number ([`Space::attacker_first_numbers`]).
pub(crate) const THREAT_DN_FACTOR: u32 = 12;

/// The limit of the threat space's first search where none is asked
/// ([`Space::phases`]): two fours, quintet's usual `threat_limit`.
pub(crate) const FIRST_LIMIT: u32 = 2;

/// The longest VCF that makes an attacker's move a threat in the threat
/// space: any within the plies left, or one of at most `n` fours
/// (quintet's `threat_limit`: the last four leaves two winning cells, so
/// the five lands within `2n + 1` plies of the pass).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ThreatLimit(Option<u32>);

impl ThreatLimit {
    /// Any VCF within the plies left makes a move a threat.
    pub const NONE: ThreatLimit = ThreatLimit(None);

    /// At most `fours` fours (at least 1).
    #[must_use]
    pub(crate) const fn fours(fours: u32) -> ThreatLimit {
        ThreatLimit(Some(if fours == 0 { 1 } else { fours }))
    }

    /// The limit from an optional count of fours.
    #[must_use]
    pub const fn from_fours(fours: Option<u32>) -> ThreatLimit {
        match fours {
            Some(n) => ThreatLimit::fours(n),
            None => ThreatLimit::NONE,
        }
    }

    /// The most fours, if limited.
    #[must_use]
    pub const fn max_fours(self) -> Option<u32> {
        self.0
    }

    /// The most plies of a threat's VCF after the pass (`u32::MAX`: no
    /// limit but the horizon's).
    #[must_use]
    pub const fn plies(self) -> u32 {
        match self.0 {
            Some(n) => n.saturating_mul(2).saturating_add(1),
            None => u32::MAX,
        }
    }
}

impl Space {
    /// Whether this space takes a problem asking for every winning move:
    /// not the threat space, where a first move outside it would go
    /// unlisted.
    ///
    /// # Errors
    ///
    /// [`ProblemError::AllMovesThreatSpace`].
    pub fn accepts(self, all_moves: bool) -> Result<(), ProblemError> {
        match self {
            Space::Threats(_) if all_moves => Err(ProblemError::AllMovesThreatSpace),
            _ => Ok(()),
        }
    }

    /// What a disproved root says of `problem`: the game's no-win, or the
    /// threat space's (but where the restriction changes nothing,
    /// [`threats::keeps_no_win`]).
    #[must_use]
    pub(crate) fn disproof(self, problem: &Problem) -> Verdict {
        match self {
            Space::Threats(_) if !threats::keeps_no_win(problem) => Verdict::NoThreatWin,
            _ => Verdict::NoWin,
        }
    }

    /// The searches that answer a problem in this space, narrowest first,
    /// each with what the ones before left of the budgets: the space
    /// itself; but for the threat space without a limit, first threats of
    /// at most [`FIRST_LIMIT`] fours, then of any length. Most threat
    /// sequences of real games are proved in the narrow space, whose
    /// search is a part of the wide one's (9% fewer nodes on the proofs of
    /// quintet's cases without their limits), and it is exhausted at a
    /// fraction of the wide one's cost, so a search that runs out of
    /// budget in the wide space still has the narrow one's definite
    /// answer ([`Space::answer_of_phases`]); a full wide disproof costs
    /// 38% more (docs/figures/threat-space-quintet.md). A win of the
    /// narrow space is a win, and one of the wide space too. Under
    /// `attack fours` outside renju the narrow space is the wide one (a
    /// four is a threat whatever the limit, and no other move is tried),
    /// so its no-win is the game's.
    #[must_use]
    pub(crate) fn phases(self) -> Vec<Space> {
        match self {
            Space::Threats(ThreatLimit::NONE) => vec![
                Space::Threats(ThreatLimit::fours(FIRST_LIMIT)),
                Space::Threats(ThreatLimit::NONE),
            ],
            space => vec![space],
        }
    }

    /// Runs `prove` on the `Space::phases` of this space, each later
    /// one with what the ones before left of `limits` (the memory budget
    /// whole: each search frees its own), while the threat space's
    /// no-win is all they found. A later phase's win or no-threat-win is
    /// the answer; where it ran out of budget (or none was left for it),
    /// the earlier phase's no-threat-win stands, with its narrower limit
    /// and the budget that stopped the wider search.
    pub fn answer_of_phases(
        self,
        limits: &Limits,
        mut prove: impl FnMut(Space, &Limits) -> Outcome,
    ) -> Outcome {
        let start = std::time::Instant::now();
        let mut phases = self.phases().into_iter();
        let first = phases.next().unwrap_or(self);
        let mut answer = prove(first, limits);
        for phase in phases {
            if answer.verdict != Verdict::NoThreatWin {
                break;
            }
            let spent = answer.stats;
            let Some(left) = limits.left_after(start.elapsed(), spent.nodes + spent.vcf_nodes)
            else {
                answer.exhausted = Some(
                    if limits
                        .max_nodes
                        .is_some_and(|n| spent.nodes + spent.vcf_nodes >= n)
                    {
                        Exhausted::Nodes
                    } else {
                        Exhausted::Time
                    },
                );
                break;
            };
            let wider = prove(phase, &left);
            let stats = spent.then(&wider.stats);
            answer = match wider.verdict {
                Verdict::Unknown => Outcome {
                    exhausted: wider.exhausted,
                    ..answer
                },
                _ => wider,
            };
            answer.stats = stats;
        }
        answer
    }

    /// Gives `outcome` the verdict of a disproved root of `problem`
    /// (`Space::disproof`) and, for the threat space's, its limit.
    pub fn disproved(self, problem: &Problem, outcome: &mut Outcome) {
        outcome.verdict = self.disproof(problem);
        if outcome.verdict == Verdict::NoThreatWin {
            outcome.threat_limit = self.threat_limit().and_then(ThreatLimit::max_fours);
        }
    }

    /// Whether a renju problem is searched by both games of passes
    /// ([`crate::rules::bracket`]): the whole game's; the threat space
    /// searches only the one for wins (every one of its defender's nodes
    /// refutes a pass by the attacker's threat).
    #[must_use]
    pub fn brackets_passes(self, problem: &Problem) -> bool {
        self == Space::Game && problem.board.game().has_forbidden_points()
    }

    /// Whether a search from a position of `game` with `depth` plies left
    /// under `rules` is one of a whole small game, where disproof zones,
    /// the defender's reply order and a table handed to the draw
    /// certificate's writer apply ([`zone::applies`]): never in the
    /// threat space, whose disproofs are of a restricted game.
    #[must_use]
    pub fn whole_game(self, rules: &NodeRules, game: &Game, depth: u32) -> bool {
        self == Space::Game && zone::applies(rules, game, depth)
    }

    /// Whether a search that ran out of budget reports the numbers it left
    /// one and two plies below the root ([`crate::outcome::PlyNumbers`]): those of
    /// the threat space are of another game, not reported.
    #[must_use]
    pub const fn reports_first_plies(self) -> bool {
        matches!(self, Space::Game)
    }

    /// Whether the search needs a VCF searcher for this space alone (the
    /// threat space asks for a VCF at every node).
    #[must_use]
    pub const fn needs_vcf(self) -> bool {
        matches!(self, Space::Threats(_))
    }

    /// The threat space's limit, `None` in the game.
    #[must_use]
    pub(crate) const fn threat_limit(self) -> Option<ThreatLimit> {
        match self {
            Space::Threats(limit) => Some(limit),
            Space::Game => None,
        }
    }

    /// Whether the attacker's node asks for its VCF before its moves (the
    /// VCF shortcut) in df-pn, which keeps no VCF searcher for the whole
    /// game (its memory is its table): in the threat space, as PNS's
    /// `vct` does.
    #[must_use]
    pub const fn dfpn_vcf_shortcut(self) -> bool {
        matches!(self, Space::Threats(_))
    }

    /// The attacker's moves among `moves` (what the rules and the
    /// five-ply cut left) with `depth` plies left, at `width`: all of them
    /// in the game; in the threat space its threats at `width` or at a
    /// greater width where that one has none
    /// ([`threats::attacker_moves`]), with the width taken. Only where the
    /// last-plies shortcuts are on (`last_plies`): off, the rules are the
    /// plain game's. In the threat space `moves` may hold x's forbidden
    /// points, and those are left out ([`Space::tests_legality`]).
    #[inline]
    pub(crate) fn attacker_moves(
        self,
        last_plies: &LastPlies,
        board: &SearchBoard,
        moves: Bitboard,
        at: (u32, Option<&Wins>),
        width: Width,
    ) -> (Bitboard, Width) {
        match self {
            Space::Threats(_) if last_plies.is_on() => {
                threats::attacker_moves(board, &moves, at, width)
            }
            _ => (moves, width),
        }
    }

    /// Whether [`Space::attacker_moves`] takes moves that may hold x's
    /// forbidden points under renju and gives only legal ones: in the
    /// threat space (where the last-plies shortcuts are on), which keeps
    /// few moves and tests only those.
    #[inline]
    #[must_use]
    pub(crate) fn tests_legality(self, last_plies: &LastPlies) -> bool {
        matches!(self, Space::Threats(_)) && last_plies.is_on()
    }

    /// The attacker's `moves` at its node, cut to those that answer the
    /// defender's own threat in the threat space
    /// ([`threats::counter_cut`]); all of them in the game.
    #[inline]
    pub(crate) fn counter_cut(
        self,
        last_plies: &LastPlies,
        board: &SearchBoard,
        moves: Bitboard,
        at: (u32, Option<&Wins>),
        vcf: &mut VcfSearcher,
    ) -> Bitboard {
        match self {
            Space::Threats(_) if last_plies.is_on() => threats::counter_cut(board, moves, at, vcf),
            _ => moves,
        }
    }

    /// The attacker's `moves` at its node, taken at `width`, cut to its
    /// threats in the threat space ([`threats::threats_only`]); all of
    /// them in the game.
    #[inline]
    pub(crate) fn threats_only(
        self,
        (rules, last_plies): (&NodeRules, &LastPlies),
        board: &SearchBoard,
        (moves, width): (Bitboard, Width),
        depth: u32,
        vcf: &mut VcfSearcher,
    ) -> Bitboard {
        match self {
            Space::Threats(limit) if last_plies.is_on() => {
                let plies = threats::threat_plies(threats::children_wide(false, width), limit);
                threats::threats_only(rules, board, moves, depth, plies, vcf)
            }
            _ => moves,
        }
    }

    /// The threat space's defender's node ([`threats::defender_node`]),
    /// or `None` in the game, whose defender's node is the rules' with
    /// reduction 6.
    #[inline]
    pub(crate) fn defender_node(
        self,
        rules: &NodeRules,
        last_plies: &LastPlies,
        board: &SearchBoard,
        at: (u32, Option<&Wins>),
        wide: bool,
        vcf: &mut VcfSearcher,
    ) -> Option<(AndNode, u32)> {
        match self {
            Space::Threats(limit) if last_plies.is_on() => {
                let plies = threats::threat_plies(wide, limit);
                Some(threats::defender_node(rules, board, at, plies, vcf))
            }
            _ => None,
        }
    }

    /// Whether the moves of this space are a restriction of the game's,
    /// so that an attacker's node out of moves, or a defender's node the
    /// space leaves no reply, is a no-win of this horizon and space only.
    #[must_use]
    pub const fn restricts(self) -> bool {
        matches!(self, Space::Threats(_))
    }

    /// Whether an attacker's node goes through widths, each tried once
    /// every threat of the one before failed ([`Width`]): the threat
    /// space's; the game has one width.
    #[must_use]
    pub const fn has_widths(self) -> bool {
        matches!(self, Space::Threats(_))
    }

    /// The width after `width` in this space (`None`: none, or the game).
    #[must_use]
    pub fn next_width(self, width: Width) -> Option<Width> {
        match self {
            Space::Threats(limit) => threats::next_width(width, limit),
            Space::Game => None,
        }
    }

    /// The width an attacker's node (not `and`) at `width` is widened to
    /// instead of being given up, now that it is `disproved`
    /// (`threats::widens`); `None` in the game, which has one width.
    #[inline]
    #[must_use]
    pub fn widens(self, and: bool, width: Width, disproved: bool) -> Option<Width> {
        match self {
            Space::Threats(limit) => threats::widens(and, width, disproved, limit),
            Space::Game => None,
        }
    }

    /// Whether an open attacker's node at `width` with proof number `pn`
    /// is widened to its twos before its threes all fail
    /// (`threats::widens_early`; PNS only).
    #[inline]
    #[must_use]
    pub fn widens_early(self, and: bool, width: Width, pn: u32, twos_pn: u32) -> bool {
        self.has_widths() && threats::widens_early(and, width, pn, twos_pn)
    }

    /// What stands for the mobility of a node not evaluated yet in the
    /// shape heuristic's first numbers ([`mobility_stand_in`]), where
    /// `candidates` cells are open: in the game, the candidates less one;
    /// in the threat space at most `THREAT_REPLIES`, since a defender
    /// there answers a three only on its few defence cells or with a four
    /// of its own. Only the search's order depends on it. Measured on
    /// quintet's 121 cases and the renju puzzles (`vct`, one thread):
    /// 18% fewer nodes on quintet's proofs, 7% on its disproofs, 28% on
    /// the puzzles' proofs, five more answered within 10 s; `vct-dfpn`
    /// 23% fewer on 37 of quintet's cases
    /// (docs/figures/threat-space-quintet.md).
    #[inline]
    #[must_use]
    pub fn mobility_stand_in(self, candidates: u32) -> u32 {
        let all = mobility_stand_in(candidates);
        match self {
            Space::Game => all,
            Space::Threats(_) => all.min(THREAT_REPLIES),
        }
    }

    /// The first numbers (pn, dn) of an attacker's node that the rules
    /// leave open with `moves` moves: 1 and `moves` (its mobility) in the
    /// game; in the threat space `THREAT_FIRST_PN` and
    /// `THREAT_DN_FACTOR` times `moves`.
    ///
    /// Why other numbers in the threat space: the node's defender's
    /// children start with the shape heuristic's numbers (pn 1 after a
    /// four, dn 1), guesses from one stone's shape, while this node's
    /// numbers come from its listed threats; once a child's replies are
    /// evaluated, its dn is the least of their threat counts, several
    /// rather than 1. With the count alone, a new attacker's node looked
    /// as easy to disprove as one half refuted, and the defender kept
    /// opening new ones (each a VCF search per reply) instead of
    /// finishing a refutation it had started. df-pn's numbers are
    /// scale-free here (every first number times 4: the same nodes), so
    /// only these ratios count. Only first numbers change, which steer the
    /// search and settle nothing. Measured on quintet's 121 cases and the
    /// Renju puzzles (docs/figures/threat-space-quintet.md: an attacker's
    /// node's first numbers); in the whole game a dn factor of 4 costs
    /// df-pn 2.6 times the nodes on 7x7 k=5, so the game keeps its
    /// mobility.
    #[inline]
    #[must_use]
    pub fn attacker_first_numbers(self, moves: u32) -> (u32, u32) {
        match self {
            Space::Game => (1, moves),
            Space::Threats(_) => (THREAT_FIRST_PN, moves.saturating_mul(THREAT_DN_FACTOR)),
        }
    }

    /// Whether the children of a node are the wider space's defender's
    /// nodes (`threats::children_wide`).
    #[inline]
    #[must_use]
    pub fn children_wide(self, parent_and: bool, parent_width: Width) -> bool {
        self.has_widths() && threats::children_wide(parent_and, parent_width)
    }

    /// What the key of a child mixes in: the wider space's defender's
    /// nodes are other nodes than the narrow ones at the same positions
    /// (`threats::child_salt`).
    #[inline]
    #[must_use]
    pub const fn child_salt(wide_children: bool) -> u64 {
        threats::child_salt(wide_children)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search of each phase that answers as `answers` says, in order,
    /// with 10 nodes each; the phases it was asked for.
    fn run(answers: &[(Verdict, Option<Exhausted>)], limits: &Limits) -> (Outcome, Vec<Space>) {
        let mut asked = Vec::new();
        let outcome = Space::Threats(ThreatLimit::NONE).answer_of_phases(limits, |space, _| {
            let (verdict, exhausted) = answers[asked.len()];
            asked.push(space);
            let mut o = Outcome::new(verdict);
            o.exhausted = exhausted;
            o.stats.nodes = 10;
            if verdict == Verdict::NoThreatWin {
                o.threat_limit = space.threat_limit().and_then(ThreatLimit::max_fours);
            }
            o
        });
        (outcome, asked)
    }

    #[test]
    fn the_wide_threat_space_is_searched_after_the_narrow_one_is_exhausted() {
        let narrow = Space::Threats(ThreatLimit::fours(FIRST_LIMIT));
        let wide = Space::Threats(ThreatLimit::NONE);
        let none = Limits::default();
        // A narrow win ends it: a win of the narrow space is one of the wide.
        let (o, asked) = run(&[(Verdict::Win, None)], &none);
        assert_eq!((o.verdict, asked), (Verdict::Win, vec![narrow]));
        // A narrow no-threat-win is only the narrow space's: the wide one's
        // answer replaces it, and the nodes of both are counted.
        let nothing = (Verdict::NoThreatWin, None);
        let (o, asked) = run(&[nothing, nothing], &none);
        assert_eq!((o.verdict, o.threat_limit), (Verdict::NoThreatWin, None));
        assert_eq!((asked, o.stats.nodes), (vec![narrow, wide], 20));
        let (o, _) = run(&[nothing, (Verdict::Win, None)], &none);
        assert_eq!(o.verdict, Verdict::Win);
        // The wide search out of budget: the narrow answer stands, saying so.
        let (o, _) = run(&[nothing, (Verdict::Unknown, Some(Exhausted::Time))], &none);
        assert_eq!(
            (o.verdict, o.threat_limit, o.exhausted),
            (
                Verdict::NoThreatWin,
                Some(FIRST_LIMIT),
                Some(Exhausted::Time)
            )
        );
        // No budget left for the wide search: it is not started.
        let ten = Limits {
            max_nodes: Some(10),
            ..Limits::default()
        };
        let (o, asked) = run(&[nothing], &ten);
        assert_eq!((o.exhausted, asked.len()), (Some(Exhausted::Nodes), 1));
        // A limit asked is searched alone.
        let mut asked = 0;
        let o = Space::Threats(ThreatLimit::fours(3)).answer_of_phases(&none, |_, _| {
            asked += 1;
            Outcome::new(Verdict::NoThreatWin)
        });
        assert_eq!((o.verdict, asked), (Verdict::NoThreatWin, 1));
    }
}

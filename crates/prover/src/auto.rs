//! The prover a plain `kinrow solve` uses: the threat space first, then
//! the whole game.
//!
//! Most wins that players bring are threat sequences, which the threat-space
//! provers (PNS or df-pn with the attacker kept to its threats, `vct` and
//! `vct-dfpn`) prove orders of magnitude faster than the provers of the
//! whole game; but it cannot prove
//! a no-win, nor a win that needs a quiet attacker move. So with a horizon
//! of five plies or more (and without a request for every winning move,
//! which the threat space cannot list), [`Auto`] gives it three quarters
//! of the node and time budgets first ([`THREAT_SHARE`]), and the whole
//! memory budget (its memory is freed before the second search starts); a
//! win it finds is a win. On one thread the db-search prover (`vct-db`,
//! [`DbSearch`]) takes the first quarter of that share ([`DB_SHARE`]):
//! it proves some long lines at once that `vct` does not, and gives most
//! others up fast; df-pn's `vct-dfpn` then gets the rest (measured
//! against PNS's `vct` there at `bfaff9a`, `auto` against `auto`: 8%
//! less time on the Renju puzzles, 11% on their freestyle forms, the
//! same on the exact ones, and on quintet's cases; docs/figures/auto.md,
//! "`auto` on one thread"). Otherwise, and for what the threat space leaves
//! open, the prover of the whole game answers with what is left: AND-OR
//! when there is a horizon (iterative deepening gives shortest wins), PNS
//! without (whole games of small boards).
//! Renju goes the same way: the three search it, AND-OR and PNS by the two
//! games of passes of [`crate::rules::Passes`].
//!
//! Measured on the bundled suites (see the README's figures): the threat
//! space proves every Renju puzzle that the whole-game provers leave
//! unknown, and costs little on the small puzzles it does not settle.
//!
//! Given two threads or more ([`Auto::threads`]), a whole game where
//! disproof zones apply (a small board, no horizon, not renju: see
//! [`Auto::parallel_whole_game`]) goes to df-pn on all of them instead of
//! PNS on one: measured on 8x4, 9x4 and 10x4 k=4 and 7x7 k=5, two threads
//! of df-pn took less time than one of PNS on each (docs/figures/dfpn.md,
//! "df-pn"). With a horizon, on two threads, the sequence above runs with
//! its threat space on both (`vct-db`'s plans, then `vct-dfpn` on a
//! shared table), then the whole game on one: measured on the ten
//! slowest Renju puzzles 1.80x the one-thread time, where racing `vct`
//! against `vct-dfpn`, one thread each, gave 0.98x (docs/figures/auto.md,
//! "`auto` on two threads"). From three threads the threat space and
//! the whole game run at once instead, each with the whole time budget,
//! half of the nodes and half of the memory: `vct-dfpn` on all threads
//! but the whole game's one. The first to settle answers (a win of the
//! threat space, or any answer of the whole game) and the other is
//! stopped; the answer is the same game's, as both search the position
//! given.

use crate::outcome::{Limits, Outcome, Problem, ProblemError, Stats, Verdict};
use crate::progress::{observe, Progress};
use crate::prover::Prover;
use crate::rules::{NodeRules, UNLIMITED};
use crate::space::ThreatLimit;
use crate::{db_search, vct};
use crate::{AndOr, AndOrConfig, DbSearch, Dfpn, DfpnConfig, Pns, PnsConfig, Vct};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// The threat space's share of the node and time budgets on one thread,
/// as (numerator, denominator). Measured (`tools/auto_split.sh`,
/// docs/figures/auto.md): over the Renju puzzles under their
/// three rules and the bench, 10 s each, a share of 1/2 settles 136 of 155
/// positions, 3/4 138, 7/8 139; the whole game settled none that the
/// threat space missed within 8.75 s, and where the threat space found
/// nothing it ran out of threats within a second (the small suite's 146
/// no-wins, the bench's, game positions), leaving the rest to the whole
/// game. A quarter stays for the whole game, for positions where the
/// threat space neither wins nor runs out, which these suites lack.
pub(crate) const THREAT_SHARE: (u32, u32) = (3, 4);

/// The share of the threat space's node and time budgets on one thread
/// that goes first to `vct-db` (the db-search prover, [`DbSearch`]) with
/// its plans alone (no attacker's move off a plan), before `vct-dfpn`
/// gets the rest: it proves a few long lines that `vct` does not within
/// seconds (`vct_unstable`, 25 plies, in under 0.3 s) and gives most of
/// the others up within a few hundredths of a second (with moves off its
/// plans it would spend its whole share on them). See
/// docs/figures/threat-space.md, "db-search".
///
/// A quarter, not less, because the share is of time too, and machines
/// differ: it stops on its own (its plans run out, within 0.2 s on the
/// puzzles), so a larger share costs the others nothing, while a
/// sixteenth of a 10 s budget (0.47 s) lost `vct_unstable` (0.35 s
/// alone) on a machine loaded by a second run. A quarter and a sixteenth
/// gave quintet's 74 proven cases the same answers, provers and nodes
/// (docs/figures/threat-space.md, "`vct-db`'s share").
pub(crate) const DB_SHARE: (u32, u32) = (1, 4);

/// The most nodes `vct-db` gets in [`Auto`], whatever the budget (its
/// search off its plans widens without end).
pub(crate) const DB_MAX_NODES: u64 = 500_000;

/// Fewest plies of horizon for which [`Auto`] tries the threat space first
/// (a threat needs a move, a reply and a VCF of at least three plies).
pub(crate) const THREATS_FROM_DEPTH: u32 = 5;

/// The default prover: the threat space, then the whole game (see the
/// module docs).
#[derive(Clone, Debug, Default)]
pub struct Auto {
    /// List every winning first move (the threat space is then skipped).
    pub all_moves: bool,
    /// Threads it may use: with two or more, the threat space and the
    /// whole game run at once, or a small board's whole game goes to
    /// df-pn on all of them (see the module docs).
    pub threads: usize,
    /// The threat space's limit ([`ThreatLimit`]): any VCF makes a move a
    /// threat by default.
    pub threat_limit: ThreatLimit,
    /// Which prover gave the last answer.
    answered_by: Option<&'static str>,
}

impl Auto {
    /// The default prover, listing every winning first move when
    /// `all_moves`.
    #[must_use]
    pub fn new(all_moves: bool) -> Auto {
        Auto::with_threads(all_moves, 1)
    }

    /// [`Auto::new`] on `threads` threads.
    #[must_use]
    pub fn with_threads(all_moves: bool, threads: usize) -> Auto {
        Auto {
            all_moves,
            threads,
            threat_limit: ThreatLimit::NONE,
            answered_by: None,
        }
    }

    /// This prover with its threat space's threats kept to `limit`.
    #[must_use]
    pub(crate) fn within(self, limit: ThreatLimit) -> Auto {
        Auto {
            threat_limit: limit,
            ..self
        }
    }

    /// The threads a proof of `problem` uses: all of them where the threat
    /// space is tried (on two, it runs on both) or for df-pn's whole game,
    /// one otherwise.
    #[must_use]
    pub fn threads_for(&self, problem: &Problem) -> usize {
        if self.races(problem)
            || self.parallel_whole_game(problem)
            || (self.tries_threats(problem) && self.threads >= 2)
        {
            self.threads
        } else {
            1
        }
    }

    /// Whether the threat space and the whole game of `problem` run at
    /// once ([`Auto::race`]): the threat space is tried, on three threads
    /// or more.
    fn races(&self, problem: &Problem) -> bool {
        self.tries_threats(problem) && self.threads >= 3
    }

    /// Whether the whole game of `problem` goes to df-pn on all the
    /// threads rather than to PNS on one: with two threads or more, one
    /// winning move asked for (df-pn lists them all on one thread only),
    /// and a whole game where disproof zones apply (no horizon, every
    /// empty cell a move, not renju, a small board), where df-pn has
    /// PNS's zones and lazy replies.
    #[must_use]
    pub fn parallel_whole_game(&self, problem: &Problem) -> bool {
        let rules = NodeRules::new(problem.candidates, problem.attack);
        self.threads >= 2
            && !self.all_moves
            && problem.depth.is_none()
            && crate::rules::zone::applies(&rules, problem.board.game(), UNLIMITED)
    }

    /// `auto` as it answers `problem`: itself, or where it hands a small
    /// board's whole game to df-pn on every thread
    /// ([`Auto::parallel_whole_game`]), that df-pn
    /// ([`Auto::whole_game_dfpn`]), so that a caller may keep its table
    /// for a certificate ([`Prover::keep_table`]).
    #[must_use]
    pub(crate) fn for_problem(self, problem: &Problem) -> Box<dyn Prover + Send> {
        if self.parallel_whole_game(problem) {
            Box::new(self.whole_game_dfpn())
        } else {
            Box::new(self)
        }
    }

    /// The df-pn that searches a whole game where
    /// [`Auto::parallel_whole_game`]: on all the threads, and stopped by a
    /// full table as PNS's run is by its full arena
    /// ([`DfpnConfig::stop_when_full`]), so that a run without a time
    /// budget still ends. The command line builds it from here too.
    #[must_use]
    pub(crate) fn whole_game_dfpn(&self) -> Dfpn {
        Dfpn::new(Auto::dfpn_config(self.threads))
    }

    /// The settings of `auto`'s df-pn searches, on `threads` threads:
    /// stopped by a full table, as PNS is by its full arena.
    fn dfpn_config(threads: usize) -> DfpnConfig {
        DfpnConfig {
            threads,
            stop_when_full: true,
            ..DfpnConfig::default()
        }
    }

    /// Whether the threat space is tried first on `problem`.
    #[must_use]
    pub fn tries_threats(&self, problem: &Problem) -> bool {
        !self.all_moves && problem.depth.is_some_and(|d| d >= THREATS_FROM_DEPTH)
    }

    /// The threat space searched on `threads` threads (one or two; from
    /// three the race runs `vct-dfpn` alone): `vct-db` for [`DB_SHARE`] of
    /// the budgets, then `vct-dfpn` on the threads with the rest (the
    /// statistics of both). df-pn is stopped by a full table, as PNS is
    /// by its full arena.
    fn threat_space(
        &self,
        problem: &Problem,
        limits: &Limits,
        threads: usize,
    ) -> (&'static str, Outcome) {
        let start = Instant::now();
        let mut share = part_of(limits, DB_SHARE);
        share.max_nodes = Some(
            share
                .max_nodes
                .map_or(DB_MAX_NODES, |n| n.min(DB_MAX_NODES)),
        );
        let db = DbSearch::default().off_plan(0).prove(problem, &share);
        if db.verdict == Verdict::Win {
            return (db_search::NAME, db);
        }
        let (name, mut vct) = self.vct_dfpn(problem, &left_of(limits, start, &db.stats), threads);
        vct.stats = db.stats.then(&vct.stats);
        (name, vct)
    }

    /// The threat space searched by `vct-dfpn` on `threads` threads.
    fn vct_dfpn(
        &self,
        problem: &Problem,
        limits: &Limits,
        threads: usize,
    ) -> (&'static str, Outcome) {
        let mut vct = Vct::dfpn_within(Auto::dfpn_config(threads), self.threat_limit);
        (vct::DFPN_NAME, vct.prove(problem, limits))
    }
}

impl Prover for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    /// `vct`, `vct-dfpn`, `and-or`, `pns` or `dfpn`, once
    /// [`Prover::prove`] was called.
    fn answered_by(&self) -> &'static str {
        self.answered_by.unwrap_or("auto")
    }

    /// Under renju as elsewhere: the threat space, AND-OR and PNS all
    /// search it (by the games of passes of [`crate::rules::Passes`]), but
    /// none lists every winning move there.
    fn accepts(&self, problem: &Problem) -> Result<(), ProblemError> {
        if problem.board.game().has_forbidden_points() && self.all_moves {
            return Err(ProblemError::AllMovesRenju);
        }
        Ok(())
    }

    fn prove(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        if self.races(problem) {
            return self.race(problem, limits);
        }
        let threats = self.tries_threats(problem);
        let (name, outcome) = self.threats_then_whole_game(problem, limits, threats, &|p, l| {
            self.threat_space(p, l, self.threads)
        });
        self.answered_by = Some(name);
        outcome
    }
}

/// A search of the threat space within some limits, and its name.
type ThreatSearch<'a> = dyn Fn(&Problem, &Limits) -> (&'static str, Outcome) + 'a;

impl Auto {
    /// With `threats`, `threat_search` for [`THREAT_SHARE`] of the node
    /// and time budgets (and the whole memory budget), whose win answers;
    /// then, or without `threats`, the whole game with what is left. The
    /// answer and the name of the search that gave it.
    fn threats_then_whole_game(
        &self,
        problem: &Problem,
        limits: &Limits,
        threats: bool,
        threat_search: &ThreatSearch<'_>,
    ) -> (&'static str, Outcome) {
        let start = Instant::now();
        let mut spent = Stats::default();
        let mut threat_answer = None;
        if threats {
            let (name, outcome) = threat_search(problem, &part_of(limits, THREAT_SHARE));
            // A win, or a no-win where the threat space is the game asked
            // (`attack fours`): the game's answer.
            if outcome.verdict.settles() {
                return (name, outcome);
            }
            spent = outcome.stats;
            threat_answer = Some((name, outcome.verdict, outcome.threat_limit));
        }
        let rest = left_of(limits, start, &spent);
        let (name, mut outcome) = self.whole_game(problem, &rest);
        outcome.stats = spent.then(&outcome.stats);
        outcome.stats.elapsed = start.elapsed();
        match threat_answer {
            Some((threat_name, Verdict::NoThreatWin, limit)) if !outcome.verdict.settles() => {
                (threat_name, with_threat_space_answer(outcome, limit))
            }
            _ => (name, outcome),
        }
    }

    /// The prover of the whole game and its answer: AND-OR with a horizon
    /// (shortest wins), df-pn on every thread where
    /// [`Auto::parallel_whole_game`], PNS otherwise.
    fn whole_game(&self, problem: &Problem, limits: &Limits) -> (&'static str, Outcome) {
        let all_moves = self.all_moves;
        if self.parallel_whole_game(problem) {
            ("dfpn", self.whole_game_dfpn().prove(problem, limits))
        } else if problem.depth.is_some() {
            let config = AndOrConfig {
                all_moves,
                ..AndOrConfig::default()
            };
            ("and-or", AndOr::new(config).prove(problem, limits))
        } else {
            let config = PnsConfig {
                all_moves,
                ..PnsConfig::default()
            };
            ("pns", Pns::new(config).prove(problem, limits))
        }
    }

    /// The threat space and the whole game at once (see the module docs),
    /// from three threads: `vct-dfpn` on all threads but one and the whole
    /// game on that one; the first to settle stops the other.
    fn race(&mut self, problem: &Problem, limits: &Limits) -> Outcome {
        let start = Instant::now();
        let each = Limits {
            max_nodes: limits.max_nodes.map(|n| (n / 2).max(1)),
            time: limits.time,
            memory: limits.memory.map(|m| (m / 2).max(1)),
        };
        // The threat search's progress, the whole game's.
        let watch: [Arc<Progress>; 2] = std::array::from_fn(|_| Arc::new(Progress::default()));
        let (tx, rx) = mpsc::channel();
        let me = &*self;
        let (name, mut outcome) = std::thread::scope(|s| {
            for side in 0..2 {
                let (tx, watch, each) = (tx.clone(), &watch, &each);
                let run = move || {
                    let answer = match side {
                        0 => observe(&watch[0], || me.vct_dfpn(problem, each, me.threads - 1)),
                        _ => observe(&watch[1], || me.whole_game(problem, each)),
                    };
                    let _ = tx.send((side, answer.0, answer.1));
                };
                std::thread::Builder::new()
                    .stack_size(RACE_STACK_BYTES)
                    .spawn_scoped(s, run)
                    .expect("a search thread starts");
            }
            drop(tx);
            first_settled(&rx, &watch)
        });
        self.answered_by = Some(name);
        outcome.stats.elapsed = start.elapsed();
        outcome
    }
}

/// The part `(num, den)` of the node (at least one) and time budgets of
/// `limits`, with the whole memory budget: a first search's share.
fn part_of(limits: &Limits, (num, den): (u32, u32)) -> Limits {
    Limits {
        max_nodes: limits
            .max_nodes
            .map(|n| (n / u64::from(den) * u64::from(num)).max(1)),
        time: limits.time.map(|t| t / den * num),
        memory: limits.memory,
    }
}

/// What is left of `limits` for a second search, the first having spent
/// `spent` (its nodes and VCF nodes) since `start`: at least a
/// millisecond, the whole memory budget.
fn left_of(limits: &Limits, start: Instant, spent: &Stats) -> Limits {
    Limits {
        max_nodes: limits
            .max_nodes
            .map(|n| n.saturating_sub(spent.nodes + spent.vcf_nodes)),
        time: limits.time.map(|t| {
            t.saturating_sub(start.elapsed())
                .max(Duration::from_millis(1))
        }),
        memory: limits.memory,
    }
}

/// The whole game's `outcome` after the threat space ran out of threats:
/// its own where it settled the game, else the threat space's definite
/// answer ([`Verdict::NoThreatWin`]), which says more than the whole
/// game's unknown; the budget that ended the whole game stays in
/// [`Outcome::exhausted`], and a principal variation of another game is
/// not kept.
fn with_threat_space_answer(outcome: Outcome, threat_limit: Option<u32>) -> Outcome {
    if outcome.verdict.settles() {
        return outcome;
    }
    Outcome {
        verdict: Verdict::NoThreatWin,
        threat_limit,
        first_plies: Vec::new(),
        ..outcome
    }
}

/// The answer of [`Auto::race`] from the two sides' answers on `rx`
/// (side 0 the threat search; side 1 the whole game): the first that
/// settles the game (a win, or the whole game's no-win), after which
/// both are asked to stop; short of one, the threat space's
/// [`Verdict::NoThreatWin`] where the threat search ran out of threats, with
/// the budget that ended the whole game; else side 1's unknown (its
/// reason). The statistics are both sides'. A stop asked of the caller's
/// [`Progress`] is passed on to both, and their nodes and the whole
/// game's root numbers are reported to it.
fn first_settled(
    rx: &mpsc::Receiver<(usize, &'static str, Outcome)>,
    watch: &[Arc<Progress>; 2],
) -> (&'static str, Outcome) {
    let outer = Progress::current();
    let mut answers: [Option<(&'static str, Outcome)>; 2] = [None, None];
    let mut stats = Stats::default();
    loop {
        match rx.recv_timeout(Duration::from_millis(20)) {
            Ok((side, name, o)) => {
                stats = stats.merge(&o.stats);
                if o.verdict.settles() {
                    watch.iter().for_each(|w| w.request_stop());
                    if !answers.iter().flatten().any(|(_, a)| a.verdict.settles()) {
                        answers = [None, None];
                    }
                }
                if !answers.iter().flatten().any(|(_, a)| a.verdict.settles()) {
                    answers[side] = Some((name, o));
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(outer) = &outer {
                    if outer.stop_requested() {
                        watch.iter().for_each(|w| w.request_stop());
                    }
                    outer.set_nodes(watch.iter().map(|w| w.nodes()).sum());
                    if let Some((p, d)) = watch[1].root_numbers() {
                        outer.set_root_numbers(p, d);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let [threats, whole] = answers;
    let (name, mut o) = match (threats, whole) {
        (Some(settled), _) if settled.1.verdict.settles() => settled,
        (_, Some(settled)) if settled.1.verdict.settles() => settled,
        (_, Some(whole)) if whole.1.verdict == Verdict::NoThreatWin => whole,
        (Some((name, t)), Some((_, whole))) if t.verdict == Verdict::NoThreatWin => {
            (name, with_threat_space_answer(whole, t.threat_limit))
        }
        (Some(t), None) => t,
        (_, Some(whole)) => whole,
        (None, None) => unreachable!("both sides answer"),
    };
    o.stats = stats;
    (name, o)
}

/// The stack of each search thread of [`Auto::race`]: AND-OR recurses
/// once per ply, and the horizon can be long.
const RACE_STACK_BYTES: usize = 64 << 20;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Exhausted;

    /// A threat search ran out of threats when it disproved its space:
    /// `auto`'s threat prover on a position with no threat at all says so
    /// by its own verdict, not by an unknown.
    #[test]
    fn out_of_threats_is_a_disproof_not_a_budget() {
        let position = &kinrow_format::parse_positions("board 9\nk 5\ndepth 7\n", "p").unwrap()[0];
        let problem = Problem::from(position);
        for threads in [1, 2] {
            let (_, out) = Auto::default().threat_space(&problem, &Limits::default(), threads);
            assert_eq!((out.verdict, out.exhausted), (Verdict::NoThreatWin, None));
        }
    }

    /// Where the threat space ran out of threats and the whole game did
    /// not settle, `auto` answers the threat space's no-win, with the
    /// budget that ended the whole game; a settled whole game answers.
    #[test]
    fn an_unsettled_whole_game_keeps_the_threat_space_answer() {
        let unknown = Outcome {
            exhausted: Some(Exhausted::Time),
            ..Outcome::new(Verdict::Unknown)
        };
        let kept = with_threat_space_answer(unknown, Some(2));
        assert_eq!(
            (kept.verdict, kept.exhausted),
            (Verdict::NoThreatWin, Some(Exhausted::Time))
        );
        assert_eq!(kept.threat_limit, Some(2));
        for settled in [Verdict::Win, Verdict::NoWin] {
            assert_eq!(
                with_threat_space_answer(Outcome::new(settled), None).verdict,
                settled
            );
        }
    }
}

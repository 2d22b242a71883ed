//! The provers, written once: each one's name, how it is built, whether it
//! runs on several threads, what its answers hold for and the words for
//! an `unknown` no budget ended. The command line (`--prover`, `--help`,
//! `kinrow provers`), its renderer, Python (`kinrow.PROVERS`) and the docs'
//! table all read [`PROVERS`]; a new prover is its module and one entry
//! here.
//!
//! ```
//! use kinrow_prover::registry::{self, Build};
//! use kinrow_prover::{Limits, Problem, Verdict};
//!
//! let entry = registry::find("pns").unwrap();
//! assert!(!entry.parallel);
//! # let position = &kinrow_format::parse_positions("board 3\nk 3\n", "p").unwrap()[0];
//! let problem = Problem::from(position);
//! let mut prover = entry.build(&problem, &Build::default());
//! assert_eq!(prover.prove(&problem, &Limits::default()).verdict, Verdict::NoWin);
//! ```

use crate::outcome::Problem;
use crate::prover::Prover;
use crate::space::ThreatLimit;
use crate::{
    db_search, vct, AlphaBeta, AndOr, AndOrConfig, Auto, DbSearch, Dfpn, DfpnConfig, Minimax, Pns,
    PnsConfig, Scout, ValueConfig, Vct,
};

/// How a prover is asked to run: every winning move or one, the threads
/// it may use (those with a parallel version use them), and the threat
/// space's limit (those that search it keep to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Build {
    /// List every winning first move.
    pub all_moves: bool,
    /// Threads it may use (at least 1).
    pub threads: usize,
    /// The threat space's threats: at most this many fours
    /// ([`ThreatLimit`]).
    pub threat_limit: ThreatLimit,
}

impl Default for Build {
    fn default() -> Self {
        Build {
            all_moves: false,
            threads: 1,
            threat_limit: ThreatLimit::NONE,
        }
    }
}

/// What a prover's `no-win` is a statement about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWins {
    /// The game asked (its candidates, filter and horizon).
    Game,
    /// The attacker's threat space only
    /// ([`crate::Verdict::NoThreatWin`]), but where that space is the
    /// game asked (`attack fours` outside renju).
    ThreatSpace,
    /// The game asked, or where only its threat space was searched to the
    /// end, that space ([`crate::Verdict::NoThreatWin`]): `auto`.
    GameOrThreatSpace,
    /// None: its search is not exhaustive, so it answers wins or
    /// `unknown`.
    Never,
}

/// One prover of [`PROVERS`].
pub struct Entry {
    /// Its name on the command line, in reports, JSON and Python.
    pub name: &'static str,
    /// What it is, in one sentence (`--help`, the docs' table).
    pub about: &'static str,
    /// What it is good for (the docs' table).
    pub good_for: &'static str,
    /// Whether it runs on several threads (`--threads`).
    pub parallel: bool,
    /// What its no-wins hold for (its wins are always wins of the game
    /// asked).
    pub no_wins: NoWins,
    /// Why it ends `unknown` with no budget run out, in words (`None`:
    /// it does not).
    pub unknown: Option<&'static str>,
    build: fn(&Problem, &Build) -> Box<dyn Prover + Send>,
    threads: fn(&Problem, &Build) -> usize,
}

impl Entry {
    /// A fresh prover of this kind for `problem`, as `build` asks.
    #[must_use]
    pub fn build(&self, problem: &Problem, build: &Build) -> Box<dyn Prover + Send> {
        (self.build)(problem, build)
    }

    /// The threads a proof of `problem` by this prover uses.
    #[must_use]
    pub fn threads_for(&self, problem: &Problem, build: &Build) -> usize {
        (self.threads)(problem, build)
    }
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Entry) -> bool {
        self.name == other.name
    }
}

impl Eq for Entry {}

/// The threads of a prover with no parallel version.
fn one(_: &Problem, _: &Build) -> usize {
    1
}

/// The threads of df-pn: all of them, but one when listing every winning
/// move (it settles the first moves in turn).
fn dfpn_threads(_: &Problem, b: &Build) -> usize {
    if b.all_moves {
        1
    } else {
        b.threads.max(1)
    }
}

fn value_config(b: &Build) -> ValueConfig {
    ValueConfig {
        all_moves: b.all_moves,
        ..ValueConfig::default()
    }
}

fn pns_config(b: &Build) -> PnsConfig {
    PnsConfig {
        all_moves: b.all_moves,
        ..PnsConfig::default()
    }
}

fn dfpn_config(p: &Problem, b: &Build) -> DfpnConfig {
    DfpnConfig {
        all_moves: b.all_moves,
        threads: dfpn_threads(p, b),
        ..DfpnConfig::default()
    }
}

/// Every prover, `auto` (the default) first.
pub static PROVERS: [Entry; 10] = [
    Entry {
        name: "auto",
        about: "the default: with a horizon of 5 plies or more the threat space first \
                (three quarters of the budgets; on one thread vct-db's plans for a quarter \
                of them, then vct-dfpn), then and-or; and-or with a smaller horizon; without one \
                pns, or dfpn on every thread for a small board's whole game",
        good_for: "the question as asked: threat sequences, then the whole game",
        parallel: true,
        no_wins: NoWins::GameOrThreatSpace,
        unknown: None,
        build: |p, b| {
            Auto::with_threads(b.all_moves, b.threads)
                .within(b.threat_limit)
                .for_problem(p)
        },
        threads: |p, b| Auto::with_threads(b.all_moves, b.threads).threads_for(p),
    },
    Entry {
        name: "and-or",
        about: "depth-limited AND-OR search with iterative deepening",
        good_for: "shortest wins, --all-moves",
        parallel: false,
        no_wins: NoWins::Game,
        unknown: None,
        build: |_, b| {
            Box::new(AndOr::new(AndOrConfig {
                all_moves: b.all_moves,
                ..AndOrConfig::default()
            }))
        },
        threads: one,
    },
    Entry {
        name: "pns",
        about: "proof-number search over a transposition DAG",
        good_for: "whole games of small boards (no horizon)",
        parallel: false,
        no_wins: NoWins::Game,
        unknown: None,
        build: |_, b| Box::new(Pns::new(pns_config(b))),
        threads: one,
    },
    Entry {
        name: vct::NAME,
        about: "PNS with the attacker kept to its threat space (fours, threes, then twos \
                that threaten a VCF)",
        good_for: "the long threat sequences of real games; where they hold no win it \
                   answers no-threat-win",
        parallel: false,
        no_wins: NoWins::ThreatSpace,
        unknown: None,
        build: |_, b| Box::new(Vct::prover_within(pns_config(b), b.threat_limit)),
        threads: one,
    },
    Entry {
        name: "dfpn",
        about: "depth-first proof-number search in a fixed-size table",
        good_for: "long runs in bounded memory, several threads on one proof (--threads)",
        parallel: true,
        no_wins: NoWins::Game,
        unknown: None,
        build: |p, b| Box::new(Dfpn::new(dfpn_config(p, b))),
        threads: dfpn_threads,
    },
    Entry {
        name: vct::DFPN_NAME,
        about: "df-pn in vct's threat space, in a fixed table, on several threads",
        good_for: "long threat sequences in bounded memory, on several threads; \
                   no-threat-win as vct",
        parallel: true,
        no_wins: NoWins::ThreatSpace,
        unknown: None,
        build: |p, b| Box::new(Vct::dfpn_within(dfpn_config(p, b), b.threat_limit)),
        threads: dfpn_threads,
    },
    Entry {
        name: db_search::NAME,
        about: "a depth-first proof of the threat space whose attacker follows the plans of \
                dependency-based search (db-search), every defence refuted",
        good_for: "some long threat sequences at once; wins or unknown",
        parallel: false,
        no_wins: NoWins::Never,
        unknown: Some(
            "no win along the plans of db-search, which try a few threats at each \
             attacker's turn and do not settle the game (try auto)",
        ),
        build: |_, b| Box::new(DbSearch::new(b.all_moves)),
        threads: one,
    },
    Entry {
        name: "alpha-beta",
        about: "alpha-beta value search: +1 / 0 / -1 within the horizon",
        good_for: "the game value; refuses an attack filter",
        parallel: false,
        no_wins: NoWins::Game,
        unknown: None,
        build: |_, b| Box::new(AlphaBeta::new(value_config(b))),
        threads: one,
    },
    Entry {
        name: "scout",
        about: "Pearl's SCOUT value search",
        good_for: "the game value; refuses an attack filter",
        parallel: false,
        no_wins: NoWins::Game,
        unknown: None,
        build: |_, b| Box::new(Scout::new(value_config(b))),
        threads: one,
    },
    Entry {
        name: "minimax",
        about: "plain minimax value search, the reference",
        good_for: "checking the others on tiny positions",
        parallel: false,
        no_wins: NoWins::Game,
        unknown: None,
        build: |_, b| Box::new(Minimax::new(value_config(b))),
        threads: one,
    },
];

/// The prover named `name` (as on the command line), if there is one.
#[must_use]
pub fn find(name: &str) -> Option<&'static Entry> {
    PROVERS.iter().find(|e| e.name == name)
}

/// The default prover, `auto`.
#[must_use]
pub fn default_prover() -> &'static Entry {
    &PROVERS[0]
}

/// The names of every prover, comma-separated, for messages.
#[must_use]
pub fn names() -> String {
    PROVERS
        .iter()
        .map(|e| e.name)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each entry builds a prover of its own name (`auto` a prover that
    /// names itself `auto`, or the df-pn it hands a small whole game to),
    /// and the names are unique.
    #[test]
    fn each_entry_builds_the_prover_it_names() {
        let position = &kinrow_format::parse_positions("board 9\nk 5\ndepth 7\n", "p").unwrap()[0];
        let problem = Problem::from(position);
        for e in &PROVERS {
            let p = e.build(&problem, &Build::default());
            assert_eq!(p.name(), e.name);
            assert_eq!(find(e.name), Some(e));
            assert_eq!(PROVERS.iter().filter(|o| o.name == e.name).count(), 1);
            assert!(e.threads_for(&problem, &Build::default()) == 1);
        }
        assert_eq!(default_prover().name, "auto");
        assert!(find("nope").is_none());
    }
}

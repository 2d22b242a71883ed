//! The provers the runner can call, by name: [`kinrow_prover::registry`]'s
//! entries as a value of the command line (`--prover`, `--provers`).

use clap::builder::PossibleValue;
use clap::ValueEnum;
use kinrow_format::Position;
use kinrow_prover::registry::{self, Build, Entry};
use kinrow_prover::space::ThreatLimit;
use kinrow_prover::{Problem, Prover};
use std::sync::LazyLock;

/// A prover named on the command line: an entry of the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProverKind(&'static Entry);

/// Every prover as a [`ProverKind`], in the registry's order.
static KINDS: LazyLock<Vec<ProverKind>> =
    LazyLock::new(|| registry::PROVERS.iter().map(ProverKind).collect());

impl ValueEnum for ProverKind {
    fn value_variants<'a>() -> &'a [Self] {
        &KINDS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name).help(self.0.about))
    }
}

impl Default for ProverKind {
    fn default() -> Self {
        ProverKind(registry::default_prover())
    }
}

impl std::fmt::Display for ProverKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name)
    }
}

impl ProverKind {
    /// The prover of this name, if any (a name a prover answered with,
    /// [`Prover::answered_by`]).
    pub fn named(name: &str) -> Option<ProverKind> {
        registry::find(name).map(ProverKind)
    }

    /// The name used in flags and reports.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// Whether this prover searches on several threads.
    pub fn is_parallel(self) -> bool {
        self.0.parallel
    }

    /// The provers that search on several threads, named for a message
    /// ("auto, dfpn and vct-dfpn"), in the registry's order.
    pub fn parallel_names() -> String {
        let names: Vec<&str> = KINDS
            .iter()
            .filter(|k| k.is_parallel())
            .map(|k| k.name())
            .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            Some((last, _)) => (*last).to_string(),
            None => String::new(),
        }
    }

    /// The threads a proof of `problem` by this prover uses, run as
    /// `build` says.
    pub fn threads_for(self, problem: &Problem, build: &Build) -> usize {
        self.0.threads_for(problem, build)
    }

    /// A fresh prover of this kind for `problem`, run as `build` says (on
    /// its threads where it has a parallel version).
    pub fn build(self, problem: &Problem, build: &Build) -> Box<dyn Prover + Send> {
        self.0.build(problem, build)
    }
}

/// How a prover answers `p`: every winning move if `all_moves`, on
/// `threads` threads, the threat space kept to the position's
/// `threat-limit` (which `--threat-limit` sets).
pub fn build_for(p: &Position, all_moves: bool, threads: usize) -> Build {
    Build {
        all_moves,
        threads,
        threat_limit: ThreatLimit::from_fours(p.threat_limit),
    }
}

//! The provers the runner can call, by name.

use clap::ValueEnum;
use kinrow_prover::{Problem, Prover};

/// A prover named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ValueEnum)]
pub enum ProverKind {
    /// With a depth of 5 or more, the threat space first (three quarters
    /// of the nodes and time; on one thread vct-db for a sixteenth of it,
    /// then vct), then and-or; and-or with a smaller depth; without one,
    /// pns, or dfpn on every thread when there are two or more and the
    /// board is small.
    Auto,
    /// Depth-limited AND-OR search with iterative deepening.
    AndOr,
    /// Proof-number search over a transposition DAG.
    Pns,
    /// PNS with the attacker kept to its threat space (fours, threes that
    /// threaten a VCF, twos where no three does): proves wins fast, answers
    /// unknown otherwise.
    Vct,
    /// Depth-first proof-number search in a fixed-size table (df-pn).
    Dfpn,
    /// df-pn with the attacker kept to its threat space, as vct: proves
    /// wins in a fixed table, on several threads; answers unknown
    /// otherwise.
    VctDfpn,
    /// Depth-first proof of the threat space whose attacker follows the
    /// plans of dependency-based search (db-search): for long lines; a few
    /// moves per node, so it proves wins or answers unknown.
    VctDb,
    /// Alpha-beta value search (attack any only).
    AlphaBeta,
    /// Pearl's SCOUT value search (attack any only).
    Scout,
    /// Plain minimax value search, the reference (attack any only).
    Minimax,
}

impl ProverKind {
    /// The prover `Auto` stands for on `problem` (listing every winning
    /// move if `all_moves`, on `threads`): itself when it tries the threat
    /// space first (then either may answer), else the one prover it runs
    /// ([`kinrow_prover::Auto`] decides).
    pub fn resolve(self, problem: &Problem, all_moves: bool, threads: usize) -> ProverKind {
        let auto = kinrow_prover::Auto::with_threads(all_moves, threads);
        match self {
            ProverKind::Auto if auto.tries_threats(problem) => ProverKind::Auto,
            ProverKind::Auto if auto.parallel_whole_game(problem) => ProverKind::Dfpn,
            ProverKind::Auto if problem.depth.is_none() => ProverKind::Pns,
            ProverKind::Auto => ProverKind::AndOr,
            k => k,
        }
    }

    /// The name used in flags and reports.
    pub fn name(self) -> &'static str {
        match self {
            ProverKind::Auto => "auto",
            ProverKind::AndOr => "and-or",
            ProverKind::Pns => "pns",
            ProverKind::Vct => "vct",
            ProverKind::Dfpn => "dfpn",
            ProverKind::VctDfpn => "vct-dfpn",
            ProverKind::VctDb => kinrow_prover::db_search::NAME,
            ProverKind::AlphaBeta => "alpha-beta",
            ProverKind::Scout => "scout",
            ProverKind::Minimax => "minimax",
        }
    }

    /// Whether this prover searches on several threads: df-pn (in the
    /// whole game or the threat space), and `auto` where it runs the
    /// threat space beside the whole game or hands a small board's whole
    /// game to df-pn.
    pub fn is_parallel(self) -> bool {
        matches!(
            self,
            ProverKind::Dfpn | ProverKind::VctDfpn | ProverKind::Auto
        )
    }

    /// The threads a proof of `problem` by this prover uses when `threads`
    /// are given (and every winning move is listed if `all_moves`): those
    /// for df-pn (one when listing; `vct-dfpn` refuses to list), what
    /// [`kinrow_prover::Auto::threads_for`] says for `auto`, 1 for the
    /// provers without a parallel version.
    pub fn threads_for(self, problem: &Problem, all_moves: bool, threads: usize) -> usize {
        match self.resolve(problem, all_moves, threads) {
            ProverKind::Dfpn | ProverKind::VctDfpn if all_moves => 1,
            ProverKind::Dfpn | ProverKind::VctDfpn => threads.max(1),
            ProverKind::Auto => {
                kinrow_prover::Auto::with_threads(all_moves, threads).threads_for(problem)
            }
            _ => 1,
        }
    }

    /// A fresh prover of this kind (`Auto` resolved on `problem`), on
    /// `threads` threads where it has a parallel version.
    pub fn build(
        self,
        problem: &Problem,
        all_moves: bool,
        threads: usize,
    ) -> Box<dyn Prover + Send> {
        match self.resolve(problem, all_moves, threads) {
            ProverKind::Auto => Box::new(kinrow_prover::Auto::with_threads(
                all_moves,
                self.threads_for(problem, all_moves, threads),
            )),
            ProverKind::AndOr => Box::new(kinrow_prover::AndOr::new(kinrow_prover::AndOrConfig {
                all_moves,
                ..Default::default()
            })),
            ProverKind::Vct => Box::new(kinrow_prover::Vct::prover(kinrow_prover::PnsConfig {
                all_moves,
                ..Default::default()
            })),
            ProverKind::Pns => Box::new(kinrow_prover::Pns::new(kinrow_prover::PnsConfig {
                all_moves,
                ..Default::default()
            })),
            // `auto`'s df-pn, as the library's `Auto` builds it.
            ProverKind::Dfpn if self == ProverKind::Auto => {
                Box::new(kinrow_prover::Auto::with_threads(all_moves, threads).whole_game_dfpn())
            }
            ProverKind::Dfpn => Box::new(kinrow_prover::Dfpn::new(kinrow_prover::DfpnConfig {
                all_moves,
                threads: self.threads_for(problem, all_moves, threads),
                ..Default::default()
            })),
            ProverKind::VctDfpn => Box::new(kinrow_prover::Vct::dfpn(kinrow_prover::DfpnConfig {
                all_moves,
                threads: self.threads_for(problem, all_moves, threads),
                ..Default::default()
            })),
            ProverKind::VctDb => Box::new(kinrow_prover::DbSearch::new(all_moves)),
            ProverKind::AlphaBeta => {
                Box::new(kinrow_prover::AlphaBeta::new(kinrow_prover::ValueConfig {
                    all_moves,
                    ..Default::default()
                }))
            }
            ProverKind::Scout => Box::new(kinrow_prover::Scout::new(kinrow_prover::ValueConfig {
                all_moves,
                ..Default::default()
            })),
            ProverKind::Minimax => {
                Box::new(kinrow_prover::Minimax::new(kinrow_prover::ValueConfig {
                    all_moves,
                    ..Default::default()
                }))
            }
        }
    }
}

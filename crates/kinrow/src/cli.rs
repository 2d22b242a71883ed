//! The command line.

use crate::provers::ProverKind;
use crate::settings;
use clap::{Args, Parser, Subcommand, ValueEnum};
use kinrow_board::{Attack, Candidates, Rule};
use std::path::PathBuf;

const ABOUT: &str = "kinrow: a k-in-a-row endgame solver (gomoku, connect-k, m,n,k-games).

It answers: can the side to move force a win within d plies? Positions are
text files: header lines (`board 15`, `k 5`, `rule freestyle|exact|renju`,
`candidates all|near 1`, `attack any|fours|threats`, `to-move x|o`,
`depth 9`, `time 30`) and the stones as a grid or a `moves` line. Every
answer names the game it holds for: `candidates near R` restricts both
sides, so a win under it is a win of that smaller game only; the default,
`candidates all`, asks about the real game. See the README, and
docs/commands.md for every command and flag.";

const AFTER: &str = "Examples:
  kinrow solve positions/bench/win-7.pos
  kinrow solve puzzle.pos --depth 11 --attack threats --json
  kinrow solve positions/games/selfplay-21.psq --ply 13 --depth 6 --defences   (which moves defend?)
  kinrow verify positions/
  kinrow bench --provers and-or,pns
  kinrow show puzzle.pos
  kinrow show puzzle.pos --svg > puzzle.svg
  kinrow solve puzzle.pos --svg solution.svg
  kinrow solve game.psq --ply 20 --depth 13
  kinrow analyse game.sgf --time 1
  kinrow analyse game.psq --html report.html
  kinrow brain                  (for a Gomocup manager: see kinrow help brain)

Exit codes:
  0  success
  1  a verification failure, a disagreement between provers, an invalid
     proof (check), or a proof certificate that could not be written (solve)
  2  bad input or usage (errors name file:line:column)
  3  nothing failed, but some answer is unknown (a budget ran out) or, for
     solve, a position was skipped because its prover refuses it; solve and
     verify exit 0 instead with --allow-unknown";

#[derive(Debug, Parser)]
#[command(name = "kinrow", version, about = ABOUT, after_help = AFTER)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every position of the given files: verdict, first move,
    /// principal variation, statistics.
    Solve(Box<SolveArgs>),
    /// Check every puzzle of the given suites against its `expect` and
    /// `solution` lines (in parallel).
    Verify(VerifyArgs),
    /// Run every puzzle under several provers side by side; report nodes,
    /// time, nodes per second and peak memory (default: the bundled
    /// benchmark suite).
    Bench(BenchArgs),
    /// Print the board picture and rules of each position, without solving
    /// (with --svg: one position's picture as SVG).
    Show(ShowArgs),
    /// Check a proof certificate against its position with an independent
    /// checker.
    Check(CheckArgs),
    /// Play as a Gomocup (Piskvork) brain: the protocol on standard input
    /// and output (START, RECTSTART, BEGIN, TURN, BOARD, INFO, TAKEBACK,
    /// RESTART, ABOUT, END, SWAP2BOARD), five in a row, rule 0 freestyle,
    /// 1 exactly five, 4 renju; forced wins (VCF, VCT) and their defence.
    #[command(long_about = BRAIN_ABOUT)]
    Brain(BrainArgs),
    /// Go through a game (.psq, SGF) ply by ply: every ply where the side
    /// to move had a forced win (VCF, then VCT), whether the move played
    /// kept it, and the first ply from which the result was forced.
    Analyse(AnalyseArgs),
    /// List the provers (`--prover NAME`): what each is, what it is good
    /// for, whether it runs on several threads, and what its no-wins
    /// hold for.
    Provers(ProversArgs),
    /// Serve a board to click in the browser: set up a position, load a
    /// position or game file, and ask kinrow (solve, defences, analyse)
    /// with live progress and a Cancel. Binds 127.0.0.1 unless told
    /// otherwise; see docs/serve.md.
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
pub struct ProversArgs {
    /// Output format: a table for the terminal, or the Markdown table of
    /// docs/commands.md, or one JSON object per prover.
    #[arg(long, value_enum, default_value_t = ProversFormat::Table)]
    pub format: ProversFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ProversFormat {
    Table,
    Markdown,
    Json,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, value_name = "N", default_value_t = 7462)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets
    /// other machines ask for searches: only on a network you trust.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
    /// Open the page in the default browser once listening.
    #[arg(long)]
    pub open: bool,
    /// The most seconds one request may search, whatever it asks (an
    /// analysis shares it among its plies).
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = settings::parse_seconds)]
    pub max_time: f64,
    /// The most threads one search may use (default: the cores available).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub max_threads: Option<u16>,
    /// Searches run at once; the others wait in a queue.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub searches: u16,
    /// Searches that may wait for their turn; more are refused.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub queue: u16,
    /// Search memory of all the searches running at once, shared equally
    /// (default: 2 GiB, at most half the memory available).
    #[arg(long, value_name = "BYTES", value_parser = settings::parse_bytes)]
    pub memory: Option<u64>,
}

#[derive(Debug, Args)]
pub struct BrainArgs {
    /// The most threads the searches may use at once (default: the cores
    /// this process may use; INFO thread_num can lower it).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// A game file: Piskvork `.psq` or SGF (`GM[4]`).
    #[arg(value_name = "GAME")]
    pub game: PathBuf,
    /// Seconds of search per ply (a win not found within it is not
    /// reported; one found is proved).
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = settings::parse_seconds)]
    pub time: f64,
    /// The rule (default: the file's SGF `RU`, renju's opening rules such
    /// as RIF or Yamaguchi read as renju, else freestyle; a record whose
    /// `RU` fixes no rule, such as swap2, needs this flag).
    #[arg(long, value_name = "freestyle|exact|renju", value_parser = settings::parse_rule)]
    pub rule: Option<Rule>,
    /// Search memory per ply in bytes, e.g. 512M (default: 512 MiB, at
    /// most half the memory available).
    #[arg(long, value_name = "BYTES", value_parser = settings::parse_bytes)]
    pub memory: Option<u64>,
    /// One JSON object per ply, then a summary object.
    #[arg(long)]
    pub json: bool,
    /// Also write the report as one self-contained HTML page (no network
    /// needed): the game on a board to step through, the plies with a
    /// forced win marked, each winning line, the move played against it,
    /// and the ply the result was forced from. The text or JSON report is
    /// printed as well, from the same analysis.
    #[arg(long, value_name = "OUT")]
    pub html: Option<PathBuf>,
    /// Let --html replace a file that exists; the game file itself is
    /// never written over.
    #[arg(long)]
    pub force: bool,
}

const BRAIN_ABOUT: &str = "Play as a Gomocup (Piskvork) brain: the protocol on standard input
and output, one command a line (CR LF or LF), coordinates x,y 0-based
from the top-left corner; boards 5x5 to 26x26, five in a row.

Each move: five at once; the block of the opponent's five; a forced win
proved by the VCF search, then by PNS in the threat space (announced as
`MESSAGE forced win in N (vcf|vct): h8 ...`, cells named as kinrow names
them, a1 bottom-left); a move that refutes the forced win the opponent
would have (a VCF, else a VCT), checked by searching it again after the
move; otherwise the best static evaluation. It answers within 80% of the time available
(INFO timeout_turn, and a 20th of INFO time_left under a match limit)
and searches with at most a third of INFO max_memory (256 MiB at most),
on every core this process may use (--threads, or INFO thread_num, for
fewer): its own forced win and the opponent's at once, then the
candidate defences in parallel.

Rules (INFO rule): 0 freestyle, 1 exactly five, 4 renju. Under renju the
searches know Black's forbidden points, and Black never plays one.

SWAP2BOARD (the swap2 opening): with no stones the brain places three
about the centre; with three or five it takes black (SWAP) when White
stands worse by the static evaluation, else plays White's stone. These
are heuristics, not proofs. A BOARD left without DONE ends at the next
command, with an ERROR; a BOARD where a side has five is refused.";

/// Header overrides shared by `solve` and friends.
#[derive(Debug, Args, Clone)]
pub struct OverrideArgs {
    /// Search horizon in plies (overrides the file's `depth`).
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Candidate cells, one restriction for both sides: `all` (the real
    /// game, the default) or `near:R` (cells within R king steps of a
    /// stone, 1 to 26: a smaller game, where a win need not be a win of
    /// the real game) (overrides the file's `candidates`).
    #[arg(long, value_name = "near:R|all", value_parser = settings::parse_candidates)]
    pub candidates: Option<Candidates>,
    /// The attacker's filter: `any`, `fours` (VCF) or `threats` (VCT)
    /// (overrides the file's `attack`).
    #[arg(long, value_name = "any|fours|threats", value_parser = settings::parse_attack)]
    pub attack: Option<Attack>,
    /// The threat space's threats (of vct, vct-dfpn and auto): a move
    /// threatens when, were the defender to pass, the attacker would win
    /// by at most N fours (quintet's threat_limit; default: any VCF
    /// within the plies left) (overrides the file's `threat-limit`). A
    /// no-threat-win then holds for that smaller threat space; a win is a
    /// win whatever the limit.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threat_limit: Option<u32>,
}

/// Budgets: a search that runs out answers `unknown`.
#[derive(Debug, Args, Clone)]
pub struct BudgetArgs {
    /// Stop after this many nodes (per position; at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (per position; default: the file's
    /// `time` line, else none).
    #[arg(long, value_name = "SECONDS", value_parser = settings::parse_seconds)]
    pub time: Option<f64>,
    /// Search memory in bytes for the whole run, e.g. 2G or 500M, shared
    /// by the jobs (default: half the memory available, cgroup limits
    /// included, at most 8 GiB).
    #[arg(long, value_name = "BYTES", value_parser = settings::parse_bytes)]
    pub memory: Option<u64>,
}

/// Which positions to take: by name, and which position of a game file
/// (`.psq`, SGF).
#[derive(Debug, Args, Clone)]
pub struct GameFileArgs {
    /// Only the positions of this name (a suite's `[name]`; a game file's
    /// position is named after the file).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// For a game file: the position after N plies (default: its last
    /// position before a winning line, its end when nobody won).
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,
    /// For a game file: the rule (default: the file's SGF `RU`, else
    /// freestyle).
    #[arg(long, value_name = "freestyle|exact|renju", value_parser = settings::parse_rule)]
    pub rule: Option<Rule>,
}

impl GameFileArgs {
    pub fn choice(&self) -> crate::input::GameChoice {
        crate::input::GameChoice {
            ply: self.ply,
            rule: self.rule,
        }
    }
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Position or suite files, folders (every `.pos` file below them), or
    /// game files: Piskvork `.psq` and SGF (`GM[4]`), told by their first
    /// line.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub game: GameFileArgs,
    /// Which prover answers.
    #[arg(long, value_enum, default_value_t = ProverKind::default())]
    pub prover: ProverKind,
    #[command(flatten)]
    pub overrides: OverrideArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Also list every winning first move.
    #[arg(long)]
    pub all_moves: bool,
    /// Threads of one proof: df-pn searches on this many threads sharing
    /// one table (default: the cores this process may use, as the affinity mask and the cgroup quota allow; --all-moves runs on one). On 2, auto runs its threat space (vct-db's
    /// plans, then vct-dfpn) on both, then the whole game; from 3 it runs
    /// the threat space and the whole game at once, each with the whole
    /// time (half the nodes and memory): vct-dfpn on all threads but the
    /// whole game's one; a small board's whole game
    /// goes to df-pn on all of them. The other provers (and-or, pns, vct, vct-db and
    /// the value searches) have no parallel version and run on one thread.
    /// Node counts of df-pn and auto are the same at every run only with 1.
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub threads: Option<usize>,
    /// Defend instead: list every move of the side to move after which
    /// the opponent has no forced win within the horizon (each move tried
    /// and proved by the chosen prover; the budgets bound the whole list).
    /// With --svg, the picture circles the defending moves.
    #[arg(long)]
    pub defences: bool,
    /// One JSON object per position, one per line.
    #[arg(long)]
    pub json: bool,
    /// With --json, an unknown answer of pns or dfpn (or auto's whole-game
    /// search) also lists `first_plies`: the proof and disproof numbers
    /// the search left for each position one move (`line` of one cell) and
    /// one move and a reply (two cells) below the root, `"inf"` for
    /// infinite; positions it never reached are left out. Numbers, not
    /// verdicts: where the search was heading. The cluster master asks its
    /// jobs for them to choose its next jobs.
    #[arg(long, requires = "json")]
    pub first_plies: bool,
    /// Write the proof certificate of each win, the draw certificate of
    /// each no-win of a whole game, and the threat-space certificate of
    /// each no-threat-win: a file for one position, a
    /// folder with one NAME.proof per position for several (or when
    /// PATH is a folder); names two positions share get their file's path
    /// in front. A proof that cannot be written is reported (exit 1), the
    /// verdict still printed. Draw certificates are written with pns on
    /// one thread, whatever --prover: it hands the writer the strategy each
    /// of its searches found; threat-space certificates with vct
    /// (docs/certificate-format.md).
    #[arg(long, value_name = "PATH")]
    pub proof: Option<PathBuf>,
    /// With --proof, write the certificates of wins only: no draw
    /// certificate for a no-win and no threat-space certificate for a
    /// no-threat-win (writing one can take far longer than the search;
    /// the cluster's jobs, whose no-wins need none, use this).
    #[arg(long, requires = "proof")]
    pub no_draw_proof: bool,
    /// Draw each position as SVG with the line found numbered (and under
    /// renju x's forbidden points marked): a file for one position, a
    /// folder with one NAME.svg per position for several (or when PATH is
    /// a folder), named as --proof names its files; with --defences, the
    /// defending moves circled. A picture that cannot be written is
    /// reported (exit 1), the verdict still printed.
    #[arg(long, value_name = "PATH")]
    pub svg: Option<PathBuf>,
    /// Let the files written (--proof, --svg) replace files that exist;
    /// an input of the run is never written over, whatever the flags.
    #[arg(long)]
    pub force: bool,
    /// Exit 0 even when some answer is unknown or a position is skipped
    /// (otherwise exit 3).
    #[arg(long)]
    pub allow_unknown: bool,
    /// Write a progress line to stderr every SECS seconds, also when it is
    /// not a terminal (a log of a long run): nodes and their rate, the
    /// root's proof and disproof numbers, the memory the search holds
    /// against its budget (for the provers that report them); while a draw
    /// certificate is written, its nodes so far and their rate.
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub progress: Option<u64>,
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

/// Where a job-level proof runs (see docs/cluster.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ClusterKind {
    /// Worker processes on this machine.
    Local,
    /// Jobs submitted to Slurm with sbatch.
    Slurm,
}

/// `solve --cluster`: a master grows the top of the proof and sends its
/// leaves out as jobs, each a whole `kinrow solve` run.
#[derive(Debug, Args, Clone)]
pub struct ClusterArgs {
    /// Solve one position as jobs: `local` (worker processes here) or
    /// `slurm` (sbatch); needs --work-dir.
    #[arg(long, value_enum, value_name = "local|slurm", requires = "work_dir")]
    pub cluster: Option<ClusterKind>,
    /// The run's folder: its whole state, every job's files, the merged
    /// certificate (shared by every node under Slurm).
    #[arg(long, value_name = "DIR", requires = "cluster")]
    pub work_dir: Option<PathBuf>,
    /// Continue the run saved in --work-dir (after its master was stopped
    /// or killed): finished jobs are not run again.
    #[arg(long, requires = "cluster")]
    pub resume: bool,
    /// Cores the jobs use at once (local: default the cores available,
    /// one job a core, but a job no other leaf waits for takes the free
    /// cores as threads; slurm: jobs queued or running at once, each on
    /// one thread, default 64).
    #[arg(long, value_name = "N", requires = "cluster", value_parser = clap::value_parser!(u64).range(1..))]
    pub workers: Option<u64>,
    /// The kinrow binary the jobs run (default: this one; on a cluster it
    /// must be reachable at this path on every node).
    #[arg(long, value_name = "PATH", requires = "cluster")]
    pub worker: Option<PathBuf>,
    /// Seconds of each job (default 60).
    #[arg(long, value_name = "SECONDS", requires = "cluster", value_parser = settings::parse_seconds)]
    pub job_time: Option<f64>,
    /// Nodes of each job (none by default).
    #[arg(long, value_name = "N", requires = "cluster", value_parser = clap::value_parser!(u64).range(1..))]
    pub job_nodes: Option<u64>,
    /// Search memory of each job, e.g. 1G (default 1 GiB).
    #[arg(long, value_name = "BYTES", requires = "cluster", value_parser = settings::parse_bytes)]
    pub job_memory: Option<u64>,
    /// Plies below the root from which jobs are run again with more
    /// budget: above them a leaf whose job comes back unknown is split
    /// at once (its numbers seed the new leaves). For boards whose
    /// shallow subtrees no job settles (default 0: the policy alone
    /// decides; docs/cluster.md).
    #[arg(long, value_name = "PLIES", default_value_t = 0, requires = "cluster")]
    pub job_depth: u32,
    /// Runs of a job that dies or leaves no usable answer before it is
    /// reported failed.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_runs: u32,
    /// Slurm: the partition (sbatch --partition).
    #[arg(long, value_name = "NAME", requires = "cluster")]
    pub partition: Option<String>,
    /// Slurm: the account (sbatch --account).
    #[arg(long, value_name = "NAME", requires = "cluster")]
    pub account: Option<String>,
    /// Slurm: one more sbatch argument (repeat the flag for several).
    #[arg(
        long,
        value_name = "ARG",
        requires = "cluster",
        allow_hyphen_values = true
    )]
    pub sbatch_arg: Vec<String>,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Suite files or folders (every `.pos` file below them).
    #[arg(required = true, value_name = "SUITE")]
    pub suites: Vec<PathBuf>,
    /// Which prover answers (`auto`: vct then and-or with a depth of 5 or
    /// more, and-or with less, pns without one).
    #[arg(long, value_enum, default_value_t = ProverKind::default())]
    pub prover: ProverKind,
    /// Worker threads (default and most: the cores available).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Threads of one proof: df-pn searches on this many threads sharing
    /// one table (default 1; jobs x threads never exceeds the cores: --threads lowers the jobs). On 2, auto runs its threat space (vct-db's
    /// plans, then vct-dfpn) on both, then the whole game; from 3 it runs
    /// the threat space and the whole game at once, each with the whole
    /// time (half the nodes and memory): vct-dfpn on all threads but the
    /// whole game's one; a small board's whole game
    /// goes to df-pn on all of them. The other provers (and-or, pns, vct, vct-db and
    /// the value searches) have no parallel version and run on one thread.
    /// Node counts of df-pn and auto are the same at every run only with 1.
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub threads: Option<usize>,

    /// Exit 0 even when some puzzle is unknown (otherwise exit 3).
    #[arg(long)]
    pub allow_unknown: bool,
    /// Also run the puzzles marked `slow`.
    #[arg(long)]
    pub include_slow: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// One JSON object per puzzle, one per line, then a summary object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    Table,
    Csv,
    Json,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Suite files or folders (default: the bundled benchmark suite,
    /// positions/bench).
    #[arg(value_name = "SUITE")]
    pub suites: Vec<PathBuf>,
    /// Provers to compare, comma-separated; ratios are to the first.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "and-or,pns")]
    pub provers: Vec<ProverKind>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = BenchFormat::Table)]
    pub format: BenchFormat,
    /// Worker threads (1 gives the cleanest timings; at most the cores
    /// available).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub jobs: usize,
    /// Threads of one proof: df-pn searches on this many threads sharing
    /// one table (default 1, so that node counts stay a determinism check; jobs x threads never exceeds the cores: --threads lowers the jobs). On 2, auto runs its threat space (vct-db's
    /// plans, then vct-dfpn) on both, then the whole game; from 3 it runs
    /// the threat space and the whole game at once, each with the whole
    /// time (half the nodes and memory): vct-dfpn on all threads but the
    /// whole game's one; a small board's whole game
    /// goes to df-pn on all of them. The other provers (and-or, pns, vct, vct-db and
    /// the value searches) have no parallel version and run on one thread.
    /// Node counts of df-pn and auto are the same at every run only with 1.
    #[arg(long, value_name = "N", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub threads: Option<usize>,

    /// Also run the puzzles marked `slow`.
    #[arg(long)]
    pub include_slow: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Position or suite files, folders, or game files (.psq, SGF).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub game: GameFileArgs,
    /// Write the picture as SVG on standard output instead (under renju
    /// with x's forbidden points marked). It draws one position: when the
    /// files hold several, pick one with --name (and --ply for a game),
    /// or draw them all into a folder with `kinrow solve --svg DIR`.
    #[arg(long)]
    pub svg: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The position the certificate claims to prove: a position file, or
    /// a game file (.psq, SGF) read as `solve` reads it (--ply, --rule).
    #[arg(value_name = "POSITION_FILE")]
    pub position: PathBuf,
    #[command(flatten)]
    pub game: GameFileArgs,
    /// The header overrides the proof was written with (as `solve`).
    #[command(flatten)]
    pub overrides: OverrideArgs,
    /// The certificate written by `kinrow solve --proof`.
    #[arg(value_name = "PROOF_FILE")]
    pub proof: PathBuf,
}

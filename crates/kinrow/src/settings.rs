//! Flags that override a position's header lines, and the budgets: the one
//! place where command-line values become the libraries' configuration.

use crate::provers::ProverKind;
use kinrow_board::geometry::MAX_SIDE;
use kinrow_board::{Attack, Candidates, Rule};
use kinrow_format::{Position, RADIUS_EXPECTED};
use kinrow_prover::{default_memory, Limits};
use std::time::Duration;

/// Overrides of the header lines; `None` keeps the file's value.
#[derive(Clone, Copy, Debug, Default)]
pub struct Overrides {
    pub depth: Option<u32>,
    pub candidates: Option<Candidates>,
    pub attack: Option<Attack>,
    pub threat_limit: Option<u32>,
}

impl From<&crate::cli::OverrideArgs> for Overrides {
    fn from(a: &crate::cli::OverrideArgs) -> Overrides {
        Overrides {
            depth: a.depth,
            candidates: a.candidates,
            attack: a.attack,
            threat_limit: a.threat_limit,
        }
    }
}

impl Overrides {
    /// The position with the overrides applied.
    pub fn apply(&self, p: &Position) -> Position {
        let mut p = p.clone();
        if let Some(d) = self.depth {
            p.depth = Some(d);
        }
        if let Some(c) = self.candidates {
            p.candidates = c;
        }
        if let Some(a) = self.attack {
            p.attack = a;
        }
        if let Some(t) = self.threat_limit {
            p.threat_limit = Some(t);
        }
        p
    }
}

/// Budgets from the flags, for every position of a run: the flags' node
/// and time limits (a position's `time` line stands in for a missing
/// `--time`) and each job's share of the run's memory.
#[derive(Clone, Copy, Debug)]
pub struct Budgets {
    pub max_nodes: Option<u64>,
    pub seconds: Option<f64>,
    /// Bytes of search memory for one job: the run's budget divided by the
    /// number of jobs.
    pub memory_per_job: u64,
    /// Threads of one proof (see [`ProverKind::threads_for`]: df-pn, and
    /// `auto` where it tries the threat space (on both threads of two, or
    /// racing the whole game from three) or hands a small board's whole
    /// game to df-pn).
    pub threads: usize,
}

impl Budgets {
    /// The limits of a search of `p`.
    pub fn limits(&self, p: &Position) -> Limits {
        Limits {
            max_nodes: self.max_nodes,
            time: self.seconds.map(Duration::from_secs_f64).or(p.time),
            memory: Some(self.memory_per_job),
        }
    }
}

/// The run's budgets for `jobs` jobs sharing one memory budget: `memory`
/// from the flag, else the library's [`default_memory`] (the same for the
/// runner, the brain and every library user).
pub fn budgets(
    max_nodes: Option<u64>,
    seconds: Option<f64>,
    memory: Option<u64>,
    jobs: usize,
) -> Budgets {
    let total = memory.unwrap_or_else(default_memory);
    Budgets {
        max_nodes,
        seconds,
        memory_per_job: (total / jobs.max(1) as u64).max(1),
        threads: 1,
    }
}

/// The cores this process may use ([`kinrow_prover::cores`]: affinity
/// and cgroup quota honoured).
pub fn cores() -> usize {
    kinrow_prover::cores()
}

/// `requested` threads or jobs (default: every core available), never
/// more than the cores, with a note on stderr naming `flag` when a request
/// is capped: more threads than cores only share the cores and multiply
/// the memory in use.
pub fn capped(requested: Option<usize>, flag: &str) -> usize {
    let cores = cores();
    match requested {
        Some(n) if n > cores => {
            eprintln!("kinrow: {flag} {n} capped at {cores}, the cores available");
            cores
        }
        Some(n) => n.max(1),
        None => cores,
    }
}

/// The threads of one proof for `solve` ([`capped`]), with a note when the
/// prover has no parallel version.
pub fn solve_threads(requested: Option<usize>, prover: ProverKind) -> usize {
    let threads = capped(requested, "--threads");
    parallel_note(requested, prover);
    threads
}

/// Jobs and threads of `verify` and `bench` (`jobs` the flag's or the
/// command's default): jobs x threads never more than the cores. Threads
/// default to 1 (the most puzzles at once; for `bench` also the
/// deterministic node counts); asked for, they take their cores first and
/// the jobs get the rest (at least one job, with a note when `--jobs`
/// was lowered).
pub fn jobs_and_threads(
    jobs: usize,
    threads: Option<usize>,
    prover: impl IntoIterator<Item = ProverKind>,
) -> (usize, usize) {
    let cores = cores();
    let threads = threads.map_or(1, |t| t.clamp(1, cores));
    let most = (cores / threads).max(1);
    let jobs = if jobs > most {
        if threads > 1 {
            eprintln!(
                "kinrow: {jobs} jobs of {threads} threads lowered to {most}: \
                 jobs x threads at most the {cores} cores available"
            );
        }
        most
    } else {
        jobs.max(1)
    };
    if threads > 1 {
        for p in prover {
            parallel_note(Some(threads), p);
        }
    }
    (jobs, threads)
}

/// Says on stderr that `--threads` does not apply to `prover`, when it was
/// given for one without a parallel version.
fn parallel_note(requested: Option<usize>, prover: ProverKind) {
    if requested.is_some_and(|n| n > 1) && !prover.is_parallel() {
        eprintln!(
            "kinrow: note: --threads applies to {} only; {} runs on one thread",
            ProverKind::parallel_names(),
            prover.name()
        );
    }
}

/// The number of worker jobs ([`capped`]).
pub fn jobs(requested: Option<usize>) -> usize {
    capped(requested, "--jobs")
}

/// Parses `near:R` (R >= 1) or `all`.
pub fn parse_candidates(s: &str) -> Result<Candidates, String> {
    let lower = s.to_ascii_lowercase();
    if lower == "all" {
        return Ok(Candidates::All);
    }
    let r = lower
        .strip_prefix("near:")
        .or_else(|| lower.strip_prefix("near"))
        .ok_or_else(|| format!("expected `near:R` or `all`, found `{s}`"))?;
    // The same limit and wording as the file's `candidates near R`.
    match r.trim().parse::<u8>() {
        Ok(r) if (1..=MAX_SIDE).contains(&r) => Ok(Candidates::Near(r)),
        _ => Err(format!(
            "candidates: expected {RADIUS_EXPECTED}, found `{s}`"
        )),
    }
}

/// Parses `any`, `fours` or `threats`.
pub fn parse_attack(s: &str) -> Result<Attack, String> {
    match s.to_ascii_lowercase().as_str() {
        "any" => Ok(Attack::Any),
        "fours" => Ok(Attack::Fours),
        "threats" => Ok(Attack::Threats),
        _ => Err(format!("expected `any`, `fours` or `threats`, found `{s}`")),
    }
}

/// Parses `freestyle`, `exact` or `renju`.
pub fn parse_rule(s: &str) -> Result<Rule, String> {
    match s.to_ascii_lowercase().as_str() {
        "freestyle" => Ok(Rule::Freestyle),
        "exact" => Ok(Rule::Exact),
        "renju" => Ok(Rule::Renju),
        _ => Err(format!(
            "expected `freestyle`, `exact` or `renju`, found `{s}`"
        )),
    }
}

/// Parses a byte count: a number with an optional suffix K, M, G (powers of
/// 1024), e.g. `512M`.
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    kinrow_format::parse_bytes(s)
        .ok_or_else(|| format!("expected a byte count such as 500000000 or 512M, found `{s}`"))
}

/// Parses a positive number of seconds.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v < 1e9 => Ok(v),
        _ => Err(format!(
            "expected a positive number of seconds, found `{s}`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flag_values() {
        assert_eq!(parse_candidates("near:2"), Ok(Candidates::Near(2)));
        assert_eq!(parse_candidates("ALL"), Ok(Candidates::All));
        assert!(parse_candidates("near:0").is_err());
        assert!(parse_candidates("near:x").is_err());
        assert_eq!(parse_bytes("2K"), Ok(2048));
        assert!(parse_bytes("-1").is_err());
        assert!(parse_bytes("0").is_err());
        assert!(parse_seconds("nan").is_err());
        assert_eq!(parse_attack("Fours"), Ok(Attack::Fours));
        assert!(parse_candidates("near:27").is_err());
    }

    #[test]
    fn the_memory_budget_is_shared_by_the_jobs() {
        let b = budgets(None, None, Some(300 << 20), 4);
        assert_eq!(b.memory_per_job, 75 << 20);
        assert_eq!(jobs(Some(1)), 1);
        assert_eq!(jobs(Some(100_000)), cores());
    }

    #[test]
    fn jobs_times_threads_never_exceed_the_cores() {
        let cores = cores();
        let dfpn = [ProverKind::named("dfpn").expect("a prover")];
        assert_eq!(jobs_and_threads(cores, None, dfpn), (cores, 1));
        for threads in [1, 2, 3, cores, cores + 5] {
            for jobs in [1, 2, cores, 4 * cores] {
                let (j, t) = jobs_and_threads(jobs, Some(threads), dfpn);
                assert!(
                    j >= 1 && t >= 1 && j * t <= cores,
                    "{jobs} x {threads}: {j} x {t}"
                );
                assert_eq!(t, threads.min(cores));
            }
        }
    }
}

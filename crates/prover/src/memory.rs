//! The machine's share of a search, decided once for every caller: the
//! command-line runner, the brain and a library user who leaves
//! [`Limits::memory`] unset all get [`default_memory`] (every prover reads
//! its budget from [`budget`]), and every default number of threads is
//! [`cores`].

use crate::outcome::Limits;
use std::sync::OnceLock;

const GIB: u64 = 1 << 30;

/// The default memory budget: half the memory actually available (the
/// smaller of `/proc/meminfo`'s MemAvailable and what the cgroup limit
/// leaves), between 64 MiB and 8 GiB; 1 GiB when none can be read. Read
/// once per process, so that every search of a run gets the same budget.
#[must_use]
pub fn default_memory() -> u64 {
    static BUDGET: OnceLock<u64> = OnceLock::new();
    *BUDGET.get_or_init(|| budget_of(available_memory(&Sources::system())))
}

/// The bytes of search memory `limits` allow: [`Limits::memory`], or
/// where it is unset [`default_memory`] (half the memory available, at
/// most 8 GiB): the one meaning of an unset memory budget, which every
/// prover reads from here.
#[must_use]
pub(crate) fn budget(limits: &Limits) -> u64 {
    limits.memory.unwrap_or_else(default_memory)
}

/// The cores this process may use: [`std::thread::available_parallelism`],
/// which on Linux honours the affinity mask (`taskset`) and the cgroup
/// CPU quota (containers, `systemd` slices); 1 if it cannot tell.
#[must_use]
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// [`default_memory`] for `available` bytes (`None`: unknown).
fn budget_of(available: Option<u64>) -> u64 {
    match available {
        Some(bytes) => (bytes / 2).clamp(64 << 20, 8 * GIB),
        None => GIB,
    }
}

/// Where memory figures come from: the system's files, or a test's text.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sources {
    pub meminfo: Option<String>,
    /// cgroup v2 `memory.max` and `memory.current`.
    pub v2: (Option<String>, Option<String>),
    /// cgroup v1 `memory.limit_in_bytes` and `memory.usage_in_bytes`.
    pub v1: (Option<String>, Option<String>),
}

impl Sources {
    /// The files of this system (missing ones are `None`).
    #[must_use]
    pub(crate) fn system() -> Sources {
        let read = |p: &str| std::fs::read_to_string(p).ok();
        Sources {
            meminfo: read("/proc/meminfo"),
            v2: (
                read("/sys/fs/cgroup/memory.max"),
                read("/sys/fs/cgroup/memory.current"),
            ),
            v1: (
                read("/sys/fs/cgroup/memory/memory.limit_in_bytes"),
                read("/sys/fs/cgroup/memory/memory.usage_in_bytes"),
            ),
        }
    }
}

/// Bytes of memory this process can still use: MemAvailable, lowered to
/// what a cgroup limit (v2, else v1) leaves above the cgroup's usage.
#[must_use]
pub(crate) fn available_memory(src: &Sources) -> Option<u64> {
    let available = src.meminfo.as_deref().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        line.split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()?
            .checked_mul(1024)
    });
    let number = |t: &Option<String>| t.as_deref().and_then(|t| t.trim().parse::<u64>().ok());
    // "max" (v2) or a huge number (v1, no limit) read as no limit.
    let left = |(limit, usage): &(Option<String>, Option<String>)| {
        let limit = number(limit).filter(|&l| l < 1 << 60)?;
        Some(limit.saturating_sub(number(usage).unwrap_or(0)))
    };
    let cgroup = left(&src.v2).or_else(|| left(&src.v1));
    match (available, cgroup) {
        (Some(a), Some(c)) => Some(a.min(c)),
        (a, c) => a.or(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unset memory budget means one thing for every prover: the
    /// default budget; a set one is itself.
    #[test]
    fn an_unset_memory_budget_is_the_default_one() {
        assert_eq!(budget(&Limits::default()), default_memory());
        let set = Limits {
            memory: Some(12345),
            ..Limits::default()
        };
        assert_eq!(budget(&set), 12345);
    }

    fn sources(meminfo: &str, v2: (&str, &str), v1: (&str, &str)) -> Sources {
        let some = |s: &str| (!s.is_empty()).then(|| s.to_string());
        Sources {
            meminfo: some(meminfo),
            v2: (some(v2.0), some(v2.1)),
            v1: (some(v1.0), some(v1.1)),
        }
    }

    #[test]
    fn available_memory_takes_the_cgroup_limit_into_account() {
        let mem = "MemTotal:  25000000 kB\nMemAvailable:   2000000 kB\n";
        let gb = 2_048_000_000;
        assert_eq!(
            available_memory(&sources(mem, ("", ""), ("", ""))),
            Some(gb)
        );
        // v2: 1 GB limit, 300 MB used.
        let v2 = ("1000000000\n", "300000000\n");
        assert_eq!(
            available_memory(&sources(mem, v2, ("", ""))),
            Some(700_000_000)
        );
        assert_eq!(
            available_memory(&sources(mem, ("max\n", "5"), ("", ""))),
            Some(gb)
        );
        // v1 without a limit reports a huge number.
        let v1 = ("9223372036854771712\n", "1000");
        assert_eq!(available_memory(&sources(mem, ("", ""), v1)), Some(gb));
        let v1 = ("500000000", "100000000");
        assert_eq!(
            available_memory(&sources("", ("", ""), v1)),
            Some(400_000_000)
        );
        assert_eq!(available_memory(&sources("", ("", ""), ("", ""))), None);
    }

    #[test]
    fn the_default_is_half_what_is_available_within_bounds() {
        assert_eq!(budget_of(Some(2 * GIB)), GIB);
        assert_eq!(budget_of(Some(64 * GIB)), 8 * GIB);
        assert_eq!(budget_of(Some(10 << 20)), 64 << 20);
        assert_eq!(budget_of(None), GIB);
        assert_eq!(default_memory(), default_memory());
    }
}

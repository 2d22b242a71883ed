//! The size of the heavy random sweeps and suite tests, shared by the
//! test binaries of kinrow-prover and kinrow-checker: every case when
//! `KINROW_FULL_SWEEPS=1` is set (`.ci/run` sets it), else one case in
//! [`QUICK`], the same cases every time, so that `cargo test --workspace`
//! stays near ten minutes on two cores (issue 28) while CI still runs
//! every case.

/// Whether the heavy sweeps run at full size (`KINROW_FULL_SWEEPS` set,
/// and neither empty nor `0`).
pub fn full_sweeps() -> bool {
    std::env::var_os("KINROW_FULL_SWEEPS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// One case in `QUICK` of a heavy sweep runs without [`full_sweeps`].
pub const QUICK: u32 = 5;

/// The first `n` seeds of a heavy sweep, or a `QUICK`th of them (at least
/// one) when the sweeps are not full.
pub fn sweep(n: u32) -> u32 {
    if full_sweeps() {
        n
    } else {
        n.div_ceil(QUICK)
    }
}

/// The seeds `range` of a heavy sweep: all of them, or its first `QUICK`th.
pub fn sweep_range(range: std::ops::Range<u64>) -> std::ops::Range<u64> {
    let n = u32::try_from(range.end - range.start).expect("a sweep of under 2^32 seeds");
    range.start..range.start + u64::from(sweep(n))
}

/// The puzzles of a heavy suite test: all of them, or every `QUICK`th.
pub fn sweep_suite<T>(items: Vec<T>) -> Vec<T> {
    if full_sweeps() {
        return items;
    }
    items.into_iter().step_by(QUICK as usize).collect()
}

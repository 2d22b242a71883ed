//! How long, how much memory and how many threads one move may take, from
//! the manager's `INFO` settings.
//!
//! A move has two times: the *think* time the searches are given, and the
//! *hard* time after which the session answers with the quick move it
//! computed before searching, whatever the searches are doing. Both keep a
//! margin below the turn's limit for the process to be scheduled, the line
//! to be written and the manager to read it: the think time is 60% of the
//! time available minus 20 ms, the hard time 80% of it.

use std::time::Duration;

/// The time a move has when the manager gives no limit at all.
pub const NO_LIMIT_TURN: Duration = Duration::from_secs(5);
/// The time a move has under `timeout_turn 0` ("as fast as possible").
pub const FAST_TURN: Duration = Duration::from_millis(100);
/// A match's time left is shared among this many of the brain's moves to
/// come (at least).
pub const MOVES_TO_COME: u64 = 20;
/// Search memory when the manager gives no `max_memory` (never more than
/// the library's [`kinrow_prover::default_memory`], which every kinrow
/// search falls back on), and at most with one.
pub const DEFAULT_MEMORY: u64 = 256 << 20;
/// The part of `max_memory` the searches may take: the process itself,
/// its stack and a late search still running take the rest.
pub const MEMORY_SHARE: u64 = 3;

/// The manager's settings (`INFO`), in milliseconds and bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// `timeout_turn`: `None` until sent; `Some(0)`: as fast as possible.
    pub timeout_turn: Option<u64>,
    /// `timeout_match`: 0 for no limit.
    pub timeout_match: u64,
    /// `time_left`, once sent.
    pub time_left: Option<u64>,
    /// `max_memory`: 0 for no limit.
    pub max_memory: u64,
    /// `thread_num`: 0 (or never sent) for the most allowed.
    pub thread_num: u64,
    /// The most threads allowed: the cores this process may use, or fewer
    /// when asked on the command line; 0 for [`kinrow_prover::cores`].
    pub most_threads: usize,
}

/// The budget of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveBudget {
    /// What the searches may spend.
    pub think: Duration,
    /// When the session answers whatever the searches are doing.
    pub hard: Duration,
    /// Bytes of search memory, all threads together.
    pub memory: u64,
    /// Threads the searches may run on at once (at least 1).
    pub threads: usize,
}

impl MoveBudget {
    /// A budget of `think` (the hard time the same), for a caller that
    /// runs [`crate::engine::deep`] itself.
    #[must_use]
    pub const fn thinking(think: Duration, memory: u64, threads: usize) -> MoveBudget {
        MoveBudget {
            think,
            hard: think,
            memory,
            threads,
        }
    }
}

impl Settings {
    /// The time one move may take: the turn's limit, and with a match
    /// limit at most a [`MOVES_TO_COME`]th of the time left.
    #[must_use]
    pub fn available(&self) -> Duration {
        let turn = match self.timeout_turn {
            None => NO_LIMIT_TURN,
            Some(0) => FAST_TURN,
            Some(ms) => Duration::from_millis(ms),
        };
        match self.time_left {
            Some(left) if self.timeout_match > 0 => {
                turn.min(Duration::from_millis(left / MOVES_TO_COME))
            }
            _ => turn,
        }
    }

    /// The budget of the next move (see the module docs).
    #[must_use]
    pub fn budget(&self) -> MoveBudget {
        let available = self.available();
        let think = (available.mul_f64(0.6)).saturating_sub(Duration::from_millis(20));
        let cap = DEFAULT_MEMORY.min(kinrow_prover::default_memory());
        let memory = if self.max_memory == 0 {
            cap
        } else {
            (self.max_memory / MEMORY_SHARE).min(cap)
        };
        MoveBudget {
            think,
            hard: available.mul_f64(0.8),
            memory,
            threads: self.threads(),
        }
    }

    /// The threads of a move (see the module docs).
    #[must_use]
    pub fn threads(&self) -> usize {
        let most = match self.most_threads {
            0 => kinrow_prover::cores(),
            n => n,
        };
        let asked = usize::try_from(self.thread_num).unwrap_or(usize::MAX);
        match asked {
            0 => most,
            n => n.min(most),
        }
        .max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_keeps_a_margin_and_shares_the_match_time() {
        let mut s = Settings {
            timeout_turn: Some(1000),
            ..Settings::default()
        };
        let b = s.budget();
        assert_eq!(b.think, Duration::from_millis(580));
        assert_eq!(b.hard, Duration::from_millis(800));
        s.timeout_match = 60_000;
        s.time_left = Some(4_000);
        assert_eq!(s.available(), Duration::from_millis(200));
        s.time_left = Some(0);
        assert_eq!(s.budget().think, Duration::ZERO);
        s.max_memory = 30 << 20;
        assert_eq!(s.budget().memory, 10 << 20);
        assert_eq!(Settings::default().available(), NO_LIMIT_TURN);
    }

    #[test]
    fn threads_are_the_cores_lowered_by_the_command_line_and_the_manager() {
        let mut s = Settings::default();
        assert_eq!(s.budget().threads, kinrow_prover::cores());
        s.most_threads = 3;
        assert_eq!(s.threads(), 3);
        s.thread_num = 2;
        assert_eq!(s.threads(), 2);
        s.thread_num = 64;
        assert_eq!(s.threads(), 3, "the manager cannot raise the cap");
        s.most_threads = 1;
        assert_eq!(s.budget().threads, 1);
    }
}

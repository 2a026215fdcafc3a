//! # Limits: when a search gives up, and what it tells a watcher meanwhile
//!
//! The real inputs take a millisecond, but the state space is exponential in the keys: an 81x81
//! open room with 26 keys and one robot has 2^26 key sets, and the layered programme stores a
//! row for each (about 8 GB); four robots in an open room with 16 keys grow past 10 GB. So both
//! searches run under [`Limits`]: a time limit and a memory budget in bytes, and stop with
//! [`crate::SolveError::GaveUp`] naming the limit reached ([`Limit`]) and how far they got.
//!
//! ## Why it costs nothing
//! The searches do not look at the clock or count bytes on every expansion: a `Watch` counts
//! expansions down and checks every [`CHECK_EVERY`] of them, so a search that ends sooner (every
//! real input) never checks at all. A check reads the clock once, sums the bytes of what grows
//! with the states (tables, queues, layers) from their capacities, and publishes the states and
//! bytes to a [`Progress`] (two relaxed atomic stores) for a reporting thread to read.
//!
//! ## Counting bytes before they are taken
//! A vector or hash table grows by doubling, all at once. Between two checks a search adds at
//! most a known number of entries (its *slack*: [`CHECK_EVERY`] expansions times the most moves
//! an expansion makes), so a check counts each structure at the capacity it will have once that
//! many more entries are in: a search whose next doubling would pass the budget gives up before
//! it, not after. Only the bucket queue of A\* is counted as it stands (its entries are a small
//! share of the bytes).

use crate::SolveError;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Expansions between two checks of the limits.
pub const CHECK_EVERY: u32 = 4096;

/// The default time limit of a search: ten minutes, far beyond any real input's milliseconds.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(600);

/// The default memory budget of a search: 8 GiB, so one search per core fits a 2-core, 24 GiB
/// machine with room to spare.
pub const DEFAULT_MEMORY_BUDGET: u64 = 8 << 30;

/// What a search may spend before it gives up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time from the start of the search; `None` for no limit.
    pub time: Option<Duration>,
    /// Bytes the search may hold in what grows with its states.
    pub memory_bytes: u64,
}

impl Default for Limits {
    /// [`DEFAULT_TIME_LIMIT`] and [`DEFAULT_MEMORY_BUDGET`].
    fn default() -> Self {
        Limits { time: Some(DEFAULT_TIME_LIMIT), memory_bytes: DEFAULT_MEMORY_BUDGET }
    }
}

/// The limit a search reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`Limits::time`].
    Time,
    /// [`Limits::memory_bytes`].
    Memory,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Limit::Time => "time",
            Limit::Memory => "memory",
        })
    }
}

/// How far a running search has got, published at each check of the limits (every
/// [`CHECK_EVERY`] expansions) for another thread to show. Reading it never slows the search.
#[derive(Debug, Default)]
pub struct Progress {
    states: AtomicUsize,
    bytes: AtomicU64,
}

impl Progress {
    /// States stored at the last check: key sets for one robot (the layered programme keeps a
    /// row of places per set), (places, keys held) states for several.
    #[must_use]
    pub fn states(&self) -> usize {
        self.states.load(Ordering::Relaxed)
    }

    /// Bytes held at the last check, counted as the memory budget counts them.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }
}

/// A search's view of its limits: counts expansions down to the next check.
pub(crate) struct Watch<'a> {
    limits: Limits,
    progress: &'a Progress,
    start: Instant,
    countdown: u32,
}

impl<'a> Watch<'a> {
    pub(crate) fn new(limits: Limits, progress: &'a Progress) -> Self {
        Watch { limits, progress, start: Instant::now(), countdown: CHECK_EVERY }
    }

    /// Counts one expansion; true every [`CHECK_EVERY`] of them, when the caller should call
    /// [`Watch::check`] with its states and bytes.
    #[inline]
    pub(crate) fn due(&mut self) -> bool {
        self.due_after(1)
    }

    /// Counts `expansions` at once (a batch of them about to be made); true when the count
    /// since the last check reaches [`CHECK_EVERY`]. With batches of up to [`CHECK_EVERY`],
    /// fewer than twice that many expansions are made between two checks.
    #[inline]
    pub(crate) fn due_after(&mut self, expansions: usize) -> bool {
        match u32::try_from(expansions) {
            Ok(expansions) if expansions < self.countdown => {
                self.countdown -= expansions;
                false
            }
            _ => {
                self.countdown = CHECK_EVERY;
                true
            }
        }
    }

    /// The limits left for a later stage of the same solve: the time not yet spent.
    pub(crate) fn remaining(&self) -> Limits {
        Limits { time: self.limits.time.map(|time| time.saturating_sub(self.start.elapsed())), ..self.limits }
    }

    /// Publishes the progress and gives up if a limit is reached.
    pub(crate) fn check(&self, states: usize, bytes: u64) -> Result<(), SolveError> {
        self.progress.states.store(states, Ordering::Relaxed);
        self.progress.bytes.store(bytes, Ordering::Relaxed);
        let elapsed = self.start.elapsed();
        let limit = if bytes > self.limits.memory_bytes {
            Limit::Memory
        } else if self.limits.time.is_some_and(|time| elapsed >= time) {
            Limit::Time
        } else {
            return Ok(());
        };
        Err(SolveError::GaveUp { limit, states, bytes, elapsed })
    }
}

/// Bytes of a vector of `len` entries of `size` bytes and capacity `capacity` once `slack` more
/// entries are pushed: each growth doubles the capacity (as `Vec` does when pushed one by one).
pub(crate) fn vec_bytes_ahead(len: usize, capacity: usize, slack: usize, size: usize) -> u64 {
    let mut capacity = capacity.max(4);
    while capacity < len + slack {
        capacity *= 2;
    }
    (capacity * size) as u64
}

/// Bytes of a hash table (hashbrown's layout: a power of two of buckets, at most 7/8 full, each
/// an entry of `size` bytes and a control byte) of `len` entries and usable capacity `capacity`,
/// once `slack` more are inserted.
pub(crate) fn table_bytes_ahead(len: usize, capacity: usize, slack: usize, size: usize) -> u64 {
    let mut buckets = (capacity * 8 / 7).next_power_of_two().max(8);
    while buckets / 8 * 7 < len + slack {
        buckets *= 2;
    }
    (buckets * (size + 1)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vector_is_counted_at_the_capacity_its_next_pushes_will_give_it() {
        assert_eq!(vec_bytes_ahead(10, 16, 6, 8), 16 * 8);
        assert_eq!(vec_bytes_ahead(10, 16, 7, 8), 32 * 8);
        assert_eq!(vec_bytes_ahead(0, 0, 100, 1), 128);
    }

    #[test]
    fn a_hash_table_is_counted_with_its_control_bytes_and_spare_buckets() {
        // hashbrown: 1024 buckets hold 896 entries.
        assert_eq!(table_bytes_ahead(800, 896, 50, 15), 1024 * 16);
        assert_eq!(table_bytes_ahead(800, 896, 200, 15), 2048 * 16);
    }

    fn limit_of(error: &SolveError) -> Option<Limit> {
        match error {
            SolveError::GaveUp { limit, .. } => Some(*limit),
            _ => None,
        }
    }

    #[test]
    fn a_watch_checks_every_so_many_expansions_and_names_the_limit_reached() {
        let progress = Progress::default();
        let mut watch = Watch::new(Limits { time: None, memory_bytes: 1000 }, &progress);
        let checks = (0..3 * CHECK_EVERY).filter(|_| watch.due()).count();
        assert_eq!(checks, 3);
        let batches = [CHECK_EVERY as usize - 1, 1, 5, CHECK_EVERY as usize, 7];
        assert_eq!(batches.map(|batch| watch.due_after(batch)), [false, true, false, true, false]);
        assert_eq!(watch.check(5, 1000), Ok(()));
        assert_eq!((progress.states(), progress.bytes()), (5, 1000));
        assert_eq!(watch.check(6, 1001).map_err(|error| limit_of(&error)), Err(Some(Limit::Memory)));
        let timed = Watch::new(Limits { time: Some(Duration::ZERO), memory_bytes: 1000 }, &progress);
        assert_eq!(timed.check(6, 10).map_err(|error| limit_of(&error)), Err(Some(Limit::Time)));
    }
}

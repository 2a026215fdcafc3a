//! # day18-keys: Advent of Code 2019 day 18, "Many-Worlds Interpretation"
//!
//! A maze of walls `#`, floor `.`, robots `@`, keys `a`-`z` and doors `A`-`Z`. A robot collects a
//! key by stepping on it; a door opens for good once its key is held. The answer is the fewest
//! total steps to hold every key: with one robot in part 1, and in part 2 with four robots made
//! by walling off the map's centre, moving one at a time and sharing their keys.
//!
//! Data flows one way: text -> [`parse`] -> [`Maze`] -> [`KeyGraph`] (the ways between keys,
//! [`key_graph`]) -> [`search`] -> [`Solution`]. The search is dynamic programming over key sets
//! for one robot (`layers`), and A\* over (robot places, keys held) for several, with a lower
//! bound priced on the maze's bridge tree (`bridge_tree`). Both are exact on any maze, loops
//! included; the tests check them against a plain breadth-first search on thousands of mazes.
//!
//! Both searches run under [`Limits`] (a time limit and a memory budget; see [`limits`]):
//! [`solve_part1_within`] and [`solve_part2_within`] take them, with a [`Progress`] a watcher
//! may read meanwhile, and stop with [`SolveError::GaveUp`]. The plain [`part1`], [`part2`],
//! [`solve_part1`] and [`solve_part2`] use the defaults, ten minutes and 8 GiB. [`BothParts`]
//! solves the two parts of one maze sharing what they have in common (part 2's dead ends are
//! found from part 1's), which is what the binary does.
//!
//! Rules decided where the puzzle is silent: robots do not block each other; a door whose key
//! is not in the maze never opens (a wall); a key that can never be collected makes the part
//! fail with [`SolveError::CannotCollectEveryKey`] before any search; the same key letter twice
//! is a parse error. Part 1 of a map already split in four joins it back; part 2 of a one-robot
//! map without the open centre uses the map as it is (see [`Maze::one_robot`],
//! [`Maze::four_robots`]).
//!
//! ```
//! let maze = day18_keys::parse("#########\n#b.A.@.a#\n#########\n")?;
//! assert_eq!(day18_keys::part1(&maze)?, 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bridge_tree;
mod corridors;
pub mod key_graph;
mod layers;
pub mod limits;
pub mod maze;
pub mod search;

pub use key_graph::{KeyGraph, Route};
pub use limits::{Limit, Limits, Progress};
pub use maze::{Maze, ParseError, Tile, parse};
pub use search::{Pickup, Solution, Strategy};

use corridors::Filled;
use itertools::Itertools;
use std::borrow::Cow;
use std::time::Duration;
use thiserror::Error;

/// Why a part has no answer: none exists, or the search gave up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// Part 1 asks for one robot; the map has several and no split centre to join.
    #[error("part 1 needs one robot, and this map has {robots} without a `@#@`/`###`/`@#@` centre to join")]
    NotOneRobot {
        /// How many robots the map has.
        robots: usize,
    },
    /// Some key can never be collected: walled off, or behind a door whose key is out of reach
    /// or not in the maze at all.
    #[error("cannot collect every key: {} can never be reached", letters(*missing))]
    CannotCollectEveryKey {
        /// The keys that can never be collected, bit `i` for letter `i`.
        missing: u32,
    },
    /// The search reached a limit of its [`Limits`] before the answer.
    #[error(
        "gave up: the {limit} limit was reached after {states} states, {:.1} s, {} MB",
        elapsed.as_secs_f64(),
        bytes >> 20
    )]
    GaveUp {
        /// The limit reached.
        limit: Limit,
        /// States stored (see [`Progress::states`]).
        states: usize,
        /// Bytes held, or about to be (see [`limits`]).
        bytes: u64,
        /// Time searched.
        elapsed: Duration,
    },
}

/// The letters of a key set, `"a, c"`.
fn letters(keys: u32) -> String {
    grid::bits(keys.into()).map(|key| char::from(b'a' + key as u8)).join(", ")
}

/// Part 1 with its route: one robot (a map split in four is joined back first).
///
/// Under the default [`Limits`] (ten minutes, 8 GiB); see [`solve_part1_within`] for others.
///
/// # Errors
/// [`SolveError::NotOneRobot`] or [`SolveError::CannotCollectEveryKey`], or
/// [`SolveError::GaveUp`] when the default limits are reached.
pub fn solve_part1(maze: &Maze) -> Result<Solution, SolveError> {
    solve_part1_within(maze, Limits::default(), &Progress::default())
}

/// [`solve_part1`] under `limits`, publishing its progress to `progress` as it goes.
///
/// # Errors
/// As [`solve_part1`], and [`SolveError::GaveUp`] when a limit is reached first.
///
/// ```
/// use day18_keys::{Limits, Progress, parse, solve_part1_within};
/// use std::time::Duration;
///
/// let maze = parse("#########\n#b.A.@.a#\n#########\n")?;
/// let limits = Limits { time: Some(Duration::from_secs(1)), memory_bytes: 64 << 20 };
/// assert_eq!(solve_part1_within(&maze, limits, &Progress::default())?.steps, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_part1_within(maze: &Maze, limits: Limits, progress: &Progress) -> Result<Solution, SolveError> {
    let maze = maze.one_robot()?;
    collect_within(|| (Filled::new(&maze), maze.keys()), limits, progress)
}

/// Part 2 with its route: the open centre split into four vaults (see [`Maze::four_robots`]).
///
/// Under the default [`Limits`]; see [`solve_part2_within`] for others.
///
/// # Errors
/// [`SolveError::CannotCollectEveryKey`], or [`SolveError::GaveUp`] when the default limits are
/// reached.
pub fn solve_part2(maze: &Maze) -> Result<Solution, SolveError> {
    solve_part2_within(maze, Limits::default(), &Progress::default())
}

/// [`solve_part2`] under `limits`, publishing its progress to `progress` as it goes.
///
/// # Errors
/// As [`solve_part2`], and [`SolveError::GaveUp`] when a limit is reached first.
pub fn solve_part2_within(maze: &Maze, limits: Limits, progress: &Progress) -> Result<Solution, SolveError> {
    let maze = maze.four_robots();
    collect_within(|| (Filled::new(&maze), maze.keys()), limits, progress)
}

/// The key graph and the search of one part, both under `limits`: `filled` gives the part's
/// maze with its dead ends filled, and its keys, once the clock runs, as the graph of a huge
/// open map takes seconds to build and that time counts against the limit too.
fn collect_within(
    filled: impl FnOnce() -> (Filled, u32),
    limits: Limits,
    progress: &Progress,
) -> Result<Solution, SolveError> {
    let watch = limits::Watch::new(limits, progress);
    let (filled, keys) = filled();
    let graph = KeyGraph::within(filled, keys, &watch)?;
    search::collect_every_key_within(&graph, Strategy::Fastest, watch.remaining(), progress)
}

/// Both parts of one maze, sharing the work they have in common: part 2's maze is part 1's
/// with its centre walled off, so its dead ends are found from part 1's, where filling them
/// from scratch was a tenth of a whole run (see the `corridors` module). The answers are those
/// of [`solve_part1_within`] and [`solve_part2_within`].
///
/// ```
/// use day18_keys::{BothParts, Limits, Progress, parse};
///
/// let maze = parse("#######\n#a.#Cd#\n##...##\n##.@.##\n##...##\n#cB#Ab#\n#######\n")?;
/// let mut parts = BothParts::new(&maze);
/// let progress = Progress::default();
/// assert_eq!(parts.part1_within(Limits::default(), &progress)?.steps, 26);
/// assert_eq!(parts.part2_within(Limits::default(), &progress)?.steps, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct BothParts<'a> {
    maze: &'a Maze,
    /// Part 1's maze and its dead ends filled, once part 1 is solved, for part 2 to start from.
    part1: Option<(Cow<'a, Maze>, Filled)>,
}

impl<'a> BothParts<'a> {
    /// The parts of `maze`, neither solved yet.
    #[must_use]
    pub fn new(maze: &'a Maze) -> Self {
        BothParts { maze, part1: None }
    }

    /// [`solve_part1_within`].
    ///
    /// # Errors
    /// As [`solve_part1_within`].
    pub fn part1_within(&mut self, limits: Limits, progress: &Progress) -> Result<Solution, SolveError> {
        let maze = self.maze.one_robot()?;
        let part1 = &mut self.part1;
        let keep = || {
            let (filled, keys) = (Filled::new(&maze), maze.keys());
            *part1 = Some((maze, filled.clone()));
            (filled, keys)
        };
        collect_within(keep, limits, progress)
    }

    /// [`solve_part2_within`], from part 1's filled maze when part 1 was solved first.
    ///
    /// # Errors
    /// As [`solve_part2_within`].
    pub fn part2_within(&mut self, limits: Limits, progress: &Progress) -> Result<Solution, SolveError> {
        let Some((maze, filled)) = self.part1.take() else {
            return solve_part2_within(self.maze, limits, progress);
        };
        // Part 2's maze is part 1's split at its open centre, or part 1's itself without one
        // (see `Maze::four_robots`, and `Maze::one_robot` for a map given split).
        let split = || match maze.open_centre() {
            Some(centre) => (filled.four_robots(maze.grid().index_with_rim(centre)), maze.keys()),
            None => (filled, maze.keys()),
        };
        collect_within(split, limits, progress)
    }
}

/// Part 1: fewest steps for one robot to collect every key.
///
/// # Errors
/// See [`solve_part1`].
pub fn part1(maze: &Maze) -> Result<u32, SolveError> {
    solve_part1(maze).map(|solution| solution.steps)
}

/// Part 2: fewest steps for the four robots to collect every key.
///
/// # Errors
/// See [`solve_part2`].
pub fn part2(maze: &Maze) -> Result<u32, SolveError> {
    solve_part2(maze).map(|solution| solution.steps)
}

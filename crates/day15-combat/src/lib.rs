//! # Advent of Code 2018, day 15: Beverage Bandits
//!
//! Elves and goblins fight in a cave, turn by turn, until one army is gone. Part 1 asks for the
//! outcome (full rounds completed times the hit points left); part 2 for the lowest elf attack
//! power at which no elf dies, and that battle's outcome.
//!
//! The crate follows the workspace's contract: [`parse`] text into a [`Cave`], then [`part1`],
//! [`part2`], or [`solve`] for both at once (the fastest way to get both, since part 2 reuses part
//! 1's battle). The modules, each opening with an essay on its part of the problem:
//!
//! - [`cave`]: the input, with errors that name the line and column of a fault.
//! - [`battle`]: the exact rules as a resumable state machine.
//! - [`movement`]: the search core, the nearest in-range square and the step towards it, as
//!   bit-parallel flood fills that meet in the middle on long searches, with a field per side
//!   kept across that side's moves.
//! - [`elf_power`]: part 2 without fighting a battle per power: 25 classes of power, and battles
//!   resumed from the point where they part from part 1's, fought on the other cores while
//!   part 1's battle is still going.
//! - [`watch`]: how far long battles have come, for a progress line drawn by another thread.
//! - `scheduler`: the priority scheduler part 2 runs its battles on: the most urgent ready task
//!   runs, and is put down at a safe point when a more urgent one becomes ready.
//!
//! ```
//! let cave = day15_combat::parse("#######\n#.G...#\n#...EG#\n#.#.#G#\n#..G#E#\n#.....#\n#######\n")?;
//! assert_eq!(day15_combat::part1(&cave)?.score(), 27730);
//! assert_eq!(day15_combat::part2(&cave)?.map(|win| (win.power, win.outcome.score())), Some((15, 4988)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod battle;
pub mod cave;
pub mod elf_power;
pub mod movement;
mod scheduler;
pub mod watch;

pub use battle::{Battle, Outcome, Stalemate};
pub use cave::{Cave, CaveError, Side};
pub use elf_power::{Answers, SafeVictory};

/// Reads the puzzle input.
///
/// # Errors
/// A [`CaveError`] naming the fault: empty input, ragged rows, unknown characters, an open
/// border, no units.
pub fn parse(input: &str) -> Result<Cave, CaveError> {
    Cave::parse(input)
}

/// Part 1: the battle with every unit at attack power 3.
///
/// # Errors
/// [`Stalemate`] if the battle can never end.
pub fn part1(cave: &Cave) -> Result<Outcome, Stalemate> {
    Battle::new(cave, battle::BASE_POWER).fight()
}

/// Part 2: the lowest elf attack power from 4 at which the elves win with no elf dying, and that
/// battle's outcome; `None` if no power does it. A power whose battle never ends is not a win.
///
/// # Errors
/// [`Stalemate`] if part 1's battle, which part 2 builds on, can never end.
pub fn part2(cave: &Cave) -> Result<Option<SafeVictory>, Stalemate> {
    elf_power::solve(cave).map(|answers| answers.part2)
}

/// Both parts, sharing part 1's battle.
///
/// # Errors
/// [`Stalemate`] if part 1's battle can never end.
pub fn solve(cave: &Cave) -> Result<Answers, Stalemate> {
    elf_power::solve(cave)
}

/// [`solve`], reporting every battle's progress to `watch` at each round's end (see [`watch`]).
///
/// # Errors
/// [`Stalemate`] if part 1's battle can never end.
pub fn solve_watched(cave: &Cave, watch: &watch::Watch) -> Result<Answers, Stalemate> {
    elf_power::solve_watched(cave, watch)
}

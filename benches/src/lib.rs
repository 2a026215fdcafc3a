//! Shared helpers of the criterion benches: finding the inputs to time.
//!
//! Each puzzle is timed on the full-size inputs generated into `inputs/<puzzle>/generated-*.txt`
//! and, when the team's `shared/` folder sits beside the repository, on the real-size inputs in
//! `../shared/aoc/<puzzle>/` (never committed: Advent of Code asks that inputs stay private).
//! Finding them is `testkit`'s job, shared with xtask and the tests; this crate only picks the
//! full-size ones and says plainly when the real ones are missing.

pub use testkit::{Answers, InputFile};

/// The generated full-size inputs of a puzzle, `inputs/<puzzle>/generated-*.txt`.
///
/// # Panics
/// If `inputs/<puzzle>/` is missing or unreadable: the checkout is broken.
#[must_use]
pub fn generated_inputs(puzzle: &str) -> Vec<InputFile> {
    let files = testkit::inputs::committed(puzzle).unwrap_or_else(|error| panic!("{error}"));
    files.into_iter().filter(|file| file.stem().starts_with("generated")).collect()
}

/// The real-size inputs of a puzzle from `../shared/aoc/<puzzle>/`; when there are none, says so
/// on standard error and returns none.
#[must_use]
pub fn real_size_inputs(puzzle: &str) -> Vec<InputFile> {
    testkit::inputs::real_size(puzzle).unwrap_or_else(|folder| {
        eprintln!(
            "note: no real-size {puzzle} inputs at {} (the team's shared folder beside the repo); \
             timing the generated inputs only",
            folder.display()
        );
        Vec::new()
    })
}

/// The full-size inputs of a puzzle as (name, text): the generated ones, then the real ones.
///
/// # Panics
/// If a listed input file cannot be read.
#[must_use]
pub fn full_size_inputs(puzzle: &str) -> Vec<(String, String)> {
    generated_inputs(puzzle)
        .into_iter()
        .chain(real_size_inputs(puzzle))
        .map(|file| (file.stem(), file.read().unwrap_or_else(|error| panic!("{error}"))))
        .collect()
}

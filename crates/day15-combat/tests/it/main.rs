//! The integration tests of day15-combat, in one test binary so the workspace links one
//! executable for them instead of one a file.
//!
//! - `examples`: every worked example of the puzzle statement;
//! - `rules`: one test for each rule that is easy to get wrong;
//! - `cross_check`: the fast simulator against the plain `reference` on generated caves;
//! - `inputs`: the day 15 lines of `inputs/answers.txt`, rechecked with the reference;
//! - `cli`: the binary as a user runs it;
//! - `replay_page`: the `--html` pages opened in headless Chromium.

mod cli;
mod cross_check;
mod examples;
mod inputs;
mod reference;
mod replay_page;
mod rules;

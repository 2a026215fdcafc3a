//! The integration tests of day18-keys, in one test binary so the workspace links one
//! executable for them instead of one a file.
//!
//! - `examples`: every worked example of the puzzle statement;
//! - `rules`: the rules that are easy to get wrong, each pinned by a small map;
//! - `cross_check`: the fast solver against the plain searches of `common` on random mazes;
//! - `answers_file`: the day 18 lines of `inputs/answers.txt`, rechecked independently;
//! - `cli`: the binary as a user runs it;
//! - `limits`: the time and memory limits, on the open rooms that once grew without bound;
//! - `replay_page`: the `--html` pages opened in headless Chromium.

mod answers_file;
mod cli;
mod common;
mod cross_check;
mod examples;
mod limits;
mod replay_page;
mod rules;

//! # testkit: the small jobs every tool of the workspace needs, written once
//!
//! `cargo xtask`, the integration tests of the puzzle crates and the criterion benches all need
//! the same few things, and each used to write its own copy with its own small differences:
//!
//! - [`workspace_root`]: where the workspace sits, so inputs are found wherever cargo runs;
//! - [`inputs`]: the `.txt` inputs of a puzzle, committed (`inputs/<puzzle>/`), the user's own
//!   (`inputs/local/<puzzle>/`) and the real-size ones beside the repository
//!   (`../shared/aoc/<puzzle>/`), each saying plainly what is missing;
//! - [`answers`]: the one grammar of `inputs/answers.txt`, with errors that name the line;
//! - [`Random`]: the one seeded generator, whose stream never changes, so a seed written in a
//!   test or in `inputs/README.md` makes the same input forever;
//! - `cli` (feature `harness`): running a puzzle binary on a text the way a user would, through
//!   a temporary file that is removed afterwards.
//!
//! It depends on the standard library and `thiserror` alone, so every crate can use it as a
//! dev-dependency without pulling anything else into its build.

pub mod answers;
#[cfg(feature = "harness")]
pub mod cli;
pub mod inputs;
mod random;

pub use answers::{Answer, Answers, AnswersError};
pub use inputs::{InputFile, InputsError};
pub use random::Random;

use std::path::{Path, PathBuf};

/// The workspace root: the folder holding the root `Cargo.toml`, `inputs/` and `crates/`.
///
/// It is found from where this crate sits (`crates/testkit/`), fixed at compile time, so it does
/// not depend on the directory a test, bench or task runs in.
#[must_use]
pub fn workspace_root() -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // crates/testkit -> crates -> the root; the fallback only matters if the crate were moved.
    crate_dir.ancestors().nth(2).unwrap_or(crate_dir).to_path_buf()
}

/// The `inputs/` folder of the workspace.
#[must_use]
pub fn inputs_dir() -> PathBuf {
    workspace_root().join("inputs")
}

/// The team's `shared/` folder, which sits beside the repository when present (real puzzle
/// inputs and Sokoban level sets that may not be committed).
#[must_use]
pub fn shared_dir() -> PathBuf {
    let root = workspace_root();
    root.parent().unwrap_or(&root).join("shared")
}

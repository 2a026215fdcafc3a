//! # Fuzz targets: every parser and search of the workspace, fed arbitrary bytes
//!
//! Each [`Target`] takes any bytes and checks what must hold for them, not only that nothing
//! panics: a parsed map draws back to the same text, an error names a line and column that
//! really hold the fault, a battle moves each unit at most one square a round, a search's answer
//! agrees with a plain breadth-first search on small inputs, and every solution the Sokoban
//! solver returns passes the replay. A broken invariant panics with a message saying which, and
//! the fuzzer records the panic as a crash.
//!
//! Every target bounds its own work (a round cap, a state cap, a memory budget, a size past
//! which the expensive cross-checks are skipped), so one input takes milliseconds and a slow
//! input is a finding, not the cost of a big one.
//!
//! The same functions run three ways: under AFL through the `fuzz-afl` binary (feature `afl`,
//! driven by `cargo xtask fuzz`), and in `cargo test` over the committed corpus and the
//! regressions (`tests/corpus.rs`). The README beside this crate says how to run a campaign,
//! and gives the ceilings and the last campaign's numbers.

mod day15;
mod day18;
mod grid_parse;
mod sokoban_parse;
mod sokoban_solve;
mod sokoban_verify;

/// One thing to fuzz.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// `grid::Grid::parse`: round trip of what parses, line and column of every error.
    GridParse,
    /// Day 15: parse, a battle under a round cap checked round by round, part 2 on small caves.
    Day15Battle,
    /// Day 18: parse, both parts under a small memory budget, cross-checked on small mazes.
    Day18Search,
    /// Sokoban collections and levels in both alphabets, with run lengths and `|` rows.
    SokobanParse,
    /// The LURD replay, against a plain one written here.
    SokobanVerify,
    /// The solver on tiny levels under a state cap, against a plain search written here.
    SokobanSolve,
}

impl Target {
    /// Every target, in the order the docs list them.
    pub const ALL: [Target; 6] = [
        Target::GridParse,
        Target::Day15Battle,
        Target::Day18Search,
        Target::SokobanParse,
        Target::SokobanVerify,
        Target::SokobanSolve,
    ];

    /// The target's name: its corpus folder and its argument to the fuzzing binary.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Target::GridParse => "grid-parse",
            Target::Day15Battle => "day15-battle",
            Target::Day18Search => "day18-search",
            Target::SokobanParse => "sokoban-parse",
            Target::SokobanVerify => "sokoban-verify",
            Target::SokobanSolve => "sokoban-solve",
        }
    }

    /// The target of a name, if one has it.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|target| target.name() == name)
    }

    /// Runs the target on one input.
    ///
    /// # Panics
    /// When the code under test breaks one of the invariants the target checks (or panics
    /// itself): that is the finding.
    pub fn run(self, data: &[u8]) {
        // Every parser takes text; bytes that are not UTF-8 still reach it, with the replacement
        // character standing for each bad sequence, so no input is wasted.
        let text = String::from_utf8_lossy(data);
        match self {
            Target::GridParse => grid_parse::check(&text),
            Target::Day15Battle => day15::check(&text),
            Target::Day18Search => day18::check(&text),
            Target::SokobanParse => sokoban_parse::check(&text),
            Target::SokobanVerify => sokoban_verify::check(&text),
            Target::SokobanSolve => sokoban_solve::check(&text),
        }
    }
}

/// The lines of `text` as the grid parser numbers them (from 1), with the line ending and the
/// trailing spaces and tabs it ignores dropped.
fn map_line(text: &str, line: usize) -> Option<&str> {
    text.split('\n').nth(line.checked_sub(1)?).map(|l| l.trim_end_matches([' ', '\t', '\r']))
}

/// The character at `column` (from 1) of line `line` (from 1), as the grid parser counts them.
fn char_at(text: &str, line: usize, column: usize) -> Option<char> {
    map_line(text, line)?.chars().nth(column.checked_sub(1)?)
}

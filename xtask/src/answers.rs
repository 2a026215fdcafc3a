//! The expected answers file: plain text a person can read and edit.
//!
//! ```text
//! # puzzle  input                       part  answer
//! day15     day15/example-combat.txt    1     27730
//! ```
//!
//! One answer a line: the puzzle, the input's path under `inputs/` (with `/`), the part, and the
//! answer, which is the rest of the line. `#` starts a comment; blank lines are ignored.

use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::path::Path;

/// Which answer: (puzzle, input path under `inputs/`, part).
pub type AnswerKey = (String, String, String);

/// One expected answer and where it was written.
pub struct Expected {
    pub answer: String,
    pub source: String,
}

/// Reads an answers file into `into`; a missing file reads as empty when `optional`.
pub fn read(path: &Path, optional: bool, into: &mut BTreeMap<AnswerKey, Expected>) -> Result<()> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if optional && error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(error).with_context(|| format!("cannot read {}", path.display())),
    };
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let source = format!("{}:{}", path.display(), number + 1);
        // Three fields separated by any run of spaces, then the answer: the rest of the line.
        let mut rest = line;
        let mut field = || {
            rest = rest.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let (field, after) = rest.split_at(end);
            rest = after;
            field
        };
        let (puzzle, input, part) = (field(), field(), field());
        if part.is_empty() {
            bail!("{source}: expected `puzzle input part answer`, found {line:?}");
        }
        let answer = rest.trim();
        if answer.is_empty() {
            bail!("{source}: the line has no answer after the part");
        }
        let key = (puzzle.to_owned(), input.to_owned(), part.to_owned());
        if let Some(earlier) = into.get(&key) {
            bail!("{source}: a second answer for {puzzle} {input} part {part} (first at {})", earlier.source);
        }
        into.insert(key, Expected { answer: answer.to_owned(), source });
    }
    Ok(())
}

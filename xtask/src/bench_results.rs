//! The per-level results of `sokoban-bench`, kept in a file and compared level by level.
//!
//! A change to the solver is judged on the whole set, not on the level it was made for: run the
//! set before and after with `--out`, then `--compare` the two files. The file is tab-separated
//! text with a header, one line a level, easy to read, diff and load into a spreadsheet:
//!
//! ```text
//! level  title  status  pushes  moves  seconds  states
//! 1      1      solved  33      110    0.0012   371
//! 2      2      gave-up -       -      10.0001  812345
//! ```
//!
//! A comparison lists the levels gained (solved now, not before), lost, and the levels whose
//! time changed by at least [`SPEED_RATIO`] times and [`SPEED_SECONDS`] seconds: smaller changes
//! are the noise of a busy machine and would bury the real ones.

use anyhow::{Context, Result, bail};
use sokoban::{Record, Summary, Verdict};
use std::fmt::{self, Display, Write as _};
use std::path::Path;

/// The header line, which also names the columns' order.
const HEADER: &str = "level\ttitle\tstatus\tpushes\tmoves\tseconds\tstates";

/// A level is faster or slower only if its time changed by this factor...
pub const SPEED_RATIO: f64 = 1.5;
/// ...and by this many seconds.
pub const SPEED_SECONDS: f64 = 0.1;

/// The records as the results file's text.
pub fn to_tsv(records: &[Record]) -> String {
    let mut text = format!("{HEADER}\n");
    let count = |value: Option<usize>| value.map_or_else(|| "-".to_owned(), |value| value.to_string());
    for record in records {
        // A title is free text: tabs and line breaks would break the columns.
        let title: String = record
            .title
            .chars()
            .map(|ch| if ch == '\t' || ch == '\n' || ch == '\r' { ' ' } else { ch })
            .collect();
        let _ = writeln!(
            text,
            "{}\t{title}\t{}\t{}\t{}\t{:.4}\t{}",
            record.level,
            record.status.as_str(),
            count(record.pushes),
            count(record.moves),
            record.seconds,
            record.states
        );
    }
    text
}

/// Reads a results file's text back; `file` names it in errors. Solutions and error messages
/// are not kept in the file, nor why a level gave up, so those fields come back empty.
pub fn from_tsv(text: &str, file: &Path) -> Result<Vec<Record>> {
    let mut lines = text.lines().enumerate();
    if lines.next().map(|(_, line)| line) != Some(HEADER) {
        bail!("{}: not a sokoban-bench results file (the first line should be {HEADER:?})", file.display());
    }
    let mut records = Vec::new();
    for (index, line) in lines.filter(|(_, line)| !line.trim().is_empty()) {
        let place = || format!("{}:{}", file.display(), index + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        let [level, title, status, pushes, moves, seconds, stored] = fields[..] else {
            bail!("{}: expected 7 tab-separated fields, found {}", place(), fields.len());
        };
        let count = |name: &str, text: &str| -> Result<Option<usize>> {
            if text == "-" {
                return Ok(None);
            }
            text.parse()
                .map(Some)
                .with_context(|| format!("{}: {name} {text:?} is not a whole number", place()))
        };
        let status = match status {
            "solved" => Verdict::Solved,
            "unsolvable" => Verdict::Unsolvable,
            "gave-up" => Verdict::GaveUp,
            "invalid" => Verdict::Invalid,
            other => bail!("{}: unknown status {other:?}", place()),
        };
        records.push(Record {
            level: count("level", level)?.with_context(|| format!("{}: no level number", place()))?,
            title: title.to_owned(),
            status,
            moves: count("moves", moves)?,
            pushes: count("pushes", pushes)?,
            seconds: seconds
                .parse()
                .with_context(|| format!("{}: seconds {seconds:?} is not a number", place()))?,
            states: count("states", stored)?.unwrap_or(0),
            solution: None,
            error: None,
            reason: None,
        });
    }
    Ok(records)
}

/// One level that changed between two runs.
#[derive(Debug, PartialEq)]
pub struct Change {
    level: usize,
    title: String,
    old_seconds: f64,
    new_seconds: f64,
    old_status: Verdict,
    new_status: Verdict,
}

/// How a new run differs from an old one, level by level.
#[derive(Debug, PartialEq)]
pub struct Comparison {
    old: Summary,
    new: Summary,
    /// Solved now, not before.
    pub gained: Vec<Change>,
    /// Solved before, not now.
    pub lost: Vec<Change>,
    /// The same verdict, in clearly less time.
    pub faster: Vec<Change>,
    /// The same verdict, in clearly more time.
    pub slower: Vec<Change>,
    /// Levels in only one of the runs (compare runs of the same set and `--first`).
    pub unmatched: usize,
}

/// Compares two runs of the same set, matching levels by number.
pub fn compare(old: &[Record], new: &[Record]) -> Comparison {
    let mut comparison = Comparison {
        old: Summary::of(old),
        new: Summary::of(new),
        gained: Vec::new(),
        lost: Vec::new(),
        faster: Vec::new(),
        slower: Vec::new(),
        unmatched: 0,
    };
    for before in old {
        let Some(after) = new.iter().find(|after| after.level == before.level) else {
            comparison.unmatched += 1;
            continue;
        };
        let change = Change {
            level: after.level,
            title: after.title.clone(),
            old_seconds: before.seconds,
            new_seconds: after.seconds,
            old_status: before.status,
            new_status: after.status,
        };
        let solved = (before.status == Verdict::Solved, after.status == Verdict::Solved);
        let clearly_less =
            |slow: f64, quick: f64| slow >= quick * SPEED_RATIO && slow - quick >= SPEED_SECONDS;
        match solved {
            (false, true) => comparison.gained.push(change),
            (true, false) => comparison.lost.push(change),
            _ if before.status != after.status => {}
            _ if clearly_less(before.seconds, after.seconds) => comparison.faster.push(change),
            _ if clearly_less(after.seconds, before.seconds) => comparison.slower.push(change),
            _ => {}
        }
    }
    comparison.unmatched +=
        new.iter().filter(|after| old.iter().all(|before| before.level != after.level)).count();
    comparison
}

impl Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "  level {} ({}): ", self.level, self.title)?;
        if self.old_status == self.new_status {
            write!(f, "{:.3} s -> {:.3} s", self.old_seconds, self.new_seconds)
        } else {
            write!(
                f,
                "{} in {:.3} s -> {} in {:.3} s",
                self.old_status.as_str(),
                self.old_seconds,
                self.new_status.as_str(),
                self.new_seconds
            )
        }
    }
}

impl Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "old: {}", self.old)?;
        writeln!(f, "new: {}", self.new)?;
        let groups = [
            ("gained", &self.gained),
            ("lost", &self.lost),
            ("faster", &self.faster),
            ("slower", &self.slower),
        ];
        for (name, changes) in groups {
            writeln!(f, "{name}: {}", changes.len())?;
            for change in changes {
                writeln!(f, "{change}")?;
            }
        }
        if self.unmatched > 0 {
            writeln!(f, "{} levels are in one file only", self.unmatched)?;
        }
        write!(
            f,
            "(faster and slower: at least {SPEED_RATIO}x and {SPEED_SECONDS} s apart, with the same verdict)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{compare, from_tsv, to_tsv};
    use sokoban::{Record, Verdict};
    use std::path::Path;

    fn record(level: usize, status: Verdict, seconds: f64) -> Record {
        let solved = status == Verdict::Solved;
        Record {
            level,
            title: format!("level\t{level}"),
            status,
            moves: solved.then_some(10 * level),
            pushes: solved.then_some(level),
            seconds,
            states: 100 * level,
            solution: solved.then(|| "rRR".to_owned()),
            error: None,
            reason: None,
        }
    }

    #[test]
    fn the_results_file_reads_back_what_was_written() {
        let records = vec![
            record(1, Verdict::Solved, 0.25),
            record(2, Verdict::GaveUp, 10.0),
            record(3, Verdict::Invalid, 0.0),
        ];
        let text = to_tsv(&records);
        assert!(text.starts_with("level\ttitle\tstatus\tpushes\tmoves\tseconds\tstates\n1\tlevel 1\tsolved\t1\t10\t0.2500\t100\n"), "{text}");
        let back = from_tsv(&text, Path::new("r.tsv")).unwrap();
        // The title's tab became a space; solutions are not kept.
        let expected: Vec<Record> = records
            .into_iter()
            .map(|record| Record { title: record.title.replace('\t', " "), solution: None, ..record })
            .collect();
        assert_eq!(back, expected);
    }

    #[test]
    fn a_bad_results_file_is_an_error_naming_the_line() {
        let error = from_tsv("level\ttitle\n", Path::new("r.tsv")).unwrap_err().to_string();
        assert!(error.starts_with("r.tsv: not a sokoban-bench results file"), "{error}");
        let text = to_tsv(&[record(1, Verdict::Solved, 1.0)]).replace("solved", "won");
        let error = from_tsv(&text, Path::new("r.tsv")).unwrap_err().to_string();
        assert_eq!(error, "r.tsv:2: unknown status \"won\"");
    }

    #[test]
    fn levels_gained_lost_faster_and_slower_are_told_apart_and_noise_is_not_reported() {
        let old = [
            record(1, Verdict::GaveUp, 10.0),
            record(2, Verdict::Solved, 3.0),
            record(3, Verdict::Solved, 2.0),
            record(4, Verdict::Solved, 0.2),
            record(5, Verdict::Solved, 0.01),
            record(6, Verdict::Solved, 1.0),
            record(7, Verdict::Solved, 1.0),
        ];
        let new = [
            record(1, Verdict::Solved, 4.0),  // gained
            record(2, Verdict::GaveUp, 10.0), // lost
            record(3, Verdict::Solved, 0.5),  // faster: 4x and 1.5 s
            record(4, Verdict::Solved, 0.9),  // slower: 4.5x and 0.7 s
            record(5, Verdict::Solved, 0.05), // 5x but 0.04 s: noise
            record(6, Verdict::Solved, 1.4),  // 0.4 s but 1.4x: noise
            record(8, Verdict::Solved, 1.0),  // 7 and 8 are in one file each
        ];
        let comparison = compare(&old, &new);
        let levels =
            |changes: &[super::Change]| changes.iter().map(|change| change.level).collect::<Vec<_>>();
        assert_eq!(levels(&comparison.gained), [1]);
        assert_eq!(levels(&comparison.lost), [2]);
        assert_eq!(levels(&comparison.faster), [3]);
        assert_eq!(levels(&comparison.slower), [4]);
        assert_eq!(comparison.unmatched, 2);
        let text = comparison.to_string();
        assert!(text.starts_with("old: solved 6/7, "), "{text}");
        assert!(text.contains("\nnew: solved 6/7, "), "{text}");
        assert!(
            text.contains("gained: 1\n  level 1 (level\t1): gave-up in 10.000 s -> solved in 4.000 s\n"),
            "{text}"
        );
        assert!(text.contains("faster: 1\n  level 3 (level\t3): 2.000 s -> 0.500 s\n"), "{text}");
    }
}

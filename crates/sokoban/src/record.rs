//! One level's result as a flat record: what the binary prints (as text or a JSON line) and what
//! tools such as `cargo xtask sokoban-bench` read back, so that both sides share one definition.
//!
//! With the `serde` feature the record (de)serialises as the `--json` line:
//!
//! ```json
//! {"level":1,"title":"…","status":"solved","moves":33,"pushes":6,"seconds":0.0002,"states":77,"solution":"uulDl…"}
//! {"level":2,"title":"…","status":"gave-up","moves":null,"pushes":null,"seconds":10.0,"states":807004,"solution":null,"reason":"time"}
//! ```
//!
//! `reason` and `error` are left out when empty, and read as empty when missing, so the lines
//! of earlier versions still read.

use crate::{LevelText, Limit, Options, Status, solve};

/// How a level ended, as one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Verdict {
    /// A verified solution.
    Solved,
    /// Proved to have no solution.
    Unsolvable,
    /// A limit was reached first.
    GaveUp,
    /// The level breaks a rule; the record's `error` says which.
    Invalid,
}

impl Verdict {
    /// The word used in the JSON form and the text report.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::GaveUp => "gave-up",
            Verdict::Invalid => "invalid",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One level's result.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Record {
    /// The level's number in its file, from 1.
    pub level: usize,
    /// The level's title.
    pub title: String,
    /// How it ended.
    pub status: Verdict,
    /// Moves of the solution.
    pub moves: Option<usize>,
    /// Pushes of the solution.
    pub pushes: Option<usize>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// States stored by the search.
    pub states: usize,
    /// The solution in LURD notation.
    pub solution: Option<String>,
    /// Which limit was reached, when the level gave up: `time`, `memory` or `states`. (Absent
    /// from the JSON otherwise, and from the JSON of versions before it was added.)
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub reason: Option<Limit>,
    /// Why the level is invalid or could not be searched.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub error: Option<String>,
}

impl Record {
    /// Parses and solves one level of a collection and records how it went.
    #[must_use]
    pub fn solve(text: &LevelText, options: &Options) -> Record {
        let mut record = Record {
            level: text.number,
            title: text.title.clone(),
            status: Verdict::Invalid,
            moves: None,
            pushes: None,
            seconds: 0.0,
            states: 0,
            solution: None,
            reason: None,
            error: None,
        };
        let level = match text.parse() {
            Ok(level) => level,
            Err(error) => {
                record.error = Some(error.to_string());
                return record;
            }
        };
        match solve(&level, options) {
            Ok(result) => {
                record.seconds = result.seconds;
                record.states = result.states;
                record.status = match result.status {
                    Status::Solved(solution) => {
                        record.moves = Some(solution.moves);
                        record.pushes = Some(solution.pushes);
                        record.solution = Some(solution.lurd);
                        Verdict::Solved
                    }
                    Status::Unsolvable => Verdict::Unsolvable,
                    Status::GaveUp(limit) => {
                        record.reason = Some(limit);
                        Verdict::GaveUp
                    }
                };
            }
            Err(error) => record.error = Some(error.to_string()),
        }
        record
    }
}

/// The totals of a run over many levels.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Levels solved.
    pub solved: usize,
    /// Levels run.
    pub levels: usize,
    /// Seconds spent, summed over the levels.
    pub total_seconds: f64,
    /// The median of the levels' seconds.
    pub median_seconds: f64,
    /// Pushes of the solutions, summed.
    pub pushes: usize,
}

impl Summary {
    /// The totals of `records`.
    #[must_use]
    pub fn of(records: &[Record]) -> Summary {
        let mut times: Vec<f64> = records.iter().map(|r| r.seconds).collect();
        times.sort_by(f64::total_cmp);
        let median_seconds = match times.len() {
            0 => 0.0,
            n if n % 2 == 1 => times[n / 2],
            n => f64::midpoint(times[n / 2 - 1], times[n / 2]),
        };
        Summary {
            solved: records.iter().filter(|r| r.status == Verdict::Solved).count(),
            levels: records.len(),
            total_seconds: times.iter().sum(),
            median_seconds,
            pushes: records.iter().filter_map(|r| r.pushes).sum(),
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "solved {}/{}, total {:.2} s, median {:.3} s, total pushes {}",
            self.solved, self.levels, self.total_seconds, self.median_seconds, self.pushes
        )
    }
}

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::{Limit, Record, Verdict};

    #[test]
    fn a_line_without_a_reason_still_reads() {
        // The form printed before `reason` was added.
        let old = r#"{"level":3,"title":"t","status":"gave-up","moves":null,"pushes":null,"seconds":10.0,"states":5,"solution":null}"#;
        let record: Record = serde_json::from_str(old).unwrap();
        assert_eq!((record.status, record.reason), (Verdict::GaveUp, None));
        let now = Record { reason: Some(Limit::Memory), ..record };
        let line = serde_json::to_string(&now).unwrap();
        assert!(line.ends_with(r#""solution":null,"reason":"memory"}"#), "{line}");
        assert_eq!(serde_json::from_str::<Record>(&line).unwrap(), now);
    }
}

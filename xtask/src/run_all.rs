//! `cargo xtask run-all`: every puzzle on every input, checked against `inputs/answers.txt`.
//!
//! The puzzle binaries are built once in release and run as processes, the way a user runs
//! them, so the table's times include process start. Inputs come from `inputs/<puzzle>/` (the
//! committed examples and generated inputs) and `inputs/local/<puzzle>/` (a user's own, git
//! ignored, with optional answers in `inputs/local/answers.txt`). A committed input runs the
//! parts its answers list (a worked example may belong to one part only); a user's input runs
//! every part, and a part without an expected answer is reported as unchecked.
//!
//! A Sokoban file holding several levels (a collection) is solved in one run and reported level
//! by level: its rows are named `FILE:N`, as their answers are in the answers file, and their
//! times are the solver's own for each level. Its run may take a minute longer for each level
//! after the first, the solver's own limit a level.

use anyhow::{Result, bail};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use testkit::{Answers, inputs};

/// One answer a puzzle binary gives for an input.
struct Part {
    /// The part's name in the answers file.
    label: &'static str,
    /// Arguments after the input path.
    args: &'static [&'static str],
    /// The answers, read from the binary's standard output, or why there are none.
    read: fn(&str) -> Result<Vec<Reading>, String>,
    /// Exit codes besides 0 after which the output still holds answers to read: sokoban exits
    /// 1 when some level of a collection was not solved, and says which in its records.
    readable_codes: &'static [i32],
}

/// One answer read from a run's output.
#[derive(Debug, PartialEq)]
struct Reading {
    /// The level of a collection it belongs to; `None` for a file with one input.
    level: Option<usize>,
    answer: String,
    /// The time the solver measured itself, for a level of a collection.
    seconds: Option<f64>,
}

/// A puzzle crate as run-all sees it.
struct Puzzle {
    /// Name in the answers file and folder under `inputs/`.
    name: &'static str,
    /// Cargo package, which is also the binary's name.
    package: &'static str,
    parts: &'static [Part],
}

/// The whole standard output, trimmed: what `--part N` prints.
fn bare(stdout: &str) -> Result<Vec<Reading>, String> {
    let answer = stdout.trim();
    if answer.is_empty() {
        return Err("no answer in the output".to_owned());
    }
    Ok(vec![Reading { level: None, answer: answer.to_owned(), seconds: None }])
}

/// The push count of each solved level from `--json` output, or its status when not solved.
fn sokoban_pushes(stdout: &str) -> Result<Vec<Reading>, String> {
    let records = crate::sokoban_bench::read_records(stdout).map_err(|error| format!("{error:#}"))?;
    let collection = records.len() > 1;
    let readings: Vec<Reading> = records
        .into_iter()
        .map(|record| Reading {
            level: collection.then_some(record.level),
            answer: match record.pushes {
                Some(pushes) if record.status == sokoban::Verdict::Solved => pushes.to_string(),
                _ => record.status.as_str().to_owned(),
            },
            seconds: collection.then_some(record.seconds),
        })
        .collect();
    if readings.is_empty() {
        return Err(format!("no result in the output {:?}", stdout.trim()));
    }
    Ok(readings)
}

const PUZZLES: &[Puzzle] = &[
    Puzzle {
        name: "day15",
        package: "day15-combat",
        parts: &[
            Part { label: "1", args: &["--part", "1"], read: bare, readable_codes: &[] },
            Part { label: "2", args: &["--part", "2"], read: bare, readable_codes: &[] },
        ],
    },
    Puzzle {
        name: "day18",
        package: "day18-keys",
        parts: &[
            Part { label: "1", args: &["--part", "1"], read: bare, readable_codes: &[] },
            Part { label: "2", args: &["--part", "2"], read: bare, readable_codes: &[] },
        ],
    },
    Puzzle {
        name: "sokoban",
        package: "sokoban",
        parts: &[Part {
            label: "optimal-pushes",
            args: &["--optimal", "--json", "--time-limit", "60"],
            read: sokoban_pushes,
            readable_codes: &[1],
        }],
    },
];

/// Longest a single run may take before it is stopped and reported as an error.
const RUN_TIME_LIMIT: Duration = Duration::from_secs(120);

/// What each further level of a Sokoban collection adds to [`RUN_TIME_LIMIT`]: the solver's own
/// limit a level (`--time-limit 60`), so a long collection is not stopped halfway and reported
/// as one error.
const COLLECTION_LEVEL_TIME: Duration = Duration::from_secs(60);

/// How long a run on `input` may take: [`RUN_TIME_LIMIT`], plus [`COLLECTION_LEVEL_TIME`] for
/// each level after the first of a Sokoban collection.
fn run_time_limit(puzzle: &Puzzle, input: &Path) -> Duration {
    if puzzle.name != "sokoban" {
        return RUN_TIME_LIMIT;
    }
    // A file that cannot be read or split counts as one level: the run reports what is wrong.
    let levels = std::fs::read_to_string(input)
        .ok()
        .and_then(|text| sokoban::split_collection(&text).ok())
        .map_or(1, |levels| levels.len().max(1));
    RUN_TIME_LIMIT + COLLECTION_LEVEL_TIME * u32::try_from(levels - 1).unwrap_or(u32::MAX)
}

/// What one run of a puzzle binary came to.
enum Outcome {
    Answer(String),
    Failed(String),
}

struct Row {
    puzzle: &'static str,
    input: String,
    part: String,
    outcome: Outcome,
    expected: Option<String>,
    time: Option<Duration>,
}

impl Row {
    fn status(&self) -> &'static str {
        match (&self.outcome, &self.expected) {
            (Outcome::Failed(_), _) => "ERROR",
            (Outcome::Answer(_), None) => "unchecked",
            (Outcome::Answer(answer), Some(expected)) if answer == expected => "ok",
            (Outcome::Answer(_), Some(_)) => "MISMATCH",
        }
    }
}

pub fn main(args: &[String]) -> Result<()> {
    crate::args::Spec { task: "run-all", usage: "run-all", positional: &[], with_value: &[], switches: &[] }
        .parse(args)?;
    let expected = Answers::committed_and_local()?;

    crate::build_release(&PUZZLES.iter().map(|puzzle| puzzle.package).collect::<Vec<_>>())?;
    let binaries = crate::release_dir();

    let mut rows = Vec::new();
    let mut seen: BTreeSet<(String, String, String)> = BTreeSet::new();
    for puzzle in PUZZLES {
        let mut files = inputs::committed(puzzle.name)?;
        files.extend(inputs::local(puzzle.name)?);
        let binary = binaries.join(format!("{}{}", puzzle.package, std::env::consts::EXE_SUFFIX));
        for file in files {
            let relative = &file.name;
            // A committed input runs the parts the answers file lists for it (a worked example
            // may belong to one part only); a user's own input runs every part.
            let listed: Vec<&Part> = puzzle
                .parts
                .iter()
                .filter(|part| expected.get(puzzle.name, relative, part.label).is_some())
                .collect();
            let parts: Vec<&Part> = if relative.starts_with("local/") || listed.is_empty() {
                puzzle.parts.iter().collect()
            } else {
                listed
            };
            for part in parts {
                let limit = run_time_limit(puzzle, &file.path);
                let (outcomes, time) = run(&binary, &file.path, part, limit);
                for (level, outcome, seconds) in outcomes {
                    let input = level.map_or_else(|| relative.clone(), |level| format!("{relative}:{level}"));
                    let key = (puzzle.name.to_owned(), input.clone(), part.label.to_owned());
                    rows.push(Row {
                        puzzle: puzzle.name,
                        expected: expected.get(puzzle.name, &input, part.label).map(|e| e.answer.clone()),
                        input,
                        part: part.label.to_owned(),
                        outcome,
                        time: seconds.map(Duration::from_secs_f64).or(time),
                    });
                    seen.insert(key);
                }
            }
        }
    }
    // An answer whose input is gone is a broken input, not something to skip quietly.
    for answer in expected.iter() {
        if !seen.contains(&(answer.puzzle.clone(), answer.input.clone(), answer.part.clone())) {
            rows.push(Row {
                puzzle: PUZZLES.iter().find(|p| p.name == answer.puzzle).map_or("?", |p| p.name),
                input: answer.input.clone(),
                part: answer.part.clone(),
                outcome: Outcome::Failed(format!(
                    "{} names an input or part that does not exist",
                    answer.source()
                )),
                expected: Some(answer.answer.clone()),
                time: None,
            });
        }
    }
    print_table(&rows)?;

    let count = |status: &str| rows.iter().filter(|row| row.status() == status).count();
    let (ok, mismatched, errors, unchecked) =
        (count("ok"), count("MISMATCH"), count("ERROR"), count("unchecked"));
    crate::say(format_args!("\n{ok} ok, {mismatched} mismatched, {errors} errors, {unchecked} unchecked"))?;
    if mismatched + errors > 0 {
        bail!("{} of {} answers are wrong or failed", mismatched + errors, rows.len());
    }
    Ok(())
}

/// What one run came to: an outcome per answer read (with its level and own time, for a level
/// of a collection), and the whole run's time.
type RunResult = (Vec<(Option<usize>, Outcome, Option<f64>)>, Option<Duration>);

/// Runs a binary on one input and reads its answers, stopping it after `limit`.
fn run(binary: &Path, input: &Path, part: &Part, limit: Duration) -> RunResult {
    let failed = |reason: String, time| (vec![(None, Outcome::Failed(reason), None)], time);
    if !binary.exists() {
        return failed(format!("{} was not built", binary.display()), None);
    }
    let start = Instant::now();
    let child = Command::new(binary)
        .arg(input)
        .args(part.args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let child = match child {
        Ok(child) => child,
        Err(error) => return failed(format!("cannot start {}: {error}", binary.display()), None),
    };
    let pid = child.id();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let output = child.wait_with_output();
        let _ = sender.send((output, start.elapsed()));
    });
    let Ok((output, time)) = receiver.recv_timeout(limit) else {
        kill(pid);
        return failed(format!("stopped after {} s", limit.as_secs()), None);
    };
    let output = match output {
        Ok(output) => output,
        Err(error) => return failed(format!("lost the process: {error}"), None),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let readable = output.status.code().is_some_and(|code| part.readable_codes.contains(&code));
    if !output.status.success() && !readable {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let reason = stderr.lines().find(|line| !line.trim().is_empty()).unwrap_or("no message");
        return failed(format!("{}: {reason}", output.status), Some(time));
    }
    match (part.read)(&stdout) {
        Ok(readings) => (
            readings
                .into_iter()
                .map(|reading| (reading.level, Outcome::Answer(reading.answer), reading.seconds))
                .collect(),
            Some(time),
        ),
        Err(reason) => failed(reason, Some(time)),
    }
}

fn kill(pid: u32) {
    let pid = pid.to_string();
    let _ = if cfg!(windows) {
        Command::new("taskkill").args(["/F", "/PID", &pid]).status()
    } else {
        Command::new("kill").args(["-9", &pid]).status()
    };
}

fn print_table(rows: &[Row]) -> Result<()> {
    let cells: Vec<[String; 7]> = rows
        .iter()
        .map(|row| {
            let answer = match &row.outcome {
                Outcome::Answer(answer) => answer.clone(),
                Outcome::Failed(reason) => reason.clone(),
            };
            let time = row.time.map_or_else(|| "-".to_owned(), format_time);
            [
                row.puzzle.to_owned(),
                row.input.clone(),
                row.part.clone(),
                answer,
                row.expected.clone().unwrap_or_else(|| "-".to_owned()),
                row.status().to_owned(),
                time,
            ]
        })
        .collect();
    let header = ["puzzle", "input", "part", "answer", "expected", "ok", "time"].map(str::to_owned);
    let mut widths = header.clone().map(|h| h.len());
    for row in &cells {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(&cells) {
        let line: Vec<String> = row
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(column, (cell, width))| {
                // The time column is right-aligned so the units line up.
                if column == 6 { format!("{cell:>width$}") } else { format!("{cell:<width$}") }
            })
            .collect();
        crate::say(line.join("  ").trim_end())?;
    }
    Ok(())
}

fn format_time(time: Duration) -> String {
    let micros = time.as_micros();
    if micros < 10_000 {
        format!("{:.2} ms", time.as_secs_f64() * 1e3)
    } else if micros < 10_000_000 {
        format!("{:.0} ms", time.as_secs_f64() * 1e3)
    } else {
        format!("{:.1} s", time.as_secs_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::{Reading, sokoban_pushes};

    const SOLVED: &str = r#"{"level":1,"title":"a","status":"solved","moves":3,"pushes":2,"seconds":0.5,"states":7,"solution":"rRR"}"#;
    const GAVE_UP: &str = r#"{"level":2,"title":"b","status":"gave-up","moves":null,"pushes":null,"seconds":60.0,"states":9,"solution":null}"#;

    #[test]
    fn a_single_level_reads_as_one_answer_for_the_file() {
        assert_eq!(
            sokoban_pushes(&format!("{SOLVED}\n")).unwrap(),
            [Reading { level: None, answer: "2".to_owned(), seconds: None }]
        );
    }

    #[test]
    fn a_collection_reads_level_by_level_with_each_levels_own_time() {
        let readings = sokoban_pushes(&format!("{SOLVED}\n{GAVE_UP}\n")).unwrap();
        assert_eq!(
            readings,
            [
                Reading { level: Some(1), answer: "2".to_owned(), seconds: Some(0.5) },
                Reading { level: Some(2), answer: "gave-up".to_owned(), seconds: Some(60.0) },
            ]
        );
    }

    #[test]
    fn output_without_records_is_a_failure_with_a_reason() {
        assert!(sokoban_pushes("").unwrap_err().starts_with("no result in the output"));
        assert!(sokoban_pushes("{\"level\":1}\n").unwrap_err().starts_with("cannot read the result line"));
    }
}

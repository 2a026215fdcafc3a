//! `cargo xtask run-all`: every puzzle on every input, checked against `inputs/answers.txt`.
//!
//! The puzzle binaries are built once in release and run as processes, the way a user runs
//! them, so the table's times include process start. Inputs come from `inputs/<puzzle>/` (the
//! committed examples and generated inputs) and `inputs/local/<puzzle>/` (a user's own, git
//! ignored, with optional answers in `inputs/local/answers.txt`). A committed input runs the
//! parts its answers list (a worked example may belong to one part only); a user's input runs
//! every part, and a part without an expected answer is reported as unchecked.

use crate::answers::{self, AnswerKey, Expected};
use anyhow::{Context, Result, bail};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One answer a puzzle binary gives for an input.
struct Part {
    /// The part's name in the answers file.
    label: &'static str,
    /// Arguments after the input path.
    args: &'static [&'static str],
    /// The answer, read from the binary's standard output.
    extract: fn(&str) -> Option<String>,
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
fn bare(stdout: &str) -> Option<String> {
    let answer = stdout.trim();
    (!answer.is_empty()).then(|| answer.to_owned())
}

/// The push count of a solved level from `--json` output, or its status when not solved.
fn sokoban_pushes(stdout: &str) -> Option<String> {
    let field = |name: &str| {
        let key = format!("\"{name}\":");
        let start = stdout.find(&key)? + key.len();
        let rest = stdout[start..].trim_start();
        let end = rest.find([',', '}']).unwrap_or(rest.len());
        Some(rest[..end].trim().trim_matches('"').to_owned())
    };
    match field("status")?.as_str() {
        "solved" => field("pushes"),
        other => Some(other.to_owned()),
    }
}

const PUZZLES: &[Puzzle] = &[
    Puzzle {
        name: "day15",
        package: "day15-combat",
        parts: &[
            Part { label: "1", args: &["--part", "1"], extract: bare },
            Part { label: "2", args: &["--part", "2"], extract: bare },
        ],
    },
    Puzzle {
        name: "day18",
        package: "day18-keys",
        parts: &[
            Part { label: "1", args: &["--part", "1"], extract: bare },
            Part { label: "2", args: &["--part", "2"], extract: bare },
        ],
    },
    Puzzle {
        name: "sokoban",
        package: "sokoban",
        parts: &[Part {
            label: "optimal-pushes",
            args: &["--optimal", "--json", "--time-limit", "60"],
            extract: sokoban_pushes,
        }],
    },
];

/// Longest a single run may take before it is stopped and reported as an error.
const RUN_TIME_LIMIT: Duration = Duration::from_secs(120);

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
    if let Some(extra) = args.first() {
        bail!("run-all takes no arguments (found {extra:?})");
    }
    let root = crate::workspace_root();
    let inputs = root.join("inputs");
    let mut expected = BTreeMap::new();
    answers::read(&inputs.join("answers.txt"), false, &mut expected)?;
    answers::read(&inputs.join("local").join("answers.txt"), true, &mut expected)?;

    build_release(&root)?;
    let binaries = release_dir(&root);

    let mut rows = Vec::new();
    let mut seen: BTreeSet<AnswerKey> = BTreeSet::new();
    for puzzle in PUZZLES {
        let files = input_files(&inputs, puzzle.name)?;
        let binary = binaries.join(format!("{}{}", puzzle.package, std::env::consts::EXE_SUFFIX));
        for relative in files {
            // A committed input runs the parts the answers file lists for it (a worked example
            // may belong to one part only); a user's own input runs every part.
            let listed: Vec<&Part> = puzzle
                .parts
                .iter()
                .filter(|part| {
                    expected.contains_key(&(puzzle.name.to_owned(), relative.clone(), part.label.to_owned()))
                })
                .collect();
            let parts: Vec<&Part> = if relative.starts_with("local/") || listed.is_empty() {
                puzzle.parts.iter().collect()
            } else {
                listed
            };
            for part in parts {
                let key = (puzzle.name.to_owned(), relative.clone(), part.label.to_owned());
                let (outcome, time) = run(&binary, &inputs.join(&relative), part);
                rows.push(Row {
                    puzzle: puzzle.name,
                    input: relative.clone(),
                    part: part.label.to_owned(),
                    outcome,
                    expected: expected.get(&key).map(|e| e.answer.clone()),
                    time,
                });
                seen.insert(key);
            }
        }
    }
    // An answer whose input is gone is a broken input, not something to skip quietly.
    for (key, Expected { answer, source }) in &expected {
        if !seen.contains(key) {
            rows.push(Row {
                puzzle: PUZZLES.iter().find(|p| p.name == key.0).map_or("?", |p| p.name),
                input: key.1.clone(),
                part: key.2.clone(),
                outcome: Outcome::Failed(format!("{source} names an input or part that does not exist")),
                expected: Some(answer.clone()),
                time: None,
            });
        }
    }
    print_table(&rows);

    let count = |status: &str| rows.iter().filter(|row| row.status() == status).count();
    let (ok, mismatched, errors, unchecked) =
        (count("ok"), count("MISMATCH"), count("ERROR"), count("unchecked"));
    println!("\n{ok} ok, {mismatched} mismatched, {errors} errors, {unchecked} unchecked");
    if mismatched + errors > 0 {
        bail!("{} of {} answers are wrong or failed", mismatched + errors, rows.len());
    }
    Ok(())
}

fn build_release(root: &Path) -> Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut command = Command::new(cargo);
    command.current_dir(root).args(["build", "--release", "--bins"]);
    for puzzle in PUZZLES {
        command.args(["--package", puzzle.package]);
    }
    eprintln!("building the puzzle binaries in release...");
    let status = command.status().context("cannot run cargo build")?;
    if !status.success() {
        bail!("cargo build --release failed ({status})");
    }
    Ok(())
}

fn release_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from).join("release")
}

/// The input files of one puzzle, as paths under `inputs/` with `/` separators, in name order:
/// the committed ones first, then the user's own under `local/`.
fn input_files(inputs: &Path, puzzle: &str) -> Result<Vec<String>> {
    let mut files = Vec::new();
    for prefix in ["", "local/"] {
        let folder = inputs.join(format!("{prefix}{puzzle}"));
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        let mut names: Vec<String> = Vec::new();
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot list {}", folder.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let is_input = Path::new(&name).extension().is_some_and(|ext| ext == "txt");
            if entry.path().is_file() && is_input {
                names.push(name);
            }
        }
        names.sort();
        files.extend(names.into_iter().map(|name| format!("{prefix}{puzzle}/{name}")));
    }
    Ok(files)
}

/// Runs a binary on one input and reads its answer, stopping it after [`RUN_TIME_LIMIT`].
fn run(binary: &Path, input: &Path, part: &Part) -> (Outcome, Option<Duration>) {
    if !binary.exists() {
        return (Outcome::Failed(format!("{} was not built", binary.display())), None);
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
        Err(error) => return (Outcome::Failed(format!("cannot start {}: {error}", binary.display())), None),
    };
    let pid = child.id();
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let output = child.wait_with_output();
        let _ = sender.send((output, start.elapsed()));
    });
    let Ok((output, time)) = receiver.recv_timeout(RUN_TIME_LIMIT) else {
        kill(pid);
        return (Outcome::Failed(format!("stopped after {} s", RUN_TIME_LIMIT.as_secs())), None);
    };
    let output = match output {
        Ok(output) => output,
        Err(error) => return (Outcome::Failed(format!("lost the process: {error}")), None),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let reason = stderr.lines().find(|line| !line.trim().is_empty()).unwrap_or("no message");
        return (Outcome::Failed(format!("{}: {reason}", output.status)), Some(time));
    }
    match (part.extract)(&stdout) {
        Some(answer) => (Outcome::Answer(answer), Some(time)),
        None => (Outcome::Failed(format!("no answer in the output {:?}", stdout.trim())), Some(time)),
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

fn print_table(rows: &[Row]) {
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
        println!("{}", line.join("  ").trim_end());
    }
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

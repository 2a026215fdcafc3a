//! `day18-keys <INPUT> [--part 1|2] [--path] [--time-limit SECS] [--memory MB]`: Advent of
//! Code 2019 day 18.
//!
//! Prints `part 1: N` and `part 2: N`, or with `--part N` the bare answer alone on one line.
//! `--path` adds the best route, one line per key: the step count when it is collected and
//! the robot that collects it. Part 2 of a one-robot map without the open centre to split is
//! solved on the map as it is, and a note on standard error says so.
//!
//! Each search runs under `--time-limit` (default 600 s) and `--memory` (default 8192 MB, the
//! bytes of what grows with its states) and gives up when one is reached. A search that runs
//! for more than a second shows a progress line on standard error when it is a terminal
//! (states, seconds, megabytes), rewritten in place and cleared at the end.
//!
//! Exit status ([`EXIT_CODES`]): 0 with an answer; 1 for an unreadable or invalid map (the error
//! names the line and column); 2 for bad arguments; 3 when a part has no answer because some key
//! can never be collected, or part 1 is asked of a map with several robots; 4 when a search gave
//! up at a limit. The reason goes to standard error; with both parts, the other part's answer is
//! still printed, and the status is the higher of the two parts' (gave up over no answer).
//! `--animate` and `--html` search their part under the same limits and exit the same way.

use anyhow::{Context, Result};
use clap::Parser;
use day18_keys::{BothParts, Limits, Maze, Progress, Solution, SolveError};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod frames;

/// The exit statuses, as `--help` and the README give them.
const EXIT_CODES: &str = "\
Exit status:
  0  every part asked for was answered
  1  the map cannot be read or is not a maze (the line and column are named)
  2  bad arguments
  3  some part has no answer: a key can never be collected, or part 1 of several robots
     without a split centre to join
  4  some search gave up: the --time-limit or --memory limit was reached first";

/// Exit status of a part without an answer.
const NO_ANSWER: u8 = 3;
/// Exit status of a search that reached a limit.
const GAVE_UP: u8 = 4;

/// Fewest steps to collect every key of a day 18 maze.
#[derive(Parser, Debug)]
#[command(version, about, after_help = EXIT_CODES)]
struct Args {
    /// The maze file.
    input: PathBuf,
    /// Print only this part's answer, alone on one line.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    part: Option<u8>,
    /// Also print the order the keys are collected in, and by which robot.
    #[arg(long)]
    path: bool,
    /// Play the best route in the terminal (part 1's; part 2's with --part 2).
    #[arg(long)]
    animate: bool,
    /// Write the best route as a self-contained HTML replay to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Give up on a part's search after this many seconds [default: 600].
    #[arg(long, value_name = "SECS", allow_negative_numbers = true, value_parser = positive_seconds)]
    time_limit: Option<f64>,
    /// Give up on a part's search before it holds more than this many megabytes (MiB) in what
    /// grows with its states [default: 8192].
    // No `default_value_t`: clap would format and parse the defaults on every run, a cost the
    // millisecond runs can measure; a unit test keeps the two numbers above in step.
    #[arg(long, value_name = "MB", allow_negative_numbers = true, value_parser = megabytes)]
    memory: Option<u64>,
}

/// A positive number of megabytes that fits in bytes. Negative numbers are let through to here
/// (clap would call `-1` an unknown argument) to be told they must be positive.
fn megabytes(text: &str) -> Result<u64, String> {
    match text.trim().parse::<i128>() {
        Ok(megabytes) if megabytes >= 1 => u64::try_from(megabytes)
            .ok()
            .filter(|megabytes| megabytes.checked_mul(1 << 20).is_some())
            .ok_or_else(|| format!("{megabytes} MB is too large")),
        Ok(_) => Err("must be positive".to_owned()),
        Err(_) => Err(format!("{text:?} is not a whole number of megabytes")),
    }
}

/// A positive number of seconds that a `Duration` holds.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && Duration::try_from_secs_f64(seconds).is_ok() => Ok(seconds),
        Ok(seconds) if seconds > 0.0 => Err(format!("{seconds} seconds is too long")),
        Ok(_) => Err("must be positive".to_owned()),
        Err(_) => Err(format!("{text:?} is not a number of seconds")),
    }
}

fn main() -> Result<ExitCode> {
    let args = Args::parse();
    // A big map's search can take minutes: refuse `--animate` without a terminal first.
    if args.animate {
        replay::terminal::ensure_terminal()?;
    }
    let text = std::fs::read_to_string(&args.input)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let maze = day18_keys::parse(&text).with_context(|| format!("{} is not a maze", args.input.display()))?;
    let defaults = Limits::default();
    let limits = Limits {
        time: args.time_limit.map(Duration::from_secs_f64).or(defaults.time),
        memory_bytes: args.memory.map_or(defaults.memory_bytes, |megabytes| megabytes << 20),
    };
    // Part 2 starts from part 1's preparation when both are asked (see `BothParts`).
    let mut parts = BothParts::new(&maze);
    let mut solve = |part: u8| {
        let progress = Progress::default();
        with_progress_line(part, &progress, || {
            if part == 1 {
                parts.part1_within(limits, &progress)
            } else {
                parts.part2_within(limits, &progress)
            }
        })
    };
    if args.animate || args.html.is_some() {
        // The replay's part is searched under the same limits, and a part without an answer
        // exits as a plain run would (3 or 4), not with the status of a failed replay (1).
        let part = args.part.unwrap_or(1);
        let solution = match solve(part) {
            Ok(solution) => solution,
            Err(error) => {
                eprintln!(
                    "part {part}: {}{error}",
                    if error_status(&error) == NO_ANSWER { "no answer: " } else { "" }
                );
                return Ok(ExitCode::from(error_status(&error)));
            }
        };
        frames::watch(&maze, part, &solution, args.animate, args.html.as_deref())?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut status = 0;
    let mut report = String::new();
    for part in args.part.map_or(vec![1, 2], |part| vec![part]) {
        if part == 2
            && let Some(note) = part2_note(&maze)
        {
            eprintln!("{note}");
        }
        match solve(part) {
            Ok(solution) => {
                if args.part.is_some() {
                    writeln!(report, "{}", solution.steps)?;
                } else {
                    writeln!(report, "part {part}: {}", solution.steps)?;
                }
                if args.path {
                    write_route(&mut report, &solution)?;
                }
            }
            Err(error) => {
                let code = error_status(&error);
                eprintln!("part {part}: {}{error}", if code == NO_ANSWER { "no answer: " } else { "" });
                status = status.max(code);
            }
        }
    }
    // One write, and an error rather than a panic if it fails; a reader that stopped early
    // (`| head -0`) had what it wanted, so that ends quietly.
    match std::io::stdout().lock().write_all(report.as_bytes()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.context("cannot write the answer")?,
    }
    Ok(ExitCode::from(status))
}

/// The exit status of a part that has no answer: [`NO_ANSWER`] when none exists, [`GAVE_UP`]
/// when a limit was reached first.
fn error_status(error: &SolveError) -> u8 {
    match error {
        SolveError::CannotCollectEveryKey { .. } | SolveError::NotOneRobot { .. } => NO_ANSWER,
        SolveError::GaveUp { .. } => GAVE_UP,
    }
}

/// How long a search runs before its progress line appears, and how often it is redrawn.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// Runs `solve` while a second thread shows its `progress` on standard error, when that is a
/// terminal: one line rewritten in place from the first second on, cleared when `solve` ends.
/// The search only publishes its counts at its checks of the limits, so this costs it nothing.
fn with_progress_line<T: Send>(part: u8, progress: &Progress, solve: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return solve();
    }
    let (finished, done) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let start = Instant::now();
            let mut shown = 0;
            let mut wait = PROGRESS_AFTER;
            // Dropping `finished` ends the wait at once.
            while done.recv_timeout(wait) == Err(mpsc::RecvTimeoutError::Timeout) {
                let line = progress_line(part, progress.states(), start.elapsed(), progress.bytes());
                eprint!("\r{line:shown$}");
                shown = shown.max(line.len());
                wait = PROGRESS_EVERY;
            }
            if shown > 0 {
                eprint!("\r{:shown$}\r", "");
            }
        });
        let result = solve();
        drop(finished);
        result
    })
}

/// `part 2: 1.2 M states, 3 s, 410 MB`.
fn progress_line(part: u8, states: usize, elapsed: Duration, bytes: u64) -> String {
    #[allow(clippy::cast_precision_loss, reason = "a count shown to two or three digits")]
    let states = match states as f64 {
        many if many >= 1e6 => format!("{:.1} M", many / 1e6),
        some if some >= 1e4 => format!("{:.0} k", some / 1e3),
        few => format!("{few}"),
    };
    format!("part {part}: {states} states, {} s, {} MB", elapsed.as_secs(), bytes >> 20)
}

/// Why part 2 is not the puzzle's four robots, if it is not: a map of one robot without the
/// open centre to split is solved as it is, the same search as part 1.
fn part2_note(maze: &Maze) -> Option<&'static str> {
    (maze.robots().len() == 1 && !maze.has_open_centre()).then_some(
        "part 2: the map has no open centre `...`/`.@.`/`...` to split into four vaults, so part 2 \
         is solved on the map as it is, with its one robot (the same search as part 1)",
    )
}

fn write_route(report: &mut String, solution: &Solution) -> std::fmt::Result {
    for pickup in &solution.pickups {
        writeln!(report, "  step {:>5}: robot {} collects {}", pickup.steps, pickup.robot + 1, pickup.key)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_rounds_its_counts() {
        let line = progress_line(2, 1_234_567, Duration::from_millis(3_400), 410 << 20);
        assert_eq!(line, "part 2: 1.2 M states, 3 s, 410 MB");
        assert_eq!(progress_line(1, 56_789, Duration::ZERO, 0), "part 1: 57 k states, 0 s, 0 MB");
        assert_eq!(progress_line(1, 950, Duration::ZERO, 0), "part 1: 950 states, 0 s, 0 MB");
    }

    #[test]
    fn the_help_gives_the_library_default_limits() {
        use clap::CommandFactory;
        let help = Args::command().render_long_help().to_string();
        let defaults = Limits::default();
        let seconds = defaults.time.map(|time| time.as_secs());
        assert!(help.contains(&format!("seconds [default: {}]", seconds.unwrap_or_default())), "{help}");
        assert!(help.contains(&format!("states [default: {}]", defaults.memory_bytes >> 20)), "{help}");
        assert!(help.contains("4  some search gave up"), "{help}");
    }

    #[test]
    fn limits_must_be_positive() {
        assert_eq!(megabytes("64"), Ok(64));
        assert_eq!(megabytes("-1"), Err("must be positive".to_owned()));
        assert_eq!(megabytes("0"), Err("must be positive".to_owned()));
        assert!(megabytes(&u64::MAX.to_string()).is_err_and(|error| error.contains("too large")));
        assert_eq!(positive_seconds("0.5"), Ok(0.5));
        assert_eq!(positive_seconds("-2"), Err("must be positive".to_owned()));
        assert!(positive_seconds("1e300").is_err_and(|error| error.contains("too long")));
        assert!(positive_seconds("NaN").is_err());
    }

    #[test]
    fn part_2_on_a_map_without_an_open_centre_says_so() {
        let corridor = day18_keys::parse("#########\n#b.A.@.a#\n#########\n").unwrap();
        assert!(part2_note(&corridor).is_some_and(|note| note.contains("no open centre")));
        let open_centre =
            day18_keys::parse("#######\n#a...b#\n#.....#\n#..@..#\n#.....#\n#######\n").unwrap();
        assert_eq!(part2_note(&open_centre), None);
        let split = day18_keys::parse("#######\n#a@#@b#\n#######\n#.@#@.#\n#######\n").unwrap();
        assert_eq!(part2_note(&split), None);
    }
}

//! `day18-keys <INPUT> [--part 1|2] [--path]`: Advent of Code 2019 day 18.
//!
//! Prints `part 1: N` and `part 2: N`, or with `--part N` the bare answer alone on one line.
//! `--path` adds the best route, one line per key: the step count when it is collected and
//! the robot that collects it. Part 2 of a one-robot map without the open centre to split is
//! solved on the map as it is, and a note on standard error says so.
//!
//! Exit status: 0 with an answer; 1 for an unreadable or invalid map (the error names the line
//! and column); 2 for bad arguments; 3 when a part has no answer because some key can never be
//! collected, or part 1 is asked of a map with several robots (the reason goes to standard
//! error; with both parts, the other part's answer is still printed).

use anyhow::{Context, Result};
use clap::Parser;
use day18_keys::{Maze, Solution, SolveError};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

mod frames;

/// Fewest steps to collect every key of a day 18 maze.
#[derive(Parser, Debug)]
#[command(version, about)]
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
}

/// Exit status of a part without an answer.
const NO_ANSWER: u8 = 3;

fn main() -> Result<ExitCode> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.input)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let maze = day18_keys::parse(&text).with_context(|| format!("{} is not a maze", args.input.display()))?;
    if args.animate || args.html.is_some() {
        frames::watch(&maze, args.part.unwrap_or(1), args.animate, args.html.as_deref())?;
        return Ok(ExitCode::SUCCESS);
    }
    let solve =
        |part: u8| if part == 1 { day18_keys::solve_part1(&maze) } else { day18_keys::solve_part2(&maze) };
    let mut status = ExitCode::SUCCESS;
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
            Err(error @ (SolveError::CannotCollectEveryKey { .. } | SolveError::NotOneRobot { .. })) => {
                eprintln!("part {part}: no answer: {error}");
                status = ExitCode::from(NO_ANSWER);
            }
        }
    }
    // One write, and an error rather than a panic if standard output is closed early.
    std::io::stdout().lock().write_all(report.as_bytes()).context("cannot write the answer")?;
    Ok(status)
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

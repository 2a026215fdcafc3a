//! `day15-combat`: the command line of the day 15 battle simulator.
//!
//! The exit status tells a script how the run went ([`EXIT_CODES`]), as the workspace's other
//! binaries do: 0 every answer asked for was found; 1 the cave could not be read or is not a cave,
//! or the answer could not be written; 2 bad arguments (clap's own status); 3 no answer: a battle
//! that can never end, or no elf power that saves every elf.

use anyhow::{Context, Result, bail};
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use day15_combat::elf_power::why_no_safe_power;
use day15_combat::watch::Watch;
use day15_combat::{Battle, Cave, Outcome, battle::Progress};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Standard output refused a write: closed early (`| head -1`) or full (`> /dev/full`).
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output: {0}")]
struct WriteError(std::io::Error);

/// `print!` that hands back a [`WriteError`] to the caller instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        std::io::Write::write_fmt(&mut std::io::stdout().lock(), format_args!($($arg)*)).map_err(WriteError)?
    };
}

/// `println!` that hands back a [`WriteError`] to the caller instead of panicking.
macro_rules! sayln {
    ($($arg:tt)*) => {{
        say!($($arg)*);
        say!("\n");
    }};
}

mod frames;
mod progress;

/// The exit statuses, as `--help` and the README give them.
const EXIT_CODES: &str = "\
Exit status:
  0  every answer asked for was found and printed (output closed early by its reader also
     ends with 0)
  1  the cave cannot be read or is not a cave, or the answer cannot be written
  2  bad arguments
  3  no answer: a battle can never end (the armies cannot meet), or no elf power saves every
     elf (\"Part 2: none\", or --part 2's message); what was found is still printed";

/// The exit status of a run that found no answer (see [`EXIT_CODES`]).
const NO_ANSWER: u8 = 3;

/// A run that ended without an answer: a battle that never ends, or no saving elf power. Kept
/// apart from the other failures for its exit status.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct NoAnswer(String);

/// Advent of Code 2018 day 15: elves against goblins.
///
/// Prints both answers by default. With --part N, prints the bare answer alone on one line.
#[derive(Parser)]
#[command(version, about, after_help = EXIT_CODES)]
struct Cli {
    /// The puzzle input: a cave of '#', '.', 'E' and 'G', closed by walls.
    input: PathBuf,
    /// Print only this part's answer (the outcome), alone on one line.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    part: Option<u8>,
    /// Fight one battle with this elf attack power instead of solving the parts; prints its
    /// outcome (with --part 1, the bare outcome).
    #[arg(long, allow_negative_numbers = true, value_parser = positive_power, conflicts_with = "trace")]
    elf_power: Option<u32>,
    /// Also print the cave when the battle ends, with each row's units and hit points.
    #[arg(long)]
    show: bool,
    /// Print the cave after every round of the battle (part 1's, or --elf-power's).
    #[arg(long)]
    trace: bool,
    /// Play the battle in the terminal (part 1's; part 2's with --part 2).
    #[arg(long)]
    animate: bool,
    /// Write the battle as a self-contained HTML replay to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Milliseconds of work before the progress line appears on a terminal (for tests).
    #[arg(long, hide = true, value_name = "MS")]
    progress_after_ms: Option<u64>,
}

impl Cli {
    fn progress_delay(&self) -> Duration {
        self.progress_after_ms.map_or(progress::DELAY, Duration::from_millis)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(error) = check_combination(&cli) {
        error.exit();
    }
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let Some(message) = failure_message(&error) else { return ExitCode::SUCCESS };
            eprintln!("{message}");
            exit_status(&error)
        }
    }
}

/// 3 for a run with no answer, 1 for any other failure (see [`EXIT_CODES`]).
fn exit_status(error: &anyhow::Error) -> ExitCode {
    let no_answer = error.downcast_ref::<NoAnswer>().is_some()
        || error.downcast_ref::<day15_combat::Stalemate>().is_some();
    if no_answer { ExitCode::from(NO_ANSWER) } else { ExitCode::FAILURE }
}

/// An elf attack power: a whole number from 1. A negative one is read as a number (not as an
/// unknown flag, clap's default), so that the message says what is wrong with it.
fn positive_power(text: &str) -> Result<u32, String> {
    match text.parse::<i64>() {
        Ok(power) if power >= 1 => u32::try_from(power).map_err(|_| format!("{power} is too large")),
        Ok(_) => Err("must be positive".to_owned()),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// The flags clap cannot check alone; an error like any other clap finds (exit status 2).
fn check_combination(cli: &Cli) -> Result<(), clap::Error> {
    if cli.elf_power.is_some() && cli.part == Some(2) {
        return Err(Cli::command().error(
            ErrorKind::ArgumentConflict,
            "--elf-power fights one battle at a given power; it does not combine with --part 2",
        ));
    }
    Ok(())
}

/// What to tell the user of a failed run; `None` when standard output was closed early: the
/// reader (`| head -1`) has all it wanted, and the run ends quietly.
fn failure_message(error: &anyhow::Error) -> Option<String> {
    match error.downcast_ref::<WriteError>() {
        Some(WriteError(cause)) if cause.kind() == std::io::ErrorKind::BrokenPipe => None,
        _ => Some(format!("Error: {error:?}")),
    }
}

fn run(cli: &Cli) -> Result<()> {
    // A big cave's battles take minutes: refuse `--animate` without a terminal first.
    if cli.animate {
        replay::terminal::ensure_terminal()?;
    }
    let text = std::fs::read_to_string(&cli.input)
        .with_context(|| format!("cannot read {}", cli.input.display()))?;
    let cave = day15_combat::parse(&text)
        .with_context(|| format!("{} is not a day 15 cave", cli.input.display()))?;
    if cli.animate || cli.html.is_some() {
        return frames::watch(&cave, cli.part == Some(2), cli.elf_power, cli.animate, cli.html.as_deref());
    }

    let watch = Watch::new();
    let delay = cli.progress_delay();
    if let Some(power) = cli.elf_power {
        let (battle, outcome) = fight(&cave, power, cli.trace, delay)?;
        if cli.part.is_some() {
            sayln!("{}", outcome.score());
        } else {
            sayln!("Elf power {power}: {}", describe(&outcome));
        }
        if cli.show {
            say!("{}", battle.render());
        }
        return Ok(());
    }

    if cli.trace || (cli.show && cli.part != Some(2)) {
        let (battle, outcome) = fight(&cave, day15_combat::battle::BASE_POWER, cli.trace, delay)?;
        if cli.show && !cli.trace {
            sayln!("Part 1 battle, final state: {}", describe(&outcome));
            say!("{}", battle.render());
        }
    }

    match cli.part {
        Some(1) => {
            let outcome = progress::shown_while(&watch, delay, || {
                Battle::new(&cave, day15_combat::battle::BASE_POWER).fight_watched(&watch)
            })?;
            sayln!("{}", outcome.score());
        }
        Some(_) => {
            match progress::shown_while(&watch, delay, || day15_combat::solve_watched(&cave, &watch))?.part2 {
                Some(victory) => {
                    sayln!("{}", victory.outcome.score());
                    if cli.show {
                        show_safe_battle(&cave, victory.power, delay)?;
                    }
                }
                None => bail!(NoAnswer(why_no_safe_power(&cave).to_string())),
            }
        }
        None => {
            let answers =
                progress::shown_while(&watch, delay, || day15_combat::solve_watched(&cave, &watch))?;
            sayln!("Part 1: {}  ({})", answers.part1.score(), describe(&answers.part1));
            if let Some(victory) = answers.part2 {
                sayln!(
                    "Part 2: {}  (elf power {}; {})",
                    victory.outcome.score(),
                    victory.power,
                    describe(&victory.outcome)
                );
                if cli.show {
                    show_safe_battle(&cave, victory.power, delay)?;
                }
            } else {
                let why = why_no_safe_power(&cave);
                sayln!("Part 2: none  ({why})");
                bail!(NoAnswer(format!("part 2 has no answer: {why}")));
            }
        }
    }
    Ok(())
}

/// Fights one battle, printing every round when tracing, else showing the progress line after
/// `delay` on a terminal.
fn fight(cave: &Cave, elf_power: u32, trace: bool, delay: Duration) -> Result<(Battle, Outcome)> {
    let mut battle = Battle::new(cave, elf_power);
    if !trace {
        let watch = Watch::new();
        let outcome = progress::shown_while(&watch, delay, || battle.fight_watched(&watch))?;
        return Ok((battle, outcome));
    }
    sayln!("Initially:\n{}", battle.render());
    loop {
        match battle.play_round() {
            Progress::RoundComplete => {
                let rounds = battle.rounds();
                sayln!("After {rounds} round{}:\n{}", if rounds == 1 { "" } else { "s" }, battle.render());
            }
            Progress::Over => break,
            Progress::Stalemate => bail!(day15_combat::Stalemate { rounds: battle.rounds() }),
            Progress::ElfDied | Progress::Paused => unreachable!("play_round stops only at round ends"),
        }
    }
    let outcome = battle.outcome().context("the battle ended without a winner")?;
    sayln!("Combat ends: {}\n{}", describe(&outcome), battle.render());
    Ok((battle, outcome))
}

fn show_safe_battle(cave: &Cave, power: u32, delay: Duration) -> Result<()> {
    let (battle, outcome) = fight(cave, power, false, delay)?;
    sayln!("Part 2 battle at elf power {power}, final state: {}", describe(&outcome));
    say!("{}", battle.render());
    Ok(())
}

fn describe(outcome: &Outcome) -> String {
    let lost = match outcome.elves_lost {
        0 => "no elf lost".to_owned(),
        1 => "1 elf lost".to_owned(),
        n => format!("{n} elves lost"),
    };
    format!(
        "{} win after {} full rounds with {} hit points left, {lost}; {} x {} = {}",
        outcome.winner,
        outcome.rounds,
        outcome.hit_points,
        outcome.rounds,
        outcome.hit_points,
        outcome.score()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(args: &[&str]) -> Cli {
        Cli::try_parse_from([&["day15-combat", "cave.txt"], args].concat()).unwrap()
    }

    #[test]
    fn the_help_lists_the_exit_statuses() {
        let help = Cli::command().render_long_help().to_string();
        for status in ["0  every answer", "1  the cave cannot be read", "2  bad arguments", "3  no answer"] {
            assert!(help.contains(status), "{help}");
        }
    }

    #[test]
    fn stdout_closed_early_ends_quietly_instead_of_panicking() {
        let closed = anyhow::Error::new(WriteError(std::io::ErrorKind::BrokenPipe.into()));
        assert_eq!(failure_message(&closed), None);
    }

    #[test]
    fn a_full_stdout_is_a_plain_error_not_a_panic() {
        let full = anyhow::Error::new(WriteError(std::io::ErrorKind::StorageFull.into()));
        let message = failure_message(&full).expect("a write error is reported");
        assert!(message.starts_with("Error: cannot write to standard output"), "{message}");
    }

    #[test]
    fn elf_power_with_part_2_is_an_argument_error_with_exit_status_2() {
        let error = check_combination(&cli(&["--elf-power", "5", "--part", "2"])).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::ArgumentConflict);
        assert_eq!(error.exit_code(), 2);
        assert!(check_combination(&cli(&["--elf-power", "5", "--part", "1"])).is_ok());
    }

    #[test]
    fn a_negative_or_zero_elf_power_is_told_to_be_positive() {
        for value in ["-1", "0"] {
            let error = Cli::try_parse_from(["day15-combat", "cave.txt", "--elf-power", value])
                .err()
                .unwrap_or_else(|| panic!("--elf-power {value} was accepted"));
            assert_eq!(error.exit_code(), 2);
            assert!(error.to_string().contains("must be positive"), "{error}");
        }
        assert!(Cli::try_parse_from(["day15-combat", "cave.txt", "--elf-power", "7"]).is_ok());
    }
}

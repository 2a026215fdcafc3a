//! `day15-combat`: the command line of the day 15 battle simulator.

use anyhow::{Context, Result, bail};
use clap::Parser;
use day15_combat::elf_power::why_no_safe_power;
use day15_combat::{Battle, Cave, Outcome, battle::Progress};
use std::path::PathBuf;

/// Advent of Code 2018 day 15: elves against goblins.
///
/// Prints both answers by default. With --part N, prints the bare answer alone on one line.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The puzzle input: a cave of '#', '.', 'E' and 'G', closed by walls.
    input: PathBuf,
    /// Print only this part's answer (the outcome), alone on one line.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    part: Option<u8>,
    /// Fight one battle with this elf attack power instead of solving the parts; prints its
    /// outcome (with --part 1, the bare outcome).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "trace")]
    elf_power: Option<u32>,
    /// Also print the cave when the battle ends, with each row's units and hit points.
    #[arg(long)]
    show: bool,
    /// Print the cave after every round of the battle (part 1's, or --elf-power's).
    #[arg(long)]
    trace: bool,
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    if cli.elf_power.is_some() && cli.part == Some(2) {
        bail!("--elf-power fights one battle at a given power; it does not combine with --part 2");
    }
    let text = std::fs::read_to_string(&cli.input)
        .with_context(|| format!("cannot read {}", cli.input.display()))?;
    let cave = day15_combat::parse(&text)
        .with_context(|| format!("{} is not a day 15 cave", cli.input.display()))?;

    if let Some(power) = cli.elf_power {
        let (battle, outcome) = fight(&cave, power, cli.trace)?;
        if cli.part.is_some() {
            println!("{}", outcome.score());
        } else {
            println!("Elf power {power}: {}", describe(&outcome));
        }
        if cli.show {
            print!("{}", battle.render());
        }
        return Ok(());
    }

    if cli.trace || (cli.show && cli.part != Some(2)) {
        let (battle, outcome) = fight(&cave, day15_combat::battle::BASE_POWER, cli.trace)?;
        if cli.show && !cli.trace {
            println!("Part 1 battle, final state: {}", describe(&outcome));
            print!("{}", battle.render());
        }
    }

    match cli.part {
        Some(1) => println!("{}", day15_combat::part1(&cave)?.score()),
        Some(_) => match day15_combat::part2(&cave)? {
            Some(victory) => {
                println!("{}", victory.outcome.score());
                if cli.show {
                    show_safe_battle(&cave, victory.power)?;
                }
            }
            None => bail!("{}", why_no_safe_power(&cave)),
        },
        None => {
            let answers = day15_combat::solve(&cave)?;
            println!("Part 1: {}  ({})", answers.part1.score(), describe(&answers.part1));
            match answers.part2 {
                Some(victory) => {
                    println!(
                        "Part 2: {}  (elf power {}; {})",
                        victory.outcome.score(),
                        victory.power,
                        describe(&victory.outcome)
                    );
                    if cli.show {
                        show_safe_battle(&cave, victory.power)?;
                    }
                }
                None => println!("Part 2: none  ({})", why_no_safe_power(&cave)),
            }
        }
    }
    Ok(())
}

/// Fights one battle, printing every round when tracing.
fn fight(cave: &Cave, elf_power: u32, trace: bool) -> Result<(Battle, Outcome)> {
    let mut battle = Battle::new(cave, elf_power);
    if trace {
        println!("Initially:\n{}", battle.render());
    }
    loop {
        match battle.play_round() {
            Progress::RoundComplete => {
                if trace {
                    let rounds = battle.rounds();
                    println!(
                        "After {rounds} round{}:\n{}",
                        if rounds == 1 { "" } else { "s" },
                        battle.render()
                    );
                }
            }
            Progress::Over => break,
            Progress::Stalemate => bail!(day15_combat::Stalemate { rounds: battle.rounds() }),
            Progress::ElfDied | Progress::Paused => unreachable!("play_round stops only at round ends"),
        }
    }
    let outcome = battle.outcome().context("the battle ended without a winner")?;
    if trace {
        println!("Combat ends: {}\n{}", describe(&outcome), battle.render());
    }
    Ok((battle, outcome))
}

fn show_safe_battle(cave: &Cave, power: u32) -> Result<()> {
    let (battle, outcome) = fight(cave, power, false)?;
    println!("Part 2 battle at elf power {power}, final state: {}", describe(&outcome));
    print!("{}", battle.render());
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

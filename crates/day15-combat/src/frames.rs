//! # The battle as frames, for `--animate` and `--html`
//!
//! One frame before the first round, one after each full round (as `--trace` prints them), and
//! one when combat ends part-way through a round, which does not count: a battle of `R` full
//! rounds has `R + 2` frames. Each frame is the cave as [`Battle::render`] draws it, elves and
//! goblins in their own styles and each row followed by its units' hit points, so the picture a
//! viewer watches is the puzzle's own notation. The caption counts the round and each army's
//! units and hit points, and the last one states the outcome.
//!
//! This module belongs to the binary: the library knows nothing of the replay crate.

use anyhow::{Context, Result, bail};
use day15_combat::battle::{BASE_POWER, Progress};
use day15_combat::{Battle, Cave, Outcome, Side};
use replay::{Cell, Frame, Replay, Style};
use std::path::Path;

/// The battle at `elf_power`, fought to its end, as a replay; with the outcome.
pub fn battle_replay(cave: &Cave, elf_power: u32, title: &str) -> Result<(Replay, Outcome)> {
    let mut battle = Battle::new(cave, elf_power);
    let mut pictures = vec![(rows(cave, &battle), caption(&battle, "start"))];
    loop {
        match battle.play_round() {
            Progress::RoundComplete => {
                let label = format!("after round {}", battle.rounds());
                pictures.push((rows(cave, &battle), caption(&battle, &label)));
            }
            Progress::Over => break,
            Progress::Stalemate => bail!(day15_combat::Stalemate { rounds: battle.rounds() }),
            Progress::ElfDied | Progress::Paused => bail!("the battle stopped where it should not"),
        }
    }
    let outcome = battle.outcome().context("the battle ended without a winner")?;
    let end = format!(
        "combat ends in round {}: {} win; {} full rounds x {} hit points = {}",
        outcome.rounds + 1,
        outcome.winner,
        outcome.rounds,
        outcome.hit_points,
        outcome.score()
    );
    pictures.push((rows(cave, &battle), end));
    // The hit point lists change length, so every frame is as wide as the widest.
    let width = pictures.iter().flat_map(|(rows, _)| rows.iter().map(Vec::len)).max().unwrap_or(0);
    let mut pictures = pictures.into_iter().map(|(rows, caption)| Frame::from_rows(rows, width, caption));
    let first = pictures.next().context("a battle has a first frame")?;
    let mut replay = Replay::new(title, first);
    for frame in pictures {
        replay.push(frame)?;
    }
    Ok((replay, outcome))
}

/// The cave now, one row of cells a line, each followed by its units' hit points.
fn rows(cave: &Cave, battle: &Battle) -> Vec<Vec<Cell>> {
    let width = cave.floor().width();
    let mut on_cell = vec![None; cave.floor().len()];
    for unit in battle.units().iter().filter(|unit| unit.alive) {
        on_cell[unit.cell as usize] = Some(unit);
    }
    (0..cave.floor().height())
        .map(|row| {
            let mut cells = Vec::with_capacity(width + 24);
            let mut listed = Vec::new();
            let units = &on_cell[row * width..(row + 1) * width];
            for (cell, unit) in (row * width..).zip(units) {
                cells.push(match unit {
                    Some(unit) => {
                        listed.push(format!("{}({})", unit.side.letter(), battle.hit_points(unit)));
                        Cell::new(unit.side.letter(), side_style(unit.side))
                    }
                    None if cave.floor()[cell] => Cell::new('.', Style::Floor),
                    None => Cell::new('#', Style::Wall),
                });
            }
            if !listed.is_empty() {
                cells.extend(
                    "   ".chars().chain(listed.join(", ").chars()).map(|ch| Cell::new(ch, Style::Text)),
                );
            }
            cells
        })
        .collect()
}

fn side_style(side: Side) -> Style {
    match side {
        Side::Elf => Style::Elf,
        Side::Goblin => Style::Goblin,
    }
}

/// `after round 3: elves 2 (394 hp), goblins 4 (785 hp)`.
fn caption(battle: &Battle, label: &str) -> String {
    let army = |side: Side| {
        let (count, hit_points) = battle
            .units()
            .iter()
            .filter(|unit| unit.alive && unit.side == side)
            .fold((0, 0), |(count, hit_points), unit| (count + 1, hit_points + battle.hit_points(unit)));
        format!("{side} {count} ({hit_points} hp)")
    };
    format!("{label}: {}, {}", army(Side::Elf), army(Side::Goblin))
}

/// `--animate` and `--html`: part 1's battle, part 2's (the lowest safe elf power), or the
/// battle at a given elf power, played in the terminal and/or written as a page.
pub fn watch(
    cave: &Cave,
    part2: bool,
    elf_power: Option<u32>,
    animate: bool,
    html: Option<&Path>,
) -> Result<()> {
    let (power, title) = match (elf_power, part2) {
        (Some(power), _) => (power, format!("Day 15 battle at elf power {power}")),
        (None, false) => (BASE_POWER, "Day 15, part 1's battle".to_owned()),
        (None, true) => {
            let Some(victory) = day15_combat::part2(cave)? else {
                bail!(crate::NoAnswer(
                    "part 2 has no battle to show: no elf power lets the elves win without a loss".to_owned()
                ));
            };
            (victory.power, format!("Day 15, part 2's battle (elf power {})", victory.power))
        }
    };
    let (replay, _) = battle_replay(cave, power, &title)?;
    if let Some(path) = html {
        std::fs::write(path, replay::html::page(&title, &[&replay]))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if animate {
        replay::terminal::play(&replay, 4)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = include_str!("../../../inputs/day15/example-combat.txt");

    /// The cave part of a frame's text: the first `width` glyphs of each row.
    fn board(frame: &Frame, width: usize) -> String {
        frame.text().lines().flat_map(|line| [&line[..width], "\n"]).collect()
    }

    #[test]
    fn the_first_frame_is_the_parsed_input() {
        let cave = day15_combat::parse(EXAMPLE).unwrap();
        let (replay, _) = battle_replay(&cave, BASE_POWER, "t").unwrap();
        assert_eq!(board(replay.first(), cave.floor().width()), EXAMPLE.trim_start());
        assert!(replay.first().caption.starts_with("start: elves 2 (400 hp), goblins 4 (800 hp)"));
    }

    #[test]
    fn the_last_frame_is_the_final_cave_with_its_hit_points() {
        for input in [EXAMPLE, include_str!("../../../inputs/day15/example-summary-3.txt")] {
            let cave = day15_combat::parse(input).unwrap();
            let mut battle = Battle::new(&cave, BASE_POWER);
            let outcome = battle.fight().unwrap();
            let (replay, shown) = battle_replay(&cave, BASE_POWER, "t").unwrap();
            assert_eq!(shown, outcome);
            let text: String =
                replay.last().text().lines().flat_map(|line| [line.trim_end(), "\n"]).collect();
            assert_eq!(text, battle.render());
            assert!(replay.last().caption.ends_with(&format!(
                "{} full rounds x {} hit points = {}",
                outcome.rounds,
                outcome.hit_points,
                outcome.score()
            )));
        }
    }

    #[test]
    fn there_is_a_frame_per_full_round_plus_the_start_and_the_end() {
        let cave = day15_combat::parse(EXAMPLE).unwrap();
        let (replay, outcome) = battle_replay(&cave, BASE_POWER, "t").unwrap();
        assert_eq!(replay.len(), outcome.rounds as usize + 2);
        let after_one = replay.frame(1);
        assert!(after_one.caption.starts_with("after round 1:"), "{}", after_one.caption);
    }

    #[test]
    fn part_2_battle_is_fought_at_the_lowest_safe_power() {
        let cave = day15_combat::parse(EXAMPLE).unwrap();
        let victory = day15_combat::part2(&cave).unwrap().unwrap();
        let (replay, outcome) = battle_replay(&cave, victory.power, "t").unwrap();
        assert_eq!(outcome, victory.outcome);
        assert_eq!(replay.len(), victory.outcome.rounds as usize + 2);
        assert!(replay.last().caption.contains("elves win"));
    }
}

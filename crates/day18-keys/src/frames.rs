//! # The best route as frames, for `--animate` and `--html`
//!
//! The search answers with the order of the keys and which robot collects each
//! ([`Solution::pickups`]), not the squares walked. Between two keys a robot takes a shortest
//! walk that the rules allow at that moment: through open doors only (their keys held), and over
//! no key still to be collected other than the one it is going for, since walking over a key
//! collects it and the route collects keys in a set order. A breadth-first search over the maze
//! with exactly those squares passable finds such a walk, and it is exactly as long as the leg
//! the search priced: a shorter one would make a shorter route than the optimum, and a longer one
//! would mean the search used a way the rules forbid. The tests check that the walks add up to
//! the part's answer.
//!
//! One frame a step, plus the start: a route of `N` steps has `N + 1` frames. Keys vanish when
//! collected and their doors open; squares walked over stay marked, so the finished picture shows
//! every robot's route.
//!
//! This module belongs to the binary: the library knows nothing of the replay crate.

use anyhow::{Context, Result, bail};
use day18_keys::{Maze, Solution, Tile};
use replay::{Cell, Frame, Replay, Style};
use std::collections::VecDeque;
use std::path::Path;

/// The route of `solution` on `maze` (the maze the part was solved on) as a replay.
pub fn route_replay(maze: &Maze, solution: &Solution, title: &str) -> Result<Replay> {
    let grid = maze.grid();
    let mut robots = maze.robots().to_vec();
    let mut held = 0u32;
    let mut walked = vec![false; grid.len()];
    let mut steps = 0;
    let draw = |robots: &[usize], held: u32, walked: &[bool], caption: String| {
        let rows = (0..grid.height())
            .map(|row| {
                (row * grid.width()..(row + 1) * grid.width())
                    .map(|cell| {
                        if robots.contains(&cell) {
                            return Cell::new('@', Style::Robot);
                        }
                        let floor = if walked[cell] {
                            Cell::new('.', Style::Path)
                        } else {
                            Cell::new('.', Style::Floor)
                        };
                        match grid[cell] {
                            Tile::Wall => Cell::new('#', Style::Wall),
                            Tile::Key(key) if held & (1 << key) == 0 => Cell::new(letter(key), Style::Key),
                            Tile::Door(door) if held & (1 << door) == 0 => {
                                Cell::new(letter(door).to_ascii_uppercase(), Style::Door)
                            }
                            _ => floor,
                        }
                    })
                    .collect()
            })
            .collect();
        Frame::from_rows(rows, grid.width(), caption)
    };
    let total = solution.steps;
    let mut replay = Replay::new(
        title,
        draw(&robots, held, &walked, format!("start: {} keys to collect in {total} steps", maze.key_count())),
    );
    for pickup in &solution.pickups {
        let key =
            u8::try_from(pickup.key).ok().and_then(|ch| ch.checked_sub(b'a')).context("a key is a letter")?;
        let walk = walk(maze, robots[pickup.robot], key, held)
            .with_context(|| format!("robot {} has no way to key {}", pickup.robot + 1, pickup.key))?;
        for (index, &cell) in walk.iter().enumerate() {
            walked[robots[pickup.robot]] = true;
            robots[pickup.robot] = cell;
            steps += 1;
            let arrived = index + 1 == walk.len();
            if arrived {
                held |= 1 << key;
            }
            let caption = format!(
                "step {steps}/{total}: robot {} {} {} | keys held: {}",
                pickup.robot + 1,
                if arrived { "collects" } else { "heads for" },
                pickup.key,
                letters(held)
            );
            replay.push(draw(&robots, held, &walked, caption))?;
        }
        if steps != pickup.steps {
            bail!("the walk to key {} ends at step {steps}, the route says {}", pickup.key, pickup.steps);
        }
    }
    Ok(replay)
}

fn letter(index: u8) -> char {
    char::from(b'a' + index)
}

/// `a b f`, or `none`.
fn letters(keys: u32) -> String {
    let held: Vec<String> =
        (0..26).filter(|&key| keys & (1 << key) != 0).map(|key| letter(key).to_string()).collect();
    if held.is_empty() { "none".to_owned() } else { held.join(" ") }
}

/// A shortest walk from `from` to key `key` holding `held`: the squares stepped on, the key's
/// last. Walls, closed doors and other keys not yet held block the way (see the module notes).
fn walk(maze: &Maze, from: usize, key: u8, held: u32) -> Option<Vec<usize>> {
    let grid = maze.grid();
    let passable = |cell: usize| match grid[cell] {
        Tile::Wall => false,
        Tile::Open => true,
        Tile::Door(door) => held & (1 << door) != 0,
        Tile::Key(other) => other == key || held & (1 << other) != 0,
    };
    let mut came_from = vec![usize::MAX; grid.len()];
    came_from[from] = from;
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        if grid[cell] == Tile::Key(key) {
            let mut walk = vec![cell];
            let mut at = cell;
            while came_from[at] != from {
                at = came_from[at];
                walk.push(at);
            }
            if cell == from {
                walk.clear();
            }
            walk.reverse();
            return Some(walk);
        }
        for next in grid.neighbours(cell) {
            if came_from[next] == usize::MAX && passable(next) {
                came_from[next] = cell;
                queue.push_back(next);
            }
        }
    }
    None
}

/// `--animate` and `--html`: the route `solution` of the part asked, found by the caller under
/// its limits.
pub fn watch(maze: &Maze, part: u8, solution: &Solution, animate: bool, html: Option<&Path>) -> Result<()> {
    let solved_on = if part == 2 { maze.four_robots().into_owned() } else { maze.one_robot()?.into_owned() };
    let title = format!("Day 18, part {part}: every key in {} steps", solution.steps);
    let replay = route_replay(&solved_on, solution, &title)?;
    if let Some(path) = html {
        std::fs::write(path, replay::html::page(&title, &[&replay]))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if animate {
        replay::terminal::play(&replay, 30)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLES: [(&str, u8); 5] = [
        (include_str!("../../../inputs/day18/example-p1-2.txt"), 1),
        (include_str!("../../../inputs/day18/example-p1-4.txt"), 1),
        (include_str!("../../../inputs/day18/example-p1-5.txt"), 1),
        (include_str!("../../../inputs/day18/example-p2-4.txt"), 2),
        (include_str!("../../../inputs/day18/generated-1.txt"), 2),
    ];

    fn replay_of(text: &str, part: u8) -> (Maze, Solution, Replay) {
        let maze = day18_keys::parse(text).unwrap();
        let (solved_on, solution) = if part == 2 {
            (maze.four_robots().into_owned(), day18_keys::solve_part2(&maze).unwrap())
        } else {
            (maze.one_robot().unwrap().into_owned(), day18_keys::solve_part1(&maze).unwrap())
        };
        let replay = route_replay(&solved_on, &solution, "t").unwrap();
        (solved_on, solution, replay)
    }

    #[test]
    fn the_first_frame_is_the_parsed_maze() {
        for (text, part) in EXAMPLES {
            let (maze, _, replay) = replay_of(text, part);
            assert_eq!(replay.first().text(), maze.render());
        }
        // Part 1 of an unsplit map is the input itself.
        let (text, _) = EXAMPLES[0];
        assert_eq!(replay_of(text, 1).2.first().text(), text.trim_start());
    }

    #[test]
    fn the_walks_add_up_to_the_answer_one_frame_a_step() {
        for (text, part) in EXAMPLES {
            let (_, solution, replay) = replay_of(text, part);
            let answer = if part == 2 {
                day18_keys::part2(&day18_keys::parse(text).unwrap())
            } else {
                day18_keys::part1(&day18_keys::parse(text).unwrap())
            };
            assert_eq!(solution.steps, answer.unwrap());
            assert_eq!(replay.len(), solution.steps as usize + 1);
            let collected = replay.frames().filter(|frame| frame.caption.contains(" collects ")).count();
            assert_eq!(collected, solution.pickups.len());
        }
    }

    #[test]
    fn the_last_frame_has_every_key_collected_and_the_last_robot_on_the_last_key() {
        for (text, part) in EXAMPLES {
            let (maze, solution, replay) = replay_of(text, part);
            let last = replay.last();
            assert!(last.cells().iter().all(|cell| !matches!(cell.style, Style::Key | Style::Door)));
            let pickup = solution.pickups.last().unwrap();
            let key = maze.grid().position(|&tile| tile == Tile::Key(pickup.key as u8 - b'a')).unwrap();
            let pos = maze.grid().pos(key);
            assert_eq!(last.get(pos.row, pos.col), Some(Cell::new('@', Style::Robot)));
            assert!(last.caption.starts_with(&format!("step {0}/{0}: robot", solution.steps)));
            assert!(last.caption.contains(&format!("collects {}", pickup.key)));
        }
    }
}

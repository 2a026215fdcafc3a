//! `day18-search`: the maze parser, then both parts under small [`Limits`], each answer checked
//! three ways.
//!
//! - The route: every key once, totals that never fall, the last one the answer.
//! - The strategies: A\* and Dijkstra find the same length as the fastest search.
//! - A plain breadth-first search written here, over (robot squares, keys held) one step at a
//!   time, on mazes small enough for it: same length, and no answer exactly when the solver
//!   says some key can never be collected.
//!
//! The memory budget is what stops a search on a big input, the same way at every run; the time
//! limit is only a backstop, well below the fuzzer's time-out, so a search that overruns its
//! limits is caught as a hang.

use crate::char_at;
use day18_keys::search::{self, Strategy};
use day18_keys::{KeyGraph, Limits, Maze, ParseError, Progress, Solution, SolveError, Tile};
use std::collections::{HashSet, VecDeque};
use std::time::Duration;

const LIMITS: Limits = Limits { time: Some(Duration::from_millis(250)), memory_bytes: 8 << 20 };
/// States the plain search may visit before its comparison is skipped.
const MAX_PLAIN_STATES: usize = 50_000;

pub(crate) fn check(text: &str) {
    let maze = match day18_keys::parse(text) {
        Ok(maze) => maze,
        Err(ParseError::DuplicateKey { key, line, column, first_line, first_column }) => {
            assert_eq!(char_at(text, line, column), Some(key));
            assert_eq!(char_at(text, first_line, first_column), Some(key));
            assert!((first_line, first_column) < (line, column), "the first copy comes first");
            return;
        }
        Err(ParseError::TooManyRobots { line, column }) => {
            assert_eq!(char_at(text, line, column), Some('@'));
            return;
        }
        Err(_) => return,
    };
    assert!(!maze.robots().is_empty() && maze.robots().len() <= day18_keys::maze::MAX_ROBOTS);
    let part1 = day18_keys::solve_part1_within(&maze, LIMITS, &Progress::default());
    if let Ok(one) = maze.one_robot() {
        check_answer(&one, &part1);
    } else {
        assert!(matches!(part1, Err(SolveError::NotOneRobot { .. })));
    }
    let part2 = day18_keys::solve_part2_within(&maze, LIMITS, &Progress::default());
    check_answer(&maze.four_robots(), &part2);
}

/// Checks one part's answer for `maze`, the maze that part searched.
fn check_answer(maze: &Maze, answer: &Result<Solution, SolveError>) {
    match answer {
        Ok(solution) => check_route(maze, solution),
        Err(SolveError::GaveUp { .. }) => return,
        Err(SolveError::CannotCollectEveryKey { missing }) => {
            assert!(*missing != 0 && missing & !maze.keys() == 0, "the missing keys are keys of the maze");
        }
        Err(error @ SolveError::NotOneRobot { .. }) => panic!("{error} for a maze made for its part"),
    }
    let steps = answer.as_ref().ok().map(|solution| solution.steps);
    let graph = KeyGraph::new(maze);
    for strategy in [Strategy::AStar, Strategy::Dijkstra] {
        match search::collect_every_key_within(&graph, strategy, LIMITS, &Progress::default()) {
            Ok(other) => assert_eq!(Some(other.steps), steps, "{strategy:?} agrees"),
            Err(SolveError::GaveUp { .. }) => {}
            Err(_) => assert_eq!(steps, None, "{strategy:?} agrees there is no answer"),
        }
    }
    if let Some(plain) = plain_search(maze) {
        assert_eq!(plain, steps, "the plain breadth-first search agrees");
    }
}

/// The route: each key collected once, by a robot of the maze, at non-decreasing totals that
/// end at the answer.
fn check_route(maze: &Maze, solution: &Solution) {
    let mut held = 0_u32;
    let mut last = 0;
    for pickup in &solution.pickups {
        assert!(pickup.robot < maze.robots().len());
        assert!(pickup.key.is_ascii_lowercase());
        let bit = 1 << (pickup.key as u8 - b'a');
        assert!(held & bit == 0, "key {} collected twice", pickup.key);
        held |= bit;
        assert!(pickup.steps >= last, "totals never fall");
        last = pickup.steps;
    }
    assert_eq!(held, maze.keys(), "every key is collected");
    assert_eq!(last, solution.steps, "the last pickup's total is the answer");
}

/// Fewest steps by a breadth-first search over (robot squares, keys held), one robot one step at
/// a time: `Some(None)` when no order collects every key, `None` when the maze is too big.
#[allow(clippy::option_option)] // "skipped" and "no answer" are different findings.
fn plain_search(maze: &Maze) -> Option<Option<u32>> {
    let grid = maze.grid();
    let all = maze.keys();
    let start = (maze.robots().to_vec(), 0_u32);
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0_u32)]);
    while let Some(((robots, keys), steps)) = queue.pop_front() {
        if keys == all {
            return Some(Some(steps));
        }
        for robot in 0..robots.len() {
            for next in grid.neighbours(robots[robot]) {
                let keys = match grid[next] {
                    Tile::Wall => continue,
                    Tile::Door(door) if keys & 1 << door == 0 => continue,
                    Tile::Key(key) => keys | 1 << key,
                    Tile::Open | Tile::Door(_) => keys,
                };
                let mut moved = robots.clone();
                moved[robot] = next;
                let state = (moved, keys);
                if seen.insert(state.clone()) {
                    if seen.len() > MAX_PLAIN_STATES {
                        return None;
                    }
                    queue.push_back((state, steps + 1));
                }
            }
        }
    }
    Some(None)
}

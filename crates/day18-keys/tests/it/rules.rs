//! Rules of the puzzle that are easy to get wrong, each pinned by a small map.

use crate::common::{RawMaze, brute_force};
use day18_keys::{KeyGraph, SolveError, parse, part1, part2, solve_part1};

fn missing(letters: &str) -> SolveError {
    SolveError::CannotCollectEveryKey { missing: letters.bytes().fold(0, |mask, ch| mask | 1 << (ch - b'a')) }
}

#[test]
fn solving_each_robot_alone_ignoring_doors_from_elsewhere_is_wrong() {
    // Robot 1 needs key b (robot 2's side) to pass door B to its key a. Robot 2 would rather
    // take c (2 steps) then b (6), but c is behind door A, so it must take b first (4), wait
    // for robot 1 to take a (2), then go back for c (6): 12, not the 2 + 8 = 10 of the shortcut.
    let map = "#############\n#aB@#cA@...b#\n#############\n";
    assert_eq!(part2(&parse(map).unwrap()), Ok(12));
    assert_eq!(brute_force(&RawMaze::read(map)), Some(12));
}

#[test]
fn walking_over_a_key_collects_it() {
    let solution = solve_part1(&parse("#######\n#@.a.b#\n#######\n").unwrap()).unwrap();
    assert_eq!(solution.steps, 4);
    let keys: String = solution.pickups.iter().map(|pickup| pickup.key).collect();
    assert_eq!(keys, "ab");
}

#[test]
fn a_door_whose_key_is_not_in_the_maze_is_a_wall() {
    assert_eq!(part1(&parse("#########\n#a..@.Z.#\n#########\n").unwrap()), Ok(3));
    assert_eq!(part1(&parse("#########\n#b.Z.@.a#\n#########\n").unwrap()), Err(missing("b")));
}

#[test]
fn a_walled_off_key_cannot_be_collected() {
    let error = part1(&parse("#######\n#@.#.a#\n#######\n").unwrap()).unwrap_err();
    assert_eq!(error, missing("a"));
    assert_eq!(error.to_string(), "cannot collect every key: a can never be reached");
}

#[test]
fn a_key_behind_its_own_door_cannot_be_collected() {
    assert_eq!(part1(&parse("######\n#@.Aa#\n######\n").unwrap()), Err(missing("a")));
}

#[test]
fn robots_waiting_on_each_other_forever_cannot_collect_the_keys() {
    let map = "###########\n#aB@#bA@.c#\n###########\n";
    assert_eq!(part2(&parse(map).unwrap()), Err(missing("ab")));
    assert_eq!(brute_force(&RawMaze::read(map)), None);
}

#[test]
fn a_maze_without_keys_needs_no_steps() {
    assert_eq!(part1(&parse("####\n#@.#\n####\n").unwrap()), Ok(0));
}

#[test]
fn part_1_joins_a_map_already_split_in_four() {
    let split = "#######\n#a.#Cd#\n##@#@##\n#######\n##@#@##\n#cB#Ab#\n#######\n";
    let joined = "#######\n#a.#Cd#\n##...##\n##.@.##\n##...##\n#cB#Ab#\n#######\n";
    let expected = brute_force(&RawMaze::read(joined)).unwrap();
    assert_eq!(part1(&parse(split).unwrap()), Ok(expected));
    assert_eq!(part1(&parse(joined).unwrap()), Ok(expected));
}

#[test]
fn part_1_refuses_several_robots_without_a_split_centre() {
    let maze = parse("#######\n#a@.@b#\n#######\n").unwrap();
    assert_eq!(part1(&maze), Err(SolveError::NotOneRobot { robots: 2 }));
    // Part 2 takes the robots as they are.
    assert_eq!(part2(&maze), Ok(2));
}

#[test]
fn part_2_of_a_map_without_an_open_centre_is_its_part_1() {
    let maze = parse("#########\n#b.A.@.a#\n#########\n").unwrap();
    assert_eq!(part2(&maze), part1(&maze));
}

#[test]
fn more_than_four_robots_are_searched_together() {
    let map = "#########\n#@a#@b#@#\n##.###.##\n#@c#@dA.#\n#########\n";
    let expected = brute_force(&RawMaze::read(map));
    assert_eq!(part2(&parse(map).unwrap()).ok(), expected);
    assert!(expected.is_some());
}

#[test]
fn windows_line_endings_and_trailing_blank_lines_are_accepted() {
    let unix = parse("#########\n#b.A.@.a#\n#########\n").unwrap();
    let windows = parse("#########\r\n#b.A.@.a#\r\n#########\r\n\r\n\r\n").unwrap();
    assert_eq!(unix, windows);
    assert_eq!(part1(&windows), Ok(8));
}

#[test]
fn a_door_free_dead_end_is_not_always_best_collected_whole() {
    // The pruning "collect a door-free dead end's keys all at once" is not exact: key y lies
    // beyond key a in a dead end without doors, but the best route takes a (1 step), b behind
    // door A (4), and leaves y for last (9): 14. Collecting y with a costs 1 + 5 + 9 = 15.
    let map = "############\n#y....a@A.b#\n############\n";
    assert_eq!(part1(&parse(map).unwrap()), Ok(14));
    assert_eq!(brute_force(&RawMaze::read(map)), Some(14));
}

#[test]
fn a_key_on_every_way_to_another_with_its_door_beyond_is_collected_on_the_way() {
    // Key a cuts the corridor before b and c, and door A lies beyond it; so does b for c. Both
    // are en route: the search starts holding them, and the route still lists them.
    let map = "#############\n#@.a.A.b.B.c#\n#############\n";
    let maze = parse(map).unwrap();
    assert_eq!(KeyGraph::new(&maze).en_route_keys(), 0b011);
    let solution = solve_part1(&maze).unwrap();
    let route: Vec<(char, u32)> = solution.pickups.iter().map(|pickup| (pickup.key, pickup.steps)).collect();
    assert_eq!(route, [('a', 2), ('b', 6), ('c', 10)]);
    assert_eq!(brute_force(&RawMaze::read(map)), Some(10));
}

#[test]
fn a_key_is_not_en_route_when_its_door_comes_first_or_a_loop_goes_round_it() {
    // Key a cuts the way to y, but its door A is met without passing a: holding a from the
    // start would open A at once (12 steps instead of 14).
    let door_first = "############\n#y....a@A.b#\n############\n";
    assert_eq!(KeyGraph::new(&parse(door_first).unwrap()).en_route_keys(), 0);
    assert_eq!(part1(&parse(door_first).unwrap()), Ok(14));
    assert_eq!(brute_force(&RawMaze::read("############\n#y.....@..b#\n############\n")), Some(12));
    // Key k lies on the shortest way to y and has no door, but the loop goes round it: the best
    // route takes x, then y from the far side, and still has to fetch k (10 steps, where
    // dropping k would give 8).
    let round = "#######\n#y.Xk@#\n#.###.#\n#..x..#\n#######\n";
    assert_eq!(KeyGraph::new(&parse(round).unwrap()).en_route_keys(), 0);
    assert_eq!(part1(&parse(round).unwrap()), Ok(10));
    assert_eq!(brute_force(&RawMaze::read(round)), Some(10));
    assert_eq!(brute_force(&RawMaze::read("#######\n#y.X.@#\n#.###.#\n#..x..#\n#######\n")), Some(8));
}

//! The limits of issue 10: the open rooms that once grew without bound now give up, quickly,
//! naming the limit reached; and limits that are never reached change no answer.

use day18_keys::{Limit, Limits, Progress, SolveError, parse, solve_part1_within, solve_part2_within};
use std::time::{Duration, Instant};
use testkit::cli::run_on;

const BINARY: &str = env!("CARGO_BIN_EXE_day18-keys");

/// An 81 x 81 room with nothing but floor inside, the robot in the open centre, and `keys` keys
/// spread over its four quadrants (key `i` in quadrant `i % 4`). With no door and no wall, every
/// order of the keys is open: the state space is as large as it gets.
fn open_room(keys: usize) -> String {
    const SIZE: usize = 81;
    const CENTRE: usize = SIZE / 2;
    let mut rows = vec![vec![b'#'; SIZE]; SIZE];
    for row in &mut rows[1..SIZE - 1] {
        row[1..SIZE - 1].fill(b'.');
    }
    rows[CENTRE][CENTRE] = b'@';
    for key in 0..keys {
        let (across, down) = (8 + (key / 4 * 11) % 30, 5 + (key / 4 * 7) % 33);
        let column = if key % 4 % 2 == 0 { CENTRE - across } else { CENTRE + across };
        let line = if key % 4 < 2 { CENTRE - down } else { CENTRE + down };
        assert_eq!(rows[line][column], b'.', "key {key} on a free square");
        rows[line][column] = b'a' + key as u8;
    }
    rows.into_iter().map(|row| String::from_utf8(row).expect("ASCII") + "\n").collect()
}

fn gave_up(result: &Result<day18_keys::Solution, SolveError>) -> Option<(Limit, usize)> {
    match result {
        Err(SolveError::GaveUp { limit, states, .. }) => Some((*limit, *states)),
        _ => None,
    }
}

#[test]
fn sixteen_keys_in_an_open_room_with_four_robots_give_up_at_the_memory_limit() {
    let maze = parse(&open_room(16)).unwrap();
    assert!(maze.has_open_centre());
    let progress = Progress::default();
    let limits = Limits { time: None, memory_bytes: 8 << 20 };
    let (limit, states) = gave_up(&solve_part2_within(&maze, limits, &progress)).expect("gives up");
    assert_eq!(limit, Limit::Memory);
    assert!(states > 0 && progress.states() == states, "{states} states, {} published", progress.states());
    assert!(progress.bytes() > 8 << 20);
}

#[test]
fn twenty_six_keys_in_an_open_room_with_one_robot_give_up_at_the_time_limit() {
    let maze = parse(&open_room(26)).unwrap();
    let start = Instant::now();
    let limits = Limits { time: Some(Duration::from_millis(100)), memory_bytes: u64::MAX };
    let (limit, _) = gave_up(&solve_part1_within(&maze, limits, &Progress::default())).expect("gives up");
    assert_eq!(limit, Limit::Time);
    assert!(start.elapsed() < Duration::from_secs(20), "{:?}", start.elapsed());
}

#[test]
fn building_the_key_graph_of_a_huge_open_map_counts_against_the_time_limit() {
    // 301 x 301 floor: about 90,000 corridor nodes, whose label searches are checked one by one.
    const SIZE: usize = 301;
    let wall = "#".repeat(SIZE);
    let rows = (1..SIZE - 1).map(|line| match line {
        1 => format!("#@a{}#", ".".repeat(SIZE - 4)),
        2 => format!("#b{}#", ".".repeat(SIZE - 3)),
        _ => format!("#{}#", ".".repeat(SIZE - 2)),
    });
    let text = std::iter::once(wall.clone()).chain(rows).chain([wall]).collect::<Vec<_>>().join("\n");
    let maze = parse(&text).unwrap();
    let nothing = Limits { time: Some(Duration::ZERO), memory_bytes: u64::MAX };
    let (limit, states) =
        gave_up(&solve_part1_within(&maze, nothing, &Progress::default())).expect("gives up");
    assert_eq!((limit, states), (Limit::Time, 0), "given up before any search");
    assert_eq!(day18_keys::part1(&maze).unwrap(), 3);
}

#[test]
fn a_search_that_ends_before_its_first_check_answers_whatever_the_limits() {
    // The limits are checked every few thousand expansions: the real inputs never get there.
    let maze = parse(&open_room(4)).unwrap();
    let nothing = Limits { time: Some(Duration::ZERO), memory_bytes: 1 };
    let expected = (day18_keys::part1(&maze), day18_keys::part2(&maze));
    assert!(expected.0.is_ok() && expected.1.is_ok(), "{expected:?}");
    let part1 = solve_part1_within(&maze, nothing, &Progress::default()).map(|solution| solution.steps);
    let part2 = solve_part2_within(&maze, nothing, &Progress::default()).map(|solution| solution.steps);
    assert_eq!((part1, part2), expected);
}

#[test]
fn the_binary_gives_up_with_status_4_and_names_the_limit() {
    let output = run_on(BINARY, &open_room(16), &["--part", "2", "--memory", "8"]);
    assert_eq!(output.code(), Some(4), "{}", output.stderr);
    assert!(output.stdout.is_empty());
    assert!(
        output.stderr.contains("part 2: gave up: the memory limit was reached after"),
        "{}",
        output.stderr
    );
    let output = run_on(BINARY, &open_room(26), &["--part", "1", "--time-limit", "0.1"]);
    assert_eq!(output.code(), Some(4), "{}", output.stderr);
    assert!(output.stderr.contains("part 1: gave up: the time limit was reached after"), "{}", output.stderr);
    // Not a terminal: no progress line.
    assert!(!output.stderr.contains('\r'), "{:?}", output.stderr);
}

#[test]
fn with_both_parts_one_giving_up_leaves_the_other_answered() {
    // Part 1 of the 16-key room (one robot, 2^16 key sets) fits in 64 MB; its part 2 does not.
    let output = run_on(BINARY, &open_room(16), &["--memory", "64"]);
    assert_eq!(output.code(), Some(4), "{}", output.stderr);
    assert!(output.stdout.starts_with("part 1: "), "{}", output.stdout);
    assert!(output.stderr.contains("part 2: gave up"), "{}", output.stderr);
}

#[test]
fn limits_must_be_positive_numbers() {
    let map = "#########\n#b.A.@.a#\n#########\n";
    for args in [["--memory", "-64"], ["--memory", "0"], ["--time-limit", "-1"], ["--time-limit", "0"]] {
        let output = run_on(BINARY, map, &args);
        assert_eq!(output.code(), Some(2), "{args:?}");
        output.assert_clear_error("must be positive");
    }
    run_on(BINARY, map, &["--memory", "lots"]).assert_clear_error("not a whole number of megabytes");
    run_on(BINARY, map, &["--time-limit", "soon"]).assert_clear_error("not a number of seconds");
    let within = run_on(BINARY, map, &["--memory", "1", "--time-limit", "0.001"]);
    assert_eq!((within.code(), within.stdout.as_str()), (Some(0), "part 1: 8\npart 2: 8\n"));
}

#[test]
fn replays_search_under_the_limits_and_exit_as_a_plain_run_does() {
    // Issue 10: `--html` and `--animate` once searched under the default limits and exited with
    // status 1 for a part without an answer.
    let page = std::env::temp_dir().join(format!("day18-gave-up-{}.html", std::process::id()));
    let page_arg = page.to_str().expect("a UTF-8 temporary path");
    let output = run_on(BINARY, &open_room(16), &["--part", "2", "--memory", "8", "--html", page_arg]);
    assert_eq!(output.code(), Some(4), "{}", output.stderr);
    assert!(output.stderr.contains("part 2: gave up: the memory limit was reached"), "{}", output.stderr);
    assert!(!page.exists(), "no page is written without a route");
    // `--animate` shares that path, but only runs on a terminal: without one it is refused at
    // once, before a search that could take minutes.
    let output = run_on(BINARY, &open_room(26), &["--animate"]);
    assert_eq!(output.code(), Some(1), "{}", output.stderr);
    output.assert_clear_error("standard output is not one");
    let walled_off = "#######\n#@.#.a#\n#######\n";
    let output = run_on(BINARY, walled_off, &["--html", page_arg, "--part", "1"]);
    assert_eq!(output.code(), Some(3), "{}", output.stderr);
    assert!(output.stderr.contains("part 1: no answer: cannot collect every key"), "{}", output.stderr);
    let several = run_on(BINARY, "#######\n#a@.@b#\n#######\n", &["--html", page_arg]);
    assert_eq!(several.code(), Some(3), "{}", several.stderr);
    assert!(!page.exists());
}

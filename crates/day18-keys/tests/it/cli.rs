//! The `day18-keys` binary as a user runs it: output shapes, exit statuses, error messages.

use testkit::cli::{Run, run_on};

const BINARY: &str = env!("CARGO_BIN_EXE_day18-keys");

/// Runs the binary on `map`, through a temporary file removed afterwards.
fn run(map: &str, args: &[&str]) -> Run {
    run_on(BINARY, map, args)
}

const EXAMPLE: &str = "#########\n#b.A.@.a#\n#########\n";

#[test]
fn both_parts_are_labelled_by_default() {
    let output = run(EXAMPLE, &[]);
    assert!(output.success());
    assert_eq!(output.stdout, "part 1: 8\npart 2: 8\n");
}

#[test]
fn one_part_prints_the_bare_answer() {
    let output = run(EXAMPLE, &["--part", "1"]);
    assert_eq!(output.stdout, "8\n");
    let split = "#######\n#a.#Cd#\n##@#@##\n#######\n##@#@##\n#cB#Ab#\n#######\n";
    assert_eq!(run(split, &["--part", "2"]).stdout, "8\n");
}

#[test]
fn path_lists_each_key_with_its_robot_and_step_count() {
    let output = run(EXAMPLE, &["--part", "1", "--path"]);
    assert_eq!(output.stdout, "8\n  step     2: robot 1 collects a\n  step     8: robot 1 collects b\n");
}

#[test]
fn a_bad_map_names_line_and_column_and_fails() {
    let output = run("####\n#@?#\n####\n", &[]);
    assert_eq!(output.code(), Some(1));
    assert!(output.stderr.contains("line 2, column 3: unknown character '?'"), "{}", output.stderr);
    for (map, message) in [("####\n#..#\n####\n", "no robot"), ("####\n#@.#\n###\n", "line 3"), ("", "empty")]
    {
        let output = run(map, &["--part", "1"]);
        assert_eq!(output.code(), Some(1), "{map:?}");
        assert!(output.stderr.contains(message), "{map:?}: {}", output.stderr);
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_missing_file_fails_with_its_name() {
    let output = testkit::cli::run(BINARY, &["/no/such/maze.txt"]);
    assert_eq!(output.code(), Some(1));
    assert!(output.stderr.contains("/no/such/maze.txt"));
}

#[test]
fn keys_that_cannot_be_collected_exit_with_status_3() {
    let output = run("#######\n#@.#.a#\n#######\n", &["--part", "1"]);
    assert_eq!(output.code(), Some(3));
    assert!(output.stdout.is_empty());
    assert!(output.stderr.contains("cannot collect every key: a can never be reached"));
}

#[test]
fn part_1_of_several_robots_exits_with_status_3_and_part_2_still_answers() {
    let output = run("#######\n#a@.@b#\n#######\n", &[]);
    assert_eq!(output.code(), Some(3));
    assert_eq!(output.stdout, "part 2: 2\n");
    assert!(output.stderr.contains("part 1 needs one robot"));
}

#[test]
fn an_unknown_part_is_a_usage_error() {
    assert_eq!(run(EXAMPLE, &["--part", "3"]).code(), Some(2));
}

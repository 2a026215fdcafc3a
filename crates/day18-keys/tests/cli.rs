//! The `day18-keys` binary as a user runs it: output shapes, exit statuses, error messages.

use std::process::{Command, Output};

fn run(map: &str, args: &[&str]) -> Output {
    let dir = std::env::temp_dir().join(format!("day18-keys-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!(
        "{:x}.txt",
        map.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
    ));
    std::fs::write(&path, map).unwrap();
    Command::new(env!("CARGO_BIN_EXE_day18-keys")).arg(&path).args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const EXAMPLE: &str = "#########\n#b.A.@.a#\n#########\n";

#[test]
fn both_parts_are_labelled_by_default() {
    let output = run(EXAMPLE, &[]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "part 1: 8\npart 2: 8\n");
}

#[test]
fn one_part_prints_the_bare_answer() {
    let output = run(EXAMPLE, &["--part", "1"]);
    assert_eq!(stdout(&output), "8\n");
    let split = "#######\n#a.#Cd#\n##@#@##\n#######\n##@#@##\n#cB#Ab#\n#######\n";
    assert_eq!(stdout(&run(split, &["--part", "2"])), "8\n");
}

#[test]
fn path_lists_each_key_with_its_robot_and_step_count() {
    let output = run(EXAMPLE, &["--part", "1", "--path"]);
    assert_eq!(stdout(&output), "8\n  step     2: robot 1 collects a\n  step     8: robot 1 collects b\n");
}

#[test]
fn a_bad_map_names_line_and_column_and_fails() {
    let output = run("####\n#@?#\n####\n", &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("line 2, column 3: unknown character '?'"), "{}", stderr(&output));
    for (map, message) in [("####\n#..#\n####\n", "no robot"), ("####\n#@.#\n###\n", "line 3"), ("", "empty")]
    {
        let output = run(map, &["--part", "1"]);
        assert_eq!(output.status.code(), Some(1), "{map:?}");
        assert!(stderr(&output).contains(message), "{map:?}: {}", stderr(&output));
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn a_missing_file_fails_with_its_name() {
    let output = Command::new(env!("CARGO_BIN_EXE_day18-keys")).arg("/no/such/maze.txt").output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("/no/such/maze.txt"));
}

#[test]
fn keys_that_cannot_be_collected_exit_with_status_3() {
    let output = run("#######\n#@.#.a#\n#######\n", &["--part", "1"]);
    assert_eq!(output.status.code(), Some(3));
    assert!(stdout(&output).is_empty());
    assert!(stderr(&output).contains("cannot collect every key: a can never be reached"));
}

#[test]
fn part_1_of_several_robots_exits_with_status_3_and_part_2_still_answers() {
    let output = run("#######\n#a@.@b#\n#######\n", &[]);
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(stdout(&output), "part 2: 2\n");
    assert!(stderr(&output).contains("part 1 needs one robot"));
}

#[test]
fn an_unknown_part_is_a_usage_error() {
    assert_eq!(run(EXAMPLE, &["--part", "3"]).status.code(), Some(2));
}

//! The binary as a user runs it: answers on standard output, clear errors and a non-zero exit
//! status for bad input, never a panic.

use std::path::PathBuf;
use std::process::{Command, Output};

const COMBAT_EXAMPLE: &str = "#######\n#.G...#\n#...EG#\n#.#.#G#\n#..G#E#\n#.....#\n#######\n";

/// Writes `text` to a fresh file named after the test and runs the binary on it.
fn run_on(name: &str, text: &str, args: &[&str]) -> Output {
    let dir = std::env::temp_dir().join(format!("day15-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(format!("{name}.txt"));
    std::fs::write(&path, text).unwrap();
    Command::new(env!("CARGO_BIN_EXE_day15-combat")).arg(&path).args(args).output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A failure the user can read: non-zero exit, a message naming the fault, no panic.
fn assert_clear_error(output: &Output, expected: &str) {
    assert!(!output.status.success(), "expected failure, got {}", stdout(output));
    let message = stderr(output);
    assert!(message.contains(expected), "{message:?} does not mention {expected:?}");
    assert!(!message.contains("panicked"), "{message}");
}

#[test]
fn part_flags_print_the_bare_answer_alone() {
    assert_eq!(stdout(&run_on("part1", COMBAT_EXAMPLE, &["--part", "1"])), "27730\n");
    assert_eq!(stdout(&run_on("part2", COMBAT_EXAMPLE, &["--part", "2"])), "4988\n");
}

#[test]
fn by_default_both_answers_are_printed_with_their_battles() {
    let output = run_on("both", COMBAT_EXAMPLE, &[]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(
        text.starts_with("Part 1: 27730  (goblins win after 47 full rounds with 590 hit points left"),
        "{text}"
    );
    assert!(text.contains("Part 2: 4988  (elf power 15; elves win after 29 full rounds"), "{text}");
}

#[test]
fn show_prints_the_final_cave_in_the_puzzles_style() {
    let text = stdout(&run_on("show", COMBAT_EXAMPLE, &["--show"]));
    assert!(text.contains("#.#.#G#   G(59)\n"), "{text}");
    assert!(text.contains("#...E.#   E(14)\n"), "{text}");
}

#[test]
fn trace_prints_every_round() {
    let text = stdout(&run_on("trace", COMBAT_EXAMPLE, &["--trace"]));
    assert!(text.contains("After 1 round:\n#######\n#..G..#   G(200)\n"), "{text}");
    assert!(text.contains("After 47 rounds:"), "{text}");
    assert!(!text.contains("After 48 rounds:"), "{text}");
}

#[test]
fn elf_power_fights_one_battle_at_that_power() {
    assert_eq!(stdout(&run_on("power", COMBAT_EXAMPLE, &["--elf-power", "15", "--part", "1"])), "4988\n");
    let text = stdout(&run_on("power-text", COMBAT_EXAMPLE, &["--elf-power", "4"]));
    assert!(text.starts_with("Elf power 4: goblins win"), "{text}");
    assert_clear_error(
        &run_on("power-part2", COMBAT_EXAMPLE, &["--elf-power", "4", "--part", "2"]),
        "--elf-power",
    );
}

#[test]
fn windows_line_endings_are_accepted() {
    let text = COMBAT_EXAMPLE.replace('\n', "\r\n") + "\r\n";
    assert_eq!(stdout(&run_on("crlf", &text, &["--part", "1"])), "27730\n");
}

#[test]
fn bad_input_gets_a_clear_error() {
    assert_clear_error(&run_on("empty", "", &[]), "the map is empty");
    assert_clear_error(
        &run_on("unknown", "#####\n#E?G#\n#####\n", &[]),
        "line 2, column 3: unknown character '?'",
    );
    assert_clear_error(&run_on("ragged", "#####\n#E.G#\n####\n", &[]), "line 3");
    assert_clear_error(&run_on("border", "#####\n#E.G.\n#####\n", &[]), "line 2, column 5");
    assert_clear_error(&run_on("no-units", "#####\n#...#\n#####\n", &[]), "no units");
    assert_clear_error(&run_on("stalemate", "#######\n#E#.G.#\n#######\n", &[]), "can never end");
    let missing = Command::new(env!("CARGO_BIN_EXE_day15-combat")).arg("/no/such/cave.txt").output().unwrap();
    assert_clear_error(&missing, "cannot read /no/such/cave.txt");
}

#[test]
fn no_safe_power_is_said_plainly() {
    let crowd = "#########\n#GGGGGGG#\n#GGGGGGG#\n#GGGEGGG#\n#GGGGGGG#\n#GGGGGGG#\n#########\n";
    let text = stdout(&run_on("crowd", crowd, &[]));
    assert!(text.contains("Part 2: none  (even at power 200 (every hit kills) an elf dies"), "{text}");
    assert_clear_error(&run_on("crowd-part2", crowd, &["--part", "2"]), "even at power 200");
}

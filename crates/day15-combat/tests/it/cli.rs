//! The binary as a user runs it: answers on standard output, clear errors and a non-zero exit
//! status for bad input, never a panic.

use testkit::cli::{Run, run, run_on};

const COMBAT_EXAMPLE: &str = "#######\n#.G...#\n#...EG#\n#.#.#G#\n#..G#E#\n#.....#\n#######\n";
const BINARY: &str = env!("CARGO_BIN_EXE_day15-combat");

/// Runs the binary on `text`, through a temporary file removed afterwards.
fn cave(text: &str, args: &[&str]) -> Run {
    run_on(BINARY, text, args)
}

#[test]
fn part_flags_print_the_bare_answer_alone() {
    assert_eq!(cave(COMBAT_EXAMPLE, &["--part", "1"]).stdout, "27730\n");
    assert_eq!(cave(COMBAT_EXAMPLE, &["--part", "2"]).stdout, "4988\n");
}

#[test]
fn by_default_both_answers_are_printed_with_their_battles() {
    let output = cave(COMBAT_EXAMPLE, &[]);
    assert!(output.success());
    let text = output.stdout;
    assert!(
        text.starts_with("Part 1: 27730  (goblins win after 47 full rounds with 590 hit points left"),
        "{text}"
    );
    assert!(text.contains("Part 2: 4988  (elf power 15; elves win after 29 full rounds"), "{text}");
}

#[test]
fn show_prints_the_final_cave_in_the_puzzles_style() {
    let text = cave(COMBAT_EXAMPLE, &["--show"]).stdout;
    assert!(text.contains("#.#.#G#   G(59)\n"), "{text}");
    assert!(text.contains("#...E.#   E(14)\n"), "{text}");
}

#[test]
fn trace_prints_every_round() {
    let text = cave(COMBAT_EXAMPLE, &["--trace"]).stdout;
    assert!(text.contains("After 1 round:\n#######\n#..G..#   G(200)\n"), "{text}");
    assert!(text.contains("After 47 rounds:"), "{text}");
    assert!(!text.contains("After 48 rounds:"), "{text}");
}

#[test]
fn elf_power_fights_one_battle_at_that_power() {
    assert_eq!(cave(COMBAT_EXAMPLE, &["--elf-power", "15", "--part", "1"]).stdout, "4988\n");
    let text = cave(COMBAT_EXAMPLE, &["--elf-power", "4"]).stdout;
    assert!(text.starts_with("Elf power 4: goblins win"), "{text}");
    cave(COMBAT_EXAMPLE, &["--elf-power", "4", "--part", "2"]).assert_clear_error("--elf-power");
}

#[test]
fn windows_line_endings_are_accepted() {
    let text = COMBAT_EXAMPLE.replace('\n', "\r\n") + "\r\n";
    assert_eq!(cave(&text, &["--part", "1"]).stdout, "27730\n");
}

#[test]
fn bad_input_gets_a_clear_error() {
    cave("", &[]).assert_clear_error("the map is empty");
    cave("#####\n#E?G#\n#####\n", &[]).assert_clear_error("line 2, column 3: unknown character '?'");
    cave("#####\n#E.G#\n####\n", &[]).assert_clear_error("line 3");
    cave("#####\n#E.G.\n#####\n", &[]).assert_clear_error("line 2, column 5");
    cave("#####\n#...#\n#####\n", &[]).assert_clear_error("no units");
    run(BINARY, &["/no/such/cave.txt"]).assert_clear_error("cannot read /no/such/cave.txt");
}

#[test]
fn no_safe_power_is_said_plainly_and_ends_with_status_3() {
    let crowd = "#########\n#GGGGGGG#\n#GGGGGGG#\n#GGGEGGG#\n#GGGGGGG#\n#GGGGGGG#\n#########\n";
    let both = cave(crowd, &[]);
    assert!(
        both.stdout.contains("Part 2: none  (even at power 200 (every hit kills) an elf dies"),
        "{}",
        both.stdout
    );
    assert_eq!(both.code(), Some(3), "both parts, part 2 without an answer");
    let part2 = cave(crowd, &["--part", "2"]);
    part2.assert_clear_error("even at power 200");
    assert_eq!(part2.code(), Some(3));
    assert_eq!(cave(crowd, &["--part", "1"]).code(), Some(0));
}

#[test]
fn a_battle_that_never_ends_has_no_answer_status_3() {
    for args in [&[][..], &["--part", "1"], &["--part", "2"], &["--elf-power", "5"]] {
        let run = cave("#######\n#E#.G.#\n#######\n", args);
        run.assert_clear_error("can never end");
        assert_eq!(run.code(), Some(3), "{args:?}");
    }
}

#[test]
fn exit_status_1_is_for_input_that_is_not_a_cave_and_2_for_bad_arguments() {
    assert_eq!(cave("#####\n#E?G#\n#####\n", &[]).code(), Some(1));
    assert_eq!(run(BINARY, &["/no/such/cave.txt"]).code(), Some(1));
    assert_eq!(cave(COMBAT_EXAMPLE, &["--part", "3"]).code(), Some(2));
    assert_eq!(cave(COMBAT_EXAMPLE, &[]).code(), Some(0));
}

#[test]
fn no_progress_line_when_standard_error_is_not_a_terminal() {
    // The line would be due at once; standard error is a pipe here, so nothing may be drawn.
    for args in [&["--progress-after-ms", "0"][..], &["--progress-after-ms", "0", "--part", "2"]] {
        let run = cave(COMBAT_EXAMPLE, args);
        assert!(run.success(), "{args:?}");
        assert_eq!(run.stderr, "", "{args:?}");
    }
}

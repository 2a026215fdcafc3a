//! The day18 lines of `inputs/answers.txt` checked by an implementation that shares no code
//! with the library (`common::grid_dijkstra`), so the file is never a copy of the fast solver's
//! output; and the fast solver checked against the file.

use crate::common::{RawMaze, grid_dijkstra};
use testkit::{Answers, inputs};

/// (input path under inputs/, part, answer) of every day18 line.
fn day18_answers() -> Vec<(String, String, u32)> {
    let answers = Answers::committed().expect("inputs/answers.txt reads");
    answers
        .of_puzzle("day18")
        .map(|answer| {
            let steps =
                answer.answer.parse().unwrap_or_else(|_| panic!("{}: not a step count", answer.source()));
            (answer.input.clone(), answer.part.clone(), steps)
        })
        .collect()
}

/// The text of a file under `inputs/`.
fn read_input(input: &str) -> String {
    std::fs::read_to_string(testkit::inputs_dir().join(input)).unwrap_or_else(|e| panic!("{input}: {e}"))
}

#[test]
fn every_day18_input_has_an_answer_and_every_answer_an_input() {
    let answers = day18_answers();
    let files: Vec<String> =
        inputs::committed("day18").expect("inputs/day18 lists").into_iter().map(|file| file.name).collect();
    assert!(files.len() >= 12, "the worked examples and generated mazes are missing: {files:?}");
    for file in &files {
        assert!(answers.iter().any(|(input, _, _)| input == file), "{file} has no answer line");
    }
    for (input, part, _) in &answers {
        assert!(files.contains(input), "{input} is listed but missing");
        assert!(part == "1" || part == "2", "{input}: part {part}");
    }
}

#[test]
fn listed_answers_match_an_independent_grid_search() {
    let answers = day18_answers();
    assert!(answers.len() >= 15);
    // The reference is slow on full-size mazes: one thread per line.
    std::thread::scope(|scope| {
        for (input, part, answer) in &answers {
            scope.spawn(move || {
                let text = read_input(input);
                let raw = RawMaze::read(&text);
                let maze = if part == "1" {
                    assert_eq!(raw.robots.len(), 1, "{input}: part 1 is listed for one-robot maps only");
                    raw
                } else {
                    raw.split_centre().unwrap_or(raw)
                };
                let found = grid_dijkstra(&maze);
                assert_eq!(
                    found,
                    Some(*answer),
                    "{input} part {part}: the reference disagrees with the file"
                );
            });
        }
    });
}

#[test]
fn the_fast_solver_gives_the_listed_answers() {
    for (input, part, answer) in day18_answers() {
        let text = read_input(&input);
        let maze = day18_keys::parse(&text).unwrap();
        let found = if part == "1" { day18_keys::part1(&maze) } else { day18_keys::part2(&maze) };
        assert_eq!(found, Ok(answer), "{input} part {part}");
    }
}

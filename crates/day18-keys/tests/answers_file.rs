//! The day18 lines of `inputs/answers.txt` checked by an implementation that shares no code
//! with the library (`common::grid_dijkstra`), so the file is never a copy of the fast solver's
//! output; and the fast solver checked against the file.

mod common;

use common::{RawMaze, grid_dijkstra};
use std::path::PathBuf;

fn inputs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../inputs")
}

/// (input path under inputs/, part, answer) of every day18 line.
fn day18_answers() -> Vec<(String, String, u32)> {
    let text = std::fs::read_to_string(inputs().join("answers.txt")).unwrap();
    text.lines()
        .map(|line| line.split('#').next().unwrap_or_default())
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields.first() == Some(&"day18")).then(|| {
                assert_eq!(fields.len(), 4, "line {line:?}");
                (fields[1].to_owned(), fields[2].to_owned(), fields[3].parse().unwrap())
            })
        })
        .collect()
}

#[test]
fn every_day18_input_has_an_answer_and_every_answer_an_input() {
    let answers = day18_answers();
    let mut files: Vec<String> = std::fs::read_dir(inputs().join("day18"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .map(|path| format!("day18/{}", path.file_name().unwrap_or_default().to_string_lossy()))
        .collect();
    files.sort();
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
                let text = std::fs::read_to_string(inputs().join(input)).unwrap();
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
        let text = std::fs::read_to_string(inputs().join(&input)).unwrap();
        let maze = day18_keys::parse(&text).unwrap();
        let found = if part == "1" { day18_keys::part1(&maze) } else { day18_keys::part2(&maze) };
        assert_eq!(found, Ok(answer), "{input} part {part}");
    }
}

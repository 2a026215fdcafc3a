//! Criterion benches of day18-keys, named `day18/<phase>/<input>`.
//!
//! Phases: `parse` (text to maze); `key-graph` (both parts' key graphs: dead-end filling,
//! corridor collapsing and the label searches); `part1` and `part2` (the whole part from a
//! parsed maze, key graph included, asserting the answer). Inputs: the generated mazes of
//! `inputs/day18/generated-*.txt`, whose answers come from `inputs/answers.txt`, and the real
//! puzzle inputs in `../shared/aoc/day18/` beside the workspace when that folder exists (their
//! answers are not published: the bench asserts the answer found before timing began).

use criterion::{Criterion, criterion_group, criterion_main};
use day18_keys::{KeyGraph, Maze, parse, part1, part2};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// One bench input: its name, text, and expected answers.
struct Input {
    name: String,
    text: String,
    answers: (u32, u32),
}

fn txt_files(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The listed answer of `inputs/day18/<file>` for `part`.
fn listed(answers: &str, file: &str, part: &str) -> u32 {
    answers
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|fields| fields.len() == 4 && fields[0] == "day18" && fields[1] == file && fields[2] == part)
        .and_then(|fields| fields[3].parse().ok())
        .unwrap_or_else(|| panic!("no day18 answer for {file} part {part} in inputs/answers.txt"))
}

fn bench_inputs() -> Vec<Input> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let answers = std::fs::read_to_string(root.join("inputs/answers.txt")).expect("inputs/answers.txt reads");
    let mut inputs = Vec::new();
    for path in txt_files(&root.join("inputs/day18")) {
        let name = stem(&path);
        if !name.starts_with("generated") {
            continue;
        }
        let file = format!("day18/{name}.txt");
        let text = std::fs::read_to_string(&path).expect("input reads");
        inputs.push(Input {
            name,
            text,
            answers: (listed(&answers, &file, "1"), listed(&answers, &file, "2")),
        });
    }
    let real = root.join("../shared/aoc/day18");
    let real_files = txt_files(&real);
    if real_files.is_empty() {
        println!("{} is missing: benching the generated inputs only", real.display());
    }
    for path in real_files {
        let text = std::fs::read_to_string(&path).expect("input reads");
        let maze = parse(&text).expect("real input parses");
        let answers = (part1(&maze).expect("part 1 solves"), part2(&maze).expect("part 2 solves"));
        inputs.push(Input { name: stem(&path), text, answers });
    }
    inputs
}

fn day18(c: &mut Criterion) {
    let mut group = c.benchmark_group("day18");
    group.sample_size(30).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    for input in bench_inputs() {
        let maze: Maze = parse(&input.text).expect("bench inputs parse");
        let name = &input.name;
        group.bench_function(format!("parse/{name}"), |b| {
            b.iter(|| {
                let maze = parse(black_box(&input.text)).unwrap();
                assert_eq!(maze.key_count(), 26);
                maze
            });
        });
        let (one, four) =
            (maze.one_robot().expect("one robot").into_owned(), maze.four_robots().into_owned());
        group.bench_function(format!("key-graph/{name}"), |b| {
            b.iter(|| (KeyGraph::new(black_box(&one)), KeyGraph::new(black_box(&four))));
        });
        group.bench_function(format!("part1/{name}"), |b| {
            b.iter(|| assert_eq!(part1(black_box(&maze)), Ok(input.answers.0)));
        });
        group.bench_function(format!("part2/{name}"), |b| {
            b.iter(|| assert_eq!(part2(black_box(&maze)), Ok(input.answers.1)));
        });
    }
    group.finish();
}

criterion_group!(benches, day18);
criterion_main!(benches);

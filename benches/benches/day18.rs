//! Criterion benches of day18-keys, named `day18/<phase>/<input>`.
//!
//! Phases: `parse` (text to maze); `key-graph` (both parts' key graphs: dead-end filling,
//! corridor collapsing and the label searches); `part1` and `part2` (the whole part from a
//! parsed maze, key graph included, asserting the answer); `both` (the two parts as the binary
//! solves them, with `BothParts`: part 2 from part 1's filled maze). Inputs: the generated mazes of
//! `inputs/day18/generated-*.txt`, whose answers come from `inputs/answers.txt`, and the real
//! puzzle inputs in `../shared/aoc/day18/` beside the workspace when that folder exists (their
//! answers are not published: the bench asserts the answer found before timing began).

use benches::{Answers, generated_inputs, real_size_inputs};
use criterion::{Criterion, criterion_group, criterion_main};
use day18_keys::{BothParts, KeyGraph, Limits, Maze, Progress, parse, part1, part2};
use std::hint::black_box;
use std::time::Duration;

/// One bench input: its name, text, and expected answers.
struct Input {
    name: String,
    text: String,
    answers: (u32, u32),
}

fn bench_inputs() -> Vec<Input> {
    let answers = Answers::committed().unwrap_or_else(|error| panic!("{error}"));
    let listed = |file: &str, part: &str| -> u32 {
        answers
            .get("day18", file, part)
            .and_then(|answer| answer.answer.parse().ok())
            .unwrap_or_else(|| panic!("no day18 answer for {file} part {part} in inputs/answers.txt"))
    };
    let mut inputs = Vec::new();
    for file in generated_inputs("day18") {
        let text = file.read().unwrap_or_else(|error| panic!("{error}"));
        let answers = (listed(&file.name, "1"), listed(&file.name, "2"));
        inputs.push(Input { name: file.stem(), text, answers });
    }
    for file in real_size_inputs("day18") {
        let text = file.read().unwrap_or_else(|error| panic!("{error}"));
        let maze = parse(&text).expect("real input parses");
        let answers = (part1(&maze).expect("part 1 solves"), part2(&maze).expect("part 2 solves"));
        inputs.push(Input { name: file.stem(), text, answers });
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
        // Both parts as the binary solves them, part 2 from part 1's preparation.
        group.bench_function(format!("both/{name}"), |b| {
            b.iter(|| {
                let (limits, progress) = (Limits::default(), Progress::default());
                let mut parts = BothParts::new(black_box(&maze));
                let first = parts.part1_within(limits, &progress).map(|solution| solution.steps);
                let second = parts.part2_within(limits, &progress).map(|solution| solution.steps);
                assert_eq!((first, second), (Ok(input.answers.0), Ok(input.answers.1)));
            });
        });
    }
    group.finish();
}

criterion_group!(benches, day18);
criterion_main!(benches);

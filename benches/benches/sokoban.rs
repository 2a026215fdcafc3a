//! Criterion benches of sokoban, named `sokoban/<phase>/<level>`.
//!
//! Phases: `parse` (a whole collection file); `dead-squares` and `distances` (the static
//! analysis: pulls back from the goals, and the push-distance table over (square, side));
//! `lower-bound` (the matching bound of the start position); `solve-fast` and `solve-optimal`
//! (the whole solve, replay included, asserting the push count); `solve-pulls` (the same for
//! the dive led by a search of pulls from the goals, run alone: [`PULLS_LED`]). The levels are
//! a few of Microban's, read from `../shared/levels/microban.txt` beside the workspace; when
//! that file is missing the bench says so and uses the levels of `inputs/sokoban/` instead.

use criterion::{Criterion, criterion_group, criterion_main};
use sokoban::bench::Analysis;
use sokoban::{Level, Options, Status, solve, split_collection};
use std::hint::black_box;
use std::time::Duration;

/// Microban levels benched: small, medium and two that take real search.
const MICROBAN: [usize; 4] = [1, 20, 78, 106];

/// The search of `solve-pulls`: the one of the 60 s schedules with a pull search beside it.
const PULLS_LED: &str = "dive:home+shut-out+pushable,pulls";

/// The bench levels, with names, and the collection text they came from.
fn bench_levels() -> (String, Vec<(String, Level)>) {
    let microban = testkit::shared_dir().join("levels/microban.txt");
    if let Ok(text) = std::fs::read_to_string(&microban) {
        let all = split_collection(&text).expect("microban reads");
        let levels = MICROBAN
            .iter()
            .map(|&n| (format!("microban-{n}"), all[n - 1].parse().expect("microban levels are valid")))
            .collect();
        return (text, levels);
    }
    println!("{} is missing: benching the levels of inputs/sokoban instead", microban.display());
    let files = testkit::inputs::committed("sokoban").unwrap_or_else(|error| panic!("{error}"));
    let mut collection = String::new();
    let mut levels = Vec::new();
    for file in files {
        let text = file.read().unwrap_or_else(|error| panic!("{error}"));
        let name = file.stem();
        let level = split_collection(&text).expect("input holds a level")[0].parse().expect("input is valid");
        collection.push_str(&text);
        collection.push('\n');
        levels.push((name, level));
    }
    (collection, levels)
}

fn sokoban(c: &mut Criterion) {
    let mut group = c.benchmark_group("sokoban");
    group.sample_size(20).warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(2));
    let (collection, levels) = bench_levels();
    group.bench_function("parse/collection", |b| {
        b.iter(|| {
            split_collection(black_box(&collection)).unwrap().iter().filter(|l| l.parse().is_ok()).count()
        });
    });
    for (name, level) in &levels {
        let analysis = Analysis::new(level).expect("bench levels fit");
        group.bench_function(format!("dead-squares/{name}"), |b| {
            b.iter(|| black_box(&analysis).dead_squares());
        });
        group.bench_function(format!("distances/{name}"), |b| {
            b.iter(|| black_box(&analysis).push_distances());
        });
        group.bench_function(format!("lower-bound/{name}"), |b| {
            b.iter(|| black_box(&analysis).start_lower_bound().expect("not dead"));
        });
        let pulls_led = Some(PULLS_LED.parse().expect("a search"));
        for (mode, optimal, one_search) in
            [("solve-fast", false, None), ("solve-optimal", true, None), ("solve-pulls", false, pulls_led)]
        {
            let options = Options { optimal, time_limit: 60.0, one_search, ..Options::default() };
            let Status::Solved(expected) = solve(level, &options).expect("solves").status else {
                panic!("{name} is solvable");
            };
            group.bench_function(format!("{mode}/{name}"), |b| {
                b.iter(|| {
                    let Status::Solved(solution) = solve(black_box(level), &options).unwrap().status else {
                        panic!("{name} is solvable");
                    };
                    assert_eq!(solution.pushes, expected.pushes);
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, sokoban);
criterion_main!(benches);

//! Criterion benches of day 15, named `day15/<phase>/<input>`.
//!
//! Phases: `parse`; `part1`; `part2` (which fights part 1's battle too, as the master it resumes
//! from); `both` (the two answers, as the binary computes them); `movement` (the search core
//! alone: the planned step of every unit of the starting cave, on a board that does not change,
//! so a side's units share the distances to their in-range squares as they do in a battle
//! between two moves); and `part2-from-scratch`, the plain baseline that fights each power
//! class's battle from the start.

use benches::full_size_inputs;
use criterion::{Criterion, criterion_group, criterion_main};
use day15_combat::{Battle, elf_power};
use std::hint::black_box;
use std::time::Duration;

fn day15(c: &mut Criterion) {
    let mut group = c.benchmark_group("day15");
    group.sample_size(30).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    for (name, text) in full_size_inputs("day15") {
        let cave = day15_combat::parse(&text).expect("bench inputs parse");
        let answers = day15_combat::solve(&cave).expect("bench inputs end");

        group.bench_function(format!("parse/{name}"), |b| b.iter(|| day15_combat::parse(black_box(&text))));
        group.bench_function(format!("part1/{name}"), |b| {
            b.iter(|| assert_eq!(day15_combat::part1(black_box(&cave)).unwrap(), answers.part1));
        });
        group.bench_function(format!("part2/{name}"), |b| {
            b.iter(|| assert_eq!(day15_combat::part2(black_box(&cave)).unwrap(), answers.part2));
        });
        group.bench_function(format!("both/{name}"), |b| {
            b.iter(|| assert_eq!(day15_combat::solve(black_box(&cave)).unwrap(), answers));
        });
        let mut battle = Battle::new(&cave, 3);
        let units = battle.units().len();
        group.bench_function(format!("movement/{name}"), |b| {
            b.iter(|| (0..units).filter_map(|id| battle.next_step(black_box(id))).count());
        });
        group.bench_function(format!("part2-from-scratch/{name}"), |b| {
            b.iter(|| assert_eq!(elf_power::lowest_safe_power_from_scratch(black_box(&cave)), answers.part2));
        });
    }
    group.finish();
}

criterion_group!(benches, day15);
criterion_main!(benches);

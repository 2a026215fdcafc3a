//! The fast simulator against the plain reference, on generated caves of many sizes and mixes.

use crate::reference::{self, Ending, Powers};
use day15_combat::{Battle, Side};
use testkit::Random;

/// Caves to generate; the issue asks for at least 1,000.
const CAVES: u64 = 1000;

/// Seeds of the wide caves are offset by this, so they draw a stream of their own rather than
/// the same numbers as the small cave of the same seed.
const WIDE_SEEDS: u64 = 1 << 32;

/// A `width` x `height` cave walled round, each inner square a wall with `wall_percent` in 100
/// chances and open floor otherwise, row by row.
fn walled_cave(random: &mut Random, width: usize, height: usize, wall_percent: usize) -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = vec![vec!['#'; width]; height];
    for row in rows.iter_mut().take(height - 1).skip(1) {
        for cell in row.iter_mut().take(width - 1).skip(1) {
            *cell = if random.below(100) < wall_percent { '#' } else { '.' };
        }
    }
    rows
}

/// The map text of a cave's rows, a line each.
fn to_map(rows: Vec<Vec<char>>) -> String {
    rows.into_iter().map(|row| row.into_iter().collect::<String>() + "\n").collect()
}

/// A walled cave with random inner walls and units (the shared seeded generator, so a failure
/// names a seed that reproduces it). Sizes run from 3 x 3 to 20 x 20; the unit
/// mix runs from one side only to crowds.
fn generate(seed: u64) -> String {
    let mut random = Random::new(seed);
    let (width, height) = (3 + random.below(18), 3 + random.below(18));
    let wall_percent = random.below(40);
    let units = 1 + random.below(14);
    let elf_percent = random.below(101);
    let mut rows = walled_cave(&mut random, width, height, wall_percent);
    for _ in 0..units {
        let (row, column) = (1 + random.below(height - 2), 1 + random.below(width - 2));
        rows[row][column] = if random.below(100) < elf_percent { 'E' } else { 'G' };
    }
    if !rows.iter().flatten().any(|&ch| ch == 'E' || ch == 'G') {
        rows[1][1] = 'G';
    }
    to_map(rows)
}

/// A wide, shallow cave (65 to 140 columns: rows of more than one 64-bit word in the fast
/// simulator's bit sets) with a few units, cheap enough for the reference.
fn generate_wide(seed: u64) -> String {
    let mut random = Random::new(WIDE_SEEDS + seed);
    let (width, height) = (65 + random.below(76), 3 + random.below(6));
    let mut rows = walled_cave(&mut random, width, height, 12);
    for index in 0..2 + random.below(5) {
        let (row, column) = (1 + random.below(height - 2), 1 + random.below(width - 2));
        rows[row][column] = if index % 2 == 0 { 'E' } else { 'G' };
    }
    to_map(rows)
}

#[test]
fn wide_caves_agree_with_the_reference() {
    for seed in 0..40 {
        let map = generate_wide(seed);
        let cave = day15_combat::parse(&map).unwrap();
        assert_eq!(fast_battle(&cave, 3), reference::fight(&map, 3, false), "seed {seed}\n{map}");
        for power in [10, 200] {
            let expected = reference::fight(&map, power, false);
            assert_eq!(
                fast_battle(&cave, power.unsigned_abs()),
                expected,
                "power {power}, seed {seed}\n{map}"
            );
        }
    }
}

/// A larger cave with the two armies in opposite corners, a third of the cave across, like the
/// README's cost table: the armies march for many rounds, each unit searching from the field its
/// side's earlier units grew and cut back after their moves (see the movement module).
fn generate_far_apart(seed: u64) -> String {
    let mut random = Random::new(FAR_APART_SEEDS + seed);
    let (width, height) = (30 + random.below(45), 30 + random.below(20));
    let mut rows = walled_cave(&mut random, width, height, 10);
    let units = 6 + random.below(20);
    for index in 0..units {
        let (row, column) = (1 + random.below(height / 3), 1 + random.below(width / 3));
        if index % 2 == 0 {
            rows[row][column] = 'E';
        } else {
            rows[height - 1 - row][width - 1 - column] = 'G';
        }
    }
    to_map(rows)
}

/// Seeds of the far-apart caves draw a stream of their own (see [`WIDE_SEEDS`]).
const FAR_APART_SEEDS: u64 = 2 << 32;

#[test]
fn armies_marching_from_far_apart_agree_with_the_reference() {
    for seed in 0..8 {
        let map = generate_far_apart(seed);
        let cave = day15_combat::parse(&map).unwrap();
        assert_eq!(fast_battle(&cave, 3), reference::fight(&map, 3, false), "seed {seed}\n{map}");
    }
}

/// The fast simulator's battle at `power`, fought to the end, as the reference reports it.
fn fast_battle(cave: &day15_combat::Cave, power: u32) -> Ending {
    let mut battle = Battle::new(cave, power);
    match battle.fight() {
        Ok(outcome) => Ending::Over {
            rounds: outcome.rounds,
            hit_points: outcome.hit_points,
            elves_lost: outcome.elves_lost,
            final_cave: battle.render(),
        },
        Err(_) => Ending::Stalemate,
    }
}

/// What one cave's check found, for the coverage counts.
#[derive(Default)]
struct Coverage {
    stalemates: u64,
    safe_powers_found: u64,
}

/// Checks one cave: part 1's battle to the final cave, then part 2's power and final cave.
fn check_cave(seed: u64, coverage: &mut Coverage) {
    let map = generate(seed);
    let cave = day15_combat::parse(&map).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{map}"));

    let expected = reference::fight(&map, 3, false);
    assert_eq!(fast_battle(&cave, 3), expected, "part 1 battle, seed {seed}\n{map}");

    let fast = day15_combat::solve(&cave);
    let answers = match (&expected, fast) {
        (Ending::Stalemate, Err(_)) => {
            coverage.stalemates += 1;
            return;
        }
        (Ending::Over { rounds, hit_points, .. }, Ok(answers)) => {
            assert_eq!(
                (answers.part1.rounds, answers.part1.hit_points),
                (*rounds, *hit_points),
                "seed {seed}"
            );
            answers
        }
        (expected, fast) => panic!("seed {seed}: reference {expected:?}, fast {fast:?}\n{map}"),
    };

    match (reference::lowest_safe_power(&map, Powers::FirstOfEachKillCount), answers.part2) {
        (None, None) => {}
        (Some((power, ending)), Some(victory)) => {
            coverage.safe_powers_found += 1;
            assert_eq!(victory.power, u32::try_from(power).unwrap(), "part 2 power, seed {seed}\n{map}");
            assert_eq!(victory.outcome.winner, Side::Elf, "seed {seed}");
            // The reported outcome, and the whole final cave of that battle.
            assert_eq!(fast_battle(&cave, victory.power), ending, "part 2 battle, seed {seed}\n{map}");
            let Ending::Over { rounds, hit_points, .. } = ending else { unreachable!() };
            assert_eq!((victory.outcome.rounds, victory.outcome.hit_points), (rounds, hit_points));
        }
        (reference, fast) => panic!("part 2, seed {seed}: reference {reference:?}, fast {fast:?}\n{map}"),
    }
}

#[test]
fn fast_and_reference_simulators_agree_on_generated_caves() {
    // The caves are independent: spread them over the cores.
    let threads = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    let coverage: Vec<Coverage> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    let mut coverage = Coverage::default();
                    for seed in (first..CAVES).step_by(threads as usize) {
                        check_cave(seed, &mut coverage);
                    }
                    coverage
                })
            })
            .collect();
        workers.into_iter().map(|worker| worker.join().expect("a cave check failed")).collect()
    });
    let stalemates: u64 = coverage.iter().map(|c| c.stalemates).sum();
    let safe_powers_found: u64 = coverage.iter().map(|c| c.safe_powers_found).sum();
    // The generator must exercise the interesting cases, or the agreement proves little.
    assert!(stalemates > 10, "only {stalemates} stalemates generated");
    assert!(safe_powers_found > CAVES / 4, "only {safe_powers_found} caves with a safe power");
}

#[test]
fn every_power_tried_one_by_one_gives_the_same_part2() {
    for seed in 0..80 {
        let map = generate(seed);
        let cave = day15_combat::parse(&map).unwrap();
        let Ok(answers) = day15_combat::solve(&cave) else { continue };
        let literal =
            reference::lowest_safe_power(&map, Powers::Every).map(|(power, _)| u32::try_from(power).unwrap());
        assert_eq!(answers.part2.map(|victory| victory.power), literal, "seed {seed}\n{map}");
    }
}

#[test]
fn fast_part2_matches_the_plain_search_over_power_classes() {
    for seed in 0..300 {
        let cave = day15_combat::parse(&generate(seed)).unwrap();
        let Ok(answers) = day15_combat::solve(&cave) else { continue };
        let plain = day15_combat::elf_power::lowest_safe_power_from_scratch(&cave);
        assert_eq!(answers.part2, plain, "seed {seed}");
    }
}

//! `day15-battle`: the cave parser, then a battle checked against the puzzle's rules round by
//! round, then part 2 on small caves.
//!
//! The battle is played one round at a time under a cap of [`MAX_ROUNDS`], and after each round
//! the rules that hold whatever the tactics are checked: a unit moves at most one square a
//! round, the dead stay dead and stay put, no two living units share a square, every strike is
//! at an adjacent enemy. The finished battle must match a fresh [`day15_combat::part1`], and on
//! small caves part 2's answer must match the plain one-battle-per-power search and be a real
//! victory without loss.

use crate::char_at;
use day15_combat::battle::{HIT_POINTS, Progress, StopAt, Unit};
use day15_combat::{Battle, Cave, CaveError, Side};

/// Caves larger than this are only parsed: a battle on them takes longer than a fuzzer's input
/// should.
const MAX_BATTLE_CELLS: usize = 400;
/// Rounds played before the battle is left unfinished. Every hit costs 3 of 200 hit points, so
/// a battle of the few units a small cave holds ends well within this or never does.
const MAX_ROUNDS: u32 = 300;
/// Part 2 fights up to 25 battles: only caves this small with this few units get it.
const MAX_PART2_CELLS: usize = 144;
const MAX_PART2_UNITS: usize = 6;

pub(crate) fn check(text: &str) {
    let cave = match day15_combat::parse(text) {
        Ok(cave) => cave,
        Err(CaveError::OpenBorder { line, column, found }) => {
            assert_eq!(
                char_at(text, line, column),
                Some(found),
                "the open border square is where it is said to be"
            );
            assert_ne!(found, '#');
            return;
        }
        Err(_) => return,
    };
    let floor = cave.floor();
    assert!(!cave.units().is_empty());
    assert!(cave.units().iter().all(|&(_, cell)| floor[cell]), "units stand on open floor");
    assert!((0..floor.len()).all(|cell| !floor.is_border(cell) || !floor[cell]), "the border is all wall");
    if floor.len() > MAX_BATTLE_CELLS {
        return;
    }
    let Some(outcome) = fight_checked(&cave) else { return };
    if cave.units().len() <= MAX_PART2_UNITS && floor.len() <= MAX_PART2_CELLS {
        check_part2(&cave, outcome);
    }
}

/// Plays part 1's battle round by round, checking the rules after each; the outcome when it
/// ended within [`MAX_ROUNDS`].
fn fight_checked(cave: &Cave) -> Option<day15_combat::Outcome> {
    let mut battle = Battle::new(cave, day15_combat::battle::BASE_POWER);
    let width = cave.floor().width();
    let by_round = StopAt { round_end: true, ..StopAt::NOWHERE };
    while battle.rounds() < MAX_ROUNDS {
        let before: Vec<Unit> = battle.units().to_vec();
        let rounds = battle.rounds();
        let progress = battle.advance(by_round, |battle, attacker, target| {
            let (attacker, target) = (battle.units()[attacker], battle.units()[target]);
            assert!(attacker.alive && target.alive, "only the living strike and are struck");
            assert_ne!(attacker.side, target.side, "a unit strikes only enemies");
            assert_eq!(distance(width, attacker.cell, target.cell), 1, "a strike is at an adjacent square");
            false
        });
        check_round(cave, &battle, &before);
        match progress {
            Progress::RoundComplete => assert_eq!(battle.rounds(), rounds + 1),
            Progress::Over => {
                let outcome = battle.outcome().expect("an ended battle has a winner");
                assert_eq!(outcome.rounds, battle.rounds());
                let living = battle.units().iter().filter(|u| u.alive);
                assert!(living.clone().all(|u| u.side == outcome.winner), "only the winners are left");
                let hit_points: u32 = living.map(|u| battle.hit_points(u)).sum();
                assert_eq!(outcome.hit_points, hit_points);
                assert_eq!(day15_combat::part1(cave), Ok(outcome), "a fresh battle ends the same way");
                return Some(outcome);
            }
            Progress::Stalemate => {
                assert!(day15_combat::part1(cave).is_err(), "a fresh battle is a stalemate too");
                return None;
            }
            Progress::ElfDied | Progress::Paused => panic!("{progress:?} was not asked for"),
        }
    }
    None
}

/// The rules that hold after any round, whatever the units chose to do.
fn check_round(cave: &Cave, battle: &Battle, before: &[Unit]) {
    let floor = cave.floor();
    let width = floor.width();
    let mut taken = vec![false; floor.len()];
    let mut dead_elves = 0;
    for (old, new) in before.iter().zip(battle.units()) {
        assert_eq!(old.side, new.side);
        assert!(new.hits >= old.hits, "hits are never undone");
        assert!(distance(width, old.cell, new.cell) <= 1, "a unit moves at most one square a round");
        if !old.alive {
            assert!(!new.alive && new.cell == old.cell, "the dead stay dead and stay put");
        }
        if new.alive {
            assert!(battle.hit_points(new) > 0 && battle.hit_points(new) <= HIT_POINTS);
            assert!(floor[new.cell as usize], "a unit stands on open floor");
            assert!(!std::mem::replace(&mut taken[new.cell as usize], true), "two units share a square");
        } else {
            assert_eq!(battle.hit_points(new), 0);
            dead_elves += u32::from(new.side == Side::Elf);
        }
    }
    assert_eq!(battle.elves_lost(), dead_elves);
}

/// Part 2 two ways, and its answer fought again on its own.
fn check_part2(cave: &Cave, part1: day15_combat::Outcome) {
    let answers = day15_combat::solve(cave).expect("part 1 ended, so solve does");
    assert_eq!(answers.part1, part1);
    let plain = day15_combat::elf_power::lowest_safe_power_from_scratch(cave);
    assert_eq!(answers.part2, plain, "part 2 matches one battle per power from scratch");
    if let Some(victory) = answers.part2 {
        assert!(victory.power >= 4);
        assert_eq!(victory.outcome.winner, Side::Elf);
        assert_eq!(victory.outcome.elves_lost, 0);
        assert_eq!(Battle::new(cave, victory.power).fight(), Ok(victory.outcome));
    }
}

/// Squares between two cells of a grid `width` wide, counted along rows and columns.
fn distance(width: usize, a: u32, b: u32) -> usize {
    let (a, b) = (a as usize, b as usize);
    (a / width).abs_diff(b / width) + (a % width).abs_diff(b % width)
}

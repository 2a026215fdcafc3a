//! One test for each rule that is easy to get wrong, named after the rule.

use day15_combat::battle::Progress;
use day15_combat::{Battle, Side, elf_power};

fn battle_of(map: &str, elf_power: u32) -> Battle {
    Battle::new(&day15_combat::parse(map).expect("the test cave parses"), elf_power)
}

#[test]
fn a_unit_killed_earlier_in_the_round_does_not_act() {
    // The elf, first in reading order, kills the goblin with one blow; the dead goblin must not
    // strike back in the same round.
    let mut battle = battle_of("#####\n#EG.#\n#####\n", 200);
    let outcome = battle.fight().unwrap();
    assert_eq!((outcome.winner, outcome.rounds, outcome.hit_points), (Side::Elf, 1, 200));
}

#[test]
fn combat_ends_when_a_unit_finds_no_enemy_and_that_round_does_not_count() {
    // The first elf kills the only goblin; the second elf then finds no enemy: round 1 was not
    // completed, so the outcome is 0 rounds x 400 hit points.
    let outcome = battle_of("######\n#EG.E#\n######\n", 200).fight().unwrap();
    assert_eq!((outcome.rounds, outcome.hit_points, outcome.score()), (0, 400, 0));
}

#[test]
fn a_round_whose_last_turn_kills_the_last_enemy_counts() {
    // The goblin strikes, then the elf, last in the round, kills it: round 1 is complete.
    let outcome = battle_of("#####\n#GE.#\n#####\n", 200).fight().unwrap();
    assert_eq!((outcome.rounds, outcome.hit_points, outcome.score()), (1, 197, 197));
}

#[test]
fn the_step_aims_at_the_chosen_square_not_at_the_first_step_in_reading_order() {
    // Two in-range squares at distance 3: (2, 7) up-right, reached by stepping right, and (3, 2)
    // on the left, reached by stepping left. (2, 7) comes first in reading order, so it is chosen
    // and the elf steps right, although "left" is the earlier first step of a shortest path.
    let mut battle = battle_of("#########\n#######G#\n#######.#\n#G...E..#\n#########\n", 3);
    let elf = battle.units().iter().position(|u| u.side == Side::Elf).unwrap();
    assert_eq!(battle.next_step(elf), Some(3 * 9 + 6));
}

#[test]
fn among_steps_on_shortest_paths_to_the_chosen_square_the_first_in_reading_order_wins() {
    // The chosen square is (1, 2); stepping up and stepping left both start shortest paths to
    // it, and up comes first.
    let mut battle = battle_of("######\n#G...#\n#....#\n#..E.#\n######\n", 3);
    assert_eq!(battle.next_step(1), Some(2 * 6 + 3));
}

#[test]
fn the_target_is_the_adjacent_enemy_with_fewest_hit_points_then_reading_order() {
    // Round 1: the top elf hits the right goblin first; then the middle elf has a goblin at 200
    // on its left and one at 197 on its right, and must hit the weaker one.
    let mut battle = battle_of("#######\n#..E..#\n#GEG..#\n#######\n", 3);
    assert_eq!(battle.play_round(), Progress::RoundComplete);
    assert_eq!(battle.render(), "#######\n#..E..#   E(200)\n#GEG..#   G(200), E(194), G(194)\n#######\n");
    // With equal hit points, the first in reading order (up before left) is hit.
    let mut battle = battle_of("#####\n#.G.#\n#GE.#\n#####\n", 3);
    assert_eq!(battle.play_round(), Progress::RoundComplete);
    assert_eq!(battle.render(), "#####\n#.G.#   G(197)\n#GE.#   G(200), E(194)\n#####\n");
}

#[test]
fn a_dead_units_square_is_open_at_once() {
    // The elf kills the first goblin; the second goblin, later in the same round, steps into the
    // freed square and strikes.
    let mut battle = battle_of("#####\n#EGG#\n#####\n", 200);
    assert_eq!(battle.play_round(), Progress::RoundComplete);
    assert_eq!(battle.render(), "#####\n#EG.#   E(197), G(200)\n#####\n");
}

#[test]
fn a_unit_moves_then_attacks_in_the_same_turn() {
    let mut battle = battle_of("#####\n#E.G#\n#####\n", 3);
    assert_eq!(battle.play_round(), Progress::RoundComplete);
    assert_eq!(battle.render(), "#####\n#.EG#   E(197), G(197)\n#####\n");
}

#[test]
fn each_unit_acts_once_a_round_in_the_order_fixed_at_its_start() {
    // The elf steps right, onto a square later in reading order: it must not act again there.
    let mut battle = battle_of("#######\n#E...G#\n#######\n", 3);
    assert_eq!(battle.play_round(), Progress::RoundComplete);
    assert_eq!(battle.render(), "#######\n#.E.G.#   E(200), G(200)\n#######\n");
}

#[test]
fn a_unit_next_to_an_enemy_does_not_move() {
    let mut battle = battle_of("######\n#.EG.#\n#..G.#\n######\n", 3);
    assert_eq!(battle.next_step(0), None);
}

#[test]
fn a_unit_with_no_reachable_in_range_square_stays() {
    let mut battle = battle_of("#######\n#E#.G.#\n#######\n", 3);
    assert_eq!(battle.next_step(0), None);
}

#[test]
fn a_battle_that_can_never_end_is_a_stalemate_not_a_hang() {
    let cave = day15_combat::parse("#######\n#E#.G.#\n#######\n").unwrap();
    assert!(day15_combat::part1(&cave).is_err());
    assert!(day15_combat::solve(&cave).is_err());
    // Units that walk about without ever meeting are caught too.
    let cave = day15_combat::parse("#########\n#E......#\n#########\n#G......#\n#########\n").unwrap();
    assert!(day15_combat::part1(&cave).is_err());
}

#[test]
fn part2_searches_upward_because_the_result_is_not_monotonic() {
    // Powers up to 13 lose an elf, 14 saves them all, and 15 loses one again (higher powers win):
    // a bisection over the powers can settle above 14.
    let cave = day15_combat::parse("#########\n##..E..G#\n#G...GG.#\n#...#E#.#\n#########\n").unwrap();
    let survives = |power| elf_power::fight_without_loss(&mut Battle::new(&cave, power)).is_some();
    assert!(!survives(13) && survives(14) && !survives(15));
    assert_eq!(day15_combat::part2(&cave).unwrap().map(|v| v.power), Some(14));
}

#[test]
fn part2_wants_no_elf_dead_even_in_a_victory() {
    // At power 3 the elves win this battle but lose one of their own; part 2 must look further.
    let cave =
        day15_combat::parse("#######\n#E..EG#\n#.#G.E#\n#E.##E#\n#G..#.#\n#..E#.#\n#######\n").unwrap();
    let part1 = day15_combat::part1(&cave).unwrap();
    assert_eq!((part1.winner, part1.elves_lost), (Side::Elf, 1));
    let victory = day15_combat::part2(&cave).unwrap().unwrap();
    assert_eq!((victory.power, victory.outcome.elves_lost), (4, 0));
}

#[test]
fn powers_that_kill_in_the_same_number_of_hits_fight_the_same_battle() {
    // 17 and 18 both kill in 12 hits; 19 kills in 11.
    let cave =
        day15_combat::parse("#######\n#.G...#\n#...EG#\n#.#.#G#\n#..G#E#\n#.....#\n#######\n").unwrap();
    let fight = |power| {
        let mut battle = Battle::new(&cave, power);
        let outcome = battle.fight().unwrap();
        (
            outcome.rounds,
            outcome.winner,
            battle.units().iter().map(|u| (u.cell, u.hits, u.alive)).collect::<Vec<_>>(),
        )
    };
    assert_eq!(fight(17), fight(18));
    assert_ne!(fight(18), fight(19));
}

#[test]
fn when_even_one_hit_kills_lose_an_elf_there_is_no_safe_power() {
    // One elf against a crowd: it kills one goblin a turn but is struck from every side.
    let crowd = "#########\n#GGGGGGG#\n#GGGGGGG#\n#GGGEGGG#\n#GGGGGGG#\n#GGGGGGG#\n#########\n";
    let cave = day15_combat::parse(crowd).unwrap();
    assert_eq!(day15_combat::part2(&cave).unwrap(), None);
    // Powers above 200 are no help: they fight the same battle as 200.
    for power in [200, 201, 10_000] {
        assert!(elf_power::fight_without_loss(&mut Battle::new(&cave, power)).is_none(), "power {power}");
    }
}

#[test]
fn any_cave_size_works_up_to_256_by_256_and_beyond() {
    // A 300 x 300 cave: an open field with an elf and a goblin in far corners.
    let size = 300;
    let mut rows = vec!["#".repeat(size)];
    for row in 1..size - 1 {
        let mut line = vec!['.'; size];
        line[0] = '#';
        line[size - 1] = '#';
        if row == 1 {
            line[1] = 'E';
        }
        if row == size - 2 {
            line[size - 2] = 'G';
        }
        rows.push(line.into_iter().collect());
    }
    rows.push("#".repeat(size));
    let cave = day15_combat::parse(&(rows.join("\n") + "\n")).unwrap();
    let outcome = day15_combat::part1(&cave).unwrap();
    // They meet after walking 2 x 297 - 1 squares between them; the elf, first in reading order,
    // moves first and so lands the first blow.
    assert_eq!(outcome.winner, Side::Elf);
    assert!(outcome.rounds > 290);
}

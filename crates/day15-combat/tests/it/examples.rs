//! Every worked example of the puzzle statement.

use day15_combat::battle::Progress;
use day15_combat::{Battle, Side};

/// The map part of a rendering, without the hit point lists.
fn map_only(rendered: &str) -> String {
    rendered.lines().map(|line| line.split("   ").next().unwrap_or_default().to_owned() + "\n").collect()
}

/// Renders rows the puzzle's way: each map row, then its units' hit points after three spaces.
fn with_hit_points(rows: &[(&str, &str)]) -> String {
    rows.iter()
        .map(|(row, units)| if units.is_empty() { format!("{row}\n") } else { format!("{row}   {units}\n") })
        .collect()
}

fn battle_of(map: &str, elf_power: u32) -> Battle {
    Battle::new(&day15_combat::parse(map).expect("the example parses"), elf_power)
}

fn play_rounds(battle: &mut Battle, rounds: u32) {
    while battle.rounds() < rounds {
        assert_eq!(battle.play_round(), Progress::RoundComplete, "the battle ended early");
    }
}

#[test]
fn movement_example_chooses_the_nearest_in_range_square_and_steps_towards_it() {
    // Targets, in range, reachable, nearest, chosen: the elf heads for the square left of the
    // top goblin, the first in reading order of the nearest ones, and steps right.
    let mut battle = battle_of("#######\n#E..G.#\n#...#.#\n#.G.#G#\n#######\n", 3);
    assert_eq!(battle.next_step(0), Some(9));
}

#[test]
fn movement_example_steps_on_the_first_square_of_a_shortest_path_in_reading_order() {
    // The chosen square is the one above the goblin; two first steps start shortest paths to
    // it, right and down, and right comes first in reading order: the elf steps to (1, 3).
    let mut battle = battle_of("#######\n#.E...#\n#.....#\n#...G.#\n#######\n", 3);
    assert_eq!(battle.next_step(0), Some(7 + 3));
}

#[test]
fn movement_example_round_by_round() {
    let mut battle = battle_of(
        "#########\n#G..G..G#\n#.......#\n#.......#\n#G..E..G#\n#.......#\n#.......#\n#G..G..G#\n#########\n",
        3,
    );
    let expected_after = [
        "#########\n#.G...G.#\n#...G...#\n#...E..G#\n#.G.....#\n#.......#\n#G..G..G#\n#.......#\n#########\n",
        "#########\n#..G.G..#\n#...G...#\n#.G.E.G.#\n#.......#\n#G..G..G#\n#.......#\n#.......#\n#########\n",
        "#########\n#.......#\n#..GGG..#\n#..GEG..#\n#G..G...#\n#......G#\n#.......#\n#.......#\n#########\n",
    ];
    for (round, expected) in expected_after.iter().enumerate() {
        play_rounds(&mut battle, round as u32 + 1);
        assert_eq!(map_only(&battle.render()), *expected, "after {} rounds", round + 1);
    }
}

const COMBAT_EXAMPLE: &str = "#######\n#.G...#\n#...EG#\n#.#.#G#\n#..G#E#\n#.....#\n#######\n";

/// The combat example as the puzzle draws it after some rounds: each row, then its units.
const COMBAT_EXAMPLE_ROUNDS: [(u32, [(&str, &str); 7]); 9] = [
    (
        1,
        [
            ("#######", ""),
            ("#..G..#", "G(200)"),
            ("#...EG#", "E(197), G(197)"),
            ("#.#G#G#", "G(200), G(197)"),
            ("#...#E#", "E(197)"),
            ("#.....#", ""),
            ("#######", ""),
        ],
    ),
    (
        2,
        [
            ("#######", ""),
            ("#...G.#", "G(200)"),
            ("#..GEG#", "G(200), E(188), G(194)"),
            ("#.#.#G#", "G(194)"),
            ("#...#E#", "E(194)"),
            ("#.....#", ""),
            ("#######", ""),
        ],
    ),
    (
        23,
        [
            ("#######", ""),
            ("#...G.#", "G(200)"),
            ("#..G.G#", "G(200), G(131)"),
            ("#.#.#G#", "G(131)"),
            ("#...#E#", "E(131)"),
            ("#.....#", ""),
            ("#######", ""),
        ],
    ),
    (
        24,
        [
            ("#######", ""),
            ("#..G..#", "G(200)"),
            ("#...G.#", "G(131)"),
            ("#.#G#G#", "G(200), G(128)"),
            ("#...#E#", "E(128)"),
            ("#.....#", ""),
            ("#######", ""),
        ],
    ),
    (
        25,
        [
            ("#######", ""),
            ("#.G...#", "G(200)"),
            ("#..G..#", "G(131)"),
            ("#.#.#G#", "G(125)"),
            ("#..G#E#", "G(200), E(125)"),
            ("#.....#", ""),
            ("#######", ""),
        ],
    ),
    (
        26,
        [
            ("#######", ""),
            ("#G....#", "G(200)"),
            ("#.G...#", "G(131)"),
            ("#.#.#G#", "G(122)"),
            ("#...#E#", "E(122)"),
            ("#..G..#", "G(200)"),
            ("#######", ""),
        ],
    ),
    (
        27,
        [
            ("#######", ""),
            ("#G....#", "G(200)"),
            ("#.G...#", "G(131)"),
            ("#.#.#G#", "G(119)"),
            ("#...#E#", "E(119)"),
            ("#...G.#", "G(200)"),
            ("#######", ""),
        ],
    ),
    (
        28,
        [
            ("#######", ""),
            ("#G....#", "G(200)"),
            ("#.G...#", "G(131)"),
            ("#.#.#G#", "G(116)"),
            ("#...#E#", "E(113)"),
            ("#....G#", "G(200)"),
            ("#######", ""),
        ],
    ),
    (
        47,
        [
            ("#######", ""),
            ("#G....#", "G(200)"),
            ("#.G...#", "G(131)"),
            ("#.#.#G#", "G(59)"),
            ("#...#.#", ""),
            ("#....G#", "G(200)"),
            ("#######", ""),
        ],
    ),
];

#[test]
fn combat_example_round_by_round_with_hit_points() {
    let mut battle = battle_of(COMBAT_EXAMPLE, 3);
    for (rounds, rows) in COMBAT_EXAMPLE_ROUNDS {
        play_rounds(&mut battle, rounds);
        assert_eq!(battle.render(), with_hit_points(&rows), "after {rounds} rounds");
    }
    // Round 48 ends early: the first goblin finds no elf left.
    assert_eq!(battle.play_round(), Progress::Over);
    let outcome = battle.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.rounds, outcome.hit_points, outcome.score()),
        (Side::Goblin, 47, 590, 27730)
    );
}

/// A summarized battle: the start, the end as the puzzle draws it, and the outcome.
fn check_summarized(
    start: &str,
    end: &[(&str, &str)],
    winner: Side,
    rounds: u32,
    hit_points: u32,
    score: u64,
) {
    let mut battle = battle_of(start, 3);
    let outcome = battle.fight().expect("the example ends");
    assert_eq!(battle.render(), with_hit_points(end));
    assert_eq!(
        (outcome.winner, outcome.rounds, outcome.hit_points, outcome.score()),
        (winner, rounds, hit_points, score)
    );
}

#[test]
fn summarized_battle_1() {
    let end = [
        ("#######", ""),
        ("#G....#", "G(200)"),
        ("#.G...#", "G(131)"),
        ("#.#.#G#", "G(59)"),
        ("#...#.#", ""),
        ("#....G#", "G(200)"),
        ("#######", ""),
    ];
    check_summarized(COMBAT_EXAMPLE, &end, Side::Goblin, 47, 590, 27730);
}

#[test]
fn summarized_battle_2() {
    let end = [
        ("#######", ""),
        ("#...#E#", "E(200)"),
        ("#E#...#", "E(197)"),
        ("#.E##.#", "E(185)"),
        ("#E..#E#", "E(200), E(200)"),
        ("#.....#", ""),
        ("#######", ""),
    ];
    check_summarized(
        "#######\n#G..#E#\n#E#E.E#\n#G.##.#\n#...#E#\n#...E.#\n#######\n",
        &end,
        Side::Elf,
        37,
        982,
        36334,
    );
}

#[test]
fn summarized_battle_3() {
    let end = [
        ("#######", ""),
        ("#.E.E.#", "E(164), E(197)"),
        ("#.#E..#", "E(200)"),
        ("#E.##.#", "E(98)"),
        ("#.E.#.#", "E(200)"),
        ("#...#.#", ""),
        ("#######", ""),
    ];
    check_summarized(
        "#######\n#E..EG#\n#.#G.E#\n#E.##E#\n#G..#.#\n#..E#.#\n#######\n",
        &end,
        Side::Elf,
        46,
        859,
        39514,
    );
}

#[test]
fn summarized_battle_4() {
    let end = [
        ("#######", ""),
        ("#G.G#.#", "G(200), G(98)"),
        ("#.#G..#", "G(200)"),
        ("#..#..#", ""),
        ("#...#G#", "G(95)"),
        ("#...G.#", "G(200)"),
        ("#######", ""),
    ];
    check_summarized(
        "#######\n#E.G#.#\n#.#G..#\n#G.#.G#\n#G..#.#\n#...E.#\n#######\n",
        &end,
        Side::Goblin,
        35,
        793,
        27755,
    );
}

#[test]
fn summarized_battle_5() {
    let end = [
        ("#######", ""),
        ("#.....#", ""),
        ("#.#G..#", "G(200)"),
        ("#.###.#", ""),
        ("#.#.#.#", ""),
        ("#G.G#G#", "G(98), G(38), G(200)"),
        ("#######", ""),
    ];
    check_summarized(
        "#######\n#.E...#\n#.#..G#\n#.###.#\n#E#G#G#\n#...#G#\n#######\n",
        &end,
        Side::Goblin,
        54,
        536,
        28944,
    );
}

#[test]
fn summarized_battle_6() {
    let end = [
        ("#########", ""),
        ("#.G.....#", "G(137)"),
        ("#G.G#...#", "G(200), G(200)"),
        ("#.G##...#", "G(200)"),
        ("#...##..#", ""),
        ("#.G.#...#", "G(200)"),
        ("#.......#", ""),
        ("#.......#", ""),
        ("#########", ""),
    ];
    check_summarized(
        "#########\n#G......#\n#.E.#...#\n#..##..G#\n#...##..#\n#...#...#\n#.G...G.#\n#.....G.#\n#########\n",
        &end,
        Side::Goblin,
        20,
        937,
        18740,
    );
}

fn part2_of(map: &str) -> (u32, u32, u32, u64) {
    let cave = day15_combat::parse(map).unwrap();
    let victory = day15_combat::part2(&cave).unwrap().expect("a safe power exists");
    let outcome = victory.outcome;
    assert_eq!((outcome.winner, outcome.elves_lost), (Side::Elf, 0));
    (victory.power, outcome.rounds, outcome.hit_points, outcome.score())
}

#[test]
fn part2_example_1_with_its_final_cave() {
    assert_eq!(part2_of(COMBAT_EXAMPLE), (15, 29, 172, 4988));
    let mut battle = battle_of(COMBAT_EXAMPLE, 15);
    battle.fight().unwrap();
    let end = [
        ("#######", ""),
        ("#..E..#", "E(158)"),
        ("#...E.#", "E(14)"),
        ("#.#.#.#", ""),
        ("#...#.#", ""),
        ("#.....#", ""),
        ("#######", ""),
    ];
    assert_eq!(battle.render(), with_hit_points(&end));
}

#[test]
fn part2_examples_2_to_5() {
    assert_eq!(
        part2_of("#######\n#E..EG#\n#.#G.E#\n#E.##E#\n#G..#.#\n#..E#.#\n#######\n"),
        (4, 33, 948, 31284)
    );
    assert_eq!(
        part2_of("#######\n#E.G#.#\n#.#G..#\n#G.#.G#\n#G..#.#\n#...E.#\n#######\n"),
        (15, 37, 94, 3478)
    );
    assert_eq!(
        part2_of("#######\n#.E...#\n#.#..G#\n#.###.#\n#E#G#G#\n#...#G#\n#######\n"),
        (12, 39, 166, 6474)
    );
    assert_eq!(
        part2_of(
            "#########\n#G......#\n#.E.#...#\n#..##..G#\n#...##..#\n#...#...#\n#.G...G.#\n#.....G.#\n#########\n"
        ),
        (34, 30, 38, 1140)
    );
}

//! Every worked example of the puzzle statement (Advent of Code 2019 day 18), both parts.

use day18_keys::{parse, part1, part2};

const PART1_EXAMPLES: [(&str, u32); 5] = [
    ("#########\n#b.A.@.a#\n#########\n", 8),
    (
        "########################\n#f.D.E.e.C.b.A.@.a.B.c.#\n######################.#\n#d.....................#\n########################\n",
        86,
    ),
    (
        "########################\n#...............b.C.D.f#\n#.######################\n#.....@.a.B.c.d.A.e.F.g#\n########################\n",
        132,
    ),
    (
        "#################\n#i.G..c...e..H.p#\n########.########\n#j.A..b...f..D.o#\n########@########\n#k.E..a...g..B.n#\n########.########\n#l.F..d...h..C.m#\n#################\n",
        136,
    ),
    (
        "########################\n#@..............ac.GI.b#\n###d#e#f################\n###A#B#C################\n###g#h#i################\n########################\n",
        81,
    ),
];

/// The part 2 examples as the statement gives them, already split into four vaults.
const PART2_EXAMPLES: [(&str, u32); 4] = [
    ("#######\n#a.#Cd#\n##@#@##\n#######\n##@#@##\n#cB#Ab#\n#######\n", 8),
    (
        "###############\n#d.ABC.#.....a#\n######@#@######\n###############\n######@#@######\n#b.....#.....c#\n###############\n",
        24,
    ),
    (
        "#############\n#DcBa.#.GhKl#\n#.###@#@#I###\n#e#d#####j#k#\n###C#@#@###J#\n#fEbA.#.FgHi#\n#############\n",
        32,
    ),
    (
        "#############\n#g#f.D#..h#l#\n#F###e#E###.#\n#dCba@#@BcIJ#\n#############\n#nK.L@#@G...#\n#M###N#H###.#\n#o#m..#i#jk.#\n#############\n",
        72,
    ),
];

#[test]
fn part_1_examples() {
    for (map, expected) in PART1_EXAMPLES {
        assert_eq!(part1(&parse(map).unwrap()), Ok(expected), "map:\n{map}");
    }
}

#[test]
fn part_2_examples_already_split() {
    for (map, expected) in PART2_EXAMPLES {
        assert_eq!(part2(&parse(map).unwrap()), Ok(expected), "map:\n{map}");
    }
}

#[test]
fn part_2_splits_the_open_centre_of_the_first_example() {
    // The statement shows this map before its centre is replaced; part 2 must replace it.
    let open = "#######\n#a.#Cd#\n##...##\n##.@.##\n##...##\n#cB#Ab#\n#######\n";
    assert_eq!(part2(&parse(open).unwrap()), Ok(8));
}

#[test]
fn the_example_files_in_inputs_are_the_statement_maps() {
    let folder = testkit::inputs_dir().join("day18");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).unwrap();
    for (number, (map, _)) in PART1_EXAMPLES.iter().enumerate() {
        assert_eq!(read(&format!("example-p1-{}.txt", number + 1)), *map);
    }
    for (number, (map, _)) in PART2_EXAMPLES.iter().enumerate() {
        assert_eq!(read(&format!("example-p2-{}.txt", number + 1)), *map);
    }
}

//! The fast solver against the plain breadth-first search of `common::brute_force` on thousands
//! of small random mazes: loopy, open, walled-off, with doors whose keys are elsewhere or
//! missing, with one robot, two sharing ground, and four in vaults.

use crate::common::{self, RawMaze, brute_force, grid_dijkstra};
use day18_keys::{SolveError, parse, search};
use testkit::Random;

/// The fast answer for the robots the map has, `None` when it says the keys cannot all be held.
fn fast(text: &str) -> Option<u32> {
    let maze = parse(text).unwrap_or_else(|error| panic!("{error}\n{text}"));
    let graph = day18_keys::KeyGraph::new(&maze);
    match search::collect_every_key(&graph, search::Strategy::Fastest) {
        Ok(solution) => Some(solution.steps),
        Err(SolveError::CannotCollectEveryKey { .. }) => None,
        Err(error) => panic!("{error}\n{text}"),
    }
}

/// Runs `count` mazes from `make` and checks fast == brute force; returns (solvable, unsolvable).
fn agree_on(count: u64, seed: u64, make: fn(&mut Random) -> String) -> (usize, usize) {
    let mut rng = Random::new(seed);
    let (mut solvable, mut unsolvable) = (0, 0);
    for _ in 0..count {
        let text = make(&mut rng);
        let expected = brute_force(&RawMaze::read(&text));
        assert_eq!(fast(&text), expected, "maze:\n{text}");
        if expected.is_some() { solvable += 1 } else { unsolvable += 1 }
    }
    (solvable, unsolvable)
}

#[test]
fn one_robot_agrees_with_brute_force_on_600_random_mazes() {
    let (solvable, unsolvable) = agree_on(600, 18, common::small_maze);
    // Both outcomes must be exercised for the check to mean anything.
    assert!(solvable >= 300 && unsolvable >= 20, "{solvable} solvable, {unsolvable} unsolvable");
}

/// True when the open squares of `text` (all but `#`) hold a loop: a graph has one exactly when
/// it has more edges than squares less components, as a forest has exactly that many.
fn has_loop(text: &str) -> bool {
    let maze = RawMaze::read(text);
    let open = |cell: usize| maze.cells[cell] != b'#';
    let squares: Vec<usize> = (0..maze.cells.len()).filter(|&cell| open(cell)).collect();
    let edges =
        squares.iter().map(|&cell| maze.neighbours(cell).filter(|&next| open(next)).count()).sum::<usize>()
            / 2;
    let mut seen = vec![false; maze.cells.len()];
    let mut components = 0;
    for &start in &squares {
        if seen[start] {
            continue;
        }
        components += 1;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            for next in maze.neighbours(cell) {
                if open(next) && !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
    }
    edges + components > squares.len()
}

#[test]
fn the_random_mazes_of_the_cross_checks_have_loops() {
    // The key graph keeps several ways per pair only because of loops, and a pruning that is
    // exact on trees may not be on loops: the cross-checks must meet plenty of them. The seeds
    // are those of the checks above, so these are the very mazes they compare.
    let mut rng = Random::new(18);
    let loopy = (0..600).filter(|_| has_loop(&common::small_maze(&mut rng))).count();
    assert!(loopy >= 200, "{loopy} of 600 one-robot mazes have a loop");
    let mut rng = Random::new(2019);
    let loopy = (0..600).filter(|_| has_loop(&common::small_four_robot_maze(&mut rng))).count();
    assert!(loopy >= 100, "{loopy} of 600 four-robot mazes have a loop");
    assert!(has_loop("#####\n#@..#\n#...#\n#####\n") && !has_loop("#####\n#@.a#\n#####\n"));
}

#[test]
fn the_cross_checks_meet_keys_en_route_on_mazes_with_loops() {
    // The searches start holding the keys en route (`KeyGraph::en_route_keys`), which is exact
    // only when each such key cuts the maze; loops make ways round a key, so the cross-checks
    // must meet keys en route on loopy mazes, with doors beyond them and without. The seeds are
    // those of the checks above, so these are the very mazes they compare.
    let mut counts = [[0; 2]; 2];
    for (count, (seed, make)) in counts
        .iter_mut()
        .zip([(18, common::small_maze as fn(&mut Random) -> String), (2019, common::small_four_robot_maze)])
    {
        let mut rng = Random::new(seed);
        for _ in 0..600 {
            let text = make(&mut rng);
            let en_route = day18_keys::KeyGraph::new(&parse(&text).unwrap()).en_route_keys();
            let doors = RawMaze::read(&text)
                .cells
                .iter()
                .filter(|ch| ch.is_ascii_uppercase())
                .fold(0u32, |doors, &ch| doors | 1 << (ch - b'A'));
            if en_route != 0 && has_loop(&text) {
                count[0] += 1;
                count[1] += usize::from(en_route & doors != 0);
            }
        }
    }
    let [[loopy, loopy_with_doors], [four_loopy, four_loopy_with_doors]] = counts;
    assert!(loopy >= 60 && loopy_with_doors >= 40, "one robot: {counts:?}");
    assert!(four_loopy >= 30 && four_loopy_with_doors >= 20, "four robots: {counts:?}");
}

#[test]
fn four_robots_in_vaults_agree_with_brute_force_on_600_random_mazes() {
    let (solvable, unsolvable) = agree_on(600, 2019, common::small_four_robot_maze);
    assert!(solvable >= 300 && unsolvable >= 20, "{solvable} solvable, {unsolvable} unsolvable");
}

#[test]
fn two_robots_sharing_ground_agree_with_brute_force() {
    let (solvable, unsolvable) = agree_on(200, 7, common::small_two_robot_maze);
    assert!(solvable >= 100 && unsolvable >= 10, "{solvable} solvable, {unsolvable} unsolvable");
}

#[test]
fn every_strategy_finds_the_same_lengths() {
    // Layers (one robot), A* and plain Dijkstra must agree; for several robots the fastest
    // strategy is A* itself.
    let mut rng = Random::new(99);
    for _ in 0..300 {
        let text = if rng.chance(50, 100) {
            common::small_maze(&mut rng)
        } else {
            common::small_four_robot_maze(&mut rng)
        };
        let graph = day18_keys::KeyGraph::new(&parse(&text).unwrap());
        let lengths: Vec<Option<u32>> =
            [search::Strategy::Fastest, search::Strategy::AStar, search::Strategy::Dijkstra]
                .into_iter()
                .map(|strategy| search::collect_every_key(&graph, strategy).map(|s| s.steps).ok())
                .collect();
        assert!(lengths.iter().all(|&length| length == lengths[0]), "{lengths:?} maze:\n{text}");
    }
}

#[test]
fn the_grid_reference_agrees_with_brute_force() {
    // The answers-file check leans on `grid_dijkstra`; pin it to the obvious definition too.
    let mut rng = Random::new(5);
    for _ in 0..300 {
        let text = if rng.chance(50, 100) {
            common::small_maze(&mut rng)
        } else {
            common::small_four_robot_maze(&mut rng)
        };
        let maze = RawMaze::read(&text);
        assert_eq!(grid_dijkstra(&maze), brute_force(&maze), "maze:\n{text}");
    }
}

#[test]
fn reported_routes_replay_on_the_grid() {
    // The route of `--path` must be a real walk: replay each leg with a breadth-first search of
    // the raw grid under the keys held so far and add up the legs.
    let mut rng = Random::new(31);
    let mut replayed = 0;
    for round in 0..600 {
        let text = if rng.chance(50, 100) {
            common::small_maze(&mut rng)
        } else {
            common::small_four_robot_maze(&mut rng)
        };
        let maze = parse(&text).unwrap();
        // Both route builders: the layers' walk back and the search's parent links.
        let strategy = if round % 2 == 0 { search::Strategy::Fastest } else { search::Strategy::AStar };
        let Ok(solution) = search::collect_every_key(&day18_keys::KeyGraph::new(&maze), strategy) else {
            continue;
        };
        let raw = RawMaze::read(&text);
        let mut places = raw.robots.clone();
        let (mut held, mut total) = (0u32, 0u32);
        for pickup in &solution.pickups {
            let target = raw.cells.iter().position(|&ch| ch == pickup.key as u8).unwrap();
            let leg = leg_length(&raw, places[pickup.robot], target, held)
                .unwrap_or_else(|| panic!("no leg to {}\n{text}", pickup.key));
            total += leg;
            assert_eq!(total, pickup.steps, "maze:\n{text}");
            held |= raw.key_at(target);
            places[pickup.robot] = target;
        }
        assert_eq!(held, raw.keys);
        assert_eq!(total, solution.steps);
        replayed += 1;
    }
    assert!(replayed >= 300);
}

/// Steps from `from` to `to` through open doors, held keys and floor only.
fn leg_length(maze: &RawMaze, from: usize, to: usize, held: u32) -> Option<u32> {
    let mut distance = vec![u32::MAX; maze.cells.len()];
    distance[from] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        if cell == to {
            return Some(distance[cell]);
        }
        if cell != from && maze.key_at(cell) & !held != 0 {
            continue;
        }
        for next in maze.neighbours(cell) {
            if distance[next] == u32::MAX && maze.enterable(next, held) {
                distance[next] = distance[cell] + 1;
                queue.push_back(next);
            }
        }
    }
    None
}

#[test]
fn both_parts_together_give_each_part_alone() {
    // `BothParts` solves part 2 from part 1's filled maze: it must give the very solutions (and
    // errors) of the parts solved apart, on one-robot maps with and without an open centre, maps
    // already split in four, and maps of two robots that have no part 1.
    let mut rng = Random::new(1812);
    let mut with_centre = 0;
    for round in 0..600 {
        let text = match round % 4 {
            0 => common::small_maze(&mut rng),
            1 => common::small_two_robot_maze(&mut rng),
            2 => common::small_four_robot_maze(&mut rng),
            _ => parse(&common::small_four_robot_maze(&mut rng)).unwrap().one_robot().unwrap().render(),
        };
        let maze = parse(&text).unwrap();
        with_centre += usize::from(maze.has_open_centre() || maze.robots().len() == 4);
        let (limits, progress) = (day18_keys::Limits::default(), day18_keys::Progress::default());
        let mut parts = day18_keys::BothParts::new(&maze);
        assert_eq!(parts.part1_within(limits, &progress), day18_keys::solve_part1(&maze), "{text}");
        assert_eq!(parts.part2_within(limits, &progress), day18_keys::solve_part2(&maze), "{text}");
        // Part 2 alone, without part 1 first, is the plain part 2.
        let mut alone = day18_keys::BothParts::new(&maze);
        assert_eq!(alone.part2_within(limits, &progress), day18_keys::solve_part2(&maze), "{text}");
    }
    assert!(with_centre >= 250, "only {with_centre} of 600 maps have a centre to split or join");
}

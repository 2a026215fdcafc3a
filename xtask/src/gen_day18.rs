//! `cargo xtask gen-day18 <SEED> [--out FILE]`: a full-size day 18 maze made from a seed.
//!
//! Built like the real inputs: an 81x81 map whose four 40-room quadrants are each a perfect maze
//! of one-wide corridors (carved by a randomised depth-first backtracker, so corridors are long
//! and dead ends many), joined only through the open centre `...`/`.@.`/`...` that part 2
//! splits. Then a few walls inside quadrants are knocked out (a few loops), 26 keys go on
//! rooms, mostly dead ends, and 26 doors on corridors.
//!
//! Doors never make the maze unsolvable: a random collection order is drawn first, and the door
//! of the key collected `i`-th is put on a corridor cell all of whose keys beyond it (seen from
//! the centre) come later than `i` in that order. Collecting in that order then passes only doors
//! already open, in part 1 and in part 2 alike (a vault's robot stands on the way from the centre
//! into its quadrant). Doors often guard keys in another quadrant than their own key, so part 2's
//! robots depend on each other, as in the real inputs. A door with no such cell left goes to a
//! corridor with no key beyond it. Loops are cut after the doors are placed: they only add ways.

use anyhow::Result;
use testkit::Random;

const SIZE: usize = 81;
const CENTRE: usize = SIZE / 2;
const KEYS: usize = 26;
/// Random corridor cells drawn for a door, of which the nearest to the centre gets it.
const DOOR_PICKS: usize = 6;

pub fn main(args: &[String]) -> Result<()> {
    crate::run_generator("gen-day18", "gen-day18 <SEED> [--out FILE [--force]]", args, |seed| {
        Ok(generate(seed))
    })
}

/// The maze for `seed`, as text with one `\n`-ended line a row.
pub fn generate(seed: u64) -> String {
    let mut random = Random::new(seed);
    let mut cells = vec![b'#'; SIZE * SIZE];
    for (rows, cols) in quadrants() {
        carve_quadrant(&mut random, &mut cells, rows, cols);
    }
    for row in CENTRE - 1..=CENTRE + 1 {
        for col in CENTRE - 1..=CENTRE + 1 {
            cells[row * SIZE + col] = b'.';
        }
    }
    cells[CENTRE * SIZE + CENTRE] = b'@';

    let tree = tree_from_centre(&cells);
    let mut depth = vec![0; cells.len()];
    for &(cell, parent) in &tree {
        if parent != cell {
            depth[cell] = depth[parent] + 1;
        }
    }
    let rooms = key_rooms(&mut random, &cells, &depth);
    let mut order: Vec<usize> = (0..KEYS).collect();
    random.shuffle(&mut order);
    // order[i] is the letter collected i-th; `rank[letter]` is its place in the order.
    let mut rank = [0; KEYS];
    for (place, &letter) in order.iter().enumerate() {
        rank[letter] = place;
    }
    for (letter, &room) in rooms.iter().enumerate() {
        cells[room] = b'a' + letter as u8;
    }
    place_doors(&mut random, &mut cells, &tree, &depth, &rank);
    knock_out_loops(&mut random, &mut cells);

    let mut text = String::with_capacity(cells.len() + SIZE);
    for row in cells.chunks(SIZE) {
        text.push_str(&String::from_utf8_lossy(row));
        text.push('\n');
    }
    text
}

/// The (rows, columns) of each quadrant's rooms: odd coordinates on its side of the centre.
fn quadrants() -> [(std::ops::Range<usize>, std::ops::Range<usize>); 4] {
    let low = 1..CENTRE;
    let high = CENTRE + 1..SIZE - 1;
    [(low.clone(), low.clone()), (low.clone(), high.clone()), (high.clone(), low), (high.clone(), high)]
}

fn is_room(cell: usize) -> bool {
    (cell / SIZE) % 2 == 1 && (cell % SIZE) % 2 == 1
}

/// A perfect maze over the quadrant's rooms: depth-first, moving to a random unvisited room two
/// cells away and opening the wall between.
fn carve_quadrant(
    random: &mut Random,
    cells: &mut [u8],
    rows: std::ops::Range<usize>,
    cols: std::ops::Range<usize>,
) {
    let inside = |row: usize, col: usize| rows.contains(&row) && cols.contains(&col);
    let start = (
        rows.start + 2 * random.below(rows.len().div_ceil(2)),
        cols.start + 2 * random.below(cols.len().div_ceil(2)),
    );
    cells[start.0 * SIZE + start.1] = b'.';
    let mut stack = vec![start];
    while let Some(&(row, col)) = stack.last() {
        let mut fresh = Vec::with_capacity(4);
        for (dr, dc) in [(-2, 0), (0, -2), (0, 2), (2, 0)] {
            let (Some(r), Some(c)) = (row.checked_add_signed(dr), col.checked_add_signed(dc)) else {
                continue;
            };
            if inside(r, c) && cells[r * SIZE + c] == b'#' {
                fresh.push((r, c));
            }
        }
        if fresh.is_empty() {
            stack.pop();
            continue;
        }
        let (r, c) = fresh[random.below(fresh.len())];
        cells[r * SIZE + c] = b'.';
        cells[usize::midpoint(row, r) * SIZE + usize::midpoint(col, c)] = b'.';
        stack.push((r, c));
    }
}

fn open_neighbours(cells: &[u8], cell: usize) -> impl Iterator<Item = usize> + '_ {
    [cell - SIZE, cell - 1, cell + 1, cell + SIZE].into_iter().filter(move |&next| cells[next] != b'#')
}

/// Breadth-first parents from the centre over the open cells (the centre's parent is itself),
/// in the order cells were reached.
fn tree_from_centre(cells: &[u8]) -> Vec<(usize, usize)> {
    let start = CENTRE * SIZE + CENTRE;
    let mut parent = vec![usize::MAX; cells.len()];
    parent[start] = start;
    let mut order = vec![(start, start)];
    let mut head = 0;
    while let Some(&(cell, _)) = order.get(head) {
        head += 1;
        for next in open_neighbours(cells, cell) {
            if parent[next] == usize::MAX {
                parent[next] = cell;
                order.push((next, cell));
            }
        }
    }
    order
}

fn in_centre(cell: usize) -> bool {
    (CENTRE - 1..=CENTRE + 1).contains(&(cell / SIZE)) && (CENTRE - 1..=CENTRE + 1).contains(&(cell % SIZE))
}

/// 26 distinct rooms for the keys: the farther from the centre of two random rooms each time,
/// so keys lie along the long corridors as well as at their ends, and other keys' ways pass
/// over them (which constrains the collection order, as in real inputs).
fn key_rooms(random: &mut Random, cells: &[u8], depth: &[usize]) -> Vec<usize> {
    let rooms: Vec<usize> =
        (0..cells.len()).filter(|&cell| is_room(cell) && cells[cell] == b'.' && !in_centre(cell)).collect();
    let mut chosen: Vec<usize> = Vec::with_capacity(KEYS);
    while chosen.len() < KEYS {
        let (first, second) = (rooms[random.below(rooms.len())], rooms[random.below(rooms.len())]);
        let room = if depth[first] >= depth[second] { first } else { second };
        if !chosen.contains(&room) {
            chosen.push(room);
        }
    }
    chosen
}

/// One door a letter, on a corridor cell (between two rooms) whose keys beyond, seen from the
/// centre, all come later in the collection order than the door's own key.
fn place_doors(
    random: &mut Random,
    cells: &mut [u8],
    tree: &[(usize, usize)],
    depth: &[usize],
    rank: &[usize; KEYS],
) {
    // The earliest rank among the keys in each cell's subtree (usize::MAX: none).
    let mut earliest = vec![usize::MAX; cells.len()];
    for &(cell, parent) in tree.iter().rev() {
        if cells[cell].is_ascii_lowercase() {
            earliest[cell] = earliest[cell].min(rank[usize::from(cells[cell] - b'a')]);
        }
        if parent != cell {
            earliest[parent] = earliest[parent].min(earliest[cell]);
        }
    }
    let corridors: Vec<usize> =
        tree.iter().map(|&(cell, _)| cell).filter(|&cell| !is_room(cell) && !in_centre(cell)).collect();
    for (letter, &letter_rank) in rank.iter().enumerate() {
        let guarding: Vec<usize> = corridors
            .iter()
            .copied()
            .filter(|&cell| {
                cells[cell] == b'.' && earliest[cell] != usize::MAX && earliest[cell] > letter_rank
            })
            .collect();
        let pool = if guarding.is_empty() {
            corridors
                .iter()
                .copied()
                .filter(|&cell| cells[cell] == b'.' && earliest[cell] == usize::MAX)
                .collect()
        } else {
            guarding
        };
        if !pool.is_empty() {
            // The nearest to the centre of a few random picks: doors high in the tree guard
            // many keys, which is what makes real inputs' key orders so constrained.
            let pick =
                (0..DOOR_PICKS).map(|_| pool[random.below(pool.len())]).min_by_key(|&cell| depth[cell]);
            if let Some(cell) = pick {
                cells[cell] = b'A' + letter as u8;
            }
        }
    }
}

/// Opens two to five walls between rooms of the same quadrant: a few loops.
fn knock_out_loops(random: &mut Random, cells: &mut [u8]) {
    let loops = 2 + random.below(4);
    let mut made = 0;
    while made < loops {
        let (row, col) = (1 + random.below(SIZE - 2), 1 + random.below(SIZE - 2));
        let cell = row * SIZE + col;
        // A wall between two rooms: odd row and even column, or the other way round.
        let between = (row % 2 == 1) != (col % 2 == 1);
        if between && row != CENTRE && col != CENTRE && cells[cell] == b'#' {
            cells[cell] = b'.';
            made += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_generated_mazes_regenerate_byte_for_byte() {
        // inputs/answers.txt: generated-1/2/3.txt are `cargo xtask gen-day18 1`, `... 4`, `... 6`.
        for (number, seed) in [(1, 1), (2, 4), (3, 6)] {
            let file = testkit::inputs_dir().join(format!("day18/generated-{number}.txt"));
            let committed = std::fs::read_to_string(&file).expect("the generated maze is committed");
            assert_eq!(generate(seed), committed, "{}", file.display());
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_maze_and_another_seed_another() {
        assert_eq!(generate(7), generate(7));
        assert_ne!(generate(7), generate(8));
    }

    #[test]
    fn a_maze_is_81_by_81_with_26_keys_26_doors_and_the_open_centre() {
        for seed in 0..20 {
            let text = generate(seed);
            let rows: Vec<&str> = text.lines().collect();
            assert_eq!(rows.len(), SIZE);
            assert!(rows.iter().all(|row| row.len() == SIZE));
            for letter in b'a'..=b'z' {
                assert_eq!(text.bytes().filter(|&ch| ch == letter).count(), 1, "seed {seed} key {letter}");
                let upper = letter.to_ascii_uppercase();
                assert_eq!(text.bytes().filter(|&ch| ch == upper).count(), 1, "seed {seed} door {upper}");
            }
            assert_eq!(&rows[CENTRE - 1][CENTRE - 1..=CENTRE + 1], "...");
            assert_eq!(&rows[CENTRE][CENTRE - 1..=CENTRE + 1], ".@.");
            assert_eq!(&rows[CENTRE + 1][CENTRE - 1..=CENTRE + 1], "...");
            // Walls all round, and the quadrants meet only at the centre.
            assert!(rows[0].bytes().chain(rows[SIZE - 1].bytes()).all(|ch| ch == b'#'));
            for (row, line) in rows.iter().enumerate() {
                let open = |col: usize| line.as_bytes()[col] != b'#';
                assert!(!open(0) && !open(SIZE - 1));
                if row != CENTRE && !(CENTRE - 1..=CENTRE + 1).contains(&row) {
                    assert!(!open(CENTRE), "seed {seed}: column {CENTRE} open at row {row}");
                }
            }
            let middle = rows[CENTRE].as_bytes();
            assert!(
                (0..SIZE)
                    .filter(|col| !(CENTRE - 1..=CENTRE + 1).contains(col))
                    .all(|col| middle[col] == b'#')
            );
        }
    }
}

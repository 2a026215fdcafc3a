//! Independent references for the cross-checks, written for obviousness, not speed. They read
//! the text themselves and share no code with the library.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use testkit::Random;

/// A maze as plain bytes.
#[derive(Clone, Debug)]
pub struct RawMaze {
    pub width: usize,
    pub cells: Vec<u8>,
    pub robots: Vec<usize>,
    /// Keys present, bit `i` for letter `i`.
    pub keys: u32,
}

impl RawMaze {
    pub fn read(text: &str) -> RawMaze {
        let rows: Vec<&str> =
            text.lines().map(|line| line.trim_end_matches('\r')).filter(|line| !line.is_empty()).collect();
        let width = rows[0].len();
        let mut cells = Vec::new();
        for row in &rows {
            assert_eq!(row.len(), width, "the reference reads rectangular maps only");
            cells.extend_from_slice(row.as_bytes());
        }
        let robots = (0..cells.len()).filter(|&cell| cells[cell] == b'@').collect();
        let keys =
            cells.iter().filter(|ch| ch.is_ascii_lowercase()).fold(0, |keys, ch| keys | 1 << (ch - b'a'));
        RawMaze { width, cells, robots, keys }
    }

    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        let width = self.width;
        let up = cell.checked_sub(width);
        let left = (!cell.is_multiple_of(width)).then(|| cell - 1);
        let right = (cell % width + 1 < width).then_some(cell + 1);
        let down = Some(cell + width).filter(|&next| next < self.cells.len());
        [up, left, right, down].into_iter().flatten()
    }

    /// Can a robot holding `held` step onto `cell`? Doors open only with their key.
    pub fn enterable(&self, cell: usize, held: u32) -> bool {
        match self.cells[cell] {
            b'#' => false,
            door @ b'A'..=b'Z' => held & 1 << (door - b'A') != 0,
            _ => true,
        }
    }

    /// Keys picked up on entering `cell`.
    pub fn key_at(&self, cell: usize) -> u32 {
        match self.cells[cell] {
            key @ b'a'..=b'z' => 1 << (key - b'a'),
            _ => 0,
        }
    }

    /// Cells a robot could ever reach from `start`, all doors open.
    fn region(&self, start: usize) -> Vec<usize> {
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![start];
        seen[start] = true;
        let mut region = Vec::new();
        while let Some(cell) = stack.pop() {
            region.push(cell);
            for next in self.neighbours(cell) {
                if !seen[next] && self.cells[next] != b'#' {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        region
    }

    /// The map with the single robot's open centre split into four robots, or `None`.
    pub fn split_centre(&self) -> Option<RawMaze> {
        let [robot] = self.robots[..] else { return None };
        let w = self.width;
        let around = [
            robot - w - 1,
            robot - w,
            robot - w + 1,
            robot - 1,
            robot + 1,
            robot + w - 1,
            robot + w,
            robot + w + 1,
        ];
        if around.iter().any(|&cell| self.cells[cell] != b'.') {
            return None;
        }
        let mut split = self.clone();
        for cell in [robot, robot - w, robot - 1, robot + 1, robot + w] {
            split.cells[cell] = b'#';
        }
        for cell in [robot - w - 1, robot - w + 1, robot + w - 1, robot + w + 1] {
            split.cells[cell] = b'@';
        }
        split.robots = vec![robot - w - 1, robot - w + 1, robot + w - 1, robot + w + 1];
        Some(split)
    }
}

/// Plain breadth-first search over (every robot's cell, keys held), one robot moving one step
/// at a time: the obvious definition of the answer. Robots do not block each other. `None` when
/// the keys cannot all be collected.
pub fn brute_force(maze: &RawMaze) -> Option<u32> {
    let key_count = maze.keys.count_ones() as usize;
    // Dense state numbering: each robot's cell by its rank in the robot's region, then the keys
    // held, as a rank among the keys present.
    let regions: Vec<Vec<usize>> = maze.robots.iter().map(|&start| maze.region(start)).collect();
    let letters: Vec<u32> = (0..26).filter(|bit| maze.keys & 1 << bit != 0).collect();
    let compact = |held: u32| {
        letters
            .iter()
            .enumerate()
            .fold(0usize, |acc, (rank, bit)| acc | (((held >> bit) & 1) as usize) << rank)
    };
    let rank_of: Vec<HashMap<usize, usize>> = regions
        .iter()
        .map(|region| region.iter().enumerate().map(|(rank, &cell)| (cell, rank)).collect())
        .collect();
    let number = |cells: &[usize], held: u32| {
        let mut id = 0;
        for (robot, &cell) in cells.iter().enumerate() {
            id = id * regions[robot].len() + rank_of[robot][&cell];
        }
        (id << key_count) | compact(held)
    };
    let total = regions.iter().map(Vec::len).product::<usize>() << key_count;
    let mut seen = vec![false; total];
    let start = maze.robots.clone();
    let start_held = start.iter().fold(0, |held, &cell| held | maze.key_at(cell));
    seen[number(&start, start_held)] = true;
    let mut queue = VecDeque::from([(start, start_held, 0u32)]);
    while let Some((cells, held, steps)) = queue.pop_front() {
        if held == maze.keys {
            return Some(steps);
        }
        for robot in 0..cells.len() {
            for next in maze.neighbours(cells[robot]).collect::<Vec<_>>() {
                if !maze.enterable(next, held) {
                    continue;
                }
                let mut moved = cells.clone();
                moved[robot] = next;
                let now = held | maze.key_at(next);
                let id = number(&moved, now);
                if !seen[id] {
                    seen[id] = true;
                    queue.push_back((moved, now, steps + 1));
                }
            }
        }
    }
    None
}

/// Dijkstra over (robot cells, keys held) where a move walks one robot to a key it does not
/// hold, found by a fresh breadth-first search of the raw grid from that robot (through open
/// doors and held keys only). Exact like [`brute_force`] and fast enough for full-size mazes:
/// the independent check of the answers file.
pub fn grid_dijkstra(maze: &RawMaze) -> Option<u32> {
    // A state is (robot cells, 16 bits each, keys held).
    type State = (u64, u32);
    let cell_of = |cells: u64, robot: usize| ((cells >> (16 * robot)) & 0xffff) as usize;
    let start: State = (
        maze.robots.iter().enumerate().fold(0, |cells, (robot, &cell)| cells | (cell as u64) << (16 * robot)),
        0,
    );
    let mut best: HashMap<State, u32> = HashMap::from([(start, 0)]);
    let mut heap = BinaryHeap::from([Reverse((0u32, start))]);
    let mut distance = vec![u32::MAX; maze.cells.len()];
    let mut queue = VecDeque::new();
    while let Some(Reverse((steps, (cells, held)))) = heap.pop() {
        if best[&(cells, held)] < steps {
            continue;
        }
        if held == maze.keys {
            return Some(steps);
        }
        for robot in 0..maze.robots.len() {
            let from = cell_of(cells, robot);
            distance.fill(u32::MAX);
            distance[from] = 0;
            queue.push_back(from);
            while let Some(cell) = queue.pop_front() {
                let key = maze.key_at(cell);
                if key != 0 && held & key == 0 {
                    let moved = cells & !(0xffff << (16 * robot)) | (cell as u64) << (16 * robot);
                    let next = (moved, held | key);
                    let cost = steps + distance[cell];
                    if best.get(&next).is_none_or(|&known| cost < known) {
                        best.insert(next, cost);
                        heap.push(Reverse((cost, next)));
                    }
                    continue; // Walking on would collect this key first: another move.
                }
                for next in maze.neighbours(cell) {
                    if distance[next] == u32::MAX && maze.enterable(next, held) {
                        distance[next] = distance[cell] + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    None
}

/// Puts `keys` keys and some doors on random open cells (`.` only). Some doors belong to keys
/// that are not in the maze, and some keys sit behind their own doors: both make mazes without
/// an answer, which the checks need too.
fn scatter(rng: &mut Random, cells: &mut [u8], keys: usize) {
    let place = |rng: &mut Random, cells: &mut [u8], ch: u8| {
        let open: Vec<usize> = (0..cells.len()).filter(|&cell| cells[cell] == b'.').collect();
        if !open.is_empty() {
            cells[open[rng.below(open.len())]] = ch;
        }
    };
    for letter in 0..keys as u8 {
        place(rng, cells, b'a' + letter);
        if rng.chance(70, 100) {
            place(rng, cells, b'A' + letter);
        }
    }
    if rng.chance(10, 100) {
        place(rng, cells, b'A' + keys as u8);
    }
}

fn text(width: usize, cells: &[u8]) -> String {
    let mut text = String::new();
    for row in cells.chunks(width) {
        text.push_str(&String::from_utf8_lossy(row));
        text.push('\n');
    }
    text
}

/// A small one-robot maze: walls around, random walls inside (so loops and open rooms happen),
/// up to 7 keys and their doors.
pub fn small_maze(rng: &mut Random) -> String {
    let (width, height) = (5 + rng.below(5), 4 + rng.below(5));
    let wall_percent = 15 + rng.below(30);
    let mut cells = vec![b'#'; width * height];
    for row in 1..height - 1 {
        for col in 1..width - 1 {
            if !rng.chance(wall_percent, 100) {
                cells[row * width + col] = b'.';
            }
        }
    }
    let open: Vec<usize> = (0..cells.len()).filter(|&cell| cells[cell] == b'.').collect();
    if open.is_empty() {
        cells[width + 1] = b'@';
        return text(width, &cells);
    }
    cells[open[rng.below(open.len())]] = b'@';
    let keys = rng.below(8);
    scatter(rng, &mut cells, keys);
    text(width, &cells)
}

/// A small four-robot maze: a 9x9 map split at the centre into four 3x3 vaults, one robot each
/// at the vault's inner corner; keys and doors anywhere, so doors often wait on another vault's
/// key. Now and then a gap in the dividing walls lets two robots share ground.
pub fn small_four_robot_maze(rng: &mut Random) -> String {
    let size = 9;
    let centre = 4;
    let mut cells = vec![b'#'; size * size];
    let wall_percent = 10 + rng.below(30);
    for row in 1..size - 1 {
        for col in 1..size - 1 {
            if row != centre && col != centre && !rng.chance(wall_percent, 100) {
                cells[row * size + col] = b'.';
            }
        }
    }
    if rng.chance(15, 100) {
        let gap = [1, 2, 6, 7][rng.below(4)];
        let cell = if rng.chance(50, 100) { centre * size + gap } else { gap * size + centre };
        cells[cell] = b'.';
    }
    for (row, col) in [(3, 3), (3, 5), (5, 3), (5, 5)] {
        cells[row * size + col] = b'@';
    }
    let keys = rng.below(6);
    scatter(rng, &mut cells, keys);
    text(size, &cells)
}

/// A small map with two robots sharing one region: neither vaults nor owners.
pub fn small_two_robot_maze(rng: &mut Random) -> String {
    loop {
        let one = small_maze(rng);
        let mut cells: Vec<u8> = one.bytes().filter(|&ch| ch != b'\n').collect();
        let width = one.find('\n').unwrap_or(1);
        let open: Vec<usize> = (0..cells.len()).filter(|&cell| cells[cell] == b'.').collect();
        if !open.is_empty() {
            cells[open[rng.below(open.len())]] = b'@';
            return text(width, &cells);
        }
    }
}

//! # Corridors: the maze collapsed to the places where something happens
//!
//! 1. **Dead ends are filled**: a floor or door cell with at most one open neighbour, not a key or
//!    a robot, can never be on a useful way; filling it may make its neighbour a dead end too.
//!    Most of a real maze is such dead ends.
//! 2. **Corridors are collapsed**: what remains is keys, robots and junctions (three or more open
//!    neighbours) joined by one-wide corridors. A corridor becomes one weighted edge carrying the
//!    letters of its doors.
//!
//! ```text
//!   #########        a ---3 {B}--- * ---1--- @
//!   #a.B.*.@#                      |
//!   #####.###                      2
//!   #####b###                      b
//! ```
//!
//! The work is done on a copy of the grid with a ring of wall around it, one byte a cell (robots
//! get a byte of their own, so "never filled" is a range test on the byte), so a cell's
//! neighbours are always at -width, -1, +1, +width: no bounds checks in the loops. Each open
//! cell also keeps a 4-bit mask of its open sides, kept up to date as dead ends are filled, so a
//! dead end's one neighbour and a corridor cell's way on are a bit test, not a look around.
//! The passes over every cell (the bytes, the open sides, the first dead ends) are branch-free
//! so they vectorise: they are most of the work on an 81x81 maze, where the graph has a few
//! dozen nodes. Each corridor is walked once, from the end found first, and gives both ends
//! their edge; the far end's side onto it is closed so that end does not walk it back. The
//! graph is explored from the robots, so parts of the maze no robot reaches get no nodes. A
//! door whose key is not in the maze never opens: it is a wall here.
//!
//! ## Part 2 from part 1's filling
//! Filling keeps exactly the largest set of open cells in which every cell but the keys and
//! robots has two open neighbours, whatever order the dead ends are filled in. Part 2's maze is
//! part 1's with its centre walled off, so that set is smaller for part 2 and lies inside part
//! 1's: part 2's filling can start from part 1's result, wall the centre, and fill on from the
//! four cells beyond it, the only ones that can have lost a second open side (the centre's
//! corners, now robots, keep theirs). Filling a real maze from scratch was a tenth of a whole
//! run of both parts; this way part 2's costs a copy of two byte grids.

use crate::key_graph::LETTERS;
use crate::maze::{Maze, Tile};
use rustc_hash::FxHashMap;

/// A corridor between two nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    pub(crate) to: u32,
    pub(crate) steps: u32,
    /// Door letters inside the corridor (not at its ends).
    pub(crate) doors: u32,
}

/// A node of the collapsed maze: a key, a robot start, or a junction (which may be a door).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Node {
    /// The door letter to hold before stepping on this node.
    pub(crate) arrive_needs: u32,
    /// The key letter to hold before walking on past this node.
    pub(crate) pass_needs: u32,
    /// The key on this node.
    pub(crate) key: Option<u8>,
}

/// Most corridors from one node: one a side.
const MAX_EDGES: usize = 4;

/// Nodes the graph has room for before it grows: the real 81x81 mazes have 34 to 47.
const EXPECTED_NODES: usize = 64;

/// The maze after dead-end filling and corridor collapsing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Corridors {
    pub(crate) nodes: Vec<Node>,
    /// Edges of node `n`: the first `edge_count[n]` of `edges[n * MAX_EDGES..]`.
    edge_count: Vec<u8>,
    edges: Vec<Edge>,
    pub(crate) key_node: [Option<u32>; LETTERS],
    pub(crate) robot_node: Vec<u32>,
}

/// A cell of the rimmed byte grid the corridors are found on.
const WALL: u8 = 0;
const FLOOR: u8 = 1;
/// `KEY + k` is key `k`; `DOOR + d` is door `d`.
const KEY: u8 = 2;
/// A robot's start: floor that is never filled and is always a node, like a key.
const ROBOT: u8 = KEY + LETTERS as u8;
const DOOR: u8 = 32;

fn is_key(tile: u8) -> bool {
    (KEY..KEY + LETTERS as u8).contains(&tile)
}

/// Keys and robots: cells never filled, and always nodes.
fn is_kept(tile: u8) -> bool {
    (KEY..=ROBOT).contains(&tile)
}

/// The door letter of each tile as a bit, 0 for all but doors: a corridor ORs these up as it
/// goes, with no branch.
const DOOR_BIT: [u32; 256] = {
    let mut table = [0; 256];
    let mut door = 0;
    while door < LETTERS {
        table[DOOR as usize + door] = 1 << door;
        door += 1;
    }
    table
};

/// The sides of a cell, as bits of its open mask: up, left, right, down. Side `3 - d` is the
/// opposite of side `d`.
const SIDES: usize = 4;
const ALL_SIDES: u8 = (1 << SIDES) - 1;
/// A bit of the open mask beside the sides: the cell is a node of the graph (see
/// [`Corridors::new`]).
const NODE: u8 = 1 << SIDES;

/// Open neighbours of a cell with each open mask.
const DEGREE: [u8; 1 << SIDES] = {
    let mut table = [0; 1 << SIDES];
    let mut mask = 0;
    while mask < 1 << SIDES {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
};

/// The maze on a rimmed byte grid after dead-end filling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Filled {
    tile: Vec<u8>,
    /// Which sides of each open cell are open, bit `d` for the side `d` of [`SIDES`]: a corridor
    /// cell's way on is the one open side it did not come in by, with no search.
    open: Vec<u8>,
    robot_cells: Vec<usize>,
    /// The index step to the neighbour on each side.
    step: [usize; SIDES],
}

impl Filled {
    pub(crate) fn new(maze: &Maze) -> Self {
        let keys = maze.keys();
        let grid = maze.grid();
        // A ring of wall around the maze: every open cell has all four neighbours in the grid.
        let (inner_width, width) = (grid.width(), grid.width() + 2);
        let len = width * (grid.height() + 2);
        let step = [width.wrapping_neg(), usize::MAX, 1, width];
        let mut tile = vec![WALL; len];
        for (row, cells) in grid.cells().chunks_exact(inner_width).enumerate() {
            let out = &mut tile[(row + 1) * width + 1..][..inner_width];
            for (out, &t) in out.iter_mut().zip(cells) {
                *out = match t {
                    Tile::Open => FLOOR,
                    Tile::Key(key) => KEY + key,
                    Tile::Door(door) if keys & 1 << door != 0 => DOOR + door,
                    // A door whose key is not in the maze never opens.
                    Tile::Wall | Tile::Door(_) => WALL,
                };
            }
        }
        let robot_cells: Vec<usize> = maze.robots().iter().map(|&cell| grid.index_with_rim(cell)).collect();
        for &cell in &robot_cells {
            tile[cell] = ROBOT;
        }

        // The open sides of every inner cell, branch-free so it vectorises.
        let mut open = vec![0u8; len];
        let inner = width..len - width;
        let (up, down) = (&tile[..len - 2 * width], &tile[2 * width..]);
        let (left, right) = (&tile[width - 1..len - width - 1], &tile[width + 1..=len - width]);
        for ((((out, &u), &l), &r), &d) in open[inner].iter_mut().zip(up).zip(left).zip(right).zip(down) {
            *out = u8::from(u != WALL)
                | u8::from(l != WALL) << 1
                | u8::from(r != WALL) << 2
                | u8::from(d != WALL) << 3;
        }
        // The first dead ends (open, at most one open side, not kept): a flag byte a cell,
        // branch-free so it vectorises, then read eight flags at a time, where a test of each
        // cell in turn was a tenth of the whole run.
        let mut seeds: Vec<u8> = tile
            .iter()
            .zip(&open)
            .map(|(&t, &sides)| {
                u8::from(t != WALL) & u8::from(sides & sides.wrapping_sub(1) == 0) & u8::from(!is_kept(t))
            })
            .collect();
        // Whole words only: the padding flags no cell.
        seeds.resize(len.next_multiple_of(8), 0);
        let mut filled = Filled { tile, open, robot_cells, step };
        for (word_index, word) in seeds.chunks_exact(8).enumerate() {
            let mut flags = u64::from_le_bytes(word.try_into().unwrap_or_default());
            while flags != 0 {
                filled.fill_from(word_index * 8 + flags.trailing_zeros() as usize / 8);
                flags &= flags - 1;
            }
        }
        filled
    }

    /// Fills the dead end `cell`, and on along its one open side while that makes the next cell
    /// a dead end too.
    fn fill_from(&mut self, mut cell: usize) {
        let Filled { tile, open, step, .. } = self;
        while tile[cell] != WALL {
            tile[cell] = WALL;
            let sides = open[cell];
            if sides == 0 {
                break;
            }
            let side = sides.trailing_zeros() as usize;
            let next = cell.wrapping_add(step[side]);
            open[next] &= !(1 << (SIDES - 1 - side));
            // More than one side open (no node bits are set yet): the lowest set bit cleared
            // leaves some, a test on the byte in hand, not a table lookup.
            let sides = open[next];
            if is_kept(tile[next]) || sides & sides.wrapping_sub(1) != 0 {
                break;
            }
            cell = next;
        }
    }

    /// The filled maze of part 2, from this one of part 1: the robot's open centre, `centre`
    /// (an index of the rimmed grid), becomes `@#@`/`###`/`@#@` as in
    /// [`Maze::four_robots`](crate::maze::Maze::four_robots), and only the cells beside the
    /// new walls can become dead ends. Filling removes every floor cell that no set of cells
    /// with two open neighbours each (keys and robots aside) can hold; part 2's maze is part
    /// 1's with fewer open cells, so its largest such set lies inside part 1's, and filling on
    /// from part 1's result ends where filling part 2 from scratch does.
    pub(crate) fn four_robots(&self, centre: usize) -> Filled {
        let mut split = self.clone();
        let [up, left, right, down] = self.step.map(|step| centre.wrapping_add(step));
        let (up_left, down_right) = (up.wrapping_sub(1), down + 1);
        let (up_right, down_left) = (up + 1, down - 1);
        for cell in [centre, up, left, right, down] {
            split.tile[cell] = WALL;
            for (side, &step) in self.step.iter().enumerate() {
                split.open[cell.wrapping_add(step)] &= !(1 << (SIDES - 1 - side));
            }
        }
        split.robot_cells = vec![up_left, up_right, down_left, down_right];
        for &cell in &split.robot_cells {
            split.tile[cell] = ROBOT;
        }
        // The centre's ring stays open (its corners are robots now), so only the cells one
        // step beyond its sides can have lost their second open side.
        for (side, &step) in self.step.iter().enumerate() {
            let beyond = [up, left, right, down][side].wrapping_add(step);
            let sides = split.open[beyond];
            if split.tile[beyond] != WALL
                && !is_kept(split.tile[beyond])
                && sides & sides.wrapping_sub(1) == 0
            {
                split.fill_from(beyond);
            }
        }
        split
    }
}

impl Corridors {
    /// Bytes the graph holds on the heap, counted against a search's memory limit.
    pub(crate) fn heap_bytes(&self) -> u64 {
        (self.nodes.capacity() * size_of::<Node>()
            + self.edge_count.capacity()
            + self.edges.capacity() * size_of::<Edge>()
            + self.robot_node.capacity() * size_of::<u32>()) as u64
    }

    /// The corridors of `maze`.
    pub(crate) fn new(maze: &Maze) -> Self {
        Self::from_filled(Filled::new(maze))
    }

    /// The corridors of a maze whose dead ends are filled.
    pub(crate) fn from_filled(filled: Filled) -> Self {
        let Filled { tile, mut open, robot_cells, step } = filled;

        // The collapsed graph, explored from the robots: parts of the maze no robot reaches
        // get no nodes, so their keys show up as never collectable.
        // Room for a real maze's few dozen nodes from the start: growing these four a node at a
        // time was a tenth of the graph's building.
        let mut graph = Corridors {
            nodes: Vec::with_capacity(EXPECTED_NODES),
            edge_count: Vec::with_capacity(EXPECTED_NODES),
            edges: Vec::with_capacity(EXPECTED_NODES * MAX_EDGES),
            key_node: [None; LETTERS],
            robot_node: Vec::with_capacity(robot_cells.len()),
        };
        // The node of each node cell: a few dozen of some thousands of cells, so a map, where an
        // index of every cell costs more to clear than all its lookups.
        let mut node_of: FxHashMap<usize, u32> =
            FxHashMap::with_capacity_and_hasher(EXPECTED_NODES, rustc_hash::FxBuildHasher);
        let mut cells = Vec::with_capacity(EXPECTED_NODES);
        for &cell in &robot_cells {
            let id = graph.add_node(&tile, &mut open, &mut node_of, &mut cells, cell);
            graph.robot_node.push(id);
        }
        let mut next_node = 0;
        while next_node < graph.nodes.len() {
            let cell = cells[next_node];
            for first_side in 0..SIDES {
                // Each corridor is walked once, from the end found first, which then closes the
                // far end's side onto it: the sides still open lead to corridors not yet walked.
                if open[cell] & 1 << first_side == 0 {
                    continue;
                }
                let (mut here, mut side, mut length, mut doors) =
                    (cell.wrapping_add(step[first_side]), first_side, 1, 0);
                // A node is kept, has three open sides or more, or was found already (and may
                // have had sides closed since).
                while open[here] & NODE == 0
                    && !is_kept(tile[here])
                    && DEGREE[usize::from(open[here] & ALL_SIDES)] < 3
                {
                    doors |= DOOR_BIT[usize::from(tile[here])];
                    // A corridor cell has two open sides: the one it was entered by, and the way on.
                    side = (open[here] & ALL_SIDES & !(1 << (SIDES - 1 - side))).trailing_zeros() as usize;
                    (here, length) = (here.wrapping_add(step[side]), length + 1);
                }
                let to = graph.add_node(&tile, &mut open, &mut node_of, &mut cells, here);
                open[here] &= !(1 << (SIDES - 1 - side));
                // A loop back to where it started is never on a shortest way.
                if to as usize != next_node {
                    graph.add_edge(next_node as u32, Edge { to, steps: length, doors });
                    graph.add_edge(to, Edge { to: next_node as u32, steps: length, doors });
                }
            }
            next_node += 1;
        }
        graph
    }

    /// The node on `cell`, added if it is new.
    fn add_node(
        &mut self,
        tile: &[u8],
        open: &mut [u8],
        node_of: &mut FxHashMap<usize, u32>,
        cells: &mut Vec<usize>,
        cell: usize,
    ) -> u32 {
        if open[cell] & NODE != 0 {
            return node_of[&cell];
        }
        let id = self.nodes.len() as u32;
        open[cell] |= NODE;
        node_of.insert(cell, id);
        let t = tile[cell];
        let key = is_key(t).then(|| t - KEY);
        if let Some(key) = key {
            self.key_node[usize::from(key)] = Some(id);
        }
        self.nodes.push(Node {
            arrive_needs: DOOR_BIT[usize::from(t)],
            pass_needs: key.map_or(0, |key| 1 << key),
            key,
        });
        self.edge_count.push(0);
        self.edges.extend([Edge { to: 0, steps: 0, doors: 0 }; MAX_EDGES]);
        cells.push(cell);
        id
    }

    fn add_edge(&mut self, from: u32, edge: Edge) {
        let count = &mut self.edge_count[from as usize];
        self.edges[from as usize * MAX_EDGES + usize::from(*count)] = edge;
        *count += 1;
    }

    pub(crate) fn edges(&self, node: u32) -> &[Edge] {
        let node = node as usize;
        &self.edges[node * MAX_EDGES..][..usize::from(self.edge_count[node])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::Random;

    /// A random one-robot map of `size` x `size` around an open centre `...`/`.@.`/`...`:
    /// random walls (so dead ends, loops and rooms), keys and doors; some doors' keys missing.
    fn open_centre_map(rng: &mut Random, size: usize) -> String {
        let centre = size / 2;
        let wall_percent = 20 + rng.below(40);
        let mut cells = vec![b'#'; size * size];
        for row in 1..size - 1 {
            for col in 1..size - 1 {
                let near_centre = row.abs_diff(centre) <= 1 && col.abs_diff(centre) <= 1;
                if near_centre || !rng.chance(wall_percent, 100) {
                    cells[row * size + col] = b'.';
                }
            }
        }
        cells[centre * size + centre] = b'@';
        for letter in 0..rng.below(6) as u8 {
            for ch in [b'a' + letter, b'A' + letter + u8::from(rng.chance(20, 100))] {
                let cell = (size + 1) + rng.below(size * (size - 2) - 2);
                if cells[cell] == b'.' && cell.abs_diff(centre * size + centre) > size + 1 {
                    cells[cell] = ch;
                }
            }
        }
        cells.chunks(size).map(|row| String::from_utf8_lossy(row) + "\n").collect()
    }

    /// The cells a filled maze keeps open, and the open sides of each: the stale sides of
    /// filled cells are never read.
    fn kept_open(filled: &Filled) -> Vec<(u8, u8)> {
        filled
            .tile
            .iter()
            .zip(&filled.open)
            .map(|(&t, &o)| if t == WALL { (WALL, 0) } else { (t, o) })
            .collect()
    }

    #[test]
    fn part_2s_dead_ends_filled_on_from_part_1s_are_those_filled_from_scratch() {
        let mut rng = Random::new(1218);
        let mut refilled = 0;
        for round in 0..400 {
            let text = open_centre_map(&mut rng, 7 + round % 9);
            let maze = crate::parse(&text).unwrap();
            let centre = maze.open_centre().unwrap();
            let part1 = Filled::new(&maze);
            let on_from_part1 = part1.four_robots(maze.grid().index_with_rim(centre));
            let from_scratch = Filled::new(&maze.four_robots());
            assert_eq!(kept_open(&on_from_part1), kept_open(&from_scratch), "{text}");
            assert_eq!(on_from_part1.robot_cells, from_scratch.robot_cells, "{text}");
            assert_eq!(on_from_part1.step, from_scratch.step);
            // The test means something only if walling the centre often makes new dead ends.
            let open = |filled: &Filled| filled.tile.iter().filter(|&&t| t != WALL).count();
            refilled += usize::from(open(&part1) > open(&on_from_part1) + 1);
        }
        assert!(refilled >= 100, "only {refilled} of 400 mazes filled more than the centre");
    }
}

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
//! The work is done on a copy of the grid with a ring of wall around it ([`grid::Grid::with_rim`]),
//! one byte a cell, so a cell's neighbours are always at -width, -1, +1, +width
//! ([`grid::Offsets`]): no bounds checks in the loops. The
//! graph is explored from the robots, so parts of the maze no robot reaches get no nodes.
//! A door whose key is not in the maze never opens: it is a wall here.

use crate::key_graph::LETTERS;
use crate::maze::{Maze, Tile};
use grid::{Grid, Offsets};

/// A corridor between two nodes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub(crate) to: u32,
    pub(crate) steps: u32,
    /// Door letters inside the corridor (not at its ends).
    pub(crate) doors: u32,
}

/// A node of the collapsed maze: a key, a robot start, or a junction (which may be a door).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Node {
    /// The door letter to hold before stepping on this node.
    pub(crate) arrive_needs: u32,
    /// The key letter to hold before walking on past this node.
    pub(crate) pass_needs: u32,
    /// The key on this node.
    pub(crate) key: Option<u8>,
}

/// The maze after dead-end filling and corridor collapsing.
pub(crate) struct Corridors {
    pub(crate) nodes: Vec<Node>,
    /// Edges of node `n`: `edges[edge_start[n]..edge_start[n + 1]]`.
    edge_start: Vec<u32>,
    edges: Vec<Edge>,
    pub(crate) key_node: [Option<u32>; LETTERS],
    pub(crate) robot_node: Vec<u32>,
}

/// A cell of the rimmed byte grid the corridors are found on.
const WALL: u8 = 0;
const FLOOR: u8 = 1;
/// `KEY + k` is key `k`; `DOOR + d` is door `d`.
const KEY: u8 = 2;
const DOOR: u8 = 32;

fn is_key(tile: u8) -> bool {
    (KEY..KEY + LETTERS as u8).contains(&tile)
}

/// The maze on a rimmed byte grid after dead-end filling.
struct Filled {
    tile: Grid<u8>,
    /// Open neighbours of each open cell.
    degree: Vec<u8>,
    /// 1 on keys and robots: cells never filled, and always nodes.
    kept: Vec<u8>,
    robot_cells: Vec<usize>,
    offsets: Offsets,
}

impl Filled {
    fn new(maze: &Maze) -> Self {
        let keys = maze.keys();
        // A ring of wall around the maze: every open cell has all four neighbours at `offsets`.
        let mut tile = maze
            .grid()
            .map(|&t| match t {
                Tile::Open => FLOOR,
                Tile::Key(key) => KEY + key,
                Tile::Door(door) if keys & 1 << door != 0 => DOOR + door,
                // A door whose key is not in the maze never opens.
                Tile::Wall | Tile::Door(_) => WALL,
            })
            .with_rim(WALL);
        let (width, len, offsets) = (tile.width(), tile.len(), tile.offsets());
        let robot_cells: Vec<usize> =
            maze.robots().iter().map(|&cell| maze.grid().index_with_rim(cell)).collect();
        // Cells never filled: keys and robots. Robots are marked in `kept` only.
        let mut kept: Vec<u8> = tile.cells().iter().map(|&t| u8::from(is_key(t))).collect();
        for &cell in &robot_cells {
            kept[cell] = 1;
        }

        // Open neighbours of every inner cell, branch-free so it vectorises.
        let open: Vec<u8> = tile.cells().iter().map(|&t| u8::from(t != WALL)).collect();
        let mut degree = vec![0u8; len];
        let inner = width..len - width;
        let (up, down) = (&open[..len - 2 * width], &open[2 * width..]);
        let (left, right) = (&open[width - 1..len - width - 1], &open[width + 1..=len - width]);
        for ((((out, &u), &l), &r), &d) in degree[inner].iter_mut().zip(up).zip(left).zip(right).zip(down) {
            *out = u + l + r + d;
        }
        let mut dead_ends: Vec<usize> = (0..len)
            .filter(|&cell| open[cell] & u8::from(degree[cell] <= 1) & (kept[cell] ^ 1) != 0)
            .collect();
        while let Some(cell) = dead_ends.pop() {
            if tile[cell] == WALL {
                continue;
            }
            tile[cell] = WALL;
            for next in offsets.neighbours(cell) {
                if tile[next] != WALL {
                    degree[next] -= 1;
                    if degree[next] <= 1 && kept[next] == 0 {
                        dead_ends.push(next);
                    }
                }
            }
        }

        Filled { tile, degree, kept, robot_cells, offsets }
    }
}

impl Corridors {
    /// Bytes the graph holds on the heap, counted against a search's memory limit.
    pub(crate) fn heap_bytes(&self) -> u64 {
        (self.nodes.capacity() * size_of::<Node>()
            + self.edge_start.capacity() * size_of::<u32>()
            + self.edges.capacity() * size_of::<Edge>()
            + self.robot_node.capacity() * size_of::<u32>()) as u64
    }

    pub(crate) fn new(maze: &Maze) -> Self {
        let Filled { tile, degree, kept, robot_cells, offsets } = Filled::new(maze);
        let len = tile.len();

        // The collapsed graph, explored from the robots: parts of the maze no robot reaches
        // get no nodes, so their keys show up as never collectable.
        let mut node_of = vec![u32::MAX; len];
        let mut nodes = Vec::new();
        let mut cells = Vec::new();
        let mut key_node = [None; LETTERS];
        let add_node = |cell: usize,
                        nodes: &mut Vec<Node>,
                        node_of: &mut [u32],
                        cells: &mut Vec<usize>,
                        key_node: &mut [Option<u32>; LETTERS]| {
            let id = nodes.len() as u32;
            node_of[cell] = id;
            let t = tile[cell];
            let key = is_key(t).then(|| t - KEY);
            let arrive_needs = if t >= DOOR { 1 << (t - DOOR) } else { 0 };
            if let Some(key) = key {
                key_node[usize::from(key)] = Some(id);
            }
            nodes.push(Node { arrive_needs, pass_needs: key.map_or(0, |key| 1 << key), key });
            cells.push(cell);
            id
        };
        let robot_node: Vec<u32> = robot_cells
            .iter()
            .map(|&cell| {
                if node_of[cell] == u32::MAX {
                    add_node(cell, &mut nodes, &mut node_of, &mut cells, &mut key_node)
                } else {
                    node_of[cell]
                }
            })
            .collect();
        let is_node = |cell: usize| kept[cell] != 0 || degree[cell] >= 3;
        let mut adjacency: Vec<Vec<Edge>> = Vec::new();
        let mut next_node = 0;
        while next_node < nodes.len() {
            let cell = cells[next_node];
            let mut out = Vec::with_capacity(4);
            for first in offsets.neighbours(cell) {
                if tile[first] == WALL {
                    continue;
                }
                let (mut previous, mut here, mut length, mut doors) = (cell, first, 1, 0);
                while !is_node(here) {
                    if tile[here] >= DOOR {
                        doors |= 1 << (tile[here] - DOOR);
                    }
                    // A corridor cell has exactly two open neighbours: one behind, one ahead.
                    let Some(ahead) = offsets
                        .neighbours(here)
                        .into_iter()
                        .find(|&next| tile[next] != WALL && next != previous)
                    else {
                        break;
                    };
                    (previous, here, length) = (here, ahead, length + 1);
                }
                if !is_node(here) {
                    continue;
                }
                let to = if node_of[here] == u32::MAX {
                    add_node(here, &mut nodes, &mut node_of, &mut cells, &mut key_node)
                } else {
                    node_of[here]
                };
                if to as usize != next_node {
                    out.push(Edge { to, steps: length, doors });
                }
            }
            adjacency.push(out);
            next_node += 1;
        }
        let mut edge_start = Vec::with_capacity(nodes.len() + 1);
        let mut edges = Vec::new();
        for out in adjacency {
            edge_start.push(edges.len() as u32);
            edges.extend(out);
        }
        edge_start.push(edges.len() as u32);
        Corridors { nodes, edge_start, edges, key_node, robot_node }
    }

    pub(crate) fn edges(&self, node: u32) -> &[Edge] {
        &self.edges[self.edge_start[node as usize] as usize..self.edge_start[node as usize + 1] as usize]
    }
}

//! # A lower bound for A\*: the maze's bridge tree, where walks are easy to price
//!
//! Ignore doors, and the steps a robot still needs are those of the shortest walk from where it
//! stands through all the keys left to it. On a general graph that is a travelling-salesman
//! path; on a **tree** it has a closed form. List the points (the robot's place and the keys) in
//! depth-first preorder, `v1..vm`; the cyclic sum `d(v1,v2) + ... + d(vm,v1)` walks every edge of
//! the subtree spanning them exactly twice, and the best walk from `p` covers that subtree twice
//! except along its last leg, so
//!
//! ```text
//!   walk(p, keys) = sum of d(v_i, v_i+1) around the preorder cycle  -  max over keys k of d(p, k)
//! ```
//!
//! which is O(keys) per state: a few dozen additions, with keys numbered in preorder.
//!
//! A maze is not always a tree (the part 1 centre is a 3x3 room; generated mazes have loops).
//! Contracting every loop to a point (giving every corridor that is not a *bridge* length 0)
//! makes it one, the **bridge tree**, and only shortens walks, so the formula on it is still a
//! lower bound: admissible, and consistent, as it is the exact cost of a relaxed puzzle. Real
//! vaults are trees, where it is exact but for the doors.
//!
//! ```text
//!   a--3--*--2--b          a--3--(*,x,y)--2--b     the loop * x y costs nothing
//!         |\\                       |
//!         x-y--4--c                 4--c
//! ```

use crate::corridors::Corridors;
use crate::key_graph::{LETTERS, UNREACHABLE};

/// Distances in the bridge tree between the places of a [`crate::KeyGraph`], and the keys in
/// preorder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BridgeTree {
    places: usize,
    /// `distance[a * places + b]`, [`UNREACHABLE`] across separate parts of the maze.
    distance: Vec<u32>,
    /// Preorder rank of each place's contracted node.
    preorder: Vec<u32>,
    /// The keys present, in preorder.
    keys_in_preorder: Vec<u8>,
}

impl BridgeTree {
    /// The tree of `corridors`, with distances from and to the robots' starts and the keys
    /// that are not `held_from_start` (the keys en route, which the search never walks to).
    pub(crate) fn new(corridors: &Corridors, robots: usize, held_from_start: u32) -> Self {
        let Dfs { order, parent, low, discovered } = Dfs::new(corridors);
        // Contracted nodes, numbered in discovery order, which is a preorder of the bridge tree.
        let mut contracted = vec![0u32; corridors.nodes.len()];
        let mut tree_parent: Vec<(u32, u32)> = Vec::new();
        for &node in &order {
            let (up, steps) = parent[node as usize];
            let bridge = up == u32::MAX || low[node as usize] > discovered[up as usize];
            contracted[node as usize] = if bridge {
                let id = tree_parent.len() as u32;
                let above = if up == u32::MAX { (u32::MAX, 0) } else { (contracted[up as usize], steps) };
                tree_parent.push(above);
                id
            } else {
                contracted[up as usize]
            };
        }
        // The bridge tree's edges, both ways, grouped by part in one array (`first[part]..
        // first[part + 1]`), not a vector a part and an allocation each.
        let parts = tree_parent.len();
        let mut first = vec![0u32; parts + 1];
        for (id, &(up, _)) in tree_parent.iter().enumerate() {
            if up != u32::MAX {
                first[up as usize + 1] += 1;
                first[id + 1] += 1;
            }
        }
        for part in 0..parts {
            first[part + 1] += first[part];
        }
        let mut filled = first.clone();
        let mut neighbours = vec![(0u32, 0u32); first[parts] as usize];
        for (id, &(up, steps)) in tree_parent.iter().enumerate() {
            if up != u32::MAX {
                for (from, to) in [(id, up), (up as usize, id as u32)] {
                    neighbours[filled[from] as usize] = (to, steps);
                    filled[from] += 1;
                }
            }
        }
        let places = LETTERS + robots;
        let place_node = |place: usize| {
            if place < LETTERS {
                corridors.key_node[place]
            } else {
                Some(corridors.robot_node[place - LETTERS])
            }
        };
        let tree_node: Vec<Option<u32>> = (0..places)
            .map(|place| {
                let walked_to = place >= LETTERS || held_from_start & 1 << place == 0;
                place_node(place).filter(|_| walked_to).map(|node| contracted[node as usize])
            })
            .collect();
        let mut distance = vec![UNREACHABLE; places * places];
        let mut from_here = vec![UNREACHABLE; parts];
        let mut stack = Vec::new();
        for a in 0..places {
            let Some(start) = tree_node[a] else { continue };
            // A walk over the tree from `start`: each node is reached once, by its only path.
            from_here.fill(UNREACHABLE);
            from_here[start as usize] = 0;
            stack.push(start);
            while let Some(id) = stack.pop() {
                for &(next, steps) in
                    &neighbours[first[id as usize] as usize..first[id as usize + 1] as usize]
                {
                    if from_here[next as usize] == UNREACHABLE {
                        from_here[next as usize] = from_here[id as usize] + steps;
                        stack.push(next);
                    }
                }
            }
            for b in 0..places {
                if let Some(node) = tree_node[b] {
                    distance[a * places + b] = from_here[node as usize];
                }
            }
        }
        let preorder: Vec<u32> = tree_node.iter().map(|node| node.unwrap_or(u32::MAX)).collect();
        let mut keys_in_preorder: Vec<u8> =
            (0..LETTERS as u8).filter(|&key| tree_node[usize::from(key)].is_some()).collect();
        keys_in_preorder.sort_by_key(|&key| preorder[usize::from(key)]);
        BridgeTree { places, distance, preorder, keys_in_preorder }
    }

    /// Bridge-tree distance between two places.
    #[inline]
    pub(crate) fn distance(&self, a: usize, b: usize) -> u32 {
        self.distance[a * self.places + b]
    }

    /// Preorder rank of a place.
    #[inline]
    pub(crate) fn preorder(&self, place: usize) -> u32 {
        self.preorder[place]
    }

    /// The keys present, in preorder.
    #[inline]
    pub(crate) fn keys_in_preorder(&self) -> &[u8] {
        &self.keys_in_preorder
    }
}

/// A depth-first search of the corridor graph: discovery order, tree parents (with the edge's
/// steps), discovery times and low links.
struct Dfs {
    order: Vec<u32>,
    parent: Vec<(u32, u32)>,
    low: Vec<u32>,
    discovered: Vec<u32>,
}

impl Dfs {
    fn new(corridors: &Corridors) -> Self {
        let nodes = corridors.nodes.len();
        // Iterative Tarjan: discovery times and low links; a tree edge into `v` is a bridge when
        // nothing below `v` reaches above it. One edge back to the parent is skipped, so a
        // second, parallel corridor counts as a loop.
        let mut discovered = vec![u32::MAX; nodes];
        let mut low = vec![0; nodes];
        let mut parent = vec![(u32::MAX, 0u32); nodes];
        let mut order = Vec::with_capacity(nodes);
        let mut stack: Vec<(u32, usize, bool)> = Vec::new();
        let mut time = 0;
        for root in 0..nodes as u32 {
            if discovered[root as usize] != u32::MAX {
                continue;
            }
            discovered[root as usize] = time;
            low[root as usize] = time;
            time += 1;
            order.push(root);
            stack.push((root, 0, false));
            while let Some(&mut (node, ref mut next, ref mut skipped)) = stack.last_mut() {
                let edges = corridors.edges(node);
                if let Some(edge) = edges.get(*next) {
                    *next += 1;
                    let (up, _) = parent[node as usize];
                    if edge.to == up && !*skipped {
                        *skipped = true;
                        continue;
                    }
                    let to = edge.to as usize;
                    if discovered[to] == u32::MAX {
                        discovered[to] = time;
                        low[to] = time;
                        time += 1;
                        parent[to] = (node, edge.steps);
                        order.push(edge.to);
                        stack.push((edge.to, 0, false));
                    } else {
                        low[node as usize] = low[node as usize].min(discovered[to]);
                    }
                } else {
                    stack.pop();
                    let (up, _) = parent[node as usize];
                    if up != u32::MAX {
                        low[up as usize] = low[up as usize].min(low[node as usize]);
                    }
                }
            }
        }
        Dfs { order, parent, low, discovered }
    }
}

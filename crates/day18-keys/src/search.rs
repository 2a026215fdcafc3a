//! # Search: fewest steps over (robot places, keys held)
//!
//! A state is where each robot stands and which keys are held. Robots only ever stop on keys, so
//! a robot's place is its start or a key, and a move is "robot `i` takes a way of the
//! [`KeyGraph`] to a key not yet held, whose needs are held". The answer is the cheapest path of
//! moves from the start to a state holding every key.
//!
//! ```text
//!   state = keys held (bits 0..26) | robot 0 place (5 bits) | robot 1 place (5 bits) | ...
//!            one u64: hashed with FxHash, compared in one instruction
//! ```
//!
//! ## Why it is fast
//! - **A\* with a tight, consistent lower bound.** Ignoring doors, each robot must still walk
//!   through the keys only it can reach; on a tree that walk has a closed form, and contracting
//!   the maze's loops makes it a tree (see the `bridge_tree` module), so the bound costs a few
//!   dozen additions per state. Where loops are long, the plain distance to a robot's farthest
//!   key can be the larger bound, so each robot counts the larger of the two. Keys several
//!   robots can reach add `max over such keys of (min over robots of the distance)`. On the
//!   real part 2 inputs this cuts the states explored from ~15,000 (Dijkstra) to under 100.
//!   Each part is the exact cost of a relaxed puzzle, so the bound is consistent: a state is
//!   settled the first time it is taken from the queue.
//! - **A bucket queue.** Step counts are small integers, so the open list is an array of buckets
//!   indexed by estimated total: pushing and popping are O(1), no heap. Each bucket is a list
//!   threaded through one array of entries, last in first out, so an empty bucket is one word
//!   and a new one allocates nothing: with a vector a bucket, the allocations for a real part
//!   2's hundred states in two thousand buckets took some 15,000 instructions of the search's 200,000.
//! - **Pruned moves.** Ways over uncollected keys are dropped by the graph (see
//!   [`crate::key_graph`]), so a state has few moves.
//! - **Fewer keys.** Both searches start holding the keys en route
//!   ([`KeyGraph::en_route_keys`]), which the robots collect on their way to others; the route
//!   reported puts them back, splitting each leg at the keys en route it passes.
//! - **One robot is not searched this way.** With one robot the bound prunes little on real
//!   inputs (doors make the robot criss-cross the centre far more than a door-free walk), so
//!   [`Strategy::Fastest`] runs a layer-by-layer dynamic programme over key sets instead, which
//!   does several times fewer hash lookups per state (the `layers` module).
//!
//! The search gives up at the time and memory limits of the [`crate::limits`] module, looked at
//! once every [`crate::limits::CHECK_EVERY`] states taken from the queue: a countdown on the hot
//! path, no clock.
//!
//! All robots move in one search, so a door in one vault whose key lies in another is handled
//! exactly: solving each vault alone while ignoring such doors is a tempting shortcut, and
//! wrong on some real inputs.

use crate::SolveError;
use crate::key_graph::{KeyGraph, LETTERS, UNREACHABLE};
use crate::limits::{CHECK_EVERY, Limits, Progress, Watch, table_bytes_ahead, vec_bytes_ahead};
use grid::bits;
use rustc_hash::FxHashMap;

/// Bits of the state holding the keys.
const KEY_BITS: u32 = LETTERS as u32;
/// Bits of one robot's place.
const PLACE_BITS: u32 = 5;
/// The place value of a robot still at its start.
const AT_START: u64 = 31;

/// One key collected on the best route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pickup {
    /// The robot that collects it, counted from 0 in reading order of the starts.
    pub robot: usize,
    /// The key.
    pub key: char,
    /// Total steps of all robots when it is collected.
    pub steps: u32,
}

/// The best route: its length and the keys in the order they are collected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Fewest total steps to hold every key.
    pub steps: u32,
    /// The order of collection.
    pub pickups: Vec<Pickup>,
    /// States the search reached (a measure of its work).
    pub explored: usize,
}

/// How the search orders the states it explores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// What measured fastest: layer-by-layer dynamic programming over key sets for one robot,
    /// A\* for several.
    Fastest,
    /// A\* with the distance bound of the module notes.
    AStar,
    /// Plain Dijkstra: the estimate is always 0. Kept to measure what A\* wins.
    Dijkstra,
}

/// Fewest steps for the robots of `graph` to hold every key, with the route.
///
/// # Errors
/// [`SolveError::CannotCollectEveryKey`] when some key can never be collected (walled off, or
/// behind doors whose keys are out of reach); this is found before searching.
/// [`SolveError::GaveUp`] when the default [`Limits`] are reached.
///
/// ```
/// use day18_keys::{KeyGraph, parse, search};
///
/// let maze = parse("#########\n#b.A.@.a#\n#########\n")?;
/// let solution = search::collect_every_key(&KeyGraph::new(&maze), search::Strategy::Fastest)?;
/// assert_eq!(solution.steps, 8);
/// assert_eq!(solution.pickups.iter().map(|p| p.key).collect::<String>(), "ab");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn collect_every_key(graph: &KeyGraph, strategy: Strategy) -> Result<Solution, SolveError> {
    collect_every_key_within(graph, strategy, Limits::default(), &Progress::default())
}

/// [`collect_every_key`] under `limits`, publishing its progress to `progress`.
///
/// # Errors
/// As [`collect_every_key`], and [`SolveError::GaveUp`] when a limit is reached first.
pub fn collect_every_key_within(
    graph: &KeyGraph,
    strategy: Strategy,
    limits: Limits,
    progress: &Progress,
) -> Result<Solution, SolveError> {
    let missing = graph.keys() & !graph.collectable_keys();
    if missing != 0 {
        return Err(SolveError::CannotCollectEveryKey { missing });
    }
    let mut solution = if strategy == Strategy::Fastest && graph.robots() == 1 {
        crate::layers::collect_with_one_robot(graph, &mut Watch::new(limits, progress))?
    } else {
        let mut search = Search::new(graph, strategy);
        match search.run(&mut Watch::new(limits, progress))? {
            Some(goal) => search.solution(goal),
            // Not reached when the check above is right; an error rather than a panic all the same.
            None => return Err(SolveError::CannotCollectEveryKey { missing: graph.keys() }),
        }
    };
    if graph.en_route_keys() != 0 {
        solution.pickups = with_keys_en_route(graph, &solution.pickups);
    }
    Ok(solution)
}

/// Fewest steps from a place to a key holding `held`, by the ways of `graph`.
pub(crate) fn steps_to(graph: &KeyGraph, place: usize, key: usize, held: u32) -> Option<u32> {
    // The ways of a pair are sorted by length, so the first usable one is the shortest.
    graph.routes_to(place, key).iter().find(|route| route.needs & !held == 0).map(|route| route.steps)
}

/// The route of a search that started holding the keys en route, with them put back where
/// the robots pass over them: each leg from a robot's place to its next key is split at the
/// keys en route not yet held that it passes, found as ways of the graph whose lengths add up
/// to the leg's.
fn with_keys_en_route(graph: &KeyGraph, pickups: &[Pickup]) -> Vec<Pickup> {
    let mut places: Vec<usize> = (0..graph.robots()).map(KeyGraph::robot_place).collect();
    let mut pending = graph.en_route_keys();
    let mut held = 0;
    let mut total = 0;
    let mut full = Vec::with_capacity(pickups.len() + pending.count_ones() as usize);
    for pickup in pickups {
        let key = usize::from(pickup.key as u8 - b'a');
        let from = places[pickup.robot];
        let passed = leg_through(graph, from, key, pickup.steps - total, held, pending).unwrap_or_default();
        let mut at = (from, total);
        for passed in passed {
            let steps = at.1 + steps_to(graph, at.0, passed, held).unwrap_or_default();
            full.push(Pickup { robot: pickup.robot, key: char::from(b'a' + passed as u8), steps });
            (held, pending) = (held | 1 << passed, pending & !(1 << passed));
            at = (passed, steps);
        }
        full.push(*pickup);
        held |= 1 << key;
        places[pickup.robot] = key;
        total = pickup.steps;
    }
    full
}

/// The keys of `pending` a leg of `steps` steps from `from` to `key` passes over, in order: none
/// when a way holding `held` is that long, else a first such key and the rest of the leg from it.
fn leg_through(
    graph: &KeyGraph,
    from: usize,
    key: usize,
    steps: u32,
    held: u32,
    pending: u32,
) -> Option<Vec<usize>> {
    if steps_to(graph, from, key, held) == Some(steps) {
        return Some(Vec::new());
    }
    bits(pending.into()).find_map(|passed| {
        let passed = passed as usize;
        let first = steps_to(graph, from, passed, held).filter(|&first| first <= steps)?;
        let mut rest =
            leg_through(graph, passed, key, steps - first, held | 1 << passed, pending & !(1 << passed))?;
        rest.insert(0, passed);
        Some(rest)
    })
}

/// One robot's tour through its keys left, in bridge-tree preorder, built by
/// [`Search::estimate`].
#[derive(Clone, Copy, Debug, Default)]
struct Walk {
    place: usize,
    placed: bool,
    points: u32,
    first: usize,
    previous: usize,
    around: u32,
    farthest: u32,
    /// The true (uncontracted) distance to the farthest key, doors ignored.
    reach: u32,
}

impl Walk {
    #[inline]
    fn visit(&mut self, tree: &crate::bridge_tree::BridgeTree, place: usize) {
        if self.points == 0 {
            self.first = place;
        } else {
            self.around += tree.distance(self.previous, place);
        }
        self.previous = place;
        self.points += 1;
    }
}

/// A state's record: how it was reached.
#[derive(Clone, Copy, Debug)]
struct Record {
    state: u64,
    steps: u32,
    estimate: u32,
    parent: u32,
}

struct Search<'a> {
    graph: &'a KeyGraph,
    strategy: Strategy,
    /// Per key: the only robot that can reach it, or `u8::MAX` when several can.
    owner: [u8; LETTERS],
    records: Vec<Record>,
    index: FxHashMap<u64, u32>,
    /// The last entry queued with each estimated total, or [`NO_ENTRY`].
    buckets: Vec<u32>,
    /// Queued records, each with the entry queued before it in its bucket.
    entries: Vec<(u32, u32)>,
}

/// The end of a bucket's list.
const NO_ENTRY: u32 = u32::MAX;

impl<'a> Search<'a> {
    fn new(graph: &'a KeyGraph, strategy: Strategy) -> Self {
        let mut owner = [u8::MAX; LETTERS];
        for key in bits(graph.keys().into()) {
            let key = key as usize;
            let mut reaching = (0..graph.robots())
                .filter(|&robot| graph.distance(KeyGraph::robot_place(robot), key) != UNREACHABLE);
            if let (Some(robot), None) = (reaching.next(), reaching.next()) {
                owner[key] = robot as u8;
            }
        }
        Search {
            graph,
            strategy,
            owner,
            records: Vec::new(),
            index: FxHashMap::default(),
            buckets: Vec::new(),
            entries: Vec::new(),
        }
    }

    fn place(state: u64, robot: usize) -> usize {
        let value = (state >> (KEY_BITS + PLACE_BITS * robot as u32)) & AT_START;
        if value == AT_START { KeyGraph::robot_place(robot) } else { value as usize }
    }

    /// A lower bound on the steps left from `state`: see the `bridge_tree` module. Each robot must
    /// walk through the keys only it can reach (the bound's walk on the bridge tree); and some
    /// robot must reach each key no robot owns alone. The larger of the sum and that is taken.
    fn estimate(&self, state: u64) -> u32 {
        let left = self.graph.keys() & !(state as u32);
        if self.strategy == Strategy::Dijkstra || left == 0 {
            return 0;
        }
        let tree = self.graph.bridge_tree();
        let robots = self.graph.robots();
        let mut walks = [Walk::default(); crate::maze::MAX_ROBOTS];
        for (robot, walk) in walks.iter_mut().enumerate().take(robots) {
            walk.place = Search::place(state, robot);
        }
        let mut shared = 0;
        for &key in tree.keys_in_preorder() {
            if left & 1 << key == 0 {
                continue;
            }
            let key = usize::from(key);
            let owner = self.owner[key];
            if owner == u8::MAX {
                let nearest = walks[..robots]
                    .iter()
                    .map(|walk| self.graph.distance(walk.place, key))
                    .min()
                    .unwrap_or(0);
                if nearest != UNREACHABLE {
                    shared = shared.max(nearest);
                }
                continue;
            }
            let walk = &mut walks[usize::from(owner)];
            if !walk.placed && tree.preorder(walk.place) <= tree.preorder(key) {
                walk.placed = true;
                walk.visit(tree, walk.place);
            }
            walk.visit(tree, key);
            walk.farthest = walk.farthest.max(tree.distance(walk.place, key));
            walk.reach = walk.reach.max(self.graph.distance(walk.place, key));
        }
        let mut own = 0;
        for walk in &mut walks[..robots] {
            if walk.points > 0 {
                if !walk.placed {
                    walk.visit(tree, walk.place);
                }
                walk.around += tree.distance(walk.previous, walk.first);
                // Contracted loops cost nothing on the tree; the true distance to the farthest
                // key is a bound too, and the better one in mazes with long loops.
                own += (walk.around - walk.farthest).max(walk.reach);
            }
        }
        own.max(shared)
    }

    fn push(&mut self, state: u64, steps: u32, parent: u32) {
        let id = if let Some(&id) = self.index.get(&state) {
            let record = &mut self.records[id as usize];
            if record.steps <= steps {
                return;
            }
            record.steps = steps;
            record.parent = parent;
            id
        } else {
            let id = self.records.len() as u32;
            let estimate = self.estimate(state);
            self.records.push(Record { state, steps, estimate, parent });
            self.index.insert(state, id);
            id
        };
        let total = (steps + self.records[id as usize].estimate) as usize;
        if total >= self.buckets.len() {
            self.buckets.resize(total + 1, NO_ENTRY);
        }
        self.entries.push((id, self.buckets[total]));
        self.buckets[total] = (self.entries.len() - 1) as u32;
    }

    /// Bytes of what grows with the states once `slack` more are pushed: the records, the
    /// index and the bucket queue (its entries, and its buckets as they stand; see the `limits`
    /// module).
    fn bytes_ahead(&self, slack: usize) -> u64 {
        vec_bytes_ahead(self.records.len(), self.records.capacity(), slack, size_of::<Record>())
            + table_bytes_ahead(self.index.len(), self.index.capacity(), slack, size_of::<(u64, u32)>())
            + vec_bytes_ahead(self.entries.len(), self.entries.capacity(), slack, size_of::<(u32, u32)>())
            + (self.buckets.capacity() * size_of::<u32>()) as u64
    }

    /// Runs to the first state holding every key and returns its record number; `None` if
    /// there is none.
    fn run(&mut self, watch: &mut Watch) -> Result<Option<u32>, SolveError> {
        // The most states pushed between two checks: every robot's every way, per expansion.
        let slack = CHECK_EVERY as usize * self.graph.robots() * LETTERS;
        let all = self.graph.keys();
        let robots = self.graph.robots();
        // The keys en route are held from the start: see the `key_graph` module.
        let start = (0..robots).fold(u64::from(self.graph.en_route_keys()), |state, robot| {
            state | AT_START << (KEY_BITS + PLACE_BITS * robot as u32)
        });
        self.push(start, 0, u32::MAX);
        let mut total = 0;
        loop {
            let Some(&last) = self.buckets.get(total) else { return Ok(None) };
            if last == NO_ENTRY {
                total += 1;
                continue;
            }
            let (id, before) = self.entries[last as usize];
            self.buckets[total] = before;
            let Record { state, steps, estimate, .. } = self.records[id as usize];
            if (steps + estimate) as usize != total {
                continue; // Reached again more cheaply since this entry was queued.
            }
            let held = state as u32;
            if held & all == all {
                return Ok(Some(id));
            }
            if watch.due() {
                watch.check(self.records.len(), self.bytes_ahead(slack))?;
            }
            for robot in 0..robots {
                let place = Search::place(state, robot);
                let shift = KEY_BITS + PLACE_BITS * robot as u32;
                let moved = state & !(AT_START << shift);
                for route in self.graph.routes_from(place) {
                    if held & (1 << route.key) != 0 || route.needs & !held != 0 {
                        continue;
                    }
                    let next = moved | u64::from(route.key) << shift | 1 << route.key;
                    self.push(next, steps + route.steps, id);
                }
            }
        }
    }

    fn solution(&self, goal: u32) -> Solution {
        let mut pickups = Vec::new();
        let mut id = goal;
        loop {
            let record = self.records[id as usize];
            if record.parent == u32::MAX {
                break;
            }
            let parent = self.records[record.parent as usize];
            let key = (record.state as u32 ^ parent.state as u32).trailing_zeros();
            let robot = (0..self.graph.robots())
                .find(|&robot| Search::place(record.state, robot) != Search::place(parent.state, robot))
                .unwrap_or(0);
            pickups.push(Pickup { robot, key: char::from(b'a' + key as u8), steps: record.steps });
            id = record.parent;
        }
        pickups.reverse();
        Solution { steps: self.records[goal as usize].steps, pickups, explored: self.records.len() }
    }
}

//! # Key graph: every useful way from a robot or a key to another key
//!
//! The search of [`crate::search`] only ever stops on keys, so it needs, for each place a robot
//! can stand (its start, or a key it has collected) and each key, the ways there: how many steps,
//! and which keys must be held first. A way is usable once its *needs* are held:
//!
//! - the letter of every door on it (the door must be open);
//! - the letter of every other key it passes over. Walking over an uncollected key collects it,
//!   which is the same as going to that key first and on from there: the search already tries
//!   that order, so such a way is dropped until the key is held. This prunes most of the search.
//!
//! In a maze that is a tree there is one way between two places. With loops there can be
//! several, and the shortest is not always the one to keep: a longer way may avoid a door. So
//! each (place, key) pair keeps the *Pareto set* of ways: no kept way is both as long as another
//! and needing a superset of its keys. That is what makes the graph exact on any maze, not just
//! on trees, and the brute-force cross-checks of the tests run it on loopy random mazes. (The
//! textbook graph, one breadth-first path per pair with the doors on it, finds no answer at all
//! on `inputs/day18/generated-3.txt`, whose loops let a robot go round a door.)
//!
//! ## Why it is fast: search the corridors, not the cells
//!
//! An 81x81 maze has about 3,000 open cells but only ~40 places where anything happens. The
//! searches run on the maze collapsed by the `corridors` module (dead ends filled, corridors
//! turned into weighted edges carrying their doors): from each robot and key, a label-correcting
//! search with labels (node, steps, needs). Each node keeps its Pareto set of labels: a new label
//! no longer than and needing a subset of another's replaces it, one that is dominated is
//! dropped. Dominance survives walking on (the same corridor adds the same steps and needs to
//! both), so the sets left when the queue empties are exactly the Pareto sets of all ways, in
//! whatever order labels were taken. A first-in, first-out queue takes them, no priority queue:
//! real graphs are trees but for a room or two, where every node gets one label at its first
//! visit, and the searches cost a quarter fewer instructions than with Dijkstra's heap; on open
//! rooms the queue is a breadth-first search, which seldom corrects a label (three times faster
//! than the heap on a 301x301 room).
//!
//! A door whose key is not in the maze never opens: it is treated as a wall.
//!
//! ## Reductions of the maze, made and not made
//! Fast solutions elsewhere shrink the maze before searching. Three such reductions are here in
//! effect: dead ends without keys are filled (the `corridors` module), and a door whose key lies
//! on every way to it adds nothing, because a way over a key not yet held is dropped until it
//! is held. Third, **keys en route** ([`KeyGraph::en_route_keys`]): a key on every way from the
//! robots to some other key, whose door (if any) lies on no way that misses the key, is
//! collected on the way and never needed before, so the searches start holding it and never
//! stop for it: one key fewer to order. Each of the fourteen real mazes has two to twelve such
//! keys (most with their doors filled as dead ends), and the whole run takes a sixth fewer
//! instructions. It is exact on any maze: every walk that
//! collects the other key passes over it, and every walk that meets its door has passed it.
//! "Every way" is tested on the collapsed graph with the key's node removed, so a loop round
//! the key keeps it a stop even when it lies on the shortest way (the rule test
//! `a_key_is_not_en_route_when_its_door_comes_first_or_a_loop_goes_round_it`); the route is
//! given with these keys put back where the robot passes them.
//!
//! A fourth, collecting the keys of a door-free dead end all at once, is not exact, on
//! trees as on loops: a key deep in such a branch may be best left for the end of the route,
//! where the robot need not walk back out (the rule test
//! `a_door_free_dead_end_is_not_always_best_collected_whole`).

use crate::SolveError;
use crate::bridge_tree::BridgeTree;
use crate::corridors::{Corridors, Filled};
use crate::limits::Watch;
use crate::maze::Maze;
use grid::bits;
use std::convert::Infallible;
use std::sync::OnceLock;

/// The size of corridor graph from which building it checks the search's limits (see
/// [`KeyGraph::within`]).
const CHECKED_NODES: usize = 1 << 16;

/// Number of key letters, and the node number of robot 0.
pub const LETTERS: usize = 26;

/// Steps between two places that are not connected.
pub const UNREACHABLE: u32 = u32::MAX;

/// One way from a place to a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Route {
    /// The key reached, `a` = 0.
    pub key: u8,
    /// Steps along the way.
    pub steps: u32,
    /// Keys that must be held to take it: door letters and keys passed over.
    pub needs: u32,
}

/// The ways from every robot and key to every key.
///
/// Places are numbered 0..26 for the keys `a`..`z` and `26 + i` for robot `i`'s start.
///
/// ```
/// use day18_keys::{KeyGraph, parse};
///
/// let maze = parse("#########\n#b.A.@.a#\n#########\n")?;
/// let graph = KeyGraph::new(&maze);
/// let from_robot: Vec<_> =
///     graph.routes_from(KeyGraph::robot_place(0)).iter().map(|r| (r.key, r.steps, r.needs)).collect();
/// // Key a (0) is 2 steps away; key b (1) is 4 steps away behind door A, so it needs key a.
/// assert_eq!(from_robot, vec![(0, 2, 0), (1, 4, 0b1)]);
/// # Ok::<(), day18_keys::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyGraph {
    robots: usize,
    keys: u32,
    offsets: Vec<u32>,
    routes: Vec<Route>,
    /// Ways of each (place, key) pair: `by_pair[place * 26 + key]` is a range of `paired`.
    by_pair: Vec<(u32, u32)>,
    paired: Vec<Route>,
    distance: Vec<u32>,
    /// Keys the search need never stop for: see [`KeyGraph::en_route_keys`].
    en_route: u32,
    /// The collapsed maze, kept for the bridge tree.
    corridors: Corridors,
    bridge_tree: LazyBridgeTree,
}

/// The bridge tree, built from the corridors the first time A\* asks for it: the layers of one
/// robot never do, and building it was a tenth of building the graph.
#[derive(Clone, Debug, Default)]
struct LazyBridgeTree(OnceLock<BridgeTree>);

/// Whether it is built yet or not, the tree is a function of the corridors, which are compared.
impl PartialEq for LazyBridgeTree {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for LazyBridgeTree {}

impl KeyGraph {
    /// The place number of robot `robot`'s start.
    #[must_use]
    pub const fn robot_place(robot: usize) -> usize {
        LETTERS + robot
    }

    /// Builds the graph: dead-end filling, corridor collapsing, then one label-correcting search
    /// from each robot and key.
    #[must_use]
    pub fn new(maze: &Maze) -> Self {
        Self::build(Corridors::new(maze), maze.keys(), |_, _| Ok::<(), Infallible>(()))
            .unwrap_or_else(|never| match never {})
    }

    /// [`KeyGraph::new`] under a search's limits. On a huge open map the label searches take
    /// seconds each, so the limits are checked after each one (and after the corridors), and an
    /// overrun is at most one search long. Like the search, which checks every few thousand
    /// expansions, the graph checks only when there is that much work between two checks: on
    /// graphs of more than [`CHECKED_NODES`] nodes, far beyond the real mazes' few thousand.
    /// It takes the maze with its dead ends filled already, holding the keys `keys`.
    pub(crate) fn within(filled: Filled, keys: u32, watch: &Watch) -> Result<Self, SolveError> {
        let check = |nodes, bytes| if nodes > CHECKED_NODES { watch.check(0, bytes) } else { Ok(()) };
        Self::build(Corridors::from_filled(filled), keys, check)
    }

    /// Builds the graph of `corridors`, whose maze holds the keys `keys`, calling `check` with
    /// the corridor graph's nodes and the bytes held so far (corridors, search lists, routes)
    /// between its long steps.
    fn build<E>(
        corridors: Corridors,
        keys: u32,
        mut check: impl FnMut(usize, u64) -> Result<(), E>,
    ) -> Result<Self, E> {
        let nodes = corridors.nodes.len();
        // The corridors and the label search's per-node labels are most of a huge map's bytes.
        let fixed = corridors.heap_bytes() + (nodes * size_of::<((u32, u32), Vec<(u32, u32)>)>()) as u64;
        check(nodes, fixed)?;
        let robots = corridors.robot_node.len();
        let places = LETTERS + robots;
        let mut offsets = Vec::with_capacity(places + 1);
        let mut routes = Vec::new();
        let mut distance = vec![UNREACHABLE; places * LETTERS];
        let mut search = LabelSearch::new(corridors.nodes.len());
        offsets.push(0);
        for place in 0..places {
            let source = if place < LETTERS {
                corridors.key_node[place]
            } else {
                Some(corridors.robot_node[place - LETTERS])
            };
            if let Some(source) = source {
                let start = routes.len();
                search.run(&corridors, source, &mut routes);
                routes[start..].sort_unstable_by_key(|route| (route.steps, route.key, route.needs));
                for route in &routes[start..] {
                    let slot = &mut distance[place * LETTERS + usize::from(route.key)];
                    *slot = (*slot).min(route.steps);
                }
            }
            offsets.push(routes.len() as u32);
            check(nodes, fixed + (routes.capacity() * size_of::<Route>()) as u64)?;
        }
        // The ways of each place grouped by key: a counting sort, which keeps them shortest first
        // within a key as they are sorted already, where a second comparison sort cost more.
        let mut by_pair = vec![(0, 0); places * LETTERS];
        let mut paired = vec![Route { key: 0, steps: 0, needs: 0 }; routes.len()];
        for place in 0..places {
            let from = &routes[offsets[place] as usize..offsets[place + 1] as usize];
            let mut count = [0u32; LETTERS];
            for route in from {
                count[usize::from(route.key)] += 1;
            }
            let mut at = offsets[place];
            for (key, &count) in count.iter().enumerate() {
                by_pair[place * LETTERS + key] = (at, at);
                at += count;
            }
            for route in from {
                let slot = &mut by_pair[place * LETTERS + usize::from(route.key)].1;
                paired[*slot as usize] = *route;
                *slot += 1;
            }
        }
        Ok(KeyGraph {
            robots,
            keys,
            offsets,
            routes,
            by_pair,
            paired,
            distance,
            en_route: en_route_keys(&corridors),
            corridors,
            bridge_tree: LazyBridgeTree::default(),
        })
    }

    /// Number of robots.
    #[must_use]
    pub fn robots(&self) -> usize {
        self.robots
    }

    /// The keys of the maze, bit `i` for letter `i`.
    #[must_use]
    pub fn keys(&self) -> u32 {
        self.keys
    }

    /// The ways from a place (see [`KeyGraph`] for the numbering), shortest first.
    #[must_use]
    pub fn routes_from(&self, place: usize) -> &[Route] {
        &self.routes[self.offsets[place] as usize..self.offsets[place + 1] as usize]
    }

    /// The ways from a place to one key, shortest first.
    #[must_use]
    #[inline]
    pub fn routes_to(&self, place: usize, key: usize) -> &[Route] {
        let (start, end) = self.by_pair[place * LETTERS + key];
        &self.paired[start as usize..end as usize]
    }

    /// Fewest steps from a place to a key ignoring doors and keys on the way, or
    /// [`UNREACHABLE`].
    #[must_use]
    pub fn distance(&self, place: usize, key: usize) -> u32 {
        self.distance[place * LETTERS + key]
    }

    /// The bridge tree behind the search's lower bound.
    pub(crate) fn bridge_tree(&self) -> &BridgeTree {
        self.bridge_tree.0.get_or_init(|| BridgeTree::new(&self.corridors, self.robots, self.en_route))
    }

    /// The keys collected on the way to others: every way from the robots to some other key
    /// passes over the key, and every way to its door (if the maze has one) passes over the key
    /// first. The searches start holding them (see the module notes): a robot that reaches a
    /// key beyond one has collected it, and has never needed it before.
    ///
    /// ```
    /// use day18_keys::{KeyGraph, parse};
    ///
    /// // Key a lies on every way to b and c, and door A beyond it; so does b for c.
    /// let graph = KeyGraph::new(&parse("#############\n#@.a.A.b.B.c#\n#############\n")?);
    /// assert_eq!(graph.en_route_keys(), 0b011);
    /// # Ok::<(), day18_keys::ParseError>(())
    /// ```
    #[must_use]
    pub fn en_route_keys(&self) -> u32 {
        self.en_route
    }

    /// Total number of ways stored.
    #[must_use]
    pub fn route_count(&self) -> usize {
        self.routes.len()
    }

    /// The keys that can ever be collected: grown from nothing, adding each key some robot start
    /// or held key has a way to with its needs held, until nothing changes.
    ///
    /// A robot can always walk back to a key it holds (doors stay open), so a way from any held
    /// key is usable by the robot that took it. When this is every key, the search succeeds.
    #[must_use]
    pub fn collectable_keys(&self) -> u32 {
        let mut held = 0u32;
        // The robots' starts, as bits of places (robot `i` is place `26 + i`).
        let starts = ((1u64 << self.robots) - 1) << LETTERS;
        loop {
            let before = held;
            for place in grid::bits(starts | u64::from(held)) {
                let place = place as usize;
                for route in self.routes_from(place) {
                    if route.needs & !held == 0 {
                        held |= 1 << route.key;
                    }
                }
            }
            if held == before {
                return held & self.keys;
            }
        }
    }
}

/// The keys of [`KeyGraph::en_route_keys`]: for each key on a node that could cut the graph
/// (two corridors or more), a flood from the robots that never enters it; the key is en route
/// when the flood misses some other key and meets neither its door on a node nor in a
/// corridor (a corridor from a reached node is met whole, doors up to the far end, the key's
/// own node included). Doors are walked through: the test is on the shape of the maze alone.
///
/// The flood is on bit sets of nodes, a word of neighbours a node: the real graphs have a few
/// dozen nodes, and a walk of their edge lists for each key was a fiftieth of the whole run. A
/// graph of more than 64 nodes has no keys en route: the reduction only saves time, and such
/// graphs (huge open rooms) are not where it would.
fn en_route_keys(corridors: &Corridors) -> u32 {
    let nodes = &corridors.nodes;
    if nodes.len() > u64::BITS as usize {
        return 0;
    }
    let mut neighbours = [0u64; u64::BITS as usize];
    // The door letters met on reaching a node: its own, and those of its corridors.
    let mut doors_near = [0u32; u64::BITS as usize];
    for (node, ((neighbours, doors_near), reached)) in
        neighbours.iter_mut().zip(&mut doors_near).zip(nodes).enumerate()
    {
        *doors_near = reached.arrive_needs;
        for edge in corridors.edges(node as u32) {
            *neighbours |= 1 << edge.to;
            *doors_near |= edge.doors;
        }
    }
    let robots: u64 = corridors.robot_node.iter().map(|&node| 1u64 << node).fold(0, |all, bit| all | bit);
    let present: u32 =
        (0..LETTERS).filter(|&key| corridors.key_node[key].is_some()).map(|key| 1 << key).sum();
    let mut en_route = 0;
    for (key, &node) in corridors.key_node.iter().enumerate() {
        let Some(cut) = node.filter(|&node| corridors.edges(node).len() >= 2) else { continue };
        let (mut reached, mut frontier) = (robots, robots);
        while frontier != 0 {
            let grown =
                bits(frontier).fold(reached, |grown, node| grown | neighbours[node as usize]) & !(1 << cut);
            (frontier, reached) = (grown & !reached, grown);
        }
        let (mut keys_met, mut doors_met) = (0u32, 0u32);
        for node in bits(reached) {
            keys_met |= nodes[node as usize].pass_needs;
            doors_met |= doors_near[node as usize];
        }
        let beyond = present & !keys_met & !(1 << key);
        if beyond != 0 && doors_met & 1 << key == 0 {
            en_route |= 1 << key;
        }
    }
    en_route
}

/// The label-correcting search with its buffers, reused from source to source.
///
/// A node's Pareto set is its first label, kept inline, and any more in a list of their own:
/// on real mazes, trees but for a room or two, nearly every node only ever has one, and reading
/// it from a flat array took a fifth fewer instructions than a list per node.
struct LabelSearch {
    /// Labels waiting to be extended, oldest first from `next`.
    queue: Vec<(u32, u32, u32)>,
    /// The Pareto set of (steps, needs) of each node so far (none is both no longer than
    /// another and needing a subset of its keys): `first[node]`, or [`NO_LABEL`] for none, and
    /// `more[node]`.
    first: Vec<(u32, u32)>,
    more: Vec<Vec<(u32, u32)>>,
    touched: Vec<u32>,
}

/// No label yet: no way is this long.
const NO_LABEL: (u32, u32) = (UNREACHABLE, 0);

impl LabelSearch {
    fn new(nodes: usize) -> Self {
        LabelSearch {
            queue: Vec::new(),
            first: vec![NO_LABEL; nodes],
            more: vec![Vec::new(); nodes],
            touched: Vec::new(),
        }
    }

    /// Adds a label to `node` unless one there dominates it, dropping those it dominates. The
    /// two common cases, a node's first label and a label its first dominates (the way back
    /// along the corridor just walked), are decided here, inline.
    #[inline]
    fn insert(&mut self, node: u32, steps: u32, needs: u32) -> bool {
        let (known, held) = self.first[node as usize];
        if known == UNREACHABLE {
            self.first[node as usize] = (steps, needs);
            self.touched.push(node);
            return true;
        }
        if known <= steps && held & !needs == 0 {
            return false;
        }
        self.insert_beside_first(node as usize, steps, needs)
    }

    /// [`LabelSearch::insert`] at a node that has a label, which does not dominate the new one.
    #[inline(never)]
    fn insert_beside_first(&mut self, node: usize, steps: u32, needs: u32) -> bool {
        let more = &mut self.more[node];
        if more.iter().any(|&(known, held)| known <= steps && held & !needs == 0) {
            return false;
        }
        let dominated = |&(known, held): &(u32, u32)| steps <= known && needs & !held == 0;
        more.retain(|label| !dominated(label));
        if dominated(&self.first[node]) {
            self.first[node] = (steps, needs);
        } else {
            more.push((steps, needs));
        }
        true
    }

    /// Whether `(steps, needs)` is in the Pareto set of `node`.
    fn holds(&self, node: u32, label: (u32, u32)) -> bool {
        self.first[node as usize] == label || self.more[node as usize].contains(&label)
    }

    /// Appends to `routes` every Pareto-optimal way from `source` to each other key.
    fn run(&mut self, corridors: &Corridors, source: u32, routes: &mut Vec<Route>) {
        for node in self.touched.drain(..) {
            self.first[node as usize] = NO_LABEL;
            self.more[node as usize].clear();
        }
        self.queue.clear();
        self.insert(source, 0, 0);
        self.queue.push((source, 0, 0));
        let mut next = 0;
        while let Some(&(node, steps, needs)) = self.queue.get(next) {
            next += 1;
            // A label dominated since it was queued has nothing to add.
            if !self.holds(node, (steps, needs)) {
                continue;
            }
            // The source key is held whenever a robot stands on it.
            let onward =
                if node == source { needs } else { needs | corridors.nodes[node as usize].pass_needs };
            for edge in corridors.edges(node) {
                let (to, steps) = (edge.to, steps + edge.steps);
                let needs = onward | edge.doors | corridors.nodes[to as usize].arrive_needs;
                if self.insert(to, steps, needs) {
                    self.queue.push((to, steps, needs));
                }
            }
        }
        for &node in &self.touched {
            if node != source
                && let Some(key) = corridors.nodes[node as usize].key
            {
                let labels = std::iter::once(&self.first[node as usize]).chain(&self.more[node as usize]);
                routes.extend(labels.map(|&(steps, needs)| Route { key, steps, needs }));
            }
        }
    }
}

//! The search over push states.
//!
//! A state is the set of box squares and the player's *region*: between pushes the player can
//! walk anywhere it reaches, so the state only records the top-left (lowest index) square of
//! that region. States live in an arena (`Node`s plus one row of box-set words each) and are
//! found again through a transposition table keyed by a Zobrist hash: one random word per box
//! square, one per player square, combined by exclusive or, so a push updates the hash with two operations.
//!
//! Each expansion floods the player's region, then tries every push of every box the player
//! can stand behind. A push is dropped when its target is a dead square, when it freezes a box
//! off its goal, or when the matching bound says the boxes can no longer all reach distinct
//! goals; when the position has an unfinished PI-corral, only the pushes into that corral are
//! tried at all (see [`crate::deadlock`]). A push into a one-wide tunnel is continued through
//! it as one macro move (each push still counted).
//!
//! Two orders of expansion share the code:
//! - **optimal**: A* on pushes with the matching bound `h`; `f = g + h`, ties to the larger
//!   `g`. The bound is consistent, so the first goal state popped is push-optimal.
//! - **fast**: weighted best-first, `g + w·h`: a large weight dives towards the goals, a small
//!   one stays closer to A* and gets out of the wide traps that catch the dive.
//!
//! - **fewest moves**: once the push optimum `P` is known, A* again over states that keep the
//!   player's exact square, ordered by (pushes + bound, moves so far) and cut at `P` pushes.
//!   The first solved state popped has `P` pushes and the fewest moves among such solutions.
//!
//! All stop with "unsolvable" only when the open list runs dry, which with sound pruning
//! means every reachable state was seen.

use crate::board::{Board, UNREACHABLE, fresh_stamp, opposite};
use crate::bound::{IMPOSSIBLE, Matcher};
use crate::deadlock::{self, Corral, Scratch};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Push-optimal (A*) rather than fast (weighted best-first).
    pub optimal: bool,
    /// Stop after this many seconds.
    pub seconds: f64,
    /// Stop after storing this many states.
    pub max_states: usize,
    /// Weight of the bound in the fast order, `g + weight·h` (unused when optimal).
    pub weight: u64,
    /// Push a box on through a one-wide tunnel as one move (fast mode only, see below).
    pub tunnel_macros: bool,
    /// The pruning rules and the bound in use (all on, unless measuring what each adds).
    pub techniques: Techniques,
    /// Only with `optimal`: search for the fewest moves among solutions of this many pushes,
    /// which must be the push optimum. States then keep the player's exact square.
    pub fewest_moves_at: Option<u16>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            optimal: false,
            seconds: 10.0,
            max_states: 10_000_000,
            weight: 10,
            tunnel_macros: true,
            techniques: Techniques::default(),
            fewest_moves_at: None,
        }
    }
}

/// Switches for the search's techniques, to measure what each adds. All are sound: turning one
/// off only makes the search slower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // four independent switches
pub struct Techniques {
    /// Freeze deadlock detection.
    pub freeze: bool,
    /// PI-corral pruning.
    pub pi_corrals: bool,
    /// The matching bound; off, the bound is the sum of each box's nearest goal (the seed's).
    pub matching: bool,
    /// Tunnel macros (fast mode only).
    pub tunnels: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques { freeze: true, pi_corrals: true, matching: true, tunnels: true }
    }
}

/// One push macro of a solution: the box on `from` is pushed `count` times in direction `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Push {
    /// The box's square before the push.
    pub from: usize,
    /// Direction, as an index of [`crate::board::DIRECTIONS`].
    pub dir: usize,
    /// Pushes in a row (more than one through a tunnel).
    pub count: usize,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The pushes from the start to a solved state.
    Solved(Vec<Push>),
    /// Every reachable state was searched.
    Unsolvable,
    /// A limit was reached first.
    GaveUp,
}

/// What a search did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// How it ended.
    pub outcome: Outcome,
    /// States stored.
    pub states: usize,
    /// True when a tunnel macro fired. Macros keep solutions valid but may in rare layouts skip
    /// the only way through, so an exhausted search with macros is no proof of unsolvability.
    pub macros_used: bool,
}

const NONE: u32 = u32::MAX;
const EMPTY: u64 = u64::MAX;
const HIGH: u64 = 0xffff_ffff_0000_0000;

#[derive(Clone, Copy, Debug)]
struct Node {
    parent: u32,
    hash: u64,
    player: u16,
    from: u16,
    g: u16,
    h: u16,
    moves: u32,
    dir: u8,
    count: u8,
    closed: bool,
}

struct Search<'a> {
    board: &'a Board,
    limits: Limits,
    words: usize,
    nodes: Vec<Node>,
    box_words: Vec<u64>,
    /// Open addressing: each slot holds the high half of a state's hash and its id, so most
    /// probes are settled without touching the node arena; `EMPTY` marks a free slot.
    table: Vec<u64>,
    zobrist_box: Vec<u64>,
    zobrist_player: Vec<u64>,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    // Scratch for one expansion.
    occupied: Vec<bool>,
    boxes: Vec<usize>,
    reach: Vec<u32>,
    reach_stamp: u32,
    stack: Vec<usize>,
    child_words: Vec<u64>,
    /// The interior as bit words, and scratch words for the bitwise flood.
    floor_words: Vec<u64>,
    free_words: Vec<u64>,
    region_words: Vec<u64>,
    walk: Vec<u32>,
    cost: Vec<u32>,
    parent_cost: Vec<u32>,
    macros_used: bool,
    matcher: Matcher,
    deadlock: Scratch,
}

/// Searches for a solution from the start position `boxes` / `player` (grid cells, all on the
/// board's interior).
#[must_use]
pub fn solve(board: &Board, boxes: &[usize], player: usize, limits: Limits) -> SearchReport {
    let start = Instant::now();
    let mut search = Search::new(board, limits);
    search.run(boxes, player, start)
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, limits: Limits) -> Self {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64 ^ board.len as u64;
        let mut random = move || {
            // SplitMix64: a fixed seed keeps runs reproducible.
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let zobrist_box = (0..board.len).map(|_| random()).collect();
        let zobrist_player = (0..board.len).map(|_| random()).collect();
        Search {
            board,
            limits,
            words: board.len.div_ceil(64),
            nodes: Vec::new(),
            box_words: Vec::new(),
            table: vec![EMPTY; 1 << 12],
            zobrist_box,
            zobrist_player,
            heap: BinaryHeap::new(),
            occupied: vec![false; board.len],
            boxes: Vec::new(),
            reach: vec![0; board.len],
            reach_stamp: 0,
            stack: Vec::new(),
            child_words: vec![0; board.len.div_ceil(64)],
            floor_words: {
                let mut words = vec![0; board.len.div_ceil(64)];
                for &cell in &board.interior {
                    words[cell / 64] |= 1 << (cell % 64);
                }
                words
            },
            free_words: vec![0; board.len.div_ceil(64)],
            region_words: vec![0; board.len.div_ceil(64)],
            walk: vec![0; board.len],
            cost: Vec::new(),
            parent_cost: Vec::new(),
            macros_used: false,
            matcher: Matcher::default(),
            deadlock: Scratch::new(board.len),
        }
    }

    fn run(&mut self, boxes: &[usize], player: usize, start: Instant) -> SearchReport {
        let report = |outcome, search: &Self| SearchReport {
            outcome,
            states: search.nodes.len(),
            macros_used: search.macros_used,
        };
        self.child_words.fill(0);
        for &b in boxes {
            self.child_words[b / 64] |= 1 << (b % 64);
        }
        self.load(&self.child_words.clone());
        let lowest = self.flood(player);
        let normal = if self.limits.fewest_moves_at.is_some() { player } else { lowest };
        let box_hash = boxes.iter().fold(0, |h, &b| h ^ self.zobrist_box[b]);
        let Some(h) = self.bound(normal) else { return report(Outcome::Unsolvable, self) };
        let root = Node {
            parent: NONE,
            hash: box_hash ^ self.zobrist_player[normal],
            player: normal as u16,
            from: 0,
            g: 0,
            h,
            moves: 0,
            dir: 0,
            count: 0,
            closed: false,
        };
        let words = self.child_words.clone();
        let id = self.insert(root, &words);
        self.push_open(id);
        let mut expanded = 0_u64;
        while let Some(Reverse((_, id))) = self.heap.pop() {
            let node = self.nodes[id as usize];
            if node.closed {
                continue;
            }
            if node.h == 0 && self.is_solved(id) {
                return report(Outcome::Solved(self.path(id)), self);
            }
            self.nodes[id as usize].closed = true;
            expanded += 1;
            // The clock is read every few expansions, and every time when the boxes are many and one
            // expansion (a matching per child) is slow.
            let check = expanded % 64 == 0 || self.boxes.len() > 24;
            if check && start.elapsed().as_secs_f64() > self.limits.seconds {
                return report(Outcome::GaveUp, self);
            }
            if self.nodes.len() >= self.limits.max_states {
                return report(Outcome::GaveUp, self);
            }
            self.expand(id);
        }
        report(Outcome::Unsolvable, self)
    }

    fn is_solved(&self, id: u32) -> bool {
        let row = &self.box_words[id as usize * self.words..(id as usize + 1) * self.words];
        self.board.goals.iter().all(|&g| row[g / 64] >> (g % 64) & 1 == 1)
    }

    fn priority(&self, node: &Node) -> u64 {
        let (g, h) = (u64::from(node.g), u64::from(node.h));
        if self.limits.fewest_moves_at.is_some() {
            // Pushes first, then moves: A* on the pair, the bound adding nothing to moves.
            ((g + h) << 32) | u64::from(node.moves)
        } else if self.limits.optimal {
            // f first, then deeper nodes (smaller h) first.
            ((g + h) << 16) | h
        } else {
            ((g + self.limits.weight * h) << 16) | h
        }
    }

    fn push_open(&mut self, id: u32) {
        let key = self.priority(&self.nodes[id as usize]);
        self.heap.push(Reverse((key, id)));
    }

    /// Loads a box set into `occupied` and `boxes`.
    fn load(&mut self, row: &[u64]) {
        for &b in &self.boxes {
            self.occupied[b] = false;
        }
        self.boxes.clear();
        for (w, &word) in row.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.occupied[cell] = true;
                self.boxes.push(cell);
            }
        }
    }

    /// Floods the player's region from `from` (marking `reach` with a new stamp) and returns its
    /// lowest square.
    fn flood(&mut self, from: usize) -> usize {
        let stamp = fresh_stamp(&mut self.reach_stamp, &mut self.reach);
        let mut lowest = from;
        self.stack.clear();
        self.stack.push(from);
        self.reach[from] = stamp;
        while let Some(cell) = self.stack.pop() {
            lowest = lowest.min(cell);
            for d in 0..4 {
                let n = self.board.step(cell, d);
                if self.board.floor[n] && !self.occupied[n] && self.reach[n] != stamp {
                    self.reach[n] = stamp;
                    self.stack.push(n);
                }
            }
        }
        lowest
    }

    /// The lowest square of the player's region from `from`, with the boxes of `child_words`.
    ///
    /// A flood over bit words: each sweep grows the region by at least one layer, 64 cells to
    /// a word operation, which beats a queue walk on the small boards where most states are
    /// made. A shift by one can wrap from one row's end into the next row's start, but the
    /// interior never touches the rim, so such a bit always lands on a wall and is masked off.
    fn lowest_reachable(&mut self, from: usize) -> usize {
        let n = self.words;
        let width = self.board.width;
        let (whole, bits) = (width / 64, (width % 64) as u32);
        for i in 0..n {
            self.free_words[i] = self.floor_words[i] & !self.child_words[i];
            self.region_words[i] = 0;
        }
        let region = &mut self.region_words;
        region[from / 64] = 1 << (from % 64);
        loop {
            let mut changed = false;
            for i in 0..n {
                let word = |j: Option<usize>| j.and_then(|j| region.get(j)).copied().unwrap_or(0);
                let here = region[i];
                let from_left = (here << 1) | (word(i.checked_sub(1)) >> 63);
                let from_right = (here >> 1) | (word(Some(i + 1)) << 63);
                // Cell c takes cell c - width (the one above) and c + width (below).
                let from_above = if bits == 0 {
                    word(i.checked_sub(whole))
                } else {
                    (word(i.checked_sub(whole)) << bits) | (word(i.checked_sub(whole + 1)) >> (64 - bits))
                };
                let from_below = if bits == 0 {
                    word(Some(i + whole))
                } else {
                    (word(Some(i + whole)) >> bits) | (word(Some(i + whole + 1)) << (64 - bits))
                };
                let next = (here | from_left | from_right | from_above | from_below) & self.free_words[i];
                if next != here {
                    region[i] = next;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        region
            .iter()
            .enumerate()
            .find(|&(_, &w)| w != 0)
            .map_or(from, |(i, &w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The matching bound for the loaded boxes with the player on `player`, or `None` if dead.
    fn bound(&mut self, player: usize) -> Option<u16> {
        let k = self.boxes.len();
        self.cost.clear();
        for &b in &self.boxes {
            for gi in 0..self.board.goals.len() {
                let d = self.board.push_distance(gi, b, player);
                self.cost.push(if d == UNREACHABLE { IMPOSSIBLE } else { u32::from(d) });
            }
        }
        let total = if self.limits.techniques.matching {
            self.matcher.min_cost(k, &self.cost)?
        } else {
            let mut sum = 0;
            for row in self.cost.chunks(k) {
                let nearest = row.iter().copied().min().unwrap_or(IMPOSSIBLE);
                if nearest >= IMPOSSIBLE {
                    return None;
                }
                sum += nearest;
            }
            sum
        };
        Some(u16::try_from(total).unwrap_or(u16::MAX - 1))
    }

    /// The bound of a child whose only moved box is `boxes[index]` (already moved), the player
    /// on `player`. Only that box's row of the parent's cost matrix changes: every other box
    /// sees the player on the same side of it as before (the player walked to the push and
    /// through the freed square without passing that box), so one O(k²) matching update does.
    fn child_bound(&mut self, index: usize, player: usize) -> Option<u16> {
        let k = self.boxes.len();
        if !self.limits.techniques.matching || self.parent_cost.len() != k * k {
            return self.bound(player);
        }
        self.cost.clone_from(&self.parent_cost);
        let b = self.boxes[index];
        for gi in 0..k {
            let d = self.board.push_distance(gi, b, player);
            self.cost[index * k + gi] = if d == UNREACHABLE { IMPOSSIBLE } else { u32::from(d) };
        }
        let total = self.matcher.min_cost_with_row(k, &self.cost, index);
        #[cfg(debug_assertions)]
        {
            // The claim that only one row changes, checked against a fresh matrix and matching.
            let fresh: Vec<u32> = self
                .boxes
                .iter()
                .flat_map(|&b| (0..k).map(move |gi| (b, gi)))
                .map(|(b, gi)| match self.board.push_distance(gi, b, player) {
                    UNREACHABLE => IMPOSSIBLE,
                    d => u32::from(d),
                })
                .collect();
            debug_assert_eq!(total, Matcher::default().min_cost(k, &fresh), "child bound");
        }
        Some(u16::try_from(total?).unwrap_or(u16::MAX - 1))
    }

    fn find(&self, hash: u64, player: u16, row: &[u64]) -> Option<u32> {
        let mask = self.table.len() - 1;
        let mut slot = (hash as usize) & mask;
        loop {
            let entry = self.table[slot];
            if entry == EMPTY {
                return None;
            }
            let id = entry as u32;
            if entry & HIGH != hash & HIGH {
                slot = (slot + 1) & mask;
                continue;
            }
            let node = &self.nodes[id as usize];
            if node.hash == hash
                && node.player == player
                && &self.box_words[id as usize * self.words..(id as usize + 1) * self.words] == row
            {
                return Some(id);
            }
            slot = (slot + 1) & mask;
        }
    }

    fn insert(&mut self, node: Node, row: &[u64]) -> u32 {
        if (self.nodes.len() + 1) * 2 > self.table.len() {
            self.grow();
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.box_words.extend_from_slice(row);
        self.place(id);
        id
    }

    fn place(&mut self, id: u32) {
        let mask = self.table.len() - 1;
        let hash = self.nodes[id as usize].hash;
        let mut slot = (hash as usize) & mask;
        while self.table[slot] != EMPTY {
            slot = (slot + 1) & mask;
        }
        self.table[slot] = (hash & HIGH) | u64::from(id);
    }

    fn grow(&mut self) {
        self.table = vec![EMPTY; self.table.len() * 2];
        for id in 0..self.nodes.len() as u32 {
            self.place(id);
        }
    }

    fn expand(&mut self, id: u32) {
        let node = self.nodes[id as usize];
        let row: Vec<u64> = self.box_words[id as usize * self.words..(id as usize + 1) * self.words].to_vec();
        self.load(&row);
        let exact = self.limits.fewest_moves_at.is_some();
        if exact {
            self.walk_distances(node.player as usize);
        } else {
            self.flood(node.player as usize);
        }
        let stamp = self.reach_stamp;
        let reach = std::mem::take(&mut self.reach);
        let corral = if self.limits.techniques.pi_corrals {
            deadlock::pi_corral(
                self.board,
                &self.occupied,
                &self.boxes,
                |c| reach[c] == stamp,
                &mut self.deadlock,
            )
        } else {
            Corral::None
        };
        let pushes: Vec<(usize, usize)> = match corral {
            // Reordering pushes into a corral keeps their number but not the walks between
            // them, so the fewest-moves search uses the corral only to spot dead positions.
            Corral::Only(pushes) if !exact || pushes.is_empty() => pushes,
            _ => {
                let mut all = Vec::with_capacity(self.boxes.len() * 4);
                for &b in &self.boxes {
                    for d in 0..4 {
                        let pusher = self.board.step(b, opposite(d));
                        let target = self.board.step(b, d);
                        if reach[pusher] == stamp && self.board.floor[target] && !self.occupied[target] {
                            all.push((b, d));
                        }
                    }
                }
                all
            }
        };
        self.reach = reach;
        let box_hash = node.hash ^ self.zobrist_player[node.player as usize];
        if self.limits.techniques.matching {
            // The parent's matching becomes the base that each child updates in one row.
            let _ = self.bound(node.player as usize);
            std::mem::swap(&mut self.parent_cost, &mut self.cost);
        }
        for (b, d) in pushes {
            let walk = if exact { self.walk[self.board.step(b, opposite(d))] } else { 0 };
            self.try_push(id, &node, &row, box_hash, b, d, walk);
        }
    }

    /// Breadth-first walking distances from `from` into `walk`, marking `reach` as `flood` does.
    fn walk_distances(&mut self, from: usize) {
        let stamp = fresh_stamp(&mut self.reach_stamp, &mut self.reach);
        self.stack.clear();
        self.stack.push(from);
        self.reach[from] = stamp;
        self.walk[from] = 0;
        let mut next = 0;
        while next < self.stack.len() {
            let cell = self.stack[next];
            next += 1;
            for d in 0..4 {
                let n = self.board.step(cell, d);
                if self.board.floor[n] && !self.occupied[n] && self.reach[n] != stamp {
                    self.reach[n] = stamp;
                    self.walk[n] = self.walk[cell] + 1;
                    self.stack.push(n);
                }
            }
        }
    }

    /// Generates the child of `parent` where the box on `b` is pushed in direction `d` (and on
    /// through a tunnel).
    #[allow(clippy::too_many_arguments)] // the parent's state, unpacked once by `expand`
    fn try_push(
        &mut self,
        parent: u32,
        node: &Node,
        row: &[u64],
        box_hash: u64,
        b: usize,
        d: usize,
        walk: u32,
    ) {
        let board = self.board;
        let mut to = board.step(b, d);
        if board.dead[to] || self.occupied[to] {
            return;
        }
        let mut count: u8 = 1;
        // Tunnel macro: a box pushed from one corridor square into another, off a goal, is
        // pushed on while the corridor lasts.
        // Only in fast mode: a box left part-way in a tunnel can matter to a player who comes
        // round to the far end, where the macro would cost pushes; optimal mode stays exact.
        while self.limits.tunnel_macros
            && self.limits.techniques.tunnels
            && !board.goal[to]
            && board.corridor(to, d)
            && board.corridor(board.step(to, opposite(d)), d)
        {
            let next = board.step(to, d);
            if !board.floor[next] || self.occupied[next] || board.dead[next] || count == u8::MAX {
                break;
            }
            to = next;
            count += 1;
            self.macros_used = true;
        }
        self.occupied[b] = false;
        self.occupied[to] = true;
        let dead = self.limits.techniques.freeze
            && deadlock::freeze_deadlock(board, &self.occupied, to, &mut self.deadlock);
        if dead {
            self.occupied[b] = true;
            self.occupied[to] = false;
            return;
        }
        self.child_words.copy_from_slice(row);
        self.child_words[b / 64] &= !(1 << (b % 64));
        self.child_words[to / 64] |= 1 << (to % 64);
        let player = board.step(to, opposite(d));
        let normal =
            if self.limits.fewest_moves_at.is_some() { player } else { self.lowest_reachable(player) };
        let hash = box_hash ^ self.zobrist_box[b] ^ self.zobrist_box[to] ^ self.zobrist_player[normal];
        let g = node.g.saturating_add(u16::from(count));
        let moves = node.moves.saturating_add(walk + u32::from(count));
        let words = std::mem::take(&mut self.child_words);
        if let Some(existing) = self.find(hash, normal as u16, &words) {
            let seen = self.nodes[existing as usize];
            if (g, moves) < (seen.g, seen.moves)
                && (!seen.closed || self.limits.optimal)
                && seen.h != u16::MAX
            {
                let updated = &mut self.nodes[existing as usize];
                updated.g = g;
                updated.moves = moves;
                updated.parent = parent;
                updated.from = b as u16;
                updated.dir = d as u8;
                updated.count = count;
                updated.closed = false;
                self.push_open(existing);
            }
        } else {
            // Boxes' list order does not matter to the bound; swap the moved box in place.
            let index = self.boxes.iter().position(|&x| x == b).unwrap_or(0);
            self.boxes[index] = to;
            let mut h = self.child_bound(index, normal);
            self.boxes[index] = b;
            if let (Some(limit), Some(bound)) = (self.limits.fewest_moves_at, h)
                && g + bound > limit
            {
                // Beyond the known optimum: no solution of that many pushes passes here.
                h = None;
            }
            let child = Node {
                parent,
                hash,
                player: normal as u16,
                from: b as u16,
                g,
                h: h.unwrap_or(u16::MAX),
                moves,
                dir: d as u8,
                count,
                closed: h.is_none(),
            };
            let child_id = self.insert(child, &words);
            if h.is_some() {
                self.push_open(child_id);
            }
        }
        self.child_words = words;
        self.occupied[b] = true;
        self.occupied[to] = false;
    }

    fn path(&self, mut id: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while self.nodes[id as usize].parent != NONE {
            let node = self.nodes[id as usize];
            pushes.push(Push {
                from: node.from as usize,
                dir: node.dir as usize,
                count: node.count as usize,
            });
            id = node.parent;
        }
        pushes.reverse();
        pushes
    }
}

/// The matching lower bound of a position (boxes on interior squares, the player anywhere in
/// its region), or `None` when the boxes cannot all reach distinct goals.
#[must_use]
pub fn lower_bound(board: &Board, boxes: &[usize], player: usize) -> Option<u16> {
    let mut search = Search::new(board, Limits::default());
    for &b in boxes {
        search.child_words[b / 64] |= 1 << (b % 64);
    }
    let words = search.child_words.clone();
    search.load(&words);
    search.bound(player)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn run(rows: &[&str], limits: Limits) -> (Vec<Push>, usize) {
        let level = Level::parse(1, "t", rows).unwrap();
        let board = Board::new(&level).unwrap();
        let report = solve(&board, &level.boxes, level.player, limits);
        let Outcome::Solved(pushes) = report.outcome else { panic!("{report:?}") };
        (pushes, report.states)
    }

    const TUNNEL: [&str; 5] =
        ["############", "#   ####   #", "# @$       #", "#   ####  .#", "############"];

    #[test]
    fn a_tunnel_is_crossed_in_one_macro_move() {
        let with = Limits { tunnel_macros: true, ..Limits::default() };
        let without = Limits { tunnel_macros: false, ..Limits::default() };
        let (macro_pushes, macro_states) = run(&TUNNEL, with);
        let (plain_pushes, plain_states) = run(&TUNNEL, without);
        // The macro carries the box from the tunnel's mouth to its far end in one move.
        assert!(macro_pushes.iter().any(|push| push.count > 1), "{macro_pushes:?}");
        assert!(plain_pushes.iter().all(|push| push.count == 1));
        let total = |pushes: &[Push]| pushes.iter().map(|p| p.count).sum::<usize>();
        assert_eq!(total(&macro_pushes), total(&plain_pushes));
        assert!(macro_states < plain_states, "{macro_states} >= {plain_states}");
    }

    #[test]
    fn a_tunnel_macro_stops_on_a_goal() {
        // The goal lies inside the tunnel: the macro must not carry the box past it.
        let rows = ["############", "#   #####  #", "# @$  .    #", "#   #####  #", "############"];
        let (pushes, _) = run(&rows, Limits { tunnel_macros: true, ..Limits::default() });
        assert_eq!(pushes, vec![Push { from: 27, dir: 2, count: 1 }, Push { from: 28, dir: 2, count: 2 }]);
    }

    #[test]
    fn the_seed_heuristic_is_beaten_by_the_matching() {
        // Both boxes are nearest to the left goal; the matching sends one of them right.
        let level = Level::parse(1, "t", &["#########", "#.$$   .#", "#   @   #", "#########"]).unwrap();
        let board = Board::new(&level).unwrap();
        let nearest: u16 = level
            .boxes
            .iter()
            .map(|&b| (0..board.goals.len()).map(|g| board.push_distance(g, b, level.player)).min().unwrap())
            .sum();
        let matching = lower_bound(&board, &level.boxes, level.player).unwrap();
        assert!(matching > nearest, "{matching} <= {nearest}");
    }
}

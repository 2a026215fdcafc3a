//! Where the search keeps its states: the node arena and the transposition table.
//!
//! A state is a row of box-set words and a [`Node`] holding the player's normalised square, the
//! costs, and the push that led to it from its parent. Both live in arenas indexed by a state's
//! id, so a state is stored once and named by a `u32`.
//!
//! A row has one bit per *interior* square (the board's `interior` numbering), not per cell of
//! the rectangle: a box can only ever stand on the interior, and on a large level with a small
//! room the rectangle's row would be mostly walls and outside. A 100 x 100 level with a 60 x 60
//! room stores 57 words a state instead of 157.
//!
//! The table counts its own bytes ([`Table::bytes_after`]) so that the search can stop before
//! a growth would pass its memory budget. The arenas grow by doubling, done here explicitly
//! (`reserve_exact`) rather than left to `Vec`'s policy, so that the count of the next growth
//! is exact.
//!
//! The table also foresees the time of its next growth ([`Table::seconds_to_grow`]), so that
//! the search can stop before a growth would pass its time limit. Doubling the slots writes a
//! fresh array and places every state in it again: at 8 million states, 0.3 to 0.9 s in one
//! expansion on this machine, most of it the first touch of 256 MB of new pages (an arena's
//! doubling is a remap, not a copy, and costs next to nothing). The clock is read between
//! expansions, so without the forecast a search could pass its limit by a whole growth, and at
//! tens of millions of states that is seconds. Each growth rehashes twice the states and fills
//! twice the slots of the one before, so it takes about twice the last one's measured time; the
//! forecast is three times ([`GROWTH_FORECAST`]), since a doubling with the other core busy was
//! measured at up to 1.17 times twice the last (0.66 s at 16.8 million states against 0.56).
//!
//! States are found again by a Zobrist hash ([`Zobrist`]): one random word per box square and
//! one per player square, combined by exclusive or, so a push updates the hash with three
//! operations (the box leaves a square, enters another, the player's square changes). The table
//! is open addressing with linear probing; each slot holds the high half of a state's hash
//! beside its id, so most probes are settled without touching the arena.
//!
//! In a table of millions of states, a probe's first slot is almost never in the cache, and
//! that one load was a quarter of a pull-led dive's time (`perf`, `xsokoban` 41). A player's
//! key is zero in the hash's low half, which picks the first slot, so that slot depends on the
//! box set alone: an expansion knows every child's box set before it makes any of them, and
//! [`Table::prefetch`] starts loading all their slots at once, here and in the other search's
//! table (the forward search and the pull search look each new state up in both). The loads
//! then overlap one another and the work of making the children before them. A box set's
//! states with different player regions share a first slot and lie side by side; the high
//! half, which the player's key does change, still tells them apart without the arena.

/// No parent: the root.
pub(super) const NONE: u32 = u32::MAX;
/// A free slot of the table.
const EMPTY: u64 = u64::MAX;
/// The half of a hash kept in a slot, beside the state's id in the low half.
const HIGH: u64 = 0xffff_ffff_0000_0000;

/// The flag on [`Node::dir`] of a push that entered a goal room and went on to the room's
/// next goal (see `packing`): the pushes between are not stored, `path` finds them again.
pub(super) const PACKED: u8 = 0x80;
/// The flag, beside [`PACKED`], of the packing advisor's move: a box taken from anywhere to a
/// room's next goal (see `packing`), its pushes found again by the same search.
pub(super) const ADVISED: u8 = 0x40;

/// One stored state, its box set aside.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The state this one was first (or most cheaply) reached from, or [`NONE`].
    pub parent: u32,
    /// Zobrist hash of the boxes and the normalised player square.
    pub hash: u64,
    /// The player's square: the region's lowest, or the exact square when moves count.
    pub player: u16,
    /// The pushed box's square before the push from the parent.
    pub from: u16,
    /// Pushes from the start.
    pub g: u16,
    /// The lower bound on the pushes left, `u16::MAX` for a dead state.
    pub h: u16,
    /// Moves from the start when moves are counted; in a fast search whose cells are ordered
    /// by move weight, the state's weight (see `open`); otherwise pushes, unused.
    pub moves: u32,
    /// Direction of the push from the parent, as a direction index, or that of the first push
    /// of a goal room entry with [`PACKED`] set.
    pub dir: u8,
    /// Pushes in a row of that push (more than one through a tunnel).
    pub count: u8,
    /// Expanded already.
    pub closed: bool,
    /// The feature cell whose queue holds the state when open (see `open`; 0 when the search
    /// runs with one queue).
    pub cell: u32,
}

impl Node {
    /// A root: a state reached by no push, with its hash, normalised player square, bound and
    /// feature cell.
    pub fn root(hash: u64, player: usize, h: u16, cell: u32) -> Node {
        Node {
            parent: NONE,
            hash,
            player: player as u16,
            from: 0,
            g: 0,
            h,
            moves: 0,
            dir: 0,
            count: 0,
            closed: false,
            cell,
        }
    }
}

// A stored state's fixed part, which the memory budget and the bytes a state reported count.
const _: () = assert!(size_of::<Node>() == 32);

/// The random words of the Zobrist hash, one per box square and one per player square.
pub(super) struct Zobrist {
    boxes: Vec<u64>,
    players: Vec<u64>,
}

impl Zobrist {
    /// Keys for a grid of `len` cells, from a fixed seed so that runs are reproducible.
    pub fn new(len: usize) -> Self {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64 ^ len as u64;
        let mut random = move || {
            // SplitMix64.
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let boxes = (0..len).map(|_| random()).collect();
        // A player's key leaves the low half alone, which picks a state's first slot: every
        // state of one box set starts its probe in the same slot, so the slot can be fetched
        // before the player's square is known (see [`Table::prefetch`]).
        let players = (0..len).map(|_| random() & HIGH).collect();
        Zobrist { boxes, players }
    }

    /// The key of a box on `cell`.
    #[inline]
    pub fn box_key(&self, cell: usize) -> u64 {
        self.boxes[cell]
    }

    /// The key of boxes on the `cells`, all together.
    pub fn boxes_key(&self, cells: &[usize]) -> u64 {
        cells.iter().fold(0, |h, &b| h ^ self.box_key(b))
    }

    /// The key of the player on `cell`.
    #[inline]
    pub fn player_key(&self, cell: usize) -> u64 {
        self.players[cell]
    }
}

/// How many times the last doubling's time the next one is foreseen to take: twice for twice
/// the states and slots, and half again for a machine whose other core is busy (see the module
/// notes).
const GROWTH_FORECAST: f64 = 3.0;

/// The arena of states and the hash table that finds them.
pub(super) struct Table {
    /// Words in one box-set row.
    words: usize,
    nodes: Vec<Node>,
    box_words: Vec<u64>,
    /// Open addressing: each slot holds the high half of a state's hash and its id; `EMPTY`
    /// marks a free slot.
    slots: Vec<u64>,
    /// Seconds the last doubling of the slots took.
    last_growth: f64,
}

impl Table {
    /// An empty table for box sets of `words` words.
    pub fn new(words: usize) -> Self {
        Table {
            words,
            nodes: Vec::new(),
            box_words: Vec::new(),
            slots: vec![EMPTY; 1 << 12],
            last_growth: 0.0,
        }
    }

    /// States stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The state `id`.
    #[inline]
    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// The state `id`, to update.
    #[inline]
    pub fn node_mut(&mut self, id: u32) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The box set of state `id`.
    #[inline]
    pub fn row(&self, id: u32) -> &[u64] {
        &self.box_words[id as usize * self.words..(id as usize + 1) * self.words]
    }

    /// Bytes held by the arenas and the slots once `extra` more states are stored: what the
    /// table will hold after the growths those states cause (the slots' old array is freed as
    /// soon as the new one is filled, so it is not counted).
    pub fn bytes_after(&self, extra: usize) -> usize {
        let states = self.nodes.len() + extra;
        let node_capacity = grown(self.nodes.capacity(), states);
        let mut slots = self.slots.len();
        while states * 2 > slots {
            slots *= 2;
        }
        node_capacity * (size_of::<Node>() + self.words * size_of::<u64>()) + slots * size_of::<u64>()
    }

    /// The seconds that storing `extra` more states will spend doubling the slots: none when
    /// they fit, else [`GROWTH_FORECAST`] times the last doubling's time.
    pub fn seconds_to_grow(&self, extra: usize) -> f64 {
        if self.grows_within(extra) { GROWTH_FORECAST * self.last_growth } else { 0.0 }
    }

    /// Whether storing `extra` more states doubles the slots.
    fn grows_within(&self, extra: usize) -> bool {
        (self.nodes.len() + extra) * 2 > self.slots.len()
    }

    /// Starts loading the slot where the probe for a state with this hash (its box set's
    /// part is enough, see [`Zobrist::new`]) will begin, so that a [`Table::find`] or an
    /// insert after other work need not wait for memory: in a table of millions of states
    /// the first slot a probe reads is a cache miss, the largest single cost of a probe.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let slot = &self.slots[(hash as usize) & (self.slots.len() - 1)];
        #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
        safe_arch::prefetch_t0(slot);
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
        let _ = slot;
    }

    /// The id of the stored state with this hash, player square and box set, if any.
    pub fn find(&self, hash: u64, player: u16, row: &[u64]) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut slot = (hash as usize) & mask;
        loop {
            let entry = self.slots[slot];
            if entry == EMPTY {
                return None;
            }
            let id = entry as u32;
            if entry & HIGH != hash & HIGH {
                slot = (slot + 1) & mask;
                continue;
            }
            let node = &self.nodes[id as usize];
            if node.hash == hash && node.player == player && self.row(id) == row {
                return Some(id);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores a new state and returns its id.
    pub fn insert(&mut self, node: Node, row: &[u64]) -> u32 {
        if self.grows_within(1) {
            self.grow();
        }
        if self.nodes.len() == self.nodes.capacity() {
            // Doubling, as `bytes_after` counts it; the rows keep the same capacity in states.
            let more = grown(self.nodes.capacity(), self.nodes.len() + 1) - self.nodes.len();
            self.nodes.reserve_exact(more);
            self.box_words.reserve_exact(more * self.words);
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.box_words.extend_from_slice(row);
        self.place(id);
        id
    }

    fn place(&mut self, id: u32) {
        let mask = self.slots.len() - 1;
        let hash = self.nodes[id as usize].hash;
        let mut slot = (hash as usize) & mask;
        while self.slots[slot] != EMPTY {
            slot = (slot + 1) & mask;
        }
        self.slots[slot] = (hash & HIGH) | u64::from(id);
    }

    /// Doubles the table, keeping it at most half full so that probe runs stay short.
    fn grow(&mut self) {
        let start = std::time::Instant::now();
        self.slots = vec![EMPTY; self.slots.len() * 2];
        for id in 0..self.nodes.len() as u32 {
            self.place(id);
        }
        self.last_growth = start.elapsed().as_secs_f64();
    }
}

/// The capacity an arena of `capacity` grows to so as to hold `needed` items: doubled (from at
/// least 64) until it does.
pub(super) fn grown(capacity: usize, needed: usize) -> usize {
    let mut capacity = capacity;
    while capacity < needed {
        capacity = (capacity * 2).max(64);
    }
    capacity
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_states_of_one_box_set_start_their_probes_in_one_slot() {
        let zobrist = Zobrist::new(300);
        let mut table = Table::new(1);
        let boxes = zobrist.boxes_key(&[10, 20, 30]);
        let row = [0b111_u64];
        let first_slot = |table: &Table, hash: u64| (hash as usize) & (table.slots.len() - 1);
        let hashes: Vec<u64> = (0..300).map(|player| boxes ^ zobrist.player_key(player)).collect();
        for (player, &hash) in hashes.iter().enumerate() {
            assert_eq!(first_slot(&table, hash), first_slot(&table, boxes), "player on {player}");
            table.insert(Node::root(hash, player, 0, 0), &row);
        }
        // The high halves still tell them apart: each is found as itself, past the others.
        for (player, &hash) in hashes.iter().enumerate() {
            assert_eq!(table.find(hash, player as u16, &row), Some(player as u32));
        }
    }

    #[test]
    #[allow(
        clippy::float_cmp,
        reason = "the forecasts are exact: zero, or three times a time set or measured"
    )]
    fn a_growth_is_foreseen_only_when_the_states_to_come_need_one() {
        let zobrist = Zobrist::new(64);
        let mut table = Table::new(1);
        let slots = table.slots.len();
        // Fill to the last state that fits half the slots: the table has not grown yet.
        for id in 0..slots / 2 {
            let row = [id as u64];
            table.insert(Node::root(zobrist.boxes_key(&[id % 64]) ^ id as u64, 0, 0, 0), &row);
        }
        assert_eq!(table.slots.len(), slots);
        table.last_growth = 0.25;
        assert_eq!(table.seconds_to_grow(0), 0.0);
        assert_eq!(table.seconds_to_grow(1), 0.75);
        // The growth itself is timed, and the next one is foreseen only at the new threshold.
        table.last_growth = f64::INFINITY;
        table.insert(Node::root(1, 0, 0, 0), &[u64::MAX]);
        assert_eq!(table.slots.len(), 2 * slots);
        assert!(table.last_growth.is_finite(), "the doubling's own time replaces the one set");
        assert_eq!(table.seconds_to_grow(slots / 2 - 1), 0.0);
        assert_eq!(table.seconds_to_grow(slots / 2), GROWTH_FORECAST * table.last_growth);
    }
}

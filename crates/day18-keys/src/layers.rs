//! # One robot: dynamic programming over key sets, layer by layer
//!
//! Every move collects exactly one key, so the states `(keys held, place)` fall into layers by
//! the number of keys held, and moves only go from one layer to the next: the state graph is a
//! DAG and needs no priority queue. Layer `j + 1` is relaxed from layer `j`:
//!
//! ```text
//!   best[held + k][k] = min over places p in held of  best[held][p] + steps(p -> k)
//!                      (ways from p to k whose needs are within `held`)
//! ```
//!
//! ## Why it is fast
//! The table is indexed by key set, with a dense row of 27 step counts (one per place: the 26
//! keys and the start) for each set. A set is looked up in a hash table of its own (open
//! addressing, one word a slot, no general-purpose map's overhead, holding only the layer being
//! built, so it stays in the first-level cache) once per (set, next key) pair, and the minimum
//! over the places is a dense loop over one row, where a search over
//! (place, key set) states pays one lookup per (state, next key): several times fewer hash
//! lookups. With one robot the distance bound of A\* prunes little on real inputs (doors make
//! the robot criss-cross the centre far more than a walk that ignores them), so exploring every
//! reachable set in this cheap way wins; with several robots [`crate::search`] uses A\*, whose
//! bound is tight there.
//!
//! Which keys a place reaches under a set is "the keys with one way from there, less those a
//! key still out is on or locks". Looping over the keys still out for that was a third of the
//! whole run; instead each place has, for each chunk of four letters and each of its 16
//! subsets, the keys those letters block, so the blocked keys are the union of seven lookups.
//!
//! The limits of [`crate::limits`] are counted per batch of up to
//! [`crate::limits::CHECK_EVERY`] sets of a layer, so the loop over a set's places carries no
//! trace of them.

use crate::SolveError;
use crate::key_graph::{KeyGraph, LETTERS};
use crate::limits::{CHECK_EVERY, Watch, vec_bytes_ahead};
use crate::search::{Pickup, Solution};
use grid::bits;

/// Places of one robot: the 26 keys, then the start.
const PLACES: usize = LETTERS + 1;
/// The start's column in a row.
const START: usize = LETTERS;
const NONE: u32 = u32::MAX;

/// The ways of [`KeyGraph`] laid out for the layer loop. For each place: the keys it has exactly
/// one way to, their steps, and for each set of four letters the keys whose way needs one of
/// them (`blocked`); the ways of pairs that have several (mazes with loops) are kept apart and
/// scanned.
struct Table {
    /// The ways of each place, together so the layer loop looks a place up once.
    places: Vec<PlaceWays>,
    several: Vec<Vec<crate::key_graph::Route>>,
    /// The places with several ways to some key, bit `p` for place `p`: the loop over them is
    /// skipped for the others, which are all places on real inputs.
    several_places: u64,
}

/// The keys one place has exactly one way to, with their steps and blockers.
#[derive(Clone, Copy)]
struct PlaceWays {
    single: u32,
    /// Indexed by `key % 32`, so a key taken from a bit set needs no bounds check.
    steps: [u32; 32],
    /// `blocked[chunk][nibble]`: the keys with one way from the place that some letter of
    /// `nibble << 4 * chunk` blocks (see [`PlaceWays::blocked`]).
    blocked: [[u32; NIBBLE_VALUES]; CHUNKS],
}

/// The 26 letters in chunks of four for [`PlaceWays::blocked`].
const CHUNK_BITS: usize = 4;
const CHUNKS: usize = LETTERS.div_ceil(CHUNK_BITS);
const NIBBLE_VALUES: usize = 1 << CHUNK_BITS;

impl Table {
    fn new(graph: &KeyGraph) -> Self {
        let mut table = Table {
            places: vec![
                PlaceWays { single: 0, steps: [0; 32], blocked: [[0; NIBBLE_VALUES]; CHUNKS] };
                PLACES
            ],
            several: vec![Vec::new(); PLACES],
            several_places: 0,
        };
        // A robot never stands on a key held from the start.
        let never_stood_on = graph.en_route_keys();
        for place in (0..PLACES).filter(|&place| never_stood_on & 1 << place == 0) {
            // The keys whose one way from `place` needs each letter.
            let mut blockers = [0u32; CHUNKS * CHUNK_BITS];
            for key in 0..LETTERS {
                match graph.routes_to(place, key) {
                    [] => {}
                    [route] => {
                        table.places[place].single |= 1 << key;
                        table.places[place].steps[key] = route.steps;
                        for letter in bits(route.needs.into()) {
                            blockers[letter as usize] |= 1 << key;
                        }
                    }
                    routes => {
                        table.several[place].extend_from_slice(routes);
                        table.several_places |= 1 << place;
                    }
                }
            }
            for (chunk, blocked) in table.places[place].blocked.iter_mut().enumerate() {
                // Each subset of the chunk's letters is a smaller subset plus its lowest letter.
                for nibble in 1..NIBBLE_VALUES {
                    let lowest = nibble.trailing_zeros() as usize;
                    blocked[nibble] = blocked[nibble & (nibble - 1)] | blockers[chunk * CHUNK_BITS + lowest];
                }
            }
        }
        table
    }
}

impl PlaceWays {
    /// The keys with one way from the place that a key of `left` is on or opens a door of: one
    /// lookup per four letters, where a loop over the keys left takes one per key and a branch.
    #[inline]
    fn blocked(&self, left: u32) -> u32 {
        let mut blocked = 0;
        for (chunk, subsets) in self.blocked.iter().enumerate() {
            blocked |= subsets[(left >> (chunk * CHUNK_BITS)) as usize % NIBBLE_VALUES];
        }
        blocked
    }
}

/// The best step counts of one key set, by the place the robot ends on.
#[derive(Clone, Copy)]
struct Row {
    steps: [u32; PLACES],
    /// The places with a step count, bit `p` for place `p`.
    live: u64,
}

/// The key sets of the layer being built to their rows: open addressing with linear probing in
/// a power of two of slots, at most half full, each slot one word holding the set and its row
/// plus one (0 is an empty slot, so a fresh table is zeroed memory). A lookup is a multiply, a
/// shift and usually one compare, where `FxHashMap`'s took several times the instructions: it
/// was the largest part of the layer loop.
///
/// Only the next layer is ever looked up, so the table holds one layer and is cleared for the
/// next by zeroing the slots it used: it stays the size of the largest layer (a few kilobytes,
/// in the first-level cache), where one table of every set grew to hundreds of kilobytes, was
/// zeroed and rehashed at each growth, and cost a fresh process page faults.
struct RowIndex {
    slots: Vec<u64>,
    /// The slots in use, to clear.
    used: Vec<u32>,
    /// 64 less the bits of a slot number: the home slot is the top bits of a Fibonacci hash.
    shift: u32,
}

impl RowIndex {
    fn new(slots: usize) -> Self {
        RowIndex { slots: vec![0; slots], used: Vec::new(), shift: 64 - slots.trailing_zeros() }
    }

    /// Empties the table, keeping its size.
    fn clear(&mut self) {
        for &at in &self.used {
            self.slots[at as usize] = 0;
        }
        self.used.clear();
    }

    #[inline]
    fn home(&self, set: u32) -> usize {
        (u64::from(set).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The row of `set`, or `row` once recorded as its row.
    #[inline]
    fn get_or_insert(&mut self, set: u32, row: u32) -> u32 {
        let mask = self.slots.len() - 1;
        let mut at = self.home(set);
        loop {
            match self.slots[at] {
                0 => {
                    self.slots[at] = u64::from(set) << 32 | u64::from(row + 1);
                    self.used.push(at as u32);
                    if 2 * self.used.len() > self.slots.len() {
                        self.grow();
                    }
                    return row;
                }
                slot if (slot >> 32) as u32 == set => return slot as u32 - 1,
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(self, RowIndex::new(2 * self.slots.len()));
        let mask = self.slots.len() - 1;
        for slot in old.used.into_iter().map(|at| old.slots[at as usize]) {
            let mut at = self.home((slot >> 32) as u32);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
            self.used.push(at as u32);
        }
    }

    /// Bytes of the slots once `slack` more sets are inserted.
    fn bytes_ahead(&self, slack: usize) -> u64 {
        let mut slots = self.slots.len();
        while slots / 2 < self.used.len() + slack {
            slots *= 2;
        }
        (slots * size_of::<u64>() + slots / 2 * size_of::<u32>()) as u64
    }
}

/// Bytes of the layers once `slack` more key sets are stored: rows, sets and the index of
/// rows (see the `limits` module).
fn bytes_ahead(rows: &Vec<Row>, sets: &Vec<u32>, row_of: &RowIndex, slack: usize) -> u64 {
    vec_bytes_ahead(rows.len(), rows.capacity(), slack, size_of::<Row>())
        + vec_bytes_ahead(sets.len(), sets.capacity(), slack, size_of::<u32>())
        + row_of.bytes_ahead(slack)
}

/// Fewest steps for the one robot of `graph` to hold every key, with the route. The caller
/// has checked every key is collectable.
///
/// # Errors
/// [`SolveError::GaveUp`] when the watch's limits are reached.
pub(crate) fn collect_with_one_robot(graph: &KeyGraph, watch: &mut Watch) -> Result<Solution, SolveError> {
    let all = graph.keys();
    // Fewest steps from each place to each key under the needs of a given set of keys held:
    // the ways of each (place, key) pair are sorted by length, so the first usable one is it.
    let steps_to = |place: usize, key: usize, held: u32| {
        crate::search::steps_to(graph, place, key, held).unwrap_or(NONE)
    };
    let table = Table::new(graph);
    // The keys en route are held from the start: see the `key_graph` module.
    let first_held = graph.en_route_keys();
    let mut rows: Vec<Row> = vec![Row { steps: [NONE; PLACES], live: 1 << START }];
    let mut sets: Vec<u32> = vec![first_held];
    rows[0].steps[START] = 0;
    let mut row_of = RowIndex::new(1 << 8);
    rows.reserve(1 << 12);
    sets.reserve(1 << 12);
    // The sets of each layer, by the number of keys held beyond the first: the walk back looks
    // a set up there.
    let mut layers = Vec::with_capacity(LETTERS + 1);
    let mut layer = 0..1;
    layers.push(layer.clone());
    for held_count in first_held.count_ones()..all.count_ones() {
        let next_start = sets.len();
        row_of.clear();
        // The most key sets stored between two checks: one per key left, per set expanded, and
        // fewer than twice `CHECK_EVERY` sets are expanded between two checks.
        let slack = 2 * CHECK_EVERY as usize * (all.count_ones() - held_count) as usize;
        // The limits are counted in batches of sets, not set by set: nothing on the hot path.
        let mut first = layer.start;
        while first < layer.end {
            let batch = first..(first + CHECK_EVERY as usize).min(layer.end);
            first = batch.end;
            if watch.due_after(batch.len()) {
                watch.check(sets.len(), bytes_ahead(&rows, &sets, &row_of, slack))?;
            }
            for row in batch {
                let held = sets[row];
                // Read in place: a copy of the row was 30 words a set, for the two or three
                // places most sets have live.
                let live = rows[row].live;
                // The best step count into each next key from any live place of this set. A key
                // with one way from a place is usable unless a key still out is on that way or
                // opens a door of it: seven table lookups, then a short loop over the usable.
                let left = all & !held;
                let mut best = [NONE; 32];
                let mut reached = 0u32;
                for place in bits(live) {
                    let place = place as usize;
                    let base = rows[row].steps[place];
                    let ways = &table.places[place];
                    let usable = ways.single & left & !ways.blocked(left);
                    let steps = &ways.steps;
                    for key in bits(usable.into()) {
                        let key = key as usize % 32;
                        best[key] = best[key].min(base + steps[key]);
                    }
                    reached |= usable;
                    if table.several_places & 1 << place == 0 {
                        continue;
                    }
                    for route in &table.several[place] {
                        let key = usize::from(route.key);
                        if left & 1 << key != 0 && route.needs & left == 0 {
                            best[key] = best[key].min(base + route.steps);
                            reached |= 1 << key;
                        }
                    }
                }
                for key in bits(reached.into()) {
                    let key = key as usize;
                    let next = held | 1 << key;
                    let index = row_of.get_or_insert(next, sets.len() as u32);
                    if index as usize == sets.len() {
                        sets.push(next);
                        rows.push(Row { steps: [NONE; PLACES], live: 0 });
                    }
                    // The one set this key is added to from is this one, so this is the only
                    // step count ever written for it: no minimum with one already there.
                    let target = &mut rows[index as usize];
                    target.steps[key] = best[key];
                    target.live |= 1 << key;
                }
            }
        }
        layer = next_start..sets.len();
        layers.push(layer.clone());
    }
    let row_in_layer = |set: u32| {
        let layer = layers.get((set.count_ones() - first_held.count_ones()) as usize)?;
        sets[layer.clone()].iter().position(|&other| other == set).map(|at| layer.start + at)
    };
    let last = row_in_layer(all).ok_or(SolveError::CannotCollectEveryKey { missing: all })?;
    let (mut place, &steps) =
        rows[last].steps.iter().enumerate().min_by_key(|&(_, &steps)| steps).unwrap_or((START, &0));
    // Walk back: the previous set is this one without the robot's key; find a place there
    // that reaches this one at exactly the difference in steps.
    let mut pickups = Vec::new();
    let (mut held, mut at) = (all, steps);
    while held != first_held && place != START {
        pickups.push(Pickup { robot: 0, key: char::from(b'a' + place as u8), steps: at });
        let before = held & !(1 << place);
        let Some(before_row) = row_in_layer(before) else { break };
        let row = &rows[before_row].steps;
        let previous = (0..PLACES).find(|&from| {
            row[from] != NONE && {
                let steps = steps_to(from, place, before);
                steps != NONE && row[from] + steps == at
            }
        });
        let Some(previous) = previous else { break };
        (held, place, at) = (before, previous, row[previous]);
    }
    pickups.reverse();
    Ok(Solution { steps, pickups, explored: rows.iter().map(|row| row.live.count_ones() as usize).sum() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_row_index_keeps_every_set_of_a_layer_through_growth_and_forgets_them_when_cleared() {
        let mut index = RowIndex::new(4);
        // Sets of three keys, far more than the four slots it starts with.
        let layer: Vec<u32> = (0..26u32)
            .flat_map(|a| (a + 1..26).map(move |b| (a, b)))
            .flat_map(|(a, b)| (b + 1..26).map(move |c| 1 << a | 1 << b | 1 << c))
            .take(1000)
            .collect();
        for (row, &set) in layer.iter().enumerate() {
            assert_eq!(index.get_or_insert(set, row as u32), row as u32);
        }
        for (row, &set) in layer.iter().enumerate() {
            assert_eq!(index.get_or_insert(set, u32::MAX - 1), row as u32, "set {set:#b}");
        }
        index.clear();
        assert!(index.slots.iter().all(|&slot| slot == 0));
        // After clearing, a set seen before is new again and takes the row it is given.
        assert_eq!(index.get_or_insert(layer[7], 5000), 5000);
        assert_eq!(index.get_or_insert(layer[7], 1), 5000);
    }
}

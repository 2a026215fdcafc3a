//! The flood's trail of layers, and walks along it.
//!
//! A [`Flood`] keeps every layer it makes (the rows its step went over), so that afterwards a set of
//! cells can *walk* from layer to layer without a new search. Down from cells at distance `k`,
//! the cells of layer `k - 1` beside them are exactly those at distance `k - 1` on shortest paths
//! from the sources to them; up, the cells at distance exactly `k + 1` beside them are those whose
//! shortest paths can pass through them. A pathfinder that floods from both ends traces the
//! shortest paths between them with such walks, confined to the corridor the paths run in.

use super::Flood;
use crate::RowSet;
use crate::rowset::{neighbours_word, occupied_one_word_rows};

/// At most this many words of layers are kept (128 MB, one layer of a 1000 x 1000 grid per row
/// of the grid); a longer flood stops keeping them, and [`Flood::first_steps_towards`] says it
/// cannot answer. The buffer grows only as far as a flood needs it. At a quarter of this, day 15's
/// searches across a 1000 x 1000 cave outgrew the trail and fell back to flooding forward and
/// back without meeting in the middle: 99% of the time in flood steps.
pub(super) const TRAIL_LIMIT: usize = 1 << 24;

impl Flood {
    /// Makes room in the trail for `words` more words; false if the flood has outgrown
    /// `TRAIL_LIMIT` (the caller then stops keeping layers).
    pub(super) fn trail_room(&mut self, words: usize) -> bool {
        let end = self.trail_len + words;
        if self.trail_overflowed || end > TRAIL_LIMIT {
            return false;
        }
        if self.trail.len() < end {
            self.trail.resize(end.max(2 * self.trail.len()).min(TRAIL_LIMIT), 0);
        }
        true
    }

    /// Keeps a copy of the layer just made, for walking back.
    pub(super) fn keep_layer(&mut self) {
        let stride = self.reached.stride;
        let words = (self.low + 1) * stride..(self.high + 1) * stride;
        let end = self.trail_len + words.len();
        if !self.trail_room(words.len()) {
            self.trail_overflowed = true;
            return;
        }
        self.trail_rows.push((self.low, self.high, self.trail_len));
        self.trail[self.trail_len..end].copy_from_slice(&self.reached.words[words]);
        self.trail_len = end;
    }

    /// Walks back from `target`, a cell the flood reached at its last step, to the cells one
    /// step from the sources that start a shortest path to it; those cells are returned. `None`
    /// if the flood has not grown, `target` was not reached at the last step, or the flood was
    /// too long to keep its layers (see `TRAIL_LIMIT`).
    ///
    /// This is [`walk_start_at`](Self::walk_start_at) at the last layer, then
    /// [`walk_to`](Self::walk_to) layer 1: the second, backward search of a pathfinder, confined
    /// to the corridor of shortest paths.
    ///
    /// ```
    /// use grid::{Flood, RowSet, Step};
    ///
    /// // A 5 x 5 open room. From cell 12 (the centre), cell 0 (top left) is 4 steps away, and the
    /// // shortest paths to it start up (cell 7) or left (cell 11).
    /// let open = RowSet::from_cells(5, 5, 0..25);
    /// let mut flood = Flood::new(5, 5);
    /// flood.start([12]);
    /// let target = RowSet::from_cells(5, 5, [0]);
    /// while flood.step_meeting(&open, &target) != Step::Met(0) {}
    /// let starts = flood.first_steps_towards(0).unwrap();
    /// assert_eq!(starts.iter().collect::<Vec<_>>(), vec![7, 11]);
    /// ```
    pub fn first_steps_towards(&mut self, target: usize) -> Option<&RowSet> {
        (self.steps > 0 && self.walk_start_at(target, self.steps) && self.walk_to(1)).then_some(&self.walk)
    }

    /// True if every layer is kept, so walks can be made (see `TRAIL_LIMIT`).
    #[must_use]
    pub fn layers_kept(&self) -> bool {
        !self.trail_overflowed
    }

    /// The lowest layer (the smallest distance from the sources) that holds a cell of `other`
    /// in `rows`; `None` if there is none, or the layers were not kept.
    #[must_use]
    pub fn lowest_layer_meeting(&self, other: &RowSet, rows: std::ops::Range<usize>) -> Option<usize> {
        if self.trail_overflowed || !self.reached.intersects_in_rows(other, rows.clone()) {
            return None;
        }
        // Layers grow, so the layers meeting `other` are the last few: step down while they meet.
        let stride = self.reached.stride;
        let meets = |layer: usize| {
            let (low, high, _) = self.trail_rows[layer];
            (rows.start.max(low)..rows.end.min(high)).any(|row| {
                (0..stride).any(|j| self.layer_word(layer, row, j) & other.words[(row + 1) * stride + j] != 0)
            })
        };
        let mut layer = self.steps;
        while layer > 0 && meets(layer - 1) {
            layer -= 1;
        }
        Some(layer)
    }

    /// The distance of `cell` from the sources: the lowest layer that holds it; `None` if the
    /// flood has not reached it, or the layers were not kept.
    #[must_use]
    pub fn distance_to(&self, cell: usize) -> Option<usize> {
        let (width, stride) = (self.reached.width, self.reached.stride);
        if self.trail_overflowed || cell >= width * self.reached.height {
            return None;
        }
        let (row, j, bit) = (cell / width, (cell % width) / 64, 1u64 << (cell % width % 64));
        if self.reached.words[(row + 1) * stride + j] & bit == 0 {
            return None;
        }
        // Layers only grow, so the lowest holding the cell is found by halving.
        let (mut low, mut high) = (0, self.steps);
        while low < high {
            let middle = usize::midpoint(low, high);
            if self.layer_word(middle, row, j) & bit == 0 {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        Some(low)
    }

    /// Goes back to the flood as it stood after `layer` steps, as if the later ones had never
    /// been taken, so that it can grow again from there over changed passable cells. That is
    /// exact when no cell that changed could be within `layer` of the sources: a cell that
    /// stopped being passable lay farther out, and one that became passable has no neighbour
    /// within `layer - 1`. False, with the flood unchanged, if the layers were not kept.
    pub fn truncate_to(&mut self, layer: usize) -> bool {
        if self.trail_overflowed {
            return false;
        }
        if layer >= self.steps {
            return true;
        }
        // Both buffers hold nothing outside the rows in use (the second holds the layer before).
        let stride = self.reached.stride;
        let used = (self.low + 1) * stride..(self.high + 1) * stride;
        self.reached.words[used.clone()].fill(0);
        self.next.words[used].fill(0);
        let (low, high, start) = self.trail_rows[layer];
        let words = (high - low) * stride;
        self.reached.words[(low + 1) * stride..][..words].copy_from_slice(&self.trail[start..start + words]);
        self.trail_rows.truncate(layer + 1);
        self.trail_len = start + words;
        self.steps = layer;
        (self.low, self.high) = self.reached.occupied_rows(low, high);
        true
    }

    /// Starts a walk at `cell`, which must be at distance exactly `layer` from the sources;
    /// false if it is not, or the layers were not kept.
    pub fn walk_start_at(&mut self, cell: usize, layer: usize) -> bool {
        let (width, stride) = (self.reached.width, self.reached.stride);
        if self.trail_overflowed || layer > self.steps || cell >= width * self.reached.height {
            return false;
        }
        let (row, j, bit) = (cell / width, (cell % width) / 64, 1u64 << (cell % width % 64));
        if self.exact_layer_word(layer, row, j) & bit == 0 {
            return false;
        }
        self.clear_walk();
        self.walk.words[(row + 1) * stride + j] = bit;
        self.walk_rows = (row, row + 1);
        self.walk_layer = layer;
        true
    }

    /// Starts a walk at the cells of `cells`, looking in `rows`, that are at distance exactly
    /// `layer` from the sources; false if there are none, or the layers were not kept.
    ///
    /// # Panics
    /// If `cells` is a set over another grid shape.
    pub fn walk_start(&mut self, cells: &RowSet, rows: std::ops::Range<usize>, layer: usize) -> bool {
        assert_eq!(self.reached.words.len(), cells.words.len(), "sets of different grids");
        if self.trail_overflowed || layer > self.steps {
            return false;
        }
        self.clear_walk();
        let stride = self.reached.stride;
        let (low, high, start) = self.trail_rows[layer];
        let (first, last) = (rows.start.max(low), rows.end.min(high));
        if first >= last {
            return false;
        }
        // The layer's words and the cells' over rows `first..last`, read as slices rather than a
        // word at a time through the trail's row table (two lookups a word, for the layer and
        // the one below): in day 15's searches that made this start cost as much as two moves
        // of a walk.
        let n = (last - first) * stride;
        let this_layer = &self.trail[start + (first - low) * stride..][..n];
        let wanted = &cells.words[(first + 1) * stride..][..n];
        let walk = &mut self.walk.words[(first + 1) * stride..][..n];
        for ((word, &wanted), &layer_word) in walk.iter_mut().zip(wanted).zip(this_layer) {
            *word = wanted & layer_word;
        }
        // At distance exactly `layer`: not in the layer below.
        if layer > 0 {
            let (below_low, below_high, below_start) = self.trail_rows[layer - 1];
            let (from, until) = (first.max(below_low), last.min(below_high));
            if from < until {
                let below =
                    &self.trail[below_start + (from - below_low) * stride..][..(until - from) * stride];
                for (word, &below) in walk[(from - first) * stride..].iter_mut().zip(below) {
                    *word &= !below;
                }
            }
        }
        let (walk_low, walk_high) = self.walk.occupied_rows(first, last);
        if walk_low >= walk_high {
            self.walk_rows = (0, 0);
            return false;
        }
        self.walk_rows = (walk_low, walk_high);
        self.walk_layer = layer;
        true
    }

    /// Moves the walk to layer `layer`, one layer at a time: the cells of the next layer (at
    /// that distance exactly) beside the cells of the walk. Walking down from cells at distance
    /// `k` gives the cells at distance `k - 1` that are on a shortest path from the sources to
    /// them; walking up from cells at distance `k` gives the cells at distance `k + 1` whose
    /// shortest paths from the sources can run through them. False if the walk runs out of
    /// cells, or `layer` was never reached.
    ///
    /// ```
    /// use grid::{Flood, RowSet};
    ///
    /// // A 5 x 1 corridor flooded from cell 0: walking up from cell 1 reaches cell 3 at layer 3.
    /// let open = RowSet::from_cells(5, 1, 0..5);
    /// let mut flood = Flood::new(5, 1);
    /// flood.start([0]);
    /// while flood.step(&open) {}
    /// assert!(flood.walk_start_at(1, 1) && flood.walk_to(3));
    /// assert_eq!(flood.walked().iter().collect::<Vec<_>>(), vec![3]);
    /// assert!(flood.walk_to(0));
    /// assert_eq!(flood.walked().iter().collect::<Vec<_>>(), vec![0]);
    /// ```
    pub fn walk_to(&mut self, layer: usize) -> bool {
        if self.trail_overflowed || layer > self.steps {
            return false;
        }
        if self.reached.stride == 1 {
            return self.walk_one_word_rows_to(layer);
        }
        while self.walk_layer != layer {
            let next = if layer < self.walk_layer { self.walk_layer - 1 } else { self.walk_layer + 1 };
            if !self.walk_one_layer(next) {
                return false;
            }
        }
        self.walk_rows.0 < self.walk_rows.1
    }

    /// [`walk_to`](Self::walk_to) for grids up to 64 wide, all its moves in one loop over local
    /// slices: a walk's set spans about three rows, so the cost of a move is mostly its set-up,
    /// and here that is a few registers. Each move makes the next set in the other buffer, which
    /// is empty between moves, clears the rows of the walk as it reads them (a call to clear
    /// them apart cost a fifth of a move), and swaps the two.
    fn walk_one_word_rows_to(&mut self, layer: usize) -> bool {
        let trail = &self.trail[..self.trail_len];
        let trail_rows = &self.trail_rows[..];
        let (mut walk, mut next) = (&mut self.walk.words[..], &mut self.walk_next.words[..]);
        let (mut low, mut high) = self.walk_rows;
        let mut at = self.walk_layer;
        let mut swapped = false;
        while at != layer && low < high {
            let to = if layer < at { at - 1 } else { at + 1 };
            let (layer_low, layer_high, start) = trail_rows[to];
            let first = low.saturating_sub(1).max(layer_low);
            let last = (high + 1).min(layer_high);
            let (mut new_low, mut new_high) = (usize::MAX, 0);
            if first < last {
                let this_layer = &trail[start + first - layer_low..][..last - first];
                let (walk_rows, next_rows) = (&mut walk[first..last + 2], &mut next[first + 1..=last]);
                let (mut up, mut here) = (walk_rows[0], walk_rows[1]);
                for (i, &layer_word) in this_layer.iter().enumerate() {
                    let down = walk_rows[i + 2];
                    let word = (here << 1 | here >> 1 | up | down) & layer_word;
                    walk_rows[i + 1] = 0;
                    next_rows[i] = word;
                    if word != 0 {
                        new_low = new_low.min(first + i);
                        new_high = first + i + 1;
                    }
                    (up, here) = (here, down);
                }
                // The loop cleared the rows of the walk it went over; the others (rare: the
                // layer's rows end short of them) are cleared apart.
                if low < first.min(high) {
                    walk[low + 1..=first.min(high)].fill(0);
                }
                if last.max(low) < high {
                    walk[last.max(low) + 1..=high].fill(0);
                }
                // Walking down, the cells of a layer beside cells one farther out are at its
                // distance exactly; walking up (rarely), the layer below must be taken out.
                if to > at && to > 0 {
                    let (below_low, below_high, below_start) = trail_rows[to - 1];
                    let (from, until) = (first.max(below_low), last.min(below_high));
                    if from < until {
                        let below = &trail[below_start + from - below_low..][..until - from];
                        for (word, &below) in next[from + 1..=until].iter_mut().zip(below) {
                            *word &= !below;
                        }
                        (new_low, new_high) = occupied_one_word_rows(next, first, last);
                    }
                }
            } else {
                walk[low + 1..=high].fill(0);
            }
            std::mem::swap(&mut walk, &mut next);
            swapped = !swapped;
            at = to;
            (low, high) = if new_low < new_high { (new_low, new_high) } else { (0, 0) };
        }
        if swapped {
            std::mem::swap(&mut self.walk.words, &mut self.walk_next.words);
        }
        self.walk_layer = at;
        self.walk_rows = (low, high);
        at == layer && low < high
    }

    /// One move of the walk over rows of several words, to the adjacent layer `layer`. The next
    /// set is made in the second buffer, which is empty between moves, and the buffers swap:
    /// only the rows the walk used are cleared, and nothing is copied back.
    fn walk_one_layer(&mut self, layer: usize) -> bool {
        let stride = self.reached.stride;
        let (layer_low, layer_high, start) = self.trail_rows[layer];
        let (walk_low, walk_high) = self.walk_rows;
        let first = walk_low.saturating_sub(1).max(layer_low);
        let last = (walk_high + 1).min(layer_high);
        if first < last {
            let n = (last - first) * stride;
            // Read straight from the trail: the layer's words for rows `first..last`.
            let this_layer = &self.trail[start + (first - layer_low) * stride..][..n];
            let around = &self.walk.words[first * stride..][..n + 2 * stride];
            let out = &mut self.walk_next.words[(first + 1) * stride..][..n];
            for (i, (word, &layer_word)) in out.iter_mut().zip(this_layer).enumerate() {
                *word = neighbours_word(around, i + stride, stride, i % stride) & layer_word;
            }
            // Walking down, the cells of a layer beside cells one farther out are at its distance
            // exactly; walking up, the layer below must be taken out.
            if layer > 0 && layer > self.walk_layer {
                let (below_low, below_high, below_start) = self.trail_rows[layer - 1];
                let (low, high) = (first.max(below_low), last.min(below_high));
                if low < high {
                    let below =
                        &self.trail[below_start + (low - below_low) * stride..][..(high - low) * stride];
                    let words = &mut self.walk_next.words[(low + 1) * stride..][..below.len()];
                    for (word, &below) in words.iter_mut().zip(below) {
                        *word &= !below;
                    }
                }
            }
        }
        self.walk.words[(walk_low + 1) * stride..(walk_high + 1) * stride].fill(0);
        std::mem::swap(&mut self.walk, &mut self.walk_next);
        self.walk_layer = layer;
        let (new_low, new_high) = self.walk.occupied_rows(first, last);
        self.walk_rows = if new_low < new_high { (new_low, new_high) } else { (0, 0) };
        new_low < new_high
    }

    /// Empties the walk.
    fn clear_walk(&mut self) {
        let stride = self.reached.stride;
        let (low, high) = self.walk_rows;
        self.walk.words[(low + 1) * stride..(high + 1) * stride].fill(0);
        self.walk_rows = (0, 0);
    }

    /// The cells the walk is at.
    #[must_use]
    pub fn walked(&self) -> &RowSet {
        &self.walk
    }

    /// The rows that hold the walk's cells.
    #[must_use]
    pub fn walked_rows(&self) -> std::ops::Range<usize> {
        self.walk_rows.0..self.walk_rows.1
    }

    /// Word `j` of row `row` of the cells at distance exactly `layer`.
    #[inline]
    fn exact_layer_word(&self, layer: usize, row: usize, j: usize) -> u64 {
        let word = self.layer_word(layer, row, j);
        if layer == 0 { word } else { word & !self.layer_word(layer - 1, row, j) }
    }

    /// Word `j` of row `row` in kept layer `layer` (0 for rows outside it).
    fn layer_word(&self, layer: usize, row: usize, j: usize) -> u64 {
        let (low, high, start) = self.trail_rows[layer];
        if row < low || row >= high {
            return 0;
        }
        self.trail[start + (row - low) * self.reached.stride + j]
    }
}

#[cfg(test)]
mod tests {
    use crate::flood::tests::{open_set, random_open};
    use crate::{Bfs, Flood, RowSet};

    #[test]
    fn walking_back_finds_exactly_the_first_steps_of_shortest_paths() {
        let mut random = testkit::Random::new(0x1234_5678_9abc_def1);
        let mut walks = 0;
        for width in [3, 8, 31, 64, 65, 100] {
            for height in [2, 6, 15] {
                for _ in 0..4 {
                    let len = width * height;
                    let (open, within) = random_open(&mut random, width, height, 4);
                    let source = (random.next_u64() as usize) % len;
                    let from_source = Bfs::new(width, len).distances([source], |c| open[c]).to_vec();
                    // A target: the farthest reachable open cell in reading order.
                    let Some(distance) = (0..len)
                        .filter(|&c| open[c])
                        .map(|c| from_source[c])
                        .filter(|&d| d != crate::UNREACHED && d > 0)
                        .max()
                    else {
                        continue;
                    };
                    let target = (0..len).find(|&c| open[c] && from_source[c] == distance).unwrap();
                    let from_target = Bfs::new(width, len).distances([target], |c| open[c]).to_vec();
                    let expected: Vec<usize> = (0..len)
                        .filter(|&c| from_source[c] == 1 && open[c] && from_target[c] == distance - 1)
                        .collect();
                    let mut flood = Flood::new(width, height);
                    flood.start([source]);
                    for _ in 0..distance {
                        assert!(flood.step(&within));
                    }
                    let starts = flood.first_steps_towards(target).expect("the target was reached last");
                    assert_eq!(starts.iter().collect::<Vec<_>>(), expected, "{width} x {height}");
                    walks += 1;
                    // A cell reached before the last step is refused.
                    if distance > 1 {
                        let earlier = (0..len).find(|&c| open[c] && from_source[c] == 1).unwrap();
                        assert!(flood.first_steps_towards(earlier).is_none());
                    }
                }
            }
        }
        assert!(walks > 40, "only {walks} walks checked");
    }

    #[test]
    fn walks_up_and_down_the_layers_match_bfs_distances() {
        // Walking from cell c at distance k to layer m must give exactly the cells at distance m
        // from the sources and |m - k| from c.
        let mut random = testkit::Random::new(0x0bad_5eed_1234_5678);
        let mut walks = 0;
        for width in [3, 9, 32, 64, 65, 90] {
            for height in [1, 4, 13] {
                let len = width * height;
                let (open, within) = random_open(&mut random, width, height, 4);
                let sources: Vec<usize> =
                    (0..3).map(|_| (random.next_u64() as usize) % len).filter(|&c| open[c]).collect();
                let distances = |from: &[usize]| -> Vec<Option<usize>> {
                    let found = Bfs::new(width, len).distances(from.iter().copied(), |c| open[c]).to_vec();
                    found.into_iter().map(|d| (d != crate::UNREACHED).then_some(d as usize)).collect()
                };
                let from_sources = distances(&sources);
                let mut flood = Flood::new(width, height);
                flood.start_from_set(&RowSet::from_cells(width, height, sources.iter().copied()));
                while flood.step(&within) {}
                let steps = flood.steps();
                assert_eq!(steps, from_sources.iter().flatten().copied().max().unwrap_or(0));
                // The lowest layer meeting a random set.
                let others = RowSet::from_cells(
                    width,
                    height,
                    (0..len).filter(|_| random.next_u64().is_multiple_of(7)),
                );
                let expected = others.iter().filter_map(|c| from_sources[c]).min();
                assert_eq!(flood.lowest_layer_meeting(&others, 0..height), expected, "{width} x {height}");
                for _ in 0..20 {
                    let cell = (random.next_u64() as usize) % len;
                    let Some(k) = from_sources[cell] else {
                        assert!(!flood.walk_start_at(cell, 0));
                        continue;
                    };
                    assert!(!flood.walk_start_at(cell, k + 1), "a cell is at one distance only");
                    let m = (random.next_u64() as usize) % (steps + 1);
                    let from_cell = distances(&[cell]);
                    let expected: Vec<usize> = (0..len)
                        .filter(|&x| from_sources[x] == Some(m) && from_cell[x] == Some(k.abs_diff(m)))
                        .collect();
                    assert!(flood.walk_start_at(cell, k));
                    assert_eq!(flood.walk_to(m), !expected.is_empty(), "{width} x {height}, {k} to {m}");
                    if !expected.is_empty() {
                        let rows = flood.walked_rows();
                        assert_eq!(flood.walked().iter().collect::<Vec<_>>(), expected);
                        assert_eq!(flood.walked().first_in_rows(rows.clone()), expected.first().copied());
                        assert_eq!(flood.walked().count_in_rows(rows), expected.len());
                        walks += 1;
                    }
                }
            }
        }
        assert!(walks > 100, "only {walks} walks checked");
    }

    #[test]
    fn a_walk_started_from_a_set_keeps_its_cells_in_the_rows_at_that_distance_exactly() {
        let mut random = testkit::Random::new(0x5747_a7f0_0d5e_7001);
        let mut starts = 0;
        for width in [3, 9, 32, 64, 65, 130] {
            for height in [1, 5, 17] {
                let len = width * height;
                let (open, within) = random_open(&mut random, width, height, 4);
                let source = (random.next_u64() as usize) % len;
                let from_source = Bfs::new(width, len).distances([source], |c| open[c]).to_vec();
                let mut flood = Flood::new(width, height);
                flood.start([source]);
                while flood.step(&within) {}
                for _ in 0..20 {
                    let cells = RowSet::from_cells(
                        width,
                        height,
                        (0..len).filter(|_| random.next_u64().is_multiple_of(3)),
                    );
                    let first_row = (random.next_u64() as usize) % height;
                    let rows = first_row..first_row + 1 + (random.next_u64() as usize) % (height - first_row);
                    let layer = (random.next_u64() as usize) % (flood.steps() + 1);
                    let expected: Vec<usize> = cells
                        .iter()
                        .filter(|&c| rows.contains(&(c / width)) && from_source[c] as usize == layer)
                        .collect();
                    let started = flood.walk_start(&cells, rows.clone(), layer);
                    assert_eq!(
                        started,
                        !expected.is_empty(),
                        "{width} x {height}, rows {rows:?}, layer {layer}"
                    );
                    if started {
                        assert_eq!(flood.walked().iter().collect::<Vec<_>>(), expected);
                        let walked_rows = flood.walked_rows();
                        assert_eq!(
                            walked_rows,
                            expected[0] / width..expected[expected.len() - 1] / width + 1
                        );
                        starts += 1;
                    }
                }
            }
        }
        assert!(starts > 100, "only {starts} walks started");
    }

    #[test]
    fn a_flood_cut_back_and_grown_over_changed_cells_matches_a_fresh_one() {
        // Grow a flood, change cells beyond what the cut keeps (block a reached cell, open a
        // wall), cut back as `truncate_to` asks, grow again: the same layers as a fresh flood.
        let mut random = testkit::Random::new(0x7e57_c0de_0dd5_1234);
        let mut checked = 0;
        for width in [5, 31, 64, 65, 130] {
            for height in [3, 9, 24] {
                for _ in 0..6 {
                    let len = width * height;
                    let mut open: Vec<bool> =
                        (0..len).map(|_| !random.next_u64().is_multiple_of(4)).collect();
                    let sources: Vec<usize> =
                        (0..2).map(|_| (random.next_u64() as usize) % len).filter(|&c| open[c]).collect();
                    let source_set = RowSet::from_cells(width, height, sources.iter().copied());
                    let within = open_set(width, height, &open);
                    let mut flood = Flood::new(width, height);
                    flood.start_from_set(&source_set);
                    let grow = (random.next_u64() % 40) as usize;
                    for _ in 0..grow {
                        flood.step(&within);
                    }
                    let before =
                        Bfs::new(width, len).distances(sources.iter().copied(), |c| open[c]).to_vec();
                    for (cell, &distance) in before.iter().enumerate() {
                        let expected = (distance as usize <= flood.steps()).then_some(distance as usize);
                        assert_eq!(flood.distance_to(cell), expected, "{width} x {height}, cell {cell}");
                    }
                    let blocked = (random.next_u64() as usize) % len;
                    let opened = (random.next_u64() as usize) % len;
                    if sources.contains(&blocked) || sources.contains(&opened) {
                        continue;
                    }
                    let mut keep = flood.steps();
                    if open[blocked] {
                        if let Some(k) = flood.distance_to(blocked) {
                            keep = keep.min(k - 1);
                        }
                        open[blocked] = false;
                    }
                    if !open[opened] {
                        let near =
                            crate::neighbours(width, len, opened).filter_map(|n| flood.distance_to(n)).min();
                        if let Some(m) = near {
                            keep = keep.min(m);
                        }
                        open[opened] = true;
                    }
                    assert!(flood.truncate_to(keep));
                    let within = open_set(width, height, &open);
                    let mut fresh = Flood::new(width, height);
                    fresh.start_from_set(&source_set);
                    for _ in 0..flood.steps() {
                        fresh.step(&within);
                    }
                    loop {
                        assert_eq!(flood.reached(), fresh.reached(), "{width} x {height}, kept {keep}");
                        let (a, b) = (flood.step(&within), fresh.step(&within));
                        assert_eq!(a, b);
                        if !a {
                            break;
                        }
                    }
                    let after = Bfs::new(width, len).distances(sources.iter().copied(), |c| open[c]).to_vec();
                    for (cell, &distance) in after.iter().enumerate() {
                        let expected = (distance != crate::UNREACHED).then_some(distance as usize);
                        assert_eq!(flood.distance_to(cell), expected, "{width} x {height}, cell {cell}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 40, "only {checked} cuts checked");
    }
}

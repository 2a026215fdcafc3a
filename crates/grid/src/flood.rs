//! The breadth-first flood fill over [`RowSet`]s.
//!
//! One layer of a breadth-first search over a [`RowSet`] is, for each row word, the row shifted
//! left and right by one bit and the rows above and below as they are, kept where passable:
//!
//! ```text
//! next[r] = reached[r] | ((reached[r] << 1 | reached[r] >> 1 | reached[r-1] | reached[r+1]) & passable[r])
//! ```
//!
//! For a 32 x 32 grid a layer costs a few instructions a row over the rows the flood has reached.
//! A step can also look out for a goal as it grows (a target cell, or a cell beside an enemy), in
//! the same pass over the rows.
//!
//! At that size a step spans about a dozen rows, and what it costs besides its rows (the
//! buffers' bounds, the trail's room, the vector loop's set-up and the rows it leaves over) was
//! as much again. So a run of steps shares one set-up ([`Flood::step_meeting_up_to`]), a step
//! over one-word rows goes over whole runs of four rows (the rows added are empty and stay so),
//! and the rows reached after a step are read off the two rows just outside the old ones.
//!
//! Every layer is kept as it is made, so that afterwards the flood can be walked layer by layer
//! without a new search: see the `trail` module.

mod trail;

use crate::RowSet;
use crate::rowset::neighbours_word;
use trail::TRAIL_LIMIT;

/// Rows the compiler's vector loop of [`grow_rows`] takes at once (two registers of two words).
const ROWS_AT_ONCE: usize = 4;

/// What a run of flood steps came to, before the cell a meeting found is looked up.
enum Grown {
    Stuck,
    Grew,
    Met,
}

/// What one step of a [`Flood`] came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The flood could not grow: every reachable cell is reached.
    Stuck,
    /// The flood grew and met no target.
    Grew,
    /// The flood grew and reached a target; the first such cell in reading order.
    Met(usize),
}

/// One flood step over `n` one-word rows: `source` holds the rows from the one above the first
/// to the one below the last (`n + 2` words), `passable` and the outputs the `n` rows. Writes the
/// grown rows to `out` and `kept`, and returns (the bits that changed, the bits `meets` found).
/// A function of its own, so the compiler knows the slices do not overlap and the loop can run
/// on vector registers with no checks.
#[inline]
fn grow_rows(
    source: &[u64],
    passable: &[u64],
    out: &mut [u64],
    kept: &mut [u64],
    meets: impl Fn(usize, u64) -> u64,
) -> (u64, u64) {
    let n = out.len();
    let (up, mid, down) = (&source[..n], &source[1..=n], &source[2..n + 2]);
    let (passable, kept) = (&passable[..n], &mut kept[..n]);
    let (mut changed, mut met) = (0u64, 0u64);
    for i in 0..n {
        let here = mid[i];
        let grown = here | ((here << 1 | here >> 1 | up[i] | down[i]) & passable[i]);
        changed |= grown ^ here;
        met |= meets(i, grown);
        out[i] = grown;
        kept[i] = grown;
    }
    (changed, met)
}

/// [`grow_rows`] for rows of `stride` words: `source` holds the rows from the one above the
/// first to the one below the last, the others the rows themselves, `stride` words each. Bits
/// carry across the words of a row.
#[inline]
fn grow_wide_rows(
    stride: usize,
    source: &[u64],
    passable: &[u64],
    out: &mut [u64],
    kept: &mut [u64],
    meets: impl Fn(usize, u64) -> u64,
) -> (u64, u64) {
    let (mut changed, mut met) = (0u64, 0u64);
    for row in (0..out.len()).step_by(stride) {
        let (up, mid, down) = (
            &source[row..][..stride],
            &source[row + stride..][..stride],
            &source[row + 2 * stride..][..stride],
        );
        for j in 0..stride {
            let i = row + j;
            let here = mid[j];
            // Bits move one column right (<< 1) and left (>> 1), carrying across the words of
            // the same row.
            let carry_in_right = if j > 0 { mid[j - 1] >> 63 } else { 0 };
            let carry_in_left = if j + 1 < stride { mid[j + 1] << 63 } else { 0 };
            let around = here << 1 | carry_in_right | here >> 1 | carry_in_left | up[j] | down[j];
            let grown = here | (around & passable[i]);
            changed |= grown ^ here;
            met |= meets(i, grown);
            out[i] = grown;
            kept[i] = grown;
        }
    }
    (changed, met)
}

/// What a flood step looks out for.
#[derive(Clone, Copy)]
enum Goal<'a> {
    /// Reached cells of this set.
    Cells(&'a RowSet),
    /// Reached cells of `.1` with a neighbour in `.0`.
    Beside(&'a RowSet, &'a RowSet),
}

impl Goal<'_> {
    /// Word `j` of row `row` of the goal's cells among `reached`.
    #[inline]
    fn row_word(self, reached: &RowSet, row: usize, j: usize) -> u64 {
        let stride = reached.stride;
        let index = (row + 1) * stride + j;
        match self {
            Goal::Cells(targets) => reached.words[index] & targets.words[index],
            Goal::Beside(beside, within) => {
                reached.words[index] & within.words[index] & neighbours_word(&beside.words, index, stride, j)
            }
        }
    }

    /// The first goal cell among `reached` in reading order, looking at `rows`.
    fn first_met(self, reached: &RowSet, rows: std::ops::Range<usize>) -> Option<usize> {
        let stride = reached.stride;
        if stride == 1 {
            return rows.into_iter().find_map(|row| {
                let word = self.row_word(reached, row, 0);
                (word != 0).then(|| row * reached.width + word.trailing_zeros() as usize)
            });
        }
        rows.flat_map(|row| (0..stride).map(move |j| (row, j))).find_map(|(row, j)| {
            let word = self.row_word(reached, row, j);
            (word != 0).then(|| reached.cell_at((row + 1) * stride + j, word.trailing_zeros()))
        })
    }
}

/// A breadth-first flood fill over [`RowSet`]s, one layer a step, touching only the rows the
/// flood has reached and the rows next to them.
///
/// A step reads the reached rows and writes the next layer into a second buffer (and into the
/// trail), so the row loop carries no dependency from one row to the next and, for grids up to 64
/// cells wide, the compiler can run it on vector registers.
///
/// ```
/// use grid::{Flood, RowSet};
///
/// // A 5 x 3 grid whose middle row is open.
/// let open = RowSet::from_cells(5, 3, 5..10);
/// let mut flood = Flood::new(5, 3);
/// flood.start([5]);
/// assert!(flood.step(&open));
/// assert_eq!(flood.reached().iter().collect::<Vec<_>>(), vec![5, 6]);
/// while flood.step(&open) {}
/// assert_eq!(flood.reached().count(), 5);
/// ```
#[derive(Clone, Debug)]
pub struct Flood {
    reached: RowSet,
    /// Where the next layer is written; equal to `reached` outside the rows in use (all zero
    /// there).
    next: RowSet,
    /// Rows `low..high` hold every reached cell.
    low: usize,
    high: usize,
    /// Steps grown since the start: the number of the last layer.
    steps: usize,
    /// The words of every layer so far, the sources' layer 0 included (rows `trail_rows[k]` of
    /// layer `k`), kept so that a walk can go from layer to layer. Only `..trail_len` is in
    /// use: the buffer stays allocated between floods, so a step writes its layer straight in.
    trail: Vec<u64>,
    trail_len: usize,
    /// For each layer: its first row, its end row, and where its words start in `trail`.
    trail_rows: Vec<(usize, usize, usize)>,
    /// True once a layer did not fit under the trail's limit (see the `trail` module): walking
    /// is then off.
    trail_overflowed: bool,
    /// The cells of the walk, all at distance `walk_layer` from the sources.
    walk: RowSet,
    /// Where a walk makes its next set, then swapped with `walk`; empty between walk moves. Also
    /// where a step writes a layer the trail has no room for (emptied again right after).
    walk_next: RowSet,
    /// Rows of `walk` in use.
    walk_rows: (usize, usize),
    walk_layer: usize,
}

impl Flood {
    /// A flood over a `width x height` grid.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        let reached = RowSet::new(width, height);
        Flood {
            next: reached.clone(),
            walk: reached.clone(),
            walk_next: reached.clone(),
            reached,
            low: 0,
            high: 0,
            steps: 0,
            trail: Vec::new(),
            trail_len: 0,
            trail_rows: Vec::new(),
            trail_overflowed: false,
            walk_rows: (0, 0),
            walk_layer: 0,
        }
    }

    /// Forgets the last flood: zeroes the rows it used in both buffers.
    fn clear(&mut self) {
        let stride = self.reached.stride;
        let used = (self.low + 1) * stride..(self.high + 1) * stride;
        self.reached.words[used.clone()].fill(0);
        self.next.words[used].fill(0);
        self.trail_len = 0;
        self.trail_rows.clear();
        self.trail_overflowed = false;
    }

    /// Starts a new flood from `sources`, which count as reached whatever the passable set is.
    pub fn start(&mut self, sources: impl IntoIterator<Item = usize>) {
        self.clear();
        self.low = usize::MAX;
        self.high = 0;
        for source in sources {
            self.reached.insert(source);
            let row = source / self.reached.width;
            self.low = self.low.min(row);
            self.high = self.high.max(row + 1);
        }
        if self.low == usize::MAX {
            self.low = 0;
        }
        self.steps = 0;
        self.keep_layer();
    }

    /// Starts a new flood from every cell of `sources`.
    ///
    /// # Panics
    /// If `sources` is a set over another grid shape.
    pub fn start_from_set(&mut self, sources: &RowSet) {
        assert_eq!(self.reached.words.len(), sources.words.len(), "sets of different grids");
        self.clear();
        self.reached.words.copy_from_slice(&sources.words);
        (self.low, self.high) = self.reached.occupied_rows(0, self.reached.height);
        self.steps = 0;
        self.keep_layer();
    }

    /// Grows the reached set by one step into `within`; false if it could not grow. Cells
    /// reached before stay reached (sources included), so after `k` steps the set holds every
    /// cell within distance `k` of a source through cells of `within`.
    ///
    /// # Panics
    /// If `within` is a set over another grid shape.
    pub fn step(&mut self, within: &RowSet) -> bool {
        self.step_towards(within, None) != Step::Stuck
    }

    /// Like [`step`](Self::step), and also reports the first cell of `targets` in reading order
    /// that the flood has reached, if any.
    ///
    /// # Panics
    /// If a set is over another grid shape.
    pub fn step_meeting(&mut self, within: &RowSet, targets: &RowSet) -> Step {
        self.step_towards(within, Some(Goal::Cells(targets)))
    }

    /// [`step_meeting`](Self::step_meeting) up to `steps` times: stops at the first step that
    /// meets a target ([`Step::Met`]) or cannot grow ([`Step::Stuck`]), and is [`Step::Grew`]
    /// if all of them grew and met none. The same as the single steps, with the set-up made
    /// once.
    ///
    /// ```
    /// use grid::{Flood, RowSet, Step};
    ///
    /// // A 6 x 1 corridor: from cell 0, cell 5 is met at the fifth step.
    /// let open = RowSet::from_cells(6, 1, 0..6);
    /// let target = RowSet::from_cells(6, 1, [5]);
    /// let mut flood = Flood::new(6, 1);
    /// flood.start([0]);
    /// assert_eq!(flood.step_meeting_up_to(&open, &target, 4), Step::Grew);
    /// assert_eq!(flood.step_meeting_up_to(&open, &target, 4), Step::Met(5));
    /// assert_eq!(flood.steps(), 5);
    /// ```
    ///
    /// # Panics
    /// If a set is over another grid shape.
    pub fn step_meeting_up_to(&mut self, within: &RowSet, targets: &RowSet, steps: usize) -> Step {
        self.steps_towards(within, Some(Goal::Cells(targets)), steps)
    }

    /// Like [`step`](Self::step), and also reports the first reached cell of `within`, in
    /// reading order, that has a neighbour in `beside`, if any: "a square next to an enemy"
    /// without building the set of such squares first.
    ///
    /// ```
    /// use grid::{Flood, RowSet, Step};
    ///
    /// // A 4 x 3 grid, all open; something stands on cell 3 (row 0, column 3).
    /// let open = RowSet::from_cells(4, 3, (0..12).filter(|&c| c != 3));
    /// let enemy = RowSet::from_cells(4, 3, [3]);
    /// let mut flood = Flood::new(4, 3);
    /// flood.start([8]);
    /// for _ in 0..3 {
    ///     assert_eq!(flood.step_beside(&open, &enemy), Step::Grew);
    /// }
    /// // Four steps from cell 8 the flood reaches cells 2 and 7, both beside cell 3; 2 comes first.
    /// assert_eq!(flood.step_beside(&open, &enemy), Step::Met(2));
    /// ```
    ///
    /// # Panics
    /// If a set is over another grid shape.
    pub fn step_beside(&mut self, within: &RowSet, beside: &RowSet) -> Step {
        self.step_towards(within, Some(Goal::Beside(beside, within)))
    }

    fn step_towards(&mut self, within: &RowSet, goal: Option<Goal<'_>>) -> Step {
        self.steps_towards(within, goal, 1)
    }

    /// Up to `steps` steps, stopping at the first that cannot grow or meets the goal.
    fn steps_towards(&mut self, within: &RowSet, goal: Option<Goal<'_>>, steps: usize) -> Step {
        assert_eq!(self.reached.words.len(), within.words.len(), "sets of different grids");
        let grown = if self.reached.stride == 1 {
            self.grow_one_word_rows(within, goal, steps)
        } else {
            self.grow_wide_rows(within, goal, steps)
        };
        match grown {
            Grown::Stuck => Step::Stuck,
            Grown::Grew => Step::Grew,
            Grown::Met => {
                let goal = goal.expect("a meeting needs a goal");
                Step::Met(goal.first_met(&self.reached, self.low..self.high).expect("the flood met its goal"))
            }
        }
    }

    /// Steps for grids up to 64 wide, all in one loop over the buffers as local slices: a step
    /// on a 32 x 32 cave spans a dozen rows, so its set-up (the buffers' bounds, the trail's
    /// room, the row range) costs about as much as its rows, and is made once here. Each step
    /// writes the next layer to the second buffer and straight into the trail, and the buffers
    /// swap.
    fn grow_one_word_rows(&mut self, within: &RowSet, goal: Option<Goal<'_>>, steps: usize) -> Grown {
        let lines = self.reached.height;
        // Room in the trail for all the steps, as far as the limit allows.
        let end = self.trail_len.saturating_add(steps.saturating_mul(lines)).min(TRAIL_LIMIT);
        if !self.trail_overflowed && self.trail.len() < end {
            self.trail.resize(end.max(2 * self.trail.len()).min(TRAIL_LIMIT), 0);
        }
        // Word `row + 1` holds row `row`; the rows above and below are one word either side.
        // Every slice is cut to the same length `n` so the loops index without bounds checks
        // and the compiler can run them on vector registers.
        let len = lines + 2;
        let within = &within.words[..len];
        let (mut reached, mut next) = (&mut self.reached.words[..len], &mut self.next.words[..len]);
        // Where a layer the trail has no room for is written and forgotten.
        let sink = &mut self.walk_next.words[..len];
        let trail = &mut self.trail[..];
        let (mut low, mut high, mut trail_len) = (self.low, self.high, self.trail_len);
        let mut swapped = false;
        let mut grown = Grown::Grew;
        for _ in 0..steps {
            if low >= high {
                grown = Grown::Stuck;
                break;
            }
            // The rows that can change: the reached ones and one on either side.
            let (above, below) = (low.saturating_sub(1), (high + 1).min(lines));
            // The loop runs over whole runs of `ROWS_AT_ONCE` rows where the grid has them, so
            // that the rows left over need no loop of their own (a step on a 32 x 32 cave spans
            // about a dozen rows, and that loop's set-up and rows were a tenth of a step). The
            // rows added are at least two from every reached row, so they stay empty.
            let n = (below - above).next_multiple_of(ROWS_AT_ONCE).min(lines);
            let first = above.min(lines - n);
            let last = first + n;
            let keep = !self.trail_overflowed && trail_len + n <= trail.len();
            let kept = if keep { &mut trail[trail_len..][..n] } else { &mut sink[..n] };
            let source = &reached[first..][..n + 2];
            let passable = &within[first + 1..][..n];
            let out = &mut next[first + 1..][..n];
            let (changed, met) = match goal {
                None => grow_rows(source, passable, out, kept, |_, _| 0),
                Some(Goal::Cells(targets)) => {
                    let target = &targets.words[first + 1..][..n];
                    grow_rows(source, passable, out, kept, |i, grown| grown & target[i])
                }
                Some(Goal::Beside(others, _)) => {
                    let others = &others.words[first..][..n + 2];
                    grow_rows(source, passable, out, kept, |i, grown| {
                        let other = others[i + 1];
                        grown & passable[i] & (other << 1 | other >> 1 | others[i] | others[i + 2])
                    })
                }
            };
            std::mem::swap(&mut reached, &mut next);
            swapped = !swapped;
            if !keep {
                // Walks rely on the sink being empty.
                sink[..n].fill(0);
            }
            if changed == 0 {
                grown = Grown::Stuck;
                break;
            }
            if keep {
                self.trail_rows.push((first, last, trail_len));
                trail_len += n;
            } else {
                self.trail_overflowed = true;
            }
            // The rows actually reached: in a corridor the flood often grows along a row, and
            // the rows scanned next time should not creep outwards on both sides regardless.
            // Rows only fill, and only the rows just outside the old ones can be new, so those
            // two are all there is to look at.
            if reached[above + 1] != 0 {
                low = above;
            }
            if reached[below] != 0 {
                high = below;
            }
            self.steps += 1;
            if met != 0 {
                grown = Grown::Met;
                break;
            }
        }
        if swapped {
            std::mem::swap(&mut self.reached.words, &mut self.next.words);
        }
        (self.low, self.high, self.trail_len) = (low, high, trail_len);
        grown
    }

    /// Steps for grids wider than 64, one at a time.
    fn grow_wide_rows(&mut self, within: &RowSet, goal: Option<Goal<'_>>, steps: usize) -> Grown {
        for _ in 0..steps {
            if self.low >= self.high {
                return Grown::Stuck;
            }
            let first = self.low.saturating_sub(1);
            let last = (self.high + 1).min(self.reached.height);
            let (grew, met) = self.step_wide_rows(within, goal, first, last);
            if !grew {
                return Grown::Stuck;
            }
            (self.low, self.high) = self.reached.occupied_rows(first, last);
            self.steps += 1;
            if met {
                return Grown::Met;
            }
        }
        Grown::Grew
    }

    /// Records a layer of rows `first..last` (`n` words) written to the trail's end if it
    /// `grew`, or notes that the trail had no room for it; then the walk's second buffer, where
    /// such a layer was written and forgotten, is emptied again (walks rely on it). For the
    /// steps of wide rows.
    fn record_layer(&mut self, kept: bool, grew: bool, first: usize, last: usize, n: usize) {
        if !kept {
            self.trail_overflowed |= grew;
            self.walk_next.words[..n].fill(0);
        } else if grew {
            self.trail_rows.push((first, last, self.trail_len));
            self.trail_len += n;
        }
    }

    /// One step for grids wider than 64, like the one-word step: the next layer goes to the
    /// second buffer and straight into the trail, then the buffers swap, so that no row has to be
    /// saved before it is overwritten (on a 300 x 300 cave those saves, a `memmove` call a row,
    /// were a sixth of the time). Bits carry across the words of a row. Returns (grew, met the
    /// goal).
    fn step_wide_rows(
        &mut self,
        within: &RowSet,
        goal: Option<Goal<'_>>,
        first: usize,
        last: usize,
    ) -> (bool, bool) {
        let stride = self.reached.stride;
        let n = (last - first) * stride;
        let keep = self.trail_room(n);
        let kept = if keep {
            &mut self.trail[self.trail_len..][..n]
        } else {
            // Written and forgotten.
            &mut self.walk_next.words[..n]
        };
        // Row `first` is word run `first + 1`; the source takes in the rows above and below.
        let source = &self.reached.words[first * stride..][..n + 2 * stride];
        let passable = &within.words[(first + 1) * stride..][..n];
        let out = &mut self.next.words[(first + 1) * stride..][..n];
        // A goal of cells is looked for in the same pass; the rare goal of cells beside a set
        // after it.
        let (changed, mut met) = match goal {
            Some(Goal::Cells(targets)) => {
                let target = &targets.words[(first + 1) * stride..][..n];
                grow_wide_rows(stride, source, passable, out, kept, |i, grown| grown & target[i])
            }
            _ => grow_wide_rows(stride, source, passable, out, kept, |_, _| 0),
        };
        std::mem::swap(&mut self.reached.words, &mut self.next.words);
        self.record_layer(keep, changed != 0, first, last, n);
        if let Some(goal @ Goal::Beside(..)) = goal
            && changed != 0
        {
            met = u64::from(
                (first..last).any(|row| (0..stride).any(|j| goal.row_word(&self.reached, row, j) != 0)),
            );
        }
        (changed != 0, met != 0)
    }

    /// Steps grown since the flood started: its last layer's number.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.steps
    }
    /// The cells reached so far.
    #[must_use]
    pub fn reached(&self) -> &RowSet {
        &self.reached
    }

    /// The rows that hold reached cells (possibly with some empty rows at the ends).
    #[must_use]
    pub fn rows(&self) -> std::ops::Range<usize> {
        self.low..self.high
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bfs;

    /// A random `width` x `height` grid, each cell a wall with odds one in `wall_one_in`: the
    /// open cells as a flag per cell, and as the set a flood may cross.
    pub(super) fn random_open(
        random: &mut testkit::Random,
        width: usize,
        height: usize,
        wall_one_in: u64,
    ) -> (Vec<bool>, RowSet) {
        let open: Vec<bool> =
            (0..width * height).map(|_| !random.next_u64().is_multiple_of(wall_one_in)).collect();
        let within = open_set(width, height, &open);
        (open, within)
    }

    /// The open cells of a grid as a set.
    pub(super) fn open_set(width: usize, height: usize, open: &[bool]) -> RowSet {
        RowSet::from_cells(width, height, (0..open.len()).filter(|&c| open[c]))
    }

    #[test]
    fn flood_layers_match_bfs_distances() {
        let mut random = testkit::Random::new(0x9e37_79b9_7f4a_7c15);
        for width in [1, 2, 3, 31, 32, 63, 64, 65, 127, 128, 130] {
            for height in [1, 2, 7, 20] {
                let len = width * height;
                let (open, within) = random_open(&mut random, width, height, 3);
                let source = (random.next_u64() as usize) % len;
                let distances = Bfs::new(width, len).distances([source], |c| open[c]).to_vec();
                let mut flood = Flood::new(width, height);
                for _ in 0..2 {
                    // The second pass checks that a reused flood starts afresh.
                    flood.start([source]);
                    let mut steps = 0;
                    loop {
                        let expected: Vec<usize> = (0..len).filter(|&c| distances[c] <= steps).collect();
                        assert_eq!(
                            flood.reached().iter().collect::<Vec<_>>(),
                            expected,
                            "{width} x {height}"
                        );
                        if !flood.step(&within) {
                            break;
                        }
                        steps += 1;
                    }
                }
            }
        }
    }

    #[test]
    fn step_beside_matches_brute_force() {
        let mut random = testkit::Random::new(0x2545_f491_4f6c_dd1d);
        for width in [2, 5, 31, 64, 65, 129] {
            for height in [1, 3, 12] {
                let len = width * height;
                let mut open: Vec<bool> = (0..len).map(|_| !random.next_u64().is_multiple_of(4)).collect();
                let beside: Vec<bool> =
                    (0..len).map(|c| !open[c] && random.next_u64().is_multiple_of(5)).collect();
                let others = RowSet::from_cells(width, height, (0..len).filter(|&c| beside[c]));
                // The source stands outside the passable cells, like a unit searching from its own
                // square.
                let source = (random.next_u64() as usize) % len;
                open[source] = false;
                let within = open_set(width, height, &open);
                let distances = Bfs::new(width, len).distances([source], |c| open[c]).to_vec();
                let mut flood = Flood::new(width, height);
                flood.start([source]);
                for steps in 1.. {
                    let expected_first = (0..len).find(|&c| {
                        distances[c] <= steps
                            && open[c]
                            && crate::neighbours(width, len, c).any(|n| beside[n])
                    });
                    let step = flood.step_beside(&within, &others);
                    match (step, expected_first) {
                        (Step::Met(cell), Some(expected)) => {
                            assert_eq!(cell, expected, "{width} x {height}");
                            break;
                        }
                        (Step::Grew, None) => {}
                        (Step::Stuck, None) => break,
                        (step, expected) => {
                            panic!("{width} x {height}, step {steps}: {step:?} vs {expected:?}")
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn step_meeting_reports_the_first_target_reached_in_reading_order() {
        for width in [7, 70] {
            // Two rows, all open; targets at both ends of row 1 and the flood starts mid row 0.
            let within = RowSet::from_cells(width, 2, 0..2 * width);
            let targets = RowSet::from_cells(width, 2, [width, 2 * width - 1]);
            let mut flood = Flood::new(width, 2);
            flood.start([width / 2]);
            let mut steps = 0;
            let met = loop {
                steps += 1;
                match flood.step_meeting(&within, &targets) {
                    Step::Met(cell) => break cell,
                    Step::Grew => {}
                    Step::Stuck => panic!("the targets are reachable"),
                }
            };
            // Column 0 is width/2 + 1 steps away, the last column (width - 1 - width/2) + 1.
            let nearest = (width / 2 + 1).min(width - width / 2);
            assert_eq!(steps, nearest, "width {width}");
            // A tie goes to the first in reading order: the start of row 1.
            assert_eq!(met, if width / 2 <= width - 1 - width / 2 { width } else { 2 * width - 1 });
        }
        let mut flood = Flood::new(3, 1);
        flood.start([0]);
        let walls = RowSet::new(3, 1);
        assert_eq!(flood.step_meeting(&walls, &RowSet::from_cells(3, 1, [2])), Step::Stuck);
    }

    #[test]
    fn steps_up_to_a_count_match_single_steps() {
        let mut random = testkit::Random::new(0x51e9_0c4d_77a1_3b2f);
        for width in [1, 3, 32, 64, 65, 130] {
            for height in [1, 5, 17] {
                let len = width * height;
                let (_, within) = random_open(&mut random, width, height, 4);
                let targets = RowSet::from_cells(
                    width,
                    height,
                    (0..len).filter(|_| random.next_u64().is_multiple_of(40)),
                );
                let source = (random.next_u64() as usize) % len;
                let (mut runs, mut singles) = (Flood::new(width, height), Flood::new(width, height));
                runs.start([source]);
                singles.start([source]);
                loop {
                    let count = (random.next_u64() % 5) as usize;
                    let run = runs.step_meeting_up_to(&within, &targets, count);
                    let mut single = Step::Grew;
                    for _ in 0..count {
                        single = singles.step_meeting(&within, &targets);
                        if single != Step::Grew {
                            break;
                        }
                    }
                    assert_eq!(run, single, "{width} x {height}");
                    assert_eq!((runs.steps(), runs.rows()), (singles.steps(), singles.rows()));
                    assert_eq!(runs.reached(), singles.reached());
                    match run {
                        Step::Grew => {}
                        Step::Stuck => break,
                        Step::Met(cell) => {
                            if runs.steps() > 0 {
                                let walked = runs.first_steps_towards(cell).cloned();
                                assert_eq!(walked, singles.first_steps_towards(cell).cloned());
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_flood_can_start_from_a_whole_set() {
        let within = RowSet::from_cells(5, 3, 0..15);
        let mut flood = Flood::new(5, 3);
        flood.start([14]);
        flood.step(&within);
        flood.start_from_set(&RowSet::from_cells(5, 3, [0]));
        flood.step(&within);
        assert_eq!(flood.reached().iter().collect::<Vec<_>>(), vec![0, 1, 5]);
    }

    #[test]
    fn a_flood_never_wraps_from_a_row_end_to_the_next_row() {
        // All open; the flood starts at the end of row 0 and must not jump to the start of row 1.
        let within = RowSet::from_cells(4, 2, 0..8);
        let mut flood = Flood::new(4, 2);
        flood.start([3]);
        flood.step(&within);
        assert_eq!(flood.reached().iter().collect::<Vec<_>>(), vec![2, 3, 7]);
    }
}

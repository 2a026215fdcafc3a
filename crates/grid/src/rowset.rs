//! Bit sets laid out row by row, and the flood fill built on them.
//!
//! [`CellSet`](crate::CellSet) numbers its bits like the cells, one long bit string; a step up
//! or down is then a shift by the grid's width, which crosses word boundaries. A [`RowSet`] gives
//! every row its own words instead (one `u64` for rows up to 64 cells, more for wider ones), with
//! an empty row above and below the grid. Then one layer of a breadth-first flood is, for each
//! row word, the row shifted left and right by one bit and the rows above and below as they are:
//!
//! ```text
//! next[r] = reached[r] | ((reached[r] << 1 | reached[r] >> 1 | reached[r-1] | reached[r+1]) & passable[r])
//! ```
//!
//! No masks are needed at the row ends: a bit shifted past the last column lands outside every
//! passable set, and one shifted before column 0 falls off the word. For a 32 x 32 grid a layer
//! costs a few instructions a row over the rows the flood has reached.
//!
//! ## Layers and walks
//! A [`Flood`] keeps every layer it makes (the rows in use only), so that afterwards a set of
//! cells can *walk* from layer to layer without a new search. Down from cells at distance `k`,
//! the cells of layer `k - 1` beside them are exactly those at distance `k - 1` on shortest paths
//! from the sources to them; up, the cells at distance exactly `k + 1` beside them are those whose
//! shortest paths can pass through them. A pathfinder that floods from both ends traces the
//! shortest paths between them with such walks, confined to the corridor the paths run in.

/// A set of cells of a `width x height` grid, stored a row per run of words.
///
/// Cells are addressed by their index in reading order, like everywhere in this crate.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RowSet {
    width: usize,
    height: usize,
    /// Words per row: `ceil(width / 64)`.
    stride: usize,
    /// `(height + 2) * stride` words: an empty row, the grid's rows, an empty row.
    words: Vec<u64>,
}

impl RowSet {
    /// The empty set over a `width x height` grid.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        let stride = width.div_ceil(64).max(1);
        RowSet { width, height, stride, words: vec![0; (height + 2) * stride] }
    }

    /// The set of the given cells.
    ///
    /// # Panics
    /// If a cell is outside the grid.
    #[must_use]
    pub fn from_cells(width: usize, height: usize, cells: impl IntoIterator<Item = usize>) -> Self {
        let mut set = RowSet::new(width, height);
        for cell in cells {
            set.insert(cell);
        }
        set
    }

    /// Word index and bit of a cell.
    #[inline]
    fn locate(&self, cell: usize) -> (usize, u64) {
        let (row, col) = (cell / self.width, cell % self.width);
        ((row + 1) * self.stride + col / 64, 1 << (col % 64))
    }

    /// Adds a cell.
    ///
    /// # Panics
    /// If the cell is outside the grid.
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        assert!(cell < self.width * self.height, "cell {cell} outside the grid");
        let (word, bit) = self.locate(cell);
        self.words[word] |= bit;
    }

    /// Removes a cell (nothing happens for cells outside the grid).
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        if cell < self.width * self.height {
            let (word, bit) = self.locate(cell);
            self.words[word] &= !bit;
        }
    }

    /// True if the cell is in the set.
    #[must_use]
    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        cell < self.width * self.height && {
            let (word, bit) = self.locate(cell);
            self.words[word] & bit != 0
        }
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Number of cells in the set.
    #[must_use]
    pub fn count(&self) -> usize {
        self.words.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// True if no cell is in the set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&word| word == 0)
    }

    /// The cell at word `index`, bit `bit`.
    #[inline]
    fn cell_at(&self, index: usize, bit: u32) -> usize {
        let row = index / self.stride - 1;
        row * self.width + (index % self.stride) * 64 + bit as usize
    }

    /// The first cell in reading order that is in both sets, looking only at rows
    /// `rows.start..rows.end`.
    #[must_use]
    #[inline]
    pub fn first_common_in_rows(&self, other: &RowSet, rows: std::ops::Range<usize>) -> Option<usize> {
        let words = (rows.start + 1) * self.stride..(rows.end + 1) * self.stride;
        let (mine, theirs) = (&self.words[words.clone()], &other.words[words.clone()]);
        mine.iter()
            .zip(theirs)
            .position(|(a, b)| a & b != 0)
            .map(|at| self.cell_at(words.start + at, (mine[at] & theirs[at]).trailing_zeros()))
    }

    /// True if the sets share a cell in rows `rows.start..rows.end`.
    #[must_use]
    #[inline]
    pub fn intersects_in_rows(&self, other: &RowSet, rows: std::ops::Range<usize>) -> bool {
        let words = (rows.start + 1) * self.stride..(rows.end + 1) * self.stride;
        self.words[words.clone()].iter().zip(&other.words[words]).any(|(a, b)| a & b != 0)
    }

    /// The first cell of the set in reading order, looking only at rows `rows.start..rows.end`.
    #[must_use]
    pub fn first_in_rows(&self, rows: std::ops::Range<usize>) -> Option<usize> {
        let words = (rows.start + 1) * self.stride..(rows.end + 1) * self.stride;
        let mine = &self.words[words.clone()];
        mine.iter()
            .position(|&word| word != 0)
            .map(|at| self.cell_at(words.start + at, mine[at].trailing_zeros()))
    }

    /// Number of cells of the set in rows `rows.start..rows.end`.
    #[must_use]
    pub fn count_in_rows(&self, rows: std::ops::Range<usize>) -> usize {
        let words = (rows.start + 1) * self.stride..(rows.end + 1) * self.stride;
        self.words[words].iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Makes this set the cells of `within` that have a neighbour (up, left, right or down) in
    /// `others`: for a unit's enemies, the free squares in range of them.
    ///
    /// # Panics
    /// If a set is over another grid shape.
    pub fn set_to_beside(&mut self, within: &RowSet, others: &RowSet) {
        assert_eq!(self.words.len(), within.words.len(), "sets of different grids");
        assert_eq!(self.words.len(), others.words.len(), "sets of different grids");
        let stride = self.stride;
        if stride == 1 {
            // A straight run of word operations, for the compiler to vectorize.
            let n = self.height;
            let (up, mid, down) = (&others.words[..n], &others.words[1..=n], &others.words[2..n + 2]);
            let (out, within) = (&mut self.words[1..=n], &within.words[1..=n]);
            for i in 0..n {
                out[i] = within[i] & (mid[i] << 1 | mid[i] >> 1 | up[i] | down[i]);
            }
            return;
        }
        for row in 0..self.height {
            for j in 0..stride {
                let index = (row + 1) * stride + j;
                self.words[index] = within.words[index] & neighbours_word(&others.words, index, stride, j);
            }
        }
    }

    /// The first cell in reading order that is in both sets.
    #[must_use]
    pub fn first_common(&self, other: &RowSet) -> Option<usize> {
        self.first_common_in_rows(other, 0..self.height)
    }

    /// The cells in reading order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let grid_words = self.stride..(self.height + 1) * self.stride;
        grid_words.flat_map(move |index| {
            let mut rest = self.words[index];
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    self.cell_at(index, bit)
                })
            })
        })
    }
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

/// The cells beside the cells of a row set (up, left, right, down), for word `index` of its
/// words, which is word `j` of a row of `stride` words.
#[inline]
fn neighbours_word(words: &[u64], index: usize, stride: usize, j: usize) -> u64 {
    let here = words[index];
    // Bits move one column right (<< 1) and left (>> 1), carrying across the words of a row.
    let carry_in_right = if j > 0 { words[index - 1] >> 63 } else { 0 };
    let carry_in_left = if j + 1 < stride { words[index + 1] << 63 } else { 0 };
    here << 1 | carry_in_right | here >> 1 | carry_in_left | words[index - stride] | words[index + stride]
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
/// For grids up to 64 cells wide a step reads the reached rows and writes the next layer into a
/// second buffer, so the row loop carries no dependency from one row to the next and the compiler
/// can run it on vector registers; wider grids update their runs of words in place.
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
    /// Where the next layer is written, for one-word rows; equal to `reached` outside the rows
    /// in use (all zero there).
    next: RowSet,
    /// Words of the row above the one being updated, as they were before this step.
    previous_row: Vec<u64>,
    /// Words of the row being updated, as they were before this step.
    current_row: Vec<u64>,
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
    /// True once a layer did not fit under `TRAIL_LIMIT`: walking is then off.
    trail_overflowed: bool,
    /// The cells of the walk, all at distance `walk_layer` from the sources.
    walk: RowSet,
    /// Scratch for the walk's next set.
    walk_next: RowSet,
    /// Rows of `walk` in use.
    walk_rows: (usize, usize),
    walk_layer: usize,
}

/// At most this many words of layers are kept; a longer flood stops keeping them, and
/// [`Flood::first_steps_towards`] says it cannot answer.
const TRAIL_LIMIT: usize = 1 << 22;

impl Flood {
    /// A flood over a `width x height` grid.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        let reached = RowSet::new(width, height);
        let stride = reached.stride;
        Flood {
            next: reached.clone(),
            walk: reached.clone(),
            walk_next: reached.clone(),
            reached,
            previous_row: vec![0; stride],
            current_row: vec![0; stride],
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
        (self.low, self.high) = self.occupied_rows(0, self.reached.height);
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
        assert_eq!(self.reached.words.len(), within.words.len(), "sets of different grids");
        if self.low >= self.high {
            return Step::Stuck;
        }
        // The rows that can change: the reached ones and one on either side.
        let first = self.low.saturating_sub(1);
        let last = (self.high + 1).min(self.reached.height);
        let (grew, met) = if self.reached.stride == 1 {
            self.step_one_word_rows(within, goal, first, last)
        } else {
            self.step_wide_rows(within, goal, first, last)
        };
        if !grew {
            return Step::Stuck;
        }
        // The rows actually reached: in a corridor the flood often grows along a row, and the
        // rows scanned next time should not creep outwards on both sides regardless.
        let (low, high) = self.occupied_rows(first, last);
        self.low = low;
        self.high = high;
        self.steps += 1;
        if self.reached.stride > 1 {
            // (One-word rows keep their layer as they make it.)
            self.keep_layer();
        }
        if !met {
            return Step::Grew;
        }
        let goal = goal.expect("a meeting needs a goal");
        Step::Met(goal.first_met(&self.reached, low..high).expect("the flood met its goal"))
    }

    /// `first..last` narrowed to the rows that hold reached cells (empty if none do).
    #[inline]
    fn occupied_rows(&self, first: usize, last: usize) -> (usize, usize) {
        let stride = self.reached.stride;
        let words = &self.reached.words;
        let row_is_empty = |row: usize| {
            if stride == 1 {
                words[row + 1] == 0
            } else {
                words[(row + 1) * stride..(row + 2) * stride].iter().all(|&w| w == 0)
            }
        };
        let (mut low, mut high) = (first, last);
        while low < high && row_is_empty(low) {
            low += 1;
        }
        while high > low && row_is_empty(high - 1) {
            high -= 1;
        }
        (low, high)
    }

    /// Makes room in the trail for `words` more words; false if the flood has outgrown
    /// `TRAIL_LIMIT` (the caller then stops keeping layers).
    fn trail_room(&mut self, words: usize) -> bool {
        let end = self.trail_len + words;
        if self.trail_overflowed || end > TRAIL_LIMIT {
            return false;
        }
        if self.trail.len() < end {
            self.trail.resize(end.max(2 * self.trail.len()).min(TRAIL_LIMIT), 0);
        }
        true
    }

    /// One step for grids up to 64 wide: the next layer goes to the second buffer, then the
    /// buffers swap. Returns (grew, met the goal). Each goal has its own loop so that every loop
    /// is a straight run of word operations the compiler can vectorize.
    fn step_one_word_rows(
        &mut self,
        within: &RowSet,
        goal: Option<Goal<'_>>,
        first: usize,
        last: usize,
    ) -> (bool, bool) {
        // Word `row + 1` holds row `row`; the rows above and below are one word either side.
        // Every slice is cut to the same length `n` so the loops index without bounds checks
        // and the compiler can run them on vector registers.
        let n = last - first;
        // The layer is kept as it is made, rows `first..last` of it, if it fits.
        let keep = self.trail_room(n);
        let kept = if keep {
            &mut self.trail[self.trail_len..][..n]
        } else {
            // Written and forgotten.
            &mut self.walk_next.words[..n]
        };
        let source = &self.reached.words[first..][..n + 2];
        let passable = &within.words[first + 1..][..n];
        let out = &mut self.next.words[first + 1..][..n];
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
        std::mem::swap(&mut self.reached.words, &mut self.next.words);
        if changed != 0 {
            if keep {
                self.trail_rows.push((first, last, self.trail_len));
                self.trail_len += n;
            } else {
                self.trail_overflowed = true;
            }
        }
        (changed != 0, met != 0)
    }

    /// One step for grids wider than 64: each row's run of words is updated in place, carrying
    /// bits across the words of a row. Returns (grew, met a target).
    fn step_wide_rows(
        &mut self,
        within: &RowSet,
        goal: Option<Goal<'_>>,
        first: usize,
        last: usize,
    ) -> (bool, bool) {
        let stride = self.reached.stride;
        let words = &mut self.reached.words;
        let current = &mut self.current_row;
        self.previous_row.copy_from_slice(&words[first * stride..(first + 1) * stride]);
        let mut grew = false;
        for row in first..last {
            let base = (row + 1) * stride;
            current.copy_from_slice(&words[base..base + stride]);
            for j in 0..stride {
                let here = current[j];
                // Bits move one column right (<< 1) and left (>> 1), carrying across the
                // words of the same row.
                let carry_in_right = if j > 0 { current[j - 1] >> 63 } else { 0 };
                let carry_in_left = if j + 1 < stride { current[j + 1] << 63 } else { 0 };
                let sideways = here << 1 | carry_in_right | here >> 1 | carry_in_left;
                let vertical = self.previous_row[j] | words[base + stride + j];
                let grown = here | ((sideways | vertical) & within.words[base + j]);
                words[base + j] = grown;
                grew |= grown != here;
            }
            self.previous_row.copy_from_slice(current);
        }
        let met = match goal {
            None => false,
            Some(goal) => {
                (first..last).any(|row| (0..stride).any(|j| goal.row_word(&self.reached, row, j) != 0))
            }
        };
        (grew, met)
    }

    /// Keeps a copy of the layer just made, for walking back.
    fn keep_layer(&mut self) {
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

    /// Steps grown since the flood started: its last layer's number.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.steps
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
        let (low, high, _) = self.trail_rows[layer];
        let (mut walk_low, mut walk_high) = (usize::MAX, 0);
        for row in rows.start.max(low)..rows.end.min(high) {
            for j in 0..stride {
                let index = (row + 1) * stride + j;
                let word = cells.words[index] & self.exact_layer_word(layer, row, j);
                self.walk.words[index] = word;
                if word != 0 {
                    walk_low = walk_low.min(row);
                    walk_high = row + 1;
                }
            }
        }
        if walk_low == usize::MAX {
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
        while self.walk_layer != layer {
            let next = if layer < self.walk_layer { self.walk_layer - 1 } else { self.walk_layer + 1 };
            if !self.walk_one_layer(next) {
                return false;
            }
        }
        self.walk_rows.0 < self.walk_rows.1
    }

    /// One move of the walk, to the adjacent layer `layer`.
    fn walk_one_layer(&mut self, layer: usize) -> bool {
        let stride = self.reached.stride;
        let (layer_low, layer_high, _) = self.trail_rows[layer];
        let (walk_low, walk_high) = self.walk_rows;
        let first = walk_low.saturating_sub(1).max(layer_low);
        let last = (walk_high + 1).min(layer_high);
        let (mut new_low, mut new_high) = (usize::MAX, 0);
        if stride == 1 && first < last {
            // One word a row: the layer's words and the layer below's are read straight from the
            // trail.
            let (_, _, start) = self.trail_rows[layer];
            let this_layer = &self.trail[start + first - layer_low..][..last - first];
            // Walking down, the cells of a layer beside cells one farther out are at its distance
            // exactly; walking up, the layer below must be taken out.
            let (below_low, below_high, below_start) =
                if layer > 0 && layer > self.walk_layer { self.trail_rows[layer - 1] } else { (0, 0, 0) };
            let walk = &self.walk.words;
            for (row, &layer_word) in (first..last).zip(this_layer) {
                let index = row + 1;
                let here = walk[index];
                let below = if (below_low..below_high).contains(&row) {
                    self.trail[below_start + row - below_low]
                } else {
                    0
                };
                let word = (here << 1 | here >> 1 | walk[index - 1] | walk[index + 1]) & layer_word & !below;
                self.walk_next.words[index] = word;
                if word != 0 {
                    new_low = new_low.min(row);
                    new_high = row + 1;
                }
            }
        } else {
            for row in first..last {
                for j in 0..stride {
                    let index = (row + 1) * stride + j;
                    let word = neighbours_word(&self.walk.words, index, stride, j)
                        & self.exact_layer_word(layer, row, j);
                    self.walk_next.words[index] = word;
                    if word != 0 {
                        new_low = new_low.min(row);
                        new_high = row + 1;
                    }
                }
            }
        }
        self.walk.words[(walk_low + 1) * stride..(walk_high + 1) * stride].fill(0);
        self.walk_layer = layer;
        if new_low == usize::MAX {
            self.walk_rows = (0, 0);
            return false;
        }
        let used = (new_low + 1) * stride..(new_high + 1) * stride;
        self.walk.words[used.clone()].copy_from_slice(&self.walk_next.words[used]);
        self.walk_rows = (new_low, new_high);
        true
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

    fn xorshift(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    #[test]
    fn insert_remove_contains_and_reading_order() {
        for width in [1, 5, 63, 64, 65, 130] {
            let height = 4;
            let cells = [0, width - 1, width, 2 * width + width / 2, 4 * width - 1];
            let mut set = RowSet::from_cells(width, height, cells);
            let mut sorted = cells.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(set.iter().collect::<Vec<_>>(), sorted, "width {width}");
            assert_eq!(set.count(), sorted.len());
            assert!(set.contains(width - 1) && !set.contains(4 * width));
            set.remove(width - 1);
            assert!(!set.contains(width - 1));
            set.clear();
            assert!(set.is_empty());
        }
    }

    #[test]
    fn first_common_is_the_first_in_reading_order() {
        let a = RowSet::from_cells(70, 3, [5, 75, 139, 150]);
        let b = RowSet::from_cells(70, 3, [139, 150, 75]);
        assert_eq!(a.first_common(&b), Some(75));
        assert_eq!(a.first_common_in_rows(&b, 2..3), Some(150));
        assert_eq!(a.first_common(&RowSet::new(70, 3)), None);
        assert!(a.intersects_in_rows(&b, 1..2));
        assert!(!a.intersects_in_rows(&b, 0..1));
    }

    #[test]
    fn flood_layers_match_bfs_distances() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for width in [1, 2, 3, 31, 32, 63, 64, 65, 127, 128, 130] {
            for height in [1, 2, 7, 20] {
                let len = width * height;
                let open: Vec<bool> = (0..len).map(|_| xorshift(&mut seed) % 3 != 0).collect();
                let within = RowSet::from_cells(width, height, (0..len).filter(|&c| open[c]));
                let source = (xorshift(&mut seed) as usize) % len;
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
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for width in [2, 5, 31, 64, 65, 129] {
            for height in [1, 3, 12] {
                let len = width * height;
                let mut open: Vec<bool> = (0..len).map(|_| xorshift(&mut seed) % 4 != 0).collect();
                let beside: Vec<bool> = (0..len).map(|c| !open[c] && xorshift(&mut seed) % 5 == 0).collect();
                let others = RowSet::from_cells(width, height, (0..len).filter(|&c| beside[c]));
                // The source stands outside the passable cells, like a unit searching from its own
                // square.
                let source = (xorshift(&mut seed) as usize) % len;
                open[source] = false;
                let within = RowSet::from_cells(width, height, (0..len).filter(|&c| open[c]));
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
    fn walking_back_finds_exactly_the_first_steps_of_shortest_paths() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut walks = 0;
        for width in [3, 8, 31, 64, 65, 100] {
            for height in [2, 6, 15] {
                for _ in 0..4 {
                    let len = width * height;
                    let open: Vec<bool> = (0..len).map(|_| xorshift(&mut seed) % 4 != 0).collect();
                    let within = RowSet::from_cells(width, height, (0..len).filter(|&c| open[c]));
                    let source = (xorshift(&mut seed) as usize) % len;
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
        let mut seed = 0x0bad_5eed_1234_5678u64;
        let mut walks = 0;
        for width in [3, 9, 32, 64, 65, 90] {
            for height in [1, 4, 13] {
                let len = width * height;
                let open: Vec<bool> = (0..len).map(|_| xorshift(&mut seed) % 4 != 0).collect();
                let within = RowSet::from_cells(width, height, (0..len).filter(|&c| open[c]));
                let sources: Vec<usize> =
                    (0..3).map(|_| (xorshift(&mut seed) as usize) % len).filter(|&c| open[c]).collect();
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
                let others =
                    RowSet::from_cells(width, height, (0..len).filter(|_| xorshift(&mut seed) % 7 == 0));
                let expected = others.iter().filter_map(|c| from_sources[c]).min();
                assert_eq!(flood.lowest_layer_meeting(&others, 0..height), expected, "{width} x {height}");
                for _ in 0..20 {
                    let cell = (xorshift(&mut seed) as usize) % len;
                    let Some(k) = from_sources[cell] else {
                        assert!(!flood.walk_start_at(cell, 0));
                        continue;
                    };
                    assert!(!flood.walk_start_at(cell, k + 1), "a cell is at one distance only");
                    let m = (xorshift(&mut seed) as usize) % (steps + 1);
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
    fn set_to_beside_keeps_the_cells_next_to_the_others() {
        let mut seed = 0x5151_2323_abab_cdcdu64;
        for width in [4, 32, 64, 65, 130] {
            let height = 6;
            let len = width * height;
            let within = RowSet::from_cells(width, height, (0..len).filter(|_| xorshift(&mut seed) % 3 != 0));
            let others = RowSet::from_cells(width, height, (0..len).filter(|_| xorshift(&mut seed) % 9 == 0));
            let mut beside = RowSet::from_cells(width, height, [0, len - 1]);
            beside.set_to_beside(&within, &others);
            let expected: Vec<usize> = (0..len)
                .filter(|&c| {
                    within.contains(c) && crate::neighbours(width, len, c).any(|n| others.contains(n))
                })
                .collect();
            assert_eq!(beside.iter().collect::<Vec<_>>(), expected, "width {width}");
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

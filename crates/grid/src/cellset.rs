//! A bit set over cell indices, and the one-step spread that turns it into a flood fill.
//!
//! Cell `i` is bit `i % 64` of word `i / 64`. Because a grid stores its rows one after another,
//! moving a whole set of cells one step right is a left shift of the bit string by one, and one
//! step down a shift by the grid's width. [`CellSet::spread_within`] does the four moves at once,
//! 64 cells to a word operation, which is what makes a layer of breadth-first search over a small
//! grid cost a few dozen instructions instead of a queue walk.
//!
//! ```text
//!   width 4, set {5}        spread: {1, 4, 5, 6, 9}
//!   . . . .                 . # . .
//!   . # . .       ==>       # # # .
//!   . . . .                 . # . .
//! ```

use std::fmt;

/// A set of cell indices below a fixed bound, one bit a cell.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct CellSet {
    words: Vec<u64>,
    len: usize,
}

impl CellSet {
    /// The empty set over cells `0..len`.
    #[must_use]
    pub fn new(len: usize) -> Self {
        CellSet { words: vec![0; len.div_ceil(64)], len }
    }

    /// The set of the given cells over `0..len`.
    ///
    /// # Panics
    /// If a cell is not below `len`.
    #[must_use]
    pub fn from_cells(len: usize, cells: impl IntoIterator<Item = usize>) -> Self {
        let mut set = CellSet::new(len);
        for cell in cells {
            set.insert(cell);
        }
        set
    }

    /// The bound on cell indices this set was made for.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.len
    }

    /// The underlying words, lowest cells first.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Adds a cell; true if it was not there.
    ///
    /// # Panics
    /// If `cell` is not below the set's capacity.
    pub fn insert(&mut self, cell: usize) -> bool {
        assert!(cell < self.len, "cell {cell} outside a set of {} cells", self.len);
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let fresh = self.words[word] & bit == 0;
        self.words[word] |= bit;
        fresh
    }

    /// Removes a cell; true if it was there.
    pub fn remove(&mut self, cell: usize) -> bool {
        if cell >= self.len {
            return false;
        }
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let present = self.words[word] & bit != 0;
        self.words[word] &= !bit;
        present
    }

    /// True if the cell is in the set.
    #[must_use]
    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        cell < self.len && self.words[cell / 64] & (1 << (cell % 64)) != 0
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// True if no cell is in the set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&word| word == 0)
    }

    /// Number of cells in the set.
    #[must_use]
    pub fn count(&self) -> usize {
        self.words.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// The lowest cell, which is the first in reading order.
    #[must_use]
    pub fn first(&self) -> Option<usize> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, word)| **word != 0)
            .map(|(index, word)| index * 64 + word.trailing_zeros() as usize)
    }

    /// The cells in increasing order (reading order).
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(index, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    index * 64 + bit
                })
            })
        })
    }

    /// True if the two sets share a cell.
    #[must_use]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// The lowest cell in both sets.
    #[must_use]
    pub fn first_common(&self, other: &CellSet) -> Option<usize> {
        self.words
            .iter()
            .zip(&other.words)
            .enumerate()
            .find(|(_, (a, b))| *a & *b != 0)
            .map(|(index, (a, b))| index * 64 + (a & b).trailing_zeros() as usize)
    }

    /// Adds every cell of `other`.
    pub fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Keeps only the cells also in `other`.
    pub fn intersect_with(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }

    /// Removes every cell of `other`.
    pub fn subtract(&mut self, other: &CellSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
    }

    /// Makes this set a copy of `other` without allocating.
    pub fn copy_from(&mut self, other: &CellSet) {
        self.words.copy_from_slice(&other.words);
        self.len = other.len;
    }

    /// Writes into `out` this set together with every cell one step up, left, right or down of
    /// it, keeping only cells of `within`. The grid is `width` cells wide; a step never wraps
    /// from one row's end to the next row's start. Returns true if `out` differs from `self`.
    ///
    /// Called repeatedly, it grows a flood fill by one BFS layer each time.
    ///
    /// ```
    /// use grid::CellSet;
    ///
    /// // A 4 x 3 grid, all open.
    /// let open = CellSet::from_cells(12, 0..12);
    /// let start = CellSet::from_cells(12, [5]);
    /// let mut layer = CellSet::new(12);
    /// start.spread_within(4, &open, &mut layer);
    /// assert_eq!(layer.iter().collect::<Vec<_>>(), vec![1, 4, 5, 6, 9]);
    /// // Column 3 does not wrap into column 0 of the next row.
    /// CellSet::from_cells(12, [3]).spread_within(4, &open, &mut layer);
    /// assert_eq!(layer.iter().collect::<Vec<_>>(), vec![2, 3, 7]);
    /// ```
    ///
    /// # Panics
    /// If the three sets do not have the same capacity.
    pub fn spread_within(&self, width: usize, within: &CellSet, out: &mut CellSet) -> bool {
        assert!(self.len == within.len && self.len == out.len, "sets of different grids");
        let words = &self.words;
        let count = words.len();
        let (row_words, row_bits) = (width / 64, (width % 64) as u32);
        let mut changed = false;
        for index in 0..count {
            let here = words[index];
            // Bit i of `from_left` is cell i - 1, so that step went right and may not land in
            // column 0; likewise `from_right` may not land in the last column.
            let from_left = shifted_down(words, index, 0, 1) & column_mask(index, width, 0);
            let from_right = shifted_up(words, index, 0, 1) & column_mask(index, width, width - 1);
            let from_up = shifted_down(words, index, row_words, row_bits);
            let from_down = shifted_up(words, index, row_words, row_bits);
            let grown = here | from_left | from_right | from_up | from_down;
            let next = grown & within.words[index];
            changed |= next != here;
            out.words[index] = next;
        }
        changed
    }
}

/// Word `index` of the bit string moved towards higher cell indices by `64 * whole + bits`: the
/// bit for cell `i` comes from cell `i - shift`.
#[inline]
fn shifted_down(words: &[u64], index: usize, whole: usize, bits: u32) -> u64 {
    let word = |i: usize| if i < words.len() { words[i] } else { 0 };
    let Some(source) = index.checked_sub(whole) else { return 0 };
    let low = word(source) << bits;
    if bits == 0 {
        return low;
    }
    let carry = source.checked_sub(1).map_or(0, |prev| word(prev) >> (64 - bits));
    low | carry
}

/// Word `index` of the bit string moved towards lower cell indices by `64 * whole + bits`: the
/// bit for cell `i` comes from cell `i + shift`.
#[inline]
fn shifted_up(words: &[u64], index: usize, whole: usize, bits: u32) -> u64 {
    let word = |i: usize| if i < words.len() { words[i] } else { 0 };
    let source = index + whole;
    let high = word(source) >> bits;
    if bits == 0 {
        return high;
    }
    high | (word(source + 1) << (64 - bits))
}

/// The bits of word `index` whose cells are *not* in column `column` of a `width`-wide grid.
#[inline]
fn column_mask(index: usize, width: usize, column: usize) -> u64 {
    let mut mask = !0u64;
    let first_cell = index * 64;
    // The first cell at or after `first_cell` that lies in `column`.
    let offset = (column + width - first_cell % width) % width;
    let mut bit = offset;
    while bit < 64 {
        mask &= !(1 << bit);
        bit += width;
    }
    mask
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn insert_remove_contains() {
        let mut set = CellSet::new(200);
        assert!(set.insert(0));
        assert!(set.insert(130));
        assert!(!set.insert(130));
        assert!(set.contains(130) && set.contains(0) && !set.contains(1));
        assert!(!set.contains(5000));
        assert_eq!(set.count(), 2);
        assert!(set.remove(0));
        assert!(!set.remove(0));
        assert_eq!(set.first(), Some(130));
        set.clear();
        assert!(set.is_empty());
    }

    #[test]
    fn iterates_in_reading_order() {
        let cells = [199, 3, 64, 63, 128, 0];
        let set = CellSet::from_cells(200, cells);
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        assert_eq!(set.iter().collect::<Vec<_>>(), sorted);
    }

    #[test]
    fn set_algebra() {
        let a = CellSet::from_cells(100, [1, 2, 70]);
        let b = CellSet::from_cells(100, [2, 70, 99]);
        assert!(a.intersects(&b));
        assert_eq!(a.first_common(&b), Some(2));
        let mut union = a.clone();
        union.union_with(&b);
        assert_eq!(union.iter().collect::<Vec<_>>(), vec![1, 2, 70, 99]);
        let mut both = a.clone();
        both.intersect_with(&b);
        assert_eq!(both.iter().collect::<Vec<_>>(), vec![2, 70]);
        let mut only_a = a.clone();
        only_a.subtract(&b);
        assert_eq!(only_a.iter().collect::<Vec<_>>(), vec![1]);
    }

    /// The spread, done cell by cell with the grid's own neighbour function.
    fn spread_by_hand(width: usize, len: usize, set: &CellSet, within: &CellSet) -> CellSet {
        let mut out = CellSet::new(len);
        for cell in set.iter() {
            for next in std::iter::once(cell).chain(crate::neighbours(width, len, cell)) {
                if within.contains(next) {
                    out.insert(next);
                }
            }
        }
        out
    }

    #[test]
    fn spread_matches_neighbours_for_many_widths() {
        // Widths around and past the word size exercise every shift path.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for width in [1, 2, 3, 5, 7, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 200] {
            for height in [1, 2, 3, 9] {
                let len = width * height;
                let within = CellSet::from_cells(len, (0..len).filter(|_| random() % 4 != 0));
                let set = CellSet::from_cells(len, (0..len).filter(|_| random() % 7 == 0));
                let mut out = CellSet::new(len);
                set.spread_within(width, &within, &mut out);
                assert_eq!(out, spread_by_hand(width, len, &set, &within), "{width} x {height}");
            }
        }
    }

    #[test]
    fn repeated_spread_is_a_bfs() {
        let grid =
            Grid::parse("#######\n#..#..#\n#.##..#\n#.....#\n#######\n", |ch| Some(ch == '.')).unwrap();
        let open = CellSet::from_cells(grid.len(), grid.positions(|&open| open));
        let mut bfs = crate::Bfs::new(grid.width(), grid.len());
        let distances = bfs.distances([8], |cell| grid[cell]).to_vec();
        let mut layer = CellSet::from_cells(grid.len(), [8]);
        let mut next = CellSet::new(grid.len());
        for steps in 1.. {
            if !layer.spread_within(grid.width(), &open, &mut next) {
                break;
            }
            std::mem::swap(&mut layer, &mut next);
            let expected: Vec<usize> = (0..grid.len()).filter(|&c| distances[c] <= steps).collect();
            assert_eq!(layer.iter().collect::<Vec<_>>(), expected, "after {steps} steps");
        }
    }
}

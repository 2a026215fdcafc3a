//! A bit set of cells laid out a row per word.
//!
//! A [`RowSet`] gives every row of the grid its own words (one `u64` for rows up to 64 cells,
//! more for wider ones), with an empty row above and below the grid. Then "the cells beside the
//! set" is, for each row word, the row shifted left and right by one bit and the rows above and
//! below as they are:
//!
//! ```text
//! beside[r] = reached[r] << 1 | reached[r] >> 1 | reached[r-1] | reached[r+1]
//! ```
//!
//! No masks are needed at the row ends: a bit shifted past the last column lands outside every
//! set of real cells, and one shifted before column 0 falls off the word. That is the step of
//! the breadth-first flood of [`crate::Flood`], and of [`RowSet::set_to_beside`].

use crate::bits;

/// A set of cells of a `width x height` grid, stored a row per run of words.
///
/// Cells are addressed by their index in reading order, like everywhere in this crate.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RowSet {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// Words per row: `ceil(width / 64)`.
    pub(crate) stride: usize,
    /// `(height + 2) * stride` words: an empty row, the grid's rows, an empty row.
    pub(crate) words: Vec<u64>,
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
    pub(crate) fn cell_at(&self, index: usize, bit: u32) -> usize {
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

    /// `first..last` narrowed to the rows that hold cells of the set (empty if none do).
    #[inline]
    pub(crate) fn occupied_rows(&self, first: usize, last: usize) -> (usize, usize) {
        let stride = self.stride;
        if stride == 1 {
            return occupied_one_word_rows(&self.words, first, last);
        }
        let row_is_empty =
            |row: usize| self.words[(row + 1) * stride..(row + 2) * stride].iter().all(|&w| w == 0);
        let (mut low, mut high) = (first, last);
        while low < high && row_is_empty(low) {
            low += 1;
        }
        while high > low && row_is_empty(high - 1) {
            high -= 1;
        }
        (low, high)
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
        grid_words.flat_map(move |index| bits(self.words[index]).map(move |bit| self.cell_at(index, bit)))
    }
}

/// Rows `first..last` narrowed to the rows that hold cells, for the words of a set of one-word
/// rows (word `row + 1` holds row `row`).
#[inline]
pub(crate) fn occupied_one_word_rows(words: &[u64], first: usize, last: usize) -> (usize, usize) {
    let (mut low, mut high) = (first, last);
    while low < high && words[low + 1] == 0 {
        low += 1;
    }
    while high > low && words[high] == 0 {
        high -= 1;
    }
    (low, high)
}

/// The cells beside the cells of a row set (up, left, right, down), for word `index` of its
/// words, which is word `j` of a row of `stride` words.
#[inline]
pub(crate) fn neighbours_word(words: &[u64], index: usize, stride: usize, j: usize) -> u64 {
    let here = words[index];
    // Bits move one column right (<< 1) and left (>> 1), carrying across the words of a row.
    let carry_in_right = if j > 0 { words[index - 1] >> 63 } else { 0 };
    let carry_in_left = if j + 1 < stride { words[index + 1] << 63 } else { 0 };
    here << 1 | carry_in_right | here >> 1 | carry_in_left | words[index - stride] | words[index + stride]
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn set_to_beside_keeps_the_cells_next_to_the_others() {
        let mut random = testkit::Random::new(0x5151_2323_abab_cdcd);
        for width in [4, 32, 64, 65, 130] {
            let height = 6;
            let len = width * height;
            let within =
                RowSet::from_cells(width, height, (0..len).filter(|_| !random.next_u64().is_multiple_of(3)));
            let others =
                RowSet::from_cells(width, height, (0..len).filter(|_| random.next_u64().is_multiple_of(9)));
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
}

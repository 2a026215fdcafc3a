//! # grid: the shared vocabulary of the puzzle-search solvers
//!
//! All three puzzles of this workspace are played on a rectangle of cells read from text. This
//! crate holds what they share, made to sit inside hot search loops:
//!
//! - [`Grid`]: the cells in one flat `Vec`, row after row. A cell is named by its *index* in that
//!   vector, so comparing two indices compares their positions in **reading order** (top to bottom,
//!   then left to right) for free; both puzzles that break ties "in reading order" lean on this.
//!   [`Pos`] is the same place as a (row, column) pair, for people and error messages.
//! - [`Grid::parse`]: text to grid, with typed errors that name the line and column
//!   ([`ParseError`]). Windows line endings and trailing blank lines are accepted.
//! - [`Grid::neighbours`]: the four neighbours of a cell, in reading order (up, left, right, down).
//! - [`Bfs`]: breadth-first search from one or many sources with a passability predicate:
//!   distance maps, region floods ([`Bfs::reach`]) and shortest paths ([`Bfs::path`]), with
//!   reusable buffers, so a search core can run thousands of them without allocating. Day 15
//!   uses it to find a goblin walled off from every elf.
//! - [`Grid::with_rim`] and [`Offsets`]: a grid padded with a ring of wall, so that the
//!   neighbours of every inner cell are plain offsets `-width, -1, +1, +width` with no bounds
//!   checks, and [`Direction`], the one direction type, listed in reading order.
//! - [`bits`] and [`set_bits`]: the members of a bit set stored in words, lowest first.
//! - [`RowSet`]: a bit set of cells laid out a row per word (or run of words), so that the cells
//!   beside a set are a few word operations a row.
//! - [`Flood`]: breadth-first search over [`RowSet`]s, one layer a step, keeping its layers so
//!   that shortest paths can be traced back along them: the core of day 15's movement.
//!
//! ```
//! use grid::Grid;
//!
//! let grid = Grid::parse("#####\n#..##\n#####\n", |ch| match ch {
//!     '#' => Some(false),
//!     '.' => Some(true),
//!     _ => None,
//! })?;
//! assert_eq!((grid.width(), grid.height()), (5, 3));
//! let first_open = grid.position(|&open| open).unwrap();
//! assert_eq!(grid.pos(first_open), grid::Pos { row: 1, col: 1 });
//! # Ok::<(), grid::ParseError>(())
//! ```

mod bfs;
mod bits;
mod direction;
mod flood;
mod parse;
mod rowset;

pub use bfs::{Bfs, UNREACHED};
pub use bits::{Bits, bits, has_bit, insert_bit, lowered_word, raised_word, remove_bit, set_bits};
pub use direction::{Direction, Offsets};
pub use flood::{Flood, Step};
pub use parse::{ParseError, leading_blank_lines};
pub use rowset::RowSet;

use std::fmt;
use std::ops::{Index, IndexMut};

/// A place on the grid as (row, column), both counted from 0.
///
/// The derived order compares the row first, then the column: reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Row, counted from the top.
    pub row: usize,
    /// Column, counted from the left.
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// A rectangular grid of cells stored row after row.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// A grid from its cells in reading order, or `None` when `cells.len() != width * height` or
    /// the grid would be empty.
    #[must_use]
    pub fn from_cells(width: usize, height: usize, cells: Vec<T>) -> Option<Self> {
        (width > 0 && height > 0 && width.checked_mul(height) == Some(cells.len())).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    /// A grid of `width x height` copies of `fill`.
    ///
    /// # Panics
    /// If either side is 0 or the area overflows `usize`: grids are never empty.
    #[must_use]
    pub fn filled(width: usize, height: usize, fill: T) -> Self
    where
        T: Clone,
    {
        assert!(width > 0 && height > 0, "a grid has at least one cell");
        let len = width.checked_mul(height).expect("grid area overflows usize");
        Grid { width, height, cells: vec![fill; len] }
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells (`width * height`); never 0.
    #[must_use]
    #[allow(clippy::len_without_is_empty)] // a grid always has at least one cell
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// The cells in reading order.
    #[must_use]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells in reading order, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The (row, column) of a cell index.
    #[must_use]
    pub fn pos(&self, index: usize) -> Pos {
        Pos { row: index / self.width, col: index % self.width }
    }

    /// The cell index of a position, or `None` outside the grid.
    #[must_use]
    pub fn index(&self, pos: Pos) -> Option<usize> {
        (pos.row < self.height && pos.col < self.width).then(|| pos.row * self.width + pos.col)
    }

    /// The cell one step from `index` in `direction`, or `None` off the edge.
    #[must_use]
    pub fn step(&self, index: usize, direction: Direction) -> Option<usize> {
        step(self.width, self.cells.len(), index, direction)
    }

    /// The neighbour arithmetic of this grid's width, for cells off its rim (see [`Offsets`]).
    #[must_use]
    pub fn offsets(&self) -> Offsets {
        Offsets::new(self.width)
    }

    /// A copy with a ring of `rim` cells around it, two columns wider and two rows taller, so
    /// that every cell of the original has all four neighbours at plain [`Offsets`].
    #[must_use]
    pub fn with_rim(&self, rim: T) -> Grid<T>
    where
        T: Clone,
    {
        let width = self.width + 2;
        let mut cells = Vec::with_capacity(width * (self.height + 2));
        cells.extend(std::iter::repeat_n(rim.clone(), width));
        for row in self.cells.chunks_exact(self.width) {
            cells.push(rim.clone());
            cells.extend_from_slice(row);
            cells.push(rim.clone());
        }
        cells.extend(std::iter::repeat_n(rim, width));
        Grid { width, height: self.height + 2, cells }
    }

    /// The index in [`Grid::with_rim`]'s grid of this grid's cell `index`.
    #[must_use]
    pub fn index_with_rim(&self, index: usize) -> usize {
        index + self.width + 3 + 2 * (index / self.width)
    }

    /// The neighbours of `index` inside the grid, in reading order: up, left, right, down.
    pub fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> + use<T> {
        neighbours(self.width, self.cells.len(), index)
    }

    /// True for cells in the first or last row or column.
    #[must_use]
    pub fn is_border(&self, index: usize) -> bool {
        let Pos { row, col } = self.pos(index);
        row == 0 || col == 0 || row + 1 == self.height || col + 1 == self.width
    }

    /// The index of the first cell in reading order that satisfies `predicate`.
    pub fn position(&self, predicate: impl FnMut(&T) -> bool) -> Option<usize> {
        self.cells.iter().position(predicate)
    }

    /// The indices of every cell that satisfies `predicate`, in reading order.
    pub fn positions<'a>(
        &'a self,
        mut predicate: impl FnMut(&T) -> bool + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        self.cells.iter().enumerate().filter_map(move |(index, cell)| predicate(cell).then_some(index))
    }

    /// A grid of the same shape whose cells are `f` of these.
    #[must_use]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { width: self.width, height: self.height, cells: self.cells.iter().map(f).collect() }
    }

    /// The grid as text, one line a row, each cell drawn by `draw(index, cell)`.
    #[must_use]
    pub fn render(&self, mut draw: impl FnMut(usize, &T) -> char) -> String {
        let mut text = String::with_capacity(self.cells.len() + self.height);
        for (index, cell) in self.cells.iter().enumerate() {
            text.push(draw(index, cell));
            if (index + 1) % self.width == 0 {
                text.push('\n');
            }
        }
        text
    }
}

/// The cell one step from `index` in `direction` in a `width`-wide grid of `len` cells, or `None`
/// off the edge: the free-function form of [`Grid::step`], for code that keeps only the shape.
#[must_use]
pub fn step(width: usize, len: usize, index: usize, direction: Direction) -> Option<usize> {
    let col = index % width;
    match direction {
        Direction::Up => index.checked_sub(width),
        Direction::Left => (col > 0).then(|| index - 1),
        Direction::Right => (col + 1 < width).then(|| index + 1),
        Direction::Down => Some(index + width).filter(|&next| next < len),
    }
}

/// The neighbours of `index` in a `width`-wide grid of `len` cells, in reading order.
///
/// The free-function form of [`Grid::neighbours`], for code that keeps only the grid's shape.
pub fn neighbours(width: usize, len: usize, index: usize) -> impl Iterator<Item = usize> {
    let col = index % width;
    let up = index.checked_sub(width);
    let left = (col > 0).then(|| index - 1);
    let right = (col + 1 < width).then(|| index + 1);
    let down = Some(index + width).filter(|&next| next < len);
    [up, left, right, down].into_iter().flatten()
}

impl<T> Index<usize> for Grid<T> {
    type Output = T;
    fn index(&self, index: usize) -> &T {
        &self.cells[index]
    }
}

impl<T> IndexMut<usize> for Grid<T> {
    fn index_mut(&mut self, index: usize) -> &mut T {
        &mut self.cells[index]
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, pos: Pos) -> &T {
        assert!(pos.col < self.width, "column {} outside a grid {} wide", pos.col, self.width);
        &self.cells[pos.row * self.width + pos.col]
    }
}

impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_grid(width: usize, height: usize) -> Grid<bool> {
        Grid::filled(width, height, true)
    }

    #[test]
    fn index_order_is_reading_order() {
        let grid = open_grid(7, 5);
        let mut positions: Vec<Pos> = (0..grid.len()).map(|i| grid.pos(i)).collect();
        let by_index = positions.clone();
        positions.sort();
        assert_eq!(positions, by_index);
    }

    #[test]
    fn pos_and_index_round_trip() {
        let grid = open_grid(4, 3);
        for index in 0..grid.len() {
            assert_eq!(grid.index(grid.pos(index)), Some(index));
        }
        assert_eq!(grid.index(Pos { row: 3, col: 0 }), None);
        assert_eq!(grid.index(Pos { row: 0, col: 4 }), None);
    }

    #[test]
    fn neighbours_come_in_reading_order_and_stay_inside() {
        let grid = open_grid(3, 3);
        assert_eq!(grid.neighbours(4).collect::<Vec<_>>(), vec![1, 3, 5, 7]);
        assert_eq!(grid.neighbours(0).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(grid.neighbours(2).collect::<Vec<_>>(), vec![1, 5]);
        assert_eq!(grid.neighbours(8).collect::<Vec<_>>(), vec![5, 7]);
        for index in 0..grid.len() {
            let list: Vec<usize> = grid.neighbours(index).collect();
            assert!(list.windows(2).all(|pair| pair[0] < pair[1]));
        }
    }

    #[test]
    fn step_matches_neighbours() {
        let grid = open_grid(5, 4);
        for index in 0..grid.len() {
            let stepped: Vec<usize> =
                Direction::READING_ORDER.iter().filter_map(|&d| grid.step(index, d)).collect();
            assert_eq!(stepped, grid.neighbours(index).collect::<Vec<_>>());
            for direction in Direction::READING_ORDER {
                if let Some(next) = grid.step(index, direction) {
                    assert_eq!(grid.step(next, direction.opposite()), Some(index));
                }
            }
        }
    }

    #[test]
    fn border_cells() {
        let grid = open_grid(4, 3);
        let border: Vec<usize> = (0..grid.len()).filter(|&i| grid.is_border(i)).collect();
        assert_eq!(border, vec![0, 1, 2, 3, 4, 7, 8, 9, 10, 11]);
    }

    #[test]
    fn from_cells_checks_the_shape() {
        assert!(Grid::from_cells(2, 2, vec![0; 4]).is_some());
        assert!(Grid::from_cells(2, 2, vec![0; 5]).is_none());
        assert!(Grid::<u8>::from_cells(0, 0, vec![]).is_none());
    }

    #[test]
    fn with_rim_surrounds_the_grid_and_maps_indices() {
        let grid = Grid::from_cells(3, 2, vec![1, 2, 3, 4, 5, 6]).unwrap();
        let rimmed = grid.with_rim(0);
        assert_eq!((rimmed.width(), rimmed.height()), (5, 4));
        assert_eq!(rimmed.render(|_, &v| char::from(b'0' + v)), "00000\n01230\n04560\n00000\n");
        for index in 0..grid.len() {
            assert_eq!(rimmed[grid.index_with_rim(index)], grid[index]);
            let around = rimmed.offsets().neighbours(grid.index_with_rim(index));
            let mut inside: Vec<usize> = around.into_iter().filter(|&n| rimmed[n] != 0).collect();
            inside.sort_unstable();
            let expected: Vec<usize> = grid.neighbours(index).map(|n| grid.index_with_rim(n)).collect();
            assert_eq!(inside, expected);
        }
    }

    #[test]
    fn render_draws_rows() {
        let grid = Grid::from_cells(2, 2, vec![1, 2, 3, 4]).unwrap();
        assert_eq!(grid.render(|_, &v| char::from(b'0' + v)), "12\n34\n");
    }
}

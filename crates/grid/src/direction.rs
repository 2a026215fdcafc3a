//! Directions, and the neighbour arithmetic of a grid whose rim is wall.
//!
//! Every puzzle here steps between the four neighbours of a cell, and every one breaks ties in
//! *reading order*, so the directions are listed in the reading order of the neighbour each leads
//! to: up, left, right, down. Their index in that list (`0..4`) is what tables store, and the
//! opposite of direction `d` is `3 - d`, since up/down and left/right sit symmetrically.
//!
//! A search loop should not pay for bounds checks. When the outermost ring of cells (the *rim*)
//! is wall, and the search never stands on the rim, the neighbours of a cell are plain offsets
//! `-width, -1, +1, +width` from its index. [`Offsets`] is that arithmetic; a grid gets a rim by
//! being parsed with one (day 15: the puzzle promises a border of wall) or by [`Grid::with_rim`]
//! (day 18's corridor finder, and Sokoban, whose levels have ragged outsides).
//!
//! [`Grid::with_rim`]: crate::Grid::with_rim

/// One of the four directions of movement, listed in the reading order of the neighbour each
/// leads to: up, left, right, down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Towards column 0.
    Left,
    /// Away from column 0.
    Right,
    /// Away from row 0.
    Down,
}

impl Direction {
    /// The four directions in the reading order of the neighbours they lead to.
    pub const READING_ORDER: [Direction; 4] =
        [Direction::Up, Direction::Left, Direction::Right, Direction::Down];

    /// The position of this direction in [`Direction::READING_ORDER`], `0..4`.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction at `index` of [`Direction::READING_ORDER`].
    ///
    /// # Panics
    /// If `index` is 4 or more.
    #[must_use]
    pub const fn from_index(index: usize) -> Direction {
        Direction::READING_ORDER[index]
    }

    /// The direction that undoes this one.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::READING_ORDER[3 - self.index()]
    }

    /// The lower-case letter of the LURD notation: `u`, `l`, `r` or `d`.
    #[must_use]
    pub const fn letter(self) -> char {
        [b'u', b'l', b'r', b'd'][self.index()] as char
    }

    /// The direction of a LURD letter, either case.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Direction> {
        match letter.to_ascii_lowercase() {
            'u' => Some(Direction::Up),
            'l' => Some(Direction::Left),
            'r' => Some(Direction::Right),
            'd' => Some(Direction::Down),
            _ => None,
        }
    }
}

/// Neighbour arithmetic for a grid `width` cells wide whose rim is never stood on: the
/// neighbours of a cell are its index `-width, -1, +1, +width`, with no bounds checks.
///
/// Stepping from a rim cell wraps to another row or off the grid, which the caller rules out by
/// keeping the rim wall.
///
/// ```
/// use grid::{Direction, Offsets};
///
/// let offsets = Offsets::new(5);
/// assert_eq!(offsets.step(7, Direction::Up), 2);
/// assert_eq!(offsets.neighbours(7), [2, 6, 8, 12]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offsets {
    width: usize,
}

impl Offsets {
    /// The offsets of a grid `width` cells wide.
    #[must_use]
    pub const fn new(width: usize) -> Self {
        Offsets { width }
    }

    /// The width of the grid.
    #[must_use]
    pub const fn width(self) -> usize {
        self.width
    }

    /// The cell one step from `cell` in `direction`.
    #[must_use]
    #[inline]
    pub const fn step(self, cell: usize, direction: Direction) -> usize {
        match direction {
            Direction::Up => cell.wrapping_sub(self.width),
            Direction::Left => cell.wrapping_sub(1),
            Direction::Right => cell.wrapping_add(1),
            Direction::Down => cell.wrapping_add(self.width),
        }
    }

    /// The four neighbours of `cell` in reading order: up, left, right, down.
    #[must_use]
    #[inline]
    pub const fn neighbours(self, cell: usize) -> [usize; 4] {
        [
            cell.wrapping_sub(self.width),
            cell.wrapping_sub(1),
            cell.wrapping_add(1),
            cell.wrapping_add(self.width),
        ]
    }

    /// The direction that leads from `from` to its neighbour `to`, if they are neighbours.
    #[must_use]
    pub fn direction(self, from: usize, to: usize) -> Option<Direction> {
        Direction::READING_ORDER.into_iter().find(|&d| self.step(from, d) == to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_letter_and_opposite_agree() {
        for (i, d) in Direction::READING_ORDER.into_iter().enumerate() {
            assert_eq!(d.index(), i);
            assert_eq!(Direction::from_index(i), d);
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
            assert_eq!(Direction::from_letter(d.letter()), Some(d));
            assert_eq!(Direction::from_letter(d.letter().to_ascii_uppercase()), Some(d));
        }
        assert_eq!(Direction::Up.opposite(), Direction::Down);
        assert_eq!(Direction::Left.opposite(), Direction::Right);
        assert_eq!(Direction::from_letter('x'), None);
    }

    #[test]
    fn offsets_step_back_and_forth() {
        let offsets = Offsets::new(7);
        let cell = 7 * 3 + 3;
        for d in Direction::READING_ORDER {
            let next = offsets.step(cell, d);
            assert_eq!(offsets.step(next, d.opposite()), cell);
            assert_eq!(offsets.direction(cell, next), Some(d));
        }
        assert_eq!(offsets.direction(cell, cell + 2), None);
        let listed: Vec<usize> = Direction::READING_ORDER.map(|d| offsets.step(cell, d)).to_vec();
        assert_eq!(offsets.neighbours(cell).to_vec(), listed);
    }
}

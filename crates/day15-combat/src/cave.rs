//! The cave as read from the puzzle input: walls, open floor, and where each unit starts.

use grid::{Bfs, Grid, Pos, UNREACHED};
use std::fmt;
use thiserror::Error;

/// The two armies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// `E` on the map.
    Elf,
    /// `G` on the map.
    Goblin,
}

impl Side {
    /// The other army.
    #[must_use]
    pub fn enemy(self) -> Side {
        match self {
            Side::Elf => Side::Goblin,
            Side::Goblin => Side::Elf,
        }
    }

    /// The letter that marks this army on the map.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Side::Elf => 'E',
            Side::Goblin => 'G',
        }
    }

    /// 0 for elves, 1 for goblins: an index into per-army arrays.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Side::Elf => 0,
            Side::Goblin => 1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Elf => "elves",
            Side::Goblin => "goblins",
        })
    }
}

/// A parsed puzzle input: the map without its units, and the units in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cave {
    /// True for open floor (including squares where units start), false for walls.
    floor: Grid<bool>,
    /// Every unit's side and starting cell, in reading order.
    units: Vec<(Side, usize)>,
}

/// Why a text is not a cave.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CaveError {
    /// Empty text, ragged rows or an unknown character.
    ///
    /// The message includes the grid's own, so the grid error is not also given as the source:
    /// a report that walks the chain of causes would print it twice.
    #[error("{0} (a cave holds only '#', '.', 'E' and 'G')")]
    Grid(grid::ParseError),
    /// The map has no elves and no goblins.
    #[error("the cave has no units: it needs at least one 'E' or 'G'")]
    NoUnits,
    /// A border square is not a wall, so units could walk off the map.
    #[error(
        "line {line}, column {column}: the cave must be closed by walls, but this border square is {found:?}"
    )]
    OpenBorder {
        /// Line of the square, from 1.
        line: usize,
        /// Column of the square, from 1.
        column: usize,
        /// What the square holds.
        found: char,
    },
    /// More cells than the simulator's compact cell numbers hold.
    #[error("the cave is {width} x {height}; at most {MAX_CELLS} squares are supported")]
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
}

impl From<grid::ParseError> for CaveError {
    fn from(error: grid::ParseError) -> Self {
        CaveError::Grid(error)
    }
}

/// The largest cave the simulator takes: cells are numbered with `u32`, units with `u16`.
pub const MAX_CELLS: usize = 1 << 24;

impl Cave {
    /// Reads a cave: `#` wall, `.` open floor, `E` elf, `G` goblin, closed by a border of walls.
    ///
    /// # Errors
    /// A [`CaveError`] naming the line and column of the first fault.
    pub fn parse(text: &str) -> Result<Cave, CaveError> {
        let marks = Grid::parse(text, |ch| matches!(ch, '#' | '.' | 'E' | 'G').then_some(ch))?;
        if marks.len() > MAX_CELLS {
            return Err(CaveError::TooLarge { width: marks.width(), height: marks.height() });
        }
        // The grid parser skips leading blank lines; count them back so errors name the real line.
        let first_line = grid::leading_blank_lines(text);
        if let Some(cell) = (0..marks.len()).find(|&cell| marks.is_border(cell) && marks[cell] != '#') {
            let Pos { row, col } = marks.pos(cell);
            return Err(CaveError::OpenBorder {
                line: first_line + row + 1,
                column: col + 1,
                found: marks[cell],
            });
        }
        let units: Vec<(Side, usize)> = (0..marks.len())
            .filter_map(|cell| match marks[cell] {
                'E' => Some((Side::Elf, cell)),
                'G' => Some((Side::Goblin, cell)),
                _ => None,
            })
            .collect();
        if units.is_empty() {
            return Err(CaveError::NoUnits);
        }
        Ok(Cave { floor: marks.map(|&ch| ch != '#'), units })
    }

    /// True for open floor (including squares where units start), false for walls. The border
    /// is all wall, so every open square has its four neighbours at [`grid::Offsets`].
    #[must_use]
    pub fn floor(&self) -> &Grid<bool> {
        &self.floor
    }

    /// Every unit's side and starting cell, in reading order.
    #[must_use]
    pub fn units(&self) -> &[(Side, usize)] {
        &self.units
    }

    /// The first of `side`'s enemies, in reading order, that no unit of `side` can ever reach:
    /// walled off from all of them. Units do not count as walls here, since they move and die.
    #[must_use]
    pub fn enemy_out_of_reach(&self, side: Side) -> Option<usize> {
        // The border is all wall, so the search can step by plain offsets.
        let mut bfs = Bfs::with_rim(self.floor.width(), self.floor.len());
        let own = self.units.iter().filter(|&&(s, _)| s == side).map(|&(_, cell)| cell);
        let reached = bfs.distances(own, |cell| self.floor[cell]);
        self.units.iter().find(|&&(s, cell)| s != side && reached[cell] == UNREACHED).map(|&(_, cell)| cell)
    }

    /// How many units of `side` the cave starts with.
    #[must_use]
    pub fn count(&self, side: Side) -> usize {
        self.units.iter().filter(|(s, _)| *s == side).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_walls_floor_and_units_in_reading_order() {
        let cave = Cave::parse("#####\n#G.E#\n#E..#\n#####\n").unwrap();
        assert_eq!(cave.units, vec![(Side::Goblin, 6), (Side::Elf, 8), (Side::Elf, 11)]);
        assert!(cave.floor[7] && !cave.floor[0]);
        assert_eq!(cave.count(Side::Elf), 2);
    }

    #[test]
    fn an_enemy_out_of_reach_is_one_walled_off_from_the_whole_army() {
        let cave = Cave::parse("#########\n#G.E#.G.#\n#.###.E.#\n#########\n").unwrap();
        // Each goblin has an elf on its side of the walls, and each elf a goblin.
        assert_eq!(cave.enemy_out_of_reach(Side::Elf), None);
        assert_eq!(cave.enemy_out_of_reach(Side::Goblin), None);
        let walled = Cave::parse("#######\n#GGE#G#\n#######\n").unwrap();
        assert_eq!(walled.enemy_out_of_reach(Side::Elf), Some(12));
        assert_eq!(walled.enemy_out_of_reach(Side::Goblin), None);
    }

    #[test]
    fn empty_file_is_an_error() {
        assert_eq!(Cave::parse("").unwrap_err(), CaveError::Grid(grid::ParseError::Empty));
        assert_eq!(Cave::parse("\r\n\r\n").unwrap_err(), CaveError::Grid(grid::ParseError::Empty));
    }

    #[test]
    fn a_cave_without_units_is_an_error() {
        assert_eq!(Cave::parse("###\n#.#\n###\n").unwrap_err(), CaveError::NoUnits);
    }

    #[test]
    fn unknown_characters_name_line_and_column() {
        let error = Cave::parse("####\n#EX#\n####\n").unwrap_err();
        assert_eq!(error, CaveError::Grid(grid::ParseError::UnknownChar { line: 2, column: 3, ch: 'X' }));
        assert!(error.to_string().starts_with("line 2, column 3: unknown character 'X'"));
    }

    #[test]
    fn a_parse_error_is_printed_once() {
        // The grid's message is part of the cave's, so it must not come back as its source.
        let error = Cave::parse("####\n#EX#\n####\n").unwrap_err();
        assert!(std::error::Error::source(&error).is_none());
        assert_eq!(error.to_string().matches("unknown character").count(), 1);
    }

    #[test]
    fn ragged_rows_are_an_error() {
        let error = Cave::parse("####\n#E.#\n###\n").unwrap_err();
        assert!(matches!(error, CaveError::Grid(grid::ParseError::RaggedRow { line: 3, .. })));
    }

    #[test]
    fn the_border_must_be_wall() {
        let error = Cave::parse("\n####\n#E.#\n#..G\n####\n").unwrap_err();
        assert_eq!(error, CaveError::OpenBorder { line: 4, column: 4, found: 'G' });
        assert_eq!(Cave::parse("E").unwrap_err(), CaveError::OpenBorder { line: 1, column: 1, found: 'E' });
    }

    #[test]
    fn trailing_spaces_on_a_line_are_accepted() {
        let plain = Cave::parse("#####\n#G.E#\n#####\n").unwrap();
        assert_eq!(Cave::parse("#####  \n#G.E# \n#####\t\r\n").unwrap(), plain);
        // A line of spaces before the map is blank, and is counted as such in errors.
        let error = Cave::parse("   \n####\n#E.#\n#..G\n####\n").unwrap_err();
        assert_eq!(error, CaveError::OpenBorder { line: 4, column: 4, found: 'G' });
    }

    #[test]
    fn windows_line_endings_and_trailing_blank_lines_are_accepted() {
        let unix = Cave::parse("#####\n#G.E#\n#####\n").unwrap();
        assert_eq!(Cave::parse("#####\r\n#G.E#\r\n#####\r\n\r\n\r\n").unwrap(), unix);
    }
}

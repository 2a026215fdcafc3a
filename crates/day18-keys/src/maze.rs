//! # The maze as read from text, and the part 2 centre rewrite
//!
//! A maze is a [`Grid`] of [`Tile`]s plus the cells of its robots (a robot stands on open floor,
//! so its `@` is stored as [`Tile::Open`]). Keys and doors are stored by letter index, `a`/`A` as
//! 0, so a set of keys is a 26-bit mask and "door `D` is open" is "bit 3 is in the mask".
//!
//! Part 2 rewrites the centre of the map. The rewrite is its own inverse, so part 1 of a map
//! already split in four can be answered too:
//!
//! ```text
//!   ...        @#@
//!   .@.  <==>  ###
//!   ...        @#@
//! ```

use grid::{Grid, Pos};
use std::borrow::Cow;
use thiserror::Error;

/// Most robots a maze may hold: each robot's place is packed in 5 bits of a 64-bit search state
/// beside the 26-bit key set.
pub const MAX_ROBOTS: usize = 7;

/// One cell of the maze.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// `#`: never entered.
    Wall,
    /// `.` (or `@`, a robot's starting cell).
    Open,
    /// `a`..`z`, as 0..26: collected by stepping on it.
    Key(u8),
    /// `A`..`Z`, as 0..26: passable once the key of the same letter is collected.
    Door(u8),
}

/// Why a text map is not a maze. Lines and columns count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Empty text, a ragged row or a character other than `#.@a-zA-Z`.
    #[error(transparent)]
    Grid(#[from] grid::ParseError),
    /// No `@` anywhere.
    #[error("the map has no robot `@`")]
    NoRobot,
    /// More robots than the search can pack.
    #[error("line {line}, column {column}: robot number {} is one too many (at most {MAX_ROBOTS})", MAX_ROBOTS + 1)]
    TooManyRobots {
        /// Line of the first robot too many.
        line: usize,
        /// Column of the first robot too many.
        column: usize,
    },
    /// The same key letter twice: which copy opens the door would be ambiguous.
    #[error(
        "line {line}, column {column}: a second key {key:?} (the first is at line {first_line}, column {first_column})"
    )]
    DuplicateKey {
        /// The key's letter.
        key: char,
        /// Line of the second copy.
        line: usize,
        /// Column of the second copy.
        column: usize,
        /// Line of the first copy.
        first_line: usize,
        /// Column of the first copy.
        first_column: usize,
    },
}

/// A parsed maze: tiles, robots, and the set of keys it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maze {
    grid: Grid<Tile>,
    robots: Vec<usize>,
    keys: u32,
}

/// Reads a maze: `#` wall, `.` floor, `@` robot, `a`-`z` keys, `A`-`Z` doors.
///
/// `\r\n` line endings and blank lines around the map are accepted.
///
/// # Errors
/// See [`ParseError`]; the first fault in reading order is named by line and column.
///
/// ```
/// let maze = day18_keys::parse("#########\n#b.A.@.a#\n#########\n")?;
/// assert_eq!(maze.robots().len(), 1);
/// assert_eq!(maze.key_count(), 2);
/// # Ok::<(), day18_keys::ParseError>(())
/// ```
pub fn parse(text: &str) -> Result<Maze, ParseError> {
    let mut robot_marks = Vec::new();
    let mut cell = 0;
    let grid = Grid::parse(text, |ch| {
        let tile = match ch {
            '#' => Tile::Wall,
            '.' => Tile::Open,
            '@' => {
                robot_marks.push(cell);
                Tile::Open
            }
            'a'..='z' => Tile::Key(ch as u8 - b'a'),
            'A'..='Z' => Tile::Door(ch as u8 - b'A'),
            _ => return None,
        };
        cell += 1;
        Some(tile)
    })?;
    // Grid::parse skips blank lines before the map but still counts them in its own errors.
    let skipped = grid::leading_blank_lines(text);
    let place = |index: usize| {
        let Pos { row, col } = grid.pos(index);
        (row + 1 + skipped, col + 1)
    };
    if robot_marks.is_empty() {
        return Err(ParseError::NoRobot);
    }
    if let Some(&extra) = robot_marks.get(MAX_ROBOTS) {
        let (line, column) = place(extra);
        return Err(ParseError::TooManyRobots { line, column });
    }
    let mut first_seen: [Option<usize>; 26] = [None; 26];
    let mut keys = 0;
    for (index, tile) in grid.cells().iter().enumerate() {
        if let Tile::Key(key) = *tile {
            if let Some(first) = first_seen[usize::from(key)] {
                let (line, column) = place(index);
                let (first_line, first_column) = place(first);
                let key = char::from(b'a' + key);
                return Err(ParseError::DuplicateKey { key, line, column, first_line, first_column });
            }
            first_seen[usize::from(key)] = Some(index);
            keys |= 1 << key;
        }
    }
    Ok(Maze { grid, robots: robot_marks, keys })
}

impl Maze {
    /// The tiles.
    #[must_use]
    pub fn grid(&self) -> &Grid<Tile> {
        &self.grid
    }

    /// The robots' starting cells, in reading order; robot 1 of the output is the first.
    #[must_use]
    pub fn robots(&self) -> &[usize] {
        &self.robots
    }

    /// The keys present, bit `i` for letter `i` (`a` = 0).
    #[must_use]
    pub fn keys(&self) -> u32 {
        self.keys
    }

    /// Number of keys present.
    #[must_use]
    pub fn key_count(&self) -> u32 {
        self.keys.count_ones()
    }

    /// True if the map has one robot whose eight neighbours are all open floor: the centre that
    /// part 2 splits into four vaults (see [`Maze::four_robots`]).
    #[must_use]
    pub fn has_open_centre(&self) -> bool {
        self.open_centre().is_some()
    }

    /// The cell of the single robot whose eight neighbours are all open floor: the part 1 centre.
    pub(crate) fn open_centre(&self) -> Option<usize> {
        let [robot] = self.robots[..] else { return None };
        let ring = self.ring(robot)?;
        ring.iter().all(|&cell| self.grid[cell] == Tile::Open).then_some(robot)
    }

    /// The centre of a map already split in four: robots on the four diagonals of a cell that,
    /// with its four orthogonal neighbours, is wall.
    fn split_centre(&self) -> Option<usize> {
        let [first, ..] = self.robots[..] else { return None };
        if self.robots.len() != 4 {
            return None;
        }
        let width = self.grid.width();
        let centre = first.checked_add(width + 1)?;
        let ring = self.ring(centre)?;
        let [up_left, up, up_right, left, right, down_left, down, down_right] = ring;
        let mut corners = [up_left, up_right, down_left, down_right];
        corners.sort_unstable();
        let walls = [centre, up, left, right, down].iter().all(|&cell| self.grid[cell] == Tile::Wall);
        (walls && corners[..] == self.robots[..]).then_some(centre)
    }

    /// The eight cells around `centre` in reading order, if none falls off the grid.
    fn ring(&self, centre: usize) -> Option<[usize; 8]> {
        let Pos { row, col } = self.grid.pos(centre);
        let (width, height) = (self.grid.width(), self.grid.height());
        if row == 0 || col == 0 || row + 1 >= height || col + 1 >= width {
            return None;
        }
        let at = |r: usize, c: usize| r * width + c;
        Some([
            at(row - 1, col - 1),
            at(row - 1, col),
            at(row - 1, col + 1),
            at(row, col - 1),
            at(row, col + 1),
            at(row + 1, col - 1),
            at(row + 1, col),
            at(row + 1, col + 1),
        ])
    }

    /// The maze for part 1: one robot.
    ///
    /// A map already split in four around a `@#@`/`###`/`@#@` centre is joined back into
    /// `...`/`.@.`/`...`, the map part 2 was made from.
    ///
    /// # Errors
    /// [`crate::SolveError::NotOneRobot`] for several robots without that centre.
    pub fn one_robot(&self) -> Result<Cow<'_, Maze>, crate::SolveError> {
        if self.robots.len() == 1 {
            return Ok(Cow::Borrowed(self));
        }
        let Some(centre) = self.split_centre() else {
            return Err(crate::SolveError::NotOneRobot { robots: self.robots.len() });
        };
        let mut joined = self.clone();
        for cell in self.ring(centre).into_iter().flatten().chain([centre]) {
            joined.grid[cell] = Tile::Open;
        }
        joined.robots = vec![centre];
        Ok(Cow::Owned(joined))
    }

    /// The maze for part 2: the single robot's open centre `...`/`.@.`/`...` becomes
    /// `@#@`/`###`/`@#@`, four robots in four vaults.
    ///
    /// A map with several robots is used as it is, and so is a one-robot map without the open
    /// centre (there is nothing to split, so its part 2 is its part 1).
    #[must_use]
    pub fn four_robots(&self) -> Cow<'_, Maze> {
        let Some(centre) = self.open_centre() else { return Cow::Borrowed(self) };
        let Some([up_left, up, up_right, left, right, down_left, down, down_right]) = self.ring(centre)
        else {
            return Cow::Borrowed(self);
        };
        let mut split = self.clone();
        for cell in [centre, up, left, right, down] {
            split.grid[cell] = Tile::Wall;
        }
        split.robots = vec![up_left, up_right, down_left, down_right];
        Cow::Owned(split)
    }

    /// The maze drawn back as text, robots included.
    #[must_use]
    pub fn render(&self) -> String {
        self.grid.render(|index, tile| match *tile {
            _ if self.robots.contains(&index) => '@',
            Tile::Wall => '#',
            Tile::Open => '.',
            Tile::Key(key) => char::from(b'a' + key),
            Tile::Door(door) => char::from(b'A' + door),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPEN_CENTRE: &str = "#######\n#a.#Cd#\n##...##\n##.@.##\n##...##\n#cB#Ab#\n#######\n";
    const SPLIT_CENTRE: &str = "#######\n#a.#Cd#\n##@#@##\n#######\n##@#@##\n#cB#Ab#\n#######\n";

    #[test]
    fn part_2_splits_the_open_centre_and_part_1_joins_it_back() {
        let open = parse(OPEN_CENTRE).unwrap();
        let split = parse(SPLIT_CENTRE).unwrap();
        assert_eq!(open.four_robots().render(), SPLIT_CENTRE);
        assert_eq!(split.one_robot().unwrap().render(), OPEN_CENTRE);
        assert_eq!(*split.four_robots(), split);
        assert_eq!(*open.one_robot().unwrap(), open);
    }

    #[test]
    fn several_robots_without_the_split_centre_have_no_part_1() {
        let maze = parse("#####\n#@a@#\n#####\n").unwrap();
        assert_eq!(maze.one_robot().unwrap_err(), crate::SolveError::NotOneRobot { robots: 2 });
    }

    #[test]
    fn a_robot_without_an_open_centre_keeps_its_map_in_part_2() {
        let maze = parse("#########\n#b.A.@.a#\n#########\n").unwrap();
        assert_eq!(*maze.four_robots(), maze);
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(parse("\n#####\n#...#\n#####\n").unwrap_err(), ParseError::NoRobot);
        assert_eq!(
            parse("\r\n#####\r\n#a@a#\r\n#####\r\n").unwrap_err(),
            ParseError::DuplicateKey { key: 'a', line: 3, column: 4, first_line: 3, first_column: 2 }
        );
        assert_eq!(
            parse("##########\n#@@@@@@@@#\n##########\n").unwrap_err(),
            ParseError::TooManyRobots { line: 2, column: 9 }
        );
        assert_eq!(
            parse("####\n#@?#\n####\n").unwrap_err(),
            ParseError::Grid(grid::ParseError::UnknownChar { line: 2, column: 3, ch: '?' })
        );
        assert_eq!(
            parse("####\n#@.#\n###\n").unwrap_err(),
            ParseError::Grid(grid::ParseError::RaggedRow { line: 3, expected: 4, found: 3 })
        );
        assert_eq!(parse("\n\n").unwrap_err(), ParseError::Grid(grid::ParseError::Empty));
    }

    #[test]
    fn trailing_spaces_on_a_line_are_accepted() {
        let plain = parse("#####\n#@.a#\n#####\n").unwrap();
        assert_eq!(parse("#####   \n#@.a#  \n#####\t\n").unwrap(), plain);
        // A line of spaces before the map is blank, and is counted as such in errors.
        assert_eq!(
            parse("  \n#####\n#a@a#\n#####\n").unwrap_err(),
            ParseError::DuplicateKey { key: 'a', line: 3, column: 4, first_line: 3, first_column: 2 }
        );
    }
}

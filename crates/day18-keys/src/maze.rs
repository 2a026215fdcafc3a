//! # The maze as read from text, and the part 2 centre rewrite
//!
//! A maze is a [`Grid`] of [`Tile`]s plus the cells of its robots (a robot stands on open floor,
//! so its `@` is stored as [`Tile::Open`]). Keys and doors are stored by letter index, `a`/`A` as
//! 0, so a set of keys is a 26-bit mask and "door `D` is open" is "bit 3 is in the mask".
//!
//! A map is read a row of bytes at a time, through tables from byte to tile and to key bit; at
//! the first sign of a fault (a character no map holds, a ragged row, a key twice, no robot or
//! too many) it is read again a character at a time, by the reader that names the fault.
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
    plain_maze(text).map_or_else(|| read_maze(text), Ok)
}

/// The tile of each byte of a map (a byte no map holds is read as a wall: see [`BYTE_KIND`]).
const BYTE_TILE: [Tile; 256] = {
    let mut table = [Tile::Wall; 256];
    table[b'.' as usize] = Tile::Open;
    table[b'@' as usize] = Tile::Open;
    let mut letter = 0;
    while letter < 26 {
        table[(b'a' + letter) as usize] = Tile::Key(letter);
        table[(b'A' + letter) as usize] = Tile::Door(letter);
        letter += 1;
    }
    table
};

/// Bits no key has: for a byte no map holds, and for a robot.
const NOT_IN_MAPS: u32 = 1 << 31;
const ROBOT: u32 = 1 << 30;

/// The key of each byte as a bit, [`NOT_IN_MAPS`] for a byte no map holds, [`ROBOT`] for `@`,
/// 0 for the rest: the bits of a row, or-ed together, say which keys it holds, whether it has
/// a robot and whether it is all map, with no branch.
const BYTE_KIND: [u32; 256] = {
    let mut table = [NOT_IN_MAPS; 256];
    table[b'#' as usize] = 0;
    table[b'.' as usize] = 0;
    table[b'@' as usize] = ROBOT;
    let mut letter = 0;
    while letter < 26 {
        table[(b'a' + letter) as usize] = 1 << letter;
        table[(b'A' + letter) as usize] = 0;
        letter += 1;
    }
    table
};

/// The maze of a map without faults, read a row of bytes at a time; `None` at the first sign
/// of one (or of a character beyond ASCII), for [`read_maze`] to read it again and name the
/// fault. Reading a character at a time through [`Grid::parse`] was a tenth of a whole run.
fn plain_maze(text: &str) -> Option<Maze> {
    let mut cells = Vec::with_capacity(text.len());
    let (mut width, mut height, mut ended) = (0, 0, false);
    let mut robots = Vec::new();
    // Keys are counted as well as or-ed together: a key read twice is counted twice, held once.
    let (mut kinds, mut key_cells) = (0u32, 0u32);
    for line in text.split('\n') {
        // As `Grid::parse`: an editor's spaces, tabs and `\r` at the end of a line are dropped.
        let row = line.trim_end_matches([' ', '\t', '\r']).as_bytes();
        if row.is_empty() {
            ended = height > 0;
            continue;
        }
        if ended || (height > 0 && row.len() != width) {
            return None;
        }
        width = row.len();
        let mut row_kinds = 0;
        cells.extend(row.iter().map(|&byte| {
            row_kinds |= BYTE_KIND[usize::from(byte)];
            BYTE_TILE[usize::from(byte)]
        }));
        key_cells += row.iter().fold(0, |count, &byte| count + u32::from(byte.wrapping_sub(b'a') < 26));
        if row_kinds & ROBOT != 0 {
            let start = height * width;
            robots.extend(
                row.iter().enumerate().filter(|&(_, &byte)| byte == b'@').map(|(col, _)| start + col),
            );
        }
        kinds |= row_kinds;
        height += 1;
    }
    let keys = kinds & !(NOT_IN_MAPS | ROBOT);
    if kinds & NOT_IN_MAPS != 0 || keys.count_ones() != key_cells {
        return None;
    }
    if robots.is_empty() || robots.len() > MAX_ROBOTS {
        return None;
    }
    Some(Maze { grid: Grid::from_cells(width, height, cells)?, robots, keys })
}

/// [`parse`] a character at a time, naming the first fault.
fn read_maze(text: &str) -> Result<Maze, ParseError> {
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

    /// Maps with and without faults of every kind the reader names, and some it passes.
    fn maps_to_read() -> Vec<String> {
        let mut maps: Vec<String> = [
            OPEN_CENTRE,
            SPLIT_CENTRE,
            "\r\n#####\r\n#a@a#\r\n#####\r\n",
            "##########\n#@@@@@@@@#\n##########\n",
            "#######\n#@@@@@@@#\n#######\n",
            "####\n#@?#\n####\n",
            "####\n#@.#\n###\n",
            "####\n#@.#\n\n####\n",
            "\n\n",
            "",
            "  \n#####   \n#@.a#\t\n#####\r\n \n\n",
            "#####\n#@.é#\n#####\n",
            "#####\n#@\x0c.#\n#####\n",
            "#####\n#...#\n#####\n",
            "#####\n# @a#\n#####",
            "#####\n#@Ab#\n#####",
        ]
        .map(str::to_owned)
        .to_vec();
        for input in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../inputs/day18")).unwrap() {
            let text = std::fs::read_to_string(input.unwrap().path()).unwrap();
            maps.push(text.replace('\n', "\r\n"));
            maps.push(text);
        }
        maps
    }

    #[test]
    fn the_byte_reader_reads_as_the_character_reader_or_leaves_the_map_to_it() {
        let mut read = 0;
        for text in maps_to_read() {
            let plain = plain_maze(&text);
            match read_maze(&text) {
                Ok(maze) => {
                    // Every map without a fault is read a byte at a time.
                    assert_eq!(plain, Some(maze), "{text:?}");
                    read += 1;
                }
                Err(_) => assert_eq!(plain, None, "{text:?}"),
            }
        }
        assert!(read >= 20, "{read}");
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

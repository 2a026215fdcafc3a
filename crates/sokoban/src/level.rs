//! One level: text to a checked [`Level`].
//!
//! Two alphabets are read. The standard one (`#` wall, `@` player, `+` player on goal, `$` box,
//! `*` box on goal, `.` goal, space, `-` or `_` floor) and the seed's letter one (`W` wall, `K`
//! player, `B` box, `*` box on goal, `G` goal, `+` player on goal, `.` floor). The two disagree
//! on `.` (goal against floor), so a board is read in the letter alphabet exactly when it holds a
//! `W` and no `#`. Rows may be run-length encoded (`4#2-$` is `####--$`) and several rows may
//! share a line, separated by `|`.
//!
//! Squares outside the walls are whatever the rows leave there (spaces, or nothing on a short
//! row); the board is padded to a rectangle with walls' absence marked [`Square::Outside`]. A
//! level is only accepted when the player's region (every square the player could walk to if the
//! boxes were air) is closed: it never touches the padding or the rim of the rectangle.

use crate::counted;
use crate::rows::{decode, expand_rows};
use grid::{Bfs, Grid};
use thiserror::Error;

/// What a square of the board is, boxes and player aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// A wall.
    Wall,
    /// Floor without a goal.
    Floor,
    /// A goal square.
    Goal,
    /// Beyond the end of a short row: not part of the board.
    Outside,
}

/// A checked level: a board, its boxes and the player, ready to be solved.
///
/// A `Level` is only made by parsing ([`Level::parse`], [`crate::LevelText::parse`]), which
/// checks every rule the solver relies on (one player, boxes matching goals, a region closed
/// by walls, a size the cell numbers hold); its fields are private so that it stays so.
/// Squares are cell indices in reading order, `row * width + column`.
#[derive(Clone, Debug)]
pub struct Level {
    /// Number of the level in its file, counted from 1.
    pub(crate) number: usize,
    /// The level's title: its `Title:` line, its comment line, or `Level N`.
    pub(crate) title: String,
    /// The other comment and `Key: value` lines that came with the level.
    pub(crate) metadata: Vec<String>,
    /// The squares, row after row.
    pub(crate) squares: Grid<Square>,
    /// Box squares in reading order.
    pub(crate) boxes: Vec<usize>,
    /// The player's square.
    pub(crate) player: usize,
}

/// Why a level cannot be played. Every variant names the level and the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LevelError {
    /// The board has no row.
    #[error("level {level} ({title}): the board is empty")]
    Empty {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
    },
    /// A character that is not part of the level's alphabet.
    #[error("level {level} ({title}): row {row}, column {column}: unknown character {ch:?}")]
    UnknownChar {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// Row, from 1.
        row: usize,
        /// Column, from 1.
        column: usize,
        /// The character.
        ch: char,
    },
    /// A character that is not part of the level's alphabet, found in a collection file:
    /// named by the file's line and column ([`crate::LevelText::parse`]).
    #[error("level {level} ({title}): line {line}, column {column}: unknown character {ch:?}")]
    StrayCharacter {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// The file's line, from 1.
        line: usize,
        /// The column in that line, from 1 (a character a column, tabs included).
        column: usize,
        /// The character.
        ch: char,
    },
    /// A run-length count with nothing after it.
    #[error("level {level} ({title}): row {row}: bad run-length encoding ({reason})")]
    BadRunLength {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// Row, from 1.
        row: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// Not exactly one player.
    #[error("level {level} ({title}): a level needs exactly one player, found {found}")]
    PlayerCount {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// Players found.
        found: usize,
    },
    /// No box at all.
    #[error("level {level} ({title}): a level needs at least one box and goal")]
    NoBoxes {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
    },
    /// Boxes and goals differ in number.
    #[error(
        "level {level} ({title}): boxes and goals must match in number, found {} and {}",
        counted(*boxes, "box", "boxes"),
        counted(*goals, "goal", "goals")
    )]
    BoxGoalMismatch {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// Boxes found.
        boxes: usize,
        /// Goals found.
        goals: usize,
    },
    /// The player can walk off the board.
    #[error(
        "level {level} ({title}): the player's region is not closed by walls (open at row {row}, column {column})"
    )]
    NotClosed {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// Row of a square where the region escapes, from 1.
        row: usize,
        /// Column of that square, from 1.
        column: usize,
    },
    /// The rows, as they are expanded, already hold more squares than any board may have: the
    /// expansion stops there, so a few bytes of run-length counts never ask for gigabytes.
    #[error(
        "level {level} ({title}): row {row}: the rows up to here hold more than the {max} squares a board may have"
    )]
    RowsTooLarge {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// The row where the count passed the limit, from 1.
        row: usize,
        /// The limit.
        max: usize,
    },
    /// The board is too large for the solver's compact cell numbers.
    #[error("level {level} ({title}): the board has {cells} squares, more than the {max} supported")]
    TooLarge {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// Squares of the board.
        cells: usize,
        /// The limit.
        max: usize,
    },
}

/// Largest board (width x height) the solver accepts: cells are stored as `u16`.
pub const MAX_CELLS: usize = 1 << 15;

impl Level {
    /// Reads and checks one level's board from its lines.
    ///
    /// `number` and `title` are only used to name the level in errors and results.
    ///
    /// # Errors
    /// A [`LevelError`] naming the level and the rule the board breaks.
    ///
    /// ```
    /// let level = sokoban::Level::parse(1, "tiny", &["#####", "#@$.#", "#####"])?;
    /// assert_eq!((level.width(), level.height()), (5, 3));
    /// assert_eq!((level.player(), level.boxes(), level.goals()), (6, &[7][..], vec![8]));
    /// # Ok::<(), sokoban::LevelError>(())
    /// ```
    pub fn parse(number: usize, title: &str, lines: &[&str]) -> Result<Level, LevelError> {
        let title = title.to_owned();
        let rows = expand_rows(number, &title, lines)?;
        let letters =
            rows.iter().flatten().any(|&ch| ch == 'W') && !rows.iter().flatten().any(|&ch| ch == '#');
        let height = rows.len();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        if height == 0 || width == 0 {
            return Err(LevelError::Empty { level: number, title });
        }
        let cells = width.saturating_mul(height);
        if cells > MAX_CELLS {
            return Err(LevelError::TooLarge { level: number, title, cells, max: MAX_CELLS });
        }
        let mut squares = vec![Square::Outside; cells];
        let mut boxes = Vec::new();
        let mut players = Vec::new();
        for (row, chars) in rows.iter().enumerate() {
            for (col, &ch) in chars.iter().enumerate() {
                let Some(decoded) = decode(ch, letters) else {
                    return Err(LevelError::UnknownChar {
                        level: number,
                        title,
                        row: row + 1,
                        column: col + 1,
                        ch,
                    });
                };
                let index = row * width + col;
                squares[index] = decoded.square;
                if decoded.has_box {
                    boxes.push(index);
                }
                if decoded.has_player {
                    players.push(index);
                }
            }
        }
        // Spaces before a row's first wall are outside the board, not floor; treating them as
        // floor would only matter to the closedness check, which finds them open anyway.
        let squares = Grid::from_cells(width, height, squares)
            .ok_or(LevelError::Empty { level: number, title: title.clone() })?;
        if players.len() != 1 {
            return Err(LevelError::PlayerCount { level: number, title, found: players.len() });
        }
        let goals = squares.positions(|&s| s == Square::Goal).count();
        if boxes.is_empty() {
            return Err(LevelError::NoBoxes { level: number, title });
        }
        if boxes.len() != goals {
            return Err(LevelError::BoxGoalMismatch { level: number, title, boxes: boxes.len(), goals });
        }
        let level = Level { number, title, metadata: Vec::new(), squares, boxes, player: players[0] };
        if let Some(open) = level.region_leak() {
            let pos = level.squares.pos(open);
            return Err(LevelError::NotClosed {
                level: number,
                title: level.title,
                row: pos.row + 1,
                column: pos.col + 1,
            });
        }
        Ok(level)
    }

    /// A square of the player's region that lies on the rim or outside the board, if any: the
    /// lowest such square next to the region inside the board, or the player's own square.
    fn region_leak(&self) -> Option<usize> {
        let squares = &self.squares;
        let off_board = |cell: usize| squares.is_border(cell) || squares[cell] == Square::Outside;
        if off_board(self.player) {
            return Some(self.player);
        }
        let mut bfs = Bfs::new(squares.width(), squares.len());
        let inside = bfs.reach([self.player], |cell| squares[cell] != Square::Wall && !off_board(cell));
        inside
            .iter()
            .flat_map(|&cell| squares.neighbours(cell as usize))
            .filter(|&next| squares[next] != Square::Wall && off_board(next))
            .min()
    }

    /// The squares the player could reach if boxes were air, on a closed level: a flood over
    /// everything but walls, which parsing checked never meets the rim. Indexed by cell.
    #[must_use]
    pub fn player_region(&self) -> Vec<bool> {
        let squares = &self.squares;
        let mut seen = vec![false; squares.len()];
        let mut bfs = Bfs::with_rim(squares.width(), squares.len());
        for &cell in bfs.reach([self.player], |cell| squares[cell] != Square::Wall) {
            seen[cell as usize] = true;
        }
        seen
    }

    /// The board without boxes and player: what each square is, read-only.
    #[must_use]
    pub fn squares(&self) -> &Grid<Square> {
        &self.squares
    }

    /// Number of the level in its file, counted from 1.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The level's title: its `Title:` line, its comment line, or `Level N`.
    #[must_use]
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The other comment and `Key: value` lines that came with the level.
    #[must_use]
    pub fn metadata(&self) -> &[String] {
        &self.metadata
    }

    /// Columns of the board (its longest row).
    #[must_use]
    pub fn width(&self) -> usize {
        self.squares.width()
    }

    /// Rows of the board.
    #[must_use]
    pub fn height(&self) -> usize {
        self.squares.height()
    }

    /// Box squares in reading order.
    #[must_use]
    pub fn boxes(&self) -> &[usize] {
        &self.boxes
    }

    /// The player's square.
    #[must_use]
    pub fn player(&self) -> usize {
        self.player
    }

    /// Goal squares in reading order.
    #[must_use]
    pub fn goals(&self) -> Vec<usize> {
        self.squares.positions(|&s| s == Square::Goal).collect()
    }

    /// The board in the standard alphabet, one line a row.
    #[must_use]
    pub fn to_text(&self) -> String {
        self.squares.render(|cell, &square| {
            let has_box = self.boxes.contains(&cell);
            let is_player = cell == self.player;
            match (square, has_box, is_player) {
                (Square::Wall, _, _) => '#',
                (Square::Goal, true, _) => '*',
                (Square::Goal, _, true) => '+',
                (Square::Goal, _, _) => '.',
                (_, true, _) => '$',
                (_, _, true) => '@',
                _ => ' ',
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(lines: &[&str]) -> Result<Level, LevelError> {
        Level::parse(7, "test", lines)
    }

    #[test]
    fn standard_alphabet() {
        let level = parse(&["#######", "#@ $ .#", "#######"]).unwrap();
        assert_eq!(level.squares.width(), 7);
        assert_eq!(level.player, 8);
        assert_eq!(level.boxes, vec![10]);
        assert_eq!(level.goals(), vec![12]);
    }

    #[test]
    fn dash_and_underscore_are_floor() {
        let level = parse(&["#######", "#@-$_.#", "#######"]).unwrap();
        assert_eq!(level.squares[9], Square::Floor);
        assert_eq!(level.squares[11], Square::Floor);
    }

    #[test]
    fn letter_alphabet_reads_dot_as_floor() {
        let level = parse(&["WWWWWW", "WK.BGW", "WWWWWW"]).unwrap();
        assert_eq!(level.player, 7);
        assert_eq!(level.squares[8], Square::Floor);
        assert_eq!(level.boxes, vec![9]);
        assert_eq!(level.goals(), vec![10]);
    }

    #[test]
    fn letter_alphabet_player_and_box_on_goal() {
        let level = parse(&["WWWWW", "W+B*W", "WWWWW"]).unwrap();
        assert_eq!(level.goals(), vec![6, 8]);
        assert_eq!(level.boxes, vec![7, 8]);
    }

    #[test]
    fn run_length_rows_and_bar_separators() {
        let plain = parse(&["######", "#@$ .#", "######"]).unwrap();
        let encoded = parse(&["6#|#@$-.#|6#"]).unwrap();
        assert_eq!(plain.squares, encoded.squares);
        assert_eq!(plain.boxes, encoded.boxes);
        let counted = parse(&["6#", "#@$1-.#", "6#"]).unwrap();
        assert_eq!(counted.squares, plain.squares);
    }

    #[test]
    fn a_megabyte_of_run_length_rows_stops_at_the_size_limit_before_expanding() {
        // About 19 GB of squares once expanded: refused after the second row, not allocated.
        let line = format!("#{}", "|32767#".repeat(142_857));
        let error = parse(&[&line]).unwrap_err();
        assert!(matches!(error, LevelError::RowsTooLarge { row: 3, max: MAX_CELLS, .. }), "{error}");
        assert!(error.to_string().contains("more than the 32768 squares"), "{error}");
    }

    #[test]
    fn a_long_row_of_walls_is_too_large_not_bad_run_length() {
        let row = "#".repeat(40_000);
        let error = parse(&[&row, "#@$.#"]).unwrap_err();
        assert!(matches!(error, LevelError::RowsTooLarge { row: 1, .. }), "{error}");
        let counted = parse(&["99999#"]).unwrap_err();
        assert!(matches!(counted, LevelError::RowsTooLarge { row: 1, .. }), "{counted}");
    }

    #[test]
    fn run_length_count_without_a_character_is_an_error() {
        let error = parse(&["6#", "#@$ .#", "6#3"]).unwrap_err();
        assert!(matches!(error, LevelError::BadRunLength { row: 3, .. }), "{error}");
    }

    #[test]
    fn windows_line_endings() {
        let level = parse(&["#####\r", "#@$.#\r", "#####\r"]).unwrap();
        assert_eq!(level.squares.width(), 5);
    }

    #[test]
    fn short_rows_are_padded_outside() {
        let level = parse(&["  ####", "###@.#", "#  $ #", "######"]).unwrap();
        assert_eq!(level.squares[0], Square::Floor);
        assert_eq!(level.squares.width(), 6);
    }

    #[test]
    fn exactly_one_player() {
        let none = parse(&["#####", "# $.#", "#####"]).unwrap_err();
        assert!(matches!(none, LevelError::PlayerCount { found: 0, .. }));
        let two = parse(&["######", "#@@$.#", "######"]).unwrap_err();
        assert!(matches!(two, LevelError::PlayerCount { found: 2, .. }));
        assert!(two.to_string().contains("level 7 (test)"), "{two}");
    }

    #[test]
    fn one_goal_is_one_goal_not_1_goals() {
        let error = parse(&["######", "#@$$.#", "######"]).unwrap_err();
        assert!(error.to_string().ends_with("found 2 boxes and 1 goal"), "{error}");
        let error = parse(&["######", "#@$..#", "######"]).unwrap_err();
        assert!(error.to_string().ends_with("found 1 box and 2 goals"), "{error}");
    }

    #[test]
    fn boxes_must_match_goals() {
        let error = parse(&["######", "#@$$.#", "######"]).unwrap_err();
        assert!(matches!(error, LevelError::BoxGoalMismatch { boxes: 2, goals: 1, .. }));
        let none = parse(&["####", "#@ #", "####"]).unwrap_err();
        assert!(matches!(none, LevelError::NoBoxes { .. }));
    }

    #[test]
    fn all_boxes_on_goals_is_still_a_level() {
        assert!(parse(&["####", "#@*#", "####"]).is_ok());
    }

    #[test]
    fn region_must_be_closed() {
        let error = parse(&["#####", "#@$. ", "#####"]).unwrap_err();
        assert!(matches!(error, LevelError::NotClosed { row: 2, column: 5, .. }), "{error}");
        let short_row = parse(&["#####", "#@$.", "#####"]).unwrap_err();
        assert!(matches!(short_row, LevelError::NotClosed { .. }), "{short_row}");
    }

    #[test]
    fn unknown_characters_are_named() {
        let error = parse(&["#####", "#@$x#", "#####"]).unwrap_err();
        assert!(matches!(error, LevelError::UnknownChar { row: 2, column: 4, ch: 'x', .. }));
        // A letter-alphabet character on a standard board is unknown too.
        let mixed = parse(&["#####", "#@$G.#", "#####"]).unwrap_err();
        assert!(matches!(mixed, LevelError::UnknownChar { ch: 'G', .. }));
    }

    #[test]
    fn empty_board() {
        assert!(matches!(parse(&[]).unwrap_err(), LevelError::Empty { .. }));
    }

    #[test]
    fn renders_back_to_standard_text() {
        let level = parse(&["WWWWWW", "W+BG*W", "W..B.W", "WWWWWW"]).unwrap();
        assert_eq!(level.to_text(), "######\n#+$.*#\n#  $ #\n######\n");
    }
}

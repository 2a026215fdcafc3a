//! Text to [`Grid`]: one line a row, one character a cell.

use crate::Grid;
use thiserror::Error;

/// Why a text map could not be read as a grid. Lines and columns count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The text holds no row at all (it is empty or only blank lines).
    #[error("the map is empty")]
    Empty,
    /// A row is not as wide as the first one.
    #[error("line {line}: the row is {found} wide but the first row is {expected} wide")]
    RaggedRow {
        /// Line of the offending row.
        line: usize,
        /// Width of the first row.
        expected: usize,
        /// Width of this row.
        found: usize,
    },
    /// A character the decoder does not know.
    #[error("line {line}, column {column}: unknown character {ch:?}")]
    UnknownChar {
        /// Line of the character.
        line: usize,
        /// Column of the character.
        column: usize,
        /// The character itself.
        ch: char,
    },
}

/// The text's lines as [`Grid::parse`] sees them: split on `\n`, with the `\r` of a Windows line
/// ending and any spaces or tabs an editor left at the end dropped. (So a space cannot be a cell
/// at the end of a row: none of the maps read with this parser has such cells.)
fn map_lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').map(|line| line.trim_end_matches([' ', '\t', '\r']))
}

/// How many blank lines come before the first row of a map: [`Grid::parse`] skips them, so row
/// `r` of the grid is line `leading_blank_lines(text) + r + 1` of the text. For callers that
/// report their own faults by line.
///
/// ```
/// assert_eq!(grid::leading_blank_lines("\r\n\n##\n##\n"), 2);
/// ```
#[must_use]
pub fn leading_blank_lines(text: &str) -> usize {
    map_lines(text).take_while(|line| line.is_empty()).count()
}

impl<T> Grid<T> {
    /// Reads a grid from text, one line a row, decoding each character with `decode`
    /// (`None` means the character is not allowed).
    ///
    /// `\r\n` line endings and spaces or tabs at the end of a line are accepted, and blank lines
    /// at the start and end are ignored; a blank line between rows is a ragged row. Every row must be as wide as the first.
    ///
    /// # Errors
    /// [`ParseError::Empty`] with no rows, [`ParseError::RaggedRow`] for a row of another width,
    /// [`ParseError::UnknownChar`] for a character `decode` refuses; the first fault in reading
    /// order is reported.
    ///
    /// ```
    /// use grid::{Grid, ParseError};
    ///
    /// let decode = |ch| (ch == '#' || ch == '.').then_some(ch);
    /// assert!(Grid::parse("##\r\n#.\r\n\r\n", decode).is_ok());
    /// assert_eq!(
    ///     Grid::parse("##\n#x\n", decode).unwrap_err(),
    ///     ParseError::UnknownChar { line: 2, column: 2, ch: 'x' }
    /// );
    /// ```
    pub fn parse(text: &str, mut decode: impl FnMut(char) -> Option<T>) -> Result<Self, ParseError> {
        let lines: Vec<(usize, &str)> =
            map_lines(text).enumerate().map(|(number, line)| (number + 1, line)).collect();
        let first = lines.iter().position(|(_, line)| !line.is_empty()).ok_or(ParseError::Empty)?;
        let last = lines.iter().rposition(|(_, line)| !line.is_empty()).ok_or(ParseError::Empty)?;
        let rows = &lines[first..=last];

        let width = rows[0].1.chars().count();
        // Every cell is at least one byte of text: reserving more than the text holds would let a
        // wide first row over many short ones ask for a huge allocation before a row is checked.
        let mut cells = Vec::with_capacity(width.saturating_mul(rows.len()).min(text.len()));
        for &(line, row) in rows {
            let mut found = 0;
            for (column, ch) in row.chars().enumerate() {
                found += 1;
                if found > width {
                    break;
                }
                cells.push(decode(ch).ok_or(ParseError::UnknownChar { line, column: column + 1, ch })?);
            }
            let found = if found > width { row.chars().count() } else { found };
            if found != width {
                return Err(ParseError::RaggedRow { line, expected: width, found });
            }
        }
        Ok(Grid { width, height: rows.len(), cells })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walls_and_floor(ch: char) -> Option<bool> {
        match ch {
            '#' => Some(false),
            '.' => Some(true),
            _ => None,
        }
    }

    #[test]
    fn reads_rows_and_columns() {
        let grid = Grid::parse("###\n#..\n", walls_and_floor).unwrap();
        assert_eq!((grid.width(), grid.height()), (3, 2));
        assert_eq!(grid.cells(), &[false, false, false, false, true, true]);
    }

    #[test]
    fn windows_line_endings_and_trailing_blank_lines_are_accepted() {
        let unix = Grid::parse("###\n#..\n", walls_and_floor).unwrap();
        let windows = Grid::parse("###\r\n#..\r\n\r\n\r\n", walls_and_floor).unwrap();
        let no_final_newline = Grid::parse("###\n#..", walls_and_floor).unwrap();
        assert_eq!(unix, windows);
        assert_eq!(unix, no_final_newline);
    }

    #[test]
    fn trailing_spaces_on_a_line_are_accepted() {
        let plain = Grid::parse("###\n#..\n", walls_and_floor).unwrap();
        assert_eq!(Grid::parse("### \t\r\n#..  \n   \n", walls_and_floor).unwrap(), plain);
        assert_eq!(leading_blank_lines("  \n\t\r\n###\n"), 2);
        // A space inside a row is still a character of the row.
        assert!(Grid::parse("# #\n", walls_and_floor).is_err());
    }

    #[test]
    fn leading_blank_lines_are_skipped_but_counted() {
        let error = Grid::parse("\n\n##\n#x\n", walls_and_floor).unwrap_err();
        assert_eq!(error, ParseError::UnknownChar { line: 4, column: 2, ch: 'x' });
    }

    #[test]
    fn empty_input_is_an_error() {
        assert_eq!(Grid::parse("", walls_and_floor).unwrap_err(), ParseError::Empty);
        assert_eq!(Grid::parse("\n\r\n\n", walls_and_floor).unwrap_err(), ParseError::Empty);
    }

    #[test]
    fn ragged_rows_name_the_line() {
        assert_eq!(
            Grid::parse("###\n##\n###\n", walls_and_floor).unwrap_err(),
            ParseError::RaggedRow { line: 2, expected: 3, found: 2 }
        );
        assert_eq!(
            Grid::parse("###\n####\n", walls_and_floor).unwrap_err(),
            ParseError::RaggedRow { line: 2, expected: 3, found: 4 }
        );
    }

    #[test]
    fn a_wide_first_row_over_many_short_rows_is_ragged_not_a_huge_allocation() {
        // 200,000 x 200,001 cells of four bytes each would be 160 GB; the text is 600 KB.
        let rows = 200_000;
        let text = format!("{}\n{}", "#".repeat(rows), "#\n".repeat(rows));
        let error = Grid::parse(&text, |ch| (ch == '#').then_some('#')).unwrap_err();
        assert_eq!(error, ParseError::RaggedRow { line: 2, expected: rows, found: 1 });
    }

    #[test]
    fn blank_line_between_rows_is_ragged() {
        assert_eq!(
            Grid::parse("###\n\n###\n", walls_and_floor).unwrap_err(),
            ParseError::RaggedRow { line: 2, expected: 3, found: 0 }
        );
    }

    #[test]
    fn unknown_character_names_line_and_column() {
        let error = Grid::parse("###\n#.é\n", walls_and_floor).unwrap_err();
        assert_eq!(error, ParseError::UnknownChar { line: 2, column: 3, ch: 'é' });
        assert_eq!(error.to_string(), "line 2, column 3: unknown character 'é'");
    }
}

//! `grid-parse`: the shared text-to-grid reader, which every puzzle's parser stands on.
//!
//! The decoder accepts every character but `x` and the whitespace a row may not hold inside it,
//! so both outcomes are common. What parses must draw back to the same rows, starting at the
//! line [`grid::leading_blank_lines`] says; what fails must name a line and column (or a row
//! width) that the text really has.

use crate::{char_at, map_line};
use grid::{Grid, ParseError};

/// The one letter the decoder refuses besides whitespace, so unknown characters are easy to
/// reach.
const REFUSED: char = 'x';

fn decode(ch: char) -> Option<char> {
    (!matches!(ch, REFUSED | ' ' | '\t' | '\r')).then_some(ch)
}

pub(crate) fn check(text: &str) {
    match Grid::parse(text, decode) {
        Ok(grid) => check_round_trip(text, &grid),
        Err(ParseError::Empty) => {
            assert!(text.split('\n').all(|line| line.trim_end_matches([' ', '\t', '\r']).is_empty()));
        }
        Err(ParseError::UnknownChar { line, column, ch }) => {
            assert_eq!(
                char_at(text, line, column),
                Some(ch),
                "the unknown character is where it is said to be"
            );
            assert!(decode(ch).is_none(), "{ch:?} was reported unknown but the decoder takes it");
        }
        Err(ParseError::RaggedRow { line, expected, found }) => {
            let first = grid::leading_blank_lines(text) + 1;
            let row = map_line(text, line).expect("the ragged line exists");
            assert_ne!(expected, found);
            assert_eq!(row.chars().count(), found, "line {line} is {found} wide");
            let first_row = map_line(text, first).expect("the first row exists");
            assert_eq!(first_row.chars().count(), expected, "the first row is {expected} wide");
            assert!(line > first);
        }
    }
}

/// A grid drawn back as text is its rows, from the line after the leading blank ones, and
/// reads back as the same grid.
fn check_round_trip(text: &str, grid: &Grid<char>) {
    assert!(grid.width() > 0 && grid.height() > 0);
    assert_eq!(grid.cells().len(), grid.width() * grid.height());
    let drawn = grid.render(|_, &ch| ch);
    let first = grid::leading_blank_lines(text);
    for (row, drawn_row) in drawn.lines().enumerate() {
        assert_eq!(map_line(text, first + row + 1), Some(drawn_row), "row {row} draws back as it was read");
    }
    assert_eq!(Grid::parse(&drawn, decode).as_ref(), Ok(grid), "the drawn grid reads back the same");
}

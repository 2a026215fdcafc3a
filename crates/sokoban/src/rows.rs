//! Board lines to rows of characters, and what each character stands for.
//!
//! A level's board lines may pack several rows on one line, separated by `|`, and may
//! run-length encode a row: a count repeats the character after it (`4#2-$` is `####--$`).
//! [`expand_rows`] undoes both, row by row, before the level reads its squares; [`decode`]
//! reads one character in either alphabet (see the `level` module notes for the two). A tab in
//! a row's indentation stands for the spaces up to the next multiple of 8 columns.

use crate::level::{LevelError, MAX_CELLS, Square};
use std::borrow::Cow;

/// Columns between tab stops in a row's indentation, as editors show a tab.
const TAB_WIDTH: usize = 8;

/// `line` with the tabs of its indentation written as the spaces they show as, so that a
/// tab-indented board keeps its shape. A tab after the first character of the board itself is
/// left in place, for the level to report as a character of neither alphabet.
pub(crate) fn expand_indentation(line: &str) -> Cow<'_, str> {
    let body = line.trim_start_matches([' ', '\t']);
    let indent = &line[..line.len() - body.len()];
    if !indent.contains('\t') {
        return Cow::Borrowed(line);
    }
    let mut expanded = String::with_capacity(line.len() + TAB_WIDTH * indent.len());
    for ch in indent.chars() {
        let width = if ch == '\t' { TAB_WIDTH - expanded.len() % TAB_WIDTH } else { 1 };
        expanded.extend(std::iter::repeat_n(' ', width));
    }
    expanded.push_str(body);
    Cow::Owned(expanded)
}

/// What a character of the board stands for.
#[derive(Clone, Copy)]
pub(crate) struct Tile {
    /// The square under whatever stands on it.
    pub square: Square,
    /// A box stands here.
    pub has_box: bool,
    /// The player stands here.
    pub has_player: bool,
}

/// The tile of a board character in the standard alphabet, or in the letter one when
/// `letters`; `None` for a character of neither.
pub(crate) fn decode(ch: char, letters: bool) -> Option<Tile> {
    let tile = |square, has_box, has_player| Some(Tile { square, has_box, has_player });
    match ch {
        '*' => tile(Square::Goal, true, false),
        '+' => tile(Square::Goal, false, true),
        ' ' | '-' | '_' => tile(Square::Floor, false, false),
        '#' if !letters => tile(Square::Wall, false, false),
        '@' if !letters => tile(Square::Floor, false, true),
        '$' if !letters => tile(Square::Floor, true, false),
        '.' if !letters => tile(Square::Goal, false, false),
        'W' if letters => tile(Square::Wall, false, false),
        'K' if letters => tile(Square::Floor, false, true),
        'B' if letters => tile(Square::Floor, true, false),
        'G' if letters => tile(Square::Goal, false, false),
        '.' if letters => tile(Square::Floor, false, false),
        _ => None,
    }
}

/// True for a character that may appear on a board line in either alphabet.
pub(crate) fn is_board_char(ch: char) -> bool {
    matches!(ch, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_' | 'W' | 'K' | 'B' | 'G' | '|')
        || ch.is_ascii_digit()
}

/// Splits `|`-separated rows and expands run-length counts (`3#` is `###`).
pub(crate) fn expand_rows(number: usize, title: &str, lines: &[&str]) -> Result<Vec<Vec<char>>, LevelError> {
    let mut rows = Vec::new();
    // Characters of the rows so far: a lower bound on the board's squares, checked as the
    // rows grow, before any row is expanded past the limit.
    let mut expanded = 0_usize;
    for line in lines {
        let line = expand_indentation(line.trim_end_matches(['\r', '\n']));
        for part in line.split('|') {
            let row_number = rows.len() + 1;
            let too_large = || LevelError::RowsTooLarge {
                level: number,
                title: title.to_owned(),
                row: row_number,
                max: MAX_CELLS,
            };
            if row_number > MAX_CELLS {
                // Each row is at least one square wide once the board has any square.
                return Err(too_large());
            }
            let mut row = Vec::new();
            let mut count: Option<usize> = None;
            for ch in part.chars() {
                if let Some(digit) = ch.to_digit(10) {
                    let next = count.unwrap_or(0) * 10 + digit as usize;
                    if expanded + next > MAX_CELLS {
                        return Err(too_large());
                    }
                    count = Some(next);
                } else {
                    let times = count.take().unwrap_or(1);
                    expanded += times;
                    if expanded > MAX_CELLS {
                        return Err(too_large());
                    }
                    row.extend(std::iter::repeat_n(ch, times));
                }
            }
            if count.is_some() {
                return Err(LevelError::BadRunLength {
                    level: number,
                    title: title.to_owned(),
                    row: row_number,
                    reason: "a count at the end of the row repeats nothing",
                });
            }
            // Trailing spaces say nothing; dropping them keeps padding uniform.
            while row.last() == Some(&' ') {
                row.pop();
            }
            rows.push(row);
        }
    }
    while rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    Ok(rows)
}

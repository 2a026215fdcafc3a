//! Collection files: many levels in one text, with their titles and comments.
//!
//! A line is a *board line* when it is made only of board characters (either alphabet, digits
//! for run lengths, `|`) and holds a wall (`#` or `W`), or when it starts with a wall `#`
//! (after any indentation of spaces and tabs); consecutive board lines are one board. A stray
//! character in a board line is so reported, with the file's line and column, instead of
//! splitting the level.
//!
//! A row of the letter alphabet with a stray character is kept as a board line only when it
//! starts and ends with a wall `W` and holds no word: no two letters side by side that are not
//! letters of the board (`W`, `K`, `B`, `G`). Text starts with a capital as often as not, so
//! a line such as `Walls by W` stays text (and splits the board, whose halves are then
//! reported as invalid levels), while `W x  W` is a row with a stray `x`.
//! Every other non-blank line is metadata:
//!
//! - lines right after a board, with no blank line between, belong to that board (the `.sok`
//!   habit of `Title:` and `Author:` after the level);
//! - the other lines since the last blank line belong to the next board (the `; title` habit).
//!
//! A level's title is its `Title:` value, else the first `;` comment before its board, else
//! `Level N`. A file header separated from the first level by a blank line is nobody's metadata.

use crate::counted;
use crate::level::{Level, LevelError};
use crate::rows::{decode, is_board_char};
use thiserror::Error;

/// One level of a collection as written, not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelText {
    /// Number in the file, from 1.
    pub number: usize,
    /// The file's line of the board's first row, from 1.
    pub line: usize,
    /// Title (see the module notes).
    pub title: String,
    /// The comment and `Key: value` lines that came with the level, the title line included.
    pub metadata: Vec<String>,
    /// The board's lines.
    pub rows: Vec<String>,
}

impl LevelText {
    /// Reads and checks the board.
    ///
    /// # Errors
    /// A [`LevelError`] naming this level and the rule its board breaks.
    pub fn parse(&self) -> Result<Level, LevelError> {
        let rows: Vec<&str> = self.rows.iter().map(String::as_str).collect();
        if let Some((line, column, ch)) = stray_character(&rows) {
            return Err(LevelError::StrayCharacter {
                level: self.number,
                title: self.title.clone(),
                line: self.line + line,
                column,
                ch,
            });
        }
        let mut level = Level::parse(self.number, &self.title, &rows)?;
        level.metadata.clone_from(&self.metadata);
        Ok(level)
    }
}

/// Why a collection, or a level in it, cannot be found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CollectionError {
    /// No board in the whole text.
    #[error("the file holds no level (no line of board characters with a wall)")]
    NoLevels,
    /// A level number past the end.
    #[error("there is no level {number}: the file holds {}", counted(*count, "level", "levels"))]
    NoSuchNumber {
        /// The number asked for.
        number: usize,
        /// Levels in the file.
        count: usize,
    },
    /// No level has this title.
    #[error("no level is titled {0:?}")]
    NoSuchTitle(String),
}

/// The first character of the board lines that is part of neither the level's alphabet nor
/// the row syntax (run-length digits, `|`), as (line from 0, column from 1, character). The
/// level's alphabet is decided as [`Level::parse`] decides it: letters when a `W` and no `#`.
fn stray_character(lines: &[&str]) -> Option<(usize, usize, char)> {
    let letters = lines.iter().any(|l| l.contains('W')) && !lines.iter().any(|l| l.contains('#'));
    lines.iter().enumerate().find_map(|(index, line)| {
        // Tabs in the indentation stand for spaces; a tab inside the board is a stray.
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        line.trim_end_matches('\r').chars().enumerate().skip(indent).find_map(|(column, ch)| {
            let syntax = ch == '|' || ch.is_ascii_digit();
            (!syntax && decode(ch, letters).is_none()).then_some((index, column + 1, ch))
        })
    })
}

/// A row of the letter alphabet, stray characters and all: a wall `W` at both ends and no word
/// (two letters side by side that are not board letters), as the module notes explain.
fn is_letter_row(body: &str) -> bool {
    let foreign_letter = |ch: char| ch.is_alphabetic() && !matches!(ch, 'W' | 'K' | 'B' | 'G');
    let chars: Vec<char> = body.chars().collect();
    chars.len() >= 2
        && body.starts_with('W')
        && body.ends_with('W')
        && !chars.windows(2).any(|pair| foreign_letter(pair[0]) && foreign_letter(pair[1]))
}

fn is_board_line(line: &str) -> bool {
    let body = line.trim_end().trim_start_matches([' ', '\t']);
    // A row that starts with a wall is a row even with a stray character in it: the level then
    // names that character's line and column, rather than the row turning into a comment that
    // splits the board in two.
    body.starts_with('#')
        || is_letter_row(body)
        || (body.chars().all(is_board_char)
            && body.chars().any(|ch| ch == '#' || ch == 'W')
            // A line of digits and bars alone is never a board.
            && !body.is_empty())
}

/// Splits a collection file into its levels.
///
/// # Errors
/// [`CollectionError::NoLevels`] when no line looks like a board.
///
/// ```
/// let text = "; first\n#####\n#@$.#\n#####\n\n; second\n######\n#@$ .#\n######\n";
/// let levels = sokoban::split_collection(text)?;
/// assert_eq!(levels.len(), 2);
/// assert_eq!(levels[1].title, "second");
/// # Ok::<(), sokoban::CollectionError>(())
/// ```
pub fn split_collection(text: &str) -> Result<Vec<LevelText>, CollectionError> {
    let mut levels: Vec<LevelText> = Vec::new();
    let mut pending: Vec<String> = Vec::new();
    let mut board: Vec<String> = Vec::new();
    // True while the lines just read are a board or its trailing metadata, with no blank between.
    let mut after_board = false;
    // The file's line of the current board's first row.
    let mut first_line = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if is_board_line(line) {
            if board.is_empty() {
                first_line = index + 1;
            }
            board.push(line.to_owned());
            after_board = true;
            continue;
        }
        if !board.is_empty() {
            let (metadata, rows) = (std::mem::take(&mut pending), std::mem::take(&mut board));
            levels.push(finish(levels.len() + 1, first_line, metadata, rows));
        }
        if line.trim().is_empty() {
            pending.clear();
            after_board = false;
        } else if after_board {
            if let Some(level) = levels.last_mut() {
                add_metadata(level, line.trim());
            }
        } else {
            pending.push(line.trim().to_owned());
        }
    }
    if !board.is_empty() {
        levels.push(finish(levels.len() + 1, first_line, pending, board));
    }
    if levels.is_empty() { Err(CollectionError::NoLevels) } else { Ok(levels) }
}

fn finish(number: usize, line: usize, metadata: Vec<String>, rows: Vec<String>) -> LevelText {
    let mut level = LevelText { number, line, title: format!("Level {number}"), metadata: Vec::new(), rows };
    for line in metadata {
        add_metadata(&mut level, &line);
    }
    level
}

/// Adds one metadata line, taking the title from it when it names one.
fn add_metadata(level: &mut LevelText, line: &str) {
    if let Some((key, value)) = line.split_once(':')
        && key.trim().eq_ignore_ascii_case("title")
        && !key.starts_with(';')
    {
        value.trim().clone_into(&mut level.title);
    } else if let Some(comment) = line.strip_prefix(';') {
        // The first comment names the level; later ones describe it.
        let named =
            level.metadata.iter().any(|m| m.starts_with(';') || m.to_ascii_lowercase().starts_with("title:"));
        if !named && !comment.trim().is_empty() {
            comment.trim().clone_into(&mut level.title);
        }
    }
    level.metadata.push(line.to_owned());
}

/// Finds a level by its number in the file (`"12"`) or, failing that, by its exact title.
///
/// # Errors
/// [`CollectionError::NoSuchNumber`] or [`CollectionError::NoSuchTitle`].
pub fn find_level<'a>(levels: &'a [LevelText], key: &str) -> Result<&'a LevelText, CollectionError> {
    let key = key.trim();
    if let Ok(number) = key.parse::<usize>() {
        if let Some(level) = levels.iter().find(|level| level.number == number) {
            return Ok(level);
        }
        if !levels.iter().any(|level| level.title == key) {
            return Err(CollectionError::NoSuchNumber { number, count: levels.len() });
        }
    }
    levels
        .iter()
        .find(|level| level.title == key)
        .or_else(|| levels.iter().find(|level| level.title.eq_ignore_ascii_case(key)))
        .ok_or_else(|| CollectionError::NoSuchTitle(key.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLLECTION: &str = "\
; My set, a header
; nobody's metadata

; level one
#####
#@$.#
#####

#######
#@ $ .#
#######
Title: Second
Author: Me

; third comment
; more words about the third
Title: Third
6#|#@$-.#|6#
";

    #[test]
    fn levels_are_split_at_blank_lines_and_numbered() {
        let levels = split_collection(COLLECTION).unwrap();
        assert_eq!(levels.len(), 3);
        assert_eq!(levels.iter().map(|l| l.number).collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(levels[0].rows.len(), 3);
    }

    #[test]
    fn titles_from_comments_and_title_lines() {
        let levels = split_collection(COLLECTION).unwrap();
        assert_eq!(levels[0].title, "level one");
        assert_eq!(levels[0].metadata, vec!["; level one"]);
        assert_eq!(levels[1].title, "Second");
        assert_eq!(levels[1].metadata, vec!["Title: Second", "Author: Me"]);
        assert_eq!(levels[2].title, "Third");
        let untitled = split_collection("; name\n; description\n####\n#@*#\n####\n").unwrap();
        assert_eq!(untitled[0].title, "name");
    }

    #[test]
    fn untitled_levels_are_named_by_number() {
        let levels = split_collection("####\n#@*#\n####\n\n####\n#+$#\n####\n").unwrap();
        assert_eq!(levels[1].title, "Level 2");
    }

    #[test]
    fn boards_parse_with_their_metadata() {
        let levels = split_collection(COLLECTION).unwrap();
        let level = levels[1].parse().unwrap();
        assert_eq!(level.title, "Second");
        assert_eq!(level.metadata.len(), 2);
        assert!(levels[2].parse().is_ok());
    }

    #[test]
    fn windows_line_endings_in_collections() {
        let levels = split_collection(&COLLECTION.replace('\n', "\r\n")).unwrap();
        assert_eq!(levels.len(), 3);
        assert_eq!(levels[1].title, "Second");
        assert!(levels[0].parse().is_ok());
    }

    #[test]
    fn find_by_number_or_title() {
        let levels = split_collection(COLLECTION).unwrap();
        assert_eq!(find_level(&levels, "2").unwrap().title, "Second");
        assert_eq!(find_level(&levels, "Third").unwrap().number, 3);
        assert_eq!(find_level(&levels, "third").unwrap().number, 3);
        assert_eq!(find_level(&levels, "9"), Err(CollectionError::NoSuchNumber { number: 9, count: 3 }));
        assert!(matches!(find_level(&levels, "Fourth"), Err(CollectionError::NoSuchTitle(_))));
    }

    #[test]
    fn a_missing_number_in_a_one_level_file_says_1_level() {
        let levels = split_collection("#####\n#@$.#\n#####\n").unwrap();
        let error = find_level(&levels, "2").unwrap_err();
        assert_eq!(error.to_string(), "there is no level 2: the file holds 1 level");
    }

    #[test]
    fn a_stray_character_in_a_board_row_is_an_error_not_a_split_level() {
        for stray in ['x', 'é', '\t', '\0'] {
            let text = format!("; one\n#####\n#@$.#\n#{stray}  #\n#####\n");
            let levels = split_collection(&text).unwrap();
            assert_eq!(levels.len(), 1, "{stray:?}");
            assert_eq!(levels[0].title, "one");
            let error = levels[0].parse().unwrap_err();
            assert!(
                matches!(error, LevelError::StrayCharacter { line: 4, column: 2, ch, .. } if ch == stray),
                "{stray:?}: {error}"
            );
        }
    }

    #[test]
    fn a_stray_character_is_named_by_the_files_line_and_column() {
        // Third level, fifth line of its board: line 14 of the file. A tab in the indentation
        // is one column, as an editor counts characters.
        let text = "; a\n#####\n#@$.#\n#####\n\n; b\n#####\n#@$.#\n#####\n\n; c\n\t######\n\t#@$ .#\n\t#    #\n\t#  ? #\n\t######\n";
        let levels = split_collection(text).unwrap();
        assert_eq!(levels.iter().map(|l| l.line).collect::<Vec<_>>(), vec![2, 7, 12]);
        let error = levels[2].parse().unwrap_err();
        assert!(matches!(error, LevelError::StrayCharacter { line: 15, column: 5, ch: '?', .. }), "{error}");
        assert_eq!(error.to_string(), "level 3 (c): line 15, column 5: unknown character '?'");
        // Run-length and `|` rows: the column is the file's, not the expanded row's.
        let packed = split_collection("; d\n7#|#@$2-.#\n#3-x#\n7#\n").unwrap();
        let error = packed[0].parse().unwrap_err();
        assert!(matches!(error, LevelError::StrayCharacter { line: 3, column: 4, ch: 'x', .. }), "{error}");
    }

    #[test]
    fn a_letter_row_with_a_stray_character_stays_in_its_board() {
        let text = "; letters\nWWWWWW\nW.KBGW\nW x  W\nWWWWWW\n";
        let levels = split_collection(text).unwrap();
        assert_eq!(levels.len(), 1);
        let error = levels[0].parse().unwrap_err();
        assert!(matches!(error, LevelError::StrayCharacter { line: 4, column: 3, ch: 'x', .. }), "{error}");
        // A `#` in a letter board, or a `W` in a standard one, is a character of the other
        // alphabet: stray too.
        let mixed = split_collection("WWWWW\nWK#GW\nWWWWW\n").unwrap();
        assert_eq!(mixed.len(), 1);
        assert!(mixed[0].parse().is_err());
    }

    #[test]
    fn a_line_of_text_that_starts_and_ends_with_w_is_still_text() {
        for text in ["Walls by W", "Wow what a W"] {
            assert!(!is_board_line(text), "{text}");
        }
        assert!(is_board_line("W x  W"));
        assert!(is_board_line("WKB.GW"));
    }

    #[test]
    fn tab_indented_boards_are_read() {
        let text =
            "; tabs\n\t#####\n\t#@$.#\n\t#####\n\n; mixed\n\t  ####\n        ###@.#\n\t###$ #\n\t  ####\n";
        let levels = split_collection(text).unwrap();
        assert_eq!(levels.len(), 2);
        let tabs = levels[0].parse().unwrap();
        assert_eq!(tabs.to_text().lines().nth(1), Some("        #@$.#"));
        let mixed = levels[1].parse().unwrap();
        assert_eq!(mixed.boxes().len(), 1);
    }

    #[test]
    fn a_file_without_boards_is_an_error() {
        assert_eq!(split_collection("; just words\n\nhello\n"), Err(CollectionError::NoLevels));
    }

    #[test]
    fn an_invalid_level_is_reported_by_number() {
        let levels = split_collection("#####\n#@$.#\n#####\n\n#####\n#@$$#\n#####\n").unwrap();
        let error = levels[1].parse().unwrap_err();
        assert!(error.to_string().starts_with("level 2 (Level 2)"), "{error}");
    }
}

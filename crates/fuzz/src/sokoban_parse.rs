//! `sokoban-parse`: collection files split into levels, and each level read in full.
//!
//! Every level that parses must keep the rules the solver relies on (one player, boxes as many
//! as goals, on open squares), and must read back the same from its own drawing twice over: in
//! the standard alphabet one line a row, and in the letter alphabet run-length encoded with all
//! its rows on one line between `|` bars. The drawing cannot tell floor from the outside of the
//! board (both are blank), so drawings are compared with the blanks at the ends of rows and the
//! blank rows at the end dropped.

use sokoban::{Level, Square, find_level, split_collection};

pub(crate) fn check(text: &str) {
    let Ok(levels) = split_collection(text) else { return };
    for (index, level_text) in levels.iter().enumerate() {
        assert_eq!(level_text.number, index + 1);
        assert!(!level_text.rows.is_empty() && level_text.line >= 1);
        let found =
            find_level(&levels, &level_text.number.to_string()).expect("a level is found by its number");
        assert_eq!(found.number, level_text.number);
        if let Ok(level) = level_text.parse() {
            check_level(&level);
        }
    }
}

/// The rules a parsed level keeps, and its drawing read back in both alphabets.
pub(crate) fn check_level(level: &Level) {
    let squares = level.squares();
    let open = |cell: usize| matches!(squares[cell], Square::Floor | Square::Goal);
    assert!(!level.boxes().is_empty());
    assert_eq!(level.boxes().len(), level.goals().len(), "as many boxes as goals");
    assert!(level.boxes().windows(2).all(|pair| pair[0] < pair[1]), "boxes in reading order, once each");
    assert!(level.boxes().iter().all(|&b| open(b)), "boxes stand on open squares");
    assert!(open(level.player()) && !level.boxes().contains(&level.player()));

    let drawing = level.to_text();
    let standard: Vec<&str> = drawing.lines().collect();
    let again = Level::parse(level.number(), level.title(), &standard).expect("the drawing reads back");
    assert_eq!(trimmed(&again.to_text()), trimmed(&drawing), "the standard drawing reads back the same");

    let packed = letters_run_length(&drawing);
    let again =
        Level::parse(level.number(), level.title(), &[&packed]).expect("the packed drawing reads back");
    assert_eq!(trimmed(&again.to_text()), trimmed(&drawing), "{packed:?} reads back the same");
}

/// The drawing with the blanks that end its rows, and its blank last rows, dropped.
fn trimmed(drawing: &str) -> Vec<&str> {
    let mut rows: Vec<&str> = drawing.lines().map(str::trim_end).collect();
    while rows.last().is_some_and(|row| row.is_empty()) {
        rows.pop();
    }
    rows
}

/// A drawing in the letter alphabet, each run of two or more equal characters written as its
/// length and the character, the rows joined by `|`.
fn letters_run_length(drawing: &str) -> String {
    let rows = drawing.lines().map(|row| {
        let letters: Vec<char> = row
            .chars()
            .map(|ch| match ch {
                '#' => 'W',
                '@' => 'K',
                '$' => 'B',
                '.' => 'G',
                ' ' => '-',
                other => other,
            })
            .collect();
        let mut packed = String::new();
        for run in letters.chunk_by(|a, b| a == b) {
            if run.len() > 1 {
                packed.push_str(&run.len().to_string());
            }
            packed.push(run[0]);
        }
        packed
    });
    rows.collect::<Vec<_>>().join("|")
}

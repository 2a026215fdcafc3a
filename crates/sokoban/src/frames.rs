//! # Solutions as frames, for `--animate` and `--html`
//!
//! A solution is a LURD string that [`sokoban::verify`] has already accepted. It is played back
//! move by move under the same rules, one frame a move plus the start, with the moves, pushes
//! and boxes on goals counted in the caption. The board is drawn in the standard alphabet
//! (`#`, `$`, `*`, `.`, `@`, `+`), so a frame reads like the level file.
//!
//! A whole collection with `--html` becomes one page: a table of every level (status, moves,
//! pushes, time, a thumbnail of its start) and a player for each solved level.
//!
//! This module belongs to the binary: the library knows nothing of the replay crate.

use crate::Record;
use anyhow::{Context, Result, bail};
use replay::html::LevelReport;
use replay::{Cell, Frame, Replay, Style};
use sokoban::{Level, LevelText, Square};
use std::path::Path;

/// The board with boxes on `has_box` and the player on `player`.
fn board(level: &Level, has_box: &[bool], player: usize, caption: String) -> Frame {
    let squares = &level.squares();
    // Floor outside the walls (the spaces before a row's first wall) is not part of the board.
    let inside = level.player_region();
    let rows = (0..squares.height())
        .map(|row| {
            (row * squares.width()..(row + 1) * squares.width())
                .map(|cell| match (squares[cell], has_box[cell], cell == player) {
                    (Square::Wall, _, _) => Cell::new('#', Style::Wall),
                    (Square::Outside, _, _) => Cell::BLANK,
                    _ if !inside[cell] => Cell::BLANK,
                    (Square::Goal, true, _) => Cell::new('*', Style::BoxOnGoal),
                    (Square::Goal, _, true) => Cell::new('+', Style::Player),
                    (Square::Goal, _, _) => Cell::new('.', Style::Goal),
                    (_, true, _) => Cell::new('$', Style::Box),
                    (_, _, true) => Cell::new('@', Style::Player),
                    _ => Cell::new(' ', Style::Floor),
                })
                .collect()
        })
        .collect();
    Frame::from_rows(rows, squares.width(), caption)
}

/// The map of the level's squares that hold a box at the start, a flag per square.
fn box_map(level: &Level) -> Vec<bool> {
    let mut has_box = vec![false; level.squares().len()];
    for &cell in level.boxes() {
        has_box[cell] = true;
    }
    has_box
}

/// The level's start as a frame: the thumbnail of the collection page.
pub fn start(level: &Level) -> Frame {
    let has_box = box_map(level);
    let caption = format!("start: {} boxes", level.boxes().len());
    board(level, &has_box, level.player(), caption)
}

/// `lurd` played on `level`, one frame a move.
///
/// # Errors
/// If a move breaks a rule: the binary only replays solutions [`sokoban::verify`] accepted, so
/// this would be a bug.
pub fn solution_replay(level: &Level, lurd: &str, title: &str) -> Result<Replay> {
    let squares = &level.squares();
    let mut has_box = box_map(level);
    let mut player = level.player();
    let total_moves = lurd.chars().count();
    let total_pushes = lurd.chars().filter(char::is_ascii_uppercase).count();
    let mut pushes = 0;
    let mut replay = Replay::new(title, start(level));
    for (index, letter) in lurd.chars().enumerate() {
        let direction = match letter.to_ascii_lowercase() {
            'u' => grid::Direction::Up,
            'l' => grid::Direction::Left,
            'r' => grid::Direction::Right,
            'd' => grid::Direction::Down,
            _ => bail!("move {}: {letter:?} is not a LURD letter", index + 1),
        };
        let next = squares.step(player, direction).context("a move leaves the board")?;
        if has_box[next] {
            let beyond = squares.step(next, direction).context("a push leaves the board")?;
            has_box[next] = false;
            has_box[beyond] = true;
            pushes += 1;
        }
        player = next;
        let on_goals =
            (0..squares.len()).filter(|&cell| has_box[cell] && squares[cell] == Square::Goal).count();
        let caption = if index + 1 == total_moves && on_goals == level.boxes().len() {
            format!("solved: {total_moves} moves, {total_pushes} pushes")
        } else {
            format!(
                "move {}/{total_moves} ({letter}) | pushes {pushes}/{total_pushes} | boxes on goals {on_goals}/{}",
                index + 1,
                level.boxes().len()
            )
        };
        replay.push(board(level, &has_box, player, caption))?;
    }
    Ok(replay)
}

fn title(text: &LevelText) -> String {
    format!("level {} ({})", text.number, text.title)
}

/// `--animate` and `--html` for the levels run and their results, in the same order.
pub fn watch(
    file: &Path,
    levels: &[&LevelText],
    records: &[Record],
    animate: bool,
    html: Option<&Path>,
) -> Result<()> {
    let replay_of = |text: &LevelText, record: &Record| -> Result<Option<Replay>> {
        match (&record.solution, text.parse()) {
            (Some(lurd), Ok(level)) => solution_replay(&level, lurd, &title(text)).map(Some),
            _ => Ok(None),
        }
    };
    if animate {
        let (Some(text), Some(record)) = (levels.first(), records.first()) else {
            bail!("--animate needs a level")
        };
        let Some(replay) = replay_of(text, record)? else {
            bail!("{} is {}: there is no solution to play", title(text), record.status);
        };
        replay::terminal::play(&replay, 8)?;
    }
    if let Some(path) = html {
        let page = match (levels, records) {
            ([text], [record]) if record.solution.is_some() => {
                let replay = replay_of(text, record)?.context("a solved level has a replay")?;
                replay::html::page(&format!("Sokoban, {}", title(text)), &[&replay])
            }
            _ => {
                let mut reports = Vec::with_capacity(levels.len());
                for (text, record) in levels.iter().zip(records) {
                    reports.push(LevelReport {
                        name: title(text),
                        status: record.status.to_string(),
                        moves: record.moves,
                        pushes: record.pushes,
                        seconds: record.seconds,
                        thumbnail: text.parse().ok().map(|level| start(&level)),
                        replay: replay_of(text, record)?,
                    });
                }
                let name = file
                    .file_name()
                    .map_or_else(|| file.display().to_string(), |n| n.to_string_lossy().into_owned());
                replay::html::collection_page(&format!("Sokoban, {name}"), &reports)
            }
        };
        std::fs::write(path, page).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoban::{Options, Status};

    const LEVELS: [&str; 3] = [
        include_str!("../../../inputs/sokoban/warehouse.txt"),
        include_str!("../../../inputs/sokoban/three-goals.txt"),
        include_str!("../../../inputs/sokoban/two-rooms.txt"),
    ];

    fn solved(text: &str) -> (Level, sokoban::Solution) {
        let texts = sokoban::split_collection(text).unwrap();
        let level = texts[0].parse().unwrap();
        let result = sokoban::solve(&level, &Options::default()).unwrap();
        let Status::Solved(solution) = result.status else { panic!("{} is solvable", level.title()) };
        (level, solution)
    }

    #[test]
    fn the_first_frame_is_the_parsed_level() {
        for text in LEVELS {
            let (level, solution) = solved(text);
            let replay = solution_replay(&level, &solution.lurd, "t").unwrap();
            assert_eq!(replay.first().text(), level.to_text());
        }
    }

    #[test]
    fn there_is_a_frame_per_move_and_the_last_is_solved() {
        for text in LEVELS {
            let (level, solution) = solved(text);
            let replay = solution_replay(&level, &solution.lurd, "t").unwrap();
            assert_eq!(replay.len(), solution.moves + 1);
            let last = replay.last();
            let count = |style| last.cells().iter().filter(|cell| cell.style == style).count();
            assert_eq!((count(Style::Box), count(Style::BoxOnGoal)), (0, level.boxes().len()));
            assert_eq!(last.caption, format!("solved: {} moves, {} pushes", solution.moves, solution.pushes));
        }
    }

    #[test]
    fn pushes_are_counted_as_they_happen() {
        let level = Level::parse(1, "corridor", &["#######", "#@ $ .#", "#######"]).unwrap();
        let replay = solution_replay(&level, "rRR", "t").unwrap();
        let captions: Vec<String> = replay.frames().map(|frame| frame.caption).collect();
        assert_eq!(
            captions,
            [
                "start: 1 boxes",
                "move 1/3 (r) | pushes 0/2 | boxes on goals 0/1",
                "move 2/3 (R) | pushes 1/2 | boxes on goals 0/1",
                "solved: 3 moves, 2 pushes"
            ]
        );
        assert_eq!(replay.frame(2).text(), "#######\n#  @$.#\n#######\n");
    }
}

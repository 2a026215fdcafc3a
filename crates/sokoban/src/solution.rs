//! Solutions as LURD strings, and the replay that checks them.
//!
//! A solution is the player's moves, one letter each: `u`, `l`, `r`, `d` for a step and the
//! capital letter for a step that pushes a box. The replay plays every letter on the level and
//! insists on the notation's meaning: a lowercase step must land on a free square, an uppercase
//! one must push a box onto a free square, and at the end every box stands on a goal. A solver
//! answer is only ever reported after this replay accepted it.

use crate::counted;
use crate::level::{Level, Square};
use thiserror::Error;

/// A replayed, accepted solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves in LURD notation.
    pub lurd: String,
    /// All moves, pushes included.
    pub moves: usize,
    /// Moves that pushed a box.
    pub pushes: usize,
}

/// Why a LURD string does not solve a level. Moves count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// A letter that is not one of `udlrUDLR`.
    #[error("level {level}: move {move_number}: {letter:?} is not a LURD letter")]
    NotLurd {
        /// Level number.
        level: usize,
        /// The move.
        move_number: usize,
        /// The letter.
        letter: char,
    },
    /// A step into a wall, or a push of a box into a wall or another box.
    #[error("level {level}: move {move_number} ({letter}) is blocked")]
    Blocked {
        /// Level number.
        level: usize,
        /// The move.
        move_number: usize,
        /// The letter.
        letter: char,
    },
    /// A lowercase step onto a box, or an uppercase one with no box to push.
    #[error("level {level}: move {move_number} ({letter}) has the wrong case: it {what}")]
    WrongCase {
        /// Level number.
        level: usize,
        /// The move.
        move_number: usize,
        /// The letter.
        letter: char,
        /// What the move really does.
        what: &'static str,
    },
    /// The moves end with a box off its goal.
    #[error(
        "level {level}: after {}, {} not on a goal",
        counted(*moves, "move", "moves"),
        counted(*off_goal, "box is", "boxes are")
    )]
    Unsolved {
        /// Level number.
        level: usize,
        /// Moves played.
        moves: usize,
        /// Boxes left off goals.
        off_goal: usize,
    },
}

/// Plays `lurd` on `level` and returns the counted solution when it solves the level.
///
/// # Errors
/// A [`VerifyError`] naming the first move that breaks a rule, or the unsolved end.
///
/// ```
/// let level = sokoban::Level::parse(1, "tiny", &["#####", "#@$.#", "#####"])?;
/// let solution = sokoban::verify(&level, "R")?;
/// assert_eq!((solution.moves, solution.pushes), (1, 1));
/// assert!(sokoban::verify(&level, "r").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify(level: &Level, lurd: &str) -> Result<Solution, VerifyError> {
    let squares = &level.squares;
    let mut has_box = vec![false; squares.len()];
    for &b in &level.boxes {
        has_box[b] = true;
    }
    let open = |cell: usize| matches!(squares[cell], Square::Floor | Square::Goal);
    let mut player = level.player;
    let mut pushes = 0;
    let mut moves = 0;
    for (i, letter) in lurd.chars().enumerate() {
        let move_number = i + 1;
        let Some(direction) = grid::Direction::from_letter(letter) else {
            return Err(VerifyError::NotLurd { level: level.number, move_number, letter });
        };
        let blocked = VerifyError::Blocked { level: level.number, move_number, letter };
        let next = squares.step(player, direction).filter(|&c| open(c)).ok_or(blocked.clone())?;
        let push = letter.is_ascii_uppercase();
        if has_box[next] {
            if !push {
                return Err(VerifyError::WrongCase {
                    level: level.number,
                    move_number,
                    letter,
                    what: "pushes a box",
                });
            }
            let beyond = squares.step(next, direction).filter(|&c| open(c) && !has_box[c]).ok_or(blocked)?;
            has_box[next] = false;
            has_box[beyond] = true;
            pushes += 1;
        } else if push {
            return Err(VerifyError::WrongCase {
                level: level.number,
                move_number,
                letter,
                what: "pushes nothing",
            });
        }
        player = next;
        moves += 1;
    }
    let off_goal = (0..squares.len()).filter(|&c| has_box[c] && squares[c] != Square::Goal).count();
    if off_goal > 0 {
        return Err(VerifyError::Unsolved { level: level.number, moves, off_goal });
    }
    Ok(Solution { lurd: lurd.to_owned(), moves, pushes })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level() -> Level {
        Level::parse(3, "t", &["#######", "#@ $ .#", "#  #  #", "#######"]).unwrap()
    }

    #[test]
    fn a_correct_solution_is_counted() {
        let solution = verify(&level(), "rRR").unwrap();
        assert_eq!((solution.moves, solution.pushes), (3, 2));
    }

    #[test]
    fn walking_into_a_wall_is_blocked() {
        assert_eq!(
            verify(&level(), "u"),
            Err(VerifyError::Blocked { level: 3, move_number: 1, letter: 'u' })
        );
    }

    #[test]
    fn pushing_into_a_wall_is_blocked() {
        let error = verify(&level(), "rRRR").unwrap_err();
        assert_eq!(error, VerifyError::Blocked { level: 3, move_number: 4, letter: 'R' });
    }

    #[test]
    fn pushes_must_be_uppercase_and_walks_lowercase() {
        assert!(matches!(verify(&level(), "rr"), Err(VerifyError::WrongCase { move_number: 2, .. })));
        assert!(matches!(verify(&level(), "R"), Err(VerifyError::WrongCase { move_number: 1, .. })));
    }

    #[test]
    fn unknown_letters_are_rejected() {
        assert!(matches!(verify(&level(), "rx"), Err(VerifyError::NotLurd { letter: 'x', .. })));
    }

    #[test]
    fn stopping_short_is_unsolved() {
        assert_eq!(verify(&level(), "rR"), Err(VerifyError::Unsolved { level: 3, moves: 2, off_goal: 1 }));
        let error = verify(&level(), "rR").unwrap_err().to_string();
        assert_eq!(error, "level 3: after 2 moves, 1 box is not on a goal");
        assert!(verify(&level(), "").is_err());
    }

    #[test]
    fn pushing_a_box_into_another_box_is_blocked() {
        let two = Level::parse(1, "t", &["########", "#@$$ ..#", "########"]).unwrap();
        assert!(matches!(verify(&two, "R"), Err(VerifyError::Blocked { .. })));
    }
}

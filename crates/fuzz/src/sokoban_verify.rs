//! `sokoban-verify`: the LURD replay, against a plain replay written here.
//!
//! The input is a collection whose first level is played, then a last line of moves. The
//! crate's [`sokoban::verify`] and [`replay`] below must agree on everything: the moves and
//! pushes counted when the moves solve the level, else the kind of fault and the move it is at.
//! The plain replay works in rows and columns with its own bounds checks, sharing nothing with
//! the crate's but the public [`Level`].

use sokoban::{Level, Square, VerifyError, split_collection};

/// How a replay ends.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Replayed {
    /// Every box on a goal after all the moves.
    Solved { moves: usize, pushes: usize },
    /// A letter that is not a move, at this move (from 1).
    NotLurd(usize),
    /// Into a wall, off the board, or a push into a wall or a box.
    Blocked(usize),
    /// A lowercase step onto a box, or a push of nothing.
    WrongCase(usize),
    /// Boxes left off goals.
    Unsolved { moves: usize, off_goal: usize },
}

impl From<Result<sokoban::Solution, VerifyError>> for Replayed {
    fn from(result: Result<sokoban::Solution, VerifyError>) -> Self {
        match result {
            Ok(solution) => Replayed::Solved { moves: solution.moves, pushes: solution.pushes },
            Err(VerifyError::NotLurd { move_number, .. }) => Replayed::NotLurd(move_number),
            Err(VerifyError::Blocked { move_number, .. }) => Replayed::Blocked(move_number),
            Err(VerifyError::WrongCase { move_number, .. }) => Replayed::WrongCase(move_number),
            Err(VerifyError::Unsolved { moves, off_goal, .. }) => Replayed::Unsolved { moves, off_goal },
        }
    }
}

pub(crate) fn check(text: &str) {
    let Some((board, moves)) = text.rsplit_once('\n') else { return };
    let Some(level) = split_collection(board).ok().and_then(|levels| levels[0].parse().ok()) else { return };
    let result = sokoban::verify(&level, moves);
    if let Ok(solution) = &result {
        assert_eq!(solution.lurd, moves);
        assert_eq!(solution.moves, moves.chars().count());
        assert_eq!(solution.pushes, moves.chars().filter(char::is_ascii_uppercase).count());
    }
    assert_eq!(Replayed::from(result), replay(&level, moves), "the replays agree on {moves:?}");
}

/// Plays `moves` on `level` by the rules of the notation, in rows and columns.
pub(crate) fn replay(level: &Level, moves: &str) -> Replayed {
    let squares = level.squares();
    let (width, height) = (level.width(), level.height());
    let open = |row: usize, col: usize| matches!(squares[row * width + col], Square::Floor | Square::Goal);
    let mut boxes: Vec<(usize, usize)> = level.boxes().iter().map(|&b| (b / width, b % width)).collect();
    let mut player = (level.player() / width, level.player() % width);
    let step = |(row, col): (usize, usize), letter: char| -> Option<(usize, usize)> {
        let (row, col) = match letter.to_ascii_lowercase() {
            'u' => (row.checked_sub(1)?, col),
            'd' => (row + 1, col),
            'l' => (row, col.checked_sub(1)?),
            _ => (row, col + 1),
        };
        (row < height && col < width && open(row, col)).then_some((row, col))
    };
    let mut pushes = 0;
    for (index, letter) in moves.chars().enumerate() {
        let number = index + 1;
        if !matches!(letter.to_ascii_lowercase(), 'u' | 'd' | 'l' | 'r') {
            return Replayed::NotLurd(number);
        }
        let Some(next) = step(player, letter) else { return Replayed::Blocked(number) };
        match (boxes.iter().position(|&b| b == next), letter.is_ascii_uppercase()) {
            (Some(_), false) | (None, true) => return Replayed::WrongCase(number),
            (Some(moved_box), true) => {
                let Some(beyond) = step(next, letter).filter(|beyond| !boxes.contains(beyond)) else {
                    return Replayed::Blocked(number);
                };
                boxes[moved_box] = beyond;
                pushes += 1;
            }
            (None, false) => {}
        }
        player = next;
    }
    let off_goal = boxes.iter().filter(|&&(row, col)| squares[row * width + col] != Square::Goal).count();
    let moves = moves.chars().count();
    if off_goal == 0 { Replayed::Solved { moves, pushes } } else { Replayed::Unsolved { moves, off_goal } }
}

//! `sokoban-solve`: the solver on tiny levels under a state cap, against a plain search.
//!
//! The first level of the input collection is solved twice, for a fast answer and for the fewest
//! pushes, each capped at [`MAX_STATES`] stored states and a small memory budget. Every answer
//! must pass the replay and be the one the solver reported. A plain search written here, over
//! (player square, box squares) with pushes as the cost and walks free, then settles what the
//! solver claims: a level it calls unsolvable has no solution, and the push-optimal answer has
//! the fewest pushes there are.

use sokoban::{Level, Options, Square, Status, split_collection};
use std::collections::{HashMap, VecDeque};

/// Levels with more boxes than this, or more open squares than [`MAX_OPEN_SQUARES`], are only
/// parsed: the plain search would take too long.
const MAX_BOXES: usize = 3;
const MAX_OPEN_SQUARES: usize = 40;
/// The solver's state cap for each search.
const MAX_STATES: usize = 20_000;
/// States the plain search may settle before its comparison is skipped.
const MAX_PLAIN_STATES: usize = 200_000;

pub(crate) fn check(text: &str) {
    let Some(level) = split_collection(text).ok().and_then(|levels| levels[0].parse().ok()) else { return };
    let open_squares =
        level.squares().cells().iter().filter(|&&s| matches!(s, Square::Floor | Square::Goal)).count();
    if level.boxes().len() > MAX_BOXES || open_squares > MAX_OPEN_SQUARES {
        return;
    }
    let fewest_pushes = fewest_pushes(&level);
    for optimal in [false, true] {
        let options = Options {
            optimal,
            time_limit: 2.0,
            max_states: MAX_STATES,
            memory_budget: 32 << 20,
            ..Options::default()
        };
        let result = match sokoban::solve(&level, &options) {
            Ok(result) => result,
            Err(error @ sokoban::SolveError::Unverified(_)) => panic!("optimal {optimal}: {error}"),
            Err(sokoban::SolveError::TooLarge { .. }) => return,
        };
        match (result.status, fewest_pushes) {
            (Status::Solved(solution), plain) => {
                assert_eq!(
                    sokoban::verify(&level, &solution.lurd),
                    Ok(solution.clone()),
                    "the answer replays"
                );
                assert_ne!(
                    plain,
                    Some(None),
                    "the plain search finds no solution, the solver {:?}",
                    solution.lurd
                );
                if optimal && let Some(Some(pushes)) = plain {
                    assert_eq!(solution.pushes, pushes, "the optimal answer has the fewest pushes");
                }
            }
            (Status::Unsolvable, plain) => {
                assert!(
                    !matches!(plain, Some(Some(_))),
                    "optimal {optimal}: called unsolvable, but {plain:?} pushes solve it"
                );
            }
            (Status::GaveUp(_), _) => {}
        }
    }
}

/// The fewest pushes that solve `level`, by a search over (player square, box squares) that
/// costs a push 1 and a step 0: `Some(None)` when no moves solve it, `None` when the search
/// settled more than [`MAX_PLAIN_STATES`] states first.
#[allow(clippy::option_option)] // "skipped" and "unsolvable" are different findings.
fn fewest_pushes(level: &Level) -> Option<Option<usize>> {
    let squares = level.squares();
    let width = level.width();
    let open = |cell: usize| matches!(squares[cell], Square::Floor | Square::Goal);
    let step = |cell: usize, direction: usize| -> Option<usize> {
        let (row, col) = (cell / width, cell % width);
        let (row, col) = match direction {
            0 => (row.checked_sub(1)?, col),
            1 => (row + 1, col),
            2 => (row, col.checked_sub(1)?),
            _ => (row, col + 1),
        };
        (row < level.height() && col < width && open(row * width + col)).then_some(row * width + col)
    };
    let solved = |boxes: &[usize]| boxes.iter().all(|&b| squares[b] == Square::Goal);
    let start = (level.player(), level.boxes().to_vec());
    let mut best: HashMap<(usize, Vec<usize>), usize> = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some(((player, boxes), pushes)) = queue.pop_front() {
        if best[&(player, boxes.clone())] < pushes {
            continue;
        }
        if solved(&boxes) {
            return Some(Some(pushes));
        }
        for direction in 0..4 {
            let Some(next) = step(player, direction) else { continue };
            let (state, cost) = match boxes.iter().position(|&b| b == next) {
                None => ((next, boxes.clone()), pushes),
                Some(pushed) => {
                    let Some(beyond) = step(next, direction).filter(|beyond| !boxes.contains(beyond)) else {
                        continue;
                    };
                    let mut moved = boxes.clone();
                    moved[pushed] = beyond;
                    moved.sort_unstable();
                    ((next, moved), pushes + 1)
                }
            };
            if best.get(&state).is_none_or(|&known| cost < known) {
                best.insert(state.clone(), cost);
                if best.len() > MAX_PLAIN_STATES {
                    return None;
                }
                if cost == pushes {
                    queue.push_front((state, cost));
                } else {
                    queue.push_back((state, cost));
                }
            }
        }
    }
    Some(None)
}

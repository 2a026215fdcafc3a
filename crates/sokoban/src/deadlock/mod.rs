//! Deadlocks found while searching, and the PI-corral rule that prunes pushes: one file per
//! technique, sharing the scratch buffers of this module.
//!
//! - `freeze`: a pushed box that can move along neither axis, in a frozen set with a box off
//!   its goal, makes the position dead.
//! - `corral`: when an unfinished PI-corral exists, only the pushes into it need be tried.
//! - `corral_search`: a corral whose fence boxes alone can never reach goals makes the position
//!   dead, found by a small search over those boxes.
//! - `pull_freeze`: the search of pulls' mirror of `freeze`: a pulled box in a set that no pull
//!   can move again, with a box off the start's box squares, ends the pulls' state.
//! - `frozen_goals`: boxes frozen on goals are walls from then on; a box that can then reach no
//!   free goal, or a free goal no box can reach, makes the position dead.

mod corral;
mod corral_search;
mod freeze;
mod frozen_goals;
mod pull_freeze;

pub use corral::{Corral, pi_corral};
pub use corral_search::CorralDeadlocks;
pub use freeze::{freeze_deadlock, frozen_with_pushed};
pub use frozen_goals::FrozenGoals;
pub use pull_freeze::pull_freeze_deadlock;

use grid::Direction;

/// Reusable buffers of the deadlock checks.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub(super) cluster: Vec<usize>,
    pub(super) in_cluster: Vec<u32>,
    /// The place of a cell in `cluster`, valid where `in_cluster` holds the current stamp.
    pub(super) cluster_index: Vec<u32>,
    pub(super) frozen: Vec<bool>,
    pub(super) stamp: u32,
    pub(super) corral: Vec<u32>,
    pub(super) corral_stamp: u32,
    pub(super) stack: Vec<usize>,
    pub(super) barrier: Vec<usize>,
    pub(super) barrier_mark: Vec<u32>,
    pub(super) pushes: Vec<(usize, Direction)>,
    pub(super) best: Vec<(usize, Direction)>,
}

impl Scratch {
    /// Buffers for a board of `len` cells.
    #[must_use]
    pub fn new(len: usize) -> Self {
        Scratch {
            in_cluster: vec![0; len],
            cluster_index: vec![0; len],
            corral: vec![0; len],
            barrier_mark: vec![0; len],
            ..Scratch::default()
        }
    }
}

/// A new visit stamp for a mark array: marks equal to the stamp mean "seen in this visit", so no
/// clearing is needed between visits, except once every four billion when the counter wraps.
pub(super) fn fresh_stamp(stamp: &mut u32, marks: &mut [u32]) -> u32 {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        marks.fill(0);
        *stamp = 1;
    }
    *stamp
}

#[cfg(test)]
pub(crate) mod test_support {
    use crate::board::Board;
    use crate::level::Level;
    use grid::Direction;

    pub(super) fn setup(rows: &[&str]) -> (Board, Vec<bool>, Level) {
        let level = Level::parse(1, "t", rows).unwrap();
        let board = Board::new(&level).unwrap();
        let occupied = board.occupied_by(&level.boxes);
        (board, occupied, level)
    }

    /// The boxes a search of `level` starts with (those in the player's region, see
    /// `boxes_inside`) and the map of the squares they occupy.
    pub(crate) fn boxes_on_floor(board: &Board, level: &Level) -> (Vec<usize>, Vec<bool>) {
        let inside = crate::boxes_inside(board, level);
        let occupied = board.occupied_by(&inside);
        (inside, occupied)
    }

    /// The squares of the boxes of a box set as the search stores it (see [`box_words`]).
    pub(crate) fn squares_of(board: &Board, row: &[u64]) -> Vec<usize> {
        grid::set_bits(row).map(|bit| board.interior[bit]).collect()
    }

    /// The box set of `boxes` as the search stores it: a bit per interior square.
    pub(crate) fn box_words(board: &Board, boxes: &[usize]) -> Vec<u64> {
        let mut words = vec![0; board.interior.len().div_ceil(64)];
        for &b in boxes {
            let bit = usize::from(board.interior_index[b]);
            grid::insert_bit(&mut words, bit);
        }
        words
    }

    pub(crate) fn reach_of(board: &Board, occupied: &[bool], player: usize) -> Vec<bool> {
        let mut seen = vec![false; board.len];
        let mut stack = vec![player];
        seen[player] = true;
        while let Some(c) = stack.pop() {
            for d in Direction::READING_ORDER {
                let n = board.step(c, d);
                if board.floor[n] && !occupied[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        seen
    }
}

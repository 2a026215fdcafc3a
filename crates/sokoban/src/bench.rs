//! The benchmark facade: the solver's phases one at a time, for `benches/benches/sokoban.rs`.
//!
//! The static analysis (dead squares, push distances) and the matching lower bound are
//! internals of [`crate::solve`], and their types stay private so that no hand-built value
//! can reach the search. Criterion still needs to time each phase apart from a whole solve,
//! to see where a change won or lost; this module opens exactly those phases, on a level that
//! parsing has checked, and nothing else. It is not part of the solving API.

use crate::board::Board;
use crate::{Level, SolveError, analyse, boxes_inside, search};

/// A level's static analysis, ready to have its phases timed.
#[derive(Clone, Debug)]
pub struct Analysis {
    board: Board,
    boxes: Vec<usize>,
    player: usize,
}

impl Analysis {
    /// Analyses a level as [`crate::solve`] does before searching.
    ///
    /// # Errors
    /// [`SolveError::TooLarge`] when the level's interior is beyond the distance tables.
    pub fn new(level: &Level) -> Result<Analysis, SolveError> {
        let board = analyse(level)?;
        let boxes = boxes_inside(&board, level);
        Ok(Analysis { board, boxes, player: level.player })
    }

    /// Recomputes the dead squares (where a lone box can never reach a goal); returns how many
    /// there are.
    #[must_use]
    pub fn dead_squares(&self) -> usize {
        self.board.dead_squares().into_iter().filter(|&dead| dead).count()
    }

    /// Recomputes the push-distance table over (box square, side, goal); returns its size.
    #[must_use]
    pub fn push_distances(&self) -> usize {
        self.board.push_distances().len()
    }

    /// The matching lower bound of the start position, or `None` when the boxes cannot all
    /// reach distinct goals.
    #[must_use]
    pub fn start_lower_bound(&self) -> Option<u16> {
        search::lower_bound(&self.board, &self.boxes, self.player)
    }
}

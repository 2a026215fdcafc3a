//! Freeze deadlocks of the search of pulls (see `search::pulls`): the forward test of `freeze`
//! seen from the other end.
//!
//! A pull needs more room than a push. To pull a box one square towards `d`, the player stands
//! on the square beside it that way and steps one further: both squares must be free floor, and
//! the box's new square must not be dead to the pulls (no start square can be reached from it).
//! So a side of a box is blocked when a wall or a stuck box stands on either of its two squares
//! that way, or its near square is dead; a box blocked on both sides of both axes is stuck. As
//! in `freeze`, the stuck boxes are the largest self-supporting set: every box of the cluster
//! around the pulled one starts stuck, and a box with a free side is dropped until nothing
//! changes. The first box of such a set to move would need a free side while the others still
//! stand, so none ever moves again; with one of them off the start's box squares, the pulls can
//! never lead back to the start, and the state ends.
//!
//! ```text
//!   #######   A room two rows high. Each box has one free square on its wall side and the
//!   #     #   other box two squares off on its inner side; up, one free square and the wall;
//!   # A B #   down, the wall. No side has the two free squares a pull needs, so {A, B} is
//!   #######   stuck, although either box alone could be pulled along the floor.
//! ```
//!
//! A lone box off the start squares is never stuck on a square that is not dead already: the
//! last push on a lone box's way there from a start square left its side towards the player
//! free. So the test earns its keep with two or more boxes. Tested against a plain search of
//! pulls from every state the pull search stores on a few hundred generated levels
//! (`search::pulls`).

use super::Scratch;
use super::freeze::{gather_cluster, settle_by};
use crate::board::Board;
use grid::Direction;

/// True when the box on `moved` belongs to a stuck set of boxes (none can be pulled again) with
/// a box off the start's box squares (`on_start`). `occupied` marks the boxes after the pull;
/// `dead` the squares from which no pull leads a box to a start square.
pub fn pull_freeze_deadlock(
    board: &Board,
    occupied: &[bool],
    dead: &[bool],
    on_start: &[bool],
    moved: usize,
    scratch: &mut Scratch,
) -> bool {
    // Most pulled boxes can be pulled again whatever the other boxes do: no cluster needed.
    if !blocked_all_round(board, dead, moved, |n| occupied[n]) {
        return false;
    }
    let stamp = gather_cluster(board, occupied, moved, 2, scratch);
    settle_by(scratch, stamp, |cell, stuck| blocked_all_round(board, dead, cell, stuck));
    scratch.frozen[0]
        && scratch.cluster.iter().zip(&scratch.frozen).any(|(&cell, &stuck)| stuck && !on_start[cell])
}

/// Whether no pull can move the box on `cell` while the boxes that `holds` stay put: on every
/// side a wall or a held box on one of the two squares that way, or a dead square next to it.
fn blocked_all_round(board: &Board, dead: &[bool], cell: usize, holds: impl Fn(usize) -> bool) -> bool {
    Direction::READING_ORDER.into_iter().all(|d| {
        let near = board.step(cell, d);
        if !board.floor[near] || dead[near] || holds(near) {
            return true;
        }
        let far = board.step(near, d);
        !board.floor[far] || holds(far)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadlock::test_support::setup;

    /// Whether the first box of `rows` is in a stuck set, with the `$` boxes off the start
    /// squares and the `*` ones on them, and no square dead.
    fn stuck(rows: &[&str]) -> bool {
        let (board, occupied, level) = setup(rows);
        let on_start: Vec<bool> = (0..board.len).map(|cell| board.goal[cell]).collect();
        let dead = vec![false; board.len];
        let mut scratch = Scratch::new(board.len);
        pull_freeze_deadlock(&board, &occupied, &dead, &on_start, level.boxes[0], &mut scratch)
    }

    #[test]
    fn two_boxes_that_each_lack_the_second_free_square_are_stuck() {
        assert!(stuck(&["#######", "#  .. #", "# $ $@#", "#######"]));
    }

    #[test]
    fn one_of_them_alone_can_be_pulled_along_the_floor() {
        assert!(!stuck(&["#######", "#  .  #", "# $  @#", "#######"]));
    }

    #[test]
    fn with_every_stuck_box_on_a_start_square_the_state_lives() {
        assert!(!stuck(&["#######", "#     #", "# * *@#", "#######"]));
    }

    #[test]
    fn a_box_beside_a_pair_that_can_move_is_not_stuck() {
        // Three rows: the left box can be pulled up two squares.
        assert!(!stuck(&["#######", "#   . #", "#   . #", "# $ $@#", "#######"]));
    }

    #[test]
    fn a_dead_square_blocks_its_side() {
        let (board, occupied, level) = setup(&["#######", "#   . #", "# @$  #", "#######"]);
        let on_start = vec![false; board.len];
        let mut dead = vec![false; board.len];
        let mut scratch = Scratch::new(board.len);
        let b = level.boxes[0];
        assert!(!pull_freeze_deadlock(&board, &occupied, &dead, &on_start, b, &mut scratch));
        // Up has one free square only, down is the wall: with both squares beside it dead, no
        // pull is left.
        dead[board.step(b, Direction::Left)] = true;
        dead[board.step(b, Direction::Right)] = true;
        assert!(pull_freeze_deadlock(&board, &occupied, &dead, &on_start, b, &mut scratch));
    }
}

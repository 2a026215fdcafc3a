//! Freeze deadlocks.
//!
//! A box is frozen when it can move along neither axis: on each axis one neighbour is a wall or another frozen box, or both neighbours are dead squares. Frozen is
//! found as the largest self-supporting set (a greatest fixed point): start from the cluster of
//! boxes touching the pushed box and drop every box that is free on some axis until nothing
//! changes. Boxes that support each other, like a 2x2 block, stay; a set of frozen boxes with
//! one of them off its goal can never be solved.
//!
//! ```text
//!   #####     A and B lie against the top wall, so neither moves up or down. Sideways, A
//!   #AB       has the wall on its left, and B has A on its left: each is blocked on both
//!   #  .      axes, so {A, B} is frozen; with either off a goal the position is dead.
//! ```

use super::{Scratch, fresh_stamp};
use crate::board::Board;
use grid::Direction;

/// True when the box on `moved` belongs to a frozen set of boxes with a box off its goal.
///
/// `occupied` marks the box squares after the push.
pub fn freeze_deadlock(board: &Board, occupied: &[bool], moved: usize, scratch: &mut Scratch) -> bool {
    let stamp = gather_cluster(board, occupied, moved, 1, scratch);
    settle(board, scratch, stamp);
    scratch.frozen[0]
        && scratch.cluster.iter().zip(&scratch.frozen).any(|(&cell, &frozen)| frozen && !board.goal[cell])
}

/// The boxes of the pushed box's cluster that [`freeze_deadlock`] found frozen, the pushed box
/// among them if it is; none when the pushed box is not frozen, as no other box's freeze can
/// then have changed.
pub fn frozen_with_pushed(scratch: &Scratch) -> impl Iterator<Item = usize> + '_ {
    let any = scratch.frozen.first().copied().unwrap_or(false);
    scratch
        .cluster
        .iter()
        .zip(&scratch.frozen)
        .filter(move |&(_, &frozen)| any && frozen)
        .map(|(&cell, _)| cell)
}

/// Gathers into `scratch.cluster` the box on `moved`, first, and every box joined to it by a
/// chain of boxes at most `reach` squares apart along a row or a column, with no wall between
/// (1 for pushes; 2 for pulls, whose player needs two squares). Returns the stamp that marks
/// them in `in_cluster`; `cluster_index` holds each one's place.
pub(super) fn gather_cluster(
    board: &Board,
    occupied: &[bool],
    moved: usize,
    reach: usize,
    scratch: &mut Scratch,
) -> u32 {
    let stamp = fresh_stamp(&mut scratch.stamp, &mut scratch.in_cluster);
    scratch.cluster.clear();
    scratch.cluster.push(moved);
    scratch.in_cluster[moved] = stamp;
    scratch.cluster_index[moved] = 0;
    let mut next = 0;
    while next < scratch.cluster.len() {
        let cell = scratch.cluster[next];
        next += 1;
        for d in Direction::READING_ORDER {
            let mut n = cell;
            for _ in 0..reach {
                n = board.step(n, d);
                if occupied[n] && scratch.in_cluster[n] != stamp {
                    scratch.in_cluster[n] = stamp;
                    scratch.cluster_index[n] = scratch.cluster.len() as u32;
                    scratch.cluster.push(n);
                }
                if !board.floor[n] {
                    break;
                }
            }
        }
    }
    stamp
}

/// The greatest frozen subset of the boxes in `scratch.cluster` (marked with `stamp` in
/// `in_cluster`), into `scratch.frozen`: every box starts frozen, and a box free on some axis
/// is dropped until nothing changes. Boxes outside the cluster count as free.
pub(super) fn settle(board: &Board, scratch: &mut Scratch, stamp: u32) {
    settle_by(scratch, stamp, |cell, frozen| {
        let [up, left, right, down] = board.neighbours(cell);
        let blocked = |n1: usize, n2: usize| {
            let holds = |n: usize| !board.floor[n] || frozen(n);
            holds(n1) || holds(n2) || (board.dead[n1] && board.dead[n2])
        };
        blocked(up, down) && blocked(left, right)
    });
}

/// The greatest stuck subset of the boxes in `scratch.cluster` (marked with `stamp` in
/// `in_cluster`), into `scratch.frozen`: every box starts stuck, and a box that `stuck` finds
/// can move (given its cell and whether a square holds a box still counted stuck) is dropped,
/// until nothing changes.
pub(super) fn settle_by(
    scratch: &mut Scratch,
    stamp: u32,
    stuck: impl Fn(usize, &dyn Fn(usize) -> bool) -> bool,
) {
    scratch.frozen.clear();
    scratch.frozen.resize(scratch.cluster.len(), true);
    loop {
        let mut changed = false;
        for i in 0..scratch.cluster.len() {
            if !scratch.frozen[i] {
                continue;
            }
            let frozen = |n: usize| {
                scratch.in_cluster[n] == stamp && scratch.frozen[scratch.cluster_index[n] as usize]
            };
            if !stuck(scratch.cluster[i], &frozen) {
                scratch.frozen[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadlock::test_support::setup;

    #[test]
    fn two_boxes_side_by_side_on_a_wall_are_frozen() {
        let (board, occupied, level) = setup(&["#######", "# $$ @#", "#  .. #", "#######"]);
        let mut scratch = Scratch::new(board.len);
        assert!(freeze_deadlock(&board, &occupied, level.boxes[0], &mut scratch));
    }

    #[test]
    fn a_single_box_free_along_the_wall_is_not_frozen() {
        let (board, occupied, level) = setup(&["#######", "#.$  @#", "#     #", "#######"]);
        let mut scratch = Scratch::new(board.len);
        assert!(!freeze_deadlock(&board, &occupied, level.boxes[0], &mut scratch));
    }

    #[test]
    fn a_frozen_block_on_goals_is_fine() {
        let (board, occupied, level) = setup(&["#######", "# ** @#", "#  $. #", "#######"]);
        let mut scratch = Scratch::new(board.len);
        assert!(!freeze_deadlock(&board, &occupied, level.boxes[0], &mut scratch));
    }

    #[test]
    fn a_two_by_two_block_in_the_open_is_frozen() {
        let (board, occupied, level) =
            setup(&["########", "#      #", "# $$   #", "# $$ @ #", "# .... #", "#      #", "########"]);
        let mut scratch = Scratch::new(board.len);
        assert!(freeze_deadlock(&board, &occupied, level.boxes[3], &mut scratch));
    }

    #[test]
    fn a_box_between_dead_squares_is_frozen_on_that_axis() {
        // The box against the top wall can only slide onto dead squares, so it is frozen.
        let (board, occupied, level) = setup(&["#######", "#  $  #", "# @ . #", "#######"]);
        let mut scratch = Scratch::new(board.len);
        assert!(board.dead[board.step(level.boxes[0], Direction::Left)]);
        assert!(freeze_deadlock(&board, &occupied, level.boxes[0], &mut scratch));
    }
}

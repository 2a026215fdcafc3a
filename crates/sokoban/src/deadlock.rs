//! Deadlocks found while searching, and the PI-corral rule that prunes pushes.
//!
//! **Freeze deadlocks.** A box is frozen when it can move along neither axis: on each axis one
//! neighbour is a wall or another frozen box, or both neighbours are dead squares. Frozen is
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
//!
//! **PI-corrals.** A corral is a part of the floor the player cannot reach, fenced by boxes
//! ("barrier boxes") and walls. If the corral is unfinished (it holds an empty goal, or a
//! barrier box is off its goal), every solution must at some point push a barrier box. When
//! every push of a barrier box that could come first goes *into* the corral (I) and the player
//! can reach the square behind each of those pushes now (P), that first barrier push can be
//! made right away without lengthening the solution: the pushes before it never touch the
//! corral. So only pushes into the corral need be tried; and when none of them is legal, the
//! position is dead. The rule checked for each barrier box `b` and direction `d`, with the
//! pusher square `p` behind it and the target `t` ahead:
//!
//! - `p` a wall, a corral square or a barrier box: this push cannot be the first barrier push.
//! - otherwise `t` in the corral: a push into the corral, which needs `p` reachable now;
//! - otherwise `t` a wall, a dead square or a barrier box: no push there is ever first;
//! - otherwise the box could leave sideways or outwards first: not a PI-corral.

use crate::board::Board;
use grid::Direction;

/// Reusable buffers of the deadlock checks.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    cluster: Vec<usize>,
    in_cluster: Vec<u32>,
    frozen: Vec<bool>,
    stamp: u32,
    corral: Vec<u32>,
    corral_stamp: u32,
    stack: Vec<usize>,
    barrier: Vec<usize>,
    barrier_mark: Vec<u32>,
    pushes: Vec<(usize, Direction)>,
    best: Vec<(usize, Direction)>,
}

impl Scratch {
    /// Buffers for a board of `len` cells.
    #[must_use]
    pub fn new(len: usize) -> Self {
        Scratch {
            in_cluster: vec![0; len],
            corral: vec![0; len],
            barrier_mark: vec![0; len],
            ..Scratch::default()
        }
    }
}

/// True when the box on `moved` belongs to a frozen set of boxes with a box off its goal.
///
/// `occupied` marks the box squares after the push.
pub fn freeze_deadlock(board: &Board, occupied: &[bool], moved: usize, scratch: &mut Scratch) -> bool {
    let stamp = fresh_stamp(&mut scratch.stamp, &mut scratch.in_cluster);
    scratch.cluster.clear();
    scratch.cluster.push(moved);
    scratch.in_cluster[moved] = stamp;
    let mut next = 0;
    while next < scratch.cluster.len() {
        let cell = scratch.cluster[next];
        next += 1;
        for d in Direction::READING_ORDER {
            let n = board.step(cell, d);
            if occupied[n] && scratch.in_cluster[n] != stamp {
                scratch.in_cluster[n] = stamp;
                scratch.cluster.push(n);
            }
        }
    }
    scratch.frozen.clear();
    scratch.frozen.resize(scratch.cluster.len(), true);
    let position = |cluster: &[usize], cell: usize| cluster.iter().position(|&c| c == cell);
    loop {
        let mut changed = false;
        for i in 0..scratch.cluster.len() {
            if !scratch.frozen[i] {
                continue;
            }
            let cell = scratch.cluster[i];
            let [up, left, right, down] = board.neighbours(cell);
            let blocked = |n1: usize, n2: usize| {
                let holds = |n: usize| {
                    !board.floor[n]
                        || (scratch.in_cluster[n] == stamp
                            && position(&scratch.cluster, n).is_some_and(|j| scratch.frozen[j]))
                };
                holds(n1) || holds(n2) || (board.dead[n1] && board.dead[n2])
            };
            if !(blocked(up, down) && blocked(left, right)) {
                scratch.frozen[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    scratch.frozen[0]
        && scratch.cluster.iter().zip(&scratch.frozen).any(|(&cell, &frozen)| frozen && !board.goal[cell])
}

/// What the corral analysis says about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Corral {
    /// No unfinished PI-corral: every push may be needed.
    None,
    /// Only these pushes (box square, direction) need be tried; none at all means dead.
    Only(Vec<(usize, Direction)>),
}

/// Looks for unfinished PI-corrals and returns the one with the fewest pushes into it.
///
/// `occupied` marks the boxes, `reach(cell)` the player's region.
pub fn pi_corral(
    board: &Board,
    occupied: &[bool],
    boxes: &[usize],
    reach: impl Fn(usize) -> bool,
    scratch: &mut Scratch,
) -> Corral {
    let mut found = false;
    scratch.best.clear();
    if scratch.corral_stamp > u32::MAX - (1 << 20) {
        scratch.corral.fill(0);
        scratch.barrier_mark.fill(0);
        scratch.corral_stamp = 0;
    }
    // Corrals found in this call carry stamps from `first` on.
    let first = scratch.corral_stamp + 1;
    for &start_box in boxes {
        for d in Direction::READING_ORDER {
            let start = board.step(start_box, d);
            if !board.floor[start] || occupied[start] || reach(start) || scratch.corral[start] >= first {
                continue;
            }
            scratch.corral_stamp += 1;
            let stamp = scratch.corral_stamp;
            let mut holds_empty_goal = false;
            scratch.barrier.clear();
            scratch.stack.clear();
            scratch.stack.push(start);
            scratch.corral[start] = stamp;
            while let Some(cell) = scratch.stack.pop() {
                holds_empty_goal |= board.goal[cell];
                for e in Direction::READING_ORDER {
                    let n = board.step(cell, e);
                    if !board.floor[n] {
                        continue;
                    }
                    if occupied[n] {
                        if scratch.barrier_mark[n] != stamp {
                            scratch.barrier_mark[n] = stamp;
                            scratch.barrier.push(n);
                        }
                    } else if scratch.corral[n] != stamp {
                        scratch.corral[n] = stamp;
                        scratch.stack.push(n);
                    }
                }
            }
            let finished = !holds_empty_goal && scratch.barrier.iter().all(|&b| board.goal[b]);
            if finished {
                continue;
            }
            if let Some(pushes) = corral_pushes(board, occupied, &reach, stamp, scratch)
                && (!found || pushes < scratch.best.len())
            {
                found = true;
                std::mem::swap(&mut scratch.best, &mut scratch.pushes);
                if scratch.best.is_empty() {
                    break;
                }
            }
        }
    }
    if found {
        scratch.best.sort_unstable();
        Corral::Only(scratch.best.clone())
    } else {
        Corral::None
    }
}

/// The pushes into the corral marked `stamp`, or `None` when it is not a PI-corral. The pushes
/// are left in `scratch.pushes`; the count is returned.
fn corral_pushes(
    board: &Board,
    occupied: &[bool],
    reach: &impl Fn(usize) -> bool,
    stamp: u32,
    scratch: &mut Scratch,
) -> Option<usize> {
    scratch.pushes.clear();
    let in_corral = |cell: usize| scratch.corral[cell] == stamp;
    let is_barrier = |cell: usize| occupied[cell] && scratch.barrier_mark[cell] == stamp;
    for &b in &scratch.barrier {
        for d in Direction::READING_ORDER {
            let pusher = board.step(b, d.opposite());
            let target = board.step(b, d);
            if !board.floor[pusher] || in_corral(pusher) || is_barrier(pusher) {
                continue;
            }
            if board.floor[target] && in_corral(target) {
                if !reach(pusher) {
                    return None;
                }
                if !board.dead[target] {
                    scratch.pushes.push((b, d));
                }
            } else if !board.floor[target] || board.dead[target] || is_barrier(target) {
                // This box can never leave the corral's fence this way first.
            } else {
                return None;
            }
        }
    }
    Some(scratch.pushes.len())
}

/// A new visit stamp for a mark array: marks equal to the stamp mean "seen in this visit", so no
/// clearing is needed between visits, except once every four billion when the counter wraps.
fn fresh_stamp(stamp: &mut u32, marks: &mut [u32]) -> u32 {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        marks.fill(0);
        *stamp = 1;
    }
    *stamp
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn setup(rows: &[&str]) -> (Board, Vec<bool>, Level) {
        let level = Level::parse(1, "t", rows).unwrap();
        let board = Board::new(&level).unwrap();
        let mut occupied = vec![false; board.len];
        for &b in &level.boxes {
            occupied[b] = true;
        }
        (board, occupied, level)
    }

    fn reach_of(board: &Board, occupied: &[bool], player: usize) -> Vec<bool> {
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

    #[test]
    fn a_pi_corral_restricts_the_pushes() {
        // The player is left of the box column; the goal is in the closed room on the right.
        let (board, occupied, level) =
            setup(&["########", "#   #  #", "# @ $. #", "#   #  #", "#   $  #", "#  .#  #", "########"]);
        let reach = reach_of(&board, &occupied, level.player);
        let mut scratch = Scratch::new(board.len);
        let verdict = pi_corral(&board, &occupied, &level.boxes, |c| reach[c], &mut scratch);
        assert_eq!(
            verdict,
            Corral::Only(vec![(level.boxes[0], Direction::Right), (level.boxes[1], Direction::Right)])
        );
    }

    #[test]
    fn a_corral_a_box_can_leave_sideways_is_not_pi() {
        // The box fencing the goal can also be pushed down, out of the fence: no pruning.
        let (board, occupied, level) =
            setup(&["#######", "#    ##", "# @ $.#", "#    ##", "# $ . #", "#######"]);
        let reach = reach_of(&board, &occupied, level.player);
        let mut scratch = Scratch::new(board.len);
        assert_eq!(pi_corral(&board, &occupied, &level.boxes, |c| reach[c], &mut scratch), Corral::None);
    }

    #[test]
    fn a_finished_corral_prunes_nothing() {
        let (board, occupied, level) = setup(&["######", "#@ * #", "######"]);
        let reach = reach_of(&board, &occupied, level.player);
        let mut scratch = Scratch::new(board.len);
        assert_eq!(pi_corral(&board, &occupied, &level.boxes, |c| reach[c], &mut scratch), Corral::None);
    }

    #[test]
    fn a_corral_the_player_reaches_round_the_back_is_no_corral() {
        let (board, occupied, level) =
            setup(&["#######", "#  #  #", "# @* .#", "#  $  #", "#     #", "#######"]);
        let reach = reach_of(&board, &occupied, level.player);
        let mut scratch = Scratch::new(board.len);
        assert_eq!(pi_corral(&board, &occupied, &level.boxes, |c| reach[c], &mut scratch), Corral::None);
    }

    #[test]
    fn a_pi_corral_with_no_legal_push_in_is_dead() {
        // The box can only be pushed right, into the dead corner; to reach its goal it needs the
        // player on its right, which is inside the corral. No dead square shows this.
        let (board, occupied, level) = setup(&["#######", "#.@ $ #", "#######"]);
        assert!(!board.dead[level.boxes[0]]);
        let reach = reach_of(&board, &occupied, level.player);
        let mut scratch = Scratch::new(board.len);
        assert_eq!(
            pi_corral(&board, &occupied, &level.boxes, |c| reach[c], &mut scratch),
            Corral::Only(vec![])
        );
    }
}

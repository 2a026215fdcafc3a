//! PI-corral pruning.
//!
//! A corral is a part of the floor the player cannot reach, fenced by boxes ("barrier boxes")
//! and walls. If the corral is unfinished (it holds an empty goal, or a
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

use super::Scratch;
use crate::board::Board;
use grid::Direction;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadlock::test_support::{reach_of, setup};

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

//! Boxes frozen on goals: walls from then on.
//!
//! A box on a goal that can move along neither axis (see `freeze`) never moves again, so for
//! the rest of the search it is a wall. The static tables of the board do not know that: a
//! goal area filled in a bad order can wall off its last goals, or the floor a box needs to
//! reach one, and the matching bound, built on the empty board, still sees a way. The search
//! then tries every arrangement of the other boxes before it gives up on the position.
//!
//! So once a position has boxes frozen on goals, its boxes are checked against the board with
//! those boxes as walls. A box at square `s` can still reach a free goal `g` only if `s` is
//! among the squares a lone box is pulled to from `g`, where each pull needs the square the
//! box moves to and the one the player steps back to free of walls and frozen boxes (the
//! backward flood of the board's dead squares, [`Board::pull_flood`], on the changed board).
//! The position is dead when
//!
//! - a box that is not frozen stands where it can reach no free goal, or
//! - a free goal can be reached from no square that holds a box which is not frozen.
//!
//! Both are relaxations: the other boxes are taken away and the player may stand anywhere, and
//! neither removes a way a box has. So a position called dead has no solution, in every mode.
//!
//! ```text
//!   #######    The two boxes on goals in the one-wide passage hold each other: neither
//!   #  $  #    can be pushed along it, as the player would have to stand on the other,
//!   # @   #    and the walls stop them sideways. So they are frozen, and the goal
//!   ###*###    behind them is walled off for good: the free box can never reach it,
//!     #*#      though on the empty board it has a short way there. The position is dead.
//!     #.#
//!     ###
//! ```
//!
//! The frozen set only grows along a path (a frozen box never moves, and a box that is not
//! frozen is no support to others), so a child's set is its parent's, computed once per
//! expansion, with the pushed box's frozen cluster added. The tables of a frozen set (the
//! squares that reach each free goal, as bit words over the interior) are made the first
//! time the set comes up and kept, up to [`MAX_TABLES`] sets; beyond that a new set is not
//! checked, which proves nothing and so stays sound.

use super::{Scratch, fresh_stamp};
use crate::board::Board;
use rustc_hash::FxHashMap;

/// The most frozen sets whose tables are kept: a few hundred bytes each on a large board.
const MAX_TABLES: usize = 50_000;

/// The tables of one frozen set.
struct Walled {
    /// The frozen boxes, by interior index, as bit words.
    frozen: Vec<u64>,
    /// The interior squares from which a lone box reaches some free goal.
    live: Vec<u64>,
    /// For each free goal in turn, the interior squares from which a lone box reaches it.
    regions: Vec<u64>,
}

/// The boxes frozen on goals of the position being expanded, and the tables of every frozen
/// set met so far.
#[derive(Default)]
pub struct FrozenGoals {
    tables: Vec<Walled>,
    index: FxHashMap<Vec<u16>, u32>,
    /// Bytes the tables and their index hold, for the memory budget.
    held: usize,
    /// The frozen boxes of the expanded position, as sorted cells.
    parent: Vec<u16>,
    /// The child's frozen set being assembled.
    child: Vec<u16>,
    // Scratch of a table's floods.
    wall: Vec<bool>,
    reached: Vec<bool>,
    stack: Vec<usize>,
}

impl FrozenGoals {
    /// Finds the boxes frozen on goals in the position of `boxes` (a position no
    /// freeze deadlock has called dead, so no box off its goal is frozen).
    pub fn load_parent(&mut self, board: &Board, boxes: &[usize], scratch: &mut Scratch) {
        self.parent.clear();
        let stamp = fresh_stamp(&mut scratch.stamp, &mut scratch.in_cluster);
        scratch.cluster.clear();
        for &b in boxes {
            if board.goal[b] {
                scratch.in_cluster[b] = stamp;
                scratch.cluster_index[b] = scratch.cluster.len() as u32;
                scratch.cluster.push(b);
            }
        }
        if scratch.cluster.is_empty() {
            return;
        }
        super::freeze::settle(board, scratch, stamp);
        for (&cell, &frozen) in scratch.cluster.iter().zip(&scratch.frozen) {
            if frozen {
                self.parent.push(cell as u16);
            }
        }
        self.parent.sort_unstable();
    }

    /// The tables of the set in `self.child`, made if new; `None` when there are too many.
    fn table_of_child(&mut self, board: &Board) -> Option<usize> {
        match self.index.get(&self.child) {
            Some(&t) => Some(t as usize),
            None if self.tables.len() < MAX_TABLES => {
                let walled = self.walled(board);
                self.held += table_bytes(board, self.child.len());
                self.tables.push(walled);
                self.index.insert(self.child.clone(), (self.tables.len() - 1) as u32);
                Some(self.tables.len() - 1)
            }
            None => None,
        }
    }

    /// Bytes held once `new_sets` more frozen sets of at most `boxes` boxes have their tables:
    /// the search counts them against its memory budget, a new set possible for every child.
    /// The table list and the map are counted as if they had to grow for them.
    pub fn bytes_after(&self, board: &Board, boxes: usize, new_sets: usize) -> usize {
        let more = new_sets.min(MAX_TABLES - self.tables.len());
        let sets = self.tables.len() + more;
        let list = if sets > self.tables.capacity() { (2 * self.tables.capacity()).max(sets) } else { sets };
        let map = if sets > self.index.capacity() { 2 * sets } else { self.index.capacity() };
        self.held
            + more * table_bytes(board, boxes)
            + list * size_of::<Walled>()
            + map * (size_of::<(Vec<u16>, u32)>() + 1)
    }

    /// Whether the child whose boxes are `child_boxes` (bit words over the interior) is dead
    /// by its boxes frozen on goals: the parent's, and those of `newly_frozen`, the pushed
    /// box's frozen cluster on goals (empty when the box is not frozen).
    pub fn child_dead(
        &mut self,
        board: &Board,
        child_boxes: &[u64],
        newly_frozen: impl Iterator<Item = usize>,
    ) -> bool {
        self.child.clear();
        self.child.extend_from_slice(&self.parent);
        let before = self.child.len();
        self.child.extend(newly_frozen.map(|cell| cell as u16));
        if self.child.len() != before {
            self.child.sort_unstable();
            self.child.dedup();
        }
        if self.child.is_empty() {
            return false;
        }
        let Some(table) = self.table_of_child(board) else { return false };
        let walled = &self.tables[table];
        let words = child_boxes.len();
        // A box that is not frozen, where no free goal can be reached.
        let stranded =
            child_boxes.iter().zip(&walled.frozen).zip(&walled.live).any(|((&b, &f), &l)| b & !f & !l != 0);
        // A free goal that no such box can reach.
        stranded
            || walled.regions.chunks_exact(words).any(|region| {
                !region.iter().zip(child_boxes).zip(&walled.frozen).any(|((&r, &b), &f)| r & b & !f != 0)
            })
    }

    /// The tables of the frozen set in `self.child`.
    fn walled(&mut self, board: &Board) -> Walled {
        let words = board.interior.len().div_ceil(64);
        self.wall.clear();
        self.wall.extend(board.floor.iter().map(|&floor| !floor));
        let mut frozen = vec![0; words];
        for cell in self.child.iter().map(|&cell| usize::from(cell)) {
            self.wall[cell] = true;
            let bit = usize::from(board.interior_index[cell]);
            grid::insert_bit(&mut frozen, bit);
        }
        let mut live = vec![0; words];
        let mut regions = Vec::new();
        for &goal in &board.goals {
            if self.wall[goal] {
                continue;
            }
            self.reached.clear();
            self.reached.resize(board.len, false);
            let wall = &self.wall;
            board.pull_flood(&[goal], |cell| !wall[cell], &mut self.reached, &mut self.stack);
            let mut region = vec![0; words];
            for (bit, &cell) in board.interior.iter().enumerate() {
                if self.reached[cell] {
                    grid::insert_bit(&mut region, bit);
                }
            }
            for (l, r) in live.iter_mut().zip(&region) {
                *l |= r;
            }
            regions.extend(region);
        }
        Walled { frozen, live, regions }
    }
}

/// The heap bytes of one frozen set's tables and its key in the map, counted as if it had
/// `frozen` boxes and every goal were free: the set's cells and its three kinds of bit words.
fn table_bytes(board: &Board, frozen: usize) -> usize {
    let words = board.interior.len().div_ceil(64);
    2 * frozen * size_of::<u16>() + (2 + board.goals.len()) * words * size_of::<u64>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadlock::test_support::{box_words, setup};

    #[test]
    fn two_boxes_frozen_in_a_passage_wall_off_the_goal_behind_them() {
        let rows = ["#######", "#  $  #", "# @   #", "###*###", "  #*#", "  #.#", "  ###"];
        let (board, _, level) = setup(&rows);
        let mut frozen = FrozenGoals::default();
        let mut scratch = Scratch::new(board.len);
        frozen.load_parent(&board, &level.boxes, &mut scratch);
        assert_eq!(frozen.parent.len(), 2, "{:?}", frozen.parent);
        assert!(frozen.child_dead(&board, &box_words(&board, &level.boxes), std::iter::empty()));
    }

    #[test]
    fn boxes_on_goals_that_can_still_move_are_no_walls() {
        // One box in the passage: it can still be pushed on to the goal behind it.
        let rows = ["#######", "#  $  #", "# @   #", "###*###", "  #.#", "  ###"];
        let (board, _, level) = setup(&rows);
        let mut frozen = FrozenGoals::default();
        let mut scratch = Scratch::new(board.len);
        frozen.load_parent(&board, &level.boxes, &mut scratch);
        assert!(frozen.parent.is_empty(), "{:?}", frozen.parent);
        assert!(!frozen.child_dead(&board, &box_words(&board, &level.boxes), std::iter::empty()));
    }

    #[test]
    fn a_frozen_goal_box_that_leaves_a_way_round_is_no_deadlock() {
        // Frozen in the corner, it walls off nothing: the other goal is reached round it.
        let rows = ["#######", "#*    #", "#  $  #", "# @ . #", "#######"];
        let (board, _, level) = setup(&rows);
        let mut frozen = FrozenGoals::default();
        let mut scratch = Scratch::new(board.len);
        frozen.load_parent(&board, &level.boxes, &mut scratch);
        assert_eq!(frozen.parent.len(), 1);
        assert!(!frozen.child_dead(&board, &box_words(&board, &level.boxes), std::iter::empty()));
    }
}

//! The lower bound of a state, and its cheap update for a child.
//!
//! The bound is a minimum-cost matching of boxes to goals over the push distances of the
//! static analysis (see [`crate::bound`]), with the player on its side of each box. A child
//! differs from its parent by one moved box, and every other box still sees the player on the
//! same side (the player walked to the push and through the freed square without passing it),
//! so only that box's row of the cost matrix changes and one O(k²) update of the parent's
//! matching gives the child's bound.

use super::Search;
use crate::board::UNREACHABLE;
use crate::bound::IMPOSSIBLE;

impl Search<'_> {
    /// The matching bound for the loaded boxes with the player on `player`, or `None` if dead.
    pub(super) fn bound(&mut self, player: usize) -> Option<u16> {
        let k = self.boxes.len();
        self.cost.clear();
        for &b in &self.boxes {
            for gi in 0..self.board.goals.len() {
                let d = self.board.push_distance(gi, b, player);
                self.cost.push(if d == UNREACHABLE { IMPOSSIBLE } else { u32::from(d) });
            }
        }
        let total = if self.limits.techniques.matching {
            self.matcher.min_cost(k, &self.cost)?
        } else {
            let mut sum = 0;
            for row in self.cost.chunks(k) {
                let nearest = row.iter().copied().min().unwrap_or(IMPOSSIBLE);
                if nearest >= IMPOSSIBLE {
                    return None;
                }
                sum += nearest;
            }
            sum
        };
        Some(u16::try_from(total).unwrap_or(u16::MAX - 1))
    }

    /// The bound of a child whose only moved box is `boxes[index]` (already moved), the player
    /// on `player`: the parent's matrix (`parent_cost`) with that box's row replaced.
    pub(super) fn child_bound(&mut self, index: usize, player: usize) -> Option<u16> {
        let k = self.boxes.len();
        if !self.limits.techniques.matching || self.parent_cost.len() != k * k {
            return self.bound(player);
        }
        self.cost.clone_from(&self.parent_cost);
        let b = self.boxes[index];
        for gi in 0..k {
            let d = self.board.push_distance(gi, b, player);
            self.cost[index * k + gi] = if d == UNREACHABLE { IMPOSSIBLE } else { u32::from(d) };
        }
        let total = self.matcher.min_cost_with_row(k, &self.cost, index);
        #[cfg(debug_assertions)]
        {
            // The claim that only one row changes, checked against a fresh matrix and matching.
            let fresh: Vec<u32> = self
                .boxes
                .iter()
                .flat_map(|&b| (0..k).map(move |gi| (b, gi)))
                .map(|(b, gi)| match self.board.push_distance(gi, b, player) {
                    UNREACHABLE => IMPOSSIBLE,
                    d => u32::from(d),
                })
                .collect();
            debug_assert_eq!(total, crate::bound::Matcher::default().min_cost(k, &fresh), "child bound");
        }
        Some(u16::try_from(total?).unwrap_or(u16::MAX - 1))
    }
}

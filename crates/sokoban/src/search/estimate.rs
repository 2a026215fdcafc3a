//! The lower bound of a state, and its cheap update for a child.
//!
//! The bound is a minimum-cost matching of boxes to goals over the push distances of the
//! static analysis (see [`crate::bound`]), with the player on its side of each box. A child
//! differs from its parent by one moved box, and every other box still sees the player on the
//! same side (the player walked to the push and through the freed square without passing it),
//! so only that box's row of the cost matrix changes and one O(k²) update of the parent's
//! matching gives the child's bound.
//!
//! That update needs the parent's own matching as its base, and solving it from scratch, O(k³), was
//! 41% of the whole search on a 20-box level. But that matching was already found once, when the
//! parent was made as a child of its own parent, and the state expanded next is most often a child
//! made a moment ago (the fast mode takes the newest of equally good states first). So the
//! matchings of the latest children are kept, tens of thousands in a table indexed by state id, and
//! an expansion that finds its state's there takes it as its base, its rows renumbered to the box
//! order of the expansion, instead of solving again. Any optimal solution of the same matrix is as
//! good a base as another, so the bounds are the same either way. A slot keeps the column
//! potentials and the box matched to each column; the row potentials follow from those, as every
//! matched pair is tight, and are worked out again from the expanded state's matrix (half the bytes
//! of a slot that kept them too; the dive with pushable-box cells capped at 1,000,000 states a
//! level on `xsokoban` stores the same states in 0.964 times the time, 223.5 -> 215.4 s, old and
//! new at once). The pull search keeps its own table of the same kind (see `pulls`). The table
//! holds at most 131,072 slots (32 MB for 20 boxes, or a sixteenth of the memory budget if that is
//! less), counted at that size against the budget from the start; it begins with a few hundred and
//! doubles as the state ids outgrow it, so that a search of a few hundred states does not clear
//! megabytes first (on the small levels of `boxoban_hard` that clearing was a third of all the
//! instructions). A doubling moves every matching kept to its state's slot in the larger table.
//!
//! Until the forty-first session a doubling emptied the table, and 32,768 slots were the most.
//! A dive expands old states often, since its cells take turns, so most of those came back to an
//! empty slot: in the pull-led dive on `xsokoban` 55, the first 200,000 states, the pull search
//! solved the matching again at over 12,000 of its 44,000 expansions, 13,420 with 131,072 slots
//! and the emptying doublings, 1,133 with the matchings moved. That dive there took 1.96 billion
//! instructions before, 1.93 billion with the matchings moved and 32,768 slots, 1.89 billion with
//! 65,536, 1.86 with 131,072 and 1.87 with 262,144; the dive with pushable-box cells on 31
//! (300,000 states) 8.16 billion before, 8.07, 7.69 and 7.62 with 32,768, 131,072 and 262,144
//! slots. Capped at 1,000,000 states a level on `xsokoban`, old and new at once, the same states
//! on every level: the pull-led dive 197.0 -> 183.3 s (the median level past half a second 0.945
//! times its time), the dive with pushable-box cells 319.6 -> 318.3 s (the median level 1.02
//! times: fewer instructions, not less time, there).

use super::Search;
use super::table::NONE;
use crate::bound::{IMPOSSIBLE, Matcher, pair_cost};

/// The most children's matchings kept: a power of two, as the id's low bits pick the slot.
const MOST_KEPT_MATCHINGS: usize = 1 << 17;
/// The share of the memory budget the kept matchings may take, at most.
const KEPT_SHARE_OF_BUDGET: u64 = 16;
/// The slots a search starts with: a power of two.
const FIRST_KEPT_MATCHINGS: usize = 1 << 8;

/// The matchings of recently made children, each in a slot picked by its state's id (a later
/// child with the same low bits takes the slot over).
///
/// A slot keeps the column potentials and, for each column, the square of the box matched to
/// it; the row potentials follow from those, since a matched pair is tight (its row's potential
/// is its cost less its column's), so they are worked out again from the state's cost matrix
/// rather than kept. Half the bytes a slot would take with them, and half the writes for each
/// child made.
#[derive(Debug, Default)]
pub(super) struct KeptMatchings {
    /// Boxes in a matching, the same for every state of a search.
    k: usize,
    /// The most slots the table may grow to: a power of two, or 0.
    most: usize,
    /// The state whose matching each slot holds, or `NONE`; a power of two of them, or none.
    ids: Vec<u32>,
    /// Per slot, `k + 1` each as [`Matcher::solution`] gives them (index 0 is the virtual
    /// start): the column potentials, and the square of the box matched to each column.
    v: Vec<i64>,
    matched_boxes: Vec<u32>,
    /// For the expansion: the row of each box square in its box order, the row potentials
    /// worked out, and each column's row.
    row_of: Vec<u32>,
    renumbered_u: Vec<i64>,
    renumbered_matched: Vec<usize>,
}

/// The places of slot `slot`'s `k + 1` columns in [`KeptMatchings`]'s per-column arrays.
fn columns(k: usize, slot: usize) -> std::ops::Range<usize> {
    slot * (k + 1)..(slot + 1) * (k + 1)
}

impl KeptMatchings {
    /// Room for the matchings of `k` boxes: as many slots as fit a sixteenth of the memory
    /// `budget`, up to [`MOST_KEPT_MATCHINGS`] (a few MB for the boxes of real levels).
    pub fn new(k: usize, budget: u64) -> Self {
        let slot_bytes = (size_of::<u32>() * (1 + (k + 1)) + size_of::<i64>() * (k + 1)) as u64;
        let fit = budget / KEPT_SHARE_OF_BUDGET / slot_bytes;
        let most = if fit == 0 { 0 } else { (1 << fit.ilog2()).min(MOST_KEPT_MATCHINGS as u64) as usize };
        let mut kept = KeptMatchings { k, most, ..KeptMatchings::default() };
        kept.resize(most.min(FIRST_KEPT_MATCHINGS));
        kept
    }

    /// Makes the table `slots` slots, all empty.
    fn resize(&mut self, slots: usize) {
        let k = self.k;
        self.ids = vec![NONE; slots];
        self.v = vec![0; slots * (k + 1)];
        self.matched_boxes = vec![0; slots * (k + 1)];
    }

    /// Makes the table `slots` slots, more than now, each matching kept moved to its state's
    /// slot in the larger table. The ids have outgrown the table: every state made so far has
    /// its own slot, and each is likely to be expanded later.
    fn grow(&mut self, slots: usize) {
        let (k, old_ids) = (self.k, std::mem::take(&mut self.ids));
        let (old_v, old_matched) = (std::mem::take(&mut self.v), std::mem::take(&mut self.matched_boxes));
        self.resize(slots);
        for (old, &id) in old_ids.iter().enumerate().filter(|&(_, &id)| id != NONE) {
            let slot = id as usize & (slots - 1);
            self.ids[slot] = id;
            self.v[columns(k, slot)].copy_from_slice(&old_v[columns(k, old)]);
            self.matched_boxes[columns(k, slot)].copy_from_slice(&old_matched[columns(k, old)]);
        }
    }

    /// Bytes counted against the memory budget: those of the table grown to its most slots,
    /// which it may reach in the middle of an expansion, and of the expansion's scratch.
    pub fn bytes(&self) -> usize {
        let k = self.k;
        (self.most * (1 + (k + 1)) + self.row_of.capacity()) * size_of::<u32>()
            + (self.most * (k + 1) + self.renumbered_u.capacity()) * size_of::<i64>()
            + self.renumbered_matched.capacity() * size_of::<usize>()
    }

    /// The slot of state `id`, or `None` when there are no slots.
    fn slot(&self, id: u32) -> Option<usize> {
        (!self.ids.is_empty()).then(|| id as usize & (self.ids.len() - 1))
    }

    /// Keeps the matcher's last solution as that of state `id`, a child whose boxes are the
    /// parent's `boxes` in the order of the matching's rows, but for the moved one: `moved` is
    /// its index in `boxes` and its square in the child.
    pub fn keep(&mut self, id: u32, boxes: &[usize], moved: (usize, usize), matcher: &Matcher) {
        let k = self.k;
        if id as usize >= self.ids.len() && self.ids.len() < self.most {
            self.grow((id as usize + 1).next_power_of_two().min(self.most));
        }
        let Some(slot) = self.slot(id).filter(|_| boxes.len() == k) else { return };
        let (_, column_potentials, column_rows) = matcher.solution();
        let columns = columns(k, slot);
        self.ids[slot] = id;
        self.v[columns.clone()].copy_from_slice(column_potentials);
        for (kept, &row) in self.matched_boxes[columns].iter_mut().zip(column_rows).skip(1) {
            // Every column of a solution with a bound has a row (from 1); were one without,
            // the slot would keep nothing rather than a wrong base.
            let Some(&b) = row.checked_sub(1).and_then(|row| boxes.get(row)) else {
                self.ids[slot] = NONE;
                return;
            };
            *kept = if row - 1 == moved.0 { moved.1 } else { b } as u32;
        }
    }

    /// Makes the kept matching of state `id`, if there is one, the matcher's base, its rows
    /// renumbered for `boxes` (the same squares in the expansion's order) and their potentials
    /// worked out from `cost`, the state's matrix in that order; false if none.
    pub fn restore(
        &mut self,
        id: u32,
        boxes: &[usize],
        board_len: usize,
        cost: &[u32],
        matcher: &mut Matcher,
    ) -> bool {
        let k = self.k;
        let Some(slot) = self.slot(id).filter(|&slot| boxes.len() == k && self.ids[slot] == id) else {
            return false;
        };
        self.row_of.resize(board_len, 0);
        for (row, &b) in boxes.iter().enumerate() {
            self.row_of[b] = row as u32;
        }
        let columns = columns(k, slot);
        let v = &self.v[columns.clone()];
        self.renumbered_u.clear();
        self.renumbered_u.resize(k + 1, 0);
        self.renumbered_matched.clear();
        self.renumbered_matched.push(0);
        for (j, &b) in self.matched_boxes[columns].iter().enumerate().skip(1) {
            let row = self.row_of[b as usize] as usize;
            // The pair is tight: its row's potential is its cost less its column's.
            self.renumbered_u[row + 1] = i64::from(cost[row * k + j - 1]) - v[j];
            self.renumbered_matched.push(row + 1);
        }
        matcher.set_base(self.renumbered_u.iter().copied(), v, self.renumbered_matched.iter().copied());
        true
    }
}

impl Search<'_> {
    /// The cost matrix of the loaded boxes with the player on `player`: row per box, column
    /// per goal.
    fn fill_cost(&mut self, player: usize) {
        self.cost.clear();
        for &b in &self.boxes {
            let row = self.board.push_distances_to_goals(b, player);
            self.cost.extend(row.map(pair_cost));
        }
    }

    /// The matching bound for the loaded boxes with the player on `player`, or `None` if dead.
    pub(super) fn bound(&mut self, player: usize) -> Option<u16> {
        self.fill_cost(player);
        self.bound_of_cost()
    }

    /// The bound of the cost matrix filled last.
    fn bound_of_cost(&mut self) -> Option<u16> {
        let k = self.boxes.len();
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

    /// The matching bound of the state `id` being expanded, made the base of its children's
    /// bounds: its cost matrix is built, and its matching taken from the kept ones or solved.
    pub(super) fn parent_bound(&mut self, id: u32, player: usize) {
        self.fill_cost(player);
        if !self.kept_matchings.restore(id, &self.boxes, self.board.len, &self.cost, &mut self.matcher) {
            let _ = self.bound_of_cost();
        }
    }

    /// Keeps the matching the last [`Search::child_bound`] found as that of state `id`, whose
    /// moved box is now at `boxes[index] = to`.
    pub(super) fn keep_matching(&mut self, id: u32, index: usize, to: usize) {
        if !self.limits.techniques.matching {
            return;
        }
        self.kept_matchings.keep(id, &self.boxes, (index, to), &self.matcher);
    }

    /// The bound of a child whose only moved box is `boxes[index]` (already moved), the player
    /// on `player`: the parent's matrix (`parent_cost`) with that box's row replaced.
    pub(super) fn child_bound(&mut self, index: usize, player: usize) -> Option<u16> {
        let k = self.boxes.len();
        if !self.limits.techniques.matching || self.parent_cost.len() != k * k {
            return self.bound(player);
        }
        let row = self.board.push_distances_to_goals(self.boxes[index], player).map(pair_cost);
        let total = self.matcher.min_cost_with_new_row(k, &mut self.parent_cost, index, row, &mut self.cost);
        #[cfg(debug_assertions)]
        {
            // The claim that only one row changes, checked against a fresh matrix and matching.
            let fresh: Vec<u32> = self
                .boxes
                .iter()
                .flat_map(|&b| (0..k).map(move |gi| (b, gi)))
                .map(|(b, gi)| pair_cost(self.board.push_distance(gi, b, player)))
                .collect();
            debug_assert_eq!(total, crate::bound::Matcher::default().min_cost(k, &fresh), "child bound");
        }
        Some(u16::try_from(total?).unwrap_or(u16::MAX - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cost: impossible one time in six, else below 30.
    fn entry(next: &mut impl FnMut() -> u64) -> u32 {
        if next().is_multiple_of(6) { IMPOSSIBLE } else { (next() % 30) as u32 }
    }

    #[test]
    fn a_kept_matching_restored_in_another_box_order_is_a_good_base() {
        const SQUARES: usize = 40;
        let mut random = testkit::Random::new(0xbb67_ae85_84ca_a73b);
        let mut next = || random.next_u64();
        let (mut solver, mut restored, mut full) =
            (Matcher::default(), Matcher::default(), Matcher::default());
        let mut updated = 0;
        for id in 0..200 {
            let k = (next() % 8) as usize + 1;
            let mut kept = KeptMatchings::new(k, u64::MAX);
            // Boxes on distinct squares; row r of the matrix is box r's.
            let mut boxes: Vec<usize> = Vec::new();
            while boxes.len() < k {
                let square = (next() % SQUARES as u64) as usize;
                if !boxes.contains(&square) {
                    boxes.push(square);
                }
            }
            let base: Vec<u32> = (0..k * k).map(|_| entry(&mut next)).collect();
            if solver.min_cost(k, &base).is_none() {
                continue;
            }
            // Kept as a child whose box 0 moved to where it stands.
            kept.keep(id, &boxes, (0, boxes[0]), &solver);
            assert!(!kept.restore(id + 1, &boxes, SQUARES, &base, &mut restored), "another state's slot");
            // The same boxes in another order, and the matrix's rows with them.
            let mut order: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                order.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let shuffled: Vec<usize> = order.iter().map(|&r| boxes[r]).collect();
            let renumbered: Vec<u32> =
                order.iter().flat_map(|&r| base[r * k..(r + 1) * k].to_vec()).collect();
            assert!(kept.restore(id, &shuffled, SQUARES, &renumbered, &mut restored));
            for _ in 0..4 {
                let mut cost = renumbered.clone();
                let row = (next() % k as u64) as usize;
                for j in 0..k {
                    cost[row * k + j] = entry(&mut next);
                }
                assert_eq!(restored.min_cost_with_row(k, &cost, row), full.min_cost(k, &cost), "{cost:?}");
                updated += 1;
            }
        }
        assert!(updated > 300);
    }

    #[test]
    fn the_matchings_kept_survive_the_tables_growth() {
        const SQUARES: usize = 40;
        let mut random = testkit::Random::new(0x3c6e_f372_fe94_f82b);
        let mut next = || random.next_u64();
        let k = 6;
        let boxes: Vec<usize> = (0..k).map(|b| 3 * b + 1).collect();
        let mut kept = KeptMatchings::new(k, u64::MAX);
        let (mut solver, mut restored, mut full) =
            (Matcher::default(), Matcher::default(), Matcher::default());
        // Each state's own matrix, so that a matching restored to the wrong state would show.
        let mut matrices = Vec::new();
        let states = 3 * FIRST_KEPT_MATCHINGS as u32;
        for id in 0..states {
            let base: Vec<u32> = loop {
                let base: Vec<u32> = (0..k * k).map(|_| entry(&mut next)).collect();
                if solver.min_cost(k, &base).is_some() {
                    break base;
                }
            };
            kept.keep(id, &boxes, (0, boxes[0]), &solver);
            matrices.push(base);
        }
        // The table grew twice on the way, and every state still finds its own matching.
        assert!(kept.ids.len() >= states as usize, "{} slots", kept.ids.len());
        for (id, base) in (0..states).zip(&matrices) {
            assert!(kept.restore(id, &boxes, SQUARES, base, &mut restored), "state {id}");
            let mut cost = base.clone();
            let row = id as usize % k;
            for j in 0..k {
                cost[row * k + j] = entry(&mut next);
            }
            assert_eq!(restored.min_cost_with_row(k, &cost, row), full.min_cost(k, &cost), "state {id}");
        }
    }
}

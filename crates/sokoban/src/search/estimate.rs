//! The lower bound of a state, and its cheap update for a child.
//!
//! The bound is a minimum-cost matching of boxes to goals over the push distances of the
//! static analysis (see [`crate::bound`]), with the player on its side of each box. A child
//! differs from its parent by one moved box, and every other box still sees the player on the
//! same side (the player walked to the push and through the freed square without passing it),
//! so only that box's row of the cost matrix changes and one O(k²) update of the parent's
//! matching gives the child's bound.
//!
//! That update needs the parent's own matching as its base, and solving it from scratch,
//! O(k³), was 41% of the whole search on a 20-box level. But that matching was already found
//! once, when the parent was made as a child of its own parent, and the state expanded next
//! is most often a child made a moment ago (the fast mode takes the newest of equally good
//! states first). So the matchings of the latest children are kept, tens of thousands in a table
//! indexed by state id, and an expansion that finds its state's there takes it as its base,
//! its rows renumbered to the box order of the expansion, instead of solving again. Any
//! optimal solution of the same matrix is as good a base as another, so the bounds are the
//! same either way. The table holds at most 32,768 slots (16 MB for 20 boxes, or a sixteenth of
//! the memory budget if that is less), counted at that size against the budget from the start;
//! it begins with a few hundred and doubles as the state ids outgrow it, so that a search of a
//! few hundred states does not clear megabytes first (on the small levels of `boxoban_hard`
//! that clearing was a third of all the instructions).

use super::Search;
use super::table::NONE;
use crate::bound::{IMPOSSIBLE, Matcher, pair_cost};

/// The most children's matchings kept: a power of two, as the id's low bits pick the slot.
const MOST_KEPT_MATCHINGS: usize = 1 << 15;
/// The share of the memory budget the kept matchings may take, at most.
const KEPT_SHARE_OF_BUDGET: u64 = 16;
/// The slots a search starts with: a power of two.
const FIRST_KEPT_MATCHINGS: usize = 1 << 8;

/// The matchings of recently made children, each in a slot picked by its state's id (a later
/// child with the same low bits takes the slot over).
#[derive(Debug, Default)]
pub(super) struct KeptMatchings {
    /// Boxes in a matching, the same for every state of a search.
    k: usize,
    /// The most slots the table may grow to: a power of two, or 0.
    most: usize,
    /// The state whose matching each slot holds, or `NONE`; a power of two of them, or none.
    ids: Vec<u32>,
    /// Per slot: the box squares in the order of the matching's rows (`k` each), the row and
    /// column potentials and each column's row (`k + 1` each, as [`Matcher::solution`] gives).
    boxes: Vec<u32>,
    u: Vec<i64>,
    v: Vec<i64>,
    matched: Vec<u32>,
    /// For the expansion: the row of each box square in its box order, and the renumbered
    /// row potentials.
    row_of: Vec<u32>,
    renumbered_u: Vec<i64>,
}

impl KeptMatchings {
    /// Room for the matchings of `k` boxes: as many slots as fit a sixteenth of the memory
    /// `budget`, up to [`MOST_KEPT_MATCHINGS`] (a few MB for the boxes of real levels).
    pub fn new(k: usize, budget: u64) -> Self {
        let slot_bytes = (size_of::<u32>() * (1 + k + (k + 1)) + 2 * size_of::<i64>() * (k + 1)) as u64;
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
        self.boxes = vec![0; slots * k];
        self.u = vec![0; slots * (k + 1)];
        self.v = vec![0; slots * (k + 1)];
        self.matched = vec![0; slots * (k + 1)];
    }

    /// Bytes counted against the memory budget: those of the table grown to its most slots,
    /// which it may reach in the middle of an expansion, and of the expansion's scratch.
    pub fn bytes(&self) -> usize {
        let k = self.k;
        (self.most * (1 + k + (k + 1)) + self.row_of.capacity()) * size_of::<u32>()
            + (self.most * 2 * (k + 1) + self.renumbered_u.capacity()) * size_of::<i64>()
    }

    /// The slot of state `id`, or `None` when there are no slots.
    fn slot(&self, id: u32) -> Option<usize> {
        (!self.ids.is_empty()).then(|| id as usize & (self.ids.len() - 1))
    }

    /// Keeps the matcher's last solution as that of state `id`, whose boxes are `boxes` in the
    /// order of the matching's rows.
    fn keep(&mut self, id: u32, boxes: &[usize], matcher: &Matcher) {
        let k = self.k;
        if id as usize >= self.ids.len() && self.ids.len() < self.most {
            // The ids have outgrown the table: a larger one, empty. Losing the few matchings
            // kept costs at most their solving again.
            self.resize((id as usize + 1).next_power_of_two().min(self.most));
        }
        let Some(slot) = self.slot(id).filter(|_| boxes.len() == k) else { return };
        let (row_potentials, column_potentials, column_rows) = matcher.solution();
        let (rows, columns) = (slot * k..(slot + 1) * k, slot * (k + 1)..(slot + 1) * (k + 1));
        self.ids[slot] = id;
        for (kept, &b) in self.boxes[rows].iter_mut().zip(boxes) {
            *kept = b as u32;
        }
        self.u[columns.clone()].copy_from_slice(row_potentials);
        self.v[columns.clone()].copy_from_slice(column_potentials);
        for (kept, &row) in self.matched[columns].iter_mut().zip(column_rows) {
            *kept = row as u32;
        }
    }

    /// Makes the kept matching of state `id`, if there is one, the matcher's base, its rows
    /// renumbered for `boxes` (the same squares in the expansion's order); false if none.
    fn restore(&mut self, id: u32, boxes: &[usize], board_len: usize, matcher: &mut Matcher) -> bool {
        let k = self.k;
        let Some(slot) = self.slot(id).filter(|&slot| boxes.len() == k && self.ids[slot] == id) else {
            return false;
        };
        self.row_of.resize(board_len, 0);
        for (row, &b) in boxes.iter().enumerate() {
            self.row_of[b] = row as u32;
        }
        // Kept row r (from 1) is the box on kept square r; its row now is that square's.
        let kept_boxes = &self.boxes[slot * k..(slot + 1) * k];
        let renumber = |kept_row: usize| self.row_of[kept_boxes[kept_row - 1] as usize] as usize + 1;
        let columns = slot * (k + 1)..(slot + 1) * (k + 1);
        self.renumbered_u.clear();
        self.renumbered_u.resize(k + 1, 0);
        for (kept_row, &potential) in self.u[columns.clone()].iter().enumerate().skip(1) {
            self.renumbered_u[renumber(kept_row)] = potential;
        }
        let column_rows = self.matched[columns.clone()]
            .iter()
            .enumerate()
            .map(|(column, &row)| if column == 0 || row == 0 { 0 } else { renumber(row as usize) });
        matcher.set_base(self.renumbered_u.iter().copied(), &self.v[columns], column_rows);
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
        let k = self.boxes.len();
        self.fill_cost(player);
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
        if self.kept_matchings.restore(id, &self.boxes, self.board.len, &mut self.matcher) {
            self.fill_cost(player);
        } else {
            let _ = self.bound(player);
        }
    }

    /// Keeps the matching the last [`Search::child_bound`] found as that of state `id`, whose
    /// moved box is now at `boxes[index] = to`.
    pub(super) fn keep_matching(&mut self, id: u32, index: usize, to: usize) {
        if !self.limits.techniques.matching {
            return;
        }
        let from = std::mem::replace(&mut self.boxes[index], to);
        self.kept_matchings.keep(id, &self.boxes, &self.matcher);
        self.boxes[index] = from;
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

//! The open list: one priority queue, or one per *feature cell* taken in turn.
//!
//! A best-first search with one queue follows its bound wherever it leads. On a large level
//! the bound is flat over wide plateaus, and the search spends its time among states that all
//! look alike, for instance pushing boxes about a room while the player stays locked out of
//! another one. The feature-space search of Shoham and Schaeffer (FESS, 2020) keeps the search
//! from settling on one kind of progress: it projects each state onto a few features and
//! visits the projections (cells) in turn, so that a state with more boxes home and one with a
//! freer player each get their share of expansions, whichever the bound prefers.
//!
//! This module takes that idea: a state's cell is a small number the expansion computes (see
//! `Search::cell_of`), each cell has its own queue, and [`Open::pop`] takes the best state of
//! the next non-empty cell in a fixed cycle. With one cell it is the plain best-first search.
//!
//! **Move weights.** Which state of a cell is best is FESS's second idea, in a simpler form.
//! FESS moves one box at a time as far as it goes (a macro move), lets *advisors* name the
//! moves that make progress, and counts against a state the moves on its path that no advisor
//! named; each cell offers its state of least weight. Here a move is one push, so a state's
//! weight (kept in `Node::moves`, see `expand`) counts the pushes on its path that start
//! moving a box other than the one pushed just before, unless the push puts a box on a goal or
//! leaves fewer regions shut out of the player (or fewer boxes in passages, where the cells
//! count them). Pushing the same box on is free, so a run of
//! pushes of one box weighs as one move; a push that betters a feature is free, as an advised
//! move is. A cell's queue takes its states by weight first and by the search's own order
//! among equal weights, so every cell first offers what a few changes of box reach from the
//! best states before, rather than what the bound likes best. `--without move-weights`
//! orders the cells' queues as the single one.
//!
//! On `xsokoban` at 10 s a level (one thread a level, `--without improve`, old and new back to
//! back on a quiet machine) the weights took the fast mode from 34 to 43 levels: 11 gained
//! (8, 10, 12, 19, 27, 34, 47, 49, 59, 63, 72), 2 lost (46, 86, both solved late before). At
//! 60 s a level, 49 to 57: 12 gained, 4 lost. The weighted and the unweighted order solve
//! different levels, so the schedules run the searches with cells both ways, each with a slice
//! (see `ONE_THREAD` and `ONE_THREAD_LONG` in the crate root): 45 at 10 s, 60 at 60 s, and no
//! level of any set lost.
//!
//! The cells alone lose levels that the plain order solves: measured on whole sets, a search
//! that only cycles the cells gave up on levels where the plain dive needed half a million
//! states (`microban` 93, `xsokoban` 26). So the search uses [`Open::alternating`]: every entry is
//! also in one queue over all cells, and that queue takes every second turn. Half the
//! expansions follow the bound as before, half go round the cells, and the two share one
//! transposition table, so neither repeats the other's work. An entry is in two queues; the
//! second copy is dropped when it comes up, as its state is closed by then. The queue over
//! all cells orders by the bound alone, weights or not.
//!
//! Each queue is a heap with four children a node (`dary_heap`) rather than two: a queue holds
//! millions of entries, and taking the best walks a path from the root to a leaf whose every
//! level below the first few is a cache miss; four children halve the levels, and the four
//! lie side by side. The order taken is the same (an entry's priority and state order decide
//! it whatever the heap), so the search stores the same states. The pull-led dive on `xsokoban`
//! 24 and 41 to 4,000,000 states ran 4% faster (0.5% to 7% in four pairs, old and new in
//! turn); at 300,000 states its simulated first-level cache misses (`cachegrind`) fall by 6%.
//!
//! Its bytes are counted like the table's ([`Open::bytes_after`]): every queue grows by
//! doubling, done here explicitly, so the next growth is known exactly. The count is asked
//! before every expansion, and a search with many features has thousands of cells: summing
//! them each time took a seventh of a dive's time. So the sum of the queues' capacities is
//! kept as they grow (a heap's capacity never shrinks), and the largest growth one queue
//! could need is kept too, looked at again only for the queues pushed to since the last count
//! (a pop can only lower a queue's growth, so the kept figure stays an upper bound) and counted
//! afresh over all queues once every as many counts as there are queues.

use super::table::grown;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;

/// An entry: (priority, tie-break order of the state id), smallest first.
type Entry = Reverse<(u64, u32)>;

/// One queue: a heap of four children a node (see the module notes).
type Queue = dary_heap::QuaternaryHeap<Entry>;

/// The open states, in one queue per cell.
#[derive(Default)]
pub(super) struct Open {
    queues: Vec<Queue>,
    /// The queue of each cell seen so far.
    index: FxHashMap<u32, usize>,
    /// The queue [`Open::pop`] tries first.
    next: usize,
    /// The capacities of `queues`, summed as they grow.
    held: usize,
    /// The largest growth one queue could need, kept for [`Open::bytes_after`].
    largest_growth: LargestGrowth,
    /// With [`Open::alternating`]: every entry also in one queue over all cells, which takes
    /// every second turn.
    plain: Option<Queue>,
    /// The plain queue's turn is next.
    plain_turn: bool,
}

impl Open {
    /// An open list whose cells take turns with one queue over all of them: every second
    /// state is the best of all, as in the plain search, and the others come from the cells
    /// in turn.
    pub fn alternating() -> Self {
        Open { plain: Some(Queue::new()), ..Open::default() }
    }

    /// Adds an entry to the queue of `cell` with `priority`, and to the queue over all cells,
    /// if there is one, with `plain_priority`.
    pub fn push(&mut self, cell: u32, priority: u64, plain_priority: u64, order: u32) {
        if let Some(plain) = &mut self.plain {
            reserve_doubling(plain);
            plain.push(Reverse((plain_priority, order)));
        }
        let queues = self.queues.len();
        let index = *self.index.entry(cell).or_insert(queues);
        if index == queues {
            self.queues.push(Queue::new());
        }
        let queue = &mut self.queues[index];
        let capacity = queue.capacity();
        reserve_doubling(queue);
        self.held += queue.capacity() - capacity;
        queue.push(Reverse((priority, order)));
        self.largest_growth.touched(index, self.queues.len());
    }

    /// The best entry of the next cell in the cycle that has one `live` accepts; entries it
    /// rejects (states closed since they were queued) are dropped on the way.
    pub fn pop(&mut self, mut live: impl FnMut(u32) -> bool) -> Option<u32> {
        self.plain_turn = !self.plain_turn;
        if self.plain_turn
            && let Some(plain) = &mut self.plain
        {
            while let Some(Reverse((_, order))) = plain.pop() {
                if live(order) {
                    return Some(order);
                }
            }
        }
        for turn in 0..self.queues.len() {
            let index = (self.next + turn) % self.queues.len();
            while let Some(Reverse((_, order))) = self.queues[index].pop() {
                if live(order) {
                    self.next = index + 1;
                    return Some(order);
                }
            }
        }
        None
    }

    /// Bytes the queues hold once `extra` more entries are pushed, wherever they go: all the
    /// queues as they are, plus the largest growth that one queue (or a new one) could need.
    /// An upper bound, exact when counted afresh (see the module notes).
    pub fn bytes_after(&mut self, extra: usize) -> usize {
        let held = self.held;
        let growth = self.largest_growth.of(&self.queues, extra).max(grown(0, extra));
        let map = (self.index.capacity() + extra) * (size_of::<(u32, usize)>() + 1);
        let plain = self.plain.as_ref().map_or(0, |plain| grown(plain.capacity(), plain.len() + extra));
        (held + growth + plain) * size_of::<Entry>() + self.queues.capacity() * size_of::<Queue>() + map
    }
}

/// The largest growth that one queue of the open list could need to take `extra` more entries,
/// kept between counts (see the module notes).
#[derive(Default)]
struct LargestGrowth {
    /// The figure, for `extra` entries.
    most: usize,
    extra: usize,
    /// The queues pushed to since the last count, or `None` when they were too many to list
    /// (the next count is made afresh).
    touched: Option<Vec<usize>>,
    /// Counts left before the next one made afresh.
    counts_left: usize,
}

impl LargestGrowth {
    /// Notes a push to queue `index` of `queues`.
    fn touched(&mut self, index: usize, queues: usize) {
        if let Some(touched) = &mut self.touched {
            if touched.len() < queues {
                touched.push(index);
            } else {
                self.touched = None;
            }
        }
    }

    /// The largest growth a queue of `queues` could need for `extra` more entries: afresh when
    /// due, else the kept figure raised by the queues pushed to since.
    fn of(&mut self, queues: &[Queue], extra: usize) -> usize {
        let growth = |queue: &Queue| grown(queue.capacity(), queue.len() + extra) - queue.capacity();
        match &mut self.touched {
            Some(touched) if extra == self.extra && self.counts_left > 0 => {
                self.most = touched.drain(..).map(|index| growth(&queues[index])).fold(self.most, usize::max);
                self.counts_left -= 1;
            }
            _ => {
                self.most = queues.iter().map(growth).max().unwrap_or(0);
                self.extra = extra;
                self.touched = Some(Vec::new());
                self.counts_left = queues.len();
            }
        }
        self.most
    }
}

/// Makes room for one more entry by doubling, as [`Open::bytes_after`] counts it.
fn reserve_doubling(queue: &mut Queue) {
    if queue.len() == queue.capacity() {
        let more = grown(queue.capacity(), queue.len() + 1) - queue.len();
        queue.reserve_exact(more);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_take_turns_and_each_gives_its_best() {
        let mut open = Open::default();
        for (cell, priority, order) in [(7, 5, 1), (7, 1, 2), (3, 9, 3), (3, 4, 4), (7, 3, 5)] {
            open.push(cell, priority, priority, order);
        }
        let mut popped = Vec::new();
        while let Some(order) = open.pop(|_| true) {
            popped.push(order);
        }
        // Cell 7 first (seen first), then 3, then 7 again: each time the cell's best.
        assert_eq!(popped, [2, 4, 5, 3, 1]);
    }

    #[test]
    fn one_cell_is_a_plain_priority_queue() {
        let mut open = Open::default();
        for (priority, order) in [(5, 1), (1, 2), (9, 3), (1, 0)] {
            open.push(0, priority, priority, order);
        }
        let popped: Vec<u32> = std::iter::from_fn(|| open.pop(|_| true)).collect();
        assert_eq!(popped, [0, 2, 1, 3]);
    }

    /// Pops until the open list is empty, each state closed as it comes up, as the search does.
    fn pop_each_once(open: &mut Open) -> Vec<u32> {
        let mut popped = Vec::new();
        while let Some(order) = open.pop(|order| !popped.contains(&order)) {
            popped.push(order);
        }
        popped
    }

    #[test]
    fn alternating_the_best_of_all_takes_every_second_turn() {
        let mut open = Open::alternating();
        for (cell, priority, order) in [(1, 1, 10), (1, 2, 11), (2, 5, 20), (2, 6, 21)] {
            open.push(cell, priority, priority, order);
        }
        let popped = pop_each_once(&mut open);
        // Best of all (10), cell 1's best left (11), best of all left (20), cell 2's (21):
        // each state once, though it was queued twice.
        assert_eq!(popped, [10, 11, 20, 21]);
    }

    #[test]
    fn the_cells_and_the_queue_over_all_order_by_their_own_priorities() {
        let mut open = Open::alternating();
        // (cell, priority in the cell, priority over all, order)
        for (cell, priority, plain_priority, order) in [(1, 5, 1, 10), (1, 1, 9, 11), (1, 3, 2, 12)] {
            open.push(cell, priority, plain_priority, order);
        }
        let popped = pop_each_once(&mut open);
        // Over all: 10 (1). The cell: 11 (1), where the order over all would take 12 (2) first.
        // Over all again: 12.
        assert_eq!(popped, [10, 11, 12]);
    }

    /// [`Open::bytes_after`] counted over every queue, as it was before the counts were kept.
    fn bytes_counted_afresh(open: &Open, extra: usize) -> usize {
        let held: usize = open.queues.iter().map(Queue::capacity).sum();
        let growth = open
            .queues
            .iter()
            .map(|queue| grown(queue.capacity(), queue.len() + extra) - queue.capacity())
            .chain([grown(0, extra)])
            .max()
            .unwrap_or(0);
        let map = (open.index.capacity() + extra) * (size_of::<(u32, usize)>() + 1);
        let plain = open.plain.as_ref().map_or(0, |plain| grown(plain.capacity(), plain.len() + extra));
        (held + growth + plain) * size_of::<Entry>() + open.queues.capacity() * size_of::<Queue>() + map
    }

    #[test]
    fn the_kept_byte_count_never_falls_below_a_fresh_one_and_meets_it_when_refreshed() {
        // Pushes and pops as a search makes them: a few children to cells here and there, one
        // state expanded; the count asked before each expansion.
        let mut open = Open::alternating();
        let (mut seed, mut order, mut exact) = (0x2545_f491_u64, 0_u32, 0);
        let mut random = move |below: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % below
        };
        for step in 0..20_000 {
            let extra = 12;
            let kept = open.bytes_after(extra);
            let afresh = bytes_counted_afresh(&open, extra);
            assert!(kept >= afresh, "step {step}: kept {kept} below {afresh}");
            exact += usize::from(kept == afresh);
            for _ in 0..random(extra as u64) {
                // Cells skewed toward a few, as a search's are, among many.
                let cell = (random(40) * random(40)) as u32;
                open.push(cell, random(1000), random(1000), order);
                order += 1;
            }
            for _ in 0..random(6) {
                let _ = open.pop(|_| true);
            }
        }
        // Between counts made afresh the kept one may run above, but not for long.
        assert!(exact > 10_000, "exact on only {exact} of 20,000 counts");
    }

    #[test]
    fn stale_entries_are_skipped_within_their_cell() {
        let mut open = Open::default();
        open.push(1, 1, 1, 10);
        open.push(1, 2, 2, 11);
        open.push(2, 1, 1, 20);
        // 10 is stale: cell 1 still gives its next live entry before cell 2 has its turn.
        assert_eq!(open.pop(|order| order != 10), Some(11));
        assert_eq!(open.pop(|_| true), Some(20));
        assert_eq!(open.pop(|_| true), None);
    }
}

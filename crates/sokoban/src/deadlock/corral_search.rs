//! Corral deadlocks: a small search over the boxes that fence a corral.
//!
//! A corral is a part of the floor the player cannot reach, fenced by boxes and walls. Many
//! dead positions are dead because of one corral: two boxes in a dead-end room, a row of boxes
//! along a wall that can only be pushed into each other. Neither dead squares nor freezes see
//! these, and the main search then tries every arrangement of the *other* boxes around the
//! dead corral before it gives up on it.
//!
//! The test is a relaxation. Keep only the corral's fence boxes (every box touching a corral
//! square, those inside it included) and remove all the others. A solution of the whole
//! position, with the pushes of removed boxes left out, is still a push sequence of the
//! smaller one: removing boxes only frees squares, so every walk and every push stays legal,
//! and at the end the kept boxes stand on goals. So if no push sequence of the kept boxes
//! alone puts them all on goals, the whole position is dead: the rule never cuts a solvable
//! position, and it holds in every mode, the optimal one included.
//!
//! ```text
//!   ######      The two boxes fence the corral on their right. Kept alone, they can
//!   #. $ #      only be pushed right, onto the corral's dead squares, and the player
//!   #.@$ #      can never get behind them to push them left: the small search runs
//!   ######      dry, and the position is dead whatever other boxes stand elsewhere.
//! ```
//!
//! The small search is a depth-first search over (kept boxes, normalised player square) with
//! the static dead squares and freeze deadlocks as pruning (both sound for any box set). It
//! stops as soon as the kept boxes stand on goals or the player walks into every square of
//! the old corral (the corral is broken open: not proved dead), and gives up, proving nothing,
//! after a cap of states ([`CAPS`]) or for a fence of more than [`MAX_FENCE_BOXES`] boxes. A
//! fence left undecided at the first cap is searched again with a larger one when it comes
//! back: fences that come back often are the ones whose verdict prunes most.
//!
//! What it costs: a flood per corral of each expanded state, and a small search when a fence is
//! new. The flood, which names the player's region in the relaxed position, starts from the
//! whole region of the tested position (removing boxes only adds squares to it) and runs over
//! bit words ([`Board::flood_words`]); it was a third of the search's time as a queue walk from
//! the player. Verdicts are remembered by (fence, normalised player square): the same fence
//! comes back under many arrangements of the other boxes, and the relaxed problem does not
//! depend on them. Most tests need no flood at all: a verdict is also remembered by the fence
//! and the tested position's player square, which name the same relaxed region (it is the floor
//! outside the fence that holds that square), a quarter of a million of them at most.
//! Some levels throw up new fences at nearly every state, so the small searches draw on a
//! credit earned per tested position ([`SUB_STATES_PER_TEST`]); without credit a new fence is
//! simply not tested, which proves nothing and so stays sound.
//!
//! The small search floods the player's region of every state it pops, and about half of the
//! states it pops it has searched already: the same boxes reached by pushes in another order,
//! the player left elsewhere in the same region. On `xsokoban` 31 the small searches popped
//! 4.3 million states in a 10 s run of 2.3 million main states, 2.2 million of them searched
//! already, and their floods were a tenth of the run's time (`perf`). So each box set keeps
//! the union of the regions it was searched in: the regions of one box set are disjoint, so a
//! popped state whose player square lies in that union is one searched already, known without
//! the flood. The same verdicts and states; the dive with pushable-box cells alone, 1,000,000
//! states a level, the same states on every level, in 0.956 (`xsokoban`) and 0.961
//! (`sasquatch`) times the time (geometric means, old and new build at once, 2026-11-29).

use super::{Scratch, freeze_deadlock};
use crate::board::Board;
use grid::Direction;
use rustc_hash::FxHashMap;

/// The largest fence whose corral is searched: beyond it the small search rarely finishes.
const MAX_FENCE_BOXES: usize = 10;
/// The states the small search may visit before it gives up, proving nothing: the first cap of
/// [`CAPS`].
const MAX_SUB_STATES: usize = CAPS[0];
/// Small-search states earned by each position tested: the test may spend on average this
/// many per expanded state of the main search, so that it never costs more than a small
/// factor of the search it serves, however many new fences a level throws up. At 8, Microban
/// 93 went from 1.8 s to a give-up at 10 s (a small-search state costs several main ones); at
/// 2 it solves in 3.5 s, and the classic 90-level set keeps the levels the test gained.
const SUB_STATES_PER_TEST: usize = 2;
/// The most credit saved up, so that a long run of cache hits does not pay for a storm later.
const MAX_CREDIT: usize = 50 * MAX_SUB_STATES;

/// The boxes of a relaxed position: their squares sorted, padded with [`NO_BOX`]. A fixed
/// array rather than a vector, so that the small search, which makes one per push it tries,
/// allocates nothing.
type Boxes = [u16; MAX_FENCE_BOXES];
/// The padding of [`Boxes`], after every square.
const NO_BOX: u16 = u16::MAX;

/// The caps of the small search on a fence's first and second try: a fence undecided at the
/// first is searched again with the second when it comes back, then taken as alive for good.
/// On large levels a third to nearly half of the first tries reach the cap. Measured with the
/// dive with pushable-box cells alone at 15 s a level, one thread, against the single cap of
/// 300 (2026-11-26): `xsokoban` 44 -> 45 / 90 (61 gained, none lost) in 0.87 times the time,
/// `sasquatch` 25 -> 25 / 50 in 0.89 times (geometric means over the levels both solve past
/// half a second; the fixed arrays, 4% faster alone, were in the new build only). The fast mode
/// at 10 s a level, one thread: `xsokoban` 44 -> 46 / 90 (8 and 10 gained), `sasquatch` 23 / 50
/// the same levels. A first cap of 100 instead (nine in ten fences proved dead take fewer)
/// gained `xsokoban` levels but lost `sasquatch` 46, which needs fences proved dead in 100 to
/// 300 states early on.
const CAPS: [usize; 2] = [300, 900];

/// What the small searches said of a relaxed position.
#[derive(Clone, Copy, Debug)]
enum Verdict {
    Alive,
    Dead,
    /// Undecided at `CAPS[i]` states: searched again with the next cap when it comes back.
    Open(u8),
}

/// A relaxed position: its boxes and the player's normalised square.
type SubState = (Boxes, u16);

/// A fence and a square of the tested position's player region: that names the relaxed
/// position as well as a [`SubState`], because the relaxed region is the part of the floor
/// outside the fence that holds that square.
type Sighting = (Boxes, u16);

/// The squares of `boxes`, without the padding.
fn live(boxes: &Boxes) -> &[u16] {
    let count = boxes.iter().position(|&b| b == NO_BOX).unwrap_or(MAX_FENCE_BOXES);
    &boxes[..count]
}

/// The most sightings remembered; the memory is cleared when they are reached.
const MOST_SIGHTINGS: usize = 1 << 18;

/// The corral-deadlock test with its remembered verdicts and its buffers.
#[derive(Clone, Debug, Default)]
pub struct CorralDeadlocks {
    /// Fence and player square of a relaxed position, and what its small searches found.
    verdicts: FxHashMap<SubState, Verdict>,
    /// The same verdicts by the fence and the tested position's player square, which is
    /// known before the relaxed region's flood: most tests end here, without it.
    sightings: FxHashMap<Sighting, bool>,
    /// Corral squares of the corrals found in one call, by visit stamp.
    in_corral: Vec<u32>,
    corral_stamp: u32,
    /// The fence boxes of the current corral, by visit stamp.
    fence_mark: Vec<u32>,
    /// The player's region in a relaxed position, as bit words over cells, and the squares
    /// free of its boxes (see [`Board::flood_words`]).
    region: Vec<u64>,
    free: Vec<u64>,
    /// The player's region in the position tested, as bit words, once a corral needs it.
    tested_region: Vec<u64>,
    /// The boxes of the relaxed position being expanded.
    occupied: Vec<bool>,
    corral_cells: Vec<usize>,
    fence: Vec<usize>,
    stack: Vec<usize>,
    /// The small search's box sets, each with the union of the player regions it was searched
    /// in (an offset into `seen_regions`, a region's words long).
    seen: FxHashMap<Boxes, usize>,
    seen_regions: Vec<u64>,
    /// The states (box set and player region) the small search has searched.
    visited: usize,
    todo: Vec<SubState>,
    freeze: Scratch,
    /// Small-search states that may still be spent (see [`SUB_STATES_PER_TEST`]).
    credit: usize,
}

impl CorralDeadlocks {
    /// The test for a board of `len` cells.
    #[must_use]
    pub fn new(len: usize) -> Self {
        CorralDeadlocks {
            in_corral: vec![0; len],
            fence_mark: vec![0; len],
            region: vec![0; len.div_ceil(64)],
            free: vec![0; len.div_ceil(64)],
            tested_region: vec![0; len.div_ceil(64)],
            occupied: vec![false; len],
            freeze: Scratch::new(len),
            // Enough for the first few fences at once.
            credit: 4 * MAX_SUB_STATES,
            ..CorralDeadlocks::default()
        }
    }

    /// True when some unfinished corral of the position is proved dead by its small search.
    ///
    /// `occupied` marks the boxes, `player` is in the player's region and `reach(cell)` tells
    /// that region.
    pub fn dead(
        &mut self,
        board: &Board,
        occupied: &[bool],
        boxes: &[usize],
        player: usize,
        reach: impl Fn(usize) -> bool,
    ) -> bool {
        if self.corral_stamp > u32::MAX - (1 << 20) {
            self.in_corral.fill(0);
            self.fence_mark.fill(0);
            self.corral_stamp = 0;
        }
        // Corrals found in this call carry stamps from `first` on.
        let first = self.corral_stamp + 1;
        self.credit = (self.credit + SUB_STATES_PER_TEST).min(MAX_CREDIT);
        let mut tested_region_known = false;
        for &start_box in boxes {
            for d in Direction::READING_ORDER {
                let start = board.step(start_box, d);
                if !board.floor[start] || occupied[start] || reach(start) || self.in_corral[start] >= first {
                    continue;
                }
                let unfinished = self.flood_corral(board, occupied, start);
                if unfinished && self.fence.len() <= MAX_FENCE_BOXES {
                    let mut fence = [NO_BOX; MAX_FENCE_BOXES];
                    for (kept, &b) in fence.iter_mut().zip(&self.fence) {
                        *kept = b as u16;
                    }
                    fence.sort_unstable();
                    let sighting = (fence, player as u16);
                    if let Some(&dead) = self.sightings.get(&sighting) {
                        if dead {
                            return true;
                        }
                        continue;
                    }
                    if !tested_region_known {
                        self.tested_region.fill(0);
                        for &cell in board.interior.iter().filter(|&&cell| reach(cell)) {
                            grid::insert_bit(&mut self.tested_region, cell);
                        }
                        tested_region_known = true;
                    }
                    match self.fence_is_dead(board, fence) {
                        Some(true) => {
                            self.remember(sighting, true);
                            return true;
                        }
                        Some(false) => self.remember(sighting, false),
                        None => {}
                    }
                }
            }
        }
        false
    }

    /// Marks the corral holding `start` and gathers its squares and fence boxes; true when it
    /// is unfinished (an empty goal inside, or a fence box off its goal).
    fn flood_corral(&mut self, board: &Board, occupied: &[bool], start: usize) -> bool {
        self.corral_stamp += 1;
        let stamp = self.corral_stamp;
        self.corral_cells.clear();
        self.fence.clear();
        self.stack.clear();
        self.stack.push(start);
        self.in_corral[start] = stamp;
        let mut holds_empty_goal = false;
        while let Some(cell) = self.stack.pop() {
            self.corral_cells.push(cell);
            holds_empty_goal |= board.goal[cell];
            for n in board.neighbours(cell) {
                if !board.floor[n] {
                    continue;
                }
                if occupied[n] {
                    if self.fence_mark[n] != stamp {
                        self.fence_mark[n] = stamp;
                        self.fence.push(n);
                    }
                } else if self.in_corral[n] != stamp {
                    self.in_corral[n] = stamp;
                    self.stack.push(n);
                }
            }
        }
        holds_empty_goal || self.fence.iter().any(|&b| !board.goal[b])
    }

    /// Remembers the verdict of a sighting, forgetting them all when there are too many.
    fn remember(&mut self, sighting: Sighting, dead: bool) {
        if self.sightings.len() >= MOST_SIGHTINGS {
            self.sightings.clear();
        }
        self.sightings.insert(sighting, dead);
    }

    /// Whether the fence boxes alone, the player in the tested position's region, can never
    /// all reach goals: remembered, or settled by the small search; `None` when it is out of
    /// credit for the small search or the search reached its cap undecided.
    fn fence_is_dead(&mut self, board: &Board, fence: Boxes) -> Option<bool> {
        // Removing the other boxes only joins squares to the player's region, so the flood
        // starts from the whole region of the tested position and has only those to add.
        self.region.copy_from_slice(&self.tested_region);
        let normal = self.flood_region(board, live(&fence));
        let key = (fence, normal as u16);
        let tries = match self.verdicts.get(&key) {
            Some(Verdict::Dead) => return Some(true),
            Some(Verdict::Alive) => return Some(false),
            Some(&Verdict::Open(tried)) => usize::from(tried) + 1,
            None => 0,
        };
        let cap = CAPS[tries];
        if self.credit < cap {
            // Out of credit: prove nothing now, and try this fence again when it comes back.
            return None;
        }
        let found = self.small_search(board, key, cap);
        self.credit -= self.visited;
        let verdict = match found {
            Some(true) => Verdict::Dead,
            Some(false) => Verdict::Alive,
            None if tries + 1 == CAPS.len() => Verdict::Alive,
            None => Verdict::Open(tries as u8),
        };
        self.verdicts.insert(key, verdict);
        match verdict {
            Verdict::Dead => Some(true),
            Verdict::Alive => Some(false),
            Verdict::Open(_) => None,
        }
    }

    /// Depth-first search of the relaxed position `start`: true when it runs dry, so no push
    /// sequence puts its boxes on goals; false when it finds them on goals or breaks the corral
    /// open; `None` when it reaches `cap` states first.
    fn small_search(&mut self, board: &Board, start: SubState, cap: usize) -> Option<bool> {
        self.seen.clear();
        self.seen_regions.clear();
        self.visited = 0;
        self.todo.clear();
        self.todo.push(start);
        let words = self.region.len();
        while let Some((boxes, player)) = self.todo.pop() {
            if self.visited >= cap {
                return None;
            }
            // A repeat, known without its flood (see the module notes).
            let seen = self.seen.get(&boxes).copied();
            if let Some(at) = seen
                && grid::has_bit(&self.seen_regions[at..at + words], usize::from(player))
            {
                continue;
            }
            let squares = live(&boxes);
            self.place(squares, true);
            self.region.fill(0);
            self.region[usize::from(player) / 64] = 1 << (player % 64);
            self.flood_region(board, squares);
            let settled = squares.iter().all(|&b| board.goal[usize::from(b)])
                || self.corral_cells.iter().all(|&c| self.in_region(c));
            if settled {
                self.place(squares, false);
                return Some(false);
            }
            self.visited += 1;
            if let Some(at) = seen {
                for (union, &word) in self.seen_regions[at..at + words].iter_mut().zip(&self.region) {
                    *union |= word;
                }
            } else {
                self.seen.insert(boxes, self.seen_regions.len());
                self.seen_regions.extend_from_slice(&self.region);
            }
            self.push_children(board, &boxes);
            self.place(squares, false);
        }
        Some(true)
    }

    /// Queues every push of the placed `boxes` that the player's region allows and that
    /// neither lands on a dead square nor freezes a box off its goal.
    fn push_children(&mut self, board: &Board, boxes: &Boxes) {
        for (i, &b) in live(boxes).iter().enumerate() {
            let b = usize::from(b);
            for d in Direction::READING_ORDER {
                let pusher = board.step(b, d.opposite());
                let target = board.step(b, d);
                if !self.in_region(pusher)
                    || !board.floor[target]
                    || self.occupied[target]
                    || board.dead[target]
                {
                    continue;
                }
                self.occupied[b] = false;
                self.occupied[target] = true;
                let frozen = freeze_deadlock(board, &self.occupied, target, &mut self.freeze);
                self.occupied[b] = true;
                self.occupied[target] = false;
                if !frozen {
                    let mut child = *boxes;
                    child[i] = target as u16;
                    child.sort_unstable();
                    self.todo.push((child, b as u16));
                }
            }
        }
    }

    /// Puts the relaxed position's boxes on the board (`on`) or takes them off.
    fn place(&mut self, boxes: &[u16], on: bool) {
        for &b in boxes {
            self.occupied[usize::from(b)] = on;
        }
    }

    /// Grows the player's region (`region`, seeded by the caller) around the relaxed
    /// position's `boxes`; returns its lowest square (the normalised player square).
    fn flood_region(&mut self, board: &Board, boxes: &[u16]) -> usize {
        self.free.copy_from_slice(&board.interior_words);
        for &b in boxes {
            grid::remove_bit(&mut self.free, usize::from(b));
        }
        board.flood_words(&mut self.region, &self.free);
        grid::set_bits(&self.region).next().unwrap_or(0)
    }

    /// True when the last flood's region holds `cell`.
    fn in_region(&self, cell: usize) -> bool {
        grid::has_bit(&self.region, cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadlock::test_support::{boxes_on_floor, reach_of, setup};
    use rustc_hash::FxHashSet;

    fn is_dead(rows: &[&str]) -> bool {
        let (board, occupied, level) = setup(rows);
        let reach = reach_of(&board, &occupied, level.player);
        let mut test = CorralDeadlocks::new(board.len);
        test.dead(&board, &occupied, &level.boxes, level.player, |c| reach[c])
    }

    /// Two boxes that can only enter a dead end: both go right into the corral or nowhere;
    /// from there neither reaches a goal left of them, and pushing them down strands them.
    const DEAD_END: [&str; 4] = ["######", "#. $ #", "#.@$ #", "######"];

    #[test]
    fn two_boxes_that_can_only_enter_a_dead_end_are_dead() {
        assert!(is_dead(&DEAD_END));
    }

    #[test]
    fn a_fence_left_undecided_is_searched_again_when_it_comes_back() {
        let (board, occupied, level) = setup(&DEAD_END);
        let reach = reach_of(&board, &occupied, level.player);
        let mut test = CorralDeadlocks::new(board.len);
        assert!(test.dead(&board, &occupied, &level.boxes, level.player, |c| reach[c]));
        // As if the first search had reached its cap: undecided, and no sighting remembered.
        for verdict in test.verdicts.values_mut() {
            *verdict = Verdict::Open(0);
        }
        test.sightings.clear();
        assert!(test.dead(&board, &occupied, &level.boxes, level.player, |c| reach[c]));
        assert!(test.verdicts.values().all(|v| matches!(v, Verdict::Dead)));
    }

    #[test]
    fn a_search_at_its_cap_is_undecided() {
        let (board, occupied, level) = setup(&DEAD_END);
        let reach = reach_of(&board, &occupied, level.player);
        let mut test = CorralDeadlocks::new(board.len);
        assert!(test.dead(&board, &occupied, &level.boxes, level.player, |c| reach[c]));
        let &key = test.verdicts.keys().next().expect("a verdict");
        assert_eq!(test.small_search(&board, key, 0), None);
        assert_eq!(test.small_search(&board, key, CAPS[0]), Some(true));
    }

    /// The small search without its shortcut: a flood for every state popped, the states
    /// told apart by box set and normalised player square. Returns the verdict and the states
    /// searched.
    fn plain_small_search(
        test: &mut CorralDeadlocks,
        board: &Board,
        start: SubState,
        cap: usize,
    ) -> (Option<bool>, usize) {
        let mut visited = FxHashSet::default();
        test.todo.clear();
        test.todo.push(start);
        while let Some((boxes, player)) = test.todo.pop() {
            if visited.len() >= cap {
                return (None, visited.len());
            }
            let squares = live(&boxes);
            test.place(squares, true);
            test.region.fill(0);
            grid::insert_bit(&mut test.region, usize::from(player));
            let normal = test.flood_region(board, squares);
            let settled = squares.iter().all(|&b| board.goal[usize::from(b)])
                || test.corral_cells.iter().all(|&c| test.in_region(c));
            if settled {
                test.place(squares, false);
                return (Some(false), visited.len());
            }
            if visited.insert((boxes, normal as u16)) {
                test.push_children(board, &boxes);
            }
            test.place(squares, false);
        }
        (Some(true), visited.len())
    }

    /// The small search skips a state whose player stands in a region searched with the same
    /// boxes without flooding it: on the fences of generated levels it gives the verdict of a
    /// plain search and counts the same states, at every cap.
    #[test]
    fn the_small_search_without_floods_for_states_seen_agrees_with_a_plain_one() {
        let (mut compared, mut dead, mut capped) = (0, 0, 0);
        for level in crate::tests::random_levels(600) {
            let board = Board::new(&level).unwrap();
            let (inside, occupied) = boxes_on_floor(&board, &level);
            let reach = reach_of(&board, &occupied, level.player);
            let mut test = CorralDeadlocks::new(board.len);
            test.dead(&board, &occupied, &inside, level.player, |c| reach[c]);
            let keys: Vec<SubState> = test.verdicts.keys().copied().collect();
            for key in keys {
                for cap in [3, CAPS[0], CAPS[1]] {
                    let found = test.small_search(&board, key, cap);
                    let plain = plain_small_search(&mut test, &board, key, cap);
                    assert_eq!((found, test.visited), plain, "cap {cap}\n{}", level.to_text());
                    compared += 1;
                    dead += usize::from(found == Some(true));
                    capped += usize::from(found.is_none());
                }
            }
        }
        // Enough searches of each ending, or the test proves little.
        assert!(
            compared > 100 && dead > 10 && capped > 10,
            "{compared} compared, {dead} dead, {capped} capped"
        );
    }

    #[test]
    fn a_corral_the_player_can_break_open_is_not_dead() {
        assert!(!is_dead(&["#######", "#  $  #", "# @$ .#", "#    .#", "#######"]));
    }

    #[test]
    fn a_position_without_corrals_is_not_dead() {
        assert!(!is_dead(&["#######", "#@ $ .#", "#######"]));
    }
}

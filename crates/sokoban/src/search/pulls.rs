//! The search from the other end: boxes pulled back from the goals towards the start, run in
//! turn with the forward search until the two meet.
//!
//! A push has an exact inverse, the *pull*: the player stands beside a box, steps away from
//! it, and drags it one square along. Every solution read backwards is a sequence of pulls
//! from a solved position (every goal holding a box, the player anywhere the last push left
//! it) to the start. So a search over pulls, started from each solved position, finds
//! solutions too, and where the forward search is weak it is strong: a goal room is easy to
//! *empty*. Pulled out of a room, its boxes leave in an order that the room allows, which is
//! exactly the packing order the forward dives have to guess. The corral tests are about
//! pushes and do not carry over; this search prunes the squares from which no start square can
//! be reached, and, when the search asks for it (`,pulls+freeze`), the freeze test mirrored: a
//! pulled box in a set of boxes that no pull can move again with one of them off the start's
//! squares (`deadlock::pull_freeze`; a pull needs two free squares beside the box, where a push
//! needs one on each side). That test is sound and costs no measurable time, but it changes which
//! states the search reaches first, and so on which levels it meets the forward search: screened
//! alone, a search with it solves about as many levels as without it, but not the same ones
//! (see the crate notes).
//!
//! The two searches share the forward search's state: a box set and the lowest square of the
//! player's region, under the same Zobrist keys, so a state of one is looked up in the other's
//! table in one probe. The forward search probes this table for each child it stores, and this
//! search probes the forward table for each of its own. A state found in both joins a path of
//! pushes from the start to it with the pulls that led to it from a solved position, taken
//! backwards: an answer. The start itself is in the forward table from the first expansion, so
//! a pull search that gets all the way back meets it there.
//!
//! Its order is the forward search's weighted best-first, `g + w·h`, the newest first among equals;
//! its bound is the cheapest matching of boxes to the start's box squares, each pair's cost the
//! pushes a lone box needs from that start square to the box's square (the player's side of the box
//! not counted, so it is a lower bound). A pull moves one box, so a child's matching is its
//! parent's updated for that box's row, in O(k²) rather than O(k³) from scratch, as in the forward
//! search (`estimate`): the same states in half the time on `xsokoban` 14 led by the pulls (453,532
//! states, 3.2 -> 1.6 s). The state being expanded takes its own matching, the base of those
//! updates, from a table of its search's latest children's matchings, as the forward search
//! does (`estimate`), rather than solving it in O(k³) again. That solving was 17% of a pull-led
//! dive's time on `xsokoban` 41, where three expansions in four now find their matching kept;
//! the pull-led dive with the start's region, capped at 1,000,000 states a level on `xsokoban`,
//! stores the same states in 0.84 times the time (188.7 -> 158.5 s, old and new at once), with
//! 22% to 47% fewer instructions (300,000 states on `xsokoban` 11, 41 and 24).
//!
//! When the forward search has feature cells (see `open`), this one has cells too, the mirror of
//! the forward's: the boxes standing on start squares and the regions of floor the player is shut
//! out of, taken in turn with one queue over all of them. On the 24 `xsokoban` levels that no
//! schedule solved at 60 s, the cells made the difference: the dive with pushable-box cells and a
//! plain pull search beside it solved one of them within 20 s (13, in 17.5 s); with a pull search
//! of cells, 14 in 5.4 s.
//!
//! A third feature can split the cells further ([`super::START_REGION`], `,pulls+start-region`):
//! whether the player's region holds the start's player square. The bound looks at the boxes
//! alone, and a state with every box back on a start square can still be far from the start in
//! pulls when the player stands on the wrong side of them. On `xsokoban` 13 the player starts
//! shut in by boxes; the pull search put all 16 boxes back with the player outside and never met
//! the forward search. With the feature, states whose player can walk to the start square get
//! turns of their own, and the pull-led dive solves 13, which no search had, in 2.3 s. Alone at
//! 15 s a level it is no better on the whole (`xsokoban` 54 -> 56 / 90, 13, 33, 46 and 55 gained,
//! 41 and 75 lost; `sasquatch` 32 -> 31 / 50, 12 gained, 5 and 37 lost), so it is a search of
//! its own beside the plain cells.
//!
//! **Move weights** ([`super::PULL_WEIGHTS`], `,pulls+weights`) order the cells' queues as the
//! forward search's are ordered (see `open`): a state's weight counts the pulls on its path that
//! start moving a box other than the one pulled just before, unless the pull puts a box on a
//! start square or leaves fewer regions shut out of the player; a cell offers its state of least
//! weight, the bound breaking ties. So the pull search empties a room one box at a time, each
//! box dragged as far as it goes, rather than stirring every box a square. Alone at 15 s a level,
//! with and without at once (twenty-fourth session): the pull-led dive `xsokoban` 55 -> 58 / 90
//! (18, 35, 45, 46, 55 and 87 gained; 33, 41 and 75 lost), `sasquatch` 33 -> 32 / 50 (12 and 19
//! gained; 32, 39 and 44 lost); with the start's region too, `xsokoban` 55 -> 57 (87 in 1.4 s, 18,
//! 35, 45 and 46 gained; 13, 15 and 33 lost), `sasquatch` 32 -> 33 (19, 37 and 39 gained; 5 and
//! 44 lost). No search had solved `xsokoban` 35 alone, nor 87 within 20 s. The weighted and the
//! plain orders solve different levels, so both run, each a search of its own. The answers are a
//! little shorter (the pull-led dive on the 52 `xsokoban` levels both orders solve: 13,538 ->
//! 13,404 pushes; on 31 of `sasquatch`, 3,469 -> 3,327).
//!
//! How the time is shared is the search's choice ([`super::Limits::pulls`]): one expansion of
//! each in turn ([`super::MEET`]), or ten of pulls to one of pushes ([`super::PULLS_LEAD`]),
//! where the pull search does most of the work and the forward one mainly keeps the states
//! near the start for it to meet. Both are screened; each solves levels the other does not.
//!
//! Only levels with as many boxes as goals have solved positions to start from; on others the
//! pull search is not made.

use super::estimate::KeptMatchings;
use super::expand::last_box;
use super::open::Open;
use super::reach::Reach;
use super::table::{NONE, Node, Table, Zobrist};
use super::{Parent, Push, count_on, load_row};
use crate::board::{Board, UNREACHABLE};
use crate::bound::{Matcher, pair_cost};
use crate::deadlock::{Scratch, pull_freeze_deadlock};
use grid::Direction;
use std::collections::VecDeque;

/// Where the pull search's cell keeps the boxes on start squares and the regions shut out of
/// the player, a byte each (see `Pulls::cell_of`); its lowest bit is the start region's.
const ON_STARTS_SHIFT: u32 = 16;
const SHUT_OUT_SHIFT: u32 = 8;

/// How a pull search runs: its bound's weight in the order, and the knowledge it uses.
#[derive(Clone, Copy, Debug)]
pub(super) struct PullSettings {
    pub weight: u64,
    /// Whether states fall into cells by the boxes on start squares and the regions shut out.
    pub cells: bool,
    /// Whether the cells' queues take their states by move weight first (with cells only).
    pub weighed: bool,
    /// With cells, the start's player square, for a cell feature of whether the player's region
    /// holds it.
    pub start_region: Option<usize>,
    /// The freeze test of `deadlock::pull_freeze`.
    pub freeze: bool,
    /// The search's memory budget, a share of which the kept matchings may take.
    pub memory_budget: u64,
}

/// A state reached by both searches: the forward one's id and this one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Meeting {
    pub forward: u32,
    pub backward: u32,
}

/// The pull search: its stored states, its open list and the scratch of one expansion.
pub(super) struct Pulls {
    table: Table,
    /// The open states by (priority, `!id`): the newest first among equals; with cells, one
    /// queue a cell taken in turn with one over all (see `open`).
    open: Open,
    weight: u64,
    /// Whether states fall into cells by the boxes on start squares and the regions shut out.
    cells: bool,
    /// Whether the cells' queues take their states by move weight first, as the forward
    /// search's do (see `open`): a pull weighs one unless it goes on with the box pulled last
    /// or betters a feature of the cells.
    weighed: bool,
    /// The start's box squares.
    on_start: Vec<bool>,
    /// The start's player square, when the cells also tell whether the player's region holds
    /// it: the pulls must end with the player there.
    start_region: Option<usize>,
    /// Whether a pulled box in a set that no pull can move again, with a box off the start's
    /// squares, ends the state (see `deadlock::pull_freeze`).
    freeze: bool,
    scratch: Scratch,
    /// The boxes on start squares in the state being expanded.
    boxes_on_starts: u32,
    reach: Reach,
    occupied: Vec<bool>,
    boxes: Vec<usize>,
    child_words: Vec<u64>,
    /// `to_start[s * len + cell]`: the pushes that take a lone box from start square `s` to
    /// `cell` (the player's side not counted), [`UNREACHABLE`] when none do.
    to_start: Vec<u16>,
    /// Squares from which a box can be pulled to no start square: never entered.
    dead: Vec<bool>,
    /// The cost matrix of the last state whose bound was solved, whose matching is the
    /// matcher's base: the state being expanded, each child changing one row of it (see
    /// [`Pulls::child_bound`]).
    cost: Vec<u32>,
    /// The row of `cost` that a child's bound replaces, kept meanwhile.
    saved_row: Vec<u32>,
    matcher: Matcher,
    /// The matchings of the latest children, so that expanding one of them soon after takes
    /// its matching as the base rather than solving it again (see `estimate`).
    kept: KeptMatchings,
}

impl Pulls {
    /// The pull search of a level whose start has the boxes `starts`, with its roots (every
    /// solved position, one for each region of the player's that can make a pull) stored and
    /// open; `None` when the boxes are not as many as the goals.
    pub fn new(board: &Board, starts: &[usize], settings: PullSettings, zobrist: &Zobrist) -> Option<Pulls> {
        let PullSettings { weight, cells, weighed, start_region, freeze, memory_budget } = settings;
        if starts.len() != board.goals.len() || starts.is_empty() {
            return None;
        }
        let to_start = lone_box_distances(board, starts);
        let dead = (0..board.len)
            .map(|cell| {
                board.floor[cell] && (0..starts.len()).all(|s| to_start[s * board.len + cell] == UNREACHABLE)
            })
            .collect();
        let words = board.interior.len().div_ceil(64);
        let mut pulls = Pulls {
            table: Table::new(words),
            open: if cells { Open::alternating() } else { Open::default() },
            weight,
            cells,
            weighed: weighed && cells,
            on_start: (0..board.len).map(|cell| starts.contains(&cell)).collect(),
            start_region: start_region.filter(|_| cells),
            freeze,
            scratch: Scratch::new(board.len),
            boxes_on_starts: 0,
            reach: Reach::new(board),
            occupied: vec![false; board.len],
            boxes: Vec::new(),
            child_words: vec![0; words],
            to_start,
            dead,
            cost: Vec::new(),
            saved_row: Vec::new(),
            matcher: Matcher::default(),
            kept: KeptMatchings::new(starts.len(), memory_budget),
        };
        pulls.seed(board, zobrist);
        Some(pulls)
    }

    /// Stores the solved positions: all goals filled, the player in each region in turn.
    fn seed(&mut self, board: &Board, zobrist: &Zobrist) {
        let mut row = vec![0; self.child_words.len()];
        for &g in &board.goals {
            grid::insert_bit(&mut row, usize::from(board.interior_index[g]));
        }
        self.load(board, &row);
        let box_hash = zobrist.boxes_key(&self.boxes);
        let Some(h) = self.bound() else { return };
        self.boxes_on_starts = count_on(&self.boxes, &self.on_start);
        let mut seen = vec![false; board.len];
        for &cell in &board.interior {
            if seen[cell] || self.occupied[cell] {
                continue;
            }
            let lowest = self.reach.lowest_reachable(board, &row, cell);
            for &other in &board.interior {
                seen[other] |= self.reach.in_last_region(other);
            }
            let can_pull = self.boxes.iter().any(|&b| {
                Direction::READING_ORDER
                    .into_iter()
                    .any(|d| self.reach.in_last_region(board.step(b, d)) && self.pull_fits(board, b, d))
            });
            let cell = self.cell_of(board, None);
            if can_pull {
                let node = Node::root(box_hash ^ zobrist.player_key(lowest), lowest, h, cell);
                let id = self.table.insert(node, &row);
                self.push_open(id);
            }
        }
    }

    /// The cell of the state whose region the last `Reach::lowest_reachable` or
    /// `Reach::child_lowest_after_pull` found, with the boxes on start squares counted in
    /// `boxes_on_starts`: that count and the regions shut out of the player, a byte each, and,
    /// when asked for, whether the region holds the start's player square; 0 without cells.
    /// `parents_shut_out`, for a child, its parent's count of regions shut out, which the
    /// child's follows from when the region was taken over from the parent's.
    fn cell_of(&mut self, board: &Board, parents_shut_out: Option<u32>) -> u32 {
        if !self.cells {
            return 0;
        }
        // Read before `regions_beyond`, which reuses the region's words.
        let with_start_player = self.start_region.map_or(0, |p| u32::from(self.reach.in_last_region(p)));
        let shut_out = match (parents_shut_out, self.reach.shut_out_change()) {
            // A count that reached the byte's most is counted again.
            (Some(parents), Some(change)) if parents < 255 => parents.saturating_add_signed(change),
            _ => self.reach.regions_beyond(board),
        };
        (self.boxes_on_starts.min(255) << ON_STARTS_SHIFT)
            | (shut_out.min(255) << SHUT_OUT_SHIFT)
            | with_start_player
    }

    /// Whether the box on `b` can be pulled one square in direction `d` by a player standing
    /// there (the caller knows it can): the square behind the player is free for it to step
    /// back onto, and the box's new square is not dead.
    fn pull_fits(&self, board: &Board, b: usize, d: Direction) -> bool {
        let to = board.step(b, d);
        let back = board.step(to, d);
        !self.dead[to] && board.floor[back] && !self.occupied[back]
    }

    /// States stored.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Bytes of the table and the open list once `extra` more states are stored.
    pub fn bytes_after(&mut self, extra: usize) -> usize {
        self.table.bytes_after(extra) + self.open.bytes_after(extra) + self.kept.bytes()
    }

    /// The seconds that `extra` more states will spend growing the table (see `table`).
    pub fn seconds_to_grow(&self, extra: usize) -> f64 {
        self.table.seconds_to_grow(extra)
    }

    /// The stored states, in which the forward search looks up each state it stores (a
    /// meeting) and prefetches its children's slots.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Expands the best open state. Returns the first of its children that the forward
    /// search has stored too, if any.
    pub fn expand_next(&mut self, board: &Board, zobrist: &Zobrist, forward: &Table) -> Option<Meeting> {
        let table = &self.table;
        let id = !self.open.pop(|order| !table.node(!order).closed)?;
        self.table.node_mut(id).closed = true;
        let node = *self.table.node(id);
        let row = self.table.row(id).to_vec();
        self.load(board, &row);
        self.reach.flood(board, usize::from(node.player));
        self.boxes_on_starts = count_on(&self.boxes, &self.on_start);
        // The base of the children's bounds: the matching kept when the state was made, or,
        // when another child has taken its slot since, solved again. A stored open state always
        // has a matching.
        self.fill_cost();
        if !self.kept.restore(id, &self.boxes, board.len, &self.cost, &mut self.matcher) {
            let _ = self.bound_of_cost();
        }
        let mut pulls = Vec::with_capacity(self.boxes.len() * 4);
        for &b in &self.boxes {
            for d in Direction::READING_ORDER {
                if self.reach.contains(board.step(b, d)) && self.pull_fits(board, b, d) {
                    pulls.push((b, d));
                }
            }
        }
        let parent = Parent::new(id, &node, &row, zobrist);
        parent.prefetch_children(board, zobrist, &pulls, &self.table, Some(forward));
        for (b, d) in pulls {
            if let Some(meeting) = self.pull(board, zobrist, forward, parent, b, d) {
                return Some(meeting);
            }
        }
        None
    }

    /// Makes the child of `parent` where the box on `b` is pulled one square in direction `d`.
    fn pull(
        &mut self,
        board: &Board,
        zobrist: &Zobrist,
        forward: &Table,
        parent: Parent<'_>,
        b: usize,
        d: Direction,
    ) -> Option<Meeting> {
        let to = board.step(b, d);
        // `occupied` holds the child's boxes while it is made.
        (self.occupied[b], self.occupied[to]) = (false, true);
        let met = self.child(board, zobrist, forward, parent, b, d);
        (self.occupied[b], self.occupied[to]) = (true, false);
        met
    }

    /// [`Pulls::pull`] with the child's boxes in `occupied`.
    fn child(
        &mut self,
        board: &Board,
        zobrist: &Zobrist,
        forward: &Table,
        Parent { id: parent, node, row, box_hash }: Parent<'_>,
        b: usize,
        d: Direction,
    ) -> Option<Meeting> {
        let to = board.step(b, d);
        self.child_words.copy_from_slice(row);
        grid::remove_bit(&mut self.child_words, usize::from(board.interior_index[b]));
        grid::insert_bit(&mut self.child_words, usize::from(board.interior_index[to]));
        let normal = self.reach.child_lowest_after_pull(board, &self.occupied, &self.child_words, b, d);
        let hash = box_hash ^ zobrist.box_key(b) ^ zobrist.box_key(to) ^ zobrist.player_key(normal);
        let g = node.g.saturating_add(1);
        let same_box = self.weighed && last_box(board, node) == Some(b);
        if let Some(existing) = self.table.find(hash, normal as u16, &self.child_words) {
            let seen = *self.table.node(existing);
            let moves = self.moves_into(node, same_box, seen.cell);
            if (g, moves) < (seen.g, seen.moves) && !seen.closed && seen.h != u16::MAX {
                *self.table.node_mut(existing) =
                    Node { parent, from: b as u16, g, moves, dir: d.index() as u8, ..seen };
                self.push_open(existing);
            }
            return None;
        }
        if self.freeze
            && pull_freeze_deadlock(board, &self.occupied, &self.dead, &self.on_start, to, &mut self.scratch)
        {
            return None;
        }
        let index = self.boxes.iter().position(|&x| x == b).unwrap_or(0);
        let h = self.child_bound(index, to);
        let on_starts = self.boxes_on_starts;
        self.boxes_on_starts = on_starts + u32::from(self.on_start[to]) - u32::from(self.on_start[b]);
        let cell = self.cell_of(board, Some((node.cell >> SHUT_OUT_SHIFT) & 0xff));
        self.boxes_on_starts = on_starts;
        let child = Node {
            parent,
            hash,
            player: normal as u16,
            from: b as u16,
            g,
            h: h.unwrap_or(u16::MAX),
            moves: self.moves_into(node, same_box, cell),
            dir: d.index() as u8,
            count: 1,
            closed: h.is_none(),
            cell,
        };
        let words = std::mem::take(&mut self.child_words);
        let id = self.table.insert(child, &words);
        let met = forward.find(hash, normal as u16, &words);
        self.child_words = words;
        if h.is_some() {
            // The matcher's last solution is the child's, its box `index` now on `to`.
            self.kept.keep(id, &self.boxes, (index, to), &self.matcher);
            self.push_open(id);
        }
        met.map(|forward| Meeting { forward, backward: id })
    }

    fn push_open(&mut self, id: u32) {
        let node = self.table.node(id);
        let (g, h) = (u64::from(node.g), u64::from(node.h));
        let priority = ((g + self.weight * h) << 16) | h;
        // The weight above the bound's order in the cells' queues, as in the forward search.
        let cell_key = if self.weighed { (u64::from(node.moves) << 40) | priority } else { priority };
        self.open.push(node.cell, cell_key, priority, !id);
    }

    /// The weight of a child of `node` in `cell`: the parent's, and one more unless the pull
    /// goes on with the box pulled last or the child's cell has more boxes on start squares or
    /// fewer regions shut out of the player than the parent's (the mirror of the forward
    /// search's advisors, see `open`). Zero without weights.
    fn moves_into(&self, node: &Node, same_box: bool, cell: u32) -> u32 {
        if !self.weighed {
            return 0;
        }
        let on_starts = |cell: u32| (cell >> ON_STARTS_SHIFT) & 0xff;
        let shut_out = |cell: u32| (cell >> SHUT_OUT_SHIFT) & 0xff;
        let advised = on_starts(cell) > on_starts(node.cell) || shut_out(cell) < shut_out(node.cell);
        node.moves + u32::from(!(same_box || advised))
    }

    /// Loads a box set into `occupied` and `boxes`, and gives it to the region's flood.
    fn load(&mut self, board: &Board, row: &[u64]) {
        load_row(board, row, &mut self.occupied, &mut self.boxes);
        self.reach.set_parent(row, &self.boxes);
    }

    /// The cost matrix of the loaded boxes: a row per box, a column per start square.
    fn fill_cost(&mut self) {
        let (k, len) = (self.boxes.len(), self.occupied.len());
        self.cost.clear();
        for &b in &self.boxes {
            self.cost.extend((0..k).map(|s| pair_cost(self.to_start[s * len + b])));
        }
    }

    /// The cheapest matching of the loaded boxes to the start's box squares, or `None` when
    /// some box or start square has no partner.
    fn bound(&mut self) -> Option<u16> {
        self.fill_cost();
        self.bound_of_cost()
    }

    /// The bound of the cost matrix filled last.
    fn bound_of_cost(&mut self) -> Option<u16> {
        let k = self.boxes.len();
        let total = self.matcher.min_cost(k, &self.cost)?;
        Some(u16::try_from(total).unwrap_or(u16::MAX - 1))
    }

    /// The bound of the child whose box `boxes[index]` was pulled to `to`: the parent's
    /// matching updated for that box's row, in O(k²) rather than O(k³) (see
    /// [`Matcher::min_cost_with_new_row`]).
    fn child_bound(&mut self, index: usize, to: usize) -> Option<u16> {
        let (k, len) = (self.boxes.len(), self.occupied.len());
        let row = (0..k).map(|s| pair_cost(self.to_start[s * len + to]));
        let total = self.matcher.min_cost_with_new_row(k, &mut self.cost, index, row, &mut self.saved_row)?;
        Some(u16::try_from(total).unwrap_or(u16::MAX - 1))
    }

    /// The pushes from this search's state `id` to a solved position: its pulls from the root,
    /// each undone, the last first.
    pub fn pushes_to_goals(&self, board: &Board, mut id: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while self.table.node(id).parent != NONE {
            let node = self.table.node(id);
            let dir = Direction::from_index(usize::from(node.dir));
            // The pull took the box from `from` one square along `dir`; the push takes it back.
            let from = board.step(usize::from(node.from), dir);
            pushes.push(Push { from, dir: dir.opposite(), count: 1 });
            id = node.parent;
        }
        pushes
    }
}

/// For each start square `s`, the pushes that take a lone box from it to each cell, the
/// player's side not counted: a breadth-first search where a box moves from `y` to its
/// neighbour in direction `d` when the square behind it, where a player would push from, is
/// floor too. Row `s` of the result, `len` cells each.
fn lone_box_distances(board: &Board, starts: &[usize]) -> Vec<u16> {
    let mut distance = vec![UNREACHABLE; starts.len() * board.len];
    let mut queue = VecDeque::new();
    for (s, &start) in starts.iter().enumerate() {
        let row = &mut distance[s * board.len..(s + 1) * board.len];
        row[start] = 0;
        queue.push_back(start);
        while let Some(y) = queue.pop_front() {
            for d in Direction::READING_ORDER {
                let (to, pusher) = (board.step(y, d), board.step(y, d.opposite()));
                if board.floor[to] && board.floor[pusher] && row[to] == UNREACHABLE {
                    row[to] = row[y] + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadlock::test_support::{reach_of, squares_of};

    fn settings(weight: u64, cells: bool, weighed: bool, start_region: Option<usize>) -> PullSettings {
        PullSettings { weight, cells, weighed, start_region, freeze: true, memory_budget: u64::MAX }
    }

    /// Replays `pushes` from the boxes `occupied` and the player on `player`: each push needs
    /// the player to walk behind the box and the squares ahead free. Whether all goals end
    /// filled.
    fn replays_to_goals(board: &Board, occupied: &mut [bool], mut player: usize, pushes: &[Push]) -> bool {
        let mut bfs = grid::Bfs::with_rim(board.width, board.len);
        for push in pushes {
            let behind = board.step(push.from, push.dir.opposite());
            let reached =
                bfs.reach([player], |cell| board.floor[cell] && !occupied[cell]).contains(&(behind as u32));
            if !reached || !occupied[push.from] {
                return false;
            }
            let mut at = push.from;
            for _ in 0..push.count {
                let to = board.step(at, push.dir);
                if !board.floor[to] || occupied[to] {
                    return false;
                }
                (occupied[at], occupied[to], player, at) = (false, true, at, to);
            }
        }
        board.goals.iter().all(|&g| occupied[g])
    }

    #[test]
    fn every_state_of_the_pull_search_is_taken_back_to_the_goals_by_its_pulls_undone() {
        let (mut states, mut levels, mut with_and_without) = (0, 0, [0; 2]);
        for level in crate::tests::random_levels(100).into_iter().chain(crate::tests::random_room_levels(60))
        {
            let board = crate::analyse(&level).unwrap();
            let starts = crate::boxes_inside(&board, &level);
            let zobrist = Zobrist::new(board.len);
            let Some(mut pulls) =
                Pulls::new(&board, &starts, settings(2, true, false, Some(level.player())), &zobrist)
            else {
                continue;
            };
            let nothing = Table::new(board.interior.len().div_ceil(64));
            for _ in 0..300 {
                assert_eq!(pulls.expand_next(&board, &zobrist, &nothing), None);
            }
            levels += 1;
            for id in 0..pulls.len() as u32 {
                let mut occupied = board.occupied_by(&squares_of(&board, pulls.table.row(id)));
                let player = usize::from(pulls.table.node(id).player);
                // The cell's last bit: whether the player can walk to the start's square.
                let region = reach_of(&board, &occupied, player);
                let with_start_player = pulls.table.node(id).cell & 1 == 1;
                assert_eq!(with_start_player, region[level.player()], "state {id}\n{}", level.to_text());
                with_and_without[usize::from(with_start_player)] += 1;
                let pushes = pulls.pushes_to_goals(&board, id);
                assert!(
                    replays_to_goals(&board, &mut occupied, player, &pushes),
                    "state {id}: {pushes:?}\n{}",
                    level.to_text()
                );
                states += 1;
            }
        }
        assert!(levels > 100 && states > 2000, "{levels} levels, {states} states");
        assert!(with_and_without.iter().all(|&n| n > 100), "{with_and_without:?} states without and with");
    }

    #[test]
    fn a_pull_weighs_one_unless_it_goes_on_with_the_box_pulled_last_or_betters_a_feature() {
        // Each state's weight against its parent's, read off the two box sets: the box the pull
        // moved is the one square in the child's set and not the parent's, and it goes on with
        // the last box when the parent's pull left a box on the square this one takes it from.
        let (mut free, mut charged) = (0, 0);
        for level in crate::tests::random_levels(100).into_iter().chain(crate::tests::random_room_levels(60))
        {
            let board = crate::analyse(&level).unwrap();
            let starts = crate::boxes_inside(&board, &level);
            let zobrist = Zobrist::new(board.len);
            let Some(mut pulls) = Pulls::new(&board, &starts, settings(2, true, true, None), &zobrist) else {
                continue;
            };
            let nothing = Table::new(board.interior.len().div_ceil(64));
            for _ in 0..300 {
                assert_eq!(pulls.expand_next(&board, &zobrist, &nothing), None);
            }
            let squares = |id: u32| squares_of(&board, pulls.table.row(id));
            let on_starts = |id: u32| squares(id).iter().filter(|cell| starts.contains(cell)).count();
            let moved_into = |id: u32| {
                let parent = squares(pulls.table.node(id).parent);
                squares(id).into_iter().find(|cell| !parent.contains(cell))
            };
            for id in 0..pulls.len() as u32 {
                let node = *pulls.table.node(id);
                if node.parent == NONE {
                    assert_eq!(node.moves, 0);
                    continue;
                }
                let parent = *pulls.table.node(node.parent);
                let left = squares(node.parent).into_iter().find(|cell| !squares(id).contains(cell));
                let same_box = parent.parent != NONE && moved_into(node.parent) == left;
                let fewer_shut_out =
                    (node.cell >> SHUT_OUT_SHIFT) & 0xff < (parent.cell >> SHUT_OUT_SHIFT) & 0xff;
                let advised = on_starts(id) > on_starts(node.parent) || fewer_shut_out;
                let weight = u32::from(!(same_box || advised));
                assert_eq!(node.moves, parent.moves + weight, "state {id}\n{}", level.to_text());
                free += usize::from(weight == 0);
                charged += usize::from(weight == 1);
            }
        }
        assert!(free > 1000 && charged > 1000, "{free} pulls free, {charged} charged");
    }

    /// Whether plain pulls, nothing pruned, take the boxes `boxes` with the player on `player`
    /// back to the box squares `starts` (the player anywhere): a breadth-first search over box
    /// sets and the player's region.
    fn pulls_reach_starts(board: &Board, boxes: &[usize], player: usize, starts: &[usize]) -> bool {
        use std::collections::HashSet;
        let mut target = starts.to_vec();
        target.sort_unstable();
        let region_of = |boxes: &[usize], player: usize| {
            let occupied = board.occupied_by(boxes);
            let region = reach_of(board, &occupied, player);
            (occupied, region)
        };
        let key = |boxes: &[usize], region: &[bool]| {
            let mut sorted = boxes.to_vec();
            sorted.sort_unstable();
            (sorted, region.iter().position(|&r| r))
        };
        let (_, region) = region_of(boxes, player);
        let mut seen = HashSet::from([key(boxes, &region)]);
        let mut queue = VecDeque::from([(boxes.to_vec(), player)]);
        while let Some((boxes, player)) = queue.pop_front() {
            let mut sorted = boxes.clone();
            sorted.sort_unstable();
            if sorted == target {
                return true;
            }
            let (occupied, region) = region_of(&boxes, player);
            for (i, &b) in boxes.iter().enumerate() {
                for d in Direction::READING_ORDER {
                    let (to, back) = (board.step(b, d), board.step(board.step(b, d), d));
                    if region[to] && board.floor[back] && !occupied[back] {
                        let mut next = boxes.clone();
                        next[i] = to;
                        let (_, next_region) = region_of(&next, back);
                        if seen.insert(key(&next, &next_region)) {
                            queue.push_back((next, back));
                        }
                    }
                }
            }
        }
        false
    }

    #[test]
    fn a_stuck_set_of_boxes_is_never_pulled_back_to_the_start_by_plain_pulls() {
        // Every state that the pull search stores without the freeze test, each of its boxes in
        // turn taken as the one pulled last: where the test says stuck, a plain search of pulls
        // from the state never puts the boxes back on the start's squares. And where the test
        // is on, it keeps every such state out of the table.
        let (mut stuck, mut states_without, mut states_with) = (0, 0, 0);
        for level in crate::tests::random_levels(200).into_iter().chain(crate::tests::random_room_levels(100))
        {
            let board = crate::analyse(&level).unwrap();
            let starts = crate::boxes_inside(&board, &level);
            let zobrist = Zobrist::new(board.len);
            let nothing = Table::new(board.interior.len().div_ceil(64));
            let mut searches = [false, true].map(|freeze| {
                let settings = PullSettings { freeze, ..settings(2, true, true, None) };
                Pulls::new(&board, &starts, settings, &zobrist)
            });
            let [Some(without), Some(with)] = &mut searches else { continue };
            for search in [&mut *without, &mut *with] {
                for _ in 0..300 {
                    assert_eq!(search.expand_next(&board, &zobrist, &nothing), None);
                }
            }
            states_without += without.len();
            states_with += with.len();
            let mut scratch = Scratch::new(board.len);
            for (search, freeze) in [(&*without, false), (&*with, true)] {
                for id in 0..search.len() as u32 {
                    let boxes = squares_of(&board, search.table.row(id));
                    let occupied = board.occupied_by(&boxes);
                    let player = usize::from(search.table.node(id).player);
                    for &b in &boxes {
                        if !pull_freeze_deadlock(
                            &board,
                            &occupied,
                            &search.dead,
                            &search.on_start,
                            b,
                            &mut scratch,
                        ) {
                            continue;
                        }
                        // A root is stored whatever its boxes; only pulled states are tested.
                        assert!(
                            !freeze || search.table.node(id).parent == NONE,
                            "state {id} is stuck at {b} but stored\n{}",
                            level.to_text()
                        );
                        assert!(
                            !pulls_reach_starts(&board, &boxes, player, &starts),
                            "state {id}, box {b}\n{}",
                            level.to_text()
                        );
                        stuck += 1;
                    }
                }
            }
        }
        assert!(stuck > 50, "only {stuck} stuck boxes found");
        assert!(states_with < states_without, "{states_with} states with the test, {states_without} without");
    }

    #[test]
    fn a_square_is_dead_to_the_pulls_only_when_no_start_box_alone_can_be_pushed_there() {
        // Soundness of the dead squares, against a search over a lone box and the player's
        // exact square from each start square in turn; and they must mark some squares.
        let mut marked = 0;
        for level in crate::tests::random_levels(100).into_iter().chain(crate::tests::random_room_levels(60))
        {
            let board = crate::analyse(&level).unwrap();
            let starts = crate::boxes_inside(&board, &level);
            let Some(pulls) =
                Pulls::new(&board, &starts, settings(1, false, false, None), &Zobrist::new(board.len))
            else {
                continue;
            };
            let mut reached = vec![false; board.len];
            for &start in &starts {
                let mut seen = std::collections::HashSet::new();
                let mut stack: Vec<(usize, usize)> =
                    board.interior.iter().filter(|&&p| p != start).map(|&p| (start, p)).collect();
                while let Some((b, p)) = stack.pop() {
                    if !seen.insert((b, p)) {
                        continue;
                    }
                    reached[b] = true;
                    for d in Direction::READING_ORDER {
                        let walk = board.step(p, d);
                        if board.floor[walk] && walk != b {
                            stack.push((b, walk));
                        } else if walk == b && board.floor[board.step(b, d)] {
                            stack.push((board.step(b, d), b));
                        }
                    }
                }
            }
            for &cell in &board.interior {
                assert!(!(pulls.dead[cell] && reached[cell]), "{cell}\n{}", level.to_text());
                marked += usize::from(pulls.dead[cell]);
            }
        }
        assert!(marked > 20, "{marked}");
    }
}

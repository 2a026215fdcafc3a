//! # Movement: the search core
//!
//! A unit that is not next to an enemy takes one step. The rule has two parts, and the second is
//! the one solutions most often get wrong:
//!
//! 1. **Where to.** The candidate squares are the free squares next to any enemy ("in range").
//!    The unit picks the nearest one it can reach through free squares, and among the nearest,
//!    the first in reading order.
//! 2. **Which step.** Among the unit's free neighbours that lie on *some* shortest path to that
//!    chosen square, it takes the first in reading order. ("The shortest path whose first step
//!    comes first" is a different rule, and wrong: it can aim at another target square.)
//!
//! ## A flood fill forward, a walk back, in bits
//! Both parts are breadth-first searches, done here with a [`Flood`]: the set of reached squares
//! is a bit set with a word (or run of words) a row, and one BFS layer is a few shifts and ors per
//! row the flood has reached.
//!
//! ```text
//!  forward from the unit U          back from the chosen square C,
//!  until a layer meets a            through the forward layers:
//!  target square (here d = 3)       distance 2, then 1
//!
//!   # # # # # # #                    # # # # # # #
//!   # U 1 2 3 . #                    # U 1 2 . . #
//!   # 1 # 3 C G #      ==>           # . # . C G #
//!   # 2 3 . . . #                    # . . . . . #
//! ```
//!
//! The first layer of the forward flood that holds a target square holds the nearest ones, and
//! since cell numbers run in reading order, the first such square is the chosen one. Walking
//! back, the squares of layer `k` beside the squares kept at layer `k + 1` are exactly those at
//! distance `k` on a shortest path to the chosen square ([`Flood::first_steps_towards`]); at layer
//! 1 they are the first steps of shortest paths, and the first of them in reading order is the
//! step. The walk stays inside the corridor of shortest paths, where a second search from the
//! chosen square would flood a whole diamond around it.
//!
//! The in-range squares of a side are one pass of word operations over the board
//! ([`RowSet::set_to_beside`]), made once per board for all the side's units, and each forward
//! layer asks, in the same pass that makes it, whether it reached one ([`Flood::step_meeting`]).
//! Most searches end within the first layers (up to 20) this way.
//!
//! ## Longer searches: meeting in the middle
//! A search that goes on (a unit far from the fight, or one whose way is blocked by its own side)
//! brings in a second flood, the *field*: grown from all the in-range squares at once, its layer
//! `b` holds the squares within `b` steps of the nearest one. Each time, the flood that costs
//! less grows by one layer (the one spanning fewer rows; a layer adds at most a row at either
//! end, so the steps that cannot change which one that is are taken in one run of the flood),
//! and before each step no square lies in both, so when they first meet, at `a` forward and `b`
//! field layers, the nearest in-range square is exactly `a + b` away, and the squares where
//! they meet lie on shortest paths to it.
//! From there three walks, each one layer at a time and confined to shortest paths, finish the
//! job:
//!
//! 1. down the field from the meeting squares, to the nearest in-range squares: the first of
//!    them in reading order is the chosen one;
//! 2. up the field from the chosen square, to keep only the meeting squares on its paths (not
//!    needed when the chosen square is the only nearest one);
//! 3. down the forward flood from those, to the first steps.
//!
//! If either flood stops growing before they meet, no in-range square can be reached and the
//! unit stays: past the first layers the cost is about twice the smaller of the two regions.
//! Without the field, a unit blocked by its own side floods its whole region before giving up,
//! and in real inputs that was most of all the flood work.
//!
//! The field depends only on the board and the side, so while the board does not change (most
//! turns in the middle of a battle are strikes), the next unit of the same side to search starts
//! from the field as far as it is already grown. A field that is complete answers "unreachable"
//! for a blocked unit after a single forward step.
//!
//! ## Keeping the field across a move of its own side
//! When a unit steps from `a` to `b`, its enemies stay where they are, so its own side's field has
//! the same sources (unless `b` was one of them) and only two squares changed: `b` is no longer
//! free, `a` is. The field's first `k` layers depend only on squares within `k` of the sources,
//! so they still hold exactly when `b` was farther than `k` (or not reached) and `a` has no
//! neighbour within `k - 1`. [`Pathfinder::moved`] cuts the field back to the largest such `k`
//! ([`Flood::truncate_to`]) and the next search grows it on from there. The other side's field,
//! whose sources moved with the unit, is dropped, and so are both on a death.
//!
//! Before the armies meet, units of one side mostly take their turns one after another, each
//! moving somewhere near its own end of the field, far beyond the layers the searches grew: the
//! field is grown about once per side and round instead of once per unit. On a 100 x 100 cave
//! with 50 units that is 31% fewer instructions for part 1; the real 32 x 32 inputs take 0.6% to
//! 8% fewer for both parts. A full field kept exact for every move (a repaired distance map)
//! would not pay: every move of the other side shifts its sources, and with them the distances
//! over the whole of the mover's share of the cave.

use grid::{Flood, Offsets, RowSet, Step};

/// Steps the unit's flood takes alone before the field joins in. Measured on real 32 x 32
/// inputs (instructions for both parts): 4 costs about 8% more than 20, and never bringing the
/// field in costs up to 25% more, all of it in units with no way through; 20 to 26 is the flat
/// bottom.
const FORWARD_ONLY_STEPS: usize = 20;

/// The distances to one side's in-range squares, for the board as it stood at `board`.
#[derive(Debug)]
struct TargetField {
    /// The board version the field belongs to; 0 for none.
    board: u64,
    /// The free squares next to an enemy of the side.
    in_range: RowSet,
    /// Flooded from the in-range squares through free squares, grown only as far as searches
    /// have needed; `started` says whether it has begun for this board.
    flood: Flood,
    started: bool,
    /// True once the flood has stopped growing: every square connected to an in-range square
    /// is in it.
    complete: bool,
}

/// The movement search, with its buffers kept between turns.
#[derive(Debug)]
pub struct Pathfinder {
    width: usize,
    height: usize,
    /// [`FORWARD_ONLY_STEPS`], or fewer in the tests, to drive every search through the field.
    forward_only_steps: usize,
    /// From the unit.
    forward: Flood,
    /// For each side that moves (by [`crate::Side::index`]): the distances to its in-range
    /// squares, shared by its units while the board stays the same.
    fields: [TargetField; 2],
    /// For the plain search, when a flood is too long to keep its layers.
    back: Flood,
}

/// A pathfinder holds only scratch space and caches, so a copy starts with fresh buffers: part
/// 2 copies whole battles, and the layers kept by the last search (megabytes on a large cave)
/// must not be copied with them.
impl Clone for Pathfinder {
    fn clone(&self) -> Self {
        Pathfinder::new(self.width, self.height)
    }
}

impl Pathfinder {
    /// A pathfinder for a `width x height` cave.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        let field = || TargetField {
            board: 0,
            in_range: RowSet::new(width, height),
            flood: Flood::new(width, height),
            started: false,
            complete: false,
        };
        Pathfinder {
            width,
            height,
            forward_only_steps: FORWARD_ONLY_STEPS,
            forward: Flood::new(width, height),
            fields: [field(), field()],
            back: Flood::new(width, height),
        }
    }

    /// The cave's width and height.
    pub(crate) fn shape(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// Forgets the fields kept for the board versions it was told of, keeping their buffers:
    /// the pathfinder is about to serve a battle whose board versions count separately.
    pub(crate) fn forget(&mut self) {
        for field in &mut self.fields {
            field.board = 0;
            field.started = false;
        }
    }

    /// The square a unit on `from` steps to, moving through `free` squares towards `enemies`, or
    /// `None` if it stays (no in-range square is reachable).
    ///
    /// `side` names the unit's army and `board` the state of the board: a search may reuse what
    /// an earlier search for the same side and the same nonzero `board` found, so the caller
    /// must change `board` whenever `free` or `enemies` change. `from` must not be on the cave's
    /// border, and no square of `free` may be either (the cave is closed by walls).
    pub fn next_step(
        &mut self,
        from: usize,
        free: &RowSet,
        enemies: &RowSet,
        side: usize,
        board: u64,
    ) -> Option<usize> {
        let forward = &mut self.forward;
        let field = &mut self.fields[side];
        if field.board != board || board == 0 {
            field.in_range.set_to_beside(free, enemies);
            field.board = board;
            field.started = false;
            field.complete = false;
        }
        forward.start([from]);
        if field.started {
            // The field is at hand: the bidirectional search starts at once. Its invariant (no
            // square within both floods) is not known to hold yet, since the field may come
            // grown from an earlier search; the meeting layer is then looked up below.
            if !forward.step(free) {
                return None;
            }
            let met = field.flood.reached().intersects_in_rows(forward.reached(), forward.rows());
            if !met && !Self::grow_until_meeting(forward, field, free) {
                return None;
            }
        } else {
            // Most searches end within a few steps, for which the unit's flood alone, asking at
            // each layer for a square next to an enemy, is cheapest.
            match forward.step_meeting_up_to(free, &field.in_range, self.forward_only_steps) {
                Step::Stuck => return None,
                Step::Grew => {}
                Step::Met(chosen) if forward.steps() == 1 => return Some(chosen),
                Step::Met(chosen) => {
                    let Some(starts) = forward.first_steps_towards(chosen) else {
                        return self.next_step_plain(from, free, enemies);
                    };
                    return first_neighbour_in(self.width, from, starts);
                }
            }
            // No in-range square within those steps: the field joins in, from the in-range
            // squares themselves, which the unit's flood has not touched.
            field.flood.start_from_set(&field.in_range);
            field.started = true;
            if !Self::grow_until_meeting(forward, field, free) {
                return None;
            }
        }
        let (Some(field_steps), true) =
            (field.flood.lowest_layer_meeting(forward.reached(), forward.rows()), forward.layers_kept())
        else {
            return self.next_step_plain(from, free, enemies);
        };
        let forward_steps = forward.steps();
        // The meeting squares, `forward_steps` from the unit and `field_steps` from the nearest
        // in-range squares, are the forward walk's start. Walking down the field from them
        // reaches exactly those nearest squares, and the first in reading order is the chosen
        // one.
        let field = &mut field.flood;
        let walked = field.walk_start(forward.reached(), forward.rows(), field_steps)
            && forward.walk_start(field.walked(), field.walked_rows(), forward_steps)
            && field.walk_to(0);
        debug_assert!(walked, "the meeting squares lead to in-range squares");
        let nearest = field.walked_rows();
        let chosen = field.walked().first_in_rows(nearest.clone())?;
        // Only the meeting squares on shortest paths to the chosen square count: walking up the
        // field from it finds them. When the chosen square is the only nearest one, they all
        // are. Then down the forward flood to the first steps.
        let walked = (field.walked().count_in_rows(nearest) == 1
            || field.walk_start_at(chosen, 0)
                && field.walk_to(field_steps)
                && forward.walk_start(field.walked(), field.walked_rows(), forward_steps))
            && forward.walk_to(1);
        debug_assert!(walked, "the chosen square lies on the meeting squares' paths");
        first_neighbour_in(self.width, from, forward.walked())
    }

    /// Tells the pathfinder that a unit of army `side` stepped from `from` to `to`, changing the
    /// board from version `board` to `next_board`; `free` and `enemies` (of `side`) are the
    /// board after the step. The field of the other army, whose in-range squares moved with the
    /// unit, is dropped as any change of board drops it; the field of `side` is repaired and
    /// stays in use (see the module notes).
    pub fn moved(
        &mut self,
        side: usize,
        (from, to): (usize, usize),
        (free, enemies): (&RowSet, &RowSet),
        (board, next_board): (u64, u64),
    ) {
        let field = &mut self.fields[side];
        if board == 0 || field.board != board {
            return;
        }
        field.board = next_board;
        let neighbours = Offsets::new(self.width).neighbours(from);
        // The in-range squares: `to` is no longer free, `from` is free and in range if an enemy
        // stands beside it (never so far: a unit beside an enemy does not move).
        let to_was_in_range = field.in_range.contains(to);
        field.in_range.remove(to);
        let from_in_range = free.contains(from) && neighbours.iter().any(|&n| enemies.contains(n));
        if from_in_range {
            field.in_range.insert(from);
        }
        if !field.started {
            return;
        }
        if to_was_in_range || from_in_range {
            field.started = false;
            field.complete = false;
            return;
        }
        // The layers within `keep` of the in-range squares are the same on the new board: `to`
        // lay farther out, and `from` is farther than `keep` + 1 (see `Flood::truncate_to`).
        let flood = &mut field.flood;
        let mut keep = flood.steps();
        if let Some(distance) = flood.distance_to(to) {
            keep = keep.min(distance - 1);
        }
        if let Some(nearest) = neighbours.iter().filter_map(|&n| flood.distance_to(n)).min() {
            keep = keep.min(nearest);
        }
        if keep < flood.steps() {
            field.complete = false;
            if !flood.truncate_to(keep) {
                field.started = false;
            }
        }
    }

    /// Grows the unit's flood and the field, each time the one that costs less (spans fewer
    /// rows), until they meet; false if they never can. Before each step no square is within
    /// both, so at the first meeting, after `a` forward steps and `b` field steps, the nearest
    /// in-range square is exactly `a + b` away.
    fn grow_until_meeting(forward: &mut Flood, field: &mut TargetField, free: &RowSet) -> bool {
        loop {
            if field.complete {
                // Every square connected to an in-range square is known, and the unit's flood
                // is not among them.
                return false;
            }
            // Each step asks in the same pass whether it reached the other flood. A step adds
            // at most a row at either end, so the flood that costs less stays so for about half
            // the difference in rows: those steps are taken in one run.
            let (forward_rows, field_rows) = (forward.rows().len(), field.flood.rows().len());
            if forward_rows <= field_rows {
                let steps = (field_rows - forward_rows) / 2 + 1;
                match forward.step_meeting_up_to(free, field.flood.reached(), steps) {
                    // The unit's whole region is known, and holds no in-range square.
                    Step::Stuck => return false,
                    Step::Grew => {}
                    Step::Met(_) => return true,
                }
            } else {
                let steps = (forward_rows - field_rows - 1) / 2 + 1;
                match field.flood.step_meeting_up_to(free, forward.reached(), steps) {
                    Step::Stuck => {
                        field.complete = true;
                        return false;
                    }
                    Step::Grew => {}
                    Step::Met(_) => return true,
                }
            }
        }
    }

    /// The search without kept layers, for caves too large to keep them: forward until a layer
    /// holds an in-range square, then back from the chosen square.
    fn next_step_plain(&mut self, from: usize, free: &RowSet, enemies: &RowSet) -> Option<usize> {
        self.forward.start([from]);
        let mut distance = 0;
        let chosen = loop {
            distance += 1;
            match self.forward.step_beside(free, enemies) {
                Step::Stuck => return None,
                Step::Grew => {}
                Step::Met(square) => break square,
            }
        };
        self.back.start([chosen]);
        for _ in 1..distance {
            self.back.step(free);
        }
        first_neighbour_in(self.width, from, self.back.reached())
    }
}

/// The first of the four neighbours of `from`, in reading order, that is in `set`: the step, once
/// `set` holds the first steps of shortest paths. `from` is off the border, so all four exist.
fn first_neighbour_in(width: usize, from: usize, set: &RowSet) -> Option<usize> {
    Offsets::new(width).neighbours(from).into_iter().find(|&next| set.contains(next))
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::{Bfs, UNREACHED};

    /// The rule read literally: distances from the unit, the nearest in-range square (first in
    /// reading order), distances back from it, and the first neighbour one step closer.
    fn reference_step(width: usize, len: usize, from: usize, free: &[bool], enemy: &[bool]) -> Option<usize> {
        let neighbours = |cell: usize| Offsets::new(width).neighbours(cell);
        let from_unit = Bfs::new(width, len).distances([from], |c| free[c]).to_vec();
        let in_range = |c: usize| free[c] && neighbours(c).into_iter().any(|n| enemy[n]);
        let distance = (0..len).filter(|&c| in_range(c)).map(|c| from_unit[c]).min()?;
        if distance == UNREACHED {
            return None;
        }
        let chosen = (0..len).find(|&c| in_range(c) && from_unit[c] == distance)?;
        let from_chosen = Bfs::new(width, len).distances([chosen], |c| free[c]).to_vec();
        neighbours(from).into_iter().find(|&n| free[n] && from_chosen[n] == distance - 1)
    }

    /// The open squares of a random `width` x `height` cave: every square off the rim but those
    /// that draw less than `walls` out of `out_of`, in reading order.
    fn random_open(
        random: &mut testkit::Random,
        width: usize,
        height: usize,
        walls: u64,
        out_of: u64,
    ) -> Vec<bool> {
        let len = width * height;
        let interior =
            |c: usize| !c.is_multiple_of(width) && c % width != width - 1 && c >= width && c < len - width;
        (0..len).map(|c| interior(c) && random.next_u64() % out_of >= walls).collect()
    }

    #[test]
    fn every_way_through_the_search_agrees_with_the_literal_rule() {
        let mut random = testkit::Random::new(0x7a3c_19e5_0f42_b6d1);
        let mut moved = 0;
        for round in 0..300 {
            let width = 5 + (random.next_u64() % 70) as usize;
            let height = 5 + (random.next_u64() % 30) as usize;
            let len = width * height;
            let walls = 1 + random.next_u64() % 4;
            let open = random_open(&mut random, width, height, walls, 8);
            let mut free = open.clone();
            let mut enemy = vec![false; len];
            let mut units = Vec::new();
            for c in 0..len {
                if open[c] && random.next_u64().is_multiple_of(12) {
                    free[c] = false;
                    if random.next_u64().is_multiple_of(3) {
                        enemy[c] = true;
                    } else {
                        units.push(c);
                    }
                }
            }
            let free_set = RowSet::from_cells(width, height, (0..len).filter(|&c| free[c]));
            let enemies = RowSet::from_cells(width, height, (0..len).filter(|&c| enemy[c]));
            // One pathfinder per way through: the field from the first step, after a few
            // steps, or only when needed; and each sees every unit on the same board, so the
            // later searches reuse the field.
            for forward_only_steps in [0, 1, 3, FORWARD_ONLY_STEPS] {
                let mut pathfinder = Pathfinder::new(width, height);
                pathfinder.forward_only_steps = forward_only_steps;
                for &unit in &units {
                    let expected = reference_step(width, len, unit, &free, &enemy);
                    let board = round + 1;
                    let step = pathfinder.next_step(unit, &free_set, &enemies, 0, board);
                    assert_eq!(
                        step, expected,
                        "{width} x {height}, unit {unit}, {forward_only_steps} steps alone"
                    );
                    moved += usize::from(step.is_some());
                    if forward_only_steps == 0 {
                        // The search for floods too long to keep their layers.
                        assert_eq!(pathfinder.next_step_plain(unit, &free_set, &enemies), expected);
                    }
                }
            }
        }
        assert!(moved > 2000, "only {moved} moves checked");
    }

    #[test]
    fn a_field_repaired_after_each_move_agrees_with_the_literal_rule() {
        // One army takes its turns and moves, as in a round before the armies meet: each search
        // starts from the field the earlier ones grew, cut back after each move.
        let mut random = testkit::Random::new(0x3f1e_77d0_c4a2_9b85);
        let mut moved = 0;
        for round in 0..120 {
            let width = 8 + (random.next_u64() % 120) as usize;
            let height = 8 + (random.next_u64() % 40) as usize;
            let len = width * height;
            let walls = random.next_u64() % 3;
            let open = random_open(&mut random, width, height, walls, 10);
            let mut free = open.clone();
            let mut enemy = vec![false; len];
            let mut units = Vec::new();
            // The army in the top left part, its enemies in the bottom right, a few astray.
            for c in 0..len {
                let (row, col) = (c / width, c % width);
                let top_left = row < height / 3 && col < width / 3;
                let bottom_right = row >= height * 2 / 3 && col >= width * 2 / 3;
                if open[c] && random.next_u64().is_multiple_of(if top_left || bottom_right { 6 } else { 150 })
                {
                    free[c] = false;
                    if bottom_right || (!top_left && random.next_u64().is_multiple_of(2)) {
                        enemy[c] = true;
                    } else {
                        units.push(c);
                    }
                }
            }
            let mut free_set = RowSet::from_cells(width, height, (0..len).filter(|&c| free[c]));
            let enemies = RowSet::from_cells(width, height, (0..len).filter(|&c| enemy[c]));
            let mut pathfinder = Pathfinder::new(width, height);
            pathfinder.forward_only_steps = (random.next_u64() % 4) as usize;
            let mut board = 1;
            for _ in 0..3 {
                for unit in &mut units {
                    let expected = reference_step(width, len, *unit, &free, &enemy);
                    let step = pathfinder.next_step(*unit, &free_set, &enemies, 0, board);
                    assert_eq!(step, expected, "round {round}: {width} x {height}, unit {unit}");
                    let Some(to) = step else { continue };
                    (free[*unit], free[to]) = (true, false);
                    free_set.insert(*unit);
                    free_set.remove(to);
                    pathfinder.moved(0, (*unit, to), (&free_set, &enemies), (board, board + 1));
                    board += 1;
                    *unit = to;
                    moved += 1;
                }
            }
        }
        assert!(moved > 1500, "only {moved} moves checked");
    }
}

//! Packing order: filling a goal room one goal at a time, deepest first.
//!
//! Many levels keep their goals in a *goal room*, an area of goals (and a little floor beside
//! them) reached through one or few doorways. The boxes must go in one by one, and most orders
//! of filling the room block it: a box parked at the mouth walls off the goals behind it. A
//! search left alone tries those orders and their dead ends over and over, for every
//! arrangement of the boxes still outside.
//!
//! This module fixes one order before the search and makes the search follow it:
//!
//! - **Rooms.** A *doorway* is a floor square, not a goal, with walls on two opposite sides.
//!   Flooding from each goal without entering doorways gives the rooms; a room is used only
//!   when it has a doorway at all and at least two goals, and, when it holds boxes or the
//!   player at the start, at most five doorways (more, as in a lattice of goals, make an open
//!   area, not a room). Every square next to a room is then one of its doorways, so a box can
//!   only come in through one.
//! - **Blocks of goals.** Where the doorways fence no room (the goals open onto a hall, or onto
//!   the level, that holds boxes and has more than five doorways), a block of goals side by
//!   side can still be one: the goals joined through their sides, with the floor squares whose
//!   floor neighbours are all its goals (a gap inside the block). Such a block is followed when
//!   it holds at least four goals, no box and not the player at the start, and is entered from
//!   at most five squares; those squares are then its doorways. A pair of goals in a hall is no
//!   room: followed as one, it cost `sasquatch` 46 the three dives that had solved it. On the
//!   classic 90-level set this gives rooms to 15 levels that had none (22, 37, 38, 40, 47, 53,
//!   55, 56, 57, 60, 61, 66, 67, 77 and 85): goal areas whose openings are not walled on two
//!   opposite sides.
//! - **The order**, found backwards: with every goal of the room filled and nothing outside,
//!   the player comes in from the doorways and *pulls* boxes out. A box that can be pulled onto
//!   a doorway with the others still in place leaves, and the next is tried; the goals nearest
//!   the doorways are tried first. Taking a box out only makes room for the rest, so when the
//!   greedy choice gets stuck no other choice would have emptied the room either. The fill
//!   order is the reverse of the emptying order: the goal emptied last is filled first.
//! - **Parked boxes.** Where the greedy emptying gets stuck, no box can leave, but one may be
//!   pulled to another square of the room, out of the way of the others: a goal already
//!   emptied or a square off the goals (YASS's packing order search has such moves too, a box
//!   pushed as far as it goes to make room for others, as T. A. Wheeler's 2022 notes on its
//!   code tell). From there the greedy emptying goes on. A best-first search over the room's
//!   positions (fewest boxes left, then fewest parked; at most two parked, and a bound on its
//!   pull searches) finds such a way out when there is one; it took at most a few
//!   milliseconds on every level of the four sets (`xsokoban` 20 parks one box, 50 two).
//!   Forwards, that is a *plan* of placings: a box brought in to a square, or a parked box
//!   moved on to its goal. A room with no plan is not followed.
//!
//! ```text
//!   #######        the room's goals, filled in the order 1..6: the deepest first, so no
//!   #135  #        box parked on a goal ever stands in the way of a later one. The square
//!   #246   ← door  left of the door is the doorway (walls above and below).
//!   #######
//! ```
//!
//! **In the search** (fast mode only), a room whose plan is done up to placing `k` (the last
//! `k` for which every square that the first `k` placings fill holds a box) is worked on
//! through placing `k` alone. When it brings a box from outside, a push that brings a box in
//! through a doorway is continued, as one macro move, along a shortest push path inside the
//! room to its square (or dropped when there is none); when it moves a parked box on, no box
//! comes in until it is done. A box on a square the plan fills for good by placing `k` is
//! *finished*, never pushed again. So the search never sees a half-filled room in a bad order.
//! A room may hold boxes at the start, on its goals or off them: those not finished are pushed
//! like any box, inside the room or out of it, until the plan takes them in. Two other
//! techniques step aside for it: a tunnel macro stops at a room's edge (the entry macro takes
//! over), and a PI-corral that asks for a push of a finished box is not followed (those boxes
//! stay put, so its "only these pushes" would leave none).
//!
//! **The packing advisor** (after FESS's, Shoham and Schaeffer 2020). The entry macro starts
//! only at a doorway, so a box far off still goes there one push, one expansion at a time, each
//! among all the other pushes of its state; on large levels the search stalled with about half
//! of a room filled and no box ever brought to its door. So each expanded state also offers,
//! for a room's next goal, the move that takes a box from where it stands all the way to that
//! goal: the shortest push path of that box alone, the other boxes fixed, the player starting
//! in its region ([`Packing::advised_path`]). The child has the box on the goal and counts
//! every push; the search stores the move as one step and finds its pushes again from the
//! parent when it writes the answer. When the next placing moves a parked box on, the advisor
//! offers that box's move alone. Most such searches find no path, so each is bounded, and
//! rationed (see `expand`): asked of every box in every state, it cost a third of the states a
//! second even with the player's flood at each position stopped early, and solved fewer
//! levels. That flood is gone now: one numbering of the free squares per search says for every
//! position which pushes the player can reach round the box (see [`Cuts`]). Most of those
//! searches numbered the squares and then found nothing: now a box that could not reach the
//! goal even with the player free to stand behind it anywhere is not searched at all (fortieth
//! session; the dive with pushable-box cells on `xsokoban` 31 and 40, 300,000 states each, the
//! same states in 9.7% and 10.6% fewer instructions).
//!
//! **Open rooms** (`open-dive`). The entry macro keeps every box that comes in on its way to the
//! next goal, so under it no box ever crosses a room or waits in one. Where a room parts the
//! level into areas joined only through it, that can make the plan impossible: a scratch count
//! of the boxes each area holds against the placings only it can feed (the boxes a plan brings
//! in can come only from the areas their pulls out of the room reach) finds too few on eight
//! `xsokoban` levels, five of them (39, 50, 66, 69 and 88) solved by no search of the fast mode.
//! A search with the rooms open keeps the plans, the finished boxes and the advisor, but pushes a
//! box that enters a room like any other, so it may pass through to the floor beyond, wait in
//! the room, or go on to the next goal one push at a time (a tunnel macro still stops at the
//! room's edge, as with the rooms closed). It solves other levels than the dive
//! with closed rooms (the README's forty-fourth session): a search of its own in the
//! portfolios, not a replacement.
//!
//! This is a restriction, not a proof: a level may need a box parked in the room for a while,
//! another order, or a path the macro does not take. A search under it that runs dry says
//! nothing, so [`crate::solve`] runs the unrestricted search before it calls a level
//! unsolvable (the same fallback as for tunnel macros). The optimal mode never uses it.

use crate::board::Board;
use grid::{Bfs, Direction, UNREACHED};
use rustc_hash::FxHashSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Not in any room.
const NO_ROOM: u8 = u8::MAX;
/// The most rooms followed; beyond, the rest are left to the plain search.
const MOST_ROOMS: usize = 16;
/// The most doorways of a room that holds boxes or the player at the start.
const MOST_DOORS_OCCUPIED: usize = 5;
/// The fewest goals of a block of goals followed as a room (see the module notes).
const FEWEST_BLOCK_GOALS: usize = 4;

/// The rooms of a level and the plan each is filled by.
pub(super) struct Packing {
    /// The room of each cell, or [`NO_ROOM`].
    room_of: Vec<u8>,
    /// For each room, the boxes brought in or moved on, in turn (see [`Placing`]).
    plans: Vec<Vec<Placing>>,
    /// For each room and each count `k` of its placings done, the squares that hold its boxes
    /// then, the first `k` placings made in an empty room.
    after: Vec<Vec<Vec<usize>>>,
    /// For each square of a room, the count of its room's placings from which on a box on it
    /// stays to the end; [`NEVER`] for a square the plan leaves empty or empties again.
    settled_from: Vec<usize>,
    /// For each room, how many of its placings the loaded position has done (see
    /// [`Packing::load`]).
    done: Vec<usize>,
    /// The search of push paths that the entry macro and the advisor share.
    paths: PushPaths,
}

/// One step of a room's plan: a box brought to `target`, from outside the room (`from` is
/// `None`) or from the square `from` in the room where an earlier step parked it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placing {
    pub target: usize,
    pub from: Option<usize>,
}

/// No count of placings: a square where no box stays.
const NEVER: usize = usize::MAX;

/// One push of a macro: the box's square before it and the direction.
pub(super) type Step = (usize, Direction);

impl Packing {
    /// The rooms of `board` with the start position `boxes` / `player`, and their plans, which
    /// park boxes only when `parking`; `None` when no room qualifies.
    pub fn new(board: &Board, boxes: &[usize], player: usize, parking: bool) -> Option<Packing> {
        let mut room_of = vec![NO_ROOM; board.len];
        let mut settled_from = vec![NEVER; board.len];
        let (mut plans, mut after) = (Vec::new(), Vec::new());
        let mut bfs = Bfs::with_rim(board.width, board.len);
        for Room { squares, doors } in rooms(board, boxes, player, &mut bfs) {
            if plans.len() == MOST_ROOMS {
                break;
            }
            let goals: Vec<usize> = squares.iter().copied().filter(|&c| board.goal[c]).collect();
            let inside = cells_of(board, &squares);
            let doors = doors.unwrap_or_else(|| doorways_outside(board, &inside));
            if let Some(plan) = fill_plan(board, &inside, &goals, &doors, &mut bfs, parking) {
                for &c in &squares {
                    room_of[c] = plans.len() as u8;
                }
                let squares_after = squares_after(&plan);
                // A box stays from the last count whose squares lack it on.
                for &c in squares_after.last().into_iter().flatten() {
                    settled_from[c] = (0..squares_after.len())
                        .rev()
                        .find(|&k| !squares_after[k].contains(&c))
                        .map_or(0, |k| k + 1);
                }
                plans.push(plan);
                after.push(squares_after);
            }
        }
        (!plans.is_empty()).then(|| Packing {
            room_of,
            done: vec![0; plans.len()],
            plans,
            after,
            settled_from,
            paths: PushPaths::new(board),
        })
    }

    /// Loads the position whose boxes `occupied` holds: for each room, the most of its placings
    /// done, the largest count whose squares all hold a box. A plan that parks no box fills
    /// its squares one by one, so there the count is that of its first targets filled.
    pub fn load(&mut self, occupied: &[bool]) {
        for ((plan, after), done) in self.plans.iter().zip(&self.after).zip(&mut self.done) {
            *done = if plan.iter().all(|placing| placing.from.is_none()) {
                plan.iter().take_while(|placing| occupied[placing.target]).count()
            } else {
                (0..after.len()).rev().find(|&k| after[k].iter().all(|&c| occupied[c])).unwrap_or(0)
            };
        }
    }

    /// Whether `cell` lies in a followed room.
    #[inline]
    pub fn in_room(&self, cell: usize) -> bool {
        self.room_of[cell] != NO_ROOM
    }

    /// Whether the box on `cell` is finished in the loaded position: its room's plan has come
    /// as far as it puts a box there for good. A finished box stays put.
    pub fn finished(&self, cell: usize) -> bool {
        self.done.get(usize::from(self.room_of[cell])).is_some_and(|&done| done >= self.settled_from[cell])
    }

    /// The square of `cell`'s room that a box coming in goes to next in the loaded position:
    /// the next placing's target when it brings a box from outside; `None` when the room is
    /// full or must first move a box it parked.
    pub fn next_goal(&self, cell: usize) -> Option<usize> {
        let room = usize::from(self.room_of[cell]);
        let placing = self.plans.get(room)?.get(self.done[room])?;
        placing.from.is_none().then_some(placing.target)
    }

    /// The rooms' next placings in the loaded position, one for each room not yet full.
    pub fn next_placings(&self) -> impl Iterator<Item = Placing> + '_ {
        self.plans.iter().zip(&self.done).filter_map(|(plan, &done)| plan.get(done).copied())
    }

    /// Whether some room's plan parks a box.
    #[cfg(test)]
    pub fn parks(&self) -> bool {
        self.plans.iter().flatten().any(|placing| placing.from.is_some())
    }

    /// The squares each room's plan fills, in turn (the targets of its placings).
    #[cfg(test)]
    fn orders(&self) -> Vec<Vec<usize>> {
        self.plans.iter().map(|plan| plan.iter().map(|placing| placing.target).collect()).collect()
    }

    /// The pushes that take a box, just pushed from `from` in direction `d` into a room, on to
    /// `goal` along a shortest push path inside the room, the first push included; `occupied`
    /// holds the other boxes (not this one), `boxes` all of them, this one too. `None` when
    /// there is no such path.
    pub fn entry_path(
        &mut self,
        board: &Board,
        occupied: &[bool],
        boxes: &[usize],
        from: usize,
        d: Direction,
        goal: usize,
    ) -> Option<Vec<Step>> {
        let room_of = &self.room_of;
        let first = [(board.step(from, d), d)];
        self.paths.set_others(boxes, from);
        self.paths.shortest(board, occupied, first, goal, |c| room_of[c] != NO_ROOM, usize::MAX)
    }

    /// Whether `a` and `b` lie in the same room.
    pub fn same_room(&self, a: usize, b: usize) -> bool {
        self.room_of[a] == self.room_of[b]
    }

    /// The packing advisor's move: the pushes that take the box on `b`, from anywhere, to
    /// `goal` along a shortest push path of that box alone, the player starting in the region
    /// `region` says; `occupied` holds the other boxes (not this one), `boxes` all of them,
    /// this one too. `None` when there is no such path, or none found within `most` positions
    /// of the box.
    #[allow(clippy::too_many_arguments)] // the position, the box and its goal, and the bound
    pub fn advised_path(
        &mut self,
        board: &Board,
        occupied: &[bool],
        boxes: &[usize],
        region: impl Fn(usize) -> bool,
        b: usize,
        goal: usize,
        most: usize,
    ) -> Option<Vec<Step>> {
        let first = Direction::READING_ORDER.into_iter().filter_map(|d| {
            let (to, pusher) = (board.step(b, d), board.step(b, d.opposite()));
            (region(pusher) && board.floor[to]).then_some((to, d))
        });
        if !self.paths.box_may_reach(board, occupied, b, goal) {
            return None;
        }
        self.paths.set_others(boxes, b);
        self.paths.shortest(board, occupied, first, goal, |_| true, most)
    }
}

/// For each count `k` of `plan`'s placings done in an empty room, the squares holding boxes.
fn squares_after(plan: &[Placing]) -> Vec<Vec<usize>> {
    let mut squares = vec![Vec::new()];
    for placing in plan {
        let mut next: Vec<usize> = squares[squares.len() - 1].clone();
        next.retain(|&c| Some(c) != placing.from);
        next.push(placing.target);
        squares.push(next);
    }
    squares
}

/// The breadth-first search of one box's push paths (see [`PushPaths::shortest`]), with the
/// tables it keeps between calls: the packing advisor runs it about once for every state
/// expanded, so it allocates nothing per call.
struct PushPaths {
    /// Which squares a box cuts apart, for the other boxes of the current call.
    cuts: Cuts,
    /// The other boxes of the current call (all but the one whose paths are searched), as bit
    /// words over cells: the numbering of `cuts` depends on them alone.
    others: Vec<u64>,
    /// For each square, whether the box stood there after a push in each direction; cleared
    /// after each search through the positions it lists.
    seen: Vec<[bool; 4]>,
    /// The positions found: the box's square, the last push's direction, the position before.
    positions: Vec<(usize, Direction, u32)>,
    /// The squares [`PushPaths::box_may_reach`] reached, marked with the call's stamp, and its
    /// squares still to look from.
    reached: Vec<u32>,
    stamp: u32,
    to_visit: Vec<usize>,
}

impl PushPaths {
    fn new(board: &Board) -> PushPaths {
        PushPaths {
            cuts: Cuts::new(board.len),
            others: vec![0; board.len.div_ceil(64)],
            seen: vec![[false; 4]; board.len],
            positions: Vec::new(),
            reached: vec![0; board.len],
            stamp: 0,
            to_visit: Vec::new(),
        }
    }

    /// Takes the boxes of the next search: `boxes` but the one on `moving`, whose paths it
    /// searches.
    fn set_others(&mut self, boxes: &[usize], moving: usize) {
        self.others.fill(0);
        for &c in boxes.iter().filter(|&&c| c != moving) {
            grid::insert_bit(&mut self.others, c);
        }
    }

    /// Whether the box on `b` could reach `goal` if the player could stand behind it wherever
    /// the square is free: each push onto a free square that is not dead, from a free square.
    /// Every push path passes this test, so a box that fails it has none, and the search of
    /// [`PushPaths::shortest`] (its numbering of the player's squares above all) is spared.
    /// Most of the advisor's searches find no path: with the dive with pushable-box cells,
    /// `xsokoban` 29, 31 and 40, the first 300,000 states, 81,247, 81,354 and 80,230 of 81,247,
    /// 97,562 and 96,594 found none, and this test proved 75,493, 68,494 and 68,385 of those.
    fn box_may_reach(&mut self, board: &Board, occupied: &[bool], b: usize, goal: usize) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.reached.fill(0);
            self.stamp = 1;
        }
        let free = |c: usize| board.floor[c] && !occupied[c];
        self.to_visit.clear();
        self.to_visit.push(b);
        self.reached[b] = self.stamp;
        while let Some(at) = self.to_visit.pop() {
            if at == goal {
                return true;
            }
            for d in Direction::READING_ORDER {
                let to = board.step(at, d);
                if self.reached[to] != self.stamp
                    && free(to)
                    && !board.dead[to]
                    && free(board.step(at, d.opposite()))
                {
                    self.reached[to] = self.stamp;
                    self.to_visit.push(to);
                }
            }
        }
        false
    }

    /// A shortest push path of one box to `goal`, from the positions after its `first` pushes
    /// (each the box's square and the direction it was pushed in), through squares `allowed`
    /// that are free (`occupied` holds the other boxes, the last [`PushPaths::set_others`] the
    /// same) and not dead: breadth first over (box square, direction of the last push), which
    /// puts the player behind the box, whose region around the box then says which pushes come
    /// next. `None` when there is none, or none found within `most` positions.
    fn shortest(
        &mut self,
        board: &Board,
        occupied: &[bool],
        first: impl IntoIterator<Item = (usize, Direction)>,
        goal: usize,
        allowed: impl Fn(usize) -> bool,
        most: usize,
    ) -> Option<Vec<Step>> {
        debug_assert!(
            (0..board.len).all(|c| occupied[c] == grid::has_bit(&self.others, c)),
            "set_others took other boxes than `occupied` holds"
        );
        let free = |c: usize| allowed(c) && board.floor[c] && !occupied[c] && !board.dead[c];
        for (at, d) in first {
            if free(at) && !self.seen[at][d.index()] {
                self.seen[at][d.index()] = true;
                self.positions.push((at, d, u32::MAX));
            }
        }
        let mut found = None;
        let mut next = 0;
        let mut built = false;
        while next < self.positions.len() && next < most {
            let (at, last, _) = self.positions[next];
            if at == goal {
                found = Some(next);
                break;
            }
            // The pushes whose target is open, and the square the player pushes each from.
            let mut pushes = [None; 4];
            for push in Direction::READING_ORDER {
                let to = board.step(at, push);
                if free(to) && !self.seen[to][push.index()] {
                    pushes[push.index()] = Some(board.step(at, push.opposite()));
                }
            }
            if pushes.iter().any(Option::is_some) {
                let behind = board.step(at, last.opposite());
                // Every square the player or the box reaches lies in the free squares joined to
                // the first square behind the box, so one numbering of those answers them all.
                if !built {
                    self.cuts.number(board, occupied, &self.others, behind);
                    built = true;
                }
                for push in Direction::READING_ORDER {
                    if let Some(pusher) = pushes[push.index()]
                        && self.cuts.joined_around(board, at, behind, pusher)
                    {
                        let to = board.step(at, push);
                        self.seen[to][push.index()] = true;
                        self.positions.push((to, push, next as u32));
                    }
                }
            }
            next += 1;
        }
        let path = found.map(|end| {
            let mut path = Vec::new();
            let mut index = end as u32;
            while index != u32::MAX {
                let (to, dir, parent) = self.positions[index as usize];
                path.push((board.step(to, dir.opposite()), dir));
                index = parent;
            }
            path.reverse();
            path
        });
        for &(at, d, _) in &self.positions {
            self.seen[at][d.index()] = false;
        }
        self.positions.clear();
        path
    }
}

/// Which free squares a box on one square cuts apart from each other, for one arrangement of
/// the other boxes: the player's side of a push path search. A push path of hundreds of
/// positions asked, at each, whether the player could walk from behind the box to the squares
/// behind its next pushes, one flood each, and on large levels those floods took nearly half
/// of a dive's time. Instead, one depth-first search (after Hopcroft and Tarjan) numbers the
/// free squares joined to the box's first square; each square keeps the number it was found
/// at, the last number found inside its subtree, and `low`, the lowest number its subtree
/// touches by an edge that is not in the tree. With a box on `v`, the squares of the subtree of
/// a child `c` of `v` are cut off from the rest exactly when `low[c]` is not below `v`'s own
/// number; every other square stays with `v`'s parent. Two free neighbours of `v` are then
/// joined when they fall in the same such part.
///
/// The numbering depends on the other boxes alone, not on the square it starts from: any
/// depth-first tree of the same squares tells the same parts apart. So it is kept for the next
/// search with the same other boxes, when that search starts among the squares it numbered. In
/// a dive that is common: the advisor asks about the box pushed last, and when the next state
/// expanded is a child that pushed the same box on, the other boxes are where they were. The
/// dive with pushable-box cells (300,000 states, the same states) on `xsokoban` 31, 40, 50, 61
/// and 86 took 0.4, 1.8, 0.05 and 0.2% fewer instructions so, and 0.15% more on 86: little,
/// but the advisor's numbering was 9% of that dive on 31.
struct Cuts {
    /// The other boxes of the last numbering (bit words over cells); before the first, no
    /// square is found, so they are never asked.
    numbered_for: Vec<u64>,
    /// What the numbering found of each square, in one record a square rather than four
    /// arrays: 0.8% fewer instructions in the dive with pushable-box cells on `xsokoban` 31
    /// and 40 (300,000 states each, the same states), fewer bounds checks and cache lines.
    marks: Vec<Mark>,
    /// The squares found, to clear them before the next numbering.
    squares: Vec<u32>,
    /// The depth-first search's path: a square and how many of its neighbours it has tried.
    stack: Vec<(u32, u8)>,
}

impl Cuts {
    fn new(len: usize) -> Cuts {
        Cuts {
            numbered_for: vec![0; len.div_ceil(64)],
            marks: vec![Mark::default(); len],
            squares: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Numbers the free squares (floor, no box of `occupied`) joined to `root`, a free square;
    /// `others` holds the same boxes as bit words over cells. Kept as it is when the last
    /// numbering was for the same boxes and reached `root`.
    fn number(&mut self, board: &Board, occupied: &[bool], others: &[u64], root: usize) {
        if self.marks[root].found != 0 && self.numbered_for == others {
            return;
        }
        self.numbered_for.copy_from_slice(others);
        for &c in &self.squares {
            self.marks[c as usize].found = 0;
        }
        self.squares.clear();
        let free = |c: usize| board.floor[c] && !occupied[c];
        let mut count = 1;
        self.marks[root] = Mark { found: count, low: count, last: 0, parent: u32::MAX };
        self.squares.push(root as u32);
        self.stack.push((root as u32, 0));
        while let Some(top) = self.stack.last_mut() {
            let v = top.0 as usize;
            if let Some(&d) = Direction::READING_ORDER.get(usize::from(top.1)) {
                top.1 += 1;
                let w = board.step(v, d);
                if !free(w) {
                    continue;
                }
                let found = self.marks[w].found;
                if found == 0 {
                    count += 1;
                    self.marks[w] = Mark { found: count, low: count, last: 0, parent: v as u32 };
                    self.squares.push(w as u32);
                    self.stack.push((w as u32, 0));
                } else if w as u32 != self.marks[v].parent {
                    self.marks[v].low = self.marks[v].low.min(found);
                }
            } else {
                self.stack.pop();
                // The numbers are handed out in order, so the last one given is the subtree's last.
                self.marks[v].last = count;
                if let Some(&(p, _)) = self.stack.last() {
                    let low = self.marks[v].low;
                    let parent = &mut self.marks[p as usize];
                    parent.low = parent.low.min(low);
                }
            }
        }
    }

    /// The part that the numbered square `u`, a neighbour of `v`, falls in when a box stands on
    /// `v`: the child of `v` whose subtree holds `u` when that subtree is cut off, else none.
    fn part(&self, board: &Board, v: usize, u: usize) -> Option<usize> {
        let (of_v, of_u) = (self.marks[v], self.marks[u].found);
        if of_u <= of_v.found || of_u > of_v.last {
            return None;
        }
        board
            .neighbours(v)
            .into_iter()
            .find(|&c| {
                let child = self.marks[c];
                child.found != 0 && child.parent as usize == v && child.found <= of_u && of_u <= child.last
            })
            .filter(|&c| self.marks[c].low >= of_v.found)
    }

    /// Whether a player on `a`, a numbered neighbour of `v`, can walk to `b`, another
    /// neighbour, with a box on `v`; never when `b` is a wall or a box, which is not numbered.
    fn joined_around(&self, board: &Board, v: usize, a: usize, b: usize) -> bool {
        a == b
            || (self.marks[a].found != 0
                && self.marks[b].found != 0
                && self.part(board, v, a) == self.part(board, v, b))
    }
}

/// What [`Cuts::number`] found of a square.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    /// The number the square was found at, from 1; 0 for a square not found.
    found: u32,
    /// The lowest number reached from the square's subtree by one step off the tree.
    low: u32,
    /// The largest number found inside the square's subtree.
    last: u32,
    /// The square the search came from, `u32::MAX` for the first.
    parent: u32,
}

/// A room that may be followed: its squares, and the squares the player who empties it comes in
/// from, `None` for every doorway of the board outside it (see [`rooms`]).
#[derive(Clone, Debug)]
struct Room {
    squares: Vec<usize>,
    doors: Option<Vec<usize>>,
}

/// The rooms of the level (see the module notes): the areas doorways fence round goals, and
/// where such an area is open, the blocks of goals in it that are.
fn rooms(board: &Board, boxes: &[usize], player: usize, bfs: &mut Bfs) -> Vec<Room> {
    let occupied = |area: &[usize]| {
        let inside = cells_of(board, area);
        inside[player] || boxes.iter().any(|&b| inside[b])
    };
    let goals_in = |area: &[usize]| area.iter().filter(|&&c| board.goal[c]).count();
    let mut seen = vec![false; board.len];
    let mut rooms = Vec::new();
    for &goal in &board.goals {
        if seen[goal] {
            continue;
        }
        let squares: Vec<usize> =
            bfs.reach([goal], |c| board.floor[c] && !doorway(board, c)).iter().map(|&c| c as usize).collect();
        for &c in &squares {
            seen[c] = true;
        }
        let doors = doors_of(board, &squares);
        if doors.is_empty() || goals_in(&squares) < 2 {
            continue;
        }
        if !occupied(&squares) || doors.len() <= MOST_DOORS_OCCUPIED {
            rooms.push(Room { squares, doors: None });
            continue;
        }
        // Too open to be one room, as in a lattice of goals or a hall with boxes in it; a block
        // of goals in it, empty and entered from a few squares, still fills best in an order.
        for area in goal_areas(board, &squares) {
            let doors = doors_of(board, &area);
            if goals_in(&area) >= FEWEST_BLOCK_GOALS && doors.len() <= MOST_DOORS_OCCUPIED && !occupied(&area)
            {
                rooms.push(Room { squares: area, doors: Some(doors) });
            }
        }
    }
    rooms
}

/// How many of the level's rooms are blocks of goals in an open area.
#[cfg(test)]
pub(crate) fn goal_blocks(board: &Board, boxes: &[usize], player: usize) -> usize {
    let mut bfs = Bfs::with_rim(board.width, board.len);
    rooms(board, boxes, player, &mut bfs).iter().filter(|room| room.doors.is_some()).count()
}

/// Whether each cell of the board is one of `squares`: a lookup in constant time, where a
/// search of the list would cost its length, on rooms that can cover the whole board.
fn cells_of(board: &Board, squares: &[usize]) -> Vec<bool> {
    let mut inside = vec![false; board.len];
    for &c in squares {
        inside[c] = true;
    }
    inside
}

/// The floor squares next to `room` and outside it, in order.
fn doors_of(board: &Board, room: &[usize]) -> Vec<usize> {
    let inside = cells_of(board, room);
    let mut doors: Vec<usize> = room
        .iter()
        .flat_map(|&c| Direction::READING_ORDER.map(|d| board.step(c, d)))
        .filter(|&c| board.floor[c] && !inside[c])
        .collect();
    doors.sort_unstable();
    doors.dedup();
    doors
}

/// The goal areas within `region`: each set of goals joined side by side, with the floor
/// squares every floor neighbour of which is one of its goals (a gap in a block of goals).
fn goal_areas(board: &Board, region: &[usize]) -> Vec<Vec<usize>> {
    let mut area_of = vec![usize::MAX; board.len];
    let mut areas: Vec<Vec<usize>> = Vec::new();
    for &start in region.iter().filter(|&&c| board.goal[c]) {
        if area_of[start] != usize::MAX {
            continue;
        }
        let mut area = vec![start];
        area_of[start] = areas.len();
        let mut next = 0;
        while next < area.len() {
            for n in board.neighbours(area[next]) {
                if board.goal[n] && area_of[n] == usize::MAX {
                    area_of[n] = areas.len();
                    area.push(n);
                }
            }
            next += 1;
        }
        areas.push(area);
    }
    for &gap in region.iter().filter(|&&c| !board.goal[c]) {
        let mut beside = board.neighbours(gap).into_iter().filter(|&n| board.floor[n]).map(|n| area_of[n]);
        if let Some(first) = beside.next()
            && first != usize::MAX
            && beside.all(|area| area == first)
        {
            areas[first].push(gap);
        }
    }
    areas
}

/// The doorways of the board outside the room `inside` marks: where the player who empties a
/// room fenced by doorways comes in from.
fn doorways_outside(board: &Board, inside: &[bool]) -> Vec<usize> {
    (0..board.len).filter(|&c| !inside[c] && doorway(board, c)).collect()
}

/// A floor square, not a goal, walled on two opposite sides: where rooms end.
fn doorway(board: &Board, cell: usize) -> bool {
    let wall = |d| !board.floor[board.step(cell, d)];
    board.floor[cell]
        && !board.goal[cell]
        && ((wall(Direction::Up) && wall(Direction::Down))
            || (wall(Direction::Left) && wall(Direction::Right)))
}

/// The most pull searches (see [`Emptying::pull_out`]) that looking for a room's plan may
/// make: every search of a level starts by finding its plans, and a room the greedy emptying
/// leaves stuck is searched further for boxes to park. The plans of the four sets took at most
/// 1,120 (`sasquatch` 35).
const MOST_PULL_SEARCHES: usize = 4_000;
/// The most boxes a plan parks. At most six, `sasquatch` 31 (four parked) took the dive with
/// pushable-box cells 29.7 s alone rather than 4.8 s, and no level came sooner (`xsokoban` 87,
/// three parked, 11.5 s either way; `sasquatch` 9, five, 0.01 -> 0.1 s).
const MOST_PARKED: usize = 2;

/// A backward move of a room's emptying: the box on the first square pulled out of the room
/// (`None`) or onto the second, inside it.
type Pull = (usize, Option<usize>);

/// The plan that fills the room's `goals` (see the module notes), or `None` when none was
/// found: the full room emptied backwards through its doorways, box by box, each pulled out
/// when one can be, and when none can, one pulled to a square inside the room out of the
/// way (parked), as few times as a best-first search over the room's positions finds; only
/// when `parking`.
fn fill_plan(
    board: &Board,
    inside: &[bool],
    goals: &[usize],
    doors: &[usize],
    bfs: &mut Bfs,
    parking: bool,
) -> Option<Vec<Placing>> {
    // Goals nearest the doorways are tried first: they are the natural last ones to fill. The
    // start does not enter: trying first the goals that hold no box at the start (so that those
    // boxes are filled early and stay), or first those that do, changed the orders of six
    // `xsokoban` levels and solved none of them more at 60 s a level: 15 was lost either way,
    // 48 too by the first (the second took it 30 s, not 5).
    let distance = bfs.distances(doors.iter().copied(), |c| board.floor[c]).to_vec();
    let mut emptying = Emptying {
        board,
        inside,
        doors,
        bfs,
        searches: 0,
        squares: Vec::new(),
        from_doors: Vec::new(),
        pulled: vec![false; board.len * 4],
        seen: Vec::new(),
    };
    let mut left: Vec<usize> = goals.to_vec();
    left.sort_by_key(|&g| (distance[g], g));
    let mut pulls = Vec::new();
    emptying.greedily(&mut left, &mut pulls)?;
    if !parking {
        return left.is_empty().then(|| placings_of(&pulls));
    }
    // A box that cannot leave even with the room otherwise empty, parked as often as it likes,
    // never can: no plan then. Most rooms with no plan end here, not after the whole search.
    for &b in &left {
        if !emptying.leaves_alone(b)? {
            return None;
        }
    }
    // The positions where the greedy emptying got stuck, cheapest first: fewest boxes left,
    // then fewest parked.
    let mut positions = vec![(left, pulls)];
    let mut queue = BinaryHeap::from([Reverse((positions[0].0.len(), 0, 0))]);
    let mut seen = FxHashSet::default();
    while let Some(Reverse((_, parked, index))) = queue.pop() {
        if positions[index].0.is_empty() {
            return Some(placings_of(&positions[index].1));
        }
        if parked == MOST_PARKED {
            continue;
        }
        let (stuck, pulls) = positions[index].clone();
        let full = cells_of(board, &stuck);
        for (box_index, &b) in stuck.iter().enumerate() {
            emptying.pull_out(&full, b)?;
            for to in std::mem::take(&mut emptying.squares) {
                let mut left = stuck.clone();
                left[box_index] = to;
                left.sort_by_key(|&g| (distance[g], g));
                let mut pulls = pulls.clone();
                pulls.push((b, Some(to)));
                emptying.greedily(&mut left, &mut pulls)?;
                let mut key = left.clone();
                key.sort_unstable();
                if seen.insert(key) {
                    queue.push(Reverse((left.len(), parked + 1, positions.len())));
                    positions.push((left, pulls));
                }
            }
        }
    }
    None
}

/// The forward plan of a room emptied by `pulls`: their reverse, each box brought to the
/// square it was pulled from.
fn placings_of(pulls: &[Pull]) -> Vec<Placing> {
    pulls.iter().rev().map(|&(target, from)| Placing { target, from }).collect()
}

/// The backward emptying of one room: its squares, its doorways, and the count of pull
/// searches made, which bounds the work.
struct Emptying<'a> {
    board: &'a Board,
    inside: &'a [bool],
    doors: &'a [usize],
    bfs: &'a mut Bfs,
    searches: usize,
    /// The squares in the room that the last [`Emptying::pull_out`] pulled its box to.
    squares: Vec<usize>,
    /// The player's distances from the doorways in the last pull search (a buffer).
    from_doors: Vec<u32>,
    /// For each square and direction, whether the last pull search pulled the box onto it
    /// that way; cleared through `seen`, the entries it set.
    pulled: Vec<bool>,
    seen: Vec<usize>,
}

impl Emptying<'_> {
    /// Pulls out of the room, one by one, each box of `left` (the squares holding boxes, in
    /// the order to try them) that can leave with the others in place, until none can; each
    /// goes on `pulls`. Taking a box out only makes room for the rest, so when this gets stuck
    /// no other choice of boxes to take out would have emptied the room either. `None` when
    /// the pull searches ran out.
    fn greedily(&mut self, left: &mut Vec<usize>, pulls: &mut Vec<Pull>) -> Option<()> {
        let mut full = cells_of(self.board, left);
        'next: loop {
            for index in 0..left.len() {
                if self.pull_out(&full, left[index])? {
                    let b = left.remove(index);
                    full[b] = false;
                    pulls.push((b, None));
                    continue 'next;
                }
            }
            return Some(());
        }
    }

    /// Whether the box on `start` could leave the room were it alone there, pulled out at once
    /// or parked on the way any number of times (each time the player comes in again from the
    /// doorways). `None` when the pull searches ran out.
    fn leaves_alone(&mut self, start: usize) -> Option<bool> {
        let mut reached = vec![start];
        let mut next = 0;
        while let Some(&at) = reached.get(next) {
            if self.pull_out(&cells_of(self.board, &[at]), at)? {
                return Some(true);
            }
            for square in std::mem::take(&mut self.squares) {
                if !reached.contains(&square) {
                    reached.push(square);
                }
            }
            next += 1;
        }
        Some(false)
    }

    /// Whether the box on `start`, the others of `full` in place, can be pulled out of the
    /// room onto a square outside it by a player coming in from the doorways; when it cannot,
    /// [`Emptying::squares`] holds the squares in the room (not dead) it can be pulled to.
    /// `None` when the pull searches ran out.
    fn pull_out(&mut self, full: &[bool], start: usize) -> Option<bool> {
        self.searches += 1;
        if self.searches > MOST_PULL_SEARCHES {
            return None;
        }
        let board = self.board;
        self.squares.clear();
        for index in self.seen.drain(..) {
            self.pulled[index] = false;
        }
        // The moving box stands on `at`; its square `start` is free once it has left.
        let free = |c: usize, at: usize| board.floor[c] && c != at && (!full[c] || c == start);
        self.from_doors.clear();
        self.from_doors.extend_from_slice(self.bfs.distances(self.doors.iter().copied(), |c| free(c, start)));
        // Depth-first over (box square, player square after the pull).
        let mut stack: Vec<(usize, Option<usize>)> = vec![(start, None)];
        while let Some((at, player)) = stack.pop() {
            if !self.inside[at] {
                return Some(true);
            }
            if at != start && !board.dead[at] && !self.squares.contains(&at) {
                self.squares.push(at);
            }
            let reach: &[u32] = match player {
                None => &self.from_doors,
                Some(p) => self.bfs.distances([p], |c| free(c, at)),
            };
            for d in Direction::READING_ORDER {
                // The player stands on `to` beside the box and steps back to `back`, pulling it.
                let to = board.step(at, d);
                let back = board.step(to, d);
                let index = to * 4 + d.index();
                if reach[to] != UNREACHED && free(back, at) && !self.pulled[index] {
                    self.pulled[index] = true;
                    self.seen.push(index);
                    stack.push((to, Some(back)));
                }
            }
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::{Options, Status, Techniques, solve};

    /// The fewest pushes that take the box on `b` to `goal`, the other boxes (`occupied`)
    /// fixed and the player starting anywhere `region` holds, found the plain way: breadth
    /// first over (box square, player square), a player's step costing nothing and a push one.
    fn reference_pushes(
        board: &Board,
        occupied: &[bool],
        region: &[bool],
        b: usize,
        goal: usize,
    ) -> Option<usize> {
        let n = board.len;
        let mut cost = vec![usize::MAX; n * n];
        let mut queue = std::collections::VecDeque::new();
        for p in (0..n).filter(|&p| region[p] && p != b) {
            cost[b * n + p] = 0;
            queue.push_back((b, p));
        }
        let open = |c: usize| board.floor[c] && !occupied[c];
        while let Some((at, player)) = queue.pop_front() {
            let here = cost[at * n + player];
            if at == goal {
                return Some(here);
            }
            for d in Direction::READING_ORDER {
                let step = board.step(player, d);
                if !open(step) {
                    continue;
                }
                if step != at && here < cost[at * n + step] {
                    cost[at * n + step] = here;
                    queue.push_front((at, step));
                } else if step == at && open(board.step(at, d)) && here + 1 < cost[board.step(at, d) * n + at]
                {
                    cost[board.step(at, d) * n + at] = here + 1;
                    queue.push_back((board.step(at, d), at));
                }
            }
        }
        None
    }

    #[test]
    fn a_box_cuts_the_squares_round_it_apart_as_a_flood_that_avoids_it_finds() {
        let (mut joined, mut apart) = (0, 0);
        for level in crate::tests::random_room_levels(200) {
            let board = Board::new(&level).unwrap();
            let occupied = board.occupied_by(&level.boxes);
            let free = |c: usize| board.floor[c] && !occupied[c];
            let mut cuts = Cuts::new(board.len);
            let mut bfs = Bfs::with_rim(board.width, board.len);
            let joined_to_player: Vec<u32> = bfs.distances([level.player], free).to_vec();
            // Numbered for other boxes first (none), so what that left behind must be cleared;
            // then from the last square joined to the player; then kept, though asked from the
            // player's square: the answers below come from a tree rooted elsewhere.
            let mut others = vec![0; board.len.div_ceil(64)];
            cuts.number(&board, &occupied, &others, level.player);
            for &b in &level.boxes {
                grid::insert_bit(&mut others, b);
            }
            let elsewhere = (0..board.len).rev().find(|&c| joined_to_player[c] != UNREACHED).unwrap();
            cuts.number(&board, &occupied, &others, elsewhere);
            cuts.number(&board, &occupied, &others, level.player);
            assert_eq!(cuts.marks[elsewhere].found, 1, "{}: numbered again", level.title);
            for v in (0..board.len).filter(|&v| joined_to_player[v] != UNREACHED) {
                let sides: Vec<usize> = board.neighbours(v).into_iter().filter(|&c| free(c)).collect();
                for &a in &sides {
                    let reach = bfs.distances([a], |c| free(c) && c != v).to_vec();
                    for &b in &sides {
                        let expected = reach[b] != UNREACHED;
                        assert_eq!(
                            cuts.joined_around(&board, v, a, b),
                            expected,
                            "{}: a box on {v}, {a} to {b}",
                            level.title
                        );
                        if expected { joined += 1 } else { apart += 1 }
                    }
                }
            }
        }
        // Both answers come up often enough to count.
        assert!(joined > 1000 && apart > 100, "{joined} joined, {apart} apart");
    }

    #[test]
    fn the_advisors_push_paths_are_as_short_as_the_plain_search_finds_on_random_levels() {
        let (mut found, mut none) = (0, 0);
        for level in crate::tests::random_room_levels(400) {
            let board = Board::new(&level).unwrap();
            let Some(mut packing) = Packing::new(&board, &level.boxes, level.player, true) else { continue };
            let mut occupied = board.occupied_by(&level.boxes);
            let mut bfs = Bfs::with_rim(board.width, board.len);
            let region: Vec<bool> = bfs
                .distances([level.player], |c| board.floor[c] && !occupied[c])
                .iter()
                .map(|&d| d != UNREACHED)
                .collect();
            packing.load(&occupied);
            let goals: Vec<usize> = packing.next_placings().map(|placing| placing.target).collect();
            for goal in goals {
                let outside: Vec<usize> =
                    level.boxes.iter().copied().filter(|&b| !packing.same_room(b, goal)).collect();
                for b in outside {
                    occupied[b] = false;
                    let expected = reference_pushes(&board, &occupied, &region, b, goal);
                    // A search cut short first leaves nothing behind for the next.
                    let _ = packing.advised_path(&board, &occupied, &level.boxes, |c| region[c], b, goal, 3);
                    let path = packing.advised_path(
                        &board,
                        &occupied,
                        &level.boxes,
                        |c| region[c],
                        b,
                        goal,
                        usize::MAX,
                    );
                    assert_eq!(
                        path.as_ref().map(Vec::len),
                        expected,
                        "{}: box {b} to {goal}: {path:?}",
                        level.title
                    );
                    if let Some(path) = path {
                        found += 1;
                        assert!(path.first().is_some_and(|&(from, _)| from == b));
                        assert!(path.windows(2).all(|pair| board.step(pair[0].0, pair[0].1) == pair[1].0));
                        assert!(path.last().is_some_and(|&(from, d)| board.step(from, d) == goal));
                    } else {
                        none += 1;
                    }
                    occupied[b] = true;
                }
            }
        }
        // Both answers come up often enough to count.
        assert!(found > 60 && none > 60, "{found} paths, {none} none");
    }

    /// Whether a player coming in from the `doors` can pull the box on `start`, the boxes
    /// `others` fixed, onto `to` (or, for `None`, out of the room `inside` marks), found the
    /// plain way: breadth first over (box square, player square), one step at a time.
    fn reference_pull(
        board: &Board,
        inside: &[bool],
        doors: &[usize],
        others: &[bool],
        start: usize,
        to: Option<usize>,
    ) -> bool {
        let n = board.len;
        let open = |c: usize| board.floor[c] && !others[c];
        let mut seen = vec![false; n * n];
        let mut queue = std::collections::VecDeque::new();
        let mut bfs = Bfs::with_rim(board.width, n);
        for (p, &distance) in
            bfs.distances(doors.iter().copied(), |c| open(c) && c != start).iter().enumerate()
        {
            if distance != UNREACHED {
                seen[start * n + p] = true;
                queue.push_back((start, p));
            }
        }
        while let Some((at, player)) = queue.pop_front() {
            if to.map_or(!inside[at], |to| at == to) {
                return true;
            }
            for d in Direction::READING_ORDER {
                let step = board.step(player, d);
                if !open(step) || step == at {
                    continue;
                }
                // The player walks on; stepping away from the box beside it, it may pull it too.
                let mut next = vec![(at, step)];
                if board.step(player, d.opposite()) == at {
                    next.push((player, step));
                }
                for (box_at, player_at) in next {
                    if !seen[box_at * n + player_at] {
                        seen[box_at * n + player_at] = true;
                        queue.push_back((box_at, player_at));
                    }
                }
            }
        }
        false
    }

    #[test]
    fn each_step_of_a_plan_that_parks_boxes_pulls_back_as_the_plain_search_finds() {
        let (mut plans, mut parked) = (0, 0);
        for level in crate::tests::random_walled_room_levels(3000) {
            let board = Board::new(&level).unwrap();
            let mut bfs = Bfs::with_rim(board.width, board.len);
            for Room { squares, doors } in rooms(&board, &level.boxes, level.player, &mut bfs) {
                let mut goals: Vec<usize> = squares.iter().copied().filter(|&c| board.goal[c]).collect();
                let inside = cells_of(&board, &squares);
                let doors = doors.unwrap_or_else(|| doorways_outside(&board, &inside));
                let Some(plan) = fill_plan(&board, &inside, &goals, &doors, &mut bfs, true) else { continue };
                plans += 1;
                parked += plan.iter().filter(|placing| placing.from.is_some()).count();
                let after = squares_after(&plan);
                let mut last = after[after.len() - 1].clone();
                last.sort_unstable();
                goals.sort_unstable();
                assert_eq!(last, goals, "{}", level.to_text());
                for (k, placing) in plan.iter().enumerate() {
                    assert!(inside[placing.target] && !after[k].contains(&placing.target));
                    let mut others = vec![false; board.len];
                    for &c in after[k + 1].iter().filter(|&&c| c != placing.target) {
                        others[c] = true;
                    }
                    assert!(
                        reference_pull(&board, &inside, &doors, &others, placing.target, placing.from),
                        "{}: step {k} of {plan:?}",
                        level.to_text()
                    );
                }
            }
        }
        assert!(plans > 500 && parked > 100, "{plans} plans, {parked} boxes parked");
    }

    #[test]
    fn without_parking_no_plan_parks_a_box() {
        let levels = crate::tests::random_walled_room_levels(3000);
        let parking_plans = |parking: bool| {
            let parks = |level: &&Level| {
                let board = Board::new(level).unwrap();
                Packing::new(&board, &level.boxes, level.player, parking)
                    .is_some_and(|packing| packing.parks())
            };
            levels.iter().filter(parks).count()
        };
        assert!(parking_plans(true) > 100, "{}", parking_plans(true));
        assert_eq!(parking_plans(false), 0);
    }

    /// The first level of the classic set: six goals in a room behind a one-wide doorway, every box outside.
    const ROOM: [&str; 11] = [
        "    #####",
        "    #   #",
        "    #$  #",
        "  ###  $##",
        "  #  $ $ #",
        "### # ## #   ######",
        "#   # ## #####  ..#",
        "# $  $          ..#",
        "##### ### #@##  ..#",
        "    #     #########",
        "    #######",
    ];

    #[test]
    fn a_goal_room_is_filled_deepest_first() {
        let level = Level::parse(1, "room", &ROOM).unwrap();
        let board = Board::new(&level).unwrap();
        let packing = Packing::new(&board, &level.boxes, level.player, true).unwrap();
        let cell = |row: usize, column: usize| row * board.width + column;
        let orders = packing.orders();
        assert_eq!(orders.len(), 1);
        let order = &orders[0];
        let mut goals = order.clone();
        goals.sort_unstable();
        assert_eq!(goals, board.goals);
        // The goal facing the doorway is the last one the room can take.
        assert_eq!(order.last(), Some(&cell(7, 16)));
        // The first ones are against the back wall.
        assert!(order[..2].iter().all(|&g| g % board.width == 17), "{order:?}");
    }

    #[test]
    fn a_box_is_finished_only_on_a_goal_of_the_orders_filled_start() {
        let level = Level::parse(1, "room", &ROOM).unwrap();
        let board = Board::new(&level).unwrap();
        let mut packing = Packing::new(&board, &level.boxes, level.player, true).unwrap();
        let order = packing.orders().swap_remove(0);
        let mut occupied = vec![false; board.len];
        // On the second goal of the order with the first still empty, a box may move on.
        occupied[order[1]] = true;
        packing.load(&occupied);
        assert!(!packing.finished(order[1]));
        occupied[order[0]] = true;
        packing.load(&occupied);
        assert!(packing.finished(order[0]) && packing.finished(order[1]));
        // Off the goals, or outside the room, never.
        let (in_room, outside) = (7 * board.width + 14, 7 * board.width + 5);
        occupied[in_room] = true;
        occupied[outside] = true;
        packing.load(&occupied);
        assert!(packing.in_room(in_room) && !packing.finished(in_room));
        assert!(!packing.finished(outside));
    }

    #[test]
    fn an_open_area_with_boxes_in_it_is_no_room() {
        // Seven doorways into one goal area: followed while it is empty, not with a box in it.
        let mut rows = [
            "#################",
            "#@  $ $ $       #",
            "## # # # # # # ##",
            "# . . .         #",
            "#               #",
            "#################",
        ];
        let followed = |rows: &[&str]| {
            let level = Level::parse(1, "area", rows).unwrap();
            let board = Board::new(&level).unwrap();
            Packing::new(&board, &level.boxes, level.player, true).is_some()
        };
        assert!(followed(&rows));
        rows[1] = "#@  $ $         #";
        rows[3] = "# .$. .         #";
        assert!(!followed(&rows));
    }

    /// An open area (boxes in it, seven doorways in the lattice above) that holds a block of
    /// eight goals round a gap, walled but for two squares on its right, neither a doorway.
    const GOAL_BLOCK: [&str; 10] = [
        "#################",
        "#@ $ $ $ $      #",
        "## # # # # # # ##",
        "#  $ $ $ $      #",
        "#               #",
        "#     #####     #",
        "#     #...      #",
        "#     #. .      #",
        "#     #...#     #",
        "#################",
    ];

    #[test]
    fn a_block_of_goals_in_an_open_area_is_a_room() {
        let level = Level::parse(1, "block", &GOAL_BLOCK).unwrap();
        let board = Board::new(&level).unwrap();
        let cell = |row: usize, column: usize| row * board.width + column;
        let mut bfs = Bfs::with_rim(board.width, board.len);
        let rooms = rooms(&board, &level.boxes, level.player, &mut bfs);
        assert_eq!(rooms.len(), 1);
        assert_eq!(rooms[0].doors, Some(vec![cell(6, 10), cell(7, 10)]));
        let packing = Packing::new(&board, &level.boxes, level.player, true).unwrap();
        let order = packing.orders().swap_remove(0);
        let mut goals = order.clone();
        goals.sort_unstable();
        assert_eq!(goals, board.goals);
        // The gap is in the room; the squares it is entered from and the open area are not.
        assert!(packing.in_room(cell(7, 8)));
        assert!(
            !packing.in_room(cell(6, 10)) && !packing.in_room(cell(7, 10)) && !packing.in_room(cell(4, 3))
        );
        // The goals beside the entrance are the last to fill.
        assert!([cell(6, 9), cell(7, 9)].contains(order.last().unwrap()));
    }

    #[test]
    fn a_block_of_goals_with_a_box_in_it_is_no_room() {
        let mut rows = GOAL_BLOCK;
        rows[1] = "#@ $ $ $        #";
        rows[6] = "#     #.*.      #";
        let level = Level::parse(1, "block", &rows).unwrap();
        let board = Board::new(&level).unwrap();
        assert!(Packing::new(&board, &level.boxes, level.player, true).is_none());
    }

    #[test]
    fn the_packing_order_keeps_answers_valid() {
        // Also with boxes in the room at the start: one off the goals, one on the goal that
        // blocks the goal behind it until it is pushed on.
        let mut boxes_in_room = ROOM;
        boxes_in_room[4] = "  #    $ #";
        boxes_in_room[7] = "#    $         $*.#";
        // And with the rooms open (`open-dive`), where a box pushed in is pushed like any other.
        let open_dive = Some("open-dive:home+shut-out+pushable".parse().unwrap());
        for (rows, packing, one_search) in [ROOM, boxes_in_room]
            .into_iter()
            .flat_map(|rows| [(rows, true, None), (rows, false, None), (rows, true, open_dive)])
        {
            let level = Level::parse(1, "room", &rows).unwrap();
            let options = Options {
                techniques: Techniques { packing, ..Techniques::default() },
                one_search,
                ..Options::default()
            };
            let result = solve(&level, &options).unwrap();
            assert!(
                matches!(result.status, Status::Solved(_)),
                "packing {packing}, {one_search:?}: {:?}",
                result.status
            );
        }
    }

    #[test]
    fn an_open_room_lets_a_box_through_that_a_closed_one_sends_to_its_next_goal() {
        use crate::search::{Limits, Outcome, Rooms, find_pushes};
        // The room (rows 2 to 4, columns 6 to 8) lies between the boxes and the goal on the
        // right, which one box must reach through it. Closed, every box pushed in goes on to the
        // room's next goal, so the search under the plan runs dry; open, the box passes.
        let rows = [
            "############",
            "#    #######",
            "#  $ #. .###",
            "#  $      .#",
            "# $  #   ###",
            "#@   #######",
            "############",
        ];
        let level = Level::parse(1, "through", &rows).unwrap();
        let board = crate::analyse(&level).unwrap();
        let inside = crate::boxes_to_search(&board, &level).unwrap();
        for rooms in [Rooms::Closed, Rooms::Open] {
            let report = find_pushes(&board, &inside, level.player, Limits { rooms, ..Limits::default() });
            assert!(report.macros_used, "the room's plan is followed");
            let solved = matches!(report.outcome, Outcome::Solved(_));
            assert_eq!(solved, rooms == Rooms::Open, "{rooms:?}: {:?}", report.outcome);
        }
    }
}

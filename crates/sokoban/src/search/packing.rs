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
//!
//! ```text
//!   #######        the room's goals, filled in the order 1..6: the deepest first, so no
//!   #135  #        box parked on a goal ever stands in the way of a later one. The square
//!   #246   ← door  left of the door is the doorway (walls above and below).
//!   #######
//! ```
//!
//! **In the search** (fast mode only), a room with goals `order[0..k]` filled is worked on
//! through `order[k]` alone: a push that brings a box in through a doorway is continued, as
//! one macro move, along a shortest push path inside the room to `order[k]` (or dropped when
//! there is none), and a box on one of the filled goals `order[0..k]` is *finished*, never
//! pushed again. So the search never sees a half-filled room in a bad order. A room may hold
//! boxes at the start, on its goals or off them: those not finished are pushed like any box,
//! inside the room or out of it, until one lands on `order[k]` and finishes. Two other
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
//! parent when it writes the answer. Most such searches find no path, so each is bounded, and
//! rationed (see `expand`): asked of every box in every state, it cost a third of the states a
//! second even with the player's flood at each position stopped early, and solved fewer
//! levels. That flood is gone now: one numbering of the free squares per search says for every
//! position which pushes the player can reach round the box (see [`Cuts`]).
//!
//! This is a restriction, not a proof: a level may need a box parked in the room for a while,
//! another order, or a path the macro does not take. A search under it that runs dry says
//! nothing, so [`crate::solve`] runs the unrestricted search before it calls a level
//! unsolvable (the same fallback as for tunnel macros). The optimal mode never uses it.

use crate::board::Board;
use grid::{Bfs, Direction, UNREACHED};

/// Not in any room.
const NO_ROOM: u8 = u8::MAX;
/// The most rooms followed; beyond, the rest are left to the plain search.
const MOST_ROOMS: usize = 16;
/// The most doorways of a room that holds boxes or the player at the start.
const MOST_DOORS_OCCUPIED: usize = 5;
/// The fewest goals of a block of goals followed as a room (see the module notes).
const FEWEST_BLOCK_GOALS: usize = 4;

/// The rooms of a level and the order each is filled in.
pub(super) struct Packing {
    /// The room of each cell, or [`NO_ROOM`].
    room_of: Vec<u8>,
    /// For each goal of a room, its place in the room's order.
    place: Vec<u16>,
    /// For each room, its goals in the order they are filled.
    orders: Vec<Vec<usize>>,
    /// The search of push paths that the entry macro and the advisor share.
    paths: PushPaths,
}

/// One push of a macro: the box's square before it and the direction.
pub(super) type Step = (usize, Direction);

impl Packing {
    /// The rooms of `board` with the start position `boxes` / `player`, and their orders; `None`
    /// when no room qualifies.
    pub fn new(board: &Board, boxes: &[usize], player: usize) -> Option<Packing> {
        let mut room_of = vec![NO_ROOM; board.len];
        let mut place = vec![0; board.len];
        let mut orders = Vec::new();
        let mut bfs = Bfs::with_rim(board.width, board.len);
        for Room { squares, doors } in rooms(board, boxes, player, &mut bfs) {
            if orders.len() == MOST_ROOMS {
                break;
            }
            let goals: Vec<usize> = squares.iter().copied().filter(|&c| board.goal[c]).collect();
            let inside = cells_of(board, &squares);
            let doors = doors
                .unwrap_or_else(|| (0..board.len).filter(|&c| !inside[c] && doorway(board, c)).collect());
            if let Some(order) = fill_order(board, &inside, &goals, &doors, &mut bfs) {
                for &c in &squares {
                    room_of[c] = orders.len() as u8;
                }
                for (index, &g) in order.iter().enumerate() {
                    place[g] = index as u16;
                }
                orders.push(order);
            }
        }
        (!orders.is_empty()).then_some(Packing { room_of, place, orders, paths: PushPaths::new(board) })
    }

    /// Whether `cell` lies in a followed room.
    #[inline]
    pub fn in_room(&self, cell: usize) -> bool {
        self.room_of[cell] != NO_ROOM
    }

    /// Whether the box on `cell` is finished: on a goal of its room's order with it and every
    /// goal before it filled (`occupied` holds the boxes). A finished box stays put.
    pub fn finished(&self, cell: usize, occupied: &[bool]) -> bool {
        let Some(order) = self.orders.get(usize::from(self.room_of[cell])) else { return false };
        let place = usize::from(self.place[cell]);
        order.get(place) == Some(&cell) && order[..place].iter().all(|&g| occupied[g])
    }

    /// The goal of `cell`'s room to fill next, with `occupied` the boxes: the first of its order
    /// not yet holding a box, or `None` when the room is full.
    pub fn next_goal(&self, cell: usize, occupied: &[bool]) -> Option<usize> {
        let room = self.room_of[cell];
        self.orders.get(usize::from(room))?.iter().copied().find(|&g| !occupied[g])
    }

    /// The pushes that take a box, just pushed from `from` in direction `d` into a room, on to
    /// `goal` along a shortest push path inside the room, the first push included; `occupied`
    /// holds the other boxes (not this one). `None` when there is no such path.
    pub fn entry_path(
        &mut self,
        board: &Board,
        occupied: &[bool],
        from: usize,
        d: Direction,
        goal: usize,
    ) -> Option<Vec<Step>> {
        let room_of = &self.room_of;
        let first = [(board.step(from, d), d)];
        self.paths.shortest(board, occupied, first, goal, |c| room_of[c] != NO_ROOM, usize::MAX)
    }

    /// The rooms' next goals (see [`Packing::next_goal`]), one for each room not yet full.
    pub fn next_goals<'a>(&'a self, occupied: &'a [bool]) -> impl Iterator<Item = usize> + 'a {
        self.orders.iter().filter_map(|order| order.iter().copied().find(|&g| !occupied[g]))
    }

    /// Whether `a` and `b` lie in the same room.
    pub fn same_room(&self, a: usize, b: usize) -> bool {
        self.room_of[a] == self.room_of[b]
    }

    /// The packing advisor's move: the pushes that take the box on `b`, from anywhere, to
    /// `goal` along a shortest push path of that box alone, the player starting in the region
    /// `region` says; `occupied` holds the other boxes (not this one). `None` when there is no
    /// such path, or none found within `most` positions of the box.
    pub fn advised_path(
        &mut self,
        board: &Board,
        occupied: &[bool],
        region: impl Fn(usize) -> bool,
        b: usize,
        goal: usize,
        most: usize,
    ) -> Option<Vec<Step>> {
        let first = Direction::READING_ORDER.into_iter().filter_map(|d| {
            let (to, pusher) = (board.step(b, d), board.step(b, d.opposite()));
            (region(pusher) && board.floor[to]).then_some((to, d))
        });
        self.paths.shortest(board, occupied, first, goal, |_| true, most)
    }
}

/// The breadth-first search of one box's push paths (see [`PushPaths::shortest`]), with the
/// tables it keeps between calls: the packing advisor runs it about once for every state
/// expanded, so it allocates nothing per call.
struct PushPaths {
    /// Which squares a box cuts apart, for the other boxes of the current call.
    cuts: Cuts,
    /// For each square, whether the box stood there after a push in each direction; cleared
    /// after each search through the positions it lists.
    seen: Vec<[bool; 4]>,
    /// The positions found: the box's square, the last push's direction, the position before.
    positions: Vec<(usize, Direction, u32)>,
}

impl PushPaths {
    fn new(board: &Board) -> PushPaths {
        PushPaths { cuts: Cuts::new(board.len), seen: vec![[false; 4]; board.len], positions: Vec::new() }
    }

    /// A shortest push path of one box to `goal`, from the positions after its `first` pushes
    /// (each the box's square and the direction it was pushed in), through squares `allowed`
    /// that are free (`occupied` holds the other boxes) and not dead: breadth first over (box
    /// square, direction of the last push), which puts the player behind the box, whose region
    /// around the box then says which pushes come next. `None` when there is none, or none
    /// found within `most` positions.
    fn shortest(
        &mut self,
        board: &Board,
        occupied: &[bool],
        first: impl IntoIterator<Item = (usize, Direction)>,
        goal: usize,
        allowed: impl Fn(usize) -> bool,
        most: usize,
    ) -> Option<Vec<Step>> {
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
                    self.cuts.number(board, occupied, behind);
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
struct Cuts {
    /// The number each square was found at, from 1; 0 for a square not found.
    found: Vec<u32>,
    low: Vec<u32>,
    /// The largest number found inside the square's subtree.
    last: Vec<u32>,
    parent: Vec<u32>,
    /// The squares found, to clear them before the next numbering.
    squares: Vec<u32>,
    /// The depth-first search's path: a square and how many of its neighbours it has tried.
    stack: Vec<(u32, u8)>,
}

impl Cuts {
    fn new(len: usize) -> Cuts {
        Cuts {
            found: vec![0; len],
            low: vec![0; len],
            last: vec![0; len],
            parent: vec![u32::MAX; len],
            squares: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Numbers the free squares (floor, no box of `occupied`) joined to `root`, a free square.
    fn number(&mut self, board: &Board, occupied: &[bool], root: usize) {
        for &c in &self.squares {
            self.found[c as usize] = 0;
        }
        self.squares.clear();
        let free = |c: usize| board.floor[c] && !occupied[c];
        let mut count = 1;
        self.found[root] = count;
        self.low[root] = count;
        self.parent[root] = u32::MAX;
        self.squares.push(root as u32);
        self.stack.push((root as u32, 0));
        while let Some(top) = self.stack.last_mut() {
            let v = top.0 as usize;
            if let Some(&w) = board.neighbours(v).get(usize::from(top.1)) {
                top.1 += 1;
                if !free(w) {
                    continue;
                }
                if self.found[w] == 0 {
                    count += 1;
                    self.found[w] = count;
                    self.low[w] = count;
                    self.parent[w] = v as u32;
                    self.squares.push(w as u32);
                    self.stack.push((w as u32, 0));
                } else if w as u32 != self.parent[v] {
                    self.low[v] = self.low[v].min(self.found[w]);
                }
            } else {
                self.stack.pop();
                // The numbers are handed out in order, so the last one given is the subtree's last.
                self.last[v] = count;
                if let Some(&(p, _)) = self.stack.last() {
                    let p = p as usize;
                    self.low[p] = self.low[p].min(self.low[v]);
                }
            }
        }
    }

    /// The part that the numbered square `u`, a neighbour of `v`, falls in when a box stands on
    /// `v`: the child of `v` whose subtree holds `u` when that subtree is cut off, else none.
    fn part(&self, board: &Board, v: usize, u: usize) -> Option<usize> {
        let (at, of_u) = (self.found[v], self.found[u]);
        if of_u <= at || of_u > self.last[v] {
            return None;
        }
        board
            .neighbours(v)
            .into_iter()
            .find(|&c| {
                self.found[c] != 0
                    && self.parent[c] as usize == v
                    && self.found[c] <= of_u
                    && of_u <= self.last[c]
            })
            .filter(|&c| self.low[c] >= at)
    }

    /// Whether a player on `a`, a numbered neighbour of `v`, can walk to `b`, another
    /// neighbour, with a box on `v`; never when `b` is a wall or a box, which is not numbered.
    fn joined_around(&self, board: &Board, v: usize, a: usize, b: usize) -> bool {
        a == b
            || (self.found[a] != 0 && self.found[b] != 0 && self.part(board, v, a) == self.part(board, v, b))
    }
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

/// A floor square, not a goal, walled on two opposite sides: where rooms end.
fn doorway(board: &Board, cell: usize) -> bool {
    let wall = |d| !board.floor[board.step(cell, d)];
    board.floor[cell]
        && !board.goal[cell]
        && ((wall(Direction::Up) && wall(Direction::Down))
            || (wall(Direction::Left) && wall(Direction::Right)))
}

/// The order to fill the room's `goals` in (see the module notes), or `None` when the full room
/// cannot be emptied through its doorways.
fn fill_order(
    board: &Board,
    inside: &[bool],
    goals: &[usize],
    doors: &[usize],
    bfs: &mut Bfs,
) -> Option<Vec<usize>> {
    // Goals nearest the doorways are tried first: they are the natural last ones to fill. The
    // start does not enter: trying first the goals that hold no box at the start (so that those
    // boxes are filled early and stay), or first those that do, changed the orders of six
    // `xsokoban` levels and solved none of them more at 60 s a level: 15 was lost either way,
    // 48 too by the first (the second took it 30 s, not 5).
    let distance = bfs.distances(doors.iter().copied(), |c| board.floor[c]).to_vec();
    let mut left: Vec<usize> = goals.to_vec();
    left.sort_by_key(|&g| (distance[g], g));
    let mut full = vec![false; board.len];
    for &g in goals {
        full[g] = true;
    }
    let mut emptied = Vec::with_capacity(goals.len());
    while !left.is_empty() {
        let index = left.iter().position(|&g| can_pull_out(board, inside, &full, doors, g, bfs))?;
        let g = left.remove(index);
        full[g] = false;
        emptied.push(g);
    }
    emptied.reverse();
    Some(emptied)
}

/// Whether the box on `start`, the others of `full` in place, can be pulled out of the room
/// onto a square outside it by a player coming in from the `doors`.
fn can_pull_out(
    board: &Board,
    inside: &[bool],
    full: &[bool],
    doors: &[usize],
    start: usize,
    bfs: &mut Bfs,
) -> bool {
    // The moving box stands on `at`; its goal `start` is free once it has left.
    let free = |c: usize, at: usize| board.floor[c] && c != at && (!full[c] || c == start);
    let from_doors = bfs.distances(doors.iter().copied(), |c| free(c, start)).to_vec();
    // Breadth-first over (box square, player square after the pull).
    let mut seen = vec![false; board.len * 4];
    let mut stack: Vec<(usize, Option<usize>)> = vec![(start, None)];
    while let Some((at, player)) = stack.pop() {
        if !inside[at] {
            return true;
        }
        let reach = match player {
            None => from_doors.clone(),
            Some(p) => bfs.distances([p], |c| free(c, at)).to_vec(),
        };
        for d in Direction::READING_ORDER {
            // The player stands on `to` beside the box and steps back to `back`, pulling it.
            let to = board.step(at, d);
            let back = board.step(to, d);
            if reach[to] != UNREACHED && free(back, at) && !seen[to * 4 + d.index()] {
                seen[to * 4 + d.index()] = true;
                stack.push((to, Some(back)));
            }
        }
    }
    false
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
            // Numbered twice, so what the first numbering left behind is cleared.
            cuts.number(&board, &occupied, level.player);
            cuts.number(&board, &occupied, level.player);
            let mut bfs = Bfs::with_rim(board.width, board.len);
            let joined_to_player: Vec<u32> = bfs.distances([level.player], free).to_vec();
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
            let Some(mut packing) = Packing::new(&board, &level.boxes, level.player) else { continue };
            let mut occupied = board.occupied_by(&level.boxes);
            let mut bfs = Bfs::with_rim(board.width, board.len);
            let region: Vec<bool> = bfs
                .distances([level.player], |c| board.floor[c] && !occupied[c])
                .iter()
                .map(|&d| d != UNREACHED)
                .collect();
            let goals: Vec<usize> = packing.next_goals(&occupied).collect();
            for goal in goals {
                let outside: Vec<usize> =
                    level.boxes.iter().copied().filter(|&b| !packing.same_room(b, goal)).collect();
                for b in outside {
                    occupied[b] = false;
                    let expected = reference_pushes(&board, &occupied, &region, b, goal);
                    // A search cut short first leaves nothing behind for the next.
                    let _ = packing.advised_path(&board, &occupied, |c| region[c], b, goal, 3);
                    let path = packing.advised_path(&board, &occupied, |c| region[c], b, goal, usize::MAX);
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
        let packing = Packing::new(&board, &level.boxes, level.player).unwrap();
        let cell = |row: usize, column: usize| row * board.width + column;
        assert_eq!(packing.orders.len(), 1);
        let order = &packing.orders[0];
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
        let packing = Packing::new(&board, &level.boxes, level.player).unwrap();
        let order = &packing.orders[0];
        let mut occupied = vec![false; board.len];
        // On the second goal of the order with the first still empty, a box may move on.
        occupied[order[1]] = true;
        assert!(!packing.finished(order[1], &occupied));
        occupied[order[0]] = true;
        assert!(packing.finished(order[0], &occupied) && packing.finished(order[1], &occupied));
        // Off the goals, or outside the room, never.
        let (in_room, outside) = (7 * board.width + 14, 7 * board.width + 5);
        occupied[in_room] = true;
        occupied[outside] = true;
        assert!(packing.in_room(in_room) && !packing.finished(in_room, &occupied));
        assert!(!packing.finished(outside, &occupied));
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
            Packing::new(&board, &level.boxes, level.player).is_some()
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
        let packing = Packing::new(&board, &level.boxes, level.player).unwrap();
        let mut goals = packing.orders[0].clone();
        goals.sort_unstable();
        assert_eq!(goals, board.goals);
        // The gap is in the room; the squares it is entered from and the open area are not.
        assert!(packing.in_room(cell(7, 8)));
        assert!(
            !packing.in_room(cell(6, 10)) && !packing.in_room(cell(7, 10)) && !packing.in_room(cell(4, 3))
        );
        // The goals beside the entrance are the last to fill.
        assert!([cell(6, 9), cell(7, 9)].contains(packing.orders[0].last().unwrap()));
    }

    #[test]
    fn a_block_of_goals_with_a_box_in_it_is_no_room() {
        let mut rows = GOAL_BLOCK;
        rows[1] = "#@ $ $ $        #";
        rows[6] = "#     #.*.      #";
        let level = Level::parse(1, "block", &rows).unwrap();
        let board = Board::new(&level).unwrap();
        assert!(Packing::new(&board, &level.boxes, level.player).is_none());
    }

    #[test]
    fn the_packing_order_keeps_answers_valid() {
        // Also with boxes in the room at the start: one off the goals, one on the goal that
        // blocks the goal behind it until it is pushed on.
        let mut boxes_in_room = ROOM;
        boxes_in_room[4] = "  #    $ #";
        boxes_in_room[7] = "#    $         $*.#";
        for (rows, packing) in
            [ROOM, boxes_in_room].into_iter().flat_map(|rows| [(rows, true), (rows, false)])
        {
            let level = Level::parse(1, "room", &rows).unwrap();
            let options =
                Options { techniques: Techniques { packing, ..Techniques::default() }, ..Options::default() };
            let result = solve(&level, &options).unwrap();
            assert!(matches!(result.status, Status::Solved(_)), "packing {packing}: {:?}", result.status);
        }
    }
}

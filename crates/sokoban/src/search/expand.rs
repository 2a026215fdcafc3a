//! Expanding a state: its pushes, the pruning that drops some of them, and tunnel macros.
//!
//! The player's region is flooded first, so the pushes are those of a box the player can
//! stand behind onto a free square. When the position has an unfinished PI-corral, only the
//! pushes into that corral are tried at all (see [`crate::deadlock`]). Each remaining push
//! makes a child unless its target is a dead square, it freezes a box off its goal, or the
//! boxes frozen on goals wall some box off every free goal or some free goal off every box
//! (see [`crate::deadlock`]); the child gets its bound (see `estimate`), and is stored or,
//! when already known, updated if it was reached more cheaply.
//!
//! A push from one corridor square into another is continued through the corridor as one
//! macro move (each push still counted), in fast mode only. With goal rooms (fast mode only),
//! the packing advisor adds children of its own: a box taken along its push path to a room's
//! next goal in one move (see `packing`), asked of every box at the start and after a goal is
//! filled, and otherwise of the box just pushed.
//!
//! In a fast search with feature cells, a child's weight is its parent's, plus one for a push
//! that starts on another box than the one pushed last and neither puts a box on a goal nor
//! leaves fewer regions shut out of the player or, where the cells count them, fewer boxes in
//! passages (see `open`).

use super::packing::{Packing, Placing, Step};
use super::table::{ADVISED, Node, PACKED};
use super::{BOXES_HOME_SHIFT, PASSAGES_SHIFT, Parent, Pulls, SHUT_OUT_SHIFT, Search};
use crate::deadlock::{self, Corral};
use grid::Direction;

/// The most positions of a box the packing advisor looks at for one box and goal: it runs for
/// every box outside a room in every state expanded, so it must stay cheap, and most of its
/// searches find no path at all.
const ADVISOR_POSITIONS: usize = 200;

/// A box taken along a push path onto a goal room's goal, stored as one step (see `packing`):
/// the room entry macro's move, or the packing advisor's.
#[derive(Clone, Copy)]
struct RoomMove {
    goal: usize,
    /// The direction of the path's last push, which leaves the player behind the box.
    last: Direction,
    pushes: u8,
    /// [`PACKED`], and [`ADVISED`] for the advisor's move, for the node's `dir`.
    flags: u8,
}

impl RoomMove {
    /// The move along `path`, which ends on `goal`; `None` when the path is empty or has more
    /// pushes than a node counts.
    fn along(path: &[Step], goal: usize, flags: u8) -> Option<RoomMove> {
        let pushes = u8::try_from(path.len()).ok()?;
        let &(_, last) = path.last()?;
        Some(RoomMove { goal, last, pushes, flags })
    }
}

impl Search<'_> {
    /// Expands the state `id`: makes each of its children that survives the pruning.
    pub(super) fn expand(&mut self, id: u32) {
        let node = *self.table.node(id);
        let row: Vec<u64> = self.table.row(id).to_vec();
        self.load(&row);
        if self.limits.cells & super::BOXES_HOME != 0 {
            self.boxes_home = self.boxes_on(&self.board.goal);
        }
        if self.limits.cells & super::PASSAGES != 0 {
            self.boxes_in_passages = self.boxes_on(&self.board.passage);
        }
        if let Some(packing) = &mut self.packing {
            packing.load(&self.occupied);
        }
        let exact = self.limits.fewest_moves_at.is_some();
        if exact {
            self.reach.walk_distances(self.board, &self.occupied, usize::from(node.player));
        } else {
            self.reach.flood(self.board, usize::from(node.player));
        }
        if self.limits.techniques.corral_deadlocks
            && self.corral_deadlocks.dead(
                self.board,
                &self.occupied,
                &self.boxes,
                usize::from(node.player),
                |c| self.reach.contains(c),
            )
        {
            // Dead: no children, and never reopened when reached again (see `try_push`).
            self.table.node_mut(id).h = u16::MAX;
            return;
        }
        let corral = if self.limits.techniques.pi_corrals {
            deadlock::pi_corral(
                self.board,
                &self.occupied,
                &self.boxes,
                |c| self.reach.contains(c),
                &mut self.deadlock,
            )
        } else {
            Corral::None
        };
        let pushes: Vec<(usize, Direction)> = match corral {
            // A corral that asks for a push of a finished box in a goal room, which stays put,
            // says nothing under the packing order: every push is tried instead.
            Corral::Only(pushes)
                if self.packing.as_ref().is_some_and(|p| pushes.iter().any(|&(b, _)| p.finished(b))) =>
            {
                self.all_pushes()
            }
            // Reordering pushes into a corral keeps their number but not the walks between
            // them, so the fewest-moves search uses the corral only to spot dead positions.
            Corral::Only(pushes) if !exact || pushes.is_empty() => pushes,
            _ => self.all_pushes(),
        };
        if self.limits.techniques.frozen_goals && self.limits.techniques.freeze {
            self.frozen_goals.load_parent(self.board, &self.boxes, &mut self.deadlock);
        }
        if self.limits.techniques.matching {
            // The parent's matching becomes the base that each child updates in one row.
            self.parent_bound(id, usize::from(node.player));
            std::mem::swap(&mut self.parent_cost, &mut self.cost);
        }
        let parent = Parent::new(id, &node, &row, &self.zobrist);
        let pull_table = self.pulls.as_ref().map(Pulls::table);
        parent.prefetch_children(self.board, &self.zobrist, &pushes, &self.table, pull_table);
        let mut packing = self.packing.take();
        for (b, d) in pushes {
            let walk = if exact { self.reach.walk(self.board.step(b, d.opposite())) } else { 0 };
            let entry = match &mut packing {
                Some(packing) if packing.finished(b) => continue,
                Some(packing)
                    if self.limits.rooms == super::Rooms::Closed
                        && !packing.in_room(b)
                        && packing.in_room(self.board.step(b, d)) =>
                {
                    let Some(entry) = self.room_entry(packing, b, d) else { continue };
                    Some(entry)
                }
                _ => None,
            };
            self.try_push(parent, b, d, walk, entry, packing.as_ref());
        }
        if let Some(packing) = &mut packing
            && self.limits.techniques.advisor
        {
            self.advise(parent, packing);
        }
        self.packing = packing;
    }

    /// The packing advisor (see `packing`): for each room's next placing, a box outside the
    /// room, not finished elsewhere (or the box the placing moves on, when it parked one), that
    /// a push path of its own takes to the placing's square (found within [`ADVISOR_POSITIONS`]
    /// of its positions) makes a child with the box there.
    fn advise(&mut self, parent: Parent<'_>, packing: &mut Packing) {
        // Every box is asked at the start and after a move that filled a goal, when the next
        // goal is a new one; otherwise only the box just pushed, the one whose way may have
        // changed. Asking every box every time cost `sasquatch` 19 (solved in 7.8 s by the
        // dive with pushable-box cells, not within 15 s) and five times the time a state; with
        // the push path search's flood stopped early still 1.5 times, and that dive alone at
        // 15 s solved `xsokoban` 51 / 90 against 53 (36 gained; 10, 15 and 55 lost).
        // `last_box` knows no box pushed last exactly there: at the start and after a room move.
        let pushed = last_box(self.board, parent.node);
        let placings: Vec<Placing> = packing.next_placings().collect();
        for Placing { target: goal, from } in placings {
            let goal_index = self.board.goals.iter().position(|&g| g == goal);
            let candidates: Vec<usize> = (self.boxes.iter().copied())
                .filter(|&b| pushed.is_none_or(|p| p == b))
                .filter(|&b| match from {
                    Some(parked) => b == parked,
                    None => !packing.same_room(b, goal) && !packing.finished(b),
                })
                // A box that could not reach a goal were it alone on the board never can.
                .filter(|&b| {
                    Direction::READING_ORDER.into_iter().any(|d| {
                        let side = self.board.step(b, d);
                        self.reach.contains(side)
                            && goal_index.is_none_or(|goal_index| {
                                self.board.push_distance(goal_index, b, side) != crate::board::UNREACHABLE
                            })
                    })
                })
                .collect();
            for b in candidates {
                self.occupied[b] = false;
                let reach = &self.reach;
                let path = packing.advised_path(
                    self.board,
                    &self.occupied,
                    &self.boxes,
                    |c| reach.contains(c),
                    b,
                    goal,
                    ADVISOR_POSITIONS,
                );
                self.occupied[b] = true;
                let Some(path) = path else { continue };
                let (Some(&(_, first)), Some(advised)) =
                    (path.first(), RoomMove::along(&path, goal, PACKED | ADVISED))
                else {
                    continue;
                };
                self.try_push(parent, b, first, 0, Some(advised), Some(packing));
            }
        }
    }

    /// Every push of a box the player can stand behind onto a free square.
    fn all_pushes(&self) -> Vec<(usize, Direction)> {
        let mut all = Vec::with_capacity(self.boxes.len() * 4);
        for &b in &self.boxes {
            for d in Direction::READING_ORDER {
                let pusher = self.board.step(b, d.opposite());
                let target = self.board.step(b, d);
                if self.reach.contains(pusher) && self.board.floor[target] && !self.occupied[target] {
                    all.push((b, d));
                }
            }
        }
        all
    }

    /// Where a box pushed from `b` in direction `d` into a goal room ends under the packing
    /// order (see `packing`): on the room's next goal, or `None` when the room is full or its
    /// next goal out of the box's reach.
    fn room_entry(&mut self, packing: &mut Packing, b: usize, d: Direction) -> Option<RoomMove> {
        let goal = packing.next_goal(self.board.step(b, d))?;
        self.occupied[b] = false;
        let path = packing.entry_path(self.board, &self.occupied, &self.boxes, b, d, goal);
        self.occupied[b] = true;
        RoomMove::along(&path?, goal, PACKED)
    }

    /// Generates the child of `parent` where the box on `b` is pushed in direction `d` (and on
    /// through a tunnel), after the player walked `walk` steps to it.
    fn try_push(
        &mut self,
        Parent { id: parent, node, row, box_hash }: Parent<'_>,
        b: usize,
        d: Direction,
        walk: u32,
        entry: Option<RoomMove>,
        rooms: Option<&Packing>,
    ) {
        let board = self.board;
        let mut to = board.step(b, d);
        if board.dead[to] || self.occupied[to] {
            return;
        }
        let mut count: u8 = 1;
        // A box entering a goal room goes on to the room's next goal; the player ends behind it.
        let mut player = board.step(to, d.opposite());
        let mut dir = d.index() as u8;
        if let Some(RoomMove { goal, last, pushes, flags }) = entry {
            (to, player, count, dir) = (goal, board.step(goal, last.opposite()), pushes, dir | flags);
        }
        // Tunnel macro: a box pushed from one corridor square into another, off a goal, is
        // pushed on while the corridor lasts.
        // Only in fast mode: a box left part-way in a tunnel can matter to a player who comes
        // round to the far end, where the macro would cost pushes; optimal mode stays exact.
        while entry.is_none()
            && self.limits.tunnel_macros
            && self.limits.techniques.tunnels
            && !board.goal[to]
            && board.corridor(to, d)
            && board.corridor(board.step(to, d.opposite()), d)
        {
            let next = board.step(to, d);
            // A goal room is entered only by the packing order's macro, or, when the rooms are
            // open, one push at a time.
            let into_room = rooms.is_some_and(|rooms| rooms.in_room(next));
            if !board.floor[next] || self.occupied[next] || board.dead[next] || count == u8::MAX || into_room
            {
                break;
            }
            to = next;
            count += 1;
            player = board.step(to, d.opposite());
            self.macros_used = true;
        }
        self.occupied[b] = false;
        self.occupied[to] = true;
        self.child_words.copy_from_slice(row);
        // Box sets have a bit per interior square (see `table`).
        let (left, entered) = (usize::from(board.interior_index[b]), usize::from(board.interior_index[to]));
        grid::remove_bit(&mut self.child_words, left);
        grid::insert_bit(&mut self.child_words, entered);
        if self.frozen_dead(to) {
            self.occupied[b] = true;
            self.occupied[to] = false;
            return;
        }
        let normal = if self.limits.fewest_moves_at.is_some() {
            player
        } else if player == b && to == board.step(b, d) {
            // One push, no macro: the parent's region may carry over (see `reach`).
            self.reach.child_lowest(board, &self.occupied, &self.child_words, b, d)
        } else {
            self.reach.lowest_reachable(board, &self.child_words, player)
        };
        let hash =
            box_hash ^ self.zobrist.box_key(b) ^ self.zobrist.box_key(to) ^ self.zobrist.player_key(normal);
        let g = node.g.saturating_add(u16::from(count));
        // With move weights, `moves` is the weight (see `open`), which depends on the child's cell.
        let same_box = self.weighed() && last_box(board, node) == Some(b);
        let walked = walk + u32::from(count);
        let words = std::mem::take(&mut self.child_words);
        if let Some(existing) = self.table.find(hash, normal as u16, &words) {
            let seen = *self.table.node(existing);
            let moves = self.moves_into(node, same_box, walked, seen.cell);
            if (g, moves) < (seen.g, seen.moves)
                && (!seen.closed || self.limits.optimal)
                && seen.h != u16::MAX
            {
                // Reached more cheaply: the new way in, and open again.
                *self.table.node_mut(existing) =
                    Node { parent, from: b as u16, g, moves, dir, count, closed: false, ..seen };
                self.push_open(existing);
            }
        } else {
            // Boxes' list order does not matter to the bound; swap the moved box in place.
            let index = self.boxes.iter().position(|&x| x == b).unwrap_or(0);
            self.boxes[index] = to;
            let h = self.child_bound(index, normal);
            self.boxes[index] = b;
            let beyond = |limit: Option<u16>| limit.zip(h).is_some_and(|(limit, bound)| g + bound > limit);
            if beyond(self.limits.fewest_moves_at) || beyond(self.limits.push_cut) {
                // Beyond the known optimum, or the pushes an answer may take: no solution of
                // that many pushes passes here now. The state is not stored, so that a shorter
                // way to it later is not taken for a dead end.
                self.child_words = words;
                self.occupied[b] = true;
                self.occupied[to] = false;
                return;
            }
            let cell = self.child_cell(b, to, node.cell);
            let child = Node {
                moves: self.moves_into(node, same_box, walked, cell),
                cell,
                parent,
                hash,
                player: normal as u16,
                from: b as u16,
                g,
                h: h.unwrap_or(u16::MAX),
                dir,
                count,
                closed: h.is_none(),
            };
            let child_id = self.table.insert(child, &words);
            self.meet_pulls(child_id, hash, normal, &words);
            if h.is_some() {
                self.keep_matching(child_id, index, to);
                self.push_open(child_id);
            }
        }
        self.child_words = words;
        self.occupied[b] = true;
        self.occupied[to] = false;
    }

    /// The `moves` of a child of `node` in `cell`: with move weights, its weight (see `open`),
    /// else the parent's moves and the `walked` steps and pushes to the child.
    fn moves_into(&self, node: &Node, same_box: bool, walked: u32, cell: u32) -> u32 {
        if self.weighed() {
            node.moves + weight_of(same_box, node.cell, cell)
        } else {
            node.moves.saturating_add(walked)
        }
    }

    /// Whether the child just made (its boxes in `occupied` and `child_words`, the pushed box
    /// on `to`) is dead by a freeze: a frozen box off its goal, or boxes frozen on goals that
    /// wall a box off every free goal or a free goal off every box.
    fn frozen_dead(&mut self, to: usize) -> bool {
        if !self.limits.techniques.freeze {
            return false;
        }
        if deadlock::freeze_deadlock(self.board, &self.occupied, to, &mut self.deadlock) {
            return true;
        }
        // Not dead, so a pushed box that froze did so on a goal, and its cluster with it.
        let newly_frozen = deadlock::frozen_with_pushed(&self.deadlock);
        self.limits.techniques.frozen_goals
            && self.frozen_goals.child_dead(self.board, &self.child_words, newly_frozen)
    }
}

/// The square where the push into `node` left its box, or `None` for the root or a box that
/// went home by a goal room's macro (finished, so never pushed again). A pull search's node
/// (`pulls`) records its pull the same way, one square long, so this reads it too.
pub(super) fn last_box(board: &crate::board::Board, node: &Node) -> Option<usize> {
    if node.parent == super::table::NONE || node.dir & PACKED != 0 {
        return None;
    }
    let dir = Direction::from_index(usize::from(node.dir));
    Some((0..node.count).fold(usize::from(node.from), |cell, _| board.step(cell, dir)))
}

/// The weight a push adds (see `open`): none when it goes on with the box pushed last, or when
/// the child's cell has more boxes home, fewer regions shut out of the player or fewer boxes in
/// passages than the parent's; one otherwise.
fn weight_of(same_box: bool, parent_cell: u32, child_cell: u32) -> u32 {
    let home = |cell: u32| (cell >> BOXES_HOME_SHIFT) & 0xff;
    let shut_out = |cell: u32| (cell >> SHUT_OUT_SHIFT) & 0xff;
    let in_passages = |cell: u32| cell >> PASSAGES_SHIFT;
    let advised = home(child_cell) > home(parent_cell)
        || shut_out(child_cell) < shut_out(parent_cell)
        || in_passages(child_cell) < in_passages(parent_cell);
    u32::from(!(same_box || advised))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    /// A feature cell as `Search::cell_of` makes it: boxes home, regions shut out, boxes pushable.
    fn cell(home: u32, shut_out: u32, pushable: u32) -> u32 {
        home << BOXES_HOME_SHIFT | shut_out << SHUT_OUT_SHIFT | pushable
    }

    /// The same with boxes in passages.
    fn cell_with_passages(home: u32, shut_out: u32, in_passages: u32) -> u32 {
        in_passages << PASSAGES_SHIFT | cell(home, shut_out, 0)
    }

    #[test]
    fn a_push_weighs_one_unless_it_goes_on_with_the_same_box_or_betters_a_feature() {
        let parent = cell(3, 2, 5);
        assert_eq!(weight_of(false, parent, cell(3, 2, 5)), 1);
        // More boxes it can push is no progress an advisor names here.
        assert_eq!(weight_of(false, parent, cell(3, 2, 6)), 1);
        // A box taken off a goal, or a region more shut out, weighs one like any other push.
        assert_eq!(weight_of(false, parent, cell(2, 3, 5)), 1);
        assert_eq!(weight_of(true, parent, cell(3, 2, 5)), 0);
        assert_eq!(weight_of(false, parent, cell(4, 2, 5)), 0);
        assert_eq!(weight_of(false, parent, cell(3, 1, 5)), 0);
    }

    #[test]
    fn a_push_that_clears_a_passage_is_free_and_one_that_blocks_one_is_not() {
        let parent = cell_with_passages(3, 2, 2);
        assert_eq!(weight_of(false, parent, cell_with_passages(3, 2, 1)), 0);
        assert_eq!(weight_of(false, parent, cell_with_passages(3, 2, 3)), 1);
        assert_eq!(weight_of(false, parent, cell_with_passages(3, 2, 2)), 1);
        // The boxes home are read apart from the passages' byte above them.
        assert_eq!(weight_of(false, parent, cell_with_passages(4, 2, 3)), 0);
        assert_eq!(weight_of(false, parent, cell_with_passages(2, 2, 2)), 1);
    }

    #[test]
    fn the_last_pushed_box_is_where_the_tunnel_left_it() {
        let level = Level::parse(1, "t", &["#########", "#@$    .#", "#########"]).unwrap();
        let board = crate::board::Board::new(&level).unwrap();
        let root = Node {
            parent: super::super::table::NONE,
            hash: 0,
            player: 10,
            from: 0,
            g: 0,
            h: 5,
            moves: 0,
            dir: 0,
            count: 0,
            closed: false,
            cell: 0,
        };
        assert_eq!(last_box(&board, &root), None);
        // Three pushes right from square 11: the box stands on 14.
        let right = Direction::Right.index() as u8;
        let child = Node { parent: 0, from: 11, dir: right, count: 3, g: 3, ..root };
        assert_eq!(last_box(&board, &child), Some(14));
        // A box that went home by a goal room's macro is finished: no box to go on with.
        assert_eq!(last_box(&board, &Node { dir: right | PACKED, ..child }), None);
    }
}

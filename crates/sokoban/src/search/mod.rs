//! The search over push states.
//!
//! A state is the set of box squares and the player's *region*: between pushes the player can
//! walk anywhere it reaches, so the state only records the lowest (top-left in reading order)
//! square of that region. The search is split by job, one file each, so that a new technique
//! has a clear place:
//!
//! - `table`: the node arena and the transposition table, keyed by a Zobrist hash.
//! - `reach`: the player's region, its normalised square, and walking distances.
//! - `expand`: the pushes of a state, the pruning that drops some, and tunnel macros.
//! - `estimate`: the matching bound of a state and its one-row update for a child.
//! - `packing`: goal rooms, the order to fill each, the macro that takes a box entering a
//!   room straight to the room's next goal, and the packing advisor, which takes a box there
//!   from anywhere (fast mode only).
//! - `open`: the open list, one queue or one per feature cell taken in turn (fast mode).
//! - `pulls`: the search from the other end, boxes pulled back from the goals, run in turn
//!   with this one until a state is found by both (fast mode, when asked).
//! - this module, the driver: the open list and its orders, the limits, and the pushes of the
//!   answer read back from the arena.
//!
//! Each expansion floods the player's region, then tries every push of every box the player
//! can stand behind. A push is dropped when its target is a dead square, when it freezes a box
//! off its goal, when the boxes frozen on goals, taken as walls, leave a box without a goal or
//! a goal without a box, or when the matching bound says the boxes can no longer all reach
//! distinct goals; when the position has an unfinished PI-corral, only the pushes into that
//! corral are tried at all (see [`crate::deadlock`]). A push into a one-wide tunnel is
//! continued through it as one macro move (each push still counted). In fast mode a box pushed
//! into a goal room goes on to the room's next goal in its packing order, boxes on the goals
//! a room has filled in that order stay put, and the packing advisor adds a child that takes a
//! box from wherever it stands to the room's next goal in one move.
//!
//! Three orders of expansion share the code:
//! - **optimal**: A* on pushes with the matching bound `h`; `f = g + h`, ties to the larger
//!   `g`. The bound is consistent, so the first goal state popped is push-optimal.
//! - **fast**: weighted best-first, `g + w·h`: a large weight dives towards the goals, a small
//!   one stays closer to A* and gets out of the wide traps that catch the dive. Among states
//!   of equal value the newest comes first, so the search goes on with the boxes it has just
//!   moved rather than going back to an older state that looks as good. The fast mode's later
//!   searches also split the open states into *feature cells* by two or three features, the
//!   boxes on goals, the regions of floor the player is shut out of and (in one dive, on long
//!   time limits) the boxes the player can push; a fourth, the boxes standing in passages
//!   ([`PASSAGES`]), is there to be screened (`--search`) and no schedule uses it yet. Every
//!   second expansion takes
//!   the best state of the next cell in turn (see `open`, after the feature-space search
//!   FESS), so a bound that is flat over a wide plateau no longer keeps the search on one
//!   kind of progress. A cell's best state is the one of least *move weight*: the fewest
//!   pushes on its path that turned to another box without bettering a feature.
//! - **fewest moves**: once the push optimum `P` is known, A* again over states that keep the
//!   player's exact square, ordered by (pushes + bound, moves so far) and cut at `P` pushes.
//!   The first solved state popped has `P` pushes and the fewest moves among such solutions.
//!
//! All stop with "unsolvable" only when the open list runs dry, which with sound pruning
//! means every reachable state was seen. Tunnel macros and the packing order are not sound
//! pruning; a search that used them says so ([`SearchReport::macros_used`]) and its
//! "unsolvable" is checked by one without them.
//!
//! Three limits stop a search with "gave up" first, each named in the outcome ([`Limit`]): the
//! time, the number of states stored, and the memory budget. Memory is counted in bytes, not
//! states, because a state's size depends on the board: before each expansion the driver asks
//! whether the table and the open list, grown to take every child that expansion could make
//! (four pushes a box), and those of the pull search beside it, if any, grown by its
//! expansions that follow, would still fit the budget, and gives up if not. So the budget is
//! never passed by the structures that grow with states; the static tables of the board (push
//! distances, sides) are made before the search and are not counted. Time is read every few
//! expansions, which is often enough except across a doubling of a table's slots: that can take
//! most of a second in one expansion at millions of states, so before an expansion that would
//! cause one the driver also gives up when the growth's forecast would pass the time limit. And
//! a search's limit covers giving its memory back: freeing gigabytes of tables takes a few tenths
//! of a second, foreseen from the bytes held ([`SECONDS_TO_FREE_A_GIB`]) and spent before the
//! limit.

mod estimate;
mod expand;
mod open;
mod packing;
mod pulls;
mod reach;
mod table;

use crate::board::Board;
use crate::bound::Matcher;
use crate::deadlock::{CorralDeadlocks, FrozenGoals, Scratch};
use grid::Direction;
use open::Open;
use packing::Packing;
use pulls::{Meeting, PullSettings, Pulls};
use reach::Reach;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;
use table::{ADVISED, NONE, Node, PACKED, Table, Zobrist};

/// Which limit ended a search that gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Limit {
    /// The time limit.
    Time,
    /// The memory budget.
    Memory,
    /// The number of states stored.
    States,
}

impl Limit {
    /// The word used in the JSON form: `time`, `memory` or `states`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Limit::Time => "time",
            Limit::Memory => "memory",
            Limit::States => "states",
        }
    }
}

/// How to search: the solver's internal configuration, set by [`crate::solve`] from the
/// public [`crate::Options`] for each of its searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Limits {
    /// Push-optimal (A*) rather than fast (weighted best-first).
    pub optimal: bool,
    /// Stop after this many seconds.
    pub seconds: f64,
    /// Stop after storing this many states.
    pub max_states: usize,
    /// Stop before the table and the open list would hold more than this many bytes.
    pub memory_budget: u64,
    /// Weight of the bound in the fast order, `g + weight·h` (unused when optimal).
    pub weight: u64,
    /// Push a box on through a one-wide tunnel as one move (fast mode only, see `expand`).
    pub tunnel_macros: bool,
    /// Whether goal rooms are filled in their packing order, and how (fast mode only, see
    /// `packing`).
    pub rooms: Rooms,
    /// The pruning rules and the bound in use (all on, unless measuring what each adds).
    pub techniques: Techniques,
    /// Only with `optimal`: search for the fewest moves among solutions of this many pushes,
    /// which must be the push optimum. States then keep the player's exact square.
    pub fewest_moves_at: Option<u16>,
    /// The features whose cells take turns in the open list (see `open`; fast mode only): a
    /// set of [`BOXES_HOME`], [`SHUT_OUT`], [`MOBILE`] and [`PASSAGES`], empty for one queue.
    pub cells: u8,
    /// Store no state whose pushes so far and bound add up to more than this: a search for an
    /// answer of at most this many pushes (the fast mode's improvement of an answer it has).
    pub push_cut: Option<u16>,
    /// Run a search of pulls from the solved positions in turn with this one, each expansion
    /// here followed by this many there, until a state is found by both (see `pulls`; fast
    /// mode only). 0: no pull search.
    pub pulls: u8,
    /// Features that the pull search's cells (when it has cells) add to their mirror of this
    /// search's, and its pruning: any of [`START_REGION`], [`PULL_WEIGHTS`] and [`PULL_FREEZE`].
    pub pull_features: u8,
}

/// How a search treats goal rooms ([`Limits::rooms`]; see `packing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rooms {
    /// No packing orders: rooms are floor like any other (`free-dive`, `careful`).
    Unplanned,
    /// Each room filled in its packing order, and a box pushed into a room taken on to the
    /// room's next goal by the entry macro (`dive`).
    Closed,
    /// The packing orders as `Closed`, but a box pushed into a room is pushed like any other,
    /// so that it may pass through the room to the floor beyond or wait in it (`open-dive`).
    Open,
}

/// A feature of the pull search's cells ([`Limits::pull_features`]): whether the player's region
/// holds the start's player square, where the pulls must end (`--search KIND,pulls+start-region`).
pub(crate) const START_REGION: u8 = 1;
/// A choice of the pull search's order ([`Limits::pull_features`]): its cells' queues take their
/// states by move weight first, as the forward search's do (see `pulls`; `--search
/// KIND,pulls+weights`). No weights without cells; `--without move-weights` clears it.
pub(crate) const PULL_WEIGHTS: u8 = 2;
/// The pull search's freeze test ([`Limits::pull_features`]; see `deadlock::pull_freeze`,
/// `--search KIND,pulls+freeze`): a state whose pulled box is in a set that no pull can move
/// again, with a box off the start's squares, is dropped. `--without pull-freeze` clears it.
pub(crate) const PULL_FREEZE: u8 = 4;
/// [`Limits::pulls`] of a search that meets a pull search halfway: one expansion of each in
/// turn (`--search KIND,meet`).
pub(crate) const MEET: u8 = 1;
/// [`Limits::pulls`] of a search led by its pull search, the forward search supplying the states
/// to meet: ten expansions of pulls to one of pushes (`--search KIND,pulls`).
pub(crate) const PULLS_LEAD: u8 = 10;

/// A feature of a state: the boxes on goals.
pub(crate) const BOXES_HOME: u8 = 1;
/// A feature of a state: the regions of floor the player is shut out of.
pub(crate) const SHUT_OUT: u8 = 2;
/// A feature of a state: the boxes the player can push (from where it stands, onto a free
/// square that is not dead).
pub(crate) const MOBILE: u8 = 4;
/// A feature of a state: the boxes off goals that stand in passages (squares walled on both
/// sides across one axis, see `Board::passage`), where each blocks the way of the player and of
/// every other box. After FESS's room connectivity, which counts the links between rooms that
/// boxes obstruct; here a box in a passage counts, not a link between rooms.
pub(crate) const PASSAGES: u8 = 8;
/// Where each feature's byte sits in a cell (see `Search::cell_of`), read back by the move
/// weights (see `expand`); the boxes the player can push take the lowest byte.
pub(super) const BOXES_HOME_SHIFT: u32 = 16;
pub(super) const PASSAGES_SHIFT: u32 = 24;
pub(super) const SHUT_OUT_SHIFT: u32 = 8;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            optimal: false,
            seconds: 10.0,
            max_states: crate::DEFAULT_MAX_STATES,
            memory_budget: u64::MAX,
            weight: 10,
            tunnel_macros: true,
            rooms: Rooms::Closed,
            techniques: Techniques::default(),
            fewest_moves_at: None,
            cells: 0,
            push_cut: None,
            pulls: 0,
            pull_features: 0,
        }
    }
}

/// Switches for the search's techniques, to measure what each adds. All are sound: turning one
/// off only makes the search slower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent switches
pub struct Techniques {
    /// Freeze deadlock detection.
    pub freeze: bool,
    /// PI-corral pruning.
    pub pi_corrals: bool,
    /// Corral deadlocks: a small search over a corral's fence boxes alone.
    pub corral_deadlocks: bool,
    /// Boxes frozen on goals taken as walls: a box that then reaches no free goal, or a free
    /// goal that no box reaches, makes the position dead.
    pub frozen_goals: bool,
    /// The matching bound; off, the bound is the sum of each box's nearest goal (the seed's).
    pub matching: bool,
    /// Tunnel macros (fast mode only).
    pub tunnels: bool,
    /// Goal rooms filled in their packing order (fast mode only).
    pub packing: bool,
    /// Boxes parked in a goal room that cannot be filled goal by goal (see `packing`); off,
    /// such a room is not followed (with the packing orders only).
    pub parking: bool,
    /// The packing advisor: a box taken from anywhere to its room's next goal in one move
    /// (with the packing orders only).
    pub advisor: bool,
    /// Goal rooms open in the searches that ask for it (`open-dive`: a box pushed into a room
    /// is pushed like any other); off, their rooms are closed, as the other dives' are.
    pub open_rooms: bool,
    /// The open list's feature cells taken in turn (fast mode only, see `open`).
    pub cells: bool,
    /// The fast mode's answer improved by searches for fewer pushes (see [`crate::solve`]).
    pub improve: bool,
    /// The feature cells' queues ordered by move weight first (fast mode only, see `open`).
    pub move_weights: bool,
    /// The search of pulls from the solved positions, beside the searches that have one (see
    /// `pulls`; fast mode only).
    pub pulls: bool,
    /// The pull search's freeze test where a search asks for it (`,pulls+freeze`): a pulled box
    /// in a set that no pull can move again, with a box off the start's squares, ends the
    /// state (see `deadlock::pull_freeze`).
    pub pull_freeze: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            freeze: true,
            pi_corrals: true,
            corral_deadlocks: true,
            frozen_goals: true,
            matching: true,
            tunnels: true,
            packing: true,
            parking: true,
            advisor: true,
            open_rooms: true,
            cells: true,
            improve: true,
            move_weights: true,
            pulls: true,
            pull_freeze: true,
        }
    }
}

/// One push macro of an answer: the box on `from` is pushed `count` times in direction `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Push {
    /// The box's square before the push.
    pub from: usize,
    /// The direction of the push.
    pub dir: Direction,
    /// Pushes in a row (more than one through a tunnel).
    pub count: usize,
}

/// How one search ended: the pushes themselves, which [`crate::solve`] turns into a verified
/// [`crate::Status`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The pushes from the start to a solved state.
    Solved(Vec<Push>),
    /// Every reachable state was searched.
    Unsolvable,
    /// A limit was reached first.
    GaveUp(Limit),
}

/// What a search did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SearchReport {
    /// How it ended.
    pub outcome: Outcome,
    /// States stored.
    pub states: usize,
    /// True when a tunnel macro fired or a packing order was followed. Both keep solutions
    /// valid but may skip the only way through, so an exhausted search with them is no proof
    /// of unsolvability.
    pub macros_used: bool,
    /// The pushes of the answer end with pulls of the search from the other end undone: the
    /// two searches met (see `pulls`).
    pub met: bool,
}

/// The state being expanded, as each of its children is made from it (by a push here, a pull in
/// `pulls`): its id, its node, its box set's words, and its hash without the player's key, which
/// a child's hash takes over with the moved box's keys and its own player's.
#[derive(Clone, Copy)]
struct Parent<'a> {
    id: u32,
    node: &'a Node,
    row: &'a [u64],
    box_hash: u64,
}

impl<'a> Parent<'a> {
    /// The state `id` about to be expanded, its hash without the player's key derived here once.
    fn new(id: u32, node: &'a Node, row: &'a [u64], zobrist: &Zobrist) -> Self {
        let box_hash = node.hash ^ zobrist.player_key(usize::from(node.player));
        Parent { id, node, row, box_hash }
    }

    /// Starts loading the slots where each child will be looked up, in the search's own table
    /// and in the other search's beside it, if any (see [`Table::prefetch`]): a child moves
    /// box `b` one square in direction `d`, by a push here or a pull in `pulls`. The misses
    /// then overlap one another and the work of making the children before them. A move that
    /// a macro carries further is looked up elsewhere; its prefetch is only wasted.
    fn prefetch_children(
        &self,
        board: &Board,
        zobrist: &Zobrist,
        moves: &[(usize, Direction)],
        own: &Table,
        other: Option<&Table>,
    ) {
        for &(b, d) in moves {
            let hash = self.box_hash ^ zobrist.box_key(b) ^ zobrist.box_key(board.step(b, d));
            own.prefetch(hash);
            if let Some(other) = other {
                other.prefetch(hash);
            }
        }
    }
}

/// One search's state: the stored states, the open list, and the scratch of one expansion.
struct Search<'a> {
    board: &'a Board,
    limits: Limits,
    /// Raised when a search run beside this one has settled the level.
    stop: &'a AtomicBool,
    table: Table,
    zobrist: Zobrist,
    /// The open list: (priority, tie-break order of the state id, see `id_of`), smallest first,
    /// in one queue, or one per feature cell (see `open`).
    open: Open,
    /// The most children one expansion can make: four pushes a box.
    most_children: usize,
    // The position being expanded.
    occupied: Vec<bool>,
    boxes: Vec<usize>,
    /// The box set of the child being made.
    child_words: Vec<u64>,
    /// The boxes on goals in the position being expanded.
    boxes_home: u32,
    /// The boxes in passages in the position being expanded (see [`PASSAGES`]).
    boxes_in_passages: u32,
    reach: Reach,
    // The bound's cost matrices and matching; `cost` also keeps the row of the parent's matrix
    // that a child's bound replaces (see `estimate`).
    cost: Vec<u32>,
    parent_cost: Vec<u32>,
    matcher: Matcher,
    /// The matchings of the latest children, for when they are expanded.
    kept_matchings: estimate::KeptMatchings,
    macros_used: bool,
    /// The goal rooms and their orders, when followed.
    packing: Option<Packing>,
    deadlock: Scratch,
    corral_deadlocks: CorralDeadlocks,
    frozen_goals: FrozenGoals,
    /// The search from the solved positions, when the two are to meet.
    pulls: Option<Pulls>,
    /// The first state found by both searches.
    meeting: Option<Meeting>,
}

/// Searches for pushes from the start position `boxes` / `player` (grid cells, all on the
/// board's interior) to a solved one.
pub(crate) fn find_pushes(board: &Board, boxes: &[usize], player: usize, limits: Limits) -> SearchReport {
    find_pushes_until(board, boxes, player, limits, &NEVER)
}

/// The seconds that giving back a gibibyte of a search's tables takes when the search ends, which
/// counts against its time limit as much as the search does: the pages of the arenas and the
/// slots are unmapped one by one. Measured on this machine, both cores busy: 0.22 and 0.28 s for
/// the careful search of a minute on `xsokoban` 42 and 66 (3.1 and 3.4 GB as the memory budget
/// counts them, about 0.08 s a GB), which ended at 60.00 s and left their levels at 60.25 and
/// 60.29 s. Half again as much here, for a machine more loaded.
const SECONDS_TO_FREE_A_GIB: f64 = 0.125;

/// The seconds that dropping tables of `bytes` will take (see [`SECONDS_TO_FREE_A_GIB`]).
fn seconds_to_free(bytes: u64) -> f64 {
    let mebibytes = u32::try_from(bytes >> 20).unwrap_or(u32::MAX);
    f64::from(mebibytes) / 1024.0 * SECONDS_TO_FREE_A_GIB
}

/// A flag that is never raised, for the searches that run alone.
static NEVER: AtomicBool = AtomicBool::new(false);

/// [`find_pushes`], which also gives up (as on the time limit) once `stop` is raised: a search
/// run beside another stops when the other has the answer.
pub(crate) fn find_pushes_until(
    board: &Board,
    boxes: &[usize],
    player: usize,
    limits: Limits,
    stop: &AtomicBool,
) -> SearchReport {
    let start = Instant::now();
    let mut search = Search::new(board, limits, stop);
    search.run(boxes, player, start)
}

/// The matching lower bound of a position (boxes on interior squares, the player anywhere in
/// its region), or `None` when the boxes cannot all reach distinct goals.
pub(crate) fn lower_bound(board: &Board, boxes: &[usize], player: usize) -> Option<u16> {
    let mut search = Search::new(board, Limits::default(), &NEVER);
    for &b in boxes {
        let bit = usize::from(board.interior_index[b]);
        grid::insert_bit(&mut search.child_words, bit);
    }
    let words = search.child_words.clone();
    search.load(&words);
    search.bound(player)
}

/// Whether the level has a goal room whose packing order the fast mode would follow.
#[cfg(test)]
pub(crate) fn has_goal_room(board: &Board, boxes: &[usize], player: usize) -> bool {
    Packing::new(board, boxes, player, true).is_some()
}

/// Whether the level has a goal room whose plan parks a box on the way (see `packing`).
#[cfg(test)]
pub(crate) fn parks_boxes(board: &Board, boxes: &[usize], player: usize) -> bool {
    Packing::new(board, boxes, player, true).is_some_and(|packing| packing.parks())
}

#[cfg(test)]
pub(crate) use packing::goal_blocks;

impl<'a> Search<'a> {
    fn new(board: &'a Board, limits: Limits, stop: &'a AtomicBool) -> Self {
        // Box sets have a bit per interior square (see `table`).
        let words = board.interior.len().div_ceil(64);
        Search {
            board,
            limits,
            stop,
            table: Table::new(words),
            zobrist: Zobrist::new(board.len),
            open: Open::default(),
            most_children: 0,
            occupied: vec![false; board.len],
            boxes: Vec::new(),
            child_words: vec![0; words],
            boxes_home: 0,
            boxes_in_passages: 0,
            reach: Reach::new(board),
            cost: Vec::new(),
            parent_cost: Vec::new(),
            matcher: Matcher::default(),
            kept_matchings: estimate::KeptMatchings::default(),
            macros_used: false,
            packing: None,
            deadlock: Scratch::new(board.len),
            corral_deadlocks: CorralDeadlocks::new(board.len),
            frozen_goals: FrozenGoals::default(),
            pulls: None,
            meeting: None,
        }
    }

    fn run(&mut self, boxes: &[usize], player: usize, start: Instant) -> SearchReport {
        let report = |outcome, search: &Self| SearchReport {
            outcome,
            states: search.states(),
            macros_used: search.macros_used,
            met: search.meeting.is_some(),
        };
        self.child_words.fill(0);
        for &b in boxes {
            let bit = usize::from(self.board.interior_index[b]);
            grid::insert_bit(&mut self.child_words, bit);
        }
        self.most_children = 4 * boxes.len();
        if self.limits.cells != 0 && self.limits.fewest_moves_at.is_none() {
            self.open = Open::alternating();
        }
        if self.limits.techniques.matching {
            self.kept_matchings = estimate::KeptMatchings::new(boxes.len(), self.limits.memory_budget);
        }
        if self.limits.rooms != Rooms::Unplanned
            && self.limits.techniques.packing
            && !self.limits.optimal
            && self.limits.fewest_moves_at.is_none()
        {
            self.packing = Packing::new(self.board, boxes, player, self.limits.techniques.parking);
            self.macros_used |= self.packing.is_some();
        }
        let words = self.child_words.clone();
        self.load(&words);
        let lowest = self.reach.flood(self.board, player);
        let normal = if self.limits.fewest_moves_at.is_some() { player } else { lowest };
        let box_hash = self.zobrist.boxes_key(boxes);
        let Some(h) = self.bound(normal) else { return report(Outcome::Unsolvable, self) };
        self.boxes_home = self.boxes_on(&self.board.goal);
        self.boxes_in_passages = self.boxes_on(&self.board.passage);
        let cell = if self.limits.cells == 0 || self.limits.fewest_moves_at.is_some() {
            0
        } else {
            let _ = self.reach.lowest_reachable(self.board, &words, player);
            self.cell_of(self.boxes_home, self.boxes_in_passages, None)
        };
        let root = Node::root(box_hash ^ self.zobrist.player_key(normal), normal, h, cell);
        let id = self.table.insert(root, &words);
        self.push_open(id);
        if self.limits.pulls > 0 && !self.limits.optimal && self.limits.fewest_moves_at.is_none() {
            // The pull search has cells of its own when this one has cells.
            let cells = self.limits.cells != 0;
            let start_region = (self.limits.pull_features & START_REGION != 0).then_some(player);
            let weighed = self.limits.pull_features & PULL_WEIGHTS != 0;
            let settings = PullSettings {
                weight: self.limits.weight,
                cells,
                weighed,
                start_region,
                freeze: self.limits.pull_features & PULL_FREEZE != 0,
                memory_budget: self.limits.memory_budget,
            };
            self.pulls = Pulls::new(self.board, boxes, settings, &self.zobrist);
        }
        let mut expanded = 0_u64;
        loop {
            let (table, flip) = (&self.table, self.id_of(0));
            let Some(order) = self.open.pop(|order| !table.node(order ^ flip).closed) else { break };
            let id = order ^ flip;
            let node = *self.table.node(id);
            if node.h == 0 && self.is_solved(id) {
                return report(Outcome::Solved(self.path(id)), self);
            }
            self.table.node_mut(id).closed = true;
            expanded += 1;
            if let Some(limit) = self.limit_before_expansion(expanded, start) {
                return report(Outcome::GaveUp(limit), self);
            }
            self.expand(id);
            if let Some(pulls) = &mut self.pulls
                && self.meeting.is_none()
            {
                for _ in 0..self.limits.pulls {
                    self.meeting = pulls.expand_next(self.board, &self.zobrist, &self.table);
                    if self.meeting.is_some() {
                        break;
                    }
                }
            }
            if let Some(meeting) = self.meeting {
                return report(Outcome::Solved(self.joined_path(meeting)), self);
            }
        }
        report(Outcome::Unsolvable, self)
    }

    /// The limit that the next expansion, the `expanded`th, would pass, if any. The clock is read
    /// every few expansions, and every time when the boxes are many and one expansion (a matching
    /// per child) is slow. The time the tables will take to free when the search ends is spent
    /// before the limit, not after it.
    fn limit_before_expansion(&mut self, expanded: u64, start: Instant) -> Option<Limit> {
        let bytes = self.bytes_after_expansion();
        let teardown = seconds_to_free(bytes);
        let check = expanded.is_multiple_of(64) || self.boxes.len() > 24;
        if check
            && (start.elapsed().as_secs_f64() + teardown > self.limits.seconds || self.stop.load(Relaxed))
        {
            return Some(Limit::Time);
        }
        if self.states() >= self.limits.max_states {
            return Some(Limit::States);
        }
        if bytes > self.limits.memory_budget {
            return Some(Limit::Memory);
        }
        let growth = self.seconds_to_grow();
        if growth > 0.0 && start.elapsed().as_secs_f64() + growth + teardown > self.limits.seconds {
            return Some(Limit::Time);
        }
        None
    }

    /// Keeps the first meeting with the pull search: the state `id` just stored (its hash,
    /// normalised player square and box set) is one the pull search has stored too.
    fn meet_pulls(&mut self, id: u32, hash: u64, player: usize, row: &[u64]) {
        if let Some(pulls) = &self.pulls
            && self.meeting.is_none()
            && let Some(backward) = pulls.table().find(hash, player as u16, row)
        {
            self.meeting = Some(Meeting { forward: id, backward });
        }
    }

    /// The states stored by this search and by the pull search beside it.
    fn states(&self) -> usize {
        self.table.len() + self.pulls.as_ref().map_or(0, Pulls::len)
    }

    /// The pushes from the start to the state where the two searches met, then on to a solved
    /// position by the pull search's pulls undone.
    fn joined_path(&mut self, meeting: Meeting) -> Vec<Push> {
        let mut pushes = self.path(meeting.forward);
        if let Some(pulls) = &self.pulls {
            pushes.extend(pulls.pushes_to_goals(self.board, meeting.backward));
        }
        pushes
    }

    fn is_solved(&self, id: u32) -> bool {
        let row = self.table.row(id);
        self.board.goals.iter().all(|&g| {
            let bit = usize::from(self.board.interior_index[g]);
            grid::has_bit(row, bit)
        })
    }

    /// Bytes of the table and the open list once they have grown to take every child of one
    /// more expansion, and of the kept matchings: the most the search can hold when the next
    /// expansion is done.
    fn bytes_after_expansion(&mut self) -> u64 {
        let bytes = self.table.bytes_after(self.most_children)
            + self.open.bytes_after(self.most_children)
            + self.kept_matchings.bytes()
            + self.frozen_goals.bytes_after(self.board, self.boxes.len(), self.most_children)
            // The pull search's expansions that follow this one, each with as many children.
            + self.pulls.as_mut().map_or(0, |pulls| {
                pulls.bytes_after(self.most_children * usize::from(self.limits.pulls))
            });
        bytes as u64
    }

    /// The seconds the tables, this search's and the pull search's, will spend growing in the
    /// next expansion and the pull search's expansions after it (see `table`).
    fn seconds_to_grow(&self) -> f64 {
        self.table.seconds_to_grow(self.most_children)
            + self.pulls.as_ref().map_or(0.0, |pulls| {
                pulls.seconds_to_grow(self.most_children * usize::from(self.limits.pulls))
            })
    }

    fn priority(&self, node: &Node) -> u64 {
        let (g, h) = (u64::from(node.g), u64::from(node.h));
        if self.limits.fewest_moves_at.is_some() {
            // Pushes first, then moves: A* on the pair, the bound adding nothing to moves.
            ((g + h) << 32) | u64::from(node.moves)
        } else if self.limits.optimal {
            // f first, then deeper nodes (smaller h) first.
            ((g + h) << 16) | h
        } else {
            ((g + self.limits.weight * h) << 16) | h
        }
    }

    /// The feature cell of the child whose region was just found (by `Reach::child_lowest` or
    /// `Reach::lowest_reachable`), where a box left `left` for `entered`, a child of the state
    /// of cell `parent_cell` (0 without cells).
    fn child_cell(&mut self, left: usize, entered: usize, parent_cell: u32) -> u32 {
        if self.limits.cells == 0 || self.limits.fewest_moves_at.is_some() {
            return 0;
        }
        let home = self.boxes_home + u32::from(self.board.goal[entered]) - u32::from(self.board.goal[left]);
        // Counted in the parent only when the feature is on (see `expand`).
        let in_passages = if self.limits.cells & PASSAGES == 0 {
            0
        } else {
            self.boxes_in_passages + u32::from(self.board.passage[entered])
                - u32::from(self.board.passage[left])
        };
        let parents_shut_out = (parent_cell >> SHUT_OUT_SHIFT) & 0xff;
        self.cell_of(home, in_passages, Some((left, entered, parents_shut_out)))
    }

    /// The feature cell of the position whose region was just found: the one loaded
    /// (`occupied`, `boxes`), or its child where a box `moved` from one square to another
    /// (already in `occupied`), with the parent's count of regions shut out, with `boxes_home`
    /// boxes on goals and `in_passages` boxes in passages (see `open`). A byte a feature.
    fn cell_of(&mut self, boxes_home: u32, in_passages: u32, moved: Option<(usize, usize, u32)>) -> u32 {
        let mut cell = 0;
        if self.limits.cells & BOXES_HOME != 0 {
            cell |= boxes_home.min(255) << BOXES_HOME_SHIFT;
        }
        if self.limits.cells & PASSAGES != 0 {
            cell |= in_passages.min(255) << PASSAGES_SHIFT;
        }
        // Before the regions are counted: that reuses the player's region's words.
        if self.limits.cells & MOBILE != 0 {
            let moved = moved.map(|(left, entered, _)| (left, entered));
            cell |= self.reach.pushable(self.board, moved).min(255);
        }
        if self.limits.cells & SHUT_OUT != 0 {
            let regions = match (moved, self.reach.shut_out_change()) {
                // The parent's count changed by what the push cut off (see `reach`); a count
                // that reached the byte's most is counted again.
                (Some((_, _, parents)), Some(change)) if parents < 255 => {
                    parents.saturating_add_signed(change).min(255)
                }
                _ => self.reach.regions_beyond(self.board).min(255),
            };
            cell |= regions << SHUT_OUT_SHIFT;
        }
        cell
    }

    /// Whether the cells' queues take their states by move weight first (see `open`); a
    /// state's [`Node::moves`] then holds its weight.
    pub(super) fn weighed(&self) -> bool {
        self.limits.techniques.move_weights
            && self.limits.cells != 0
            && !self.limits.optimal
            && self.limits.fewest_moves_at.is_none()
    }

    fn push_open(&mut self, id: u32) {
        let node = self.table.node(id);
        let key = self.priority(node);
        // The weight above the bound's order: the lower weight first, whatever the bound says.
        let cell_key = if self.weighed() { (u64::from(node.moves) << 40) | key } else { key };
        let cell = node.cell;
        let order = self.id_of(id);
        self.open.push(cell, cell_key, key, order);
    }

    /// A state's place among the open states of equal priority, and back (the map is its own
    /// inverse). The fast mode takes the newest first: among equals, the children of the last
    /// expansion, so the dive goes on with the boxes it just moved instead of going back to an
    /// older state of the same value. The other orders take the oldest first.
    fn id_of(&self, order: u32) -> u32 {
        // `!order` is `order ^ u32::MAX`: the driver's loop reads the map as `order ^ id_of(0)`.
        if self.limits.optimal || self.limits.fewest_moves_at.is_some() { order } else { !order }
    }

    /// How many of the loaded boxes stand on the `squares` (goals, passages).
    fn boxes_on(&self, squares: &[bool]) -> u32 {
        count_on(&self.boxes, squares)
    }

    /// Loads a box set (a bit per interior square) into `occupied` and `boxes` (cells).
    fn load(&mut self, row: &[u64]) {
        load_row(self.board, row, &mut self.occupied, &mut self.boxes);
        self.reach.set_parent(row, &self.boxes);
    }

    /// The pushes from the root to state `id`, read back along the parents.
    fn path(&mut self, mut id: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while self.table.node(id).parent != NONE {
            let node = *self.table.node(id);
            let (from, dir) =
                (usize::from(node.from), Direction::from_index(usize::from(node.dir & !(PACKED | ADVISED))));
            if node.dir & PACKED == 0 {
                pushes.push(Push { from, dir, count: usize::from(node.count) });
            } else {
                let advised = node.dir & ADVISED != 0;
                pushes.extend(self.room_entry_pushes(node.parent, id, from, dir, advised).into_iter().rev());
            }
            id = node.parent;
        }
        pushes.reverse();
        pushes
    }

    /// The pushes of a goal room entry from state `parent` to state `child`: the box pushed
    /// from `from` in direction `dir` went on to the goal `child` has and `parent` has not, by
    /// the path the expansion found (the same breadth-first search, on the same boxes). When
    /// `advised`, the move was the packing advisor's: the box on `from` went to that goal by
    /// the path its search found from the parent's region.
    fn room_entry_pushes(
        &mut self,
        parent: u32,
        child: u32,
        from: usize,
        dir: Direction,
        advised: bool,
    ) -> Vec<Push> {
        let row = self.table.row(parent).to_vec();
        let goal = self
            .table
            .row(child)
            .iter()
            .zip(&row)
            .enumerate()
            .find(|&(_, (c, p))| c & !p != 0)
            .map(|(w, (c, p))| self.board.interior[w * 64 + (c & !p).trailing_zeros() as usize]);
        self.load(&row);
        if advised {
            self.reach.flood(self.board, usize::from(self.table.node(parent).player));
        }
        self.occupied[from] = false;
        let reach = &self.reach;
        let path = match (goal, self.packing.as_mut()) {
            (Some(goal), Some(packing)) if advised => packing.advised_path(
                self.board,
                &self.occupied,
                &self.boxes,
                |c| reach.contains(c),
                from,
                goal,
                usize::MAX,
            ),
            (Some(goal), Some(packing)) => {
                packing.entry_path(self.board, &self.occupied, &self.boxes, from, dir, goal)
            }
            _ => None,
        };
        self.occupied[from] = true;
        // Missing only if the table were corrupt: the replay would then reject the answer.
        path.unwrap_or_default().into_iter().map(|(from, dir)| Push { from, dir, count: 1 }).collect()
    }
}

/// Loads a box set (a bit per interior square) into `occupied` and `boxes` (cells), clearing
/// the boxes they held: what each expansion of either search does first.
fn load_row(board: &Board, row: &[u64], occupied: &mut [bool], boxes: &mut Vec<usize>) {
    for &b in boxes.iter() {
        occupied[b] = false;
    }
    boxes.clear();
    // Word by word rather than `grid::set_bits`: the flattened iterator costs 16% more
    // instructions here, the search loads a box set per expansion.
    for (w, &word) in row.iter().enumerate() {
        for bit in grid::bits(word) {
            let cell = board.interior[w * 64 + bit as usize];
            occupied[cell] = true;
            boxes.push(cell);
        }
    }
}

/// How many of `boxes` stand on the `squares` (goals, passages, start squares).
fn count_on(boxes: &[usize], squares: &[bool]) -> u32 {
    boxes.iter().filter(|&&b| squares[b]).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn run(rows: &[&str], limits: Limits) -> (Vec<Push>, usize) {
        let level = Level::parse(1, "t", rows).unwrap();
        let board = Board::new(&level).unwrap();
        let report = find_pushes(&board, &level.boxes, level.player, limits);
        let Outcome::Solved(pushes) = report.outcome else { panic!("{report:?}") };
        (pushes, report.states)
    }

    const TUNNEL: [&str; 5] =
        ["############", "#   ####   #", "# @$       #", "#   ####  .#", "############"];

    #[test]
    fn a_tunnel_is_crossed_in_one_macro_move() {
        let with = Limits { tunnel_macros: true, ..Limits::default() };
        let without = Limits { tunnel_macros: false, ..Limits::default() };
        let (macro_pushes, macro_states) = run(&TUNNEL, with);
        let (plain_pushes, plain_states) = run(&TUNNEL, without);
        // The macro carries the box from the tunnel's mouth to its far end in one move.
        assert!(macro_pushes.iter().any(|push| push.count > 1), "{macro_pushes:?}");
        assert!(plain_pushes.iter().all(|push| push.count == 1));
        let total = |pushes: &[Push]| pushes.iter().map(|p| p.count).sum::<usize>();
        assert_eq!(total(&macro_pushes), total(&plain_pushes));
        assert!(macro_states < plain_states, "{macro_states} >= {plain_states}");
    }

    #[test]
    fn a_tunnel_macro_stops_on_a_goal() {
        // The goal lies inside the tunnel: the macro must not carry the box past it.
        let rows = ["############", "#   #####  #", "# @$  .    #", "#   #####  #", "############"];
        let (pushes, _) = run(&rows, Limits { tunnel_macros: true, ..Limits::default() });
        assert_eq!(
            pushes,
            vec![
                Push { from: 27, dir: Direction::Right, count: 1 },
                Push { from: 28, dir: Direction::Right, count: 2 }
            ]
        );
    }

    #[test]
    fn the_seed_heuristic_is_beaten_by_the_matching() {
        // Both boxes are nearest to the left goal; the matching sends one of them right.
        let level = Level::parse(1, "t", &["#########", "#.$$   .#", "#   @   #", "#########"]).unwrap();
        let board = Board::new(&level).unwrap();
        let nearest: u16 = level
            .boxes
            .iter()
            .map(|&b| (0..board.goals.len()).map(|g| board.push_distance(g, b, level.player)).min().unwrap())
            .sum();
        let matching = lower_bound(&board, &level.boxes, level.player).unwrap();
        assert!(matching > nearest, "{matching} <= {nearest}");
    }

    /// A goal room of two goals behind a doorway (row 5, between the walls above and below
    /// its third square), entered only from the hall above by the gap in row 4; each box has
    /// to come round the hall's walls, with turns, to reach it.
    const ROOM_ROUND_THE_HALL: [&str; 7] =
        ["#########", "#   #   #", "# $ # $ #", "#       #", "####  # #", "#..   @ #", "#########"];

    #[test]
    fn the_advisor_finds_a_box_its_whole_way_to_the_rooms_next_goal() {
        let level = Level::parse(1, "t", &ROOM_ROUND_THE_HALL).unwrap();
        let board = Board::new(&level).unwrap();
        let mut packing = Packing::new(&board, &level.boxes, level.player, true).expect("a goal room");
        let mut occupied = board.occupied_by(&level.boxes);
        packing.load(&occupied);
        let goal = packing.next_placings().next().expect("an empty room").target;
        // The deepest goal first.
        assert_eq!(goal, 5 * 9 + 1);
        let mut bfs = grid::Bfs::with_rim(board.width, board.len);
        let region: Vec<bool> = bfs
            .distances([level.player], |c| board.floor[c] && !occupied[c])
            .iter()
            .map(|&d| d != grid::UNREACHED)
            .collect();
        let left_box = 2 * 9 + 2;
        occupied[left_box] = false;
        let path = packing
            .advised_path(&board, &occupied, &level.boxes, |c| region[c], left_box, goal, usize::MAX)
            .expect("a path round the hall");
        // Right and down to the hall's middle row (four pushes, in some order), down two
        // through the gap, left four into the room.
        assert_eq!(path.len(), 10, "{path:?}");
        assert_eq!(path[0].0, left_box);
        for pair in path.windows(2) {
            assert_eq!(board.step(pair[0].0, pair[0].1), pair[1].0, "{path:?}");
        }
        let &(last_from, last_dir) = path.last().unwrap();
        assert_eq!(board.step(last_from, last_dir), goal);
        // Bounded: it gives up rather than look at more positions than it is allowed.
        assert_eq!(
            packing.advised_path(&board, &occupied, &level.boxes, |c| region[c], left_box, goal, 5),
            None
        );
    }

    #[test]
    fn the_advisors_moves_make_a_shorter_search_whose_answer_replays() {
        let level = Level::parse(1, "t", &ROOM_ROUND_THE_HALL).unwrap();
        let board = Board::new(&level).unwrap();
        let without = Limits {
            techniques: Techniques { advisor: false, ..Techniques::default() },
            ..Limits::default()
        };
        let mut states = Vec::new();
        for limits in [Limits::default(), without] {
            let report = find_pushes(&board, &level.boxes, level.player, limits);
            let Outcome::Solved(pushes) = report.outcome else { panic!("{report:?}") };
            // The advisor's moves are stored as one step each; their pushes are found again.
            let lurd = crate::lurd_of(&board, &level.boxes, level.player, &pushes);
            assert!(crate::verify(&level, &lurd).is_ok(), "{lurd}");
            states.push(report.states);
        }
        assert!(states[0] < states[1], "with the advisor {} states, without {}", states[0], states[1]);
    }
}

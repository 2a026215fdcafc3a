//! # sokoban: levels in, verified LURD solutions out
//!
//! Sokoban is a search over *pushes*: between two pushes the player walks freely, so a state
//! is the set of box squares plus the region the player can walk in. This crate reads level
//! files ([`split_collection`], [`Level::parse`]), searches ([`solve`]) and replays every answer
//! before reporting it ([`verify`]).
//!
//! ```text
//!  text ──parse──▶ Level ──analyse──▶ dead squares, push distances (static)
//!                                │
//!                                ▼
//!                 search over (boxes, player region)   ◀── Zobrist table, matching bound,
//!                                │                         freeze, PI-corral, corral deadlocks,
//!                                ▼                         frozen goals, tunnel macros, packing
//!                 pushes ──walks filled in──▶ LURD ──verify──▶ Solution
//! ```
//!
//! The pieces, each in its own (private) module:
//! - `collection`, `level` and `rows`: collection files, checked levels, and the two alphabets
//!   with run-length rows.
//! - `board`: the static analysis. Dead squares by pulling boxes back from the goals; push
//!   distances by breadth-first search over (box square, side of the box the player is on).
//! - `bound`: the lower bound, a minimum-cost matching of boxes to goals (Hungarian method).
//! - `deadlock`: freeze deadlocks, PI-corral pruning, corral deadlocks (a small search over
//!   the boxes fencing a corral, alone) and boxes frozen on goals taken as walls, a file each.
//! - `search`: A* for push-optimal answers (then a second A* for the fewest moves among
//!   them, where the time allows), weighted best-first for fast ones, its open states split
//!   into feature cells that take turns; a folder with a file per job (transposition table,
//!   player reach, expansion, bound update, open list, driver).
//! - `lurd`: the player's walks filled in between the pushes the search found.
//! - `solution`: LURD replay and its checks ([`verify`]).
//! - `record`: one level's result as the binary prints it ([`Record`], [`Summary`]).
//! - [`bench`](mod@bench): the benchmark facade, the static analysis and the bound timed on their
//!   own, and one search of the fast mode named ([`bench::OneSearch`]) to run alone for the
//!   whole time limit ([`Options::one_search`]), as the screening runs that choose the
//!   schedules' slices do.
//!
//! What each technique adds, in levels solved by the fast mode (`--without NAME` switches one
//! off; the README has the full tables). Corral deadlocks, with each search capped at a number
//! of stored states, before feature cells:
//!
//! | techniques                   | `xsokoban` (100k) | `microban` (200k) | `sasquatch` (100k) |
//! | ---------------------------- | ----------------- | ----------------- | ------------------ |
//! | all                          | 9 / 90            | 153 / 155         | 17 / 50            |
//! | `--without corral-deadlocks` | 5 / 90            | 152 / 155         | 16 / 50            |
//!
//! Feature cells, at 10 s a level, one thread a level: `xsokoban` 13 / 90 without, 27 / 90
//! with; `microban2` 131 / 135 without, 135 / 135 with; `sasquatch` 19 / 50 without, 22 / 50
//! with; `microban` 154 / 155 either way.
//!
//! Move weights in the cells' queues (`--without move-weights`), one thread a level,
//! `--without improve`: `xsokoban` at 10 s a level 34 / 90 without, 43 / 90 with, 45 / 90 with
//! the searches with cells run both ways (`ONE_THREAD`); at 60 s 49 / 90 without, 57 / 90
//! with, 60 / 90 with two of the portfolio's dives also run unweighted (`ONE_THREAD_LONG`). Both
//! cores on one level at 60 s (`DIVES_LONG` and `CAREFUL_LONG`): 49 / 90 without, 63 / 90
//! with, 64 / 90 with the dives' thread run both ways, 65 / 90 in the run after its dive with
//! cells was given 2% more (the level it won back was solved within the old slice there too),
//! and 64 -> 70 / 90 (tenth session, the same sitting) when the dives' slices were chosen by
//! `cargo xtask sokoban-slices --beside`, with the careful search's levels counted as covered.
//!
//! Boxes frozen on goals taken as walls (`--without frozen-goals`), each search capped at
//! 200,000 stored states: `xsokoban` 28 / 90 without, 32 / 90 with; `microban` 153 / 155 and
//! `microban2` 135 / 135 either way, with 10% and 24% fewer states on them.
//!
//! The packing advisor (`--without advisor`; see `search::packing`), one thread a level,
//! `--without improve`: the dive with pushable-box cells alone at 15 s a level, `xsokoban` 45 /
//! 90 without, 54 / 90 with, `sasquatch` 25 / 50 either way; the fast mode at 10 s a level,
//! `xsokoban` 45 / 90 without, 49 / 90 with, `sasquatch` 23 / 50 without, 22 / 50 with (19 lost
//! that sitting; the plain dive solves it near its slice's end, from 2.1 to 4.1 s run to run, and
//! a later sitting solved it with the advisor too); at 60 s a level, `xsokoban` 59 / 90 without,
//! 64 / 90 with.
//!
//! The pull search (`--without pulls`; see `search::pulls`), one thread a level, `--without
//! improve`: the dive with pushable-box cells alone at 15 s a level, `xsokoban` 55 / 90 alone,
//! 56 / 90 with a pull search beside it one expansion to one, 52 / 90 led by it, ten to one
//! (14, which no other search solves, in 2.2 s); `sasquatch` 25 / 50 alone, 31 and 32 with. The
//! fast mode at 60 s a level, `xsokoban` 66 / 90 with the portfolio before (1517ffb), 67 / 90
//! with a slice for the pull-led dive, 66 -> 68 / 90 (another sitting, a slower day) with one
//! for the same whose cells know the start's region too and the slices chosen again; on both
//! cores, 71 / 90 before (6e80b9f), 72 / 90 with a slice for it on the dives' thread
//! (`DIVES_LONG`), 73 / 90 with another for the pull-led dive whose cells also tell whether the
//! player can walk to the start's square (13 gained). The unweighted dive led by pulls weighed by
//! their moves (`search::pulls`) took one thread from 69 to 70 / 90 and two from 73 to 74 (35);
//! given some 25 s rather than 19 and 12, one thread from 71 to 73 and two from 74 to 76 (29, 85).
//!
//! The pull search's freeze test (`+freeze` after a search's `,pulls`, `--without pull-freeze`;
//! see `deadlock::pull_freeze`), each pull-led dive alone at 15 s a level with and without it
//! at once: `,pulls+weights` `xsokoban` 58 / 90 either way (35 in 0.76 s rather than 8.2 s),
//! `sasquatch` 32 -> 34 / 50; `,pulls` 55 / 90 and 33 / 50 either way (87 and `sasquatch` 39
//! gained, 75 and `sasquatch` 31 lost); `,unweighted,pulls+start-region+weights` `xsokoban` 49 ->
//! 48 / 90 (35 lost). It costs no measurable time but changes which levels the two searches meet
//! on, and the schedules' pull searches would lose levels with it, so none of them runs it yet.
//!
//! Parked boxes in goal rooms (`--without parking`; see `search::packing`): a room that the
//! greedy emptying cannot order gets a plan that parks up to two boxes on its way. Both cores
//! at 60 s a level, `--without improve`, old and new in one sitting: `xsokoban` 77 -> 78 / 90
//! (20 in 6.9 s), `sasquatch` 39 / 50 either way (17 in 2.8 s rather than 10.5); one thread,
//! 73 -> 74 / 90 (20 in 8.0 s). Rooms the greedy emptying orders search state for state as before.
//!
//! Open goal rooms (`--without open-rooms` closes them; see `search::packing`): two dives of
//! `ONE_THREAD` and one of `ONE_THREAD_LONG` leave the entry macro off, so a box pushed into a room
//! may pass through it or wait in it. At 10 s a level, one thread, `--without improve`, with slices
//! tried the same day (the first dive 2.25 s, the pull-led dive 5 s, the two open dives 2 and 0.5
//! s), the rooms closed and open: `xsokoban` 56 -> 56 / 90 (46 and 70 gained; 8 and 45 lost, both
//! solved near the end of the first dive's window, which is closed either way), `sasquatch` 31 ->
//! 32 / 50 (17 gained). Alone at 15 s, the open dive with pushable-box cells, unweighted, solves
//! `xsokoban` 15, 27, 32, 46, 49, 77 and 84 that its closed twin does not, and loses 4, 5, 6, 22,
//! 26, 55, 72 and 81: a search of its own, not a replacement. At 60 s a level, one thread, the open
//! dive with pushable-box cells given 6 s of `ONE_THREAD_LONG` (from the careful search):
//! `xsokoban` 69 -> 74 / 90 (24, 32, 47 and 70 by it, and 85 at its slice's end), `sasquatch` 36 /
//! 50 both, the same levels.
//!
//! The public surface is small: parse ([`split_collection`], [`find_level`], [`Level::parse`]),
//! solve ([`solve`] with one [`Options`], ending in one [`Status`]), and check ([`verify`]).
//! A [`Level`] is only made by parsing, which checks every rule the solver relies on, so no
//! input reaches the search in a state that could panic it.
//!
//! The fast mode dives: a best-first search with a heavy weight on the bound, which solves
//! most levels in milliseconds. Its open states are split by feature cells: the boxes on
//! goals, the regions of floor the player is shut out of and the boxes the player can push,
//! and every second state it expands is the best of the next cell in turn (after the
//! feature-space search FESS of Shoham and Schaeffer), so a bound that is flat over a wide
//! plateau no longer holds the search to one kind of progress. A cell's best state is the one
//! reached by the fewest turns to another box that bettered no feature (its *move weight*), the
//! bound deciding among equals. Weighted and unweighted, with and without the packing orders
//! (below), the same search solves different levels, so below 30 s a level (`ONE_THREAD`) four
//! short searches run in turn: the dive with the cells of boxes home and shut-out regions 13% of
//! the time, the dive led by a search of pulls (see `search::pulls`) 61%, the dive with
//! pushable-box cells, unweighted, its goal rooms open (below), 20%, and the dive with the first
//! cells, its rooms open, the rest: the slices that cover the most levels of four sets, each
//! search run alone.
//! The *careful search* is the same with a light weight on the bound (close to A*); the 30 s
//! schedule and a second thread run it beside the dives.
//!
//! From a time limit of 30 s the fast mode runs a wider portfolio: at long limits a search solves
//! what it solves within a few seconds of its start or hardly at all, so several searches, each
//! with a slice of the time, solve more than a few with long ones. From 60 s (`ONE_THREAD_LONG`),
//! after the plain dive for 2% of the time come a dive whose cells also count the boxes the player
//! can push, the same with its goal rooms open (below, 10%), the same unweighted led by a search
//! of pulls from the goals whose cells know where the player starts and weigh the pulls (see
//! `search::pulls`, half the time), the careful search with pushable-box cells (5%), and for the
//! last 9% the dive with pushable-box cells without the packing orders, unweighted. Since no
//! search's work carries over to the next, what such a schedule solves can be foreseen from runs of
//! each search alone; the slices are chosen from those runs on two level sets (`cargo xtask
//! sokoban-slices`) to cover the most levels with room for a machine 1.3 times slower. These
//! searches need a second or more of their own to solve the levels the others do not, which a 10 s
//! limit cannot spare. From 30 s up to 60 (`ONE_THREAD_HALF_MINUTE`) four searches run, with slices
//! chosen the same way for 30 s: the plain dive, the dive with pushable-box cells led by plain
//! pulls, a dive whose cells count the boxes in passages instead, and the third search of 60 s.
//! The dives fill goal rooms in a packing order, a box entering a room going straight to the
//! room's next goal; the careful searches do not, in case the order was what trapped the
//! dives, and neither do the portfolios' free dives. Two dives of `ONE_THREAD` and one of
//! `ONE_THREAD_LONG` keep the orders but leave the rooms *open*: a box pushed into a room is pushed
//! like any other, so it may pass through to the floor beyond, where a room parts the level, or
//! wait in it. A room is the floor round goals that doorways fence off, or, in a hall too open for
//! that, a block of at least four goals side by side entered from a few squares: the blocks took
//! `xsokoban` at 60 s from 58 to 60 / 90 on the slower machine (37, 61 and 67 gained, 77 lost).
//!
//! With [`Options::side_by_side`] two threads share the work, each for the whole time limit,
//! and the first to settle the level stops the other. Below 30 s one runs the dive led by a
//! search of pulls for half the time, then the free dive with pushable-box cells, unweighted
//! (`DIVES`), the other the dive with pushable-box cells throughout. From 30 s they share a
//! portfolio instead: on one thread the dive whose cells count the pushable boxes for its first
//! 23%, then the careful search with those cells; on the other, dives with cells (weighted and
//! unweighted, with and without the packing orders, two led by searches of pulls) one after the
//! other.
//! Tunnel macros and packing orders can skip the only way through, so a search with them that
//! runs dry is followed by one without them before a level is called unsolvable.
//!
//! A dive's answer is found fast, not short, so the fast mode then improves it (`--without
//! improve` skips this): searches with the careful search's light weight that store only the
//! states from which an answer of fewer pushes is still possible (pushes so far plus the
//! bound below the best answer's), one after the other while each finds a shorter answer.
//! Together they may store as many states as the searches that found the answer, or 100 for
//! each push the answer is above the start's bound if that is more (a level the dive solves in
//! forty states needs a few hundred to do better), within the time limit; an answer at the
//! bound is already the shortest. On
//! `microban` the total pushes go from 1.093 to 1.042 times the proven optima, and on
//! `boxoban_hard` from 64,586 to 60,012, with the time spent on those 3,332 small levels
//! going from 4.1 s to 9.3 s. It starts only once the level is solved, so it loses none.
//!
//! The optimal mode runs A* on pushes, then, where the time allows, A* for the fewest moves among
//! the push-optimal answers. Every answer is replayed by [`verify`] before it is returned; an
//! answer that fails the replay is an error, never a solution.
//!
//! Three limits end a search early, and [`Status::GaveUp`] names the one reached ([`Limit`]):
//! the time, the states stored, and a memory budget in bytes ([`Options::memory_budget`]),
//! counted over everything that grows with the states. When the fewest-moves search after a
//! push-optimal answer reaches a limit, the push-optimal answer found first is kept.
//!
//! ```
//! use sokoban::{Level, Options, Status, solve};
//!
//! let level = Level::parse(1, "corridor", &["#######", "#@ $ .#", "#######"])?;
//! let result = solve(&level, &Options { optimal: true, ..Options::default() })?;
//! let Status::Solved(solution) = result.status else { panic!("solvable") };
//! assert_eq!(solution.lurd, "rRR");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bench;
mod board;
mod bound;
mod collection;
mod deadlock;
mod level;
mod lurd;
mod record;
mod rows;
mod search;
mod solution;

pub use collection::{CollectionError, LevelText, find_level, split_collection};
pub use level::{Level, LevelError, MAX_CELLS, Square};
pub use record::{Record, Summary, Verdict};
pub use search::{Limit, Techniques};
pub use solution::{Solution, VerifyError, verify};

use board::Board;
use lurd::lurd_of;
use search::{Limits, Outcome, Rooms, SearchReport, find_pushes, find_pushes_until};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use thiserror::Error;

/// The weight of the bound in the fast mode's dives, and the plain dive's share of the time
/// limit without cells ([`ONE_THREAD_PLAIN`]; the other schedules set their own).
const FAST_DIVE_WEIGHT: u64 = 10;
const FAST_DIVE_SHARE: f64 = 0.4;
/// The weight of the bound in the fast mode's careful search: a light one, nearly A*.
const FAST_CAREFUL_WEIGHT: u64 = 2;
/// The improvement of a fast answer may store as many states as the searches that found it,
/// or this many for each push the answer is above the bound, if that is more: small levels,
/// solved in a few dozen states, need a few hundred to do better.
const IMPROVE_STATES_PER_PUSH: usize = 100;
/// The features whose cells the open lists of the fast mode's later searches take in turn with
/// the best state: boxes on goals, and the regions of floor the player is shut out of.
const FAST_CELLS: u8 = search::BOXES_HOME | search::SHUT_OUT;
/// The same and the boxes the player can push: the cells of most searches of long limits (see
/// `ONE_THREAD_LONG`). More cells share the turns more thinly, so these are searches of their own.
const MOBILE_CELLS: u8 = FAST_CELLS | search::MOBILE;
/// The cells of [`FAST_CELLS`] and the boxes off goals in passages, where a box blocks the
/// player and every other box: the cells of one dive of `ONE_THREAD_HALF_MINUTE`, a search of
/// its own like [`MOBILE_CELLS`].
const PASSAGE_CELLS: u8 = FAST_CELLS | search::PASSAGES;

/// One search of a sequence that a thread runs in turn (see [`run_phases`]).
#[derive(Clone, Copy, Debug)]
struct Phase {
    /// The share of the time limit by whose end it stops (counted from the start).
    until: f64,
    /// The careful search (a light weight, no packing orders) rather than a dive (or A* when
    /// optimal).
    careful: bool,
    /// The features of its feature cells (none: one queue).
    cells: u8,
    /// A dive that fills goal rooms in their packing orders, closed or open (the careful
    /// search never does).
    rooms: Rooms,
    /// Its cells' queues ordered by move weight (see `search::open`), when the techniques allow.
    move_weights: bool,
    /// The expansions of a search of pulls from the solved positions after each of its own,
    /// until the two meet (see `search::pulls`); 0 for none.
    pulls: u8,
    /// The features its pull search's cells add and its pruning (see [`search::START_REGION`]).
    pull_features: u8,
}

/// A phase of the dive with the packing orders, or of the careful search.
const fn phase(until: f64, careful: bool, cells: u8) -> Phase {
    let rooms = if careful { Rooms::Unplanned } else { Rooms::Closed };
    Phase { until, careful, cells, rooms, move_weights: true, pulls: 0, pull_features: 0 }
}

/// A phase of the dive without the packing orders.
const fn free_dive(until: f64, cells: u8) -> Phase {
    Phase { rooms: Rooms::Unplanned, ..phase(until, false, cells) }
}

/// A phase of the dive with pushable-box cells led by a search of pulls beside it, which expands
/// ten states after each of the dive's own (`,pulls`; see `search::pulls`).
const fn pull_led(until: f64) -> Phase {
    Phase { pulls: search::PULLS_LEAD, ..phase(until, false, MOBILE_CELLS) }
}

/// The same phase whose pull search's cells also tell whether the player can walk to where it
/// starts (`,pulls+start-region`).
const fn toward_start_region(phase: Phase) -> Phase {
    Phase { pull_features: phase.pull_features | search::START_REGION, ..phase }
}

/// The same phase whose pull search's cells take their states by move weight first
/// (`,pulls+weights`).
const fn weighing_pulls(phase: Phase) -> Phase {
    Phase { pull_features: phase.pull_features | search::PULL_WEIGHTS, ..phase }
}

/// The same phase whose pull search drops the states whose pulled box no pull can move again
/// (`+freeze`; see `deadlock::pull_freeze`).
const fn freezing_pulls(phase: Phase) -> Phase {
    Phase { pull_features: phase.pull_features | search::PULL_FREEZE, ..phase }
}

/// The same dive with its goal rooms open (`open-dive`; see `search::packing`).
const fn open_rooms(phase: Phase) -> Phase {
    Phase { rooms: Rooms::Open, ..phase }
}

/// The same phase with its cells' queues in the bound's order, as before move weights came.
const fn unweighted(phase: Phase) -> Phase {
    Phase { move_weights: false, ..phase }
}

/// The optimal mode: A* for the whole time.
const OPTIMAL: [Phase; 1] = [phase(1.0, false, 0)];
/// The fast mode on one thread below [`LONG_LIMIT`]: four searches in slices chosen for 10 s a
/// level (thirty-ninth session, the last paragraph). The slices before were chosen (seventeenth
/// session) by `cargo xtask sokoban-slices` at 9.8 s, from the screening runs of `xsokoban` and
/// `sasquatch` and, beside them, runs on `microban` and `microban2` at 10 s
/// (`docs/sokoban-screening/10s`), so that the small sets' hard levels count as well: the dive
/// whose cells also count the boxes the player can push, 4.25 s (`xsokoban` 40 at 3.6 s, 15 at
/// 2.8 s; every `microban` level, 93 the latest at 1.5 s), then the same cells without the packing
/// orders, unweighted, the rest (`xsokoban` 77 at 4.0 s, 44 at 3.7 s, `microban2` 131 at 1.3 s,
/// `sasquatch` 26 at 2.0 s). Foreseen from those files: `xsokoban` 55 / 90 and `sasquatch` 25 / 50
/// at margins 1.0 and 1.1, 54 and 24 at 1.2 and 1.3, all of both Microban sets at every margin; the
/// seven searches that ran before (the plain dive for 3.15 s, the plain careful search, dives with
/// cells weighted and unweighted, careful searches with cells for the last 3 s; five of them
/// screened) score 52 to 49 and 23 to 21 on the same files. They lose `xsokoban` 45, 47 and 59,
/// which the dive and the careful search with the cells of [`FAST_CELLS`] solve in 1 to 3 s: the
/// climb's best slices leave them out. At 10 s a level, old and new at once: `xsokoban` 53 -> 55 /
/// 90 (11, 15, 40, 44 and 77 gained; those three lost) in 412 s instead of 549, `sasquatch` 23 ->
/// 25 / 50 (26, 27 and 32 gained; 19 lost, which the plain dive solved near its slice's end),
/// `microban` 155 and `microban2` 135 both, in 6.2 and 14.5 s instead of 7.7 and 19.2.
///
/// Chosen again (thirty-ninth session) with the dives led by a search of pulls, which came after
/// those slices, by the same command on the folder with the `microban` and `microban2` files of
/// `10s/` made again for every screened search: the dive with the cells of [`FAST_CELLS`] 0.5 s
/// (`xsokoban` 27, 33 and 61 only it covers), the dive with pushable-box cells, unweighted, 2.75 s
/// (`xsokoban` 8 and 48, `microban` 153, `microban2` 131), the pull-led dive with the freeze test
/// 6 s (`xsokoban` 11, 14, 15, 25, 49, 59, 71 and 87, thirteen `sasquatch` levels, `microban` 93)
/// and the careful search with the cells of [`FAST_CELLS`], unweighted, the last 0.55 s (46, 55).
/// By the files: `xsokoban` 58 / 56 / 56 / 56 -> 56 / 56 / 56 / 55 at margins 1.0 to 1.3,
/// `sasquatch` 26 -> 34 at each, both Microban sets whole. At 10 s a level, one thread, old and new
/// at once, on a day the machine ran the same states 1.3 to 3 times slower than the files say:
/// `xsokoban` 55 -> 55 / 90 (14, 48, 59 and 87 gained; 11, 40, 44 and 77 lost, 11 at its slice's
/// end) in 418 -> 429 s; `sasquatch` 25 -> 32 / 50 (5, 18, 24, 28, 33, 37 and 44 gained, none lost)
/// in 289 -> 247 s; `microban` 155 and `microban2` 135 both, in 5.4 -> 7.6 s and 16.3 -> 12.0 s.
/// The order puts the small sets' late levels early: with the dive with pushable-box cells last, as
/// first run, `microban` 153 came 7.7 s into its search, and the default mode (two levels at once,
/// each answer improved) took 12.8 and 13.9 s of wall time for `microban` against 5.7 and 5.8 s
/// before; in this order 6.5 and 7.9 s against 7.0 and 7.5 s, with 5390 pushes against 5424 (1.0253
/// times the 152 proven optima both).
///
/// Chosen again (forty-fourth session) with the dives whose goal rooms are open (`open-dive`),
/// screened at 15 s (10 s on the Microban sets). The climb's own best (the first dive 2.25 s,
/// the pull-led dive 5 s) ran `xsokoban` 55 -> 58 / 90 but `sasquatch` 33 -> 33, losing 39,
/// and in the order that put the pull-led dive last but one, 56 and 32: this day the pull-led
/// dive needed about 6 s for `sasquatch` 37 and 39, where its file says 4.2. So it keeps its 6 s,
/// and the rest is shared by hand, each window past the file time of the levels only it covers
/// at margin 1.3 where that fits: the dive with the cells of [`FAST_CELLS`] 1.25 s, the pull-led
/// dive 6 s, the dive with pushable-box cells, unweighted, its rooms open, 2 s (`microban2` 131 at
/// 1.5 s, `sasquatch` 17, `xsokoban` 46 and 48), and the first dive with its rooms open the rest
/// (`xsokoban` 70 at 0.2 s). By the files 56 / 56 / 56 / 55 and 34 at each margin, both Microban
/// sets whole, as before. At 10 s a level, one thread, old and new in one sitting: `xsokoban` 55
/// -> 55 / 90 (70 gained, 8 lost, which the first dive solved at its window's end) in 424 -> 406
/// s, median 3.37 -> 1.30 s; `sasquatch` 33 -> 34 / 50 (17 gained, none lost) in 246 -> 214 s;
/// `microban` 155 and `microban2` 135 both. The default mode on `microban`: 7.1 -> 5.5 s of wall
/// time, 1.0253 -> 1.0236 times the 152 proven optima (the pull-led dive, which solves 93 in
/// milliseconds, now starts at 1.25 s rather than 3.25).
const ONE_THREAD: [Phase; 4] = [
    phase(0.1276, false, FAST_CELLS),
    freezing_pulls(pull_led(0.7398)),
    open_rooms(unweighted(phase(0.9439, false, MOBILE_CELLS))),
    open_rooms(phase(1.0, false, FAST_CELLS)),
];
/// From this time limit on, the one-thread fast mode runs a wider portfolio:
/// [`ONE_THREAD_HALF_MINUTE`], and from [`MINUTE_LIMIT`] on [`ONE_THREAD_LONG`].
/// Its searches solve levels those of [`ONE_THREAD`] do not (`xsokoban` 18, 21, 24, 36, 48 and
/// 75, for some), but they need seconds of search of their own to do it, which a 10 s limit
/// cannot spare: the two searches of [`ONE_THREAD`] need theirs for the levels they solve late.
const LONG_LIMIT: f64 = 30.0;
/// The one-thread fast mode from [`LONG_LIMIT`] on: a portfolio of searches (six now), each
/// with a slice of the time. A search solves most of what it ever solves within a few seconds of
/// its start: run alone for 20 s a level on `xsokoban` (25 s for the dive with cells), seven
/// searches solved 209 levels in all (a level counted once for each search that solved it), 189
/// of them within 6 s. So five different searches with short slices solve more than a few with
/// long ones. The slices (at 60 s) were chosen from those runs and runs of the plain searches
/// (6 s and 3 s), to cover every level that any of them solved, each with a margin of at least
/// a fifth of its slice: the plain dive first (the easy levels, in milliseconds), the dive
/// whose cells count the boxes the player can push (the search that solves the most alone), the
/// dive with cells, the dive with cells without the packing orders, and the careful search
/// whose cells count the boxes the player can push for the rest (it solved one level only after
/// 18 s). The plain careful search, the careful search with the cells of [`ONE_THREAD`] and two
/// other dives solved nothing there that these do not.
///
/// Those runs were made before move weights ordered the cells' queues. Weighted, the same five
/// searches solved 12 levels more at 60 s but lost 4, among them three that two of the dives
/// had solved unweighted within 4.3 s of their start (`xsokoban` 18, 48 and 77). So those two
/// dives run unweighted as well.
///
/// The slices at 60 s were then chosen again, on both `xsokoban` and `sasquatch` (each search run
/// alone, `sasquatch` at 15 s a level), after the weighted portfolio lost `sasquatch` 17 and 31.
/// Only the careful search solves 17, unweighted, in 4.8 s, so it now runs unweighted before its
/// weighted turn; the dive with pushable-box cells solves 31 in 6.8 s, too close to its old slice
/// of 7.8 s, and 18 in 9.3 s. The slices cover every level of the two sets that one of the searches
/// solved, each within nine tenths of the slice of a search that solved it, and then grew by 4%
/// each to fill the time: the plain dive 1.2 s, the dive with pushable-box cells 10.8 s, the dive
/// with cells 11.6 s (`xsokoban` 30 at 10.0 s), the same without the packing orders 6.1 s
/// (`xsokoban` 32 at 5.3 s), the first and the last of these unweighted 4 and 5 s, the careful
/// search unweighted 5.5 s and weighted the last 15.8 s (`xsokoban` 70 at 13.7 s).
/// These shares are those of 60 s: below [`MINUTE_LIMIT`], where every slice would be less
/// than that, [`ONE_THREAD_HALF_MINUTE`] runs instead.
///
/// Those slices had a margin of a tenth, and a machine of the same kind 1.4 times slower lost
/// the levels solved near a slice's end. So they were chosen again (seventh session) from runs
/// of each search alone on both sets on that slower machine (`docs/sokoban-screening`), by
/// `cargo xtask sokoban-slices docs/sokoban-screening --seconds 58.8`, which scores slices by the
/// levels they cover with their time alone times 1.0, 1.1, 1.2 and 1.3: 57 of `xsokoban` and 29
/// of `sasquatch` at each of those margins, against 54 and 27 at 1.0 and 50 and 26 at 1.3 for
/// the old slices. Two searches take over: the dive whose cells count the boxes in passages
/// (10.8 s: `xsokoban` 24 at 7.4 s, 30 at 5.5 s, 10 at 3.7 s), and the unweighted dive with
/// pushable-box cells gets 6.4 s (`xsokoban` 48, 55 and 77 within 4.3 s). The dive with
/// pushable-box cells gets 16.2 s (`xsokoban` 25 at 11.4 s, `sasquatch` 18 at 11.5 s), the free
/// dive 0.6 s (`xsokoban` 72 at 0.2 s), the unweighted free dive 4.8 s (`sasquatch` 24) and the
/// careful search with pushable-box cells the last 20 s, weighted all through (`xsokoban` 76 at
/// 15.0 s). The dive with cells and the unweighted careful search no longer run: what they
/// solved within their slices the others cover, but for `xsokoban` 71 (5.7 s).
///
/// Chosen again (fifteenth session) the same way, after the packing advisor had made the dives
/// that follow packing orders stronger (their files run again) and the careful searches faster
/// (theirs run again too: the weighted one with pushable-box cells 37 -> 42 / 90 alone at 20 s).
/// Eight searches: the plain dive first as before, the dive with pushable-box cells 17.5 s
/// (`xsokoban` 55 and 75 at 12.8 s, `sasquatch` 18 at 13.1 s), the dive with passage cells 4.5 s
/// (`xsokoban` 24 at 3.4 s), the free dive with pushable-box cells 0.75 s, the unweighted dive
/// with pushable-box cells 4.75 s (`sasquatch` 17 at 3.6 s), the same without the packing orders
/// 5.75 s (`xsokoban` 77 at 4.0 s), the unweighted free dive 10.75 s (`xsokoban` 18 at 7.2 s,
/// `sasquatch` 24) and the careful search with pushable-box cells the last 14.8 s (`xsokoban` 47
/// at 11.0 s, 76 at 10.3 s, 21 and 59). They cover 64 of `xsokoban` and 30 of `sasquatch` at
/// every margin, the slices before 63 to 61 and 30 to 29 on the same files.
///
/// The nineteenth session added the dive with pushable-box cells led by a search of pulls from
/// the goals (`dive:home+shut-out+pushable,pulls`, see `search::pulls`), screened on both sets
/// at 15 s: `xsokoban` 14 at 2.2 s, which no other search solves, and `sasquatch` 5, 28, 33, 37
/// and 44, which none of the portfolio did. Chosen by hand with `sokoban-slices --slices`, so
/// as to lose no level the slices before covered at margin 1.0: it gets 4.75 s, taken from the
/// free dive with pushable-box cells (0.75 s, nothing of its own), the unweighted free dives
/// (0.5 and 2 s) and the careful search (1.5 s). Covered: `xsokoban` 67 / 67 / 66 / 62 at
/// margins 1.0 to 1.3 (the slices before 66 / 66 / 65 / 64) and `sasquatch` 33 / 32 / 32 / 32
/// (30 at each). The climb alone chose slices of 65 and 35 at every margin, which lose
/// `xsokoban` 18 and 76.
///
/// Chosen again (twenty-second session) from files made again that day: the free dives' files
/// were a week behind the code (`xsokoban` 18 by the unweighted free dive with pushable-box
/// cells, 14.3 s in its file, 7.3 s alone now), and the dive led by pulls whose cells know the
/// start's region had come (`,pulls+start-region`, `xsokoban` 13 at 2.3 s). A climb over the
/// slices that weighs margin 1.0 most, the last 0.75 s by hand where it added a level at margin
/// 1.2: the dive with pushable-box cells 4.75 s (`xsokoban` 40 at 3.6 s), the pull-led dive 15 s
/// (41 at 12.5 s, 14, `sasquatch` 5, 18, 33, 37 and 44), the same with the start's region 3 s
/// (13), the dive with passage cells 9 s (24, 30 at 7.1 s, 45 at 6.4 s, `sasquatch` 31), the
/// unweighted dive with pushable-box cells 3.25 s (48, `sasquatch` 17), the same without the
/// orders 8.75 s (18 at 7.3 s, 55, 77) and the careful search the last 15.05 s (21, 76 at
/// 12.5 s, 47 at 13.6 s). The unweighted free dive with the cells of [`FAST_CELLS`] no longer
/// runs (18 at 10.9 s alone now, with other states). They cover `xsokoban` 68 / 67 / 66 / 61 at
/// margins 1.0 to 1.3 and `sasquatch` 35 / 35 / 35 / 34, against 65 / 64 / 63 / 61 and 33 / 33 /
/// 33 / 32 for the slices before on the same files; they give up 36, which the dive with
/// pushable-box cells solves at 11.6 s alone (its slice was 17.5 s). At 60 s a level, old
/// and new at once, one thread each, on a day the machine ran about 1.2 times slower than the
/// files before: `xsokoban` 66 -> 68 / 90 (13, 41 and 47 gained, 36 lost, as foreseen; 47 at
/// 58.3 s and 76 at 56.9 s, near the careful search's end), `sasquatch` 33 -> 35 / 50 (5 and 37
/// gained, none lost).
///
/// The twenty-fourth session gave the pull search move weights (`,pulls+weights`, see
/// `search::pulls`): led by them, with the start's region too, the dive solves `xsokoban` 87,
/// which no search of these slices did, in 1.4 s alone (screened at 15 s, beside the pull-led
/// dives run again the same sitting). It gets 1.75 s after the dive with pushable-box cells,
/// taken from the pull-led dive (15 -> 13.25 s: `xsokoban` 41 and 75 at 9.5 and 8.8 s alone
/// now). Covered on the files: `xsokoban` 68 / 68 / 67 / 62 -> 69 / 69 / 68 / 62 at margins 1.0
/// to 1.3, `sasquatch` 36 / 35 / 35 / 34 -> 35 / 35 / 35 / 34 (39, which the pull-led dive now
/// solves at 14.2 s alone, falls outside its slice). At 60 s a level, old and new at once, one
/// thread each: `xsokoban` 68 -> 69 / 90 (87 gained at 7.4 s, none lost; 8 later, 5.8 -> 17.6 s:
/// the dive with pushable-box cells, the same slice in both, solved it 4.6 s into its 4.75 s in
/// the old run and missed it in the new, and the pull-led dive solved it), `sasquatch` 36 -> 35 /
/// 50 (39 lost, as the files foresaw: the pull-led dive solved it 14.5 s into its 15 s in the
/// old run). Keeping 39 too would take 1.5 s from the dive with passage cells, whose `xsokoban`
/// 30 and 45 come at 7.0 s of its 9 s; this choice keeps every `xsokoban` level at every margin.
///
/// Chosen again (twenty-fifth session) with the unweighted dive led by weighted pulls toward the
/// start's region (`,unweighted,pulls+start-region+weights`), screened at 15 s: `xsokoban` 35 at
/// 9.9 s, 18 at 3.6 s and 87 at 1.5 s, `sasquatch` 12 at 2.8 s and 39 at 9.9 s. It takes the
/// weighted one's place with 12.25 s, from the unweighted free dive (8.75 -> 4.75 s: its 18 is
/// the new search's), the careful search (15.05 -> 11.55 s) and a little from the others: the
/// dive with pushable-box cells 4 s, the pull-led dive 13 s, the same with the start's region
/// 2.75 s, the dive with passage cells 7.5 s, the unweighted dive with pushable-box cells 3 s.
/// The files alone foresaw `xsokoban` 70 / 69 / 63 / 61 at margins 1.0 to 1.3 (47 and 76 lost
/// at 1.1), but they were made on different days: timed again this day on the same states, the
/// careful search ran 0.73 to 0.78 times its file (47 at 10.6 s, 76 at 9.1 s) and the pull-led
/// dive 1.2 to 1.3 times its own (41 at 11.7 s, 75 at 10.1 to 11.0 s), and the slices were set
/// by those times (the new search: 35 and `sasquatch` 39 at 10.9 s). At 60 s a level, old and
/// new at once, one thread each: `xsokoban` 69 -> 70 / 90 (35 gained at 15.6 s, none lost; 18
/// at 9.7 s rather than 41.5, 46 at 6.2 rather than 37.1; 47 came 10.3 s into the careful
/// search's 11.55 s), `sasquatch` 35 -> 37 / 50 (12 and 39 gained, none lost).
///
/// Chosen again (twenty-ninth session) by `cargo xtask sokoban-slices docs/sokoban-screening
/// --seconds 58.8`, after fourteen searches were screened again in one sitting (they had grown
/// 1.0 to 1.6 times faster since their files; see the folder's README). Six searches: the dive
/// with pushable-box cells 9.75 s (`xsokoban` 36 at 7.5 s, 40 at 2.5 s), the unweighted dive led
/// by weighted pulls toward the start's region 18.75 s (13 at 10.9 s, 35 at 8.4 s, 18 and 87,
/// `sasquatch` 12, 17 at 12.7 s and 39), the pull-led dive 10 s (41 at 7.2 s, `sasquatch` 5
/// and 44), the dive with passage cells 5.25 s (24 at 1.8 s, 30 at 4.0 s), the free dive with
/// pushable-box cells 10 s (21 at 5.4 s, 32 at 7.5 s, 47 at 3.8 s) and the same unweighted the
/// last 5.05 s (77 at 3.6 s). Foreseen: `xsokoban` 71 at every margin from 1.0 to 1.3 (32 and
/// 36 gained; 76, which only the careful search solves, at 8.5 s, lost), `sasquatch` 37 at
/// each, the same levels; the slices before score 70 and 37 on the same files. At 60 s a level,
/// old and new at once, one thread each: `xsokoban` 70 -> 70 / 90 (32 and 36 gained at 53.7 and
/// 10.5 s; 76 lost as foreseen, and 30, which the dive with passage cells solves in 4.0 s alone
/// but did not within its 5.25 s here), `sasquatch` 37 -> 37 / 50, the same levels. The phases
/// took 1.16 times their files' time that sitting (median) and 0.95 times in a run of the new
/// build later the same day, which solved 70 again.
///
/// Tried (thirtieth session): the dive with passage cells 6 s rather than 5.25, the 0.75 s
/// taken from the unweighted dive led by pulls, for `xsokoban` 30 (4.0 s in its file, 4.7 to
/// over 5.2 s as a later phase). The files score it the same; at 60 s a level, old and new at
/// once, both sets solved the same levels with the same pushes (`xsokoban` 71, `sasquatch` 38:
/// 30 fell to the dive with pushable-box cells near its slice's end in both). But `sasquatch`
/// 25, which no file solves within 15 s, came to the unweighted pull-led dive 17.0 and 17.5 s
/// into its slice in both runs, 0.46 s before the end of the shortened one: not taken.
///
/// Lengthened (thirty-third session) for the third search, the unweighted dive led by weighted
/// pulls toward the start's region: alone it solves `xsokoban` 85 in 22.5 s and 29 in 24.8 s,
/// beyond its 18.75 s and beyond the 15 s screening files. It gets 25.65 s, from the pull-led
/// dive (10 -> 8.7 s; 41 came 7.8 s into it), the dive with passage cells (5.25 -> 1.95 s; 24
/// 1.3 s), the free dive with pushable-box cells (10 -> 7.5 s; 32 6.4 s), the unweighted free
/// dive 5.25 s rather than 5.05 (77 2.4 s); those times into the slices are from a run of the
/// slices before that sitting. At 60 s a level, one thread, beside the run of the slices before
/// (two runs at once): `xsokoban` 71 -> 73 / 90 (29 and 85 gained, 22.8 and 20.6 s into the
/// slice; none lost), `sasquatch` 38 -> 38 / 50, the same levels.
///
/// Chosen again (thirty-eighth session) for margin. By the screening files the slices before
/// covered `xsokoban` 73 / 70 / 69 / 68 at margins 1.0 to 1.3 (`sasquatch` 38 at each): 41, 77
/// and others sat near their slices' ends. A search over the slices of nine screened searches
/// (a script; `cargo xtask sokoban-slices --slices` scores its answer the same), `sasquatch`
/// weighed three times so that it loses nothing, gives five searches: the plain dive 1.2 s, the
/// dive with pushable-box cells 13.75 s, the third search 31.25 s, the careful search with
/// pushable-box cells 9.25 s (`xsokoban` 21, 47 and 76, which only it covers) and the unweighted
/// free dive the last 4.55 s (77): `xsokoban` 74 / 74 / 74 / 72, `sasquatch` 38 at each. The
/// pull-led dive (41 at 7.2 s alone), the dive with passage cells and the weighted free dive no
/// longer run. At 60 s a level, one thread, old and new at once: `xsokoban` 74 -> 74 / 90 (76
/// gained 4.7 s into the careful search's slice, 41 lost as foreseen; 24 in 12.6 s rather than
/// 46.2) in 1518 -> 1544 s, `sasquatch` 38 -> 38 / 50, the same levels and pushes, in 955 ->
/// 1004 s. No more levels on this machine, but the same count with room for a slower one.
///
/// Opened (forty-fifth session): the open dive with pushable-box cells (`open-dive`, see
/// `search::packing`), screened at 30 s, solves `xsokoban` 32, 47, 70 and 76 within 4.1 s alone, 31
/// at 17.6 s (a level no screened search had solved) and 61, 75 and 87 past 12 s. It gets 6 s after
/// the dive with pushable-box cells, taken from the careful search (9.25 -> 3 s; only it covers 21,
/// at 1.6 s alone; its 47 and 76 are the open dive's now); the free dive keeps the rest (4.8 s). By
/// the files: `xsokoban` 74 / 74 / 74 / 72 -> 75 at every margin 1.0 to 1.3, `sasquatch` 38 at each
/// both ways. The climb's own slices (eight searches, the third only 5 s) cover 77 / 77 / 77 / 76
/// but lose `sasquatch` 25, which the third search solves at 18.6 s alone. At 60 s a level, one
/// thread, each against the slices before in its own sitting, on a day the machine ran large levels
/// up to 2.2 times slower than the files say (`xsokoban` 13 by the pull-led dive alone: 26.2 s,
/// 12.1 s in its file, the same 9,290,144 states): these slices `xsokoban` 69 -> 74 / 90 (24, 32,
/// 47, 70 and 85 gained, none lost; 85 came 30.5 s into the third search's 31.25 s, as in the
/// slices before, which missed it; 76 in 15.6 s rather than 54.5), `sasquatch` 36 -> 36 / 50, the
/// same levels (25 and 44, which the third search solved in the sitting before, missed by both);
/// the climb's 68 -> 73 (24, 30, 32, 41, 47 and 70 gained, 13 lost), `sasquatch` 38 -> 37 (25 lost,
/// which the slices before solved 30.3 s into the third search's 31.25 s).
const ONE_THREAD_LONG: [Phase; 6] = [
    phase(0.02, false, 0),
    phase(0.2492, false, MOBILE_CELLS),
    open_rooms(phase(0.3492, false, MOBILE_CELLS)),
    unweighted(weighing_pulls(toward_start_region(pull_led(0.86)))),
    phase(0.91, true, MOBILE_CELLS),
    unweighted(free_dive(1.0, MOBILE_CELLS)),
];
/// From this time limit on, the one-thread fast mode runs [`ONE_THREAD_LONG`], whose slices
/// were chosen for 60 s; from [`LONG_LIMIT`] up to it, [`ONE_THREAD_HALF_MINUTE`].
/// Measured side by side in one sitting: at 45 s the slices for 30 s solved `xsokoban` 54 / 90
/// and `sasquatch` 29 / 50 against 51 and 27 for those of 60 s; at 60 s they tie on `xsokoban`
/// (55 each, 36 for 77) and lead on `sasquatch` (29 against 27), so the step could move later;
/// the slices of 60 s lost there the levels they solve near a slice's end on a faster machine.
/// Those were the slices of 60 s and 30 s before the seventh session's; the ones chosen then
/// with margin (57 / 90 and 29 / 50 at 60 s, 52 / 90 and 26 / 50 at 30 s on that machine) have
/// not been run against each other between the two limits.
const MINUTE_LIMIT: f64 = 60.0;
/// The one-thread fast mode from [`LONG_LIMIT`] up to [`MINUTE_LIMIT`]: five searches with
/// slices chosen for 30 s by `cargo xtask sokoban-slices docs/sokoban-screening --seconds 29.4`
/// (the plain dive keeps its 2% first), from the same runs of each search alone as
/// [`ONE_THREAD_LONG`]'s and with the same margins. The dive with pushable-box cells gets
/// 16.3 s (`xsokoban` 25 at 11.4 s, `sasquatch` 18 at 11.5 s), the free dive 3 s (`xsokoban`
/// 59 at 1.7 s), the unweighted dive with pushable-box cells 5.5 s (`xsokoban` 48, 55 and 77
/// within 4.3 s) and the careful search with pushable-box cells, unweighted, the last 4.6 s
/// (`xsokoban` 44 at 3.4 s, 46 and 86). The slices that ran before (seven searches chosen by
/// hand on a faster machine with a margin of a tenth, the weighted careful search the last
/// 9 s) score 45 to 46 / 90 and 24 / 50 at margins 1.0 to 1.3, these 52 and 27. Side by side at
/// 30 s a level on the slower machine: `xsokoban` 47 -> 52 / 90 (36, 44, 48, 59, 75 and 77
/// gained; 10 lost, which only the dive with cells solved), `sasquatch` 25 -> 26 / 50 (26
/// gained).
///
/// Chosen again (sixteenth session) the same way, from the files that chose [`ONE_THREAD_LONG`]
/// in the fifteenth: the dive with pushable-box cells 17.25 s (`xsokoban` 55 and 75 at 12.8 s,
/// `sasquatch` 18 at 13.1 s), the free dive 2.5 s (`xsokoban` 59 at 1.7 s), the free dive with
/// pushable-box cells, unweighted, 6.25 s (`xsokoban` 77 at 4.0 s, 44 at 3.7 s, `sasquatch` 27
/// at 4.7 s) and the careful search with pushable-box cells, weighted, the last 3.4 s
/// (`xsokoban` 21 at 2.4 s). They cover 60 of `xsokoban` and 28 of `sasquatch` at every margin,
/// the slices before 59 to 56 and 28 to 27. At 30 s a level, old and new at once: `xsokoban`
/// 59 -> 61 / 90 (21 and 77 gained, none lost), `sasquatch` 28 -> 28 / 50 (27 gained; 17
/// lost, which only the unweighted dive with pushable-box cells solves, as the files foresaw).
///
/// Chosen again (thirty-eighth session) by `cargo xtask sokoban-slices docs/sokoban-screening
/// --seconds 29.4` as it was before its drawn starts (its climb from the fixed starts; with them
/// it now gives the pull-led dive 22.5 s, the dive with passage cells 5.25 s and the same with
/// weights and freeze 1.5 s, `xsokoban` 68 / 68 / 67 / 67 but `sasquatch` 36, not run), now that
/// the folder holds the pull-led dives, which these slices predate: by
/// the files the slices before cover `xsokoban` 66 / 66 / 65 / 65 at margins 1.0 to 1.3 and
/// `sasquatch` 29 at each, the climb's 68 / 67 / 66 / 66 and 37 / 37 / 36 / 36. Three searches
/// after the plain dive: the dive with pushable-box cells led by plain pulls 19.25 s (`xsokoban`
/// 13, 29, 41, 85 and `sasquatch` 5, 39, 44 among the levels only it covers), the dive with
/// passage cells 5.5 s (`xsokoban` 24 and 30, `sasquatch` 19) and the third search of
/// [`ONE_THREAD_LONG`] the last 4.65 s (`xsokoban` 18, `sasquatch` 12). At 30 s a level, one
/// thread, old and new at once: `xsokoban` 66 -> 69 / 90 (13, 14, 29, 35, 41, 42 and 85 gained;
/// 20, 21, 36 and 77 lost, which the dive with pushable-box cells and the free dives solved),
/// `sasquatch` 29 -> 37 / 50 (5, 12, 24, 28, 33, 37, 39 and 44 gained, none lost).
const ONE_THREAD_HALF_MINUTE: [Phase; 4] = [
    phase(0.02, false, 0),
    pull_led(0.6617),
    phase(0.845, false, PASSAGE_CELLS),
    unweighted(weighing_pulls(toward_start_region(pull_led(1.0)))),
];
/// The fast mode on two threads below [`LONG_LIMIT`], one sequence each: this one on one thread,
/// [`DIVE_BESIDE`] on the other (thirty-ninth session, the last paragraph). From the seventeenth
/// session until then: the dives of [`ONE_THREAD`] of that time on one, careful searches on the
/// other (the plain careful search 40% of the time, then the careful search with the cells of
/// [`FAST_CELLS`], unweighted for 5% and weighted after; before, the plain dive for 40% and the
/// dive with cells of [`FAST_CELLS`] after). The files of `docs/sokoban-screening` foresaw
/// `xsokoban` 57 / 90 and `sasquatch` 25 / 50 beside the careful searches, against 53 and 24
/// (`--beside`, the careful thread counted as its searches with cells, which are screened, the
/// plain careful search not). At 10 s a level, both cores on one level, old and new one after the
/// other: `xsokoban` 52 -> 56 / 90 (15, 25, 40, 44, 71, 77 and 86 gained; 33, 36 and 45 lost),
/// `sasquatch` 24 -> 25 / 50 (26 and 27 gained, 19 lost), `microban2` 134 -> 135, `microban` 155
/// both.
///
/// Chosen again (thirty-ninth session) for both threads at once, by `cargo xtask sokoban-slices
/// --seconds 9.8 --threads 2` on the folder that chose [`ONE_THREAD`]: the careful searches give
/// way to the dive with pushable-box cells, and this thread runs the pull-led dive with the freeze
/// test 5 s, then the free dive with pushable-box cells, unweighted, the rest. (The climb gives the
/// other thread's last 1.5 s to the pull-led dive with weights for `xsokoban` 35 at 0.98 s alone;
/// that thread runs the dive alone, a search fewer for a quarter of a level of score.) By the
/// files: `xsokoban` 60 / 58 / 58 / 58 -> 63 at every margin 1.0 to 1.3 and `sasquatch` 26 -> 36 /
/// 36 / 36 / 35, both Microban sets whole (the careful thread counted by its searches with cells,
/// unweighted 0.49 s and weighted 5.39 s). Both cores at 10 s a level, old then new, on a day the
/// machine ran the same states 1.3 to 3 times slower than the files say: `xsokoban` 57 -> 60 / 90
/// (14, 45, 48, 75 and 87 gained; 47 and 59 lost) in 404 -> 380 s, median 2.93 -> 0.91 s;
/// `sasquatch` 26 -> 33 / 50 (17, 18, 24, 28, 31, 33 and 44 gained, none lost) in 282 -> 206 s;
/// `microban` 155 and `microban2` 135 both, in 6.3 -> 2.2 s and 9.8 -> 8.3 s. First tried, the same
/// day: this thread's slices alone beside the careful searches (`--beside`): the dive with
/// pushable-box cells 6.5 s, the pull-led dive with the freeze test 2.25 s and the unweighted free
/// dive with the cells of [`FAST_CELLS`] the last 1 s; `xsokoban` 57 -> 57 / 90 (14, 48 and 87
/// gained; 8, 44 and 77 lost), `sasquatch` 26 -> 28 / 50, `microban2` 135 -> 134.
const DIVES: [Phase; 2] = [freezing_pulls(pull_led(0.5102)), unweighted(free_dive(1.0, MOBILE_CELLS))];
/// The other thread below [`LONG_LIMIT`]: the dive with pushable-box cells for the whole time.
const DIVE_BESIDE: [Phase; 1] = [phase(1.0, false, MOBILE_CELLS)];
/// The portfolio on two threads from [`LONG_LIMIT`] on. One thread runs the careful search
/// whose cells count the boxes the player can push ([`CAREFUL_LONG`]; for the whole time until
/// the thirty-sixth session, see the last paragraph): the two threads solve `xsokoban` 23, 85
/// and 87 only after 35 s, which no other search does alone within its screened time and this
/// one not within 20 s, so it needs the time. The other thread runs dives, with slices chosen
/// (tenth session) by `cargo xtask sokoban-slices
/// docs/sokoban-screening --seconds 58.8 --beside careful:home+shut-out+pushable=60`, which
/// counts what the careful search covers on its own thread as covered: the plain dive 1.2 s,
/// the dive with pushable-box cells 19.75 s (`xsokoban` 36 at 10.0 s, 61 at 14.9 s, `sasquatch`
/// 18 and 31), the dive with passage cells 18 s (`xsokoban` 24 at 7.4 s, 30 at 5.5 s, 22 at
/// 13.5 s), the pushable-box dive unweighted 5 s (48 at 3.8 s), the same without the packing
/// orders 6 s (77 at 4.0 s, which the orders of its block of goals cost the dives) and the free
/// dive unweighted the last 10 s (`xsokoban` 18 at 7.2 s, `sasquatch` 24). The screened levels
/// covered: 63 of `xsokoban` and 29 of `sasquatch` at every margin, against 59 to 55 and 27 for
/// the slices before (the dive with cells 13.8 s, the free dive 7.8 s and the careful search
/// with cells the last 15.6 s among them); those covered `xsokoban` 32 (the free dive, 7.8 s
/// alone) and 14 (the careful search with cells, not screened), which these slices do not
/// cover, yet both cores at 60 s a level still solved both (64 -> 70 / 90, none lost).
///
/// Chosen again (twentieth session) with the dive led by a search of pulls (`search::pulls`), from
/// the same command's slices, by hand where the files miss what the careful thread does: the plain
/// dive 1.2 s, the dive with pushable-box cells 5 s (`xsokoban` 40 at 3.6 s), the pull-led dive
/// 16.75 s (`xsokoban` 14 at 2.2 s and 75 at 12.7 s; 41 beyond the files' 15 s, at 12.2 s alone),
/// the dive with the cells of [`FAST_CELLS`] 5 s (36 at 3.6 s), the dive with passage cells 9.5 s
/// (24 and 30), the unweighted dive with pushable-box cells 3.75 s (48), the unweighted free dive
/// 10.5 s (18 at 7.2 s) and the same with pushable-box cells the last 8.25 s (77 at 4.0 s). The
/// climb gave the weighted free dive 10.75 s for `xsokoban` 32, which the careful search solves on
/// its own thread after its screened 20 s (at 23 to 26 s in three runs), and no time to the
/// unweighted free dive, which lost 18 in a run. These slices cover 67 / 90 of `xsokoban` and 35 /
/// 50 of `sasquatch` at every margin by the files (the slices before 66 and 30). Both cores at 60 s
/// a level, one run after the other: `xsokoban` 71 -> 72 / 90 (41 gained at 19.1 s, 14 in 7.7 s
/// rather than 46.5; none lost; 8, 30, 36, 45, 55 and 75 slower, by 5 to 19 s, as the slices that
/// solved them shrank or moved), `sasquatch` 30 -> 35 / 50 (5, 28, 33, 37 and 44 gained, none lost).
///
/// The twenty-first session put the pull-led dive whose cells also tell whether the player can
/// walk to the start's square (`,pulls+start-region`) after the plain one for 3 s: `xsokoban` 13,
/// which nothing solved on two threads before, comes 2.3 s into its search alone. The 3 s came
/// from the unweighted free dive (10.5 -> 7.5 s; its 18 at 7.2 s alone is covered by the last
/// slice, which solves it in 6.1 s alone with this build, though its file of the week before says
/// 14.3 s). Taken from the last slice instead (8.25 -> 5.25 s), a run lost 18, solved there at
/// 57.8 s before. Both cores at 60 s a level: `xsokoban` 72 -> 73 / 90 (13 gained at 25.0 s, none
/// lost; the run before from the twentieth session, on this machine).
///
/// Chosen again (twenty-third session) from the files made again in the twenty-second, by a climb
/// over the slices with the careful thread's levels counted as covered (`--beside`): the
/// unweighted free dive with the cells of [`FAST_CELLS`] (7.5 s) covered no level of its own
/// (`xsokoban` 18 at 10.9 s alone now, and covered by the last slice at 7.3 s), so its time went
/// to margin: the pull-led dive 19.5 s (`xsokoban` 41 at 12.5 s, 75 at 14.1 s), the same with
/// the start's region 4 s (13 at 2.3 s), the dive with pushable-box cells 5.23 s (40 at 3.6 s),
/// the dive with the cells of [`FAST_CELLS`] 5.25 s (36 at 3.6 s), the dive with passage cells
/// 10.5 s (30 at 7.1 s), the unweighted dive with pushable-box cells 3.75 s and the same without
/// the orders the last 10.57 s (18 at 7.3 s, 77). Covered: `xsokoban` 69 / 69 / 69 / 69 at
/// margins 1.0 to 1.3 (the slices before 69 / 69 / 67 / 66; 13, 18 and 75 were near their
/// slices' ends) and `sasquatch` 35 at each, as before. Both cores at 60 s a level, old then new
/// the same sitting: `xsokoban` 73 -> 73 / 90 and `sasquatch` 36 -> 36 / 50, the same levels
/// (`xsokoban` 87 faster, 44.7 -> 23.1 s; 18 at 56.7 s and 77 at 53.4 s, in the last slice).
///
/// The twenty-fifth session gave the unweighted dive led by weighted pulls toward the start's
/// region (see [`ONE_THREAD_LONG`]) 11.75 s after the dive with pushable-box cells: `xsokoban` 35
/// at 10.9 s alone this day, 18 at 3.6 s and 87 in its file, `sasquatch` 12 at 2.8 s and 39 at
/// 10.9 s. The time came from the unweighted free dive (10.57 -> 5.8 s: its 18 is the new
/// search's, 77 at 4.1 s stays), the pull-led dive (19.5 -> 15 s: 41 at 11.7 to 12.8 s this day)
/// and the dive with passage cells (10.5 -> 9 s: 30 at 5.3 s this day), and a quarter second each
/// from three others. Foreseen with the careful thread's levels counted as covered: `xsokoban` 69
/// / 69 / 69 / 68 -> 71 / 71 / 70 / 68 at margins 1.0 to 1.3 (35 and 87; the careful thread
/// solves 87 after its screened 20 s anyway), `sasquatch` 36 -> 37 / 37 / 36 / 36 (12; 39 at its
/// slice's end from margin 1.2). Both cores at 60 s a level, old then new the same sitting:
/// `xsokoban` 73 -> 74 / 90 (35 gained at 15.2 s, none lost; 18 in 10.3 s rather than 54.0, 87 in
/// 7.2 rather than 22.0; 41 and 75 later, 16.0 -> 26.8 s and 14.9 -> 26.8 s, in the pull-led
/// dive that now starts later), `sasquatch` 36 -> 37 / 50 (12 gained at 9.1 s, none lost; 31 in
/// 43.4 s rather than 6.3, the dive with passage cells that solves it now starting at 41.7 s).
///
/// Chosen again (thirty-fourth session) for the levels that the third search of
/// [`ONE_THREAD_LONG`] solves past the screening files' 15 s: `xsokoban` 85 in 22.5 s and 29 in
/// 24.8 s alone, `sasquatch` 25 some 18.6 s into its slice there, written by hand into a copy of
/// the files (the search's 30 s files, made after, hold the same and score these slices 75 / 75
/// / 75 / 74 and 38). With them, `sokoban-slices --seconds 58.8 --beside
/// 'careful:home+shut-out+pushable=60'` scores the slices before `xsokoban` 73 / 73 / 73 / 73 at
/// margins 1.0 to 1.3 and `sasquatch` 37 at each, and its climb gives 75 / 75 / 74 / 74 and 38
/// with five dives: the dive with pushable-box cells 9.75 s (36, 40, 75), the third search
/// 29.25 s (13, 18, 35, 85, 87, `sasquatch` 12, 25, 39), the pull-led dive 9.5 s (41,
/// `sasquatch` 5, 44), the dive with passage cells 5.25 s (24, 30) and the unweighted free dive
/// the last 5.05 s (77). The pull-led dive toward the start's region, the dive with the cells of
/// [`FAST_CELLS`] and the unweighted dive with pushable-box cells no longer run: the careful
/// thread or another dive covers their levels. So the dives' thread runs [`ONE_THREAD_LONG`]
/// without its free dive with pushable-box cells, whose levels (21, 32, 47) the careful thread
/// solves. Both cores at 60 s a level, old then new the same sitting: `xsokoban` 74 -> 76 / 90
/// (29 and 85 gained, 25.8 and 21.0 s into the third search's slice; none lost; 30, 36 and 75
/// in 7 to 10 s rather than 24 to 46; 41 later, 23.9 -> 46.5 s, in the pull-led dive that now
/// starts at 40.2 s), `sasquatch` 38 -> 39 / 50 (25 gained at 29.9 s, none lost; eight levels
/// slower by some 5 s, solved in dives that now start later).
///
/// Lengthened (thirty-fifth session) for the pull-led dive, whose 30 s screening files show
/// `xsokoban` 42 at 19.1 s alone, a level no portfolio had solved, and 29 and 85 at 14.7 and
/// 16.3 s. It gets 19.5 s, from the third search (29.25 -> 19.5 s: its `sasquatch` 25 at 18.6 s
/// stays, and its 29 and 85 fall to the pull-led dive if it misses them) and from the dive with
/// passage cells (5.25 -> 5 s). By the files, beside the careful thread: `xsokoban` 75 / 75 / 75
/// / 74 -> 76 / 75 / 74 / 73 at margins 1.0 to 1.3 (42 gained, but more levels near their
/// slices' ends), `sasquatch` 38 -> 38 / 37 / 37 / 37. The climb's own slices (the pull-led
/// dive 33.75 s, the third search 5 s, no dive with pushable-box cells) cover 76 at every
/// margin but lose `sasquatch` 25. Both cores at 60 s a level, old then new the same sitting:
/// `xsokoban` 76 -> 77 / 90 (42 gained at 50.1 s, found at the very end of the pull-led dive's
/// slice; none lost; the same pushes on the 76 both solve), `sasquatch` 39 -> 39 / 50, the same
/// levels and pushes. 42 is not a steady gain: two runs of it alone after the set gave up.
///
/// Chosen again (thirty-sixth session) for both threads at once, once the careful search had
/// been screened at 60 s: alone, it solves `xsokoban` 12, 14, 23 to 26, 36, 45, 55, 67 and 87
/// at 21 to 36 s, 63 at 43.8 s and 75 at 50.1 s, `sasquatch` 24, 31 and 42 at 26 to 34 s, and
/// nothing after that another search does not solve sooner. A climb over the slices of both
/// threads with these files (the careful thread's searches counted like the dives') gives 14 s
/// of the careful thread's time to the dive with pushable-box cells (run first on that thread),
/// and takes that dive and the one with passage cells from the dives' thread, whose slices go
/// to the third search (26.5 s) and the pull-led dive (27.25 s; `xsokoban` 42 at 19.1 s
/// alone). By the files: `xsokoban` 77 / 76 / 75 / 73 -> 77 at every margin 1.0 to 1.3,
/// `sasquatch` 39 / 38 / 38 / 38 -> 39 at each. With the dive after the careful search rather
/// than before, the same levels by the files, but later: both cores at 60 s a level, old then
/// new the same sitting, `xsokoban` 76 -> 77 / 90 (42 gained at 48.7 s, none lost) in 1247 ->
/// 1480 s (median 1.79 -> 3.54 s: eleven levels that took 1.2 to 8.1 s took 14.7 to 53.8 s,
/// waiting for the dive at 46 s). With the dive first, the same sitting: `xsokoban` 76 -> 77 /
/// 90 (42 gained at 47.4 s, none lost) in 1247 -> 1194 s (median 1.79 -> 1.10 s; 44 levels
/// faster, 9 slower, among them 21, 47 and 76, which the careful search solves, now from 14 s),
/// `sasquatch` 39 -> 39 / 50, the same levels, in 906 -> 815 s (median 4.93 -> 1.24 s).
///
/// Tried (thirty-eighth session): slices of their own for 30 s to 60, since these, chosen for
/// 60 s, cover only `xsokoban` 70 / 69 / 69 / 68 at 30 s by the files: the pushable-box dive
/// 20.75 s then the careful search, and beside them the plain dive 0.6 s then the third search
/// alone (74 / 73 / 72 / 71 by the files). Both cores at 30 s a level, old then new: `xsokoban`
/// 73 -> 73 / 90 (24, 29, 30 and 85 gained; 23, 41, 70 and 77 lost, which these slices solve
/// past what the files foresee, 70 by the careful search in 19.7 s); not taken.
const DIVES_LONG: [Phase; 4] = [
    phase(0.02, false, 0),
    unweighted(weighing_pulls(toward_start_region(pull_led(0.4617)))),
    pull_led(0.9158),
    unweighted(free_dive(1.0, MOBILE_CELLS)),
];
const CAREFUL_LONG: [Phase; 2] = [phase(0.2333, false, MOBILE_CELLS), phase(1.0, true, MOBILE_CELLS)];
/// The same without feature cells, as before they came.
const ONE_THREAD_PLAIN: [Phase; 2] = [phase(FAST_DIVE_SHARE, false, 0), phase(1.0, true, 0)];
const DIVES_PLAIN: [Phase; 1] = [phase(1.0, false, 0)];
const CAREFUL_PLAIN: [Phase; 1] = [phase(1.0, true, 0)];

/// The default memory budget of one search, 8 GiB (see [`Options::memory_budget`]).
pub const DEFAULT_MEMORY_BUDGET: u64 = 8 << 30;

/// The default cap on the states one search stores (see [`Options::max_states`]): 100 million,
/// past what [`DEFAULT_MEMORY_BUDGET`] holds at the hundred-odd bytes a state of the careful
/// search (its table, box sets and open list), so that by default the memory budget and the
/// clock bound a search, and the cap is there for runs that want a count of states rather than
/// seconds. It was 10 million until the thirty-first session, when the searches had grown fast
/// enough to store that many in 18 to 54 s and stopped there with time and memory to spare.
pub const DEFAULT_MAX_STATES: usize = 100_000_000;

/// How to solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Fewest pushes (A*), then fewest moves among those where the time allows, instead of a
    /// fast answer.
    pub optimal: bool,
    /// Give up after this many seconds (a limit that is not positive gives up the first time
    /// the search reads the clock; one that is not a number never does).
    pub time_limit: f64,
    /// Give up a search after it stored this many states (0 gives up after the start
    /// position). Each search of the fast mode's sequences has this many of its own.
    pub max_states: usize,
    /// Give up before the search's growing structures (stored states, their box sets, the
    /// transposition table, the open list) would hold more than this many bytes. Each search
    /// has its own budget, so levels solved at once need one each; the default,
    /// [`DEFAULT_MEMORY_BUDGET`], lets one level per core of a 2-core, 24 GiB machine run with
    /// room to spare.
    pub memory_budget: u64,
    /// The techniques in use (all, unless measuring what each adds).
    pub techniques: Techniques,
    /// In the fast mode, run its searches on two threads at once (a sequence of searches on
    /// each: below a time limit of 30 s dives on both, from it dives on one and a dive then a
    /// careful search on the other; each thread for the whole time limit with half the memory
    /// budget; the first answer stops the other) instead of one after the other on one. The
    /// optimal mode runs on one thread either way.
    pub side_by_side: bool,
    /// In the fast mode, run this one search alone on one thread for the whole time limit
    /// instead of the schedules: to measure what each search solves on its own, from which the
    /// schedules' slices are chosen (see [`bench::OneSearch`]). The optimal mode ignores it.
    pub one_search: Option<bench::OneSearch>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            optimal: false,
            time_limit: 10.0,
            max_states: DEFAULT_MAX_STATES,
            memory_budget: DEFAULT_MEMORY_BUDGET,
            techniques: Techniques::default(),
            side_by_side: false,
            one_search: None,
        }
    }
}

/// How solving a level ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A verified solution.
    Solved(Solution),
    /// No solution exists: every reachable state was searched, pruned by sound rules only.
    Unsolvable,
    /// A limit was reached first: the time, the memory budget or the number of states.
    GaveUp(Limit),
}

/// The result of solving one level.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveResult {
    /// How it ended.
    pub status: Status,
    /// States stored by the searches, those of the fast mode's improvement of its answer included.
    pub states: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Why a level could not be solved at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The interior is too large for the distance tables.
    #[error(
        "level {level} ({title}): the board has {interior} interior squares, more than the {max} supported"
    )]
    TooLarge {
        /// Level number.
        level: usize,
        /// Level title.
        title: String,
        /// Interior squares.
        interior: usize,
        /// The limit.
        max: usize,
    },
    /// The search produced moves the replay rejected: a solver bug, never reported as solved.
    #[error("the solver's answer failed verification: {0}")]
    Unverified(#[from] VerifyError),
}

/// Solves a level and verifies the answer.
///
/// # Errors
/// [`SolveError::TooLarge`] for boards beyond the solver, [`SolveError::Unverified`] if the
/// answer fails the replay.
pub fn solve(level: &Level, options: &Options) -> Result<SolveResult, SolveError> {
    let start = Instant::now();
    let board = analyse(level)?;
    let finish = |status, states| SolveResult { status, states, seconds: start.elapsed().as_secs_f64() };
    let Some(inside) = boxes_to_search(&board, level) else {
        return Ok(finish(Status::Unsolvable, 0));
    };
    let side_by_side = options.side_by_side && !options.optimal;
    let limits = Limits {
        optimal: options.optimal,
        // Each search's own time is set by its phase (see `run_phases`).
        seconds: options.time_limit,
        weight: FAST_DIVE_WEIGHT,
        max_states: options.max_states,
        memory_budget: options.memory_budget,
        tunnel_macros: !options.optimal,
        rooms: if options.optimal { Rooms::Unplanned } else { Rooms::Closed },
        techniques: options.techniques,
        fewest_moves_at: None,
        cells: 0,
        push_cut: None,
        pulls: 0,
        pull_features: 0,
    };
    let cells = options.techniques.cells;
    let long = options.time_limit >= LONG_LIMIT;
    let player = level.player;
    let one_search = options.one_search.filter(|_| !options.optimal).map(|search| {
        let bench::OneSearch { careful, rooms, cells, weighted, pulls, pull_features } = search;
        [Phase { until: 1.0, careful, cells, rooms, move_weights: weighted, pulls, pull_features }]
    });
    let (mut report, mut stored) = if let Some(one_search) = &one_search {
        run_phases(&board, &inside, player, limits, one_search, start, &AtomicBool::new(false))
    } else if side_by_side {
        let (dives, beside): (&[Phase], &[Phase]) = match (cells, long) {
            (true, true) => (&DIVES_LONG, &CAREFUL_LONG),
            (true, false) => (&DIVES, &DIVE_BESIDE),
            (false, _) => (&DIVES_PLAIN, &CAREFUL_PLAIN),
        };
        fast_side_by_side(&board, &inside, player, limits, [dives, beside], start)
    } else {
        let phases: &[Phase] = match (options.optimal, cells, long) {
            (true, _, _) => &OPTIMAL,
            (false, true, true) if options.time_limit >= MINUTE_LIMIT => &ONE_THREAD_LONG,
            (false, true, true) => &ONE_THREAD_HALF_MINUTE,
            (false, true, false) => &ONE_THREAD,
            (false, false, _) => &ONE_THREAD_PLAIN,
        };
        run_phases(&board, &inside, player, limits, phases, start, &AtomicBool::new(false))
    };
    let left = options.time_limit - start.elapsed().as_secs_f64();
    if report.outcome == Outcome::Unsolvable && report.macros_used {
        // Only a search without macros (nor packing orders) proves a level unsolvable; without
        // the time for one, the time limit is what stopped the proof.
        report.outcome = Outcome::GaveUp(Limit::Time);
        if left > 0.0 {
            let limits = Limits {
                seconds: left,
                weight: FAST_CAREFUL_WEIGHT,
                tunnel_macros: false,
                rooms: Rooms::Unplanned,
                ..limits
            };
            report = find_pushes(&board, &inside, level.player, limits);
            stored += report.states;
        }
    }
    let status = match report.outcome {
        Outcome::Solved(pushes) => {
            let lurd = lurd_of(&board, &inside, level.player, &pushes);
            let mut solution = verify(level, &lurd)?;
            if !options.optimal && options.techniques.improve {
                let (better, states) = improve(level, &board, &inside, limits, solution, start, stored)?;
                solution = better;
                stored += states;
            }
            let left = options.time_limit - start.elapsed().as_secs_f64();
            if options.optimal && left > 0.0 {
                // The tie-break, where the time allows: fewest moves among push-optimal answers.
                let limits =
                    Limits { seconds: left, fewest_moves_at: u16::try_from(solution.pushes).ok(), ..limits };
                let second = find_pushes(&board, &inside, level.player, limits);
                stored += second.states;
                if let Outcome::Solved(pushes) = second.outcome {
                    let better = verify(level, &lurd_of(&board, &inside, level.player, &pushes))?;
                    if better.pushes == solution.pushes && better.moves <= solution.moves {
                        solution = better;
                    }
                }
            }
            Status::Solved(solution)
        }
        Outcome::Unsolvable => Status::Unsolvable,
        Outcome::GaveUp(limit) => Status::GaveUp(limit),
    };
    Ok(finish(status, stored))
}

/// The fast mode's improvement of an answer (see the crate notes): searches of the careful
/// weight that keep only the states that can still lead to fewer pushes than the best answer,
/// one after the other while each finds a better one, within a budget of states and the time
/// limit.
/// `stored` is the states the searches that found the answer stored. Returns the best answer
/// and the states the improvement stored.
fn improve(
    level: &Level,
    board: &Board,
    inside: &[usize],
    limits: Limits,
    mut solution: Solution,
    start: Instant,
    stored: usize,
) -> Result<(Solution, usize), SolveError> {
    let Some(bound) = search::lower_bound(board, inside, level.player).map(usize::from) else {
        return Ok((solution, 0));
    };
    let gap = solution.pushes.saturating_sub(bound);
    let mut budget = stored.max(IMPROVE_STATES_PER_PUSH * gap).min(limits.max_states);
    let mut used = 0;
    // At the bound's pushes no answer has fewer; each round needs a state to spend.
    while solution.pushes > bound && budget > 0 {
        let left = limits.seconds - start.elapsed().as_secs_f64();
        let Ok(cut) = u16::try_from(solution.pushes - 1) else { break };
        if left <= 0.0 {
            break;
        }
        // Without the packing orders, like the careful search: a room filled in another order
        // may take fewer pushes.
        let round = Limits { max_states: budget, push_cut: Some(cut), ..careful(limits, left) };
        let report = find_pushes(board, inside, level.player, round);
        used += report.states;
        budget = budget.saturating_sub(report.states);
        // Ran dry or out of budget: this is the best it finds.
        let Outcome::Solved(pushes) = report.outcome else { break };
        let better = verify(level, &lurd_of(board, inside, level.player, &pushes))?;
        if better.pushes >= solution.pushes {
            break;
        }
        solution = better;
    }
    Ok((solution, used))
}

/// The first search of both modes: A* when optimal; in the fast mode the dive, a heavy weight on
/// the bound, filling goal rooms in their packing orders. Returns the report and the states
/// stored, which count a second dive without the orders when they left nothing to search.
fn dive(
    board: &Board,
    inside: &[usize],
    player: usize,
    limits: Limits,
    (start, time_limit): (Instant, f64),
    stop: &AtomicBool,
) -> (SearchReport, usize) {
    let mut report = find_pushes_until(board, inside, player, limits, stop);
    let mut stored = report.states;
    if report.outcome == Outcome::Unsolvable && report.macros_used && limits.rooms != Rooms::Unplanned {
        // The packing orders left nothing to search, which says nothing of the level: the dive
        // starts again without them (the other macros are checked afterwards as always).
        let left = time_limit - start.elapsed().as_secs_f64();
        let limits = Limits { seconds: limits.seconds.min(left), rooms: Rooms::Unplanned, ..limits };
        report = find_pushes_until(board, inside, player, limits, stop);
        stored += report.states;
    }
    (report, stored)
}

/// The fast mode's careful search: a light weight, nearly A*, for `seconds`, without the
/// packing orders, in case they were what misled the dive.
fn careful(limits: Limits, seconds: f64) -> Limits {
    Limits { seconds, weight: FAST_CAREFUL_WEIGHT, rooms: Rooms::Unplanned, ..limits }
}

/// Runs `phases` in turn, each only while the ones before gave up and until its share of the
/// time limit (`limits.seconds`, counted from `start`) is over or `stop` is raised. The first
/// always runs, for its share from its own start. Returns the last report and the states all
/// of them stored.
fn run_phases(
    board: &Board,
    inside: &[usize],
    player: usize,
    limits: Limits,
    phases: &[Phase],
    start: Instant,
    stop: &AtomicBool,
) -> (SearchReport, usize) {
    let time_limit = limits.seconds;
    let mut done: Option<(SearchReport, usize)> = None;
    for phase in phases {
        let left = time_limit * phase.until - start.elapsed().as_secs_f64();
        let (seconds, stored) = match &done {
            None => (time_limit * phase.until, 0),
            Some((report, _))
                if !matches!(report.outcome, Outcome::GaveUp(_))
                    || left <= 0.0
                    || stop.load(Ordering::Relaxed) =>
            {
                continue;
            }
            Some((_, stored)) => (left, *stored),
        };
        let techniques = Techniques {
            move_weights: limits.techniques.move_weights && phase.move_weights,
            ..limits.techniques
        };
        let limits = Limits {
            cells: phase.cells,
            rooms: match (limits.rooms, phase.rooms) {
                (Rooms::Unplanned, _) => Rooms::Unplanned,
                (_, Rooms::Open) if !limits.techniques.open_rooms => Rooms::Closed,
                (_, rooms) => rooms,
            },
            techniques,
            pulls: if limits.techniques.pulls { phase.pulls } else { 0 },
            // `--without move-weights` takes the pull search's weights too, and `--without
            // pull-freeze` its freeze test.
            pull_features: phase.pull_features
                & !(if limits.techniques.move_weights { 0 } else { search::PULL_WEIGHTS })
                & !(if limits.techniques.pull_freeze { 0 } else { search::PULL_FREEZE }),
            ..limits
        };
        let (report, states) = if phase.careful {
            let report = find_pushes_until(board, inside, player, careful(limits, seconds), stop);
            let states = report.states;
            (report, states)
        } else {
            dive(board, inside, player, Limits { seconds, ..limits }, (start, time_limit), stop)
        };
        done = Some((report, stored + states));
    }
    // Only an empty list runs nothing.
    let gave_up =
        SearchReport { outcome: Outcome::GaveUp(Limit::Time), states: 0, macros_used: false, met: false };
    done.unwrap_or((gave_up, 0))
}

/// The fast mode on two threads: the sequence `dive_phases` on one and `beside_phases` on the
/// other, as [`solve`] chooses them; each thread for the whole time limit with half the memory
/// budget, the first to settle the level stopping the other. Wide
/// traps that would have used up the dive's share of the time on one thread cost the careful
/// search nothing here. Each search keeps the whole count of states, as each search of a
/// sequence on one thread does. The careful search of the long limits stores about 170,000 to
/// 250,000 states a second on `xsokoban`: while the default cap was 10 million, half of it
/// would have stopped that search halfway through a minute (the whole of it did, at 40 s on
/// `xsokoban` 20 and 31). The halved memory budget bounds both searches together.
fn fast_side_by_side(
    board: &Board,
    inside: &[usize],
    player: usize,
    limits: Limits,
    [dive_phases, beside_phases]: [&[Phase]; 2],
    start: Instant,
) -> (SearchReport, usize) {
    let settles = |report: &SearchReport| match report.outcome {
        Outcome::Solved(_) => true,
        Outcome::Unsolvable => !report.macros_used,
        Outcome::GaveUp(_) => false,
    };
    let half_memory = Limits { memory_budget: limits.memory_budget / 2, ..limits };
    let stop = AtomicBool::new(false);
    let run = |phases: &[Phase]| {
        let result = run_phases(board, inside, player, half_memory, phases, start, &stop);
        if settles(&result.0) {
            stop.store(true, Ordering::Relaxed);
        }
        result
    };
    let ((dived, dive_states), (beside, beside_states)) = std::thread::scope(|scope| {
        let beside = scope.spawn(|| run(beside_phases));
        let dived = run(dive_phases);
        (dived, beside.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    let stored = dive_states + beside_states;
    // Rank: an answer (the fewer pushes when both found one), then a proof that none exists,
    // then an exhausted search that used macros (checked without them afterwards), then the
    // careful search's limit, which ran to the end.
    let rank = |report: &SearchReport| match &report.outcome {
        Outcome::Solved(pushes) => (0, pushes.iter().map(|push| push.count).sum()),
        Outcome::Unsolvable if !report.macros_used => (1, 0),
        Outcome::Unsolvable => (2, 0),
        Outcome::GaveUp(_) => (3, 0),
    };
    let best = if rank(&dived) < rank(&beside) { dived } else { beside };
    (best, stored)
}

#[cfg(test)]
mod tests;

/// `count` and the noun in the right number: "1 goal", "2 goals".
pub(crate) fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The static analysis of a level, or [`SolveError::TooLarge`] when its interior is beyond the
/// distance tables.
fn analyse(level: &Level) -> Result<Board, SolveError> {
    Board::new(level).map_err(|too_large| SolveError::TooLarge {
        level: level.number,
        title: level.title.clone(),
        interior: too_large.interior,
        max: board::MAX_INTERIOR,
    })
}

/// The boxes a search starts with: those inside the player's region. (The others can never
/// move; [`solve`] settles them before searching.)
fn boxes_inside(board: &Board, level: &Level) -> Vec<usize> {
    level.boxes.iter().copied().filter(|&b| board.floor[b]).collect()
}

/// The boxes a search starts with ([`boxes_inside`]), or `None` when the level is lost before
/// any search. Boxes outside the player's region can never move: on a goal they are done, off
/// one the level is lost. The rest must match the goals inside.
fn boxes_to_search(board: &Board, level: &Level) -> Option<Vec<usize>> {
    let inside = boxes_inside(board, level);
    let stuck_off_goal = level.boxes.iter().any(|&b| !board.floor[b] && level.squares[b] != Square::Goal);
    (!stuck_off_goal && inside.len() == board.goals.len()).then_some(inside)
}

//! # The battle: rounds, turns, moves and attacks, exactly as the puzzle states them
//!
//! A [`Battle`] is a state machine that can stop and be resumed between any two events: at the
//! end of a round (for `--trace`), at the first elf death (part 2 gives up on that power), or just
//! before an elf strikes a goblin (part 2's snapshots, see [`crate::elf_power`]). The state holds
//! the round's turn order and a cursor into it, so a copy taken in the middle of a round resumes
//! exactly where the original was.
//!
//! ## One turn
//! ```text
//! no enemy left anywhere? ──yes──> combat ends; this round does not count
//!        │ no
//! next to an enemy? ──no──> move one step (crate::movement)
//!        │ yes                  │
//!        ├──────────────────────┘
//! next to an enemy now? ──yes──> hit the adjacent enemy with the fewest hit points
//!                                (ties: reading order); at 0 or below it dies and its
//!                                square is open at once
//! ```
//!
//! ## Hits instead of hit points
//! A unit remembers how many times it has been hit, not its hit points. Hit points are
//! `200 - hits x attacker's power`, and since every enemy of a unit faces the same attacker power,
//! "fewest hit points" is "most hits taken". Counting hits makes a unit's state independent of the
//! elf attack power, which is what lets part 2 resume one battle's state under another power.
//!
//! ## The board in bits
//! Besides a cell-to-unit table, the battle keeps [`RowSet`]s of free floor (open and not
//! occupied) and of each army's squares, so the movement search can run as bit-parallel flood
//! fills ([`grid::Flood`]).
//!
//! ## Searches that need not run again
//! A movement search reads only the board: which squares are free and where the enemies stand.
//! The battle counts changes to the board (moves and deaths), and a unit whose last search found
//! nothing to walk to, on a board that has not changed since, is not searched again. In the
//! middle of a battle whole rounds pass with strikes only, while units blocked by their own side
//! wait their turn.
//!
//! A turn also looks for the enemy beside its unit once where it can: the look before moving
//! serves the attack too when the unit did not move (most turns once the armies meet, when a
//! unit starts beside an enemy). Looking again before the attack was 3% to 5% of a real cave's
//! instructions.
//!
//! A move is also reported to the pathfinder ([`Pathfinder::moved`]), which keeps the mover's
//! side's search field, cut back to what the move left exact, for the next unit of that side.
//!
//! ## A battle that cannot end
//! Armies walled off from each other never meet. The rules would loop for ever; the simulator
//! stops with [`Progress::Stalemate`] when a stretch of rounds without any attack returns the
//! units to positions they held before in that stretch: the game is deterministic, so from there
//! it repeats for ever.

use crate::cave::{Cave, Side};
use crate::movement::Pathfinder;
use crate::watch::Watch;
use grid::{Offsets, RowSet};
use std::collections::HashSet;

/// Hit points every unit starts with.
pub const HIT_POINTS: u32 = 200;
/// Attack power of goblins, and of elves in part 1.
pub const BASE_POWER: u32 = 3;

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its army.
    pub side: Side,
    /// Its square.
    pub cell: u32,
    /// How many times it has been hit.
    pub hits: u32,
    /// False once it has died.
    pub alive: bool,
}

/// Where [`Battle::advance`] stops besides the battle's end and a stalemate.
///
/// ```
/// use day15_combat::battle::StopAt;
///
/// let trace = StopAt { round_end: true, ..StopAt::NOWHERE };
/// assert!(trace.round_end && !trace.elf_death);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopAt {
    /// Stop with [`Progress::RoundComplete`] after each full round.
    pub round_end: bool,
    /// Stop with [`Progress::ElfDied`] right after an elf dies.
    pub elf_death: bool,
}

impl StopAt {
    /// Play on to the end (or a stalemate, or a pause the observer asks for).
    pub const NOWHERE: StopAt = StopAt { round_end: false, elf_death: false };
}

/// Where [`Battle::advance`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A full round was completed and the battle goes on.
    RoundComplete,
    /// The battle is over: a unit found no enemy at the start of its turn.
    Over,
    /// An elf died (only reported when asked to stop there).
    ElfDied,
    /// The observer asked to stop just before a strike; resuming performs that strike.
    Paused,
    /// The battle can never end (see the module notes).
    Stalemate,
}

/// How a finished battle came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The army left standing.
    pub winner: Side,
    /// Full rounds completed before combat ended.
    pub rounds: u32,
    /// Hit points of the winners, summed.
    pub hit_points: u32,
    /// Elves that died.
    pub elves_lost: u32,
}

impl Outcome {
    /// The puzzle's answer: full rounds times remaining hit points.
    #[must_use]
    pub fn score(&self) -> u64 {
        u64::from(self.rounds) * u64::from(self.hit_points)
    }
}

/// A battle that never ends: the armies cannot reach each other, or go round in circles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the battle can never end: after {rounds} rounds the units repeat their moves without attacking")]
pub struct Stalemate {
    /// Full rounds played when the repetition was found.
    pub rounds: u32,
}

/// What the next event of the turn at the cursor is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The unit at the cursor has not started its turn.
    Start,
    /// The unit at the cursor has moved (or stayed) and attacks next.
    Strike,
}

/// Marks a cell with no unit in the cell-to-unit table.
const EMPTY: u32 = u32::MAX;

/// A battle in progress.
#[derive(Clone, Debug)]
pub struct Battle {
    /// The border is all wall, so a unit's four neighbours are plain offsets.
    offsets: Offsets,
    /// The cave's shape. Its walls are what is neither free nor occupied: every open square is
    /// one or the other, and a dead unit's square becomes free.
    width: usize,
    height: usize,
    units: Vec<Unit>,
    /// Open floor with no unit on it: where units may step.
    free: RowSet,
    /// Squares of each army's living units, by [`Side::index`].
    army: [RowSet; 2],
    /// Living units of each army.
    alive: [u32; 2],
    /// Attack power of each army.
    power: [u32; 2],
    rounds: u32,
    /// This round's turn order: units by their square at the round's start.
    order: Vec<u32>,
    cursor: usize,
    phase: Phase,
    elves_lost: u32,
    /// True once something was hit in the round in progress.
    struck_this_round: bool,
    /// Counts the changes to the board (moves and deaths): a search's answer holds while it
    /// stays the same.
    board_version: u64,
    /// For each unit, the board version at which its last movement search found no square to
    /// go to; searching again on the same board would find nothing again.
    stuck_at: Vec<u64>,
    /// Unit squares after each round since the last attack, to detect a stalemate.
    seen_without_attack: HashSet<Vec<u32>>,
    /// The unit on each cell and the movement search: see [`Scratch`].
    scratch: Scratch,
}

/// What a battle needs only while it is fought: the unit on each cell (or [`EMPTY`]), and the
/// movement search ([`Pathfinder`]). Both are kept with the thread that fights the battle and
/// lent to it ([`Battle::trade_scratch`]), or made at its first turn. A copy of a battle starts
/// without them: part 2 copies part 1's battle for up to 25 classes at once, and their cell
/// tables and pathfinders, zeroed and never used by most, were most of the memory a fresh run
/// touched on a 32 x 32 cave (a pathfinder: 18 bit sets; a cell table: 4 KB).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The unit on each cell, or [`EMPTY`]; empty until made. Held by a thread, it is all
    /// [`EMPTY`], so lending it costs a write per unit and no pass over the cave.
    occupant: Vec<u32>,
    pathfinder: Option<Box<Pathfinder>>,
}

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl Battle {
    /// The battle at its start, elves attacking with `elf_power` and goblins with 3.
    #[must_use]
    pub fn new(cave: &Cave, elf_power: u32) -> Battle {
        let floor = cave.floor();
        let (len, width, height) = (floor.len(), floor.width(), floor.height());
        let units = cave.units();
        let mut battle = Battle {
            offsets: floor.offsets(),
            width,
            height,
            units: Vec::with_capacity(units.len()),
            free: RowSet::from_cells(width, height, floor.positions(|&open| open)),
            army: [RowSet::new(width, height), RowSet::new(width, height)],
            alive: [0, 0],
            power: [elf_power, BASE_POWER],
            rounds: 0,
            order: Vec::with_capacity(units.len()),
            cursor: 0,
            phase: Phase::Start,
            elves_lost: 0,
            struck_this_round: false,
            board_version: 1,
            stuck_at: vec![0; units.len()],
            seen_without_attack: HashSet::new(),
            scratch: Scratch { occupant: vec![EMPTY; len], pathfinder: None },
        };
        for &(side, cell) in units {
            let id = battle.units.len() as u32;
            battle.units.push(Unit { side, cell: cell as u32, hits: 0, alive: true });
            battle.scratch.occupant[cell] = id;
            battle.free.remove(cell);
            battle.army[side.index()].insert(cell);
            battle.alive[side.index()] += 1;
        }
        battle.order.extend(0..battle.units.len() as u32);
        battle
    }

    /// Every unit, dead or alive, in the cave's reading order of their starting squares.
    #[must_use]
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The attack power of an army.
    #[must_use]
    pub fn power(&self, side: Side) -> u32 {
        self.power[side.index()]
    }

    /// Gives the elves another attack power from now on. Hits already taken by goblins now
    /// count at the new power.
    pub fn set_elf_power(&mut self, power: u32) {
        self.power[Side::Elf.index()] = power;
    }

    /// The hit points a unit has left (0 for the dead).
    #[must_use]
    pub fn hit_points(&self, unit: &Unit) -> u32 {
        HIT_POINTS.saturating_sub(unit.hits * self.power[unit.side.enemy().index()])
    }

    /// The square unit `id` would step to if its turn began now, or `None` if it would stay
    /// (next to an enemy already, or no in-range square reachable). The battle is not changed
    /// beyond the search's buffers. This is the movement search core, public for the benches and
    /// the rule tests.
    pub fn next_step(&mut self, id: usize) -> Option<usize> {
        self.ensure_cell_table();
        if !self.units[id].alive || self.adjacent_enemy(id).is_some() {
            return None;
        }
        self.step_towards_enemies(id)
    }

    /// [`next_step`](Self::next_step) for a living unit with no enemy beside it, with the cell
    /// table made.
    fn step_towards_enemies(&mut self, id: usize) -> Option<usize> {
        if self.stuck_at[id] == self.board_version {
            return None;
        }
        let unit = self.units[id];
        let (width, height) = (self.width, self.height);
        let pathfinder =
            self.scratch.pathfinder.get_or_insert_with(|| Box::new(Pathfinder::new(width, height)));
        let step = pathfinder.next_step(
            unit.cell as usize,
            &self.free,
            &self.army[unit.side.enemy().index()],
            unit.side.index(),
            self.board_version,
        );
        if step.is_none() {
            self.stuck_at[id] = self.board_version;
        }
        step
    }

    /// Gives back the movement search's buffers (kept layers of long floods: up to hundreds of
    /// megabytes on a large cave) while the battle waits; the next search makes fresh ones. The
    /// buffers hold only scratch space and caches keyed by the board, so the battle plays on
    /// exactly as before.
    pub fn release_scratch(&mut self) {
        self.scratch = Scratch::default();
    }

    /// Swaps the battle's scratch (its cell table and movement search) with `scratch`: a thread
    /// that fights battle after battle lends them one and takes it back, instead of each battle
    /// making its own. The cell table passed out is emptied of the battle's units, the one
    /// taken in is filled with them, and what the search kept for another battle's board is
    /// forgotten, so the battle plays on exactly as with fresh ones. Parts of another cave's
    /// shape are dropped, to be made again at the next turn.
    pub(crate) fn trade_scratch(&mut self, scratch: &mut Scratch) {
        std::mem::swap(&mut self.scratch, scratch);
        let cells = self.width * self.height;
        let alive = self.units.iter().filter(|unit| unit.alive);
        if scratch.occupant.len() == cells {
            for unit in alive.clone() {
                scratch.occupant[unit.cell as usize] = EMPTY;
            }
        }
        let taken = &mut self.scratch;
        if taken.occupant.len() == cells {
            for (id, unit) in self.units.iter().enumerate().filter(|(_, unit)| unit.alive) {
                taken.occupant[unit.cell as usize] = id as u32;
            }
        } else {
            taken.occupant = Vec::new();
        }
        if let Some(pathfinder) = &mut taken.pathfinder {
            if pathfinder.shape() == (self.width, self.height) {
                pathfinder.forget();
            } else {
                taken.pathfinder = None;
            }
        }
    }

    /// Makes the cell table if the battle has none (a copy that was not lent one).
    fn ensure_cell_table(&mut self) {
        if self.scratch.occupant.is_empty() {
            self.scratch.occupant = self.cell_table();
        }
    }

    /// The unit on each cell, or [`EMPTY`], made from the units.
    fn cell_table(&self) -> Vec<u32> {
        let mut occupant = vec![EMPTY; self.width * self.height];
        for (id, unit) in self.units.iter().enumerate().filter(|(_, unit)| unit.alive) {
            occupant[unit.cell as usize] = id as u32;
        }
        occupant
    }

    /// Full rounds completed.
    #[must_use]
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Units still alive, of both armies.
    #[must_use]
    pub fn units_left(&self) -> u32 {
        self.alive[0] + self.alive[1]
    }

    /// Elves that have died.
    #[must_use]
    pub fn elves_lost(&self) -> u32 {
        self.elves_lost
    }

    /// The outcome, if the battle is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let winner = match self.alive {
            [0, _] => Side::Goblin,
            [_, 0] => Side::Elf,
            _ => return None,
        };
        let hit_points = self.units.iter().filter(|u| u.alive).map(|u| self.hit_points(u)).sum();
        Some(Outcome { winner, rounds: self.rounds, hit_points, elves_lost: self.elves_lost })
    }

    /// Fights to the end.
    ///
    /// # Errors
    /// [`Stalemate`] if the battle can never end.
    ///
    /// # Panics
    /// Never in practice: a battle ends only when one army is gone, so it always has a winner.
    pub fn fight(&mut self) -> Result<Outcome, Stalemate> {
        self.fight_reporting(None)
    }

    /// [`fight`](Self::fight), reporting each round's end to `watch` (as part 1's battle).
    ///
    /// # Errors
    /// [`Stalemate`] if the battle can never end.
    pub fn fight_watched(&mut self, watch: &Watch) -> Result<Outcome, Stalemate> {
        self.fight_reporting(Some(watch))
    }

    fn fight_reporting(&mut self, watch: Option<&Watch>) -> Result<Outcome, Stalemate> {
        // Unwatched, the battle runs through its round ends without returning.
        let stop_at = StopAt { round_end: watch.is_some(), ..StopAt::NOWHERE };
        loop {
            let progress = self.advance(stop_at, |_, _, _| false);
            if let Some(watch) = watch {
                watch.report(0, self, progress == Progress::RoundComplete);
            }
            match progress {
                Progress::Over => return Ok(self.outcome().expect("an ended battle has a winner")),
                Progress::Stalemate => return Err(Stalemate { rounds: self.rounds }),
                Progress::RoundComplete | Progress::ElfDied | Progress::Paused => {}
            }
        }
    }

    /// Plays until the end of the round in progress (or of the battle).
    pub fn play_round(&mut self) -> Progress {
        self.advance(StopAt { round_end: true, ..StopAt::NOWHERE }, |_, _, _| false)
    }

    /// The engine: plays turns until the battle ends or a requested stop.
    ///
    /// - `stop_at`: the events to stop at besides the end (see [`StopAt`]).
    /// - `pause_before_strike(battle, attacker, target)` is called just before each strike, with
    ///   the battle in a state that performs that strike when resumed; returning true stops
    ///   with [`Progress::Paused`].
    pub fn advance(
        &mut self,
        stop_at: StopAt,
        mut pause_before_strike: impl FnMut(&Battle, usize, usize) -> bool,
    ) -> Progress {
        self.ensure_cell_table();
        loop {
            if self.cursor == self.order.len() {
                if let Some(progress) = self.finish_round() {
                    return progress;
                }
                if stop_at.round_end {
                    return Progress::RoundComplete;
                }
                continue;
            }
            let id = self.order[self.cursor] as usize;
            let unit = self.units[id];
            if !unit.alive {
                self.cursor += 1;
                continue;
            }
            // The enemy beside the unit, once known this turn: a unit that starts its turn beside
            // one (most turns once the armies meet) or stays where it is would otherwise look
            // twice.
            let mut beside = None;
            if self.phase == Phase::Start {
                if self.alive[unit.side.enemy().index()] == 0 {
                    return Progress::Over;
                }
                let mut enemy = self.adjacent_enemy(id);
                if enemy.is_none()
                    && let Some(step) = self.step_towards_enemies(id)
                {
                    self.move_unit(id, step);
                    enemy = self.adjacent_enemy(id);
                }
                beside = Some(enemy);
                self.phase = Phase::Strike;
            }
            // Resumed at a strike, the turn's start was in an earlier call.
            if let Some(target) = beside.unwrap_or_else(|| self.adjacent_enemy(id)) {
                if pause_before_strike(self, id, target) {
                    return Progress::Paused;
                }
                self.phase = Phase::Start;
                self.cursor += 1;
                if self.strike(id, target) && stop_at.elf_death && self.units[target].side == Side::Elf {
                    return Progress::ElfDied;
                }
            } else {
                self.phase = Phase::Start;
                self.cursor += 1;
            }
        }
    }

    /// Closes a full round and sets up the next one; `Some` if the battle cannot go on.
    fn finish_round(&mut self) -> Option<Progress> {
        self.rounds += 1;
        let units = &self.units;
        self.order.retain(|&id| units[id as usize].alive);
        // Cell numbers run in reading order, so sorting by square sorts in reading order. A unit
        // moves at most one square a round, so last round's order is nearly sorted, and an
        // insertion sort has little to do.
        for sorted in 1..self.order.len() {
            let id = self.order[sorted];
            let cell = units[id as usize].cell;
            let mut at = sorted;
            while at > 0 && units[self.order[at - 1] as usize].cell > cell {
                self.order[at] = self.order[at - 1];
                at -= 1;
            }
            self.order[at] = id;
        }
        self.cursor = 0;
        if self.struck_this_round {
            self.struck_this_round = false;
            self.seen_without_attack.clear();
        } else {
            let squares: Vec<u32> = self.order.iter().map(|&id| self.units[id as usize].cell).collect();
            if !self.seen_without_attack.insert(squares) {
                return Some(Progress::Stalemate);
            }
        }
        None
    }

    /// The adjacent enemy with the fewest hit points, ties broken by reading order.
    fn adjacent_enemy(&self, id: usize) -> Option<usize> {
        let unit = self.units[id];
        let cell = unit.cell as usize;
        // The border is all wall, so an occupied cell is never on it and all four neighbours
        // exist. They are listed in reading order, so a strict comparison keeps the first of a tie.
        let mut best: Option<usize> = None;
        for next in self.offsets.neighbours(cell) {
            let other = self.scratch.occupant[next];
            if other == EMPTY || self.units[other as usize].side == unit.side {
                continue;
            }
            let other = other as usize;
            if best.is_none_or(|b| self.hit_points(&self.units[other]) < self.hit_points(&self.units[b])) {
                best = Some(other);
            }
        }
        best
    }

    fn move_unit(&mut self, id: usize, to: usize) {
        let board = self.board_version;
        self.board_version += 1;
        let unit = &mut self.units[id];
        let (side, from) = (unit.side, unit.cell as usize);
        unit.cell = to as u32;
        self.scratch.occupant[from] = EMPTY;
        self.scratch.occupant[to] = id as u32;
        self.free.insert(from);
        self.free.remove(to);
        let army = &mut self.army[side.index()];
        army.remove(from);
        army.insert(to);
        if let Some(pathfinder) = &mut self.scratch.pathfinder {
            pathfinder.moved(
                side.index(),
                (from, to),
                (&self.free, &self.army[side.enemy().index()]),
                (board, self.board_version),
            );
        }
    }

    /// One attack; true if the target died.
    fn strike(&mut self, attacker: usize, target: usize) -> bool {
        self.struck_this_round = true;
        let power = self.power[self.units[attacker].side.index()];
        let victim = &mut self.units[target];
        victim.hits += 1;
        if victim.hits * power < HIT_POINTS {
            return false;
        }
        victim.alive = false;
        self.board_version += 1;
        let (side, cell) = (victim.side, victim.cell as usize);
        self.scratch.occupant[cell] = EMPTY;
        self.free.insert(cell);
        self.army[side.index()].remove(cell);
        self.alive[side.index()] -= 1;
        if side == Side::Elf {
            self.elves_lost += 1;
        }
        true
    }

    /// The cave in the puzzle's style: each row followed by its units' hit points.
    ///
    /// ```text
    /// #######
    /// #G....#   G(200)
    /// #.E.#.#   E(197)
    /// ```
    #[must_use]
    pub fn render(&self) -> String {
        let made;
        let occupant = if self.scratch.occupant.is_empty() {
            made = self.cell_table();
            &made
        } else {
            &self.scratch.occupant
        };
        let mut text = String::new();
        for row in 0..self.height {
            let cells = row * self.width..(row + 1) * self.width;
            let mut listed = Vec::new();
            for cell in cells {
                let id = occupant[cell];
                if id == EMPTY {
                    text.push(if self.free.contains(cell) { '.' } else { '#' });
                } else {
                    let unit = &self.units[id as usize];
                    text.push(unit.side.letter());
                    listed.push(format!("{}({})", unit.side.letter(), self.hit_points(unit)));
                }
            }
            if !listed.is_empty() {
                text.push_str("   ");
                text.push_str(&listed.join(", "));
            }
            text.push('\n');
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAVE: &str =
        "#########\n#G......#\n#.E.#...#\n#..##..G#\n#...##..#\n#...#...#\n#.G...G.#\n#.....G.#\n#########\n";
    const OTHER_CAVE: &str =
        "#########\n#E.....G#\n#..#....#\n#..#.E..#\n#.......#\n#G.##...#\n#....#..#\n#.G....E#\n#########\n";

    #[test]
    fn a_battle_fought_with_search_buffers_lent_by_another_battle_ends_the_same() {
        // Battles count their board versions alike from 1, so a pathfinder passed between two
        // battles of different caves each round would answer from the other cave's fields
        // unless it forgets them.
        let caves = [CAVE, OTHER_CAVE].map(|text| crate::parse(text).unwrap());
        let alone = caves.each_ref().map(|cave| Battle::new(cave, 3).fight().unwrap());
        let mut battles = caves.each_ref().map(|cave| Battle::new(cave, 3));
        let mut scratch = Scratch::default();
        while battles.iter().any(|battle| battle.outcome().is_none()) {
            for battle in &mut battles {
                battle.trade_scratch(&mut scratch);
                battle.play_round();
                battle.trade_scratch(&mut scratch);
            }
        }
        assert_eq!(battles.map(|battle| battle.outcome().unwrap()), alone);
    }

    #[test]
    fn a_battle_paused_before_every_strike_ends_as_one_fought_straight() {
        // Resumed at a strike, a turn looks for the enemy beside its unit again: the look made
        // at the turn's start was in the call that paused.
        for text in [CAVE, OTHER_CAVE] {
            let cave = crate::parse(text).unwrap();
            for power in [3, 15] {
                let mut straight = Battle::new(&cave, power);
                let expected = straight.fight().unwrap();
                let mut paused = Battle::new(&cave, power);
                let (mut strikes_paused, mut pause_now) = (0, false);
                let outcome = loop {
                    // Every strike is paused once, then performed when resumed.
                    match paused.advance(StopAt::NOWHERE, |_, _, _| {
                        pause_now = !pause_now;
                        pause_now
                    }) {
                        Progress::Paused => strikes_paused += 1,
                        Progress::Over => break paused.outcome().unwrap(),
                        other => panic!("{other:?}"),
                    }
                };
                assert_eq!(
                    (outcome, paused.render()),
                    (expected, straight.render()),
                    "power {power}\n{text}"
                );
                assert!(strikes_paused > 50, "only {strikes_paused} strikes paused");
            }
        }
    }

    #[test]
    fn a_copy_of_a_battle_carries_no_search_buffers() {
        let cave = crate::parse(CAVE).unwrap();
        let mut battle = Battle::new(&cave, 3);
        battle.play_round();
        assert!(battle.scratch.pathfinder.is_some() && !battle.scratch.occupant.is_empty());
        let mut copy = battle.clone();
        assert!(copy.scratch.pathfinder.is_none() && copy.scratch.occupant.is_empty());
        // It draws and plays on as the original does, making its cell table when it needs one.
        assert_eq!(copy.render(), battle.render());
        assert_eq!(copy.fight(), battle.fight());
    }
}

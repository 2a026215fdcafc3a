//! # Watching long battles from another thread
//!
//! A 32 x 32 cave is fought in a millisecond, but a 1000 x 1000 one with a few units, or a crowd
//! of thousands, takes minutes. A [`Watch`] lets another thread see how far the battles have come
//! (rounds fought, units left, and for part 2 which elf powers are being fought) without the
//! library printing anything: the binary polls it and draws its own progress line.
//!
//! The battles write to it only at the end of each round, a few relaxed atomic stores, so a
//! watched battle costs what an unwatched one does; an unwatched battle does not stop at round
//! ends at all. Each battle that can run has a slot of its own (part 1's, or a single battle's,
//! and one for each of part 2's 25 classes of power), so writers never contend, and a reader sees
//! each slot's rounds and units from the same round, packed into one word.

use crate::battle::Battle;
use crate::cave::Side;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Slots: part 1's battle (or a single battle), then part 2's classes of power in order.
const SLOTS: usize = 26;

/// Set in a slot's state while its battle is being fought.
const FIGHTING: u64 = 1 << 63;

/// How far the battles of one solve have come, written by the battles, read by anyone.
///
/// ```
/// use day15_combat::watch::Watch;
///
/// let cave = day15_combat::parse("#######\n#.G...#\n#...EG#\n#.#.#G#\n#..G#E#\n#.....#\n#######\n")?;
/// let watch = Watch::new();
/// let answers = day15_combat::solve_watched(&cave, &watch)?;
/// let part1 = watch.battles().find(|battle| battle.power == 3).expect("part 1 was fought");
/// assert_eq!((part1.rounds, part1.fighting), (answers.part1.rounds, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Watch {
    slots: [Slot; SLOTS],
}

#[derive(Debug)]
struct Slot {
    /// The elves' attack power in this slot's battle.
    power: AtomicU32,
    /// 0 before the battle is first reported; else [`FIGHTING`] while it is fought, the full
    /// rounds in bits 32 to 62 and the living units in the low 32 bits.
    state: AtomicU64,
}

/// One battle as last reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BattleReport {
    /// The elves' attack power (3 for part 1's battle).
    pub power: u32,
    /// Full rounds fought.
    pub rounds: u32,
    /// Units still alive, of both armies.
    pub units: u32,
    /// True while the battle is being fought; false once it ended or was put down.
    pub fighting: bool,
}

impl Default for Watch {
    fn default() -> Self {
        Watch::new()
    }
}

impl Watch {
    /// A watch that has seen no battle yet.
    #[must_use]
    pub fn new() -> Self {
        Watch { slots: std::array::from_fn(|_| Slot { power: AtomicU32::new(0), state: AtomicU64::new(0) }) }
    }

    /// Every battle reported so far, part 1's first, then part 2's by power.
    pub fn battles(&self) -> impl Iterator<Item = BattleReport> + '_ {
        self.slots.iter().filter_map(|slot| {
            let state = slot.state.load(Ordering::Relaxed);
            (state != 0).then(|| BattleReport {
                power: slot.power.load(Ordering::Relaxed),
                rounds: ((state & !FIGHTING) >> 32) as u32,
                units: state as u32,
                fighting: state & FIGHTING != 0,
            })
        })
    }

    /// Records where `battle`, in slot `slot` (0 for part 1, class + 1 for part 2's), stands.
    pub(crate) fn report(&self, slot: usize, battle: &Battle, fighting: bool) {
        let slot = &self.slots[slot];
        slot.power.store(battle.power(Side::Elf), Ordering::Relaxed);
        let rounds = u64::from(battle.rounds()) & 0x7fff_ffff;
        let state = rounds << 32 | u64::from(battle.units_left()) | if fighting { FIGHTING } else { 0 };
        slot.state.store(state, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "#######\n#.G...#\n#...EG#\n#.#.#G#\n#..G#E#\n#.....#\n#######\n";

    #[test]
    fn a_watched_battle_reports_its_rounds_and_units_left() {
        let cave = crate::parse(EXAMPLE).unwrap();
        let watch = Watch::new();
        assert_eq!(watch.battles().count(), 0);
        let mut battle = Battle::new(&cave, 15);
        let outcome = battle.fight_watched(&watch).unwrap();
        let units = u32::try_from(battle.units().iter().filter(|unit| unit.alive).count()).unwrap();
        let reports: Vec<BattleReport> = watch.battles().collect();
        assert_eq!(reports, [BattleReport { power: 15, rounds: outcome.rounds, units, fighting: false }]);
    }

    #[test]
    fn a_watched_solve_reports_part_1_and_the_winning_power() {
        let cave = crate::parse(EXAMPLE).unwrap();
        let watch = Watch::new();
        let answers = crate::solve_watched(&cave, &watch).unwrap();
        assert_eq!(answers, crate::solve(&cave).unwrap());
        let reports: Vec<BattleReport> = watch.battles().collect();
        assert_eq!((reports[0].power, reports[0].rounds), (3, answers.part1.rounds));
        let win = answers.part2.unwrap();
        let fought = reports.iter().find(|report| report.power == win.power).expect("the win was watched");
        assert_eq!((fought.rounds, fought.fighting), (win.outcome.rounds, false));
        assert!(reports.iter().all(|report| !report.fighting && report.units > 0));
    }
}

//! # Part 2: the lowest elf attack power at which no elf dies
//!
//! Searching upward from power 4 and fighting a whole battle for each power is the plain way.
//! Three observations cut it down to a fraction of one battle per power that matters.
//!
//! ## 1. Only the number of hits a goblin can take matters
//! A goblin dies on the hit that brings it to 0 or below: after `ceil(200 / power)` hits. The
//! elves' power enters the battle nowhere else: goblins' targeting compares elves' hit points
//! (which goblins, at power 3, decide), and elves' targeting of "fewest hit points" is "most hits
//! taken" at any power (see [`crate::battle`]). So powers with the same `ceil(200 / power)` fight
//! the same battle, and powers 4 to 200 fall into just 25 classes:
//!
//! ```text
//! hits to kill  50  40  34  29  25  23  20  19  17  16  15  14  13  12  11  10 ...  2   1
//! lowest power   4   5   6   7   8   9  10  11  12  13  14  15  16  17  19  20 ... 100 200
//! ```
//!
//! Above 200 every power kills in one hit: the same battle as 200. The answer is the lowest power
//! of the first class, in that order, whose battle the elves win without a loss. (Not bisection:
//! a higher power can lose an elf that a lower one saves, because the battle changes shape.)
//!
//! ## 2. Battles agree until the first goblin takes `h` hits
//! Two battles whose goblins die after `h` and `h' > h` hits are move for move the same until the
//! first strike that gives some goblin its `h`-th hit: before that, no goblin in either has died
//! of a hit the other did not deal. Part 1's battle (power 3: a goblin takes 67 hits) is the
//! longest-lived of all, so it serves as the *master*: while it is fought, a copy of the state is
//! taken just before the first strike that brings a goblin to `h` hits, for each class `h`. A class's
//! battle resumes from its copy instead of from the start.
//!
//! ## 3. Classes that are lost before they diverge
//! If an elf has already died in the master when class `h`'s copy would be taken (or the master
//! ends first and lost an elf), class `h` loses that elf too, with no battle fought.
//!
//! A battle that can never end (an elf left alone where no goblin can be reached) is not a
//! victory; the search goes on to the next class.
//!
//! ## 4. The rest on all cores
//! The battles still to fight are independent of each other, so they are fought in parallel,
//! taken in order; once one is won, none behind it is started, and the answer is the first win.
//!
//! What remains is part 1's battle, which is needed anyway, plus each surviving class's battle
//! from its divergence point to its first elf death or its end.

use crate::battle::{Battle, HIT_POINTS, Outcome, Progress, Stalemate};
use crate::cave::{Cave, Side};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The lowest power at which the elves win without losing anyone, and that battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SafeVictory {
    /// The elves' attack power.
    pub power: u32,
    /// The battle at that power.
    pub outcome: Outcome,
}

/// Both answers of the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answers {
    /// The battle at elf power 3.
    pub part1: Outcome,
    /// The lowest power with no elf lost; `None` if even one-hit kills lose an elf (or the cave
    /// has no elves to win with).
    pub part2: Option<SafeVictory>,
}

/// The classes of elf power from 4 up: (hits a goblin takes to die, lowest power that does it),
/// the first power first.
#[must_use]
pub fn power_classes() -> Vec<(u32, u32)> {
    let mut classes: Vec<(u32, u32)> = Vec::new();
    for power in 4..=HIT_POINTS {
        let hits = HIT_POINTS.div_ceil(power);
        if classes.last().is_none_or(|&(last, _)| last != hits) {
            classes.push((hits, power));
        }
    }
    classes
}

/// A copy of the master battle just before a class diverges from it.
struct Divergence {
    battle: Battle,
    /// True if an elf had already died by then.
    elf_lost_before: bool,
}

/// Solves both parts, sharing part 1's battle as part 2's master. A power whose battle can never
/// end is not a victory, and the search goes on past it.
///
/// # Errors
/// [`Stalemate`] if part 1's battle can never end: then part 1 has no answer.
///
/// # Panics
/// Never in practice: a battle ends only when one army is gone, so it always has a winner.
pub fn solve(cave: &Cave) -> Result<Answers, Stalemate> {
    let classes = power_classes();
    let first_class = classes[0].0;
    let mut divergences: Vec<Option<Divergence>> = (0..=first_class).map(|_| None).collect();

    let mut master = Battle::new(cave, crate::battle::BASE_POWER);
    let mut most_hits = 0;
    let part1 = loop {
        let progress = master.advance(false, false, |battle, attacker, target| {
            let units = battle.units();
            if units[attacker].side == Side::Elf {
                let hits_after = units[target].hits + 1;
                if hits_after > most_hits {
                    most_hits = hits_after;
                    if let Some(slot) = divergences.get_mut(hits_after as usize) {
                        *slot = Some(Divergence {
                            battle: battle.clone(),
                            elf_lost_before: battle.elves_lost() > 0,
                        });
                    }
                }
            }
            false
        });
        match progress {
            Progress::Over => break master.outcome().expect("an ended battle has a winner"),
            Progress::Stalemate => return Err(Stalemate { rounds: master.rounds() }),
            Progress::RoundComplete | Progress::ElfDied | Progress::Paused => {}
        }
    };

    // The classes in order, each either settled without a fight or a battle to resume.
    let mut to_fight: Vec<(u32, Battle)> = Vec::new();
    let mut settled_win: Option<SafeVictory> = None;
    for (hits, power) in classes {
        match divergences[hits as usize].take() {
            // The class never diverged from the master: it is the master's battle.
            None => {
                if part1.winner == Side::Elf && part1.elves_lost == 0 {
                    settled_win = Some(SafeVictory { power, outcome: part1 });
                    break;
                }
            }
            Some(Divergence { elf_lost_before: true, .. }) => {}
            Some(Divergence { mut battle, .. }) => {
                battle.set_elf_power(power);
                to_fight.push((power, battle));
            }
        }
    }
    let part2 = first_safe_victory(to_fight).or(settled_win);
    Ok(Answers { part1, part2 })
}

/// The first of the given battles, in order, that the elves win without a loss. The battles
/// are independent, so they are fought on all cores: each worker takes the next battle in order,
/// and none starts a battle behind one already won.
fn first_safe_victory(battles: Vec<(u32, Battle)>) -> Option<SafeVictory> {
    let count = battles.len();
    let workers = std::thread::available_parallelism().map_or(1, usize::from).min(count);
    if workers <= 1 {
        return battles.into_iter().find_map(|(power, mut battle)| {
            fight_without_loss(&mut battle).map(|outcome| SafeVictory { power, outcome })
        });
    }
    let battles: Vec<Mutex<Option<(u32, Battle)>>> =
        battles.into_iter().map(|b| Mutex::new(Some(b))).collect();
    let next = AtomicUsize::new(0);
    let first_win = AtomicUsize::new(usize::MAX);
    let victories: Vec<Mutex<Option<SafeVictory>>> = (0..count).map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= count || index > first_win.load(Ordering::Relaxed) {
                        return;
                    }
                    let Some((power, mut battle)) = battles[index].lock().expect("no worker panics").take()
                    else {
                        return;
                    };
                    if let Some(outcome) = fight_without_loss(&mut battle) {
                        *victories[index].lock().expect("no worker panics") =
                            Some(SafeVictory { power, outcome });
                        first_win.fetch_min(index, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    // Every battle before the first win was fought (workers take them in order), so the first
    // win found is the first win.
    let first = first_win.into_inner();
    (first < count).then(|| victories[first].lock().expect("no worker panics").take()).flatten()
}

/// Fights on and returns the outcome if the elves win with no elf dying; `None` at the first elf
/// death, or if the battle can never end (a battle that never ends is not a victory).
///
/// # Panics
/// Never in practice: a battle ends only when one army is gone, so it always has a winner.
pub fn fight_without_loss(battle: &mut Battle) -> Option<Outcome> {
    loop {
        match battle.advance(false, true, |_, _, _| false) {
            Progress::ElfDied | Progress::Stalemate => return None,
            Progress::Over => {
                let outcome = battle.outcome().expect("an ended battle has a winner");
                return (outcome.winner == Side::Elf && outcome.elves_lost == 0).then_some(outcome);
            }
            Progress::RoundComplete | Progress::Paused => {}
        }
    }
}

/// Part 2 the plain way, kept as the baseline the benches compare against: every class's battle
/// fought from the start, in order, each stopped at its first elf death.
#[must_use]
pub fn lowest_safe_power_from_scratch(cave: &Cave) -> Option<SafeVictory> {
    power_classes().into_iter().find_map(|(_, power)| {
        fight_without_loss(&mut Battle::new(cave, power)).map(|outcome| SafeVictory { power, outcome })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_with_the_same_hits_to_kill_form_one_class() {
        let classes = power_classes();
        assert_eq!(classes.len(), 25);
        assert_eq!(classes[0], (50, 4));
        assert_eq!(classes[1], (40, 5));
        assert_eq!(classes.last(), Some(&(1, 200)));
        // Every power from 4 to 200 kills in the same number of hits as its class's lowest power.
        for power in 4..=HIT_POINTS {
            let hits = HIT_POINTS.div_ceil(power);
            let class = classes.iter().find(|&&(h, _)| h == hits).expect("every power has a class");
            assert!(class.1 <= power);
        }
    }
}

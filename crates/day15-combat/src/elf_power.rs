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
//! ## 4. Fought alongside the master
//! A class's battle needs only its copy, and on real inputs every copy is taken within the
//! master's first 25 or so rounds of 65 to 90: waiting for the master to end would leave the other
//! cores idle for most of it. So the master hands each class to a priority scheduler
//! (`crate::scheduler`, one task a class, lowest power first) as soon as the class's fate is known: its copy when it diverges; lost, for every class still to diverge, at
//! the master's first elf death; the master's own battle, for any class that never diverged,
//! when it ends. A worker on each other core fights the classes meanwhile, and the master's thread
//! joins them once part 1 is done. A worker keeps off the master's core, or a class made ready
//! could wait there for it while the other core idles (see `cores`). With one core there are no
//! workers: the master's thread fights the classes after part 1, one at a time, in order.
//!
//! Copies arrive from the back of the order (a goblin takes its 1st hit before its 50th), so the
//! scheduler has a worker always take the first ready class in order, and put its battle down (at
//! its next strike or round's end, the battle's safe points) when a class ahead of its own becomes
//! ready, or is won. A battle put down
//! resumes exactly where it stopped, by whichever worker takes it next; one behind a win is
//! dropped. While it waits it holds no search buffers: each thread has one set, made once and
//! lent to the battle it fights (part 1's battle's set passes to its thread's classes), so on a
//! large cave, where the layers its floods kept are megabytes, the 25 battles that can wait at
//! once hold none, and on a small one the copies are a few kilobytes each and most of a fresh
//! run's memory is not touched at all. The answer is still the first win in order: a class is
//! dropped only behind a known win, and the search ends only when every class before the first
//! win is settled lost. Which thread
//! fights a class, and in how many pieces, does not change how its battle ends.
//!
//! What remains is part 1's battle, which is needed anyway, plus each surviving class's battle
//! from its divergence point to its first elf death or its end.

use crate::battle::{Battle, HIT_POINTS, Outcome, Progress, Scratch, Stalemate, StopAt};
use crate::cave::{Cave, Side};
use crate::scheduler::{Scheduler, TaskEnd};
use crate::watch::Watch;
use grid::Pos;

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
    /// The lowest power with no elf lost; `None` if no power wins without a loss (see
    /// [`why_no_safe_power`] for what happens instead).
    pub part2: Option<SafeVictory>,
}

/// Why no elf power saves every elf: what really happens at the powers that come closest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoSafePower {
    /// There is no elf to win with.
    #[error("the cave has no elves, so no attack power lets the elves win")]
    NoElves,
    /// A goblin is walled off from every elf: the elves can never win, so at every power an elf
    /// dies or the battle never ends.
    #[error(
        "the goblin at {0} is walled off from every elf, so the elves can never win: at every power an elf dies or the battle never ends"
    )]
    GoblinOutOfReach(Pos),
    /// At power 200 (and above: the same battle) the battle never ends.
    #[error("at power 200 (every hit kills) the battle never ends, and higher powers fight the same battle")]
    NeverEndsAtFullPower,
    /// At power 200 (and above: the same battle) an elf dies.
    #[error("even at power 200 (every hit kills) an elf dies, and higher powers fight the same battle")]
    ElfDiesAtFullPower,
}

/// Why no power saves every elf, for a cave whose part 2 has no answer: fights the battle at
/// power 200 unless the cave alone tells.
#[must_use]
pub fn why_no_safe_power(cave: &Cave) -> NoSafePower {
    if cave.count(Side::Elf) == 0 {
        return NoSafePower::NoElves;
    }
    if let Some(goblin) = cave.enemy_out_of_reach(Side::Elf) {
        return NoSafePower::GoblinOutOfReach(cave.floor().pos(goblin));
    }
    match Battle::new(cave, HIT_POINTS).fight() {
        Err(Stalemate { .. }) => NoSafePower::NeverEndsAtFullPower,
        Ok(_) => NoSafePower::ElfDiesAtFullPower,
    }
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

/// Solves both parts, sharing part 1's battle as part 2's master. A power whose battle can never
/// end is not a victory, and the search goes on past it.
///
/// # Errors
/// [`Stalemate`] if part 1's battle can never end: then part 1 has no answer.
///
/// # Panics
/// Never in practice: a battle ends only when one army is gone, so it always has a winner.
pub fn solve(cave: &Cave) -> Result<Answers, Stalemate> {
    solve_with_helpers(cave, helpers(), None)
}

/// [`solve`], reporting each battle's round ends to `watch`: part 1's in its first slot, each
/// class's in its own.
///
/// # Errors
/// [`Stalemate`] if part 1's battle can never end.
pub fn solve_watched(cave: &Cave, watch: &Watch) -> Result<Answers, Stalemate> {
    solve_with_helpers(cave, helpers(), Some(watch))
}

/// Threads to fight classes beside the master's: one for each other core.
fn helpers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from) - 1
}

/// [`solve`] with the master on the calling thread and `helpers` more threads fighting the
/// classes' battles while it runs.
fn solve_with_helpers(cave: &Cave, helpers: usize, watch: Option<&Watch>) -> Result<Answers, Stalemate> {
    let classes = power_classes();
    let scheduler: ClassScheduler = Scheduler::new(classes.len());
    // A class's battle is put down at its next strike or round's end when a class ahead of it
    // becomes ready or is won.
    let work = |mut scratch: Scratch| {
        scheduler.work(|class, battle, preemption| {
            let report = |battle: &Battle, fighting| {
                if let Some(watch) = watch {
                    watch.report(class + 1, battle, fighting);
                }
            };
            // The thread lends the battle its search buffers and takes them back, so a battle
            // put down waits without any (on a large cave each kept its floods' layers, and
            // with 25 classes waiting that was gigabytes), and one over leaves them to the next.
            battle.trade_scratch(&mut scratch);
            report(battle, true);
            let end = fight_unless(battle, || preemption.requested(), |battle| report(battle, true));
            report(battle, false);
            battle.trade_scratch(&mut scratch);
            end
        });
    };
    let master_core = cores::current();
    let part1 = std::thread::scope(|scope| {
        for _ in 0..helpers.min(classes.len()) {
            scope.spawn(|| {
                cores::keep_off(master_core);
                work(Scratch::default());
            });
        }
        if helpers > 0 {
            // A thread spawned in a fresh process here waits on the master's core for the next
            // scheduler tick, 1.7 ms on the median, before it moves to an idle one: by then the
            // master has fought most of the classes itself. Given the core now, it moves itself
            // off the master's and waits for the first class ready.
            std::thread::yield_now();
        }
        let mut scratch = Scratch::default();
        let part1 = fight_master(cave, &classes, &scheduler, watch, &mut scratch)?;
        work(scratch);
        Ok(part1)
    })?;
    let part2 =
        scheduler.first_success().map(|(class, outcome)| SafeVictory { power: classes[class].1, outcome });
    Ok(Answers { part1, part2 })
}

/// Where the helpers run: anywhere but on the master's core.
///
/// A helper that waits for a class sleeps, and the kernel wakes a sleeper on the core it last ran
/// on, or on the waker's: here that was the master's core, busy with part 1, so a class made
/// ready early waited up to a scheduler tick (milliseconds, most of a fresh run) before any
/// helper fought it, while the other core idled. Each helper therefore takes the master's core
/// out of the cores it may run on, once, as it starts; on a machine where that would leave it
/// none (or off Linux) it stays as it is.
#[cfg(target_os = "linux")]
mod cores {
    /// The core the calling thread runs on.
    pub(super) fn current() -> usize {
        rustix::thread::sched_getcpu()
    }

    /// Lets the calling thread run on any of its cores but `core`, if that leaves one.
    pub(super) fn keep_off(core: usize) {
        if core < rustix::thread::CpuSet::MAX_CPU
            && let Ok(mut allowed) = rustix::thread::sched_getaffinity(None)
            && allowed.is_set(core)
        {
            allowed.unset(core);
            if allowed.count() > 0 {
                // Failing leaves the thread where the kernel puts it: slower, never wrong.
                let _ = rustix::thread::sched_setaffinity(None, &allowed);
            }
        }
    }
}

/// Elsewhere the kernel places the helpers.
#[cfg(not(target_os = "linux"))]
mod cores {
    pub(super) fn current() {}
    pub(super) fn keep_off((): ()) {}
}

/// The part 2 scheduler: a task a class, its battle the task's state, a safe win its success.
type ClassScheduler = Scheduler<Box<Battle>, Outcome>;

/// Fights part 1's battle, handing each class to the scheduler as soon as its fate is known: a
/// copy when it diverges, lost at the first elf death, the master's own battle when that ends.
/// Leaves the master's search buffers in `scratch`.
fn fight_master(
    cave: &Cave,
    classes: &[(u32, u32)],
    scheduler: &ClassScheduler,
    watch: Option<&Watch>,
    scratch: &mut Scratch,
) -> Result<Outcome, Stalemate> {
    // A stalemate (or a panic) leaves classes unsettled that helpers may be waiting for.
    let _abandon = AbandonUnlessSettled(scheduler);
    let mut master = Battle::new(cave, crate::battle::BASE_POWER);
    // The master's goblins take ever more hits, so the classes diverge from the back of the order
    // to the front: those before `undiverged` have yet to.
    let mut undiverged = classes.len();
    // Unwatched, the master runs through its round ends without returning.
    let stop_at = StopAt { elf_death: true, round_end: watch.is_some() };
    loop {
        let progress = master.advance(stop_at, |battle, attacker, target| {
            let units = battle.units();
            if undiverged > 0
                && units[attacker].side == Side::Elf
                && units[target].hits + 1 == classes[undiverged - 1].0
            {
                undiverged -= 1;
                diverge(scheduler, undiverged, classes[undiverged].1, battle);
            }
            false
        });
        if let Some(watch) = watch {
            watch.report(0, &master, matches!(progress, Progress::RoundComplete | Progress::ElfDied));
        }
        match progress {
            Progress::ElfDied if undiverged > 0 => {
                // Every class yet to diverge would copy a battle that has lost an elf.
                scheduler.settle(0..undiverged, None);
                undiverged = 0;
            }
            Progress::Over => {
                let part1 = master.outcome().expect("an ended battle has a winner");
                // The classes that never diverged fight the master's own battle.
                let safe = part1.winner == Side::Elf && part1.elves_lost == 0;
                scheduler.settle(0..undiverged, safe.then_some(part1));
                scheduler.producer_done();
                // The master's search buffers serve the classes its thread fights next.
                master.trade_scratch(scratch);
                return Ok(part1);
            }
            Progress::Stalemate => return Err(Stalemate { rounds: master.rounds() }),
            Progress::RoundComplete | Progress::ElfDied | Progress::Paused => {}
        }
    }
}

/// Class `index`, of lowest power `power`, parts from the master, which is about to strike: its
/// battle is ready to be fought on from a copy of the master's.
fn diverge(scheduler: &ClassScheduler, index: usize, power: u32, master: &Battle) {
    // Divergences after the first elf death are settled at that death instead.
    debug_assert_eq!(master.elves_lost(), 0);
    let mut battle = Box::new(master.clone());
    battle.set_elf_power(power);
    scheduler.make_ready(index, battle);
}

/// Ends the search if the master stops without settling its classes, so no worker waits for ever.
struct AbandonUnlessSettled<'a>(&'a ClassScheduler);

impl Drop for AbandonUnlessSettled<'_> {
    fn drop(&mut self) {
        self.0.abandon_unless_producer_done();
    }
}

/// Fights on to the first elf death or the end, stopping early, before a strike or between rounds,
/// when `stop` says so. Between rounds too, because a battle still approaching can go many rounds
/// without a strike.
fn fight_unless(
    battle: &mut Battle,
    mut stop: impl FnMut() -> bool,
    mut round_done: impl FnMut(&Battle),
) -> TaskEnd<Outcome> {
    loop {
        match battle.advance(StopAt { round_end: true, elf_death: true }, |_, _, _| stop()) {
            Progress::ElfDied | Progress::Stalemate => return TaskEnd::Failed,
            Progress::Over => {
                let outcome = battle.outcome().expect("an ended battle has a winner");
                return if outcome.winner == Side::Elf && outcome.elves_lost == 0 {
                    TaskEnd::Succeeded(outcome)
                } else {
                    TaskEnd::Failed
                };
            }
            Progress::Paused => return TaskEnd::Preempted,
            Progress::RoundComplete => {
                round_done(battle);
                if stop() {
                    return TaskEnd::Preempted;
                }
            }
        }
    }
}

/// Fights on and returns the outcome if the elves win with no elf dying; `None` at the first elf
/// death, or if the battle can never end (a battle that never ends is not a victory).
///
/// # Panics
/// Never in practice: a battle ends only when one army is gone, so it always has a winner.
pub fn fight_without_loss(battle: &mut Battle) -> Option<Outcome> {
    match fight_unless(battle, || false, |_| {}) {
        TaskEnd::Succeeded(outcome) => Some(outcome),
        TaskEnd::Failed | TaskEnd::Preempted => None,
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

    /// The committed inputs: the puzzle's examples and full-size generated caves, whose masters
    /// are long enough for workers to put battles down and take them up again.
    fn committed_caves() -> Vec<(String, Cave)> {
        testkit::inputs::committed("day15")
            .expect("inputs/day15 is readable")
            .into_iter()
            .map(|input| {
                let text = input.read().expect("an input is readable");
                (input.stem(), crate::parse(&text).expect("an input parses"))
            })
            .collect()
    }

    #[test]
    fn any_number_of_helpers_finds_the_plain_search_answer() {
        let caves = committed_caves();
        assert!(caves.len() >= 10, "only {} day 15 inputs", caves.len());
        for (name, cave) in &caves {
            let part1 = Battle::new(cave, crate::battle::BASE_POWER).fight().expect("inputs end");
            let expected = Answers { part1, part2: lowest_safe_power_from_scratch(cave) };
            // Threads interleave differently from run to run: repeat to meet more of the orders.
            for helpers in 0..=3 {
                for _ in 0..20 {
                    assert_eq!(
                        solve_with_helpers(cave, helpers, None),
                        Ok(expected),
                        "{name}, {helpers} helpers"
                    );
                }
            }
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_helper_keeps_off_the_core_it_is_given() {
        let cores_allowed =
            rustix::thread::sched_getaffinity(None).expect("the affinity is readable").count();
        // A thread left alone may well land elsewhere by chance: ask many, before and after a
        // sleep (the kernel picks a core again when it wakes).
        for _ in 0..200 {
            let master = cores::current();
            let helper = std::thread::spawn(move || {
                cores::keep_off(master);
                let before = cores::current();
                std::thread::sleep(std::time::Duration::from_micros(200));
                [before, cores::current()]
            })
            .join()
            .expect("the helper ends");
            if cores_allowed > 1 {
                assert!(!helper.contains(&master), "helper on {helper:?}, master's core {master}");
            } else {
                // Nowhere else to go: it stays on the one core.
                assert_eq!(helper, [master; 2]);
            }
        }
    }

    #[test]
    fn part2_false_reason_for_a_goblin_no_elf_can_reach() {
        // Part 1: the goblins kill the elf. From power 4 the elf kills the two goblins beside it,
        // and the third, walled off, waits for ever: no battle ends, though none loses an elf.
        let cave = crate::parse("#######\n#GGE#G#\n#######\n").unwrap();
        let answers = solve(&cave).unwrap();
        assert_eq!(answers.part1.winner, Side::Goblin);
        assert_eq!(answers.part2, None);
        let reason = why_no_safe_power(&cave);
        assert_eq!(reason, NoSafePower::GoblinOutOfReach(Pos { row: 1, col: 5 }));
        assert!(reason.to_string().contains("walled off from every elf"), "{reason}");
        assert!(!reason.to_string().contains("an elf dies,"), "{reason}");
    }

    #[test]
    fn why_no_safe_power_tells_an_elf_death_from_a_battle_that_never_ends() {
        // One elf against a crowd: it kills one goblin a turn but is struck from every side.
        let crowd = "#########\n#GGGGGGG#\n#GGGGGGG#\n#GGGEGGG#\n#GGGGGGG#\n#GGGGGGG#\n#########\n";
        let crowd = crate::parse(crowd).unwrap();
        assert_eq!(why_no_safe_power(&crowd), NoSafePower::ElfDiesAtFullPower);
        let no_elves = crate::parse("#####\n#G.G#\n#####\n").unwrap();
        assert_eq!(why_no_safe_power(&no_elves), NoSafePower::NoElves);
    }

    #[test]
    fn a_stalemate_in_the_master_ends_the_search_whatever_the_helpers() {
        // No strike at all, so helpers wait for copies that never come; and a master that
        // stalls after every class has diverged and is being fought.
        for map in ["#######\n#E#.G.#\n#######\n", "#########\n#EG#E#.G#\n#########\n"] {
            let cave = crate::parse(map).unwrap();
            for helpers in 0..=3 {
                assert!(solve_with_helpers(&cave, helpers, None).is_err(), "{helpers} helpers\n{map}");
            }
        }
    }
}

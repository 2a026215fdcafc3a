//! The progress line on standard error, for battles that run past a second.
//!
//! A real cave is solved in milliseconds, but a large one can fight for minutes; then a line
//! on standard error, rewritten in place, says how far the battles have come. It is drawn only
//! when standard error is a terminal (a script or a log gets nothing extra), only once the work
//! has run for [`DELAY`], and erased when the work ends, so a quick run never shows it. A thread
//! of its own draws it, polling the library's [`Watch`]: the battles never wait for the
//! terminal, and a run without a terminal starts no thread at all.

use day15_combat::watch::{BattleReport, Watch};
use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::time::Duration;

/// How long the work runs before the line appears.
pub(crate) const DELAY: Duration = Duration::from_secs(1);

/// How often the line is redrawn.
const REDRAW: Duration = Duration::from_millis(200);

/// Runs `work`, drawing the progress line from `watch` on standard error while it runs, when
/// standard error is a terminal and the work lasts longer than `delay`.
pub(crate) fn shown_while<T>(watch: &Watch, delay: Duration, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || draw_until(watch, delay, &finished));
        let result = work();
        drop(done);
        result
    })
}

/// Draws the line every [`REDRAW`] from `delay` on, until `finished` disconnects; then erases
/// it if it was drawn.
fn draw_until(watch: &Watch, delay: Duration, finished: &mpsc::Receiver<()>) {
    let mut drawn = false;
    let mut wait = delay;
    while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(wait) {
        wait = REDRAW;
        let reports: Vec<BattleReport> = watch.battles().collect();
        // Carriage return, the line, then erase what an older, longer line left after it.
        let mut stderr = std::io::stderr().lock();
        drawn |= write!(stderr, "\r{}\x1b[K", line(&reports)).and_then(|()| stderr.flush()).is_ok();
    }
    if drawn {
        let mut stderr = std::io::stderr().lock();
        // Nothing to do if the terminal is gone.
        let _ = write!(stderr, "\r\x1b[K").and_then(|()| stderr.flush());
    }
}

/// The progress line: part 1's battle (power 3, or the one battle fought), then part 2's
/// battles being fought, by power.
pub(crate) fn line(reports: &[BattleReport]) -> String {
    let describe = |battle: &BattleReport| format!("round {}, {} units left", battle.rounds, battle.units);
    let mut parts = Vec::new();
    if let Some(first) = reports.first() {
        let state = if first.fighting { describe(first) } else { "done".to_owned() };
        parts.push(format!("battle at elf power {}: {state}", first.power));
    }
    let fighting: Vec<String> = reports
        .iter()
        .skip(1)
        .filter(|battle| battle.fighting)
        .map(|battle| format!("power {}: {}", battle.power, describe(battle)))
        .collect();
    if !fighting.is_empty() {
        parts.push(format!("part 2 fighting {}", fighting.join("; ")));
    }
    if parts.is_empty() { "starting".to_owned() } else { parts.join(" | ") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_rounds_units_and_the_powers_fought() {
        let master = BattleReport { power: 3, rounds: 340, units: 5, fighting: true };
        assert_eq!(line(&[master]), "battle at elf power 3: round 340, 5 units left");
        let done = BattleReport { fighting: false, ..master };
        let class = BattleReport { power: 12, rounds: 80, units: 4, fighting: true };
        let resting = BattleReport { power: 200, rounds: 9, units: 4, fighting: false };
        assert_eq!(
            line(&[done, class, resting]),
            "battle at elf power 3: done | part 2 fighting power 12: round 80, 4 units left"
        );
        assert_eq!(line(&[]), "starting");
    }
}

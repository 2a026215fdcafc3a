//! `cargo xtask sokoban-slices`: the slices of a one-thread portfolio, chosen from screening runs.
//!
//! ```text
//! sokoban-slices <FOLDER> --seconds SECS [--threads N] [--slices SEARCH=SECS,.../...]
//!                [--beside SEARCH=SECS,...]
//! ```
//!
//! The fast mode's long schedules run several searches one after the other, each in a fixed
//! window of the time limit (its *slice*). A level is solved if one search solves it within its
//! slice, and since no search's work carries over to the next, what a portfolio solves can be
//! foreseen from runs of each search alone on the whole set (the screening runs that
//! `sokoban-bench --search SEARCH --out FILE.tsv` makes): search `s` with slice `t` solves the
//! levels that it solved alone within `t`.
//!
//! FOLDER holds those runs as `SET-LIMIT-SEARCH.tsv` (`xsokoban-15s-dive_home+shut-out.tsv`,
//! the search written with `_` for `:`), as `docs/sokoban-screening/` does. Every search
//! screened on every set in the folder takes part; the others are named and left out.
//!
//! **Margins.** The same code runs 1.4 times slower from one machine of a kind to the next, and
//! a level solved near its slice's end on one is lost on the other. So a level counts as covered
//! at margin `m` if `m` times its time alone fits in the slice, and a portfolio is scored by the
//! levels it covers, over all sets, averaged over the margins [`MARGINS`] (1.0 to 1.3): slices
//! that cover a level with room to spare score higher than slices that only just cover it.
//!
//! **The choice.** A hill climb over the slices in quarter seconds: from each start (the time
//! shared equally, the whole time given to each search in turn, and [`RANDOM_STARTS`] shares of
//! it among two to six searches drawn by the workspace's seeded generator), the move that raises the score most
//! is made (a part of one search's slice, from 5 s down to a quarter, or the whole of it, given
//! to another) until none does; the best end wins, the first of equals. It is deterministic. The
//! drawn starts came in the thirty-eighth session: from the others alone the climb ended at
//! `xsokoban` 73 at every margin and `sasquatch` 38 on the folder of twenty searches, where
//! `ONE_THREAD_LONG`'s slices since (found by a script) cover 74 / 74 / 74 / 72 and 38 and score
//! higher; with them it ends at 75 / 75 / 74 / 74 and 37, which scores the same. The climb
//! reads each search's cover from a table of bit sets made once (a slice of each length at each
//! margin): a debug build (`cargo xtask`) takes about a second on the four sets at 9.8 s, where
//! recounting the levels for every move took 43 s.
//! `--slices` scores given slices instead (the portfolio in the code, to compare), without a
//! climb. The order of the searches within the time, which does not change what is covered, is
//! left to the schedule's author.
//!
//! **Beside another thread.** On two threads the fast mode runs one search on a thread of its
//! own for the whole time and the portfolio on the other. `--beside SEARCH=SECS` counts what
//! that search covers in its SECS as covered already, outside the time the slices share, so
//! the climb spends the portfolio's time on the levels it leaves.
//!
//! **Threads of their own.** `--threads N` chooses N portfolios at once, one a thread, each with
//! SECS to share: a level counts as covered if a slice of any thread covers it, and the climb's
//! moves give time from one search to another within a thread. Its starts are the equal split on
//! every thread, each search given one thread's whole time (the others split equally), and the
//! drawn starts, a draw a thread. `--slices` then names each thread's slices, the threads apart
//! by `/`. With one thread the climb is the one above, move for move. The fast mode's two
//! threads below 30 s (`DIVES` and `DIVE_BESIDE`) were chosen so in the thirty-ninth session
//! (about 14 s in a debug build on the four sets at 9.8 s).

use crate::args::Spec;
use crate::bench_results;
use crate::say;
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use testkit::Random;

const USAGE: &str = "sokoban-slices <FOLDER> --seconds SECS [--threads N] [--slices SEARCH=SECS,.../...] [--beside SEARCH=SECS,...]";

/// The margins a covered level is counted at, each times its time alone.
pub const MARGINS: [f64; 4] = [1.0, 1.1, 1.2, 1.3];
/// The margin at which the report names the levels only one search covers.
const REPORT_MARGIN: f64 = 1.2;
/// The slices' unit: a quarter of a second.
const UNITS_PER_SECOND: f64 = 4.0;
/// The parts of a slice a move gives away, in units (5 s, 2 s, 1 s, half and quarter).
const STEPS: [usize; 5] = [20, 8, 4, 2, 1];
/// The climb's starts drawn at random (see the module's essay).
const RANDOM_STARTS: usize = 48;
/// The seed of the drawn starts (the workspace's one generator, `testkit::Random`): the one
/// whose stream the slices of the thirty-eighth session were chosen with, which the docs quote.
const RANDOM_STARTS_SEED: u64 = 0x5851_f42d_4c95_21c0;
/// The most searches a drawn start shares the time among.
const MOST_SEARCHES_DRAWN: usize = 6;
/// The most threads `--threads` takes (the climb's cost grows with each).
const MOST_THREADS: usize = 4;

pub fn main(args: &[String]) -> Result<()> {
    let parsed = Spec {
        task: "sokoban-slices",
        usage: USAGE,
        positional: &["<FOLDER>"],
        with_value: &["--seconds", "--threads", "--slices", "--beside"],
        switches: &[],
    }
    .parse(args)?;
    let Some(seconds) = parsed.number::<f64>("--seconds", "a number of seconds")? else {
        bail!(
            "sokoban-slices: --seconds SECS is required (the time the searches share)\nusage: cargo xtask {USAGE}"
        );
    };
    if !(seconds > 0.0 && seconds <= 100_000.0) {
        bail!("--seconds {seconds} is not a number of seconds above 0 (at most 100000)");
    }
    let threads = parsed.number::<usize>("--threads", "a whole number")?.unwrap_or(1);
    if !(1..=MOST_THREADS).contains(&threads) {
        bail!("--threads {threads} is not a number of threads from 1 to {MOST_THREADS}");
    }
    let mut screening = Screening::read(Path::new(&parsed.positional[0]))?;
    if let Some(text) = parsed.value("--beside") {
        screening.beside = screening.given_slices("--beside", text)?;
    }
    let slices = match parsed.value("--slices") {
        Some(text) => screening.threads_slices(text, threads)?,
        None => screening.choose(seconds, threads),
    };
    say(screening.report(&slices, seconds).trim_end())
}

/// The screening runs of one folder, as the levels each search solved and when.
#[derive(Debug)]
pub struct Screening {
    /// The sets, in name order.
    sets: Vec<String>,
    /// The levels of each set (the most any run of it names).
    levels: Vec<usize>,
    /// The searches screened on every set, in name order.
    searches: Vec<String>,
    /// `solved[search][set]`: the levels it solved alone and in how many seconds.
    solved: Vec<Vec<Vec<(usize, f64)>>>,
    /// Searches left out, with the sets they were screened on.
    left_out: Vec<(String, Vec<String>)>,
    /// Seconds of each search on another thread (`--beside`), outside the slices' time.
    beside: Vec<f64>,
}

/// One screening run: its file's name, the levels solved with their seconds, and the number
/// of the last level it ran.
struct Run {
    file: String,
    solved: Vec<(usize, f64)>,
    levels: usize,
}

/// One file's name without its `.tsv`, read as set, limit and search.
fn file_name_parts(stem: &str) -> Option<(&str, &str, String)> {
    let (set, rest) = stem.split_once('-')?;
    let (limit, search) = rest.split_once('-')?;
    let limit_ok = limit.strip_suffix('s').is_some_and(|number| number.parse::<f64>().is_ok());
    (!set.is_empty() && limit_ok && !search.is_empty()).then(|| (set, limit, search.replace('_', ":")))
}

impl Screening {
    /// Reads every `SET-LIMIT-SEARCH.tsv` of `folder`.
    pub fn read(folder: &Path) -> Result<Screening> {
        let entries = std::fs::read_dir(folder)
            .with_context(|| format!("cannot read the folder {}", folder.display()))?;
        let mut runs: BTreeMap<String, BTreeMap<String, Run>> = BTreeMap::new();
        for entry in entries {
            let path = entry.with_context(|| format!("cannot read the folder {}", folder.display()))?.path();
            if !path.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("tsv")) {
                continue;
            }
            let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default().to_owned();
            let stem = path.file_stem().and_then(|stem| stem.to_str()).unwrap_or_default();
            let Some((set, _, search)) = file_name_parts(stem) else {
                bail!(
                    "{}: not named SET-LIMIT-SEARCH.tsv (for example xsokoban-15s-dive_home.tsv)",
                    path.display()
                );
            };
            let text =
                std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let records = bench_results::from_tsv(&text, &path)?;
            let solved = records
                .iter()
                .filter(|record| record.status == sokoban::Verdict::Solved)
                .map(|record| (record.level, record.seconds))
                .collect();
            let levels = records.iter().map(|record| record.level).max().unwrap_or(0);
            let run = Run { file: name.clone(), solved, levels };
            if let Some(earlier) = runs.entry(search.clone()).or_default().insert(set.to_owned(), run) {
                bail!(
                    "two screening runs of {search} on {set} in {}: {} and {name}; keep one",
                    earlier.file,
                    folder.display()
                );
            }
        }
        let sets: Vec<String> = runs
            .values()
            .flat_map(|by_set| by_set.keys().cloned())
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        if sets.is_empty() {
            bail!("{} holds no screening runs (SET-LIMIT-SEARCH.tsv files)", folder.display());
        }
        let mut screening = Screening {
            levels: vec![0; sets.len()],
            sets,
            searches: Vec::new(),
            solved: Vec::new(),
            left_out: Vec::new(),
            beside: Vec::new(),
        };
        for (search, by_set) in runs {
            if by_set.len() < screening.sets.len() {
                screening.left_out.push((search, by_set.into_keys().collect()));
                continue;
            }
            let mut per_set = Vec::new();
            // Every set is there, in the order of `sets`.
            for (index, run) in by_set.into_values().enumerate() {
                screening.levels[index] = screening.levels[index].max(run.levels);
                per_set.push(run.solved);
            }
            screening.searches.push(search);
            screening.solved.push(per_set);
        }
        screening.beside = vec![0.0; screening.searches.len()];
        if screening.searches.is_empty() {
            bail!(
                "{}: no search was screened on every set ({})",
                folder.display(),
                screening.sets.join(", ")
            );
        }
        Ok(screening)
    }

    /// The levels of each set that `slices` (seconds a search, thread after thread) cover at
    /// `margin`, with the searches beside them.
    fn covered(&self, slices: &[f64], margin: f64) -> Vec<Vec<bool>> {
        let mut covered: Vec<Vec<bool>> = self.levels.iter().map(|&levels| vec![false; levels + 1]).collect();
        for (index, &slice) in slices.iter().enumerate() {
            let search = index % self.searches.len();
            // A search both beside and in the slices covers what the longer of its times does.
            let slice = slice.max(self.beside[search]);
            for (set, solved) in self.solved[search].iter().enumerate() {
                for &(level, seconds) in solved {
                    if seconds * margin <= slice {
                        covered[set][level] = true;
                    }
                }
            }
        }
        covered
    }

    /// The levels covered over every set, averaged over [`MARGINS`]: the climb's score, which
    /// it reads from a [`CoverTable`]; the tests check both.
    #[cfg(test)]
    #[allow(clippy::cast_precision_loss, reason = "a count of levels, far below 2^52")]
    fn score(&self, slices: &[f64]) -> f64 {
        let total: usize = MARGINS
            .iter()
            .map(|&margin| self.covered(slices, margin).iter().flatten().filter(|&&covered| covered).count())
            .sum();
        total as f64 / MARGINS.len() as f64
    }

    /// The slices of `seconds` on each of `threads` threads that cover the most, by the hill
    /// climb of the module's essay: each search's slice on the first thread, then on the next.
    #[allow(
        clippy::cast_sign_loss,
        clippy::cast_precision_loss,
        reason = "quarter seconds of a time checked to lie in (0, 100000]"
    )]
    pub fn choose(&self, seconds: f64, threads: usize) -> Vec<f64> {
        let n = self.searches.len();
        let budget = (seconds * UNITS_PER_SECOND).floor() as usize;
        let as_seconds =
            |units: &[usize]| units.iter().map(|&unit| unit as f64 / UNITS_PER_SECOND).collect::<Vec<_>>();
        let equal: Vec<usize> = (0..n).map(|search| budget / n + usize::from(search < budget % n)).collect();
        let mut starts = vec![equal.repeat(threads)];
        for thread in 0..threads {
            for search in 0..n {
                let mut all = equal.repeat(threads);
                all[thread * n..(thread + 1) * n].fill(0);
                all[thread * n + search] = budget;
                starts.push(all);
            }
        }
        let mut random = Random::new(RANDOM_STARTS_SEED);
        for _ in 0..RANDOM_STARTS {
            starts.push((0..threads).flat_map(|_| drawn_start(&mut random, n, budget)).collect());
        }
        let table = CoverTable::new(self, budget);
        let mut best: Option<(usize, Vec<usize>)> = None;
        for mut units in starts {
            let mut score = table.score(&units);
            loop {
                let mut best_move: Option<(usize, Vec<usize>)> = None;
                for (thread, from) in (0..threads).flat_map(|thread| (0..n).map(move |from| (thread, from))) {
                    let (base, from) = (thread * n, thread * n + from);
                    let parts = STEPS.iter().copied().filter(|&step| step < units[from]).chain([units[from]]);
                    for part in parts.filter(|&part| part > 0) {
                        for to in (base..base + n).filter(|&to| to != from) {
                            let mut moved = units.clone();
                            moved[from] -= part;
                            moved[to] += part;
                            let moved_score = table.score(&moved);
                            if moved_score > best_move.as_ref().map_or(score, |(best, _)| *best) {
                                best_move = Some((moved_score, moved));
                            }
                        }
                    }
                }
                let Some((moved_score, moved)) = best_move else { break };
                (score, units) = (moved_score, moved);
            }
            if best.as_ref().is_none_or(|(best, _)| score > *best) {
                best = Some((score, units));
            }
        }
        as_seconds(&best.map(|(_, units)| units).unwrap_or_default())
    }

    /// The level's bit in [`CoverTable`]'s sets: the sets' levels one after the other.
    fn level_bit(&self, set: usize, level: usize) -> usize {
        self.levels[..set].iter().map(|&levels| levels + 1).sum::<usize>() + level
    }

    /// The slices of `threads` threads given after `--slices`, each thread's as
    /// [`Screening::given_slices`] takes them, the threads apart by `/`.
    pub fn threads_slices(&self, text: &str, threads: usize) -> Result<Vec<f64>> {
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != threads {
            bail!("--slices: {} thread(s) of slices (apart by /) for --threads {threads}", parts.len());
        }
        let mut slices = Vec::with_capacity(threads * self.searches.len());
        for part in parts {
            slices.extend(self.given_slices("--slices", part)?);
        }
        Ok(slices)
    }

    /// Slices given as `SEARCH=SECS,...` after `flag`; searches not named get none.
    pub fn given_slices(&self, flag: &str, text: &str) -> Result<Vec<f64>> {
        let mut slices = vec![0.0; self.searches.len()];
        for item in split_slices(text) {
            let Some((search, seconds)) = item.rsplit_once('=') else {
                bail!("{flag}: {item:?} is not SEARCH=SECS");
            };
            let Some(index) = self.searches.iter().position(|known| known == search.trim()) else {
                bail!(
                    "{flag}: {:?} is not among the searches screened on every set ({})",
                    search.trim(),
                    self.searches.join(", ")
                );
            };
            let seconds: f64 = seconds
                .trim()
                .parse()
                .ok()
                .filter(|seconds: &f64| *seconds >= 0.0)
                .with_context(|| format!("{flag}: {:?} is not a number of seconds", seconds.trim()))?;
            slices[index] += seconds;
        }
        Ok(slices)
    }

    /// What `slices` cover, set by set and margin by margin, and each search's slice with the
    /// levels only it covers.
    pub fn report(&self, slices: &[f64], seconds: f64) -> String {
        let mut text = String::new();
        let n = self.searches.len();
        let threads = slices.len() / n;
        let used: Vec<String> =
            slices.chunks(n).map(|thread| format!("{:.2}", thread.iter().sum::<f64>())).collect();
        let _ = writeln!(
            text,
            "{} searches screened on every set ({}); slices of {} s of {seconds} s{}",
            n,
            self.sets.join(", "),
            used.join(" / "),
            if threads > 1 { " a thread" } else { "" }
        );
        for (search, sets) in &self.left_out {
            let _ = writeln!(text, "left out: {search} (screened on {} only)", sets.join(", "));
        }
        for (search, &seconds) in self.beside.iter().enumerate().filter(|(_, seconds)| **seconds > 0.0) {
            let _ = writeln!(text, "beside, on another thread: {} for {seconds} s", self.searches[search]);
        }
        let margins: Vec<String> = MARGINS.iter().map(|margin| format!("{margin:.1}")).collect();
        let _ = writeln!(text, "levels covered at margins {}:", margins.join(" / "));
        let by_margin: Vec<Vec<Vec<bool>>> =
            MARGINS.iter().map(|&margin| self.covered(slices, margin)).collect();
        for (set, name) in self.sets.iter().enumerate() {
            let counts: Vec<String> = by_margin
                .iter()
                .map(|covered| covered[set].iter().filter(|&&covered| covered).count().to_string())
                .collect();
            let _ = writeln!(text, "  {name}: {} of {}", counts.join(" / "), self.levels[set]);
        }
        let _ = writeln!(text, "slice a search, and the levels only it covers at margin {REPORT_MARGIN}:");
        let with = self.covered(slices, REPORT_MARGIN);
        for (index, &slice) in slices.iter().enumerate() {
            let (thread, search) = (index / n, index % n);
            let mut only = Vec::new();
            if slice > 0.0 {
                let mut without = slices.to_vec();
                without[index] = 0.0;
                let without = self.covered(&without, REPORT_MARGIN);
                for (set, name) in self.sets.iter().enumerate() {
                    let levels: Vec<String> = (1..with[set].len())
                        .filter(|&level| with[set][level] && !without[set][level])
                        .map(|level| level.to_string())
                        .collect();
                    if !levels.is_empty() {
                        only.push(format!("{name} {}", levels.join(" ")));
                    }
                }
            }
            let thread = if threads > 1 { format!("thread {}: ", thread + 1) } else { String::new() };
            let _ =
                writeln!(text, "  {thread}{slice:6.2} s  {:<45} {}", self.searches[search], only.join("; "));
        }
        text
    }
}

/// What each search covers at each margin with each slice up to the climb's budget, as bit sets
/// over the levels of every set, and what the searches beside cover: `Screening::score` by
/// table lookups, which the climb asks for hundreds of thousands of times on two threads.
struct CoverTable {
    /// Words of one bit set.
    words: usize,
    /// Rows of slice lengths: 0 units up to the budget, or up to the first length that covers
    /// all a search solved at every margin, if that is less (longer slices read that row), so
    /// that a budget of hours costs no more than the screening runs' own limits.
    units: usize,
    /// `[search][margin][units][word]`.
    by_search: Vec<u64>,
    /// `[margin][word]`: what the searches beside cover.
    beside: Vec<u64>,
}

impl CoverTable {
    fn new(screening: &Screening, budget: usize) -> CoverTable {
        let bits = screening.level_bit(screening.levels.len(), 0);
        let words = bits.div_ceil(64);
        let slowest =
            screening.solved.iter().flatten().flatten().map(|&(_, seconds)| seconds).fold(0.0, f64::max);
        let widest = MARGINS.iter().copied().fold(0.0, f64::max);
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "seconds of a screening run"
        )]
        let enough = (slowest * widest * UNITS_PER_SECOND).ceil() as usize + 1;
        let units = budget.min(enough) + 1;
        let mut by_search = vec![0; screening.searches.len() * MARGINS.len() * units * words];
        let mut beside = vec![0; MARGINS.len() * words];
        for (search, per_set) in screening.solved.iter().enumerate() {
            for (set, solved) in per_set.iter().enumerate() {
                for &(level, seconds) in solved {
                    let bit = screening.level_bit(set, level);
                    let (word, mask) = (bit / 64, 1 << (bit % 64));
                    for (m, &margin) in MARGINS.iter().enumerate() {
                        // The same comparison as `Screening::covered`, slice by slice.
                        for unit in 0..units {
                            #[allow(clippy::cast_precision_loss, reason = "quarter seconds below 400000")]
                            let slice = unit as f64 / UNITS_PER_SECOND;
                            if seconds * margin <= slice {
                                by_search[((search * MARGINS.len() + m) * units + unit) * words + word] |=
                                    mask;
                            }
                        }
                        if seconds * margin <= screening.beside[search] {
                            beside[m * words + word] |= mask;
                        }
                    }
                }
            }
        }
        CoverTable { words, units, by_search, beside }
    }

    /// The levels covered over every set, summed over [`MARGINS`]: `Screening::score` times
    /// the number of margins, for `units` of slices (thread after thread) within the budget.
    fn score(&self, units: &[usize]) -> usize {
        let searches = self.by_search.len() / (MARGINS.len() * self.units * self.words);
        let mut covered = vec![0_u64; self.words];
        let mut total = 0;
        for m in 0..MARGINS.len() {
            covered.copy_from_slice(&self.beside[m * self.words..(m + 1) * self.words]);
            for (index, &unit) in units.iter().enumerate().filter(|&(_, &unit)| unit > 0) {
                let row = unit.min(self.units - 1);
                let at = (((index % searches) * MARGINS.len() + m) * self.units + row) * self.words;
                for (word, &bits) in covered.iter_mut().zip(&self.by_search[at..at + self.words]) {
                    *word |= bits;
                }
            }
            total += covered.iter().map(|word| word.count_ones() as usize).sum::<usize>();
        }
        total
    }
}

/// `SEARCH=SECS,...` cut into items: a comma begins a new item only if an `=` follows before
/// the next comma, since a search may hold one (`careful:home,unweighted=5`).
fn split_slices(text: &str) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for piece in text.split(',') {
        match items.last_mut() {
            Some(last) if !last.contains('=') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => items.push(piece.to_owned()),
        }
    }
    items.retain(|item| !item.trim().is_empty());
    items
}

/// `budget` units shared at random among two to [`MOST_SEARCHES_DRAWN`] of `n` searches (one
/// when there is one): a drawn start of the climb.
fn drawn_start(random: &mut Random, n: usize, budget: usize) -> Vec<usize> {
    let most = n.min(MOST_SEARCHES_DRAWN);
    let count = if most < 2 { most } else { 2 + random.below(most - 1) };
    let mut chosen: Vec<usize> = Vec::with_capacity(count);
    while chosen.len() < count {
        let search = random.below(n);
        if !chosen.contains(&search) {
            chosen.push(search);
        }
    }
    // Cut points in the budget, sorted: the shares are the gaps between them.
    let mut cuts: Vec<usize> = (1..count).map(|_| random.below(budget + 1)).collect();
    cuts.sort_unstable();
    let mut units = vec![0; n];
    let mut last = 0;
    for (&search, cut) in chosen.iter().zip(cuts.into_iter().chain([budget])) {
        units[search] = cut - last;
        last = cut;
    }
    units
}

#[cfg(test)]
mod tests {
    use super::{CoverTable, MARGINS, Screening, file_name_parts, split_slices};
    use std::fmt::Write as _;

    /// A run as `(set, search, [(level, seconds)...], levels)`.
    type TestRun<'a> = (&'a str, &'a str, &'a [(usize, f64)], usize);

    /// A screening made of `runs`, written to files and read back.
    fn screening(runs: &[TestRun]) -> Screening {
        let folder =
            std::env::temp_dir().join(format!("sokoban-slices-test-{}-{}", std::process::id(), runs.len()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        for (set, search, solved, levels) in runs {
            let mut text = "level\ttitle\tstatus\tpushes\tmoves\tseconds\tstates\n".to_owned();
            for level in 1..=*levels {
                match solved.iter().find(|(solved, _)| *solved == level) {
                    Some((_, seconds)) => writeln!(text, "{level}\tt\tsolved\t1\t1\t{seconds}\t1").unwrap(),
                    None => writeln!(text, "{level}\tt\tgave-up\t-\t-\t15.0\t1").unwrap(),
                }
            }
            let name = format!("{set}-15s-{}.tsv", search.replace(':', "_"));
            std::fs::write(folder.join(name), text).unwrap();
        }
        let screening = Screening::read(&folder).unwrap();
        std::fs::remove_dir_all(&folder).unwrap();
        screening
    }

    #[test]
    fn file_names_give_set_limit_and_search() {
        assert_eq!(
            file_name_parts("xsokoban-15s-dive_home+shut-out,unweighted"),
            Some(("xsokoban", "15s", "dive:home+shut-out,unweighted".to_owned()))
        );
        assert_eq!(file_name_parts("xsokoban-soon-dive"), None);
        assert_eq!(file_name_parts("notes"), None);
    }

    #[test]
    fn slices_are_split_at_commas_that_begin_a_new_search() {
        assert_eq!(
            split_slices("dive=2,careful:home,unweighted=3.5,"),
            ["dive=2", "careful:home,unweighted=3.5"]
        );
    }

    #[test]
    fn the_climb_covers_what_fits_with_margin_and_leaves_out_searches_not_on_every_set() {
        // `a` solves a1 at 1 s, a2 at 5 s and b1 at 1 s; `b` solves a3 at 2 s and b2 at 3 s; `c`
        // only ran on set `a`. With 8 s, a's 5 s level (6.5 s at margin 1.3) and b's two levels
        // (3.9 s) cannot all be covered at every margin: b's two levels are worth more.
        let screening = screening(&[
            ("a", "dive", &[(1, 1.0), (2, 5.0)], 3),
            ("b", "dive", &[(1, 1.0)], 2),
            ("a", "careful", &[(3, 2.0)], 3),
            ("b", "careful", &[(2, 3.0)], 2),
            ("a", "free-dive", &[(1, 0.1)], 3),
        ]);
        assert_eq!(screening.searches, ["careful", "dive"]);
        assert_eq!(screening.left_out, [("free-dive".to_owned(), vec!["a".to_owned()])]);
        let slices = screening.choose(8.0, 1);
        assert!((slices.iter().sum::<f64>() - 8.0).abs() < 1e-9, "{slices:?}");
        assert!(slices[0] >= 3.9 && slices[1] >= 1.3, "{slices:?}");
        assert!((screening.score(&slices) - 4.0).abs() < 1e-9, "{slices:?}");
        // With 12 s everything fits at every margin: 3.9 + 6.5.
        let slices = screening.choose(12.0, 1);
        assert!((screening.score(&slices) - 5.0).abs() < 1e-9, "{slices:?}");
        let report = screening.report(&slices, 12.0);
        assert!(report.contains("  a: 3 / 3 / 3 / 3 of 3\n  b: 2 / 2 / 2 / 2 of 2\n"), "{report}");
        assert!(report.contains("left out: free-dive (screened on a only)"), "{report}");
    }

    #[test]
    fn given_slices_are_scored_as_given_and_unknown_searches_refused() {
        let screening = screening(&[
            ("a", "dive", &[(1, 1.0), (2, 5.0)], 2),
            ("a", "careful:home,unweighted", &[(2, 1.0)], 2),
        ]);
        let slices = screening.given_slices("--slices", "careful:home,unweighted=1.1,dive=1").unwrap();
        assert_eq!(slices, [1.1, 1.0]);
        // a2 is covered at margins 1.0 and 1.1 (by careful), a1 at 1.0 only (by dive).
        assert!((screening.score(&slices) - 0.75).abs() < 1e-9);
        let error = screening.given_slices("--slices", "plain=3").unwrap_err().to_string();
        assert!(error.contains("--slices: \"plain\" is not among the searches"), "{error}");
        let error = screening.given_slices("--beside", "dive=soon").unwrap_err().to_string();
        assert!(error.contains("--beside: \"soon\" is not a number of seconds"), "{error}");
    }

    #[test]
    fn the_climb_on_the_repositorys_screening_files_does_as_well_as_the_one_thread_portfolio() {
        // The slices of `ONE_THREAD_LONG` (60 s, the plain dive's 2% left out), which the climb
        // from its fixed starts alone did not reach.
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/sokoban-screening");
        let screening = Screening::read(&folder).unwrap();
        let portfolio = screening
            .given_slices(
                "--slices",
                "dive:home+shut-out+pushable=13.75,\
                 dive:home+shut-out+pushable,unweighted,pulls+start-region+weights=31.25,\
                 careful:home+shut-out+pushable=9.25,free-dive:home+shut-out+pushable,unweighted=4.55",
            )
            .unwrap();
        let chosen = screening.choose(58.8, 1);
        assert!(chosen.iter().sum::<f64>() <= 58.8 + 1e-9, "{chosen:?}");
        let (chosen, portfolio) = (screening.score(&chosen), screening.score(&portfolio));
        assert!(chosen >= portfolio - 1e-9, "the climb scores {chosen}, the portfolio {portfolio}");
    }

    #[test]
    fn two_threads_cover_what_either_covers_and_share_nothing_between_them() {
        // Each search needs 4 s for its two levels; 4 s a thread fits both searches on two
        // threads (one each, at margin 1.0 only), never on one.
        let screening =
            screening(&[("a", "dive", &[(1, 2.0), (2, 4.0)], 4), ("a", "careful", &[(3, 2.0), (4, 4.0)], 4)]);
        let one = screening.choose(4.0, 1);
        assert_eq!(one.len(), 2);
        let two = screening.choose(4.0, 2);
        assert_eq!(two.len(), 4);
        for thread in two.chunks(2) {
            assert!((thread.iter().sum::<f64>() - 4.0).abs() < 1e-9, "{two:?}");
        }
        // One thread: 2 + 2 at margin 1.0, then one search's levels; two threads: all four at
        // 1.0, the two 2 s levels at every margin.
        assert!(screening.score(&two) > screening.score(&one) + 0.5, "{one:?} {two:?}");
        let given = screening.threads_slices("dive=4/careful=4", 2).unwrap();
        assert_eq!(given, [0.0, 4.0, 4.0, 0.0]);
        assert!((screening.score(&given) - 2.5).abs() < 1e-9, "{given:?}");
        let report = screening.report(&given, 4.0);
        assert!(report.contains("slices of 4.00 / 4.00 s of 4 s a thread"), "{report}");
        assert!(report.contains("  a: 4 / 2 / 2 / 2 of 4\n"), "{report}");
        assert!(report.contains("thread 2:   4.00 s  careful"), "{report}");
        let error = screening.threads_slices("dive=4", 2).unwrap_err().to_string();
        assert!(error.contains("1 thread(s) of slices (apart by /) for --threads 2"), "{error}");
    }

    #[test]
    fn the_climbs_table_scores_as_the_covered_levels_do() {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/sokoban-screening");
        let mut screening = Screening::read(&folder).unwrap();
        screening.beside = screening.given_slices("--beside", "careful:home+shut-out+pushable=7.3").unwrap();
        let n = screening.searches.len();
        let table = CoverTable::new(&screening, 80);
        let mut random = testkit::Random::new(7);
        for _ in 0..50 {
            let units: Vec<usize> = (0..2 * n).map(|_| random.below(81)).collect();
            #[allow(clippy::cast_precision_loss, reason = "a few dozen quarter seconds")]
            let slices: Vec<f64> = units.iter().map(|&unit| unit as f64 / 4.0).collect();
            #[allow(clippy::cast_precision_loss, reason = "a count of levels")]
            let by_table = table.score(&units) as f64 / MARGINS.len() as f64;
            assert!((by_table - screening.score(&slices)).abs() < 1e-9, "{units:?}");
        }
    }

    #[test]
    fn a_search_beside_counts_as_covered_outside_the_shared_time() {
        // `careful` on the other thread for 2 s covers a3 and b2: the 8 s of the slices then go
        // to `dive` alone, which covers a1, a2 and b1 at every margin (6.5 s at 1.3).
        let mut screening = screening(&[
            ("a", "dive", &[(1, 1.0), (2, 5.0)], 3),
            ("b", "dive", &[(1, 1.0)], 2),
            ("a", "careful", &[(3, 1.0)], 3),
            ("b", "careful", &[(2, 1.5)], 2),
        ]);
        screening.beside = screening.given_slices("--beside", "careful=2").unwrap();
        let slices = screening.choose(8.0, 1);
        assert!((screening.score(&slices) - 5.0).abs() < 1e-9, "{slices:?}");
        assert!(slices[1] >= 6.5, "{slices:?}");
        let report = screening.report(&slices, 8.0);
        assert!(report.contains("beside, on another thread: careful for 2 s"), "{report}");
    }
}

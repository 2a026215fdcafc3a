//! `cargo xtask sokoban-bench`: solve a level set and sum it up, or compare two runs.
//!
//! ```text
//! sokoban-bench <SET> [--time-limit SECS] [--max-states N] [--threads N] [--side-by-side] [--first N]
//!               [--without LIST] [--search SEARCH] [--out FILE.tsv]
//! sokoban-bench --compare <OLD.tsv> <NEW.tsv>
//! ```
//!
//! SET is a file stem under `../shared/levels/` beside the workspace (`microban`,
//! `boxoban_hard`) or a path to a level file. The sokoban binary is built in release and run on
//! the whole file with `--all --json`; its JSON lines are read back as `sokoban::Record`s (every
//! solution in them was replayed and verified by the library before it was printed) and summed
//! up by `sokoban::Summary`, the same line the binary prints. `--first N` solves levels 1 to N
//! only, for a fixed subset such as the first 100 Boxoban levels: the set is cut to a file of its
//! first N levels under `target/`, so the rest are not solved at all. `--out` keeps the results,
//! one line a level, for `--compare` (see [`crate::bench_results`]). `--side-by-side` runs each
//! level's two fast searches at once on two threads, one level at a time on two threads, to
//! compare with `--threads 1` (one level at a time, its searches one after the other).
//! `--without LIST` passes the binary's switch, to measure what a technique adds. `--search
//! SEARCH` passes the binary's option that runs one search of the fast mode alone for the whole
//! time limit (`dive:home+shut-out+pushable`, see `sokoban::bench::OneSearch`): the screening
//! runs from which the schedules' slices are chosen.

use crate::args::Spec;
use crate::bench_results;
use anyhow::{Context, Result, bail};
use sokoban::{Record, Summary, Verdict};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const USAGE: &str = "sokoban-bench <SET> [--time-limit SECS] [--max-states N] [--threads N] [--side-by-side] [--first N] [--without LIST] [--search SEARCH] [--out FILE.tsv]\n\
                     \x20      cargo xtask sokoban-bench --compare <OLD.tsv> <NEW.tsv>";

pub fn main(args: &[String]) -> Result<()> {
    if args.iter().any(|arg| arg == "--compare") {
        let parsed = Spec {
            task: "sokoban-bench --compare",
            usage: USAGE,
            positional: &["<OLD.tsv>", "<NEW.tsv>"],
            with_value: &[],
            switches: &["--compare"],
        }
        .parse(args)?;
        return compare(Path::new(&parsed.positional[0]), Path::new(&parsed.positional[1]));
    }
    let parsed = Spec {
        task: "sokoban-bench",
        usage: USAGE,
        positional: &["<SET>"],
        with_value: &[
            "--time-limit",
            "--max-states",
            "--threads",
            "--first",
            "--without",
            "--search",
            "--out",
        ],
        switches: &["--side-by-side"],
    }
    .parse(args)?;
    let set = &parsed.positional[0];
    let time_limit = parsed.value("--time-limit").unwrap_or("10");
    if !time_limit.parse::<f64>().is_ok_and(|seconds| seconds > 0.0) {
        bail!("--time-limit {time_limit:?} is not a number of seconds above 0");
    }
    // A cap on the states stored per search: unlike the time limit, it does not depend on the
    // machine's load, so two runs capped alike solve the same levels however busy it was.
    let max_states = parsed.value("--max-states");
    if parsed.number::<usize>("--max-states", "a whole number")? == Some(0) {
        bail!("--max-states 0 would stop every search at its start: give N of 1 or more");
    }
    let threads = parsed.value("--threads");
    parsed.number::<usize>("--threads", "a whole number")?;
    let first = parsed.number::<usize>("--first", "a whole number")?;
    if first == Some(0) {
        bail!("--first 0 would solve no level: give N of 1 or more");
    }
    let out = parsed.value("--out").map(PathBuf::from);

    let file = level_file(set)?;
    let name = file.file_stem().map_or_else(|| set.clone(), |stem| stem.to_string_lossy().into_owned());
    let (file, name) = match first {
        Some(first) => (first_levels(&file, &name, first)?, format!("{name} (first {first})")),
        None => (file, name),
    };

    crate::build_release(&["sokoban"])?;
    let binary = crate::release_dir().join(format!("sokoban{}", std::env::consts::EXE_SUFFIX));
    let mut command = Command::new(&binary);
    command.arg(&file).args(["--all", "--json", "--time-limit", time_limit]);
    if let Some(threads) = threads {
        command.args(["--threads", threads]);
    }
    if let Some(max_states) = max_states {
        command.args(["--max-states", max_states]);
    }
    if parsed.has("--side-by-side") {
        command.arg("--side-by-side");
    }
    if let Some(without) = parsed.value("--without") {
        command.args(["--without", without]);
    }
    if let Some(search) = parsed.value("--search") {
        command.args(["--search", search]);
    }
    eprintln!("solving {} at {time_limit} s a level...", file.display());
    let output = command
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    // Exit status 1 says only that some level was not solved, which the records tell level by
    // level; anything else means the run itself failed.
    if !matches!(output.status.code(), Some(0 | 1)) {
        bail!("{} failed ({})", binary.display(), output.status);
    }
    let records = read_records(&String::from_utf8_lossy(&output.stdout))?;
    if records.is_empty() {
        bail!("the solver printed no results for {}", file.display());
    }
    if let Some(out) = &out {
        std::fs::write(out, bench_results::to_tsv(&records))
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    let states = max_states.map_or_else(String::new, |cap| format!(", {cap} states a search"));
    let without = parsed.value("--without").map_or_else(String::new, |list| format!(", without {list}"));
    let alone = parsed.value("--search").map_or_else(String::new, |search| format!(", {search} alone"));
    crate::say(format_args!(
        "{name}: {}, {}; {time_limit} s a level{states}{without}{alone}",
        Summary::of(&records),
        unsolved_counts(&records)
    ))?;
    if let Some(out) = out {
        crate::say(format_args!("results: {}", out.display()))?;
    }
    Ok(())
}

/// The records of the binary's `--json` output, one a line; lines not starting with `{`
/// (none, today) are not records and are skipped.
pub fn read_records(stdout: &str) -> Result<Vec<Record>> {
    stdout
        .lines()
        .filter(|line| line.starts_with('{'))
        .map(|line| {
            serde_json::from_str(line).with_context(|| format!("cannot read the result line {line:?}"))
        })
        .collect()
}

/// How the levels not solved ended: `unsolvable 1, gave up 2, invalid 0`.
fn unsolved_counts(records: &[Record]) -> String {
    let count = |verdict: Verdict| records.iter().filter(|record| record.status == verdict).count();
    format!(
        "unsolvable {}, gave up {}, invalid {}",
        count(Verdict::Unsolvable),
        count(Verdict::GaveUp),
        count(Verdict::Invalid)
    )
}

fn compare(old: &Path, new: &Path) -> Result<()> {
    let read = |path: &Path| -> Result<Vec<Record>> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
        bench_results::from_tsv(&text, path)
    };
    crate::say(bench_results::compare(&read(old)?, &read(new)?))
}

/// The level file a SET names: an existing path, or `../shared/levels/<SET>.txt`.
fn level_file(set: &str) -> Result<PathBuf> {
    let as_path = PathBuf::from(set);
    if as_path.is_file() {
        return Ok(as_path);
    }
    let shared = testkit::shared_dir().join("levels");
    if !shared.is_dir() {
        bail!(
            "the level sets are missing: expected a folder shared/levels beside the workspace ({}), \
             and {set:?} is not a file either",
            shared.display()
        );
    }
    let file = shared.join(format!("{set}.txt"));
    if !file.is_file() {
        bail!("the level set {set:?} is missing: no file {}", file.display());
    }
    Ok(file)
}

/// A file of the first `first` levels of `file`, written under `target/sokoban-bench/`, each
/// level with its own comment and title lines, so numbers and titles stay those of the set.
fn first_levels(file: &Path, name: &str, first: usize) -> Result<PathBuf> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let levels = sokoban::split_collection(&text)
        .with_context(|| format!("cannot read levels from {}", file.display()))?;
    if first > levels.len() {
        eprintln!("note: {} has {} levels, fewer than --first {first}", file.display(), levels.len());
    }
    let mut cut = String::new();
    for level in levels.iter().take(first) {
        for line in level.metadata.iter().chain(&level.rows) {
            cut.push_str(line);
            cut.push('\n');
        }
        cut.push('\n');
    }
    let folder = crate::release_dir().with_file_name("sokoban-bench");
    std::fs::create_dir_all(&folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let path = folder.join(format!("{name}-first-{first}.txt"));
    std::fs::write(&path, cut).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

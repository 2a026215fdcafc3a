//! `sokoban <FILE> [--level N|TITLE | --all] [--optimal] [--time-limit SECS] [--max-states N]
//! [--memory MB] [--threads N] [--json] [--animate] [--html FILE]`
//!
//! Solves the levels of a file, in parallel, and prints each result: a line and the LURD
//! solution, or with `--json` one compact JSON object a level. Without `--level` every level
//! is solved. A run over more than one level, or any run with `--all`, is a collection run: it
//! shows a progress bar on a terminal and ends with a summary line (on stderr with `--json`,
//! so that stdout stays one object a line).
//!
//! Results are printed as they come: the workers take the levels in file order and send each
//! record to the main thread, which prints it as soon as it and every earlier level are done
//! (see `in_order`). So a long collection shows its progress through a pipe too, and stopping
//! it keeps every level already printed.
//!
//! The exit status tells a script how the run went ([`EXIT_CODES`]): 0 every chosen level
//! solved, 1 some level not solved, 2 the run could not be made.

use anyhow::{Context, Result};
use clap::Parser;
use in_order::InOrder;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sokoban::{LevelText, Limit, Options, Record, Summary, Verdict, find_level, split_collection};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

mod frames;
mod in_order;

/// The exit statuses, as `--help` and the README give them.
const EXIT_CODES: &str = "\
Exit status:
  0  every chosen level was solved (or the reader of the output closed it early)
  1  some level was not solved: unsolvable, gave up (a limit was reached) or invalid
  2  the run could not be made: bad arguments, a file that cannot be read or holds no level,
     a --level that is not in the file, or output that cannot be written";

/// Every chosen level solved.
const ALL_SOLVED: u8 = 0;
/// Some level unsolvable, given up or invalid.
const SOME_NOT_SOLVED: u8 = 1;
/// Bad arguments or an unusable file (clap's own status for argument errors).
const CANNOT_RUN: u8 = 2;

/// Solve Sokoban levels: standard or letter format, single levels or collections.
#[derive(Parser, Debug)]
#[command(version, about, after_help = EXIT_CODES)]
#[allow(clippy::struct_excessive_bools, reason = "each bool is an independent command-line flag")]
struct Args {
    /// The level file (one level or a collection).
    file: PathBuf,
    /// Solve one level: its number in the file or its title.
    #[arg(long, conflicts_with = "all")]
    level: Option<String>,
    /// Solve every level of the file as a collection, ending with the summary line even when
    /// the file holds one level. (Without `--level`, every level is solved anyway; the summary
    /// is then printed only for more than one level.)
    #[arg(long)]
    all: bool,
    /// Find a solution with the fewest pushes.
    #[arg(long)]
    optimal: bool,
    /// Give up on a level after this many seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECS", allow_negative_numbers = true, value_parser = positive_seconds)]
    time_limit: f64,
    /// Give up a search of a level after it stored this many states (a level may run several
    /// searches, one after the other or two at once; each has this many).
    #[arg(long, default_value_t = sokoban::DEFAULT_MAX_STATES, allow_negative_numbers = true, value_parser = positive_count)]
    max_states: usize,
    /// Give up on a level before its search holds more than this many megabytes (MiB) of
    /// states. The budget is per level: levels solved at once (--threads) each get it.
    #[arg(long, value_name = "MB", default_value_t = sokoban::DEFAULT_MEMORY_BUDGET >> 20, allow_negative_numbers = true, value_parser = megabytes)]
    memory: u64,
    /// Threads to solve with (default: all cores; at most 256). Each level takes one, or two
    /// when its searches run side by side.
    #[arg(long, allow_negative_numbers = true, value_parser = thread_count)]
    threads: Option<usize>,
    /// Run each level's fast searches on two threads at once (below 30 s dives on both, from
    /// 30 s dives on one and a dive then a careful search on the other) rather than one after
    /// the other; the first answer wins. The default when there are at least twice as many
    /// threads as levels, as for one level on two cores.
    #[arg(long, conflicts_with = "optimal")]
    side_by_side: bool,
    /// One JSON object per level and line.
    #[arg(long)]
    json: bool,
    /// Play the solution of the --level in the terminal, move by move.
    #[arg(long, requires = "level")]
    animate: bool,
    /// Write the solutions as a self-contained HTML replay to this file (a table and a player
    /// per solved level for a whole collection).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Turn techniques off to measure them: a comma list of freeze, corrals, corral-deadlocks,
    /// frozen-goals, matching, tunnels, packing, parking, advisor, open-rooms, cells,
    /// move-weights, pulls, pull-freeze, improve.
    #[arg(long, value_delimiter = ',', hide = true)]
    without: Vec<String>,
    /// Run one search of the fast mode alone, on one thread a level, for the whole time limit,
    /// instead of the schedules, to measure what it solves on its own:
    /// KIND[:FEATURE+...][,unweighted][,meet|,pulls][+start-region][+weights][+freeze], KIND
    /// dive, open-dive, free-dive or careful, FEATURE home, shut-out, pushable or passages (see
    /// `sokoban::bench::OneSearch`).
    #[arg(long, value_name = "SEARCH", hide = true, conflicts_with_all = ["optimal", "side_by_side"])]
    search: Option<sokoban::bench::OneSearch>,
}

/// The most worker threads `--threads` accepts: each solves one level with its own tables, so
/// far more threads than cores only cost memory, and thousands would exhaust it.
const MAX_THREADS: usize = 256;

/// A whole number of at least 1, for counts given on the command line. Negative numbers are
/// let through to here (clap would call `-1` an unknown argument) to be told they must be positive.
fn positive_count(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 1 => usize::try_from(n).map_err(|_| format!("{n} is too large")),
        Ok(_) => Err("must be positive".to_owned()),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// A worker-thread count: positive, and at most [`MAX_THREADS`].
fn thread_count(text: &str) -> Result<usize, String> {
    let threads = positive_count(text)?;
    if threads > MAX_THREADS {
        return Err(format!("at most {MAX_THREADS} threads (each solves one level at a time)"));
    }
    Ok(threads)
}

/// A positive number of megabytes that fits in bytes.
fn megabytes(text: &str) -> Result<u64, String> {
    let count = positive_count(text)?;
    match u64::try_from(count) {
        Ok(megabytes) if megabytes.checked_mul(1 << 20).is_some() => Ok(megabytes),
        _ => Err(format!("{count} MB is too large")),
    }
}

/// A positive, finite number of seconds.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() => Ok(seconds),
        Ok(_) => Err("must be positive".to_owned()),
        Err(_) => Err(format!("{text:?} is not a number of seconds")),
    }
}

fn print_record(out: &mut impl Write, record: &Record, options: &Options, json: bool) -> Result<()> {
    if json {
        writeln!(out, "{}", serde_json::to_string(record)?)?;
        return Ok(());
    }
    let head = format!("level {} ({})", record.level, record.title);
    match (&record.solution, &record.error) {
        (Some(solution), _) => writeln!(
            out,
            "{head}: solved, {} moves, {} pushes, {:.3} s, {} states\n{solution}",
            record.moves.unwrap_or(0),
            record.pushes.unwrap_or(0),
            record.seconds,
            record.states
        )?,
        (None, Some(error)) => writeln!(out, "{head}: {}\n{error}", record.status.as_str())?,
        (None, None) => {
            let why = match record.reason {
                Some(Limit::Time) => format!(" (time limit {} s)", options.time_limit),
                Some(Limit::Memory) => format!(" (memory limit {} MB)", options.memory_budget >> 20),
                Some(Limit::States) => format!(" (state limit {})", options.max_states),
                None => String::new(),
            };
            writeln!(
                out,
                "{head}: {}{why}, {:.3} s, {} states",
                record.status.as_str(),
                record.seconds,
                record.states
            )?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    // Clap exits with 2 on its own for bad arguments, as `CANNOT_RUN` says.
    let args = Args::parse();
    match run(&args) {
        Ok(all_solved) => ExitCode::from(if all_solved { ALL_SOLVED } else { SOME_NOT_SOLVED }),
        // A reader that stops early (`sokoban set.txt | head`) has what it wanted: end quietly.
        Err(error) if closed_by_reader(&error) => ExitCode::from(ALL_SOLVED),
        Err(error) => {
            eprintln!("Error: {error:#}");
            ExitCode::from(CANNOT_RUN)
        }
    }
}

/// Whether `error` is standard output closed by its reader.
fn closed_by_reader(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Solves and prints the chosen levels; true when every one was solved.
fn run(args: &Args) -> Result<bool> {
    // A level can take minutes to solve: refuse `--animate` without a terminal first.
    if args.animate {
        replay::terminal::ensure_terminal()?;
    }
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let levels = split_collection(&text)
        .with_context(|| format!("cannot read levels from {}", args.file.display()))?;
    let chosen: Vec<&LevelText> = match &args.level {
        Some(key) => vec![find_level(&levels, key).with_context(|| format!("in {}", args.file.display()))?],
        None => levels.iter().collect(),
    };
    let mut techniques = sokoban::Techniques::default();
    for name in &args.without {
        match name.as_str() {
            "freeze" => techniques.freeze = false,
            "corrals" => techniques.pi_corrals = false,
            "corral-deadlocks" => techniques.corral_deadlocks = false,
            "frozen-goals" => techniques.frozen_goals = false,
            "improve" => techniques.improve = false,
            "matching" => techniques.matching = false,
            "tunnels" => techniques.tunnels = false,
            "packing" => techniques.packing = false,
            "parking" => techniques.parking = false,
            "advisor" => techniques.advisor = false,
            "open-rooms" => techniques.open_rooms = false,
            "cells" => techniques.cells = false,
            "move-weights" => techniques.move_weights = false,
            "pulls" => techniques.pulls = false,
            "pull-freeze" => techniques.pull_freeze = false,
            other => {
                anyhow::bail!(
                    "--without: unknown technique {other:?} (freeze, corrals, corral-deadlocks, frozen-goals, matching, tunnels, packing, parking, advisor, open-rooms, cells, move-weights, pulls, pull-freeze, improve)"
                )
            }
        }
    }
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    if args.side_by_side && threads < 2 {
        anyhow::bail!("--side-by-side runs two searches a level: it needs --threads 2 or more");
    }
    let side_by_side =
        !args.optimal && args.search.is_none() && (args.side_by_side || chosen.len() * 2 <= threads);
    let options = Options {
        optimal: args.optimal,
        time_limit: args.time_limit,
        max_states: args.max_states,
        memory_budget: args.memory << 20,
        techniques,
        side_by_side,
        one_search: args.search,
    };
    // A level whose searches run side by side starts the second thread itself.
    let workers = if side_by_side { (threads / 2).max(1) } else { threads };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers)
        .build()
        .context("cannot start the worker threads")?;

    let many = args.all || chosen.len() > 1;
    let bar = if many && std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(Some(chosen.len() as u64), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} levels, {elapsed} {msg}")
            .context("bad progress template")?,
    );
    // The one level of `--animate` is printed after its animation, which takes the terminal
    // (and refuses a standard output that is not one before anything is printed).
    let print = if args.animate { None } else { Some(args.json) };
    let records = solve_and_print(&pool, &chosen, &options, print, &bar)?;
    bar.finish_and_clear();
    frames::watch(&args.file, &chosen, &records, args.animate, args.html.as_deref())?;
    if args.animate {
        let mut out = std::io::stdout().lock();
        for record in &records {
            print_record(&mut out, record, &options, args.json).context("cannot write the results")?;
        }
    }

    let summary = Summary::of(&records);
    if many {
        if args.json {
            eprintln!("{summary}");
        } else {
            writeln!(std::io::stdout().lock(), "{summary}").context("cannot write the results")?;
        }
    }
    Ok(records.iter().all(|record| record.status == Verdict::Solved))
}

/// Solves the levels on the pool's threads and prints each record (as JSON when `print` is
/// `Some(true)`, not at all when `None`) as soon as it and every earlier one are done; returns
/// the records in file order.
///
/// Each worker takes the next level in file order (rather than rayon splitting the list into
/// halves), so the levels finish roughly in order and the printer's buffer stays small.
fn solve_and_print(
    pool: &rayon::ThreadPool,
    chosen: &[&LevelText],
    options: &Options,
    print: Option<bool>,
    bar: &ProgressBar,
) -> Result<Vec<Record>> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, Record)>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.broadcast(|_| {
                let sender = sender.clone();
                loop {
                    let number = next.fetch_add(1, Ordering::Relaxed);
                    let Some(text) = chosen.get(number) else { break };
                    let record = Record::solve(text, options);
                    bar.inc(1);
                    if sender.send((number, record)).is_err() {
                        // The printer stopped (its output failed): no one reads the rest.
                        break;
                    }
                }
            });
        });
        let mut in_order = InOrder::new();
        let mut records = Vec::with_capacity(chosen.len());
        for (number, record) in receiver {
            for ready in in_order.add(number, record) {
                if let Some(json) = print {
                    bar.suspend(|| {
                        let mut out = std::io::stdout().lock();
                        print_record(&mut out, &ready, options, json)
                            .and_then(|()| Ok(out.flush()?))
                            .context("cannot write the results")
                    })?;
                }
                records.push(ready);
            }
        }
        Ok(records)
    })
}

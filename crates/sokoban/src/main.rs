//! `sokoban <FILE> [--level N|TITLE | --all] [--optimal] [--time-limit SECS] [--threads N] [--json]`
//!
//! Solves the levels of a file, in parallel, and prints each result: a line and the LURD
//! solution, or with `--json` one compact JSON object a level. Without `--level` every level
//! is solved. A run over more than one level, or any run with `--all`, is a collection run: it
//! shows a progress bar on a terminal and ends with a summary line (on stderr with `--json`,
//! so that stdout stays one object a line).

use anyhow::{Context, Result};
use clap::Parser;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sokoban::{LevelText, Options, Record, Summary, find_level, split_collection};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

mod frames;

/// Solve Sokoban levels: standard or letter format, single levels or collections.
#[derive(Parser, Debug)]
#[command(version, about)]
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
    /// Give up on a level after storing this many states.
    #[arg(long, default_value_t = 10_000_000, allow_negative_numbers = true, value_parser = positive_count)]
    max_states: usize,
    /// Levels solved at once (default: all cores; at most 256).
    #[arg(long, allow_negative_numbers = true, value_parser = thread_count)]
    threads: Option<usize>,
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
    /// matching, tunnels.
    #[arg(long, value_delimiter = ',', hide = true)]
    without: Vec<String>,
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

/// A positive, finite number of seconds.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() => Ok(seconds),
        Ok(_) => Err("must be positive".to_owned()),
        Err(_) => Err(format!("{text:?} is not a number of seconds")),
    }
}

fn print_record(out: &mut impl Write, record: &Record, json: bool) -> Result<()> {
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
            writeln!(
                out,
                "{head}: {}, {:.3} s, {} states",
                record.status.as_str(),
                record.seconds,
                record.states
            )?;
        }
    }
    Ok(())
}

fn main() -> Result<()> {
    let args = Args::parse();
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
            "matching" => techniques.matching = false,
            "tunnels" => techniques.tunnels = false,
            other => {
                anyhow::bail!(
                    "--without: unknown technique {other:?} (freeze, corrals, corral-deadlocks, matching, tunnels)"
                )
            }
        }
    }
    let options = Options {
        optimal: args.optimal,
        time_limit: args.time_limit,
        max_states: args.max_states,
        techniques,
    };
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        builder = builder.num_threads(threads);
    }
    let pool = builder.build().context("cannot start the worker threads")?;

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
    let records: Vec<Record> = pool.install(|| {
        chosen
            .par_iter()
            .map(|text| {
                let record = Record::solve(text, &options);
                bar.inc(1);
                record
            })
            .collect()
    });
    bar.finish_and_clear();
    frames::watch(&args.file, &chosen, &records, args.animate, args.html.as_deref())?;

    let mut out = std::io::stdout().lock();
    for record in &records {
        print_record(&mut out, record, args.json)?;
    }
    if many {
        if args.json {
            eprintln!("{}", Summary::of(&records));
        } else {
            writeln!(out, "{}", Summary::of(&records))?;
        }
    }
    Ok(())
}

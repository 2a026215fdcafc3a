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

/// Solve Sokoban levels: standard or letter format, single levels or collections.
#[derive(Parser, Debug)]
#[command(version, about)]
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
    #[arg(long, default_value_t = 10.0, value_name = "SECS")]
    time_limit: f64,
    /// Give up on a level after storing this many states.
    #[arg(long, default_value_t = 10_000_000)]
    max_states: usize,
    /// Levels solved at once (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// One JSON object per level and line.
    #[arg(long)]
    json: bool,
    /// Turn techniques off to measure them: a comma list of freeze, corrals, matching, tunnels.
    #[arg(long, value_delimiter = ',', hide = true)]
    without: Vec<String>,
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
    anyhow::ensure!(args.time_limit > 0.0, "--time-limit must be positive");
    let mut techniques = sokoban::Techniques::default();
    for name in &args.without {
        match name.as_str() {
            "freeze" => techniques.freeze = false,
            "corrals" => techniques.pi_corrals = false,
            "matching" => techniques.matching = false,
            "tunnels" => techniques.tunnels = false,
            other => {
                anyhow::bail!("--without: unknown technique {other:?} (freeze, corrals, matching, tunnels)")
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
        anyhow::ensure!(threads > 0, "--threads must be at least 1");
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

//! Project tasks, run as `cargo xtask <TASK>` (the alias lives in `.cargo/config.toml`).
//!
//! One binary, a subcommand per task, and as few dependencies as the work allows: arguments are
//! read by hand but strictly ([`args`]), the puzzle binaries are run as processes, exactly as a
//! user would run them, and the workspace's shared plumbing (answers file, inputs, generator)
//! comes from `testkit`.

mod args;
mod bench_results;
mod fuzz;
mod gen_day15;
mod gen_day18;
mod run_all;
mod sokoban_bench;
mod sokoban_slices;
mod test;

use anyhow::{Context, Result, bail};
use std::io::{ErrorKind, Write};
use std::path::Path;
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <TASK> [ARGS]

tasks:
  test [ARGS]                      cargo test --workspace [ARGS], installing Chromium first (apt-get)
                                   if it is missing: the HTML replays are tested in a real browser
  run-all                          build in release, run every puzzle on every input under inputs/,
                                   check the answers and print a table; non-zero exit on any failure
  gen-day15 <SEED> [--out FILE [--force]]
                                   a full-size 32x32 day 15 cave made from SEED
  gen-day18 <SEED> [--out FILE [--force]]
                                   a full-size 81x81 day 18 maze made from SEED
                                   (--out never overwrites a file unless --force is given)
  sokoban-bench <SET> [--time-limit SECS] [--max-states N] [--threads N] [--side-by-side]
                [--first N] [--without LIST] [--out FILE.tsv]
                                   solve a Sokoban level set from ../shared/levels in parallel and
                                   print its summary (--first N: levels 1 to N only; --without:
                                   techniques switched off; --out: one line a level, to compare
                                   later)
  sokoban-bench --compare <OLD.tsv> <NEW.tsv>
                                   levels gained, lost, faster and slower between two --out files
  sokoban-slices <FOLDER> --seconds SECS [--threads N] [--slices SEARCH=SECS,.../...] [--beside SEARCH=SECS,...]
                                   the slices of a one-thread portfolio that cover the most levels
                                   of the screening runs in FOLDER (SET-LIMIT-SEARCH.tsv files, as
                                   in docs/sokoban-screening), with margin; --threads: one portfolio
                                   a thread, chosen together; --slices: score these (threads apart
                                   by /); --beside: searches on another thread, their levels covered
  fuzz <TARGET> [--minutes N] [--inputs N]
                                   an AFL campaign on one target of crates/fuzz (default 10 minutes,
                                   or N executions), its queue minimised into crates/fuzz/corpus/;
                                   needs cargo-afl (cargo install cargo-afl; cargo afl config --build)
  help                             this text
";

/// Writes `text` and a line break to standard output. A reader that closed it early (`| head`)
/// ends the task quietly with status 0, as the puzzle binaries do, where `println!` would panic.
fn say(text: impl std::fmt::Display) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Err(error) if error.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        result => result.context("cannot write to standard output"),
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(task) = args.next() else {
        eprint!("cargo xtask needs a task\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let rest: Vec<String> = args.collect();
    if let Err(error) = built_for_this_workspace() {
        eprintln!("error: {error:#}");
        return ExitCode::FAILURE;
    }
    let result = match task.as_str() {
        "run-all" => run_all::main(&rest),
        "gen-day15" => gen_day15::main(&rest),
        "gen-day18" => gen_day18::main(&rest),
        "sokoban-bench" => sokoban_bench::main(&rest),
        "sokoban-slices" => sokoban_slices::main(&rest),
        "test" => test::main(&rest),
        "fuzz" => fuzz::main(&rest),
        "help" | "-h" | "--help" => say(USAGE.trim_end()),
        other => {
            eprint!("unknown task {other:?}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Refuses to run an xtask built for another copy of the workspace. The workspace root is baked
/// in at compile time (`testkit::workspace_root`), and a build shared between two clones (one
/// `CARGO_TARGET_DIR`) can leave this binary pointing at the other clone: a benchmark would then
/// time that clone's solver. `cargo run` says at run time which package it ran, through
/// `CARGO_MANIFEST_DIR` (this crate's folder, one below the root); run otherwise, there is
/// nothing to check against.
fn built_for_this_workspace() -> Result<()> {
    let Some(manifest_dir) = std::env::var_os("CARGO_MANIFEST_DIR") else { return Ok(()) };
    let Some(running_in) = Path::new(&manifest_dir).parent() else { return Ok(()) };
    let built_for = testkit::workspace_root();
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if !same(running_in, &built_for) {
        bail!(
            "this xtask was built for the workspace at {} but runs for the one at {}; \
             rebuild it here: cargo clean -p testkit -p xtask",
            built_for.display(),
            running_in.display()
        );
    }
    Ok(())
}

/// Runs a generator task: reads `<SEED> [--out FILE [--force]]` and writes what `generate` makes.
fn run_generator(
    task: &'static str,
    usage: &'static str,
    args: &[String],
    generate: fn(u64) -> Result<String>,
) -> Result<()> {
    let parsed =
        args::Spec { task, usage, positional: &["<SEED>"], with_value: &["--out"], switches: &["--force"] }
            .parse(args)?;
    let seed = &parsed.positional[0];
    let seed: u64 = seed.parse().with_context(|| format!("the seed {seed:?} is not a whole number"))?;
    let text = generate(seed)?;
    match parsed.value("--out") {
        Some(path) => write_new_file(Path::new(path), &text, parsed.has("--force")),
        None if parsed.has("--force") => bail!("{task}: --force goes with --out FILE"),
        None => say(text.strip_suffix('\n').unwrap_or(&text)),
    }
}

/// Writes `text` to `path`, refusing to replace an existing file (a committed input, often)
/// unless `force`.
fn write_new_file(path: &Path, text: &str, force: bool) -> Result<()> {
    if path.exists() && !force {
        bail!("{} exists: give --force to overwrite it", path.display());
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The folder cargo builds release binaries into.
fn release_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| testkit::workspace_root().join("target"), std::path::PathBuf::from)
        .join("release")
}

/// Builds the given packages' binaries in release, as the user would, from the workspace root.
fn build_release(packages: &[&str]) -> Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut command = std::process::Command::new(cargo);
    command.current_dir(testkit::workspace_root()).args(["build", "--release", "--bins"]);
    for package in packages {
        command.args(["--package", package]);
    }
    eprintln!("building {} in release...", packages.join(", "));
    let status = command.status().context("cannot run cargo build")?;
    if !status.success() {
        bail!("cargo build --release failed ({status})");
    }
    Ok(())
}

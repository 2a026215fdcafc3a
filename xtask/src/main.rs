//! Project tasks, run as `cargo xtask <TASK>` (the alias lives in `.cargo/config.toml`).
//!
//! One binary, a subcommand per task, and as few dependencies as the work allows: arguments are
//! read by hand, and the puzzle binaries are run as processes, exactly as a user would run them.

mod answers;
mod gen_day15;
mod gen_day18;
mod random;
mod run_all;
mod sokoban_bench;
mod test;

use anyhow::{Result, bail};
use std::path::PathBuf;

const USAGE: &str = "\
usage: cargo xtask <TASK> [ARGS]

tasks:
  test [ARGS]                      cargo test --workspace [ARGS], installing Chromium first (apt-get)
                                   if it is missing: the HTML replays are tested in a real browser
  run-all                          build in release, run every puzzle on every input under inputs/,
                                   check the answers and print a table; non-zero exit on any failure
  gen-day15 <SEED> [--out FILE]    a full-size 32x32 day 15 cave made from SEED
  gen-day18 <SEED> [--out FILE]    a full-size 81x81 day 18 maze made from SEED
  sokoban-bench <SET> [--time-limit SECS] [--threads N] [--first N]
                                   solve a Sokoban level set from ../shared/levels in parallel
                                   (--first N: the summary counts levels 1 to N only)
";

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let task = args.next().unwrap_or_default();
    let rest: Vec<String> = args.collect();
    match task.as_str() {
        "run-all" => run_all::main(&rest),
        "gen-day15" => gen_day15::main(&rest),
        "gen-day18" => gen_day18::main(&rest),
        "sokoban-bench" => sokoban_bench::main(&rest),
        "test" => test::main(&rest),
        "" | "help" | "-h" | "--help" => {
            print!("{USAGE}");
            Ok(())
        }
        other => bail!("unknown task {other:?}\n\n{USAGE}"),
    }
}

/// The workspace root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map_or(manifest.clone(), PathBuf::from)
}

/// The value after `--name` in `args`, if given.
fn flag_value<'a>(args: &'a [String], name: &str) -> Result<Option<&'a str>> {
    match args.iter().position(|arg| arg == name) {
        None => Ok(None),
        Some(at) => match args.get(at + 1) {
            Some(value) => Ok(Some(value)),
            None => bail!("{name} needs a value"),
        },
    }
}

/// Writes generated text to `--out FILE`, or to standard output.
fn write_output(args: &[String], text: &str) -> Result<()> {
    use anyhow::Context;
    if let Some(path) = flag_value(args, "--out")? {
        return std::fs::write(path, text).with_context(|| format!("cannot write {path}"));
    }
    print!("{text}");
    Ok(())
}

/// The seed, the first argument of a generator.
fn seed_argument(args: &[String]) -> Result<u64> {
    use anyhow::Context;
    let Some(seed) = args.first() else { bail!("the generator needs a SEED (a whole number)") };
    seed.parse().with_context(|| format!("the seed {seed:?} is not a whole number"))
}

//! `cargo xtask sokoban-bench <SET> [--time-limit SECS] [--threads N] [--first N]`: solve a level set.
//!
//! SET is a file stem under `../shared/levels/` beside the workspace (`microban`,
//! `boxoban_hard`) or a path to a level file. The sokoban binary is built in release and run
//! on the whole file with `--all --json`; its JSON lines are read back (every solution in them
//! was replayed and verified by the library before it was printed) and summed up here.
//! `--first N` sums up only levels 1 to N (the whole file is still solved), for a fixed subset
//! such as the first 100 Boxoban levels.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One level's line of the binary's `--json` output, the fields the summary needs.
struct Line {
    level: usize,
    status: String,
    seconds: f64,
    pushes: Option<u64>,
}

pub fn main(args: &[String]) -> Result<()> {
    let Some(set) = args.first().filter(|arg| !arg.starts_with("--")) else {
        bail!("usage: cargo xtask sokoban-bench <SET> [--time-limit SECS] [--threads N] [--first N]");
    };
    let time_limit = crate::flag_value(args, "--time-limit")?.unwrap_or("10");
    time_limit.parse::<f64>().with_context(|| format!("--time-limit {time_limit:?} is not a number"))?;
    let threads = crate::flag_value(args, "--threads")?;
    if let Some(threads) = threads {
        threads.parse::<usize>().with_context(|| format!("--threads {threads:?} is not a whole number"))?;
    }
    let first = match crate::flag_value(args, "--first")? {
        Some(first) => {
            first.parse::<usize>().with_context(|| format!("--first {first:?} is not a whole number"))?
        }
        None => usize::MAX,
    };
    let root = crate::workspace_root();
    let file = level_file(&root, set)?;

    build_release(&root)?;
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let binary = target.join("release").join(format!("sokoban{}", std::env::consts::EXE_SUFFIX));
    let mut command = Command::new(&binary);
    command.arg(&file).args(["--all", "--json", "--time-limit", time_limit]);
    if let Some(threads) = threads {
        command.args(["--threads", threads]);
    }
    eprintln!("solving {} at {time_limit} s a level...", file.display());
    let output = command
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    if !output.status.success() {
        bail!("{} failed ({})", binary.display(), output.status);
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut lines: Vec<Line> =
        stdout.lines().filter(|line| line.starts_with('{')).map(parse_line).collect::<Result<_>>()?;
    lines.retain(|line| line.level <= first);
    if lines.is_empty() {
        bail!("the solver printed no results for {}", file.display());
    }
    let count = |status: &str| lines.iter().filter(|line| line.status == status).count();
    let mut times: Vec<f64> = lines.iter().map(|line| line.seconds).collect();
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    let median = if times.len() % 2 == 1 {
        times[times.len() / 2]
    } else {
        f64::midpoint(times[times.len() / 2 - 1], times[times.len() / 2])
    };
    let pushes: u64 = lines.iter().filter_map(|line| line.pushes).sum();
    let mut name = file.file_stem().map_or_else(|| set.clone(), |stem| stem.to_string_lossy().into_owned());
    if first != usize::MAX {
        name = format!("{name} (first {first})");
    }
    println!(
        "{name}: solved {}/{} (unsolvable {}, gave up {}, invalid {}), total {total:.2} s, median {median:.3} s, \
         total pushes {pushes}, {time_limit} s a level",
        count("solved"),
        lines.len(),
        count("unsolvable"),
        count("gave-up"),
        count("invalid"),
    );
    Ok(())
}

/// The level file a SET names: an existing path, or `../shared/levels/<SET>.txt`.
fn level_file(root: &Path, set: &str) -> Result<PathBuf> {
    let as_path = PathBuf::from(set);
    if as_path.is_file() {
        return Ok(as_path);
    }
    let shared = root.parent().map(|parent| parent.join("shared").join("levels"));
    let Some(shared) = shared.filter(|dir| dir.is_dir()) else {
        bail!(
            "the level sets are missing: expected a folder shared/levels beside the workspace ({}), \
             and {set:?} is not a file either",
            root.parent().unwrap_or(root).join("shared").join("levels").display()
        );
    };
    let file = shared.join(format!("{set}.txt"));
    if !file.is_file() {
        bail!("the level set {set:?} is missing: no file {}", file.display());
    }
    Ok(file)
}

fn build_release(root: &Path) -> Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    eprintln!("building sokoban in release...");
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--release", "-p", "sokoban"])
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        bail!("cargo build --release -p sokoban failed ({status})");
    }
    Ok(())
}

/// Reads the fields of one compact JSON line by hand (xtask keeps to anyhow alone).
fn parse_line(line: &str) -> Result<Line> {
    let field = |name: &str| -> Option<&str> {
        let key = format!("\"{name}\":");
        let start = line.find(&key)? + key.len();
        let rest = &line[start..];
        let end = rest.find([',', '}']).unwrap_or(rest.len());
        Some(rest[..end].trim().trim_matches('"'))
    };
    let level =
        field("level").and_then(|s| s.parse().ok()).with_context(|| format!("no level in {line:?}"))?;
    let status = field("status").with_context(|| format!("no status in {line:?}"))?.to_owned();
    let seconds =
        field("seconds").and_then(|s| s.parse().ok()).with_context(|| format!("no seconds in {line:?}"))?;
    let pushes = field("pushes").and_then(|s| s.parse().ok());
    Ok(Line { level, status, seconds, pushes })
}

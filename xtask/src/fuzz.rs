//! `cargo xtask fuzz`: one coverage-guided AFL campaign on one target of `crates/fuzz`, its
//! queue minimised back into the committed corpus.
//!
//! ```text
//! fuzz <TARGET> [--minutes N] [--inputs N]
//! ```
//!
//! The `fuzz-afl` binary is built by `cargo afl build` in release (without the release profile's
//! whole-program optimisation, which only slows the build) into `target/afl/`, so the
//! instrumented build never replaces the ordinary one. AFL then starts from
//! `crates/fuzz/corpus/TARGET/` and stops after `--minutes` (default 10) or `--inputs`
//! executions, whichever comes first, at the lowest priority (`nice -n 19`). Its ceilings are
//! fixed here: [`MEMORY_MB`] of address space a run (AFL's `-m`) and [`TIMEOUT_MS`] a run
//! (`-t`). Then `cargo afl cmin` keeps the fewest inputs that reach every path the queue
//! reached, and they replace the committed corpus. Crashes and hangs are listed and make the
//! task fail; their inputs stay under `target/fuzz/TARGET/default/`.

use crate::args::Spec;
use anyhow::{Context, Result, bail};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::Command;

const USAGE: &str = "fuzz <TARGET> [--minutes N] [--inputs N]";
/// Address space one run of a target may take, in MB (AFL's `-m`, a limit on virtual memory).
const MEMORY_MB: &str = "512";
/// Time one run of a target may take, in milliseconds (AFL's `-t`); longer is a hang.
const TIMEOUT_MS: &str = "2000";

pub fn main(args: &[String]) -> Result<()> {
    let parsed = Spec {
        task: "fuzz",
        usage: USAGE,
        positional: &["<TARGET>"],
        with_value: &["--minutes", "--inputs"],
        switches: &[],
    }
    .parse(args)?;
    let target = parsed.positional[0].as_str();
    let minutes = parsed.number::<u64>("--minutes", "a whole number of minutes")?.unwrap_or(10);
    let inputs = parsed.number::<u64>("--inputs", "a whole number")?;
    if minutes == 0 || inputs == Some(0) {
        bail!("--minutes and --inputs must be 1 or more");
    }
    let root = testkit::workspace_root();
    let corpus = root.join("crates/fuzz/corpus").join(target);
    if !corpus.is_dir() {
        bail!("no target {target:?}: the targets are the folders of crates/fuzz/corpus/");
    }
    let has_cargo_afl =
        Command::new("cargo").args(["afl", "--version"]).output().is_ok_and(|out| out.status.success());
    if !has_cargo_afl {
        bail!(
            "cargo-afl is missing: install it with `cargo install cargo-afl`, then build AFL++ once with \
             `cargo afl config --build`"
        );
    }

    let binary = build(&root)?;
    let out = root.join("target/fuzz").join(target);
    if out.exists() {
        std::fs::remove_dir_all(&out).with_context(|| format!("clearing {}", out.display()))?;
    }
    // AFL makes its output folder but not the folders above it.
    let parent = out.parent().expect("target/fuzz/TARGET has a parent");
    std::fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    let mut fuzz = afl(&root, "fuzz");
    fuzz.arg("-i").arg(&corpus).arg("-o").arg(&out);
    fuzz.args(["-m", MEMORY_MB, "-t", TIMEOUT_MS, "-V", &(minutes * 60).to_string()]);
    if let Some(inputs) = inputs {
        fuzz.args(["-E", &inputs.to_string()]);
    }
    if !std::io::stdout().is_terminal() {
        fuzz.env("AFL_NO_UI", "1");
    }
    run(fuzz.arg("--").arg(&binary).arg(target), "cargo afl fuzz")?;

    let stats =
        std::fs::read_to_string(out.join("default/fuzzer_stats")).context("reading AFL's fuzzer_stats")?;
    let stat = |key: &str| {
        stats
            .lines()
            .find_map(|line| line.split_once(':').filter(|(k, _)| k.trim() == key))
            .map_or("?", |(_, v)| v.trim())
    };
    crate::say(format_args!(
        "{target}: {} executions in {} s, {} crashes, {} hangs (ceilings: {MEMORY_MB} MB, {TIMEOUT_MS} ms a run)",
        stat("execs_done"),
        stat("run_time"),
        stat("saved_crashes"),
        stat("saved_hangs")
    ))?;
    let (crashes, hangs) = (stat("saved_crashes").to_owned(), stat("saved_hangs").to_owned());
    if crashes != "0" || hangs != "0" {
        bail!(
            "{target}: the inputs are under {}/default/crashes and hangs; once fixed, copy each to \
             crates/fuzz/regressions/{target}/ (the corpus is left as it was)",
            out.display()
        );
    }
    minimise(&root, &binary, target, &out, &corpus)
}

/// Builds the instrumented `fuzz-afl` binary and returns its path.
fn build(root: &Path) -> Result<PathBuf> {
    let mut build = afl(root, "build");
    build.args(["--release", "-p", "fuzz-targets", "--features", "afl", "--bin", "fuzz-afl"]);
    build.env("CARGO_PROFILE_RELEASE_LTO", "false").env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16");
    run(&mut build, "cargo afl build")?;
    Ok(root.join("target/afl/release/fuzz-afl"))
}

/// `nice -n 19 cargo afl SUBCOMMAND`, with the instrumented build kept in `target/afl/` and the
/// settings AFL needs on a shared machine without a tuned kernel.
fn afl(root: &Path, subcommand: &str) -> Command {
    let mut command = Command::new("nice");
    command.args(["-n", "19", "cargo", "afl", subcommand]).current_dir(root);
    command.env("CARGO_TARGET_DIR", root.join("target/afl"));
    command.env("AFL_SKIP_CPUFREQ", "1").env("AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1");
    command.env("AFL_NO_AFFINITY", "1");
    command
}

fn run(command: &mut Command, what: &str) -> Result<()> {
    let status = command.status().with_context(|| format!("running {what}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// Replaces the committed corpus with the fewest queue inputs that keep its coverage
/// (`cargo afl cmin`). A seed keeps its file name; an input the fuzzer found is named by its
/// content, `found-HASH`.
fn minimise(root: &Path, binary: &Path, target: &str, out: &Path, corpus: &Path) -> Result<()> {
    let minimised = out.with_extension("cmin");
    if minimised.exists() {
        std::fs::remove_dir_all(&minimised)?;
    }
    let script = cmin_script()?;
    let mut cmin = Command::new("nice");
    cmin.args(["-n", "19"]).arg(&script).current_dir(root);
    cmin.env("AFL_SKIP_CPUFREQ", "1").env("AFL_NO_AFFINITY", "1");
    // The script runs `afl-showmap` from its own folder.
    let bin = script.parent().expect("the script is in a folder");
    let path = std::env::var_os("PATH").unwrap_or_default();
    cmin.env(
        "PATH",
        std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&path)))?,
    );
    cmin.arg("-i").arg(out.join("default/queue")).arg("-o").arg(&minimised);
    cmin.args(["-m", MEMORY_MB, "-t", TIMEOUT_MS, "--"]).arg(binary).arg(target);
    // It prints a line per coverage tuple: kept in a log, not on the terminal.
    cmin.stdout(std::fs::File::create(out.with_extension("cmin.log"))?);
    run(&mut cmin, "afl-cmin.bash")?;
    if std::fs::read_dir(&minimised)?.next().is_none() {
        bail!("afl-cmin.bash kept no input; the corpus is left as it was");
    }
    for entry in std::fs::read_dir(corpus)? {
        std::fs::remove_file(entry?.path())?;
    }
    let mut kept = 0;
    for entry in std::fs::read_dir(&minimised)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let bytes = std::fs::read(entry.path())?;
        std::fs::write(corpus.join(corpus_name(&name, &bytes)), bytes)?;
        kept += 1;
    }
    crate::say(format_args!("{target}: {kept} inputs kept in {}", corpus.display()))?;
    Ok(())
}

/// The AFL++ corpus minimiser that cargo-afl built. The shell one, not `cargo afl cmin`: that
/// runs the Python `afl-cmin`, which here recorded no coverage from these targets and kept
/// nothing.
fn cmin_script() -> Result<PathBuf> {
    let home = std::env::var_os("HOME").context("HOME is not set")?;
    let data = std::env::var_os("XDG_DATA_HOME")
        .map_or_else(|| Path::new(&home).join(".local/share"), PathBuf::from);
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(data.join("afl.rs"))
        .into_iter()
        .flatten()
        .flatten()
        .flat_map(|rustc| std::fs::read_dir(rustc.path()).into_iter().flatten().flatten())
        .map(|afl| afl.path().join("afl/bin/afl-cmin.bash"))
        .filter(|script| script.is_file())
        .collect();
    scripts.sort();
    scripts.pop().context("no afl-cmin.bash under afl.rs's data folder: run `cargo afl config --build`")
}

/// The committed name of an AFL queue file: the seed's own name (`orig:NAME`), else
/// `found-HASH`, the 64-bit FNV-1a hash of its bytes. AFL's names hold colons, which some file
/// systems refuse, and its queue numbers start again each campaign, so a number would name a
/// new find like a seed kept from the last one.
fn corpus_name(queue_name: &str, bytes: &[u8]) -> String {
    if let Some((_, original)) = queue_name.split_once("orig:") {
        return original.to_owned();
    }
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
    });
    format!("found-{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::corpus_name;

    #[test]
    fn seeds_keep_their_names_and_finds_are_named_by_their_content() {
        assert_eq!(corpus_name("id:000003,time:0,execs:0,orig:loop.txt", b"#@a#"), "loop.txt");
        let found = "id:000120,src:000003,time:1234,execs:99,op:havoc,rep:2,+cov";
        // FNV-1a's published test vectors: the empty input and "a".
        assert_eq!(corpus_name(found, b""), "found-cbf29ce484222325");
        assert_eq!(corpus_name(found, b"a"), "found-af63dc4c8601ec8c");
    }
}

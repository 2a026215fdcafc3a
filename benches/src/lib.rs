//! Shared helpers of the criterion benches: finding the inputs to time.
//!
//! Each puzzle is timed on the full-size inputs generated into `inputs/<puzzle>/generated-*.txt`
//! and, when the team's `shared/` folder sits beside the repository, on the real-size inputs in
//! `../shared/aoc/<puzzle>/` (never committed: Advent of Code asks that inputs stay private).

use std::path::{Path, PathBuf};

/// The workspace root.
///
/// # Panics
/// Never in practice: this package always sits in a folder of the workspace.
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("benches/ sits in the workspace").to_path_buf()
}

/// The full-size inputs of a puzzle as (name, text): the generated ones, then the real ones from
/// `../shared/aoc/<puzzle>/` if present. Says so on standard error when the real ones are missing.
///
/// # Panics
/// If a listed input file cannot be read.
#[must_use]
pub fn full_size_inputs(puzzle: &str) -> Vec<(String, String)> {
    let root = workspace_root();
    let mut inputs = read_folder(&root.join("inputs").join(puzzle), "generated");
    let shared = root.join("../shared/aoc").join(puzzle);
    let real = read_folder(&shared, "");
    if real.is_empty() {
        eprintln!(
            "note: no real-size {puzzle} inputs at {} (the team's shared folder beside the repo); \
             timing the generated inputs only",
            shared.display()
        );
    }
    inputs.extend(real);
    inputs
}

/// The `.txt` files of a folder whose names start with `prefix`, sorted by name, as
/// (file stem, text); empty if the folder is missing.
fn read_folder(folder: &Path, prefix: &str) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(folder) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            name.starts_with(prefix) && path.extension().is_some_and(|ext| ext == "txt")
        })
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
            (stem, text)
        })
        .collect()
}

//! Replays the committed corpus and the regressions through their targets, so the inputs the
//! fuzzer kept (and the ones that once crashed) are checked by every `cargo test`.
//!
//! Each target has a folder of the same name under `corpus/` and, once it has found a bug that
//! is now fixed, under `regressions/`.

use fuzz_targets::Target;
use std::path::Path;

/// Runs every file of `folder/<target>/` through its target; the number of files run.
fn replay(folder: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let mut count = 0;
    for target in Target::ALL {
        let Ok(entries) = std::fs::read_dir(root.join(target.name())) else { continue };
        let mut paths: Vec<_> = entries.map(|entry| entry.expect("a readable folder").path()).collect();
        paths.sort();
        for path in paths {
            let data = std::fs::read(&path).expect("a readable input");
            // A panic names the target and the file, for `cargo xtask fuzz` or a debugger to rerun.
            eprintln!("{}: {}", target.name(), path.display());
            target.run(&data);
            count += 1;
        }
    }
    count
}

#[test]
fn every_corpus_input_keeps_its_target_s_invariants() {
    assert!(replay("corpus") > 0, "the corpus is committed");
}

#[test]
fn every_input_that_once_crashed_is_fixed() {
    replay("regressions");
}

#[test]
fn every_target_has_a_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for target in Target::ALL {
        let files = std::fs::read_dir(root.join(target.name())).map_or(0, Iterator::count);
        assert!(files > 0, "{} has no corpus", target.name());
    }
}

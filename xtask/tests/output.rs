//! What the tasks print, as a script reading them sees it.

use std::fmt::Write as _;
use std::process::{Command, Stdio};

#[test]
fn a_reader_that_closes_the_output_early_ends_the_task_quietly() {
    // `cargo xtask sokoban-bench --compare old.tsv new.tsv | head -1` on two runs of many levels:
    // the list of levels lost is far longer than a pipe holds, so the task writes on after its
    // reader has gone.
    let dir = std::env::temp_dir().join(format!("xtask-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let header = "level\ttitle\tstatus\tpushes\tmoves\tseconds\tstates\n";
    let (mut old, mut new) = (header.to_owned(), header.to_owned());
    for level in 1..=20_000 {
        writeln!(old, "{level}\tlevel {level}\tsolved\t10\t40\t0.0100\t100").unwrap();
        writeln!(new, "{level}\tlevel {level}\tgave-up\t-\t-\t10.0000\t100000").unwrap();
    }
    let (old_file, new_file) = (dir.join("old.tsv"), dir.join("new.tsv"));
    std::fs::write(&old_file, old).unwrap();
    std::fs::write(&new_file, new).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["sokoban-bench", "--compare"])
        .args([&old_file, &new_file])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn the_slices_of_the_committed_screening_runs_cover_both_sets() {
    // The folder the schedules' slices are chosen from, read as a user runs the task on it.
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/sokoban-screening");
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["sokoban-slices", folder.to_str().unwrap(), "--seconds", "58.8"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
    assert!(report.contains("searches screened on every set (sasquatch, xsokoban)"), "{report}");
    assert!(report.contains("\n  sasquatch: ") && report.contains("\n  xsokoban: "), "{report}");
    // A bad request names the rule it breaks and fails.
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["sokoban-slices", folder.to_str().unwrap(), "--seconds", "58.8", "--slices", "plain=3"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("\"plain\" is not among the searches"));
}

#[test]
fn an_xtask_run_for_another_copy_of_the_workspace_refuses_to_start() {
    // `cargo run` tells the binary which package it ran; a build made for another clone (the
    // workspace root is fixed when it is compiled) must not time that clone's solver.
    let elsewhere = std::env::temp_dir().join(format!("xtask-elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(elsewhere.join("xtask")).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("help")
        .env("CARGO_MANIFEST_DIR", elsewhere.join("xtask"))
        .output()
        .unwrap();
    std::fs::remove_dir_all(&elsewhere).unwrap();
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("this xtask was built for the workspace at") && error.contains("cargo clean"),
        "{error}"
    );
    // Run for this workspace, as `cargo xtask` runs it, it starts.
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("help")
        .env("CARGO_MANIFEST_DIR", env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
}

//! The binary as scripts see it: `cargo xtask run-all` and `sokoban-bench` read its `--json`
//! lines with plain string search, so their shape is a contract.

use std::path::PathBuf;
use std::process::Command;

fn write_level_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sokoban-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn run(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_sokoban")).args(args).output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn json_lines_are_compact_and_in_level_order() {
    let file = write_level_file(
        "set.txt",
        "; first\r\n#######\r\n#@ $ .#\r\n#######\r\n\r\n; second\n######\n#@$$.#\n######\n\n; third\n######\n#$ @.#\n######\n",
    );
    let (ok, stdout, _) = run(&[file.to_str().unwrap(), "--optimal", "--json", "--threads", "2"]);
    assert!(!ok, "an invalid and an unsolvable level: exit status 1 (see tests/hardening.rs)");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines[0].starts_with(r#"{"level":1,"title":"first","status":"solved","moves":3,"pushes":2,"#),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains(r#""solution":"rRR""#));
    assert!(lines[1].starts_with(r#"{"level":2,"title":"second","status":"invalid""#), "{}", lines[1]);
    assert!(lines[2].starts_with(r#"{"level":3,"title":"third","status":"unsolvable""#), "{}", lines[2]);
}

#[test]
fn a_level_is_chosen_by_number_or_title() {
    let file = write_level_file("pick.txt", "; a\n#####\n#@$.#\n#####\n\n; b\n######\n#@$ .#\n######\n");
    let (ok, by_number, _) = run(&[file.to_str().unwrap(), "--level", "2", "--json"]);
    assert!(ok && by_number.contains(r#""pushes":2"#), "{by_number}");
    let (ok, by_title, _) = run(&[file.to_str().unwrap(), "--level", "a", "--json"]);
    assert!(ok && by_title.contains(r#""pushes":1"#), "{by_title}");
    let (ok, _, stderr) = run(&[file.to_str().unwrap(), "--level", "7"]);
    assert!(!ok && stderr.contains("there is no level 7"), "{stderr}");
}

#[test]
fn a_collection_ends_with_a_summary() {
    let file = write_level_file("sum.txt", "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n");
    let (ok, stdout, _) = run(&[file.to_str().unwrap(), "--all"]);
    assert!(ok);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("solved 2/2, total "), "{last}");
    assert!(last.ends_with("total pushes 3"), "{last}");
}

#[test]
fn all_ends_even_a_one_level_file_with_the_summary() {
    let file = write_level_file("one.txt", "#####\n#@$.#\n#####\n");
    let (ok, plain, _) = run(&[file.to_str().unwrap()]);
    assert!(ok && !plain.contains("solved 1/1"), "{plain}");
    let (ok, all, _) = run(&[file.to_str().unwrap(), "--all"]);
    assert!(ok && all.lines().last().unwrap_or_default().starts_with("solved 1/1, total "), "{all}");
    let (ok, _, json_summary) = run(&[file.to_str().unwrap(), "--all", "--json"]);
    assert!(ok && json_summary.starts_with("solved 1/1"), "{json_summary}");
}

#[test]
fn ten_thousand_threads_are_refused_with_a_clear_message() {
    let file = write_level_file("threads.txt", "#####\n#@$.#\n#####\n");
    let (ok, _, stderr) = run(&[file.to_str().unwrap(), "--threads", "10000"]);
    assert!(!ok && stderr.contains("at most 256 threads"), "{stderr}");
    let (ok, _, _) = run(&[file.to_str().unwrap(), "--threads", "256", "--json"]);
    assert!(ok);
}

#[test]
fn negative_numbers_are_told_to_be_positive_not_unexpected_arguments() {
    let file = write_level_file("negative.txt", "#####\n#@$.#\n#####\n");
    for flag in ["--threads", "--time-limit", "--max-states"] {
        let (ok, _, stderr) = run(&[file.to_str().unwrap(), flag, "-1"]);
        assert!(!ok && stderr.contains("must be positive"), "{flag}: {stderr}");
        assert!(!stderr.contains("unexpected argument"), "{flag}: {stderr}");
        let (ok, _, stderr) = run(&[file.to_str().unwrap(), flag, "0"]);
        assert!(!ok && stderr.contains("must be positive"), "{flag} 0: {stderr}");
    }
}

#[test]
fn a_missing_file_is_a_plain_error() {
    let (ok, _, stderr) = run(&["/no/such/sokoban/file.txt"]);
    assert!(!ok && stderr.contains("cannot read /no/such/sokoban/file.txt"), "{stderr}");
}

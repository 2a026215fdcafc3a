//! The binary as scripts see it: `cargo xtask run-all` and `sokoban-bench` read its `--json`
//! lines into `sokoban::Record` with serde, so their shape is a contract.

use testkit::cli::{run, run_on};

const BINARY: &str = env!("CARGO_BIN_EXE_sokoban");

/// Runs the binary on a level file holding `text`, removed afterwards: (success, stdout, stderr).
fn run_on_file(text: &str, args: &[&str]) -> (bool, String, String) {
    let output = run_on(BINARY, text, args);
    (output.success(), output.stdout, output.stderr)
}

#[test]
fn json_lines_are_compact_and_in_level_order() {
    let levels = "; first\r\n#######\r\n#@ $ .#\r\n#######\r\n\r\n; second\n######\n#@$$.#\n######\n\n; third\n######\n#$ @.#\n######\n";
    let (ok, stdout, _) = run_on_file(levels, &["--optimal", "--json", "--threads", "2"]);
    assert!(!ok, "an invalid and an unsolvable level: exit status 1 (see hardening.rs)");
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
    // xtask reads these lines back into the library's record with serde.
    let records: Vec<sokoban::Record> =
        lines.iter().map(|line| serde_json::from_str(line).expect("a line reads as a Record")).collect();
    assert_eq!(records[0].pushes, Some(2));
    assert_eq!(records[1].status, sokoban::Verdict::Invalid);
    assert!(records[1].error.is_some());
}

#[test]
fn a_level_is_chosen_by_number_or_title() {
    let levels = "; a\n#####\n#@$.#\n#####\n\n; b\n######\n#@$ .#\n######\n";
    let (ok, by_number, _) = run_on_file(levels, &["--level", "2", "--json"]);
    assert!(ok && by_number.contains(r#""pushes":2"#), "{by_number}");
    let (ok, by_title, _) = run_on_file(levels, &["--level", "a", "--json"]);
    assert!(ok && by_title.contains(r#""pushes":1"#), "{by_title}");
    let (ok, _, stderr) = run_on_file(levels, &["--level", "7"]);
    assert!(!ok && stderr.contains("there is no level 7"), "{stderr}");
}

#[test]
fn a_collection_ends_with_a_summary() {
    let levels = "#####\n#@$.#\n#####\n\n######\n#@$ .#\n######\n";
    let (ok, stdout, _) = run_on_file(levels, &["--all"]);
    assert!(ok);
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("solved 2/2, total "), "{last}");
    assert!(last.ends_with("total pushes 3"), "{last}");
}

#[test]
fn a_missing_file_is_a_plain_error() {
    let missing = run(BINARY, &["/no/such/sokoban/file.txt"]);
    let (ok, stderr) = (missing.success(), missing.stderr);
    assert!(!ok && stderr.contains("cannot read /no/such/sokoban/file.txt"), "{stderr}");
}

#[test]
fn all_ends_even_a_one_level_file_with_the_summary() {
    let level = "#####\n#@$.#\n#####\n";
    let (ok, plain, _) = run_on_file(level, &[]);
    assert!(ok && !plain.contains("solved 1/1"), "{plain}");
    let (ok, all, _) = run_on_file(level, &["--all"]);
    assert!(ok && all.lines().last().unwrap_or_default().starts_with("solved 1/1, total "), "{all}");
    let (ok, _, json_summary) = run_on_file(level, &["--all", "--json"]);
    assert!(ok && json_summary.starts_with("solved 1/1"), "{json_summary}");
}

#[test]
fn ten_thousand_threads_are_refused_with_a_clear_message() {
    let level = "#####\n#@$.#\n#####\n";
    let (ok, _, stderr) = run_on_file(level, &["--threads", "10000"]);
    assert!(!ok && stderr.contains("at most 256 threads"), "{stderr}");
    let (ok, _, _) = run_on_file(level, &["--threads", "256", "--json"]);
    assert!(ok);
}

#[test]
fn side_by_side_needs_two_threads_and_the_fast_mode() {
    let level = "#####\n#@$.#\n#####\n";
    let output = run_on(BINARY, level, &["--side-by-side", "--threads", "1"]);
    assert_eq!(output.code(), Some(2), "{}", output.stderr);
    assert!(output.stderr.contains("needs --threads 2 or more"), "{}", output.stderr);
    let output = run_on(BINARY, level, &["--side-by-side", "--optimal"]);
    assert_eq!(output.code(), Some(2), "{}", output.stderr);
    assert!(output.stderr.contains("cannot be used with"), "{}", output.stderr);
    for threads in ["2", "3"] {
        let (ok, stdout, _) = run_on_file(level, &["--side-by-side", "--threads", threads]);
        assert!(ok && stdout.contains("solved"), "{threads}: {stdout}");
    }
}

#[test]
fn negative_numbers_are_told_to_be_positive_not_unexpected_arguments() {
    let level = "#####\n#@$.#\n#####\n";
    for flag in ["--threads", "--time-limit", "--max-states"] {
        let (ok, _, stderr) = run_on_file(level, &[flag, "-1"]);
        assert!(!ok && stderr.contains("must be positive"), "{flag}: {stderr}");
        assert!(!stderr.contains("unexpected argument"), "{flag}: {stderr}");
        let (ok, _, stderr) = run_on_file(level, &[flag, "0"]);
        assert!(!ok && stderr.contains("must be positive"), "{flag} 0: {stderr}");
    }
}

#[test]
fn one_search_runs_alone_and_a_search_that_cannot_be_read_is_named() {
    let level = "#######\n#@ $ .#\n#######\n";
    let (ok, stdout, _) =
        run_on_file(level, &["--search", "careful:home+shut-out+passages,unweighted", "--json"]);
    assert!(ok, "{stdout}");
    assert!(stdout.contains(r#""status":"solved""#), "{stdout}");
    let (ok, _, stderr) = run_on_file(level, &["--search", "dive:boxes"]);
    assert!(!ok);
    assert!(stderr.contains(r#"unknown feature "boxes""#), "{stderr}");
    // One search of the fast mode: not the optimal mode's, nor two threads'.
    for other in ["--optimal", "--side-by-side"] {
        let (ok, _, stderr) = run_on_file(level, &["--search", "dive", other]);
        assert!(!ok);
        assert!(stderr.contains("cannot be used with"), "{other}: {stderr}");
    }
}

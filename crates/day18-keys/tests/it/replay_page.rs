//! The `--html` replay in a real browser: the binary writes the page, headless Chromium runs its
//! script to the last frame (`#end`), and the DOM must show the route's last step and last key as
//! the library computes them, with no script error. The screenshot is the README's picture.

use replay::browser;
use std::path::{Path, PathBuf};
use std::process::Command;

fn input(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../inputs/day18").join(name)
}

/// Runs `day18-keys INPUT --part PART --html PAGE`, opens the page, and checks that it ends on
/// the library's answer and last key; returns the page.
fn check_page(name: &str, part: u8) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("day18-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join(format!("{name}-{part}.html"));
    let output = Command::new(env!("CARGO_BIN_EXE_day18-keys"))
        .arg(input(name))
        .args(["--part", &part.to_string(), "--html"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));

    let maze = day18_keys::parse(&std::fs::read_to_string(input(name)).unwrap()).unwrap();
    let solution =
        if part == 1 { day18_keys::solve_part1(&maze) } else { day18_keys::solve_part2(&maze) }.unwrap();
    let last = solution.pickups.last().unwrap();

    let dom = browser::dump_dom(&page).unwrap_or_else(|error| panic!("{error}"));
    browser::check_ok(&dom).unwrap_or_else(|problem| panic!("{problem}"));
    let caption = browser::captions(&dom).into_iter().next().expect("the page shows a caption");
    let expected =
        format!("step {0}/{0}: robot {1} collects {2} |", solution.steps, last.robot + 1, last.key);
    assert!(caption.starts_with(&expected), "{caption:?} does not start with {expected:?}");
    page
}

#[test]
fn the_part_1_page_ends_on_the_last_key() {
    check_page("example-p1-4.txt", 1);
}

#[test]
fn the_part_2_page_ends_on_the_last_key_and_is_the_readme_screenshot() {
    check_page("example-p2-4.txt", 2);
    let page = check_page("generated-1.txt", 2);
    browser::readme_screenshot(
        &page,
        "day18-replay.png",
        (1100, 1100),
        Path::new(env!("CARGO_TARGET_TMPDIR")),
    )
    .unwrap_or_else(|error| panic!("{error}"));
}

#[test]
fn animate_without_a_terminal_says_so_and_draws_nothing() {
    let output = Command::new(env!("CARGO_BIN_EXE_day18-keys"))
        .arg(input("example-p1-1.txt"))
        .arg("--animate")
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(output.stdout.is_empty(), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not one"));
}

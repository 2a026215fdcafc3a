//! The `--html` replay in a real browser: the binary writes the page, headless Chromium runs its
//! script to the last frame (`#end`), and the DOM must show the battle's outcome as the library
//! computes it, with no script error. The screenshot is the README's picture.

use replay::browser;
use std::path::{Path, PathBuf};
use std::process::Command;

fn input(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../inputs/day15").join(name)
}

/// Runs `day15-combat INPUT --html PAGE ARGS` and returns the page's path.
fn write_page(name: &str, args: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("day15-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join(format!("{name}.html"));
    let output = Command::new(env!("CARGO_BIN_EXE_day15-combat"))
        .arg(input(&format!("{name}.txt")))
        .arg("--html")
        .arg(&page)
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    page
}

/// The caption the page ends on, after checking the script ran cleanly.
fn final_caption(page: &Path) -> String {
    let dom = browser::dump_dom(page).unwrap_or_else(|error| panic!("{error}"));
    browser::check_ok(&dom).unwrap_or_else(|problem| panic!("{problem}"));
    browser::captions(&dom).into_iter().next().expect("the page shows a caption")
}

fn ends_with_outcome(caption: &str, outcome: &day15_combat::Outcome) -> bool {
    caption.ends_with(&format!(
        "{} win; {} full rounds x {} hit points = {}",
        outcome.winner,
        outcome.rounds,
        outcome.hit_points,
        outcome.score()
    ))
}

#[test]
fn the_part_1_page_ends_on_the_outcome_and_is_the_readme_screenshot() {
    let text = std::fs::read_to_string(input("generated-1.txt")).unwrap();
    let outcome = day15_combat::part1(&day15_combat::parse(&text).unwrap()).unwrap();
    let page = write_page("generated-1", &[]);
    let caption = final_caption(&page);
    assert!(ends_with_outcome(&caption, &outcome), "{caption:?} is not {outcome:?}");
    browser::readme_screenshot(
        &page,
        "day15-replay.png",
        (1100, 560),
        Path::new(env!("CARGO_TARGET_TMPDIR")),
    )
    .unwrap_or_else(|error| panic!("{error}"));
}

#[test]
fn the_part_2_page_ends_on_the_safe_battle() {
    let text = std::fs::read_to_string(input("example-combat.txt")).unwrap();
    let victory = day15_combat::part2(&day15_combat::parse(&text).unwrap()).unwrap().unwrap();
    let caption = final_caption(&write_page("example-combat", &["--part", "2"]));
    assert!(ends_with_outcome(&caption, &victory.outcome), "{caption:?} is not {victory:?}");
}

#[test]
fn animate_without_a_terminal_says_so_and_draws_nothing() {
    let output = Command::new(env!("CARGO_BIN_EXE_day15-combat"))
        .arg(input("example-combat.txt"))
        .arg("--animate")
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(output.stdout.is_empty(), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not one"));
}

//! The `--html` replays in a real browser: the binary writes the page, headless Chromium runs its
//! script to the last frame (`#end`), and the DOM must show each solved level's end with the
//! moves and pushes the library finds, and no script error. The collection page's screenshot is
//! the README's picture.

use replay::browser;
use sokoban::{Options, Status};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A level whose only box stands against the wall beyond its goal: it can never be pushed back.
const STUCK: &str = "; stuck\n#####\n#@.$#\n#####\n";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sokoban-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The committed levels, and one that cannot be solved, as one collection file.
fn collection() -> PathBuf {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../inputs/sokoban");
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&folder).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    let mut text: Vec<String> = files.iter().map(|file| std::fs::read_to_string(file).unwrap()).collect();
    text.push(STUCK.to_owned());
    let path = scratch("set.txt");
    std::fs::write(&path, text.join("\n\n")).unwrap();
    path
}

/// `solved: M moves, P pushes` for each level of `file` the library solves, in order.
fn expected_captions(file: &Path) -> Vec<String> {
    let texts = sokoban::split_collection(&std::fs::read_to_string(file).unwrap()).unwrap();
    texts
        .iter()
        .filter_map(|text| {
            let result =
                sokoban::solve(&text.parse().ok()?, &Options { optimal: true, ..Options::default() }).ok()?;
            match result.status {
                Status::Solved(solution) => {
                    Some(format!("solved: {} moves, {} pushes", solution.moves, solution.pushes))
                }
                Status::Unsolvable | Status::GaveUp(_) => None,
            }
        })
        .collect()
}

fn write_page(file: &Path, page: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_sokoban"))
        .arg(file)
        .args(["--optimal", "--html"])
        .arg(page)
        .args(args)
        .output()
        .unwrap();
    // 1: the collection holds an unsolvable level; 2 would be a page that was not written.
    assert!(matches!(output.status.code(), Some(0 | 1)), "{}", String::from_utf8_lossy(&output.stderr));
    let dom = browser::dump_dom(page).unwrap_or_else(|error| panic!("{error}"));
    browser::check_ok(&dom).unwrap_or_else(|problem| panic!("{problem}"));
    dom
}

#[test]
fn the_collection_page_lists_every_level_and_ends_each_player_solved() {
    let file = collection();
    let page = scratch("set.html");
    let dom = write_page(&file, &page, &["--all"]);
    let expected = expected_captions(&file);
    assert!(expected.len() >= 5, "{expected:?}");
    assert_eq!(browser::captions(&dom), expected);
    assert_eq!(dom.matches("<svg class=\"thumb\"").count(), 7, "a thumbnail for each level");
    assert!(dom.contains("<td>level 7 (stuck)</td><td>unsolvable</td>"), "the unsolvable level is listed");
    browser::readme_screenshot(
        &page,
        "sokoban-replay.png",
        (1100, 1300),
        Path::new(env!("CARGO_TARGET_TMPDIR")),
    )
    .unwrap_or_else(|error| panic!("{error}"));
}

#[test]
fn one_level_gets_a_page_of_its_own() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../inputs/sokoban/warehouse.txt");
    let dom = write_page(&file, &scratch("warehouse.html"), &["--level", "1"]);
    assert_eq!(browser::captions(&dom), expected_captions(&file));
    assert!(!dom.contains("<table"));
}

#[test]
fn animate_needs_a_level_and_a_terminal() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../inputs/sokoban/warehouse.txt");
    let run =
        |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_sokoban")).arg(&file).args(args).output().unwrap();
    let without_level = run(&["--animate"]);
    assert!(!without_level.status.success());
    assert!(String::from_utf8_lossy(&without_level.stderr).contains("--level"));
    let not_a_terminal = run(&["--level", "1", "--animate"]);
    assert!(!not_a_terminal.status.success());
    assert!(not_a_terminal.stdout.is_empty(), "{}", String::from_utf8_lossy(&not_a_terminal.stdout));
    assert!(String::from_utf8_lossy(&not_a_terminal.stderr).contains("not one"));
}

#[test]
fn animate_refuses_a_missing_terminal_before_solving() {
    // Solved first, this level would end in "there is no solution to play"; a long search would
    // keep a user waiting for the same refusal.
    let stuck = scratch("stuck.txt");
    std::fs::write(&stuck, STUCK).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_sokoban"))
        .arg(&stuck)
        .args(["--level", "1", "--animate"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not one") && !stderr.contains("no solution"), "{stderr}");
}

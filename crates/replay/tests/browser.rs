//! The HTML player in a real browser: headless Chromium opens generated pages at `#end`, runs
//! their script, and the DOM it dumps must show each player's last frame and no script error.
//! Synthetic replays here; each puzzle crate checks its own real page the same way.

use replay::html::{self, LevelReport};
use replay::{Cell, Frame, Replay, Style, browser};
use std::path::PathBuf;

/// A robot walking along a corridor for `steps` frames: long enough to cross the whole copies
/// the script keeps every 64 frames.
fn walk(steps: usize) -> Replay {
    let width = 12;
    let at = |step: usize| {
        let mut frame =
            Frame::filled(width, 3, Cell::new('#', Style::Wall), format!("step {step} <of> {steps} & on"));
        for col in 1..width - 1 {
            frame.set(1, col, Cell::new('.', Style::Floor));
        }
        frame.set(1, width - 2, Cell::new('k', Style::Key));
        frame.set(1, 1 + step % (width - 2), Cell::new('@', Style::Robot));
        frame
    };
    let mut replay = Replay::new("a walk", at(0));
    for step in 1..=steps {
        replay.push(at(step)).unwrap();
    }
    replay
}

fn write(name: &str, html: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("replay-browser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, html).unwrap();
    path
}

#[test]
fn the_page_shows_the_last_frame_at_end_without_script_errors() {
    let replay = walk(150);
    let page = write("walk.html", &html::page("walk", &[&replay]));
    let dom = browser::dump_dom(&page).unwrap_or_else(|error| panic!("{error}"));
    if let Err(problem) = browser::check_final_caption(&dom, &replay.last().caption) {
        panic!("{problem}\n{dom}");
    }
    assert!(dom.contains("data-frame=\"150\""), "the player is not on frame 150:\n{dom}");
    assert!(dom.contains("frame 151 / 151"));
}

#[test]
fn a_script_error_is_reported_in_the_dom() {
    // A page whose frames are missing must not pass as working.
    let html = html::page("broken", &[&walk(3)]).replace("\"frames\":[", "\"frames\":null,\"lost\":[");
    let dom = browser::dump_dom(&write("broken.html", &html)).unwrap_or_else(|error| panic!("{error}"));
    let problem = browser::check_final_caption(&dom, "step 3 <of> 3 & on").unwrap_err();
    assert!(problem.contains("script failed") && problem.contains("TypeError"), "{problem}");
    assert!(dom.contains("data-status=\"error\""));
}

#[test]
fn the_collection_page_lists_every_level_and_plays_the_solved_ones() {
    let solved = walk(5);
    let levels = [
        LevelReport {
            name: "1 corridor".into(),
            status: "solved".into(),
            moves: Some(5),
            pushes: Some(0),
            seconds: 0.01,
            thumbnail: Some(solved.first().clone()),
            replay: Some(solved.clone()),
        },
        LevelReport {
            name: "2 stuck".into(),
            status: "gave-up".into(),
            moves: None,
            pushes: None,
            seconds: 10.0,
            thumbnail: Some(solved.first().clone()),
            replay: None,
        },
    ];
    let page = write("set.html", &html::collection_page("set", &levels));
    let dom = browser::dump_dom(&page).unwrap_or_else(|error| panic!("{error}"));
    if let Err(problem) = browser::check_final_caption(&dom, &solved.last().caption) {
        panic!("{problem}\n{dom}");
    }
    assert!(dom.contains("<td>gave-up</td>") && dom.contains("2 stuck"));
    assert_eq!(dom.matches("<section class=\"replay\"").count(), 1);
}

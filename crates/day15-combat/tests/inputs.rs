//! The committed inputs' expected answers, checked with the plain reference simulator, so that
//! `inputs/answers.txt` is never just a copy of what the fast simulator printed.

mod reference;

use reference::{Ending, Powers};
use std::path::Path;

#[test]
fn every_day15_answer_in_the_answers_file_agrees_with_the_reference() {
    let inputs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../inputs");
    let answers =
        std::fs::read_to_string(inputs.join("answers.txt")).expect("inputs/answers.txt is readable");
    let mut checked = 0;
    for line in answers.lines().map(|line| line.split('#').next().unwrap().trim()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let ["day15", input, part, expected] = fields[..] else { continue };
        let map = std::fs::read_to_string(inputs.join(input)).unwrap_or_else(|e| panic!("{input}: {e}"));
        let ending = match part {
            "1" => reference::fight(&map, 3, false),
            "2" => reference::lowest_safe_power(&map, Powers::FirstOfEachKillCount).expect("a safe power").1,
            other => panic!("{input}: unknown part {other}"),
        };
        let Ending::Over { rounds, hit_points, .. } = ending else {
            panic!("{input} part {part}: {ending:?}")
        };
        assert_eq!((u64::from(rounds) * u64::from(hit_points)).to_string(), expected, "{input} part {part}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} day15 answers found in inputs/answers.txt");
}

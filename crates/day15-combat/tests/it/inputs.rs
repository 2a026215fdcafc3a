//! The committed inputs' expected answers, checked with the plain reference simulator, so that
//! `inputs/answers.txt` is never just a copy of what the fast simulator printed.

use crate::reference::{self, Ending, Powers};
use testkit::Answers;

#[test]
fn every_day15_answer_in_the_answers_file_agrees_with_the_reference() {
    let answers = Answers::committed().expect("inputs/answers.txt reads");
    let mut checked = 0;
    for answer in answers.of_puzzle("day15") {
        let (input, part, expected) = (&answer.input, answer.part.as_str(), &answer.answer);
        let map = std::fs::read_to_string(testkit::inputs_dir().join(input))
            .unwrap_or_else(|e| panic!("{}: {input}: {e}", answer.source()));
        let ending = match part {
            "1" => reference::fight(&map, 3, false),
            "2" => reference::lowest_safe_power(&map, Powers::FirstOfEachKillCount).expect("a safe power").1,
            other => panic!("{}: {input}: unknown part {other}", answer.source()),
        };
        let Ending::Over { rounds, hit_points, .. } = ending else {
            panic!("{input} part {part}: {ending:?}")
        };
        assert_eq!(
            &(u64::from(rounds) * u64::from(hit_points)).to_string(),
            expected,
            "{input} part {part} ({})",
            answer.source()
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} day15 answers found in inputs/answers.txt");
}

//! The expected answers file, `inputs/answers.txt`: plain text a person can read and edit.
//!
//! ```text
//! # puzzle  input                       part  answer
//! day15     day15/example-combat.txt    1     27730
//! ```
//!
//! One answer a line: the puzzle, the input's path under `inputs/` (with `/`), the part, and the
//! answer, which is the rest of the line. Fields are separated by runs of spaces or tabs. `#`
//! starts a comment, to the end of the line; blank lines are ignored. A second answer for the same
//! puzzle, input and part is an error, in one file or across the files read together, so an
//! answer can never be silently shadowed. This is the only reader of the grammar: `cargo xtask
//! run-all`, the tests that recheck the answers and the benches all go through it.

use std::path::{Path, PathBuf};

/// One expected answer and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `day15`, `day18` or `sokoban`: the folder name under `inputs/`.
    pub puzzle: String,
    /// The input's path under `inputs/`, with `/` (and, for a level of a Sokoban collection,
    /// `:N` after it: see `inputs/README.md`).
    pub input: String,
    /// `1`, `2`, `optimal-pushes`, ...
    pub part: String,
    /// The rest of the line, trimmed.
    pub answer: String,
    /// The file it was read from.
    pub file: PathBuf,
    /// Its line number in that file, from 1.
    pub line: usize,
}

impl Answer {
    /// Where the answer was written, as `file:line`.
    #[must_use]
    pub fn source(&self) -> String {
        format!("{}:{}", self.file.display(), self.line)
    }

    /// Whether this is the answer for `puzzle`, `input` and `part`.
    #[must_use]
    pub fn is_for(&self, puzzle: &str, input: &str, part: &str) -> bool {
        self.puzzle == puzzle && self.input == input && self.part == part
    }
}

/// What can be wrong with an answers file.
#[derive(Debug, thiserror::Error)]
pub enum AnswersError {
    /// The file cannot be read.
    #[error("cannot read {}: {source}", file.display())]
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line has fewer than the four fields.
    #[error("{}:{line}: expected `puzzle input part answer`, found {text:?}", file.display())]
    MissingFields {
        /// The file.
        file: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// The line, comment removed.
        text: String,
    },
    /// A second answer for one puzzle, input and part.
    #[error("{}:{line}: a second answer for {what} (the first is at {first})", file.display())]
    Duplicate {
        /// The file of the second answer.
        file: PathBuf,
        /// Its line number.
        line: usize,
        /// What it answers: `puzzle input part N`.
        what: String,
        /// Where the first answer is, as `file:line`.
        first: String,
    },
}

/// The answers of one or more files, in the order they were written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answers {
    answers: Vec<Answer>,
}

impl Answers {
    /// Parses the text of an answers file; `file` only names it in answers and errors.
    ///
    /// ```
    /// let text = "# puzzle input part answer\nday15  day15/a.txt  1  27730  # from the statement\n";
    /// let answers = testkit::Answers::parse(text, "answers.txt".as_ref())?;
    /// let answer = answers.get("day15", "day15/a.txt", "1").unwrap();
    /// assert_eq!((answer.answer.as_str(), answer.line), ("27730", 2));
    /// # Ok::<(), testkit::AnswersError>(())
    /// ```
    ///
    /// # Errors
    /// [`AnswersError::MissingFields`] or [`AnswersError::Duplicate`], naming the line.
    pub fn parse(text: &str, file: &Path) -> Result<Answers, AnswersError> {
        let mut answers = Answers::default();
        for (index, line) in text.lines().enumerate() {
            let text = line.split('#').next().unwrap_or_default().trim();
            if text.is_empty() {
                continue;
            }
            let missing_fields = || AnswersError::MissingFields {
                file: file.to_path_buf(),
                line: index + 1,
                text: text.to_owned(),
            };
            // Three fields, each ended by a run of blanks, then the answer: the rest of the line.
            let mut rest = text;
            let mut fields = [""; 3];
            for field in &mut fields {
                let end = rest.find(char::is_whitespace).ok_or_else(missing_fields)?;
                (*field, rest) = (&rest[..end], rest[end..].trim_start());
            }
            let [puzzle, input, part] = fields;
            answers.push(Answer {
                puzzle: puzzle.to_owned(),
                input: input.to_owned(),
                part: part.to_owned(),
                answer: rest.to_owned(),
                file: file.to_path_buf(),
                line: index + 1,
            })?;
        }
        Ok(answers)
    }

    /// Reads and parses an answers file.
    ///
    /// # Errors
    /// [`AnswersError::Read`] when the file cannot be read, or an error of [`Answers::parse`].
    pub fn read(file: &Path) -> Result<Answers, AnswersError> {
        let text = std::fs::read_to_string(file)
            .map_err(|source| AnswersError::Read { file: file.to_path_buf(), source })?;
        Answers::parse(&text, file)
    }

    /// Like [`Answers::read`], but a file that does not exist reads as no answers.
    ///
    /// # Errors
    /// As [`Answers::read`], for a file that exists.
    pub fn read_if_present(file: &Path) -> Result<Answers, AnswersError> {
        match std::fs::read_to_string(file) {
            Ok(text) => Answers::parse(&text, file),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Answers::default()),
            Err(source) => Err(AnswersError::Read { file: file.to_path_buf(), source }),
        }
    }

    /// The committed answers, `inputs/answers.txt`.
    ///
    /// # Errors
    /// As [`Answers::read`].
    pub fn committed() -> Result<Answers, AnswersError> {
        Answers::read(&crate::inputs_dir().join("answers.txt"))
    }

    /// The committed answers and the user's own (`inputs/local/answers.txt`, if present).
    ///
    /// # Errors
    /// As [`Answers::read`], and [`AnswersError::Duplicate`] when both files answer one thing.
    pub fn committed_and_local() -> Result<Answers, AnswersError> {
        let mut answers = Answers::committed()?;
        answers.extend(Answers::read_if_present(&crate::inputs_dir().join("local").join("answers.txt"))?)?;
        Ok(answers)
    }

    /// Adds the answers of another file.
    ///
    /// # Errors
    /// [`AnswersError::Duplicate`] at the first answer already given.
    pub fn extend(&mut self, other: Answers) -> Result<(), AnswersError> {
        other.answers.into_iter().try_for_each(|answer| self.push(answer))
    }

    fn push(&mut self, answer: Answer) -> Result<(), AnswersError> {
        if let Some(first) = self.get(&answer.puzzle, &answer.input, &answer.part) {
            return Err(AnswersError::Duplicate {
                first: first.source(),
                what: format!("{} {} part {}", answer.puzzle, answer.input, answer.part),
                file: answer.file,
                line: answer.line,
            });
        }
        self.answers.push(answer);
        Ok(())
    }

    /// The answer for `puzzle`, `input` and `part`, if written.
    #[must_use]
    pub fn get(&self, puzzle: &str, input: &str, part: &str) -> Option<&Answer> {
        self.answers.iter().find(|answer| answer.is_for(puzzle, input, part))
    }

    /// The answers of one puzzle, in file order.
    pub fn of_puzzle<'a>(&'a self, puzzle: &'a str) -> impl Iterator<Item = &'a Answer> + 'a {
        self.answers.iter().filter(move |answer| answer.puzzle == puzzle)
    }

    /// Every answer, in file order.
    pub fn iter(&self) -> impl Iterator<Item = &Answer> {
        self.answers.iter()
    }

    /// How many answers there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.answers.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::{Answers, AnswersError};
    use std::path::Path;

    fn parse(text: &str) -> Result<Answers, AnswersError> {
        Answers::parse(text, Path::new("answers.txt"))
    }

    #[test]
    fn fields_are_split_on_runs_of_blanks_and_the_answer_is_the_rest_of_the_line() {
        let answers = parse("\n  # a comment\nday15\tday15/a.txt   2   elves win, 4988   # note\n").unwrap();
        let answer = answers.get("day15", "day15/a.txt", "2").unwrap();
        assert_eq!(answer.answer, "elves win, 4988");
        assert_eq!(answer.source(), "answers.txt:3");
        assert_eq!(answers.len(), 1);
    }

    #[test]
    fn a_line_without_an_answer_names_its_line() {
        let error = parse("day15 day15/a.txt 1 27730\nday15 day15/a.txt 2\n").unwrap_err();
        assert!(matches!(error, AnswersError::MissingFields { line: 2, .. }), "{error:?}");
        assert_eq!(
            error.to_string(),
            "answers.txt:2: expected `puzzle input part answer`, found \"day15 day15/a.txt 2\""
        );
        assert!(matches!(
            parse("day15 day15/a.txt 1 # 27730").unwrap_err(),
            AnswersError::MissingFields { .. }
        ));
    }

    #[test]
    fn a_second_answer_for_the_same_part_is_an_error_naming_both_lines() {
        let error = parse("day18 day18/a.txt 1 8\n\nday18 day18/a.txt 1 9\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "answers.txt:3: a second answer for day18 day18/a.txt part 1 (the first is at answers.txt:1)"
        );
        let mut committed = parse("day18 day18/a.txt 1 8\n").unwrap();
        let local = Answers::parse("day18 day18/a.txt 1 8\n", Path::new("local.txt")).unwrap();
        assert!(matches!(committed.extend(local), Err(AnswersError::Duplicate { line: 1, .. })));
    }

    #[test]
    fn the_committed_file_parses_and_lists_every_puzzle() {
        let answers = Answers::committed().expect("inputs/answers.txt parses");
        for puzzle in ["day15", "day18", "sokoban"] {
            assert!(answers.of_puzzle(puzzle).count() >= 6, "few {puzzle} answers");
        }
    }

    #[test]
    fn a_missing_optional_file_is_no_answers_and_a_missing_required_one_an_error() {
        let missing = Path::new("/no/such/answers.txt");
        assert!(Answers::read_if_present(missing).unwrap().is_empty());
        let error = Answers::read(missing).unwrap_err();
        assert!(error.to_string().starts_with("cannot read /no/such/answers.txt: "), "{error}");
    }
}

//! The command-line test harness: run a puzzle binary on a text as a user runs it on a file.
//!
//! Each crate's CLI tests used to write their inputs under the system's temporary folder and
//! leave them there. Here every input goes through a [`tempfile::NamedTempFile`], removed when
//! the run is over, whether the test passes or panics. The binary's path comes from cargo
//! (`env!("CARGO_BIN_EXE_<name>")` in the test), so the binary under test is the one just built.

use std::io::Write as _;
use std::process::{Command, ExitStatus};

/// What one run of a binary printed, and how it ended.
#[derive(Debug)]
pub struct Run {
    /// The exit status.
    pub status: ExitStatus,
    /// Standard output, as text.
    pub stdout: String,
    /// Standard error, as text.
    pub stderr: String,
}

impl Run {
    /// The exit code, `None` if the process was killed by a signal.
    #[must_use]
    pub fn code(&self) -> Option<i32> {
        self.status.code()
    }

    /// Whether the binary exited with status 0.
    #[must_use]
    pub fn success(&self) -> bool {
        self.status.success()
    }

    /// Asserts a failure a user can read: a non-zero exit, a message on standard error that
    /// mentions `expected`, and no panic.
    ///
    /// # Panics
    /// When any of the three does not hold, with what was printed.
    #[track_caller]
    pub fn assert_clear_error(&self, expected: &str) {
        assert!(!self.success(), "expected a failure, got {:?} and {:?}", self.stdout, self.stderr);
        assert!(self.stderr.contains(expected), "{:?} does not mention {expected:?}", self.stderr);
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
    }
}

/// Runs `binary` with `args` as they are.
///
/// # Panics
/// If the binary cannot be started: the test cannot go on.
#[must_use]
pub fn run(binary: &str, args: &[&str]) -> Run {
    let output = Command::new(binary).args(args).output().unwrap_or_else(|error| panic!("{binary}: {error}"));
    Run {
        status: output.status,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Writes `text` to a fresh temporary `.txt` file and runs `binary` with the file's path first,
/// then `args`. The file is removed when the run is over.
///
/// # Panics
/// If the temporary file cannot be written or the binary cannot be started.
#[must_use]
pub fn run_on(binary: &str, text: &str, args: &[&str]) -> Run {
    let file = input_file(text);
    let path = file.path().to_str().expect("temporary paths are text").to_owned();
    let mut all = vec![path.as_str()];
    all.extend_from_slice(args);
    run(binary, &all)
}

/// A fresh temporary `.txt` file holding `text`, removed when dropped: for a test that starts
/// the binary itself (to read its output while it runs, say).
///
/// # Panics
/// If the temporary file cannot be written.
#[must_use]
pub fn input_file(text: &str) -> tempfile::NamedTempFile {
    let mut file = tempfile::Builder::new().suffix(".txt").tempfile().expect("a temporary file");
    file.write_all(text.as_bytes()).expect("the temporary file is writable");
    file
}

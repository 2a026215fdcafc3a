//! Finding a puzzle's input files: the committed ones, the user's own, and the real-size ones.
//!
//! ```text
//! inputs/<puzzle>/*.txt             committed: worked examples and generated inputs
//! inputs/local/<puzzle>/*.txt       the user's own, ignored by git
//! ../shared/aoc/<puzzle>/*.txt      real puzzle inputs beside the repository, for the benches
//! ```
//!
//! Every list is sorted by file name, so runs and tables come out in the same order everywhere.
//! A missing committed folder is an error (the checkout is broken); a missing local or shared
//! folder is normal, and the caller is told where it was looked for so it can say so plainly.

use std::path::{Path, PathBuf};

/// One input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputFile {
    /// The path as the answers file writes it, with `/`: under `inputs/` for committed and local
    /// inputs (`day15/generated-1.txt`, `local/day15/mine.txt`), under `shared/` for real-size
    /// ones (`aoc/day15/input-1.txt`).
    pub name: String,
    /// Where the file is.
    pub path: PathBuf,
}

impl InputFile {
    /// The file name without `.txt`: how benches name their cases.
    #[must_use]
    pub fn stem(&self) -> String {
        self.path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default()
    }

    /// The file's text.
    ///
    /// # Errors
    /// [`InputsError::Read`] naming the file.
    pub fn read(&self) -> Result<String, InputsError> {
        std::fs::read_to_string(&self.path)
            .map_err(|source| InputsError::Read { path: self.path.clone(), source })
    }
}

/// What can go wrong while finding or reading inputs.
#[derive(Debug, thiserror::Error)]
pub enum InputsError {
    /// A folder that every checkout has is not there.
    #[error("{} is missing: the committed {puzzle} inputs should be there", folder.display())]
    MissingFolder {
        /// The puzzle whose inputs were looked for.
        puzzle: String,
        /// The folder looked for.
        folder: PathBuf,
    },
    /// A folder or file exists but cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The folder or file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// The committed inputs of `puzzle`, from `inputs/<puzzle>/`.
///
/// # Errors
/// [`InputsError::MissingFolder`] when the folder is not there, [`InputsError::Read`] when it
/// cannot be listed.
pub fn committed(puzzle: &str) -> Result<Vec<InputFile>, InputsError> {
    let folder = crate::inputs_dir().join(puzzle);
    if !folder.is_dir() {
        return Err(InputsError::MissingFolder { puzzle: puzzle.to_owned(), folder });
    }
    txt_files(&folder, puzzle)
}

/// The user's own inputs of `puzzle`, from `inputs/local/<puzzle>/`; none when it is missing.
///
/// # Errors
/// [`InputsError::Read`] when the folder exists but cannot be listed.
pub fn local(puzzle: &str) -> Result<Vec<InputFile>, InputsError> {
    let folder = crate::inputs_dir().join("local").join(puzzle);
    if !folder.is_dir() {
        return Ok(Vec::new());
    }
    txt_files(&folder, &format!("local/{puzzle}"))
}

/// The real-size inputs of `puzzle` in `../shared/aoc/<puzzle>/`, or, when that folder is
/// missing or empty, `Err` with the folder looked for, so the caller can say where it looked.
///
/// # Errors
/// `Err(folder)` when there are no real-size inputs to be had; a folder that exists but cannot be
/// listed counts as missing, with the reason on standard error.
pub fn real_size(puzzle: &str) -> Result<Vec<InputFile>, PathBuf> {
    let folder = crate::shared_dir().join("aoc").join(puzzle);
    if !folder.is_dir() {
        return Err(folder);
    }
    match txt_files(&folder, &format!("aoc/{puzzle}")) {
        Ok(files) if !files.is_empty() => Ok(files),
        Ok(_) => Err(folder),
        Err(error) => {
            eprintln!("note: {error}");
            Err(folder)
        }
    }
}

/// The `.txt` files of `folder`, sorted by name, each named `<prefix>/<file name>`.
///
/// # Errors
/// [`InputsError::Read`] when the folder cannot be listed.
pub fn txt_files(folder: &Path, prefix: &str) -> Result<Vec<InputFile>, InputsError> {
    let unreadable = |source| InputsError::Read { path: folder.to_path_buf(), source };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).map_err(unreadable)? {
        let path = entry.map_err(unreadable)?.path();
        if path.is_file() && path.extension().is_some_and(|ext| ext == "txt") {
            let file_name =
                path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
            files.push(InputFile { name: format!("{prefix}/{file_name}"), path });
        }
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(files)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_committed_inputs_are_found_in_name_order() {
        let files = super::committed("day18").expect("the checkout has inputs/day18");
        assert!(files.len() >= 12, "{files:?}");
        assert!(files.iter().all(|file| file.name.starts_with("day18/") && file.path.is_file()));
        assert!(files.windows(2).all(|pair| pair[0].name < pair[1].name));
        assert_eq!(files[0].stem(), "example-p1-1");
    }

    #[test]
    fn a_missing_committed_folder_says_where_it_looked() {
        let error = super::committed("no-such-puzzle").unwrap_err();
        assert!(error.to_string().contains("inputs/no-such-puzzle is missing"), "{error}");
    }
}

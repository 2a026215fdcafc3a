//! # replay: watch a puzzle's answer instead of reading it
//!
//! A puzzle turns its answer into a [`Replay`]: a sequence of [`Frame`]s, each a grid of
//! [`Cell`]s (a glyph and a semantic [`Style`]) with a caption line (the round, hit points, keys
//! held, moves and pushes). This crate knows nothing of any puzzle; it plays frames in a terminal
//! ([`terminal`]) and writes them as one self-contained HTML page ([`html`]). The puzzles'
//! libraries stay free of both: only their binaries build frames and depend on this crate.
//!
//! ```text
//!  puzzle answer ──frames.rs (in the binary)──▶ Replay ──terminal::play──▶ the terminal
//!                                                  └────html::page─────▶ one .html file
//! ```
//!
//! ## Styles, not colours
//! A cell says what it *is* (a wall, an elf, a box on a goal), never how it looks. The terminal
//! maps each [`Style`] to a colour and the page to a fill colour, so the two players agree and a
//! puzzle never picks colours.
//!
//! ## Frames stored as changes
//! A day 18 route is thousands of steps on an 81 x 81 maze; storing every frame whole would take
//! hundreds of megabytes. Between two frames only a few cells change (a robot steps, a key
//! vanishes), so a [`Replay`] keeps the first frame whole and, for every later frame, the cells
//! that changed, plus a whole copy every [`KEYFRAME_EVERY`] frames so that any frame is rebuilt
//! from a nearby copy. The HTML page embeds the same changes and rebuilds frames the same way.
//!
//! The crate has its own small frame grid rather than the workspace's `grid::Grid`: a frame is a
//! picture, not a puzzle board, and keeping the presentation apart from the puzzles' grid lets
//! either change without the other.

pub mod browser;
pub mod html;
pub mod terminal;

use thiserror::Error;

/// A whole frame is kept this often, so rebuilding any frame applies at most this many changes.
pub const KEYFRAME_EVERY: usize = 64;

/// What a cell shows, in the puzzles' own words; each player maps it to a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// A wall.
    Wall,
    /// Open floor.
    Floor,
    /// A day 15 elf.
    Elf,
    /// A day 15 goblin.
    Goblin,
    /// A day 18 key not yet collected.
    Key,
    /// A day 18 door still closed.
    Door,
    /// A day 18 robot.
    Robot,
    /// A Sokoban box off its goal.
    Box,
    /// A Sokoban box on a goal.
    BoxOnGoal,
    /// A Sokoban goal square.
    Goal,
    /// The Sokoban player.
    Player,
    /// A square some robot or unit has walked over.
    Path,
    /// Text beside the board, such as hit points.
    Text,
}

impl Style {
    /// Every style, in the order of [`Style::index`].
    pub const ALL: [Style; 13] = [
        Style::Wall,
        Style::Floor,
        Style::Elf,
        Style::Goblin,
        Style::Key,
        Style::Door,
        Style::Robot,
        Style::Box,
        Style::BoxOnGoal,
        Style::Goal,
        Style::Player,
        Style::Path,
        Style::Text,
    ];

    /// A small number for the style: how the HTML page names it compactly.
    #[must_use]
    pub fn index(self) -> usize {
        Style::ALL.iter().position(|&style| style == self).unwrap_or(0)
    }

    /// The style's name, used as a CSS class and in the page's palette.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Style::Wall => "wall",
            Style::Floor => "floor",
            Style::Elf => "elf",
            Style::Goblin => "goblin",
            Style::Key => "key",
            Style::Door => "door",
            Style::Robot => "robot",
            Style::Box => "box",
            Style::BoxOnGoal => "box-on-goal",
            Style::Goal => "goal",
            Style::Player => "player",
            Style::Path => "path",
            Style::Text => "text",
        }
    }
}

/// One square of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The character drawn, as the puzzle writes it (`#`, `E`, `a`, `$`).
    pub glyph: char,
    /// What the square is.
    pub style: Style,
}

impl Cell {
    /// A cell.
    #[must_use]
    pub const fn new(glyph: char, style: Style) -> Cell {
        Cell { glyph, style }
    }

    /// A blank text cell: padding beside the board.
    pub const BLANK: Cell = Cell::new(' ', Style::Text);
}

/// One picture of the replay: cells row by row, and a caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// The line shown under the board: round, hit points, keys held, moves and pushes.
    pub caption: String,
}

impl Frame {
    /// A frame of `width` x `height` cells, all `fill`.
    #[must_use]
    pub fn filled(width: usize, height: usize, fill: Cell, caption: impl Into<String>) -> Frame {
        Frame { width, height, cells: vec![fill; width * height], caption: caption.into() }
    }

    /// A frame from rows of cells, each padded with blank text cells to `width` (rows longer
    /// than `width` are cut).
    #[must_use]
    pub fn from_rows(rows: Vec<Vec<Cell>>, width: usize, caption: impl Into<String>) -> Frame {
        let height = rows.len();
        let mut cells = Vec::with_capacity(width * height);
        for mut row in rows {
            row.resize(width, Cell::BLANK);
            cells.extend(row);
        }
        Frame { width, height, cells, caption: caption.into() }
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cells, row after row.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell at `row`, `col`, if inside.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Option<Cell> {
        (row < self.height && col < self.width).then(|| self.cells[row * self.width + col])
    }

    /// Sets the cell at `row`, `col`; outside the frame it does nothing.
    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        if row < self.height && col < self.width {
            self.cells[row * self.width + col] = cell;
        }
    }

    /// One row's cells.
    #[must_use]
    pub fn row(&self, row: usize) -> &[Cell] {
        &self.cells[row * self.width..(row + 1) * self.width]
    }

    /// The glyphs alone, one line a row: what a test compares with a puzzle's own drawing.
    #[must_use]
    pub fn text(&self) -> String {
        let mut text = String::with_capacity((self.width + 1) * self.height);
        for row in 0..self.height {
            text.extend(self.row(row).iter().map(|cell| cell.glyph));
            text.push('\n');
        }
        text
    }
}

/// Why a frame cannot join a replay.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The frames of one replay share one size.
    #[error(
        "frame {index} is {found_width} x {found_height}, but the replay's frames are {width} x {height}"
    )]
    SizeMismatch {
        /// The frame's number, from 0.
        index: usize,
        /// The replay's columns.
        width: usize,
        /// The replay's rows.
        height: usize,
        /// The frame's columns.
        found_width: usize,
        /// The frame's rows.
        found_height: usize,
    },
    /// `--animate` was asked for where standard output is not a terminal.
    #[error(
        "--animate plays in a terminal, and standard output is not one (write a page with --html FILE instead)"
    )]
    NotATerminal,
    /// The terminal could not be set up, drawn on or read.
    #[error("terminal: {0}")]
    Terminal(String),
}

/// The cells that changed from one frame to the next, and the new caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Change {
    pub(crate) caption: String,
    /// `(index, cell)` for each cell that differs from the previous frame.
    pub(crate) cells: Vec<(usize, Cell)>,
}

/// A named sequence of frames of one size, stored as changes (see the module notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// What is being replayed, shown as a heading.
    pub title: String,
    first: Frame,
    /// Frame `i + 1` as changes from frame `i`.
    changes: Vec<Change>,
    /// Whole copies of frames `0, KEYFRAME_EVERY, 2 x KEYFRAME_EVERY, ...`.
    keyframes: Vec<Frame>,
    /// The newest frame, whole, to compute the next change against.
    last: Frame,
}

impl Replay {
    /// A replay starting with `first`.
    #[must_use]
    pub fn new(title: impl Into<String>, first: Frame) -> Replay {
        Replay {
            title: title.into(),
            changes: Vec::new(),
            keyframes: vec![first.clone()],
            last: first.clone(),
            first,
        }
    }

    /// Adds the next frame.
    ///
    /// # Errors
    /// [`ReplayError::SizeMismatch`] if its size is not the first frame's.
    pub fn push(&mut self, frame: Frame) -> Result<(), ReplayError> {
        if (frame.width, frame.height) != (self.first.width, self.first.height) {
            return Err(ReplayError::SizeMismatch {
                index: self.len(),
                width: self.first.width,
                height: self.first.height,
                found_width: frame.width,
                found_height: frame.height,
            });
        }
        let cells = (0..frame.cells.len())
            .filter(|&i| frame.cells[i] != self.last.cells[i])
            .map(|i| (i, frame.cells[i]))
            .collect();
        self.changes.push(Change { caption: frame.caption.clone(), cells });
        if (self.len() - 1).is_multiple_of(KEYFRAME_EVERY) {
            self.keyframes.push(frame.clone());
        }
        self.last = frame;
        Ok(())
    }

    /// Number of frames.
    #[must_use]
    pub fn len(&self) -> usize {
        self.changes.len() + 1
    }

    /// Never true: a replay holds at least its first frame.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Columns of every frame.
    #[must_use]
    pub fn width(&self) -> usize {
        self.first.width
    }

    /// Rows of every frame.
    #[must_use]
    pub fn height(&self) -> usize {
        self.first.height
    }

    /// The first frame.
    #[must_use]
    pub fn first(&self) -> &Frame {
        &self.first
    }

    /// The last frame.
    #[must_use]
    pub fn last(&self) -> &Frame {
        &self.last
    }

    /// Frame `index` (the last one for an index past the end), rebuilt from the nearest whole
    /// copy before it.
    #[must_use]
    pub fn frame(&self, index: usize) -> Frame {
        let index = index.min(self.len() - 1);
        let mut frame = self.keyframes[index / KEYFRAME_EVERY].clone();
        for change in &self.changes[index / KEYFRAME_EVERY * KEYFRAME_EVERY..index] {
            apply(&mut frame, change);
        }
        frame
    }

    /// The changes from each frame to the next.
    pub(crate) fn changes(&self) -> &[Change] {
        &self.changes
    }

    /// Every frame in order, each rebuilt from the one before.
    pub fn frames(&self) -> impl Iterator<Item = Frame> + '_ {
        let mut frame = self.first.clone();
        std::iter::once(self.first.clone()).chain(self.changes.iter().map(move |change| {
            apply(&mut frame, change);
            frame.clone()
        }))
    }
}

fn apply(frame: &mut Frame, change: &Change) {
    for &(index, cell) in &change.cells {
        frame.cells[index] = cell;
    }
    frame.caption.clone_from(&change.caption);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(n: usize) -> Frame {
        let mut frame = Frame::filled(3, 2, Cell::new('.', Style::Floor), format!("frame {n}"));
        frame.set(n % 2, n % 3, Cell::new('@', Style::Robot));
        frame
    }

    #[test]
    fn every_frame_is_rebuilt_exactly_across_keyframes() {
        let mut replay = Replay::new("t", numbered(0));
        for n in 1..200 {
            replay.push(numbered(n)).unwrap();
        }
        assert_eq!(replay.len(), 200);
        for n in [0, 1, 63, 64, 65, 127, 128, 199] {
            assert_eq!(replay.frame(n), numbered(n), "frame {n}");
        }
        assert!(replay.frames().enumerate().all(|(n, frame)| frame == numbered(n)));
        assert_eq!(replay.last(), &numbered(199));
        assert_eq!(replay.frame(10_000), numbered(199));
    }

    #[test]
    fn a_frame_of_another_size_is_refused() {
        let mut replay = Replay::new("t", numbered(0));
        let error = replay.push(Frame::filled(4, 2, Cell::BLANK, "")).unwrap_err();
        assert!(matches!(error, ReplayError::SizeMismatch { index: 1, found_width: 4, .. }));
    }

    #[test]
    fn rows_are_padded_to_the_width() {
        let frame = Frame::from_rows(vec![vec![Cell::new('#', Style::Wall)], vec![]], 2, "c");
        assert_eq!(frame.text(), "# \n  \n");
        assert_eq!(frame.get(0, 0), Some(Cell::new('#', Style::Wall)));
        assert_eq!(frame.get(2, 0), None);
    }
}

//! # The terminal player
//!
//! [`play`] shows a [`Replay`] frame by frame on the alternate screen, in colour, with the
//! caption under the board and the keys on the line below:
//!
//! ```text
//! space  pause / play        left / right  one frame back / on (while paused)
//! + / -  faster / slower     q, Esc, Ctrl-C  quit
//! ```
//!
//! ## The terminal is always given back
//! Raw mode and the alternate screen are switched on by a `Session` guard whose `Drop` switches
//! them off, so the shell gets its terminal back on every way out: `q`, an error, or a panic (a
//! panic hook restores the screen first, so its message is not lost on the alternate screen).
//! In raw mode Ctrl-C is not a signal but a key like any other, so it is handled as "quit" and
//! the guard restores the terminal as for `q`.
//!
//! ## Testable without a terminal
//! What is drawn is split from where: [`draw`] writes one frame's escape sequences to any
//! writer, and [`Controls`] is the pause/step/speed state machine fed with keys, so tests run
//! both without a terminal. [`render_to_string`] is the plain text of a frame, for snapshots.

use crate::{Frame, Replay, ReplayError, Style};
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{Color, Print, ResetColor, SetForegroundColor};
use crossterm::terminal::{self, ClearType};
use crossterm::{cursor, execute, queue};
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// The delays between frames the speed keys step through, slowest first.
const DELAYS_MS: [u64; 10] = [2000, 1000, 500, 250, 120, 60, 30, 15, 8, 4];

/// The line of keys under the caption.
const HELP: &str = "space pause/play  \u{2190}/\u{2192} step  +/- speed  q quit";

/// A frame's glyphs and caption as plain text, one line a row: what the player shows, without
/// colours.
#[must_use]
pub fn render_to_string(frame: &Frame) -> String {
    let mut text = frame.text();
    text.push_str(&frame.caption);
    text.push('\n');
    text
}

/// The terminal colour of a style.
#[must_use]
pub fn colour(style: Style) -> Color {
    match style {
        Style::Wall => Color::DarkGrey,
        Style::Floor => Color::Grey,
        Style::Elf => Color::Green,
        Style::Goblin => Color::Red,
        Style::Key => Color::Yellow,
        Style::Door => Color::Magenta,
        Style::Robot => Color::Cyan,
        Style::Box => Color::DarkYellow,
        Style::BoxOnGoal => Color::DarkGreen,
        Style::Goal => Color::Blue,
        Style::Player => Color::White,
        Style::Path => Color::DarkCyan,
        Style::Text => Color::Reset,
    }
}

/// Writes one frame at the top left of the screen: the board in colour, the caption, and a
/// status line.
///
/// # Errors
/// Whatever writing to `out` returns.
pub fn draw(out: &mut impl Write, frame: &Frame, status: &str) -> std::io::Result<()> {
    queue!(out, cursor::MoveTo(0, 0))?;
    for row in 0..frame.height() {
        let mut current = None;
        let mut run = String::new();
        // Consecutive cells of one style are printed as one string: far fewer escape codes.
        for cell in frame.row(row) {
            if current != Some(cell.style) {
                if let Some(style) = current {
                    queue!(out, SetForegroundColor(colour(style)), Print(&run))?;
                }
                run.clear();
                current = Some(cell.style);
            }
            run.push(cell.glyph);
        }
        if let Some(style) = current {
            queue!(out, SetForegroundColor(colour(style)), Print(&run))?;
        }
        queue!(out, ResetColor, terminal::Clear(ClearType::UntilNewLine), Print("\r\n"))?;
    }
    queue!(
        out,
        Print(&frame.caption),
        terminal::Clear(ClearType::UntilNewLine),
        Print("\r\n"),
        Print(status),
        terminal::Clear(ClearType::UntilNewLine),
    )?;
    out.flush()
}

/// What a key asks of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Redraw (something changed).
    Redraw,
    /// Nothing to do.
    Nothing,
    /// Leave the player.
    Quit,
}

/// The player's state: which frame, paused or not, how fast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Controls {
    /// The frame shown.
    pub frame: usize,
    /// Frames in the replay.
    pub frames: usize,
    /// True while paused.
    pub paused: bool,
    /// An index into the delays, higher is faster.
    pub speed: usize,
}

impl Controls {
    /// At the first frame, playing, at the speed closest to `frames_per_second`.
    #[must_use]
    pub fn new(frames: usize, frames_per_second: u32) -> Controls {
        let wanted = 1000 / u64::from(frames_per_second.max(1));
        let speed = (0..DELAYS_MS.len()).min_by_key(|&i| DELAYS_MS[i].abs_diff(wanted)).unwrap_or(3);
        Controls { frame: 0, frames: frames.max(1), paused: false, speed }
    }

    /// How long a frame stays on screen.
    #[must_use]
    pub fn delay(&self) -> Duration {
        Duration::from_millis(DELAYS_MS[self.speed])
    }

    /// Moves on one frame when playing; at the last frame the player pauses there.
    pub fn tick(&mut self) -> Action {
        if self.paused {
            return Action::Nothing;
        }
        if self.frame + 1 < self.frames {
            self.frame += 1;
        } else {
            self.paused = true;
        }
        Action::Redraw
    }

    /// Reacts to a key press.
    pub fn key(&mut self, key: KeyEvent) -> Action {
        if key.kind == KeyEventKind::Release {
            return Action::Nothing;
        }
        match key.code {
            KeyCode::Char('q' | 'Q') | KeyCode::Esc => Action::Quit,
            // Raw mode delivers Ctrl-C as a key, not a signal.
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Action::Quit,
            KeyCode::Char(' ') => {
                if !self.paused {
                    self.paused = true;
                } else if self.frame + 1 == self.frames {
                    // Play again from the start rather than stay on the end.
                    self.frame = 0;
                    self.paused = false;
                } else {
                    self.paused = false;
                }
                Action::Redraw
            }
            KeyCode::Right if self.paused && self.frame + 1 < self.frames => {
                self.frame += 1;
                Action::Redraw
            }
            KeyCode::Left if self.paused && self.frame > 0 => {
                self.frame -= 1;
                Action::Redraw
            }
            KeyCode::Char('+' | '=') if self.speed + 1 < DELAYS_MS.len() => {
                self.speed += 1;
                Action::Redraw
            }
            KeyCode::Char('-' | '_') if self.speed > 0 => {
                self.speed -= 1;
                Action::Redraw
            }
            _ => Action::Nothing,
        }
    }

    /// The line under the caption: where the player is, and the keys.
    #[must_use]
    pub fn status(&self) -> String {
        let state = if self.paused { "paused" } else { "playing" };
        format!(
            "frame {}/{}  {state}  {} ms/frame   {HELP}",
            self.frame + 1,
            self.frames,
            DELAYS_MS[self.speed]
        )
    }
}

/// Raw mode and the alternate screen for as long as it lives.
struct Session;

impl Session {
    fn start() -> std::io::Result<Session> {
        terminal::enable_raw_mode()?;
        // From here on the guard exists, so any error below still restores the terminal.
        let session = Session;
        execute!(
            std::io::stdout(),
            terminal::EnterAlternateScreen,
            cursor::Hide,
            terminal::Clear(ClearType::All)
        )?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        Ok(session)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves the alternate screen and raw mode; harmless when already done.
fn restore() {
    let _ = execute!(std::io::stdout(), ResetColor, cursor::Show, terminal::LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
}

/// Fails as [`play`] would when standard output is not a terminal, so that a binary can refuse
/// `--animate` before a long search rather than after it.
///
/// # Errors
/// [`ReplayError::NotATerminal`] when standard output is not a terminal.
pub fn ensure_terminal() -> Result<(), ReplayError> {
    if std::io::stdout().is_terminal() { Ok(()) } else { Err(ReplayError::NotATerminal) }
}

fn terminal_error(error: &std::io::Error) -> ReplayError {
    ReplayError::Terminal(error.to_string())
}

/// Plays `replay` in the terminal until the viewer quits, starting at about
/// `frames_per_second`.
///
/// # Errors
/// [`ReplayError::NotATerminal`] before drawing anything when standard output is not a
/// terminal; [`ReplayError::Terminal`] if the terminal fails.
pub fn play(replay: &Replay, frames_per_second: u32) -> Result<(), ReplayError> {
    ensure_terminal()?;
    let _session = Session::start().map_err(|e| terminal_error(&e))?;
    let mut controls = Controls::new(replay.len(), frames_per_second);
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let mut frame = replay.frame(0);
    let mut shown = 0;
    let title_status = |controls: &Controls| format!("{}  |  {}", replay.title, controls.status());
    draw(&mut out, &frame, &title_status(&controls)).map_err(|e| terminal_error(&e))?;
    let mut next_tick = Instant::now() + controls.delay();
    loop {
        let wait = next_tick.saturating_duration_since(Instant::now());
        let action = if event::poll(wait).map_err(|e| terminal_error(&e))? {
            match event::read().map_err(|e| terminal_error(&e))? {
                Event::Key(key) => controls.key(key),
                Event::Resize(..) => {
                    execute!(out, terminal::Clear(ClearType::All)).map_err(|e| terminal_error(&e))?;
                    Action::Redraw
                }
                _ => Action::Nothing,
            }
        } else {
            next_tick = Instant::now() + controls.delay();
            controls.tick()
        };
        match action {
            Action::Quit => return Ok(()),
            Action::Nothing => {}
            Action::Redraw => {
                if controls.frame != shown {
                    // Stepping on by one applies one change; any other jump rebuilds the frame.
                    frame = if controls.frame == shown + 1 {
                        let mut next = frame;
                        crate::apply(&mut next, &replay.changes()[shown]);
                        next
                    } else {
                        replay.frame(controls.frame)
                    };
                    shown = controls.frame;
                }
                draw(&mut out, &frame, &title_status(&controls)).map_err(|e| terminal_error(&e))?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn board() -> Frame {
        let mut frame = Frame::filled(4, 3, Cell::new('#', Style::Wall), "round 2: elves 200, goblins 197");
        frame.set(1, 1, Cell::new('E', Style::Elf));
        frame.set(1, 2, Cell::new('G', Style::Goblin));
        frame
    }

    #[test]
    fn a_frame_renders_as_its_glyphs_and_caption() {
        assert_eq!(render_to_string(&board()), "####\n#EG#\n####\nround 2: elves 200, goblins 197\n");
    }

    #[test]
    fn drawing_colours_each_run_of_a_style_once() {
        let mut out = Vec::new();
        draw(&mut out, &board(), "status").unwrap();
        let text = String::from_utf8(out).unwrap();
        // Green (32) for the elf, red (31) for the goblin, as crossterm writes them.
        assert!(text.contains("\u{1b}[38;5;10mE"), "{text:?}");
        assert!(text.contains("\u{1b}[38;5;9mG"), "{text:?}");
        assert!(text.contains("round 2: elves 200, goblins 197"));
        assert_eq!(text.matches("####").count(), 2);
        assert!(text.ends_with("status\u{1b}[K"), "{text:?}");
    }

    #[test]
    fn space_pauses_and_arrows_step_only_while_paused() {
        let mut controls = Controls::new(3, 4);
        assert_eq!(controls.key(press(KeyCode::Right)), Action::Nothing);
        assert_eq!(controls.key(press(KeyCode::Char(' '))), Action::Redraw);
        assert!(controls.paused);
        assert_eq!(controls.tick(), Action::Nothing);
        controls.key(press(KeyCode::Right));
        controls.key(press(KeyCode::Right));
        controls.key(press(KeyCode::Right));
        assert_eq!(controls.frame, 2);
        controls.key(press(KeyCode::Left));
        assert_eq!(controls.frame, 1);
    }

    #[test]
    fn playing_stops_on_the_last_frame_and_space_starts_again() {
        let mut controls = Controls::new(2, 4);
        controls.tick();
        controls.tick();
        assert_eq!((controls.frame, controls.paused), (1, true));
        controls.key(press(KeyCode::Char(' ')));
        assert_eq!((controls.frame, controls.paused), (0, false));
    }

    #[test]
    fn plus_and_minus_change_speed_within_bounds() {
        let mut controls = Controls::new(2, 4);
        assert_eq!(controls.delay(), Duration::from_millis(250));
        controls.key(press(KeyCode::Char('+')));
        assert_eq!(controls.delay(), Duration::from_millis(120));
        for _ in 0..20 {
            controls.key(press(KeyCode::Char('-')));
        }
        assert_eq!(controls.delay(), Duration::from_millis(DELAYS_MS[0]));
    }

    #[test]
    fn q_escape_and_ctrl_c_quit() {
        let mut controls = Controls::new(2, 4);
        assert_eq!(controls.key(press(KeyCode::Char('q'))), Action::Quit);
        assert_eq!(controls.key(press(KeyCode::Esc)), Action::Quit);
        assert_eq!(controls.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Action::Quit);
        assert_eq!(controls.key(press(KeyCode::Char('c'))), Action::Nothing);
    }
}

//! # Checking a page in a real browser
//!
//! The HTML player is only known to work once a browser has run its script. This module runs
//! headless Chromium on a page written by [`crate::html`], opened at `#end` so every player
//! jumps to its last frame, and returns the DOM the browser dumps: the tests of this crate and of
//! each puzzle look in it for the final caption and for `data-status="ok"`, which the script sets
//! only when it finished without an error. It also takes the screenshots shown in the README.
//!
//! Each run gets a fresh, empty browser profile and every background service switched off, so
//! it reads no state of an earlier run and reaches for no network. The browser is found on the
//! `PATH` as `chromium` (Debian's package) or `chromium-browser`; when neither is there the
//! check fails with [`BrowserError::NotFound`], which says how to install one: a browser check
//! that passes because there was no browser would check nothing.

use std::path::{Path, PathBuf};
use std::process::Command;
use thiserror::Error;

/// Why a page could not be checked.
#[derive(Debug, Error)]
pub enum BrowserError {
    /// No Chromium on the `PATH`.
    #[error(
        "no Chromium found on the PATH (looked for `chromium` and `chromium-browser`): the HTML \
         replays are tested in a real browser. Run `cargo xtask test`, which installs it, or \
         `apt-get install chromium`"
    )]
    NotFound,
    /// The browser could not be started or failed.
    #[error("chromium failed on {page}: {reason}")]
    Failed {
        /// The page.
        page: PathBuf,
        /// What went wrong, with the browser's own error output.
        reason: String,
    },
}

/// The Chromium binary on the `PATH`.
///
/// # Errors
/// [`BrowserError::NotFound`] when there is none.
pub fn chromium() -> Result<PathBuf, BrowserError> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Ok(candidate);
            }
        }
    }
    Err(BrowserError::NotFound)
}

/// Runs headless Chromium on `page#end` with `extra` arguments and a fresh profile.
fn run(page: &Path, extra: &[String]) -> Result<String, BrowserError> {
    let browser = chromium()?;
    let failed = |reason: String| BrowserError::Failed { page: page.to_owned(), reason };
    let page = std::path::absolute(page).map_err(|e| failed(e.to_string()))?;
    let profile = std::env::temp_dir().join(format!(
        "replay-chromium-{}-{}",
        std::process::id(),
        PROFILE_COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&profile);
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-dev-shm-usage",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}#end", page.display()))
        .output()
        .map_err(|e| failed(e.to_string()));
    let _ = std::fs::remove_dir_all(&profile);
    let output = output?;
    if !output.status.success() {
        return Err(failed(format!("{}: {}", output.status, String::from_utf8_lossy(&output.stderr))));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Separate profile folders for runs of one process, since tests run in parallel.
static PROFILE_COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The DOM of `page` opened at `#end`, after its script ran, as Chromium serialises it.
///
/// # Errors
/// [`BrowserError`] when there is no browser or it fails.
pub fn dump_dom(page: &Path) -> Result<String, BrowserError> {
    run(page, &["--dump-dom".to_owned()])
}

/// A PNG screenshot of `page` opened at `#end`, `width` x `height` pixels, written to `png`.
///
/// # Errors
/// [`BrowserError`] when there is no browser, it fails, or it writes no picture.
pub fn screenshot(page: &Path, png: &Path, width: u32, height: u32) -> Result<(), BrowserError> {
    let target = std::path::absolute(png)
        .map_err(|e| BrowserError::Failed { page: page.to_owned(), reason: e.to_string() })?;
    let _ = std::fs::remove_file(&target);
    run(
        page,
        &[
            format!("--screenshot={}", target.display()),
            format!("--window-size={width},{height}"),
            "--hide-scrollbars".to_owned(),
        ],
    )?;
    if target.is_file() {
        Ok(())
    } else {
        Err(BrowserError::Failed {
            page: page.to_owned(),
            reason: format!("no screenshot at {}", target.display()),
        })
    }
}

/// Whether the page's script finished without an error: `data-status="ok"` on the body and
/// nothing in `<pre id="errors">`.
///
/// # Errors
/// A message saying what went wrong, with the page's error text if it has one.
pub fn check_ok(dom: &str) -> Result<(), String> {
    if let Some(start) = dom.find("<pre id=\"errors\">") {
        let errors = &dom[start..];
        let errors = &errors[..errors.find("</pre>").unwrap_or(errors.len())];
        if errors.contains("error:") {
            return Err(format!("the page's script failed: {errors}"));
        }
    }
    if !dom.contains("data-status=\"ok\"") {
        return Err("the page's script did not finish (no data-status=\"ok\" on the body)".to_owned());
    }
    Ok(())
}

/// The captions the players show, in page order, with the browser's `&amp;`, `&lt;` and `&gt;`
/// read back.
#[must_use]
pub fn captions(dom: &str) -> Vec<String> {
    const OPEN: &str = "<div class=\"caption\">";
    dom.match_indices(OPEN)
        .filter_map(|(at, _)| {
            let text = &dom[at + OPEN.len()..];
            text.find("</div>")
                .map(|end| text[..end].replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
        })
        .collect()
}

/// What a test asks of a dumped DOM: the script finished without error ([`check_ok`]), and the
/// first player on the page shows `caption`.
///
/// # Errors
/// A message saying what was missing.
pub fn check_final_caption(dom: &str, caption: &str) -> Result<(), String> {
    check_ok(dom)?;
    match captions(dom).first() {
        Some(shown) if shown == caption => Ok(()),
        Some(shown) => Err(format!("the first player shows {shown:?}, not the final caption {caption:?}")),
        None => Err("the page shows no caption".to_owned()),
    }
}

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

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
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
    find_in(&std::env::var_os("PATH").unwrap_or_default())
}

/// Chromium in the folders of a `PATH`-style list.
fn find_in(path: &std::ffi::OsStr) -> Result<PathBuf, BrowserError> {
    for dir in std::env::split_paths(path) {
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
    let child = Command::new(browser)
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
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(e.to_string()));
    let output = child.and_then(|child| finish_within(child, TIME_LIMIT).map_err(failed));
    let _ = std::fs::remove_dir_all(&profile);
    let output = output?;
    if !output.status.success() {
        return Err(failed(format!("{}: {}", output.status, String::from_utf8_lossy(&output.stderr))));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// A page this crate writes loads in well under a second; a browser still running after this
/// long is stuck, and a test should fail rather than hang.
const TIME_LIMIT: Duration = Duration::from_secs(90);

/// Waits for `child`, killing it after `limit`. Its output is read on a thread meanwhile, so a
/// large DOM cannot fill the pipe and stall the browser.
fn finish_within(mut child: Child, limit: Duration) -> Result<Output, String> {
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|pipe| Box::new(pipe) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|pipe| Box::new(pipe) as Box<dyn Read + Send>));
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) => break status,
            None if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("still running after {} s, stopped", limit.as_secs()));
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let stdout = stdout.join().map_err(|_| "reading the browser's output failed".to_owned())?;
    let stderr = stderr.join().map_err(|_| "reading the browser's errors failed".to_owned())?;
    Ok(Output { status, stdout, stderr })
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

/// Takes the README's screenshot `name` of `page` (see [`screenshot`]): into the workspace's
/// `docs/` folder when the environment variable `UPDATE_SCREENSHOTS` is set, else into `scratch`
/// (a test's `CARGO_TARGET_TMPDIR`). The committed pictures change only on purpose, and a plain
/// test run leaves the work tree clean (the collection page shows measured times, so its picture
/// differs on every run).
///
/// # Errors
/// As [`screenshot`].
pub fn readme_screenshot(
    page: &Path,
    name: &str,
    size: (u32, u32),
    scratch: &Path,
) -> Result<(), BrowserError> {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let png =
        if std::env::var_os("UPDATE_SCREENSHOTS").is_some() { docs.join(name) } else { scratch.join(name) };
    screenshot(page, &png, size.0, size.1)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_chromium_the_error_says_how_to_get_it() {
        let error = find_in(std::ffi::OsStr::new("")).unwrap_err();
        let message = error.to_string();
        assert!(
            message.contains("cargo xtask test") && message.contains("apt-get install chromium"),
            "{message}"
        );
    }

    #[test]
    fn a_failed_script_or_a_wrong_caption_is_reported() {
        let ok = "<body data-status=\"ok\"><div class=\"caption\">a &lt;b&gt; &amp; c</div><pre id=\"errors\"></pre>";
        assert_eq!(captions(ok), ["a <b> & c"]);
        assert!(check_final_caption(ok, "a <b> & c").is_ok());
        assert!(check_final_caption(ok, "a").is_err());
        let failed = ok.replace("\"ok\"", "\"error\"").replace("</pre>", "error: boom</pre>");
        assert!(check_ok(&failed).unwrap_err().contains("boom"));
    }
}

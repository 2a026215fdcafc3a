//! The integration tests of sokoban, in one test binary (as in the other puzzle crates); the
//! solver's own tests live beside its code.
//!
//! - `replay_page`: the `--html` pages opened in headless Chromium.
//! - `cli`: the binary as scripts and users see it;
//! - `hardening`: the memory budget, exit statuses, streaming output and stray characters.

mod cli;
mod hardening;
mod replay_page;

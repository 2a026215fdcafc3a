//! `cargo xtask gen-day18`: full-size day 18 mazes. Not built yet.

use anyhow::{Result, bail};

pub fn main(_args: &[String]) -> Result<()> {
    bail!("gen-day18 is not built yet")
}

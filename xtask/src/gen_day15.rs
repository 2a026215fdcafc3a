//! `cargo xtask gen-day15`: full-size day 15 caves. Not built yet.

use anyhow::{Result, bail};

pub fn main(_args: &[String]) -> Result<()> {
    bail!("gen-day15 is not built yet")
}

//! `cargo xtask sokoban-bench`: solve a whole level set. Not built yet.

use anyhow::{Result, bail};

pub fn main(_args: &[String]) -> Result<()> {
    bail!("sokoban-bench is not built yet")
}

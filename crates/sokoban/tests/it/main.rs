//! The integration tests of sokoban, in one test binary (as in the other puzzle crates); the
//! solver's own tests live beside its code.
//!
//! - `cli`: the binary as scripts and users see it.

mod cli;

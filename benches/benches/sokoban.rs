//! Criterion benches of sokoban: to come.
fn main() {}

//! Criterion benches of day18: to come.
fn main() {}

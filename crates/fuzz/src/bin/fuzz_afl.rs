//! The AFL entry point: `fuzz-afl TARGET` runs one of the [`fuzz_targets::Target`]s on the inputs
//! AFL feeds it. Built only with the `afl` feature, by `cargo afl build` (see `cargo xtask fuzz`).
//!
//! One binary serves every target, chosen by its argument, so a campaign over all of them
//! instruments and links the workspace once.

use fuzz_targets::Target;

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(target) = Target::from_name(&name) else {
        let names: Vec<&str> = Target::ALL.iter().map(|target| target.name()).collect();
        eprintln!("usage: fuzz-afl TARGET, where TARGET is one of {}", names.join(", "));
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| target.run(data));
}

//! Links the `day18-keys` binary as a fixed-address (non-PIE) executable on Linux.
//!
//! A run of the binary takes about a millisecond, and its start-up is a large part of that: a
//! position-independent executable has over a thousand dynamic relocations for the loader to
//! apply (each a write to a page, which a fresh process then faults in), a fixed-address one
//! about a hundred. Only the binary is linked this way: the library, its tests and the benches
//! are unchanged. Other systems' linkers spell the switch differently or not at all, so they
//! keep their default.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}

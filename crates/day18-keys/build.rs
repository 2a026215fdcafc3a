//! Links the `day18-keys` binary as a fixed-address (non-PIE) executable.
//!
//! A run of the binary takes about a millisecond, and its start-up is a large part of that: a
//! position-independent executable has over a thousand dynamic relocations for the loader to
//! apply (each a write to a page, which a fresh process then faults in), a fixed-address one
//! about a hundred. Only the binary is linked this way: the library, its tests and the benches
//! are unchanged.

fn main() {
    println!("cargo:rustc-link-arg-bins=-no-pie");
}

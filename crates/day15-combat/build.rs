//! Links the `day15-combat` binary as a static, fixed-address executable on Linux with glibc, so
//! that a run pays for no dynamic loader (see the `static-link` crate for how and what it saves).

fn main() {
    static_link::binaries();
}

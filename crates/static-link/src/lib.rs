//! Links a crate's binaries as static, fixed-address executables on Linux with glibc, from
//! the crate's build script: `static_link::binaries()` in its `main`.
//!
//! A run of a puzzle binary takes about a millisecond, and its start-up is a large part of that.
//! Loading shared libraries is the dearest part: the dynamic loader maps libc and `libgcc_s`,
//! looks up each symbol the binary imports and applies the relocations, and every page it
//! writes is one more fault. A static executable has no loader at all, and a fixed-address one
//! no relocations of its own. On day 18's 14 real mazes (callgrind and perf stat, summed;
//! whole-run medians alternated with the dynamic binary in one sitting): 26.04 M -> 22.65 M
//! instructions, 1,776 -> 1,240 page faults, 0.75 -> 0.41 ms beyond a bare `/bin/true`.
//!
//! The usual switch, `-C target-feature=+crt-static`, cannot be given to one binary alone:
//! cargo passes rustflags to every crate, and with it rustc refuses to build the proc macros
//! (clap's derive, thiserror's) unless `--target` is given, which moves every build's output.
//! So the binary is linked the way that switch would link it, from the build script: rustc asks
//! for its system libraries by name (`-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc`), and a folder
//! of linker scripts searched first answers each name with the static archive (`libc.a`, and
//! `libgcc_eh.a` for the unwinder behind backtraces); `-static` gives the static start files
//! and no loader. Where an archive is missing (no static glibc installed), when cross-compiling,
//! or when `crt-static` is on already, the binary is linked dynamically as before, at a fixed
//! address (`-no-pie`: over a thousand fewer relocations than a position-independent binary).
//!
//! Only the binaries are linked this way: the library, its tests and the benches are unchanged.
//! Other systems' linkers spell the switches differently or not at all, so they keep their
//! default.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The system libraries rustc links the standard library with, each with the static archives
/// that stand for it. libc and the unwinder call each other, so they are one group.
const LIBRARIES: [(&str, &[&str]); 7] = [
    ("gcc_s", &["libgcc_eh.a", "libgcc.a"]),
    ("util", &["libutil.a"]),
    ("rt", &["librt.a"]),
    ("pthread", &["libpthread.a"]),
    ("m", &["libm.a"]),
    ("dl", &["libdl.a"]),
    ("c", &["libc.a", "libgcc_eh.a", "libgcc.a"]),
];

/// Links the binaries of the crate whose build script calls this statically where it can (see
/// the crate notes); prints the build script's instructions to cargo.
pub fn binaries() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" {
        return;
    }
    // rustc links a crt-static build statically by itself.
    if var("CARGO_CFG_TARGET_FEATURE").split(',').any(|feature| feature == "crt-static") {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    // The archives are found with the host's compiler, so only for the host.
    if var("TARGET") != var("HOST") {
        return;
    }
    let folder = Path::new(&var("OUT_DIR")).join("static-libs");
    if write_linker_scripts(&folder).is_some() {
        println!("cargo:rustc-link-arg-bins=-static");
        println!("cargo:rustc-link-arg-bins=-L{}", folder.display());
    }
}

/// Writes `lib<name>.so` in `folder` for each of [`LIBRARIES`], a linker script naming its
/// static archives; `None` if an archive is not installed or a script cannot be written.
fn write_linker_scripts(folder: &Path) -> Option<()> {
    std::fs::create_dir_all(folder).ok()?;
    for (name, archives) in LIBRARIES {
        let paths: Vec<String> = archives
            .iter()
            .map(|archive| Some(archive_path(archive)?.display().to_string()))
            .collect::<Option<_>>()?;
        let script = format!("GROUP ( {} )\n", paths.join(" "));
        std::fs::write(folder.join(format!("lib{name}.so")), script).ok()?;
    }
    Some(())
}

/// Where the C compiler (rustc's linker driver) finds `archive`, if it does: it answers a bare
/// name when it has no such file.
fn archive_path(archive: &str) -> Option<PathBuf> {
    let output = Command::new("cc").arg(format!("-print-file-name={archive}")).output().ok()?;
    let path = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    (output.status.success() && path.is_absolute() && path.is_file()).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archive_the_compiler_does_not_have_is_not_found() {
        // `cc -print-file-name` answers the bare name for a file it does not have: that must
        // not pass for a path, or the link would name an archive that is not there.
        assert_eq!(archive_path("libno-such-archive-anywhere.a"), None);
    }
}

//! `cargo xtask test [ARGS]`: the workspace's tests, on a fresh machine too.
//!
//! The HTML replays are tested in a real browser (see the `replay` crate's `browser` module), and
//! those tests fail rather than skip when there is no Chromium. So this task first makes sure
//! there is one: when neither `chromium` nor `chromium-browser` is on the `PATH`, it installs
//! Debian's `chromium` package with `apt-get update` and `apt-get install -y chromium`, saying so
//! first. Then it runs `cargo test --workspace` with any further arguments and exits with its
//! status.

use anyhow::{Context, Result, bail};
use std::process::Command;

pub fn main(args: &[String]) -> Result<()> {
    if !on_path("chromium") && !on_path("chromium-browser") {
        install_chromium()?;
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["test", "--workspace"])
        .args(args)
        .current_dir(testkit::workspace_root())
        .status()
        .context("cannot run cargo test")?;
    std::process::exit(status.code().unwrap_or(1));
}

fn on_path(name: &str) -> bool {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| dir.join(name).is_file())
}

fn install_chromium() -> Result<()> {
    eprintln!(
        "xtask test: Chromium is not on the PATH, and the HTML replay tests open their pages in it.\n\
         xtask test: installing Debian's chromium package: apt-get update && apt-get install -y chromium"
    );
    for args in [&["update"][..], &["install", "-y", "chromium"][..]] {
        let status = Command::new("apt-get")
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .context("cannot run apt-get (is this a Debian or Ubuntu machine?)")?;
        if !status.success() {
            bail!(
                "`apt-get {}` failed ({status}); install Chromium by hand (as root: \
                 apt-get install chromium) and run `cargo xtask test` again",
                args.join(" ")
            );
        }
    }
    if !on_path("chromium") && !on_path("chromium-browser") {
        bail!("apt-get installed chromium, but neither `chromium` nor `chromium-browser` is on the PATH");
    }
    Ok(())
}

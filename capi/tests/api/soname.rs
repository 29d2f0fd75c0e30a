//! The shared library's ELF `SONAME` (capi/build.rs), read back from the built
//! `libmolehill_capi.so` with `readelf` (binutils); skips with a note where readelf is missing.

use std::process::Command;

use crate::common::built_library;

#[test]
fn the_shared_library_names_its_abi() {
    let lib = built_library("libmolehill_capi.so");
    assert!(
        lib.exists(),
        "{} is missing: cargo builds it with the crate's cdylib crate-type",
        lib.display()
    );
    let Ok(out) = Command::new("readelf").arg("-d").arg(&lib).output() else {
        eprintln!("skipped: readelf not found (apt-get install binutils)");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let soname = text
        .lines()
        .find(|l| l.contains("(SONAME)"))
        .unwrap_or_else(|| panic!("no SONAME in {}:\n{text}", lib.display()));
    let want = format!(
        "[libmolehill_capi.so.{}]",
        if env!("CARGO_PKG_VERSION_MAJOR") == "0" {
            format!("0.{}", env!("CARGO_PKG_VERSION_MINOR"))
        } else {
            env!("CARGO_PKG_VERSION_MAJOR").to_string()
        }
    );
    assert!(soname.contains(&want), "{soname}");
}

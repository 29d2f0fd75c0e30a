//! Builds the C test program (`tests/c/triangle.c`, C99) with `cc` against this crate's static
//! library and runs it: a textured triangle drawn headless, pixels read back, Flash errors and
//! events checked from C. Skips with a note when there is no `cc`, or no headless GL (exit 77).
//! CI (`.ci/run`) also builds it with AddressSanitizer and LeakSanitizer.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The static library `cargo test` built for this run: beside the test executable
/// (`target/<profile>/deps/`; only `cargo build` copies it up to `target/<profile>/`).
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .expect("target/<profile>/deps/<test>")
        .join("libmolehill_capi.a")
}

#[test]
fn c_program_draws_and_checks_errors() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = static_library();
    assert!(
        lib.exists(),
        "{} is missing: cargo builds it with the crate's staticlib crate-type",
        lib.display()
    );
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("molehill-capi-triangle");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let compiled = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I"])
        .arg(crate_dir.join("include"))
        .arg(crate_dir.join("tests/c/triangle.c"))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .status();
    let compiled = match compiled {
        Ok(status) => status,
        Err(e) => {
            eprintln!("skipped: no C compiler `{cc}` ({e}); the C test program was not built");
            return;
        }
    };
    assert!(
        compiled.success(),
        "{cc} failed to build tests/c/triangle.c"
    );
    let out = Command::new(&exe).output().expect("run the C test program");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    if out.status.code() == Some(77) {
        eprintln!("skipped: {stderr}");
        return;
    }
    assert!(
        out.status.success(),
        "the C test program failed ({}):\n{stdout}{stderr}",
        out.status
    );
    assert!(stdout.contains("textured triangle, readback, errors and events checked"));
}

//! Builds the C test programs (`tests/c/triangle.c`, `tests/c/lost.c` and `tests/c/host.c`, C99) with `cc`
//! against this crate's static library and runs them: a textured triangle drawn headless,
//! pixels read back, Flash errors and events checked from C; a C player embedding Molehill in
//! its own EGL context. Skips with a note when there is no `cc`, or no headless GL (exit 77).
//! CI (`.ci/run`) also builds it with AddressSanitizer and LeakSanitizer.

use std::path::Path;
use std::process::Command;

use crate::common::built_library;

/// Compiles `source` (C99, warnings as errors) against the static library into `exe`; `None`
/// (with a note) when there is no C compiler.
fn build(source: &Path, exe: &Path) -> Option<()> {
    build_with(source, exe, &[])
}

/// [`build`] with more libraries to link (`-lEGL`, ...).
fn build_with(source: &Path, exe: &Path, libs: &[&str]) -> Option<()> {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = built_library("libmolehill_capi.a");
    assert!(
        lib.exists(),
        "{} is missing: cargo builds it with the crate's staticlib crate-type",
        lib.display()
    );
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let compiled = Command::new(&cc)
        .args(["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I"])
        .arg(crate_dir.join("include"))
        .arg(source)
        .arg(&lib)
        .args(libs)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(exe)
        .status();
    match compiled {
        Ok(status) => {
            assert!(
                status.success(),
                "{cc} failed to build {}",
                source.display()
            );
            Some(())
        }
        Err(e) => {
            eprintln!(
                "skipped: no C compiler `{cc}` ({e}); {} was not built",
                source.display()
            );
            None
        }
    }
}

/// Runs `exe`: its stdout, or `None` (with a note) when it exits 77 (no headless GL).
fn run(exe: &Path) -> Option<String> {
    let out = Command::new(exe).output().expect("run the C program");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.code() == Some(77) {
        eprintln!("skipped: {stderr}");
        return None;
    }
    assert!(
        out.status.success(),
        "{} failed ({}):\n{stdout}{stderr}",
        exe.display(),
        out.status
    );
    Some(stdout)
}

#[test]
fn c_program_draws_and_checks_errors() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/triangle.c");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("molehill-capi-triangle");
    if build(&source, &exe).is_none() {
        return;
    }
    if let Some(stdout) = run(&exe) {
        assert!(stdout.contains("textured triangle, readback, errors and events checked"));
    }
}

/// A C player surviving a forced device loss and collecting a texture (`tests/c/lost.c`).
#[test]
fn c_player_collects_and_recovers_a_lost_context() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/lost.c");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("molehill-capi-lost");
    if build(&source, &exe).is_none() {
        return;
    }
    if let Some(stdout) = run(&exe) {
        assert!(
            stdout.contains("collected, lost and recovered: checked"),
            "{stdout}"
        );
    }
}

/// The C player of docs/c-api.md's guide (`tests/c/host.c`): its own EGL context, a stage in
/// it, frames composited by the player, #3694 at once when its context is not current, and no
/// object of Molehill's left in its context after destroy. Needs the EGL and GL ES headers and
/// link libraries (`libegl-dev libgles-dev`, which `scripts/deps` installs).
#[test]
fn c_player_in_its_own_context_composites_frames_and_leaves_nothing() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c/host.c");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("molehill-capi-host");
    if build_with(&source, &exe, &["-lEGL", "-lGLESv2"]).is_none() {
        return;
    }
    if let Some(stdout) = run(&exe) {
        assert!(
            stdout.contains("3 frames composited, #3694 at once"),
            "{stdout}"
        );
    }
}

/// The example of docs/c-api.md builds and prints what the doc says.
#[test]
fn doc_example_runs() {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/c-api.md");
    let Ok(doc) = std::fs::read_to_string(doc) else {
        eprintln!("skipped: docs/c-api.md is not beside this crate (a packaged build)");
        return;
    };
    let code = doc
        .split("```c\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a ```c block in docs/c-api.md");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let source = dir.join("molehill-capi-doc-example.c");
    std::fs::write(&source, code).expect("write the example");
    let exe = dir.join("molehill-capi-doc-example");
    if build(&source, &exe).is_none() {
        return;
    }
    // The example exits 77 when no GL context can be made: a skip.
    if let Some(stdout) = run(&exe) {
        assert!(stdout.contains("pixel: ffff8000"), "{stdout}");
        assert!(
            stdout.contains("ArgumentError #2008: Error #2008: Parameter triangleFaceToCull"),
            "{stdout}"
        );
    }
}

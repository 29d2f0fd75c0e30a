//! Helpers shared by the test modules.

use std::path::{Path, PathBuf};

/// `file` (`libmolehill_capi.a`, `libmolehill_capi.so`) as `cargo test` built it for this run:
/// beside the test executable (`target/<profile>/deps/`; only `cargo build` copies the
/// library's crate types up to `target/<profile>/`).
pub fn built_library(file: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .expect("target/<profile>/deps/<test>")
        .join(file)
}

/// Every `.rs` file under `dir` (none when `dir` cannot be read), sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

//! Generates one `#[test]` per trace under `conformance/` (in its category folders), so that
//! `cargo test -p molehill-tests` lists every trace by name, once per backend
//! (`conformance::gl::NAME`, `conformance::wgpu::NAME` in the `api` test binary; the name is the
//! file stem, not the folder), and runs them in parallel (each replay has its own context).

use std::fmt::Write as _;
use std::path::Path;

/// Every `.trace` file under `dir`, as (file stem, path relative to `root` with `/`
/// separators).
fn traces_under(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            traces_under(root, &path, out);
            continue;
        }
        let stem = path.file_stem().and_then(|s| s.to_str());
        let relative = path.strip_prefix(root).ok().and_then(Path::to_str);
        if let (Some(stem), Some(relative), true) = (
            stem,
            relative,
            path.extension().is_some_and(|e| e == "trace"),
        ) {
            out.push((stem.to_owned(), relative.replace('\\', "/")));
        }
    }
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    // A folder makes Cargo rerun this script when anything under it changes.
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut traces = Vec::new();
    traces_under(&dir, &dir, &mut traces);
    traces.sort();
    // Test names are file stems, so two traces of one name in two folders would clash.
    for pair in traces.windows(2) {
        if pair[0].0 == pair[1].0 {
            panic!(
                "two traces named {}: conformance/{} and conformance/{}",
                pair[0].0, pair[0].1, pair[1].1
            );
        }
    }
    let mut out = String::new();
    // One module per backend, so that `cargo test -p molehill-tests wgpu::` runs one backend.
    for (module, kind) in [("gl", "Gl"), ("wgpu", "Wgpu")] {
        let _ = writeln!(out, "mod {module} {{\n    use super::*;\n");
        for (name, relative) in &traces {
            // Trace names are file stems: letters, digits and underscores (checked by the
            // `trace_names_are_identifiers` test), so they are valid function names; the
            // relative path is written with `{:?}`, a valid string literal whatever it holds.
            let _ = writeln!(
                out,
                "    #[test]\n    fn {name}() {{\n        run({name:?}, {relative:?}, BackendKind::{kind});\n    }}\n"
            );
        }
        let _ = writeln!(out, "}}\n");
    }
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    let path = Path::new(&out_dir).join("traces.rs");
    if let Err(e) = std::fs::write(&path, out) {
        panic!("cannot write {}: {e}", path.display());
    }
}

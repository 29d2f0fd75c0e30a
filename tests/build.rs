//! Generates one `#[test]` per trace in `conformance/`, so that `cargo test -p molehill-tests`
//! lists every trace by name, once per backend (`gl::NAME`, `wgpu::NAME`), and runs them in
//! parallel (each replay has its own context).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .filter_map(|f| f.strip_suffix(".trace").map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::new();
    // One module per backend, so that `cargo test -p molehill-tests wgpu::` runs one backend.
    for (module, kind) in [("gl", "Gl"), ("wgpu", "Wgpu")] {
        let _ = writeln!(out, "mod {module} {{\n    use super::*;\n");
        for name in &names {
            // Trace names are file stems: letters, digits and underscores (checked by the
            // `trace_names_are_identifiers` test), so they are valid function names.
            let _ = writeln!(
                out,
                "    #[test]\n    fn {name}() {{\n        run(\"{name}\", BackendKind::{kind});\n    }}\n"
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

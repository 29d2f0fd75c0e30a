//! The golden files both writers are checked against: AGAL inputs in `agal/tests/in/`, outputs
//! in `agal/tests/out/<dialect>/` (GLSL) and `agal/tests/out/wgsl/`.

use std::path::{Path, PathBuf};

use molehill_agal::{Program, ProgramKind, Version};

/// `agal/tests/`.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// Assembles `tests/in/NAME.vert.agal` or `NAME.frag.agal`.
pub fn assemble(name: &str, version: Version, kind: ProgramKind) -> Program {
    let ext = if kind == ProgramKind::Vertex {
        "vert"
    } else {
        "frag"
    };
    let path = root().join("in").join(format!("{name}.{ext}.agal"));
    let source = std::fs::read_to_string(&path).expect("read input");
    molehill_agal::asm::assemble(&source, kind, version)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Compares `text` with the file at `path`; rewrites it and reports when they differ.
pub fn check_file(path: &Path, text: &str, failures: &mut Vec<String>) {
    let old = std::fs::read_to_string(path).ok();
    if old.as_deref() != Some(text) {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir out");
        std::fs::write(path, text).expect("write golden");
        failures.push(format!(
            "{} changed (rewritten; review with git diff)",
            path.display()
        ));
    }
}

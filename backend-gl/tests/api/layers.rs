//! The crate's layers (docs/gl.md, "Layers"): backend -> device -> gl -> context, each
//! importing only the layers below it, and glow called (`HasContext`) only in `gl` and
//! `context`. Read from the source, so a change that breaks the cut fails here.

use std::path::{Path, PathBuf};

/// The layers, top first, with their folder (and the top layer's own file).
const LAYERS: [(&str, &[&str]); 4] = [
    ("backend", &["backend.rs", "backend"]),
    ("device", &["device"]),
    ("gl", &["gl"]),
    ("context", &["context"]),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The code of a file without its comments (line comments and doc comments).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("source file");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn files_of(src: &Path, roots: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for r in roots {
        let p = src.join(r);
        if p.is_dir() {
            rust_files(&p, &mut files);
        } else if p.is_file() {
            files.push(p);
        }
    }
    files
}

#[test]
fn every_import_points_down_and_only_gl_and_context_call_glow() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut checked = 0;
    for (rank, (layer, roots)) in LAYERS.iter().enumerate() {
        let files = files_of(&src, roots);
        assert!(!files.is_empty(), "no files for layer {layer}");
        for file in files {
            let code = code(&file);
            for (above, _) in &LAYERS[..rank] {
                assert!(
                    !code.contains(&format!("crate::{above}")),
                    "{} (layer {layer}) imports the layer above it, {above}",
                    file.display()
                );
            }
            if rank < 2 {
                assert!(
                    !code.contains("HasContext"),
                    "{} (layer {layer}) calls glow; only gl and context do",
                    file.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} files checked");
}

/// The files of the GL layer that make glow calls: the state cache and its object, host-state
/// and frame calls, the host's-context calls (`HostGl`), the player's WebGL2 objects
/// (`webgl.rs`, browser only) and the bench baseline. Anything else
/// in the layer (the compositor) reaches GL through them, behind the `Current` proof.
const GL_CALL_FILES: [&str; 7] = [
    "calls.rs",
    "objects.rs",
    "hoststate.rs",
    "frame.rs",
    "hostgl.rs",
    "webgl.rs",
    "raw.rs",
];

#[test]
fn in_the_gl_layer_only_the_call_files_call_glow() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut others = 0;
    for file in files_of(&src, &["gl"]) {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if GL_CALL_FILES.contains(&name) {
            continue;
        }
        let code = code(&file);
        for word in ["HasContext", "unsafe"] {
            assert!(
                !code.contains(word),
                "{} names `{word}`: its GL calls belong in one of {GL_CALL_FILES:?}, \
                 reached with a `Current`",
                file.display()
            );
        }
        others += 1;
    }
    // compose.rs, counts.rs, mod.rs at least.
    assert!(others >= 3, "only {others} other files checked");
}

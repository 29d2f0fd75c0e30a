//! The crate's layers (docs/player.md, 5.1 "Layers inside the crate"): stage3d -> context -> record -> events -> id
//! -> host_wgpu -> backend -> as3, each file importing only the layers below its own, every module named by
//! its path (no import through the crate root's re-exports), and every file in a layer. Read
//! from the source, so a change that makes a module circle fails here.

use std::path::{Path, PathBuf};

use crate::common::rust_files;

/// The layers, top first, with their files and folders under src/.
const LAYERS: [(&str, &[&str]); 8] = [
    ("stage3d", &["stage3d.rs"]),
    ("context", &["context"]),
    ("record", &["record.rs", "record"]),
    ("events", &["events.rs"]),
    ("id", &["id.rs"]),
    ("host_wgpu", &["host_wgpu.rs"]),
    ("backend", &["backend.rs"]),
    ("as3", &["as3.rs"]),
];

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
fn every_import_points_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut placed = vec![src.join("lib.rs")];
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
            // `crate::Stage3D` and the like go through lib.rs's re-exports, around the layers.
            let through_root = code
                .match_indices("crate::")
                .any(|(i, _)| code[i + 7..].starts_with(|c: char| c.is_ascii_uppercase()));
            assert!(
                !through_root,
                "{} names an item through the crate root; name its module",
                file.display()
            );
            placed.push(file);
        }
    }
    let mut all = Vec::new();
    rust_files(&src, &mut all);
    for file in all {
        assert!(
            placed.contains(&file),
            "{} is in no layer: add it to LAYERS",
            file.display()
        );
    }
}

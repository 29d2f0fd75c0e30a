//! The crate's layers (docs/c-api.md, "Layers"), top first: the exported functions (`stage`,
//! `host`, `context`, `resources`, side by side), `entry` (the stage object and the way every
//! call enters it), `events`, `handles`, `args` and `enums`, `ffi`, `error`. Each file names
//! only modules of the layers below its own (or its own module), none through the crate root's
//! re-exports, and every file is in a layer. Read from the source, so a change that makes a
//! module circle fails here.

use std::path::{Path, PathBuf};

use crate::common::rust_files;

/// The layers, top first: each a list of (module, its file or folder under src/).
const LAYERS: [&[(&str, &str)]; 7] = [
    &[
        ("stage", "stage.rs"),
        ("host", "host.rs"),
        ("context", "context"),
        ("resources", "resources"),
    ],
    &[("entry", "entry.rs")],
    &[("events", "events.rs")],
    &[("handles", "handles.rs")],
    &[("args", "args.rs"), ("enums", "enums.rs")],
    &[("ffi", "ffi.rs")],
    &[("error", "error.rs")],
];

/// The code of a file without its comments (line comments and doc comments).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("source file");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `code` names `crate::module` (as a whole path segment).
fn names(code: &str, module: &str) -> bool {
    let needle = format!("crate::{module}");
    code.match_indices(&needle).any(|(i, _)| {
        !code[i + needle.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn every_import_points_down() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut placed: Vec<PathBuf> = vec![src.join("lib.rs")];
    for (rank, layer) in LAYERS.iter().enumerate() {
        for &(module, root) in layer.iter() {
            let path = src.join(root);
            let files = if path.is_dir() {
                rust_files(&path)
            } else {
                vec![path]
            };
            assert!(files.iter().all(|f| f.is_file()), "no {root} under src/");
            for file in files {
                let code = code(&file);
                for &(other, _) in LAYERS[..=rank].iter().flat_map(|l| l.iter()) {
                    assert!(
                        other == module || !names(&code, other),
                        "{} (module {module}) names `{other}`, which is not in a layer below",
                        file.display()
                    );
                }
                // Every `crate::NAME` names a module: an item through the root's re-exports
                // (`crate::MhStage3D`, `crate::mh_error_free`) would go around the layers.
                for (i, _) in code.match_indices("crate::") {
                    let name: String = code[i + 7..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    assert!(
                        LAYERS
                            .iter()
                            .flat_map(|l| l.iter())
                            .any(|&(m, _)| m == name),
                        "{} names `crate::{name}`, not a module: name the module it is in",
                        file.display()
                    );
                }
                placed.push(file);
            }
        }
    }
    for file in rust_files(&src) {
        assert!(
            placed.contains(&file),
            "{} is in no layer: add it to LAYERS",
            file.display()
        );
    }
}

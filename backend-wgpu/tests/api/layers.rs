//! The crate's layers (docs/wgpu.md, "Layers"): backend -> device -> gpu -> web -> compat, each
//! importing only the layers below it; no module circle inside the device layer; and the few
//! places that wait on wgpu (a future blocked on, a device polled until idle), which the web's
//! asynchronous wgpu cannot do, named. Read from the source, so a change that breaks the cut
//! fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, top first, with their files and folders.
const LAYERS: [(&str, &[&str]); 5] = [
    ("backend", &["backend.rs", "backend"]),
    ("device", &["device"]),
    ("gpu", &["gpu.rs"]),
    ("web", &["web"]),
    // Where wgpu 27 and 30 differ (the feature `wgpu27`): below everything, importing nothing.
    ("compat", &["compat.rs"]),
];

/// The files that wait on wgpu: device creation and error scopes (`gpu.rs`), the read-back's
/// map (`device/readback.rs`), and in a browser the JSPI wait both use (`web/mod.rs`).
const BLOCKING_FILES: [&str; 3] = ["gpu.rs", "readback.rs", "mod.rs"];

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

/// The code of a file without its comments (line comments and doc comments) and without its
/// `#[cfg(test)]` module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("source file");
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
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

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_import_points_down() {
    let src = src();
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
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} files checked");
}

/// The device layer's modules (a file each; `pipeline/key.rs` is `pipeline`'s) and the ones
/// each names through `super::`.
fn device_imports() -> BTreeMap<String, BTreeSet<String>> {
    let dir = src().join("device");
    let mut graph = BTreeMap::new();
    for file in files_of(&dir, &["."]) {
        let rel = file.strip_prefix(&dir).expect("under device/");
        let module = rel.iter().next().and_then(|m| m.to_str()).unwrap_or("");
        let module = module.trim_end_matches(".rs").to_string();
        if module == "mod" {
            continue;
        }
        let code = code(&file);
        let nested = rel.components().count() > 1;
        let edges: &mut BTreeSet<String> = graph.entry(module.clone()).or_default();
        for (i, _) in code.match_indices("super::") {
            let rest = &code[i + "super::".len()..];
            // A nested file's `super::` is its own module; `super::super::` the layer.
            let rest = if nested {
                match rest.strip_prefix("super::") {
                    Some(r) => r,
                    None => continue,
                }
            } else {
                rest
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != module {
                edges.insert(name);
            }
        }
    }
    graph
}

#[test]
fn the_device_layers_modules_import_one_another_without_a_circle() {
    let graph = device_imports();
    assert!(graph.len() >= 15, "only {} modules read", graph.len());
    // Depth-first, every path from each module: a module met again on its own path is a
    // circle.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if let Some(i) = path.iter().position(|p| p == m) {
            panic!(
                "module circle in device/: {} -> {m}",
                path[i..].join(" -> ")
            );
        }
        if done.contains(m) {
            return;
        }
        path.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(m.to_string());
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done);
    }
    // What the cut relies on: the Device's files above the recorder, the recorder above the
    // pipeline cache, targets, quantiser and stream.
    assert!(graph["draw"].contains("core") && graph["pass"].contains("targets"));
}

#[test]
fn only_the_named_files_wait_on_wgpu() {
    let mut found = BTreeSet::new();
    for file in files_of(&src(), &["."]) {
        let code = code(&file);
        if code.contains("block_on") || code.contains("PollType::Wait") {
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
            assert!(
                BLOCKING_FILES.contains(&name),
                "{} waits on wgpu; only {BLOCKING_FILES:?} may (the web's wgpu is asynchronous)",
                file.display()
            );
            found.insert(name.to_string());
        }
    }
    assert_eq!(found.len(), BLOCKING_FILES.len(), "{found:?}");
}

//! No module circles: in every crate of the workspace, and fuzz/src, the files import each
//! other without a circle (the guide: "one module per stage or role; no module circles").
//! A file is a module; an edge is a path in its code that names another module of its crate
//! (`crate::`, `self::`, `super::`, or a child it declares), to the longest module prefix the
//! path has, so a path through a parent's re-export is an edge to the parent; `#[cfg(test)]`
//! modules and comments are left out (graph.rs says exactly what is read). Read from the
//! source, so an import that closes a circle fails here, naming the files and the imports.
//!
//! agal's and context3d's layers (`LAYERS`) are checked here too, on the same graph: every
//! import points to the module's own layer or one below it. (molehill-gl, molehill-wgpu,
//! molehill-player and molehill-capi check their layers in their own tests/api/layers.rs.)

#[path = "modules/graph.rs"]
mod graph;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A layer: its name and its top-level modules (a file `x.rs` or a folder `x/`).
type Layer = (&'static str, &'static [&'static str]);

/// The layers of the crates that have them, top first. A module imports from its own layer or
/// the ones below; every top-level module of the crate is in a layer; none imports through the
/// crate root's re-exports.
const LAYERS: &[(&str, &[Layer])] = &[
    (
        // docs/agal.md, "Modules and layers".
        "agal",
        &[
            ("the shader writers", &["back"]),
            ("validation", &["valid"]),
            ("the text forms", &["asm", "disasm"]),
            ("bytes and limits", &["bytecode", "profile"]),
            ("the model", &["model", "flash"]),
        ],
    ),
    (
        // docs/context3d.md, "Modules and layers".
        "context3d",
        &[
            ("the calls", &["context"]),
            (
                "what a context keeps",
                &["state", "constants", "resources", "memory", "draw"],
            ),
            ("values and errors", &["values", "enums", "number", "error"]),
            (
                "the backend side",
                &["backend", "decode", "atf", "recording", "targets", "stage"],
            ),
        ],
    ),
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace above tests/")
        .to_path_buf()
}

/// Every crate root to check: each workspace member's `src/lib.rs` and `src/main.rs`, and
/// fuzz/src/lib.rs (outside the workspace; CI builds it). The folder and the root file.
fn crate_roots(root: &Path) -> Vec<(String, PathBuf)> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let start = manifest.find("members").expect("workspace members");
    let list = &manifest[start..];
    let list = &list[list.find('[').expect("members = [")..=list.find(']').expect("]")];
    let mut folders: Vec<String> = list
        .split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect();
    assert!(
        folders.len() >= 8,
        "members read from Cargo.toml: {folders:?}"
    );
    folders.push("fuzz".into());
    let mut roots = Vec::new();
    for folder in folders {
        for file in ["lib.rs", "main.rs"] {
            let path = root.join(&folder).join("src").join(file);
            if path.is_file() {
                roots.push((folder.clone(), path));
            }
        }
    }
    roots
}

/// The circles of one crate, written out: each circle's files, then the edges among them
/// with the path that makes each.
fn report(root: &Path, folder: &str, g: &graph::Graph) -> Option<String> {
    let circles = graph::circles(g);
    if circles.is_empty() {
        return None;
    }
    let name = |i: usize| {
        let f = &g.modules[i].file;
        f.strip_prefix(root).unwrap_or(f).display().to_string()
    };
    let mut out = String::new();
    for set in circles {
        let files: Vec<String> = set.iter().map(|&i| name(i)).collect();
        let _ = writeln!(
            out,
            "{folder}: circle of {}: {}",
            set.len(),
            files.join(", ")
        );
        for &from in &set {
            for (to, via) in &g.edges[from] {
                if set.contains(to) {
                    let _ = writeln!(out, "    {} -> {} ({via})", name(from), name(*to));
                }
            }
        }
    }
    Some(out)
}

#[test]
fn no_crate_has_a_module_circle() {
    let root = workspace();
    let mut failures = String::new();
    let mut checked = 0;
    for (folder, file) in crate_roots(&root) {
        let g = graph::read(&file);
        checked += g.modules.len();
        failures.push_str(&report(&root, &folder, &g).unwrap_or_default());
    }
    assert!(checked >= 100, "only {checked} modules checked");
    assert!(
        failures.is_empty(),
        "module circles (a file is a module, an edge a path to another; \
         tests/tests/api/modules/graph.rs):\n{failures}"
    );
}

#[test]
fn layered_crates_import_downwards() {
    let root = workspace();
    let mut failures = String::new();
    for (folder, layers) in LAYERS {
        let g = graph::read(&root.join(folder).join("src").join("lib.rs"));
        let name = |i: usize| {
            let f = &g.modules[i].file;
            f.strip_prefix(&root).unwrap_or(f).display().to_string()
        };
        let rank = |i: usize| -> Option<usize> {
            let top = g.modules[i].path.first()?;
            layers.iter().position(|(_, ms)| ms.contains(&top.as_str()))
        };
        for (i, m) in g.modules.iter().enumerate() {
            if let Some(top) = m.path.first() {
                if rank(i).is_none() {
                    let _ = writeln!(failures, "{}: `{top}` is in no layer of LAYERS", name(i));
                }
            }
        }
        for (from, edges) in g.edges.iter().enumerate() {
            let Some(r) = rank(from) else { continue };
            for (&to, via) in edges {
                match rank(to) {
                    None if g.modules[to].path.is_empty() => {
                        let _ = writeln!(
                            failures,
                            "{} imports through the crate root ({via}): import from the module \
                             that defines it",
                            name(from)
                        );
                    }
                    Some(t) if t < r => {
                        let _ = writeln!(
                            failures,
                            "{} ({}) imports {} ({}) above it: {via}",
                            name(from),
                            layers[r].0,
                            name(to),
                            layers[t].0
                        );
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "imports that do not point down their crate's layers (LAYERS in {}):\n{failures}",
        file!()
    );
}

/// The circles of a crate written out as `files` (path under `src/`, text) in a folder of
/// its own.
fn circles_of(name: &str, files: &[(&str, &str)]) -> Vec<Vec<String>> {
    let dir = std::env::temp_dir().join(format!("molehill-modules-{}-{name}", std::process::id()));
    for (path, text) in files {
        let path = dir.join("src").join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("temporary folder");
        std::fs::write(&path, text).expect("temporary file");
    }
    let g = graph::read(&dir.join("src").join("lib.rs"));
    let out = graph::circles(&g)
        .into_iter()
        .map(|set| {
            let mut names: Vec<String> =
                set.iter().map(|&i| g.modules[i].path.join("::")).collect();
            names.sort();
            names
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn the_reader_finds_circles_and_only_circles() {
    // A child importing through its parent's re-export, which imports the child.
    let through_parent = circles_of(
        "parent",
        &[
            ("lib.rs", "mod model;\n"),
            (
                "model/mod.rs",
                "mod kind;\nmod op;\npub use kind::Kind;\npub use op::Op;\n",
            ),
            ("model/kind.rs", "pub enum Kind { A }\n"),
            ("model/op.rs", "use super::Kind;\npub struct Op(Kind);\n"),
        ],
    );
    assert_eq!(
        through_parent,
        [vec!["model".to_string(), "model::op".into()]]
    );
    // The same child importing the sibling itself: no circle.
    let direct = circles_of(
        "direct",
        &[
            ("lib.rs", "mod model;\n"),
            (
                "model/mod.rs",
                "mod kind;\nmod op;\npub use kind::Kind;\npub use op::Op;\n",
            ),
            ("model/kind.rs", "pub enum Kind { A }\n"),
            (
                "model/op.rs",
                "use super::kind::Kind;\npub struct Op(Kind);\n",
            ),
        ],
    );
    assert!(direct.is_empty(), "{direct:?}");
    // Through the crate root's re-export, a grouped `use`, and a path in code and in an
    // attribute are edges; comments, strings and test modules are not.
    let root = circles_of(
        "root",
        &[
            ("lib.rs", "mod a;\nmod b;\npub use a::A;\n"),
            ("a.rs", "pub struct A;\nfn f() { crate::b::g(); }\n"),
            ("b.rs", "use crate::{A as _};\npub fn g() {}\n"),
        ],
    );
    assert_eq!(root, [vec![String::new(), "a".into(), "b".into()]]);
    let attribute = circles_of(
        "attribute",
        &[
            ("lib.rs", "mod a;\nmod b;\n"),
            (
                "a.rs",
                "#[arg(value_parser = crate::b::parse)]\npub struct A;\n",
            ),
            ("b.rs", "pub fn parse() -> crate::a::A { todo!() }\n"),
        ],
    );
    assert_eq!(attribute, [vec!["a".to_string(), "b".into()]]);
    let not_code = circles_of(
        "not-code",
        &[
            ("lib.rs", "mod a;\nmod b;\n"),
            (
                "a.rs",
                "pub fn f() -> &'static str { \"crate::b::g\" } // crate::b::g\n\
                 /* crate::b::g */\n#[cfg(test)]\nmod tests { use crate::b::g; }\n",
            ),
            ("b.rs", "pub fn g() { crate::a::f(); }\n"),
        ],
    );
    assert!(not_code.is_empty(), "{not_code:?}");
}

//! docs/c-api.md's table names a C function for every method of the facade: each `pub fn` of
//! `impl Stage3D` in `player-shim/src/stage3d.rs` and of `impl Context3D` in the files under
//! `player-shim/src/context/` has exactly one
//! row (`Type::name`), no row names a method the facade lacks, and every C function a row names
//! is declared in `include/molehill.h`. A new facade method without a C function (or a row
//! saying why not) fails here.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::rust_files;

/// `(Type, fn name)` for each `pub fn` of a facade file (a line starting `pub fn NAME`) inside
/// an inherent `impl Type` block of the facade's type (other types of those files are not AS3
/// classes).
fn facade_methods(workspace: &Path) -> Vec<(String, String)> {
    let mut methods = Vec::new();
    // `Context3D`'s methods are in every file under player-shim/src/context/ (its resources' among
    // them), so that a method cannot escape the table by moving to a new file.
    let mut files = vec![(workspace.join("player-shim/src/stage3d.rs"), "Stage3D")];
    let context = rust_files(&workspace.join("player-shim/src/context"));
    assert!(
        context.len() > 1,
        "the facade's files are not where this test looks"
    );
    files.extend(context.into_iter().map(|p| (p, "Context3D")));
    for (file, ty) in files {
        let text = std::fs::read_to_string(&file).expect("a facade file");
        let mut in_facade = false;
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("impl ") {
                in_facade = rest.trim_end_matches(" {").trim() == ty;
                continue;
            }
            if !in_facade {
                continue;
            }
            if let Some(rest) = line.trim_start().strip_prefix("pub fn ") {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                methods.push((ty.to_string(), name));
            }
        }
    }
    methods
}

/// The table's rows: `Type::name` -> the C column.
fn table_rows(doc: &str) -> BTreeMap<String, Vec<String>> {
    let mut rows: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split(" | ").collect();
        if cells.len() != 3 || !line.starts_with('|') {
            continue;
        }
        let facade = cells[1].trim().trim_matches('`');
        if facade.starts_with("Stage3D::") || facade.starts_with("Context3D::") {
            rows.entry(facade.to_string())
                .or_default()
                .push(cells[2].trim_end_matches('|').trim().to_string());
        }
    }
    rows
}

#[test]
fn every_facade_method_has_a_c_function() {
    let capi = Path::new(env!("CARGO_MANIFEST_DIR"));
    let workspace = capi.parent().expect("workspace");
    if !workspace.join("player-shim/src/stage3d.rs").exists() {
        eprintln!("skipped: the facade's sources are not beside this crate (a packaged build)");
        return;
    }
    let doc = std::fs::read_to_string(workspace.join("docs/c-api.md")).expect("docs/c-api.md");
    let header = std::fs::read_to_string(capi.join("include/molehill.h")).expect("header");
    let methods = facade_methods(workspace);
    assert!(
        methods.len() > 60,
        "only {} facade methods found",
        methods.len()
    );
    let rows = table_rows(&doc);
    let mut problems = Vec::new();
    for (ty, name) in &methods {
        let key = format!("{ty}::{name}");
        match rows.get(&key).map(Vec::as_slice) {
            None => problems.push(format!("{key} has no row in docs/c-api.md")),
            Some([c]) => {
                let functions: Vec<&str> = c
                    .split('`')
                    .filter(|w| w.starts_with("mh_") && !w.contains(' '))
                    .collect();
                if functions.is_empty() && !c.starts_with('—') {
                    problems.push(format!("{key}: no C function and no reason: {c}"));
                }
                for f in functions {
                    if !header.contains(&format!(" {f}(")) {
                        problems.push(format!("{key}: {f} is not declared in molehill.h"));
                    }
                }
            }
            Some(_) => problems.push(format!("{key} has several rows")),
        }
    }
    for key in rows.keys() {
        if !methods.iter().any(|(t, n)| format!("{t}::{n}") == *key) {
            problems.push(format!(
                "docs/c-api.md has a row for {key}, not in the facade"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_header_function_is_documented() {
    let capi = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Ok(doc) = std::fs::read_to_string(capi.join("../docs/c-api.md")) else {
        eprintln!("skipped: docs/c-api.md is not beside this crate (a packaged build)");
        return;
    };
    let header = std::fs::read_to_string(capi.join("include/molehill.h")).expect("header");
    let missing: Vec<&str> = header
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with("mh_"))
        .filter(|w| !doc.contains(w))
        .collect();
    assert!(
        missing.is_empty(),
        "C functions docs/c-api.md does not mention: {missing:?}"
    );
}

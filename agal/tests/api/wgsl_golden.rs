//! Golden tests of the WGSL writer, naga style, from the inputs of the GLSL goldens.
//!
//! Inputs: `tests/in/NAME.vert.agal` + `NAME.frag.agal` and the `version = N` of an optional
//! `NAME.toml` (its `dialects` key is the GLSL test's and is ignored: WGSL expresses every
//! pair). Outputs: `tests/out/wgsl/NAME.{vert,frag}.wgsl`. The test compares each output with
//! the file, rewrites the file when they differ, and fails: review the diff with `git diff`
//! and commit it, or fix the writer. Every output is parsed and validated by naga (the version
//! wgpu uses). `AGAL_SNAPSHOT=NAME` narrows the run to names containing NAME.

use crate::golden::{assemble, check_file, root};
use crate::wgsl_common;

use molehill_agal::wgsl::{translate, Options};
use molehill_agal::{ProgramKind, Version};

fn version_of(name: &str, text: &str) -> Version {
    let mut version = Version::V1;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if let Some(v) = line.strip_prefix("version") {
            let v = v.trim().trim_start_matches('=').trim();
            version = v
                .parse()
                .ok()
                .and_then(Version::from_number)
                .unwrap_or_else(|| panic!("{name}.toml: bad version {v}"));
        }
    }
    version
}

fn cases() -> Vec<(String, Version)> {
    let dir = root().join("in");
    let filter = std::env::var("AGAL_SNAPSHOT").ok();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/in")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            Some(name.strip_suffix(".vert.agal")?.to_string())
        })
        .filter(|n| filter.as_deref().is_none_or(|f| n.contains(f)))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text =
                std::fs::read_to_string(dir.join(format!("{name}.toml"))).unwrap_or_default();
            let version = version_of(&name, &text);
            (name, version)
        })
        .collect()
}

#[test]
fn golden_outputs() {
    let mut failures = Vec::new();
    let cases = cases();
    assert!(!cases.is_empty(), "no inputs in tests/in");
    let out = root().join("out").join("wgsl");
    for (name, version) in &cases {
        let vertex = assemble(name, *version, ProgramKind::Vertex);
        let fragment = assemble(name, *version, ProgramKind::Fragment);
        let shaders = match translate(&vertex, &fragment, &Options::default()) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        check_file(
            &out.join(format!("{name}.vert.wgsl")),
            &shaders.vertex,
            &mut failures,
        );
        check_file(
            &out.join(format!("{name}.frag.wgsl")),
            &shaders.fragment,
            &mut failures,
        );
        if let Err(e) = wgsl_common::check_pair(name, &shaders) {
            failures.push(e);
        }
    }
    if std::env::var_os("AGAL_SNAPSHOT").is_none() {
        // Every golden file has an input: a removed input leaves no stale output behind.
        for entry in std::fs::read_dir(&out).expect("tests/out/wgsl") {
            let file = entry
                .expect("entry")
                .file_name()
                .into_string()
                .expect("utf-8");
            let stem = file
                .strip_suffix(".vert.wgsl")
                .or_else(|| file.strip_suffix(".frag.wgsl"));
            if !stem.is_some_and(|s| cases.iter().any(|(n, _)| n == s)) {
                failures.push(format!("tests/out/wgsl/{file} has no input in tests/in"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `Options::scissor_override`: every golden pair translated with it validates, and differs
/// from its golden output only by the `override scissor_discard` declaration and the test of
/// it before the scissor rectangle (the vertex module not at all).
#[test]
fn scissor_override_only_adds_the_pipeline_constant() {
    let mut failures = Vec::new();
    for (name, version) in &cases() {
        let vertex = assemble(name, *version, ProgramKind::Vertex);
        let fragment = assemble(name, *version, ProgramKind::Fragment);
        let plain = translate(&vertex, &fragment, &Options::default()).expect("translates");
        let options = Options::default().with_scissor_override(true);
        let shaders = translate(&vertex, &fragment, &options).expect("translates");
        if let Err(e) = wgsl_common::check_pair(name, &shaders) {
            failures.push(e);
        }
        if shaders.vertex != plain.vertex {
            failures.push(format!("{name}: the vertex module changed"));
        }
        let declaration = format!(
            "override {}: bool = true;\n",
            molehill_agal::wgsl::SCISSOR_DISCARD_OVERRIDE
        );
        if !shaders.fragment.contains(&declaration) {
            failures.push(format!("{name}: no override declared"));
        }
        let back = shaders.fragment.replacen(&declaration, "", 1).replacen(
            "let outside = scissor_discard && ",
            "let outside = ",
            1,
        );
        if back != plain.fragment {
            failures.push(format!("{name}: more than the override differs"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

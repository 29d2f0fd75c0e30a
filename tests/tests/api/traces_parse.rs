//! Every trace of the suite parses as `molehill-trace 1` and has a usable name. Independent of
//! the replay engine and of GL.

use molehill_tests::{is_identifier, known_failure, trace_dir, trace_paths};

#[test]
fn every_trace_parses() {
    let paths = trace_paths().expect("tests/conformance is readable");
    assert!(
        paths.len() >= 40,
        "the suite has {} traces, fewer than 40",
        paths.len()
    );
    let mut failures = Vec::new();
    for path in &paths {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if let Err(e) = molehill_trace::parse(&text) {
            failures.push(format!(
                "{}:{}:{}: {}",
                path.display(),
                e.line(),
                e.column(),
                e.kind
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "traces that do not parse:\n{}",
        failures.join("\n")
    );
}

#[test]
fn trace_names_are_identifiers_and_every_trace_expects_something() {
    for path in trace_paths().expect("tests/conformance is readable") {
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        assert!(
            is_identifier(stem),
            "{}: the name must be [A-Za-z_][A-Za-z0-9_]*",
            path.display()
        );
        let text = std::fs::read_to_string(&path).expect("readable trace");
        assert!(
            text.lines().any(|l| l.trim_start().starts_with("expect ")),
            "{}: a trace with no expectation asserts nothing",
            path.display()
        );
        if let Some(reason) = known_failure(&text) {
            assert!(
                !reason.is_empty(),
                "{}: a known failure needs its reason",
                path.display()
            );
        }
    }
}

/// Every trace lies in a category folder (`tests/conformance/README.md`), one level down, and
/// no two share a name (the name of a trace's tests is its file stem, whatever the folder).
#[test]
fn traces_lie_in_category_folders_under_distinct_names() {
    let root = trace_dir();
    let mut names = std::collections::BTreeMap::new();
    for path in trace_paths().expect("tests/conformance is readable") {
        let relative = path.strip_prefix(&root).expect("under tests/conformance");
        assert_eq!(
            relative.components().count(),
            2,
            "{}: put the trace in a category folder of tests/conformance (its README.md)",
            path.display()
        );
        let stem = path.file_stem().unwrap_or_default().to_owned();
        if let Some(other) = names.insert(stem, path.clone()) {
            panic!(
                "{} and {} share a name, so their tests would too",
                other.display(),
                path.display()
            );
        }
    }
    assert!(names.len() >= 40, "{} traces, fewer than 40", names.len());
}

/// A trace that reads material beside the repository (`../shared`) carries the marker that
/// makes a replay skip it, not fail it, where that material is missing (a fresh clone).
#[test]
fn traces_reading_shared_material_are_marked() {
    for path in trace_paths().expect("tests/conformance is readable") {
        let text = std::fs::read_to_string(&path).expect("readable trace");
        let reads = |what: &str| {
            text.lines()
                .any(|l| !l.trim_start().starts_with('#') && l.contains(what))
        };
        if reads("shared/atf/") {
            assert!(
                molehill_trace::requires_shared_atf(&text),
                "{}: reads ../shared/atf without `{}`",
                path.display(),
                molehill_trace::REQUIRES_SHARED_ATF_MARKER
            );
        }
        if reads("agal-corpus/") {
            assert!(
                molehill_trace::requires_corpus(&text),
                "{}: reads the AGAL corpus without `{}`",
                path.display(),
                molehill_trace::REQUIRES_CORPUS_MARKER
            );
        }
    }
}

//! Conformance replays: the traces in `tests/conformance/CATEGORY/*.trace`, each with expected
//! pixels computed by hand (see `docs/conformance.md`), replayed headless by
//! `cargo test -p molehill-tests`.
//!
//! This library holds what the test harness needs besides the replay itself: where the traces
//! are, and the known-failure rule. A trace that fails because the implementation is wrong
//! keeps its expectations and carries a line
//!
//! ```text
//! # known_failure: <why, with the exact difference>
//! ```
//!
//! Such a trace is expected to fail; the test fails when it starts passing, so that the marker
//! is removed (Ruffle's `known_failure`).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::path::{Path, PathBuf};

/// The folder of the traces (`tests/conformance`; the traces lie in its category folders,
/// `tests/conformance/README.md`).
pub fn trace_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

/// The path of the trace at `relative` under [`trace_dir`] (e.g. `"state/clear_color.trace"`,
/// as `build.rs` passes it to each generated test).
pub fn trace_path(relative: &str) -> PathBuf {
    trace_dir().join(relative)
}

/// Every `.trace` file under [`trace_dir`], in every folder below it, sorted by path.
pub fn trace_paths() -> std::io::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    traces_under(&trace_dir(), &mut paths)?;
    paths.sort();
    Ok(paths)
}

fn traces_under(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            traces_under(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "trace") {
            out.push(path);
        }
    }
    Ok(())
}

/// The marker comment that makes a trace a known failure.
pub const KNOWN_FAILURE_MARKER: &str = "# known_failure:";

/// The reason of a `# known_failure: REASON` line of a trace's text, if it has one (the first
/// such line; the reason is trimmed and may be empty).
pub fn known_failure(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim_start)
        .find_map(|line| line.strip_prefix(KNOWN_FAILURE_MARKER))
        .map(|reason| reason.trim().to_owned())
}

/// The reason a trace is a known failure on backend `backend` (`"gl"`, `"wgpu"`): its
/// `# known_failure: REASON` line (every backend), or else a `# known_failure(BACKEND): REASON`
/// line naming that backend, which says why that backend differs.
pub fn known_failure_on(text: &str, backend: &str) -> Option<String> {
    let marker = format!("# known_failure({backend}):");
    known_failure(text).or_else(|| {
        text.lines()
            .map(str::trim_start)
            .find_map(|line| line.strip_prefix(marker.as_str()))
            .map(|reason| reason.trim().to_owned())
    })
}

/// The verdict of the harness on one replay: `Ok` when the trace passed and is not a known
/// failure, or failed and is one; otherwise `Err` with the message to fail the test with.
///
/// `failure` is the replay's message when the trace failed, `None` when it passed.
pub fn verdict(name: &str, failure: Option<&str>, known: Option<&str>) -> Result<(), String> {
    match (failure, known) {
        (None, None) | (Some(_), Some(_)) => Ok(()),
        (Some(message), None) => Err(format!("{name}.trace failed:\n{message}")),
        (None, Some(reason)) => Err(format!(
            "{name}.trace is marked `{KNOWN_FAILURE_MARKER} {reason}` but now passes: \
             remove the marker (and its entry in docs/conformance.md)"
        )),
    }
}

/// Whether `name` can be a Rust function name as the build script uses it: ASCII letters,
/// digits and underscores, not starting with a digit.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backend_marker_applies_to_its_backend_only() {
        let text = "# known_failure(wgpu): lavapipe rounds differently\nclear\n";
        assert_eq!(
            known_failure_on(text, "wgpu").as_deref(),
            Some("lavapipe rounds differently")
        );
        assert_eq!(known_failure_on(text, "gl"), None);
        let both = "# known_failure: wrong everywhere\n";
        assert_eq!(
            known_failure_on(both, "gl").as_deref(),
            Some("wrong everywhere")
        );
    }

    #[test]
    fn known_failure_reads_the_marker_line() {
        let text = "molehill-trace 1\n# A comment.\n  # known_failure: rsq lacks abs: got 0x00\nstage.x = 1\n";
        assert_eq!(
            known_failure(text).as_deref(),
            Some("rsq lacks abs: got 0x00")
        );
        assert_eq!(
            known_failure("molehill-trace 1\n# known failure: no colon\n"),
            None
        );
        assert_eq!(known_failure("molehill-trace 1\n"), None);
    }

    #[test]
    fn verdict_fails_on_unexpected_results_only() {
        assert!(verdict("a", None, None).is_ok());
        assert!(verdict("a", Some("line 3: pixel differs"), Some("known")).is_ok());
        let failed = verdict("a", Some("line 3: pixel differs"), None).unwrap_err();
        assert!(failed.contains("a.trace failed") && failed.contains("line 3: pixel differs"));
        let fixed = verdict("a", None, Some("known")).unwrap_err();
        assert!(fixed.contains("now passes"));
    }

    #[test]
    fn identifiers() {
        assert!(is_identifier("agal_m33_m34_m44"));
        assert!(is_identifier("agal2_ddx_ddy"));
        assert!(!is_identifier("2d"));
        assert!(!is_identifier("blend-factors"));
        assert!(!is_identifier(""));
    }
}

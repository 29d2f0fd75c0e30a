//! Helpers shared by the test modules.

use std::path::{Path, PathBuf};

/// The example traces, `replay/tests/traces/`.
pub fn traces() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/traces")
}

//! Helpers shared by the test modules.

use std::path::{Path, PathBuf};

use molehill_context3d::{Backend, RecordingBackend};
use molehill_player::{BackendCreationError, BackendFactory, Stage3D};

/// A factory of context3d's RecordingBackends (no GPU).
pub fn recording_factory() -> Box<dyn BackendFactory> {
    Box::new(|| -> Result<Box<dyn Backend>, BackendCreationError> {
        Ok(Box::new(RecordingBackend::new()))
    })
}

/// A Stage3D drawing on RecordingBackends.
pub fn stage() -> Stage3D {
    Stage3D::new(recording_factory())
}

/// Every `.rs` file under `dir` (none when it cannot be read), appended to `out`.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
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

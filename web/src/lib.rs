//! molehill-web: Molehill's trace player in the browser. A trace and the files it names are
//! replayed through molehill-replay on molehill-gl over WebGL2 (a canvas of its own per
//! Stage3D), and the result comes back as JSON ([`report`]): the line `molehill replay`
//! prints, each expectation with whether it held, the PNGs `--out` writes and the stage as
//! Flash Player shows it.
//!
//! The page (`web/www/index.html`) and `scripts/web-replay` load the `.wasm` that
//! `scripts/web-build` makes (wasm-bindgen into `web/pkg/`); [`replay`] is also what a native
//! test runs, on EGL, so the report is tested without a browser. docs/web.md says how a
//! browser player embeds Molehill itself.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod report;

#[cfg(target_arch = "wasm32")]
mod bench;
#[cfg(target_arch = "wasm32")]
mod bindings;
#[cfg(target_arch = "wasm32")]
mod checks;
#[cfg(target_arch = "wasm32")]
mod checks_wgpu;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use molehill_player::backend::BackendFactory;
use molehill_replay::{MemoryFiles, ReplayOptions};

/// Replays `text` as the trace at `path` (its files looked up in `files` by `path`'s folder
/// joined with the name the trace gives, as on a file system), on backends from `factory`;
/// the PNGs go where `molehill replay --out OUT_DIR` writes them (kept in the report), and
/// every capture too when `captures`. Returns [`report::report`]'s JSON.
pub fn replay(
    path: &str,
    text: &str,
    files: MemoryFiles,
    out_dir: Option<&str>,
    factory: Box<dyn BackendFactory>,
    captures: bool,
) -> serde_json::Value {
    let files = Arc::new(files);
    let options = ReplayOptions::default()
        .with_files(Some(files.clone()))
        .with_out_dir(out_dir.map(PathBuf::from));
    let outcome = molehill_replay::replay_text(text, Path::new(path), &options, factory);
    report::report(text, &outcome, &files, captures)
}

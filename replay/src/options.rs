//! How to replay ([`ReplayOptions`]) and which captures a replay keeps ([`KeptCaptures`]).

use std::path::PathBuf;
use std::sync::Arc;

use super::backend::BackendKind;
use super::files::DataFiles;

/// How to replay.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ReplayOptions {
    /// Where the files a trace names are read (`None`: the file system; in a browser, the
    /// files the page fetched, [`MemoryFiles`](crate::MemoryFiles)).
    pub files: Option<Arc<dyn DataFiles>>,
    /// Write every capture as `DIR/NAME-K.png` (and `DIR/NAME-K.diff.png` for a failed
    /// `expect image`).
    pub out_dir: Option<PathBuf>,
    /// Rewrite the PNG of every `expect image` from its capture instead of comparing.
    pub update: bool,
    /// The renderer [`replay_file`](crate::replay_file) and
    /// [`replay_file_keeping`](crate::replay_file_keeping) replay on (GL by default).
    pub backend: BackendKind,
}

impl ReplayOptions {
    /// These options writing every capture under `dir` ([`ReplayOptions::out_dir`]).
    pub fn with_out_dir(mut self, dir: Option<PathBuf>) -> ReplayOptions {
        self.out_dir = dir;
        self
    }

    /// These options rewriting expected images ([`ReplayOptions::update`]) when `on`.
    pub fn with_update(mut self, on: bool) -> ReplayOptions {
        self.update = on;
        self
    }

    /// These options reading the files a trace names from `files` ([`ReplayOptions::files`]).
    pub fn with_files(mut self, files: Option<Arc<dyn DataFiles>>) -> ReplayOptions {
        self.files = files;
        self
    }

    /// These options replaying on `backend` ([`ReplayOptions::backend`]).
    pub fn with_backend(mut self, backend: BackendKind) -> ReplayOptions {
        self.backend = backend;
        self
    }
}

/// Which captures a replay keeps in [`TraceOutcome::captures`](crate::TraceOutcome::captures).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KeptCaptures {
    /// Every capture, in order (what [`replay_file`](crate::replay_file),
    /// [`replay_text`](crate::replay_text) and [`replay_trace`](crate::replay_trace) do).
    #[default]
    Every,
    /// Only the last one (what expectations look at): memory stays at one image however many
    /// frames a long recording presents. `molehill replay` keeps this; `--out` still writes
    /// every capture, numbered as with [`KeptCaptures::Every`].
    Last,
}

//! Replaying traces (`molehill-trace 1`, the format of the crate `molehill-trace`): a trace drives the
//! AS3-facing API ([`molehill_player::Stage3D`]) as a VM would, on a headless renderer, capturing
//! what `present` shows and what `drawToBitmapData` copies, and checking the trace's
//! expectations (`docs/trace-format.md`, sections 5 and 6). Expected and captured images are
//! PNG files ([`image`]).
//!
//! ```no_run
//! use molehill_replay::{replay_file, ReplayOptions};
//! let outcome = replay_file(
//!     "tests/conformance/draw/draw_solid_quad.trace".as_ref(),
//!     &ReplayOptions::default(),
//! );
//! assert!(outcome.passed(), "{outcome}");
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod args;
mod backend;
mod data;
mod exec;
mod files;
pub mod image;
mod outcome;
mod skip;

use std::path::{Path, PathBuf};

pub use backend::BackendKind;
pub use files::{DataFiles, MemoryFiles};
pub use outcome::{Capture, CaptureKind, Failure, FailureKind, TraceOutcome};

use molehill_player::backend::BackendFactory;
use molehill_trace::{self as trace, Pos, Trace};

/// How to replay.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ReplayOptions {
    /// Where the files a trace names are read (`None`: the file system; in a browser, the
    /// files the page fetched, [`MemoryFiles`]).
    pub files: Option<std::sync::Arc<dyn DataFiles>>,
    /// Write every capture as `DIR/NAME-K.png` (and `DIR/NAME-K.diff.png` for a failed
    /// `expect image`).
    pub out_dir: Option<PathBuf>,
    /// Rewrite the PNG of every `expect image` from its capture instead of comparing.
    pub update: bool,
    /// The renderer [`replay_file`] and [`replay_file_keeping`] replay on (GL by default).
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
    pub fn with_files(mut self, files: Option<std::sync::Arc<dyn DataFiles>>) -> ReplayOptions {
        self.files = files;
        self
    }

    /// These options replaying on `backend` ([`ReplayOptions::backend`]).
    pub fn with_backend(mut self, backend: BackendKind) -> ReplayOptions {
        self.backend = backend;
        self
    }
}

/// Which captures a replay keeps in [`TraceOutcome::captures`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KeptCaptures {
    /// Every capture, in order (what [`replay_file`], [`replay_text`] and [`replay_trace`] do).
    #[default]
    Every,
    /// Only the last one (what expectations look at): memory stays at one image however many
    /// frames a long recording presents. `molehill replay` keeps this; `--out` still writes
    /// every capture, numbered as with [`KeptCaptures::Every`].
    Last,
}

/// Reads, parses and replays the trace at `path` on the headless renderer
/// [`ReplayOptions::backend`] names. Never panics: a file
/// that cannot be read (or is over 1 GiB) or parsed is a failed outcome.
pub fn replay_file(path: &Path, options: &ReplayOptions) -> TraceOutcome {
    replay_file_keeping(path, options, KeptCaptures::Every)
}

/// [`replay_file`], keeping the captures `kept` says.
pub fn replay_file_keeping(
    path: &Path,
    options: &ReplayOptions,
    kept: KeptCaptures,
) -> TraceOutcome {
    let text = match data::read_text_file(path) {
        Ok(t) => t,
        Err(kind) => {
            let mut outcome = TraceOutcome::new(path);
            outcome.fail(Pos::default(), kind);
            return outcome;
        }
    };
    let outcome = match trace::parse(&text) {
        Ok(t) => exec::run(&t, path, options, options.backend.factory(), kept),
        Err(e) => parse_failure(path, e),
    };
    skip::skip_without_shared(&text, outcome, options.files.as_deref())
}

fn parse_failure(path: &Path, e: trace::ParseError) -> TraceOutcome {
    let mut outcome = TraceOutcome::new(path);
    let pos = e.pos;
    outcome.fail(pos, FailureKind::Parse(e));
    outcome
}

/// Parses and replays `text` as if it were the file `path` (data files and expected images are
/// looked up beside it), on renderers from `factory`.
pub fn replay_text(
    text: &str,
    path: &Path,
    options: &ReplayOptions,
    factory: Box<dyn BackendFactory>,
) -> TraceOutcome {
    let outcome = match trace::parse(text) {
        Ok(t) => replay_trace(&t, path, options, factory),
        Err(e) => parse_failure(path, e),
    };
    skip::skip_without_shared(text, outcome, options.files.as_deref())
}

/// Replays a parsed trace; `path` names it (data files beside it, output names from its stem).
pub fn replay_trace(
    trace: &Trace,
    path: &Path,
    options: &ReplayOptions,
    factory: Box<dyn BackendFactory>,
) -> TraceOutcome {
    exec::run(trace, path, options, factory, KeptCaptures::Every)
}

/// The README's examples, compiled as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

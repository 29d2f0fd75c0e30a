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
mod options;
mod outcome;
mod skip;

use std::path::Path;

pub use backend::BackendKind;
pub use files::{DataFiles, MemoryFiles};
pub use options::{KeptCaptures, ReplayOptions};
pub use outcome::{Capture, CaptureKind, Failure, FailureKind, TraceOutcome};

use molehill_player::backend::BackendFactory;
use molehill_trace::{self as trace, Pos, Trace};

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

//! Call traces (`molehill-trace 1`, see `docs/trace-format.md`): the typed model, the parser
//! ([`parse()`]) and the writer ([`write()`]).
//!
//! A [`Trace`] is what a trace file says, typed: every call with its AS3 arguments (optional
//! ones filled in with AS3's defaults), resources by name, data inline or as files beside the
//! trace (not read here: the crate `molehill-replay` reads them), and the expectations.
//! Parsing never panics: any malformed input is a [`ParseError`] with its line and column.
//! `parse(&write(&t)) == Ok(t)` for every trace `t` (positions are not part of equality).
//!
//! Who uses it: `molehill-player`'s recorder writes traces (behind its feature `record`, so an
//! embedder that does not record builds none of this crate), `molehill-replay` and the
//! `molehill` command replay them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod calls;
mod error;
mod lex;
mod model;
mod parse;
mod syntax;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_stage3ds;
mod values;
mod write;

pub use calls::method_name;
pub use error::{ParseError, ParseErrorKind};
pub use model::{
    AgalSource, BitmapArg, ByteArrayArg, ByteSource, Call, Config, Endian, Located, Name, Point,
    Pos, Rect, ResourceKind, Statement, Trace, DEFAULT_SWF_VERSION, FORMAT_VERSION, HEADER,
    MAX_BITMAP_SIDE,
};
pub use parse::parse;
pub use values::hex_to_bytes;
pub use write::{write, write_call, write_call_on, write_statement};

/// The comment line that marks a trace reading the AGAL corpus (`shared/agal-corpus`, beside
/// the repository, not part of it): where the corpus is missing, a replay of such a trace is
/// skipped, not failed (`molehill_replay::TraceOutcome::skipped`).
pub const REQUIRES_CORPUS_MARKER: &str = "# requires_corpus";

/// Whether a trace's text has the [`REQUIRES_CORPUS_MARKER`] line (alone on its line, spaces
/// around it allowed).
pub fn requires_corpus(text: &str) -> bool {
    has_marker(text, REQUIRES_CORPUS_MARKER)
}

/// The comment line that marks a trace reading ATF files or pictures from `shared/atf` beside
/// the repository (files of other projects, which the repository does not hold: Adobe-made
/// ATF files, Flash Player's pictures of them): where a file it reads there is missing, the
/// folder or only that file, a replay of such a trace is skipped, not failed
/// (`molehill_replay::TraceOutcome::skipped`).
pub const REQUIRES_SHARED_ATF_MARKER: &str = "# requires_shared_atf";

/// Whether a trace's text has the [`REQUIRES_SHARED_ATF_MARKER`] line (alone on its line,
/// spaces around it allowed).
pub fn requires_shared_atf(text: &str) -> bool {
    has_marker(text, REQUIRES_SHARED_ATF_MARKER)
}

fn has_marker(text: &str, marker: &str) -> bool {
    text.lines().any(|line| line.trim() == marker)
}

/// The README's examples, compiled as doctests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

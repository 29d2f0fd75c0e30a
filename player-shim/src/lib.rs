//! What a Flash VM calls: the AS3-shaped Stage3D API, call traces and their replay.
//!
//! - [`trace`]: the `molehill-trace 1` format (`docs/trace-format.md`): typed model, parser,
//!   writer.
//! - [`image`]: captures and expected images: PNG and Ruffle's image comparison.
#![forbid(unsafe_code)]

pub mod image;
pub mod trace;

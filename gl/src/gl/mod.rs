//! The GL layer: the one place that calls glow (and, with EGL in the context layer, the one
//! place with `unsafe`). [`Calls`] is the state cache and call counter every call of the
//! device goes through; [`Gl`] hands it out only for a [`crate::context::Current`], the
//! proof that the context is current (the pattern of `raw.rs`'s `Raw`, used everywhere).
//!
//! `counts` <- `calls` <- `objects`, `hoststate`, `frame` <- `compose`; `raw` (feature
//! `bench-raw`) stands apart. Each unsafe block is one GL call (or a few of one setup) with a
//! `// SAFETY:` note.
mod calls;
pub(crate) mod compose;
mod counts;
pub(crate) mod frame;
mod hoststate;
mod objects;
#[cfg(feature = "bench-raw")]
pub mod raw;

pub(crate) use calls::{Calls, Gl};
pub use counts::{CallCounts, CallKind};
pub use frame::{FramePixels, FrameTexture, FRAME_FORMAT};
pub(crate) use hoststate::HostState;

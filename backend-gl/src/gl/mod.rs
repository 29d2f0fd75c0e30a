//! The GL layer: the one place that calls glow (and, with EGL in the context layer, the one
//! place with `unsafe`). [`Calls`] is the state cache and call counter every call of the
//! device goes through; [`Gl`] hands it out only for a [`crate::context::Current`], the
//! proof that the context is current (the pattern of `raw.rs`'s `Raw`, used everywhere).
//!
//! [`hostgl::HostGl`] makes the calls in the host's own context with the host's glow table (the
//! compositor's, frame waits, host fences), behind the same proof. Only `calls`, `objects`,
//! `hoststate`, `frame` and `hostgl` call glow (`tests/api/layers.rs` checks it); the compositor
//! makes its calls through `hostgl`.
//!
//! In a browser (`wasm32`), `webgl` reads and binds the player's own objects, which glow's
//! web build cannot name, for `hoststate`; the compositor is the desktop's only (a browser
//! player composites the frame texture itself, or on the CPU).
//!
//! `counts` <- `calls` <- `objects`, `hoststate`, `frame`, `webgl`; `hostgl` <- `frame` <-
//! `compose`;
//! `raw` (feature `bench-raw`) stands apart. Each unsafe block is one GL call (or a few of one
//! setup) with a `// SAFETY:` note.
mod calls;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod compose;
mod counts;
pub(crate) mod frame;
mod hostgl;
mod hoststate;
mod objects;
#[cfg(feature = "bench-raw")]
pub mod raw;
#[cfg(target_arch = "wasm32")]
mod webgl;

pub(crate) use calls::{Calls, Gl};
pub use counts::{CallCounts, CallKind};
pub use frame::{FramePixels, FrameTexture, FRAME_FORMAT};
pub(crate) use hoststate::HostState;

//! OpenGL backend for context3d: OpenGL ES 3.0 (default) or desktop GL 3.3 core, through
//! glow, with contexts from glutin's EGL (headless by default), or inside a GL player's own
//! context ([`GlBackend::on_host_context`], docs/embedding-gl.md).
//!
//! ```no_run
//! use molehill_gl::{ContextOptions, GlBackend};
//! let backend = GlBackend::headless(&ContextOptions::default())?;
//! # Ok::<(), molehill_gl::ContextError>(())
//! ```
//!
//! The crate is cut by role, in layers; each imports only the layers below it:
//!
//! - `backend` (top): [`GlBackend`], the one implementation of context3d's `Backend`: the
//!   entry and exit around each call (current context, the host's GL state), the queue of
//!   kept draws, and the embedding methods.
//! - `device`: what the backend holds and does, with inherent methods only: buffers and
//!   vertex arrays, textures and samplers, programs, render targets, fixed-function state,
//!   draws, frame output.
//! - `gl`: the one layer that calls glow. Its state cache and call counter ([`CallCounts`])
//!   are reached only with the proof that the context is current, which the context layer
//!   gives at each call's entry. It also holds the host-state save and restore, the frame
//!   texture calls, the [`Compositor`], and (feature `bench-raw`) the plain-GL baseline
//!   `raw` of `molehill bench --baseline`.
//! - `context` (bottom): [`GlContext`] (glutin's EGL, headless or windowed, or the host's
//!   context), [`HostContext`], and which EGL context is current on the thread.
//!
//! docs/architecture.md draws the layers; docs/embedding-gl.md is the embedder's guide.
//!
//! This is one of the two crates of Molehill with `unsafe` (with molehill-capi): one small
//! block per glow or EGL call, each with a `// SAFETY:` note, in `gl` and `context` only (and
//! the one block by which [`GlBackend::windowed`] forwards its caller's contract).
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

mod backend;
mod context;
mod device;
mod gl;

pub use backend::queue::MAX_QUEUED_DRAWS;
pub use backend::{CurrentCheck, GlBackend, HostRestore};
pub use context::{
    ContextError, ContextOptions, GlApi, GlContext, GlInfo, HostContext, Rgba4Targets,
    DEBIAN_PACKAGES,
};
#[cfg(not(target_arch = "wasm32"))]
pub use context::{MakeCurrentHook, ResetStatus};
pub use device::{BgraUpload, GlCallError};
#[cfg(not(target_arch = "wasm32"))]
pub use gl::compose::{ComposeError, ComposeLayer, ComposeTarget, Compositor};
#[cfg(feature = "bench-raw")]
pub use gl::raw;
pub use gl::{CallCounts, CallKind, FramePixels, FrameTexture, FRAME_FORMAT};

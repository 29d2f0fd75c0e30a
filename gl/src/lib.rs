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
//! Modules by concern: [`egl`] (contexts), [`state`] (the GL state cache every call goes
//! through, and the call counter), [`conv`] (enum tables), [`texture`] and [`decode`]
//! (formats, CPU decoders, samplers), [`program`] (translate/compile/link cache and
//! constants), [`draw`] (buffers, vertex arrays, fixed-function state), [`target`] (back
//! buffer, render to texture, MSAA, read-back, present); [`raw`] is apart: plain GL calls
//! for hand-written benchmark baselines (`molehill bench --baseline`).
//!
//! Embedding: [`host`] (the player's context and how each call knows it is current),
//! [`frame`] (frames out as GL textures and through pixel buffer objects), [`compose`] (the
//! Stage3D compositing helper). [`GlBackend`] brackets each call with the context handling
//! and the host-state save/restore; [`GlCore`] is the backend proper.
//!
//! This is the one crate of Molehill with `unsafe`: one small block per glow call, each
//! with a `// SAFETY:` note.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

mod backend;
mod bytes;
pub mod conv;
pub use molehill_context3d::decode;
pub mod draw;
pub mod egl;
pub mod fastmap;
mod objects;
pub mod program;
mod queue;
pub mod raw;
pub mod state;
pub mod target;
pub mod texture;

// Embedding in a host's GL context.
pub mod compose;
mod current;
pub use current::CurrentCheck;
mod entry;
pub mod frame;
pub mod host;

pub use backend::{GlCallError, GlCore};

pub use compose::{ComposeError, ComposeLayer, ComposeTarget, Compositor};
pub use egl::{ContextError, ContextOptions, GlApi, GlContext, GlInfo, DEBIAN_PACKAGES};
pub use entry::{GlBackend, HostRestore};
pub use frame::{FramePixels, FrameTexture, FRAME_FORMAT};
pub use host::HostContext;
pub use queue::MAX_QUEUED_DRAWS;
pub use state::{CallCounts, CallKind};
pub use texture::BgraUpload;

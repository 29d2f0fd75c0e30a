//! OpenGL backend for context3d: OpenGL ES 3.0 (default) or desktop GL 3.3 core, through
//! glow, with contexts from glutin's EGL (headless by default).
//!
//! ```no_run
//! use backend_gl::{ContextOptions, GlBackend};
//! let backend = GlBackend::headless(&ContextOptions::default())?;
//! # Ok::<(), backend_gl::ContextError>(())
//! ```
//!
//! Modules by concern: [`egl`] (contexts), [`state`] (the GL state cache every call goes
//! through, and the call counter), [`conv`] (enum tables), [`texture`] and [`decode`]
//! (formats, CPU decoders, samplers), [`program`] (translate/compile/link cache and
//! constants), [`draw`] (buffers, vertex arrays, fixed-function state), [`target`] (back
//! buffer, render to texture, MSAA, read-back, present).
//!
//! This is the one crate of Molehill with `unsafe`: one small block per glow call, each
//! with a `// SAFETY:` note.
#![deny(unsafe_op_in_unsafe_fn)]

mod backend;
pub mod conv;
pub use context3d::decode;
pub mod draw;
pub mod egl;
mod objects;
pub mod program;
pub mod state;
pub mod target;
pub mod texture;

pub use backend::{GlBackend, GlCallError};
pub use egl::{ContextError, ContextOptions, GlApi, GlContext, GlInfo, DEBIAN_PACKAGES};
pub use state::{CallCounts, CallKind};

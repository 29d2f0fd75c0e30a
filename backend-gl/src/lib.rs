//! OpenGL backend for context3d: OpenGL ES 3.0 (default) or desktop GL 3.3 core, through
//! glow, with contexts from glutin's EGL (headless by default).
//!
//! This is the one crate of Molehill with `unsafe`: one small block per glow call, each
//! with a `// SAFETY:` note. Every GL call goes through the state cache in [`state`].
#![deny(unsafe_op_in_unsafe_fn)]

pub mod decode;
pub mod egl;

pub use egl::{ContextError, ContextOptions, GlApi, GlContext, GlInfo};

//! The device layer: what the backend holds and does, over the gpu layer, with inherent methods
//! only. [`Device`] (`core.rs`: making, loss, error checking, submission; `resources.rs`:
//! buffers, textures, programs; `render.rs`: targets, clears, state, present, read-back;
//! `draw.rs`: the draw path) owns the resources, each kind in its own module: `buffers`
//! (vertex and index buffers), `textures` (formats, storage, uploads, placeholders),
//! `samplers`, `pipeline` (programs, the pipeline key and cache), `bindings` (texture bind
//! groups), `targets` (back buffer, render to texture, MSAA, the frame for the host), `packed`
//! (the quantising pass of 16-bit targets), `pass` (the pass recorder), `stream` (the constant
//! stream), `readback` (`drawToBitmapData`), `counters`, with `conv` (enum tables) and `cache`
//! (the bounded caches' lookup) below them all.
//!
//! Imports point down: `resources`, `render` and `draw` <- `core` <- `pass` <- `pipeline`,
//! `targets`, `packed`, `stream` <- the resource modules <- `conv`, `cache`; the layer imports
//! `crate::gpu`, never `crate::backend`.

mod bindings;
mod buffers;
mod cache;
mod conv;
mod core;
mod counters;
mod draw;
mod packed;
mod pass;
mod pipeline;
mod readback;
mod render;
mod resources;
mod samplers;
mod stream;
mod targets;
mod textures;

pub(crate) use self::core::Device;
pub use counters::CallCounts;
pub use pipeline::{program_layout, ProgramLayout, ProgramSource};
pub use targets::{FrameTexture, FRAME_FORMAT};

//! The device layer: what the backend holds and does, over the GL layer, with inherent methods
//! only. [`Device`] (`core.rs`: making, queries, loss, error checking; `resources.rs`:
//! buffers, textures, programs; `render.rs`: targets, clears, state, draws, present,
//! read-back) owns the resources, each kind in its own module: `buffers` (vertex and index
//! buffers, vertex arrays), `textures` (storage and uploads), `samplers`, `programs`
//! (translate, compile, link, cache, constants), `targets` (back buffer, render to texture,
//! MSAA, read-back, present), `packed` (`bgraPacked4444` targets kept at 4 bits where the
//! driver does not), `fixed` (fixed-function state), `frames` (frame output), with
//! `conv` (enum tables) below them all.
//!
//! Imports point down: `resources` and `render` <- `core` <- the resource modules <- `conv`;
//! the layer imports `crate::gl` and `crate::context`, never `crate::backend`.
mod buffers;
mod conv;
mod core;
mod fixed;
pub(crate) mod frames;
mod packed;
mod programs;
mod render;
mod resources;
mod samplers;
mod targets;
mod textures;

pub(crate) use self::core::Device;
pub use self::core::GlCallError;
pub use textures::BgraUpload;

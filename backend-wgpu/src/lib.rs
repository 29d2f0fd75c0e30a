//! wgpu backend for context3d: Stage3D over Vulkan (the default, lavapipe without a GPU),
//! wgpu's GL backend, or whatever device the host hands in (Metal, DX12, WebGPU), in safe
//! Rust.
//!
//! ```no_run
//! use molehill_wgpu::{DeviceOptions, WgpuBackend};
//! let backend = WgpuBackend::headless(&DeviceOptions::default())?;
//! # Ok::<(), molehill_wgpu::DeviceError>(())
//! ```
//!
//! A player that draws with wgpu hands in its own device ([`WgpuBackend::with_device`]) and
//! after each `present` samples the back buffer ([`WgpuBackend::frame`]) in its own passes:
//! no read-back, no second graphics stack. See `docs/wgpu.md`.
//!
//! One module per role: [`device`] (device, capabilities, errors and loss), [`resources`]
//! (buffers, the work counter), [`textures`] (formats, uploads, samplers), [`pipeline`]
//! (programs and the pipeline cache), [`conv`] (Flash enums as wgpu's: blend, compare, stencil,
//! cull, vertex formats, samplers), `bindings` (texture bind groups), [`targets`] (back
//! buffer, render to texture, MSAA), [`pass`] (the pass recorder and the constant stream),
//! [`packed`] (render targets in Flash's 16-bit formats, quantised to their bits), `draw` (the
//! draw path), `readback` (`drawToBitmapData`).

mod backend;
mod bindings;
mod cache;
pub mod conv;
pub mod device;
mod draw;
pub mod packed;
pub mod pass;
pub mod pipeline;
mod readback;
pub mod resources;
pub mod targets;
pub mod textures;

pub use backend::{program_layout, FrameTexture, WgpuBackend};
pub use device::{Api, Caps, DeviceError, DeviceOptions, Gpu, DEBIAN_PACKAGES, DEBIAN_PACKAGES_GL};
pub use pipeline::{ProgramLayout, ProgramSource};
pub use resources::Counters;
pub use targets::BACK_BUFFER_FORMAT;

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
//! A player that draws with wgpu hands in its own device ([`WgpuBackend::on_host_device`]) and
//! after each `present` samples the back buffer ([`WgpuBackend::frame`], a [`FrameTexture`])
//! in its own passes: no read-back, no second graphics stack. See `docs/wgpu.md`.
//!
//! The crate is cut by role, in layers, as molehill-gl is; each imports only the layers below
//! it:
//!
//! - `backend` (top): [`WgpuBackend`], the one implementation of context3d's `Backend`: each
//!   call's entry (a lost device, the error scopes of a lent device, error checking), and the
//!   embedding methods.
//! - `device`: what the backend holds and does, with inherent methods only: buffers, textures
//!   and samplers, programs and the pipeline cache, texture bind groups, render targets and
//!   the quantising of 16-bit ones, the pass recorder and the constant stream, draws,
//!   read-back; [`CallCounts`], [`FrameTexture`].
//! - `gpu` (bottom): the wgpu device ([`Gpu`]: a headless one made from [`DeviceOptions`], or
//!   the host's), its capabilities ([`Caps`]), its errors and loss ([`ErrorSink`],
//!   [`DeviceError`]).
//!
//! docs/wgpu.md lists the files; `tests/api/layers.rs` checks the imports.

// The wgpu major (Cargo.toml's features, docs/wgpu.md "The wgpu major"): with `wgpu27` the crate
// is built against wgpu 27 under the name `wgpu`, which this shadows everywhere in the crate, so
// the code says `wgpu::` for either; `compat` holds the places where the two majors differ.
#[cfg(feature = "wgpu27")]
pub extern crate wgpu27 as wgpu;
#[cfg(not(any(feature = "wgpu30", feature = "wgpu27")))]
compile_error!(
    "molehill-wgpu needs one wgpu major: its feature `wgpu30` (the default) or `wgpu27`"
);
// The browser build is on wgpu 30 only (its WebGPU and WebGL hooks: `web/`); wgpu 27 is for
// desktop hosts on that major (Ruffle's desktop and exporter).
#[cfg(all(target_arch = "wasm32", feature = "wgpu27"))]
compile_error!(
    "molehill-wgpu's feature `wgpu27` is for desktop hosts on wgpu 27; in a browser (wasm32) build it on wgpu 30, its default (docs/wgpu.md, \"The wgpu major\")"
);

mod backend;
mod compat;
mod device;
mod gpu;
#[cfg(target_arch = "wasm32")]
pub mod web;

/// The wgpu this crate is built against (30; with the feature `wgpu27`, the `extern crate`
/// above): the `Device`, `Queue` and `Texture` of [`WgpuBackend::on_host_device`] and
/// [`WgpuBackend::frame`] are its types, so a host can name them `molehill_wgpu::wgpu::...`.
#[cfg(not(feature = "wgpu27"))]
pub use wgpu;

pub use backend::WgpuBackend;
pub use device::{
    program_layout, CallCounts, FrameTexture, ProgramLayout, ProgramSource, FRAME_FORMAT,
};
pub use gpu::{
    Api, Caps, DeviceError, DeviceOptions, ErrorSink, Gpu, BROWSER_PACKAGES, DEBIAN_PACKAGES,
    DEBIAN_PACKAGES_GL,
};

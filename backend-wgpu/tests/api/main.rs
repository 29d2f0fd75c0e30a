//! The tests of molehill-wgpu in one binary, each test with its own headless device (Vulkan on
//! lavapipe; `gl_backend` on wgpu's GL backend): clear, draw and read-back with hand-written WGSL
//! (`render`), texture formats (`textures`), Flash's 16-bit render targets (`packed`), the work a
//! frame does, counted (`work`), a device the host lends (`lent_device`), and the crate's layers
//! read from its source (`layers`). `common` is the rig they share.
//!
//! With the feature `wgpu27` they run on wgpu 27: `wgpu::` names the major the crate is built
//! against (`cargo test -p molehill-wgpu --features wgpu27 --test api`).

#[cfg(feature = "wgpu27")]
extern crate wgpu27 as wgpu;

mod common;
mod gl_backend;
mod layers;
mod lent_device;
mod packed;
mod render;
mod textures;
mod work;

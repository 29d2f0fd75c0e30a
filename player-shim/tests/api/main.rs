//! The tests of molehill-player in one binary: the AS3-shaped facade on context3d's
//! RecordingBackend (`shim`, `context_identity`, `events`; `collect`, `lifetimes` and
//! `context_collect` also on headless GL and wgpu with `gl`, `wgpu`), its `# Errors` docs (`docs`), its
//! module layers (`layers`), and, with the `gl` feature, a GL player's own context (`gl_host`)
//! and the memory budget on headless GL (`memory_budget`), a GPU reset on desktop GL
//! (`gl_reset`), and with `wgpu` a wgpu player's own device (`host_wgpu`). `common` holds the
//! stage they
//! share.

mod collect;
mod common;
mod context_collect;
mod context_identity;
mod docs;
mod events;
#[cfg(feature = "gl")]
mod gl_host;
#[cfg(feature = "gl")]
mod gl_reset;
// Written against wgpu 30's API (the feature `wgpu`).
#[cfg(all(feature = "wgpu", not(feature = "wgpu27")))]
mod host_wgpu;
mod layers;
mod lifetimes;
#[cfg(feature = "gl")]
mod memory_budget;
mod shim;

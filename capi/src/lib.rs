//! Molehill's C API: the AS3-shaped Stage3D facade (`molehill_player`) behind a C ABI, for Flash
//! runtimes written in C or C++ (Lightspark, avmplus-based players, hxcpp targets).
//!
//! The header is `include/molehill.h`, generated from this crate by cbindgen (the test
//! `tests/api/header.rs` regenerates it and fails on a difference). `docs/c-api.md` holds the
//! rules:
//!
//! - Every function returns an [`MhStatus`]. On failure, when the caller passes a non-null
//!   `MhError **error`, it receives an [`MhError`] (class, ID, exact message) that the caller
//!   frees with [`mh_error_free`]; on success `*error` is set to null.
//! - A `Stage3D` is an opaque [`MhStage3D`] pointer (made by [`mh_stage3d_new_headless`] or, in
//!   the player's own GL context, [`mh_stage3d_new_on_host_context`]; freed by
//!   [`mh_stage3d_destroy`]). Its context and resources are plain integer handles
//!   ([`MhContext3D`], [`MhVertexBuffer3D`], ...) that the stage resolves; 0 is `null`.
//! - Events (`context3DCreate`, `textureReady`, `ErrorEvent`) reach the host through the
//!   [`MhEventCallback`] it registers, after the call that caused them has released the stage
//!   (so the callback may call back into the API).
//! - No panic crosses the boundary: each function catches it and answers
//!   [`MhStatus::Internal`] with a message saying so.
//! - A stage is used from the thread that made it (the facade is single-threaded); another
//!   thread gets [`MhStatus::WrongThread`].
//!
//! This crate, like molehill-gl, is allowed `unsafe`: each raw pointer access is one small unsafe
//! block with a SAFETY note (`clippy::undocumented_unsafe_blocks` is denied).

// Layers, top first (tests/api/layers.rs): the exported functions (`stage`, `host`, `context`,
// `resources`), `entry` (the stage object every call enters through), `events`, `handles`,
// `args` and `enums`, `error`, `ffi`.
mod args;
mod context;
mod entry;
mod enums;
mod error;
mod events;
mod ffi;
mod handles;
mod host;
mod resources;
mod stage;

pub use args::*;
pub use context::*;
pub use entry::MhStage3D;
pub use enums::*;
pub use error::*;
pub use events::*;
pub use handles::*;
pub use host::*;
pub use resources::*;
pub use stage::*;

use std::ffi::c_char;

/// The crate version, major part (also `MOLEHILL_VERSION_MAJOR` in the header).
pub const VERSION_MAJOR: u32 = parse_u32(env!("CARGO_PKG_VERSION_MAJOR"));
/// The crate version, minor part (`MOLEHILL_VERSION_MINOR`).
pub const VERSION_MINOR: u32 = parse_u32(env!("CARGO_PKG_VERSION_MINOR"));
/// The crate version, patch part (`MOLEHILL_VERSION_PATCH`).
pub const VERSION_PATCH: u32 = parse_u32(env!("CARGO_PKG_VERSION_PATCH"));

const fn parse_u32(s: &str) -> u32 {
    let b = s.as_bytes();
    let mut i = 0;
    let mut v = 0u32;
    while i < b.len() {
        v = v * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    v
}

/// The library's version as `MOLEHILL_VERSION` encodes it: `major << 16 | minor << 8 | patch`.
/// Compare it with the header's `MOLEHILL_VERSION` to catch a header/library mismatch.
#[no_mangle]
pub extern "C" fn mh_version() -> u32 {
    VERSION_MAJOR << 16 | VERSION_MINOR << 8 | VERSION_PATCH
}

/// The library's version as a static NUL-terminated string (`"0.1.0"`); never freed.
#[no_mangle]
pub extern "C" fn mh_version_string() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

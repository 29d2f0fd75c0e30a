//! The context layer (the lowest): GL contexts of Molehill's own and the host's, and the proof
//! that one is current ([`proof`]).
//!
//! - On the desktop: contexts through glutin's EGL ([`egl`]), the host's context ([`host`]),
//!   which EGL context is current on the thread ([`current`]), GPU resets ([`reset`]).
//! - In a browser (`wasm32`): WebGL2 contexts on a canvas of Molehill's own or the player's
//!   ([`webgl`], with its own `host` and `current`).
//!
//! [`types`] and [`bound`] serve both. It imports nothing else of the crate; `proof` <-
//! `current` <- `types` <- `reset` <- `host` <- `egl` (or `webgl`), in that order.
pub(crate) mod bound;
mod proof;
pub(crate) mod types;

#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod current;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod egl;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod host;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) mod reset;

#[cfg(target_arch = "wasm32")]
pub(crate) mod webgl;

pub(crate) use proof::Current;
pub use types::{ContextError, ContextOptions, GlApi, GlInfo, Rgba4Targets, DEBIAN_PACKAGES};

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use current::{restore, CurrentBinding};
#[cfg(not(target_arch = "wasm32"))]
pub use egl::GlContext;
#[cfg(not(target_arch = "wasm32"))]
pub use host::{HostContext, MakeCurrentHook};
#[cfg(not(target_arch = "wasm32"))]
pub use reset::ResetStatus;

#[cfg(target_arch = "wasm32")]
pub(crate) use webgl::current::{restore, CurrentBinding};
#[cfg(target_arch = "wasm32")]
pub use webgl::{GlContext, HostContext};

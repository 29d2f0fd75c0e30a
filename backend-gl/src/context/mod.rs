//! The context layer (the lowest): GL contexts of Molehill's own through glutin's EGL
//! ([`egl`]), the host's context ([`host`]), which EGL context is current on the thread and
//! the proof that one is ([`current`]), and the types they share ([`types`]). It imports
//! nothing else of the crate; `current` <- `types` <- `host` <- `egl`, in that order.
pub(crate) mod current;
pub(crate) mod egl;
pub(crate) mod host;
pub(crate) mod types;

pub(crate) use current::Current;
pub use egl::GlContext;
pub use host::{HostContext, MakeCurrentHook};
pub use types::{ContextError, ContextOptions, GlApi, GlInfo, Rgba4Targets, DEBIAN_PACKAGES};

//! Reset detection on the desktop: `glGetGraphicsResetStatus` of a robust context.
//!
//! A GPU reset (a hang the driver recovered from, a driver update, a removed GPU) destroys
//! everything a context held. A context made with `EGL_EXT_create_context_robustness`'s
//! `LOSE_CONTEXT_ON_RESET` strategy says so through `glGetGraphicsResetStatus` (GL 4.5,
//! `KHR_robustness`, `ARB_robustness`, ES's `EXT_robustness`); without robustness a reset may
//! go unnoticed (drawing nothing) or end the process. Molehill asks for a robust context first
//! ([`crate::GlContext::headless`] and the others) and, where the context reports resets, asks
//! the status once per `present` (docs/gl.md, "Context loss on the desktop"): a reset makes
//! the Context3D lost as Flash's is, and its Stage3D gets a new context.
//!
//! `eglGetProcAddress` answers a stub for any `gl*` name on some drivers (Mesa), so the entry
//! point is taken only where the version or an extension promises it, and only when the
//! context's strategy is `LOSE_CONTEXT_ON_RESET` (a context that never reports resets answers
//! `GL_NO_ERROR` for ever: asking it would be work for nothing).

use std::ffi::{c_void, CStr};

use glow::HasContext;

use super::proof::Current;

/// `GL_RESET_NOTIFICATION_STRATEGY`.
const RESET_NOTIFICATION_STRATEGY: u32 = 0x8256;
/// `GL_LOSE_CONTEXT_ON_RESET`.
const LOSE_CONTEXT_ON_RESET: u32 = 0x8252;
/// `GL_GUILTY_CONTEXT_RESET`.
const GUILTY_CONTEXT_RESET: u32 = 0x8253;
/// `GL_INNOCENT_CONTEXT_RESET`.
const INNOCENT_CONTEXT_RESET: u32 = 0x8254;
/// `GL_UNKNOWN_CONTEXT_RESET`.
const UNKNOWN_CONTEXT_RESET: u32 = 0x8255;

/// What `glGetGraphicsResetStatus` reported: the context was reset and everything in it is
/// gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResetStatus {
    /// `GL_GUILTY_CONTEXT_RESET`: this context's own work caused it.
    Guilty,
    /// `GL_INNOCENT_CONTEXT_RESET`: another context's work caused it.
    Innocent,
    /// `GL_UNKNOWN_CONTEXT_RESET`: the driver does not know why.
    Unknown,
}

impl ResetStatus {
    /// The status for a value of `glGetGraphicsResetStatus` (`None` for `GL_NO_ERROR` and
    /// anything GL does not define).
    pub fn from_gl(code: u32) -> Option<ResetStatus> {
        match code {
            GUILTY_CONTEXT_RESET => Some(ResetStatus::Guilty),
            INNOCENT_CONTEXT_RESET => Some(ResetStatus::Innocent),
            UNKNOWN_CONTEXT_RESET => Some(ResetStatus::Unknown),
            _ => None,
        }
    }

    /// GL's name of the status (as logged and kept as the loss's reason).
    pub fn gl_name(self) -> &'static str {
        match self {
            ResetStatus::Guilty => "GL_GUILTY_CONTEXT_RESET",
            ResetStatus::Innocent => "GL_INNOCENT_CONTEXT_RESET",
            ResetStatus::Unknown => "GL_UNKNOWN_CONTEXT_RESET",
        }
    }
}

/// `glGetGraphicsResetStatus` (or its `KHR`/`ARB`/`EXT` name), GL's signature.
type GetResetStatus = unsafe extern "system" fn() -> u32;

/// The reset query of one context that reports resets.
pub(crate) struct ResetQuery {
    get: GetResetStatus,
    /// The name it was loaded by (logged).
    name: &'static CStr,
}

impl std::fmt::Debug for ResetQuery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResetQuery")
            .field("name", &self.name)
            .finish()
    }
}

impl ResetQuery {
    /// The query of the context `gl` (current on this thread, its entry points from
    /// `loader`), or `None` when it does not report resets.
    pub(crate) fn load(
        gl: &glow::Context,
        mut loader: impl FnMut(&CStr) -> *const c_void,
    ) -> Option<ResetQuery> {
        let name = entry_point(gl)?;
        // SAFETY: the context is current (this function's contract) and the version or an
        // extension promises GL_RESET_NOTIFICATION_STRATEGY (entry_point).
        let strategy = unsafe { gl.get_parameter_i32(RESET_NOTIFICATION_STRATEGY) } as u32;
        if strategy != LOSE_CONTEXT_ON_RESET {
            log::debug!("GL context without reset notification (strategy 0x{strategy:04x})");
            return None;
        }
        let ptr = loader(name);
        if ptr.is_null() {
            return None;
        }
        // SAFETY: a non-null entry point of this context's loader for a function the context
        // promises (entry_point) has GL's signature, `GLenum (void)`.
        let get: GetResetStatus = unsafe { std::mem::transmute(ptr) };
        log::debug!("GL context reports resets ({name:?})");
        Some(ResetQuery { get, name })
    }

    /// The context's reset status, `None` while it was not reset.
    pub(crate) fn status(&self, _current: Current) -> Option<ResetStatus> {
        // SAFETY: `Current` proves the context this query was loaded for is current on this
        // thread; the function takes no arguments.
        let code = unsafe { (self.get)() };
        ResetStatus::from_gl(code)
    }
}

/// The name the context's version or extensions promise the query by, if any.
fn entry_point(gl: &glow::Context) -> Option<&'static CStr> {
    let v = gl.version();
    let has = |e: &str| gl.supported_extensions().contains(e);
    let at_least = |major, minor| (v.major, v.minor) >= (major, minor);
    if v.is_embedded {
        if at_least(3, 2) {
            Some(c"glGetGraphicsResetStatus")
        } else if has("GL_KHR_robustness") {
            Some(c"glGetGraphicsResetStatusKHR")
        } else if has("GL_EXT_robustness") {
            Some(c"glGetGraphicsResetStatusEXT")
        } else {
            None
        }
    } else if at_least(4, 5) || has("GL_KHR_robustness") {
        Some(c"glGetGraphicsResetStatus")
    } else if has("GL_ARB_robustness") {
        Some(c"glGetGraphicsResetStatusARB")
    } else {
        None
    }
}

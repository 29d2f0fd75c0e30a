//! The host's own GL context: what a GL player hands Molehill so that Molehill draws in it.
//!
//! A [`HostContext`] is the host's glow function table (or a loader to make one), the API of
//! the context, and how Molehill knows the host's context is current at each call:
//!
//! - [`HostContext::new`] / [`HostContext::from_loader`] remember the EGL context current when
//!   they are called and, at every later Molehill call, ask EGL (`eglGetCurrentContext`)
//!   whether it is still the current one;
//! - [`HostContext::with_make_current`] gives a hook Molehill calls at every call instead (a
//!   GLX, WGL or CGL host, or a host that wants Molehill to switch for it).
//!
//! When neither holds (no context current, another one current, the hook fails), the call
//! fails with a typed [`ContextError`] ([`ContextError::HostNotCurrent`],
//! [`ContextError::HostHook`]) and no GL call is made; [`crate::GlBackend`] then reports the
//! context lost (Flash's #3694) and keeps the reason in [`crate::GlBackend::context_error`].

use std::ffi::{c_void, CStr};

use super::current::{self, RawEglContext};
use super::reset::ResetQuery;
use super::types::{ContextError, GlApi};

/// A make-current hook: makes the host's context current (or checks that it is), `Err`
/// with the host's reason when it cannot.
pub type MakeCurrentHook = Box<dyn Fn() -> Result<(), String>>;

/// How each Molehill call makes sure the host's context is the current one.
pub(crate) enum HostCheck {
    /// `eglGetCurrentContext` must return this context.
    Egl(RawEglContext),
    /// The host's hook.
    Hook(MakeCurrentHook),
}

impl std::fmt::Debug for HostCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostCheck::Egl(c) => write!(f, "EGL context {:p}", c.0),
            HostCheck::Hook(_) => f.write_str("make-current hook"),
        }
    }
}

impl HostCheck {
    /// Checks (or, through the hook, makes) the host's context current.
    pub fn check(&self) -> Result<(), ContextError> {
        match self {
            HostCheck::Egl(want) => match current::current_context() {
                Some(Some(c)) if c == *want => Ok(()),
                Some(Some(_)) => Err(ContextError::HostNotCurrent {
                    found: "another context",
                }),
                Some(None) | None => Err(ContextError::HostNotCurrent {
                    found: "no context",
                }),
            },
            HostCheck::Hook(hook) => hook().map_err(ContextError::HostHook),
        }
    }

    /// The EGL context checked for, if any.
    pub fn egl_context(&self) -> Option<RawEglContext> {
        match self {
            HostCheck::Egl(c) => Some(*c),
            HostCheck::Hook(_) => None,
        }
    }
}

/// The host's GL context, given to [`crate::GlBackend::on_host_context`].
#[derive(Debug)]
pub struct HostContext {
    gl: glow::Context,
    api: GlApi,
    check: Option<HostCheck>,
    /// The reset query, when the host's context reports resets and a loader was given
    /// ([`HostContext::from_loader`]).
    reset: Option<ResetQuery>,
}

impl HostContext {
    /// The host's context through its glow function table. `api` says whether it is an
    /// OpenGL ES 3.0 (or later) or a desktop 3.3 core (or later) context: it decides the GLSL
    /// dialect. Unless a hook is given afterwards, the EGL context current now is the one
    /// every later call checks for: [`ContextError::HostNotCurrent`] when none is current.
    ///
    /// The host promises that `gl` was loaded for its context, and that its context is
    /// current on the calling thread during every Molehill call (or that the hook makes it).
    pub fn new(gl: glow::Context, api: GlApi) -> Result<HostContext, ContextError> {
        let check = match current::current_context() {
            Some(Some(c)) => Some(HostCheck::Egl(c)),
            _ => None,
        };
        Ok(HostContext {
            gl,
            api,
            check,
            reset: None,
        })
    }

    /// [`HostContext::new`] with a glow table loaded through `loader` (the host's
    /// `eglGetProcAddress`, `SDL_GL_GetProcAddress`, `glfwGetProcAddress`...).
    ///
    /// # Safety
    /// `loader` must return entry points of the host's context (or null), and that context
    /// must be current on this thread now.
    ///
    /// A loader without `glGetString` is [`ContextError::HostLoader`]; no context current
    /// (`glGetString(GL_VERSION)` answers null) is [`ContextError::HostNotCurrent`]: both are
    /// found before glow reads the version (which would panic).
    pub unsafe fn from_loader(
        api: GlApi,
        mut loader: impl FnMut(&CStr) -> *const c_void,
    ) -> Result<HostContext, ContextError> {
        let get_string = loader(c"glGetString");
        if get_string.is_null() {
            return Err(ContextError::HostLoader("glGetString"));
        }
        type GetString = unsafe extern "system" fn(u32) -> *const u8;
        // SAFETY: a non-null glGetString from the host's loader (this function's contract)
        // has GL's signature.
        let get_string: GetString = unsafe { std::mem::transmute(get_string) };
        // SAFETY: GL_VERSION is a valid name; with no context current GL answers null.
        if unsafe { get_string(glow::VERSION) }.is_null() {
            return Err(ContextError::HostNotCurrent {
                found: "no context",
            });
        }
        // SAFETY: forwarded from this function's contract; a context is current (above).
        let gl = unsafe { glow::Context::from_loader_function_cstr(|name| loader(name)) };
        let reset = ResetQuery::load(&gl, &mut loader);
        let mut host = HostContext::new(gl, api)?;
        host.reset = reset;
        Ok(host)
    }

    /// Calls `hook` at the start of every Molehill call instead of asking EGL: the hook makes
    /// the host's context current (or checks it is) and returns the host's reason when it
    /// cannot. Needed for hosts whose context is not an EGL one.
    pub fn with_make_current(mut self, hook: MakeCurrentHook) -> HostContext {
        self.check = Some(HostCheck::Hook(hook));
        self
    }

    pub(crate) fn into_parts(self) -> (glow::Context, GlApi, HostCheck, Option<ResetQuery>) {
        let check = self.check.unwrap_or_else(|| {
            // No EGL context was current at `new` and no hook was given: every check fails
            // with HostNotCurrent (the null handle is never current).
            HostCheck::Egl(RawEglContext(std::ptr::null()))
        });
        (self.gl, self.api, check, self.reset)
    }
}

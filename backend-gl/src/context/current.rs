//! Which EGL context is current on this thread, asked of EGL itself (`eglGetCurrentContext`),
//! and putting back the one that was current before Molehill switched.
//!
//! libEGL is loaded once (`libEGL.so.1`, the library glutin loads, so the current-context
//! state is the same one) and only the five entry points below are resolved. Without libEGL
//! every query answers "unknown" and nothing is switched back.

use std::ffi::c_void;
use std::sync::OnceLock;

type GetCurrentContext = unsafe extern "C" fn() -> *mut c_void;
type GetCurrentDisplay = unsafe extern "C" fn() -> *mut c_void;
type GetCurrentSurface = unsafe extern "C" fn(i32) -> *mut c_void;
type MakeCurrent = unsafe extern "C" fn(*mut c_void, *mut c_void, *mut c_void, *mut c_void) -> u32;
type GetError = unsafe extern "C" fn() -> i32;

const EGL_DRAW: i32 = 0x3059;
const EGL_READ: i32 = 0x305A;
/// `EGL_CONTEXT_LOST`.
pub const EGL_CONTEXT_LOST: i32 = 0x300E;

struct Egl {
    get_current_context: GetCurrentContext,
    get_current_display: GetCurrentDisplay,
    get_current_surface: GetCurrentSurface,
    make_current: MakeCurrent,
    get_error: GetError,
    // Kept loaded for the process's lifetime (the pointers above point into it).
    _lib: libloading::Library,
}

fn egl() -> Option<&'static Egl> {
    static EGL: OnceLock<Option<Egl>> = OnceLock::new();
    EGL.get_or_init(|| {
        // SAFETY: loading libEGL runs its initialisers, which have no preconditions; glutin
        // loads the same library the same way.
        let lib = unsafe { libloading::Library::new("libEGL.so.1") }.ok()?;
        // SAFETY: each symbol is looked up with the signature of the EGL 1.4 specification.
        unsafe {
            Some(Egl {
                get_current_context: *lib.get(b"eglGetCurrentContext\0").ok()?,
                get_current_display: *lib.get(b"eglGetCurrentDisplay\0").ok()?,
                get_current_surface: *lib.get(b"eglGetCurrentSurface\0").ok()?,
                make_current: *lib.get(b"eglMakeCurrent\0").ok()?,
                get_error: *lib.get(b"eglGetError\0").ok()?,
                _lib: lib,
            })
        }
    })
    .as_ref()
}

/// A raw `EGLContext` handle (compared, never dereferenced).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawEglContext(pub *const c_void);

/// The thread's current EGL context: `Some(None)` when none is, `None` without libEGL.
pub fn current_context() -> Option<Option<RawEglContext>> {
    let egl = egl()?;
    // SAFETY: eglGetCurrentContext has no arguments and only reads thread-local state.
    let ctx = unsafe { (egl.get_current_context)() };
    Some((!ctx.is_null()).then_some(RawEglContext(ctx)))
}

/// The last EGL error of this thread (`EGL_SUCCESS` = 0x3000), or `None` without libEGL.
pub fn last_error() -> Option<i32> {
    let egl = egl()?;
    // SAFETY: no arguments; reads and resets the thread's EGL error.
    Some(unsafe { (egl.get_error)() })
}

/// Everything `eglMakeCurrent` needs to make the thread's current binding current again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurrentBinding {
    display: *mut c_void,
    draw: *mut c_void,
    read: *mut c_void,
    context: *mut c_void,
}

impl CurrentBinding {
    /// The thread's binding now, when a context is current (and libEGL is there).
    pub fn now() -> Option<CurrentBinding> {
        let egl = egl()?;
        // SAFETY: the four getters take no pointers and read the thread's EGL state.
        let b = unsafe {
            CurrentBinding {
                context: (egl.get_current_context)(),
                display: (egl.get_current_display)(),
                draw: (egl.get_current_surface)(EGL_DRAW),
                read: (egl.get_current_surface)(EGL_READ),
            }
        };
        (!b.context.is_null() && !b.display.is_null()).then_some(b)
    }

    /// The thread's binding now, unless nothing is current or `ours` is (one EGL query in
    /// that case).
    pub fn now_unless(ours: *const c_void) -> Option<CurrentBinding> {
        match current_context()? {
            Some(c) if c.0 != ours => CurrentBinding::now(),
            _ => None,
        }
    }

    /// Makes the binding current again; the EGL error on failure (the host destroyed its
    /// context or surface meanwhile).
    pub fn restore(&self) -> Result<(), i32> {
        let Some(egl) = egl() else { return Ok(()) };
        // SAFETY: the handles were current on this thread when `now` read them; EGL checks
        // them again and fails with an error code (never crashes) when they are gone.
        let ok = unsafe { (egl.make_current)(self.display, self.draw, self.read, self.context) };
        if ok == 0 {
            // SAFETY: no arguments.
            Err(unsafe { (egl.get_error)() })
        } else {
            Ok(())
        }
    }
}

/// Makes no context current on this thread (`eglMakeCurrent` with `EGL_NO_CONTEXT`) when one
/// is; `Err` with the EGL error when EGL refuses.
pub fn release() -> Result<(), i32> {
    let (Some(egl), Some(b)) = (egl(), CurrentBinding::now()) else {
        return Ok(());
    };
    let null = std::ptr::null_mut();
    // SAFETY: the display is the thread's current one; EGL_NO_SURFACE and EGL_NO_CONTEXT
    // (null) release the binding.
    if unsafe { (egl.make_current)(b.display, null, null, null) } == 0 {
        // SAFETY: no arguments.
        Err(unsafe { (egl.get_error)() })
    } else {
        Ok(())
    }
}

/// Makes `previous` current again, if any (a failure is logged: the host destroyed it).
pub fn restore(previous: Option<CurrentBinding>) {
    if let Some(p) = previous {
        if let Err(code) = p.restore() {
            log::warn!("making the host's context current again failed (EGL 0x{code:x})");
        }
    }
}

//! GL contexts from glutin's EGL: headless (EGL device platform, surfaceless or a 1x1
//! pbuffer) by default, or a window surface from the host's raw-window-handle.
//!
//! The context is made current on the thread that created it and stays `!Send`
//! (glutin's `PossiblyCurrentContext` is). Several contexts may live on one thread: every
//! backend entry point calls [`GlContext::make_current`], which asks EGL which context is
//! current (`eglGetCurrentContext`) and switches only when it is another one. Nothing is
//! remembered between calls: a host may make its own context current at any time.
//!
//! Besides contexts of its own, a [`GlContext`] may be the host's context
//! ([`GlContext::from_host`], see [`crate::context::host`]) or one of ours sharing objects with the
//! host's ([`GlContext::sharing`]).

use std::cell::Cell;
use std::ffi::{c_void, CStr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

use glow::HasContext;
use glutin::api::egl::context::PossiblyCurrentContext;
use glutin::api::egl::device::Device;
use glutin::api::egl::display::Display;
use glutin::api::egl::surface::Surface;
use glutin::config::{Api, ConfigSurfaceTypes, ConfigTemplateBuilder};
use glutin::context::{
    AsRawContext, ContextApi, ContextAttributes, ContextAttributesBuilder, GlProfile, RawContext,
    Robustness, Version,
};
use glutin::prelude::*;
use glutin::surface::{PbufferSurface, SurfaceAttributesBuilder, WindowSurface};
use raw_window_handle::{RawDisplayHandle, RawWindowHandle};

use super::current;
use super::host::{HostCheck, HostContext};
use super::proof::Current;
use super::reset::{ResetQuery, ResetStatus};
use super::types::{ContextError, ContextOptions, GlApi, GlInfo, DEBIAN_PACKAGES};

#[derive(Debug)]
enum SurfaceKind {
    Surfaceless,
    Pbuffer(Surface<PbufferSurface>),
    Window(Surface<WindowSurface>),
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Whose context it is.
enum Kind {
    /// Ours: made current by us when it is not.
    Owned {
        surface: SurfaceKind,
        context: PossiblyCurrentContext,
        display: Display,
    },
    /// The host's: checked (or made current through the host's hook), never switched by us.
    Host(HostCheck),
}

/// One GL context with its glow function table.
pub struct GlContext {
    gl: glow::Context,
    kind: Kind,
    id: u64,
    info: GlInfo,
    /// Made by [`GlContext::sharing`]: its objects live in the host's share group.
    shares: bool,
    /// The reset query of a context that reports resets (`context::reset`).
    reset: Option<ResetQuery>,
    /// What the next reset query answers instead of GL ([`GlContext::simulate_reset`]).
    simulated_reset: Cell<Option<ResetStatus>>,
}

impl std::fmt::Debug for GlContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.kind {
            Kind::Owned { surface, .. } => format!("owned, {surface:?}"),
            Kind::Host(check) => format!("host's, {check:?}"),
        };
        f.debug_struct("GlContext")
            .field("id", &self.id)
            .field("info", &self.info)
            .field("kind", &kind)
            .finish_non_exhaustive()
    }
}

/// An owned context current on this thread is released before glutin destroys it: EGL keeps a
/// destroyed context current until something else is made current, so the next context made
/// on the thread took the dead one for the host's and failed to make it current again
/// ("making the host's context current again failed (EGL 0x3006)", seen in Ruffle and in
/// `molehill bench`; `tests/drop_release.rs` counts them).
impl Drop for GlContext {
    fn drop(&mut self) {
        if let Kind::Owned { context, .. } = &self.kind {
            if context.is_current() {
                if let Err(code) = current::release() {
                    log::warn!("releasing a dropped context failed (EGL 0x{code:x})");
                }
            }
        }
    }
}

/// A raw EGL context to share objects with.
struct Share(RawContext);

impl AsRawContext for Share {
    fn raw_context(&self) -> RawContext {
        self.0
    }
}

/// A context of `display` with `robust`'s attributes (reset notification), or with `plain`'s
/// where the display or driver refuses those (no `EGL_EXT_create_context_robustness`, or a
/// share context of another strategy).
fn create_context(
    display: &Display,
    config: &glutin::api::egl::config::Config,
    robust: &ContextAttributes,
    plain: &ContextAttributes,
) -> Result<glutin::api::egl::context::NotCurrentContext, glutin::error::Error> {
    // SAFETY: the config comes from this display; the attributes hold no native handle but
    // the host's window of `windowed`, which its caller guarantees valid.
    match unsafe { display.create_context(config, robust) } {
        Ok(context) => Ok(context),
        Err(e) => {
            log::debug!(
                "a robust GL context was refused ({e}); making one without reset notification"
            );
            // SAFETY: as above.
            unsafe { display.create_context(config, plain) }
        }
    }
}

fn context_api(api: GlApi) -> (Api, ContextApi, Option<GlProfile>) {
    match api {
        GlApi::Es30 => (Api::GLES3, ContextApi::Gles(Some(Version::new(3, 0))), None),
        GlApi::Desktop33 => (
            Api::OPENGL,
            ContextApi::OpenGl(Some(Version::new(3, 3))),
            Some(GlProfile::Core),
        ),
    }
}

impl GlContext {
    /// A headless context: a hardware EGL device when there is one, else Mesa's software
    /// device (`EGL_MESA_device_software`, llvmpipe). Surfaceless where the driver allows,
    /// else a 1x1 pbuffer.
    pub fn headless(options: &ContextOptions) -> Result<GlContext, ContextError> {
        let devices: Vec<Device> = Device::query_devices()
            .map_err(|source| ContextError::NoEgl {
                source,
                packages: DEBIAN_PACKAGES,
            })?
            .collect();
        let is_software = |d: &Device| d.extensions().contains("EGL_MESA_device_software");
        let mut ordered: Vec<&Device> = Vec::new();
        if !options.force_software {
            ordered.extend(devices.iter().filter(|d| !is_software(d)));
        }
        ordered.extend(devices.iter().filter(|d| is_software(d)));
        if ordered.is_empty() {
            return Err(ContextError::NoDevice {
                packages: DEBIAN_PACKAGES,
            });
        }
        let mut last = None;
        for device in ordered {
            match Self::on_device(device, options) {
                Ok(ctx) => return Ok(ctx),
                Err(e) => {
                    log::debug!("EGL device {:?} refused: {e}", device.name());
                    last = Some(e);
                }
            }
        }
        let source = last.unwrap_or_else(|| glutin::error::ErrorKind::NotFound.into());
        Err(ContextError::NoContext {
            api: options.api.name(),
            source,
            packages: DEBIAN_PACKAGES,
        })
    }

    fn on_device(
        device: &Device,
        options: &ContextOptions,
    ) -> Result<GlContext, glutin::error::Error> {
        // SAFETY: no raw display is passed; the device comes from EGL's own enumeration.
        let display = unsafe { Display::with_device(device, None) }?;
        Self::on_display(display, options, None)
    }

    /// A headless context of ours on the host's EGL `display` sharing objects (textures,
    /// buffers, sync objects; not framebuffers or vertex arrays) with the host's context
    /// `share`, current on return. The frame textures of a [`crate::GlBackend`] on it can be
    /// sampled in the host's context (after [`crate::FrameTexture::wait`]).
    pub fn sharing(
        display: &Display,
        share: &impl AsRawContext,
        options: &ContextOptions,
    ) -> Result<GlContext, ContextError> {
        let mut ctx = Self::on_display(display.clone(), options, Some(share.raw_context()))
            .map_err(|source| ContextError::NoContext {
                api: options.api.name(),
                source,
                packages: DEBIAN_PACKAGES,
            })?;
        ctx.shares = true;
        Ok(ctx)
    }

    fn on_display(
        display: Display,
        options: &ContextOptions,
        share: Option<RawContext>,
    ) -> Result<GlContext, glutin::error::Error> {
        let (api, ctx_api, profile) = context_api(options.api);
        let attrs = |robustness| {
            let mut b = ContextAttributesBuilder::new()
                .with_context_api(ctx_api)
                .with_debug(options.debug)
                .with_robustness(robustness);
            if let Some(p) = profile {
                b = b.with_profile(p);
            }
            if let Some(share) = share {
                b = b.with_sharing(&Share(share));
            }
            b.build(None)
        };
        let (robust, plain) = (
            attrs(Robustness::RobustLoseContextOnReset),
            attrs(Robustness::NotRobust),
        );
        // First try surfaceless.
        let template = ConfigTemplateBuilder::new()
            .with_surface_type(ConfigSurfaceTypes::empty())
            .with_api(api)
            .build();
        // SAFETY: the template holds no native window.
        let config = unsafe { display.find_configs(template) }?.next();
        if let Some(config) = config {
            let not_current = create_context(&display, &config, &robust, &plain)?;
            if let Ok(context) = not_current.make_current_surfaceless() {
                return Ok(Self::finish(
                    display,
                    context,
                    SurfaceKind::Surfaceless,
                    options.api,
                ));
            }
        }
        // Fall back to a 1x1 pbuffer.
        let template = ConfigTemplateBuilder::new()
            .with_surface_type(ConfigSurfaceTypes::PBUFFER)
            .with_api(api)
            .build();
        // SAFETY: the template holds no native window.
        let config = unsafe { display.find_configs(template) }?
            .next()
            .ok_or_else(|| glutin::error::Error::from(glutin::error::ErrorKind::BadConfig))?;
        let one = NonZeroU32::MIN;
        let pattrs = SurfaceAttributesBuilder::<PbufferSurface>::new().build(one, one);
        // SAFETY: the config comes from this display; the attributes are plain sizes.
        let surface = unsafe { display.create_pbuffer_surface(&config, &pattrs) }?;
        let not_current = create_context(&display, &config, &robust, &plain)?;
        let context = not_current.make_current(&surface)?;
        Ok(Self::finish(
            display,
            context,
            SurfaceKind::Pbuffer(surface),
            options.api,
        ))
    }

    /// A context drawing into the host's window through EGL.
    ///
    /// # Safety
    /// `display` and `window` must be valid handles that outlive the returned context.
    pub unsafe fn windowed(
        display: RawDisplayHandle,
        window: RawWindowHandle,
        width: u32,
        height: u32,
        api: GlApi,
    ) -> Result<GlContext, ContextError> {
        let step = |step: &'static str| move |source| ContextError::Window { step, source };
        // SAFETY: the caller guarantees that the display handle is valid.
        let egl_display = unsafe { Display::new(display) }.map_err(step("eglGetDisplay"))?;
        let (capi, ctx_api, profile) = context_api(api);
        let template = ConfigTemplateBuilder::new()
            .with_surface_type(ConfigSurfaceTypes::WINDOW)
            .compatible_with_native_window(window)
            .with_api(capi)
            .build();
        // SAFETY: the caller guarantees that the window handle in the template is valid.
        let config = unsafe { egl_display.find_configs(template) }
            .map_err(step("eglChooseConfig"))?
            .next()
            .ok_or(ContextError::NoConfig { api: api.name() })?;
        let w = NonZeroU32::new(width.max(1)).unwrap_or(NonZeroU32::MIN);
        let h = NonZeroU32::new(height.max(1)).unwrap_or(NonZeroU32::MIN);
        let sattrs = SurfaceAttributesBuilder::<WindowSurface>::new().build(window, w, h);
        // SAFETY: the caller guarantees that the window handle is valid.
        let surface = unsafe { egl_display.create_window_surface(&config, &sattrs) }
            .map_err(step("eglCreateWindowSurface"))?;
        let attrs = |robustness| {
            let mut b = ContextAttributesBuilder::new()
                .with_context_api(ctx_api)
                .with_robustness(robustness);
            if let Some(p) = profile {
                b = b.with_profile(p);
            }
            b.build(Some(window))
        };
        let (robust, plain) = (
            attrs(Robustness::RobustLoseContextOnReset),
            attrs(Robustness::NotRobust),
        );
        let not_current = create_context(&egl_display, &config, &robust, &plain)
            .map_err(step("eglCreateContext"))?;
        let context = not_current
            .make_current(&surface)
            .map_err(ContextError::MakeCurrent)?;
        Ok(Self::finish(
            egl_display,
            context,
            SurfaceKind::Window(surface),
            api,
        ))
    }

    fn finish(
        display: Display,
        context: PossiblyCurrentContext,
        surface: SurfaceKind,
        api: GlApi,
    ) -> GlContext {
        // SAFETY: the context was just made current on this thread; the loader returns
        // entry points of that display, valid for the context's lifetime.
        let gl = unsafe {
            glow::Context::from_loader_function_cstr(|name: &CStr| display.get_proc_address(name))
        };
        // The context is current (above); the loader is its display's.
        let reset = ResetQuery::load(&gl, |name| display.get_proc_address(name));
        Self::with_gl(
            gl,
            reset,
            Kind::Owned {
                surface,
                context,
                display,
            },
            api,
        )
    }

    /// The host's context as a [`GlContext`]: Molehill never makes it current, it checks that
    /// it is (see [`crate::context::host::HostContext`]). The host's context must be current now.
    pub fn from_host(host: HostContext) -> Result<GlContext, ContextError> {
        let (gl, api, check, reset) = host.into_parts();
        check.check()?;
        Ok(Self::with_gl(gl, reset, Kind::Host(check), api))
    }

    fn with_gl(gl: glow::Context, reset: Option<ResetQuery>, kind: Kind, api: GlApi) -> GlContext {
        let get = |name: u32| {
            // SAFETY: the context is current; GetString with these enums returns a static
            // string that glow copies.
            unsafe { gl.get_parameter_string(name) }
        };
        let (version, renderer, vendor) =
            (get(glow::VERSION), get(glow::RENDERER), get(glow::VENDOR));
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        log::info!("GL context {id}: {version} / {renderer} / {vendor}");
        GlContext {
            gl,
            kind,
            id,
            info: GlInfo {
                version,
                renderer,
                vendor,
                api,
            },
            shares: false,
            reset,
            simulated_reset: Cell::new(None),
        }
    }

    /// Makes this context current on the calling thread. For a context of ours, EGL is asked
    /// which context is current (`eglGetCurrentContext`) and ours is made current when it is
    /// not; for the host's context, the host's hook is called or EGL is asked whether it is
    /// current ([`ContextError::HostNotCurrent`] when not). A context EGL reports lost gives
    /// [`ContextError::Lost`].
    pub fn make_current(&self) -> Result<(), ContextError> {
        match &self.kind {
            Kind::Owned {
                surface, context, ..
            } => {
                if context.is_current() {
                    return Ok(());
                }
                match surface {
                    SurfaceKind::Surfaceless => context.make_current_surfaceless(),
                    SurfaceKind::Pbuffer(s) => context.make_current(s),
                    SurfaceKind::Window(s) => context.make_current(s),
                }
                .map_err(|e| {
                    if current::last_error() == Some(current::EGL_CONTEXT_LOST)
                        || e.to_string().contains("CONTEXT_LOST")
                    {
                        ContextError::Lost("EGL_CONTEXT_LOST")
                    } else {
                        ContextError::MakeCurrent(e)
                    }
                })
            }
            Kind::Host(check) => check.check(),
        }
    }

    /// [`GlContext::make_current`], with the proof that the context is current.
    pub(crate) fn enter(&self) -> Result<Current, ContextError> {
        self.make_current().map(|()| Current::new())
    }

    /// The proof that this context is current when EGL says so (one `eglGetCurrentContext`,
    /// compared with this context's EGL context); `None` when another context or none is.
    pub(crate) fn found_current(&self) -> Option<Current> {
        let RawContext::Egl(ours) = self.raw_context();
        (current::current_context().flatten().map(|c| c.0) == Some(ours)).then(Current::new)
    }

    /// The proof without asking EGL, for a context found current earlier in the same frame
    /// whose player promised to make no other context current on this thread until the
    /// frame's present (`CurrentCheck::AtPresent`): the promise is the player's.
    pub(crate) fn trust_current(&self) -> Current {
        Current::new()
    }

    /// Whether EGL reports this context current on the calling thread (for the host's
    /// context, whether its check passes).
    pub fn is_current(&self) -> bool {
        match &self.kind {
            Kind::Owned { context, .. } => context.is_current(),
            Kind::Host(check) => check.check().is_ok(),
        }
    }

    /// Makes no context current on the calling thread (whichever one is): what a host does
    /// when it gives its context up. The next [`GlContext::make_current`] of a context of
    /// ours makes it current again.
    pub fn release_current() -> Result<(), ContextError> {
        current::release().map_err(|code| {
            log::error!("eglMakeCurrent(EGL_NO_CONTEXT) failed: EGL error 0x{code:x}");
            ContextError::MakeCurrent(glutin::error::ErrorKind::Misc.into())
        })
    }

    /// The key of this context in the table of host contexts (`bound.rs`): its EGL context.
    pub(crate) fn key(&self) -> usize {
        self.egl_handle() as usize
    }

    /// The EGL context (null for the host's context checked by a hook).
    pub(crate) fn egl_handle(&self) -> *const c_void {
        let RawContext::Egl(ctx) = self.raw_context();
        ctx
    }

    /// Whether the context came back after a loss: never on the desktop (a browser's can).
    pub fn context_restored(&self) -> bool {
        false
    }

    /// Whether this is a browser's WebGL2 context: never on the desktop.
    pub fn is_web(&self) -> bool {
        false
    }

    /// Whether this is the host's context ([`GlContext::from_host`]).
    pub fn is_host(&self) -> bool {
        matches!(self.kind, Kind::Host(_))
    }

    /// Whether this context of ours shares objects with the host's ([`GlContext::sharing`]):
    /// what Molehill makes in it outlives it, in the host's share group.
    pub fn shares_objects(&self) -> bool {
        self.shares
    }

    /// The EGL display of a context of ours (to make a [`GlContext::sharing`] context on it).
    pub fn egl_display(&self) -> Option<&Display> {
        match &self.kind {
            Kind::Owned { display, .. } => Some(display),
            Kind::Host(_) => None,
        }
    }

    /// A GL or EGL entry point of a context of ours (null for the host's context or an
    /// unknown name): how a host made with [`GlContext::headless`] loads its own glow table.
    pub fn get_proc_address(&self, name: &CStr) -> *const c_void {
        match &self.kind {
            Kind::Owned { display, .. } => display.get_proc_address(name),
            Kind::Host(_) => std::ptr::null(),
        }
    }

    /// The glow function table (the context must be current).
    pub fn gl(&self) -> &glow::Context {
        &self.gl
    }

    /// What the driver reports.
    pub fn info(&self) -> &GlInfo {
        &self.info
    }

    /// Whether this context draws into a window (the back buffer is then the window's).
    pub fn is_windowed(&self) -> bool {
        matches!(
            self.kind,
            Kind::Owned {
                surface: SurfaceKind::Window(_),
                ..
            }
        )
    }

    /// Whether the context reports GPU resets (a robust context with `LOSE_CONTEXT_ON_RESET`;
    /// `context::reset`): then a reset is found at the next `present` and the Context3D is
    /// lost as Flash's is. Without it a reset goes unnoticed by Molehill.
    pub fn detects_resets(&self) -> bool {
        self.reset.is_some()
    }

    /// The context's reset status (`None`: not reset, or it does not report resets); a
    /// status given to [`GlContext::simulate_reset`] is answered once first.
    pub(crate) fn reset_status(&self, current: Current) -> Option<ResetStatus> {
        if let Some(status) = self.simulated_reset.take() {
            return Some(status);
        }
        self.reset.as_ref().and_then(|q| q.status(current))
    }

    /// Makes the next reset query answer `status` instead of asking GL: the test of what a
    /// GPU reset does (one cannot be caused on demand). Works on any context, one that does
    /// not report resets too.
    pub fn simulate_reset(&self, status: ResetStatus) {
        self.simulated_reset.set(Some(status));
    }

    /// Shows the window's back buffer (nothing to do headless).
    pub fn swap_buffers(&self) -> Result<(), ContextError> {
        match &self.kind {
            Kind::Owned {
                surface: SurfaceKind::Window(s),
                context,
                ..
            } => s.swap_buffers(context).map_err(ContextError::Swap),
            _ => Ok(()),
        }
    }

    /// Resizes the window surface (nothing to do headless).
    pub fn resize(&self, width: u32, height: u32) {
        if let Kind::Owned {
            surface: SurfaceKind::Window(s),
            context,
            ..
        } = &self.kind
        {
            let w = NonZeroU32::new(width.max(1)).unwrap_or(NonZeroU32::MIN);
            let h = NonZeroU32::new(height.max(1)).unwrap_or(NonZeroU32::MIN);
            s.resize(context, w, h);
        }
    }
}

impl AsRawContext for GlContext {
    /// The EGL context (a context of ours, or the host's one checked by EGL); a host context
    /// checked by a hook has none and gives a null handle.
    fn raw_context(&self) -> RawContext {
        match &self.kind {
            Kind::Owned { context, .. } => context.raw_context(),
            Kind::Host(check) => {
                RawContext::Egl(check.egl_context().map_or(std::ptr::null(), |c| c.0))
            }
        }
    }
}

impl HostContext {
    /// The context of a player that made its GL context with Molehill's own
    /// ([`GlContext::headless`], [`GlContext::windowed`]): a second glow table on it, checked
    /// by EGL like [`HostContext::new`]. The context must be current
    /// ([`ContextError::HostNotCurrent`] otherwise); the host's context itself
    /// ([`GlContext::from_host`]) has no loader here ([`ContextError::HostLoader`]).
    pub fn of(ctx: &GlContext) -> Result<HostContext, ContextError> {
        if !ctx.is_host() && !ctx.is_current() {
            return Err(ContextError::HostNotCurrent {
                found: if current::current_context().flatten().is_some() {
                    "another context"
                } else {
                    "no context"
                },
            });
        }
        // SAFETY: the loader returns entry points of the context's own EGL display, and the
        // context is current (checked above).
        unsafe { HostContext::from_loader(ctx.info().api, |name| ctx.get_proc_address(name)) }
    }
}

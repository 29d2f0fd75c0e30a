//! GL contexts in a browser (`wasm32`): WebGL2 through glow's web build, on a canvas of
//! Molehill's own ([`GlContext::headless`]: an `OffscreenCanvas`, or a canvas element outside
//! the page; [`GlContext::on_canvas`]: a canvas element of the page that `present` shows the
//! back buffer in) or on the player's own `WebGl2RenderingContext` ([`HostContext`]).
//!
//! WebGL has no current context: every call names its context, so making one current is
//! nothing, and the proof ([`Current`]) is given for any context that is not lost. Loss is
//! asked of the browser at each entry (`isContextLost()`: true from the moment of the loss,
//! before `webglcontextlost` is delivered) and heard from its events
//! ([`GlContext::context_restored`], `ContextWatch`).

pub(crate) mod current;
mod host;
mod watch;

use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering};

use glow::HasContext;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, OffscreenCanvas, WebGl2RenderingContext};

pub use host::HostContext;
use watch::ContextWatch;

use super::proof::Current;
use super::types::{ContextError, ContextOptions, GlApi, GlInfo};

/// `UNMASKED_RENDERER_WEBGL` and `UNMASKED_VENDOR_WEBGL` (`WEBGL_debug_renderer_info`).
const UNMASKED_VENDOR: u32 = 0x9245;
const UNMASKED_RENDERER: u32 = 0x9246;

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Where a context of Molehill's draws.
#[derive(Debug)]
enum Canvas {
    /// Seen by nobody (headless): the back buffer is read back or handed out as a texture.
    Hidden,
    /// A canvas element of the page: `present` blits the back buffer into its drawing buffer,
    /// which the browser shows; `configureBackBuffer` sizes it.
    Shown(HtmlCanvasElement),
}

/// Whose context it is.
#[derive(Debug)]
enum Kind {
    /// Ours, on a canvas of our own.
    Owned(Canvas),
    /// The player's: its state is captured and put back around each call, as on the desktop.
    Host,
}

/// One WebGL2 context with its glow function table.
pub struct GlContext {
    gl: glow::Context,
    webgl: WebGl2RenderingContext,
    kind: Kind,
    id: u64,
    /// The key of the player's context in the table of host contexts (`bound.rs`).
    key: usize,
    info: GlInfo,
    watch: ContextWatch,
}

impl std::fmt::Debug for GlContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GlContext")
            .field("id", &self.id)
            .field("info", &self.info)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

/// A context of Molehill's is lost on purpose when it goes (`WEBGL_lose_context`): a browser
/// frees a WebGL context only when the collector finds its canvas, and past its limit of live
/// contexts (16 in Chromium) it loses the oldest one, which may be a Stage3D's in use.
impl Drop for GlContext {
    fn drop(&mut self) {
        if matches!(self.kind, Kind::Owned(_)) && !self.webgl.is_context_lost() {
            self.gl.lose_context();
        }
    }
}

/// The context attributes of a context of Molehill's: nothing but a colour buffer (the back
/// buffer is a framebuffer object, multisampled when asked, with its own depth and stencil),
/// opaque (Flash shows a Stage3D layer opaque).
fn attributes() -> web_sys::WebGlContextAttributes {
    let a = web_sys::WebGlContextAttributes::new();
    a.set_alpha(false);
    a.set_antialias(false);
    a.set_depth(false);
    a.set_stencil(false);
    a.set_premultiplied_alpha(false);
    a.set_preserve_drawing_buffer(false);
    a
}

/// The WebGL2 context `get` answered, or why none.
fn webgl2(
    get: Result<Option<js_sys::Object>, wasm_bindgen::JsValue>,
) -> Result<WebGl2RenderingContext, ContextError> {
    let reason = match get {
        Ok(Some(ctx)) => match ctx.dyn_into::<WebGl2RenderingContext>() {
            Ok(ctx) => return Ok(ctx),
            Err(_) => "the canvas answered another kind of context".to_owned(),
        },
        Ok(None) => "getContext(\"webgl2\") answered null".to_owned(),
        Err(e) => format!("getContext(\"webgl2\") threw {e:?}"),
    };
    Err(ContextError::NoWebGl2 { reason })
}

/// WebGL2 is OpenGL ES 3.0: a desktop GL 3.3 context cannot be had in a browser.
fn check_api(options: &ContextOptions) -> Result<(), ContextError> {
    match options.api {
        GlApi::Es30 => Ok(()),
        GlApi::Desktop33 => Err(ContextError::NoWebGl2 {
            reason: "WebGL2 is OpenGL ES 3.0; ask for GlApi::Es30".to_owned(),
        }),
    }
}

impl GlContext {
    /// A context nobody sees: a 1x1 `OffscreenCanvas` where the browser has one (workers
    /// too), else a canvas element made for it and left outside the page. The back buffer is
    /// a framebuffer object, as headless on the desktop.
    pub fn headless(options: &ContextOptions) -> Result<GlContext, ContextError> {
        check_api(options)?;
        let has_offscreen = js_sys::Reflect::has(
            &js_sys::global(),
            &wasm_bindgen::JsValue::from_str("OffscreenCanvas"),
        )
        .unwrap_or(false);
        let webgl = if has_offscreen {
            let canvas = OffscreenCanvas::new(1, 1).map_err(|e| ContextError::NoWebGl2 {
                reason: format!("new OffscreenCanvas threw {e:?}"),
            })?;
            webgl2(canvas.get_context_with_context_options("webgl2", &attributes()))?
        } else {
            let canvas = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.create_element("canvas").ok())
                .and_then(|e| e.dyn_into::<HtmlCanvasElement>().ok())
                .ok_or_else(|| ContextError::NoWebGl2 {
                    reason: "neither OffscreenCanvas nor a document to make a canvas in".to_owned(),
                })?;
            canvas.set_width(1);
            canvas.set_height(1);
            webgl2(canvas.get_context_with_context_options("webgl2", &attributes()))?
        };
        Ok(Self::with_webgl(webgl, Kind::Owned(Canvas::Hidden), true))
    }

    /// A context of Molehill's on `canvas`, a canvas element of the page (without a context
    /// yet, or with a WebGL2 one of the same attributes): `present` shows the back buffer
    /// there, upright, and `configureBackBuffer` sets the canvas's width and height (its CSS
    /// size is the page's).
    pub fn on_canvas(
        canvas: &HtmlCanvasElement,
        options: &ContextOptions,
    ) -> Result<GlContext, ContextError> {
        check_api(options)?;
        let webgl = webgl2(canvas.get_context_with_context_options("webgl2", &attributes()))?;
        Ok(Self::with_webgl(
            webgl,
            Kind::Owned(Canvas::Shown(canvas.clone())),
            true,
        ))
    }

    /// The player's context as a [`GlContext`]: Molehill draws in it, putting the player's
    /// state back around each call (see [`HostContext`]).
    pub fn from_host(host: HostContext) -> Result<GlContext, ContextError> {
        let (webgl, key) = host.into_parts();
        let mut ctx = Self::with_webgl(webgl, Kind::Host, false);
        ctx.key = key;
        Ok(ctx)
    }

    /// `own`: the canvas is Molehill's, so a lost context may be restored (the loss event's
    /// default is prevented, as WebGL asks of a page that can restore).
    fn with_webgl(webgl: WebGl2RenderingContext, kind: Kind, own: bool) -> GlContext {
        // glow asks for every extension it knows (getExtension), which enables them: the
        // compressed formats, anisotropy, float colour buffers, the loss extension.
        let gl = glow::Context::from_webgl2_context(webgl.clone());
        let get = |name: u32| {
            // SAFETY: a string query of a live context (WebGL checks its arguments and
            // answers "" for an unknown one).
            unsafe { gl.get_parameter_string(name) }
        };
        let unmasked = gl
            .supported_extensions()
            .contains("WEBGL_debug_renderer_info");
        let (renderer, vendor) = if unmasked {
            (get(UNMASKED_RENDERER), get(UNMASKED_VENDOR))
        } else {
            (get(glow::RENDERER), get(glow::VENDOR))
        };
        let version = get(glow::VERSION);
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        log::info!("GL context {id}: {version} / {renderer} / {vendor}");
        let watch = ContextWatch::new(&webgl, own);
        GlContext {
            gl,
            webgl,
            kind,
            id,
            key: id as usize,
            info: GlInfo {
                version,
                renderer,
                vendor,
                api: GlApi::Es30,
            },
            watch,
        }
    }

    /// `Ok` unless the browser reports the context lost ([`ContextError::Lost`]): WebGL has no
    /// current context to make.
    pub fn make_current(&self) -> Result<(), ContextError> {
        if self.webgl.is_context_lost() {
            Err(ContextError::Lost("webglcontextlost"))
        } else {
            Ok(())
        }
    }

    /// [`GlContext::make_current`], with the proof.
    pub(crate) fn enter(&self) -> Result<Current, ContextError> {
        self.make_current().map(|()| Current::new())
    }

    /// The proof unless the context is lost (then the entry's [`GlContext::enter`] says why).
    pub(crate) fn found_current(&self) -> Option<Current> {
        (!self.webgl.is_context_lost()).then(Current::new)
    }

    /// The proof, trusted (`CurrentCheck::AtPresent`); a loss is found at the next present.
    pub(crate) fn trust_current(&self) -> Current {
        Current::new()
    }

    /// Whether the context can be used (not lost).
    pub fn is_current(&self) -> bool {
        !self.webgl.is_context_lost()
    }

    /// Nothing to release in a browser.
    pub fn release_current() -> Result<(), ContextError> {
        Ok(())
    }

    /// Whether this is a browser's WebGL2 context: always in a browser.
    pub fn is_web(&self) -> bool {
        true
    }

    /// Whether this is the player's context ([`GlContext::from_host`]).
    pub fn is_host(&self) -> bool {
        matches!(self.kind, Kind::Host)
    }

    /// Never: WebGL contexts share no objects.
    pub fn shares_objects(&self) -> bool {
        false
    }

    /// The key of this context in the table of host contexts (`bound.rs`).
    pub(crate) fn key(&self) -> usize {
        self.key
    }

    /// No EGL in a browser.
    pub(crate) fn egl_handle(&self) -> *const c_void {
        std::ptr::null()
    }

    /// The glow function table.
    pub fn gl(&self) -> &glow::Context {
        &self.gl
    }

    /// The WebGL2 context itself (for the calls glow's web build cannot make: the player's
    /// own objects, which it does not know, in `gl/webgl.rs`).
    pub fn webgl(&self) -> &WebGl2RenderingContext {
        &self.webgl
    }

    /// What the browser reports (the unmasked renderer where `WEBGL_debug_renderer_info` is
    /// offered).
    pub fn info(&self) -> &GlInfo {
        &self.info
    }

    /// Whether `present` shows the back buffer in a canvas of the page
    /// ([`GlContext::on_canvas`]).
    pub fn is_windowed(&self) -> bool {
        matches!(self.kind, Kind::Owned(Canvas::Shown(_)))
    }

    /// Nothing to swap: the browser shows the canvas's drawing buffer after the task.
    pub fn swap_buffers(&self) -> Result<(), ContextError> {
        self.make_current()
    }

    /// Sizes the shown canvas's drawing buffer (nothing to do otherwise).
    pub fn resize(&self, width: u32, height: u32) {
        if let Kind::Owned(Canvas::Shown(canvas)) = &self.kind {
            canvas.set_width(width.max(1));
            canvas.set_height(height.max(1));
        }
    }

    /// The `WebGLTexture` behind a texture of this context (a frame texture), for the
    /// player's own WebGL calls; `None` for a deleted one.
    pub fn web_texture(&self, texture: glow::Texture) -> Option<web_sys::WebGlTexture> {
        self.gl.as_web_gl_texture(texture)
    }

    /// Whether the browser restored this context after a loss (`webglcontextrestored`): its
    /// objects are gone, so a new backend is made on it (or on a new canvas).
    pub fn context_restored(&self) -> bool {
        self.watch.restored()
    }

    /// Calls `hook` when the browser restores this context after a loss (from the
    /// `webglcontextrestored` event's task); replaces an earlier hook.
    pub fn on_context_restored(&self, hook: Box<dyn FnMut()>) {
        self.watch.set_hook(hook);
    }
}

//! What `scripts/web-check` runs in the browser (web/www/checks.js drives it): the capabilities
//! found by WebGL names, a Stage3D on a canvas of the page, a Stage3D's context lost through
//! `WEBGL_lose_context` and brought back, traces replayed in the page's own WebGL2 context (the
//! lent context, whose state the page compares before and after), and the frame read back
//! through pixel buffers across tasks.

use std::cell::RefCell;
use std::rc::Rc;

use molehill_context3d::Backend;
use molehill_gl::{ContextOptions, GlBackend, HostContext};
use molehill_player::as3::BitmapDataMut;
use molehill_player::{BackendCreationError, ContextId, Stage3D, Stage3DEvent};
use wasm_bindgen::prelude::*;
use web_sys::WebGl2RenderingContext;

type Shared = Rc<RefCell<Vec<Rc<RefCell<GlBackend>>>>>;

/// A Stage3D on molehill-gl's own canvases whose backends the check can reach.
#[wasm_bindgen]
#[derive(Debug)]
pub struct LossCheck {
    stage: Stage3D,
    backends: Shared,
    /// The first context's id (the one lost).
    first: Option<ContextId>,
}

fn to_js(e: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&e.to_string())
}

#[wasm_bindgen]
impl LossCheck {
    /// The Stage3D, its context requested (`baseline`).
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<LossCheck, JsValue> {
        let backends: Shared = Rc::default();
        let made = backends.clone();
        let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
            let b = Rc::new(RefCell::new(GlBackend::headless(
                &ContextOptions::default(),
            )?));
            made.borrow_mut().push(b.clone());
            Ok(Box::new(b))
        };
        let mut stage = Stage3D::new(Box::new(factory));
        stage.request_context3d("auto", "baseline").map_err(to_js)?;
        let first = stage.context3d().map(|c| c.id());
        Ok(LossCheck {
            stage,
            backends,
            first,
        })
    }

    /// Configures a 32x32 back buffer, clears it to `argb` (opaque) and reads pixel (0, 0)
    /// back with `drawToBitmapData`; the Flash error's id when a call throws.
    pub fn frame(&mut self, argb: u32) -> Result<u32, JsValue> {
        let ctx = self
            .stage
            .context3d_mut()
            .ok_or_else(|| to_js("no context"))?;
        let c = |shift: u32| f64::from((argb >> shift) & 0xFF) / 255.0;
        let run = |ctx: &mut molehill_player::Context3D| -> Result<u32, molehill_agal::flash::FlashError> {
            ctx.configure_back_buffer(32, 32, 0, false, false, false)?;
            ctx.clear(c(16), c(8), c(0), 1.0, 1.0, 0, 7)?;
            let mut pixels = vec![0u32; 32 * 32];
            let mut bmp = BitmapDataMut {
                width: 32,
                height: 32,
                pixels: &mut pixels,
                premultiplied: true,
                transparent: true,
            };
            ctx.draw_to_bitmap_data(&mut bmp, None, None)?;
            ctx.present()?;
            Ok(pixels[0])
        };
        match run(ctx) {
            Ok(p) => Ok(p),
            Err(e) => Err(JsValue::from_f64(f64::from(e.id))),
        }
    }

    /// The WebGL2 context of the Stage3D's latest backend.
    pub fn webgl(&self) -> Option<WebGl2RenderingContext> {
        self.backends
            .borrow()
            .last()
            .map(|b| b.borrow().webgl_context())
    }

    /// How many backends the Stage3D's factory made.
    pub fn backends(&self) -> usize {
        self.backends.borrow().len()
    }

    /// `Stage3D::recover_lost_context`.
    pub fn recover(&mut self) -> bool {
        self.stage.recover_lost_context()
    }

    /// Whether the latest backend's context was restored by the browser.
    pub fn restored(&self) -> bool {
        self.backends
            .borrow()
            .last()
            .is_some_and(|b| b.borrow().context_restored())
    }

    /// The id of the Stage3D's current context (0: none).
    pub fn context_id(&self) -> u64 {
        self.stage.context3d().map_or(0, |c| c.id().get())
    }

    /// The first context (the lost one, once replaced): its `driverInfo`, and the id of the
    /// error its `clear` throws (0: none).
    pub fn first_context(&mut self) -> js_sys::Array {
        first_context_report(&mut self.stage, self.first)
    }

    /// The events queued since the last call, as text (`context3DCreate:ID`, `error:ID`).
    pub fn events(&self) -> String {
        events_text(&self.stage)
    }
}

/// The loss checks' (WebGL's and WebGPU's) report of the Stage3D's context `first` (the lost
/// one, once replaced): its `driverInfo`, and the id of the error its `clear` throws (0: none);
/// empty when the Stage3D no longer has it.
pub(crate) fn first_context_report(stage: &mut Stage3D, first: Option<ContextId>) -> js_sys::Array {
    let out = js_sys::Array::new();
    if let Some(ctx) = first.and_then(|id| stage.context3d_by_id(id)) {
        out.push(&JsValue::from_str(&ctx.driver_info()));
        let e = ctx.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).err();
        out.push(&JsValue::from_f64(e.map_or(0.0, |e| f64::from(e.id))));
    }
    out
}

/// The events `stage` queued since the last call, as the checks' page reads them
/// (`context3DCreate:ID`, `textureReady`, `error:ID`, comma-separated).
pub(crate) fn events_text(stage: &Stage3D) -> String {
    let names: Vec<String> = stage
        .take_events()
        .into_iter()
        .map(|e| match e {
            Stage3DEvent::Context3DCreate(id) => format!("context3DCreate:{}", id.get()),
            Stage3DEvent::TextureReady(_) => "textureReady".to_owned(),
            Stage3DEvent::Error(e) => format!("error:{}", e.id),
        })
        .collect();
    names.join(",")
}

/// Replays the trace `text` at `path` (with `files`, as `replay` takes them) in the page's own
/// WebGL2 context `gl`: each Stage3D's backend is `GlBackend::on_host_context` on it, as a
/// browser player that lends its context embeds Molehill. Returns the report's JSON.
#[wasm_bindgen]
pub fn replay_in_context(
    gl: WebGl2RenderingContext,
    path: &str,
    text: &str,
    files: &js_sys::Map,
) -> Result<String, JsValue> {
    let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
        let host = HostContext::from_webgl2(gl.clone())?;
        Ok(Box::new(GlBackend::on_host_context(host)?))
    };
    let memory = crate::bindings::memory_files(files)?;
    let value = crate::replay(path, text, memory, None, Box::new(factory), false);
    Ok(value.to_string())
}

/// The frame read back through pixel buffer objects in a browser: a context3d context on a
/// backend with a two-deep read-back ring; the page presents, takes the pixels in the same
/// task without waiting (none yet: a WebGL fence signals only in a later task), in a later task
/// (there), and waiting in the same task (the synchronous getBufferSubData).
#[wasm_bindgen]
#[derive(Debug)]
pub struct ReadbackCheck {
    backend: Rc<RefCell<GlBackend>>,
    context: molehill_context3d::Context3D<Rc<RefCell<GlBackend>>>,
}

#[wasm_bindgen]
impl ReadbackCheck {
    /// The backend and its context (`baseline`), a 32x32 back buffer.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Result<ReadbackCheck, JsValue> {
        let mut gl = GlBackend::headless(&ContextOptions::default()).map_err(to_js)?;
        gl.set_frame_readback(2);
        let backend = Rc::new(RefCell::new(gl));
        let mut context =
            molehill_context3d::Context3D::request(backend.clone(), "auto", "baseline")
                .map_err(to_js)?;
        context
            .configure_back_buffer(32, 32, 0, false, false, false)
            .map_err(to_js)?;
        Ok(ReadbackCheck { backend, context })
    }

    /// Clears to opaque `argb` and presents.
    pub fn present(&mut self, argb: u32) -> Result<(), JsValue> {
        let c = |shift: u32| f64::from((argb >> shift) & 0xFF) / 255.0;
        self.context
            .clear(c(16), c(8), c(0), 1.0, 1.0, 0, 7)
            .map_err(to_js)?;
        self.context.present().map_err(to_js)
    }

    /// The oldest frame read back (`wait`: waiting for it): its pixel (0, 0), or `None` when
    /// none is ready.
    pub fn take(&mut self, wait: bool) -> Result<Option<u32>, JsValue> {
        let px = self
            .backend
            .borrow_mut()
            .take_frame_pixels(wait)
            .map_err(to_js)?;
        Ok(px.and_then(|f| f.pixels.first().copied()))
    }
}

/// A Stage3D on a canvas element of the page (`GlBackend::on_canvas`): what `present` shows
/// there, read by the page from the canvas itself.
#[wasm_bindgen]
#[derive(Debug)]
pub struct CanvasCheck {
    stage: Stage3D,
}

/// AGAL assembled to bytecode (the trace format's `agal(...)`, as Adobe's assembler does).
fn agal(kind: molehill_agal::ProgramKind, source: &str) -> Result<Vec<u8>, JsValue> {
    let options = molehill_agal::asm::AsmOptions::new(kind, molehill_agal::Version::V1);
    let assembly = molehill_agal::asm::assemble_with(source, &options).map_err(to_js)?;
    Ok(molehill_agal::encode(&assembly.program))
}

#[wasm_bindgen]
impl CanvasCheck {
    /// The Stage3D on `canvas`, its context requested.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: web_sys::HtmlCanvasElement) -> Result<CanvasCheck, JsValue> {
        let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
            Ok(Box::new(GlBackend::on_canvas(
                &canvas,
                &ContextOptions::default(),
            )?))
        };
        let mut stage = Stage3D::new(Box::new(factory));
        stage.request_context3d("auto", "baseline").map_err(to_js)?;
        Ok(CanvasCheck { stage })
    }

    /// A 48x32 back buffer cleared to blue with a red quad over its top half (Flash's top:
    /// clip-space y from 0 to 1), presented.
    pub fn draw(&mut self) -> Result<(), JsValue> {
        use molehill_agal::ProgramKind;
        use molehill_player::as3::{ByteArray, Endian};
        let vertex = agal(ProgramKind::Vertex, "mov op, va0")?;
        let fragment = agal(ProgramKind::Fragment, "mov oc, fc0")?;
        let ctx = self
            .stage
            .context3d_mut()
            .ok_or_else(|| to_js("no context"))?;
        let run =
            |ctx: &mut molehill_player::Context3D| -> Result<(), molehill_agal::flash::FlashError> {
                ctx.configure_back_buffer(48, 32, 0, false, false, false)?;
                let vb = ctx.create_vertex_buffer(4, 2, "staticDraw")?;
                ctx.vertex_buffer_upload_from_vector(
                    vb,
                    &[-1.0, 1.0, 1.0, 1.0, 1.0, 0.0, -1.0, 0.0],
                    0,
                    4,
                )?;
                let ib = ctx.create_index_buffer(6, "staticDraw")?;
                ctx.index_buffer_upload_from_vector(ib, &[0, 1, 2, 0, 2, 3], 0, 6)?;
                let p = ctx.create_program()?;
                let v = ByteArray {
                    bytes: &vertex,
                    position: 0,
                    endian: Endian::Little,
                };
                let f = ByteArray {
                    bytes: &fragment,
                    position: 0,
                    endian: Endian::Little,
                };
                ctx.program_upload(p, v, f)?;
                ctx.set_program(Some(p))?;
                ctx.set_vertex_buffer_at(0, Some(vb), 0, "float2")?;
                ctx.set_program_constants_from_vector("fragment", 0, &[1.0, 0.0, 0.0, 1.0], -1)?;
                ctx.clear(0.0, 0.0, 1.0, 1.0, 1.0, 0, 7)?;
                ctx.draw_triangles(ib, 0, 2)?;
                ctx.present()
            };
        run(ctx).map_err(to_js)
    }
}

/// What molehill-gl found in this browser's WebGL2 (a headless backend's): JSON with `s3tc`,
/// `bgra`, `renderer` and the extensions the browser lists, for the page to compare.
#[wasm_bindgen]
pub fn capabilities() -> Result<String, JsValue> {
    let b = GlBackend::headless(&ContextOptions::default()).map_err(to_js)?;
    Ok(serde_json::json!({
        "s3tc": b.has_s3tc(),
        "bgra": format!("{:?}", b.bgra_upload()),
        "renderer": b.gl_info().renderer,
        "extensions": b.webgl_context().get_supported_extensions()
            .map(|a| a.iter().filter_map(|v| v.as_string()).collect::<Vec<_>>())
            .unwrap_or_default(),
    })
    .to_string())
}

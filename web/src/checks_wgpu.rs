//! The WebGPU check of `scripts/web-check` (web/www/checks.js drives it): a Stage3D on
//! molehill-wgpu over the browser's WebGPU whose device is destroyed (`GPUDevice.destroy()`,
//! which the browser reports through `GPUDevice.lost`), then replaced by a new device.
//!
//! Making a device and reading pixels back wait for promises, so those steps run as jobs that
//! may suspend (`begin_*`, then `run_job` through `WebAssembly.promising`, then `take_job`).

use std::cell::RefCell;
use std::rc::Rc;

use molehill_context3d::Backend;
use molehill_player::as3::BitmapDataMut;
use molehill_player::{BackendCreationError, ContextId, Stage3D};
use molehill_wgpu::{Api, DeviceOptions, WgpuBackend};
use wasm_bindgen::prelude::*;

use crate::bindings::begin_job;
use crate::checks::{events_text, first_context_report};

type Shared = Rc<RefCell<Vec<Rc<RefCell<WgpuBackend>>>>>;

/// What the check holds: the Stage3D, the backends its factory made, the first context's id.
struct Inner {
    stage: Stage3D,
    backends: Shared,
    first: Option<ContextId>,
}

/// A Stage3D on molehill-wgpu (WebGPU) whose backends the check can reach.
#[wasm_bindgen]
#[allow(missing_debug_implementations)]
pub struct WgpuLossCheck {
    inner: Rc<RefCell<Inner>>,
}

/// `Ok` as `{"ok": value}`, a Flash error as `{"thrown": id}`.
fn outcome(r: Result<u32, molehill_agal::flash::FlashError>) -> String {
    match r {
        Ok(v) => format!("{{\"ok\":{v}}}"),
        Err(e) => format!("{{\"thrown\":{}}}", e.id),
    }
}

/// The frame of [`WgpuLossCheck::begin_frame`], as a job.
fn frame(inner: Rc<RefCell<Inner>>, argb: u32) -> impl FnOnce() -> String {
    move || {
        let mut i = inner.borrow_mut();
        let Some(ctx) = i.stage.context3d_mut() else {
            return "{\"error\":\"no context\"}".to_string();
        };
        let c = |shift: u32| f64::from((argb >> shift) & 0xFF) / 255.0;
        let mut run = || -> Result<u32, molehill_agal::flash::FlashError> {
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
        outcome(run())
    }
}

#[wasm_bindgen]
impl WgpuLossCheck {
    /// The Stage3D (no context yet: [`WgpuLossCheck::begin_request`]).
    #[wasm_bindgen(constructor)]
    pub fn new() -> WgpuLossCheck {
        let backends: Shared = Rc::default();
        let made = backends.clone();
        let factory = move || -> Result<Box<dyn Backend>, BackendCreationError> {
            let b = WgpuBackend::headless(&DeviceOptions::new(Api::WebGpu))?;
            let b = Rc::new(RefCell::new(b));
            made.borrow_mut().push(b.clone());
            Ok(Box::new(b))
        };
        let stage = Stage3D::new(Box::new(factory));
        WgpuLossCheck {
            inner: Rc::new(RefCell::new(Inner {
                stage,
                backends,
                first: None,
            })),
        }
    }

    /// A job: `requestContext3D("auto", "baseline")` (the device is requested by suspending).
    pub fn begin_request(&self) {
        let inner = self.inner.clone();
        begin_job(move || {
            let mut i = inner.borrow_mut();
            let r = i.stage.request_context3d("auto", "baseline").map(|()| 0);
            i.first = i.stage.context3d().map(|c| c.id());
            outcome(r)
        });
    }

    /// A job: configures a 32x32 back buffer, clears it to `argb` (opaque), reads pixel (0, 0)
    /// back with `drawToBitmapData` (a suspension until the map's promise settles), presents.
    pub fn begin_frame(&self, argb: u32) {
        begin_job(frame(self.inner.clone(), argb));
    }

    /// The same frame run at once, outside a call that may suspend: `drawToBitmapData` must
    /// throw (#3710) rather than wait or give another frame's pixels.
    pub fn frame_now(&self, argb: u32) -> String {
        frame(self.inner.clone(), argb)()
    }

    /// A job: `Stage3D::recover_lost_context` (a new device is requested by suspending).
    pub fn begin_recover(&self) {
        let inner = self.inner.clone();
        begin_job(move || {
            let recovered = inner.borrow_mut().stage.recover_lost_context();
            format!("{{\"ok\":{recovered}}}")
        });
    }

    /// `GPUDevice.destroy()` on the latest backend's device, as a GPU reset would lose it.
    pub fn destroy_device(&self) {
        if let Some(b) = self.inner.borrow().backends.borrow().last() {
            b.borrow().gpu().device.destroy();
        }
    }

    /// Whether the latest backend says a new device can be had (`Backend::is_restored`).
    pub fn restored(&self) -> bool {
        let i = self.inner.borrow();
        let b = i.backends.borrow();
        b.last().is_some_and(|b| b.borrow().is_restored())
    }

    /// Whether the latest backend's device is lost (`Backend::is_lost`).
    pub fn lost(&self) -> bool {
        let i = self.inner.borrow();
        let b = i.backends.borrow();
        b.last().is_some_and(|b| b.borrow().is_lost())
    }

    /// How many backends the factory made.
    pub fn backends(&self) -> usize {
        self.inner.borrow().backends.borrow().len()
    }

    /// The id of the Stage3D's current context (0: none).
    pub fn context_id(&self) -> u64 {
        self.inner
            .borrow()
            .stage
            .context3d()
            .map_or(0, |c| c.id().get())
    }

    /// The first context (the lost one, once replaced): its `driverInfo`, and the id of the
    /// error its `clear` throws (0: none).
    pub fn first_context(&self) -> js_sys::Array {
        let mut i = self.inner.borrow_mut();
        let first = i.first;
        first_context_report(&mut i.stage, first)
    }

    /// The events queued since the last call, as text (`context3DCreate:ID`, `error:ID`).
    pub fn events(&self) -> String {
        events_text(&self.inner.borrow().stage)
    }
}

impl Default for WgpuLossCheck {
    fn default() -> Self {
        WgpuLossCheck::new()
    }
}

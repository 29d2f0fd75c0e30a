//! The browser's side of molehill-wgpu (wasm32 only, docs/web.md): wgpu's WebGPU backend and its
//! WebGL2 backend, and how a Flash call that must return a GPU result synchronously
//! (`drawToBitmapData`, a replay's frame read, a device made in `requestContext3D`) waits for
//! a promise without blocking the browser's thread.
//!
//! The wait is WebAssembly JSPI: the call's WebAssembly stack is suspended
//! (`WebAssembly.Suspending`, `jspi.js`) until the promise settles, while the browser's event
//! loop runs on, wgpu's callbacks included; then the call goes on and returns Flash's result.
//! That needs the outermost call into the module to have been made through
//! `WebAssembly.promising` (a browser player calls its VM's frame through it), and the Rust
//! side to know it: such a call runs its body in [`suspendable`]. Outside one, a wait is not
//! tried (it would throw `SuspendError` through Rust frames): a read-back is Flash's Error
//! #3710 and a device request [`crate::DeviceError::NotSuspendable`], never pixels of another
//! frame. docs/web.md gives the evidence this rests on (what Chromium offers, the cost of a
//! suspension, why a worker with `Atomics.wait` and Asyncify were not chosen).
//!
//! The crate's bottom layer in a browser: it imports nothing of the crate (`gpu.rs` calls it).
//!
//! While a call is suspended the page may call into the module again (its other exports,
//! wgpu's callbacks): a player must not re-enter the Stage3D that is waiting.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;

use molehill_context3d::BackendError;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/web/jspi.js")]
extern "C" {
    #[wasm_bindgen(js_name = molehillJspi)]
    fn jspi() -> bool;
    /// Suspends the calling stack until `p` settles: `true` when it was fulfilled.
    #[wasm_bindgen(js_name = molehillSuspend)]
    fn suspend(p: &js_sys::Promise) -> JsValue;
    #[wasm_bindgen(js_name = molehillNextTask)]
    fn next_task(f: &js_sys::Function);
}

thread_local! {
    /// How deep the calls that may suspend are nested ([`suspendable`]).
    static SUSPENDABLE: Cell<u32> = const { Cell::new(0) };
}

/// Whether this browser has WebAssembly JSPI (`WebAssembly.Suspending` and
/// `WebAssembly.promising`; Chromium has it since 137).
pub fn jspi_available() -> bool {
    jspi()
}

/// Runs `f` as the body of a call that may suspend: the export it runs in was called through
/// `WebAssembly.promising` (the caller's promise, JavaScript's side). Inside it,
/// `drawToBitmapData`, frame reads and device requests wait for their promises; outside one
/// they refuse (see the module's page).
pub fn suspendable<T>(f: impl FnOnce() -> T) -> T {
    SUSPENDABLE.with(|d| d.set(d.get() + 1));
    struct Leave;
    impl Drop for Leave {
        fn drop(&mut self) {
            SUSPENDABLE.with(|d| d.set(d.get().saturating_sub(1)));
        }
    }
    let _leave = Leave;
    f()
}

/// Whether a wait may suspend here: inside [`suspendable`] in a browser with JSPI.
pub fn can_suspend() -> bool {
    SUSPENDABLE.with(|d| d.get() > 0) && jspi()
}

/// Why a wait was not tried, in words for the log and the error.
pub(crate) fn refusal() -> String {
    if !jspi() {
        "this browser has no WebAssembly JSPI (WebAssembly.Suspending), which a synchronous \
         wait on WebGPU needs"
            .to_string()
    } else {
        "the call was not made through WebAssembly.promising (molehill_wgpu::web::suspendable), \
         and WebGPU results are promises"
            .to_string()
    }
}

/// Waits for `f` by suspending (see the module's page); the refusal's words outside a
/// suspendable call.
pub(crate) fn block_on<F>(f: F) -> Result<F::Output, String>
where
    F: Future + 'static,
    F::Output: 'static,
{
    if !can_suspend() {
        return Err(refusal());
    }
    let out = Rc::new(RefCell::new(None));
    let o = out.clone();
    let promise = wasm_bindgen_futures::future_to_promise(async move {
        let value = f.await;
        *o.borrow_mut() = Some(value);
        Ok(JsValue::UNDEFINED)
    });
    suspend(&promise);
    let value = out.borrow_mut().take();
    value.ok_or_else(|| "the awaited future did not finish".to_string())
}

/// A promise and the function that fulfils it.
fn promise() -> (js_sys::Promise, js_sys::Function) {
    let mut resolve = None;
    let p = js_sys::Promise::new(&mut |res, _rej| resolve = Some(res));
    // The executor runs inside `Promise::new`.
    (p, resolve.unwrap_or_else(js_sys::Function::default))
}

/// Maps `slice` for reading and waits for it: on WebGPU until the map's promise settles; on
/// wgpu's WebGL2 backend polling the device once a task (its fences signal in a later task).
/// Outside a suspendable call nothing is mapped and the read is Error #3710. Public for a
/// program's own read-backs on the same device (molehill-bench's hand-written wgpu baseline
/// waits with it, as Molehill's own read-back does).
pub fn wait_mapped(
    device: &wgpu::Device,
    slice: wgpu::BufferSlice<'_>,
) -> Result<(), BackendError> {
    if !can_suspend() {
        let why = refusal();
        log::error!("read-back refused: {why}");
        return Err(BackendError::Unsupported(format!(
            "a synchronous read-back on WebGPU: {why}"
        )));
    }
    let webgpu = device.as_webgpu().is_some();
    let result = Rc::new(RefCell::new(None));
    let waker: Rc<RefCell<Option<js_sys::Function>>> = Rc::new(RefCell::new(None));
    let (r, w) = (result.clone(), waker.clone());
    slice.map_async(wgpu::MapMode::Read, move |outcome| {
        *r.borrow_mut() = Some(outcome);
        if let Some(f) = w.borrow_mut().take() {
            let _ = f.call0(&JsValue::NULL);
        }
    });
    loop {
        if let Err(e) = device.poll(wgpu::PollType::Poll) {
            log::error!("read-back poll failed: {e}");
            return Err(BackendError::ContextLost);
        }
        if let Some(outcome) = result.borrow_mut().take() {
            return outcome.map_err(|e| {
                log::error!("read-back map failed: {e:?}");
                BackendError::ContextLost
            });
        }
        let (p, resolve) = promise();
        *waker.borrow_mut() = Some(resolve.clone());
        if !webgpu {
            next_task(&resolve);
        }
        if suspend(&p).as_bool() != Some(true) {
            return Err(BackendError::ContextLost);
        }
    }
}

/// Pops a lent device's error scopes now (they must go innermost first, before the next call
/// pushes its own) and hands what they caught to `push` when their promises settle.
pub(crate) fn close_scopes(
    scopes: [crate::compat::ErrorScopeGuard; 3],
    push: impl Fn(String) + 'static,
) {
    let [validation, oom, internal] = scopes;
    let pops = [internal.pop(), oom.pop(), validation.pop()];
    wasm_bindgen_futures::spawn_local(async move {
        for pop in pops {
            if let Some(e) = pop.await {
                log::error!("wgpu: {e}");
                push(e.to_string());
            }
        }
    });
}

/// After `GPUDevice.lost` on a device of Molehill's own: asks for an adapter of `backends`
/// again and, when one answers, calls `restorable` (a new device can be had:
/// `Backend::is_restored`).
pub(crate) fn watch_restore(backends: wgpu::Backends, restorable: impl FnOnce() + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        let instance = instance(backends);
        let surface = match adapter_surface(&instance, backends) {
            Ok(s) => s,
            Err(e) => return log::warn!("after the device loss: {e}"),
        };
        let options = crate::compat::adapter_options(surface.as_ref());
        match instance.request_adapter(&options).await {
            Ok(_) => {
                log::info!("after the device loss: an adapter answers; a new device can be had");
                restorable();
            }
            Err(e) => log::warn!("after the device loss: no adapter ({e})"),
        }
    });
}

/// A browser's instance of `backends` (WebGPU, or wgpu's GL backend on WebGL2).
pub(crate) fn instance(backends: wgpu::Backends) -> wgpu::Instance {
    let mut desc = crate::compat::instance_descriptor();
    desc.backends = backends;
    desc.flags
        .remove(wgpu::InstanceFlags::VALIDATION_INDIRECT_CALL);
    crate::compat::instance(desc)
}

/// wgpu's WebGL2 backend (`backends` is GL) makes its adapter from a surface: an
/// `OffscreenCanvas` of its own. Why none could be made, in words.
pub(crate) fn adapter_surface(
    instance: &wgpu::Instance,
    backends: wgpu::Backends,
) -> Result<Option<wgpu::Surface<'static>>, String> {
    if !backends.contains(wgpu::Backends::GL) {
        return Ok(None);
    }
    let canvas = web_sys::OffscreenCanvas::new(1, 1).map_err(|e| format!("{e:?}"))?;
    instance
        .create_surface(wgpu::SurfaceTarget::OffscreenCanvas(canvas))
        .map(Some)
        .map_err(|e| e.to_string())
}
/// What a browser's device keeps alive: the canvas wgpu's WebGL2 backend draws in.
#[derive(Clone, Default)]
pub(crate) struct WebParts {
    _surface: Option<Rc<wgpu::Surface<'static>>>,
}

impl WebParts {
    pub(crate) fn new(surface: Option<wgpu::Surface<'static>>) -> WebParts {
        WebParts {
            _surface: surface.map(Rc::new),
        }
    }
}

impl std::fmt::Debug for WebParts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebParts").finish_non_exhaustive()
    }
}

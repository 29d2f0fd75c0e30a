//! The exports the page calls (wasm-bindgen), the console logger and the panic hook.

use molehill_replay::MemoryFiles;
use wasm_bindgen::prelude::*;

/// `log` records to the browser's console (warnings and errors; `set_log_level` for more).
struct Console;

impl log::Log for Console {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::max_level()
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let text = JsValue::from_str(&format!("{}: {}", record.target(), record.args()));
        match record.level() {
            log::Level::Error => web_sys::console::error_1(&text),
            log::Level::Warn => web_sys::console::warn_1(&text),
            _ => web_sys::console::log_1(&text),
        }
    }

    fn flush(&self) {}
}

static CONSOLE: Console = Console;

/// Runs when the module is instantiated: the logger and a panic hook that says where.
#[wasm_bindgen(start)]
pub fn start() {
    if log::set_logger(&CONSOLE).is_ok() {
        log::set_max_level(log::LevelFilter::Warn);
    }
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&JsValue::from_str(&format!(
            "molehill-web panicked: {info}"
        )));
    }));
}

/// Sets the console logger's level: `error`, `warn` (the default), `info`, `debug`, `trace`.
#[wasm_bindgen]
pub fn set_log_level(level: &str) {
    if let Ok(l) = level.parse::<log::LevelFilter>() {
        log::set_max_level(l);
    }
}

/// The renderers the page offers, by `--backend` name: `webgl2` (molehill-gl on WebGL2),
/// `webgpu` (molehill-wgpu on the browser's WebGPU), `wgpu-webgl2` (molehill-wgpu on wgpu's
/// WebGL2 backend). The two wgpu ones wait for promises by suspending (JSPI): the page runs
/// them through [`replay_begin`], `WebAssembly.promising(run_job)` and [`take_job`].
fn factory(backend: &str) -> Result<Box<dyn molehill_player::backend::BackendFactory>, JsValue> {
    match backend {
        "webgl2" => Ok(Box::new(molehill_player::HeadlessGl::default())),
        "webgpu" => Ok(molehill_replay::BackendKind::Wgpu.factory()),
        "wgpu-webgl2" => Ok(molehill_replay::BackendKind::WgpuGl.factory()),
        other => Err(JsValue::from_str(&format!(
            "unknown backend {other:?} (one of webgl2, webgpu, wgpu-webgl2)"
        ))),
    }
}

/// The device API of a wgpu backend name.
fn wgpu_api(backend: &str) -> Option<molehill_wgpu::Api> {
    match backend {
        "webgpu" => Some(molehill_wgpu::Api::WebGpu),
        "wgpu-webgl2" => Some(molehill_wgpu::Api::WebGl2),
        _ => None,
    }
}

/// Awaits a device of the wgpu backend `backend` (`webgpu` or `wgpu-webgl2`) without blocking
/// the page, as a browser player does before it runs content: its `driverInfo`, or why there
/// is none (the page says so once instead of failing every trace). Whether JSPI is there too.
#[wasm_bindgen]
pub async fn wgpu_device_info(backend: String) -> Result<String, JsValue> {
    let api = wgpu_api(&backend)
        .ok_or_else(|| JsValue::from_str(&format!("{backend:?} is not a wgpu backend")))?;
    if !molehill_wgpu::web::jspi_available() {
        return Err(JsValue::from_str(
            "this browser has no WebAssembly JSPI (WebAssembly.Suspending), which molehill-wgpu's \
             synchronous read-back needs (docs/web.md)",
        ));
    }
    molehill_wgpu::Gpu::request(molehill_wgpu::DeviceOptions::new(api))
        .await
        .map(|gpu| gpu.info)
        .map_err(|e| JsValue::from_str(&e.to_string()))
}

/// A call that may suspend, set up by [`replay_begin`] or a check, and what [`run_job`] made
/// of it.
enum Job {
    Pending(Box<dyn FnOnce() -> String>),
    Done(String),
}

thread_local! {
    static JOB: std::cell::RefCell<Option<Job>> = const { std::cell::RefCell::new(None) };
}

/// Sets up `job` for [`run_job`] (JSON text comes back through [`take_job`]).
pub(crate) fn begin_job(job: impl FnOnce() -> String + 'static) {
    JOB.with(|j| *j.borrow_mut() = Some(Job::Pending(Box::new(job))));
}

/// Replays `text` on molehill-gl (`webgl2`), whose calls never wait: a plain call, no JSPI
/// needed; returns [`replay`](crate::replay)'s report as JSON text. The wgpu backends go
/// through [`replay_begin`] instead (their read-backs suspend).
#[wasm_bindgen]
pub fn replay(
    path: &str,
    text: &str,
    files: &js_sys::Map,
    backend: &str,
    out_dir: Option<String>,
    captures: bool,
) -> Result<String, JsValue> {
    let factory = factory(backend)?;
    let memory = memory_files(files)?;
    let value = crate::replay(path, text, memory, out_dir.as_deref(), factory, captures);
    Ok(value.to_string())
}

/// [`replay`]'s arguments for a replay that may suspend: the page then calls
/// `WebAssembly.promising(exports.run_job)()`, awaits it, and takes the report with
/// [`take_job`].
#[wasm_bindgen]
pub fn replay_begin(
    path: String,
    text: String,
    files: &js_sys::Map,
    backend: &str,
    out_dir: Option<String>,
    captures: bool,
) -> Result<(), JsValue> {
    let factory = factory(backend)?;
    let memory = memory_files(files)?;
    let job = move || {
        let value = crate::replay(&path, &text, memory, out_dir.as_deref(), factory, captures);
        value.to_string()
    };
    begin_job(job);
    Ok(())
}

/// Runs the job [`replay_begin`] or a check set up, as a call that may suspend: the page calls this
/// export through `WebAssembly.promising` (no arguments, no result, so the raw export is the
/// whole call).
#[wasm_bindgen]
pub fn run_job() {
    let job = JOB.with(|j| j.borrow_mut().take());
    if let Some(Job::Pending(job)) = job {
        let report = molehill_wgpu::web::suspendable(job);
        JOB.with(|j| *j.borrow_mut() = Some(Job::Done(report)));
    }
}

/// What the job [`run_job`] ran returned (a replay's report: JSON text, as [`replay`] returns).
#[wasm_bindgen]
pub fn take_job() -> Option<String> {
    match JOB.with(|j| j.borrow_mut().take()) {
        Some(Job::Done(report)) => Some(report),
        _ => None,
    }
}

/// The page's files (a `Map` from path to `Uint8Array`) as the replay reads them.
pub(crate) fn memory_files(files: &js_sys::Map) -> Result<MemoryFiles, JsValue> {
    let mut memory = MemoryFiles::new();
    let mut bad = None;
    files.for_each(&mut |value, key| match key.as_string() {
        Some(key) => memory.insert(key, js_sys::Uint8Array::new(&value).to_vec()),
        None => bad = Some(key),
    });
    match bad {
        Some(key) => Err(JsValue::from_str(&format!(
            "a file's path is not a string: {key:?}"
        ))),
        None => Ok(memory),
    }
}

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

/// The renderers the page offers, by `--backend` name: `webgl2` (molehill-gl on WebGL2);
/// `webgpu` is not built yet.
fn factory(backend: &str) -> Result<Box<dyn molehill_player::backend::BackendFactory>, JsValue> {
    match backend {
        "webgl2" => Ok(Box::new(molehill_player::HeadlessGl::default())),
        "webgpu" => Err(JsValue::from_str(
            "--backend webgpu: molehill-wgpu on WebGPU is not built yet (only webgl2)",
        )),
        other => Err(JsValue::from_str(&format!(
            "unknown backend {other:?} (one of webgl2, webgpu)"
        ))),
    }
}

/// Replays the trace `text` at `path` on `backend`, with the files the page loaded beside it
/// (`files`: a `Map` from path, as the trace's folder joined with the name the trace gives,
/// to a `Uint8Array`); `out_dir`: where `--out` would write the PNGs (they come back in the
/// report); `captures`: every capture as a PNG too. Returns the report as JSON text
/// (`report.rs`).
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

//! The module's exports (wasm32): the page (`www/embed.html`) calls [`run`] through
//! `WebAssembly.promising` (docs/web.md: molehill-wgpu's device request and `drawToBitmapData`
//! wait for WebGPU's promises by suspending; molehill-gl's never wait, and the same call
//! serves both), then reads the outcome with [`outcome`].

use std::cell::RefCell;

use molehill_player::{BackendFactory, Stage3D};
use wasm_bindgen::prelude::*;

thread_local! {
    /// What the last [`run`] gave: the centre pixels of each half, or Flash's error.
    static OUTCOME: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The renderer [`choose`] named.
    static CHOSEN: RefCell<String> = RefCell::new(String::from("webgl2"));
}

/// The renderer of the next [`run`]: `webgl2` (molehill-gl, feature `gl`) or `webgpu`
/// (molehill-wgpu, feature `wgpu`). An error names the ones this build has.
#[wasm_bindgen]
pub fn choose(renderer: &str) -> Result<(), JsValue> {
    factory(renderer).map_err(|e| JsValue::from_str(&e))?;
    CHOSEN.with(|c| *c.borrow_mut() = renderer.to_string());
    Ok(())
}

fn factory(renderer: &str) -> Result<Box<dyn BackendFactory>, String> {
    match renderer {
        #[cfg(feature = "gl")]
        "webgl2" => Ok(Box::new(molehill_player::HeadlessGl::default())),
        #[cfg(feature = "wgpu")]
        "webgpu" => Ok(Box::new(molehill_player::HeadlessWgpu {
            options: molehill_wgpu::DeviceOptions::new(molehill_wgpu::Api::WebGpu),
        })),
        other => Err(format!(
            "this build has no renderer {other:?} (it has: {})",
            [
                cfg!(feature = "gl").then_some("webgl2"),
                cfg!(feature = "wgpu").then_some("webgpu")
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", ")
        )),
    }
}

/// Draws [`crate::draw`]'s frame on the chosen renderer. No arguments and no result, so that
/// the page can call the raw export through `WebAssembly.promising` (no glue between it and
/// the stack JSPI suspends).
#[wasm_bindgen]
pub fn run() {
    let renderer = CHOSEN.with(|c| c.borrow().clone());
    let body = move || -> Result<crate::Drawn, String> {
        let mut stage = Stage3D::new(factory(&renderer)?);
        crate::draw(&mut stage)
    };
    #[cfg(feature = "wgpu")]
    let drawn = molehill_wgpu::web::suspendable(body);
    #[cfg(not(feature = "wgpu"))]
    let drawn = body();
    let text = match drawn {
        Ok(d) => {
            let at = |x: u32, y: u32| d.pixels[(y * crate::SIDE + x) as usize];
            let mid = crate::SIDE / 2;
            // The left half's centre, then the quad's top-left and bottom-right texels.
            format!(
                "context {}: left 0x{:08X}, texel (0, 0) 0x{:08X}, texel (1, 1) 0x{:08X}",
                d.context,
                at(mid / 2, mid),
                at(mid + mid / 4, mid / 2),
                at(crate::SIDE - mid / 4, crate::SIDE - mid / 2)
            )
        }
        Err(e) => format!("failed: {e}"),
    };
    OUTCOME.with(|o| *o.borrow_mut() = Some(text));
}

/// What the last [`run`] gave, once.
#[wasm_bindgen]
pub fn outcome() -> Option<String> {
    OUTCOME.with(|o| o.borrow_mut().take())
}

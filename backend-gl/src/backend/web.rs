//! [`GlBackend`]'s own methods in a browser (`wasm32`): a backend on a canvas of the page, the
//! frame texture as the player's WebGL sees it, and the browser's restoring of a lost context.
//! docs/web.md is the embedder's guide.

use super::entry::GlBackend;
use crate::context::{ContextError, ContextOptions, GlContext};
use crate::device::Device;

impl GlBackend {
    /// A backend on `canvas`, a canvas element of the page (see [`GlContext::on_canvas`]):
    /// `present` shows the back buffer there, upright, as [`GlBackend::headless`]'s window
    /// counterpart does on the desktop.
    pub fn on_canvas(
        canvas: &web_sys::HtmlCanvasElement,
        options: &ContextOptions,
    ) -> Result<GlBackend, ContextError> {
        let ctx = GlContext::on_canvas(canvas, options)?;
        let mut device = Device::new(ctx);
        if options.rgba4_targets != crate::Rgba4Targets::Probe {
            device.set_rgba4_targets(options.rgba4_targets);
        }
        Ok(GlBackend::wrap(device, false))
    }

    /// The last presented frame's texture as the player's WebGL2 context names it (frame
    /// output on: by default in the player's context), or `None` before the first present.
    /// It is valid until the present after next (two textures alternate); see
    /// [`crate::FrameTexture`] for what it holds.
    pub fn frame_webgl_texture(&self) -> Option<web_sys::WebGlTexture> {
        let frame = self.frame()?;
        self.device.gl.context().web_texture(frame.texture)
    }

    /// The WebGL2 context the backend draws with (its own canvas's, or the player's lent one):
    /// for the player's own calls on it, e.g. `WEBGL_lose_context` in a test of context loss.
    pub fn webgl_context(&self) -> web_sys::WebGl2RenderingContext {
        self.device.gl.context().webgl().clone()
    }

    /// Whether the browser restored the context after a loss (`webglcontextrestored`). This
    /// backend stays lost (its objects went with the loss): the player asks its factory for a
    /// new one, which `molehill_player::Stage3D` does when told (docs/web.md, "Context loss").
    pub fn context_restored(&self) -> bool {
        self.device.gl.context().context_restored()
    }

    /// Calls `hook` when the browser restores the lost context (in the task of its
    /// `webglcontextrestored` event); replaces an earlier hook.
    pub fn on_context_restored(&self, hook: Box<dyn FnMut()>) {
        self.device.gl.context().on_context_restored(hook);
    }
}

//! The top layer: [`GlBackend`], context3d's [`Backend`] over GL, the crate's one
//! implementation of the trait. Each trait call is bracketed by the entry and exit of
//! `backend/entry.rs` (whose proof that the context is current every device call takes),
//! then handed to the device layer's inherent methods; draws with error checking off are
//! kept in `backend/queue.rs` until the next call that enters GL. `backend/embed.rs` holds
//! the backend's own methods (making one, host-state and frame output, counters).

mod embed;
mod entry;
pub(crate) mod queue;
#[cfg(target_arch = "wasm32")]
mod web;

use molehill_agal::ProgramKind;
use molehill_context3d::{
    BackBufferConfig, Backend, BackendError, Clear, DrawChanges, IndexBufferDesc, IndexBufferId,
    PixelRect, ProgramId, ProgramUpload, RenderChanges, RenderTarget, ResolvedDraw, TextureDesc,
    TextureId, TextureUpload, VertexBufferDesc, VertexBufferId,
};

pub use entry::{CurrentCheck, GlBackend, HostRestore};

/// A fallible call's result when the context cannot be entered.
fn lost<T>(_: &mut crate::device::Device) -> Result<T, BackendError> {
    Err(BackendError::ContextLost)
}

/// A call that returns nothing, when the context cannot be entered.
fn nothing(_: &mut crate::device::Device) {}

impl Backend for GlBackend {
    fn driver_info(&self) -> String {
        self.device.driver_info()
    }

    fn set_error_checking(&mut self, enabled: bool) {
        self.call(
            |d, current| d.set_error_checking(Some(current), enabled),
            |d| d.set_error_checking(None, enabled),
        )
    }

    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError> {
        self.call(|d, c| d.configure_back_buffer(c, config), lost)
    }

    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call(|d, c| d.create_vertex_buffer(c, id, desc), lost)
    }

    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        self.call(
            |d, c| d.upload_vertex_buffer(c, id, byte_offset, data),
            lost,
        )
    }

    fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
        self.call(|d, c| d.dispose_vertex_buffer(c, id), nothing)
    }

    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call(|d, c| d.create_index_buffer(c, id, desc), lost)
    }

    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        self.call(
            |d, c| d.upload_index_buffer(c, id, byte_offset, indices),
            lost,
        )
    }

    fn dispose_index_buffer(&mut self, id: IndexBufferId) {
        self.call(|d, c| d.dispose_index_buffer(c, id), nothing)
    }

    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError> {
        self.call(|d, c| d.create_texture(c, id, desc), lost)
    }

    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        self.call(|d, c| d.upload_texture(c, id, upload), lost)
    }

    fn dispose_texture(&mut self, id: TextureId) {
        self.call(|d, c| d.dispose_texture(c, id), nothing)
    }

    fn create_program(
        &mut self,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError> {
        self.call(|d, c| d.create_program(c, id, program), lost)
    }

    fn dispose_program(&mut self, id: ProgramId) {
        self.call(|d, c| d.dispose_program(c, id), nothing)
    }

    fn clear(&mut self, clear: &Clear) {
        self.call(|d, c| d.clear(c, clear), |d| d.forget_kept_error())
    }

    fn set_render_target(&mut self, target: &RenderTarget) {
        self.call(
            |d, c| d.set_render_target(c, target),
            |d| d.forget_kept_error(),
        )
    }

    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        if self.queue.is_empty() {
            self.device
                .set_program_constants(kind, first_register, values);
        } else {
            self.queue.push_constants(kind, first_register, values);
        }
    }

    /// Recorded in the state cache (no GL call), or kept after the kept draws.
    fn set_render_changes(&mut self, r: &RenderChanges) {
        if self.queue.is_empty() {
            self.device.set_render_changes(r);
        } else {
            self.queue.push_render(*r);
        }
    }

    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
        self.draw_with_changes(draw, &DrawChanges::default())
    }

    /// With error checking off (Flash's asynchronous draw), kept with its changes until the
    /// next entry (see `queue.rs`); with it on, one entry (one current-context check) for the
    /// state, the constants and the draw, and the draw's GL errors.
    fn draw_with_changes(
        &mut self,
        draw: &ResolvedDraw,
        changes: &DrawChanges<'_>,
    ) -> Result<(), BackendError> {
        if self.device.error_checking() || self.device.is_lost() {
            return self.call(|d, c| d.draw_with_changes(c, draw, changes), lost);
        }
        if self.queue.is_full() {
            self.run_queued_draws();
            if self.device.is_lost() {
                // The entry that would run them found the context gone: so are they.
                return Err(BackendError::ContextLost);
            }
        }
        self.queue.push(draw, changes);
        Ok(())
    }

    fn present(&mut self) -> Result<(), BackendError> {
        let current = self.begin();
        // CurrentCheck::AtPresent: the next frame's first call asks EGL again.
        self.known_current = false;
        let Some(current) = current else {
            return Err(BackendError::ContextLost);
        };
        if self.reset_found(current) {
            return Err(BackendError::ContextLost);
        }
        let mut r = self.device.present(current);
        if r.is_ok() {
            let fenced = !self.device.gl.context().is_host();
            let device = &mut self.device;
            if self.frame_output {
                self.frames
                    .publish(device.gl.current(current), &mut device.targets, fenced);
            }
            if self.readback.enabled() {
                self.readback
                    .start(device.gl.current(current), &mut device.targets);
            }
            r = self.device.check(current, "present");
        }
        self.put_host_state_back(Some(current));
        self.end(Some(current));
        r
    }

    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.call(|d, c| d.read_back_buffer(c, rect), lost)
    }

    fn read_back_buffer_rgba(&mut self, rect: PixelRect) -> Result<Vec<u8>, BackendError> {
        self.call(|d, c| d.read_back_buffer_rgba(c, rect), lost)
    }

    fn take_error(&mut self) -> Option<BackendError> {
        self.device.take_error()
    }

    fn is_lost(&self) -> bool {
        self.device.is_lost()
    }

    /// After a loss: in a browser once the browser restored the lost context
    /// (`webglcontextrestored`); in the host's GL context never (the host makes a new one);
    /// in a desktop context of Molehill's own at once (the factory makes a fresh one: a lost
    /// EGL context does not come back, but the device does); after [`Backend::force_loss`]
    /// at once.
    fn is_restored(&self) -> bool {
        let ctx = self.device.gl.context();
        self.device.is_lost()
            && (self.device.forced_loss
                || ctx.context_restored()
                || (!ctx.is_host() && !ctx.is_web()))
    }

    fn live_objects(&self) -> Option<molehill_context3d::LiveObjects> {
        Some(self.device.live_objects())
    }

    /// Deletes every object with the context current (as a reset frees them), then loses the
    /// context: every later call fails with [`BackendError::ContextLost`]; restored at once.
    fn force_loss(&mut self) -> bool {
        if self.device.is_lost() {
            return false;
        }
        self.dispose_context();
        self.lose();
        self.device.forced_loss = true;
        log::info!("GL context lost on request");
        true
    }

    fn dispose_context(&mut self) {
        // Kept draws would draw into a context about to go.
        self.queue.clear();
        if let Some(current) = self.begin() {
            let gl = self.device.gl.current(current);
            self.frames.clear(Some(gl));
            self.readback.clear(Some(gl));
            self.device.dispose_context(current);
            self.put_host_state_back(Some(current));
            self.end(Some(current));
        }
    }
}

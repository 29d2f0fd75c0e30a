//! The top layer: [`WgpuBackend`], context3d's [`Backend`] over wgpu, the crate's one
//! implementation of the trait. Each call that does wgpu work goes through
//! [`WgpuBackend::call`] (it fails at once on a lost device, runs inside the call's own error
//! scopes on a device the host lent, then checks for errors) and is handed to the device
//! layer's inherent methods. `backend/embed.rs` holds the backend's own methods (making one,
//! the frame for the host, counters, loss).

mod embed;

use molehill_agal::ProgramKind;
use molehill_context3d::{
    BackBufferConfig, Backend, BackendError, Clear, IndexBufferDesc, IndexBufferId, PixelRect,
    ProgramId, ProgramUpload, RenderChanges, RenderTarget, ResolvedDraw, TextureDesc, TextureId,
    TextureUpload, VertexBufferDesc, VertexBufferId,
};

use crate::device::Device;

/// Context3D over wgpu. Not `Send` (one context, one thread, as in Flash).
#[derive(Debug)]
pub struct WgpuBackend {
    device: Device,
}

impl WgpuBackend {
    /// One backend call that does wgpu work: it fails at once on a lost device; on a device
    /// the host lent, `f` runs inside the call's own error scopes (the host's uncaptured-error
    /// handler never sees Molehill's errors); then, with error checking on, the first wgpu
    /// error the call caused fails it (#3710).
    fn call<T>(
        &mut self,
        name: &'static str,
        f: impl FnOnce(&mut Device) -> Result<T, BackendError>,
    ) -> Result<T, BackendError> {
        self.device.enter()?;
        let scope = self.device.call_scope();
        let r = f(&mut self.device);
        self.device.close_scope(scope);
        let value = r?;
        self.device.check(name)?;
        Ok(value)
    }
}

impl Backend for WgpuBackend {
    fn driver_info(&self) -> String {
        self.device.gpu.info.clone()
    }

    fn set_error_checking(&mut self, enabled: bool) {
        self.device.set_error_checking(enabled);
    }

    fn configure_back_buffer(&mut self, config: &BackBufferConfig) -> Result<(), BackendError> {
        self.call("configureBackBuffer", |d| d.configure_back_buffer(config))
    }

    fn create_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        desc: &VertexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call("createVertexBuffer", |d| d.create_vertex_buffer(id, desc))
    }

    fn upload_vertex_buffer(
        &mut self,
        id: VertexBufferId,
        byte_offset: u64,
        data: &[u8],
    ) -> Result<(), BackendError> {
        self.call("VertexBuffer3D.upload*", |d| {
            d.upload_vertex_buffer(id, byte_offset, data)
        })
    }

    fn dispose_vertex_buffer(&mut self, id: VertexBufferId) {
        self.device.dispose_vertex_buffer(id);
    }

    fn create_index_buffer(
        &mut self,
        id: IndexBufferId,
        desc: &IndexBufferDesc,
    ) -> Result<(), BackendError> {
        self.call("createIndexBuffer", |d| d.create_index_buffer(id, desc))
    }

    fn upload_index_buffer(
        &mut self,
        id: IndexBufferId,
        byte_offset: u64,
        indices: &[u16],
    ) -> Result<(), BackendError> {
        self.call("IndexBuffer3D.upload*", |d| {
            d.upload_index_buffer(id, byte_offset, indices)
        })
    }

    fn dispose_index_buffer(&mut self, id: IndexBufferId) {
        self.device.dispose_index_buffer(id);
    }

    fn create_texture(&mut self, id: TextureId, desc: &TextureDesc) -> Result<(), BackendError> {
        self.call("createTexture", |d| d.create_texture(id, desc))
    }

    fn upload_texture(
        &mut self,
        id: TextureId,
        upload: &TextureUpload<'_>,
    ) -> Result<(), BackendError> {
        self.call("TextureBase.upload*", |d| d.upload_texture(id, upload))
    }

    fn dispose_texture(&mut self, id: TextureId) {
        self.device.dispose_texture(id);
    }

    fn create_program(
        &mut self,
        id: ProgramId,
        program: &ProgramUpload<'_>,
    ) -> Result<(), BackendError> {
        self.call("Program3D.upload", |d| d.create_program(id, program))
    }

    fn dispose_program(&mut self, id: ProgramId) {
        self.device.dispose_program(id);
    }

    /// The error it meets (a lost device included) is kept for [`Backend::take_error`].
    fn clear(&mut self, clear: &Clear) {
        let error = self
            .call("clear", |d| {
                d.clear(clear);
                Ok(())
            })
            .err();
        self.device.keep_error(error);
    }

    /// A target in a 16-bit format that is left is quantised first (context3d's schedule);
    /// the error that meets is kept for [`Backend::take_error`].
    fn set_render_target(&mut self, target: &RenderTarget) {
        self.device.keep_error(None);
        if self.device.quantise_waiting() {
            let error = self
                .call("setRenderToTexture", |d| {
                    d.quantise_left();
                    Ok(())
                })
                .err();
            self.device.keep_error(error);
        }
        self.device.set_render_target(target);
    }

    /// Recorded for the next draw's pipeline key and pass state (no wgpu call).
    fn set_render_changes(&mut self, r: &RenderChanges) {
        self.device.set_render_changes(r);
    }

    fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        self.device
            .set_program_constants(kind, first_register, values);
    }

    fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
        let name = if draw.instances.is_some() {
            "drawTrianglesInstanced"
        } else {
            "drawTriangles"
        };
        self.call(name, |d| d.draw(draw))
    }

    fn present(&mut self) -> Result<(), BackendError> {
        self.call("present", |d| {
            d.present();
            Ok(())
        })
    }

    fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.call("drawToBitmapData", |d| d.read_back_buffer(rect))
    }

    fn read_back_buffer_rgba(&mut self, rect: PixelRect) -> Result<Vec<u8>, BackendError> {
        self.call("drawToBitmapData", |d| d.read_back_buffer_rgba(rect))
    }

    fn take_error(&mut self) -> Option<BackendError> {
        self.device.take_error()
    }

    fn is_lost(&self) -> bool {
        self.device.is_lost()
    }

    /// After a loss (the device-lost callback, a failed call, or [`Backend::force_loss`]):
    /// at once, since the factory makes a new device (a host's factory makes one on its own
    /// new device, or fails with #3702). In a browser once an adapter answered again after
    /// `GPUDevice.lost` (a WebGPU device never comes back; a new one is requested).
    fn is_restored(&self) -> bool {
        #[cfg(target_arch = "wasm32")]
        return self.device.is_lost() && self.gpu().sink.is_restorable();
        #[cfg(not(target_arch = "wasm32"))]
        return self.device.is_lost();
    }

    fn live_objects(&self) -> Option<molehill_context3d::LiveObjects> {
        Some(self.device.live_objects())
    }

    /// Drops every resource (wgpu frees them) and loses the context: every later call fails
    /// with [`BackendError::ContextLost`]; a device of Molehill's own is destroyed too, as a
    /// device loss would, so its memory goes at once (the device-lost callback runs; a lent
    /// device is the host's and stays).
    fn force_loss(&mut self) -> bool {
        if self.device.is_lost() {
            return false;
        }
        self.device.lose_context();
        self.device.destroy_own_device();
        log::info!("wgpu device lost on request");
        true
    }

    fn dispose_context(&mut self) {
        self.device.dispose_context();
    }
}

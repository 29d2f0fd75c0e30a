//! The device's drawing calls but the draw itself (`draw.rs`): the back buffer, render
//! targets and their quantising, clears, render state and constants, present and read-back.

use molehill_agal::ProgramKind;
use molehill_context3d::targets::TargetKey;
use molehill_context3d::{
    BackBufferConfig, BackendError, Clear, PixelRect, RenderChanges, RenderTarget,
};

use super::core::Device;
use super::pass::ClearOps;
use super::readback::{self, Finish};
use super::targets::FrameTexture;
use crate::gpu::resource_error;

impl Device {
    pub(crate) fn configure_back_buffer(
        &mut self,
        config: &BackBufferConfig,
    ) -> Result<(), BackendError> {
        self.recorder.end_pass(&self.gpu.device, &mut self.counters);
        let (_, error) = self
            .gpu
            .scoped(|| self.targets.configure_back_buffer(&self.gpu.device, config));
        match error {
            Some(e) => Err(resource_error(&e)),
            None => Ok(()),
        }
    }

    /// The back buffer for the host, once configured.
    pub(crate) fn frame(&self) -> Option<FrameTexture<'_>> {
        self.targets.frame()
    }

    /// Records a clear of the current target (nothing when it has nothing to clear).
    pub(crate) fn clear(&mut self, clear: &Clear) {
        let frame = self.recorder.frame;
        let target = match self.targets.current(&self.gpu.device, &self.textures) {
            Ok(Some(t)) => t,
            Ok(None) => return,
            Err(e) => {
                log::error!("clear: {e}");
                return;
            }
        };
        let m = clear.mask;
        let has_depth = target.depth.is_some();
        let ops = ClearOps {
            color: m.color.then_some(clear.color),
            depth: (m.depth && has_depth).then_some(clear.depth),
            stencil: (m.stencil && has_depth).then_some(clear.stencil),
        };
        if ops == ClearOps::default() {
            return;
        }
        for id in &target.textures {
            if let Some(t) = self.textures.get_mut(id) {
                t.used_in = frame;
            }
        }
        self.recorder
            .clear(&self.gpu.device, target, ops, &mut self.counters);
        self.quantise.cleared(ops.color.is_some());
    }

    /// Whether a target in a 16-bit format waits to be quantised (at the next target change,
    /// if nothing before).
    pub(crate) fn quantise_waiting(&self) -> bool {
        self.quantise.waiting().is_some()
    }

    /// Quantises the target left now, when context3d's schedule says so.
    pub(crate) fn quantise_left(&mut self) {
        if let Some(key) = self.quantise.leaving() {
            self.quantise_target(&key);
        }
    }

    /// Ends the pass and records the quantising of target `key` (the schedule named it), its
    /// textures marked as read and written by the pending commands (`used_in`).
    pub(super) fn quantise_target(&mut self, key: &TargetKey) {
        let Some(target) = self.targets.attachments(key) else {
            return;
        };
        let msaa_copy = self.gpu.caps.msaa_copy;
        self.recorder
            .quantise(&self.gpu.device, target, msaa_copy, &mut self.counters);
        for id in &target.textures {
            if let Some(t) = self.textures.get_mut(id) {
                t.used_in = self.recorder.frame;
            }
        }
    }

    pub(crate) fn set_render_target(&mut self, target: &RenderTarget) {
        self.targets.set_current(target);
    }

    /// Recorded for the next draw's pipeline key and pass state (no wgpu call).
    pub(crate) fn set_render_changes(&mut self, r: &RenderChanges) {
        self.state.apply(r);
    }

    /// Recorded into the constant files; the next draw streams what its program reads.
    pub(crate) fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        let stage = match kind {
            ProgramKind::Vertex => 0,
            ProgramKind::Fragment => 1,
        };
        self.stream.set(stage, usize::from(first_register), values);
    }

    /// The frame's one submission; once a frame the device is polled (what finished
    /// submissions held is freed, and a device that went away runs its device-lost callback).
    pub(crate) fn present(&mut self) {
        self.submit();
        self.counters.presents += 1;
        if let Err(e) = self.gpu.device.poll(wgpu::PollType::Poll) {
            log::error!("present: {e}");
            self.gpu.sink.set_lost();
        }
    }

    /// `drawToBitmapData`: `rect` of the back buffer, rows top first, `0xAARRGGBB`.
    pub(crate) fn read_back_buffer(&mut self, rect: PixelRect) -> Result<Vec<u32>, BackendError> {
        self.read_back(rect, readback::finish)
    }

    /// [`read_back_buffer`](Self::read_back_buffer) as `R, G, B, A` bytes.
    pub(crate) fn read_back_buffer_rgba(
        &mut self,
        rect: PixelRect,
    ) -> Result<Vec<u8>, BackendError> {
        self.read_back(rect, readback::finish_rgba)
    }

    /// The read of `rect` of the back buffer through `finish` (`0xAARRGGBB` words or RGBA
    /// bytes); zeroes where there is no back buffer.
    fn read_back<T: Clone + Default>(
        &mut self,
        rect: PixelRect,
        finish: Finish<T>,
    ) -> Result<Vec<T>, BackendError> {
        let n = rect.width as usize * rect.height as usize;
        let Some(back) = self.targets.back_buffer() else {
            return Ok(vec![T::default(); n * readback::values_per_pixel::<T>()]);
        };
        if n == 0 {
            return Ok(Vec::new());
        }
        let encoder = self
            .recorder
            .encoder_after_pass(&self.gpu.device, &mut self.counters);
        let (buffer, row) = readback::record_copy(
            &self.gpu.device,
            encoder,
            &back.texture,
            rect,
            &mut self.readback,
            &mut self.counters.readback_buffers,
        );
        self.submit();
        let px = finish(&self.gpu.device, &buffer, row, rect);
        // A failed wait or map loses the device; no room for the pixels (#3691) does not.
        if matches!(px, Err(BackendError::ContextLost)) {
            self.lose_context();
        }
        px
    }
}

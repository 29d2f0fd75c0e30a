//! The device's drawing calls: the back buffer, render targets, clears, render state and
//! constants, draws, present, read-back and dispose.

use molehill_agal::ProgramKind;
use molehill_context3d::{
    BackBufferConfig, BackendError, Clear, DrawChanges, PixelRect, RenderChanges, RenderTarget,
    ResolvedDraw,
};

use super::buffers::gl_size;
use super::core::Device;
use super::fixed::FixedState;
use super::targets::Targets;
use crate::context::Current;
use crate::gl::Calls;

impl Device {
    /// What `Context3D.driverInfo` reports.
    pub(crate) fn driver_info(&self) -> String {
        let i = self.gl.context().info();
        format!(
            "OpenGL Vendor={} Version={} Renderer={}",
            i.vendor, i.version, i.renderer
        )
    }

    /// `enableErrorChecking`; switching it on drains the errors from before (they belong to
    /// nobody). `current` is `None` when the context could not be entered: only the flag
    /// changes then.
    pub(crate) fn set_error_checking(&mut self, current: Option<Current>, enabled: bool) {
        if let Some(current) = current.filter(|_| !self.is_lost()) {
            if enabled && !self.error_checking {
                self.drain_gl_errors(current);
            }
        }
        self.error_checking = enabled;
    }

    pub(crate) fn configure_back_buffer(
        &mut self,
        current: Current,
        config: &BackBufferConfig,
    ) -> Result<(), BackendError> {
        self.alive()?;
        self.targets
            .configure_back_buffer(self.gl.current(current), config)
            .map_err(|e| {
                log::error!("configureBackBuffer: {e}");
                BackendError::OutOfMemory
            })?;
        if self.gl.context().is_windowed() {
            self.gl.context().resize(config.width, config.height);
        }
        self.check(current, "configureBackBuffer")
    }

    pub(crate) fn clear(&mut self, current: Current, clear: &Clear) {
        self.forget_kept_error();
        if self.is_lost() {
            return;
        }
        match self.bind_target(current) {
            Ok(true) => {}
            _ => return,
        }
        let gl = self.gl.current(current);
        FixedState::apply_for_clear(gl);
        let m = clear.mask;
        let mask = if m.color { glow::COLOR_BUFFER_BIT } else { 0 }
            | if m.depth { glow::DEPTH_BUFFER_BIT } else { 0 }
            | if m.stencil {
                glow::STENCIL_BUFFER_BIT
            } else {
                0
            };
        if mask != 0 {
            self.targets.clear_current(
                gl,
                clear.color,
                clear.depth,
                i32::from(clear.stencil),
                mask,
            );
        }
        self.check_kept(current, "clear");
    }

    pub(crate) fn set_render_target(&mut self, current: Current, target: &RenderTarget) {
        self.forget_kept_error();
        if self.is_lost() {
            return;
        }
        self.targets.set_current(self.gl.current(current), target);
        self.check_kept(current, "setRenderToTexture");
    }

    /// Records the render-state changes (no GL call: the next draw applies them).
    pub(crate) fn set_render_changes(&mut self, r: &RenderChanges) {
        self.state.change(r);
    }

    /// Records constants (no GL call: the next draw uploads what its program reads).
    pub(crate) fn set_program_constants(
        &mut self,
        kind: ProgramKind,
        first_register: u16,
        values: &[[f32; 4]],
    ) {
        self.programs.set_constants(kind, first_register, values);
    }

    /// The render state and constants that changed since the previous draw, then the draw.
    pub(crate) fn draw_with_changes(
        &mut self,
        current: Current,
        draw: &ResolvedDraw,
        changes: &DrawChanges<'_>,
    ) -> Result<(), BackendError> {
        self.set_render_changes(&changes.render);
        for (kind, change) in changes.constants() {
            if let Some((first, values)) = change {
                self.set_program_constants(kind, first, values);
            }
        }
        self.draw(current, draw)
    }

    /// Draws triangles with the current render state and constants.
    pub(crate) fn draw(
        &mut self,
        current: Current,
        draw: &ResolvedDraw,
    ) -> Result<(), BackendError> {
        self.alive()?;
        // GL reads indices from the buffer without a bounds check: never ask for more than
        // it holds (context3d checked it; this keeps the safe API sound if a caller did not).
        let len = self
            .index_buffers
            .get(&draw.index_buffer)
            .map_or(0, |ib| ib.shadow.len());
        if u64::from(draw.first_index) + u64::from(draw.index_count) > u64::from(len) {
            log::warn!(
                "draw past the end of index buffer {:?} ignored",
                draw.index_buffer
            );
            return Ok(());
        }
        // A 4444 target the driver keeps at more bits is rounded before a draw reads it
        // (packed.rs).
        let render = *self.state.render();
        self.targets
            .before_draw(self.gl.current(current), render.blend);
        if !self.bind_target(current)? {
            return Ok(());
        }
        let gl = self.gl.current(current);
        self.state.apply(gl);
        // The per-pixel scissor test (see `Programs::set_scissor_discard`): only for a
        // scissor rectangle on a multisampled target, in GL window pixels (Flash's top row is
        // GL row 0 in every target, see targets.rs).
        let scissor = self
            .state
            .render()
            .scissor
            .filter(|_| self.targets.current_is_multisampled())
            .map(|r| {
                let (x, y) = (r.x as f32, r.y as f32);
                [x, y, x + r.width as f32, y + r.height as f32]
            });
        let Some(sampler_mask) = self
            .programs
            .bind(gl, draw.program, scissor)
            .map(|p| p.sampler_mask)
        else {
            log::warn!("draw with unknown program {:?} ignored", draw.program);
            return Ok(());
        };
        self.vertex_arrays
            .bind(
                gl,
                &draw.streams,
                draw.index_buffer,
                &self.vertex_buffers,
                &self.index_buffers,
            )
            .map_err(|_| BackendError::OutOfMemory)?;
        // The samplers the program reads (context3d resolved exactly those).
        let mut mask = sampler_mask;
        while mask != 0 {
            let unit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let Some(Some(b)) = draw.samplers.get(unit) else {
                continue;
            };
            let Some(tex) = self.textures.get(&b.texture) else {
                continue;
            };
            gl.bind_texture(unit, tex.target, Some(tex.gl));
            let sampler = self.samplers.get(gl, &b.state, &self.caps);
            gl.bind_sampler(unit, sampler);
        }
        gl.draw_triangles(
            draw.index_count as i32,
            gl_size(2 * u64::from(draw.first_index)),
            draw.instances.map(|n| n as i32),
        );
        self.targets.after_draw(render.color_mask);
        self.check(
            current,
            if draw.instances.is_some() {
                "drawTrianglesInstanced"
            } else {
                "drawTriangles"
            },
        )
    }

    /// Shows the back buffer: swaps a window's buffers, flushes otherwise.
    pub(crate) fn present(&mut self, current: Current) -> Result<(), BackendError> {
        self.alive()?;
        let gl = self.gl.current(current);
        if gl.context().is_windowed() {
            let size = self
                .targets
                .back_buffer()
                .map(|c| (c.width as i32, c.height as i32))
                .unwrap_or((1, 1));
            self.targets.present_to_window(gl, size);
            if let Err(e) = gl.context().swap_buffers() {
                log::error!("{e}");
                self.lose_context();
                return Err(BackendError::ContextLost);
            }
        } else {
            gl.flush();
        }
        self.check(current, "present")
    }

    pub(crate) fn read_back_buffer(
        &mut self,
        current: Current,
        rect: PixelRect,
    ) -> Result<Vec<u32>, BackendError> {
        self.read_back_with(current, |t, gl| t.read_back(gl, rect))
    }

    /// [`read_back_buffer`](Self::read_back_buffer) as `R, G, B, A` bytes.
    pub(crate) fn read_back_buffer_rgba(
        &mut self,
        current: Current,
        rect: PixelRect,
    ) -> Result<Vec<u8>, BackendError> {
        self.read_back_with(current, |t, gl| t.read_back_rgba(gl, rect))
    }

    fn read_back_with<T>(
        &mut self,
        current: Current,
        read: impl FnOnce(&mut Targets, &mut Calls) -> Option<Vec<T>>,
    ) -> Result<Vec<T>, BackendError> {
        self.alive()?;
        let px =
            read(&mut self.targets, self.gl.current(current)).ok_or(BackendError::OutOfMemory)?;
        self.check(current, "drawToBitmapData")?;
        Ok(px)
    }

    /// The error the last call that returns nothing met, taken.
    pub(crate) fn take_error(&mut self) -> Option<BackendError> {
        self.kept_error.take()
    }

    /// `Context3D.dispose`: deletes every object.
    pub(crate) fn dispose_context(&mut self, current: Current) {
        if self.is_lost() {
            return;
        }
        self.delete_objects(current);
    }
}

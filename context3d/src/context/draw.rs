//! `drawTriangles` and `drawTrianglesInstanced` (the checks and their order are in the module
//! docs of [`crate::draw`], which resolves the bindings).

use super::Context3D;
use crate::backend::{Backend, BackendError, Clear, ClearMask, RenderTarget};
use crate::draw::{resolve_samplers, resolve_streams, scissor_intersects};
use crate::error::{BackendCall, Context3DError, FlashResult, Result};
use crate::resources::handles::IndexBuffer3D;
use crate::state::{changes, ClearStatus};
use crate::values::MAX_DRAWS_PER_FRAME;

impl<B: Backend> Context3D<B> {
    /// `drawTriangles(indexBuffer, firstIndex, numTriangles)`; `numTriangles` -1 draws every
    /// whole triangle from `firstIndex` on. `None` (null) is #3601. See the module docs for the
    /// checks and for what `enableErrorChecking` changes.
    pub fn draw_triangles(
        &mut self,
        index_buffer: Option<IndexBuffer3D>,
        first_index: i32,
        num_triangles: i32,
    ) -> FlashResult<()> {
        self.live()?;
        self.submit(index_buffer, first_index, num_triangles, None)
    }

    /// `drawTrianglesInstanced(indexBuffer, numInstances, firstIndex, numTriangles)`:
    /// standardExtended and above (#3787); a negative `numInstances` is RangeError #2006.
    pub fn draw_triangles_instanced(
        &mut self,
        index_buffer: Option<IndexBuffer3D>,
        num_instances: i32,
        first_index: i32,
        num_triangles: i32,
    ) -> FlashResult<()> {
        self.live()?;
        if !self.profile.supports_instancing() {
            return Err(Context3DError::RequiresStandardExtended.into());
        }
        let n = u32::try_from(num_instances).map_err(|_| Context3DError::IndexOutOfBounds)?;
        self.submit(index_buffer, first_index, num_triangles, Some(n))
    }

    /// Counts the draw (#3690 past the limit, always thrown), then checks and draws. With
    /// `enableErrorChecking` off a failed check drops the draw silently (Flash: "rendering
    /// fails"), as does a backend failure other than a lost context (#3694).
    fn submit(
        &mut self,
        index_buffer: Option<IndexBuffer3D>,
        first_index: i32,
        num_triangles: i32,
        instances: Option<u32>,
    ) -> FlashResult<()> {
        if self.frame.draws >= MAX_DRAWS_PER_FRAME {
            return Err(Context3DError::TooManyDrawCalls.into());
        }
        self.frame.draws += 1;
        match self.draw(index_buffer, first_index, num_triangles, instances) {
            Ok(()) => Ok(()),
            Err(e) if self.error_checking => Err(e.into()),
            Err(
                e @ Context3DError::Backend {
                    error: BackendError::ContextLost,
                    ..
                },
            ) => Err(e.into()),
            Err(e) => {
                log::warn!(
                    "draw dropped (enableErrorChecking is off): {}",
                    e.to_flash()
                );
                if e == Context3DError::NotClearedThisFrame {
                    self.fill_uncleared_back_buffer();
                }
                Ok(())
            }
        }
    }

    /// A draw after `present` without `clear` (error checking off) fails, and Flash "will
    /// alternately clear the render buffer to yellow and green" (Adobe's `present()` docs):
    /// the first such draw of a frame fills the back buffer yellow, in the next such frame
    /// green, and so on.
    fn fill_uncleared_back_buffer(&mut self) {
        if self.frame.filled {
            return;
        }
        self.frame.filled = true;
        let color = if self.frame.fills.is_multiple_of(2) {
            [1.0, 1.0, 0.0, 1.0]
        } else {
            [0.0, 1.0, 0.0, 1.0]
        };
        self.frame.fills = self.frame.fills.wrapping_add(1);
        if self.flush_render_target().is_err() {
            return;
        }
        self.backend.clear(&Clear {
            color,
            depth: 1.0,
            stencil: 0,
            mask: ClearMask {
                color: true,
                depth: true,
                stencil: true,
            },
        });
        if let Err(e) = self.take_backend_error() {
            log::warn!("yellow/green fill failed: {}", e.to_flash());
        }
    }

    fn draw(
        &mut self,
        index_buffer: Option<IndexBuffer3D>,
        first_index: i32,
        num_triangles: i32,
        instances: Option<u32>,
    ) -> Result<()> {
        // 3. The target (#3690 was counted by `submit`).
        let target = self.current_render_target()?;
        if !self.state.to_texture {
            match self.frame.clear {
                ClearStatus::NeverCleared => return Err(Context3DError::NotClearedBeforeFirstDraw),
                ClearStatus::Presented => return Err(Context3DError::NotClearedThisFrame),
                ClearStatus::Cleared => {}
            }
        }
        // A scissor rectangle outside the target (Flash throws it with error checking only,
        // ruffle-rs/ruffle#11198; without, the draw has nothing to draw).
        if let Some(scissor) = self.state.render.scissor {
            if !scissor_intersects(scissor, self.target_size(&target)) {
                return Err(Context3DError::ScissorOutside);
            }
        }
        // 4.
        let program = self.state.program;
        let linked = program
            .and_then(|p| self.res.programs.get(p))
            .and_then(|r| r.linked.as_ref())
            .ok_or(Context3DError::NoProgram)?;
        let program_id = linked.id;
        let (attributes, color_outputs, depth_written) = (
            linked.usage.attributes,
            linked.usage.color_outputs,
            linked.usage.depth_written,
        );
        let cache = &linked.resolved;
        let streams_cached = cache.streams_epoch == self.state.streams_epoch && instances.is_none();
        let samplers_cached = cache.samplers_epoch == self.state.samplers_epoch;
        let min_vertices = cache.min_vertices;
        // 5.
        let ib = index_buffer.ok_or(Context3DError::NoIndexBuffer)?;
        let ib = self
            .res
            .index_buffers
            .get(ib)
            .ok_or(Context3DError::Disposed)?;
        let len = ib.indices.len() as u32;
        if first_index < 0 || num_triangles < -1 {
            return Err(Context3DError::DrawSanity {
                triangles: i64::from(num_triangles),
                offset: i64::from(first_index),
            });
        }
        let first = first_index as u32;
        let count = if num_triangles == -1 {
            len.saturating_sub(first) / 3 * 3
        } else {
            (num_triangles as u32).saturating_mul(3)
        };
        if u64::from(first) + u64::from(count) > u64::from(len) {
            return Err(Context3DError::NotEnoughIndices {
                triangles: i64::from(num_triangles),
                offset: i64::from(first_index),
                indices: len,
            });
        }
        // The cached streams hold when every index of the draw is below the smallest vertex
        // count of the streams (the buffer's largest index decides it without a scan).
        let streams_cached =
            streams_cached && count > 0 && ib.max_all().is_none_or(|m| u32::from(m) < min_vertices);
        let max_index = if streams_cached {
            None
        } else {
            ib.max_index(first as usize, count as usize)
        };
        let ib_id = ib.id;
        // 6.
        let (outputs, depth) = match target {
            RenderTarget::BackBuffer => (
                1u8,
                self.frame.back_buffer.is_some_and(|b| b.depth_and_stencil),
            ),
            RenderTarget::Textures {
                colors,
                depth_and_stencil,
                ..
            } => (
                colors
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_some())
                    .fold(0u8, |m, (i, _)| m | 1 << i),
                depth_and_stencil,
            ),
        };
        if color_outputs != outputs {
            return Err(Context3DError::OutputsMismatch);
        }
        if depth_written && !depth {
            return Err(Context3DError::DepthOutputNeedsDepth);
        }
        // 7. and 8., or what the last draw of this program resolved when nothing they read
        // changed since (every check passed then, and still does).
        if !streams_cached {
            // Resolved straight into the program's cache.
            let slots = self.attribute_slots();
            let Some(linked) = program
                .and_then(|p| self.res.programs.get_mut(p))
                .and_then(|r| r.linked.as_mut())
            else {
                return Err(Context3DError::NoProgram);
            };
            let c = &mut linked.resolved;
            c.streams_epoch = 0;
            c.min_vertices = resolve_streams(
                &self.state,
                &self.res.vertex_buffers,
                slots,
                (attributes, max_index, instances),
                &mut c.draw.streams,
            )?;
            // An instanced draw's streams hold for that draw only.
            if instances.is_none() {
                c.streams_epoch = self.state.streams_epoch;
            }
        }
        if !samplers_cached {
            // Resolved straight into the program's cache.
            let Some(linked) = program
                .and_then(|p| self.res.programs.get_mut(p))
                .and_then(|r| r.linked.as_mut())
            else {
                return Err(Context3DError::NoProgram);
            };
            linked.resolved.samplers_epoch = 0;
            resolve_samplers(
                &self.state,
                &self.res.textures,
                (&linked.usage.samplers, linked.usage.sampler_mask),
                &mut linked.resolved.draw.samplers,
            )?;
            linked.resolved.samplers_epoch = self.state.samplers_epoch;
        }
        self.send_render_target(target)?;
        if count == 0 || instances == Some(0) {
            return Ok(());
        }
        // The draw goes to the backend from the cache, its per-draw fields set.
        let Some(c) = program
            .and_then(|p| self.res.programs.get_mut(p))
            .and_then(|r| r.linked.as_mut())
            .map(|l| &mut l.resolved)
        else {
            return Ok(());
        };
        c.draw.program = program_id;
        c.draw.index_buffer = ib_id;
        c.draw.first_index = first;
        c.draw.index_count = count;
        c.draw.instances = instances;
        // With the render state and constants changed since the last draw sent.
        let render = self.state.take_render_changes();
        let r = self
            .backend
            .draw_with_changes(&c.draw, &changes(&self.state, render));
        self.state.constants_changed = Default::default();
        self.backend_result(BackendCall::Other, r)
    }

    /// The size of a render target (the back buffer's, or slot 0's texture).
    fn target_size(&self, target: &RenderTarget) -> (u32, u32) {
        match target {
            RenderTarget::BackBuffer => self
                .frame
                .back_buffer
                .map_or((0, 0), |b| (b.width, b.height)),
            RenderTarget::Textures { .. } => self
                .state
                .targets
                .first()
                .copied()
                .flatten()
                .and_then(|slot| self.res.textures.get(slot.texture))
                .map_or((0, 0), |r| (r.desc.width, r.desc.height)),
        }
    }
}

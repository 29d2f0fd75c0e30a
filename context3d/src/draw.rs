//! `drawTriangles` and `drawTrianglesInstanced`: the draw-time checks, in Molehill's order,
//! and the resolution of everything the backend needs into one [`ResolvedDraw`].
//!
//! Which errors a draw throws depends on `enableErrorChecking`, as Flash documents it: "when
//! enableErrorChecking is false, this function returns immediately ... and only throws if this
//! Context3D has been disposed or there are too many draw calls. If the rendering context state
//! is invalid, rendering fails silently." So #3694 (context disposed, or lost), #3690, and the
//! argument checks of `drawTrianglesInstanced` (#3787, #2006) are always thrown; every other
//! check below drops the draw silently (with a `log` warning) unless error checking is on, when
//! it throws.
//!
//! Order of the checks (Flash's order is not recorded; this one goes from the context to the
//! call's arguments to the bindings):
//! 1. #3694 after `dispose`; #3787 / RangeError #2006 for instancing arguments;
//! 2. #3690 (more than 32768 draws since `present`; every call counts);
//! 3. the target: #3698 (back buffer not configured), #3777 (not cleared since
//!    `configureBackBuffer`), #3692 (not cleared since `present`); texture targets #3728,
//!    #3694, #3730, #3729, #3761; #3706 (a scissor rectangle outside the target);
//! 4. #3600 (no uploaded program);
//! 5. the index buffer: #3601 (none), #3694 (disposed), #3602 (negative offset or count
//!    below -1), #3603 (range past the buffer);
//! 6. #3774 (targets do not match `oc` outputs), #3776 (`fd` without depth);
//! 7. each attribute slot in order: #3607, #3611, #3608, #3610, #3609, #3785;
//! 8. each sampler slot in order: #3697 (a texture bound to a sampler the program does not
//!    use), #3663, #3605, #3604, #3754, #3763 / #3606, #3753, #3755,
//!    #3778, #3700 / #3713; then #3695 across samplers.

use molehill_agal::{Dimension, MipFilter, TextureFormat as ReadFormat, Wrap};

use crate::backend::{
    Backend, BackendError, Clear, ClearMask, PixelRect, RenderTarget, ResolvedDraw, SamplerBinding,
    SamplerState, TextureFormat, TextureKind, VertexStream, MAX_SAMPLERS, MAX_STREAMS,
};
use crate::constants;
use crate::context::{Context3D, MAX_DRAWS_PER_FRAME};
use crate::error::{BackendCall, Context3DError, FlashResult, Result};
use crate::resources::buffers::VertexBufferRes;
use crate::resources::textures::TextureRes;
use crate::resources::{IndexBuffer3D, Objects, TextureBase, VertexBuffer3D};
use crate::state::{set_bits, ClearStatus, State};

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
            .draw_with_changes(&c.draw, &constants::changes(&self.state, render));
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

/// Check 7 for the attribute slots `0..slots` (bit `i` of `used`: the program reads
/// `va<i>`), resolved into `out` (partly written when it fails); returns the smallest vertex
/// count of the per-vertex streams (`u32::MAX` when there is none). Only the slots the
/// program uses or a buffer is bound to are visited, in slot order; `out` is the program's
/// own cache, `None` at every slot the program does not use, so only used slots are written.
fn resolve_streams(
    state: &State,
    vertex_buffers: &Objects<VertexBuffer3D, VertexBufferRes>,
    slots: usize,
    (used, max_index, instances): (u32, Option<u16>, Option<u32>),
    out: &mut [Option<VertexStream>; MAX_STREAMS],
) -> Result<u32> {
    let mut min_vertices = u32::MAX;
    let in_profile = 1u32.checked_shl(slots as u32).map_or(u32::MAX, |b| b - 1);
    for slot in set_bits((state.stream_mask | used) & in_profile) {
        let n = slot as u16;
        let is_used = used & (1 << slot) != 0;
        if let (true, Some(o)) = (is_used, out.get_mut(slot)) {
            *o = None;
        }
        let bound = state.streams.get(slot).copied().flatten();
        let binding = match (is_used, bound) {
            (false, None) => continue,
            (false, Some(_)) => return Err(Context3DError::StreamNotUsed(n)),
            (true, None) => return Err(Context3DError::StreamNotSet(n)),
            (true, Some(b)) => b,
        };
        let vb = vertex_buffers
            .get(binding.buffer)
            .ok_or(Context3DError::StreamInvalid(n))?;
        let d = &vb.desc;
        if binding.offset.saturating_add(binding.format.words()) > u32::from(d.data32_per_vertex) {
            return Err(Context3DError::StreamOffsetOutOfBounds(n));
        }
        let divisor = match d.instances_per_element {
            None => {
                if max_index.is_some_and(|m| u32::from(m) >= d.num_vertices) {
                    return Err(Context3DError::StreamNotEnoughVertices(n));
                }
                min_vertices = min_vertices.min(d.num_vertices);
                0
            }
            Some(per) => {
                let needed = instances.unwrap_or(1).div_ceil(per);
                if needed > d.num_vertices {
                    return Err(Context3DError::InstanceStreamTooShort(n));
                }
                per
            }
        };
        if let Some(o) = out.get_mut(slot) {
            *o = Some(VertexStream {
                buffer: vb.id,
                byte_offset: binding.offset * 4,
                stride: d.stride(),
                format: binding.format,
                divisor,
            });
        }
    }
    Ok(min_vertices)
}

/// Check 8: the samplers `used` by a program against the bound textures and sampler
/// settings, resolved into `out` (partly written when it fails). Only the slots the program
/// uses or a texture is bound to are visited, in slot order; `out` is the program's own
/// cache, `None` at every slot the program does not use, so only used slots are written.
fn resolve_samplers(
    state: &State,
    textures: &Objects<TextureBase, TextureRes>,
    (used, used_mask): (&[Option<molehill_agal::Sampler>; MAX_SAMPLERS], u32),
    out: &mut [Option<SamplerBinding>; MAX_SAMPLERS],
) -> Result<()> {
    // The slots resolved, in order (for #3695 below).
    let mut bound = [0u8; MAX_SAMPLERS];
    let mut n_bound = 0;
    for slot in set_bits(state.texture_mask | used_mask) {
        let n = slot as u16;
        let bound_texture = state.textures[slot];
        let Some(sampler) = &used[slot] else {
            // Visited, so a texture is bound here.
            return Err(Context3DError::TextureNotUsed(n));
        };
        out[slot] = None;
        let texture = bound_texture.ok_or(Context3DError::SamplerUndefinedTexture(n))?;
        let res = textures
            .get(texture)
            .ok_or(Context3DError::SamplerInvalidTexture(n))?;
        if state.to_texture && state.targets.iter().flatten().any(|t| t.texture == texture) {
            return Err(Context3DError::SamplerBindsRenderTarget(n));
        }
        let desc = &res.desc;
        let dimension_ok = match sampler.dimension {
            Dimension::TwoD => desc.kind != TextureKind::Cube,
            Dimension::Cube => desc.kind == TextureKind::Cube,
            Dimension::ThreeD => false,
        };
        if !dimension_ok {
            return Err(Context3DError::DimensionMismatch);
        }
        let wanted = match desc.format {
            TextureFormat::Compressed => Some(ReadFormat::Dxt1),
            TextureFormat::CompressedAlpha => Some(ReadFormat::Dxt5),
            _ => None,
        };
        match (wanted, sampler.format) {
            (Some(w), f) if f == w => {}
            (Some(_), ReadFormat::Rgba) => return Err(Context3DError::SamplerReadMode(n)),
            (Some(_), _) => return Err(Context3DError::SamplerFormatMismatch(n)),
            (None, ReadFormat::Rgba) => {}
            (None, ReadFormat::Video) if desc.kind == TextureKind::Video => {}
            (None, _) => return Err(Context3DError::SamplerFormatMismatch(n)),
        }
        let setting = state.samplers.get(slot).copied().unwrap_or_default();
        let lod_bias = sampler.lod_bias_levels();
        match desc.kind {
            TextureKind::Cube | TextureKind::Rectangle if setting.wrap != Wrap::Clamp => {
                return Err(Context3DError::NeedsClamp)
            }
            TextureKind::Rectangle if setting.mip != MipFilter::None || lod_bias != 0.0 => {
                return Err(Context3DError::RectangleMip)
            }
            TextureKind::Video if setting.mip != MipFilter::None || lod_bias != 0.0 => {
                return Err(Context3DError::VideoMip)
            }
            _ => {}
        }
        res.check_complete(setting.mip != MipFilter::None)?;
        if let Some(o) = out.get_mut(slot) {
            *o = Some(SamplerBinding {
                texture: res.id,
                state: SamplerState {
                    wrap: setting.wrap,
                    filter: setting.filter,
                    mip: setting.mip,
                    lod_bias,
                },
            });
        }
        if let Some(b) = bound.get_mut(n_bound) {
            *b = slot as u8;
            n_bound += 1;
        }
    }
    // #3695: one texture sampled with two states; pairs in slot order.
    let bound = &bound[..n_bound];
    for (i, &a) in bound.iter().enumerate() {
        for &b in &bound[i + 1..] {
            let (a, b) = (usize::from(a), usize::from(b));
            if let (Some(sa), Some(sb)) = (out[a], out[b]) {
                if state.textures[a] == state.textures[b] && sa.state != sb.state {
                    return Err(Context3DError::SamplerPropertiesMismatch(
                        a as u16, b as u16,
                    ));
                }
            }
        }
    }
    Ok(())
}

/// What the last draw with a program resolved (checks 7 and 8), kept with the program and
/// reused while the state epochs it was made at (`State::streams_epoch`,
/// `State::samplers_epoch`) are current; the draw is sent from here, its per-draw fields
/// (index range, instances) set, so nothing is copied. Only a resolution that passed is kept: what could
/// make it fail later bumps an epoch (a binding changed, a buffer or texture disposed; uploads
/// only ever complete textures). The per-draw part of check 7, the largest index against
/// each stream's vertex count, is redone against `min_vertices` at every draw.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ResolvedCache {
    /// The streams epoch of `draw.streams` (0: none).
    pub streams_epoch: u64,
    /// The smallest vertex count of the per-vertex streams.
    pub min_vertices: u32,
    /// The samplers epoch of `draw.samplers` (0: none).
    pub samplers_epoch: u64,
    /// The last draw.
    pub draw: ResolvedDraw,
}

impl ResolvedCache {
    /// Nothing resolved yet, for `program`.
    pub fn new(program: crate::backend::ProgramId) -> ResolvedCache {
        ResolvedCache {
            streams_epoch: 0,
            min_vertices: 0,
            samplers_epoch: 0,
            draw: ResolvedDraw {
                program,
                streams: [None; MAX_STREAMS],
                samplers: [None; MAX_SAMPLERS],
                index_buffer: crate::backend::IndexBufferId(0),
                first_index: 0,
                index_count: 0,
                instances: None,
            },
        }
    }
}

/// Whether a scissor rectangle covers at least one pixel of a `width` x `height` target.
fn scissor_intersects(r: PixelRect, (width, height): (u32, u32)) -> bool {
    let (x, y) = (i64::from(r.x), i64::from(r.y));
    x < i64::from(width)
        && y < i64::from(height)
        && x + i64::from(r.width) > 0
        && y + i64::from(r.height) > 0
        && r.width > 0
        && r.height > 0
}

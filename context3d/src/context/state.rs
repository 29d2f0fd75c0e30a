//! The calls that set render state and bindings (blend, colour mask, culling, depth,
//! stencil, scissor, vertex buffers, textures, samplers, render targets), kept in
//! [`crate::state`].

use super::Context3D;
use crate::backend::{
    Backend, BlendFactor, BlendState, ColorAttachment, ColorMask, CompareMode, DepthState,
    RenderState, RenderTarget, StencilAction, StencilState, TextureFormat, TextureKind,
    TriangleFace, VertexFormat,
};
use crate::enums::{param, EnumArg};
use crate::error::{Context3DError, FlashResult, Result};
use crate::resources::handles::{TextureBase, VertexBuffer3D};
use crate::state::{SamplerSetting, StreamBinding, TargetSlot};
use crate::values::Rect;
use molehill_agal::{Filter, MipFilter, Wrap};

impl<B: Backend> Context3D<B> {
    /// `setBlendFactors(sourceFactor, destinationFactor)`: #2008 `sourceFactor` /
    /// `destinationFactor`.
    pub fn set_blend_factors(
        &mut self,
        source: impl EnumArg<BlendFactor>,
        destination: impl EnumArg<BlendFactor>,
    ) -> FlashResult<()> {
        self.live()?;
        let source = source.resolve(param::SOURCE_FACTOR)?;
        let destination = destination.resolve(param::DESTINATION_FACTOR)?;
        let blend = BlendState {
            source,
            destination,
        };
        self.set_render(blend, |r| &mut r.blend);
        Ok(())
    }

    /// `setColorMask(red, green, blue, alpha)`.
    pub fn set_color_mask(
        &mut self,
        red: bool,
        green: bool,
        blue: bool,
        alpha: bool,
    ) -> FlashResult<()> {
        self.live()?;
        let mask = ColorMask {
            red,
            green,
            blue,
            alpha,
        };
        self.set_render(mask, |r| &mut r.color_mask);
        Ok(())
    }

    /// `setCulling(triangleFaceToCull)`: #2008 `triangleFaceToCull`.
    pub fn set_culling(
        &mut self,
        triangle_face_to_cull: impl EnumArg<TriangleFace>,
    ) -> FlashResult<()> {
        self.live()?;
        let face = triangle_face_to_cull.resolve(param::TRIANGLE_FACE_TO_CULL)?;
        self.set_render(face, |r| &mut r.culling);
        Ok(())
    }

    /// `setDepthTest(depthMask, passCompareMode)`: #2008 `passCompareMode`.
    pub fn set_depth_test(
        &mut self,
        depth_mask: bool,
        pass_compare_mode: impl EnumArg<CompareMode>,
    ) -> FlashResult<()> {
        self.live()?;
        let compare = pass_compare_mode.resolve(param::PASS_COMPARE_MODE)?;
        let depth = DepthState {
            write: depth_mask,
            compare,
        };
        self.set_render(depth, |r| &mut r.depth);
        Ok(())
    }

    /// `setStencilActions(triangleFace, compareMode, actionOnBothPass, actionOnDepthFail,
    /// actionOnDepthPassStencilFail)`: #2008 naming the first bad argument in that order.
    /// `triangleFace` selects the faces that take the settings (`"none"`: no face changes).
    pub fn set_stencil_actions(
        &mut self,
        triangle_face: impl EnumArg<TriangleFace>,
        compare_mode: impl EnumArg<CompareMode>,
        action_on_both_pass: impl EnumArg<StencilAction>,
        action_on_depth_fail: impl EnumArg<StencilAction>,
        action_on_depth_pass_stencil_fail: impl EnumArg<StencilAction>,
    ) -> FlashResult<()> {
        self.live()?;
        let face = triangle_face.resolve(param::TRIANGLE_FACE)?;
        let compare = compare_mode.resolve(param::COMPARE_MODE)?;
        let both = action_on_both_pass.resolve(param::ACTION_ON_BOTH_PASS)?;
        let depth_fail = action_on_depth_fail.resolve(param::ACTION_ON_DEPTH_FAIL)?;
        let stencil_fail =
            action_on_depth_pass_stencil_fail.resolve(param::ACTION_ON_DEPTH_PASS_STENCIL_FAIL)?;
        let settings = crate::backend::StencilFace {
            compare,
            on_both_pass: both,
            on_depth_fail: depth_fail,
            on_stencil_fail: stencil_fail,
        };
        let mut stencil = self.state.render.stencil;
        if matches!(face, TriangleFace::Front | TriangleFace::FrontAndBack) {
            stencil.front = settings;
        }
        if matches!(face, TriangleFace::Back | TriangleFace::FrontAndBack) {
            stencil.back = settings;
        }
        self.set_render(stencil, |r| &mut r.stencil);
        Ok(())
    }

    /// `setStencilReferenceValue(referenceValue, readMask, writeMask)`: the low 8 bits of each.
    pub fn set_stencil_reference_value(
        &mut self,
        reference_value: u32,
        read_mask: u32,
        write_mask: u32,
    ) -> FlashResult<()> {
        self.live()?;
        let stencil = StencilState {
            reference: (reference_value & 0xff) as u8,
            read_mask: (read_mask & 0xff) as u8,
            write_mask: (write_mask & 0xff) as u8,
            ..self.state.render.stencil
        };
        self.set_render(stencil, |r| &mut r.stencil);
        Ok(())
    }

    /// Sets one part of the render state (`field` picks it) to `value`; a change reaches the
    /// backend with the next draw ([`State::take_render_changes`]).
    fn set_render<T: PartialEq>(&mut self, value: T, field: fn(&mut RenderState) -> &mut T) {
        let part = field(&mut self.state.render);
        if *part != value {
            *part = value;
            self.state.render_changed = true;
        }
    }

    /// `setScissorRectangle(rectangle)`; `None` (null) turns scissoring off. Edges are
    /// truncated to whole pixels. A rectangle of zero width or height (after truncation, so
    /// also a negative or NaN size) is ignored as if it were null: Flash draws unclipped.
    pub fn set_scissor_rectangle(&mut self, rectangle: Option<Rect>) -> FlashResult<()> {
        self.live()?;
        let scissor = rectangle
            .map(Rect::to_pixels)
            .filter(|r| r.width > 0 && r.height > 0);
        self.set_render(scissor, |r| &mut r.scissor);
        Ok(())
    }

    /// The attribute slots of the profile (`va0..va7`, 16 with AGAL 3).
    pub(crate) fn attribute_slots(&self) -> usize {
        self.slots.0
    }

    /// The sampler slots of the profile (`fs0..fs7`, 16 with AGAL 2).
    pub(crate) fn sampler_slots(&self) -> usize {
        self.slots.1
    }

    /// `setVertexBufferAt(index, buffer, bufferOffset, format)`. `index` outside the profile's
    /// attributes or a negative `bufferOffset`: RangeError #2006. `None` unbinds the slot and
    /// ignores `format`; otherwise a disposed buffer is #3694 and a bad format #2008
    /// `vertexStreamFormat`. Whether the offset fits the vertex is checked at draw (#3610).
    pub fn set_vertex_buffer_at(
        &mut self,
        index: i32,
        buffer: Option<VertexBuffer3D>,
        buffer_offset: i32,
        format: impl EnumArg<VertexFormat>,
    ) -> FlashResult<()> {
        self.live()?;
        let slot = usize::try_from(index)
            .ok()
            .filter(|i| *i < self.attribute_slots())
            .ok_or(Context3DError::IndexOutOfBounds)?;
        let Some(buffer) = buffer else {
            if let Some(s) = self.state.streams.get_mut(slot) {
                if s.take().is_some() {
                    self.state.streams_epoch += 1;
                    self.state.stream_mask &= !(1 << slot);
                }
            }
            self.free_collected_unbound();
            return Ok(());
        };
        if !self.res.vertex_buffers.contains_key(buffer) {
            return Err(Context3DError::Disposed.into());
        }
        let format = format.resolve(param::VERTEX_STREAM_FORMAT)?;
        let offset = u32::try_from(buffer_offset).map_err(|_| Context3DError::IndexOutOfBounds)?;
        let binding = Some(StreamBinding {
            buffer,
            offset,
            format,
        });
        if let Some(s) = self.state.streams.get_mut(slot) {
            if *s != binding {
                *s = binding;
                self.state.streams_epoch += 1;
                self.state.stream_mask |= 1 << slot;
            }
        }
        self.free_collected_unbound();
        Ok(())
    }

    /// `setTextureAt(sampler, texture)`: `sampler` outside the profile's samplers is RangeError
    /// #2006, a disposed texture #3694, `None` unbinds.
    pub fn set_texture_at(
        &mut self,
        sampler: i32,
        texture: Option<TextureBase>,
    ) -> FlashResult<()> {
        self.live()?;
        let slot = self.sampler_index(sampler)?;
        if let Some(t) = texture {
            if !self.res.textures.contains_key(t) {
                return Err(Context3DError::Disposed.into());
            }
        }
        if let Some(s) = self.state.textures.get_mut(slot) {
            if *s != texture {
                *s = texture;
                self.state.samplers_epoch += 1;
                let bit = 1u32 << slot;
                if texture.is_some() {
                    self.state.texture_mask |= bit;
                } else {
                    self.state.texture_mask &= !bit;
                }
            }
        }
        self.free_collected_unbound();
        Ok(())
    }

    /// `setSamplerStateAt(sampler, wrap, filter, mipfilter)`: RangeError #2006 for the index,
    /// then #2008 `wrap`, `filter`, `mipfilter`. Overrides the program's sampler word until the
    /// next `setProgram` (semantics.md).
    pub fn set_sampler_state_at(
        &mut self,
        sampler: i32,
        wrap: impl EnumArg<Wrap>,
        filter: impl EnumArg<Filter>,
        mipfilter: impl EnumArg<MipFilter>,
    ) -> FlashResult<()> {
        self.live()?;
        let slot = self.sampler_index(sampler)?;
        let setting = SamplerSetting {
            wrap: wrap.resolve(param::WRAP)?,
            filter: filter.resolve(param::FILTER)?,
            mip: mipfilter.resolve(param::MIPFILTER)?,
        };
        if let Some(s) = self.state.samplers.get_mut(slot) {
            if *s != setting {
                *s = setting;
                self.state.samplers_epoch += 1;
            }
        }
        Ok(())
    }

    fn sampler_index(&self, sampler: i32) -> Result<usize> {
        usize::try_from(sampler)
            .ok()
            .filter(|i| *i < self.sampler_slots())
            .ok_or(Context3DError::IndexOutOfBounds)
    }

    /// `setRenderToTexture(texture, enableDepthAndStencil, antiAlias, surfaceSelector,
    /// colorOutputIndex)`.
    ///
    /// `colorOutputIndex` outside 0..=3 is #3770, above 0 without multiple render targets in
    /// the profile #3779; a disposed texture #3694; a video texture #3731; `surfaceSelector`
    /// #3771 (2D, not 0), #3772 (cube, not 0..=5), #3773 (rectangle, not 0); a compressed
    /// texture #3746, a streaming one #3712. `None` empties the slot. The slots are checked
    /// together at the next clear or draw (#3728, #3729, #3730, #3761).
    pub fn set_render_to_texture(
        &mut self,
        texture: Option<TextureBase>,
        enable_depth_and_stencil: bool,
        anti_alias: i32,
        surface_selector: i32,
        color_output_index: i32,
    ) -> FlashResult<()> {
        self.live()?;
        let slot = usize::try_from(color_output_index)
            .ok()
            .filter(|i| *i < 4)
            .ok_or(Context3DError::ColorOutputIndex)?;
        if slot > 0 && !self.profile.supports_mrt() {
            return Err(Context3DError::RequiresStandard.into());
        }
        let target = match texture {
            None => None,
            Some(t) => {
                let res = self.res.textures.get(t).ok_or(Context3DError::Disposed)?;
                let desc = res.desc;
                let face = match desc.kind {
                    TextureKind::Video => return Err(Context3DError::NotAvailable.into()),
                    TextureKind::TwoD if surface_selector != 0 => {
                        return Err(Context3DError::SurfaceSelector2D.into())
                    }
                    TextureKind::Rectangle if surface_selector != 0 => {
                        return Err(Context3DError::SurfaceSelectorRectangle.into())
                    }
                    TextureKind::Cube if !(0..6).contains(&surface_selector) => {
                        return Err(Context3DError::SurfaceSelectorCube.into())
                    }
                    _ => surface_selector as u8,
                };
                if matches!(
                    desc.format,
                    TextureFormat::Compressed | TextureFormat::CompressedAlpha
                ) {
                    return Err(Context3DError::RenderToCompressed.into());
                }
                if desc.streaming_levels > 0 {
                    return Err(Context3DError::RenderToStreaming.into());
                }
                // Depth/stencil and multisampled surfaces count against the memory budget,
                // charged once per texture at their largest (crate::memory).
                let aa = anti_alias.clamp(0, 16) as u8;
                let surfaces = crate::memory::surface_bytes(&desc, enable_depth_and_stencil, aa);
                let charge = crate::memory::Charge::Surfaces(t);
                if surfaces > self.memory.charged(charge) {
                    self.memory.check(charge, surfaces)?;
                    self.memory.set(charge, surfaces);
                }
                Some(TargetSlot { texture: t, face })
            }
        };
        if let Some(s) = self.state.targets.get_mut(slot) {
            *s = target;
        }
        self.state.to_texture = true;
        self.state.samplers_epoch += 1;
        self.state.target_depth_and_stencil = enable_depth_and_stencil;
        self.state.target_anti_alias = anti_alias.clamp(0, 16) as u8;
        self.free_collected_unbound();
        Ok(())
    }

    /// `setRenderToBackBuffer()`: empties every texture slot.
    pub fn set_render_to_back_buffer(&mut self) -> FlashResult<()> {
        self.live()?;
        self.state.to_texture = false;
        self.state.samplers_epoch += 1;
        self.state.targets = [None; 4];
        self.free_collected_unbound();
        Ok(())
    }

    /// The render target the next clear or draw goes to, checked (#3698 for an unconfigured
    /// back buffer; #3728, #3694, #3730, #3729, #3761 for texture slots), and sent to the
    /// backend when it differs from the last one sent.
    pub(crate) fn flush_render_target(&mut self) -> Result<()> {
        let target = self.current_render_target()?;
        self.send_render_target(target)
    }

    /// Sends `target` (what [`Self::current_render_target`] just returned) to the backend when
    /// it differs from the last one sent, and marks level 0 of each target face defined.
    pub(crate) fn send_render_target(&mut self, target: RenderTarget) -> Result<()> {
        if !self.state.to_texture && matches!(self.state.sent_target, RenderTarget::BackBuffer) {
            // The common case, drawing on to the back buffer: nothing to mark or send.
            return Ok(());
        }
        // Rendering defines level 0 of each target face: sampling it later is not #3700.
        for slot in self.state.targets.iter().flatten() {
            if let Some(res) = self.res.textures.get_mut(slot.texture) {
                res.mark_uploaded(slot.face, 0);
            }
        }
        if target != self.state.sent_target {
            self.state.sent_target = target;
            self.backend.set_render_target(&target);
            self.take_backend_error()?;
        }
        Ok(())
    }

    pub(crate) fn current_render_target(&self) -> Result<RenderTarget> {
        if !self.state.to_texture {
            if self.frame.back_buffer.is_none() {
                return Err(Context3DError::BackBufferNotConfigured);
            }
            return Ok(RenderTarget::BackBuffer);
        }
        let Some(first) = self.state.targets[0] else {
            return Err(Context3DError::RenderTargetSlot0);
        };
        let first_desc = self
            .res
            .textures
            .get(first.texture)
            .ok_or(Context3DError::Disposed)?
            .desc;
        let mut colors: [Option<ColorAttachment>; 4] = [None; 4];
        for (i, slot) in self.state.targets.iter().enumerate() {
            let Some(slot) = slot else { continue };
            let res = self
                .res
                .textures
                .get(slot.texture)
                .ok_or(Context3DError::Disposed)?;
            if self.state.targets[..i].contains(&Some(*slot)) {
                return Err(Context3DError::RenderTargetDuplicate);
            }
            if (res.desc.width, res.desc.height) != (first_desc.width, first_desc.height) {
                return Err(Context3DError::RenderTargetMismatch);
            }
            if res.desc.format != first_desc.format {
                return Err(Context3DError::RenderTargetBitDepth);
            }
            colors[i] = Some(ColorAttachment {
                texture: res.id,
                face: slot.face,
            });
        }
        Ok(RenderTarget::Textures {
            colors,
            depth_and_stencil: self.state.target_depth_and_stencil,
            anti_alias: self.state.target_anti_alias,
        })
    }
}

//! `drawTriangles` and `drawTrianglesInstanced`: the draw-time checks, in Molehill's order,
//! and the resolution of everything the backend needs into one [`ResolvedDraw`] (the calls are
//! in `context/draw.rs`, the resolution of the bindings here).
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
    PixelRect, ResolvedDraw, SamplerBinding, SamplerState, TextureFormat, TextureKind,
    VertexStream, MAX_SAMPLERS, MAX_STREAMS,
};
use crate::error::{Context3DError, Result};
use crate::resources::buffers::VertexBufferRes;
use crate::resources::handles::{Objects, TextureBase, VertexBuffer3D};
use crate::resources::textures::TextureRes;
use crate::state::{set_bits, State};
/// Check 7 for the attribute slots `0..slots` (bit `i` of `used`: the program reads
/// `va<i>`), resolved into `out` (partly written when it fails); returns the smallest vertex
/// count of the per-vertex streams (`u32::MAX` when there is none). Only the slots the
/// program uses or a buffer is bound to are visited, in slot order; `out` is the program's
/// own cache, `None` at every slot the program does not use, so only used slots are written.
pub(crate) fn resolve_streams(
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
pub(crate) fn resolve_samplers(
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
pub(crate) fn scissor_intersects(r: PixelRect, (width, height): (u32, u32)) -> bool {
    let (x, y) = (i64::from(r.x), i64::from(r.y));
    x < i64::from(width)
        && y < i64::from(height)
        && x + i64::from(r.width) > 0
        && y + i64::from(r.height) > 0
        && r.width > 0
        && r.height > 0
}

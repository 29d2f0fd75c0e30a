//! The draw path: vertex layout and pipeline key from the resolved draw, bind groups and
//! constant offsets, then the commands into the open pass (only what changed since the last
//! draw of the pass is set again).

use molehill_context3d::{
    BackendError, PixelRect, ResolvedDraw, StencilState, TriangleFace, VertexBufferId, MAX_STREAMS,
};

use super::core::Device;
use super::pipeline::{AttributeKey, PipelineKey, SlotKey, VertexLayoutKey};
use super::stream::ConstantStream;

/// A vertex buffer slot's source: the buffer, and whether its repeated copy is read.
type SlotSource = (VertexBufferId, bool);

/// The hardware scissor (x, y, width, height) and the shader's rectangle, or `None` when
/// nothing can pass.
fn scissor(
    rect: Option<PixelRect>,
    (tw, th): (u32, u32),
) -> Option<([u32; 4], molehill_agal::wgsl::Draw)> {
    let Some(r) = rect else {
        return Some(([0, 0, tw, th], molehill_agal::wgsl::Draw { scissor: None }));
    };
    let (x0, y0) = (i64::from(r.x), i64::from(r.y));
    let (x1, y1) = (x0 + i64::from(r.width), y0 + i64::from(r.height));
    let clamp = |v: i64, max: u32| v.clamp(0, i64::from(max)) as u32;
    let (cx0, cy0, cx1, cy1) = (clamp(x0, tw), clamp(y0, th), clamp(x1, tw), clamp(y1, th));
    if cx1 <= cx0 || cy1 <= cy0 {
        return None;
    }
    Some((
        [cx0, cy0, cx1 - cx0, cy1 - cy0],
        molehill_agal::wgsl::Draw {
            scissor: Some([x0 as f32, y0 as f32, x1 as f32, y1 as f32]),
        },
    ))
}

impl Device {
    /// Records one draw into the open pass (opening it when needed).
    pub(crate) fn draw(&mut self, draw: &ResolvedDraw) -> Result<(), BackendError> {
        let p = self;
        // WebGPU cannot cull both faces; nothing would be drawn.
        if p.state.culling == TriangleFace::FrontAndBack {
            return Ok(());
        }
        let Some(ib_len) = p.index_buffers.get(&draw.index_buffer).map(|b| b.len()) else {
            log::warn!(
                "draw with unknown index buffer {:?} ignored",
                draw.index_buffer
            );
            return Ok(());
        };
        if u64::from(draw.first_index) + u64::from(draw.index_count) > u64::from(ib_len) {
            log::warn!(
                "draw past the end of index buffer {:?} ignored",
                draw.index_buffer
            );
            return Ok(());
        }
        // A target in a 16-bit format that this draw blends over is quantised first (context3d's
        // schedule; the pass on it ends).
        if let Some(key) = p.quantise.before_draw(p.state.blend) {
            p.quantise_target(&key);
        }
        let device = &p.gpu.device;
        let Some((slot, program)) = p.pipelines.get(draw.program) else {
            log::warn!("draw with unknown program {:?} ignored", draw.program);
            return Ok(());
        };
        let registers = program.layout.constants_read;
        let declared = [
            program.layout.vertex_constants,
            program.layout.fragment_constants,
        ];
        let textures_group = p.bindings.get(
            device,
            slot,
            program,
            &draw.samplers,
            &p.textures,
            &mut p.samplers,
            &p.placeholders,
            &mut p.counters,
        );

        // Vertex layout: one buffer slot per (buffer, stride, step), attributes at their offsets.
        let mut vertex = VertexLayoutKey::default();
        let mut sources: [Option<(SlotSource, SlotKey)>; MAX_STREAMS] = [None; MAX_STREAMS];
        let mut used_slots = 0usize;
        // The buffer last looked up and whether it has a repeated copy (attributes mostly share
        // one buffer: one lookup for them all).
        let mut last: Option<(VertexBufferId, bool)> = None;
        for (location, stream) in draw.streams.iter().enumerate() {
            let Some(s) = stream else { continue };
            let has_repeated = match last {
                Some((id, r)) if id == s.buffer => r,
                _ => {
                    let Some(vb) = p.vertex_buffers.get(&s.buffer) else {
                        log::warn!("draw with unknown vertex buffer {:?} ignored", s.buffer);
                        return Ok(());
                    };
                    let r = vb.repeated.is_some();
                    last = Some((s.buffer, r));
                    r
                }
            };
            let repeated = s.divisor > 1 && has_repeated;
            let key = SlotKey {
                stride: s.stride,
                instance: s.divisor > 0,
            };
            let source = ((s.buffer, repeated), key);
            let found = (0..used_slots).find(|&i| sources[i] == Some(source));
            let index = match found {
                Some(i) => i,
                None => {
                    sources[used_slots] = Some(source);
                    used_slots += 1;
                    used_slots - 1
                }
            };
            let attribute = AttributeKey {
                slot: index as u8,
                format: s.format,
                offset: s.byte_offset,
            };
            if !vertex.set(location, key, attribute) {
                log::warn!(
                    "draw with a stride or attribute offset past {} bytes ignored",
                    VertexLayoutKey::MAX_BYTES
                );
                return Ok(());
            }
        }

        let target = match p.targets.current(device, &p.textures) {
            Ok(Some(t)) => t,
            Ok(None) => return Ok(()),
            Err(e) => {
                log::error!("draw: {e}");
                return Err(BackendError::OutOfMemory);
            }
        };
        let Some((hw_scissor, draw_values)) = scissor(p.state.scissor, target.size) else {
            return Ok(());
        };
        let has_depth = target.depth.is_some();
        let packed = target.has_packed();
        let key = PipelineKey {
            program: slot,
            blend: p.state.blend,
            color_mask: p.state.color_mask,
            cull: p.state.culling,
            depth_stencil: has_depth.then_some((
                p.state.depth,
                StencilState {
                    reference: 0,
                    ..p.state.stencil
                },
            )),
            vertex,
            targets: target.formats(),
            samples: target.samples,
        };

        if !p.stream.has_room() {
            p.recorder.submit(&p.gpu, &mut p.stream, &mut p.counters);
        }
        let offsets = p
            .stream
            .offsets(registers, &draw_values.to_bytes(), &mut p.counters);
        let frame_now = p.recorder.frame;

        let open = p.recorder.pass(device, target, &mut p.counters);
        let pass = &mut open.pass;
        let bound = &mut open.bound;
        // What the pending commands read is marked (`used_in`) for uploads that follow, each
        // resource when the pass first binds it (a resource the pass has bound was marked by
        // that draw: the pass and the mark belong to the same submission).
        if !bound.marked_target {
            for id in &target.textures {
                if let Some(t) = p.textures.get_mut(id) {
                    t.used_in = frame_now;
                }
            }
            bound.marked_target = true;
        }
        // The cache is asked only when the pass has another pipeline bound (no hash of the key
        // for a draw that keeps the state).
        let packed_key = key.packed();
        if bound.pipeline != Some(packed_key) {
            let pipeline = p.pipelines.pipeline(&p.gpu, &key, packed_key)?;
            if bound.pipeline.map(|k| k.program) != Some(key.program) {
                bound.textures = None;
            }
            pass.set_pipeline(pipeline);
            bound.pipeline = Some(packed_key);
        }
        // Each group is set only when it changed, in group order: wgpu sets every group after
        // the one set again, so `vc`'s (the last, `@group(2)`) is set alone by a draw that
        // changes only `vc`, and no draw gives the fragment stage the same uniforms again.
        // A group is looked up only to be set. `set` holds the groups this draw sets: wgpu
        // hands the driver the first of them and every group of the layout after it.
        let mut set = [false; 3];
        let textured = textures_group.is_some();
        let layouts = &p.pipelines.uniform_layouts;
        let bytes = ConstantStream::bound_bytes(declared[1]);
        let fragment = [offsets[1], offsets[2]];
        if bound.fragment_uniforms != Some((bytes, fragment)) {
            let group = p.stream.bind_group(device, layouts, 1, declared[1]);
            pass.set_bind_group(
                molehill_agal::wgsl::FRAGMENT_UNIFORM_GROUP,
                group,
                &fragment,
            );
            bound.fragment_uniforms = Some((bytes, fragment));
            p.counters.uniform_binds += 1;
            set[molehill_agal::wgsl::FRAGMENT_UNIFORM_GROUP as usize] = true;
        }
        if let Some((id, group)) = textures_group {
            if bound.textures != Some(id) {
                for b in draw.samplers.iter().flatten() {
                    if let Some(t) = p.textures.get_mut(&b.texture) {
                        t.used_in = frame_now;
                    }
                }
                pass.set_bind_group(molehill_agal::wgsl::TEXTURE_GROUP, group, &[]);
                bound.textures = Some(id);
                set[molehill_agal::wgsl::TEXTURE_GROUP as usize] = true;
            }
        }
        let bytes = ConstantStream::bound_bytes(declared[0]);
        if bound.vertex_uniforms != Some((bytes, offsets[0])) {
            let group = p.stream.bind_group(device, layouts, 0, declared[0]);
            pass.set_bind_group(
                molehill_agal::wgsl::VERTEX_UNIFORM_GROUP,
                group,
                &offsets[..1],
            );
            bound.vertex_uniforms = Some((bytes, offsets[0]));
            p.counters.uniform_binds += 1;
            set[molehill_agal::wgsl::VERTEX_UNIFORM_GROUP as usize] = true;
        }
        if let Some(first) = set.iter().position(|&s| s) {
            // A program that samples nothing has no texture group in its layout.
            let in_layout = |g: usize| textured || g != molehill_agal::wgsl::TEXTURE_GROUP as usize;
            p.counters.driver_groups += (first..set.len()).filter(|&g| in_layout(g)).count() as u64;
        }
        for (i, source) in sources.iter().enumerate().take(used_slots) {
            let Some(((id, repeated), _)) = *source else {
                continue;
            };
            let tag = (id, u64::from(repeated));
            if bound.vertex[i] == Some(tag) {
                continue;
            }
            let Some(vb) = p.vertex_buffers.get_mut(&id) else {
                continue;
            };
            vb.used_in = frame_now;
            let buffer = match (&vb.repeated, repeated) {
                (Some(r), true) => &r.buffer,
                _ => &vb.buffer,
            };
            pass.set_vertex_buffer(i as u32, buffer.slice(..));
            bound.vertex[i] = Some(tag);
        }
        if bound.index != Some(draw.index_buffer) {
            if let Some(ib) = p.index_buffers.get_mut(&draw.index_buffer) {
                ib.used_in = frame_now;
                pass.set_index_buffer(ib.buffer.slice(..), wgpu::IndexFormat::Uint16);
            }
            bound.index = Some(draw.index_buffer);
        }
        if has_depth {
            let reference = u32::from(p.state.stencil.reference);
            if bound.stencil_reference != Some(reference) {
                pass.set_stencil_reference(reference);
                bound.stencil_reference = Some(reference);
            }
        }
        if bound.scissor != Some(hw_scissor) {
            let [x, y, w, h] = hw_scissor;
            pass.set_scissor_rect(x, y, w, h);
            bound.scissor = Some(hw_scissor);
        }
        pass.draw_indexed(
            draw.first_index..draw.first_index + draw.index_count,
            0,
            0..draw.instances.unwrap_or(1),
        );
        p.counters.draws += 1;
        p.quantise
            .after_draw(p.targets.current_key(), p.state.color_mask, |_| packed);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scissor_clamps_to_the_target_and_keeps_flash_rect_for_the_shader() {
        let r = PixelRect {
            x: -4,
            y: 2,
            width: 10,
            height: 100,
        };
        let (hw, d) = scissor(Some(r), (32, 16)).unwrap();
        assert_eq!(hw, [0, 2, 6, 14]);
        assert_eq!(d.scissor, Some([-4.0, 2.0, 6.0, 102.0]));
        let empty = PixelRect {
            x: 40,
            y: 0,
            width: 5,
            height: 5,
        };
        assert!(scissor(Some(empty), (32, 16)).is_none());
        assert_eq!(scissor(None, (32, 16)).unwrap().0, [0, 0, 32, 16]);
    }
}

//! Draws: buffers, one vertex array object per stream layout, and the fixed-function state
//! as context3d last set it, applied through the cache at each draw and clear.

use molehill_context3d::{
    BlendFactor, BlendState, ColorMask, DepthState, IndexBufferId, PixelRect, StencilAction,
    StencilFace, StencilState, TriangleFace, VertexBufferId, VertexStream, MAX_STREAMS,
};

use crate::conv;
use crate::fastmap::FastMap;
use crate::state::Gl;

/// A vertex buffer: the GL buffer and its size in bytes.
///
/// `bytes4` streams read it directly as four normalized unsigned bytes in memory order
/// (byte 0 -> x, ..., byte 3 -> w), which is how Flash reads them (Starling stores vertex
/// colours as the bytes R, G, B, A and uses `va.xyzw` as RGBA).
#[derive(Debug)]
pub struct VertexBuffer {
    /// The GL buffer.
    pub gl: glow::Buffer,
    /// Its size in bytes.
    pub len: usize,
}

/// An index buffer: the GL buffer and its number of indices (draws never read past it).
#[derive(Debug)]
pub struct IndexBuffer {
    /// The GL buffer.
    pub gl: glow::Buffer,
    /// Its number of 16-bit indices.
    pub len: u32,
}

/// The key of a vertex array object: the streams and the index buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LayoutKey {
    streams: [Option<VertexStream>; MAX_STREAMS],
    index: IndexBufferId,
}

/// Vertex array objects by layout.
#[derive(Debug, Default)]
pub struct VertexArrays {
    map: FastMap<LayoutKey, glow::VertexArray>,
    /// The last layouts bound, newest at `next - 1`: a scene alternating a few meshes finds
    /// them without hashing a key.
    recent: [Option<(LayoutKey, usize, glow::VertexArray)>; RECENT],
    next: usize,
}

/// One past the last stream in use (streams past it are `None`).
fn streams_used(streams: &[Option<VertexStream>; MAX_STREAMS]) -> usize {
    streams
        .iter()
        .rposition(Option::is_some)
        .map_or(0, |i| i + 1)
}

/// Layouts remembered in [`VertexArrays::recent`].
const RECENT: usize = 4;

/// Most vertex arrays kept; past it the cache starts over (a program with layouts that
/// change every frame would otherwise grow it without bound).
const MAX_VERTEX_ARRAYS: usize = 1024;

impl VertexArrays {
    /// Binds the vertex array for `streams` + `index`, creating it on first use.
    pub fn bind(
        &mut self,
        gl: &mut Gl,
        streams: &[Option<VertexStream>; MAX_STREAMS],
        index: IndexBufferId,
        vertex_buffers: &FastMap<VertexBufferId, VertexBuffer>,
        index_buffers: &FastMap<IndexBufferId, IndexBuffer>,
    ) -> Result<(), String> {
        let used = streams_used(streams);
        for (last, last_used, vao) in self.recent.iter().flatten() {
            // Compared in place, the streams in use only: a recent layout builds no key.
            if last.index == index && *last_used == used && last.streams[..used] == streams[..used]
            {
                gl.bind_vertex_array(Some(*vao));
                return Ok(());
            }
        }
        let key = LayoutKey {
            streams: *streams,
            index,
        };
        if let Some(&vao) = self.map.get(&key) {
            self.remember(key, vao);
            gl.bind_vertex_array(Some(vao));
            return Ok(());
        }
        if self.map.len() >= MAX_VERTEX_ARRAYS {
            self.clear(Some(gl));
        }
        let vao = gl.create_vertex_array()?;
        gl.bind_vertex_array(Some(vao));
        for (slot, stream) in streams.iter().enumerate() {
            let Some(s) = stream else { continue };
            let Some(vb) = vertex_buffers.get(&s.buffer) else {
                continue;
            };
            gl.bind_array_buffer(Some(vb.gl));
            let (size, ty, normalized) = conv::vertex_format(s.format);
            gl.vertex_attrib(
                slot as u32,
                size,
                ty,
                normalized,
                s.stride as i32,
                s.byte_offset as i32,
                s.divisor,
            );
        }
        if let Some(ib) = index_buffers.get(&index) {
            gl.vertex_array_element_buffer(ib.gl);
        }
        self.map.insert(key, vao);
        self.remember(key, vao);
        Ok(())
    }

    fn remember(&mut self, key: LayoutKey, vao: glow::VertexArray) {
        self.recent[self.next % RECENT] = Some((key, streams_used(&key.streams), vao));
        self.next = (self.next + 1) % RECENT;
    }

    /// Deletes the vertex arrays that read `buffer`.
    pub fn vertex_buffer_disposed(&mut self, gl: &mut Gl, buffer: VertexBufferId) {
        self.recent = [None; RECENT];
        self.map.retain(|k, vao| {
            let uses = k.streams.iter().flatten().any(|s| s.buffer == buffer);
            if uses {
                gl.delete_vertex_array(*vao);
            }
            !uses
        });
    }

    /// Deletes the vertex arrays that use index buffer `buffer`.
    pub fn index_buffer_disposed(&mut self, gl: &mut Gl, buffer: IndexBufferId) {
        self.recent = [None; RECENT];
        self.map.retain(|k, vao| {
            if k.index == buffer {
                gl.delete_vertex_array(*vao);
                false
            } else {
                true
            }
        });
    }

    /// Number of vertex arrays.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Deletes every vertex array (`gl` None: the context is gone).
    pub fn clear(&mut self, gl: Option<&mut Gl>) {
        self.recent = [None; RECENT];
        if let Some(gl) = gl {
            for (_, vao) in self.map.drain() {
                gl.delete_vertex_array(vao);
            }
        }
        self.map.clear();
    }
}

/// The fixed-function state context3d last sent.
#[derive(Debug, Clone, Copy, Default)]
pub struct FixedState {
    /// Blend factors.
    pub blend: BlendState,
    /// Colour mask.
    pub color_mask: ColorMask,
    /// Culled faces.
    pub cull: TriangleFace,
    /// Depth test.
    pub depth: DepthState,
    /// Stencil test.
    pub stencil: StencilState,
    /// Scissor rectangle.
    pub scissor: Option<PixelRect>,
    /// [`Gl::state_writes`] right after the last [`FixedState::apply`]; `None` when a field
    /// may have changed since ([`FixedState::edit`]).
    applied_at: Option<u64>,
}

fn stencil_is_off(face: &StencilFace) -> bool {
    face.compare == molehill_context3d::CompareMode::Always
        && [face.on_both_pass, face.on_depth_fail, face.on_stencil_fail]
            .iter()
            .all(|a| *a == StencilAction::Keep)
}

impl FixedState {
    /// The state, to change: the next [`FixedState::apply`] applies it whole.
    pub fn edit(&mut self) -> &mut FixedState {
        self.applied_at = None;
        self
    }

    /// Applies the state for a draw (only what differs from GL's reaches GL). Nothing to do
    /// when no field changed and no fixed-function call reached GL since the last apply
    /// (a clear, a host's state, an invalidation each count as one).
    pub fn apply(&mut self, gl: &mut Gl) {
        if self.applied_at == Some(gl.state_writes()) {
            return;
        }
        self.apply_all(gl);
        self.applied_at = Some(gl.state_writes());
    }

    fn apply_all(&self, gl: &mut Gl) {
        let b = self.blend;
        let no_blend = b.source == BlendFactor::One && b.destination == BlendFactor::Zero;
        gl.blend(if no_blend {
            None
        } else {
            Some((
                conv::blend_factor(b.source),
                conv::blend_factor(b.destination),
            ))
        });
        let m = self.color_mask;
        gl.color_mask([m.red, m.green, m.blue, m.alpha]);
        gl.cull(conv::cull_face(self.cull), conv::FRONT_FACE);
        let d = self.depth;
        let test = d.compare != molehill_context3d::CompareMode::Always || d.write;
        gl.depth(test.then(|| conv::compare(d.compare)), d.write);
        let s = self.stencil;
        let on = !(stencil_is_off(&s.front) && stencil_is_off(&s.back));
        gl.stencil_test(on);
        if on {
            for (back, f) in [(false, &s.front), (true, &s.back)] {
                gl.stencil_face(
                    back,
                    (
                        conv::compare(f.compare),
                        i32::from(s.reference),
                        u32::from(s.read_mask),
                    ),
                    (
                        conv::stencil_op(f.on_stencil_fail),
                        conv::stencil_op(f.on_depth_fail),
                        conv::stencil_op(f.on_both_pass),
                    ),
                );
            }
        }
        gl.stencil_mask(u32::from(s.write_mask));
        // Sizes past i32::MAX (a huge AS3 Rectangle) saturate: they cover the whole target.
        let size = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
        gl.scissor(
            self.scissor
                .map(|r| [r.x, r.y, size(r.width), size(r.height)]),
        );
    }

    /// The state a clear needs: whole target, every channel, depth and stencil writable.
    pub fn apply_for_clear(gl: &mut Gl) {
        gl.scissor(None);
        gl.color_mask([true; 4]);
        gl.depth_mask(true);
        gl.stencil_mask(0xff);
    }
}

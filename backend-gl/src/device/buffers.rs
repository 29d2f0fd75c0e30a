//! Buffers: vertex and index buffers, and one vertex array object per stream layout.

use molehill_context3d::{IndexBufferId, VertexBufferId, VertexStream, MAX_STREAMS};
use rustc_hash::FxHashMap;

use super::conv;
use crate::gl::Calls;

use molehill_context3d::resources::index_shadow::IndexShadow;

/// A size or offset as GL's `GLsizei`/`GLintptr` argument; past `i32::MAX` (never from
/// context3d) it saturates, and GL refuses it rather than the cast wrapping to a small value.
pub(super) fn gl_size(v: u64) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// GL's usage hint for a buffer.
pub(super) fn usage(u: molehill_context3d::BufferUsage) -> u32 {
    match u {
        molehill_context3d::BufferUsage::StaticDraw => glow::STATIC_DRAW,
        molehill_context3d::BufferUsage::DynamicDraw => glow::DYNAMIC_DRAW,
    }
}

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
    /// Its indices (the GL buffer holds the same, padded to 4 bytes): uploads write the
    /// 4-byte aligned span around them from here (`molehill_context3d::resources::index_shadow`).
    pub shadow: IndexShadow,
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
    map: FxHashMap<LayoutKey, glow::VertexArray>,
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
        gl: &mut Calls,
        streams: &[Option<VertexStream>; MAX_STREAMS],
        index: IndexBufferId,
        vertex_buffers: &FxHashMap<VertexBufferId, VertexBuffer>,
        index_buffers: &FxHashMap<IndexBufferId, IndexBuffer>,
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
    pub fn vertex_buffer_disposed(&mut self, gl: &mut Calls, buffer: VertexBufferId) {
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
    pub fn index_buffer_disposed(&mut self, gl: &mut Calls, buffer: IndexBufferId) {
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

    /// Deletes every vertex array (`gl` None: the context is gone).
    pub fn clear(&mut self, gl: Option<&mut Calls>) {
        self.recent = [None; RECENT];
        if let Some(gl) = gl {
            for (_, vao) in self.map.drain() {
                gl.delete_vertex_array(vao);
            }
        }
        self.map.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::gl_size;

    #[test]
    fn gl_sizes_saturate_instead_of_overflowing() {
        // `num_indices as i32 * 2` overflowed (a debug panic) past 2^30 indices.
        assert_eq!(gl_size(2 * u64::from(1u32 << 30)), i32::MAX);
        assert_eq!(gl_size(2 * u64::from(u32::MAX)), i32::MAX);
        assert_eq!(gl_size(2 * 524_287), 1_048_574);
    }
}

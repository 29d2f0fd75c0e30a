//! What a context keeps of each `VertexBuffer3D` and `IndexBuffer3D`, and Flash's limits on
//! them (the calls are in `context/buffers.rs`).

use crate::backend::{IndexBufferId, VertexBufferDesc, VertexBufferId};
use crate::error::{Context3DError, Result};

/// Most vertices in one vertex buffer (#3670 above it).
pub const MAX_VERTICES: u32 = 65535;
/// Most 32-bit words per vertex (#3670 above it).
pub const MAX_DATA32_PER_VERTEX: u32 = 64;
/// Most indices in one index buffer (#3670 above it).
pub const MAX_INDICES: u32 = 524_287;
/// Most bytes in all live vertex buffers together (Flash's documented 256 MB; #3691 above).
pub const MAX_VERTEX_BUFFER_BYTES: u64 = 256 << 20;
/// Most bytes in all live index buffers together (Flash's documented 128 MB; #3691 above).
pub const MAX_INDEX_BUFFER_BYTES: u64 = 128 << 20;

/// What a context keeps about a vertex buffer.
#[derive(Debug)]
pub(crate) struct VertexBufferRes {
    pub id: VertexBufferId,
    pub desc: VertexBufferDesc,
}

/// What a context keeps about an index buffer: a copy of the indices, for the draw-time vertex
/// count check (#3609).
#[derive(Debug)]
pub(crate) struct IndexBufferRes {
    pub id: IndexBufferId,
    pub indices: Vec<u16>,
    /// The last `max_index` query and its answer: a frame usually draws the same ranges again.
    pub max_cache: std::cell::Cell<Option<(usize, usize, Option<u16>)>>,
    /// The largest index of the whole buffer, once asked (reset by uploads): when it is below
    /// every stream's vertex count, no range needs scanning.
    pub max_all: std::cell::Cell<Option<Option<u16>>>,
}

impl IndexBufferRes {
    /// Number of indices (at most [`MAX_INDICES`]).
    pub fn len(&self) -> u32 {
        self.indices.len() as u32
    }

    /// The largest index in `first..first + count` (`None` for an empty or outside range).
    pub fn max_index(&self, first: usize, count: usize) -> Option<u16> {
        if let Some((f, c, m)) = self.max_cache.get() {
            if (f, c) == (first, count) {
                return m;
            }
        }
        let m = self
            .indices
            .get(first..first.checked_add(count)?)?
            .iter()
            .copied()
            .max();
        self.max_cache.set(Some((first, count, m)));
        m
    }

    /// The largest index in the whole buffer (`None` when empty).
    pub fn max_all(&self) -> Option<u16> {
        if let Some(m) = self.max_all.get() {
            return m;
        }
        let m = self.indices.iter().copied().max();
        self.max_all.set(Some(m));
        m
    }
}

/// `len` bytes of a `ByteArray` from `offset`, or #3669 when it holds fewer.
pub(crate) fn byte_array_slice(data: &[u8], offset: u32, len: usize) -> Result<&[u8]> {
    usize::try_from(offset)
        .ok()
        .and_then(|o| data.get(o..))
        .and_then(|d| d.get(..len))
        .ok_or(Context3DError::BadInputSize)
}

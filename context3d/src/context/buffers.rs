//! `createVertexBuffer`, `createVertexBufferForInstances`, `createIndexBuffer`, their uploads
//! and `dispose`: the calls on the buffers [`crate::resources::buffers`] keeps.

use super::Context3D;
use crate::backend::{
    Backend, BufferUsage, IndexBufferDesc, IndexBufferId, VertexBufferDesc, VertexBufferId,
};
use crate::enums::{param, EnumArg};
use crate::error::{BackendCall, Context3DError, FlashResult, Result};
use crate::memory::Charge;
use crate::number::Float;
use crate::resources::buffers::{
    byte_array_slice, IndexBufferRes, VertexBufferRes, MAX_DATA32_PER_VERTEX,
    MAX_INDEX_BUFFER_BYTES, MAX_INDICES, MAX_VERTEX_BUFFER_BYTES, MAX_VERTICES,
};
use crate::resources::handles::{IndexBuffer3D, VertexBuffer3D, MAX_OBJECTS_PER_TYPE};

impl<B: Backend> Context3D<B> {
    /// `createVertexBuffer(numVertices, data32PerVertex, bufferUsage)`.
    ///
    /// #2008 `bufferUsage`; a negative count #3669; `data32PerVertex` above 64 or
    /// `numVertices` above 65535 #3670; either zero #3671; 4096 live buffers, or more than
    /// 256 MB in all, #3691.
    pub fn create_vertex_buffer(
        &mut self,
        num_vertices: i32,
        data32_per_vertex: i32,
        buffer_usage: impl EnumArg<BufferUsage>,
    ) -> FlashResult<VertexBuffer3D> {
        self.live()?;
        let usage = buffer_usage.resolve(param::BUFFER_USAGE)?;
        Ok(self.new_vertex_buffer(num_vertices, data32_per_vertex, usage, None)?)
    }

    /// `createVertexBufferForInstances(numVertices, data32PerVertex, instancesPerElement,
    /// bufferUsage)`: as [`create_vertex_buffer`](Self::create_vertex_buffer), in
    /// standardExtended and above (#3787), with `instancesPerElement` above 0 (#3784).
    pub fn create_vertex_buffer_for_instances(
        &mut self,
        num_vertices: i32,
        data32_per_vertex: i32,
        instances_per_element: i32,
        buffer_usage: impl EnumArg<BufferUsage>,
    ) -> FlashResult<VertexBuffer3D> {
        self.live()?;
        if !self.profile.supports_instancing() {
            return Err(Context3DError::RequiresStandardExtended.into());
        }
        let usage = buffer_usage.resolve(param::BUFFER_USAGE)?;
        let per = u32::try_from(instances_per_element)
            .ok()
            .filter(|n| *n > 0)
            .ok_or(Context3DError::InstancesPerElement)?;
        Ok(self.new_vertex_buffer(num_vertices, data32_per_vertex, usage, Some(per))?)
    }

    fn new_vertex_buffer(
        &mut self,
        num_vertices: i32,
        data32_per_vertex: i32,
        usage: BufferUsage,
        instances_per_element: Option<u32>,
    ) -> Result<VertexBuffer3D> {
        let (Ok(n), Ok(d)) = (
            u32::try_from(num_vertices),
            u32::try_from(data32_per_vertex),
        ) else {
            return Err(Context3DError::BadInputSize);
        };
        if d > MAX_DATA32_PER_VERTEX || n > MAX_VERTICES {
            return Err(Context3DError::BufferTooBig);
        }
        if d == 0 || n == 0 {
            return Err(Context3DError::BufferZeroSize);
        }
        let desc = VertexBufferDesc {
            num_vertices: n,
            data32_per_vertex: d as u8,
            usage,
            instances_per_element,
        };
        let live: u64 = self
            .res
            .vertex_buffers
            .values()
            .map(|b| b.desc.byte_len())
            .sum();
        if self.res.vertex_buffers.len() >= MAX_OBJECTS_PER_TYPE
            || live + desc.byte_len() > MAX_VERTEX_BUFFER_BYTES
        {
            return Err(Context3DError::ResourceLimit);
        }
        let bytes = desc.byte_len();
        self.memory.check(Charge::New, bytes)?;
        let id = VertexBufferId(self.fresh_id());
        let r = self.backend.create_vertex_buffer(id, &desc);
        self.backend_result(BackendCall::Buffer, r)?;
        let handle = self.res.vertex_buffers.insert(VertexBufferRes { id, desc });
        self.memory.set(Charge::VertexBuffer(handle), bytes);
        Ok(handle)
    }

    /// `VertexBuffer3D.uploadFromVector(data, startVertex, numVertices)`: each `Number`
    /// becomes a 32-bit float (`f32` data is taken as it is). A negative start or count, a range past the buffer, or fewer
    /// than `numVertices * data32PerVertex` values is #3669.
    pub fn vertex_buffer_upload_from_vector(
        &mut self,
        buffer: VertexBuffer3D,
        data: &[impl Float],
        start_vertex: i32,
        num_vertices: i32,
    ) -> FlashResult<()> {
        self.live()?;
        let (desc, count) = self.vertex_upload_range(buffer, start_vertex, num_vertices)?;
        let words = count as usize * usize::from(desc.data32_per_vertex);
        let values = data.get(..words).ok_or(Context3DError::BadInputSize)?;
        // Converted into a buffer the context keeps between uploads, one float at a time in
        // a loop the compiler vectorizes.
        let mut bytes = std::mem::take(&mut self.scratch_bytes);
        bytes.truncate(words * 4);
        bytes.resize(words * 4, 0);
        for (b, v) in bytes.chunks_exact_mut(4).zip(values) {
            b.copy_from_slice(&v.to_f32().to_le_bytes());
        }
        let r = self.write_vertices(buffer, start_vertex, &bytes);
        self.scratch_bytes = bytes;
        Ok(r?)
    }

    /// `VertexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startVertex, numVertices)`:
    /// the bytes are copied as they are (the `ByteArray`'s `endian` does not matter). A
    /// negative start or count, a range past the buffer, or fewer than
    /// `numVertices * data32PerVertex * 4` bytes after the offset is #3669.
    pub fn vertex_buffer_upload_from_byte_array(
        &mut self,
        buffer: VertexBuffer3D,
        data: &[u8],
        byte_array_offset: u32,
        start_vertex: i32,
        num_vertices: i32,
    ) -> FlashResult<()> {
        self.live()?;
        let (desc, count) = self.vertex_upload_range(buffer, start_vertex, num_vertices)?;
        let len = count as usize * desc.stride() as usize;
        let bytes = byte_array_slice(data, byte_array_offset, len)?;
        Ok(self.write_vertices(buffer, start_vertex, bytes)?)
    }

    /// The buffer's description and the vertex count of an upload of `count` vertices at
    /// `start`: #3694 for a disposed buffer, #3669 for a range outside it.
    fn vertex_upload_range(
        &self,
        buffer: VertexBuffer3D,
        start: i32,
        count: i32,
    ) -> Result<(VertexBufferDesc, u32)> {
        let desc = self
            .res
            .vertex_buffers
            .get(buffer)
            .ok_or(Context3DError::Disposed)?
            .desc;
        let (_, count) = range(start, count, desc.num_vertices)?;
        Ok((desc, count))
    }

    /// Sends `bytes` (whole vertices, checked by [`Self::vertex_upload_range`]) to vertex
    /// `start`; nothing for an empty upload.
    fn write_vertices(&mut self, buffer: VertexBuffer3D, start: i32, bytes: &[u8]) -> Result<()> {
        let res = self
            .res
            .vertex_buffers
            .get(buffer)
            .ok_or(Context3DError::Disposed)?;
        if bytes.is_empty() {
            return Ok(());
        }
        let start = u64::try_from(start).map_err(|_| Context3DError::BadInputSize)?;
        let (id, at) = (res.id, start * u64::from(res.desc.stride()));
        let r = self.backend.upload_vertex_buffer(id, at, bytes);
        self.backend_result(BackendCall::Buffer, r)
    }

    /// `VertexBuffer3D.dispose()`: harmless when repeated. Streams still bound to it make the
    /// next draw fail with #3608.
    pub fn vertex_buffer_dispose(&mut self, buffer: VertexBuffer3D) {
        self.memory.release(Charge::VertexBuffer(buffer));
        if let Some(res) = self.res.vertex_buffers.remove(buffer) {
            self.state.streams_epoch += 1;
            self.backend.dispose_vertex_buffer(res.id);
        }
    }

    /// `createIndexBuffer(numIndices, bufferUsage)`: #2008 `bufferUsage`; negative #3669;
    /// above 524287 #3670; zero #3671; 4096 live buffers, or more than 128 MB in all, #3691.
    pub fn create_index_buffer(
        &mut self,
        num_indices: i32,
        buffer_usage: impl EnumArg<BufferUsage>,
    ) -> FlashResult<IndexBuffer3D> {
        self.live()?;
        let usage = buffer_usage.resolve(param::BUFFER_USAGE)?;
        let n = u32::try_from(num_indices).map_err(|_| Context3DError::BadInputSize)?;
        if n > MAX_INDICES {
            return Err(Context3DError::BufferTooBig.into());
        }
        if n == 0 {
            return Err(Context3DError::BufferZeroSize.into());
        }
        let live: u64 = self
            .res
            .index_buffers
            .values()
            .map(|b| 2 * u64::from(b.len()))
            .sum();
        if self.res.index_buffers.len() >= MAX_OBJECTS_PER_TYPE
            || live + 2 * u64::from(n) > MAX_INDEX_BUFFER_BYTES
        {
            return Err(Context3DError::ResourceLimit.into());
        }
        let id = IndexBufferId(self.fresh_id());
        let desc = IndexBufferDesc {
            num_indices: n,
            usage,
        };
        let bytes = 2 * u64::from(n);
        self.memory.check(Charge::New, bytes)?;
        let r = self.backend.create_index_buffer(id, &desc);
        self.backend_result(BackendCall::Buffer, r)?;
        let handle = self.res.index_buffers.insert(IndexBufferRes {
            id,
            indices: vec![0; n as usize],
            max_cache: std::cell::Cell::new(None),
            max_all: std::cell::Cell::new(None),
        });
        self.memory.set(Charge::IndexBuffer(handle), bytes);
        Ok(handle)
    }

    /// `IndexBuffer3D.uploadFromVector(data, startOffset, count)`: each `uint` keeps its low
    /// 16 bits. A negative start or count, a range past the buffer, or fewer than `count`
    /// values is #3669.
    pub fn index_buffer_upload_from_vector(
        &mut self,
        buffer: IndexBuffer3D,
        data: &[u32],
        start_offset: i32,
        count: i32,
    ) -> FlashResult<()> {
        self.live()?;
        let (start, count) = self.index_upload_range(buffer, start_offset, count)?;
        let values = data
            .get(..count as usize)
            .ok_or(Context3DError::BadInputSize)?;
        Ok(self.write_indices(buffer, start, values.len(), |target| {
            for (t, v) in target.iter_mut().zip(values) {
                *t = (*v & 0xffff) as u16;
            }
        })?)
    }

    /// `IndexBuffer3D.uploadFromByteArray(data, byteArrayOffset, startOffset, count)`: 16-bit
    /// little-endian indices (the bytes as they are, whatever the `ByteArray`'s `endian`). A
    /// negative start or count, a range past the buffer, or fewer than `2 * count` bytes after
    /// the offset is #3669.
    pub fn index_buffer_upload_from_byte_array(
        &mut self,
        buffer: IndexBuffer3D,
        data: &[u8],
        byte_array_offset: u32,
        start_offset: i32,
        count: i32,
    ) -> FlashResult<()> {
        self.live()?;
        let (start, count) = self.index_upload_range(buffer, start_offset, count)?;
        let bytes = byte_array_slice(data, byte_array_offset, 2 * count as usize)?;
        Ok(self.write_indices(buffer, start, count as usize, |target| {
            for (t, b) in target.iter_mut().zip(bytes.chunks_exact(2)) {
                *t = u16::from_le_bytes([b[0], b[1]]);
            }
        })?)
    }

    /// `(start, count)` of an index upload: #3694 for a disposed buffer, #3669 for a range
    /// outside it.
    fn index_upload_range(
        &self,
        buffer: IndexBuffer3D,
        start: i32,
        count: i32,
    ) -> Result<(u32, u32)> {
        let res = self
            .res
            .index_buffers
            .get(buffer)
            .ok_or(Context3DError::Disposed)?;
        range(start, count, res.len())
    }

    /// Writes `count` indices at `start` (a range checked by [`Self::index_upload_range`])
    /// with `fill`, straight into the buffer's CPU copy (no allocation), and sends them to the
    /// backend; nothing for an empty upload.
    fn write_indices(
        &mut self,
        buffer: IndexBuffer3D,
        start: u32,
        count: usize,
        fill: impl FnOnce(&mut [u16]),
    ) -> Result<()> {
        if count == 0 {
            return Ok(());
        }
        let res = self
            .res
            .index_buffers
            .get_mut(buffer)
            .ok_or(Context3DError::Disposed)?;
        let start = start as usize;
        let target = start
            .checked_add(count)
            .and_then(|end| res.indices.get_mut(start..end))
            .ok_or(Context3DError::BadInputSize)?;
        fill(target);
        res.max_cache.set(None);
        res.max_all.set(None);
        let r = self
            .backend
            .upload_index_buffer(res.id, 2 * start as u64, target);
        self.backend_result(BackendCall::Buffer, r)
    }

    /// `IndexBuffer3D.dispose()`: harmless when repeated.
    pub fn index_buffer_dispose(&mut self, buffer: IndexBuffer3D) {
        self.memory.release(Charge::IndexBuffer(buffer));
        if let Some(res) = self.res.index_buffers.remove(buffer) {
            self.backend.dispose_index_buffer(res.id);
        }
    }

    /// Number of vertices of a live vertex buffer (`None` once disposed).
    pub fn vertex_buffer_len(&self, buffer: VertexBuffer3D) -> Option<u32> {
        self.res
            .vertex_buffers
            .get(buffer)
            .map(|r| r.desc.num_vertices)
    }

    /// Number of indices of a live index buffer (`None` once disposed).
    pub fn index_buffer_len(&self, buffer: IndexBuffer3D) -> Option<u32> {
        self.res.index_buffers.get(buffer).map(IndexBufferRes::len)
    }
}

/// `(start, count)` as a range inside `len` elements, or #3669.
fn range(start: i32, count: i32, len: u32) -> Result<(u32, u32)> {
    let (Ok(start), Ok(count)) = (u32::try_from(start), u32::try_from(count)) else {
        return Err(Context3DError::BadInputSize);
    };
    if u64::from(start) + u64::from(count) > u64::from(len) {
        return Err(Context3DError::BadInputSize);
    }
    Ok((start, count))
}

//! Vertex and index buffers, and the work counter.
//!
//! `queue.write_buffer` takes 4-byte aligned offsets and lengths; index uploads start at any
//! even byte, so index buffers keep a CPU copy and write the aligned span around each upload.
//! Every buffer remembers the frame (encoder) that last read it: an upload to a buffer the
//! recorded-but-unsubmitted commands read must be submitted first (see `pass.rs`).

use molehill_context3d::resources::index_shadow::IndexShadow;

/// Work done, for tests and benchmarks (they assert on counts, never on times).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Counters {
    /// Render passes begun.
    pub passes: u64,
    /// Queue submissions.
    pub submits: u64,
    /// Render pipelines created (the cache misses).
    pub pipelines: u64,
    /// Pipeline cache lookups (a draw asks only when its pass has another pipeline bound).
    pub pipeline_lookups: u64,
    /// Shader module pairs created (one per distinct program pair).
    pub shader_modules: u64,
    /// Texture bind groups created (the bind-group cache misses).
    pub bind_groups: u64,
    /// Draw calls recorded.
    pub draws: u64,
    /// Submissions forced before an upload to a resource the pending commands read.
    pub upload_flushes: u64,
    /// Bytes of constants streamed to the per-frame uniform buffer.
    pub constant_bytes: u64,
    /// Uniform bind groups set in a pass (`@group(0)` for `fc` and the per-draw values,
    /// `@group(2)` for `vc`; each only when its offsets changed).
    pub uniform_binds: u64,
    /// Bind groups wgpu hands the driver at draws: the first group a draw sets and every
    /// group of its program's layout after it (wgpu sets every group after the one a pass
    /// sets again). What the group order costs: a Starling batch (new texture and `vc`)
    /// hands over two groups, not the fragment uniforms' again.
    pub driver_groups: u64,
    /// Frames presented.
    pub presents: u64,
    /// Colour attachments in a 16-bit Flash format quantised to their bits after a pass
    /// (`crate::packed`; each also counts its one or two passes in `passes`).
    pub packed_quantised: u64,
    /// Read-back buffers created (`drawToBitmapData`, a frame read at `present`): one is kept
    /// and used again while it is large enough.
    pub readback_buffers: u64,
}

impl Counters {
    /// The counts since `earlier`.
    pub fn since(&self, earlier: &Counters) -> Counters {
        Counters {
            passes: self.passes - earlier.passes,
            submits: self.submits - earlier.submits,
            pipelines: self.pipelines - earlier.pipelines,
            pipeline_lookups: self.pipeline_lookups - earlier.pipeline_lookups,
            shader_modules: self.shader_modules - earlier.shader_modules,
            bind_groups: self.bind_groups - earlier.bind_groups,
            draws: self.draws - earlier.draws,
            upload_flushes: self.upload_flushes - earlier.upload_flushes,
            constant_bytes: self.constant_bytes - earlier.constant_bytes,
            uniform_binds: self.uniform_binds - earlier.uniform_binds,
            driver_groups: self.driver_groups - earlier.driver_groups,
            presents: self.presents - earlier.presents,
            packed_quantised: self.packed_quantised - earlier.packed_quantised,
            readback_buffers: self.readback_buffers - earlier.readback_buffers,
        }
    }
}

/// Rounds `v` up to a multiple of 4 (wgpu's copy alignment).
pub fn align4(v: u64) -> u64 {
    v.div_ceil(4) * 4
}

/// A vertex buffer.
///
/// WebGPU steps an instance buffer once per instance; a buffer made with
/// `createVertexBufferForInstances(..., instancesPerElement = n)` with `n > 1` keeps a CPU
/// copy and a second GPU buffer where each element is repeated `n` times, which draws read.
#[derive(Debug)]
pub struct VertexBuffer {
    /// The GPU buffer (its size rounded up to 4 bytes).
    pub buffer: wgpu::Buffer,
    /// The size Flash asked for, in bytes.
    pub len: u64,
    /// The frame whose commands last read it.
    pub used_in: u64,
    /// For `instancesPerElement > 1`: the element size, `n`, the CPU copy and the expanded
    /// buffer.
    pub repeated: Option<Repeated>,
}

/// An instance buffer whose elements each serve several instances (see [`VertexBuffer`]).
#[derive(Debug)]
pub struct Repeated {
    stride: usize,
    times: usize,
    shadow: Vec<u8>,
    /// Each element `times` times in a row.
    pub buffer: wgpu::Buffer,
}

impl VertexBuffer {
    /// A zeroed buffer of `len` bytes; `repeat` is `(stride, n)` of an instance buffer
    /// whose elements serve `n > 1` instances each.
    pub fn new(device: &wgpu::Device, len: u64, repeat: Option<(u32, u32)>) -> VertexBuffer {
        let make = |size: u64, label: &str| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: align4(size).max(4),
                usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        let repeated = repeat
            .filter(|&(stride, n)| n > 1 && stride > 0)
            .map(|(stride, n)| Repeated {
                stride: stride as usize,
                times: n as usize,
                shadow: vec![0; len as usize],
                buffer: make(
                    len.saturating_mul(u64::from(n)),
                    "instance buffer (repeated)",
                ),
            });
        VertexBuffer {
            buffer: make(len, "vertex buffer"),
            len,
            used_in: 0,
            repeated,
        }
    }

    /// Writes `data` at `offset` (both multiples of 4, as context3d sends them); `false`
    /// when it does not fit.
    pub fn write(&mut self, queue: &wgpu::Queue, offset: u64, data: &[u8]) -> bool {
        let end = offset.checked_add(data.len() as u64);
        if end.is_none_or(|e| e > self.len) || !offset.is_multiple_of(4) {
            return false;
        }
        if data.is_empty() {
            return true;
        }
        if let Some(r) = &mut self.repeated {
            r.shadow[offset as usize..offset as usize + data.len()].copy_from_slice(data);
            let expanded: Vec<u8> = r
                .shadow
                .chunks(r.stride)
                .flat_map(|element| std::iter::repeat_n(element, r.times).flatten().copied())
                .collect();
            // Vertex data is whole 32-bit words: the length is a multiple of 4.
            queue.write_buffer(&r.buffer, 0, &expanded);
        }
        if data.len().is_multiple_of(4) {
            queue.write_buffer(&self.buffer, offset, data);
        } else {
            let mut padded = data.to_vec();
            padded.resize(align4(data.len() as u64) as usize, 0);
            queue.write_buffer(&self.buffer, offset, &padded);
        }
        true
    }
}

/// An index buffer with its CPU copy.
#[derive(Debug)]
pub struct IndexBuffer {
    /// The GPU buffer.
    pub buffer: wgpu::Buffer,
    /// The indices as uploaded (the GPU buffer holds the same, padded to 4 bytes).
    pub shadow: IndexShadow,
    /// The frame whose commands last read it.
    pub used_in: u64,
}

impl IndexBuffer {
    /// A zeroed buffer holding `shadow`'s indices (zeros).
    pub fn new(device: &wgpu::Device, shadow: IndexShadow) -> IndexBuffer {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("index buffer"),
            size: shadow.gpu_bytes(),
            usage: wgpu::BufferUsages::INDEX | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        IndexBuffer {
            buffer,
            shadow,
            used_in: 0,
        }
    }

    /// Number of indices.
    pub fn len(&self) -> u32 {
        self.shadow.len()
    }

    /// Whether it holds no index.
    pub fn is_empty(&self) -> bool {
        self.shadow.is_empty()
    }

    /// Writes `indices` from index `first` (the 4-byte aligned span around them); `false`
    /// when they do not fit.
    pub fn write(&mut self, queue: &wgpu::Queue, first: usize, indices: &[u16]) -> bool {
        let Some(write) = self.shadow.write(first, indices) else {
            return false;
        };
        if !indices.is_empty() {
            queue.write_buffer(&self.buffer, write.offset, &write.bytes);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn align4_rounds_up() {
        assert_eq!(align4(0), 0);
        assert_eq!(align4(2), 4);
        assert_eq!(align4(8), 8);
        assert_eq!(align4(10), 12);
    }

    #[test]
    fn counters_subtract() {
        let a = Counters {
            passes: 3,
            submits: 2,
            ..Counters::default()
        };
        let b = Counters {
            passes: 7,
            submits: 3,
            draws: 10,
            ..Counters::default()
        };
        let d = b.since(&a);
        assert_eq!((d.passes, d.submits, d.draws), (4, 1, 10));
    }
}

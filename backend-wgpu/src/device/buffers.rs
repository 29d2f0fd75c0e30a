//! Vertex and index buffers.
//!
//! `queue.write_buffer` takes 4-byte aligned offsets and lengths; index uploads start at any
//! even byte, so index buffers keep a CPU copy and write the aligned span around each upload.
//! Every buffer remembers the frame (encoder) that last read it: an upload to a buffer the
//! recorded-but-unsubmitted commands read must be submitted first (see `pass.rs`).

use molehill_context3d::resources::index_shadow::IndexShadow;

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

    /// Writes `indices` from index `first` (the 4-byte aligned span around them); `false`
    /// when they do not fit.
    pub fn write(&mut self, queue: &wgpu::Queue, first: usize, indices: &[u16]) -> bool {
        let Some(write) = self.shadow.write(first, indices) else {
            return false;
        };
        if !indices.is_empty() {
            queue.write_buffer(&self.buffer, write.offset, write.bytes);
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
}

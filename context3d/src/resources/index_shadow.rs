//! A backend's CPU copy of an index buffer, for GPU APIs whose buffer writes must start and end
//! on 4-byte boundaries while `IndexBuffer3D.uploadFromVector` starts at any index (2 bytes).
//!
//! wgpu demands the alignment (`queue.write_buffer`). GL does not, but NVIDIA's driver (580, on
//! an H200 machine) lost `glBufferSubData` writes of 6 bytes: two `uploadFromVector` calls of 3
//! indices each left a draw with nothing to draw (`buffers_upload`), while one call of 6 drew.
//! So both backends write the 4-byte aligned span around each upload, from this copy.

use std::collections::TryReserveError;

/// An index buffer's indices as uploaded; the GPU buffer holds the same, padded with zeros to
/// [`IndexShadow::gpu_bytes`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IndexShadow {
    indices: Vec<u16>,
}

/// An aligned write: its byte offset in the buffer and its bytes (little-endian indices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlignedWrite {
    /// The byte offset, a multiple of 4.
    pub offset: u64,
    /// The bytes; their length is a multiple of 4.
    pub bytes: Vec<u8>,
}

impl IndexShadow {
    /// `count` zero indices; the allocation failure is returned, not a panic.
    pub fn zeroed(count: u32) -> Result<IndexShadow, TryReserveError> {
        let mut indices = Vec::new();
        indices.try_reserve_exact(count as usize)?;
        indices.resize(count as usize, 0);
        Ok(IndexShadow { indices })
    }

    /// Number of indices.
    pub fn len(&self) -> u32 {
        self.indices.len() as u32
    }

    /// Whether it holds no index.
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// The indices.
    pub fn indices(&self) -> &[u16] {
        &self.indices
    }

    /// Bytes of the GPU buffer: the indices padded to 4 bytes, at least 4.
    pub fn gpu_bytes(&self) -> u64 {
        (2 * u64::from(self.len())).next_multiple_of(4).max(4)
    }

    /// Stores `indices` from index `first` and returns the aligned write that brings the GPU
    /// buffer up to date (an even first index, an even count; past the end, zeros); `None`
    /// when they do not fit (nothing stored).
    pub fn write(&mut self, first: usize, indices: &[u16]) -> Option<AlignedWrite> {
        let end = first.checked_add(indices.len())?;
        self.indices.get_mut(first..end)?.copy_from_slice(indices);
        let start = first & !1;
        let stop = end.next_multiple_of(2);
        let bytes = (start..stop)
            .flat_map(|i| self.indices.get(i).copied().unwrap_or(0).to_le_bytes())
            .collect();
        Some(AlignedWrite {
            offset: 2 * start as u64,
            bytes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_cover_whole_words_around_the_upload() {
        let mut s = IndexShadow::zeroed(7).unwrap();
        assert_eq!(s.gpu_bytes(), 16);
        // Three indices at 0: indices 0..4 (the fourth is the zero already there).
        let w = s.write(0, &[1, 2, 3]).unwrap();
        assert_eq!((w.offset, w.bytes), (0, vec![1, 0, 2, 0, 3, 0, 0, 0]));
        // Three at 3: indices 2..6, index 2 written again from the copy.
        let w = s.write(3, &[4, 5, 6]).unwrap();
        assert_eq!((w.offset, w.bytes), (4, vec![3, 0, 4, 0, 5, 0, 6, 0]));
        // The last index: 6..8, the one past the end padded with zero.
        let w = s.write(6, &[7]).unwrap();
        assert_eq!((w.offset, w.bytes), (12, vec![7, 0, 0, 0]));
        assert_eq!(s.indices(), &[1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn a_write_past_the_end_stores_nothing() {
        let mut s = IndexShadow::zeroed(4).unwrap();
        assert_eq!(s.write(3, &[1, 2]), None);
        assert_eq!(s.write(usize::MAX, &[1]), None);
        assert_eq!(s.indices(), &[0; 4]);
        assert_eq!(IndexShadow::zeroed(0).unwrap().gpu_bytes(), 4);
    }

    #[test]
    fn an_empty_write_writes_nothing() {
        let mut s = IndexShadow::zeroed(4).unwrap();
        let w = s.write(2, &[]).unwrap();
        assert!(w.bytes.is_empty());
    }
}

//! A backend's CPU copy of an index buffer, for GPU APIs whose buffer writes must start and end
//! on 4-byte boundaries while `IndexBuffer3D.uploadFromVector` starts at any index (2 bytes).
//!
//! wgpu demands the alignment (`queue.write_buffer`). GL does not, but NVIDIA's driver (580, on
//! an H200 machine) lost `glBufferSubData` writes of 6 bytes: two `uploadFromVector` calls of 3
//! indices each left a draw with nothing to draw (`buffers_upload`), while one call of 6 drew.
//! So both backends write the 4-byte aligned span around each upload, from this copy.

use std::collections::TryReserveError;

/// An index buffer's indices as uploaded, kept as the GPU buffer holds them: little-endian,
/// padded with zeros to [`IndexShadow::gpu_bytes`]. An upload writes into it and hands out the
/// aligned span as a slice of it, so uploads allocate nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IndexShadow {
    /// `2 * count` bytes of indices, then zeros up to `gpu_bytes`.
    bytes: Vec<u8>,
    count: u32,
}

/// An aligned write: its byte offset in the buffer and its bytes (little-endian indices),
/// borrowed from the shadow.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AlignedWrite<'a> {
    /// The byte offset, a multiple of 4.
    pub offset: u64,
    /// The bytes; their length is a multiple of 4.
    pub bytes: &'a [u8],
}

impl IndexShadow {
    /// `count` zero indices; the allocation failure is returned, not a panic.
    pub fn zeroed(count: u32) -> Result<IndexShadow, TryReserveError> {
        let size = gpu_bytes(count) as usize;
        let mut bytes = Vec::new();
        bytes.try_reserve_exact(size)?;
        bytes.resize(size, 0);
        Ok(IndexShadow { bytes, count })
    }

    /// Number of indices.
    pub fn len(&self) -> u32 {
        self.count
    }

    /// Whether it holds no index.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The indices.
    pub fn indices(&self) -> impl Iterator<Item = u16> + '_ {
        self.bytes[..2 * self.count as usize]
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
    }

    /// Bytes of the GPU buffer: the indices padded to 4 bytes, at least 4.
    pub fn gpu_bytes(&self) -> u64 {
        gpu_bytes(self.count)
    }

    /// Stores `indices` from index `first` and returns the aligned write that brings the GPU
    /// buffer up to date (an even first index, an even count; past the end, zeros); `None`
    /// when they do not fit (nothing stored). An empty upload that fits writes no byte,
    /// wherever it starts.
    pub fn write(&mut self, first: usize, indices: &[u16]) -> Option<AlignedWrite<'_>> {
        let end = first.checked_add(indices.len())?;
        if end > self.count as usize {
            return None;
        }
        if indices.is_empty() {
            return Some(AlignedWrite {
                offset: (2 * first as u64) & !3,
                bytes: &[],
            });
        }
        let stored = &mut self.bytes[2 * first..2 * end];
        for (pair, index) in stored.chunks_exact_mut(2).zip(indices) {
            pair.copy_from_slice(&index.to_le_bytes());
        }
        // `stop` is at most the count rounded up to even, inside `gpu_bytes`.
        let (start, stop) = (first & !1, end.next_multiple_of(2));
        Some(AlignedWrite {
            offset: 2 * start as u64,
            bytes: &self.bytes[2 * start..2 * stop],
        })
    }
}

/// [`IndexShadow::gpu_bytes`] for `count` indices.
fn gpu_bytes(count: u32) -> u64 {
    (2 * u64::from(count)).next_multiple_of(4).max(4)
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
        assert_eq!(
            (w.offset, w.bytes.to_vec()),
            (0, vec![1, 0, 2, 0, 3, 0, 0, 0])
        );
        // Three at 3: indices 2..6, index 2 written again from the copy.
        let w = s.write(3, &[4, 5, 6]).unwrap();
        assert_eq!(
            (w.offset, w.bytes.to_vec()),
            (4, vec![3, 0, 4, 0, 5, 0, 6, 0])
        );
        // The last index: 6..8, the one past the end padded with zero.
        let w = s.write(6, &[7]).unwrap();
        assert_eq!((w.offset, w.bytes.to_vec()), (12, vec![7, 0, 0, 0]));
        assert_eq!(s.indices().collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn a_write_past_the_end_stores_nothing() {
        let mut s = IndexShadow::zeroed(4).unwrap();
        assert_eq!(s.write(3, &[1, 2]), None);
        assert_eq!(s.write(usize::MAX, &[1]), None);
        assert_eq!(s.indices().collect::<Vec<_>>(), [0; 4]);
        assert_eq!(IndexShadow::zeroed(0).unwrap().gpu_bytes(), 4);
    }

    #[test]
    fn an_empty_write_writes_nothing() {
        let mut s = IndexShadow::zeroed(5).unwrap();
        // At an even index, an odd one (which would widen to the word around it), the end.
        for first in [2, 3, 5] {
            let w = s.write(first, &[]).unwrap();
            assert!(w.bytes.is_empty(), "empty write at {first}: {w:?}");
        }
        assert_eq!(s.write(6, &[]), None, "past the end");
        assert_eq!(s.indices().collect::<Vec<_>>(), [0; 5]);
    }

    #[test]
    fn odd_starts_and_counts_stay_inside_the_gpu_buffer() {
        // Every (first, count) that fits a buffer of 0 to 6 indices: the write covers the
        // upload, starts and ends on 4 bytes, stays within gpu_bytes, and its bytes are the
        // shadow's (zeros past the last index).
        for len in 0..=6u32 {
            for first in 0..=len as usize {
                for count in 0..=(len as usize - first) {
                    let mut s = IndexShadow::zeroed(len).unwrap();
                    let up: Vec<u16> = (0..count as u16).map(|i| 100 + i).collect();
                    let w = s.write(first, &up).unwrap();
                    let (offset, bytes) = (w.offset, w.bytes.to_vec());
                    let at = format!("len {len}, first {first}, count {count}");
                    assert_eq!(offset % 4, 0, "{at}");
                    assert_eq!(bytes.len() % 4, 0, "{at}");
                    assert!(offset + bytes.len() as u64 <= s.gpu_bytes(), "{at}");
                    if count == 0 {
                        assert!(bytes.is_empty(), "{at}");
                        continue;
                    }
                    let (lo, hi) = (offset as usize / 2, offset as usize / 2 + bytes.len() / 2);
                    assert!(
                        lo <= first && first + count <= hi,
                        "{at}: covers the upload"
                    );
                    assert!(hi - lo <= count + 2, "{at}: at most one index either side");
                    for (k, pair) in bytes.chunks(2).enumerate() {
                        let want = s.indices().nth(lo + k).unwrap_or(0);
                        assert_eq!(u16::from_le_bytes([pair[0], pair[1]]), want, "{at}");
                    }
                }
            }
        }
        // One index: the whole 4-byte buffer, the index and a zero.
        let mut one = IndexShadow::zeroed(1).unwrap();
        assert_eq!(one.gpu_bytes(), 4);
        let w = one.write(0, &[9]).unwrap();
        assert_eq!((w.offset, w.bytes.to_vec()), (0, vec![9, 0, 0, 0]));
    }
}

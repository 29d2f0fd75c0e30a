//! What the CPU decoders share: fallible allocation, the length check, the walk over 4x4
//! blocks and the expansion of 4-, 5- and 6-bit channels.

use super::error::DecodeError;

/// `len` zero bytes, or `None` when they cannot be allocated (sizes come from content: an
/// allocation failure is an error for the call, never an abort).
pub fn try_zeroed(len: usize) -> Option<Vec<u8>> {
    try_filled(len, 0u8)
}

/// `len` copies of `value`, allocated fallibly (see [`try_zeroed`]).
pub fn try_filled<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, value);
    Some(v)
}

/// An RGBA8 output of `width` x `height`, zeroed, or [`DecodeError::OutOfMemory`].
pub(crate) fn rgba_out(
    format: &'static str,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, DecodeError> {
    (width as usize)
        .checked_mul(height as usize)
        .and_then(|n| n.checked_mul(4))
        .and_then(try_zeroed)
        .ok_or(DecodeError::OutOfMemory {
            format,
            width,
            height,
        })
}

/// Checks that `data` holds at least `needed` bytes.
pub(crate) fn check_len(
    format: &'static str,
    width: u32,
    height: u32,
    needed: usize,
    data: &[u8],
) -> Result<(), DecodeError> {
    if data.len() < needed {
        Err(DecodeError::Short {
            format,
            width,
            height,
            needed,
            got: data.len(),
        })
    } else {
        Ok(())
    }
}

/// Decodes an image made of 4x4 blocks of `block_bytes` bytes each, in row-major block
/// order, with `decode_block` writing the 16 RGBA8 texels of one block (row-major).
pub(crate) fn decode_blocks(
    format: &'static str,
    width: u32,
    height: u32,
    data: &[u8],
    block_bytes: usize,
    decode_block: impl Fn(&[u8], &mut [[u8; 4]; 16]),
) -> Result<Vec<u8>, DecodeError> {
    let bw = width.div_ceil(4) as usize;
    let bh = height.div_ceil(4) as usize;
    check_len(format, width, height, bw * bh * block_bytes, data)?;
    let (w, h) = (width as usize, height as usize);
    let mut out = rgba_out(format, width, height)?;
    let mut texels = [[0u8; 4]; 16];
    for (i, block) in data.chunks_exact(block_bytes).take(bw * bh).enumerate() {
        let (bx, by) = (i % bw, i / bw);
        decode_block(block, &mut texels);
        for ty in 0..4 {
            let y = by * 4 + ty;
            if y >= h {
                break;
            }
            for tx in 0..4 {
                let x = bx * 4 + tx;
                if x >= w {
                    break;
                }
                let o = (y * w + x) * 4;
                out[o..o + 4].copy_from_slice(&texels[ty * 4 + tx]);
            }
        }
    }
    Ok(out)
}

/// Expands a 5-bit channel to 8 bits by bit replication.
pub(crate) fn expand5(v: u32) -> u8 {
    ((v << 3) | (v >> 2)) as u8
}

/// Expands a 6-bit channel to 8 bits by bit replication.
pub(crate) fn expand6(v: u32) -> u8 {
    ((v << 2) | (v >> 4)) as u8
}

/// Expands a 4-bit channel to 8 bits by bit replication.
pub(crate) fn expand4(v: u32) -> u8 {
    ((v << 4) | v) as u8
}

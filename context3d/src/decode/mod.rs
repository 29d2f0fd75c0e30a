//! CPU decoders for texture formats a GPU API may lack, written from the format specs; pure code
//! shared by every backend (no GPU API here).
//!
//! Every decoder takes the blocks of one mip level (or cube face level) as uploaded and
//! returns RGBA8 pixels, top row first (the row order of the upload, which is the order of
//! every Molehill render target, see `docs/gl.md`).

pub mod dxt;
pub mod etc1;
pub mod packed;
pub mod pvrtc;
mod upload;

pub use upload::UploadError;

use crate::CompressedImage;

/// Why a decoder gave no image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Fewer bytes than the image needs.
    #[error("{format} image of {width}x{height} needs {needed} bytes, got {got}")]
    Short {
        /// The format's name.
        format: &'static str,
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// Bytes the image needs.
        needed: usize,
        /// Bytes given.
        got: usize,
    },
    /// A compressed image carries no encoding the CPU decoders read (DXT, ETC1, PVRTC).
    #[error("no encoding of the compressed image can be decoded on the CPU (DXT, ETC1, PVRTC)")]
    NoEncoding,
    /// The output (or a work buffer) could not be allocated.
    #[error("out of memory decoding a {width}x{height} {format} image")]
    OutOfMemory {
        /// The format's name.
        format: &'static str,
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
}

/// A compressed (ATF) image of `width` x `height` decoded to RGBA8 on the CPU, for a device
/// that cannot sample its encodings: DXT1 (or DXT5 when `alpha`: `compressedAlpha`) first,
/// then ETC1 (with its alpha image's red channel as alpha when `alpha`), then 4 bpp PVRTC.
pub fn compressed_to_rgba8(
    img: &CompressedImage<'_>,
    alpha: bool,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, DecodeError> {
    if let Some(d) = img.dxt {
        return if alpha {
            dxt::decode_dxt5(width, height, d)
        } else {
            dxt::decode_dxt1(width, height, d)
        };
    }
    if let Some(d) = img.etc1 {
        let mut rgba = etc1::decode_etc1(width, height, d)?;
        if let (true, Some(a)) = (alpha, img.etc1_alpha) {
            let a = etc1::decode_etc1(width, height, a)?;
            for (px, ap) in rgba.chunks_exact_mut(4).zip(a.chunks_exact(4)) {
                px[3] = ap[0];
            }
        }
        return Ok(rgba);
    }
    if let Some(d) = img.pvrtc {
        return pvrtc::decode_pvrtc(width, height, d, pvrtc::PvrtcBpp::Four);
    }
    Err(DecodeError::NoEncoding)
}

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

#[cfg(test)]
mod compressed_tests {
    use super::*;

    #[test]
    fn an_image_without_a_cpu_encoding_is_refused() {
        let img = CompressedImage::default();
        assert_eq!(
            compressed_to_rgba8(&img, false, 4, 4),
            Err(DecodeError::NoEncoding)
        );
    }

    #[test]
    fn dxt_comes_first_and_etc1_alpha_is_the_red_of_its_alpha_image() {
        let dxt1 = [0x00, 0xF8, 0x1F, 0x00, 0b0101_0101, 0, 0, 0];
        let colour = [0x12, 0x34, 0x56, 0x00, 0xFF, 0x00, 0x0F, 0xF0];
        let alpha = [0xA0, 0x50, 0x20, 0x02, 0x0F, 0xF0, 0x33, 0xCC];
        let both = CompressedImage {
            dxt: Some(&dxt1),
            etc1: Some(&colour),
            ..Default::default()
        };
        assert_eq!(
            compressed_to_rgba8(&both, false, 4, 4),
            dxt::decode_dxt1(4, 4, &dxt1)
        );
        let etc = CompressedImage {
            etc1: Some(&colour),
            etc1_alpha: Some(&alpha),
            ..Default::default()
        };
        let rgb = etc1::decode_etc1(4, 4, &colour).unwrap();
        let a = etc1::decode_etc1(4, 4, &alpha).unwrap();
        let got = compressed_to_rgba8(&etc, true, 4, 4).unwrap();
        for i in 0..16 {
            assert_eq!(got[i * 4..i * 4 + 3], rgb[i * 4..i * 4 + 3], "colour {i}");
            assert_eq!(
                got[i * 4 + 3],
                a[i * 4],
                "alpha {i} is the alpha image's red"
            );
        }
        // Without `alpha` the alpha image is not read.
        assert_eq!(compressed_to_rgba8(&etc, false, 4, 4).unwrap(), rgb);
    }
}

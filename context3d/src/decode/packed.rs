//! Flash's uncompressed formats to what GL takes.
//!
//! Flash names formats by their byte order in memory, the way Direct3D 9 stored them on
//! little-endian machines:
//! - `bgra`: bytes B, G, R, A (D3DFMT_A8R8G8B8). GL ES has no BGRA upload format, so the
//!   bytes are swizzled to R, G, B, A.
//! - `bgraPacked4444`: little-endian u16 with A in bits 12-15, R 8-11, G 4-7, B 0-3
//!   (D3DFMT_A4R4G4B4). GL's `UNSIGNED_SHORT_4_4_4_4` has R in 12-15 ... A in 0-3, so each
//!   u16 is rotated left by 4 bits.
//! - `bgrPacked565`: little-endian u16 with R in bits 11-15, G 5-10, B 0-4 (D3DFMT_R5G6B5),
//!   which is GL's `UNSIGNED_SHORT_5_6_5` as is: no conversion.
//! - `rgbaHalfFloat`: four IEEE half floats per texel, GL's `RGBA16F` + `HALF_FLOAT` as is.

use super::blocks::{expand4, expand5, expand6};

/// B, G, R, A bytes to R, G, B, A bytes (a trailing partial texel is dropped).
pub fn bgra_to_rgba(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    bgra_to_rgba_into(data, &mut out);
    out
}

/// Swaps the first and third byte of each 4 bytes (bgra <-> rgba), into `out` (resized to
/// the whole texels of `data`; a buffer reused between calls is not refilled first). One
/// 32-bit mask-and-shift per texel, which the compiler vectorizes.
pub fn bgra_to_rgba_into(data: &[u8], out: &mut Vec<u8>) {
    let n = data.len() / 4 * 4;
    out.truncate(n);
    out.resize(n, 0);
    for (o, i) in out.chunks_exact_mut(4).zip(data.chunks_exact(4)) {
        let v = u32::from_le_bytes([i[0], i[1], i[2], i[3]]);
        o.copy_from_slice(&swap_red_blue(v).to_le_bytes());
    }
}

/// `0xAARRGGBB` texels (a BitmapData's) as RGBA bytes, into `out` as above.
pub fn argb_to_rgba_into(data: &[u32], out: &mut Vec<u8>) {
    let n = data.len() * 4;
    out.truncate(n);
    out.resize(n, 0);
    for (o, &v) in out.chunks_exact_mut(4).zip(data) {
        o.copy_from_slice(&swap_red_blue(v).to_le_bytes());
    }
}

/// R, G, B, A bytes (a read back, a GPU texture's memory order) as `0xAARRGGBB` words: the
/// inverse of [`argb_to_rgba_into`] (a trailing partial texel is dropped).
pub fn rgba_to_argb(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes
        .chunks_exact(4)
        .map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]]))
}

/// Exchanges bits 0..8 and 16..24.
#[inline(always)]
fn swap_red_blue(v: u32) -> u32 {
    (v & 0xFF00_FF00) | ((v >> 16) & 0xFF) | ((v & 0xFF) << 16)
}

/// Flash's `bgraPacked4444` texels (LE u16 ARGB) to GL `UNSIGNED_SHORT_4_4_4_4` texels
/// (RGBA, as native-endian u16 bytes).
pub fn argb4444_to_gl_rgba4444(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 2 * 2);
    for px in data.chunks_exact(2) {
        let v = u16::from_le_bytes([px[0], px[1]]);
        out.extend_from_slice(&v.rotate_left(4).to_ne_bytes());
    }
    out
}

/// Flash's `bgrPacked565` texels (LE u16) as native-endian u16 bytes for GL.
pub fn rgb565_to_gl(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 2 * 2);
    for px in data.chunks_exact(2) {
        out.extend_from_slice(&u16::from_le_bytes([px[0], px[1]]).to_ne_bytes());
    }
    out
}

/// Expands `bgraPacked4444` texels to RGBA8 (reference for tests and readback).
pub fn argb4444_to_rgba8(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() * 2);
    for px in data.chunks_exact(2) {
        let v = u32::from(u16::from_le_bytes([px[0], px[1]]));
        out.extend_from_slice(&[
            expand4((v >> 8) & 15),
            expand4((v >> 4) & 15),
            expand4(v & 15),
            expand4(v >> 12),
        ]);
    }
    out
}

/// Expands `bgrPacked565` texels to RGBA8 (reference for tests and readback).
pub fn rgb565_to_rgba8(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() * 2);
    for px in data.chunks_exact(2) {
        let v = u32::from(u16::from_le_bytes([px[0], px[1]]));
        out.extend_from_slice(&[
            expand5(v >> 11),
            expand6((v >> 5) & 63),
            expand5(v & 31),
            255,
        ]);
    }
    out
}

/// Half floats (little-endian) to f32.
pub fn halves_to_f32(data: &[u8]) -> Vec<f32> {
    data.chunks_exact(2)
        .map(|h| half::f16::from_le_bytes([h[0], h[1]]).to_f32())
        .collect()
}

/// f32 in [0, 1] (clamped) to unsigned normalized bytes, rounding to nearest.
pub fn unorm8(v: f32) -> u8 {
    (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rgba_bytes_become_argb_words_and_back() {
        let bytes = [0x11, 0x22, 0x33, 0x44, 1, 2, 3, 4, 9];
        let words: Vec<u32> = rgba_to_argb(&bytes).collect();
        assert_eq!(words, vec![0x4411_2233, 0x0401_0203]);
        let mut back = Vec::new();
        argb_to_rgba_into(&words, &mut back);
        assert_eq!(back, bytes[..8]);
    }

    #[test]
    fn bgra_swizzle() {
        assert_eq!(
            bgra_to_rgba(&[1, 2, 3, 4, 5, 6, 7, 8, 9]),
            vec![3, 2, 1, 4, 7, 6, 5, 8]
        );
    }

    #[test]
    fn swizzles_into_a_reused_buffer_of_any_earlier_size() {
        let mut out = vec![0xAA; 64];
        bgra_to_rgba_into(&[1, 2, 3, 4, 5, 6, 7, 8], &mut out);
        assert_eq!(out, [3, 2, 1, 4, 7, 6, 5, 8]);
        argb_to_rgba_into(&[0x8011_2233, 0xFF00_00FF, 0x0000_FF00], &mut out);
        assert_eq!(
            out,
            [0x11, 0x22, 0x33, 0x80, 0, 0, 0xFF, 0xFF, 0, 0xFF, 0, 0]
        );
        bgra_to_rgba_into(&[], &mut out);
        assert!(out.is_empty());
        // Long enough for the vectorized body and its tail.
        let data: Vec<u8> = (0..=255).cycle().take(4 * 1001).collect();
        bgra_to_rgba_into(&data, &mut out);
        for (o, i) in out.chunks(4).zip(data.chunks(4)) {
            assert_eq!(o, [i[2], i[1], i[0], i[3]]);
        }
    }

    #[test]
    fn packed_4444_rotates_alpha_to_the_low_nibble() {
        // A=0xF, R=0x1, G=0x2, B=0x3 -> LE bytes 0x23, 0xF1.
        let gl = argb4444_to_gl_rgba4444(&[0x23, 0xF1]);
        assert_eq!(u16::from_ne_bytes([gl[0], gl[1]]), 0x123F);
        assert_eq!(
            argb4444_to_rgba8(&[0x23, 0xF1]),
            vec![0x11, 0x22, 0x33, 0xFF]
        );
    }

    #[test]
    fn packed_565_expands() {
        // R=31, G=0, B=16 -> 0xF810.
        assert_eq!(rgb565_to_rgba8(&[0x10, 0xF8]), vec![255, 0, 132, 255]);
        assert_eq!(
            u16::from_ne_bytes(rgb565_to_gl(&[0x10, 0xF8])[..2].try_into().unwrap()),
            0xF810
        );
    }

    #[test]
    fn halves() {
        // 1.0 = 0x3C00, 0.5 = 0x3800, -2.0 = 0xC000.
        assert_eq!(
            halves_to_f32(&[0x00, 0x3C, 0x00, 0x38, 0x00, 0xC0]),
            vec![1.0, 0.5, -2.0]
        );
        assert_eq!((unorm8(0.5), unorm8(2.0), unorm8(-1.0)), (128, 255, 0));
    }
}

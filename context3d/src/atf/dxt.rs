//! Rebuilding DXT1 / DXT5 blocks from the parts a JPEG-XR coded ATF container stores them in.
//!
//! For each 4x4 block (in block order: rows of blocks top to bottom, left to right) the encoder
//! keeps the index bits in an LZMA record (4 bytes per block for the colour, 6 for DXT5's
//! alpha) and the two endpoints in a JPEG-XR image `ceil(w/4)` wide and `2 * ceil(h/4)` high:
//! the first endpoint of block `j` is pixel `j` of the image (row-major), the second pixel
//! `j + blocks`, so the top half holds the first endpoints and the bottom half the second ones.
//! Layout after Lightspark's `fillFromDXT1` / `fillFromDXT5` and Ruffle's `atf_jpegxr.rs`; a
//! DXT block is then `[endpoint 0, endpoint 1, index bits]` (colour endpoints as little-endian
//! RGB565, alpha endpoints as bytes), DXT5's alpha block before its colour block.

/// Size of the endpoint image of a `w` x `h` level.
pub(super) fn endpoint_image_size(w: u32, h: u32) -> (u32, u32) {
    (w.div_ceil(4), 2 * h.div_ceil(4))
}

/// DXT1 blocks from the colour index bits (4 bytes per block) and the RGB565 endpoint image
/// (2 bytes per pixel, `2 * blocks` pixels). The caller has checked both sizes; a shorter
/// input gives fewer blocks, never a panic.
pub(super) fn rebuild_dxt1(bits: &[u8], ends: &[u8]) -> Vec<u8> {
    let blocks = bits.len() / 4;
    let (first, second) = ends.split_at((blocks * 2).min(ends.len()));
    let mut out = Vec::with_capacity(blocks * 8);
    for ((b, e0), e1) in bits
        .chunks_exact(4)
        .zip(first.chunks_exact(2))
        .zip(second.chunks_exact(2))
    {
        out.extend_from_slice(e0);
        out.extend_from_slice(e1);
        out.extend_from_slice(b);
    }
    out
}

/// DXT5 blocks from the alpha index bits (6 bytes per block), the 8-bit alpha endpoint image,
/// the colour index bits and the RGB565 colour endpoint image.
pub(super) fn rebuild_dxt5(
    alpha_bits: &[u8],
    alpha_ends: &[u8],
    colour_bits: &[u8],
    colour_ends: &[u8],
) -> Vec<u8> {
    let colour = rebuild_dxt1(colour_bits, colour_ends);
    let blocks = alpha_bits.len() / 6;
    let (first, second) = alpha_ends.split_at(blocks.min(alpha_ends.len()));
    let mut out = Vec::with_capacity(blocks * 16);
    for (((b, a0), a1), c) in alpha_bits
        .chunks_exact(6)
        .zip(first)
        .zip(second)
        .zip(colour.chunks_exact(8))
    {
        out.extend([*a0, *a1]);
        out.extend_from_slice(b);
        out.extend_from_slice(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        // Blocks of a level (its block bytes at one byte a block).
        assert_eq!(super::super::block_bytes(8, 4, 1), 2);
        assert_eq!(super::super::block_bytes(2, 1, 1), 1);
        assert_eq!(endpoint_image_size(8, 4), (2, 2));
        assert_eq!(endpoint_image_size(16, 16), (4, 8));
        assert_eq!(endpoint_image_size(1, 1), (1, 2));
    }

    #[test]
    fn dxt1_takes_endpoints_from_both_halves() {
        // Two blocks: endpoints image pixels [a, b | c, d]: block 0 = (a, c), block 1 = (b, d).
        let bits = [1, 2, 3, 4, 5, 6, 7, 8];
        let ends = [0x00, 0xf8, 0x1f, 0x00, 0xe0, 0x07, 0xff, 0xff];
        assert_eq!(
            rebuild_dxt1(&bits, &ends),
            [0x00, 0xf8, 0xe0, 0x07, 1, 2, 3, 4, 0x1f, 0x00, 0xff, 0xff, 5, 6, 7, 8]
        );
    }

    #[test]
    fn dxt5_puts_alpha_before_colour() {
        let out = rebuild_dxt5(
            &[9; 6],
            &[0xff, 0x10],
            &[1, 2, 3, 4],
            &[0x00, 0xf8, 0x1f, 0x00],
        );
        assert_eq!(
            out,
            [0xff, 0x10, 9, 9, 9, 9, 9, 9, 0x00, 0xf8, 0x1f, 0x00, 1, 2, 3, 4]
        );
    }

    #[test]
    fn short_inputs_give_fewer_blocks() {
        assert!(rebuild_dxt1(&[1, 2, 3, 4], &[]).is_empty());
        assert!(rebuild_dxt5(&[1; 6], &[1], &[1; 4], &[1; 4]).is_empty());
    }
}

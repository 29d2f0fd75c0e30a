//! Rebuilding DXT1 / DXT5 blocks from the parts a JPEG-XR coded ATF container stores them in.
//!
//! What the encoder writes (png2atf, in version 0 and version 3 containers alike): for each 4x4
//! block (in block order: rows of blocks top to bottom, left to right) the index bits in an
//! LZMA record (4 bytes per block for the colour, 6 for DXT5's alpha) and the two endpoints in
//! a JPEG-XR image `ceil(w/4)` wide and `2 * ceil(h/4)` high: the first endpoint of block `j`
//! is pixel `j` of the image (row-major), the second pixel `j + blocks`, so the top half holds
//! the first endpoints and the bottom half the second ones. Adobe's format 4 logo rebuilt that
//! way gives, on every level, exactly the blocks png2atf wrote for the same PNG as a raw
//! format 5 file.
//!
//! What Flash Player reads is that, but for one value: in a version 3 container it takes the
//! second alpha endpoint of DXT5 block `j` from pixel `blocks / 4 + j` of the alpha endpoint
//! image ([`SecondAlpha::Flash`]), so a block's second alpha is the first alpha of the block
//! a quarter of the image further on (or, for the last quarter, a second alpha from the first
//! quarter). Its picture of the logo has the dark, blocky fringes that reading gives along
//! the alpha edges, and no other reading tried matches it (docs/context3d.md, "JPEG-XR coded
//! ATF"). Colour endpoints, colour indices and alpha indices are read where they are written.
//! A DXT block is then `[endpoint 0, endpoint 1, index bits]` (colour endpoints as
//! little-endian RGB565, alpha endpoints as bytes), DXT5's alpha block before its colour block.

/// Where the second alpha endpoint of DXT5 block `j` is read in the alpha endpoint image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SecondAlpha {
    /// Pixel `blocks + j`, where the encoder wrote it (the bottom half): version 0 containers,
    /// of which no picture by Flash Player is at hand (see [`SecondAlpha::for_version`]).
    BottomHalf,
    /// Pixel `blocks / 4 + j` (whole division): what Flash Player draws from a version 3
    /// container. Below 4 blocks (levels under 8x8 or 4x8) that is pixel `j`, the first
    /// endpoint: such a block has one alpha for its indices 0 and 1.
    Flash,
}

impl SecondAlpha {
    /// The reading for a container of header `version`: Flash's from version 1 on (the
    /// versioned header; seen on version 3, no file of version 1 or 2 at hand), the encoder's
    /// for version 0, whose files (Away3D's shipped ones among them) draw as they were written.
    pub(super) fn for_version(version: u8) -> SecondAlpha {
        if version == 0 {
            SecondAlpha::BottomHalf
        } else {
            SecondAlpha::Flash
        }
    }

    /// The pixel of block 0's second endpoint, for a level of `blocks` blocks.
    fn start(self, blocks: usize) -> usize {
        match self {
            SecondAlpha::BottomHalf => blocks,
            SecondAlpha::Flash => blocks / 4,
        }
    }
}

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

/// DXT5 blocks from the alpha index bits (6 bytes per block), the 8-bit alpha endpoint image
/// (its second endpoints read as `second` says), the colour index bits and the RGB565 colour
/// endpoint image. A shorter input gives fewer blocks, never a panic.
pub(super) fn rebuild_dxt5(
    alpha_bits: &[u8],
    alpha_ends: &[u8],
    colour_bits: &[u8],
    colour_ends: &[u8],
    second: SecondAlpha,
) -> Vec<u8> {
    let colour = rebuild_dxt1(colour_bits, colour_ends);
    let blocks = alpha_bits.len() / 6;
    let first = &alpha_ends[..blocks.min(alpha_ends.len())];
    let second = alpha_ends.get(second.start(blocks)..).unwrap_or_default();
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
        assert_eq!(super::super::container::block_bytes(8, 4, 1), 2);
        assert_eq!(super::super::container::block_bytes(2, 1, 1), 1);
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

    /// One DXT5 block per entry: alpha endpoints, then the colour block (whose endpoints and
    /// bits the tests make from the block number, to see that they stay put).
    fn blocks(out: &[u8]) -> Vec<(u8, u8)> {
        out.chunks_exact(16).map(|b| (b[0], b[1])).collect()
    }

    /// A level of `n` blocks as the encoder writes it: alpha bits `[j; 6]`, alpha endpoints
    /// `j` (top half) and `100 + j` (bottom half), colour bits `[j; 4]` and colour endpoints
    /// `0x1000 + j` and `0x2000 + j`.
    fn level(n: u8) -> [Vec<u8>; 4] {
        let alpha_bits = (0..n).flat_map(|j| [j; 6]).collect();
        let alpha_ends = (0..n).chain((0..n).map(|j| 100 + j)).collect();
        let colour_bits = (0..n).flat_map(|j| [j; 4]).collect();
        let colour_ends = (0..n)
            .map(|j| 0x1000 + u16::from(j))
            .chain((0..n).map(|j| 0x2000 + u16::from(j)))
            .flat_map(u16::to_le_bytes)
            .collect();
        [alpha_bits, alpha_ends, colour_bits, colour_ends]
    }

    fn rebuild(l: &[Vec<u8>; 4], second: SecondAlpha) -> Vec<u8> {
        rebuild_dxt5(&l[0], &l[1], &l[2], &l[3], second)
    }

    #[test]
    fn dxt5_puts_alpha_before_colour() {
        let out = rebuild_dxt5(
            &[9; 6],
            &[0xff, 0x10],
            &[1, 2, 3, 4],
            &[0x00, 0xf8, 0x1f, 0x00],
            SecondAlpha::BottomHalf,
        );
        assert_eq!(
            out,
            [0xff, 0x10, 9, 9, 9, 9, 9, 9, 0x00, 0xf8, 0x1f, 0x00, 1, 2, 3, 4]
        );
    }

    #[test]
    fn bottom_half_reads_the_second_alpha_where_the_encoder_wrote_it() {
        let out = rebuild(&level(16), SecondAlpha::BottomHalf);
        let want: Vec<_> = (0..16).map(|j| (j, 100 + j)).collect();
        assert_eq!(blocks(&out), want);
    }

    #[test]
    fn flash_reads_the_second_alpha_a_quarter_of_the_image_on() {
        // 16 blocks (a 16x16 level): the endpoint image is 4 x 8 pixels, first alphas in
        // pixels 0..16, second ones in 16..32. Flash takes block j's second alpha from pixel
        // 4 + j: the first alpha of block j + 4 for j < 12, then the second alphas of blocks
        // 0..4.
        let out = rebuild(&level(16), SecondAlpha::Flash);
        let want: Vec<_> = (0..16)
            .map(|j| (j, if j < 12 { j + 4 } else { 100 + j - 12 }))
            .collect();
        assert_eq!(blocks(&out), want);
    }

    #[test]
    fn flash_reads_the_first_alpha_twice_below_four_blocks() {
        // blocks / 4 = 0: a 4x4 (1 block) or 8x4 (2 blocks) level's second alpha is its first.
        for n in [1, 2] {
            let out = rebuild(&level(n), SecondAlpha::Flash);
            let want: Vec<_> = (0..n).map(|j| (j, j)).collect();
            assert_eq!(blocks(&out), want, "{n} blocks");
        }
        // At 4 blocks the quarter is one pixel: blocks 0..3 read the first alpha of the next
        // block, block 3 the second alpha of block 0.
        let out = rebuild(&level(4), SecondAlpha::Flash);
        assert_eq!(blocks(&out), [(0, 1), (1, 2), (2, 3), (3, 100)]);
    }

    #[test]
    fn only_the_second_alpha_depends_on_the_reading() {
        let l = level(16);
        let (ours, flash) = (
            rebuild(&l, SecondAlpha::BottomHalf),
            rebuild(&l, SecondAlpha::Flash),
        );
        for (j, (a, b)) in ours
            .chunks_exact(16)
            .zip(flash.chunks_exact(16))
            .enumerate()
        {
            let j = j as u8;
            // First alpha, alpha bits, colour endpoints (top half, bottom half), colour bits.
            let mut rest = vec![j; 7];
            rest.extend(0x1000u16.wrapping_add(j.into()).to_le_bytes());
            rest.extend(0x2000u16.wrapping_add(j.into()).to_le_bytes());
            rest.extend([j; 4]);
            for block in [a, b] {
                let mut kept = vec![block[0]];
                kept.extend(&block[2..]);
                assert_eq!(kept, rest, "block {j}");
            }
        }
    }

    #[test]
    fn reading_by_container_version() {
        assert_eq!(SecondAlpha::for_version(0), SecondAlpha::BottomHalf);
        for v in [1, 2, 3, 255] {
            assert_eq!(SecondAlpha::for_version(v), SecondAlpha::Flash);
        }
    }

    #[test]
    fn short_inputs_give_fewer_blocks() {
        assert!(rebuild_dxt1(&[1, 2, 3, 4], &[]).is_empty());
        for second in [SecondAlpha::BottomHalf, SecondAlpha::Flash] {
            assert!(rebuild_dxt5(&[1; 6], &[], &[1; 4], &[1; 4], second).is_empty());
            // 16 blocks, an endpoint image of 20 pixels: Flash's second alphas (4..20) are
            // all there, the bottom half (16..20) has 4.
            let mut l = level(16);
            l[1].truncate(20);
            let n = rebuild(&l, second).len() / 16;
            assert_eq!(n, if second == SecondAlpha::Flash { 16 } else { 4 });
            l[1].truncate(3);
            assert!(rebuild(&l, second).len() / 16 <= 3);
        }
    }
}

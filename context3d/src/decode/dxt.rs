//! DXT1 (BC1) and DXT5 (BC3), Flash's `compressed` and `compressedAlpha` formats, decoded
//! when the GL lacks S3TC. From the S3TC / BC1-BC3 block definitions: 8-byte colour
//! blocks of two RGB565 endpoints and 2-bit indices, 8-byte alpha blocks of two 8-bit
//! endpoints and 3-bit indices; everything little-endian, texel 0 in the low bits.

use super::blocks::{decode_blocks, expand5, expand6};
use super::error::DecodeError;

fn rgb565(c: u16) -> [u32; 3] {
    let c = u32::from(c);
    [
        u32::from(expand5(c >> 11)),
        u32::from(expand6((c >> 5) & 0x3f)),
        u32::from(expand5(c & 0x1f)),
    ]
}

/// The 16 texels of a colour block. `dxt1_rules`: endpoint order selects the 3-colour +
/// transparent mode (BC1); BC3's colour block always uses four colours.
fn colour_block(block: &[u8], dxt1_rules: bool, out: &mut [[u8; 4]; 16]) {
    let c0 = u16::from_le_bytes([block[0], block[1]]);
    let c1 = u16::from_le_bytes([block[2], block[3]]);
    let bits = u32::from_le_bytes([block[4], block[5], block[6], block[7]]);
    let (e0, e1) = (rgb565(c0), rgb565(c1));
    let mix = |a: u32, wa: u32, b: u32, wb: u32| ((a * wa + b * wb) / (wa + wb)) as u8;
    let mut palette = [[0u8; 4]; 4];
    for ch in 0..3 {
        palette[0][ch] = e0[ch] as u8;
        palette[1][ch] = e1[ch] as u8;
    }
    palette[0][3] = 255;
    palette[1][3] = 255;
    if !dxt1_rules || c0 > c1 {
        for ch in 0..3 {
            palette[2][ch] = mix(e0[ch], 2, e1[ch], 1);
            palette[3][ch] = mix(e0[ch], 1, e1[ch], 2);
        }
        palette[2][3] = 255;
        palette[3][3] = 255;
    } else {
        for ch in 0..3 {
            palette[2][ch] = mix(e0[ch], 1, e1[ch], 1);
        }
        palette[2][3] = 255;
        palette[3] = [0, 0, 0, 0];
    }
    for (i, texel) in out.iter_mut().enumerate() {
        *texel = palette[((bits >> (2 * i)) & 3) as usize];
    }
}

/// Writes the alpha of the 16 texels of a BC3 alpha block.
fn alpha_block(block: &[u8], out: &mut [[u8; 4]; 16]) {
    let (a0, a1) = (u32::from(block[0]), u32::from(block[1]));
    let mut bits = 0u64;
    for (i, b) in block[2..8].iter().enumerate() {
        bits |= u64::from(*b) << (8 * i);
    }
    let mut palette = [0u8; 8];
    palette[0] = a0 as u8;
    palette[1] = a1 as u8;
    if a0 > a1 {
        for i in 1..7u32 {
            palette[i as usize + 1] = ((a0 * (7 - i) + a1 * i) / 7) as u8;
        }
    } else {
        for i in 1..5u32 {
            palette[i as usize + 1] = ((a0 * (5 - i) + a1 * i) / 5) as u8;
        }
        palette[6] = 0;
        palette[7] = 255;
    }
    for (i, texel) in out.iter_mut().enumerate() {
        texel[3] = palette[((bits >> (3 * i)) & 7) as usize];
    }
}

/// Decodes DXT1 / BC1 (8 bytes per 4x4 block) to RGBA8.
pub fn decode_dxt1(width: u32, height: u32, data: &[u8]) -> Result<Vec<u8>, DecodeError> {
    decode_blocks("DXT1", width, height, data, 8, |b, out| {
        colour_block(b, true, out)
    })
}

/// Decodes DXT5 / BC3 (16 bytes per 4x4 block: alpha block, then colour block) to RGBA8.
pub fn decode_dxt5(width: u32, height: u32, data: &[u8]) -> Result<Vec<u8>, DecodeError> {
    decode_blocks("DXT5", width, height, data, 16, |b, out| {
        colour_block(&b[8..16], false, out);
        alpha_block(&b[0..8], out);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dxt1_four_colour_block() {
        // c0 = pure red (0xF800), c1 = pure blue (0x001F): c0 > c1, four colours.
        // Indices: texel 0 -> 0, texel 1 -> 1, texel 2 -> 2, texel 3 -> 3, rest 0.
        let block = [0x00, 0xF8, 0x1F, 0x00, 0b1110_0100, 0, 0, 0];
        let px = decode_dxt1(4, 4, &block).unwrap();
        assert_eq!(&px[0..4], &[255, 0, 0, 255]);
        assert_eq!(&px[4..8], &[0, 0, 255, 255]);
        // 2/3 red + 1/3 blue = (170, 0, 85).
        assert_eq!(&px[8..12], &[170, 0, 85, 255]);
        assert_eq!(&px[12..16], &[85, 0, 170, 255]);
        assert_eq!(&px[16..20], &[255, 0, 0, 255]);
    }

    #[test]
    fn dxt1_three_colour_block_has_transparent_black() {
        // c0 = blue (0x001F) <= c1 = red (0xF800): three colours and transparent.
        // Row 1 (texels 4..7) uses indices 2, 3, 3, 3.
        let block = [0x1F, 0x00, 0x00, 0xF8, 0, 0b1111_1110, 0, 0];
        let px = decode_dxt1(4, 4, &block).unwrap();
        assert_eq!(&px[16..20], &[127, 0, 127, 255]);
        assert_eq!(&px[20..24], &[0, 0, 0, 0]);
        assert_eq!(&px[0..4], &[0, 0, 255, 255]);
    }

    #[test]
    fn dxt1_crops_partial_blocks_and_rejects_short_input() {
        let block = [0xE0, 0x07, 0, 0, 0, 0, 0, 0]; // c0 = green 0x07E0
        let px = decode_dxt1(2, 1, &block).unwrap();
        assert_eq!(px, vec![0, 255, 0, 255, 0, 255, 0, 255]);
        let err = decode_dxt1(8, 4, &block).unwrap_err();
        assert!(
            matches!(
                err,
                DecodeError::Short {
                    needed: 16,
                    got: 8,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn dxt5_alpha_eight_and_six_value_modes() {
        // Alpha 200 -> 60 (a0 > a1, 8 values); texel 0 idx 0, texel 1 idx 1, texel 2 idx 2.
        // bits: 000 001 010 -> 0b010_001_000 = 0x88 | 0x0100...
        let idx: u64 = (1 << 3) | (2 << 6); // texel 0: 0, texel 1: 1, texel 2: 2
        let mut block = [0u8; 16];
        block[0] = 200;
        block[1] = 60;
        for i in 0..6 {
            block[2 + i] = (idx >> (8 * i)) as u8;
        }
        // White colour block (c0 = c1 = 0xFFFF, index 0 everywhere).
        block[8..12].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF]);
        let px = decode_dxt5(4, 4, &block).unwrap();
        assert_eq!(&px[0..4], &[255, 255, 255, 200]);
        assert_eq!(px[7], 60);
        assert_eq!(u32::from(px[11]), (200 * 6 + 60) / 7);
        // a0 <= a1: six values plus 0 and 255 at indices 6 and 7.
        let idx: u64 = 6 | (7 << 3) | (2 << 6);
        block[0] = 50;
        block[1] = 100;
        for i in 0..6 {
            block[2 + i] = (idx >> (8 * i)) as u8;
        }
        let px = decode_dxt5(4, 4, &block).unwrap();
        assert_eq!((px[3], px[7], px[11]), (0, 255, 60));
    }

    #[test]
    fn dxt5_colour_block_ignores_endpoint_order() {
        // c0 < c1 would mean transparent black for index 3 in DXT1; in DXT5 it is a colour.
        let mut block = [0u8; 16];
        block[0] = 255;
        block[1] = 255;
        block[8..12].copy_from_slice(&[0x1F, 0x00, 0x00, 0xF8]);
        block[12] = 3;
        let px = decode_dxt5(4, 4, &block).unwrap();
        assert_eq!(&px[0..4], &[170, 0, 85, 255]);
    }
}

//! ETC1 (Ericsson Texture Compression), decoded on the CPU: 8-byte big-endian blocks of
//! 4x4 texels, two half-blocks (2x4 side by side, or 4x2 stacked when the flip bit is set),
//! each with a base colour (individual 4:4:4 pairs or 5:5:5 plus a 3-bit signed delta),
//! a 3-bit intensity table and a 2-bit index per texel (column-major texel order).

use super::blocks::{decode_blocks, expand4, expand5};
use super::error::DecodeError;

/// The intensity modifier tables: (small, large); indices 0..3 map to +small, +large,
/// -small, -large.
const MODIFIERS: [[i32; 2]; 8] = [
    [2, 8],
    [5, 17],
    [9, 29],
    [13, 42],
    [18, 60],
    [24, 80],
    [33, 106],
    [47, 183],
];

fn block(b: &[u8], out: &mut [[u8; 4]; 16]) {
    let w = u64::from_be_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    let bits = |hi: u32, len: u32| ((w >> (hi + 1 - len)) & ((1 << len) - 1)) as u32;
    let diff = bits(33, 1) == 1;
    let flip = bits(32, 1) == 1;
    let mut base = [[0i32; 3]; 2];
    if diff {
        for ch in 0..3u32 {
            let hi = 63 - 8 * ch;
            let c1 = bits(hi, 5);
            let d = bits(hi - 5, 3) as i32;
            let d = if d >= 4 { d - 8 } else { d };
            let c2 = (c1 as i32 + d).clamp(0, 31) as u32;
            base[0][ch as usize] = i32::from(expand5(c1));
            base[1][ch as usize] = i32::from(expand5(c2));
        }
    } else {
        for ch in 0..3u32 {
            let hi = 63 - 8 * ch;
            base[0][ch as usize] = i32::from(expand4(bits(hi, 4)));
            base[1][ch as usize] = i32::from(expand4(bits(hi - 4, 4)));
        }
    }
    let tables = [bits(39, 3) as usize, bits(36, 3) as usize];
    for y in 0..4 {
        for x in 0..4 {
            let half = usize::from(if flip { y >= 2 } else { x >= 2 });
            let i = x * 4 + y;
            let msb = (w >> (16 + i)) & 1;
            let lsb = (w >> i) & 1;
            let [small, large] = MODIFIERS[tables[half]];
            let m = match (msb << 1) | lsb {
                0 => small,
                1 => large,
                2 => -small,
                _ => -large,
            };
            let c = base[half];
            out[y * 4 + x] = [
                (c[0] + m).clamp(0, 255) as u8,
                (c[1] + m).clamp(0, 255) as u8,
                (c[2] + m).clamp(0, 255) as u8,
                255,
            ];
        }
    }
}

/// Decodes ETC1 (8 bytes per 4x4 block) to RGBA8 (alpha 255).
pub fn decode_etc1(width: u32, height: u32, data: &[u8]) -> Result<Vec<u8>, DecodeError> {
    decode_blocks("ETC1", width, height, data, 8, block)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn individual_mode_side_by_side() {
        // R1=0x8 R2=0x4, G1=0x8 G2=0x4, B1=0x8 B2=0x4 -> bases 0x88 and 0x44.
        // Tables: 0 (2/8) for the left half, 7 (47/183) for the right; no flip, no diff.
        // Index bits: texel (x=0,y=0) = i 0 -> msb 0 lsb 1 -> +8; texel (x=2,y=0) = i 8
        // -> msb 1 lsb 0 -> -47; everything else index 0.
        let block: [u8; 8] = [0x84, 0x84, 0x84, 0b0001_1100, 0x01, 0x00, 0x00, 0x01];
        let px = decode_etc1(4, 4, &block).unwrap();
        let at = |x: usize, y: usize| &px[(y * 4 + x) * 4..(y * 4 + x) * 4 + 4];
        assert_eq!(at(0, 0), &[0x88 + 8, 0x88 + 8, 0x88 + 8, 255]);
        assert_eq!(at(1, 0), &[0x88 + 2, 0x88 + 2, 0x88 + 2, 255]);
        assert_eq!(at(2, 0), &[0x44 - 47, 0x44 - 47, 0x44 - 47, 255]);
        assert_eq!(at(3, 3), &[0x44 + 47, 0x44 + 47, 0x44 + 47, 255]);
    }

    #[test]
    fn differential_mode_flipped_with_negative_delta_and_clamping() {
        // R1=31, dR=-1 (0b111) -> 30; G1=0, dG=+3 -> 3; B1=16 dB=0.
        // diff=1, flip=1, tables 7 and 0. Top half (y<2) uses table 7, bottom uses 0.
        let r = (31u8 << 3) | 0b111;
        let g = 0b011;
        let b = 16u8 << 3;
        let block: [u8; 8] = [r, g, b, 0b1110_0011, 0xFF, 0xFF, 0x00, 0x00];
        // msb all 1, lsb all 0 -> index 2 -> -small everywhere.
        let px = decode_etc1(4, 4, &block).unwrap();
        let at = |x: usize, y: usize| &px[(y * 4 + x) * 4..(y * 4 + x) * 4 + 4];
        // top: base (255, 0, 132) - 47 -> (208, 0, 85)
        assert_eq!(at(3, 1), &[208, 0, 85, 255]);
        // bottom: base (expand5(30)=247, expand5(3)=24, 132) - 2
        assert_eq!(at(0, 2), &[245, 22, 130, 255]);
    }
}

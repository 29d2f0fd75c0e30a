//! PVRTC 1 (4 bits and 2 bits per pixel), as ATF carries it for iOS, decoded on the CPU.
//!
//! From the format's description (Fenney, "Texture Compression using Low-Frequency Signal
//! Modulation", and Imagination's PVRTC specification): the image is two low-resolution
//! colour images A and B, one texel per block (4x4 texels at 4 bpp, 8x4 at 2 bpp), placed
//! at the block centres and bilinearly upscaled with wrap-around, blended per texel by a
//! modulation weight. Blocks are 64 bits little-endian: the low 32 bits are modulation
//! data, bit 32 the modulation mode, bits 33..47 colour A (bit 47: opaque), bits 48..63
//! colour B (bit 63: opaque). Blocks are stored in Morton order, y in the lower bit.
//!
//! Precision: the upscale and blend are done on 8-bit expanded colours with exact integer
//! weights and one rounding at the end (the reference decoder rounds at 5 bits first, so
//! gradients may differ from it by one unit; flat areas are exact).

use super::blocks::{check_len, expand4, expand5, rgba_out, try_filled};
use super::error::DecodeError;

/// Bits per pixel of a PVRTC 1 image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PvrtcBpp {
    /// 4 bpp, 4x4 texel blocks.
    Four,
    /// 2 bpp, 8x4 texel blocks.
    Two,
}

impl PvrtcBpp {
    fn block_width(self) -> usize {
        match self {
            PvrtcBpp::Four => 4,
            PvrtcBpp::Two => 8,
        }
    }
}

/// The byte size of a `width` x `height` PVRTC image (at least 2x2 blocks).
pub fn pvrtc_size(width: u32, height: u32, bpp: PvrtcBpp) -> usize {
    let (xb, yb) = blocks(width, height, bpp);
    xb * yb * 8
}

fn blocks(width: u32, height: u32, bpp: PvrtcBpp) -> (usize, usize) {
    let bw = bpp.block_width();
    (
        (width as usize).div_ceil(bw).max(2),
        (height as usize).div_ceil(4).max(2),
    )
}

/// Morton index of block (x, y): y bits in the even positions, x bits in the odd ones, for
/// the bits of the smaller dimension; the larger dimension's remaining bits above.
fn twiddle(x: usize, y: usize, xb: usize, yb: usize) -> usize {
    let min = xb.min(yb);
    let mut out = 0;
    let mut bit = 0;
    while (1 << bit) < min {
        out |= ((y >> bit) & 1) << (2 * bit);
        out |= ((x >> bit) & 1) << (2 * bit + 1);
        bit += 1;
    }
    let rest = if xb > yb { x >> bit } else { y >> bit };
    out | (rest << (2 * bit))
}

/// 3, 4 or 5 bits to 5 bits by replication, then to 8.
fn to8(v: u32, bits: u32) -> i32 {
    let v5 = match bits {
        3 => (v << 2) | (v >> 1),
        4 => (v << 1) | (v >> 3),
        _ => v,
    };
    i32::from(expand5(v5))
}

/// Colours A and B of a block as RGBA8.
fn colours(word: u32) -> [[i32; 4]; 2] {
    let f = |hi: u32, len: u32| (word >> (hi + 1 - len)) & ((1 << len) - 1);
    let a = if word & (1 << 15) != 0 {
        [to8(f(14, 5), 5), to8(f(9, 5), 5), to8(f(4, 4), 4), 255]
    } else {
        [
            to8(f(11, 4), 4),
            to8(f(7, 4), 4),
            to8(f(3, 3), 3),
            i32::from(expand4(f(14, 3) << 1)),
        ]
    };
    let b = if word & (1 << 31) != 0 {
        [to8(f(30, 5), 5), to8(f(25, 5), 5), to8(f(20, 5), 5), 255]
    } else {
        [
            to8(f(27, 4), 4),
            to8(f(23, 4), 4),
            to8(f(19, 4), 4),
            i32::from(expand4(f(30, 3) << 1)),
        ]
    };
    [a, b]
}

/// A texel's modulation before 2 bpp interpolation.
#[derive(Clone, Copy)]
enum Modulation {
    /// Weight of colour B in eighths.
    Weight(i32),
    /// Weight 4/8 and alpha 0 (4 bpp punch-through).
    PunchThrough,
    /// Interpolated from the stored neighbours: both axes, horizontal, vertical.
    Both,
    Horizontal,
    Vertical,
}

const WEIGHTS: [i32; 4] = [0, 3, 5, 8];

fn modulation_4bpp(bits: u32, punch: bool, out: &mut [Modulation], stride: usize) {
    for y in 0..4 {
        for x in 0..4 {
            let v = ((bits >> (2 * (y * 4 + x))) & 3) as usize;
            out[y * stride + x] = match (punch, v) {
                (false, _) => Modulation::Weight(WEIGHTS[v]),
                (true, 0) => Modulation::Weight(0),
                (true, 1) => Modulation::Weight(4),
                (true, 2) => Modulation::PunchThrough,
                (true, _) => Modulation::Weight(8),
            };
        }
    }
}

fn modulation_2bpp(bits: u32, interpolated: bool, out: &mut [Modulation], stride: usize) {
    if !interpolated {
        for y in 0..4 {
            for x in 0..8 {
                let v = (bits >> (y * 8 + x)) & 1;
                out[y * stride + x] = Modulation::Weight(if v == 1 { 8 } else { 0 });
            }
        }
        return;
    }
    // The low bit of the first stored value chooses between both-axis interpolation and a
    // single axis; the low bit of the eleventh stored value then picks the axis. Both low
    // bits are then taken as equal to their value's high bit.
    let mut m = bits;
    let mode = if m & 1 == 0 {
        Modulation::Both
    } else if m & (1 << 20) != 0 {
        Modulation::Vertical
    } else {
        Modulation::Horizontal
    };
    if m & 1 != 0 {
        m = (m & !(1 << 20)) | (((m >> 21) & 1) << 20);
    }
    m = (m & !1) | ((m >> 1) & 1);
    for y in 0..4 {
        for x in 0..8 {
            out[y * stride + x] = if (x ^ y) & 1 == 0 {
                let v = (m & 3) as usize;
                m >>= 2;
                Modulation::Weight(WEIGHTS[v])
            } else {
                mode
            };
        }
    }
}

/// Decodes a PVRTC 1 image to RGBA8.
pub fn decode_pvrtc(
    width: u32,
    height: u32,
    data: &[u8],
    bpp: PvrtcBpp,
) -> Result<Vec<u8>, DecodeError> {
    let name = match bpp {
        PvrtcBpp::Four => "PVRTC 4bpp",
        PvrtcBpp::Two => "PVRTC 2bpp",
    };
    check_len(name, width, height, pvrtc_size(width, height, bpp), data)?;
    let (xb, yb) = blocks(width, height, bpp);
    let bw = bpp.block_width();
    let (fw, fh) = (xb * bw, yb * 4);
    let oom = DecodeError::OutOfMemory {
        format: name,
        width,
        height,
    };
    let mut cols = try_filled(xb * yb, [[0i32; 4]; 2]).ok_or(oom)?;
    let mut modulation = try_filled(fw * fh, Modulation::Weight(0)).ok_or(oom)?;
    for by in 0..yb {
        for bx in 0..xb {
            let o = twiddle(bx, by, xb, yb) * 8;
            let Some(b) = data.get(o..o + 8) else {
                continue;
            };
            let mod_bits = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            let word = u32::from_le_bytes([b[4], b[5], b[6], b[7]]);
            cols[by * xb + bx] = colours(word);
            let flag = word & 1 != 0;
            let start = by * 4 * fw + bx * bw;
            match bpp {
                PvrtcBpp::Four => modulation_4bpp(mod_bits, flag, &mut modulation[start..], fw),
                PvrtcBpp::Two => modulation_2bpp(mod_bits, flag, &mut modulation[start..], fw),
            }
        }
    }
    let weight_at = |x: usize, y: usize| match modulation[(y % fh) * fw + (x % fw)] {
        Modulation::Weight(w) => w,
        _ => 4,
    };
    let mut out = rgba_out(name, width, height)?;
    for py in 0..height as usize {
        for px in 0..width as usize {
            let (w, punch) = match modulation[py * fw + px] {
                Modulation::Weight(w) => (w, false),
                Modulation::PunchThrough => (4, true),
                Modulation::Both => {
                    let s = weight_at(px + fw - 1, py)
                        + weight_at(px + 1, py)
                        + weight_at(px, py + fh - 1)
                        + weight_at(px, py + 1);
                    ((s + 2) / 4, false)
                }
                Modulation::Horizontal => (
                    (weight_at(px + fw - 1, py) + weight_at(px + 1, py) + 1) / 2,
                    false,
                ),
                Modulation::Vertical => (
                    (weight_at(px, py + fh - 1) + weight_at(px, py + 1) + 1) / 2,
                    false,
                ),
            };
            // Bilinear upscale of A and B from the block centres, wrapping.
            let qx = px + fw - bw / 2;
            let qy = py + fh - 2;
            let (bx0, fx) = ((qx / bw) % xb, (qx % bw) as i32);
            let (by0, fy) = ((qy / 4) % yb, (qy % 4) as i32);
            let (bx1, by1) = ((bx0 + 1) % xb, (by0 + 1) % yb);
            let bwi = bw as i32;
            let corners = [
                (by0 * xb + bx0, (bwi - fx) * (4 - fy)),
                (by0 * xb + bx1, fx * (4 - fy)),
                (by1 * xb + bx0, (bwi - fx) * fy),
                (by1 * xb + bx1, fx * fy),
            ];
            let denom = bwi * 4 * 8;
            let o = (py * width as usize + px) * 4;
            for ch in 0..4 {
                let (mut a, mut b) = (0, 0);
                for &(i, k) in &corners {
                    a += cols[i][0][ch] * k;
                    b += cols[i][1][ch] * k;
                }
                let v = (a * (8 - w) + b * w + denom / 2) / denom;
                out[o + ch] = v.clamp(0, 255) as u8;
            }
            if punch {
                out[o + 3] = 0;
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Colour A opaque red (R5=31), colour B opaque blue (B5=31), the given mode flag.
    fn red_blue_word(flag: bool) -> u32 {
        (1 << 15) | (31 << 10) | (1 << 31) | 31 << 16 | u32::from(flag)
    }

    fn image(blocks: usize, modulation: u32, word: u32) -> Vec<u8> {
        let mut v = Vec::new();
        for _ in 0..blocks {
            v.extend_from_slice(&modulation.to_le_bytes());
            v.extend_from_slice(&word.to_le_bytes());
        }
        v
    }

    #[test]
    fn flat_4bpp_weights() {
        // Every texel modulation 0 -> A; 3 -> B; 1 -> 3/8 B.
        let red = decode_pvrtc(8, 8, &image(4, 0, red_blue_word(false)), PvrtcBpp::Four).unwrap();
        assert!(red.chunks(4).all(|p| p == [255, 0, 0, 255]));
        let blue = decode_pvrtc(
            8,
            8,
            &image(4, u32::MAX, red_blue_word(false)),
            PvrtcBpp::Four,
        )
        .unwrap();
        assert!(blue.chunks(4).all(|p| p == [0, 0, 255, 255]));
        let mix = decode_pvrtc(
            8,
            8,
            &image(4, 0x5555_5555, red_blue_word(false)),
            PvrtcBpp::Four,
        )
        .unwrap();
        // (255 * 5 + 4) / 8 = 159, (255 * 3 + 4) / 8 = 96
        assert!(
            mix.chunks(4).all(|p| p == [159, 0, 96, 255]),
            "{:?}",
            &mix[0..4]
        );
    }

    #[test]
    fn punch_through_mode() {
        // Modulation value 2 everywhere, punch-through flag: half-way colour, alpha 0.
        let px = decode_pvrtc(
            8,
            8,
            &image(4, 0xAAAA_AAAA, red_blue_word(true)),
            PvrtcBpp::Four,
        )
        .unwrap();
        assert!(
            px.chunks(4).all(|p| p == [128, 0, 128, 0]),
            "{:?}",
            &px[0..4]
        );
    }

    #[test]
    fn translucent_colours_expand() {
        // Colour A translucent: A3=7, R4=15, G4=0, B3=7; colour B the same as A's bits would
        // not matter: modulation 0 reads A only.
        let word = (7 << 12) | (15 << 8) | (7 << 1);
        let px = decode_pvrtc(8, 8, &image(4, 0, word), PvrtcBpp::Four).unwrap();
        assert_eq!(&px[0..4], &[255, 0, 255, 0xEE]);
    }

    #[test]
    fn blocks_are_twiddled_and_centred() {
        // 8x8 = 2x2 blocks; Morton order: (0,0), (0,1), (1,0), (1,1) with y in bit 0.
        // Give block (x=1, y=0), stored third, a green colour A; the others red.
        let red = red_blue_word(false);
        let green = (1 << 15) | (31 << 5);
        let mut data = image(2, 0, red);
        data.extend(image(1, 0, green));
        data.extend(image(1, 0, red));
        let px = decode_pvrtc(8, 8, &data, PvrtcBpp::Four).unwrap();
        let at = |x: usize, y: usize| &px[(y * 8 + x) * 4..(y * 8 + x) * 4 + 4];
        // Block centres: (2, 2) is block (0,0), (6, 2) is block (1,0), (6, 6) is (1,1).
        assert_eq!(at(2, 2), &[255, 0, 0, 255]);
        assert_eq!(at(6, 2), &[0, 255, 0, 255]);
        assert_eq!(at(6, 6), &[255, 0, 0, 255]);
        // Half-way between the centres of (0,0) and (1,0): an even mix.
        assert_eq!(at(4, 2), &[128, 128, 0, 255]);
    }

    #[test]
    fn two_bpp_direct_and_interpolated() {
        // Direct mode: bit per texel; row 0 all 1 -> B (blue), the rest A (red).
        let px = decode_pvrtc(16, 8, &image(4, 0xFF, red_blue_word(false)), PvrtcBpp::Two).unwrap();
        assert_eq!(&px[0..4], &[0, 0, 255, 255]);
        assert_eq!(&px[16 * 4..16 * 4 + 4], &[255, 0, 0, 255]);
        // Interpolated, both axes (bit 0 clear): stored values all 3 (weight 8) except the
        // first, whose low bit (the mode bit) is replaced by its high bit 1 -> 3 as well.
        let px = decode_pvrtc(
            16,
            8,
            &image(4, 0xFFFF_FFFE, red_blue_word(true)),
            PvrtcBpp::Two,
        )
        .unwrap();
        assert!(
            px.chunks(4).all(|p| p == [0, 0, 255, 255]),
            "{:?}",
            &px[0..8]
        );
        // Stored values 0 everywhere, interpolated texels average stored neighbours -> 0.
        let px = decode_pvrtc(16, 8, &image(4, 0, red_blue_word(true)), PvrtcBpp::Two).unwrap();
        assert!(px.chunks(4).all(|p| p == [255, 0, 0, 255]));
    }

    #[test]
    fn small_images_use_two_blocks_and_short_input_is_an_error() {
        assert_eq!(pvrtc_size(1, 1, PvrtcBpp::Four), 32);
        assert_eq!(pvrtc_size(32, 8, PvrtcBpp::Two), 4 * 2 * 8);
        let px = decode_pvrtc(2, 2, &image(4, 0, red_blue_word(false)), PvrtcBpp::Four).unwrap();
        assert_eq!(px.len(), 16);
        assert!(decode_pvrtc(8, 8, &image(3, 0, 0), PvrtcBpp::Four).is_err());
    }

    #[test]
    fn twiddle_orders() {
        assert_eq!(twiddle(0, 1, 2, 2), 1);
        assert_eq!(twiddle(1, 0, 2, 2), 2);
        // 4x2 blocks: the extra x bit goes above the interleaved ones.
        assert_eq!(twiddle(2, 0, 4, 2), 4);
        assert_eq!(twiddle(3, 1, 4, 2), 7);
    }
}

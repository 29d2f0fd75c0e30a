//! AS3's argument shapes as a VM hands them over: `ByteArray` (bytes, position, endian) and
//! `BitmapData` (32-bit ARGB pixels, premultiplied or not, as the VM stores them).

use std::borrow::Cow;

pub use molehill_context3d::Endian;

/// The largest `BitmapData` width or height Molehill takes from a trace or a PNG: the largest
/// back buffer side (`context3d`'s `MAX_BACK_BUFFER_SIZE`, #3780 / #3781), so the largest
/// image any Stage3D call can use or produce. Sizes are checked against it before allocating.
pub const MAX_BITMAP_SIDE: u32 = molehill_context3d::context::MAX_BACK_BUFFER_SIZE;

/// A `ByteArray` argument: its bytes, `position` and `endian`.
///
/// Stage3D reads from the offsets its calls give (`byteArrayOffset`), not from `position`;
/// the position is carried so a recording says exactly what the content passed.
#[derive(Debug, Clone, Copy)]
pub struct ByteArray<'a> {
    /// The whole array (`length` bytes).
    pub bytes: &'a [u8],
    /// `position`.
    pub position: u32,
    /// `endian` (`Program3D.upload` needs little-endian: #3612).
    pub endian: Endian,
}

impl<'a> ByteArray<'a> {
    /// A little-endian array at position 0 (what `AGALMiniAssembler` and most Stage3D code make).
    pub fn little_endian(bytes: &'a [u8]) -> ByteArray<'a> {
        ByteArray {
            bytes,
            position: 0,
            endian: Endian::Little,
        }
    }
}

/// A `BitmapData` argument: `width * height` pixels `0xAARRGGBB`, rows top first.
#[derive(Debug, Clone, Copy)]
pub struct BitmapData<'a> {
    /// `width`.
    pub width: u32,
    /// `height`.
    pub height: u32,
    /// The pixels.
    pub pixels: &'a [u32],
    /// Whether `pixels` are premultiplied by alpha (Flash Player stores them so; `getPixel32`
    /// values are not).
    pub premultiplied: bool,
    /// `transparent`: when `false` every alpha is 0xFF.
    pub transparent: bool,
}

/// A `BitmapData` that a call writes into (`drawToBitmapData`).
#[derive(Debug)]
pub struct BitmapDataMut<'a> {
    /// `width`.
    pub width: u32,
    /// `height`.
    pub height: u32,
    /// The pixels, read and written.
    pub pixels: &'a mut [u32],
    /// Whether `pixels` are premultiplied by alpha.
    pub premultiplied: bool,
    /// `transparent`: when `false`, alpha stays 0xFF.
    pub transparent: bool,
}

/// Premultiplies one `0xAARRGGBB` pixel (rounded to nearest).
pub fn premultiply(argb: u32) -> u32 {
    let [a, r, g, b] = argb.to_be_bytes();
    let m = |c: u8| ((u32::from(c) * u32::from(a) + 127) / 255) as u8;
    u32::from_be_bytes([a, m(r), m(g), m(b)])
}

/// Undoes [`premultiply`]: `premultiply(unpremultiply(p)) == p` for every premultiplied `p`
/// (each colour at most its alpha). Alpha 0 gives transparent black.
pub fn unpremultiply(argb: u32) -> u32 {
    let [a, r, g, b] = argb.to_be_bytes();
    if a == 0 {
        return 0;
    }
    let u = |c: u8| ((u32::from(c) * 255 + u32::from(a) / 2) / u32::from(a)).min(255) as u8;
    u32::from_be_bytes([a, u(r), u(g), u(b)])
}

/// `0xAARRGGBB` pixels as RGBA bytes, 4 a pixel in memory order (what a renderer's RGBA8
/// texture upload takes: Ruffle's `BitmapFormat::Rgba`, `wgpu::TextureFormat::Rgba8Unorm`,
/// GL's `RGBA`/`UNSIGNED_BYTE`). Premultiplication is kept as it is. A player that shows a
/// Stage3D frame in its own renderer converts [`crate::Context3D::back_buffer_pixels`] so.
pub fn argb_to_rgba_bytes(pixels: &[u32]) -> Vec<u8> {
    let mut out = Vec::new();
    molehill_context3d::decode::packed::argb_to_rgba_into(pixels, &mut out);
    out
}

/// RGBA bytes (4 a pixel, memory order; a trailing partial pixel is ignored) as
/// `0xAARRGGBB` pixels: the inverse of [`argb_to_rgba_bytes`].
pub fn rgba_bytes_to_argb(rgba: &[u8]) -> Vec<u32> {
    molehill_context3d::decode::packed::rgba_to_argb(rgba).collect()
}

impl<'a> BitmapData<'a> {
    /// The pixels premultiplied, with alpha forced to 0xFF when not `transparent` (what a
    /// texture upload takes). Borrowed when they are so already (a transparent, premultiplied
    /// BitmapData, as Flash Player stores them): no copy on the common path.
    pub fn premultiplied_pixels(&self) -> Cow<'a, [u32]> {
        if self.premultiplied && self.transparent {
            return Cow::Borrowed(self.pixels);
        }
        self.pixels
            .iter()
            .map(|&p| {
                if !self.transparent {
                    p | 0xFF00_0000
                } else if self.premultiplied {
                    p
                } else {
                    premultiply(p)
                }
            })
            .collect()
    }

    /// The pixels as `getPixel32` reads them (unpremultiplied).
    pub fn unpremultiplied_pixels(&self) -> Vec<u32> {
        self.pixels
            .iter()
            .map(|&p| {
                let p = if self.transparent { p } else { p | 0xFF00_0000 };
                if self.premultiplied {
                    unpremultiply(p)
                } else {
                    p
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn premultiply_round_trips_every_premultiplied_value() {
        for a in 0..=255u32 {
            for c in 0..=a {
                let p = a << 24 | c << 16 | c << 8 | c;
                assert_eq!(premultiply(unpremultiply(p)), p, "a={a} c={c}");
            }
        }
        assert_eq!(premultiply(0x80FF0000), 0x80800000);
        assert_eq!(unpremultiply(0x80800000), 0x80FF0000);
        assert_eq!(premultiply(0xFF123456), 0xFF123456);
        assert_eq!(unpremultiply(0x00123456), 0);
    }

    #[test]
    fn rgba_bytes_are_memory_order_and_round_trip() {
        let argb = [0x80402010u32, 0xFF00FF00, 0x00000000, 0x01020304];
        let rgba = argb_to_rgba_bytes(&argb);
        assert_eq!(
            rgba,
            [0x40, 0x20, 0x10, 0x80, 0x00, 0xFF, 0x00, 0xFF, 0, 0, 0, 0, 0x02, 0x03, 0x04, 0x01]
        );
        assert_eq!(rgba_bytes_to_argb(&rgba), argb);
        assert_eq!(rgba_bytes_to_argb(&rgba[..7]), argb[..1]);
        assert!(argb_to_rgba_bytes(&[]).is_empty());
    }

    #[test]
    fn opaque_bitmaps_force_alpha() {
        let px = [0x00112233u32];
        let b = BitmapData {
            width: 1,
            height: 1,
            pixels: &px,
            premultiplied: false,
            transparent: false,
        };
        assert_eq!(b.premultiplied_pixels(), vec![0xFF112233]);
        assert_eq!(b.unpremultiplied_pixels(), vec![0xFF112233]);
    }

    #[test]
    fn texture_pixels_are_premultiplied_once() {
        let px = [0x80FF0000u32, 0x00FFFFFF];
        let mut b = BitmapData {
            width: 2,
            height: 1,
            pixels: &px,
            premultiplied: false,
            transparent: true,
        };
        assert_eq!(b.premultiplied_pixels(), vec![0x80800000, 0]);
        // Already premultiplied: passed through, not copied.
        b.premultiplied = true;
        assert!(matches!(b.premultiplied_pixels(), Cow::Borrowed(p) if p == px));
        assert_eq!(b.unpremultiplied_pixels(), vec![0x80FF0000, 0]);
    }
}

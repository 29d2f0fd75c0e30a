//! ATF's JPEG-XR images, decoded in safe Rust by the `jxr` crate and bounded by the level.
//!
//! - The caller says what size and which pixel formats it expects; anything else is an error
//!   before a pixel is decoded. [`parts`] reads the pixel format and the codestreams out of the
//!   container ("HD Photo", Annex A), every offset bounds-checked; [`check_header`] reads the
//!   codestream's image header and first plane header and refuses what an ATF level cannot be
//!   (another size, another colour format or bit depth, orientation, windowing). These checks
//!   once kept jxrlib (C) away from fields it trusted; they stay so that an input refused
//!   before is refused now, with the same Flash error.
//! - `jxr` decodes the raw codestream under [`DecodeLimits`] set from the level ([`limits`]):
//!   the level's own width and height (at most 4096, Flash's largest texture side), its
//!   macroblocks as the most tiles, the record's length as the most input, and coefficient and
//!   output buffers of at most twice what the level needs. `jxr` checks them before it
//!   allocates, so a header that claims more than its level gives an error, not an allocation.
//!   `jxr` has no `unsafe` in its facade; a malformed codestream gives one of its typed errors.
//! - Alpha: planar (JxrEncApp's default `-a 2`): the container holds a second codestream, the
//!   alpha plane, decoded here as an 8-bit grey image of its own. jxrlib's encoder writes its
//!   byte count wrong (the file's size): the plane is taken to the end of the record.
//!   Interleaved (`-a 3`: one codestream whose image header has the alpha flag and a second
//!   plane header): decoded with the colour, as B, G, R, A.
//! - `jxr` decodes on rayon's pool (the caller's, or rayon's global one: `jxr` always depends
//!   on rayon); the small images of ATF levels are mostly one tile and a few macroblock rows.

use jxr::{
    AlphaHandling, BackendRequest, ChannelLayout, DecodeLimits, DecodeRequest, DecodedImage,
    DecodedSamples, JxrView, PixelFormat,
};

/// JPEG-XR's container ("HD Photo") starts `II`, 0xBC.
const MAGIC: [u8; 3] = [0x49, 0x49, 0xbc];

/// Flash's largest texture side (the extended profiles'; ATF's header allows 2^15).
const MAX_SIDE: u32 = 4096;

/// The codestream's signature.
const WMPHOTO: &[u8; 8] = b"WMPHOTO\0";

/// Big-endian bit reader over the codestream header.
struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Bits<'_> {
    fn skip(&mut self, n: usize) -> Result<(), &'static str> {
        self.pos = self.pos.saturating_add(n);
        if self.pos > self.data.len() * 8 {
            return Err("codestream header cut short");
        }
        Ok(())
    }

    fn get(&mut self, n: usize) -> Result<u32, &'static str> {
        let mut v = 0u32;
        for _ in 0..n {
            let byte = self
                .data
                .get(self.pos / 8)
                .ok_or("codestream header cut short")?;
            v = v << 1 | u32::from(byte >> (7 - self.pos % 8) & 1);
            self.pos += 1;
        }
        Ok(v)
    }
}

/// Checks the codestream's image header (ITU-T T.832 `IMAGE_HEADER`) against what the level
/// needs: version 1; no orientation or windowing; interleaved alpha only in a pixel format with
/// alpha (32bppBGRA, 32bppRGBA); the source colour format and bit depth of the pixel format;
/// the level's size; tiles, if any, within the image; then the plane header's internal colour
/// format and subbands. (Written for jxrlib, which trusted these fields; kept so that what was
/// refused stays refused.)
fn check_header(cs: &[u8], guid: &[u8; 16], w: u32, h: u32) -> Result<Header, &'static str> {
    const BAD: &str = "codestream header does not fit the level";
    let mut b = Bits { data: cs, pos: 64 };
    let (version, subversion) = (b.get(4)?, b.get(4)?);
    if version != 1 || ![0, 1, 9].contains(&subversion) {
        return Err("codestream version not supported");
    }
    let tiling = b.get(1)? == 1;
    let _frequency = b.get(1)?;
    let orientation = b.get(3)?;
    let _index_table = b.get(1)?;
    let overlap = b.get(2)?;
    let short = b.get(1)? == 1;
    let _long_word = b.get(1)?;
    let windowing = b.get(1)?;
    let _trim_flexbits = b.get(1)?;
    let tile_stretch = b.get(1)? == 1;
    let _rb_swapped = b.get(1)?;
    let _reserved = b.get(1)?;
    let alpha = b.get(1)?;
    let (colour, depth) = (b.get(4)?, b.get(4)?);
    let alpha_format = *guid == GUID_RGBA32 || *guid == self::guid(BGRA32);
    if orientation != 0 || overlap == 3 || windowing != 0 || (alpha != 0 && !alpha_format) {
        return Err(BAD);
    }
    // (colour format, bit depth): Y_ONLY = 0, CF_RGB = 7; BD_8 = 1, BD_565 = 10.
    let want = match (guid[..15] == GUID_PREFIX, guid[15]) {
        (true, GRAY8) => (0, 1),
        (true, RGB565) => (7, 10),
        _ => (7, 1),
    };
    if (colour, depth) != want {
        return Err(BAD);
    }
    let size_bits = if short { 16 } else { 32 };
    let (cw, ch) = (b.get(size_bits)?, b.get(size_bits)?);
    if (u64::from(cw) + 1, u64::from(ch) + 1) != (u64::from(w), u64::from(h)) {
        return Err(BAD);
    }
    if tiling {
        // Tile columns and rows (4096 at most), each but the last given in macroblocks.
        let (cols, rows) = (b.get(12)?, b.get(12)?);
        let tile_bits = if short { 8 } else { 16 };
        for (n, mbs) in [(cols, w.div_ceil(16)), (rows, h.div_ceil(16))] {
            if n >= mbs {
                return Err(BAD);
            }
            let mut sum = 0u32;
            for _ in 0..n {
                let t = b.get(tile_bits)?;
                sum += t;
                if t == 0 || sum >= mbs {
                    return Err(BAD);
                }
            }
        }
        if tile_stretch {
            b.skip(8 * ((cols as usize + 1) * (rows as usize + 1)))?;
        }
    } else if tile_stretch {
        b.skip(8)?;
    }
    // The first image plane header, from the next byte: the internal colour format (a grey
    // source Y_ONLY = 0; RGB YUV 4:2:0, 4:2:2 or 4:4:4 = 1, 2, 3), the subbands 0..=3.
    b.pos = b.pos.div_ceil(8) * 8;
    let (internal, _scaled, subbands) = (b.get(3)?, b.get(1)?, b.get(4)?);
    let internal_ok = if colour == 0 {
        internal == 0
    } else {
        (1..=3).contains(&internal)
    };
    if !internal_ok || subbands > 3 {
        return Err(BAD);
    }
    Ok(Header {
        grey: colour == 0,
        alpha: alpha != 0,
    })
}

/// The decode limits of a `w` x `h` level whose codestream is `len` bytes: see the module docs.
fn limits(w: u32, h: u32, len: usize) -> DecodeLimits {
    let (w64, h64) = (u64::from(w), u64::from(h));
    let macroblocks = u64::from(w.div_ceil(16)) * u64::from(h.div_ceil(16));
    DecodeLimits {
        max_width: w,
        max_height: h,
        max_pixels: w64 * h64,
        max_components: 4,
        max_tiles: u32::try_from(macroblocks).unwrap_or(u32::MAX),
        max_compressed_bytes: len as u64,
        // 4 components (YUV 4:4:4 and alpha) x 256 coefficients a macroblock x 4 bytes, twice.
        max_coefficient_bytes: macroblocks * 4 * 256 * 4 * 2,
        // The output: at most 4 bytes a pixel, twice.
        max_host_allocation_bytes: w64 * h64 * 4 * 2,
    }
}

/// What [`check_header`] read from a codestream that fits its level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Header {
    /// Y-only (an 8-bit grey image).
    grey: bool,
    /// Interleaved alpha (a second plane in the same codestream).
    alpha: bool,
}

/// Checks `codestream` (its signature, then [`check_header`]) against a `w` x `h` level of
/// pixel format `guid`.
fn check(codestream: &[u8], guid: &[u8; 16], w: u32, h: u32) -> Result<Header, &'static str> {
    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
        return Err("size out of range");
    }
    if codestream.len() < 16 || codestream[..8] != *WMPHOTO {
        return Err("no JPEG-XR codestream");
    }
    check_header(codestream, guid, w, h)
}

/// Decodes `codestream` (checked by [`check`]) as a `w` x `h` image in `output` (`per_pixel`
/// samples a pixel, taken out of the decoded samples by `samples`); returns its
/// samples, rows packed, top to bottom.
fn decode<T: Copy>(
    codestream: &[u8],
    w: u32,
    h: u32,
    output: PixelFormat,
    alpha: AlphaHandling,
    per_pixel: usize,
    samples: impl FnOnce(DecodedSamples) -> Option<Vec<T>>,
) -> Result<Vec<T>, &'static str> {
    const BAD: &str = "unexpected decoder output";
    let view = JxrView::parse(codestream).map_err(|e| {
        log::debug!("JPEG-XR header: {e}");
        "header does not parse"
    })?;
    if view.info().dimensions() != (w, h) {
        log::debug!(
            "JPEG-XR image of {:?}, want {w}x{h}",
            view.info().dimensions()
        );
        return Err("size differs from the level's");
    }
    let request = DecodeRequest::new(output)
        .with_alpha(alpha)
        .with_backend(BackendRequest::Cpu)
        .with_limits(limits(w, h, codestream.len()));
    let image = view.decoder().decode(&request).map_err(|e| {
        log::debug!("JPEG-XR decode: {e}");
        "does not decode"
    })?;
    let DecodedImage {
        samples: all,
        planes,
        decoded_region: region,
        ..
    } = image;
    if (region.w, region.h) != (w, h) {
        return Err("size differs from the level's");
    }
    let plane = planes.first().ok_or(BAD)?;
    let all = samples(all).ok_or(BAD)?;
    // Rows packed: the decoder's own buffer when they already are.
    let size = std::mem::size_of::<T>();
    let (w, h) = (w as usize, h as usize);
    let row = w * per_pixel;
    if plane.byte_offset % size != 0 || plane.row_stride_bytes % size != 0 {
        return Err(BAD);
    }
    let (start, stride) = (plane.byte_offset / size, plane.row_stride_bytes / size);
    if stride < row || all.len() < start + stride * (h - 1) + row {
        return Err(BAD);
    }
    if start == 0 && stride == row {
        let mut all = all;
        all.truncate(row * h);
        return Ok(all);
    }
    let mut out = Vec::with_capacity(row * h);
    for y in 0..h {
        out.extend_from_slice(&all[start + y * stride..][..row]);
    }
    Ok(out)
}

/// The 8-bit samples of a decode.
fn u8s(samples: DecodedSamples) -> Option<Vec<u8>> {
    match samples {
        DecodedSamples::U8(v) => Some(v),
        _ => None,
    }
}

// The container ("HD Photo", a TIFF-like directory) tags Molehill reads.
const PIXEL_FORMAT: u16 = 0xbc01;
const IMAGE_OFFSET: u16 = 0xbcc0;
const IMAGE_BYTE_COUNT: u16 = 0xbcc1;
const ALPHA_OFFSET: u16 = 0xbcc2;
const ALPHA_BYTE_COUNT: u16 = 0xbcc3;

/// The pixel format GUIDs (as the container stores them) of the formats Molehill accepts.
const GUID_PREFIX: [u8; 15] = [
    0x24, 0xc3, 0xdd, 0x6f, 0x03, 0x4e, 0xfe, 0x4b, 0xb1, 0x85, 0x3d, 0x77, 0x76, 0x8d, 0xc9,
];
const GRAY8: u8 = 0x08;
const RGB565: u8 = 0x0a;
const BGR24: u8 = 0x0c;
const RGB24: u8 = 0x0d;
const BGR32: u8 = 0x0e;
const BGRA32: u8 = 0x0f;
const GUID_RGBA32: [u8; 16] = [
    0x2d, 0xad, 0xc7, 0xf5, 0x8d, 0x6a, 0xdd, 0x43, 0xa7, 0xa8, 0xa2, 0x99, 0x35, 0x26, 0x1a, 0xe9,
];

fn guid(last: u8) -> [u8; 16] {
    let mut g = [0u8; 16];
    g[..15].copy_from_slice(&GUID_PREFIX);
    g[15] = last;
    g
}

/// What Molehill takes from an input container: its pixel format GUID, its image codestream and
/// its planar alpha codestream, if any.
struct Parts<'a> {
    format: [u8; 16],
    image: &'a [u8],
    alpha: Option<&'a [u8]>,
}

/// Reads the container directory of `data`, every offset bounds-checked. Only the pixel format,
/// image and alpha entries are read; the others (orientation, resolution, metadata) are not
/// looked at: the decoder gets the raw codestreams.
fn parts(data: &[u8]) -> Result<Parts<'_>, &'static str> {
    const BAD: &str = "container directory out of bounds";
    let u16_at = |p: usize| -> Option<u16> {
        Some(u16::from_le_bytes(
            data.get(p..p.checked_add(2)?)?.try_into().ok()?,
        ))
    };
    let u32_at = |p: usize| -> Option<u32> {
        Some(u32::from_le_bytes(
            data.get(p..p.checked_add(4)?)?.try_into().ok()?,
        ))
    };
    if data.len() < 8 || data[..3] != MAGIC || data[3] > 1 {
        return Err("not a JPEG-XR file");
    }
    let ifd = u32_at(4).ok_or(BAD)? as usize;
    let count = usize::from(u16_at(ifd).ok_or(BAD)?);
    // The value of the entry `tag`: a SHORT or LONG, or (the pixel format) the offset of its
    // 16 bytes.
    let value = |tag: u16| -> Result<Option<u32>, &'static str> {
        for i in 0..count {
            let p = ifd + 2 + 12 * i;
            if u16_at(p).ok_or(BAD)? != tag {
                continue;
            }
            let v = match (u16_at(p + 2).ok_or(BAD)?, u32_at(p + 4).ok_or(BAD)?) {
                (3, 1) => u32::from(u16_at(p + 8).ok_or(BAD)?),
                (4, 1) | (1, 16) => u32_at(p + 8).ok_or(BAD)?,
                _ => return Err("unexpected directory entry type"),
            };
            return Ok(Some(v));
        }
        Ok(None)
    };
    let slice = |from: u32, len: Option<u32>| -> Result<&[u8], &'static str> {
        let from = from as usize;
        let to = match len {
            Some(len) => from.checked_add(len as usize).ok_or(BAD)?,
            None => data.len(),
        };
        data.get(from..to).ok_or(BAD)
    };
    let format_at = value(PIXEL_FORMAT)?.ok_or("no pixel format")?;
    let format: [u8; 16] = slice(format_at, Some(16))?.try_into().map_err(|_| BAD)?;
    let image = slice(
        value(IMAGE_OFFSET)?.ok_or("no image offset")?,
        Some(value(IMAGE_BYTE_COUNT)?.ok_or("no image byte count")?),
    )?;
    // jxrlib's encoder writes the alpha byte count wrong (the file's size): the alpha plane is
    // taken to the end of the data.
    let alpha = match (value(ALPHA_OFFSET)?, value(ALPHA_BYTE_COUNT)?) {
        (Some(at), Some(n)) if at != 0 && n != 0 => Some(slice(at, None)?),
        _ => None,
    };
    Ok(Parts {
        format,
        image,
        alpha,
    })
}

/// The pixel formats [`decode_bgra`] takes (those an RGB or RGBA image is stored in).
const BGRA_FORMATS: [u8; 5] = [GRAY8, BGR24, RGB24, BGR32, BGRA32];

/// A `w` x `h` colour image as B, G, R, A bytes: alpha 255 unless `keep_alpha` and the
/// image has alpha (planar or interleaved: see the module docs); an image whose pixel format
/// has alpha but that carries none is an error when `keep_alpha`.
pub(super) fn decode_bgra(
    data: &[u8],
    w: u32,
    h: u32,
    keep_alpha: bool,
) -> Result<Vec<u8>, &'static str> {
    let parts = parts(data)?;
    let format = parts.format;
    let known = format == GUID_RGBA32
        || (format[..15] == GUID_PREFIX && BGRA_FORMATS.contains(&format[15]));
    if !known {
        return Err("unexpected pixel format");
    }
    let header = check(parts.image, &format, w, h)?;
    let mut out = if header.grey {
        let grey = decode(
            parts.image,
            w,
            h,
            PixelFormat::U8(ChannelLayout::Luma),
            AlphaHandling::Drop,
            1,
            u8s,
        )?;
        grey.iter().flat_map(|&y| [y, y, y, 255]).collect()
    } else if header.alpha && keep_alpha {
        return decode(
            parts.image,
            w,
            h,
            PixelFormat::U8(ChannelLayout::Bgra),
            AlphaHandling::Preserve,
            4,
            u8s,
        );
    } else {
        let mut px = decode(
            parts.image,
            w,
            h,
            PixelFormat::U8(ChannelLayout::Bgrx),
            AlphaHandling::Drop,
            4,
            u8s,
        )?;
        for p in px.chunks_exact_mut(4) {
            p[3] = 255;
        }
        px
    };
    let alpha_format = format == GUID_RGBA32 || format == guid(BGRA32);
    if keep_alpha && alpha_format {
        let plane = parts.alpha.ok_or("an alpha pixel format without alpha")?;
        let alpha = check(plane, &guid(GRAY8), w, h)
            .and_then(|_| {
                decode(
                    plane,
                    w,
                    h,
                    PixelFormat::U8(ChannelLayout::Luma),
                    AlphaHandling::Drop,
                    1,
                    u8s,
                )
            })
            .map_err(|why| {
                log::debug!("JPEG-XR alpha plane: {why}");
                "alpha plane does not decode"
            })?;
        for (px, a) in out.chunks_exact_mut(4).zip(alpha) {
            px[3] = a;
        }
    }
    Ok(out)
}

/// The single-plane images of a DXT record's endpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Plain {
    /// RGB565: 2 bytes per pixel, little-endian, R in the high bits (as a DXT colour endpoint
    /// is stored).
    Rgb565,
    /// 8-bit grey (DXT5 alpha endpoints).
    Gray8,
}

/// A `w` x `h` image of pixel format `plain`, rows packed, top to bottom.
pub(super) fn decode_plain(
    data: &[u8],
    w: u32,
    h: u32,
    plain: Plain,
) -> Result<Vec<u8>, &'static str> {
    let parts = parts(data)?;
    let want = guid(match plain {
        Plain::Rgb565 => RGB565,
        Plain::Gray8 => GRAY8,
    });
    if parts.format != want {
        return Err("unexpected pixel format");
    }
    check(parts.image, &want, w, h)?;
    match plain {
        Plain::Rgb565 => {
            let words = decode(
                parts.image,
                w,
                h,
                PixelFormat::Rgb565,
                AlphaHandling::Drop,
                1,
                |s| match s {
                    DecodedSamples::Rgb565(v) => Some(v),
                    _ => None,
                },
            )?;
            Ok(words.iter().flat_map(|v| v.to_le_bytes()).collect())
        }
        Plain::Gray8 => decode(
            parts.image,
            w,
            h,
            PixelFormat::U8(ChannelLayout::Luma),
            AlphaHandling::Drop,
            1,
            u8s,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal container of one codestream of pixel format `format`, `w` x `h`: the header, a
    /// directory of five entries (pixel format, width, height, image offset and byte count), the
    /// GUID, the codestream.
    fn container(format: &[u8; 16], w: u32, h: u32, codestream: &[u8]) -> Vec<u8> {
        const ENTRIES: u16 = 5;
        let guid_at = 8 + 2 + 12 * u32::from(ENTRIES) + 4;
        let image_at = guid_at + 16;
        let mut out = Vec::with_capacity(image_at as usize + codestream.len());
        out.extend(MAGIC);
        out.extend([0x01, 8, 0, 0, 0]);
        out.extend(ENTRIES.to_le_bytes());
        for (tag, ty, count, value) in [
            (PIXEL_FORMAT, 1u16, 16u32, guid_at),
            (0xbc80, 4, 1, w),
            (0xbc81, 4, 1, h),
            (IMAGE_OFFSET, 4, 1, image_at),
            (IMAGE_BYTE_COUNT, 4, 1, codestream.len() as u32),
        ] {
            out.extend(tag.to_le_bytes());
            out.extend(ty.to_le_bytes());
            out.extend(count.to_le_bytes());
            out.extend(value.to_le_bytes());
        }
        out.extend(0u32.to_le_bytes());
        out.extend(format);
        out.extend(codestream);
        out
    }

    #[test]
    fn rejects_what_is_not_jpeg_xr_before_decoding() {
        assert_eq!(
            decode_plain(&[], 1, 2, Plain::Gray8),
            Err("not a JPEG-XR file")
        );
        assert_eq!(
            decode_plain(b"PNG.............", 1, 2, Plain::Gray8),
            Err("not a JPEG-XR file")
        );
        let mut junk = vec![0x49, 0x49, 0xbc, 0x01];
        junk.extend([0xff; 60]);
        assert!(decode_plain(&junk, 1, 2, Plain::Gray8).is_err());
        // A directory entry pointing past the end.
        let mut c = container(&guid(GRAY8), 1, 2, b"WMPHOTO\0........");
        assert_eq!(parts(&c).map(|p| p.image.len()), Ok(16));
        let end = c.len() as u32;
        c[8 + 2 + 12 * 3 + 8..][..4].copy_from_slice(&end.to_le_bytes());
        assert!(parts(&c).is_err());
        // Not a codestream, or a pixel format not asked for.
        let c = container(&guid(GRAY8), 1, 2, b"WMPHOTX\0........");
        assert_eq!(
            decode_plain(&c, 1, 2, Plain::Gray8),
            Err("no JPEG-XR codestream")
        );
        let c = container(&[0; 16], 1, 2, b"WMPHOTO\0........");
        assert_eq!(
            decode_plain(&c, 1, 2, Plain::Gray8),
            Err("unexpected pixel format")
        );
        assert_eq!(decode_bgra(&c, 1, 2, true), Err("unexpected pixel format"));
    }

    #[test]
    fn limits_follow_the_level() {
        let l = limits(4096, 16, 1000);
        assert_eq!(
            (l.max_width, l.max_height, l.max_pixels),
            (4096, 16, 4096 * 16)
        );
        assert_eq!((l.max_tiles, l.max_compressed_bytes), (256, 1000));
        assert_eq!(l.max_coefficient_bytes, 256 * 8192);
        assert_eq!(l.max_host_allocation_bytes, 4096 * 16 * 8);
        // Larger than Flash's largest texture: refused before the codestream is read.
        let c = container(&guid(GRAY8), 8192, 1, b"WMPHOTO\0........");
        assert_eq!(
            decode_plain(&c, 8192, 1, Plain::Gray8),
            Err("size out of range")
        );
    }
}

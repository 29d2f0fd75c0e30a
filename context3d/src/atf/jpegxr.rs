//! A bounded, safe wrapper of the `jpegxr` crate (Microsoft's jxrlib) for ATF's images.
//!
//! - The caller says what size and which pixel formats it expects; anything else is an error
//!   before a pixel is decoded. The output buffer is sized here, from the decoder's own size and
//!   pixel format, with rows and columns rounded up to jxrlib's 16-pixel macroblocks so that
//!   the decoder has room even for a padded last row.
//! - jxrlib reads its input in fixed 4-8 KiB packets and, like its own memory stream, expects
//!   a read past the end to give what there is. The `jpegxr` crate's stream callback calls
//!   `Read::read_exact`, which on a `Cursor` copies nothing when fewer bytes remain than asked:
//!   every image smaller than a packet then decodes from garbage and `copy` fails with the
//!   crate's generic `Fail`. [`Source`] gives the bytes there are and zeros after them.
//! - jxrlib is not hardened: it `assert`s (aborting the process) on odd container entries such
//!   as an orientation out of range. So it never sees the input's container: [`parts`] reads
//!   the pixel format and codestreams out of it, bounds-checked, [`decode`] checks the
//!   codestream's signature, image header and plane header ([`check_header`]) and that the
//!   pixel format is one asked for, and [`container`] writes a minimal container of five
//!   entries around the codestream for jxrlib. The coded data after the headers is jxrlib's
//!   alone: corrupted, it can still crash the process (docs/context3d.md).
//! - The crate cannot set jxrlib's `uAlphaMode` (its `copy` leaves it 0, where `JxrDecApp`
//!   asks for 2), so `copy` never decodes alpha. A planar alpha plane (what `JxrEncApp -a 2`,
//!   its default, writes) is a codestream of its own, decoded here as an 8-bit grey image.
//!   Interleaved alpha (`-a 3`) stays out of reach: such an image with alpha is an error, not
//!   silently opaque.

use std::io::{self, Read, Seek, SeekFrom};

use jpegxr::{ImageDecode, PixelFormat, PixelInfo, Rect};

/// JPEG-XR's container ("HD Photo") starts `II`, 0xBC.
const MAGIC: [u8; 3] = [0x49, 0x49, 0xbc];

/// The input of one image: bytes past the end read as zeros (see the module docs).
struct Source<'a> {
    data: &'a [u8],
    pos: u64,
}

impl Read for Source<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let start = usize::try_from(self.pos).map_or(self.data.len(), |p| p.min(self.data.len()));
        let rest = &self.data[start..];
        let n = buf.len().min(rest.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.pos = self.pos.saturating_add(n as u64);
        Ok(n)
    }

    fn read_exact(&mut self, buf: &mut [u8]) -> io::Result<()> {
        let n = self.read(buf)?;
        buf[n..].fill(0);
        self.pos = self.pos.saturating_add((buf.len() - n) as u64);
        Ok(())
    }
}

impl Seek for Source<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let pos = match to {
            SeekFrom::Start(p) => Some(p),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
            SeekFrom::End(d) => (self.data.len() as u64).checked_add_signed(d),
        };
        self.pos = pos.ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        Ok(self.pos)
    }
}

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

/// Checks the codestream's image header (ITU-T T.832 `IMAGE_HEADER`, read by jxrlib's
/// `ReadWMIHeader`) against what the level needs before jxrlib sees it: jxrlib trusts these
/// fields and, given odd ones, asserts, divides by zero or writes out of bounds (found by the
/// ATF property test). Version 1; no orientation, windowing or interleaved alpha; the source
/// colour format and bit depth of the pixel format; the level's size; tiles, if any, within the
/// image; then the plane header's internal colour format and subbands.
fn check_header(cs: &[u8], guid: &[u8; 16], w: u32, h: u32) -> Result<(), &'static str> {
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
    if orientation != 0 || overlap == 3 || windowing != 0 || alpha != 0 {
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
    // The first image plane header (`ReadImagePlaneHeader`), from the next byte: the internal
    // colour format sets how many channel buffers jxrlib allocates and then fills (a grey
    // source Y_ONLY = 0; RGB YUV 4:2:0, 4:2:2 or 4:4:4 = 1, 2, 3), the subbands are 0..=3.
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
    Ok(())
}

/// Decodes `codestream`, which must be a `w` x `h` image of pixel format `guid`, one of
/// `accept`; returns its pixel format and its pixels in that format, rows packed, top to
/// bottom.
fn decode(
    codestream: &[u8],
    guid: &[u8; 16],
    w: u32,
    h: u32,
    accept: &[PixelFormat],
) -> Result<(PixelFormat, Vec<u8>), &'static str> {
    if w == 0 || h == 0 || w > 1 << 15 || h > 1 << 15 {
        return Err("size out of range");
    }
    let known = *guid == GUID_RGBA32
        || (guid[..15] == GUID_PREFIX
            && [GRAY8, RGB565, BGR24, RGB24, BGR32, BGRA32].contains(&guid[15]));
    if !known {
        return Err("unexpected pixel format");
    }
    if codestream.len() < 16 || codestream[..8] != *WMPHOTO {
        return Err("no JPEG-XR codestream");
    }
    check_header(codestream, guid, w, h)?;
    let data = container(guid, w, h, codestream);
    let mut decoder = ImageDecode::with_reader(Source {
        data: &data,
        pos: 0,
    })
    .map_err(|_| "header does not parse")?;
    let size = decoder.get_size().map_err(|_| "no size")?;
    if size != (w as i32, h as i32) {
        log::debug!("JPEG-XR image of {size:?}, want {w}x{h}");
        return Err("size differs from the level's");
    }
    let format = decoder
        .get_pixel_format()
        .map_err(|_| "unknown pixel format")?;
    if !accept.contains(&format) {
        log::debug!("JPEG-XR pixel format {format:?}, want one of {accept:?}");
        return Err("unexpected pixel format");
    }
    let bits = PixelInfo::from_format(format).bits_per_pixel();
    if bits == 0 || !bits.is_multiple_of(8) || bits > 32 {
        return Err("unexpected pixel format");
    }
    let bytes = bits / 8;
    let (w, h) = (w as usize, h as usize);
    let padded = |n: usize| n.div_ceil(16) * 16;
    let stride = padded(w) * bytes;
    let mut buf = vec![0u8; stride * padded(h)];
    let rect = Rect::new(0, 0, w as i32, h as i32);
    decoder.copy(&rect, &mut buf, stride).map_err(|e| {
        log::debug!("JPEG-XR decode: {e}");
        "does not decode"
    })?;
    let mut out = Vec::with_capacity(w * h * bytes);
    for row in buf.chunks_exact(stride).take(h) {
        out.extend_from_slice(&row[..w * bytes]);
    }
    Ok((format, out))
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
/// image and alpha entries are read; the others (orientation, resolution, metadata, on which
/// jxrlib asserts) never reach jxrlib, which sees the container [`container`] writes instead.
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

/// A `w` x `h` colour image as B, G, R, A bytes: RGB / BGR images get alpha 255, and so do
/// images with alpha unless `keep_alpha`; with `keep_alpha`, the alpha comes from the planar
/// alpha plane (an image with alpha but none is an error: see the module docs).
pub(super) fn decode_bgra(
    data: &[u8],
    w: u32,
    h: u32,
    keep_alpha: bool,
) -> Result<Vec<u8>, &'static str> {
    use PixelFormat::*;
    let accept = [
        PixelFormat24bppRGB,
        PixelFormat24bppBGR,
        PixelFormat32bppBGR,
        PixelFormat32bppBGRA,
        PixelFormat32bppRGBA,
        PixelFormat8bppGray,
    ];
    let parts = parts(data)?;
    let (format, px) = decode(parts.image, &parts.format, w, h, &accept)?;
    let mut out: Vec<u8> = match format {
        PixelFormat24bppRGB => px
            .chunks_exact(3)
            .flat_map(|p| [p[2], p[1], p[0], 255])
            .collect(),
        PixelFormat24bppBGR => px
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        PixelFormat32bppBGR | PixelFormat32bppBGRA => px
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        PixelFormat32bppRGBA => px
            .chunks_exact(4)
            .flat_map(|p| [p[2], p[1], p[0], 255])
            .collect(),
        _ => px.iter().flat_map(|&y| [y, y, y, 255]).collect(),
    };
    if keep_alpha && matches!(format, PixelFormat32bppBGRA | PixelFormat32bppRGBA) {
        let plane = parts.alpha.ok_or("interleaved alpha is not decodable")?;
        let (_, alpha) = decode(plane, &guid(GRAY8), w, h, &[PixelFormat8bppGray])
            .map_err(|_| "alpha plane does not decode")?;
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
    let format = match plain {
        Plain::Rgb565 => PixelFormat::PixelFormat16bppRGB565,
        Plain::Gray8 => PixelFormat::PixelFormat8bppGray,
    };
    let parts = parts(data)?;
    decode(parts.image, &parts.format, w, h, &[format]).map(|(_, px)| px)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn source_reads_zeros_past_the_end() {
        let mut s = Source {
            data: &[1, 2, 3],
            pos: 1,
        };
        let mut buf = [9u8; 5];
        s.read_exact(&mut buf).unwrap();
        assert_eq!(buf, [2, 3, 0, 0, 0]);
        assert_eq!(s.stream_position().unwrap(), 6);
        s.seek(SeekFrom::Start(100)).unwrap();
        assert_eq!(s.read(&mut buf).unwrap(), 0);
        assert!(s.seek(SeekFrom::Current(-1000)).is_err());
    }

    #[test]
    fn rejects_what_is_not_jpeg_xr_before_jxrlib_sees_it() {
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
        assert_eq!(
            decode(
                b"WMPHOTX\0........",
                &guid(GRAY8),
                1,
                2,
                &[PixelFormat::PixelFormat8bppGray]
            ),
            Err("no JPEG-XR codestream")
        );
        assert_eq!(
            decode(
                b"WMPHOTO\0........",
                &[0; 16],
                1,
                2,
                &[PixelFormat::PixelFormat8bppGray]
            ),
            Err("unexpected pixel format")
        );
    }
}

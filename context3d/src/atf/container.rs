//! The ATF container (the layout in the module docs of [`crate::atf`]): [`parse`] splits a
//! file into its header and its records, one [`AtfImage`] or [`CodedImage`] per face and level.

use std::fmt;

/// The format field of an ATF header (the discriminant is the field's code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum AtfFormat {
    /// 0: RGB, JPEG-XR coded (for a `bgra` texture).
    Rgb888 = 0,
    /// 1: RGBA, JPEG-XR coded (for a `bgra` texture).
    Rgba8888 = 1,
    /// 2: block-compressed, JPEG-XR coded blocks.
    Compressed = 2,
    /// 3: block-compressed, raw blocks (for a `compressed` texture).
    RawCompressed = 3,
    /// 4: block-compressed with alpha, JPEG-XR coded blocks.
    CompressedAlpha = 4,
    /// 5: block-compressed with alpha, raw blocks (for a `compressedAlpha` texture).
    RawCompressedAlpha = 5,
    /// 0xC: lossy compressed.
    CompressedLossy = 0xc,
    /// 0xD: lossy compressed with alpha.
    CompressedLossyAlpha = 0xd,
}

impl AtfFormat {
    /// The format field's code.
    pub fn code(self) -> u8 {
        self as u8
    }

    fn from_code(code: u8) -> Option<AtfFormat> {
        Some(match code {
            0 => AtfFormat::Rgb888,
            1 => AtfFormat::Rgba8888,
            2 => AtfFormat::Compressed,
            3 => AtfFormat::RawCompressed,
            4 => AtfFormat::CompressedAlpha,
            5 => AtfFormat::RawCompressedAlpha,
            0xc => AtfFormat::CompressedLossy,
            0xd => AtfFormat::CompressedLossyAlpha,
            _ => return None,
        })
    }

    /// Whether the images are raw GPU blocks (what Molehill can upload).
    pub fn is_raw(self) -> bool {
        matches!(
            self,
            AtfFormat::RawCompressed | AtfFormat::RawCompressedAlpha
        )
    }

    pub(super) fn has_alpha(self) -> bool {
        matches!(
            self,
            AtfFormat::RawCompressedAlpha
                | AtfFormat::CompressedAlpha
                | AtfFormat::CompressedLossyAlpha
        )
    }

    /// How many records each face/level has in a JPEG-XR coded container: the DXT records
    /// first (LZMA + JPEG-XR for the colour, and before them the same for the alpha), then
    /// those of the other GPU encodings, which Molehill skips. Counts after Lightspark's ATF
    /// reader (`parseAdobeTextureFormat`); version 3 added ETC2.
    pub(super) fn coded_records(self, version: u8) -> usize {
        // (before version 3, from version 3)
        let (old, v3) = match self {
            AtfFormat::Rgb888 | AtfFormat::Rgba8888 => (1, 1),
            AtfFormat::Compressed => (8, 11),
            AtfFormat::CompressedAlpha => (10, 16),
            AtfFormat::CompressedLossy => (8, 12),
            AtfFormat::CompressedLossyAlpha => (10, 17),
            AtfFormat::RawCompressed | AtfFormat::RawCompressedAlpha => (3, 4),
        };
        if version >= 3 {
            v3
        } else {
            old
        }
    }
}

/// Why a container does not parse or decode (all Flash error #3677).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AtfError {
    /// No `"ATF"` signature.
    #[error("no ATF signature")]
    Signature,
    /// The data ends early.
    #[error("truncated ATF data")]
    Truncated,
    /// An unknown format code.
    #[error("unknown ATF format {0}")]
    Format(u8),
    /// log2 of a size above 15, or a level count above the size's chain.
    #[error("bad ATF dimensions")]
    Dimensions,
    /// An image none of whose records has the right size.
    #[error("no usable encoding for face {face} level {level}")]
    NoEncoding {
        /// Face.
        face: u8,
        /// Level.
        level: u8,
    },
    /// A JPEG-XR image that does not decode, or not to what the level needs.
    #[error("JPEG-XR {what} of face {face} level {level}: {why}")]
    JpegXr {
        /// Face.
        face: u8,
        /// Level.
        level: u8,
        /// Which image (`"image"`, `"DXT colour endpoints"`, `"DXT5 alpha endpoints"`).
        what: &'static str,
        /// What is wrong.
        why: &'static str,
    },
    /// An LZMA record that does not unpack to the size the level needs.
    #[error("LZMA {what} of face {face} level {level} does not unpack to {want} bytes: {why}")]
    Lzma {
        /// Face.
        face: u8,
        /// Level.
        level: u8,
        /// Which record (`"DXT colour indices"`, `"DXT5 alpha indices"`).
        what: &'static str,
        /// The size it must unpack to.
        want: u32,
        /// What is wrong.
        why: &'static str,
    },
}

/// One face/level of a JPEG-XR coded container (formats 0, 1, 2, 4, 0xC, 0xD), borrowed from
/// the input. Records of the GPU encodings other than DXT are skipped.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CodedImage<'a> {
    /// Cube face (0 for 2D).
    pub face: u8,
    /// Mip level.
    pub level: u8,
    /// Formats 0 and 1: the JPEG-XR image of the level. `None` for the block formats.
    pub image: Option<&'a [u8]>,
    /// Block formats: the DXT1 colour (DXT5 colour part): LZMA-coded index bits (4 bytes per
    /// block) and a JPEG-XR BGR565 image of the two endpoints of each block. `None` when the
    /// encoder left DXT out (an empty LZMA record).
    pub dxt_colour: Option<DxtPart<'a>>,
    /// Alpha block formats: the DXT5 alpha part: LZMA-coded index bits (6 bytes per block)
    /// and a JPEG-XR 8-bit grey image of the two alpha endpoints of each block.
    pub dxt_alpha: Option<DxtPart<'a>>,
}

/// The two records of one part of a DXT block set in a JPEG-XR coded container.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DxtPart<'a> {
    /// LZMA ("LZMA alone" without its 8-byte size field) coded block bits.
    pub lzma: &'a [u8],
    /// JPEG-XR image of the endpoints: `ceil(w/4)` wide, `2 * ceil(h/4)` high; the first
    /// endpoint of each block (in block order) in the top half, the second in the bottom half.
    pub endpoints: &'a [u8],
}

impl fmt::Debug for DxtPart<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DxtPart")
            .field("lzma", &self.lzma.len())
            .field("endpoints", &self.endpoints.len())
            .finish()
    }
}

impl fmt::Debug for CodedImage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CodedImage")
            .field("face", &self.face)
            .field("level", &self.level)
            .field("image", &self.image.map(<[u8]>::len))
            .field("dxt_colour", &self.dxt_colour)
            .field("dxt_alpha", &self.dxt_alpha)
            .finish()
    }
}

/// One face/level of a raw container, borrowed from the input.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct AtfImage<'a> {
    /// Cube face (0 for 2D).
    pub face: u8,
    /// Mip level.
    pub level: u8,
    /// DXT1 / DXT5 blocks.
    pub dxt: Option<&'a [u8]>,
    /// PVRTC 4 bpp blocks.
    pub pvrtc: Option<&'a [u8]>,
    /// ETC1 blocks (the colour image for alpha formats).
    pub etc1: Option<&'a [u8]>,
    /// ETC1 blocks of the alpha image (alpha formats).
    pub etc1_alpha: Option<&'a [u8]>,
    /// ETC2 blocks.
    pub etc2: Option<&'a [u8]>,
}

impl fmt::Debug for AtfImage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let len = |d: Option<&[u8]>| d.map(<[u8]>::len);
        f.debug_struct("AtfImage")
            .field("face", &self.face)
            .field("level", &self.level)
            .field("dxt", &len(self.dxt))
            .field("pvrtc", &len(self.pvrtc))
            .field("etc1", &len(self.etc1))
            .field("etc1_alpha", &len(self.etc1_alpha))
            .field("etc2", &len(self.etc2))
            .finish()
    }
}

/// A parsed container.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AtfFile<'a> {
    /// Header version (0 for the oldest files).
    pub version: u8,
    /// Format.
    pub format: AtfFormat,
    /// Cube map (six faces).
    pub cubemap: bool,
    /// Width of level 0.
    pub width: u32,
    /// Height of level 0.
    pub height: u32,
    /// Number of levels.
    pub levels: u8,
    /// Every face/level, faces outer (raw formats only; empty for JPEG-XR formats).
    pub images: Vec<AtfImage<'a>>,
    /// Every face/level, faces outer (JPEG-XR coded formats only; empty for raw formats).
    pub coded: Vec<CodedImage<'a>>,
}

impl AtfFile<'_> {
    /// Width and height of mip level `level`.
    pub fn level_size(&self, level: u8) -> (u32, u32) {
        ((self.width >> level).max(1), (self.height >> level).max(1))
    }
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], AtfError> {
        let end = self.pos.checked_add(n).ok_or(AtfError::Truncated)?;
        let s = self.data.get(self.pos..end).ok_or(AtfError::Truncated)?;
        self.pos = end;
        Ok(s)
    }

    fn u8(&mut self) -> Result<u8, AtfError> {
        Ok(self.take(1)?[0])
    }

    fn u24(&mut self) -> Result<u32, AtfError> {
        let b = self.take(3)?;
        Ok(u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]))
    }

    fn u32(&mut self) -> Result<u32, AtfError> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
}

/// Bytes of a `w` x `h` image in 4x4 blocks of `block` bytes.
pub(super) fn block_bytes(w: u32, h: u32, block: usize) -> usize {
    w.div_ceil(4) as usize * h.div_ceil(4) as usize * block
}

/// `d` when it is `want` bytes long; otherwise `None`, with a warning.
fn sized<'a>(d: Option<&'a [u8]>, want: usize, what: &str, w: u32, h: u32) -> Option<&'a [u8]> {
    d.filter(|d| {
        let ok = d.len() == want;
        if !ok {
            log::warn!(
                "ATF {what} record of {} bytes for a {w}x{h} level (want {want}); ignored",
                d.len()
            );
        }
        ok
    })
}

/// Parses a container. Never panics.
pub fn parse(data: &[u8]) -> Result<AtfFile<'_>, AtfError> {
    let mut r = Reader { data, pos: 0 };
    if r.take(3)? != b"ATF" {
        return Err(AtfError::Signature);
    }
    let version = if data.get(6) == Some(&0xff) {
        // Three reserved bytes, the 0xFF marker, the version, a u32 length.
        r.take(4)?;
        let v = r.u8()?;
        r.u32()?;
        v
    } else {
        r.u24()?;
        0
    };
    let tdata = r.u8()?;
    let cubemap = tdata & 0x80 != 0;
    let format = AtfFormat::from_code(tdata & 0x7f).ok_or(AtfError::Format(tdata & 0x7f))?;
    let (lw, lh) = (r.u8()?, r.u8()?);
    if lw > 15 || lh > 15 {
        return Err(AtfError::Dimensions);
    }
    let (width, height) = (1u32 << lw, 1u32 << lh);
    let levels = r.u8()?;
    if levels == 0 || u32::from(levels) > u32::from(lw.max(lh)) + 1 {
        return Err(AtfError::Dimensions);
    }
    let mut file = AtfFile {
        version,
        format,
        cubemap,
        width,
        height,
        levels,
        images: Vec::new(),
        coded: Vec::new(),
    };
    let records = format.coded_records(version);
    let faces: u8 = if cubemap { 6 } else { 1 };
    let alpha = format.has_alpha();
    for face in 0..faces {
        for level in 0..levels {
            let mut rec = [&[][..]; 17];
            for slot in rec.iter_mut().take(records) {
                let len = if version == 0 { r.u24()? } else { r.u32()? };
                *slot = r.take(len as usize)?;
            }
            if !format.is_raw() {
                file.coded.push(coded_image(format, face, level, &rec));
                continue;
            }
            // A level above 0 with every record empty is one the encoder left out (png2atf
            // writes the whole chain's count with empty records for the levels it was told
            // not to encode, as Starling's demo texture has): Flash uploads the levels that
            // are there, so this one is skipped rather than refused.
            if level > 0 && rec.iter().take(records).all(|r| r.is_empty()) {
                continue;
            }
            let (w, h) = file.level_size(level);
            let mut raw: [Option<&[u8]>; 4] = [None; 4];
            for (slot, bytes) in raw.iter_mut().zip(rec) {
                *slot = (!bytes.is_empty()).then_some(bytes);
            }
            let sized = |d, want, what| sized(d, want, what, w, h);
            let big = if alpha { 16 } else { 8 };
            let dxt = sized(raw[0], block_bytes(w, h, big), "DXT");
            // PVRTC 4 bpp: at least 8x8 pixels of data per image.
            let pvrtc = sized(raw[1], (w.max(8) as usize * h.max(8) as usize) / 2, "PVRTC");
            let etc1_len = block_bytes(w, h, 8);
            let (etc1, etc1_alpha) = match raw[2] {
                Some(d) if alpha && d.len() == 2 * etc1_len => {
                    let (c, a) = d.split_at(etc1_len);
                    (Some(c), Some(a))
                }
                other if alpha => (sized(other, 2 * etc1_len, "ETC1+alpha"), None),
                other => (sized(other, etc1_len, "ETC1"), None),
            };
            let etc2 = sized(raw[3], block_bytes(w, h, big), "ETC2");
            if dxt.is_none() && pvrtc.is_none() && etc1.is_none() && etc2.is_none() {
                return Err(AtfError::NoEncoding { face, level });
            }
            file.images.push(AtfImage {
                face,
                level,
                dxt,
                pvrtc,
                etc1,
                etc1_alpha,
                etc2,
            });
        }
    }
    Ok(file)
}

/// The records of a JPEG-XR coded face/level that Molehill reads: the image (formats 0, 1) or
/// the DXT records (an empty LZMA record means the encoder left that part out).
fn coded_image<'a>(format: AtfFormat, face: u8, level: u8, rec: &[&'a [u8]; 17]) -> CodedImage<'a> {
    let part = |lzma: &'a [u8], endpoints: &'a [u8]| {
        (!lzma.is_empty()).then_some(DxtPart { lzma, endpoints })
    };
    let (image, dxt_colour, dxt_alpha) = match format {
        AtfFormat::Rgb888 | AtfFormat::Rgba8888 => (Some(rec[0]), None, None),
        _ if format.has_alpha() => (None, part(rec[2], rec[3]), part(rec[0], rec[1])),
        _ => (None, part(rec[0], rec[1]), None),
    };
    CodedImage {
        face,
        level,
        image,
        dxt_colour,
        dxt_alpha,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atf::write_raw;

    #[test]
    fn parses_a_raw_2d_container_with_levels() {
        // 8x4 texture, 2 levels: level 0 is 2x1 blocks, level 1 (4x2) is 1 block.
        let l0 = [7u8; 16];
        let l1 = [9u8; 8];
        let bytes = write_raw(
            false,
            false,
            3,
            2,
            2,
            &[
                [&l0, &[][..], &[][..], &[][..]],
                [&l1, &[][..], &l1[..], &[][..]],
            ],
        );
        let f = parse(&bytes).unwrap();
        assert_eq!((f.width, f.height, f.levels, f.cubemap), (8, 4, 2, false));
        assert_eq!(f.format, AtfFormat::RawCompressed);
        assert_eq!(f.images.len(), 2);
        assert_eq!(f.images[0].dxt, Some(&l0[..]));
        assert_eq!(f.images[0].etc1, None);
        assert_eq!(f.images[1].etc1, Some(&l1[..]));
    }

    #[test]
    fn alpha_etc1_is_split_in_colour_and_alpha() {
        let dxt5 = [1u8; 16];
        let etc = [2u8; 16];
        let bytes = write_raw(true, false, 2, 2, 1, &[[&dxt5, &[][..], &etc[..], &[][..]]]);
        let f = parse(&bytes).unwrap();
        assert_eq!(f.images[0].etc1.map(<[u8]>::len), Some(8));
        assert_eq!(f.images[0].etc1_alpha.map(<[u8]>::len), Some(8));
    }

    #[test]
    fn rejects_bad_input_without_panicking() {
        assert_eq!(parse(b""), Err(AtfError::Truncated));
        assert_eq!(parse(b"PNG\0\0\0\0\0"), Err(AtfError::Signature));
        let good = write_raw(
            false,
            true,
            2,
            2,
            1,
            &[[&[0u8; 8], &[][..], &[][..], &[][..]]; 6],
        );
        for n in 0..good.len() {
            assert!(parse(&good[..n]).is_err(), "prefix {n}");
        }
        assert!(parse(&good).is_ok());
        let mut bad = good.clone();
        bad[12] = 0x77;
        assert_eq!(parse(&bad), Err(AtfError::Format(0x77)));
        // No usable record.
        let none = write_raw(
            false,
            false,
            2,
            2,
            1,
            &[[&[0u8; 3], &[][..], &[][..], &[][..]]],
        );
        assert_eq!(
            parse(&none),
            Err(AtfError::NoEncoding { face: 0, level: 0 })
        );
        // Level 0 with no record at all is refused too; a level 1 that is wrongly sized is.
        let empty = write_raw(
            false,
            false,
            2,
            2,
            1,
            &[[&[][..], &[][..], &[][..], &[][..]]],
        );
        assert_eq!(
            parse(&empty),
            Err(AtfError::NoEncoding { face: 0, level: 0 })
        );
        let l0 = [0u8; 8];
        let short = write_raw(
            false,
            false,
            2,
            2,
            2,
            &[
                [&l0[..], &[][..], &[][..], &[][..]],
                [&[0u8; 3], &[][..], &[][..], &[][..]],
            ],
        );
        assert_eq!(
            parse(&short),
            Err(AtfError::NoEncoding { face: 0, level: 1 })
        );
    }

    #[test]
    fn levels_left_out_by_the_encoder_are_skipped() {
        // The count says the whole chain (4x4: 3 levels), levels 1 and 2 have only empty
        // records: only level 0 is an image (Starling's demo's compressed_texture.atf, 128x128
        // with 8 levels of which 7 are empty).
        let l0 = [7u8; 8];
        let none = [&[][..], &[][..], &[][..], &[][..]];
        let data = write_raw(
            false,
            false,
            2,
            2,
            3,
            &[[&l0[..], &[][..], &[][..], &[][..]], none, none],
        );
        let f = parse(&data).unwrap();
        assert_eq!(f.levels, 3);
        assert_eq!(f.images.len(), 1);
        assert_eq!((f.images[0].level, f.images[0].dxt), (0, Some(&l0[..])));
    }
}

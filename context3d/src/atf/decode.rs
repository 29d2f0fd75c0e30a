//! Decoding a JPEG-XR coded container, face by face and level by level.

use super::container::{AtfError, AtfFile, CodedImage};

/// What one face/level of a JPEG-XR coded container decodes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decoded {
    /// Formats 0 and 1: the level's pixels, 4 bytes each in the order B, G, R, A (alpha 255
    /// for format 0), rows top to bottom.
    Bgra(Vec<u8>),
    /// Formats 2 / 0xC: DXT1 blocks; 4 / 0xD: DXT5 blocks, as the raw formats hold them.
    Dxt(Vec<u8>),
}

/// Decodes one face/level of `file` (a JPEG-XR coded container). Never panics: a malformed
/// record gives an [`AtfError`] (Flash's #3677).
pub fn decode(file: &AtfFile<'_>, image: &CodedImage<'_>) -> Result<Decoded, AtfError> {
    use super::container::{block_bytes, AtfFormat};
    use super::jpegxr::Plain::{Gray8, Rgb565};
    use super::{dxt, jpegxr, lzma};
    let (face, level) = (image.face, image.level);
    let (w, h) = file.level_size(level);
    let jxr_err = |what| {
        move |why| AtfError::JpegXr {
            face,
            level,
            what,
            why,
        }
    };
    match file.format {
        AtfFormat::Rgb888 | AtfFormat::Rgba8888 => {
            let data = image.image.unwrap_or_default();
            let keep_alpha = file.format == AtfFormat::Rgba8888;
            jpegxr::decode_bgra(data, w, h, keep_alpha)
                .map(Decoded::Bgra)
                .map_err(jxr_err("image"))
        }
        AtfFormat::RawCompressed | AtfFormat::RawCompressedAlpha => {
            Err(AtfError::NoEncoding { face, level })
        }
        format => {
            let (colour_len, alpha_len) = (block_bytes(w, h, 4), block_bytes(w, h, 6));
            let (bw, bh) = dxt::endpoint_image_size(w, h);
            let colour = image
                .dxt_colour
                .ok_or(AtfError::NoEncoding { face, level })?;
            let lzma_err = |what, want| {
                move |why| AtfError::Lzma {
                    face,
                    level,
                    what,
                    want,
                    why,
                }
            };
            let what = "DXT colour indices";
            let colour_bits =
                lzma::unpack(colour.lzma, colour_len).map_err(lzma_err(what, colour_len as u32))?;
            let colour_ends = jpegxr::decode_plain(colour.endpoints, bw, bh, Rgb565)
                .map_err(jxr_err("DXT colour endpoints"))?;
            if !format.has_alpha() {
                return Ok(Decoded::Dxt(dxt::rebuild_dxt1(&colour_bits, &colour_ends)));
            }
            let alpha = image
                .dxt_alpha
                .ok_or(AtfError::NoEncoding { face, level })?;
            let what = "DXT5 alpha indices";
            let alpha_bits =
                lzma::unpack(alpha.lzma, alpha_len).map_err(lzma_err(what, alpha_len as u32))?;
            let alpha_ends = jpegxr::decode_plain(alpha.endpoints, bw, bh, Gray8)
                .map_err(jxr_err("DXT5 alpha endpoints"))?;
            Ok(Decoded::Dxt(dxt::rebuild_dxt5(
                &alpha_bits,
                &alpha_ends,
                &colour_bits,
                &colour_ends,
                dxt::SecondAlpha::for_version(file.version),
            )))
        }
    }
}

/// What a JPEG-XR image of an ATF record is decoded as, by [`decode_jpegxr`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JpegXrImage {
    /// A format 0 image: B, G, R, A bytes, alpha 255.
    Bgr,
    /// A format 1 image: B, G, R, A bytes, alpha from a planar or interleaved alpha plane.
    Bgra,
    /// A DXT colour endpoint image: RGB565 words, little-endian.
    Rgb565,
    /// A DXT5 alpha endpoint image: 8-bit grey.
    Gray8,
}

impl JpegXrImage {
    /// Bytes per pixel of the decoded image.
    pub fn bytes_per_pixel(self) -> usize {
        match self {
            JpegXrImage::Bgr | JpegXrImage::Bgra => 4,
            JpegXrImage::Rgb565 => 2,
            JpegXrImage::Gray8 => 1,
        }
    }
}

/// One JPEG-XR record (a whole JPEG XR file, as ATF stores it) decoded on its own, exactly as
/// [`decode`] decodes it for a face/level: the image must be `w` x `h` and of `image`'s kind;
/// rows packed, top to bottom. For the decoder's fuzz target and benchmark; an error is
/// [`AtfError::JpegXr`] for face 0, level 0.
pub fn decode_jpegxr(
    record: &[u8],
    w: u32,
    h: u32,
    image: JpegXrImage,
) -> Result<Vec<u8>, AtfError> {
    use super::jpegxr::{self, Plain};
    let err = |why| AtfError::JpegXr {
        face: 0,
        level: 0,
        what: "image",
        why,
    };
    match image {
        JpegXrImage::Bgr => jpegxr::decode_bgra(record, w, h, false),
        JpegXrImage::Bgra => jpegxr::decode_bgra(record, w, h, true),
        JpegXrImage::Rgb565 => jpegxr::decode_plain(record, w, h, Plain::Rgb565),
        JpegXrImage::Gray8 => jpegxr::decode_plain(record, w, h, Plain::Gray8),
    }
    .map_err(err)
}

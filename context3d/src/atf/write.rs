//! Writing ATF containers (version 3): the inverse of [`super::parse`], for tests and tools.

use super::container::AtfFormat;

fn container(
    code: u8,
    cubemap: bool,
    lw: u8,
    lh: u8,
    levels: u8,
    records: &[&[&[u8]]],
    per: usize,
) -> Vec<u8> {
    let mut body = vec![code | if cubemap { 0x80 } else { 0 }, lw, lh, levels];
    for image in records {
        for i in 0..per {
            let rec = image.get(i).copied().unwrap_or_default();
            body.extend((rec.len() as u32).to_be_bytes());
            body.extend_from_slice(rec);
        }
    }
    let mut out = b"ATF".to_vec();
    out.extend([0, 0, 0, 0xff, 3]);
    out.extend((body.len() as u32).to_be_bytes());
    out.extend(body);
    out
}

/// Writes a raw ATF container (version 3).
/// `images[face * levels + level]` holds the four records (DXT, PVRTC, ETC1, ETC2) of each.
pub fn write_raw(
    alpha: bool,
    cubemap: bool,
    log2_width: u8,
    log2_height: u8,
    levels: u8,
    images: &[[&[u8]; 4]],
) -> Vec<u8> {
    let records: Vec<&[&[u8]]> = images.iter().map(|r| &r[..]).collect();
    let format = if alpha {
        AtfFormat::RawCompressedAlpha
    } else {
        AtfFormat::RawCompressed
    };
    container(
        format.code(),
        cubemap,
        log2_width,
        log2_height,
        levels,
        &records,
        4,
    )
}

/// Writes a JPEG-XR coded ATF container (version 3) of `format`.
/// `images[face * levels + level]` holds the first records of each face/level, in file order
/// (formats 0/1: the JPEG-XR image; 2/0xC: DXT1 LZMA, DXT1 JPEG-XR; 4/0xD: DXT5 alpha LZMA,
/// alpha JPEG-XR, colour LZMA, colour JPEG-XR); the other records are written empty.
pub fn write_coded(
    format: AtfFormat,
    cubemap: bool,
    log2_width: u8,
    log2_height: u8,
    levels: u8,
    images: &[&[&[u8]]],
) -> Vec<u8> {
    let per = format.coded_records(3);
    container(
        format.code(),
        cubemap,
        log2_width,
        log2_height,
        levels,
        images,
        per,
    )
}

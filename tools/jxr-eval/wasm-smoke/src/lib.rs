//! Two exports for a host with no imports to give (Node's WebAssembly API): `alloc` a buffer for
//! the input, `decode` it with jxr (output as the container says: grey, RGB or RGBA 8-bit, or
//! RGB565) and return the FNV-1a hash of the samples (0 on error), which `jxr-eval checksum`
//! prints for the same file natively.

use jxr::{AlphaHandling, BackendRequest, ChannelLayout, DecodeRequest, DecodedSamples, JxrView, PixelFormat};

#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    let mut v = vec![0u8; len];
    let p = v.as_mut_ptr();
    std::mem::forget(v);
    p
}

fn fnv(bytes: impl Iterator<Item = u8>) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in bytes {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// Hash of the decoded samples of `input`: U8 Luma / Rgb (alpha dropped), row-packed.
pub fn hash_decode(input: &[u8]) -> Result<u32, jxr::JxrError> {
    let view = JxrView::parse(input)?;
    let luma = matches!(view.info().primary.color_format, jxr::ColorFormat::Luma);
    let layout = if luma { ChannelLayout::Luma } else { ChannelLayout::Rgb };
    let request = DecodeRequest::new(PixelFormat::U8(layout))
        .with_alpha(AlphaHandling::Drop)
        .with_backend(BackendRequest::Cpu);
    let image = view.decoder().decode(&request)?;
    let (w, h) = (image.decoded_region.w as usize, image.decoded_region.h as usize);
    let per_row = w * if luma { 1 } else { 3 };
    let stride = image.planes[0].row_stride_bytes;
    match &image.samples {
        DecodedSamples::U8(v) => Ok(fnv(v.chunks(stride).take(h).flat_map(|r| r[..per_row].iter().copied()))),
        _ => Ok(0),
    }
}

/// # Safety
/// `ptr` must be `len` bytes from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn decode(ptr: *mut u8, len: usize) -> u32 {
    let input = std::slice::from_raw_parts(ptr, len);
    hash_decode(input).unwrap_or(0)
}

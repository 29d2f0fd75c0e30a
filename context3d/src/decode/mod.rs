//! CPU decoders for texture formats a GPU API may lack, written from the format specs; pure code
//! shared by every backend (no GPU API here).
//!
//! Every decoder takes the blocks of one mip level (or cube face level) as uploaded and
//! returns RGBA8 pixels, top row first (the row order of the upload, which is the order of
//! every Molehill render target, see `docs/gl.md`).

mod blocks;
pub mod dxt;
mod error;
pub mod etc1;
pub mod packed;
pub mod pvrtc;
mod upload;

pub use blocks::{try_filled, try_zeroed};
pub use error::DecodeError;
pub use upload::UploadError;

use crate::backend::CompressedImage;

/// A compressed (ATF) image of `width` x `height` decoded to RGBA8 on the CPU, for a device
/// that cannot sample its encodings: DXT1 (or DXT5 when `alpha`: `compressedAlpha`) first,
/// then ETC1 (with its alpha image's red channel as alpha when `alpha`), then 4 bpp PVRTC.
pub fn compressed_to_rgba8(
    img: &CompressedImage<'_>,
    alpha: bool,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, DecodeError> {
    if let Some(d) = img.dxt {
        return if alpha {
            dxt::decode_dxt5(width, height, d)
        } else {
            dxt::decode_dxt1(width, height, d)
        };
    }
    if let Some(d) = img.etc1 {
        let mut rgba = etc1::decode_etc1(width, height, d)?;
        if let (true, Some(a)) = (alpha, img.etc1_alpha) {
            let a = etc1::decode_etc1(width, height, a)?;
            for (px, ap) in rgba.chunks_exact_mut(4).zip(a.chunks_exact(4)) {
                px[3] = ap[0];
            }
        }
        return Ok(rgba);
    }
    if let Some(d) = img.pvrtc {
        return pvrtc::decode_pvrtc(width, height, d, pvrtc::PvrtcBpp::Four);
    }
    Err(DecodeError::NoEncoding)
}

#[cfg(test)]
mod compressed_tests {
    use super::*;

    #[test]
    fn an_image_without_a_cpu_encoding_is_refused() {
        let img = CompressedImage::default();
        assert_eq!(
            compressed_to_rgba8(&img, false, 4, 4),
            Err(DecodeError::NoEncoding)
        );
    }

    #[test]
    fn dxt_comes_first_and_etc1_alpha_is_the_red_of_its_alpha_image() {
        let dxt1 = [0x00, 0xF8, 0x1F, 0x00, 0b0101_0101, 0, 0, 0];
        let colour = [0x12, 0x34, 0x56, 0x00, 0xFF, 0x00, 0x0F, 0xF0];
        let alpha = [0xA0, 0x50, 0x20, 0x02, 0x0F, 0xF0, 0x33, 0xCC];
        let both = CompressedImage {
            dxt: Some(&dxt1),
            etc1: Some(&colour),
            ..Default::default()
        };
        assert_eq!(
            compressed_to_rgba8(&both, false, 4, 4),
            dxt::decode_dxt1(4, 4, &dxt1)
        );
        let etc = CompressedImage {
            etc1: Some(&colour),
            etc1_alpha: Some(&alpha),
            ..Default::default()
        };
        let rgb = etc1::decode_etc1(4, 4, &colour).unwrap();
        let a = etc1::decode_etc1(4, 4, &alpha).unwrap();
        let got = compressed_to_rgba8(&etc, true, 4, 4).unwrap();
        for i in 0..16 {
            assert_eq!(got[i * 4..i * 4 + 3], rgb[i * 4..i * 4 + 3], "colour {i}");
            assert_eq!(
                got[i * 4 + 3],
                a[i * 4],
                "alpha {i} is the alpha image's red"
            );
        }
        // Without `alpha` the alpha image is not read.
        assert_eq!(compressed_to_rgba8(&etc, false, 4, 4).unwrap(), rgb);
    }
}

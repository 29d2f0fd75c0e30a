//! Content the backend must store or refuse with an error, never drop silently nor abort on
//! (issue 16): ATF images of another encoding than the texture's storage, zeroed storage,
//! fallible allocation.

use crate::common::*;
use molehill_context3d::decode::{dxt, etc1, try_zeroed};
use molehill_context3d::*;

/// A DXT1 block: red and blue halves (c0 red, c1 blue; columns 0-1 index 0, 2-3 index 1).
const DXT1: [u8; 8] = [0x00, 0xF8, 0x1F, 0x00, 0x50, 0x50, 0x50, 0x50];
/// An ETC1 individual-mode block (also valid ETC2).
const ETC: [u8; 8] = [0x84, 0x84, 0x84, 0b0001_1100, 0x01, 0x80, 0x10, 0x01];

fn upload(r: &mut Rig, t: TextureId, img: CompressedImage<'_>) -> Result<(), BackendError> {
    r.b.upload_texture(
        t,
        &TextureUpload {
            face: 0,
            level: 0,
            width: 4,
            height: 4,
            data: TextureData::Compressed(img),
        },
    )
}

fn texels(r: &mut Rig, t: TextureId) -> Vec<u32> {
    let px = r.draw_texture(t, TEX_FS, nearest());
    (0..16u32)
        .map(|i| r.at(&px, (i % 4) * 2, (i / 4) * 2))
        .collect()
}

fn decoded(rgba: &[u8]) -> Vec<u32> {
    rgba.chunks_exact(4)
        .map(|p| u32::from_be_bytes([p[3], p[0], p[1], p[2]]))
        .collect()
}

/// Regression: a DXT1-only ATF, then an ETC1-only one into the same `compressed` texture. The
/// first made the storage S3TC (where GL has it); the second used to return Ok and write
/// nothing. Now the texture is re-stored decoded on the CPU and shows the ETC1 image.
#[test]
fn an_atf_of_another_encoding_is_stored_decoded() {
    let mut r = Rig::new(8, 8);
    r.b.set_error_checking(true);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Compressed, 4, 4, 3, false);
    upload(
        &mut r,
        t,
        CompressedImage {
            dxt: Some(&DXT1),
            ..Default::default()
        },
    )
    .unwrap();
    let want = decoded(&dxt::decode_dxt1(4, 4, &DXT1).unwrap());
    for (got, want) in texels(&mut r, t).into_iter().zip(want) {
        assert_px(got, want, 3, "dxt1 texel");
    }
    upload(
        &mut r,
        t,
        CompressedImage {
            etc1: Some(&ETC),
            ..Default::default()
        },
    )
    .unwrap();
    let want = decoded(&etc1::decode_etc1(4, 4, &ETC).unwrap());
    assert_eq!(
        texels(&mut r, t),
        want,
        "the ETC1 image replaced the DXT1 one"
    );
    assert!(r.b.take_gl_errors().is_empty());
}

/// An image with no encoding the storage can take and none the CPU decodes (ETC2 only into a
/// texture an earlier DXT image made S3TC) is an error, not a silent success.
#[test]
fn an_atf_the_storage_cannot_take_is_an_error() {
    let mut r = Rig::new(8, 8);
    if !r.b.has_s3tc() {
        eprintln!("note: GL without S3TC; the DXT image is stored decoded, nothing to refuse");
        return;
    }
    let t = r.texture(TextureKind::TwoD, TextureFormat::Compressed, 4, 4, 3, false);
    let dxt = CompressedImage {
        dxt: Some(&DXT1),
        ..Default::default()
    };
    upload(&mut r, t, dxt).unwrap();
    let etc2 = CompressedImage {
        etc2: Some(&ETC),
        ..Default::default()
    };
    let e = upload(&mut r, t, etc2).unwrap_err();
    assert!(matches!(e, BackendError::Unsupported(_)), "{e:?}");
    let flash = Context3DError::Backend {
        call: BackendCall::Texture,
        error: e,
    }
    .to_flash();
    assert_eq!(flash.id, 3710, "{flash}");
}

/// Regression: storage is created zeroed (GL leaves a NULL image undefined). A 2x2 upload into
/// a 4x4 texture leaves the other texels transparent black, on every uncompressed format.
#[test]
fn fresh_texture_storage_is_zeroed() {
    let mut r = Rig::new(8, 8);
    let green = argb(255, 0, 255, 0);
    let formats = [
        (TextureFormat::Bgra, 0u32),
        (TextureFormat::BgraPacked4444, 0),
        (TextureFormat::BgrPacked565, argb(255, 0, 0, 0)),
        (TextureFormat::RgbaHalfFloat, 0),
    ];
    for (format, zero) in formats {
        let t = r.texture(TextureKind::TwoD, format, 4, 4, 3, false);
        let data = match format {
            TextureFormat::Bgra => TextureData::Argb32(&[0xFF00_FF00; 4]),
            TextureFormat::BgraPacked4444 => TextureData::Bgra4444(&[0xF0F0; 4]),
            TextureFormat::BgrPacked565 => TextureData::Bgr565(&[0x07E0; 4]),
            _ => TextureData::RgbaHalf(&[
                0, 0x3C00, 0, 0x3C00, 0, 0x3C00, 0, 0x3C00, 0, 0x3C00, 0, 0x3C00, 0, 0x3C00, 0,
                0x3C00,
            ]),
        };
        r.b.upload_texture(
            t,
            &TextureUpload {
                face: 0,
                level: 0,
                width: 2,
                height: 2,
                data,
            },
        )
        .unwrap();
        let px = texels(&mut r, t);
        assert_px(px[0], green, 0, &format!("{format:?} uploaded corner"));
        for i in [2usize, 3, 8, 15] {
            assert_eq!(px[i], zero, "{format:?} texel {i} never uploaded");
        }
    }
}

/// Sizes from content are allocated fallibly: an impossible size is `None`, not an abort.
#[test]
fn impossible_sizes_are_refused_not_aborted() {
    assert!(try_zeroed(usize::MAX).is_none());
    assert!(try_zeroed(isize::MAX as usize).is_none());
    assert_eq!(try_zeroed(16).unwrap(), vec![0u8; 16]);
}

//! Texture creation, uploads (BitmapData, ByteArray, ATF, async, video) and dispose.

use molehill_agal::profile::Profile;
use molehill_context3d::atf::write_raw;
use molehill_context3d::{Call, RecordedTextureData, TextureDesc, TextureFormat, TextureKind};

use crate::common::*;

const MISMATCH: &str = "Error #3675: Texture format mismatch.";
const SIZE: &str = "Error #3679: Texture size does not match.";

fn created(c: &mut Ctx) -> TextureDesc {
    let calls = c.backend_mut().take();
    match &calls[..] {
        [Call::CreateTexture(_, d)] => *d,
        other => panic!("{other:?}"),
    }
}

#[test]
fn create_texture_describes_the_mip_chain() {
    let mut c = ctx(Profile::Baseline);
    c.create_texture(256, 64, "bgra", true, 0).unwrap();
    assert_eq!(
        created(&mut c),
        TextureDesc {
            kind: TextureKind::TwoD,
            width: 256,
            height: 64,
            format: TextureFormat::Bgra,
            levels: 9,
            optimize_for_render_to_texture: true,
            streaming_levels: 0
        }
    );
    c.create_texture(2048, 1, "compressedAlpha", false, 3)
        .unwrap();
    let d = created(&mut c);
    assert_eq!(
        (d.levels, d.streaming_levels, d.format),
        (12, 3, TextureFormat::CompressedAlpha)
    );
    for f in ["bgraPacked4444", "bgrPacked565", "compressed"] {
        c.create_texture(4, 4, f, false, 0).unwrap();
    }
}

#[test]
fn create_texture_errors_in_order() {
    let mut c = ctx(Profile::Baseline);
    assert_2008(c.create_texture(0, 0, "BGRA", false, 0), "textureFormat");
    assert_error(
        c.create_texture(4, 4, "rgbaHalfFloat", false, 0),
        3759,
        "Error #3759: The selected texture format is not valid in this profile.",
    );
    let zero = "Error #3681: Texture size is zero.";
    assert_error(c.create_texture(0, 4, "bgra", false, 0), 3681, zero);
    assert_error(c.create_texture(4, -4, "bgra", false, 0), 3681, zero);
    assert_error(
        c.create_texture(6, 4, "bgra", false, 0),
        3682,
        "Error #3682: Texture size not a power of two.",
    );
    assert_error(
        c.create_texture(4096, 4, "bgra", false, 0),
        3683,
        "Error #3683: Texture too big (max is 2048x2048).",
    );
    let streaming = "Error #3711: The streaming levels is too large.";
    assert_error(c.create_texture(4, 4, "bgra", false, 3), 3711, streaming);
    assert_error(c.create_texture(4, 4, "bgra", false, -1), 3711, streaming);
    assert!(c.backend().calls.is_empty());
    // baselineExtended and the standard profiles allow 4096 and (standard) half floats.
    let mut c = ctx(Profile::Standard);
    c.create_texture(4096, 4096, "rgbaHalfFloat", false, 0)
        .unwrap();
    assert_error(
        c.create_texture(8192, 4, "bgra", false, 0),
        3683,
        "Error #3683: Texture too big (max is 4096x4096).",
    );
}

#[test]
fn cube_textures() {
    let mut c = ctx(Profile::Baseline);
    c.create_cube_texture(256, "bgra", false, 0).unwrap();
    let d = created(&mut c);
    assert_eq!(
        (d.kind, d.width, d.height, d.levels),
        (TextureKind::Cube, 256, 256, 9)
    );
    assert_error(
        c.create_cube_texture(2048, "bgra", false, 0),
        3705,
        "Error #3705: Cubemap texture too big (max is 1024x1024).",
    );
    assert_error(
        c.create_cube_texture(100, "bgra", false, 0),
        3682,
        "Error #3682: Texture size not a power of two.",
    );
    assert_error(
        c.create_cube_texture(0, "bgra", false, 0),
        3681,
        "Error #3681: Texture size is zero.",
    );
    assert_2008(c.create_cube_texture(64, "rgba", false, 0), "textureFormat");
}

#[test]
fn rectangle_textures() {
    let mut c = ctx(Profile::BaselineConstrained);
    assert_error(
        c.create_rectangle_texture(100, 50, "bgra", false),
        3765,
        "Error #3765: This call requires a Context3D that is created with the baseline or baselineExtended profile.",
    );
    let mut c = ctx(Profile::Baseline);
    c.create_rectangle_texture(100, 50, "bgra", false).unwrap();
    let d = created(&mut c);
    assert_eq!(
        (d.kind, d.width, d.height, d.levels),
        (TextureKind::Rectangle, 100, 50, 1)
    );
    assert_error(
        c.create_rectangle_texture(100, 50, "compressed", false),
        3762,
        "Error #3762: This texture format is not supported for rectangle textures.",
    );
    assert_error(
        c.create_rectangle_texture(3000, 50, "bgra", false),
        3766,
        "Error #3766: RectangleTexture too big (max is the larger of 2048x2048 or the size of the backbuffer).",
    );
    assert_error(
        c.create_rectangle_texture(0, 50, "bgra", false),
        3681,
        "Error #3681: Texture size is zero.",
    );
}

#[test]
fn upload_from_bitmap_data() {
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(4, 2, "bgra", false, 0).unwrap();
    c.backend_mut().take();
    let pixels: Vec<u32> = (0..8).collect();
    c.texture_upload_from_bitmap_data(t, &pixels, 4, 2, 0, 0)
        .unwrap();
    c.texture_upload_from_bitmap_data(t, &[7, 8], 2, 1, 0, 1)
        .unwrap();
    let calls = c.backend_mut().take();
    assert!(
        matches!(&calls[0], Call::UploadTexture { face: 0, level: 0, width: 4, height: 2, data: RecordedTextureData::Argb32(p), .. } if *p == pixels)
    );
    assert!(matches!(
        &calls[1],
        Call::UploadTexture {
            level: 1,
            width: 2,
            height: 1,
            ..
        }
    ));
    assert_error(
        c.texture_upload_from_bitmap_data(t, &pixels, 2, 4, 0, 0),
        3679,
        SIZE,
    );
    assert_error(
        c.texture_upload_from_bitmap_data(t, &[0], 1, 1, 0, 3),
        3674,
        "Error #3674: Miplevel too large.",
    );
    assert_error(
        c.texture_upload_from_bitmap_data(t, &pixels, 3, 3, 0, 0),
        2015,
        "Error #2015: Invalid BitmapData.",
    );
    c.texture_dispose(t);
    c.texture_dispose(t);
    assert_disposed(c.texture_upload_from_bitmap_data(t, &pixels, 4, 2, 0, 0));
    assert_eq!(c.backend_mut().take().len(), 1);
}

#[test]
fn bitmap_data_is_converted_to_packed_formats() {
    let mut c = ctx(Profile::Standard);
    let a = c.create_texture(1, 1, "bgraPacked4444", false, 0).unwrap();
    let b = c.create_texture(1, 1, "bgrPacked565", false, 0).unwrap();
    let h = c.create_texture(1, 1, "rgbaHalfFloat", false, 0).unwrap();
    c.backend_mut().take();
    c.texture_upload_from_bitmap_data(a, &[0xff10_20f0], 1, 1, 0, 0)
        .unwrap();
    c.texture_upload_from_bitmap_data(b, &[0xffff_0000], 1, 1, 0, 0)
        .unwrap();
    c.texture_upload_from_bitmap_data(h, &[0xff00_00ff], 1, 1, 0, 0)
        .unwrap();
    let data: Vec<RecordedTextureData> = c
        .backend_mut()
        .take()
        .into_iter()
        .map(|call| match call {
            Call::UploadTexture { data, .. } => data,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        data,
        vec![
            RecordedTextureData::Bgra4444(vec![0xf12f]),
            RecordedTextureData::Bgr565(vec![0xf800]),
            RecordedTextureData::RgbaHalf(vec![0, 0, 0x3c00, 0x3c00]),
        ]
    );
}

#[test]
fn cube_upload_sides() {
    let mut c = ctx(Profile::Baseline);
    let t = c.create_cube_texture(2, "bgra", false, 0).unwrap();
    c.backend_mut().take();
    c.texture_upload_from_bitmap_data(t, &[0; 4], 2, 2, 5, 0)
        .unwrap();
    assert!(matches!(
        c.backend_mut().take()[..],
        [Call::UploadTexture { face: 5, .. }]
    ));
    assert_error(
        c.texture_upload_from_bitmap_data(t, &[0; 4], 2, 2, 6, 0),
        3673,
        "Error #3673: Cube side must be [0..5].",
    );
}

#[test]
fn compressed_textures_take_bitmap_data_but_refuse_byte_arrays() {
    // Desktop Flash Player compresses a BitmapData at run time (Adobe's docs: #3675 only on
    // mobile); a ByteArray's layout for that is not documented, so it stays #3675.
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(4, 4, "compressed", false, 0).unwrap();
    c.backend_mut().take();
    c.texture_upload_from_bitmap_data(t, &[0xff11_2233; 16], 4, 4, 0, 0)
        .unwrap();
    assert!(matches!(
        c.backend_mut().take()[..],
        [Call::UploadTexture {
            face: 0,
            level: 0,
            ..
        }]
    ));
    let a = c.create_texture(4, 4, "compressedAlpha", false, 0).unwrap();
    c.texture_upload_from_bitmap_data(a, &[0x8000_0000; 4], 2, 2, 0, 1)
        .unwrap();
    let v = c.create_video_texture().unwrap();
    assert_error(
        c.texture_upload_from_bitmap_data(v, &[0; 16], 4, 4, 0, 0),
        3675,
        MISMATCH,
    );
    assert_error(
        c.texture_upload_from_byte_array(t, &[0; 64], 0, 0, 0),
        3675,
        MISMATCH,
    );
}

#[test]
fn upload_from_byte_array_per_format() {
    let mut c = ctx(Profile::Standard);
    let t = c.create_texture(2, 1, "bgra", false, 0).unwrap();
    let p = c.create_texture(2, 1, "bgrPacked565", false, 0).unwrap();
    c.backend_mut().take();
    let bytes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    c.texture_upload_from_byte_array(t, &bytes, 2, 0, 0)
        .unwrap();
    c.texture_upload_from_byte_array(p, &bytes, 0, 0, 0)
        .unwrap();
    let calls = c.backend_mut().take();
    assert!(
        matches!(&calls[0], Call::UploadTexture { data: RecordedTextureData::Bgra8(b), .. } if *b == vec![2, 3, 4, 5, 6, 7, 8, 9])
    );
    assert!(
        matches!(&calls[1], Call::UploadTexture { data: RecordedTextureData::Bgr565(b), .. } if *b == vec![0x0100, 0x0302])
    );
    assert_error(
        c.texture_upload_from_byte_array(t, &bytes, 3, 0, 0),
        3669,
        "Error #3669: Bad input size.",
    );
}

/// The async uploads are the synchronous ones at level 0 (the facade queues `textureReady`
/// after an `Ok`: player-shim/tests/api/events.rs).
#[test]
fn async_uploads_are_level_0_uploads() {
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(1, 1, "bgra", false, 0).unwrap();
    c.backend_mut().take();
    c.texture_upload_from_bitmap_data_async(t, &[1], 1, 1, 0)
        .unwrap();
    assert!(matches!(
        &c.backend_mut().take()[..],
        [Call::UploadTexture { level: 0, .. }]
    ));
    assert_error(
        c.texture_upload_from_bitmap_data_async(t, &[1], 1, 1, 1),
        3791,
        "Error #3791: Asynchronous upload is available for miplevel 0 only.",
    );
    c.texture_upload_from_byte_array_async(t, &[1, 2, 3, 4], 0, 0)
        .unwrap();
    assert!(matches!(
        &c.backend_mut().take()[..],
        [Call::UploadTexture { level: 0, .. }]
    ));
    assert_error(
        c.texture_upload_from_byte_array_async(t, &[1, 2, 3, 4], 0, 1),
        3791,
        "Error #3791: Asynchronous upload is available for miplevel 0 only.",
    );
    assert_error(
        c.texture_upload_from_byte_array_async(t, &[1, 2, 3], 0, 0),
        3669,
        "Error #3669: Bad input size.",
    );
    assert!(c.backend_mut().take().is_empty());
}

#[test]
fn atf_uploads_every_level() {
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(8, 8, "compressed", false, 0).unwrap();
    c.backend_mut().take();
    let l0 = [1u8; 32];
    let l1 = [2u8; 8];
    let atf = write_raw(
        false,
        false,
        3,
        3,
        2,
        &[
            [&l0, &[][..], &[][..], &[][..]],
            [&l1, &[][..], &[][..], &[][..]],
        ],
    );
    let mut data = vec![0xee; 3];
    data.extend(&atf);
    c.texture_upload_compressed_from_byte_array(t, &data, 3, true)
        .unwrap();
    let calls = c.backend_mut().take();
    assert_eq!(calls.len(), 2);
    assert!(
        matches!(&calls[0], Call::UploadTexture { level: 0, width: 8, height: 8, data: RecordedTextureData::Compressed([Some(d), None, None, None, None]), .. } if *d == l0.to_vec())
    );
    assert!(matches!(
        &calls[1],
        Call::UploadTexture {
            level: 1,
            width: 4,
            height: 4,
            ..
        }
    ));
}

#[test]
fn atf_levels_left_out_by_the_encoder_upload_nothing() {
    // As Starling's demo texture: the count names the whole chain (8x8: 4 levels), levels 1 to
    // 3 have only empty records. Flash uploads level 0 and refuses nothing.
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(8, 8, "compressedAlpha", false, 0).unwrap();
    c.backend_mut().take();
    let l0 = [3u8; 64];
    let none = [&[][..], &[][..], &[][..], &[][..]];
    let atf = write_raw(
        true,
        false,
        3,
        3,
        4,
        &[[&l0, &[][..], &[][..], &[][..]], none, none, none],
    );
    c.texture_upload_compressed_from_byte_array(t, &atf, 0, false)
        .unwrap();
    let calls = c.backend_mut().take();
    assert_eq!(calls.len(), 1);
    assert!(
        matches!(&calls[0], Call::UploadTexture { level: 0, width: 8, height: 8, data: RecordedTextureData::Compressed([Some(d), None, None, None, None]), .. } if *d == l0.to_vec())
    );
}

#[test]
fn atf_errors_in_flash_order() {
    let mut c = ctx(Profile::Baseline);
    let atf = write_raw(
        false,
        false,
        3,
        3,
        1,
        &[[&[0u8; 32], &[][..], &[][..], &[][..]]],
    );
    // Recorded (stage3d_errors_atf): size first, then cube flag / format.
    let t = c.create_texture(16, 16, "bgra", false, 0).unwrap();
    assert_error(
        c.texture_upload_compressed_from_byte_array(t, &atf, 0, false),
        3679,
        SIZE,
    );
    let cube = c.create_cube_texture(8, "compressed", false, 0).unwrap();
    assert_error(
        c.texture_upload_compressed_from_byte_array(cube, &atf, 0, false),
        3675,
        MISMATCH,
    );
    let alpha = c.create_texture(8, 8, "compressedAlpha", false, 0).unwrap();
    assert_error(
        c.texture_upload_compressed_from_byte_array(alpha, &atf, 0, false),
        3675,
        MISMATCH,
    );
    let small_atf = write_raw(
        false,
        false,
        1,
        1,
        1,
        &[[&[0u8; 8], &[][..], &[][..], &[][..]]],
    );
    let small = c.create_texture(2, 2, "compressed", false, 0).unwrap();
    assert_error(
        c.texture_upload_compressed_from_byte_array(small, &small_atf, 0, false),
        3745,
        "Error #3745: Compressed texture size is too small. The minimum size for compressed textures is 4x4.",
    );
    let ok = c.create_texture(8, 8, "compressed", false, 0).unwrap();
    let decode = "Error #3677: Texture decoding failed. Internal error.";
    assert_error(
        c.texture_upload_compressed_from_byte_array(ok, &atf[..20], 0, false),
        3677,
        decode,
    );
    assert_error(
        c.texture_upload_compressed_from_byte_array(ok, b"nothing", 0, false),
        3677,
        decode,
    );
    assert_error(
        c.texture_upload_compressed_from_byte_array(ok, &atf, 999, false),
        3677,
        decode,
    );
    c.texture_upload_compressed_from_byte_array(ok, &atf, 0, false)
        .unwrap();
}

#[test]
fn video_textures_take_frames() {
    let mut c = ctx(Profile::Baseline);
    let v = c.create_video_texture().unwrap();
    let d = created(&mut c);
    assert_eq!((d.kind, d.width, d.levels), (TextureKind::Video, 0, 1));
    c.video_texture_attach_frame(v, &[1, 2, 3, 4, 5, 6], 3, 2)
        .unwrap();
    assert_eq!(c.texture_size(v), Some((3, 2)));
    assert!(matches!(
        c.backend_mut().take()[..],
        [Call::UploadTexture {
            width: 3,
            height: 2,
            data: RecordedTextureData::Argb32(_),
            ..
        }]
    ));
    assert_error(
        c.video_texture_attach_frame(v, &[1], 3, 2),
        2015,
        "Error #2015: Invalid BitmapData.",
    );
    let t = c.create_texture(2, 2, "bgra", false, 0).unwrap();
    assert_error(
        c.video_texture_attach_frame(t, &[0; 4], 2, 2),
        3675,
        MISMATCH,
    );
    assert_error(
        c.texture_upload_from_bitmap_data(v, &[0; 4], 2, 2, 0, 0),
        3675,
        MISMATCH,
    );
}

#[test]
fn resource_limit() {
    let mut c = ctx(Profile::Baseline);
    for _ in 0..molehill_context3d::resources::MAX_OBJECTS_PER_TYPE {
        c.create_program().unwrap();
    }
    assert_error(
        c.create_program(),
        3691,
        "Error #3691: Resource limit for this resource type exceeded.",
    );
}

#[test]
fn atf_cube_uploads_six_faces() {
    let mut c = ctx(Profile::Baseline);
    let t = c
        .create_cube_texture(4, "compressedAlpha", false, 0)
        .unwrap();
    c.backend_mut().take();
    let block = [3u8; 16];
    let atf = write_raw(
        true,
        true,
        2,
        2,
        1,
        &[[&block[..], &[][..], &[][..], &[][..]]; 6],
    );
    c.texture_upload_compressed_from_byte_array(t, &atf, 0, false)
        .unwrap();
    let faces: Vec<u8> = c
        .backend_mut()
        .take()
        .iter()
        .map(|call| match call {
            Call::UploadTexture { face, level: 0, .. } => *face,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(faces, vec![0, 1, 2, 3, 4, 5]);
    // A 2D container on the cube: #3675.
    let flat = write_raw(
        true,
        false,
        2,
        2,
        1,
        &[[&block[..], &[][..], &[][..], &[][..]]],
    );
    assert_error(
        c.texture_upload_compressed_from_byte_array(t, &flat, 0, false),
        3675,
        MISMATCH,
    );
}

#[test]
fn byte_array_upload_target_errors() {
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(2, 2, "bgra", false, 0).unwrap();
    let cube = c.create_cube_texture(2, "bgra", false, 0).unwrap();
    assert_error(
        c.texture_upload_from_byte_array(t, &[0; 16], 0, 0, 2),
        3674,
        "Error #3674: Miplevel too large.",
    );
    assert_error(
        c.texture_upload_from_byte_array(cube, &[0; 16], 0, 9, 0),
        3673,
        "Error #3673: Cube side must be [0..5].",
    );
    c.texture_upload_from_byte_array(cube, &[0; 16], 0, 3, 0)
        .unwrap();
    c.texture_upload_from_byte_array(t, &[0; 4], 0, 0, 1)
        .unwrap();
    let rect = c.create_rectangle_texture(3, 1, "bgra", false).unwrap();
    c.texture_upload_from_byte_array(rect, &[0; 12], 0, 0, 0)
        .unwrap();
    assert_error(
        c.texture_upload_from_byte_array(rect, &[0; 12], 0, 0, 1),
        3674,
        "Error #3674: Miplevel too large.",
    );
    c.texture_dispose(rect);
    assert_disposed(c.texture_upload_from_byte_array(rect, &[0; 12], 0, 0, 0));
    assert_disposed(c.texture_upload_compressed_from_byte_array(rect, &[0; 12], 0, false));
    assert_disposed(c.video_texture_attach_frame(rect, &[0; 1], 1, 1));
}

#[test]
fn rectangle_textures_may_be_as_large_as_the_back_buffer() {
    let mut c = ctx(Profile::Baseline);
    c.configure_back_buffer(3000, 100, 0, false, false, false)
        .unwrap();
    c.create_rectangle_texture(3000, 2048, "bgra", false)
        .unwrap();
    assert_error(
        c.create_rectangle_texture(3001, 10, "bgra", false),
        3766,
        "Error #3766: RectangleTexture too big (max is the larger of 2048x2048 or the size of the backbuffer).",
    );
    assert_error(
        c.create_rectangle_texture(10, 2049, "bgra", false),
        3766,
        "Error #3766: RectangleTexture too big (max is the larger of 2048x2048 or the size of the backbuffer).",
    );
}

#[test]
fn a_smaller_bitmap_fills_the_top_left_corner_of_its_level() {
    // Fancy Pants World 4 uploads a 4x4 BitmapData to an 8x8 texture (ruffle-rs/ruffle PR
    // #14492): the backend gets the bitmap's own size.
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(8, 8, "bgra", false, 0).unwrap();
    c.backend_mut().take();
    let small: Vec<u32> = (0..16).collect();
    c.texture_upload_from_bitmap_data(t, &small, 4, 4, 0, 0)
        .unwrap();
    // Level 1 (4x4) from a 6x2 bitmap: 4 columns cropped, 2 rows.
    let wide: Vec<u32> = (0..12).collect();
    c.texture_upload_from_bitmap_data(t, &wide, 6, 2, 0, 1)
        .unwrap();
    let calls = c.backend_mut().take();
    assert!(
        matches!(&calls[0], Call::UploadTexture { level: 0, width: 4, height: 4, data: RecordedTextureData::Argb32(p), .. } if *p == small),
        "{calls:?}"
    );
    assert!(
        matches!(&calls[1], Call::UploadTexture { level: 1, width: 4, height: 2, data: RecordedTextureData::Argb32(p), .. } if *p == vec![0, 1, 2, 3, 6, 7, 8, 9]),
        "{calls:?}"
    );
    // Packed formats convert only the bitmap's pixels.
    let p = c.create_texture(4, 4, "bgrPacked565", false, 0).unwrap();
    c.backend_mut().take();
    c.texture_upload_from_bitmap_data(p, &[0xffff_ffff; 2], 2, 1, 0, 0)
        .unwrap();
    assert!(matches!(
        &c.backend_mut().take()[..],
        [Call::UploadTexture {
            width: 2,
            height: 1,
            ..
        }]
    ));
    // One dimension larger than level 0 is #3679.
    assert_error(
        c.texture_upload_from_bitmap_data(t, &[0; 16], 16, 1, 0, 0),
        3679,
        SIZE,
    );
}

#[test]
fn a_mip_level_takes_the_top_left_corner_of_a_larger_bitmap() {
    // Starling 1.x uploads one level-1-sized canvas for every mip level.
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(4, 4, "bgra", false, 0).unwrap();
    c.backend_mut().take();
    let canvas: Vec<u32> = (0..8).collect(); // 4 x 2: rows 0 1 2 3 / 4 5 6 7
    c.texture_upload_from_bitmap_data(t, &canvas, 4, 2, 0, 1)
        .unwrap();
    c.texture_upload_from_bitmap_data(t, &canvas, 4, 2, 0, 2)
        .unwrap();
    let calls = c.backend_mut().take();
    assert!(
        matches!(&calls[0], Call::UploadTexture { level: 1, width: 2, height: 2, data: RecordedTextureData::Argb32(p), .. } if *p == vec![0, 1, 4, 5]),
        "{calls:?}"
    );
    assert!(
        matches!(&calls[1], Call::UploadTexture { level: 2, width: 1, height: 1, data: RecordedTextureData::Argb32(p), .. } if *p == vec![0]),
        "{calls:?}"
    );
    // Larger than level 0 is still #3679.
    assert_error(
        c.texture_upload_from_bitmap_data(t, &[0; 32], 8, 4, 0, 0),
        3679,
        SIZE,
    );
}

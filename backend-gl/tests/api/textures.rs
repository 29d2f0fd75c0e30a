//! Every texture format drawn and read back, mip level selection, LOD bias, cube faces,
//! rectangle textures, sampler wrap modes.

use crate::common::*;
use molehill_agal::{Filter, MipFilter, Wrap};
use molehill_context3d::decode::{dxt, etc1, packed, pvrtc};
use molehill_context3d::*;
use molehill_gl::{BgraUpload, GlApi};

/// RGBA8 bytes to `0xAARRGGBB`.
fn rgba_px(rgba: &[u8], i: usize) -> u32 {
    argb(
        rgba[i * 4 + 3],
        rgba[i * 4],
        rgba[i * 4 + 1],
        rgba[i * 4 + 2],
    )
}

/// Checks the four texels of a 2x2 texture drawn on an 8x8 target.
#[track_caller]
fn check_2x2(r: &Rig, px: &[u32], want: [u32; 4], tol: u8, what: &str) {
    for (i, (x, y)) in [(1, 1), (6, 1), (1, 6), (6, 6)].into_iter().enumerate() {
        assert_px(r.at(px, x, y), want[i], tol, &format!("{what} texel {i}"));
    }
}

#[test]
fn bgra_from_bytes_and_from_bitmap_words() {
    for (api, swizzle) in [
        (GlApi::Es30, false),
        (GlApi::Es30, true),
        (GlApi::Desktop33, false),
    ] {
        bgra_case(api, swizzle);
    }
}

/// [`bgra_from_bytes_and_from_bitmap_words`] on one context, through GL's own bgra path
/// (`GL_BGRA_EXT` storage on ES, the `GL_BGRA` source format on desktop) or the CPU swizzle.
fn bgra_case(api: GlApi, swizzle: bool) {
    let mut r = Rig::with(api, 8, 8, 0, true);
    let path = if swizzle {
        r.b.force_bgra_swizzle();
        "swizzled"
    } else {
        "as is"
    };
    if swizzle {
        assert_eq!(r.b.bgra_upload(), BgraUpload::Swizzle);
    } else if api == GlApi::Desktop33 {
        assert_eq!(r.b.bgra_upload(), BgraUpload::SourceFormat);
    }
    let want = [
        argb(255, 255, 0, 0),
        argb(255, 0, 255, 0),
        argb(128, 0, 0, 255),
        argb(255, 10, 20, 30),
    ];
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 2, 2, 2, false);
    let bytes: Vec<u8> = want
        .iter()
        .flat_map(|p| {
            let [a, rr, g, b] = channels(*p);
            [b, g, rr, a]
        })
        .collect();
    r.upload(t, 0, 0, 2, 2, TextureData::Bgra8(&bytes));
    let px = r.draw_texture(t, TEX_FS, nearest());
    check_2x2(&r, &px, want, 0, &format!("{api:?} {path}: bgra bytes"));
    // Again into the same texture (the swizzle buffer is reused), with other texels.
    let again: Vec<u8> = bytes.iter().map(|b| b ^ 0x0F).collect();
    r.upload(t, 0, 0, 2, 2, TextureData::Bgra8(&again));
    let px = r.draw_texture(t, TEX_FS, nearest());
    let flipped = want.map(|p| {
        let [a, rr, g, b] = channels(p);
        argb(a ^ 0x0F, rr ^ 0x0F, g ^ 0x0F, b ^ 0x0F)
    });
    check_2x2(
        &r,
        &px,
        flipped,
        1,
        &format!("{api:?} {path}: bgra bytes again"),
    );
    let t2 = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 2, 2, 2, false);
    r.upload(t2, 0, 0, 2, 2, TextureData::Argb32(&want));
    let px = r.draw_texture(t2, TEX_FS, nearest());
    check_2x2(
        &r,
        &px,
        want,
        0,
        &format!("{api:?} {path}: BitmapData words"),
    );
}

#[test]
fn packed_4444_and_565() {
    let mut r = Rig::new(8, 8);
    let texels: [u16; 4] = [0xF800 | 0x0F0, 0x8F00, 0x1234, 0xFFFF];
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::BgraPacked4444,
        2,
        2,
        2,
        false,
    );
    r.upload(t, 0, 0, 2, 2, TextureData::Bgra4444(&texels));
    let px = r.draw_texture(t, TEX_FS, nearest());
    let le: Vec<u8> = texels.iter().flat_map(|t| t.to_le_bytes()).collect();
    let rgba = packed::argb4444_to_rgba8(&le);
    check_2x2(
        &r,
        &px,
        [0, 1, 2, 3].map(|i| rgba_px(&rgba, i)),
        0,
        "bgraPacked4444",
    );

    let texels: [u16; 4] = [0xF800, 0x07E0, 0x001F, 0x8410];
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::BgrPacked565,
        2,
        2,
        2,
        false,
    );
    r.upload(t, 0, 0, 2, 2, TextureData::Bgr565(&texels));
    let px = r.draw_texture(t, TEX_FS, nearest());
    let le: Vec<u8> = texels.iter().flat_map(|t| t.to_le_bytes()).collect();
    let rgba = packed::rgb565_to_rgba8(&le);
    check_2x2(
        &r,
        &px,
        [0, 1, 2, 3].map(|i| rgba_px(&rgba, i)),
        0,
        "bgrPacked565",
    );
}

#[test]
fn rgba_half_float() {
    let mut r = Rig::new(8, 8);
    let h = |v: f32| half::f16::from_f32(v).to_bits();
    let texels: Vec<u16> = [
        [1.0, 0.0, 0.0, 1.0],
        [0.0, 0.5, 0.0, 1.0],
        [0.0, 0.0, 0.25, 0.5],
        [2.0, -1.0, 1.0, 1.0],
    ]
    .iter()
    .flat_map(|c| c.map(h))
    .collect();
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::RgbaHalfFloat,
        2,
        2,
        2,
        false,
    );
    r.upload(t, 0, 0, 2, 2, TextureData::RgbaHalf(&texels));
    let px = r.draw_texture(t, TEX_FS, nearest());
    let want = [
        argb(255, 255, 0, 0),
        argb(255, 0, 128, 0),
        argb(128, 0, 0, 64),
        argb(255, 255, 0, 255),
    ];
    check_2x2(&r, &px, want, 1, "rgbaHalfFloat");
}

/// A DXT1 block with four distinct colours in the four 2x2 quadrants.
fn dxt1_block() -> [u8; 8] {
    // c0 red, c1 blue; rows: indices (0 0 1 1), (0 0 1 1), (2 2 3 3), (2 2 3 3).
    let row01 = 0b0101_0000u8;
    let row23 = 0b1111_1010u8;
    [0x00, 0xF8, 0x1F, 0x00, row01, row01, row23, row23]
}

fn compressed_case(force_cpu: bool, alpha: bool) {
    let mut r = Rig::new(8, 8);
    if force_cpu {
        r.b.force_cpu_dxt();
    }
    let mut block = dxt1_block().to_vec();
    let want_rgba = if alpha {
        let mut a = vec![200u8, 40, 0, 0, 0, 0, 0, 0]; // alpha 200 everywhere, except index 1 (40)
        a[2] = 0b0100_1001; // texels 0..2: idx 1, 1, 1 -> rows ... keep it simple: three texels 40
        a.extend_from_slice(&block);
        block = a;
        dxt::decode_dxt5(4, 4, &block).unwrap()
    } else {
        dxt::decode_dxt1(4, 4, &block).unwrap()
    };
    let format = if alpha {
        TextureFormat::CompressedAlpha
    } else {
        TextureFormat::Compressed
    };
    let t = r.texture(TextureKind::TwoD, format, 4, 4, 3, false);
    let img = CompressedImage {
        dxt: Some(&block),
        ..Default::default()
    };
    r.upload(t, 0, 0, 4, 4, TextureData::Compressed(img));
    let px = r.draw_texture(t, TEX_FS, nearest());
    for ty in 0..4u32 {
        for tx in 0..4u32 {
            let want = rgba_px(&want_rgba, (ty * 4 + tx) as usize);
            assert_px(
                r.at(&px, tx * 2, ty * 2),
                want,
                3,
                &format!("dxt (cpu {force_cpu}, alpha {alpha}) texel {tx},{ty}"),
            );
        }
    }
}

#[test]
fn dxt1_and_dxt5_through_gl_s3tc_and_decoded_on_the_cpu() {
    compressed_case(false, false);
    compressed_case(true, false);
    compressed_case(false, true);
    compressed_case(true, true);
}

#[test]
fn compressed_textures_take_bitmap_data_uncompressed() {
    // uploadFromBitmapData into a `compressed` / `compressedAlpha` texture (desktop Flash
    // compresses at run time; Molehill keeps RGBA8): the pixels come back exactly.
    let mut r = Rig::new(8, 8);
    let want = [
        argb(255, 255, 0, 0),
        argb(255, 0, 255, 0),
        argb(255, 0, 0, 255),
        argb(255, 10, 20, 30),
    ];
    for format in [TextureFormat::Compressed, TextureFormat::CompressedAlpha] {
        let t = r.texture(TextureKind::TwoD, format, 2, 2, 2, false);
        r.upload(t, 0, 0, 2, 2, TextureData::Argb32(&want));
        let px = r.draw_texture(t, TEX_FS, nearest());
        check_2x2(&r, &px, want, 0, &format!("{format:?} from BitmapData"));
    }
    // Once an ATF image made the storage S3TC, BitmapData pixels are refused with an error
    // (#3710 through context3d), never handed to GL as a compressed image nor dropped
    // silently: no GL error, the DXT texels stay.
    if r.b.has_s3tc() {
        r.b.set_error_checking(true);
        let t = r.texture(TextureKind::TwoD, TextureFormat::Compressed, 4, 4, 3, false);
        let block = dxt1_block();
        let img = CompressedImage {
            dxt: Some(&block),
            ..Default::default()
        };
        r.upload(t, 0, 0, 4, 4, TextureData::Compressed(img));
        let refused = r.b.upload_texture(
            t,
            &TextureUpload {
                face: 0,
                level: 0,
                width: 4,
                height: 4,
                data: TextureData::Argb32(&[argb(255, 0, 255, 0); 16]),
            },
        );
        assert!(
            matches!(refused, Err(BackendError::Unsupported(_))),
            "{refused:?}"
        );
        assert!(r.b.take_gl_errors().is_empty());
        let px = r.draw_texture(t, TEX_FS, nearest());
        assert_px(r.at(&px, 0, 0), argb(255, 255, 0, 0), 3, "DXT texel kept");
    }
}

#[test]
fn data_smaller_than_its_level_fills_the_top_left_corner() {
    // uploadFromBitmapData of a smaller BitmapData: only the level's top-left corner changes.
    let mut r = Rig::new(8, 8);
    let red = argb(255, 255, 0, 0);
    let green = argb(255, 0, 255, 0);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 4, 4, 3, false);
    r.upload(t, 0, 0, 4, 4, TextureData::Argb32(&[red; 16]));
    r.upload(t, 0, 0, 2, 2, TextureData::Argb32(&[green; 4]));
    let px = r.draw_texture(t, TEX_FS, nearest());
    check_2x2(&r, &px, [green, red, red, red], 0, "2x2 into 4x4");
    // A packed format, 1 row.
    let p = r.texture(
        TextureKind::TwoD,
        TextureFormat::BgrPacked565,
        2,
        2,
        2,
        false,
    );
    r.upload(p, 0, 0, 2, 2, TextureData::Bgr565(&[0xF800; 4]));
    r.upload(p, 0, 0, 2, 1, TextureData::Bgr565(&[0x001F; 2]));
    let px = r.draw_texture(p, TEX_FS, nearest());
    let blue = argb(255, 0, 0, 255);
    check_2x2(&r, &px, [blue, blue, red, red], 0, "565 2x1 into 2x2");
}

#[test]
fn etc1_with_and_without_alpha_and_pvrtc_decoded() {
    let mut r = Rig::new(8, 8);
    // ETC1 individual mode: bases 0x88 / 0x44, tables 0 and 7, mixed indices.
    let etc: [u8; 8] = [0x84, 0x84, 0x84, 0b0001_1100, 0x01, 0x80, 0x10, 0x01];
    let etc_alpha: [u8; 8] = [0x40, 0x40, 0x40, 0, 0, 0, 0, 0]; // red base 0x44 - 2 = 66
    let rgb = etc1::decode_etc1(4, 4, &etc).unwrap();
    let a = etc1::decode_etc1(4, 4, &etc_alpha).unwrap();
    for (format, alpha) in [
        (TextureFormat::Compressed, false),
        (TextureFormat::CompressedAlpha, true),
    ] {
        let t = r.texture(TextureKind::TwoD, format, 4, 4, 3, false);
        let img = CompressedImage {
            etc1: Some(&etc),
            etc1_alpha: alpha.then_some(&etc_alpha[..]),
            ..Default::default()
        };
        r.upload(t, 0, 0, 4, 4, TextureData::Compressed(img));
        let px = r.draw_texture(t, TEX_FS, nearest());
        for i in 0..16u32 {
            let (tx, ty) = (i % 4, i / 4);
            let mut want = rgba_px(&rgb, i as usize);
            if alpha {
                want = (want & 0x00ff_ffff) | (u32::from(a[i as usize * 4]) << 24);
            }
            assert_px(
                r.at(&px, tx * 2, ty * 2),
                want,
                0,
                &format!("etc1 alpha {alpha} texel {tx},{ty}"),
            );
        }
    }
    // PVRTC 4 bpp, 8x8: four blocks, colours A red / B blue, modulation 1 (3/8 blue).
    let mut data = Vec::new();
    for _ in 0..4 {
        data.extend_from_slice(&0x5555_5555u32.to_le_bytes());
        data.extend_from_slice(&((1u32 << 15) | (31 << 10) | (1 << 31) | (31 << 16)).to_le_bytes());
    }
    let want = pvrtc::decode_pvrtc(8, 8, &data, pvrtc::PvrtcBpp::Four).unwrap();
    let t = r.texture(TextureKind::TwoD, TextureFormat::Compressed, 8, 8, 4, false);
    r.upload(
        t,
        0,
        0,
        8,
        8,
        TextureData::Compressed(CompressedImage {
            pvrtc: Some(&data),
            ..Default::default()
        }),
    );
    let px = r.draw_texture(t, TEX_FS, nearest());
    for i in 0..64 {
        assert_px(px[i], rgba_px(&want, i), 0, "pvrtc");
    }
    assert_px(px[0], argb(255, 159, 0, 96), 0, "pvrtc value");
}

/// An 8x8 texture whose levels are red, green, blue, white.
fn mip_texture(r: &mut Rig) -> TextureId {
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, false);
    let colours = [
        argb(255, 255, 0, 0),
        argb(255, 0, 255, 0),
        argb(255, 0, 0, 255),
        argb(255, 255, 255, 255),
    ];
    for (level, c) in colours.iter().enumerate() {
        let size = 8 >> level;
        let px = vec![*c; (size * size) as usize];
        r.upload(t, 0, level as u8, size, size, TextureData::Argb32(&px));
    }
    t
}

/// Draws the mip texture into a `size` x `size` square at the top-left of a 16x16 target.
/// The sampler state comes from the program's sampler word (context3d resolves it so; this
/// rig talks to the backend directly and passes it as context3d would).
fn mip_pixel(fs: &str, size: u32) -> u32 {
    let mip = if fs.contains("mipnone") {
        MipFilter::None
    } else {
        MipFilter::Nearest
    };
    let mut r = Rig::new(16, 16);
    let t = mip_texture(&mut r);
    r.clear([0.0; 4]);
    let p = r.program(POS_UV_VS, fs);
    let right = -1.0 + 2.0 * size as f32 / 16.0;
    let bottom = 1.0 - 2.0 * size as f32 / 16.0;
    let q = r.uv_quad([-1.0, bottom, right, 1.0], [0.0, 0.0, 1.0, 1.0]);
    r.draw_textured(p, q, &[(0, t, sampler(Wrap::Clamp, Filter::Nearest, mip))]);
    r.read()[0]
}

#[test]
fn uploaded_mip_levels_are_selected_by_size_and_lod_bias() {
    let red = argb(255, 255, 0, 0);
    let green = argb(255, 0, 255, 0);
    let blue = argb(255, 0, 0, 255);
    let white = argb(255, 255, 255, 255);
    let mip = "tex ft0, v0, fs0 <2d,clamp,nearest,mipnearest>\nmov oc, ft0";
    let nomip = "tex ft0, v0, fs0 <2d,clamp,nearest,mipnone>\nmov oc, ft0";
    assert_eq!(mip_pixel(mip, 8), red, "8x8 texels on 8x8 pixels: level 0");
    assert_eq!(mip_pixel(mip, 4), green, "on 4x4 pixels: level 1");
    assert_eq!(mip_pixel(mip, 2), blue, "on 2x2 pixels: level 2");
    assert_eq!(mip_pixel(mip, 1), white, "on 1 pixel: level 3");
    assert_eq!(mip_pixel(nomip, 2), red, "mipnone samples level 0");
    // LOD bias from the sampler word, in levels.
    let bias_up = "tex ft0, v0, fs0 <2d,clamp,nearest,mipnearest,1>\nmov oc, ft0";
    let bias_down = "tex ft0, v0, fs0 <2d,clamp,nearest,mipnearest,-1>\nmov oc, ft0";
    assert_eq!(mip_pixel(bias_up, 8), green, "bias +1 at level 0 scale");
    assert_eq!(mip_pixel(bias_up, 4), blue, "bias +1 at level 1 scale");
    assert_eq!(mip_pixel(bias_down, 2), green, "bias -1 at level 2 scale");
}

#[test]
fn cube_faces_are_sampled_by_direction() {
    let mut r = Rig::new(4, 4);
    let t = r.texture(TextureKind::Cube, TextureFormat::Bgra, 2, 2, 2, false);
    let colours = [
        argb(255, 255, 0, 0),
        argb(255, 0, 255, 0),
        argb(255, 0, 0, 255),
        argb(255, 255, 255, 0),
        argb(255, 0, 255, 255),
        argb(255, 255, 0, 255),
    ];
    for (face, c) in colours.iter().enumerate() {
        r.upload(t, face as u8, 0, 2, 2, TextureData::Argb32(&[*c; 4]));
        r.upload(t, face as u8, 1, 1, 1, TextureData::Argb32(&[*c; 1]));
    }
    assert_eq!(r.cube_faces(t), colours);
}

#[test]
fn rectangle_texture_of_any_size() {
    let mut r = Rig::new(6, 10);
    let t = r.texture(TextureKind::Rectangle, TextureFormat::Bgra, 3, 5, 1, false);
    let px: Vec<u32> = (0..15u32)
        .map(|i| argb(255, (i * 17) as u8, 0, 255 - (i * 17) as u8))
        .collect();
    r.upload(t, 0, 0, 3, 5, TextureData::Argb32(&px));
    let out = r.draw_texture(
        t,
        "tex ft0, v0, fs0 <2d,clamp,nearest>\nmov oc, ft0",
        nearest(),
    );
    for ty in 0..5u32 {
        for tx in 0..3u32 {
            assert_eq!(
                r.at(&out, tx * 2, ty * 2),
                px[(ty * 3 + tx) as usize],
                "texel {tx},{ty}"
            );
        }
    }
}

#[test]
fn wrap_modes_including_mixed_u_v() {
    // A 2x2 texture drawn with uv from -1 to 1: the left/top half of the screen samples
    // outside [0, 1], where clamp repeats the edge and repeat wraps.
    let mut r = Rig::new(8, 8);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 2, 2, 2, false);
    let (a, b, c, d) = (
        argb(255, 255, 0, 0),
        argb(255, 0, 255, 0),
        argb(255, 0, 0, 255),
        argb(255, 255, 255, 255),
    );
    r.upload(t, 0, 0, 2, 2, TextureData::Argb32(&[a, b, c, d]));
    let p = r.program(POS_UV_VS, "tex ft0, v0, fs0 <2d,nearest>\nmov oc, ft0");
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0], [-1.0, -1.0, 1.0, 1.0]);
    // Pixel (3, 5): u = -0.125 (outside: clamp gives column 0, repeat column 1), v = 0.375
    // (row 0). Pixel (5, 3): u = 0.375 (column 0), v = -0.125.
    let cases = [
        (Wrap::Clamp, a, a),
        (Wrap::Repeat, b, c),
        (Wrap::ClampURepeatV, a, c),
        (Wrap::RepeatUClampV, b, a),
    ];
    for (wrap, left, top) in cases {
        r.clear([0.0; 4]);
        r.draw_textured(
            p,
            q,
            &[(0, t, sampler(wrap, Filter::Nearest, MipFilter::None))],
        );
        let px = r.read();
        assert_eq!(r.at(&px, 3, 5), left, "{wrap:?} u outside");
        assert_eq!(r.at(&px, 5, 3), top, "{wrap:?} v outside");
    }
}

#[test]
fn linear_filter_blends_texels() {
    let mut r = Rig::new(8, 8);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 2, 2, 2, false);
    let black = argb(255, 0, 0, 0);
    let white = argb(255, 255, 255, 255);
    r.upload(
        t,
        0,
        0,
        2,
        2,
        TextureData::Argb32(&[black, white, black, white]),
    );
    let px = r.draw_texture(
        t,
        "tex ft0, v0, fs0 <2d,clamp,linear>\nmov oc, ft0",
        sampler(Wrap::Clamp, Filter::Linear, MipFilter::None),
    );
    let mid = channels(r.at(&px, 4, 4))[1];
    assert!((96..=160).contains(&mid), "linear filtering mixes: {mid}");
    let edge = channels(r.at(&px, 0, 4))[1];
    assert_eq!(edge, 0);
}

#[test]
fn streaming_texture_samples_its_finest_uploaded_level() {
    let mut r = Rig::new(16, 16);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, false);
    let red = argb(255, 255, 0, 0);
    let green = argb(255, 0, 255, 0);
    let blue = argb(255, 0, 0, 255);
    // Re-create as streaming: levels arrive coarse to fine.
    let id = TextureId(7777);
    let desc = TextureDesc {
        kind: TextureKind::TwoD,
        width: 8,
        height: 8,
        format: TextureFormat::Bgra,
        levels: 4,
        optimize_for_render_to_texture: false,
        streaming_levels: 3,
    };
    r.b.create_texture(id, &desc).unwrap();
    let _ = t;
    let fs = "tex ft0, v0, fs0 <2d,clamp,nearest,mipnearest>\nmov oc, ft0";
    let state = sampler(Wrap::Clamp, Filter::Nearest, MipFilter::Nearest);
    r.upload(id, 0, 3, 1, 1, TextureData::Argb32(&[blue]));
    r.upload(id, 0, 2, 2, 2, TextureData::Argb32(&[blue; 4]));
    assert_eq!(
        r.draw_texture(id, fs, state)[0],
        blue,
        "only levels 2 and 3 so far"
    );
    r.upload(id, 0, 1, 4, 4, TextureData::Argb32(&[green; 16]));
    assert_eq!(r.draw_texture(id, fs, state)[0], green, "level 1 arrived");
    r.upload(id, 0, 0, 8, 8, TextureData::Argb32(&[red; 64]));
    assert_eq!(r.draw_texture(id, fs, state)[0], red, "level 0 arrived");
}

#[test]
fn etc2_only_images_go_to_gl_natively() {
    let mut r = Rig::new(8, 8);
    // An individual-mode block reads the same in ETC1 and ETC2.
    let etc: [u8; 8] = [0x84, 0x84, 0x84, 0b0001_1100, 0x01, 0x80, 0x10, 0x01];
    let want = etc1::decode_etc1(4, 4, &etc).unwrap();
    let t = r.texture(TextureKind::TwoD, TextureFormat::Compressed, 4, 4, 3, false);
    r.upload(
        t,
        0,
        0,
        4,
        4,
        TextureData::Compressed(CompressedImage {
            etc2: Some(&etc),
            ..Default::default()
        }),
    );
    let px = r.draw_texture(t, TEX_FS, nearest());
    for i in 0..16u32 {
        let (tx, ty) = (i % 4, i / 4);
        assert_px(
            r.at(&px, tx * 2, ty * 2),
            rgba_px(&want, i as usize),
            0,
            &format!("etc2 rgb texel {tx},{ty}"),
        );
    }
    // RGBA8 EAC: an alpha block (base 200, multiplier 0: 200 everywhere), then the colour block.
    let mut block = vec![200u8, 0x00, 0, 0, 0, 0, 0, 0];
    block.extend_from_slice(&etc);
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::CompressedAlpha,
        4,
        4,
        3,
        false,
    );
    r.upload(
        t,
        0,
        0,
        4,
        4,
        TextureData::Compressed(CompressedImage {
            etc2: Some(&block),
            ..Default::default()
        }),
    );
    let px = r.draw_texture(t, TEX_FS, nearest());
    let first = (rgba_px(&want, 0) & 0x00ff_ffff) | (200 << 24);
    assert_px(r.at(&px, 0, 0), first, 0, "etc2 eac texel 0");
}

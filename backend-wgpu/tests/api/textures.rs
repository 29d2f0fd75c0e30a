//! Texture formats: DXT through BC or decoded on the CPU, packed 16-bit formats, half floats.

use crate::common::*;
use molehill_context3d::*;
use molehill_wgpu::Api;

fn draw_texture(r: &mut Rig, t: TextureId) -> Vec<u32> {
    let p = r.program(tex_program());
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0]);
    let mut d = r.resolved(p, &q);
    d.samplers[0] = Some(SamplerBinding {
        texture: t,
        state: SamplerState::default(),
    });
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.draw(&d).unwrap();
    r.read()
}

/// Uploads level `level` of 2D texture `t` (`side` x `side`), every pixel `px`.
fn upload_level(r: &mut Rig, t: TextureId, level: u8, side: u32, px: u32) {
    let data = vec![px; (side * side) as usize];
    r.b.upload_texture(
        t,
        &TextureUpload {
            face: 0,
            level,
            width: side,
            height: side,
            data: TextureData::Argb32(&data),
        },
    )
    .unwrap();
}

fn texture(r: &mut Rig, format: TextureFormat, side: u32) -> TextureId {
    let t = TextureId(r.id());
    r.b.create_texture(
        t,
        &TextureDesc {
            kind: TextureKind::TwoD,
            width: side,
            height: side,
            format,
            levels: 1,
            optimize_for_render_to_texture: false,
            streaming_levels: 0,
        },
    )
    .unwrap();
    t
}

/// One DXT1 block: colour 0 red, colour 1 blue; the top row reads colour 1, the rest colour 0.
const DXT1_BLOCK: [u8; 8] = [0x00, 0xF8, 0x1F, 0x00, 0b0101_0101, 0, 0, 0];

fn dxt1(cpu: bool) -> Vec<u32> {
    let mut r = Rig::new(32, 32);
    if cpu {
        r.b.force_cpu_dxt();
    }
    let t = texture(&mut r, TextureFormat::Compressed, 4);
    r.b.upload_texture(
        t,
        &TextureUpload {
            face: 0,
            level: 0,
            width: 4,
            height: 4,
            data: TextureData::Compressed(CompressedImage {
                dxt: Some(&DXT1_BLOCK),
                ..Default::default()
            }),
        },
    )
    .unwrap();
    draw_texture(&mut r, t)
}

#[test]
fn dxt1_through_bc_and_decoded_on_the_cpu_agree() {
    for cpu in [false, true] {
        let px = dxt1(cpu);
        assert_px(
            px[32 * 2 + 16],
            argb(255, 0, 0, 255),
            0,
            "top row: colour 1",
        );
        assert_px(px[32 * 20 + 16], argb(255, 255, 0, 0), 0, "below: colour 0");
    }
}

/// Once an ATF image made a `compressed` texture's storage BC, BitmapData pixels are refused
/// with an error (#3710 through context3d), as molehill-gl refuses them once S3TC was chosen:
/// never dropped silently (this backend used to log and answer `Ok`). The DXT texels stay.
#[test]
fn bitmap_data_after_bc_storage_is_refused_as_on_gl() {
    let mut r = Rig::new(32, 32);
    let t = texture(&mut r, TextureFormat::Compressed, 4);
    let upload = |data| TextureUpload {
        face: 0,
        level: 0,
        width: 4,
        height: 4,
        data,
    };
    r.b.upload_texture(
        t,
        &upload(TextureData::Compressed(CompressedImage {
            dxt: Some(&DXT1_BLOCK),
            ..Default::default()
        })),
    )
    .unwrap();
    let green = [argb(255, 0, 255, 0); 16];
    let refused = r.b.upload_texture(t, &upload(TextureData::Argb32(&green)));
    assert_eq!(
        refused,
        Err(BackendError::Unsupported(
            "uncompressed pixels for a texture stored compressed (chosen by an earlier ATF upload)"
                .into()
        ))
    );
    let px = draw_texture(&mut r, t);
    assert_px(px[32 * 20 + 16], argb(255, 255, 0, 0), 0, "DXT texel kept");
}

/// A `bgra` texture from B, G, R, A bytes and one from ARGB words (BitmapData) draw the same
/// colours, whether the device stores it as `Bgra8Unorm` (uploaded as given: Vulkan) or as
/// `Rgba8Unorm` swizzled on upload (wgpu's GL backend). Render targets of both formats are
/// covered by the conformance traces.
#[test]
fn bgra_textures_draw_alike_from_bytes_and_words_in_either_storage() {
    for (api, stored) in [
        (Api::Vulkan, wgpu::TextureFormat::Bgra8Unorm),
        (Api::Gl, wgpu::TextureFormat::Rgba8Unorm),
    ] {
        let mut r = Rig::on(api, 32, 32, 0, true);
        let t = texture(&mut r, TextureFormat::Bgra, 2);
        assert_eq!(r.b.texture_format(t), Some(stored), "{api:?}");
        // Two rows: red, green / blue, half-transparent grey (B, G, R, A bytes).
        let bytes = [
            0, 0, 255, 255, 0, 255, 0, 255, //
            255, 0, 0, 255, 128, 128, 128, 128,
        ];
        let upload = |r: &mut Rig, t, data| {
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
            .unwrap()
        };
        upload(&mut r, t, TextureData::Bgra8(&bytes));
        let from_bytes = draw_texture(&mut r, t);
        let words = [
            argb(255, 255, 0, 0),
            argb(255, 0, 255, 0),
            argb(255, 0, 0, 255),
            argb(128, 128, 128, 128),
        ];
        let t2 = texture(&mut r, TextureFormat::Bgra, 2);
        upload(&mut r, t2, TextureData::Argb32(&words));
        let from_words = draw_texture(&mut r, t2);
        assert_eq!(
            from_bytes, from_words,
            "{api:?}: bytes and words draw alike"
        );
        assert_px(from_bytes[0], argb(255, 255, 0, 0), 0, "top left red");
        assert_px(from_bytes[31], argb(255, 0, 255, 0), 0, "top right green");
        assert_px(
            from_bytes[32 * 31],
            argb(255, 0, 0, 255),
            0,
            "bottom left blue",
        );
    }
}

#[test]
fn packed_4444_and_565_expand_to_8_bits() {
    let mut r = Rig::new(32, 32);
    let t = texture(&mut r, TextureFormat::BgraPacked4444, 1);
    // A 0xF, R 0x8, G 0x4, B 0x0.
    r.b.upload_texture(
        t,
        &TextureUpload {
            face: 0,
            level: 0,
            width: 1,
            height: 1,
            data: TextureData::Bgra4444(&[0xF840]),
        },
    )
    .unwrap();
    assert_px(
        draw_texture(&mut r, t)[0],
        argb(255, 0x88, 0x44, 0),
        0,
        "4444",
    );
    let mut r = Rig::new(32, 32);
    let t = texture(&mut r, TextureFormat::BgrPacked565, 1);
    r.b.upload_texture(
        t,
        &TextureUpload {
            face: 0,
            level: 0,
            width: 1,
            height: 1,
            data: TextureData::Bgr565(&[0xF800]),
        },
    )
    .unwrap();
    assert_px(draw_texture(&mut r, t)[0], argb(255, 255, 0, 0), 0, "565");
}

#[test]
fn a_streaming_texture_samples_its_finest_uploaded_level() {
    let mut r = Rig::new(32, 32);
    let t = TextureId(r.id());
    r.b.create_texture(
        t,
        &TextureDesc {
            kind: TextureKind::TwoD,
            width: 4,
            height: 4,
            format: TextureFormat::Bgra,
            levels: 3,
            optimize_for_render_to_texture: false,
            streaming_levels: 3,
        },
    )
    .unwrap();
    // Only the 1x1 level: it is what is sampled.
    upload_level(&mut r, t, 2, 1, argb(255, 255, 0, 0));
    assert_px(
        draw_texture(&mut r, t)[0],
        argb(255, 255, 0, 0),
        0,
        "level 2",
    );
    // Level 0 arrives: sampled from then on (mipnone samples the base).
    upload_level(&mut r, t, 0, 4, argb(255, 0, 255, 0));
    assert_px(
        draw_texture(&mut r, t)[0],
        argb(255, 0, 255, 0),
        0,
        "level 0",
    );
}

/// `mipnone` samples the base level even where the texture is minified (through a view of
/// that level alone, `Texture::base_view`); `mipnearest` there samples level 1.
#[test]
fn mipnone_samples_the_base_level_of_a_minified_texture() {
    let mut r = Rig::new(32, 32);
    let t = TextureId(r.id());
    r.b.create_texture(
        t,
        &TextureDesc {
            kind: TextureKind::TwoD,
            width: 128,
            height: 128,
            format: TextureFormat::Bgra,
            levels: 2,
            optimize_for_render_to_texture: false,
            streaming_levels: 0,
        },
    )
    .unwrap();
    upload_level(&mut r, t, 0, 128, argb(255, 255, 0, 0));
    upload_level(&mut r, t, 1, 64, argb(255, 0, 255, 0));
    let p = r.program(tex_program());
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0]);
    for (mip, expected) in [
        (molehill_agal::MipFilter::None, argb(255, 255, 0, 0)),
        (molehill_agal::MipFilter::Nearest, argb(255, 0, 255, 0)),
    ] {
        let mut d = r.resolved(p, &q);
        d.samplers[0] = Some(SamplerBinding {
            texture: t,
            state: SamplerState {
                mip,
                ..SamplerState::default()
            },
        });
        r.clear([0.0, 0.0, 0.0, 1.0]);
        r.b.draw(&d).unwrap();
        assert_px(r.read()[16 * 32 + 16], expected, 0, &format!("{mip:?}"));
    }
}

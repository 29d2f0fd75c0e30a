//! The desktop GL 3.3 core path: the same scenes as the ES tests on a 3.3 core context
//! (GLSL 3.30 programs, the same orientation, formats, targets).

use crate::common::*;
use molehill_context3d::*;
use molehill_gl::GlApi;

fn rig(w: u32, h: u32, aa: u8) -> Rig {
    let r = Rig::with(GlApi::Desktop33, w, h, aa, true);
    assert_eq!(r.b.dialect(), molehill_agal::glsl::Dialect::Glsl330);
    r
}

#[test]
fn desktop_formats() {
    let mut r = rig(8, 8, 0);
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::BgraPacked4444,
        2,
        2,
        2,
        false,
    );
    r.upload(
        t,
        0,
        0,
        2,
        2,
        TextureData::Bgra4444(&[0xF800 | 0x0F0, 0x8F00, 0x1234, 0xFFFF]),
    );
    let px = r.show(t);
    assert_eq!(r.at(&px, 1, 1), argb(0xFF, 0x88, 0xFF, 0x00));
    assert_eq!(r.at(&px, 6, 1), argb(0x88, 0xFF, 0x00, 0x00));
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::BgrPacked565,
        2,
        2,
        2,
        false,
    );
    r.upload(
        t,
        0,
        0,
        2,
        2,
        TextureData::Bgr565(&[0xF800, 0x07E0, 0x001F, 0xFFFF]),
    );
    let px = r.show(t);
    assert_eq!(
        [r.at(&px, 1, 1), r.at(&px, 6, 1), r.at(&px, 1, 6)],
        [
            argb(255, 255, 0, 0),
            argb(255, 0, 255, 0),
            argb(255, 0, 0, 255)
        ]
    );
    let h = |v: f32| half::f16::from_f32(v).to_bits();
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::RgbaHalfFloat,
        1,
        1,
        1,
        false,
    );
    r.upload(
        t,
        0,
        0,
        1,
        1,
        TextureData::RgbaHalf(&[h(0.5), h(0.0), h(1.0), h(1.0)]),
    );
    assert_px(r.show(t)[0], argb(255, 128, 0, 255), 1, "half float");
    // DXT1 block: c0 red, c1 blue, every index 1 -> blue.
    let block = [0x00, 0xF8, 0x1F, 0x00, 0x55, 0x55, 0x55, 0x55];
    let t = r.texture(TextureKind::TwoD, TextureFormat::Compressed, 4, 4, 3, false);
    r.upload(
        t,
        0,
        0,
        4,
        4,
        TextureData::Compressed(CompressedImage {
            dxt: Some(&block),
            ..Default::default()
        }),
    );
    assert_eq!(r.show(t)[0], argb(255, 0, 0, 255));
}

#[test]
fn desktop_render_to_texture_and_msaa() {
    let mut r = rig(16, 16, 4);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 16, 16, 5, true);
    r.b.set_render_target(&RenderTarget::Textures {
        colors: [
            Some(ColorAttachment {
                texture: t,
                face: 0,
            }),
            None,
            None,
            None,
        ],
        depth_and_stencil: true,
        anti_alias: 4,
    });
    r.clear([1.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, 0.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.draw_color(p, q);
    let px = r.show(t);
    assert_eq!(r.at(&px, 3, 2), argb(255, 0, 255, 0), "top");
    assert_eq!(r.at(&px, 3, 13), argb(255, 255, 0, 0), "bottom");
}

#[test]
fn desktop_culling_and_stencil() {
    let mut r = rig(16, 16, 0);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.set_culling(TriangleFace::Back);
    r.b.set_depth(DepthState {
        write: false,
        compare: CompareMode::Always,
    });
    let set = StencilFace {
        compare: CompareMode::Always,
        on_both_pass: StencilAction::Set,
        on_depth_fail: StencilAction::Keep,
        on_stencil_fail: StencilAction::Keep,
    };
    r.b.set_stencil(StencilState {
        front: set,
        back: set,
        reference: 3,
        read_mask: 0xff,
        write_mask: 0xff,
    });
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    // Clockwise (front) quad on the left half: drawn and stencilled.
    let q = r.color_quad([-1.0, -1.0, 0.0, 1.0], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.draw_color(p, q);
    let eq = StencilFace {
        compare: CompareMode::Equal,
        on_both_pass: StencilAction::Keep,
        ..set
    };
    r.b.set_stencil(StencilState {
        front: eq,
        back: eq,
        reference: 3,
        read_mask: 0xff,
        write_mask: 0xff,
    });
    let full = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 0.0, 1.0, 1.0]);
    r.draw_color(p, full);
    let px = r.read();
    assert_eq!(
        r.at(&px, 2, 8),
        argb(255, 0, 0, 255),
        "stencil 3 on the left"
    );
    assert_eq!(
        r.at(&px, 12, 8),
        argb(255, 0, 0, 0),
        "no stencil on the right"
    );
}

/// D3D9's pow at x = 0 and the exact round-to-nearest of a relative index, in GLSL 3.30 (the
/// ES 3.00 path is the conformance traces `agal_pow_d3d9_zero_base` and
/// `vertex_relative_round_to_nearest`; docs/semantics.md derives the values).
#[test]
fn desktop_d3d9_pow_and_relative_rounding() {
    let mut r = rig(8, 8, 0);
    // pow((0, 0, 0, 0), (0, -1, 2, 0)) = (1, +inf, 0, 1): +inf clamps to 255.
    let p = r.program(
        "mov op, va0",
        "mov ft0, fc0\npow ft1, ft0, fc1\nmov oc, ft1",
    );
    r.b.set_program_constants(
        molehill_agal::ProgramKind::Fragment,
        0,
        &[[0.0, 0.0, 0.0, 0.0], [0.0, -1.0, 2.0, 0.0]],
    );
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 0.0, 0.0, 0.0]);
    r.clear([0.5, 0.5, 0.5, 1.0]);
    r.draw_color(p, q);
    let px = r.read();
    assert_eq!(r.at(&px, 4, 4), argb(255, 255, 255, 0), "pow at x = 0");
    // vc[va1.x + 0] with va1.x = 0.49999997 (float32 0.5 - 2^-25): register 0 (red), where
    // floor(i + 0.5) reads register 1 (green); 2.5 rounds up to register 3 (blue).
    let p = r.program(
        "mov op, va0\nmov vt0, va1\nmov v0, vc[vt0.x+0]",
        "mov oc, v0",
    );
    r.b.set_program_constants(
        molehill_agal::ProgramKind::Vertex,
        0,
        &[
            [1.0, 0.0, 0.0, 1.0],
            [0.0, 1.0, 0.0, 1.0],
            [1.0, 1.0, 1.0, 1.0],
            [0.0, 0.0, 1.0, 1.0],
        ],
    );
    for (index, want) in [
        (0.499_999_97_f32, argb(255, 255, 0, 0)),
        (2.5, argb(255, 0, 0, 255)),
    ] {
        let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [index, 0.0, 0.0, 0.0]);
        r.clear([0.5, 0.5, 0.5, 1.0]);
        r.draw_color(p, q);
        let px = r.read();
        assert_eq!(r.at(&px, 4, 4), want, "relative index {index}");
    }
}

//! Render state, bindings, constants and render targets.

use molehill_agal::profile::Profile;
use molehill_agal::ProgramKind;
use molehill_context3d::{
    BlendFactor, BlendState, Call, ColorMask, CompareMode, DepthState, Endian, PixelRect, Rect,
    StencilAction, StencilFace, StencilState, TriangleFace,
};

use crate::common::*;

#[test]
fn blend_factors() {
    let mut c = ctx(Profile::Baseline);
    c.set_blend_factors("sourceAlpha", "oneMinusSourceAlpha")
        .unwrap();
    assert!(c.backend().calls.is_empty(), "sent with the next draw");
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![Call::SetBlend(BlendState {
            source: BlendFactor::SourceAlpha,
            destination: BlendFactor::OneMinusSourceAlpha
        })]
    );
    assert_2008(c.set_blend_factors("SourceAlpha", "one"), "sourceFactor");
    assert_2008(c.set_blend_factors("one", "garbage"), "destinationFactor");
    assert_2008(c.set_blend_factors("bad", "garbage"), "sourceFactor");
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "failed calls set nothing"
    );
    // Back to the default reaches the backend, once; the default itself would not.
    c.set_blend_factors("one", "zero").unwrap();
    c.set_blend_factors("one", "zero").unwrap();
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![Call::SetBlend(BlendState::default())]
    );
    // Set and set back before a draw: the backend already has it.
    c.set_blend_factors("destinationColor", "one").unwrap();
    c.set_blend_factors("one", "zero").unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
}

#[test]
fn color_mask_culling_depth() {
    let mut c = ctx(Profile::Baseline);
    c.set_color_mask(true, true, true, true).unwrap();
    c.set_culling("none").unwrap();
    c.set_depth_test(true, "less").unwrap();
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "defaults are not sent"
    );
    c.set_color_mask(true, false, true, false).unwrap();
    c.set_culling("frontAndBack").unwrap();
    c.set_depth_test(false, "lessEqual").unwrap();
    assert!(c.backend().calls.is_empty(), "sent with the next draw");
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![
            Call::SetColorMask(ColorMask {
                red: true,
                green: false,
                blue: true,
                alpha: false
            }),
            Call::SetCulling(TriangleFace::FrontAndBack),
            Call::SetDepth(DepthState {
                write: false,
                compare: CompareMode::LessEqual
            }),
        ]
    );
    assert_2008(c.set_culling("Back"), "triangleFaceToCull");
    assert_2008(c.set_depth_test(true, "Always"), "passCompareMode");
    assert_2008(c.set_depth_test(true, "LINEAR"), "passCompareMode");
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "failed calls set nothing"
    );
    // Only what differs from what the backend has goes: the culling is the same again.
    c.set_culling("back").unwrap();
    c.set_color_mask(false, false, false, false).unwrap();
    c.set_culling("frontAndBack").unwrap();
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![Call::SetColorMask(ColorMask {
            red: false,
            green: false,
            blue: false,
            alpha: false
        })]
    );
}

#[test]
fn stencil_actions_per_face() {
    let mut c = ctx(Profile::Baseline);
    c.set_stencil_actions("back", "equal", "incrementWrap", "zero", "invert")
        .unwrap();
    let back = StencilFace {
        compare: CompareMode::Equal,
        on_both_pass: StencilAction::IncrementWrap,
        on_depth_fail: StencilAction::Zero,
        on_stencil_fail: StencilAction::Invert,
    };
    assert!(c.backend().calls.is_empty(), "sent with the next draw");
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![Call::SetStencil(StencilState {
            back,
            ..StencilState::default()
        })]
    );
    c.set_stencil_actions("none", "never", "set", "set", "set")
        .unwrap();
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "'none' changes no face"
    );
    c.set_stencil_reference_value(0x1_05, 0xf0, 0x0f).unwrap();
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![Call::SetStencil(StencilState {
            back,
            reference: 5,
            read_mask: 0xf0,
            write_mask: 0x0f,
            ..StencilState::default()
        })]
    );
    assert_2008(
        c.set_stencil_actions("sides", "always", "keep", "keep", "keep"),
        "triangleFace",
    );
    assert_2008(
        c.set_stencil_actions("front", "Always", "keep", "keep", "keep"),
        "compareMode",
    );
    assert_2008(
        c.set_stencil_actions("front", "always", "kept", "keep", "keep"),
        "actionOnBothPass",
    );
    assert_2008(
        c.set_stencil_actions("front", "always", "keep", "KEEP", "keep"),
        "actionOnDepthFail",
    );
    assert_2008(
        c.set_stencil_actions("front", "always", "keep", "keep", ""),
        "actionOnDepthPassStencilFail",
    );
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "failed calls set nothing"
    );
    // A face changed and changed back before a draw: nothing to send.
    c.set_stencil_actions("frontAndBack", "always", "keep", "keep", "keep")
        .unwrap();
    c.set_stencil_actions("back", "equal", "incrementWrap", "zero", "invert")
        .unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
}

#[test]
fn scissor_rectangle() {
    let mut c = ctx(Profile::Baseline);
    let r = Rect {
        x: 1.7,
        y: -2.0,
        width: 10.9,
        height: 3.9,
    };
    // Set twice, sent once, truncated to pixels.
    c.set_scissor_rectangle(Some(r)).unwrap();
    c.set_scissor_rectangle(Some(r)).unwrap();
    assert!(c.backend().calls.is_empty(), "sent with the next draw");
    assert_eq!(
        sent_by_next_draw(&mut c),
        vec![Call::SetScissor(Some(PixelRect {
            x: 1,
            y: -2,
            width: 10,
            height: 3
        }))]
    );
    c.set_scissor_rectangle(None).unwrap();
    c.set_scissor_rectangle(None).unwrap();
    assert_eq!(sent_by_next_draw(&mut c), vec![Call::SetScissor(None)]);
    // On and off again before a draw: the backend has it off already.
    c.set_scissor_rectangle(Some(r)).unwrap();
    c.set_scissor_rectangle(None).unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
}

/// A rectangle of zero width or height (after truncation: also negative, fractional and NaN
/// sizes) is ignored as if it were null: it replaces a real rectangle with none.
#[test]
fn zero_size_scissor_rectangle_is_null() {
    let mut c = ctx(Profile::Baseline);
    let rect = |width: f64, height: f64| Rect {
        x: 4.0,
        y: 4.0,
        width,
        height,
    };
    let real = Call::SetScissor(Some(PixelRect {
        x: 4,
        y: 4,
        width: 8,
        height: 8,
    }));
    for (w, h) in [
        (0.0, 8.0),
        (8.0, 0.0),
        (-3.0, 8.0),
        (0.9, 8.0),
        (8.0, f64::NAN),
    ] {
        c.set_scissor_rectangle(Some(rect(8.0, 8.0))).unwrap();
        assert_eq!(sent_by_next_draw(&mut c), vec![real.clone()]);
        c.set_scissor_rectangle(Some(rect(w, h))).unwrap();
        assert_eq!(
            sent_by_next_draw(&mut c),
            vec![Call::SetScissor(None)],
            "{w} x {h}"
        );
    }
}

#[test]
fn vertex_buffer_at() {
    let mut c = ctx(Profile::Baseline);
    let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float4").unwrap();
    c.set_vertex_buffer_at(7, Some(vb), 3, "bytes4").unwrap();
    c.set_vertex_buffer_at(1, None, 0, "garbage").unwrap();
    assert_2008(
        c.set_vertex_buffer_at(1, Some(vb), 0, "float5"),
        "vertexStreamFormat",
    );
    assert_2006(c.set_vertex_buffer_at(8, Some(vb), 0, "float1"));
    assert_2006(c.set_vertex_buffer_at(-1, None, 0, "float1"));
    assert_2006(c.set_vertex_buffer_at(0, Some(vb), -1, "float1"));
    // standardExtended has 16 attribute slots.
    let mut s = ctx(Profile::StandardExtended);
    let svb = s.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    s.set_vertex_buffer_at(15, Some(svb), 0, "float1").unwrap();
    c.vertex_buffer_dispose(vb);
    assert_disposed(c.set_vertex_buffer_at(0, Some(vb), 0, "float4"));
}

#[test]
fn texture_and_sampler_state_at() {
    let mut c = ctx(Profile::Baseline);
    let t = c.create_texture(2, 2, "bgra", false, 0).unwrap();
    c.set_texture_at(0, Some(t)).unwrap();
    c.set_texture_at(7, None).unwrap();
    assert_2006(c.set_texture_at(8, Some(t)));
    c.set_sampler_state_at(3, "repeat", "anisotropic8x", "miplinear")
        .unwrap();
    assert_2006(c.set_sampler_state_at(8, "clamp", "linear", "mipnone"));
    assert_2008(
        c.set_sampler_state_at(0, "Clamp", "linear", "mipnone"),
        "wrap",
    );
    assert_2008(
        c.set_sampler_state_at(0, "clamp", "bilinear", "mipnone"),
        "filter",
    );
    assert_2008(
        c.set_sampler_state_at(0, "clamp", "linear", "nomip"),
        "mipfilter",
    );
    c.texture_dispose(t);
    assert_disposed(c.set_texture_at(0, Some(t)));
    let mut s = ctx(Profile::Standard);
    s.set_sampler_state_at(15, "clamp", "linear", "mipnone")
        .unwrap();
    assert!(c
        .backend()
        .calls
        .iter()
        .all(|c| !matches!(c, Call::SetProgramConstants(..))));
}

#[test]
fn constants_from_vector() {
    let mut c = ctx(Profile::Baseline);
    let data: Vec<f64> = (1..=8).map(f64::from).collect();
    c.set_program_constants_from_vector("vertex", 2, &data, -1)
        .unwrap();
    c.set_program_constants_from_vector("fragment", 27, &data, 1)
        .unwrap();
    assert!(c.backend().calls.is_empty(), "sent with the next draw");
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![
            (
                ProgramKind::Vertex,
                2,
                vec![[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]
            ),
            (ProgramKind::Fragment, 27, vec![[1.0, 2.0, 3.0, 4.0]]),
        ]
    );
    // Same values: nothing.
    c.set_program_constants_from_vector("vertex", 2, &data, 2)
        .unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
    // One register of a call changed: the call's whole range goes.
    let mut changed = data.clone();
    changed[5] = 60.0;
    c.set_program_constants_from_vector("vertex", 2, &changed, 2)
        .unwrap();
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![(
            ProgramKind::Vertex,
            2,
            vec![[1.0, 2.0, 3.0, 4.0], [5.0, 60.0, 7.0, 8.0]]
        )]
    );
}

/// Up to 16 registers a call is compared with the file (the same values again send nothing);
/// a larger call (a bone palette) counts as changed without comparing, and is sent whole.
#[test]
fn large_constant_calls_are_sent_without_comparing() {
    let mut c = ctx(Profile::Baseline);
    let sixteen: Vec<f64> = (0..64).map(f64::from).collect();
    let seventeen: Vec<f64> = (0..68).map(f64::from).collect();
    for data in [&sixteen, &seventeen] {
        c.set_program_constants_from_vector("vertex", 0, data, -1)
            .unwrap();
        assert_eq!(sent_by_next_draw(&mut c).len(), 1);
    }
    // The same 16 registers again: nothing; the same 17: sent, with the values.
    c.set_program_constants_from_vector("vertex", 0, &sixteen, -1)
        .unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
    c.set_program_constants_from_vector("vertex", 0, &seventeen, -1)
        .unwrap();
    let sent = constants_of(sent_by_next_draw(&mut c));
    assert_eq!(sent.len(), 1);
    let (kind, first, values) = &sent[0];
    assert_eq!((*kind, *first, values.len()), (ProgramKind::Vertex, 0, 17));
    assert_eq!(values[16], [64.0, 65.0, 66.0, 67.0]);
}

#[test]
fn constants_from_vector_errors() {
    let mut c = ctx(Profile::Baseline);
    let bad = "Error #3669: Bad input size.";
    // Recorded (stage3d_program_constants_invalid_input): tests 1-3.
    assert_error(
        c.set_program_constants_from_vector("vertex", 0, &[1.0, 2.0, 3.0], 1),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_vector("vertex", 0, &[] as &[f64], 1),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_vector("vertex", 0, &[0.0; 7], 2),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_vector("vertex", 0, &[0.0; 7], -1),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_vector("vertex", 0, &[0.0; 8], -2),
        3669,
        bad,
    );
    assert_2008(
        c.set_program_constants_from_vector("Vertex", 0, &[0.0; 4], 1),
        "programType",
    );
    assert_2006(c.set_program_constants_from_vector("vertex", 128, &[0.0; 4], 1));
    assert_2006(c.set_program_constants_from_vector("fragment", 27, &[0.0; 8], 2));
    assert_2006(c.set_program_constants_from_vector("fragment", -1, &[0.0; 4], 1));
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "failed calls write nothing"
    );
    // The standard profile has 250 / 64 registers.
    let mut s = ctx(Profile::Standard);
    s.set_program_constants_from_vector("vertex", 249, &[1.0; 4], 1)
        .unwrap();
    s.set_program_constants_from_vector("fragment", 63, &[1.0; 4], 1)
        .unwrap();
    assert_eq!(
        constants_of(sent_by_next_draw(&mut s)),
        vec![
            (ProgramKind::Vertex, 249, vec![[1.0; 4]]),
            (ProgramKind::Fragment, 63, vec![[1.0; 4]]),
        ]
    );
}

#[test]
fn constants_from_matrix() {
    let mut c = ctx(Profile::Baseline);
    let raw: [f64; 16] = std::array::from_fn(|i| i as f64);
    c.set_program_constants_from_matrix("vertex", 0, &raw, false)
        .unwrap();
    c.set_program_constants_from_matrix("fragment", 0, &raw, true)
        .unwrap();
    let calls = constants_of(sent_by_next_draw(&mut c));
    assert_eq!(
        calls,
        vec![
            (
                ProgramKind::Vertex,
                0,
                vec![
                    [0.0, 1.0, 2.0, 3.0],
                    [4.0, 5.0, 6.0, 7.0],
                    [8.0, 9.0, 10.0, 11.0],
                    [12.0, 13.0, 14.0, 15.0]
                ]
            ),
            (
                ProgramKind::Fragment,
                0,
                vec![
                    [0.0, 4.0, 8.0, 12.0],
                    [1.0, 5.0, 9.0, 13.0],
                    [2.0, 6.0, 10.0, 14.0],
                    [3.0, 7.0, 11.0, 15.0]
                ]
            ),
        ]
    );
    assert_2008(
        c.set_program_constants_from_matrix("vert", 0, &raw, true),
        "programType",
    );
    assert_2006(c.set_program_constants_from_matrix("vertex", 125, &raw, true));
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "failed calls write nothing"
    );
    // The same matrix again, either way round: nothing changed.
    c.set_program_constants_from_matrix("vertex", 0, &raw, false)
        .unwrap();
    c.set_program_constants_from_matrix("fragment", 0, &raw, true)
        .unwrap();
    assert!(sent_by_next_draw(&mut c).is_empty());
}

#[test]
fn constants_from_byte_array_recorded_cases() {
    let mut c = ctx(Profile::Baseline);
    let bad = "Error #3669: Bad input size.";
    let f = |n: usize| floats_le(&(0..n).map(|i| i as f32).collect::<Vec<_>>());
    let le = Endian::Little;
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, 1, &f(3), 0, le),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, 1, &f(4), 20, le),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, 1, &f(4), 16, le),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, 1, &f(5), 8, le),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, 1, &[], 0, le),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, 2, &f(8), 4, le),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, -1, &f(8), 0, le),
        3669,
        bad,
    );
    assert_error(
        c.set_program_constants_from_byte_array("vertex", 0, -2, &f(8), 0, le),
        3669,
        bad,
    );
    assert_2008(
        c.set_program_constants_from_byte_array("invalid", 0, 1, &f(4), 0, le),
        "programType",
    );
    assert!(
        sent_by_next_draw(&mut c).is_empty(),
        "failed calls write nothing"
    );
    c.set_program_constants_from_byte_array("vertex", 0, 1, &f(4), 0, le)
        .unwrap();
    c.set_program_constants_from_byte_array("vertex", 1, 2, &f(8), 0, le)
        .unwrap();
    // The ByteArray's endian is ignored: little-endian bytes in a "bigEndian" ByteArray are
    // read as little-endian (ruffle-rs/ruffle PR #23901, checked in Flash Player).
    let le_bytes: Vec<u8> = [1.0f32, 2.0, 3.0, 4.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    c.set_program_constants_from_byte_array("fragment", 0, 1, &le_bytes, 0, Endian::Big)
        .unwrap();
    // Both vertex calls arrive as one range.
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![
            (
                ProgramKind::Vertex,
                0,
                vec![
                    [0.0, 1.0, 2.0, 3.0],
                    [0.0, 1.0, 2.0, 3.0],
                    [4.0, 5.0, 6.0, 7.0]
                ]
            ),
            (ProgramKind::Fragment, 0, vec![[1.0, 2.0, 3.0, 4.0]]),
        ]
    );
    // Read from byteArrayOffset on.
    c.set_program_constants_from_byte_array("fragment", 3, 1, &f(6), 8, le)
        .unwrap();
    assert_eq!(
        constants_of(sent_by_next_draw(&mut c)),
        vec![(ProgramKind::Fragment, 3, vec![[2.0, 3.0, 4.0, 5.0]])]
    );
}

#[test]
fn render_to_texture_argument_errors() {
    let mut c = ctx(Profile::Standard);
    let t2d = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    let cube = c.create_cube_texture(8, "bgra", true, 0).unwrap();
    let rect = c.create_rectangle_texture(8, 8, "bgra", true).unwrap();
    let dxt = c.create_texture(8, 8, "compressed", false, 0).unwrap();
    let streaming = c.create_texture(8, 8, "bgra", false, 2).unwrap();
    let video = c.create_video_texture().unwrap();
    let msg = "Error #3770: ColorOutputIndex must be in the range [0..3].";
    assert_error(
        c.set_render_to_texture(Some(t2d), false, 0, 0, 4),
        3770,
        msg,
    );
    assert_error(
        c.set_render_to_texture(Some(t2d), false, 0, 0, -1),
        3770,
        msg,
    );
    assert_error(
        c.set_render_to_texture(Some(t2d), false, 0, 1, 0),
        3771,
        "Error #3771: 2D textures need to have surfaceSelector = 0.",
    );
    assert_error(
        c.set_render_to_texture(Some(cube), false, 0, 6, 0),
        3772,
        "Error #3772: Cube textures need to have surfaceSelector [0..5].",
    );
    assert_error(
        c.set_render_to_texture(Some(rect), false, 0, 1, 0),
        3773,
        "Error #3773: Rectangle textures need to have surfaceSelector = 0.",
    );
    assert_error(
        c.set_render_to_texture(Some(dxt), false, 0, 0, 0),
        3746,
        "Error #3746: Rendering to compressed textures is not allowed.",
    );
    assert_error(
        c.set_render_to_texture(Some(streaming), false, 0, 0, 0),
        3712,
        "Error #3712: Rendering to streaming textures is not allowed.",
    );
    assert_error(
        c.set_render_to_texture(Some(video), false, 0, 0, 0),
        3731,
        "Error #3731: This feature is not available within this context.",
    );
    c.set_render_to_texture(Some(cube), true, 4, 5, 0).unwrap();
    c.set_render_to_texture(Some(rect), false, 0, 0, 0).unwrap();
    c.texture_dispose(t2d);
    assert_disposed(c.set_render_to_texture(Some(t2d), false, 0, 0, 0));
    // Without MRT in the profile.
    let mut b = ctx(Profile::Baseline);
    let t = b.create_texture(8, 8, "bgra", true, 0).unwrap();
    assert_error(
        b.set_render_to_texture(Some(t), false, 0, 0, 1),
        3779,
        "Error #3779: This call requires a Context3D that is created with the standard profile or above",
    );
}

#[test]
fn multiple_render_target_rules_at_clear() {
    let mut c = ctx(Profile::Standard);
    c.set_enable_error_checking(true).unwrap();
    c.configure_back_buffer(64, 64, 0, false, false, false)
        .unwrap();
    let a = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    let b = c.create_texture(8, 8, "bgra", true, 0).unwrap();
    let small = c.create_texture(4, 4, "bgra", true, 0).unwrap();
    let half = c.create_texture(8, 8, "rgbaHalfFloat", true, 0).unwrap();
    let clear = |c: &mut Ctx| c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7);
    c.set_render_to_texture(Some(b), false, 0, 0, 1).unwrap();
    assert_error(
        clear(&mut c),
        3728,
        "Error #3728: When rendering to multiple textures slot 0 must be active. When rendering to the back buffer all render to texture slots must be disabled.",
    );
    c.set_render_to_texture(Some(b), false, 0, 0, 0).unwrap();
    assert_error(
        clear(&mut c),
        3730,
        "Error #3730: When rendering to multiple textures the same texture (or cube map face) may not be bound into multiple slots.",
    );
    c.set_render_to_texture(Some(a), false, 0, 0, 0).unwrap();
    c.set_render_to_texture(Some(small), false, 0, 0, 2)
        .unwrap();
    assert_error(
        clear(&mut c),
        3729,
        "Error #3729: When rendering to multiple textures all textures must have the same dimension and render settings.",
    );
    c.set_render_to_texture(Some(half), false, 0, 0, 2).unwrap();
    assert_error(
        clear(&mut c),
        3761,
        "Error #3761: The bit depth of all textures used for render to texture must be exactly the same.",
    );
    c.set_render_to_texture(None, false, 0, 0, 2).unwrap();
    c.backend_mut().take();
    clear(&mut c).unwrap();
    let calls = c.backend_mut().take();
    let Call::SetRenderTarget(molehill_context3d::RenderTarget::Textures { colors, .. }) = calls[0]
    else {
        panic!("{calls:?}")
    };
    assert_eq!(colors.iter().filter(|c| c.is_some()).count(), 2);
    c.texture_dispose(b);
    assert_disposed(clear(&mut c));
    // Without error checking the bad clear is dropped.
    c.set_enable_error_checking(false).unwrap();
    c.backend_mut().take();
    clear(&mut c).unwrap();
    assert!(c.backend().calls.is_empty());
}

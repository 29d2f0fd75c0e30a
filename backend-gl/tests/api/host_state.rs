//! The state contract, wholesale: a player sets nearly every piece of GL state away from its
//! default, Molehill draws a busy frame in the player's context (MSAA back buffer, depth and
//! stencil, render to texture, textures and samplers on several units, blend, scissor,
//! culling, colour mask, PBO read-back), and a dump of ~150 queried values is the same after.

use crate::common::player::Player;
use crate::common::*;
use glow::HasContext;
use molehill_context3d::*;
use molehill_gl::GlBackend;

/// (query, number of values) asked with glGetIntegerv.
const QUERIES: &[(u32, usize)] = &[
    (glow::CURRENT_PROGRAM, 1),
    (glow::VERTEX_ARRAY_BINDING, 1),
    (glow::ARRAY_BUFFER_BINDING, 1),
    (glow::ELEMENT_ARRAY_BUFFER_BINDING, 1),
    (glow::COPY_READ_BUFFER_BINDING, 1),
    (glow::COPY_WRITE_BUFFER_BINDING, 1),
    (glow::PIXEL_PACK_BUFFER_BINDING, 1),
    (glow::PIXEL_UNPACK_BUFFER_BINDING, 1),
    (glow::UNIFORM_BUFFER_BINDING, 1),
    (glow::DRAW_FRAMEBUFFER_BINDING, 1),
    (glow::READ_FRAMEBUFFER_BINDING, 1),
    (glow::RENDERBUFFER_BINDING, 1),
    (glow::ACTIVE_TEXTURE, 1),
    (glow::VIEWPORT, 4),
    (glow::SCISSOR_BOX, 4),
    (glow::COLOR_WRITEMASK, 4),
    (glow::COLOR_CLEAR_VALUE, 4),
    (glow::DEPTH_CLEAR_VALUE, 1),
    (glow::STENCIL_CLEAR_VALUE, 1),
    (glow::DEPTH_FUNC, 1),
    (glow::DEPTH_WRITEMASK, 1),
    (glow::DEPTH_RANGE, 2),
    (glow::CULL_FACE_MODE, 1),
    (glow::FRONT_FACE, 1),
    (glow::BLEND_SRC_RGB, 1),
    (glow::BLEND_DST_RGB, 1),
    (glow::BLEND_SRC_ALPHA, 1),
    (glow::BLEND_DST_ALPHA, 1),
    (glow::BLEND_EQUATION_RGB, 1),
    (glow::BLEND_EQUATION_ALPHA, 1),
    (glow::BLEND_COLOR, 4),
    (glow::STENCIL_FUNC, 1),
    (glow::STENCIL_REF, 1),
    (glow::STENCIL_VALUE_MASK, 1),
    (glow::STENCIL_WRITEMASK, 1),
    (glow::STENCIL_FAIL, 1),
    (glow::STENCIL_PASS_DEPTH_FAIL, 1),
    (glow::STENCIL_PASS_DEPTH_PASS, 1),
    (glow::STENCIL_BACK_FUNC, 1),
    (glow::STENCIL_BACK_REF, 1),
    (glow::STENCIL_BACK_VALUE_MASK, 1),
    (glow::STENCIL_BACK_WRITEMASK, 1),
    (glow::STENCIL_BACK_FAIL, 1),
    (glow::STENCIL_BACK_PASS_DEPTH_FAIL, 1),
    (glow::STENCIL_BACK_PASS_DEPTH_PASS, 1),
    (glow::POLYGON_OFFSET_FACTOR, 1),
    (glow::POLYGON_OFFSET_UNITS, 1),
    (glow::UNPACK_ALIGNMENT, 1),
    (glow::UNPACK_ROW_LENGTH, 1),
    (glow::UNPACK_IMAGE_HEIGHT, 1),
    (glow::UNPACK_SKIP_ROWS, 1),
    (glow::UNPACK_SKIP_PIXELS, 1),
    (glow::UNPACK_SKIP_IMAGES, 1),
    (glow::PACK_ALIGNMENT, 1),
    (glow::PACK_ROW_LENGTH, 1),
    (glow::PACK_SKIP_ROWS, 1),
    (glow::PACK_SKIP_PIXELS, 1),
];

const CAPS: &[u32] = &[
    glow::BLEND,
    glow::CULL_FACE,
    glow::DEPTH_TEST,
    glow::STENCIL_TEST,
    glow::SCISSOR_TEST,
    glow::POLYGON_OFFSET_FILL,
    glow::SAMPLE_ALPHA_TO_COVERAGE,
    glow::SAMPLE_COVERAGE,
    glow::RASTERIZER_DISCARD,
    glow::PRIMITIVE_RESTART_FIXED_INDEX,
    glow::DITHER,
];

fn dump(gl: &glow::Context) -> Vec<(String, Vec<i32>)> {
    let mut out = Vec::new();
    for &(q, n) in QUERIES {
        let mut v = vec![0; n];
        // SAFETY: the player's context is current; `v` has the query's number of values.
        unsafe { gl.get_parameter_i32_slice(q, &mut v) };
        out.push((format!("0x{q:04x}"), v));
    }
    for &cap in CAPS {
        // SAFETY: the player's context is current; a GL ES 3.0 capability.
        let on = unsafe { gl.is_enabled(cap) };
        out.push((format!("enabled 0x{cap:04x}"), vec![i32::from(on)]));
    }
    // SAFETY: the player's context is current.
    let active = unsafe { gl.get_parameter_i32(glow::ACTIVE_TEXTURE) } as u32;
    for unit in 0..16u32 {
        // SAFETY: the player's context is current; unit < 16.
        unsafe { gl.active_texture(glow::TEXTURE0 + unit) };
        for q in [
            glow::TEXTURE_BINDING_2D,
            glow::TEXTURE_BINDING_CUBE_MAP,
            glow::SAMPLER_BINDING,
        ] {
            // SAFETY: the player's context is current.
            let v = unsafe { gl.get_parameter_i32(q) };
            out.push((format!("unit {unit} 0x{q:04x}"), vec![v]));
        }
    }
    // SAFETY: the player's context is current; the unit read above.
    unsafe { gl.active_texture(active) };
    out
}

/// Sets nearly everything away from GL's defaults (on top of Player's own state).
fn unusual_state(p: &Player) {
    let gl = p.gl();
    // SAFETY: (whole block) the player's context is current; its own objects and valid values.
    unsafe {
        let cube = gl.create_texture().unwrap();
        gl.active_texture(glow::TEXTURE2);
        gl.bind_texture(glow::TEXTURE_CUBE_MAP, Some(cube));
        let sampler = gl.create_sampler().unwrap();
        gl.bind_sampler(1, Some(sampler));
        gl.bind_sampler(3, Some(sampler));
        gl.active_texture(glow::TEXTURE5);
        let buffers: Vec<glow::Buffer> = (0..5).map(|_| gl.create_buffer().unwrap()).collect();
        for (target, b) in [
            glow::COPY_READ_BUFFER,
            glow::COPY_WRITE_BUFFER,
            glow::PIXEL_PACK_BUFFER,
            glow::PIXEL_UNPACK_BUFFER,
            glow::UNIFORM_BUFFER,
        ]
        .into_iter()
        .zip(buffers)
        {
            gl.bind_buffer(target, Some(b));
            gl.buffer_data_size(target, 256, glow::STREAM_DRAW);
        }
        let ebo = gl.create_buffer().unwrap();
        gl.bind_buffer(glow::ELEMENT_ARRAY_BUFFER, Some(ebo));
        let rb = gl.create_renderbuffer().unwrap();
        gl.bind_renderbuffer(glow::RENDERBUFFER, Some(rb));
        gl.color_mask(true, false, true, false);
        gl.clear_color(0.1, 0.2, 0.3, 0.4);
        gl.clear_depth_f32(0.25);
        gl.clear_stencil(7);
        gl.enable(glow::DEPTH_TEST);
        gl.depth_func(glow::GREATER);
        gl.depth_mask(false);
        gl.depth_range_f32(0.1, 0.9);
        gl.enable(glow::CULL_FACE);
        gl.cull_face(glow::FRONT);
        gl.front_face(glow::CW);
        gl.blend_equation_separate(glow::FUNC_SUBTRACT, glow::MAX);
        gl.blend_color(0.5, 0.25, 0.125, 1.0);
        gl.enable(glow::STENCIL_TEST);
        gl.stencil_func_separate(glow::FRONT, glow::LEQUAL, 3, 0x0f);
        gl.stencil_func_separate(glow::BACK, glow::GEQUAL, 5, 0xf0);
        gl.stencil_op_separate(glow::FRONT, glow::INCR, glow::DECR, glow::INVERT);
        gl.stencil_op_separate(glow::BACK, glow::REPLACE, glow::ZERO, glow::INCR_WRAP);
        gl.stencil_mask_separate(glow::FRONT, 0x3c);
        gl.stencil_mask_separate(glow::BACK, 0xc3);
        gl.enable(glow::POLYGON_OFFSET_FILL);
        gl.polygon_offset(2.0, 3.0);
        gl.enable(glow::SAMPLE_ALPHA_TO_COVERAGE);
        gl.enable(glow::PRIMITIVE_RESTART_FIXED_INDEX);
        gl.disable(glow::DITHER);
        for (p, v) in [
            (glow::UNPACK_ALIGNMENT, 8),
            (glow::UNPACK_ROW_LENGTH, 3),
            (glow::UNPACK_IMAGE_HEIGHT, 2),
            (glow::UNPACK_SKIP_ROWS, 1),
            (glow::UNPACK_SKIP_PIXELS, 1),
            (glow::UNPACK_SKIP_IMAGES, 1),
            (glow::PACK_ALIGNMENT, 2),
            (glow::PACK_ROW_LENGTH, 5),
            (glow::PACK_SKIP_ROWS, 1),
            (glow::PACK_SKIP_PIXELS, 2),
        ] {
            gl.pixel_store_i32(p, v);
        }
    }
}

fn busy_frame(r: &mut Rig) -> Vec<u32> {
    let tex = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 1, true);
    r.b.set_render_target(&RenderTarget::Textures {
        colors: [
            Some(ColorAttachment {
                texture: tex,
                face: 0,
            }),
            None,
            None,
            None,
        ],
        depth_and_stencil: true,
        anti_alias: 2,
    });
    r.clear([0.0, 1.0, 0.0, 1.0]);
    let colour = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, 0.0, 1.0, 1.0], 0.0, [1.0, 0.0, 1.0, 1.0]);
    r.draw_color(colour, q);
    r.b.set_render_target(&RenderTarget::BackBuffer);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.b.set_depth(DepthState {
        write: true,
        compare: CompareMode::Less,
    });
    r.b.set_stencil(StencilState {
        front: StencilFace {
            compare: CompareMode::Always,
            on_both_pass: StencilAction::IncrementSaturate,
            on_depth_fail: StencilAction::Keep,
            on_stencil_fail: StencilAction::Keep,
        },
        back: StencilFace {
            compare: CompareMode::Always,
            on_both_pass: StencilAction::Keep,
            on_depth_fail: StencilAction::Keep,
            on_stencil_fail: StencilAction::Keep,
        },
        reference: 1,
        read_mask: 0xff,
        write_mask: 0xff,
    });
    r.b.set_culling(TriangleFace::Back);
    r.b.set_blend(BlendState {
        source: BlendFactor::SourceAlpha,
        destination: BlendFactor::OneMinusSourceAlpha,
    });
    r.b.set_scissor(Some(PixelRect {
        x: 2,
        y: 2,
        width: 28,
        height: 28,
    }));
    let textured = r.program(
        POS_UV_VS,
        "tex ft0, v0, fs3 <2d,clamp,nearest,mipnone>\nmov oc, ft0",
    );
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]);
    r.draw_textured(textured, q, &[(3, tex, nearest())]);
    r.b.set_color_mask(ColorMask {
        red: true,
        green: false,
        blue: true,
        alpha: true,
    });
    let q = r.color_quad([-0.25, -0.25, 0.25, 0.25], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.draw_color(colour, q);
    r.b.present().expect("present");
    r.read()
}

#[test]
fn every_piece_of_the_players_state_survives_a_busy_frame() {
    // The same frame in a context of Molehill's own.
    let mut own = Rig::with(molehill_gl::GlApi::Es30, 32, 32, 4, true);
    own.b.set_frame_readback(2);
    let want = busy_frame(&mut own);

    let player = Player::new(32);
    unusual_state(&player);
    let before = dump(player.gl());
    assert_eq!(player.gl_error(), glow::NO_ERROR);
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 32, 32);
    r.b.configure_back_buffer(&BackBufferConfig {
        width: 32,
        height: 32,
        anti_alias: 4,
        depth_and_stencil: true,
    })
    .unwrap();
    r.b.set_frame_readback(2);
    let got = busy_frame(&mut r);
    assert_eq!(got, want, "the frame in the player's context");
    let pbo = r.b.take_frame_pixels(true).unwrap().expect("PBO frame");
    assert_eq!(pbo.pixels, want);
    let after = dump(player.gl());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b, a, "player's state changed");
    }
    assert_eq!(player.gl_error(), glow::NO_ERROR);
    // Drop deletes Molehill's objects in the player's context, state intact.
    drop(r);
    assert_eq!(dump(player.gl()), before);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

/// `HostRestore::AtPresent`: Molehill's state stays bound between its calls (fewer GL calls
/// per draw); the player's comes back at present() and at restore_host_state().
#[test]
fn restore_at_present_leaves_the_player_its_state_at_present_and_on_demand() {
    let mut own = Rig::with(molehill_gl::GlApi::Es30, 32, 32, 4, true);
    let want = busy_frame(&mut own);

    let player = Player::new(32);
    unusual_state(&player);
    let before = dump(player.gl());
    let b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    let mut r = Rig::on(b, 32, 32);
    r.b.set_host_restore(molehill_gl::HostRestore::AtPresent);
    r.b.configure_back_buffer(&BackBufferConfig {
        width: 32,
        height: 32,
        anti_alias: 4,
        depth_and_stencil: true,
    })
    .unwrap();
    // Mid-frame: the player asks for its state back, checks it, and Molehill goes on.
    r.clear([0.0, 0.0, 0.0, 1.0]);
    assert_ne!(dump(player.gl()), before, "Molehill's state is bound");
    r.b.restore_host_state();
    assert_eq!(dump(player.gl()), before);
    let got = busy_frame(&mut r);
    assert_eq!(got, want);
    // busy_frame ends with present() and a read-back; the read-back left Molehill's bound.
    r.b.restore_host_state();
    assert_eq!(dump(player.gl()), before);
    // A repeated draw costs what it costs in Molehill's own context: no restore in between.
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.draw_color(p, q);
    let calls = r.b.call_counts();
    r.draw_color(p, q);
    assert_eq!(r.b.call_counts().since(&calls).total(), 1, "one draw call");
    r.b.present().unwrap();
    assert_eq!(
        dump(player.gl()),
        before,
        "present put the player's state back"
    );
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

/// Two backends on one player context with `HostRestore::AtPresent`, their calls interleaved
/// with no restore between them: each notices the other's state in place and trusts nothing;
/// both frames are right and the player's state is back after the presents.
#[test]
fn two_backends_restoring_at_present_interleave_on_one_context() {
    let frame = |r: &mut Rig, clear: [f32; 4], quad: [f32; 4]| {
        r.clear(clear);
        let p = r.program(POS_COLOR_VS, COLOR_FS);
        let q = r.color_quad([-0.5, -0.5, 0.5, 0.5], 0.0, quad);
        (p, q)
    };
    let player = Player::new(32);
    unusual_state(&player);
    let before = dump(player.gl());
    let mut rigs: Vec<Rig> = (0..2)
        .map(|_| {
            let b = GlBackend::on_host_context(player.host_context()).expect("backend");
            let mut r = Rig::on(b, 32, 32);
            r.b.set_host_restore(molehill_gl::HostRestore::AtPresent);
            r
        })
        .collect();
    let (pa, qa) = frame(&mut rigs[0], [1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]);
    let (pb, qb) = frame(&mut rigs[1], [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 1.0]);
    rigs[0].b.set_blend(BlendState {
        source: BlendFactor::One,
        destination: BlendFactor::Zero,
    });
    rigs[0].draw_color(pa, qa);
    rigs[1].draw_color(pb, qb);
    let a = rigs[0].read();
    let b = rigs[1].read();
    let at = |px: &[u32], x: usize, y: usize| px[y * 32 + x];
    assert_eq!(at(&a, 1, 1), argb(255, 255, 0, 0));
    assert_eq!(at(&a, 16, 16), argb(255, 0, 255, 0));
    assert_eq!(at(&b, 1, 1), argb(255, 0, 0, 255));
    assert_eq!(at(&b, 16, 16), argb(255, 255, 255, 0));
    rigs[0].b.present().unwrap();
    assert_eq!(dump(player.gl()), before);
    rigs[1].b.present().unwrap();
    assert_eq!(dump(player.gl()), before);
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

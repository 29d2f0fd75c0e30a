//! Several Stage3Ds on one player context, composited by the helper; PBO read-back; a player
//! whose GL state is far from GL's defaults.

use crate::common::player::{read_rgba, Player};
use crate::common::*;
use glow::HasContext;
use molehill_context3d::stage::{compose, Layer, LayerPlacement, StageLayout};
use molehill_context3d::{
    Backend, BlendFactor, BlendState, PixelRect, TextureData, TextureFormat, TextureKind,
};
use molehill_gl::{ComposeLayer, ComposeTarget, Compositor, GlApi, GlBackend};

#[test]
fn four_stage3ds_composited_in_order_at_their_positions() {
    let player = Player::new(32);
    let sizes = [(64, 48), (32, 32), (40, 32), (32, 40)];
    let placements = [
        LayerPlacement::new(0, 0, true),
        LayerPlacement::new(50, 20, true), // overlaps layer 0, clipped on the right
        LayerPlacement::new(-10, 60, true), // clipped on the left and bottom
        LayerPlacement::new(10, 10, false), // invisible
    ];
    let colors = [
        ([0.2, 0.0, 0.0, 0.5], [1.0, 0.0, 0.0, 1.0]),
        ([0.0, 0.2, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0]),
        ([0.0, 0.0, 0.2, 0.25], [0.0, 0.0, 1.0, 1.0]),
        ([1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 0.0, 1.0]),
    ];
    let mut rigs = Vec::new();
    let mut pixels = Vec::new();
    for (i, &(w, h)) in sizes.iter().enumerate() {
        let b = GlBackend::on_host_context(player.host_context()).expect("backend");
        let mut r = Rig::on(b, w, h);
        pixels.push(r.quad_frame(colors[i].0, colors[i].1));
        rigs.push(r);
    }
    let stage = StageLayout::new(80, 72, 0x336699);
    let layers: Vec<ComposeLayer> = rigs
        .iter()
        .zip(placements)
        .map(|(r, placement)| ComposeLayer {
            placement,
            frame: r.b.frame().expect("frame"),
        })
        .collect();
    let before = player.bound();
    let gl = player.gl();
    let compositor = Compositor::new(gl, GlApi::Es30).expect("compositor");
    // The player composes into its own 96x96 framebuffer, the stage at (8, 4).
    let fb_size = 96;
    // SAFETY: (whole block) the player's context is current; its own framebuffer objects.
    let (fbo, tex) = unsafe {
        let tex = gl.create_texture().unwrap();
        gl.bind_texture(glow::TEXTURE_2D, Some(tex));
        gl.tex_storage_2d(glow::TEXTURE_2D, 1, glow::RGBA8, fb_size, fb_size);
        let fbo = gl.create_framebuffer().unwrap();
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
        gl.framebuffer_texture_2d(
            glow::FRAMEBUFFER,
            glow::COLOR_ATTACHMENT0,
            glow::TEXTURE_2D,
            Some(tex),
            0,
        );
        gl.disable(glow::SCISSOR_TEST);
        gl.clear_color(0.0, 0.0, 0.0, 0.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        (fbo, tex)
    };
    let bound = player.bound();
    compositor.draw(
        gl,
        &stage,
        ComposeTarget {
            framebuffer_height: fb_size as u32,
            origin: (8, 4),
        },
        &layers,
    );
    assert_eq!(player.bound(), bound, "the compositor put the state back");
    assert_eq!(player.gl_error(), glow::NO_ERROR);
    let got = read_rgba(gl, fb_size, fb_size);
    // The one rule, on the CPU.
    let cpu_layers: Vec<Layer<'_>> = (0..4)
        .map(|i| Layer::new(placements[i], sizes[i].0, sizes[i].1, &pixels[i]))
        .collect();
    let want = compose(&stage, &cpu_layers);
    for y in 0..fb_size {
        for x in 0..fb_size {
            // GL row of the top-based row y.
            let p = got[((fb_size - 1 - y) * fb_size + x) as usize];
            let argb = u32::from_be_bytes([p[3], p[0], p[1], p[2]]);
            let (sx, sy) = (x - 8, y - 4);
            let expected = if (0..80).contains(&sx) && (0..72).contains(&sy) {
                want[(sy * 80 + sx) as usize]
            } else {
                0 // outside the stage: the player's clear, untouched
            };
            assert_eq!(argb, expected, "at ({x}, {y})");
        }
    }
    // SAFETY: (whole block) the player's context is current; its own objects.
    unsafe {
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(player.fbo));
        gl.delete_framebuffer(fbo);
        gl.delete_texture(tex);
    }
    compositor.delete(gl);
    drop(rigs);
    assert_eq!(player.bound().program, before.program);
}

#[test]
fn pbo_readback_equals_the_synchronous_one() {
    let mut r = Rig::new(64, 32);
    r.b.set_frame_readback(2);
    let mut sync = Vec::new();
    for i in 0..3 {
        let c = i as f32 / 3.0;
        sync.push(r.quad_frame([c, 0.0, 1.0 - c, 1.0], [0.0, 1.0, c, 1.0]));
    }
    // Three presents with two in flight: the first was dropped, the other two are there.
    assert_eq!(r.b.dropped_frame_readbacks(), 1);
    for want in &sync[1..] {
        let f = r.b.take_frame_pixels(true).unwrap().expect("a frame");
        assert_eq!((f.width, f.height), (64, 32));
        assert_eq!(&f.pixels, want);
    }
    assert!(r.b.take_frame_pixels(false).unwrap().is_none());
}

/// A player that leaves GL far from its defaults (pixel-unpack buffer bound, unpack
/// alignment 8, row length, MIN blend equation, primitive restart, polygon offset, depth
/// range) gets the same Molehill frame as Molehill's own context gives, and its state back.
#[test]
fn a_player_with_unusual_state_gets_the_same_frame() {
    let frame = |r: &mut Rig| {
        r.clear([0.1, 0.2, 0.3, 1.0]);
        let tex = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 4, 4, 1, false);
        let texels: Vec<u8> = (0..64).map(|i| (i * 4) as u8).collect();
        r.upload(tex, 0, 0, 4, 4, TextureData::Bgra8(&texels));
        let p = r.program(POS_UV_VS, TEX_FS);
        let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]);
        r.b.set_blend(BlendState {
            source: BlendFactor::SourceAlpha,
            destination: BlendFactor::OneMinusSourceAlpha,
        });
        r.draw_textured(p, q, &[(0, tex, nearest())]);
        r.b.present().unwrap();
        r.read()
    };
    let mut own = Rig::new(32, 32);
    let want = frame(&mut own);

    let player = Player::new(32);
    let gl = player.gl();
    // SAFETY: (whole block) the player's context is current; its own buffer.
    let unpack = unsafe {
        let b = gl.create_buffer().unwrap();
        gl.bind_buffer(glow::PIXEL_UNPACK_BUFFER, Some(b));
        gl.buffer_data_size(glow::PIXEL_UNPACK_BUFFER, 4096, glow::STREAM_DRAW);
        gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 8);
        gl.pixel_store_i32(glow::UNPACK_ROW_LENGTH, 7);
        gl.blend_equation(glow::MIN);
        gl.enable(glow::PRIMITIVE_RESTART_FIXED_INDEX);
        gl.enable(glow::POLYGON_OFFSET_FILL);
        gl.polygon_offset(4.0, 4.0);
        gl.depth_range_f32(0.25, 0.5);
        b
    };
    let b = GlBackend::on_host_context(player.host_context()).expect("backend");
    let mut r = Rig::on(b, 32, 32);
    let got = frame(&mut r);
    assert_eq!(got, want);
    // SAFETY: (whole block) the player's context is current; plain queries.
    unsafe {
        assert_eq!(
            gl.get_parameter_buffer(glow::PIXEL_UNPACK_BUFFER_BINDING),
            Some(unpack)
        );
        assert_eq!(gl.get_parameter_i32(glow::UNPACK_ALIGNMENT), 8);
        assert_eq!(gl.get_parameter_i32(glow::UNPACK_ROW_LENGTH), 7);
        assert_eq!(
            gl.get_parameter_i32(glow::BLEND_EQUATION_RGB),
            glow::MIN as i32
        );
        assert!(gl.is_enabled(glow::PRIMITIVE_RESTART_FIXED_INDEX));
        assert!(gl.is_enabled(glow::POLYGON_OFFSET_FILL));
        let mut range = [0f32; 2];
        gl.get_parameter_f32_slice(glow::DEPTH_RANGE, &mut range);
        assert_eq!(range, [0.25, 0.5]);
    }
    assert_eq!(player.gl_error(), glow::NO_ERROR);
    let _ = r.b.read_back_buffer(PixelRect {
        x: 0,
        y: 0,
        width: 1,
        height: 1,
    });
}

//! Render to texture (2D, cube face, several colour outputs, depth and stencil), anti-aliasing
//! through a multisampled buffer and its resolve, back buffer included.

use crate::common::*;
use molehill_agal::Version;
use molehill_context3d::*;

fn to_texture(colors: [Option<ColorAttachment>; 4], depth: bool, anti_alias: u8) -> RenderTarget {
    RenderTarget::Textures {
        colors,
        depth_and_stencil: depth,
        anti_alias,
    }
}

fn attach(texture: TextureId, face: u8) -> Option<ColorAttachment> {
    Some(ColorAttachment { texture, face })
}

#[test]
fn render_to_2d_texture_keeps_the_orientation() {
    let mut r = Rig::new(16, 16);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 16, 16, 5, true);
    r.b.set_render_target(&to_texture([attach(t, 0), None, None, None], false, 0));
    r.clear([1.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    // Top half of clip space in green.
    let q = r.color_quad([-1.0, 0.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.draw_color(p, q);
    let px = r.show(t);
    assert_eq!(
        r.at(&px, 3, 2),
        argb(255, 0, 255, 0),
        "top of the texture, drawn at the top"
    );
    assert_eq!(r.at(&px, 3, 13), argb(255, 255, 0, 0), "bottom");
}

#[test]
fn render_to_texture_with_depth_and_stencil() {
    let mut r = Rig::new(8, 8);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, true);
    r.b.set_render_target(&to_texture([attach(t, 0), None, None, None], true, 0));
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let near = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.2, [0.0, 0.0, 1.0, 1.0]);
    let far = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.8, [1.0, 0.0, 0.0, 1.0]);
    r.draw_color(p, near);
    r.draw_color(p, far); // fails the default `less` test
    let px = r.show(t);
    assert_eq!(px[0], argb(255, 0, 0, 255));
    // Without depth: the later quad wins.
    let t2 = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, true);
    r.b.set_render_target(&to_texture([attach(t2, 0), None, None, None], false, 0));
    r.clear([0.0, 0.0, 0.0, 1.0]);
    r.draw_color(p, near);
    r.draw_color(p, far);
    let px = r.show(t2);
    assert_eq!(px[0], argb(255, 255, 0, 0));
}

#[test]
fn render_to_cube_face() {
    let mut r = Rig::new(4, 4);
    let t = r.texture(TextureKind::Cube, TextureFormat::Bgra, 4, 4, 3, true);
    let colours = [
        [1.0, 0.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 1.0],
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 1.0, 0.0, 1.0],
        [0.0, 1.0, 1.0, 1.0],
        [1.0, 0.0, 1.0, 1.0],
    ];
    for (face, c) in colours.iter().enumerate() {
        r.b.set_render_target(&to_texture(
            [attach(t, face as u8), None, None, None],
            false,
            0,
        ));
        r.clear(*c);
    }
    let want = colours.map(|c| {
        let c = c.map(|v| (v * 255.0) as u8);
        argb(c[3], c[0], c[1], c[2])
    });
    assert_eq!(r.cube_faces(t), want);
}

#[test]
fn multiple_render_targets() {
    let mut r = Rig::new(8, 8);
    let a = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, true);
    let b = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, true);
    r.b.set_render_target(&to_texture(
        [attach(a, 0), attach(b, 0), None, None],
        false,
        0,
    ));
    r.clear([0.0; 4]);
    let p = r.program_v(
        "mov op, va0\nmov v0, va1",
        "mov oc0, v0\nsub oc1, fc0, v0",
        Version::V2,
    );
    r.b.set_program_constants(
        molehill_agal::ProgramKind::Fragment,
        0,
        &[[1.0, 1.0, 1.0, 1.0]],
    );
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 0.25, 0.0, 1.0]);
    r.draw_color(p, q);
    let pa = r.show(a);
    assert_px(pa[0], argb(255, 255, 64, 0), 1, "output 0");
    let pb = r.show(b);
    assert_px(pb[0], argb(0, 0, 191, 255), 1, "output 1");
}

/// Number of pixels whose green is strictly between 0 and 255 after drawing a green
/// triangle whose hypotenuse crosses the target diagonally.
fn partial_pixels(px: &[u32]) -> usize {
    px.iter()
        .filter(|p| {
            let g = channels(**p)[2];
            g > 0 && g < 255
        })
        .count()
}

fn diagonal(r: &mut Rig) {
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let c = [0.0, 1.0, 0.0, 1.0];
    let mut v = Vec::new();
    for (x, y) in [(-1.0f32, 1.0f32), (1.0, 1.0), (-1.0, -1.0)] {
        v.extend_from_slice(&[x, y, 0.0]);
        v.extend_from_slice(&c);
    }
    let vb = r.vertex_buffer(7, &v);
    let ib = r.index_buffer(&[0, 1, 2]);
    r.draw_color_n(p, (vb, ib), 3);
}

#[test]
fn anti_aliased_back_buffer_is_resolved() {
    let mut plain = Rig::with(molehill_gl::GlApi::Es30, 32, 32, 0, true);
    plain.clear([0.0, 0.0, 0.0, 1.0]);
    diagonal(&mut plain);
    let px = plain.read();
    assert_eq!(partial_pixels(&px), 0, "no anti-aliasing: hard edge");
    let mut aa = Rig::with(molehill_gl::GlApi::Es30, 32, 32, 4, true);
    aa.clear([0.0, 0.0, 0.0, 1.0]);
    diagonal(&mut aa);
    let px = aa.read();
    assert!(
        partial_pixels(&px) >= 16,
        "anti-aliased edge: {} partial pixels",
        partial_pixels(&px)
    );
    assert_eq!(aa.at(&px, 2, 2), argb(255, 0, 255, 0));
    assert_eq!(aa.at(&px, 29, 29), argb(255, 0, 0, 0));
}

#[test]
fn anti_aliased_render_to_texture_is_resolved_into_the_texture() {
    let mut r = Rig::new(32, 32);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 32, 32, 6, true);
    r.b.set_render_target(&to_texture([attach(t, 0), None, None, None], true, 4));
    r.clear([0.0, 0.0, 0.0, 1.0]);
    diagonal(&mut r);
    let px = r.show(t);
    assert!(
        partial_pixels(&px) >= 16,
        "anti-aliased edge: {} partial pixels",
        partial_pixels(&px)
    );
    assert_eq!(r.at(&px, 2, 2), argb(255, 0, 255, 0));
    assert_eq!(r.at(&px, 29, 29), argb(255, 0, 0, 0));
}

#[test]
fn disposing_a_render_texture_drops_its_framebuffer() {
    let mut r = Rig::new(8, 8);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, true);
    r.b.set_render_target(&to_texture([attach(t, 0), None, None, None], false, 0));
    r.clear([1.0; 4]);
    r.b.set_render_target(&RenderTarget::BackBuffer);
    r.b.dispose_texture(t);
    let t2 = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 4, true);
    r.b.set_render_target(&to_texture([attach(t2, 0), None, None, None], false, 0));
    r.clear([0.0, 0.0, 1.0, 1.0]);
    let px = r.show(t2);
    assert_eq!(px[0], argb(255, 0, 0, 255));
}

#[test]
fn render_to_half_float_texture() {
    let mut r = Rig::new(8, 8);
    let t = r.texture(
        TextureKind::TwoD,
        TextureFormat::RgbaHalfFloat,
        8,
        8,
        4,
        true,
    );
    r.b.set_render_target(&to_texture([attach(t, 0), None, None, None], false, 0));
    r.clear([0.25, 0.5, 1.0, 1.0]);
    let px = r.show(t);
    assert_px(px[0], argb(255, 64, 128, 255), 1, "half float target");
}

#[test]
fn video_texture_follows_the_frame_size() {
    let mut r = Rig::new(8, 8);
    let id = TextureId(4242);
    let desc = TextureDesc {
        kind: TextureKind::Video,
        width: 0,
        height: 0,
        format: TextureFormat::Bgra,
        levels: 1,
        optimize_for_render_to_texture: false,
        streaming_levels: 0,
    };
    r.b.create_texture(id, &desc).unwrap();
    r.upload(
        id,
        0,
        0,
        2,
        2,
        TextureData::Argb32(&[argb(255, 255, 0, 0); 4]),
    );
    assert_eq!(r.show(id)[0], argb(255, 255, 0, 0));
    let frame: Vec<u32> = (0..16)
        .map(|i| {
            if i % 4 < 2 {
                argb(255, 0, 255, 0)
            } else {
                argb(255, 0, 0, 255)
            }
        })
        .collect();
    r.upload(id, 0, 0, 4, 4, TextureData::Argb32(&frame));
    let px = r.show(id);
    assert_eq!(
        (r.at(&px, 1, 1), r.at(&px, 6, 1)),
        (argb(255, 0, 255, 0), argb(255, 0, 0, 255))
    );
}

/// The scissor rectangle of the last draw must not clip the multisampled resolves: GL's blit
/// obeys the scissor test, and only the scissored rectangle of the back buffer or the
/// texture was resolved (the rest kept what the previous resolve left).
#[test]
fn a_scissored_draw_does_not_clip_the_anti_aliasing_resolve() {
    let red = argb(255, 255, 0, 0);
    let green = argb(255, 0, 255, 0);
    let scissor = Some(PixelRect {
        x: 0,
        y: 0,
        width: 2,
        height: 2,
    });
    // Back buffer.
    let mut r = Rig::with(molehill_gl::GlApi::Es30, 8, 8, 4, false);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.clear([1.0, 0.0, 0.0, 1.0]);
    r.b.set_scissor(scissor);
    r.draw_color(p, q);
    let px = r.read();
    assert_eq!(r.at(&px, 1, 1), green, "inside the scissor");
    assert_eq!(r.at(&px, 5, 5), red, "outside the scissor: the clear");
    // Texture target.
    r.b.set_scissor(None);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 1, true);
    r.b.set_render_target(&to_texture([attach(t, 0), None, None, None], false, 4));
    r.clear([1.0, 0.0, 0.0, 1.0]);
    r.b.set_scissor(scissor);
    r.draw_color(p, q);
    r.b.set_scissor(None);
    r.b.set_render_target(&RenderTarget::BackBuffer);
    let px = r.show(t);
    assert_eq!(r.at(&px, 1, 1), green, "texture inside the scissor");
    assert_eq!(
        r.at(&px, 5, 5),
        red,
        "texture outside the scissor: the clear"
    );
}

/// A target naming a texture the backend does not have (context3d never sends one) fails
/// without leaving a framebuffer behind: each clear or draw into it made one and dropped it.
#[test]
fn a_target_with_an_unknown_texture_leaks_no_framebuffer() {
    let mut r = Rig::new(8, 8);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 1, true);
    let gone = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 8, 8, 1, true);
    r.b.dispose_texture(gone);
    r.b.set_render_target(&to_texture(
        [attach(t, 0), attach(gone, 0), None, None],
        false,
        0,
    ));
    let before = r.b.call_counts();
    for _ in 0..3 {
        r.clear([1.0; 4]);
    }
    let calls = r.b.call_counts().since(&before);
    assert_eq!(
        calls.get(molehill_gl::CallKind::Create),
        calls.get(molehill_gl::CallKind::Delete),
        "every object made is deleted: {calls:?}"
    );
    // The backend still works.
    r.b.set_render_target(&to_texture([attach(t, 0), None, None, None], false, 0));
    r.clear([0.0, 0.0, 1.0, 1.0]);
    let px = r.show(t);
    assert_eq!(px[0], argb(255, 0, 0, 255));
}

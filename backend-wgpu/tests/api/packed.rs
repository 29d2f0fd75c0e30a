//! Render targets in Flash's 16-bit formats (`src/device/packed.rs`, when: context3d's
//! `QuantiseSchedule`): the work done to keep them at their bits, counted (the pixels are
//! checked by the conformance traces render_to_texture_packed_*).

use crate::common::*;
use molehill_context3d::*;

/// An 8x8 texture of `format` made the current target (`anti_alias` as Flash's).
fn target(r: &mut Rig, format: TextureFormat, anti_alias: u8) -> TextureId {
    let t = TextureId(r.id());
    r.b.create_texture(
        t,
        &TextureDesc {
            kind: TextureKind::TwoD,
            width: 8,
            height: 8,
            format,
            levels: 1,
            optimize_for_render_to_texture: true,
            streaming_levels: 0,
        },
    )
    .unwrap();
    let mut colors = [None; 4];
    colors[0] = Some(ColorAttachment {
        texture: t,
        face: 0,
    });
    r.b.set_render_target(&RenderTarget::Textures {
        colors,
        depth_and_stencil: false,
        anti_alias,
    });
    t
}

/// Blending over the target: `one, one`.
const ADD: BlendState = BlendState {
    source: BlendFactor::One,
    destination: BlendFactor::One,
};

/// A clear and three blended draws into a target of `format`, then the back buffer: the
/// counters of the frame.
fn frame(format: TextureFormat, anti_alias: u8) -> molehill_wgpu::CallCounts {
    frame_on(molehill_wgpu::Api::Vulkan, format, anti_alias, ADD)
}

fn frame_on(
    api: molehill_wgpu::Api,
    format: TextureFormat,
    anti_alias: u8,
    blend: BlendState,
) -> molehill_wgpu::CallCounts {
    let mut r = Rig::on(api, 16, 16, 0, true);
    // Any wgpu error of the quantising passes fails the call that recorded them.
    r.b.set_error_checking(true);
    let p = r.program(color_program());
    let q = r.quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 0.0, 0.03, 0.0]);
    target(&mut r, format, anti_alias);
    r.b.set_blend(blend);
    let before = r.b.call_counts();
    r.clear([0.0, 0.0, 0.5625, 1.0]);
    for _ in 0..3 {
        let d = r.resolved(p, &q);
        r.b.draw(&d).expect("draw");
    }
    r.b.set_render_target(&RenderTarget::BackBuffer);
    assert!(r.b.take_error().is_none());
    r.b.present().expect("present");
    r.b.call_counts().since(&before)
}

#[test]
fn a_4444_target_is_quantised_before_each_draw_that_blends_over_it_and_when_left() {
    // The clear is the first pass's load operation (already at 4 bits): the first draw finds
    // nothing to round. The second and third blend over the target: each ends the pass and
    // the target is quantised first. Leaving the target quantises the third draw's colour:
    // three draw passes, three quantising passes.
    let c = frame(TextureFormat::BgraPacked4444, 0);
    assert_eq!((c.draws, c.packed_quantised), (3, 3), "{c:?}");
    assert_eq!((c.passes, c.submits), (6, 1), "{c:?}");
}

#[test]
fn draws_that_do_not_read_a_4444_target_share_one_pass_and_one_quantising() {
    // `one, zero` writes colours that do not depend on the target: rounding once, when the
    // target is left, gives what rounding after each draw would (context3d's proof).
    let replace = BlendState {
        source: BlendFactor::One,
        destination: BlendFactor::Zero,
    };
    let c = frame_on(
        molehill_wgpu::Api::Vulkan,
        TextureFormat::BgraPacked4444,
        0,
        replace,
    );
    assert_eq!((c.draws, c.packed_quantised), (3, 1), "{c:?}");
    assert_eq!((c.passes, c.submits), (2, 1), "{c:?}");
}

#[test]
fn a_565_target_is_quantised_like_a_4444_one() {
    let c = frame(TextureFormat::BgrPacked565, 0);
    assert_eq!((c.packed_quantised, c.passes), (3, 6), "{c:?}");
}

#[test]
fn an_antialiased_packed_target_quantises_its_samples_and_its_resolve() {
    // Per quantising (before the second and third draws, and when left): one pass over the
    // samples, one over the resolved texture; and the three draw passes.
    let c = frame(TextureFormat::BgraPacked4444, 4);
    assert_eq!((c.packed_quantised, c.passes), (3, 9), "{c:?}");
}

#[test]
fn wgpus_gl_backend_quantises_too() {
    // wgpu on GL (llvmpipe, where it has multisampling): the same passes, no wgpu error.
    let gl = molehill_wgpu::Api::Gl;
    let c = frame_on(gl, TextureFormat::BgraPacked4444, 0, ADD);
    assert_eq!((c.packed_quantised, c.passes), (3, 6), "{c:?}");
    let c = frame_on(gl, TextureFormat::BgraPacked4444, 4, ADD);
    assert_eq!(c.packed_quantised, 3, "{c:?}");
}

#[test]
fn an_8_bit_target_keeps_its_draws_in_one_pass_with_no_quantising() {
    let c = frame(TextureFormat::Bgra, 0);
    assert_eq!((c.draws, c.packed_quantised), (3, 0), "{c:?}");
    assert_eq!((c.passes, c.submits), (1, 1), "{c:?}");
}

#[test]
fn an_antialiased_packed_target_quantises_each_sample_on_its_own() {
    // A triangle over half an anti-aliased 4444 target: the pixels its edge crosses hold
    // samples of both colours, each quantised on its own (one draw a sample, by multisample
    // mask), so their resolve lies between the two (0x44, 0x88 or 0xBB in blue). A pass that
    // wrote one sample's value to every sample would leave only 0x00 and 0xFF after the next
    // draw (each resolve reads the copy made before its samples' pass, so the first cannot
    // tell); the conformance trace render_to_texture_packed_4444_blend_antialias, whose
    // samples all agree, cannot tell either.
    half_covered(molehill_wgpu::Api::Vulkan);
}

#[test]
fn wgpus_gl_backend_keeps_an_antialiased_packed_target() {
    // wgpu's GL backend cannot read multisampled textures: only the resolve is quantised
    // (packed.rs, `resolve_only`). The samples' pass it used to get left the target empty
    // (every pixel 0, GL errors); now the triangle and its edge's averages are there, at 4 bits.
    half_covered(molehill_wgpu::Api::Gl);
}

/// The half-covered anti-aliased 4444 target of the two tests above, and what they check.
fn half_covered(api: molehill_wgpu::Api) {
    let mut r = Rig::on(api, 8, 8, 0, true);
    r.b.set_error_checking(true);
    let color = r.program(color_program());
    #[rustfmt::skip]
    let tri = r.vertices(&[
        -1.0, -1.0, 0.0, 0.0, 0.0, 1.0, 1.0,
        1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0,
        -1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0,
    ], &[0, 1, 2]);
    let t = target(&mut r, TextureFormat::BgraPacked4444, 4);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let mut d = r.resolved(color, &tri);
    d.index_count = 3;
    r.b.draw(&d).expect("draw");
    // A draw that keeps the target as it is (zero, one): the resolve after it averages the
    // samples the first draw's quantising left in the multisampled texture.
    r.b.set_blend(BlendState {
        source: BlendFactor::Zero,
        destination: BlendFactor::One,
    });
    r.b.draw(&d).expect("draw");
    r.b.set_blend(BlendState {
        source: BlendFactor::One,
        destination: BlendFactor::Zero,
    });
    r.b.set_render_target(&RenderTarget::BackBuffer);
    r.clear([1.0, 0.0, 0.0, 1.0]);
    let show = r.program(tex_program());
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0]);
    let mut d = r.resolved(show, &q);
    d.samplers[0] = Some(SamplerBinding {
        texture: t,
        state: SamplerState::default(),
    });
    r.b.draw(&d).expect("draw");
    let blue: Vec<u8> = r.read().iter().map(|p| *p as u8).collect();
    assert!(
        blue.iter().all(|b| b % 17 == 0),
        "every pixel at 4 bits: {blue:?}"
    );
    assert!(
        blue.iter().any(|b| (1..255).contains(b)),
        "the edge's pixels between the colours: {blue:?}"
    );
    assert!(blue.contains(&0) && blue.contains(&255), "{blue:?}");
}

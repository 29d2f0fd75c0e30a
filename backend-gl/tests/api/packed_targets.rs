//! `bgraPacked4444` render targets kept at 4 bits (src/device/packed.rs): the probe decides at
//! the first such target and runs no pass on a driver that keeps 4 bits (llvmpipe); forced
//! with `Rgba4Targets::Quantise`, the rounding runs where it must (before a draw that reads
//! the target, when the target is left) and leaves the pixels of
//! `tests/conformance/render_targets/render_to_texture_packed_4444_{bit_depth,blend}.trace`,
//! other attachments, depth and the next draw's state as they should be. Passes are counted
//! (`GlBackend::rgba4_quantise_passes`). On llvmpipe the rounding changes no pixel (the
//! driver keeps 4 bits already): what it rounds is checked on a driver that stores `GL_RGBA4`
//! with 8 bits (NVIDIA), where these same tests run unchanged.

use crate::common::player::Player;
use crate::common::*;
use glow::HasContext;
use molehill_agal::Version;
use molehill_context3d::*;
use molehill_gl::{ContextOptions, GlApi, GlBackend, Rgba4Targets};

fn rig(api: GlApi, mode: Rgba4Targets) -> Rig {
    let options = ContextOptions::new(api).with_rgba4_targets(mode);
    Rig::on(GlBackend::headless(&options).expect("headless GL"), 16, 16)
}

fn to_texture(colors: [Option<ColorAttachment>; 4], depth: bool, anti_alias: u8) -> RenderTarget {
    RenderTarget::Textures {
        colors,
        depth_and_stencil: depth,
        anti_alias,
    }
}

fn attach(texture: TextureId) -> Option<ColorAttachment> {
    Some(ColorAttachment { texture, face: 0 })
}

fn packed_texture(r: &mut Rig) -> TextureId {
    r.texture(
        TextureKind::TwoD,
        TextureFormat::BgraPacked4444,
        4,
        4,
        1,
        true,
    )
}

fn blend(r: &mut Rig, source: BlendFactor, destination: BlendFactor) {
    r.b.set_blend(BlendState {
        source,
        destination,
    });
}

/// The 4-bit value of `c` (0..=1) as read back in 8 bits.
fn four_bits(c: f32) -> u8 {
    ((c * 15.0).round() * 17.0) as u8
}

/// The blend trace: cleared to blue 0.5625 (8 / 15 in 4 bits), then three draws adding blue
/// 0.03 each (one, one): 4 bits keep 8 / 15 (136) where 8 bits would climb to 167.
fn blend_trace(r: &mut Rig) -> Vec<u32> {
    blend_trace_aa(r, 0)
}

/// [`blend_trace`] into a target anti-aliased `anti_alias` (the trace
/// `render_to_texture_packed_4444_blend_antialias` with 4).
fn blend_trace_aa(r: &mut Rig, anti_alias: u8) -> Vec<u32> {
    let t = packed_texture(r);
    r.b.set_render_target(&to_texture(
        [attach(t), None, None, None],
        false,
        anti_alias,
    ));
    r.clear([0.0, 0.0, 0.5625, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 0.0, 0.03, 0.0]);
    blend(r, BlendFactor::One, BlendFactor::One);
    for _ in 0..3 {
        r.draw_color(p, q);
    }
    blend(r, BlendFactor::One, BlendFactor::Zero);
    r.show(t)
}

/// Whether `MOLEHILL_GL_RGBA4` chooses the mode instead of the probe.
fn env_overrides() -> bool {
    std::env::var_os("MOLEHILL_GL_RGBA4").is_some()
}

#[test]
fn the_probe_decides_at_the_first_4444_target_and_llvmpipe_needs_no_pass() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Probe);
    if env_overrides() {
        eprintln!("MOLEHILL_GL_RGBA4 is set: the probe's own decision is not checked");
    } else {
        assert_eq!(
            r.b.rgba4_quantised(),
            None,
            "nothing probed before a 4444 target"
        );
    }
    let px = blend_trace(&mut r);
    assert_px(px[8 * 16 + 8], 0xFF00_0088, 1, "blend trace");
    let quantised =
        r.b.rgba4_quantised()
            .expect("decided at the first 4444 target");
    let passes = r.b.rgba4_quantise_passes();
    assert_eq!(quantised, passes > 0, "passes run only where quantised");
    if quantised {
        assert_eq!(
            passes, 3,
            "before the second and third draws, and on leaving"
        );
    }
    let renderer = r.b.gl_info().renderer.clone();
    if renderer.contains("llvmpipe") && !env_overrides() {
        assert!(!quantised, "llvmpipe keeps GL_RGBA4 at 4 bits");
        assert_eq!(passes, 0, "no pass on a driver that keeps 4 bits");
    }
    eprintln!("{renderer}: 4444 targets quantised: {quantised}, {passes} passes");
}

#[test]
fn a_clear_is_kept_at_4_bits_without_a_pass() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    assert_eq!(r.b.rgba4_quantised(), Some(true));
    let t = packed_texture(&mut r);
    r.b.set_render_target(&to_texture([attach(t), None, None, None], false, 0));
    r.clear([0.0, 0.0, 0.5625, 1.0]);
    let px = r.show(t);
    for (x, y) in [(8, 8), (15, 15)] {
        assert_px(r.at(&px, x, y), 0xFF00_0088, 1, "bit depth trace");
    }
    assert_eq!(
        r.b.rgba4_quantise_passes(),
        0,
        "a clear leaves nothing to round"
    );
}

#[test]
fn blending_reads_the_4_bit_colour_draw_after_draw() {
    for api in [GlApi::Es30, GlApi::Desktop33] {
        let mut r = rig(api, Rgba4Targets::Quantise);
        r.b.set_error_checking(true);
        let px = blend_trace(&mut r);
        assert_px(px[8 * 16 + 8], 0xFF00_0088, 1, api.name());
        assert_eq!(r.b.take_gl_errors(), Vec::new(), "{}", api.name());
        assert_eq!(
            r.b.rgba4_quantise_passes(),
            3,
            "{}: before the second and third draws, and on leaving",
            api.name()
        );
    }
}

#[test]
fn draws_that_do_not_read_the_target_are_rounded_once() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    let t = packed_texture(&mut r);
    r.b.set_render_target(&to_texture([attach(t), None, None, None], false, 0));
    r.clear([0.0; 4]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let colors = [
        [1.0, 0.0, 0.0, 1.0],
        [0.3, 0.3, 0.3, 0.3],
        [0.2, 0.62, 0.85, 0.45],
    ];
    for c in colors {
        let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, c);
        r.draw_color(p, q);
    }
    assert_eq!(
        r.b.rgba4_quantise_passes(),
        0,
        "nothing read the target yet"
    );
    let px = r.show(t);
    assert_eq!(
        r.b.rgba4_quantise_passes(),
        1,
        "one pass when the target is left"
    );
    let [cr, cg, cb, ca] = colors[2].map(four_bits);
    assert_px(
        px[8 * 16 + 8],
        argb(ca, cr, cg, cb),
        1,
        "the last draw, at 4 bits",
    );
}

#[test]
fn only_the_4444_attachment_of_several_is_rounded() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    r.b.set_error_checking(true);
    let packed = packed_texture(&mut r);
    let wide = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 4, 4, 1, true);
    r.b.set_render_target(&to_texture(
        [attach(packed), attach(wide), None, None],
        false,
        0,
    ));
    r.clear([0.0, 0.0, 0.5625, 1.0]);
    let p = r.program_v(
        "mov op, va0\nmov v0, va1",
        "mov oc0, v0\nmov oc1, v0",
        Version::V2,
    );
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 0.0, 0.03, 0.0]);
    blend(&mut r, BlendFactor::One, BlendFactor::One);
    for _ in 0..3 {
        r.draw_color(p, q);
    }
    blend(&mut r, BlendFactor::One, BlendFactor::Zero);
    let px = r.show(packed);
    assert_px(px[8 * 16 + 8], 0xFF00_0088, 1, "the 4444 attachment");
    let px = r.show(wide);
    // 143 (0.5625 in 8 bits) + 7.65 three times, each stored at 8 bits: 151, 159, 167.
    assert_px(
        px[8 * 16 + 8],
        0xFF00_00A7,
        1,
        "the bgra attachment keeps 8 bits",
    );
    assert_eq!(r.b.rgba4_quantise_passes(), 3, "one attachment each time");
    assert_eq!(r.b.take_gl_errors(), Vec::new());
}

#[test]
fn the_pass_leaves_depth_and_the_next_draws_state_alone() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    let t = packed_texture(&mut r);
    r.b.set_render_target(&to_texture([attach(t), None, None, None], true, 0));
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let near = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.2, [0.0, 0.0, 0.2, 0.0]);
    let far = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.8, [0.4, 0.0, 0.0, 0.0]);
    blend(&mut r, BlendFactor::One, BlendFactor::One);
    r.b.set_render_changes(&RenderChanges {
        depth: Some(DepthState {
            write: true,
            compare: CompareMode::Less,
        }),
        ..RenderChanges::default()
    });
    r.draw_color(p, near);
    // Rounded before this draw (it blends): the pass turns depth off, the draw turns it on.
    r.draw_color(p, far);
    assert_eq!(r.b.rgba4_quantise_passes(), 1);
    blend(&mut r, BlendFactor::One, BlendFactor::Zero);
    r.b.set_render_changes(&RenderChanges {
        depth: Some(DepthState {
            write: false,
            compare: CompareMode::Always,
        }),
        ..RenderChanges::default()
    });
    let px = r.show(t);
    assert_px(
        px[8 * 16 + 8],
        argb(255, 0, 0, four_bits(0.2)),
        1,
        "the far quad failed the depth test",
    );
}

#[test]
fn an_anti_aliased_4444_target_is_rounded_by_sample_and_after_its_resolve() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    let t = packed_texture(&mut r);
    r.b.set_render_target(&to_texture([attach(t), None, None, None], false, 4));
    r.clear([0.0, 0.0, 0.5625, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let c = [0.2, 0.62, 0.85, 0.45];
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, c);
    r.draw_color(p, q);
    let px = r.show(t);
    let [cr, cg, cb, ca] = c.map(four_bits);
    assert_px(
        px[8 * 16 + 8],
        argb(ca, cr, cg, cb),
        1,
        "resolved, then rounded",
    );
    // Where the context rounds samples (GL ES 3.2: llvmpipe, NVIDIA), the samples before
    // the resolve and the texture after; else the texture only.
    let passes = r.b.rgba4_quantise_passes();
    assert!(passes == 2 || passes == 1, "{passes} passes");
    if r.b.gl_info().version.contains("ES 3.2") {
        assert_eq!(passes, 2, "samples, then the resolved texture");
    }
}

#[test]
fn an_anti_aliased_4444_target_blends_over_4_bit_samples() {
    for api in [GlApi::Es30, GlApi::Desktop33] {
        let mut r = rig(api, Rgba4Targets::Quantise);
        r.b.set_error_checking(true);
        let px = blend_trace_aa(&mut r, 4);
        assert_eq!(r.b.take_gl_errors(), Vec::new(), "{}", api.name());
        // 4: the samples before the second and third draws and on leaving, then the
        // texture; 1 (the texture) where the context cannot round samples (no GL ES 3.2,
        // desktop GL 4.0 or GL_ARB_sample_shading), which llvmpipe and NVIDIA have.
        let passes = r.b.rgba4_quantise_passes();
        if r.b.gl_info().renderer.contains("llvmpipe") {
            assert_eq!(passes, 4, "{}", api.name());
        }
        if passes == 4 {
            assert_px(px[8 * 16 + 8], 0xFF00_0088, 1, api.name());
        } else {
            assert_eq!(passes, 1, "{}", api.name());
            eprintln!("{}: samples not rounded here", api.name());
        }
    }
}

#[test]
fn a_target_disposed_before_its_rounding_leaves_nothing_to_round() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    let t = packed_texture(&mut r);
    r.b.set_render_target(&to_texture([attach(t), None, None, None], false, 0));
    r.clear([0.0; 4]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.3; 4]);
    r.draw_color(p, q);
    r.b.dispose_texture(t);
    r.b.set_render_target(&RenderTarget::BackBuffer);
    assert_eq!(r.b.rgba4_quantise_passes(), 0);
    // The next 4444 target works as the first did.
    let px = blend_trace(&mut r);
    assert_px(
        px[8 * 16 + 8],
        0xFF00_0088,
        1,
        "blend trace after a dispose",
    );
    assert_eq!(r.b.rgba4_quantise_passes(), 3);
}

#[test]
fn native_mode_never_rounds() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Native);
    let px = blend_trace(&mut r);
    assert_eq!(r.b.rgba4_quantised(), Some(false));
    assert_eq!(r.b.rgba4_quantise_passes(), 0);
    if r.b.gl_info().renderer.contains("llvmpipe") {
        assert_px(
            px[8 * 16 + 8],
            0xFF00_0088,
            1,
            "llvmpipe keeps 4 bits itself",
        );
    }
}

#[test]
fn other_targets_never_round() {
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 4, 4, 1, true);
    r.b.set_render_target(&to_texture([attach(t), None, None, None], false, 0));
    r.clear([0.0, 0.0, 0.5625, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 0.0, 0.03, 0.0]);
    blend(&mut r, BlendFactor::One, BlendFactor::One);
    for _ in 0..3 {
        r.draw_color(p, q);
    }
    blend(&mut r, BlendFactor::One, BlendFactor::Zero);
    let px = r.show(t);
    assert_px(px[8 * 16 + 8], 0xFF00_00A7, 1, "bgra keeps 8 bits");
    assert_eq!(r.b.rgba4_quantise_passes(), 0);
}

#[test]
fn the_per_sample_pass_puts_back_the_hosts_multisampled_texture() {
    // The pass binds its own multisampled texture to unit 0's GL_TEXTURE_2D_MULTISAMPLE,
    // which the state cache does not shadow: the player's must be bound there again after.
    let player = Player::new(16);
    let gl = player.gl();
    // SAFETY: (whole block) the player's context is current; its own texture, valid values.
    let version = unsafe {
        (
            gl.get_parameter_i32(glow::MAJOR_VERSION),
            gl.get_parameter_i32(glow::MINOR_VERSION),
        )
    };
    if version < (3, 1) {
        eprintln!("skipped: GL ES {version:?} has no multisampled textures");
        return;
    }
    // SAFETY: as above (GL ES 3.1+).
    let hosts = unsafe {
        let t = gl.create_texture().unwrap();
        gl.active_texture(glow::TEXTURE0);
        gl.bind_texture(glow::TEXTURE_2D_MULTISAMPLE, Some(t));
        gl.tex_storage_2d_multisample(glow::TEXTURE_2D_MULTISAMPLE, 4, glow::RGBA8, 4, 4, true);
        gl.active_texture(glow::TEXTURE5);
        t
    };
    let mut b = GlBackend::on_host_context(player.host_context()).expect("backend on host");
    b.set_rgba4_targets(Rgba4Targets::Quantise);
    let mut r = Rig::on(b, 16, 16);
    r.b.set_error_checking(true);
    let px = blend_trace_aa(&mut r, 4);
    assert_eq!(r.b.take_gl_errors(), Vec::new());
    let passes = r.b.rgba4_quantise_passes();
    if passes != 4 {
        eprintln!("skipped: samples not rounded here ({passes} passes)");
        return;
    }
    assert_px(
        px[8 * 16 + 8],
        0xFF00_0088,
        1,
        "blend trace in the player's context",
    );
    let gl = player.gl();
    // SAFETY: the player's context is current (Molehill's calls return it so).
    let (active, bound) = unsafe {
        let active = gl.get_parameter_i32(glow::ACTIVE_TEXTURE) as u32;
        gl.active_texture(glow::TEXTURE0);
        let bound = gl.get_parameter_texture(glow::TEXTURE_BINDING_2D_MULTISAMPLE);
        gl.active_texture(active);
        (active, bound)
    };
    assert_eq!(active, glow::TEXTURE5, "the player's active unit");
    assert_eq!(
        bound,
        Some(hosts),
        "the player's multisampled texture on unit 0"
    );
    assert_eq!(player.gl_error(), glow::NO_ERROR);
}

#[test]
fn a_draw_after_the_pass_samples_its_own_texture_on_unit_0() {
    // The pass binds its scratch copy of the target to unit 0 (through the state cache): a
    // later draw that samples its own texture on unit 0, bound there before the pass, must get
    // it back. Sampling the scratch copy (the target's red) would add red, not green.
    let mut r = rig(GlApi::Es30, Rgba4Targets::Quantise);
    let green = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 4, 4, 1, false);
    let texels = [argb(255, 0, 255, 0); 16];
    r.upload(green, 0, 0, 4, 4, TextureData::Argb32(&texels));
    let t = packed_texture(&mut r);
    r.b.set_render_target(&to_texture([attach(t), None, None, None], false, 0));
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let colour = r.program(POS_COLOR_VS, COLOR_FS);
    let red = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.2, 0.0, 0.0, 1.0]);
    r.draw_color(colour, red);
    // Draws that leave the target as it is (zero, one) but read it: rounded before each.
    // The first makes the pass's scratch copy; the second binds green to unit 0 after it.
    blend(&mut r, BlendFactor::Zero, BlendFactor::One);
    r.draw_color(colour, red);
    let textured = r.program(POS_UV_VS, TEX_FS);
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]);
    r.draw_textured(textured, q, &[(0, green, nearest())]);
    // Rounded again (the copy on unit 0 now), then green added from unit 0.
    blend(&mut r, BlendFactor::One, BlendFactor::One);
    r.draw_textured(textured, q, &[(0, green, nearest())]);
    assert_eq!(
        r.b.rgba4_quantise_passes(),
        3,
        "before each draw that reads"
    );
    blend(&mut r, BlendFactor::One, BlendFactor::Zero);
    let px = r.show(t);
    assert_px(
        px[8 * 16 + 8],
        argb(255, four_bits(0.2), 255, 0),
        1,
        "the red draw plus the green texture",
    );
}

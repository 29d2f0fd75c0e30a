//! The probe's arithmetic, and the pass itself on a surface that keeps 8 bits: llvmpipe keeps
//! `GL_RGBA4` at 4 bits, so the API tests' 4444 targets cannot show what the pass writes; here it
//! rounds RGBA8 attachments and multisampled RGBA8 textures holding every 8-bit value, as it
//! rounds `GL_RGBA4` on a driver that stores 8 bits (NVIDIA). The rounding's own arithmetic is
//! tested with context3d's schedule (`molehill_context3d::targets`).

use super::*;
use crate::context::{ContextOptions, GlContext};
use crate::gl::Gl;
use molehill_context3d::targets::Packing;

/// A headless context (Molehill's own) and its calls; `None` (skipped, with a note) without
/// GL.
fn context() -> Option<(Gl, crate::context::Current)> {
    let ctx = match GlContext::headless(&ContextOptions::new(GlApi::Es30)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("skipped: no GL ({e})");
            return None;
        }
    };
    let current = ctx.enter().expect("current");
    Some((Gl::new(ctx), current))
}

/// What the pass leaves of the 8-bit value `v`: the nearest 4-bit value, in 8 bits.
fn rounded(v: u8) -> u8 {
    ((f64::from(v) / 17.0).round() * 17.0) as u8
}

/// An RGBA8 `size` x `size` texture holding `bytes` (none: undefined).
fn rgba8(gl: &mut Calls, size: i32, bytes: Option<&[u8]>) -> glow::Texture {
    let t = gl.create_texture().expect("texture");
    gl.bind_texture_to_edit(glow::TEXTURE_2D, t);
    gl.tex_image_2d(
        glow::TEXTURE_2D,
        0,
        glow::RGBA8,
        size,
        size,
        glow::RGBA,
        glow::UNSIGNED_BYTE,
        bytes,
    );
    t
}

/// The bytes of `fbo`'s `attachment` (`size` x `size`, RGBA8).
fn read(gl: &mut Calls, fbo: glow::Framebuffer, attachment: u32, size: i32) -> Vec<u8> {
    let mut px = vec![0u8; (size * size * 4) as usize];
    gl.bind_read_framebuffer(Some(fbo));
    gl.read_buffer(attachment);
    gl.read_pixels([0, 0, size, size], &mut px);
    px
}

#[test]
fn the_pass_rounds_every_8_bit_value_of_its_slot_only() {
    let Some((mut holder, current)) = context() else {
        return;
    };
    let gl = holder.current(current);
    // 8 x 8 texels of 4 channels: every value 0..=255 once, in slot 1; slot 0 the same
    // values, and not a 4444 slot (left as it is).
    let size = 8;
    let all: Vec<u8> = (0..=255).collect();
    let (other, packed) = (rgba8(gl, size, Some(&all)), rgba8(gl, size, Some(&all)));
    let fbo = gl.create_framebuffer().expect("framebuffer");
    gl.bind_draw_framebuffer(Some(fbo));
    gl.framebuffer_texture(glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(other));
    gl.framebuffer_texture(glow::COLOR_ATTACHMENT1, glow::TEXTURE_2D, Some(packed));
    let draw_buffers = [glow::COLOR_ATTACHMENT0, glow::COLOR_ATTACHMENT1];
    gl.draw_buffers(&draw_buffers);
    assert_eq!(gl.framebuffer_status(), glow::FRAMEBUFFER_COMPLETE);
    // A draw's state the pass must not draw with: blending, a scissor box, a colour mask.
    gl.blend(Some((glow::ONE, glow::ONE)));
    gl.scissor(Some([0, 0, 1, 1]));
    gl.color_mask([true, false, true, false]);
    let mut rgba4 = Rgba4::default();
    rgba4.set_mode(Rgba4Targets::Quantise);
    rgba4.quantise(gl, fbo, 0b10, &draw_buffers, (size, size));
    assert_eq!(rgba4.passes, 1);
    let got = read(gl, fbo, glow::COLOR_ATTACHMENT1, size);
    for (v, g) in all.iter().zip(&got) {
        assert_eq!(*g, rounded(*v), "8-bit {v}");
    }
    assert_eq!(
        read(gl, fbo, glow::COLOR_ATTACHMENT0, size),
        all,
        "slot 0 untouched"
    );
    // Rounding is idempotent: a second pass changes nothing.
    rgba4.quantise(gl, fbo, 0b10, &draw_buffers, (size, size));
    assert_eq!(read(gl, fbo, glow::COLOR_ATTACHMENT1, size), got);
    assert_eq!(gl.get_error(), glow::NO_ERROR);
    rgba4.clear(Some(gl));
}

#[test]
fn the_per_sample_pass_rounds_each_sample_before_the_resolve_averages_them() {
    let Some((mut holder, current)) = context() else {
        return;
    };
    let gl = holder.current(current);
    let mut rgba4 = Rgba4::default();
    rgba4.set_mode(Rgba4Targets::Quantise);
    if !rgba4.per_sample(gl) {
        eprintln!("skipped: no per-sample shading in this context");
        return;
    }
    let Some(header) = rgba4.sample_header.flatten() else {
        unreachable!("per_sample said yes");
    };
    let (size, samples) = (4, 4);
    let storage = gl.context().info().api == GlApi::Es30;
    let mut made = || {
        gl.create_multisample_texture(glow::RGBA8, samples, size, size, storage)
            .expect("multisampled texture")
    };
    let (first, second) = (made(), made());
    let fbo = gl.create_framebuffer().expect("framebuffer");
    gl.bind_draw_framebuffer(Some(fbo));
    gl.framebuffer_texture(
        glow::COLOR_ATTACHMENT0,
        glow::TEXTURE_2D_MULTISAMPLE,
        Some(first),
    );
    gl.draw_buffers(&[glow::COLOR_ATTACHMENT0]);
    assert_eq!(gl.framebuffer_status(), glow::FRAMEBUFFER_COMPLETE);
    // Sample s of every pixel: red 17 (2 s + 1) + 8, 8 above a 4-bit value (rounded down to
    // 17 (2 s + 1)); green 17 (2 s + 1) - 8 (rounded up to it). Averages: 76 and 60 unrounded,
    // 68 rounded.
    let writer = link(
        gl,
        header,
        "layout(location = 0) out highp vec4 o;
void main() {
    highp float k = 17.0 * float(2 * gl_SampleID + 1);
    o = vec4((k + 8.0) / 255.0, (k - 8.0) / 255.0, 0.0, 1.0);
}
",
    )
    .expect("writer program");
    let vao = gl.create_vertex_array().expect("vertex array");
    full_target_state(gl, 0, [0, 0, size, size], writer, vao);
    gl.draw_arrays_triangles(3);
    let mut slots = [
        Some(SampleSlot {
            current: first,
            spare: second,
        }),
        None,
        None,
        None,
    ];
    rgba4.quantise_samples(
        gl,
        fbo,
        &mut slots,
        &[glow::COLOR_ATTACHMENT0],
        (size, size),
    );
    assert_eq!(rgba4.passes, 1);
    assert_eq!(
        slots[0].map(|s| (s.current, s.spare)),
        Some((second, first)),
        "the rounded texture takes the slot"
    );
    // Resolved into a single-sampled RGBA8 texture: the average of the rounded samples.
    let resolved = rgba8(gl, size, None);
    let out = gl.create_framebuffer().expect("framebuffer");
    gl.bind_draw_framebuffer(Some(out));
    gl.framebuffer_texture(glow::COLOR_ATTACHMENT0, glow::TEXTURE_2D, Some(resolved));
    gl.bind_read_framebuffer(Some(fbo));
    gl.read_buffer(glow::COLOR_ATTACHMENT0);
    let rect = [0, 0, size, size];
    gl.blit(rect, rect, glow::COLOR_BUFFER_BIT, glow::NEAREST);
    let px = read(gl, out, glow::COLOR_ATTACHMENT0, size);
    for texel in px.chunks(4) {
        assert!(
            texel[0].abs_diff(68) <= 1,
            "red {texel:?}: rounded by sample"
        );
        assert!(
            texel[1].abs_diff(68) <= 1,
            "green {texel:?}: rounded by sample"
        );
        assert_eq!(texel[3], 255);
    }
    assert_eq!(gl.get_error(), glow::NO_ERROR);
    gl.delete_program(writer);
    rgba4.clear(Some(gl));
}

#[test]
fn the_probe_colour_tells_4_bits_from_8() {
    // What an 8-bit store reads back (143), and a 4-bit one (8 / 15: 136, as the clear takes
    // the top bits of 143 and as rounding 8.4375 gives): the one must be told from the other.
    let eight = (PROBE_BLUE * 255.0).round() as u8;
    let four = (Packing::Argb4444.clear_color([PROBE_BLUE; 4])[2] * 255.0).round() as u8;
    assert_eq!((eight, four), (143, 136));
    assert_eq!((PROBE_BLUE * 15.0).round() as u8 * 17, four, "rounded, too");
    assert!(keeps_more_bits(eight));
    assert!(!keeps_more_bits(four));
    assert!(
        (0..16u8).all(|k| !keeps_more_bits(17 * k)),
        "every 4-bit value"
    );
}

#[test]
fn the_environment_replaces_the_default_only() {
    use Rgba4Targets::*;
    assert_eq!(chosen(Probe, None), Probe);
    assert_eq!(chosen(Probe, Some("quantise")), Quantise);
    assert_eq!(chosen(Probe, Some(" Native ")), Native);
    assert_eq!(chosen(Probe, Some("quantize")), Quantise);
    assert_eq!(
        chosen(Probe, Some("eight")),
        Probe,
        "an unknown value is ignored"
    );
    assert_eq!(
        chosen(Quantise, Some("native")),
        Quantise,
        "the option wins"
    );
    assert_eq!(chosen(Native, Some("quantise")), Native, "the option wins");
}

//! The state cache at work: a repeated draw issues no state, bind or uniform call; changed
//! constants go up as one call per dirty range; sampler objects and vertex arrays are
//! reused. Also prints a draws-per-second figure (never asserted).

use crate::common::*;
use molehill_agal::{Filter, MipFilter, ProgramKind, Wrap};
use molehill_context3d::*;
use molehill_gl::{CallCounts, CallKind};

fn textured_scene(r: &mut Rig) -> (ProgramId, (VertexBufferId, IndexBufferId), TextureId) {
    let p = r.program(
        "m44 op, va0, vc0\nmov v0, va1",
        "tex ft0, v0, fs0 <2d,repeat,linear,miplinear>\nmul oc, ft0, fc0",
    );
    let q = r.uv_quad([-0.5, -0.5, 0.5, 0.5], [0.0, 0.0, 1.0, 1.0]);
    let t = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 4, 4, 3, false);
    for level in 0..3u8 {
        let s = 4u32 >> level;
        r.upload(
            t,
            0,
            level,
            s,
            s,
            TextureData::Argb32(&vec![argb(255, 255, 255, 255); (s * s) as usize]),
        );
    }
    r.b.set_program_constants(ProgramKind::Vertex, 0, &IDENTITY);
    r.b.set_program_constants(ProgramKind::Fragment, 0, &[[1.0, 0.5, 0.25, 1.0]]);
    r.b.set_blend(BlendState {
        source: BlendFactor::SourceAlpha,
        destination: BlendFactor::OneMinusSourceAlpha,
    });
    r.b.set_depth(DepthState {
        write: false,
        compare: CompareMode::LessEqual,
    });
    r.b.set_culling(TriangleFace::Back);
    (p, q, t)
}

fn state() -> SamplerState {
    sampler(Wrap::Repeat, Filter::Linear, MipFilter::Linear)
}

/// `vc0..vc3` for `m44 op, va0, vc0`: positions as they are.
const IDENTITY: [[f32; 4]; 4] = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
];

#[test]
fn a_repeated_draw_issues_no_state_calls() {
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let (p, q, t) = textured_scene(&mut r);
    r.draw_textured(p, q, &[(0, t, state())]);
    let before: CallCounts = r.b.call_counts();
    r.draw_textured(p, q, &[(0, t, state())]);
    let d = r.b.call_counts().since(&before);
    assert_eq!(d.state_changes(), 0, "second draw: {d:?}");
    assert_eq!(d.get(CallKind::Draw), 1);
    assert_eq!(d.total(), 1, "only the draw call: {d:?}");
    // The picture is right too: white texture times fc0, blended over black at alpha 1.
    let px = r.read();
    assert_px(r.at(&px, 16, 16), argb(255, 255, 128, 64), 1, "centre");
    assert_eq!(r.at(&px, 1, 1), argb(255, 0, 0, 0));
}

#[test]
fn a_clear_between_draws_makes_the_next_draw_put_back_what_the_clear_changed() {
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let (p, q, t) = textured_scene(&mut r);
    // No red, left half only.
    r.b.set_color_mask(ColorMask {
        red: false,
        green: true,
        blue: true,
        alpha: true,
    });
    r.b.set_scissor(Some(PixelRect {
        x: 0,
        y: 0,
        width: 16,
        height: 32,
    }));
    r.draw_textured(p, q, &[(0, t, state())]);
    // A clear needs every channel and the whole target: it changes both in GL.
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let before: CallCounts = r.b.call_counts();
    r.draw_textured(p, q, &[(0, t, state())]);
    let d = r.b.call_counts().since(&before);
    // The colour mask, the scissor test and its box (the clear left the box unknown or
    // changed): put back, nothing else.
    assert!(
        (2..=3).contains(&d.state_changes()),
        "the draw after the clear: {d:?}"
    );
    // And a draw after that one, with nothing changed, issues no state at all.
    let before: CallCounts = r.b.call_counts();
    r.draw_textured(p, q, &[(0, t, state())]);
    let d = r.b.call_counts().since(&before);
    assert_eq!(d.state_changes(), 0, "third draw: {d:?}");
    let px = r.read();
    // White texture times fc0 (1, .5, .25, 1) over black, red masked, right half scissored.
    assert_px(r.at(&px, 8, 16), argb(255, 0, 128, 64), 1, "left half");
    assert_eq!(r.at(&px, 24, 16), argb(255, 0, 0, 0), "right half");
}

#[test]
fn changed_constants_are_one_uniform_call_per_stage() {
    let mut r = Rig::new(32, 32);
    let (p, q, t) = textured_scene(&mut r);
    r.draw_textured(p, q, &[(0, t, state())]);
    // Two separate ranges of the vertex file, one of the fragment file: one call per stage
    // (vc[0..4] in one, the clean registers between included).
    r.b.set_program_constants(ProgramKind::Vertex, 0, &[[1.0, 0.0, 0.0, 0.0]]);
    r.b.set_program_constants(ProgramKind::Vertex, 3, &[[0.0, 0.0, 0.0, 1.0]]);
    r.b.set_program_constants(ProgramKind::Fragment, 0, &[[0.0, 1.0, 0.0, 1.0]]);
    let before = r.b.call_counts();
    r.draw_textured(p, q, &[(0, t, state())]);
    let d = r.b.call_counts().since(&before);
    assert_eq!(d.get(CallKind::Uniform), 2, "{d:?}");
    assert_eq!(d.get(CallKind::State) + d.get(CallKind::Bind), 0, "{d:?}");
    // Only the vertex stage changed: one call.
    r.b.set_program_constants(ProgramKind::Vertex, 1, &[[0.0, 1.0, 0.0, 0.0]]);
    r.b.set_program_constants(ProgramKind::Vertex, 2, &[[0.0, 0.0, 1.0, 0.0]]);
    let before = r.b.call_counts();
    r.draw_textured(p, q, &[(0, t, state())]);
    assert_eq!(r.b.call_counts().since(&before).get(CallKind::Uniform), 1);
}

#[test]
fn programs_samplers_and_vertex_arrays_are_reused() {
    let mut r = Rig::new(16, 16);
    let (p, q, t) = textured_scene(&mut r);
    // The same bytecode pair under another id links nothing new.
    let links = r.b.program_links();
    let p2 = r.program(
        "m44 op, va0, vc0\nmov v0, va1",
        "tex ft0, v0, fs0 <2d,repeat,linear,miplinear>\nmul oc, ft0, fc0",
    );
    assert_eq!(r.b.program_links(), links);
    r.draw_textured(p, q, &[(0, t, state())]);
    r.draw_textured(p2, q, &[(0, t, state())]);
    let other = sampler(Wrap::Clamp, Filter::Nearest, MipFilter::None);
    r.draw_textured(p, q, &[(0, t, other)]);
    r.draw_textured(p, q, &[(0, t, state())]);
    assert_eq!(
        r.b.sampler_objects(),
        2,
        "one sampler object per distinct state"
    );
    assert_eq!(r.b.vertex_arrays(), 1, "one vertex array per stream layout");
    // Switching back to the first sampler state rebinds, without creating anything.
    let before = r.b.call_counts();
    r.draw_textured(p, q, &[(0, t, other)]);
    let d = r.b.call_counts().since(&before);
    assert_eq!(
        (d.get(CallKind::Bind), d.get(CallKind::Create)),
        (1, 0),
        "{d:?}"
    );
    // Disposing the program under one id keeps it for the other.
    r.b.dispose_program(p);
    r.draw_textured(p2, q, &[(0, t, state())]);
}

#[test]
fn repeated_uploads_to_one_buffer_bind_it_once() {
    let mut r = Rig::new(16, 16);
    r.b.set_error_checking(true);
    let vb = r.vertex_buffer(4, &[0.0; 16]);
    let before = r.b.call_counts();
    for _ in 0..3 {
        r.b.upload_vertex_buffer(vb, 0, &[0u8; 64]).expect("upload");
    }
    let d = r.b.call_counts().since(&before);
    assert_eq!(
        (d.get(CallKind::Bind), d.get(CallKind::Upload)),
        (0, 3),
        "{d:?}"
    );
    // GL unbinds a deleted buffer and may hand its name to the next one: the cache must not
    // believe the new buffer is bound (GL_INVALID_OPERATION otherwise).
    r.b.dispose_vertex_buffer(vb);
    let vb2 = r.vertex_buffer(4, &[1.0; 16]);
    r.b.upload_vertex_buffer(vb2, 0, &[0u8; 64])
        .expect("upload to a new buffer");
    assert!(r.b.take_gl_errors().is_empty());
}

#[test]
fn draws_per_second_report() {
    let mut r = Rig::new(64, 64);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let (p, q, t) = textured_scene(&mut r);
    let n = 5_000;
    let start = std::time::Instant::now();
    for i in 0..n {
        let x = (i % 100) as f32 / 100.0;
        r.b.set_program_constants(ProgramKind::Vertex, 0, &[[0.1, 0.0, 0.0, x - 0.5]]);
        r.b.set_program_constants(ProgramKind::Fragment, 0, &[[x, 1.0 - x, 0.5, 1.0]]);
        r.draw_textured(p, q, &[(0, t, state())]);
    }
    let _ = r.read(); // waits for the GPU
    let secs = start.elapsed().as_secs_f64();
    let per_draw = r.b.call_counts().total() as f64 / n as f64;
    eprintln!(
        "molehill-gl: {n} textured draws with two constant updates each on a 64x64 target: {:.0} draws/s ({:.2} GL calls per draw, {})",
        n as f64 / secs,
        per_draw,
        r.b.gl_info().renderer
    );
}

#[test]
fn overhead_draws_per_second_report() {
    // Tiny triangles: what is left is the backend's and the driver's per-draw overhead.
    let mut r = Rig::new(32, 32);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program("m44 op, va0, vc0\nmov v0, va1", "mul oc, v0, fc0");
    let q = r.color_quad([0.0, 0.0, 0.01, 0.01], 0.0, [1.0, 1.0, 1.0, 1.0]);
    r.b.set_program_constants(ProgramKind::Vertex, 0, &IDENTITY);
    let n = 20_000;
    let start = std::time::Instant::now();
    for i in 0..n {
        let x = (i % 100) as f32 / 100.0;
        r.b.set_program_constants(ProgramKind::Vertex, 0, &[[1.0, 0.0, 0.0, x - 0.5]]);
        r.b.set_program_constants(ProgramKind::Fragment, 0, &[[x, 1.0 - x, 0.5, 1.0]]);
        r.draw_color(p, q);
    }
    let _ = r.read();
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "molehill-gl: {n} tiny draws with two constant updates each: {:.0} draws/s",
        n as f64 / secs
    );
}

/// A texture already bound to unit 0 while another unit is active: its upload must still
/// reach it (the cache skipped `glActiveTexture` with the binding, and the pixels went into
/// the texture of the unit a draw had left active).
#[test]
fn an_upload_reaches_its_texture_whatever_unit_a_draw_left_active() {
    let mut r = Rig::new(4, 4);
    let red = argb(255, 255, 0, 0);
    let green = argb(255, 0, 255, 0);
    let blue = argb(255, 0, 0, 255);
    let a = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 1, 1, 1, false);
    let b = r.texture(TextureKind::TwoD, TextureFormat::Bgra, 1, 1, 1, false);
    r.upload(a, 0, 0, 1, 1, TextureData::Argb32(&[red]));
    r.upload(b, 0, 0, 1, 1, TextureData::Argb32(&[green]));
    // Sample both: a on unit 0, b on unit 1 (unit 1 is left active).
    let p = r.program(
        POS_UV_VS,
        "tex ft0, v0, fs0 <2d,clamp,nearest,mipnone>\n\
         tex ft1, v0, fs1 <2d,clamp,nearest,mipnone>\n\
         add oc, ft0, ft1",
    );
    let q = r.uv_quad([-1.0, -1.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]);
    r.clear([0.0; 4]);
    r.draw_textured(p, q, &[(0, a, nearest()), (1, b, nearest())]);
    let px = r.read();
    assert_px(r.at(&px, 1, 1), argb(255, 255, 255, 0), 1, "red + green");
    // Replace a's texel; b must keep its own.
    r.upload(a, 0, 0, 1, 1, TextureData::Argb32(&[blue]));
    let px = r.show(a);
    assert_px(r.at(&px, 1, 1), blue, 1, "a after its upload");
    let px = r.show(b);
    assert_px(r.at(&px, 1, 1), green, 1, "b untouched by a's upload");
}

/// The per-pixel scissor test costs nothing until a draw has a scissor rectangle on a
/// multisampled target (on llvmpipe): then one more link for the program's scissored variant,
/// once; the rectangle is exact at its left and top edges (where llvmpipe's own test leaks).
#[test]
fn scissor_discard_variant_is_linked_once_and_only_when_needed() {
    let mut r = Rig::with(molehill_gl::GlApi::Es30, 16, 16, 4, true);
    if !r.b.scissor_discard() {
        eprintln!("skipped: the renderer is not llvmpipe, its scissor test needs no help");
        return;
    }
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let q = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
    r.clear([1.0, 0.0, 0.0, 1.0]);
    r.draw_color(p, q);
    assert_eq!(r.b.program_links(), 1, "no scissor: the plain program only");
    r.b.set_scissor(Some(PixelRect {
        x: 4,
        y: 4,
        width: 8,
        height: 8,
    }));
    r.clear([1.0, 0.0, 0.0, 1.0]);
    r.draw_color(p, q);
    r.draw_color(p, q);
    assert_eq!(r.b.program_links(), 2, "one scissored variant, linked once");
    let px = r.read();
    assert_eq!(r.at(&px, 4, 4), argb(255, 0, 255, 0), "inside corner");
    assert_eq!(r.at(&px, 3, 4), argb(255, 255, 0, 0), "column left of it");
    assert_eq!(r.at(&px, 4, 3), argb(255, 255, 0, 0), "row above it");
    assert_eq!(r.at(&px, 11, 11), argb(255, 0, 255, 0), "inside corner");
    assert_eq!(
        r.at(&px, 12, 11),
        argb(255, 255, 0, 0),
        "column right of it"
    );
    // Back to no scissor: the plain program, the whole target.
    r.b.set_scissor(None);
    r.clear([1.0, 0.0, 0.0, 1.0]);
    r.draw_color(p, q);
    let px = r.read();
    assert_eq!(r.at(&px, 0, 0), argb(255, 0, 255, 0));
    assert_eq!(r.b.program_links(), 2);
}

/// Layouts that share their first streams are told apart by the streams after them: the
/// recent-layout check compares the streams in use, not a prefix.
#[test]
fn layouts_sharing_a_prefix_get_their_own_vertex_arrays() {
    let mut r = Rig::new(16, 16);
    r.clear([0.0, 0.0, 0.0, 1.0]);
    let p = r.program(POS_COLOR_VS, COLOR_FS);
    let (vb, ib) = r.color_quad([-1.0, -1.0, 1.0, 1.0], 0.0, [1.0, 0.0, 0.0, 1.0]);
    let mut one = [None; MAX_STREAMS];
    one[0] = Rig::stream(vb, 0, 7, VertexFormat::Float3);
    let mut two = one;
    two[1] = Rig::stream(vb, 3, 7, VertexFormat::Float4);
    r.draw(p, two, [None; MAX_SAMPLERS], ib, 6);
    assert_eq!(r.b.vertex_arrays(), 1);
    r.draw(p, one, [None; MAX_SAMPLERS], ib, 6);
    assert_eq!(r.b.vertex_arrays(), 2);
    let before = r.b.call_counts();
    r.draw(p, two, [None; MAX_SAMPLERS], ib, 6);
    r.draw(p, one, [None; MAX_SAMPLERS], ib, 6);
    assert_eq!(r.b.vertex_arrays(), 2);
    assert_eq!(r.b.call_counts().since(&before).get(CallKind::Create), 0);
}

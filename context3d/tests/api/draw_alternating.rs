//! A program drawn with two sets of bindings in turn (two meshes, two textures) draws each as
//! it was resolved the first time, and every change that could alter or break one (a disposed
//! buffer or texture, sampler state, a render target, an index past the vertices) is seen by
//! the next draw with the error a fresh resolution gives, whatever a draw reuses of an earlier
//! one (a guard for any cache of resolutions).

use molehill_agal::profile::Profile;
use molehill_agal::Version;
use molehill_context3d::{Call, IndexBuffer3D, ResolvedDraw, TextureBase, VertexBuffer3D};

use crate::common::*;

/// A mesh: its vertex buffer (xyz + uv) and a texture.
#[derive(Clone, Copy)]
struct Mesh {
    vb: VertexBuffer3D,
    tex: TextureBase,
}

struct Scene {
    c: Ctx,
    ib: IndexBuffer3D,
    a: Mesh,
    b: Mesh,
}

fn mesh(c: &mut Ctx, vertices: i32) -> Mesh {
    let vb = c.create_vertex_buffer(vertices, 5, "staticDraw").unwrap();
    c.vertex_buffer_upload_from_vector(vb, &vec![0.0; 5 * vertices as usize], 0, vertices)
        .unwrap();
    let tex = c.create_texture(2, 2, "bgra", false, 0).unwrap();
    c.texture_upload_from_bitmap_data(tex, &[0; 4], 2, 2, 0, 0)
        .unwrap();
    Mesh { vb, tex }
}

fn scene() -> Scene {
    let mut c = ready(Profile::Baseline);
    let p = program(&mut c, VS_TEXTURED, FS_TEXTURED, Version::V1);
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    let a = mesh(&mut c, 3);
    let b = mesh(&mut c, 4);
    c.set_program(Some(p)).unwrap();
    c.backend_mut().take();
    Scene { c, ib, a, b }
}

fn bind(c: &mut Ctx, m: Mesh) {
    bind_streams(c, m);
    c.set_texture_at(0, Some(m.tex)).unwrap();
}

fn bind_streams(c: &mut Ctx, m: Mesh) {
    c.set_vertex_buffer_at(0, Some(m.vb), 0, "float3").unwrap();
    c.set_vertex_buffer_at(1, Some(m.vb), 3, "float2").unwrap();
}

/// Binds `m`, draws and returns the draw the backend got (after a render target, if one was
/// sent).
#[track_caller]
fn draw(s: &mut Scene, m: Mesh) -> ResolvedDraw {
    bind(&mut s.c, m);
    s.c.draw_triangles(Some(s.ib), 0, 1).unwrap();
    let calls = s.c.backend_mut().take();
    match &calls[..] {
        [Call::Draw(d)] | [Call::SetRenderTarget(_), Call::Draw(d)] => **d,
        other => panic!("{other:?}"),
    }
}

/// The error of a draw with what is bound now (the calls before it are taken).
#[track_caller]
fn error_id(s: &mut Scene) -> u32 {
    let id =
        s.c.draw_triangles(Some(s.ib), 0, 1)
            .expect_err("the draw should fail")
            .id;
    s.c.backend_mut().take();
    id
}

#[test]
fn each_set_of_bindings_draws_what_it_resolved_the_first_time() {
    let mut s = scene();
    let (a, b) = (s.a, s.b);
    let first_a = draw(&mut s, a);
    let first_b = draw(&mut s, b);
    assert_ne!(first_a.streams, first_b.streams);
    assert_ne!(first_a.samplers, first_b.samplers);
    for _ in 0..3 {
        assert_eq!(draw(&mut s, a), first_a);
        assert_eq!(draw(&mut s, b), first_b);
    }
    // A third set replaces the one used least recently; the other two still draw right.
    let c = mesh(&mut s.c, 5);
    s.c.backend_mut().take();
    let first_c = draw(&mut s, c);
    assert_ne!(first_c.streams, first_a.streams);
    assert_eq!(draw(&mut s, b), first_b);
    assert_eq!(draw(&mut s, a), first_a);
    assert_eq!(draw(&mut s, c), first_c);
}

#[test]
fn a_disposed_texture_or_buffer_of_a_kept_resolution_fails_the_draw() {
    let mut s = scene();
    let (a, b) = (s.a, s.b);
    draw(&mut s, a);
    draw(&mut s, b);
    draw(&mut s, a);
    // B bound again, then its texture goes: #3605; A still draws.
    bind(&mut s.c, b);
    s.c.texture_dispose(b.tex);
    assert_eq!(error_id(&mut s), 3605);
    draw(&mut s, a);
    // B's streams bound again (its disposed texture unbound), then its buffer goes: #3608.
    bind_streams(&mut s.c, b);
    s.c.set_texture_at(0, Some(a.tex)).unwrap();
    s.c.vertex_buffer_dispose(b.vb);
    assert_eq!(error_id(&mut s), 3608);
    draw(&mut s, a);
    draw(&mut s, a);
}

#[test]
fn a_kept_resolution_sees_sampler_state_render_targets_and_vertex_counts() {
    let mut s = scene();
    let (a, b) = (s.a, s.b);
    draw(&mut s, a);
    draw(&mut s, b);
    // setSamplerStateAt: A's kept state is not reused.
    s.c.set_sampler_state_at(0, "repeat", "nearest", "mipnone")
        .unwrap();
    let with_state = draw(&mut s, a).samplers[0].unwrap().state;
    assert_eq!(with_state.wrap, molehill_agal::Wrap::Repeat);
    // Drawing into B's texture while B's texture is sampled: #3604; A may draw there.
    s.c.set_render_to_texture(Some(b.tex), false, 0, 0, 0)
        .unwrap();
    bind(&mut s.c, b);
    assert_eq!(error_id(&mut s), 3604);
    s.c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    s.c.backend_mut().take();
    bind(&mut s.c, a);
    s.c.draw_triangles(Some(s.ib), 0, 1).unwrap();
    // Both kept while drawing into a third texture, then the target becomes B's texture.
    let target = mesh(&mut s.c, 3).tex;
    s.c.set_render_to_texture(Some(target), false, 0, 0, 0)
        .unwrap();
    s.c.backend_mut().take();
    draw(&mut s, a);
    draw(&mut s, b);
    s.c.set_render_to_texture(Some(b.tex), false, 0, 0, 0)
        .unwrap();
    bind(&mut s.c, b);
    assert_eq!(error_id(&mut s), 3604);
    s.c.set_render_to_back_buffer().unwrap();
    s.c.backend_mut().take();
    draw(&mut s, b);
    // An index past A's 3 vertices (B has 4): #3609 for A only.
    s.c.index_buffer_upload_from_vector(s.ib, &[0, 1, 3], 0, 3)
        .unwrap();
    s.c.backend_mut().take();
    bind(&mut s.c, a);
    assert_eq!(error_id(&mut s), 3609);
    draw(&mut s, b);
    bind(&mut s.c, a);
    assert_eq!(error_id(&mut s), 3609);
}

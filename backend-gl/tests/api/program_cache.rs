//! The program cache through `Context3D`: an identical `Program3D.upload`, on the same or
//! another `Program3D`, finds the linked program (no translation, compile, link or uniform
//! lookup); constants go up in one `glUniform4fv` per stage, with the draw, in the entry that
//! runs the draw. Counted, never timed.

use molehill_agal::{ProgramKind, Version};
use molehill_context3d::{Context3D, Endian, Program3D};
use molehill_gl::{CallKind, ContextOptions, GlBackend};

fn bytes(src: &str, kind: ProgramKind) -> Vec<u8> {
    molehill_agal::encode(&molehill_agal::asm::assemble(src, kind, Version::V1).expect("assembles"))
}

/// A new `Program3D` with [`VS`] and [`FS`] uploaded.
fn upload_pair(c: &mut Context3D<GlBackend>) -> Program3D {
    let p = c.create_program().unwrap();
    c.program_upload(
        p,
        &bytes(VS, ProgramKind::Vertex),
        Endian::Little,
        &bytes(FS, ProgramKind::Fragment),
        Endian::Little,
    )
    .unwrap();
    p
}

const VS: &str = "m44 op, va0, vc0\nmov v0, va1\nmul v1, va1, vc4";
const FS: &str = "mul ft0, v0, fc0\nadd oc, ft0, v1";

#[test]
fn identical_reuploads_cost_no_gl_call() {
    let backend = GlBackend::headless(&ContextOptions::default()).expect("GL");
    let mut c = Context3D::request(backend, "auto", "standard").expect("context");
    let (v, f) = (
        bytes(VS, ProgramKind::Vertex),
        bytes(FS, ProgramKind::Fragment),
    );
    let p = c.create_program().unwrap();
    c.program_upload(p, &v, Endian::Little, &f, Endian::Little)
        .unwrap();
    assert_eq!(c.backend().program_links(), 1);
    let before = c.backend().call_counts();
    let other = c.create_program().unwrap();
    for _ in 0..1000 {
        c.program_upload(p, &v, Endian::Little, &f, Endian::Little)
            .unwrap();
        c.program_upload(other, &v, Endian::Little, &f, Endian::Little)
            .unwrap();
    }
    let spent = c.backend().call_counts().since(&before);
    assert_eq!(c.backend().program_links(), 1);
    // No shader compiled or program linked (Create), no location asked (Query), nothing
    // deleted: not one GL call.
    assert_eq!(spent.get(CallKind::Create), 0, "{spent:?}");
    assert_eq!(spent.get(CallKind::Query), 0, "{spent:?}");
    assert_eq!(spent.total(), 0, "{spent:?}");
    // Another pair links once more; disposing every user frees it.
    let third = c.create_program().unwrap();
    c.program_upload(
        third,
        &v,
        Endian::Little,
        &bytes("mov oc, v1", ProgramKind::Fragment),
        Endian::Little,
    )
    .unwrap();
    assert_eq!(c.backend().program_links(), 2);
    let before = c.backend().call_counts();
    c.program_dispose(p);
    c.program_dispose(other);
    assert_eq!(
        c.backend()
            .call_counts()
            .since(&before)
            .get(CallKind::Delete),
        1
    );
}

#[test]
fn a_link_locates_each_constant_array_once() {
    let backend = GlBackend::headless(&ContextOptions::default()).expect("GL");
    let mut c = Context3D::request(backend, "auto", "standard").expect("context");
    let before = c.backend().call_counts();
    upload_pair(&mut c);
    let spent = c.backend().call_counts().since(&before);
    // vc[0], fc[0], the sampler-free pair's yflip: a handful, not one per register (128 + 28).
    assert!(spent.get(CallKind::Query) <= 8, "{spent:?}");
}

#[test]
fn constants_and_state_between_draws_cost_no_gl_call_until_the_draw() {
    let backend = GlBackend::headless(&ContextOptions::default()).expect("GL");
    let mut c = Context3D::request(backend, "auto", "standard").expect("context");
    c.configure_back_buffer(32, 32, 0, true, false, false)
        .unwrap();
    let p = upload_pair(&mut c);
    let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    c.vertex_buffer_upload_from_vector(vb, &[0.0; 12], 0, 3)
        .unwrap();
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    c.set_program(Some(p)).unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float4").unwrap();
    c.set_vertex_buffer_at(1, Some(vb), 0, "float4").unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    c.draw_triangles(Some(ib), 0, 1).unwrap();
    c.backend_mut().run_queued_draws();

    let before = c.backend().call_counts();
    let queries = c.backend().current_queries();
    for i in 0..10 {
        let v = f64::from(i);
        c.set_program_constants_from_vector("vertex", i, &[v, 1.0, 2.0, 3.0], 1)
            .unwrap();
        c.set_program_constants_from_vector("fragment", 0, &[v; 4], 1)
            .unwrap();
        c.set_blend_factors("sourceAlpha", "one").unwrap();
        c.set_culling(if i % 2 == 0 { "back" } else { "front" })
            .unwrap();
        c.set_depth_test(i % 2 == 0, "less").unwrap();
    }
    let spent = c.backend().call_counts().since(&before);
    assert_eq!(
        spent.total(),
        0,
        "nothing reaches GL before the draw: {spent:?}"
    );
    // Nor the backend: no call entered the context (each entry asks EGL which context is
    // current).
    assert_eq!(c.backend().current_queries(), queries);

    c.draw_triangles(Some(ib), 0, 1).unwrap();
    // Error checking off: the draw is kept, with its changes, until the next entry.
    assert_eq!(c.backend().call_counts().since(&before).total(), 0);
    assert_eq!(c.backend().queued_draws(), 1);
    c.backend_mut().run_queued_draws();
    let spent = c.backend().call_counts().since(&before);
    // The registers written since the last draw, one glUniform4fv per stage.
    assert_eq!(spent.get(CallKind::Uniform), 2, "{spent:?}");
    assert_eq!(spent.get(CallKind::Draw), 1, "{spent:?}");
    // State, constants and the draw in one entry.
    assert_eq!(c.backend().current_queries(), queries + 1);
}

/// The cache keys on context3d's `ProgramKey`, the pair's canonical bytecode: the same pair
/// uploaded as decoded programs (`program_upload_decoded`, no bytes) on another `Program3D`
/// finds the program its bytes linked.
#[test]
fn a_pair_uploaded_decoded_finds_the_program_its_bytes_linked() {
    let backend = GlBackend::headless(&ContextOptions::default()).expect("GL");
    let mut c = Context3D::request(backend, "auto", "standard").expect("context");
    let _p = upload_pair(&mut c);
    assert_eq!(c.backend().program_links(), 1);
    let asm =
        |src: &str, kind| molehill_agal::asm::assemble(src, kind, Version::V1).expect("assembles");
    let (v, f) = (asm(VS, ProgramKind::Vertex), asm(FS, ProgramKind::Fragment));
    let q = c.create_program().unwrap();
    c.program_upload_decoded(q, &v, &f).unwrap();
    assert_eq!(c.backend().program_links(), 1, "a hit");
    let g = asm("mov oc, v1", ProgramKind::Fragment);
    c.program_upload_decoded(q, &v, &g).unwrap();
    assert_eq!(c.backend().program_links(), 2, "another pair: a miss");
}

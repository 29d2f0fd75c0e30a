//! The program cache through `Context3D`: an identical `Program3D.upload`, on the same or
//! another `Program3D`, finds the linked program (no translation, compile, link or uniform
//! lookup); constants go up in one `glUniform4fv` per stage. Counted, never timed.

use agal::{ProgramKind, Version};
use backend_gl::{CallKind, ContextOptions, GlBackend};
use context3d::{Context3D, Endian};

fn bytes(src: &str, kind: ProgramKind) -> Vec<u8> {
    agal::encode(&agal::asm::assemble(src, kind, Version::V1).expect("assembles"))
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
    let p = c.create_program().unwrap();
    c.program_upload(
        p,
        &bytes(VS, ProgramKind::Vertex),
        Endian::Little,
        &bytes(FS, ProgramKind::Fragment),
        Endian::Little,
    )
    .unwrap();
    let spent = c.backend().call_counts().since(&before);
    // vc[0], fc[0], the sampler-free pair's yflip: a handful, not one per register (128 + 28).
    assert!(spent.get(CallKind::Query) <= 8, "{spent:?}");
}

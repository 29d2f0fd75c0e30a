//! Helpers shared by the test modules.

use molehill_agal::flash::{ErrorClass, FlashError};
use molehill_agal::profile::Profile;
use molehill_agal::{ProgramKind, Version};
use molehill_context3d::{
    Call, Context3D, Endian, IndexBuffer3D, Program3D, RecordingBackend, VertexBuffer3D,
};

pub type Ctx = Context3D<RecordingBackend>;

/// A fresh context.
pub fn ctx(profile: Profile) -> Ctx {
    Context3D::new(RecordingBackend::new(), profile)
}

/// A context with error checking on (so that draw-time errors are thrown) and a configured and
/// cleared 64x64 back buffer (with depth), calls taken.
pub fn ready(profile: Profile) -> Ctx {
    let mut c = ctx(profile);
    c.set_enable_error_checking(true).unwrap();
    c.configure_back_buffer(64, 64, 0, true, false, false)
        .unwrap();
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    c.backend_mut().take();
    c
}

/// Asserts an error's class, ID and full message.
#[track_caller]
pub fn assert_err<T: std::fmt::Debug>(
    result: Result<T, FlashError>,
    class: ErrorClass,
    id: u32,
    message: &str,
) {
    let e = result.expect_err("the call should fail");
    assert_eq!((e.class, e.id, e.message.as_str()), (class, id, message));
}

/// Asserts an `Error` class error.
#[track_caller]
pub fn assert_error<T: std::fmt::Debug>(result: Result<T, FlashError>, id: u32, message: &str) {
    assert_err(result, ErrorClass::Error, id, message);
}

/// Asserts ArgumentError #2008 for `parameter`.
#[track_caller]
pub fn assert_2008<T: std::fmt::Debug>(result: Result<T, FlashError>, parameter: &str) {
    assert_err(
        result,
        ErrorClass::ArgumentError,
        2008,
        &format!("Error #2008: Parameter {parameter} must be one of the accepted values."),
    );
}

/// Asserts RangeError #2006.
#[track_caller]
pub fn assert_2006<T: std::fmt::Debug>(result: Result<T, FlashError>) {
    assert_err(
        result,
        ErrorClass::RangeError,
        2006,
        "Error #2006: The supplied index is out of bounds.",
    );
}

/// Asserts #3694 (disposed).
#[track_caller]
pub fn assert_disposed<T: std::fmt::Debug>(result: Result<T, FlashError>) {
    assert_error(
        result,
        3694,
        "Error #3694: The object was disposed by an earlier call of dispose() on it.",
    );
}

/// AGAL bytes of an assembly text.
pub fn agal(source: &str, kind: ProgramKind, version: Version) -> Vec<u8> {
    let program = molehill_agal::asm::assemble(source, kind, version)
        .unwrap_or_else(|e| panic!("test program does not assemble: {e}\n{source}"));
    molehill_agal::encode(&program)
}

/// The textured pair: `va0` position, `va1` uv, `fs0` 2D linear clamp.
pub const VS_TEXTURED: &str = "m44 op, va0, vc0\nmov v0, va1";
pub const FS_TEXTURED: &str = "tex ft0, v0, fs0 <2d,linear,mipnone,clamp>\nmov oc, ft0";
/// A pair that reads only `va0` and samples nothing.
pub const VS_PLAIN: &str = "mov op, va0\nmov v0, va0";
pub const FS_PLAIN: &str = "mov oc, v0";

/// Creates and uploads a program (AGAL 1 unless the sources need more).
pub fn program(c: &mut Ctx, vs: &str, fs: &str, version: Version) -> Program3D {
    let p = c.create_program().unwrap();
    let v = agal(vs, ProgramKind::Vertex, version);
    let f = agal(fs, ProgramKind::Fragment, version);
    c.program_upload(p, &v, Endian::Little, &f, Endian::Little)
        .unwrap();
    p
}

/// Little-endian bytes of floats.
pub fn floats_le(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// A vertex buffer of 3 vertices of 4 zero floats and an index buffer `0 1 2`, uploaded (in
/// that order: create, upload, create, upload).
pub fn triangle(c: &mut Ctx) -> (VertexBuffer3D, IndexBuffer3D) {
    let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
    c.vertex_buffer_upload_from_vector(vb, &[0.0; 12], 0, 3)
        .unwrap();
    let ib = c.create_index_buffer(3, "staticDraw").unwrap();
    c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
        .unwrap();
    (vb, ib)
}

/// Draws one triangle and returns the render state and constant calls the backend got with
/// it, in order (`SetBlend` .. `SetScissor`, then `SetProgramConstants`, vertex then
/// fragment): what the state and constants calls since the previous draw changed. Calls not
/// yet taken are dropped first.
///
/// Calls no state or constants setter: it configures a 64x64 back buffer if there is none,
/// clears (which resets no state), binds a fresh [`VS_PLAIN`]/[`FS_PLAIN`] program and a vertex
/// buffer at `va0`, draws, then disposes them again and takes every call: afterwards the
/// program and vertex stream 0 the test had bound are replaced by disposed objects. Panics
/// unless exactly one draw reached the backend (a failed or dropped draw).
#[track_caller]
pub fn sent_by_next_draw(c: &mut Ctx) -> Vec<Call> {
    if c.back_buffer_width() == 0 {
        c.configure_back_buffer(64, 64, 0, true, false, false)
            .unwrap();
    }
    c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
    let p = program(c, VS_PLAIN, FS_PLAIN, Version::V1);
    let (vb, ib) = triangle(c);
    c.set_program(Some(p)).unwrap();
    c.set_vertex_buffer_at(0, Some(vb), 0, "float4").unwrap();
    c.backend_mut().take();
    c.draw_triangles(Some(ib), 0, -1).unwrap();
    let calls = c.backend_mut().take();
    c.program_dispose(p);
    c.vertex_buffer_dispose(vb);
    c.index_buffer_dispose(ib);
    c.backend_mut().take();
    let draws = calls.iter().filter(|c| matches!(c, Call::Draw(_))).count();
    assert_eq!(draws, 1, "exactly one draw reaches the backend: {calls:?}");
    assert!(matches!(calls.last(), Some(Call::Draw(_))), "{calls:?}");
    calls
        .into_iter()
        .filter(|call| {
            matches!(
                call,
                Call::SetBlend(_)
                    | Call::SetColorMask(_)
                    | Call::SetCulling(_)
                    | Call::SetDepth(_)
                    | Call::SetStencil(_)
                    | Call::SetScissor(_)
                    | Call::SetProgramConstants(..)
            )
        })
        .collect()
}

/// The constants calls among `calls` (panics on any other call).
#[track_caller]
pub fn constants_of(calls: Vec<Call>) -> Vec<(ProgramKind, u16, Vec<[f32; 4]>)> {
    calls
        .into_iter()
        .map(|call| match call {
            Call::SetProgramConstants(k, f, v) => (k, f, v),
            other => panic!("not a constants call: {other:?}"),
        })
        .collect()
}

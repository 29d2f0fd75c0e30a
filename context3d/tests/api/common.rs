//! Helpers shared by the test modules.

use agal::flash::{ErrorClass, FlashError};
use agal::profile::Profile;
use agal::{ProgramKind, Version};
use context3d::{Context3D, Endian, Program3D, RecordingBackend};

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
    let program = agal::asm::assemble(source, kind, version)
        .unwrap_or_else(|e| panic!("test program does not assemble: {e}\n{source}"));
    agal::encode(&program)
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

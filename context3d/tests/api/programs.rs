//! Program3D: create, upload (validation, link, backend), setProgram, dispose.

use molehill_agal::flash::ErrorClass;
use molehill_agal::profile::Profile;
use molehill_agal::{ProgramKind, Version};
use molehill_context3d::{BackendError, Call, Endian};

use crate::common::*;

#[test]
fn upload_sends_the_validated_pair() {
    let mut c = ctx(Profile::Baseline);
    let p = c.create_program().unwrap();
    assert!(c.program_usage(p).is_none());
    let v = agal(VS_TEXTURED, ProgramKind::Vertex, Version::V1);
    let f = agal(FS_TEXTURED, ProgramKind::Fragment, Version::V1);
    c.program_upload(p, &v, Endian::Little, &f, Endian::Little)
        .unwrap();
    let calls = c.backend_mut().take();
    let [Call::CreateProgram(_, pair)] = &calls[..] else {
        panic!("{calls:?}")
    };
    assert_eq!(pair.0, molehill_agal::decode(&v).unwrap());
    assert_eq!(pair.1, molehill_agal::decode(&f).unwrap());
    let usage = c.program_usage(p).unwrap();
    assert_eq!(usage.attributes, 0b11);
    assert_eq!(usage.color_outputs, 1);
    assert!(!usage.depth_written);
    assert!(usage.samplers[0].is_some() && usage.samplers[1].is_none());
}

#[test]
fn upload_again_replaces_the_backend_program() {
    let mut c = ctx(Profile::Baseline);
    let p = program(&mut c, VS_PLAIN, FS_PLAIN, Version::V1);
    let v = agal(VS_PLAIN, ProgramKind::Vertex, Version::V1);
    let f = agal(FS_PLAIN, ProgramKind::Fragment, Version::V1);
    c.backend_mut().take();
    c.program_upload(p, &v, Endian::Little, &f, Endian::Little)
        .unwrap();
    let calls = c.backend_mut().take();
    // The new program is created before the old one is released: a backend that caches
    // linked programs by bytecode finds an identical re-upload still there.
    assert!(matches!(calls[..], [Call::CreateProgram(b, _), Call::DisposeProgram(a)] if a != b));
    c.program_dispose(p);
    c.program_dispose(p);
    assert_eq!(c.backend_mut().take().len(), 1);
    assert_disposed(c.program_upload(p, &v, Endian::Little, &f, Endian::Little));
    assert_disposed(c.set_program(Some(p)));
}

#[test]
fn upload_errors() {
    let mut c = ctx(Profile::Baseline);
    let p = c.create_program().unwrap();
    let v = agal(VS_PLAIN, ProgramKind::Vertex, Version::V1);
    let f = agal(FS_PLAIN, ProgramKind::Fragment, Version::V1);
    assert_err(
        c.program_upload(p, &[], Endian::Little, &f, Endian::Little),
        ErrorClass::ArgumentError,
        3615,
        "Error #3615: AGAL validation failed: Program size below minimum length for  program.",
    );
    assert_err(
        c.program_upload(p, &v, Endian::Big, &f, Endian::Little),
        ErrorClass::ArgumentError,
        3612,
        "Error #3612: Programs must be in little endian format.",
    );
    assert_err(
        c.program_upload(p, &v, Endian::Little, &f, Endian::Big),
        ErrorClass::ArgumentError,
        3612,
        "Error #3612: Programs must be in little endian format.",
    );
    assert_error(
        c.program_upload(p, &v, Endian::Little, &f[..7], Endian::Little),
        3615,
        "Error #3615: AGAL validation failed: Program size below minimum length for fragment program.",
    );
    // AGAL 2 in a baseline profile.
    let v2 = agal(VS_PLAIN, ProgramKind::Vertex, Version::V2);
    let e = c
        .program_upload(p, &v2, Endian::Little, &f, Endian::Little)
        .unwrap_err();
    assert_eq!(e.id, 3725);
    assert!(c.backend().calls.is_empty());
    assert!(c.program_usage(p).is_none());
}

#[test]
fn driver_refusal_is_3614_with_the_log() {
    let mut c = ctx(Profile::Baseline);
    let p = c.create_program().unwrap();
    c.backend_mut().fail_with = Some(BackendError::ShaderCompile {
        stage: ProgramKind::Fragment,
        log: String::from("0:1: error"),
    });
    let v = agal(VS_PLAIN, ProgramKind::Vertex, Version::V1);
    let f = agal(FS_PLAIN, ProgramKind::Fragment, Version::V1);
    assert_error(
        c.program_upload(p, &v, Endian::Little, &f, Endian::Little),
        3614,
        "Error #3614: The native shader compilation failed.enGL specific: 0:1: error",
    );
    assert!(c.program_usage(p).is_none());
}

#[test]
fn upload_decoded_programs() {
    let mut c = ctx(Profile::Baseline);
    let p = c.create_program().unwrap();
    let v = molehill_agal::asm::assemble(VS_PLAIN, ProgramKind::Vertex, Version::V1).unwrap();
    let f = molehill_agal::asm::assemble(FS_PLAIN, ProgramKind::Fragment, Version::V1).unwrap();
    c.program_upload_decoded(p, &v, &f).unwrap();
    assert!(c.program_usage(p).is_some());
    let v2 = molehill_agal::asm::assemble(VS_PLAIN, ProgramKind::Vertex, Version::V2).unwrap();
    assert_eq!(c.program_upload_decoded(p, &v2, &f).unwrap_err().id, 3725);
}

#[test]
fn set_program_accepts_null() {
    let mut c = ctx(Profile::Baseline);
    let p = program(&mut c, VS_PLAIN, FS_PLAIN, Version::V1);
    c.set_program(Some(p)).unwrap();
    c.set_program(None).unwrap();
}

#[test]
fn usage_sees_outputs_and_index_registers() {
    let mut c = ctx(Profile::Standard);
    let p = program(
        &mut c,
        "mov vt0, vc[va3.x+2]\nmov op, vt0\nmov v0, va1",
        "mov oc0, v0\nmov oc1, v0\nmov fd.x, v0.x",
        Version::V2,
    );
    let usage = c.program_usage(p).unwrap();
    assert_eq!(usage.attributes, 0b1010);
    assert_eq!(usage.color_outputs, 0b11);
    assert!(usage.depth_written);
}

#[test]
fn link_errors_come_from_agal_valid() {
    let mut c = ctx(Profile::Baseline);
    let p = c.create_program().unwrap();
    let v = agal("mov op, va0\nmov v0, va0", ProgramKind::Vertex, Version::V1);
    let f = agal("mov oc, v1", ProgramKind::Fragment, Version::V1);
    assert_error(
        c.program_upload(p, &v, Endian::Little, &f, Endian::Little),
        3632,
        "Error #3632: AGAL linkage: Varying 1 is read in the fragment shader but not written to by the vertex shader.",
    );
    assert!(c.backend().calls.is_empty());
    // A fragment program in the vertex slot: the link says so.
    assert_error(
        c.program_upload(p, &f, Endian::Little, &v, Endian::Little),
        3631,
        "Error #3631: Vertex shader type is not vertex.",
    );
}

/// Regression (issue 16): a matrix opcode whose matrix is an attribute reads every row, so
/// `m44 op, va4, va0` uses va0-va3 (the draw-time #3607/#3611 checks read this mask).
#[test]
fn usage_counts_every_row_of_an_attribute_matrix() {
    let mut c = ctx(Profile::Baseline);
    let fs = "mov oc, fc0";
    let p = program(&mut c, "m44 op, va4, va0", fs, Version::V1);
    assert_eq!(c.program_usage(p).unwrap().attributes, 0b1_1111);
    let p = program(
        &mut c,
        "m33 vt0.xyz, va0, va1\nmov vt0.w, va0.w\nmov op, vt0",
        fs,
        Version::V1,
    );
    assert_eq!(c.program_usage(p).unwrap().attributes, 0b1111);
    let p = program(
        &mut c,
        "m34 vt0.xyz, va6, va1\nmov vt0.w, va6.w\nmov op, vt0",
        fs,
        Version::V1,
    );
    assert_eq!(c.program_usage(p).unwrap().attributes, 0b100_1110);
}
